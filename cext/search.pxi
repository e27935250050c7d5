# The goal search: can the declarer force a set of goals and ``need`` more points?
#
# A null-window AND/OR search at trick boundaries (_trick_start), through
# the cards of a trick (_play), scoring each finished trick (_trick_end).
# The table stores bounds on the future points per goal set, so one
# table serves every ``need`` of the same goals.


cdef inline uint32_t _key_bits(Ctx* c, int need, int flags) noexcept nogil:
    """What of the aces, tens and trump seven a goal search's answer can depend on (see _position_key)."""
    cdef uint32_t bits = KEY_POINTS if need > 0 else KEY_ACES if flags & ACES else 0
    if c.seven_kept or flags & (ULTI | SEVEN_NOT_LAST | SEVEN_BEATEN):
        bits |= KEY_SEVEN
    return bits


cdef inline uint32_t _goal_pinned(Ctx* c, int need, int flags) noexcept nogil:
    """The cards whose holders every answer of this goal search depends on (partition search,
    table.pxi): the aces and tens when points are asked, the aces when four aces is, and the
    trump seven (Ctx.seven_pinned) when a goal or R12 watches it."""
    if need > 0:
        return c.point_cards | c.seven_pinned
    if flags & ACES:
        return c.aces | c.seven_pinned
    return c.seven_pinned


cdef bint _trick_start(Ctx* c, int leader, int need, int flags, uint32_t* pins) noexcept nogil:
    """A trick boundary of the goal search, in named steps as DDS's ABsearch reads: the
    question's bounds, positions settled without search (settled.pxi), the table probe, the
    trick's plays, the table store (table.pxi).

    ``pins`` receives the cards whose holders the answer depends on: in a
    trump game the entry written here fixes only those, as in the value
    search (value.pxi, table.pxi); without trumps entries stay exact.
    """
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int available = _units(out, c.point_cards) + 1   # + the last trick (R4)
    cdef int alpha, beta, value, hint = -1, decided = -1
    cdef bint result
    cdef uint32_t used, settled_pins, found = 0
    cdef Entry* bucket
    cdef Trick trick
    cdef Key key
    c.nodes += 1
    # The question's bounds: out of reach, or already met.
    if need > available:
        pins[0] = _goal_pinned(c, need, flags) & out
        _count(c, STAT_BOUNDS)
        return False
    if need < 0:
        need = 0
    if (flags & ACES) and not (out & c.aces):
        flags &= ~ACES           # every ace has fallen, and to him: that goal is met
    used = _goal_pinned(c, need, flags) & out
    if need == 0 and flags == 0:
        pins[0] = used
        _count(c, STAT_BOUNDS)
        return True
    # Settled without search: the sweeps, the ulti, the aces, the trumps' control.
    # Settled pins go to a local first: a store through ``pins`` could alias the hands, and
    # the compiler would read them again after each of the tests' stores.
    settled_pins = used
    if _goal_settled(c, leader, need, flags, out, available, used, &result, &settled_pins):
        pins[0] = settled_pins
        return result
    # The table probe: the window of "can he force need?" is (need - 1, need).
    bucket = _bucket(c, &key, _key_bits(c, need, flags) if c.trump >= 0 else 0, leader, flags, used)
    alpha = need - 1
    beta = need
    if _probe(c, bucket, &key, leader, flags, out, False, &alpha, &beta, &value, &hint, &used):
        pins[0] = used
        return value >= need
    if hint < 0 and (flags & ACES):
        # Four aces alone still gains from the killer lead (-5% nodes); elsewhere it
        # overrode the better order of the history heuristic (_credit_late_cut).
        hint = c.killer[leader][__builtin_popcount(c.hands[0])]
    # The trick's plays.
    result = _play(c, &trick, leader, 0, need, flags, hint, &decided, &found)
    used |= found
    # The table store: a lower bound of need, or an upper bound of need - 1.
    _store(c, bucket, &key, leader, flags, out, used, need if result else need - 1, need - 1, need, decided)
    if decided >= 0 and (flags & ACES):
        c.killer[leader][__builtin_popcount(c.hands[0])] = decided
    pins[0] = used
    return result


