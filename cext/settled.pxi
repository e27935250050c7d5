# Positions settled without search: the rest of the game is already decided.
#
# Each test is cheap and sound: when it says so, every line of play from
# here ends the same way for the question asked.  _goal_settled and
# _value_settled (at the end) are the step "settled without search" of the
# two searches' nodes; the tests they run come first.

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


cdef inline bint _trump_control(Ctx* c, int leader, int need, int flags, int available, uint32_t used,
                                bint* result, uint32_t* pins) noexcept nogil:
    """The goal search in a trump game, decided by who controls the trumps (``result``).

    Trumps higher than every trump of the other side win whatever trick
    they fall in.  The defenders' such trumps each take a trick, the trump
    ace among them, and their points: a sweep, four aces or ``need`` can
    be out of reach.  When only points are asked, the declarer's such
    trumps may already make ``need``; with his quick tricks too
    (_cashable_units, when he is on lead), or, with a defender on lead,
    the defenders' cashed top cards and sure trumps leave too little.
    ``pins``: the other side's top trump the comparison read, and the
    cards the quick tricks read.
    """
    cdef uint32_t trumps_d = c.hands[0] & c.suit_mask[c.trump]
    cdef uint32_t trumps_f = (c.hands[1] | c.hands[2]) & c.suit_mask[c.trump]
    cdef uint32_t sure_f = trumps_f & _above(c, _top(trumps_d)) if trumps_d else trumps_f
    cdef uint32_t sure_d, side, more = 0
    cdef int sure, kept
    if sure_f:
        pins[0] = used | (_bit(_top(trumps_d)) if trumps_d else 0)
        if (flags & ALL_TRICKS                             # a defender will take a trick
                or ((flags & ACES) and (sure_f & c.aces))  # the trump ace falls to the defenders
                or need > available - _units(sure_f, c.point_cards)):
            _count(c, STAT_TRUMP_CONTROL)
            result[0] = False
            return True
    if flags != 0:
        return False
    sure_d = (trumps_d & _above(c, _top(trumps_f)) if trumps_f else trumps_d) if trumps_d else 0
    sure = _units(sure_d, c.point_cards)
    pins[0] = used | (_bit(_top(trumps_f)) if trumps_f and trumps_d else 0)
    if need <= sure:
        _count(c, STAT_TRUMP_CONTROL)
        result[0] = True
        return True
    side = ~c.suit_mask[c.trump]
    if leader == 0:
        # His quick tricks can only help if his side-suit points could make up the rest.
        if need <= sure + _units(c.hands[0] & side, c.point_cards) and need <= sure + _cashable_units(c, 0, &more):
            pins[0] |= more
            _count(c, STAT_QUICK_TRICKS)
            result[0] = True
            return True
    else:
        kept = available - _units(sure_f, c.point_cards)
        if need > kept - _units(c.hands[leader] & side, c.point_cards) and \
                need > kept - _cashable_units(c, leader, &more):
            # the defender on lead cashes his top cards, and their trumps win
            pins[0] = used | more | (_bit(_top(trumps_d)) if trumps_d and sure_f else 0)
            _count(c, STAT_QUICK_TRICKS)
            result[0] = False
            return True
    return False


cdef inline bint _settled_as(Ctx* c, bint answer, bint* result) noexcept nogil:
    """A goal search's position settled as ``answer``: counted, and given as the result."""
    _count(c, STAT_SETTLED)
    result[0] = answer
    return True


cdef inline bint _goal_settled(Ctx* c, int leader, int need, int flags, uint32_t out, int available,
                               uint32_t used, bint* result, uint32_t* pins) noexcept nogil:
    """Step "settled without search" of the goal search: True and ``result`` when one of the
    tests above decides (``need`` is in reach, 0 or more, and something is still asked).

    ``pins`` holds ``used`` (the cards the question itself pins) and receives with it the
    cards the deciding test read.
    """
    cdef uint32_t found = 0
    if (flags & ULTI) and not (c.hands[0] & _bit(c.seven)):
        return _settled_as(c, False, result)
    if (flags & ULTI) and _ulti_settled(c, leader, need, flags, result):
        return _settled_as(c, result[0], result)
    if flags == NO_TRICKS and c.trump < 0 and _declarer_ducks_the_rest(c, leader):
        return _settled_as(c, True, result)     # (no trump: the entries above it are exact)
    if (flags & (NO_TRICKS | SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0 and _defenders_take_the_rest(c, leader, &found):
        # No trick, no point and no ace left for him: only a goal already met survives.
        pins[0] = used | found
        return _settled_as(c, need <= 0 and (flags & (ALL_TRICKS | ONE_TRICK)) == 0
                           and not ((flags & ACES) and (out & c.aces)), result)
    if _declarer_takes_the_rest(c, leader, &found):
        pins[0] = used | found
        if flags & NO_TRICKS:
            return _settled_as(c, False, result)
        if (flags & (SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0:
            return _settled_as(c, True, result)  # every point and goal left is his (need <= available)
        pins[0] = used
    if (flags & ALL_TRICKS) and leader == 0 and _declarer_must_lose_a_lead(c, &found):
        pins[0] = used | found
        return _settled_as(c, False, result)
    if (flags & ACES) and leader != 0 and _leads_a_sure_ace(c, leader):
        return _settled_as(c, False, result)
    if flags == ACES and need <= 0 and _declarer_cashes_the_aces(c, leader, &found):
        pins[0] = used | found
        return _settled_as(c, True, result)
    return c.trump >= 0 and _trump_control(c, leader, need, flags, available, used, result, pins)


cdef int _value_settled(Ctx* c, int leader, int past, int* value, uint32_t* pins) noexcept nogil:
    """Step "settled without search" of the value search: 1 and ``value`` when the rest of the
    game is forced (or a forced line is already best).

    The declarer sweeps: every point and ace left is his and the defenders
    take nothing more; the trump seven, if still out, is his and can be
    kept for the tenth trick, which he takes whenever that is his best.
    The defenders sweep, with no trump seven left to decide: the declarer
    adds nothing, and the aces still out are lost.  ``pins``: the cards
    whose rank the answer read.
    """
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int more = _units(out, c.point_cards) + 1
    cdef bint seven_out = c.seven >= 0 and (out & _bit(c.seven)) != 0
    cdef int kept, spent
    if _declarer_takes_the_rest(c, leader, pins):
        if not seven_out:
            value[0] = _final_value(c, past, more, True, False, False, 0)
            _count(c, STAT_SETTLED)
            return 1
        kept = _final_value(c, past, more, True, False, False, 1)
        spent = _final_value(c, past, more, True, False, False, 0)
        if kept >= spent:
            value[0] = kept
            _count(c, STAT_SETTLED)
            return 1
        return 0
    if not seven_out and _defenders_take_the_rest(c, leader, pins):
        value[0] = _final_value(c, past, 0, False, True, (out & c.aces) != 0, 0)
        _count(c, STAT_SETTLED)
        return 1
    return 0
