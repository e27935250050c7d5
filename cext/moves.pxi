# Move generation (R9-R13) and move ordering.

# Move-ordering weights: a card's score is its class plus small adjustments;
# higher is tried first.  Only the order depends on them, never an answer.
cdef enum:
    W_HINT = 1 << 24        # the lead that decided this position last time (table, or killer in four aces)
    LEAD_HISTORY_CAP = 1 << 20  # a lead's history credit at most: below W_HINT, and no overflow
    FOLLOW_HISTORY_CAP = 40     # a follow's: a nudge inside its class of the static order
    W_WIN = 200             # a card that takes the trick for our side, or a top card led
    W_TOWARD_PARTNER = 150  # a low lead toward a partner's top card; a card kept back from a sure overtake
    W_LOSE = 100            # a card that gives the trick away
    W_RUFFABLE = 120        # taken off a top card led into an opponent who may ruff it
    W_SMEAR = 30            # points thrown onto our side's trick (or kept off theirs)
    W_SMEAR_LAST = 20       # a point card that wins the trick as its last card


cdef inline uint32_t _above(Ctx* c, int card) noexcept nogil:
    """The cards of ``card``'s suit that beat it."""
    return c.suit_mask[card >> 3] & ~((<uint32_t>2 << card) - 1)


cdef inline bint _beats(Ctx* c, int card, int best) noexcept nogil:
    """R13: does ``card`` beat ``best``, the card winning so far?"""
    if (card >> 3) == (best >> 3):
        return card > best
    return (card >> 3) == c.trump


cdef inline uint32_t _legal_compared(Ctx* c, Trick* t, int player, int pos, uint32_t* compared) noexcept nogil:
    """R9-R12: the cards ``player`` may play as the ``pos``-th card of the trick.

    ``compared`` receives the cards of his whose legality R11 decided by
    comparing them with the card winning the trick so far: his cards of
    the led suit when nobody trumped, or his trumps when he must trump a
    trick a trump is winning; none if fewer than two (a single card is
    legal whatever the comparison says).  The value search pins the
    winning card when it matters (value.pxi).
    """
    cdef uint32_t hand = c.hands[player]
    cdef uint32_t allowed, follow, trumps, higher
    cdef int led, best
    compared[0] = 0
    if pos == 0:
        allowed = hand
    else:
        led = t.card[0] >> 3
        best = t.card[t.winner_at[pos - 1]]
        follow = hand & c.suit_mask[led]
        if follow:                                   # R9
            if (best >> 3) != led:
                allowed = follow                     # R11: someone trumped; any card of the suit
            else:
                higher = follow & _above(c, best)    # R11: beat the highest of the suit
                allowed = higher if higher else follow
                if follow & (follow - 1):
                    compared[0] = follow
        elif c.trump >= 0 and (hand & c.suit_mask[c.trump]):
            trumps = hand & c.suit_mask[c.trump]     # R10
            if (best >> 3) == c.trump:
                higher = trumps & _above(c, best)    # R11: beat the highest trump
                allowed = higher if higher else trumps
                if trumps & (trumps - 1):
                    compared[0] = trumps
            else:
                allowed = trumps
        else:
            allowed = hand                           # R10: any card
    if c.seven_kept and player == 0 and (allowed & _bit(c.seven)):
        if hand & c.suit_mask[c.trump] & ~_bit(c.seven):
            allowed &= ~_bit(c.seven)                # R12
    return allowed


cdef uint32_t _legal(Ctx* c, Trick* t, int player, int pos) noexcept nogil:
    """R9-R12: the cards ``player`` may play as the ``pos``-th card of the trick."""
    cdef uint32_t compared
    return _legal_compared(c, t, player, pos, &compared)


cdef inline void _place(Ctx* c, Trick* t, int pos, int card) noexcept nogil:
    """Record ``card`` as the ``pos``-th card of the trick and who is winning it (R13)."""
    t.card[pos] = card
    if pos == 0:
        t.winner_at[0] = 0
    elif _beats(c, card, t.card[t.winner_at[pos - 1]]):
        t.winner_at[pos] = pos
    else:
        t.winner_at[pos] = t.winner_at[pos - 1]


cdef inline bint _ruffable(Ctx* c, uint32_t opponents_hands, uint32_t suit_cards) noexcept nogil:
    """Whether an opponent (one mask per side here) may be void in the suit and hold a trump."""
    return (opponents_hands & c.suit_mask[c.trump]) != 0 and (opponents_hands & suit_cards) == 0