cdef bint _play(Ctx* c, Trick* t, int leader, int pos, int need, int flags, int hint,
                int* decided, uint32_t* pins) noexcept nogil:
    """The ``pos``-th card of the trick: OR over the declarer's cards, AND over a defender's.

    At the lead, ``hint`` is tried first and ``decided`` receives the card
    that settled the position (the declarer's success, a defender's refutation).
    ``pins``: the cards the answer depends on (see _trick_start and _compared_pins).
    """
    cdef int player = (leader + pos) % 3
    cdef int moves[12]
    cdef uint32_t compared, found = 0, sub
    cdef int n = _order_moves(c, t, player, pos, _legal_compared(c, t, player, pos, &compared), flags, need > 0,
                              hint, moves)
    cdef int i, card
    cdef bint result = player != 0
    for i in range(n):
        card = moves[i]
        c.hands[player] &= ~_bit(card)
        _place(c, t, pos, card)
        if pos < 2:
            result = _play(c, t, leader, pos + 1, need, flags, -1, NULL, &sub)
        else:
            result = _trick_end(c, t, leader, need, flags, &sub)
        c.hands[player] |= _bit(card)
        found |= sub
        if result == (player == 0):
            if decided != NULL:
                decided[0] = card
            if i > 0:
                _credit_late_cut(c, pos, player, card)
            _count(c, STAT_LATER_CARD_CUT if i > 0 else STAT_FIRST_CARD_CUT)
            break
        result = player != 0
    if compared:
        found |= _compared_pins(c, t, leader, pos, compared, found | _goal_pinned(c, need, flags))
    pins[0] = found
    return result


cdef bint _trick_end(Ctx* c, Trick* t, int leader, int need, int flags, uint32_t* pins) noexcept nogil:
    """R13 and R4: score the finished trick against the goals, then go on to the next.
    A card that won by outranking another of its suit is pinned (see _trick_start)."""
    cdef int win_index = t.winner_at[2]
    cdef int winner = (leader + win_index) % 3
    cdef int won_with = t.card[win_index]
    cdef uint32_t cards = _bit(t.card[0]) | _bit(t.card[1]) | _bit(t.card[2])
    cdef bint last = c.hands[0] == 0
    cdef bint by_declarer = winner == 0
    cdef bint seven_here = c.seven >= 0 and (cards & _bit(c.seven)) != 0
    cdef bint seven_wins = seven_here and won_with == c.seven
    cdef int units = _units(cards, c.point_cards) + (1 if last else 0)
    cdef bint result
    cdef uint32_t found = 0, sub
    if (cards & c.suit_mask[won_with >> 3]) != _bit(won_with):
        found = _with_equals(c, winner, won_with, c.hands[0] | c.hands[1] | c.hands[2] | cards)
    pins[0] = found
    if by_declarer:
        need -= units
        flags &= ~ONE_TRICK
    else:
        if flags & ALL_TRICKS:
            return False
        if (flags & ACES) and (cards & c.aces):
            return False
    if (flags & NO_TRICKS) and by_declarer:
        return False
    if seven_here:
        if flags & ULTI:
            if not (last and seven_wins):
                return False
            flags &= ~ULTI
        if (flags & SEVEN_NOT_LAST) and last and seven_wins:
            return False
        if flags & SEVEN_BEATEN:
            if not last or seven_wins:
                return False
            flags &= ~SEVEN_BEATEN
    if last:
        return need <= 0 and (flags & (ONE_TRICK | SEVEN_BEATEN | ULTI)) == 0
    result = _trick_start(c, winner, need, flags, &sub)
    pins[0] = found | sub
    return result


cdef bint _force_from(Ctx* c, Trick* t, int leader, int played, int need, int flags) noexcept nogil:
    """The goal search from any position: a trick boundary, or ``played`` cards into a trick."""
    cdef uint32_t pins
    c.seven_pinned = _bit(c.seven) if c.seven >= 0 and (c.seven_kept or flags & (ULTI | SEVEN_NOT_LAST | SEVEN_BEATEN)) else 0
    if played == 0:
        return _trick_start(c, leader, need, flags, &pins)
    return _play(c, t, leader, played, need, flags, -1, NULL, &pins)
