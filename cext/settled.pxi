# Positions settled without search: the rest of the game is already decided.
#
# Each test is cheap and sound: when it says so, every line of play from
# here ends the same way for the question asked.

cdef inline bint _ulti_settled(Ctx* c, int leader, int need, int flags, bint* result) noexcept nogil:
    """Ulti decided without search (R19), given the seven is still the declarer's.

    Lost when a defender holds nothing but trumps: he still has one in the
    last trick, and any trump beats the seven.  Won (if nothing else is
    asked) when the defenders have no trump left and the declarer cannot
    be forced to spend the seven early: every trick he must trump he wins,
    and he can only be made to trump after losing a trick with a plain
    card or with a defender on lead now, so other trumps at least that
    many keep the seven for the tenth trick (R10, R12).
    """
    cdef uint32_t trumps = c.suit_mask[c.trump]
    cdef uint32_t seven = _bit(c.seven)
    cdef int other_trumps, plain
    if (c.hands[1] and (c.hands[1] & ~trumps) == 0) or (c.hands[2] and (c.hands[2] & ~trumps) == 0):
        result[0] = False
        return True
    if (c.hands[1] | c.hands[2]) & trumps:
        return False
    if need > 0 or flags != ULTI:
        return False
    other_trumps = __builtin_popcount(c.hands[0] & trumps & ~seven)
    plain = __builtin_popcount(c.hands[0] & ~trumps)
    if other_trumps >= plain + (1 if leader != 0 else 0):
        result[0] = True
        return True
    return False


cdef inline bint _declarer_takes_the_rest(Ctx* c, int leader, uint32_t* pins) noexcept nogil:
    """Whether the declarer surely wins every trick still to play.

    So when the defenders have no trump and either he holds nothing but
    trumps, or he is on lead and each of his cards beats every defender's
    card of its suit (led top down, each wins and keeps him on lead).  The
    trump seven, if his, can be kept for the last trick (R12 allows it).
    ``pins`` receives the cards whose rank the answer read (partition
    search, table.pxi): his lowest card of each suit both sides hold.
    """
    cdef uint32_t dec = c.hands[0], defenders = c.hands[1] | c.hands[2]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    cdef uint32_t mine, theirs, read = 0
    cdef int s, low
    if defenders & trumps:
        return False
    if trumps and (dec & ~trumps) == 0:
        pins[0] = 0
        return True
    if leader != 0:
        return False
    for s in range(4):
        mine = dec & c.suit_mask[s]
        theirs = defenders & c.suit_mask[s]
        if mine and theirs:
            low = __builtin_ctz(mine)
            if theirs & _above(c, low):
                return False
            read |= _bit(low)
    pins[0] = read
    return True


cdef inline bint _declarer_below(Ctx* c, uint32_t* pins) noexcept nogil:
    """Whether each of the declarer's cards is below every defender's card of its suit
    (``pins``: the defenders' lowest card of each suit both sides hold)."""
    cdef uint32_t dec = c.hands[0], defenders = c.hands[1] | c.hands[2]
    cdef uint32_t mine, theirs, read = 0
    cdef int s, low
    for s in range(4):
        mine = dec & c.suit_mask[s]
        theirs = defenders & c.suit_mask[s]
        if mine and theirs:
            low = __builtin_ctz(theirs)
            if low < _top(mine):
                return False
            read |= _bit(low)
    pins[0] = read
    return True


cdef inline uint32_t _suits_of(Ctx* c, uint32_t cards) noexcept nogil:
    """The suit masks of every suit ``cards`` has a card in."""
    cdef uint32_t suits = 0
    cdef int s
    for s in range(4):
        if cards & c.suit_mask[s]:
            suits |= c.suit_mask[s]
    return suits


cdef inline bint _declarer_ducks_the_rest(Ctx* c, int leader) noexcept nogil:
    """Whether, without trumps, the declarer surely loses every trick still to play (R23).

    So when each of his cards is below every defender's card of its suit:
    a defender's lead beats whatever he follows with, and if he is on lead
    now he leads into a suit the defenders hold, where R11 makes one of
    them beat him.  After that the defenders lead every trick.
    """
    cdef uint32_t pins
    if not _declarer_below(c, &pins):
        return False
    return leader != 0 or (c.hands[0] & _suits_of(c, c.hands[1] | c.hands[2])) != 0


cdef inline bint _defenders_take_the_rest(Ctx* c, int leader, uint32_t* pins) noexcept nogil:
    """Whether the declarer surely loses every trick still to play, try as he may.

    So when he has no trump and each of his cards is below every
    defender's card of its suit: whatever a defender leads, he cannot
    beat or ruff it.  If he is on lead now, every lead he has must lose
    too: the defenders hold that suit (R11 makes one of them beat him) or
    a trump (a void defender must ruff, R10).  ``pins``: the cards whose
    rank the answer read (see _declarer_below).
    """
    cdef uint32_t defenders = c.hands[1] | c.hands[2]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    if (c.hands[0] & trumps) or not _declarer_below(c, pins):
        return False
    if leader != 0 or (defenders & trumps):
        return True
    return (c.hands[0] & ~_suits_of(c, defenders)) == 0