cdef inline bint _can_beat(Ctx* c, uint32_t hand, int led, int best) noexcept nogil:
    """Whether ``hand``, playing to a trick led in ``led`` and won so far by ``best``, may beat it."""
    cdef uint32_t follow = hand & c.suit_mask[led]
    cdef uint32_t trumps
    if follow:
        return (best >> 3) == led and (follow & _above(c, best)) != 0
    if c.trump < 0:
        return False
    trumps = hand & c.suit_mask[c.trump]
    if not trumps:
        return False
    return (best >> 3) != c.trump or (trumps & _above(c, best)) != 0


cdef struct Scorer:
    # What every card's score shares in one call of _order_moves, worked out once per call
    # rather than once per card (the C compiler cannot hoist loads from the context past the
    # stores into the move list).  Leads: per suit, the score of its top card still out
    # and of a lower card, before the card's rank.  Follows: the trick so far.
    int top[4]
    int lower[4]
    int best                # follows: the card winning the trick so far, and its led suit
    int led
    bint mine_if_won        # our side takes the trick if this card wins it / if it does not
    bint mine_if_not
    bint opponent_next      # second to play, and the last player is an opponent ...
    uint32_t next_hand      # ... with this hand
    bint next_beats_best    # ... who can beat the card winning so far


cdef inline void _prepare_leads(Ctx* c, Scorer* k, int player, uint32_t legal, uint32_t live) noexcept nogil:
    """The suit parts of _lead_score: the top card still out in its suit first (it wins
    unless an opponent void in the suit ruffs it), then low cards, toward a partner's top
    card first."""
    cdef uint32_t defenders = c.hands[1] | c.hands[2]
    cdef bint declarer_side = player == 0
    cdef uint32_t opponents = defenders if declarer_side else c.hands[0]
    cdef uint32_t partner = 0 if declarer_side else defenders & ~c.hands[player]
    cdef uint32_t suit_cards, theirs
    cdef int s
    for s in range(4):
        suit_cards = c.suit_mask[s]
        if not (legal & suit_cards):
            continue
        k.top[s] = W_WIN
        if c.trump >= 0 and s != c.trump and _ruffable(c, opponents, suit_cards):
            k.top[s] = W_WIN - W_RUFFABLE
        theirs = partner & suit_cards
        k.lower[s] = W_TOWARD_PARTNER if theirs and not (live & ~partner & _above(c, _top(theirs))) else W_LOSE


cdef inline int _lead_score(Ctx* c, Scorer* k, int player, int card, bint top, bint betli) noexcept nogil:
    """How promising a lead is (see _order_moves); ``top``: no card still out beats it."""
    cdef uint32_t suit_cards
    cdef int score
    if betli:
        if player == 0:
            # A lead loses when a defender holds a higher card of the suit (R11 makes him beat it).
            return (W_WIN if (c.hands[1] | c.hands[2]) & _above(c, card) else W_LOSE) - (card & 7)
        # Lead low into a suit the declarer holds: R11 makes him beat it if he can.
        suit_cards = c.suit_mask[card >> 3]
        score = (W_WIN if c.hands[0] & suit_cards else W_LOSE) - (card & 7)
        if c.hands[0] & _above(c, card) and not (c.hands[0] & suit_cards & ~_above(c, card)):
            score += W_LOSE   # every card he has in the suit is higher
        return score
    if top:
        return k.top[card >> 3] + (card & 7)
    return k.lower[card >> 3] - (card & 7)


cdef inline void _prepare_follows(Ctx* c, Trick* t, Scorer* k, int player, int pos, bint betli) noexcept nogil:
    """The trick's part of _follow_score: who wins it so far, and whether the last player,
    an opponent, could still take it."""
    cdef int best_index = t.winner_at[pos - 1]
    cdef bint declarer_side = player == 0
    cdef int best_seat = (player + 3 - pos + best_index) % 3
    k.best = t.card[best_index]
    k.led = t.card[0] >> 3
    # A card that wins the trick wins it for the player's own side.
    k.mine_if_won = not betli
    k.mine_if_not = ((best_seat == 0) == declarer_side) != betli
    k.opponent_next = pos == 1 and not betli and ((player + 1) % 3 == 0) != declarer_side
    if k.opponent_next:
        k.next_hand = c.hands[(player + 1) % 3]
        k.next_beats_best = _can_beat(c, k.next_hand, k.led, k.best)


cdef inline int _follow_score(Ctx* c, Scorer* k, int pos, int card) noexcept nogil:
    """How promising a card is when following to a trick (see _order_moves)."""
    cdef bint wins = _beats(c, card, k.best)
    cdef bint mine = k.mine_if_won if wins else k.mine_if_not
    cdef int points = W_SMEAR if (c.point_cards & _bit(card)) else 0
    if mine and k.opponent_next and (_can_beat(c, k.next_hand, k.led, card) if wins else k.next_beats_best):
        # The last player, an opponent, can take it anyway: keep high cards and points.
        return W_TOWARD_PARTNER - (card & 7) - points
    if mine:
        # Our side takes the trick so far: win low, or smear points on a partner's card.
        if wins:
            return W_WIN - (card & 7) + (W_SMEAR_LAST if points and pos == 2 else 0)
        return W_WIN + points - (card & 7)
    return W_LOSE - (card & 7) - points


