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
    """A trick boundary: cut-offs, the transposition table, then the trick's plays.

    ``pins`` receives the cards whose holders the answer depends on: in a
    trump game the entry written here fixes only those, as in the value
    search (value.pxi, table.pxi); without trumps entries stay exact.
    """
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int available = _units(out, c.point_cards) + 1   # + the last trick (R4)
    cdef Entry* bucket
    cdef Entry* e
    cdef bint result
    cdef int hint = -1, decided = -1, i
    cdef uint32_t trumps_d, trumps_f, sure_f, sure_d, side, used, found = 0, more = 0
    cdef int sure, kept
    cdef Trick trick
    cdef Key key
    c.nodes += 1
    used = _goal_pinned(c, need, flags) & out
    if need > available:
        pins[0] = used
        return False
    if need < 0:
        need = 0
    if (flags & ACES) and not (out & c.aces):
        flags &= ~ACES           # every ace has fallen, and to him: that goal is met
    used = _goal_pinned(c, need, flags) & out
    pins[0] = used
    if need == 0 and flags == 0:
        return True
    if (flags & ULTI) and not (c.hands[0] & _bit(c.seven)):
        return False
    if (flags & ULTI) and _ulti_settled(c, leader, need, flags, &result):
        return result
    if flags == NO_TRICKS and c.trump < 0 and _declarer_ducks_the_rest(c, leader):
        return True             # (no trump: the entries above it are exact)
    if (flags & (NO_TRICKS | SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0 and _defenders_take_the_rest(c, leader, &found):
        # No trick, no point and no ace left for him: only a goal already met survives.
        pins[0] = used | found
        return (need <= 0 and (flags & (ALL_TRICKS | ONE_TRICK)) == 0
                and not ((flags & ACES) and (out & c.aces)))
    if _declarer_takes_the_rest(c, leader, &found):
        pins[0] = used | found
        if flags & NO_TRICKS:
            return False
        if (flags & (SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0:
            return True          # every point and goal left is his (need <= available above)
        pins[0] = used
    if (flags & ALL_TRICKS) and leader == 0 and _declarer_must_lose_a_lead(c, &found):
        pins[0] = used | found
        return False
    if (flags & ACES) and leader != 0 and _leads_a_sure_ace(c, leader):
        return False
    if flags == ACES and need <= 0 and _declarer_cashes_the_aces(c, leader, &found):
        pins[0] = used | found
        return True
    if c.trump >= 0:
        # Trumps higher than every trump of the other side win whatever trick they fall in.
        trumps_d = c.hands[0] & c.suit_mask[c.trump]
        trumps_f = (c.hands[1] | c.hands[2]) & c.suit_mask[c.trump]
        sure_f = trumps_f & _above(c, _top(trumps_d)) if trumps_d else trumps_f
        if sure_f:
            pins[0] = used | (_bit(_top(trumps_d)) if trumps_d else 0)
            if flags & ALL_TRICKS:
                return False                       # a defender will take a trick
            if (flags & ACES) and (sure_f & c.aces):
                return False                       # the trump ace falls to the defenders
            if need > available - _units(sure_f, c.point_cards):
                return False
        if flags == 0:
            sure_d = (trumps_d & _above(c, _top(trumps_f)) if trumps_f else trumps_d) if trumps_d else 0
            sure = _units(sure_d, c.point_cards)
            pins[0] = used | (_bit(_top(trumps_f)) if trumps_f and trumps_d else 0)
            if need <= sure:
                return True
            side = ~c.suit_mask[c.trump]
            if leader == 0:
                # His quick tricks can only help if his side-suit points could make up the rest.
                if need <= sure + _units(c.hands[0] & side, c.point_cards) and \
                        need <= sure + _cashable_units(c, 0, &more):
                    pins[0] |= more
                    return True
            else:
                kept = available - _units(sure_f, c.point_cards)
                if need > kept - _units(c.hands[leader] & side, c.point_cards) and \
                        need > kept - _cashable_units(c, leader, &more):
                    # the defender on lead cashes his top cards, and their trumps win
                    pins[0] = used | more | (_bit(_top(trumps_d)) if trumps_d and sure_f else 0)
                    return False
    _position_key(c, &key, _key_bits(c, need, flags) if c.trump >= 0 else 0)
    if c.trump >= 0:
        bucket = &c.table[_partition_hash(c, &key, leader, flags, used) * TT_WAYS]
    else:
        bucket = &c.table[_exact_hash(&key, leader, flags) * TT_WAYS]
    for i in range(TT_WAYS):
        e = &bucket[i]
        if _entry_fits(c, e, &key, leader, flags):
            if e.lower >= need or e.upper < need:
                pins[0] = used | _ranks_held(out, e.mask)
                return e.lower >= need
            if hint < 0:
                hint = e.move
    if hint < 0 and (flags & ACES):
        # Four aces alone still gains from the killer lead (-5% nodes); elsewhere it
        # overrode the better order of the history heuristic (_credit_late_cut).
        hint = c.killer[leader][__builtin_popcount(c.hands[0])]
    found = 0
    result = _play(c, &trick, leader, 0, need, flags, hint, &decided, &found)
    used |= found
    # Found again: the entry may have been replaced meanwhile.
    e = _slot(c, bucket, &key, leader, flags, _pinned_ranks(c, out, used) if c.trump >= 0 else EVERY_RANK)
    if result:
        if need > e.lower:
            e.lower = <int16_t>need
    elif need - 1 < e.upper:
        e.upper = <int16_t>(need - 1)
    if decided >= 0:
        e.move = <int8_t>decided
        if flags & ACES:
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