cdef inline bint _leads_a_sure_ace(Ctx* c, int leader) noexcept nogil:
    """Whether the defender on lead holds an ace that wins when led (R20 is then lost).

    A led ace is the top card of its suit; only a ruff beats it, and the
    declarer cannot ruff while he holds that suit or no trump at all.
    """
    cdef uint32_t aces = c.hands[leader] & c.aces
    cdef uint32_t dec = c.hands[0]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    cdef int ace
    while aces:
        ace = __builtin_ctz(aces)
        aces &= aces - 1
        if (dec & c.suit_mask[ace >> 3]) or not (dec & trumps):
            return True
    return False


cdef inline bint _declarer_cashes_the_aces(Ctx* c, int leader, uint32_t* pins) noexcept nogil:
    """Whether the declarer, on lead with every ace still out, surely takes them all (R20).

    He leads his aces one by one.  An ace led is the top card of its suit,
    so it wins unless a defender void in the suit ruffs it (R10); a
    defender who holds the suit must follow, and one who holds no trump
    cannot ruff.  So if each defender holds every one of his ace suits or
    no trump, every ace wins and keeps him on lead: leading a suit only
    uses up cards of that suit, and a defender discards only when he has
    no trump left to ruff with.  Or he first draws the defenders' trumps:
    if he holds as many trumps above all of theirs as the longer of their
    trump holdings, each wins and keeps him on lead (R9, R11), and after
    them no defender can ruff an ace (the trump ace, if his, is among them).
    ``pins``: the defenders' top trump when his trumps above it decided.
    """
    cdef uint32_t dec = c.hands[0]
    cdef uint32_t out = dec | c.hands[1] | c.hands[2]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    cdef uint32_t aces = dec & c.aces & ~trumps
    cdef uint32_t theirs = (c.hands[1] | c.hands[2]) & trumps
    cdef uint32_t suit
    cdef int ace, d
    pins[0] = 0
    if leader != 0 or (out & c.aces & ~dec):
        return False
    if theirs and __builtin_popcount(dec & trumps & _above(c, _top(theirs))) >= max(
            __builtin_popcount(c.hands[1] & trumps), __builtin_popcount(c.hands[2] & trumps)):
        pins[0] = _bit(_top(theirs))
        return True   # he draws their trumps with higher ones first; then no ace of his can be ruffed
    while aces:
        ace = __builtin_ctz(aces)
        aces &= aces - 1
        suit = c.suit_mask[ace >> 3]
        for d in range(1, 3):
            if not (c.hands[d] & suit) and (c.hands[d] & trumps):
                return False
    return True


cdef inline bint _declarer_must_lose_a_lead(Ctx* c, uint32_t* pins) noexcept nogil:
    """Whether the declarer, on lead and to take every trick (R21, R27), cannot.

    So when, in some suit he holds, a defender holds a card above all of
    his.  Taking every trick, he leads every trick, so each of his cards
    is led in turn; one of that suit led below the defender's card loses
    (R11 makes the defender beat it).  The defender never has to part with
    that card first: he plays it only to a lead of its suit, or as his
    last card, and keeps it otherwise.  ``pins``: that card.
    """
    cdef uint32_t dec = c.hands[0], defenders = c.hands[1] | c.hands[2]
    cdef uint32_t mine, theirs
    cdef int s
    for s in range(4):
        mine = dec & c.suit_mask[s]
        theirs = defenders & c.suit_mask[s]
        if mine and theirs and _top(theirs) > _top(mine):
            pins[0] = _bit(_top(theirs))
            return True
    return False


cdef inline int _cashable_units(Ctx* c, int leader, uint32_t* pins) noexcept nogil:
    """Units the player on lead surely takes by leading his top side-suit cards (quick tricks).

    In a side suit, his cards above every other player's card of it win
    when led and keep him on lead: the others must follow (R9) and cannot
    beat them, not even his partner, unless a player with trumps has run
    out of the suit and must ruff (R10), partner or not.  So he can cash
    as many as the shortest holding in the suit among the players who hold
    a trump (all of them if none does).  Leading one suit uses up only
    that suit's cards, and a player discards only when he has no trump,
    so the suits do not spoil each other.  Only the led cards' own points
    are counted.  ``pins``: the highest card of each such suit below his run.
    """
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    cdef uint32_t mine = c.hands[leader], theirs, run, suit
    cdef int s, d, safe, held, top_card, units = 0
    cdef uint32_t read = 0
    for s in range(4):
        if s == c.trump:
            continue
        suit = c.suit_mask[s]
        theirs = (c.hands[0] | c.hands[1] | c.hands[2]) & ~mine & suit   # a partner must overtake too (R11)
        run = mine & suit & _above(c, _top(theirs)) if theirs else mine & suit
        if not run:
            continue
        if theirs:
            read |= _bit(_top(theirs))
        safe = __builtin_popcount(run)
        for d in range(3):
            if d == leader:
                continue
            if c.hands[d] & trumps:   # he would ruff once out of the suit: an opponent, or a partner taking the lead
                held = __builtin_popcount(c.hands[d] & suit)
                if held < safe:
                    safe = held
        while safe > 0 and run:  # the top ``safe`` cards of the run, highest first
            top_card = _top(run)
            units += (c.point_cards >> top_card) & 1
            run &= ~_bit(top_card)
            safe -= 1
    pins[0] = read
    return units