cdef inline int* _history(Ctx* c, int pos, int player, int card) noexcept nogil:
    """The history credit of ``card`` played ``pos``-th to a trick by ``player``."""
    return &c.history[(pos * 3 + player) * 32 + card]


cdef inline void _credit_late_cut(Ctx* c, int pos, int player, int card) noexcept nogil:
    """The history heuristic: ``card``, the ``pos``-th of its trick, decided a position
    after a card ordered before it failed, so ``player`` tries it earlier from now on.

    The credit grows with the square of the tricks left (a cut-off high in the
    tree saves the most).  At the lead it soon outweighs the static order of
    _lead_score (but never the hint); following, where the static order
    already cuts at the first card 97-98% of the time, it is capped to a
    nudge that reorders cards only within a class of _follow_score.  On the
    bench's sets, against the static order with a killer lead: 40-100 biased
    and the whole 40-100 ulti 0.2-0.3x the nodes, party, exact points, ulti,
    20-100 and betli 0.5-0.8x, the value search 0.5-0.85x.  It replaced the
    killer lead per leader and tricks left, which overrode it (40-100 biased:
    4x the nodes with both), except in four aces searches, where the killer
    still helps.
    """
    cdef int tricks = __builtin_popcount(c.hands[0]) + 1
    cdef int cap = LEAD_HISTORY_CAP if pos == 0 else FOLLOW_HISTORY_CAP
    cdef int* credit = _history(c, pos, player, card)
    credit[0] += (16 if pos == 0 else 1) * tricks * tricks
    if credit[0] > cap:
        credit[0] = cap


cdef inline int _order_moves(Ctx* c, Trick* t, int player, int pos, uint32_t legal, int flags,
                             bint points_matter, int hint, int* moves) noexcept nogil:
    """Fill ``moves`` with one card per class of equivalent cards, the likeliest best first.

    Two cards of one hand and suit are equivalent when no card still out
    lies between them and they score alike (``plain``: the aces differ
    when four aces are asked, the trump seven when it is watched): playing either
    leaves the same game up to renaming; once points no longer matter they
    no longer tell cards apart.  The order is a heuristic only: ``hint``
    (the lead that decided this position before) first, then win a trick
    cheaply, smear points onto a partner's trick, lose cheaply; in betli
    every side wants the other to take the trick; plus each card's history
    credit (_credit_late_cut).
    """
    cdef uint32_t live = c.hands[0] | c.hands[1] | c.hands[2]
    cdef uint32_t rest = legal
    cdef int n = 0, card, i, j, score, key
    cdef int scores[12]
    cdef uint32_t above, nxt
    cdef Scorer k
    cdef bint betli = (flags & NO_TRICKS) != 0
    cdef uint32_t plain = 0xFFFFFFFF   # cards that may stand in for a touching card
    if (legal & (legal - 1)) == 0:  # one card: nothing to order
        moves[0] = __builtin_ctz(legal)
        return 1
    if flags & ACES:
        plain &= ~c.aces
    if c.seven >= 0 and (c.seven_kept or (flags & (ULTI | SEVEN_NOT_LAST | SEVEN_BEATEN))):
        plain &= ~_bit(c.seven)
    for i in range(pos):
        live |= _bit(t.card[i])
    if pos == 0:
        if not betli:
            _prepare_leads(c, &k, player, legal, live)
    else:
        _prepare_follows(c, t, &k, player, pos, betli)
    while rest:
        card = __builtin_ctz(rest)
        rest &= rest - 1
        # Skip a card whose touching higher card is in the same hand, plays alike and is legal.
        above = live & _above(c, card)
        if above:
            nxt = above & (~above + 1)
            if (nxt & legal) and (plain & _bit(card)) and (plain & nxt) and (not points_matter or (
                    ((c.point_cards & _bit(card)) != 0) == ((c.point_cards & nxt) != 0))):
                continue
        if pos == 0:
            score = _lead_score(c, &k, player, card, above == 0, betli)
        else:
            score = _follow_score(c, &k, pos, card)
        score += _history(c, pos, player, card)[0]
        if card == hint:
            score += W_HINT
        moves[n] = card
        scores[n] = score
        n += 1
    # Insertion sort, highest score first.
    for i in range(1, n):
        key = scores[i]
        card = moves[i]
        j = i - 1
        while j >= 0 and scores[j] < key:
            scores[j + 1] = scores[j]
            moves[j + 1] = moves[j]
            j -= 1
        scores[j + 1] = key
        moves[j + 1] = card
    return n
