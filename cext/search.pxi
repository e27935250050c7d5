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


cdef bint _trick_start(Ctx* c, int leader, int need, int flags) noexcept nogil:
    """A trick boundary: cut-offs, the transposition table, then the trick's plays."""
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int available = _units(out, c.point_cards) + 1   # + the last trick (R4)
    cdef Entry* bucket
    cdef Entry* e
    cdef bint result
    cdef int hint = -1, decided = -1, i
    cdef uint32_t trumps_d, trumps_f, sure_f, sure_d, side, unused
    cdef int sure, kept
    cdef Trick trick
    cdef Key key
    c.nodes += 1
    if need > available:
        return False
    if need < 0:
        need = 0
    if (flags & ACES) and not (out & c.aces):
        flags &= ~ACES           # every ace has fallen, and to him: that goal is met
    if need == 0 and flags == 0:
        return True
    if (flags & ULTI) and not (c.hands[0] & _bit(c.seven)):
        return False
    if (flags & ULTI) and _ulti_settled(c, leader, need, flags, &result):
        return result
    if flags == NO_TRICKS and c.trump < 0 and _declarer_ducks_the_rest(c, leader):
        return True
    if (flags & (NO_TRICKS | SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0 and _defenders_take_the_rest(c, leader, &unused):
        # No trick, no point and no ace left for him: only a goal already met survives.
        return (need <= 0 and (flags & (ALL_TRICKS | ONE_TRICK)) == 0
                and not ((flags & ACES) and (out & c.aces)))
    if _declarer_takes_the_rest(c, leader, &unused):
        if flags & NO_TRICKS:
            return False
        if (flags & (SEVEN_NOT_LAST | SEVEN_BEATEN)) == 0:
            return True          # every point and goal left is his (need <= available above)
    if (flags & ALL_TRICKS) and leader == 0 and _declarer_must_lose_a_lead(c):
        return False
    if (flags & ACES) and leader != 0 and _leads_a_sure_ace(c, leader):
        return False
    if flags == ACES and need <= 0 and _declarer_cashes_the_aces(c, leader):
        return True
    if c.trump >= 0:
        # Trumps higher than every trump of the other side win whatever trick they fall in.
        trumps_d = c.hands[0] & c.suit_mask[c.trump]
        trumps_f = (c.hands[1] | c.hands[2]) & c.suit_mask[c.trump]
        sure_f = trumps_f & _above(c, _top(trumps_d)) if trumps_d else trumps_f
        if sure_f:
            if flags & ALL_TRICKS:
                return False                       # a defender will take a trick
            if (flags & ACES) and (sure_f & c.aces):
                return False                       # the trump ace falls to the defenders
            if need > available - _units(sure_f, c.point_cards):
                return False
        if flags == 0:
            sure_d = (trumps_d & _above(c, _top(trumps_f)) if trumps_f else trumps_d) if trumps_d else 0
            sure = _units(sure_d, c.point_cards)
            if need <= sure:
                return True
            side = ~c.suit_mask[c.trump]
            if leader == 0:
                # His quick tricks can only help if his side-suit points could make up the rest.
                if need <= sure + _units(c.hands[0] & side, c.point_cards) and \
                        need <= sure + _cashable_units(c, 0):
                    return True
            else:
                kept = available - _units(sure_f, c.point_cards)
                if need > kept - _units(c.hands[leader] & side, c.point_cards) and \
                        need > kept - _cashable_units(c, leader):
                    return False     # the defender on lead cashes his top cards, and their trumps win
    _position_key(c, &key, _key_bits(c, need, flags) if c.trump >= 0 else 0)
    bucket = &c.table[_exact_hash(&key, leader, flags) * TT_WAYS]
    for i in range(TT_WAYS):
        e = &bucket[i]
        if _entry_fits(c, e, &key, leader, flags):
            if e.lower >= need:
                return True
            if e.upper < need:
                return False
            hint = e.move
            break
    if hint < 0 and (flags & ACES):
        # Four aces alone still gains from the killer lead (-5% nodes); elsewhere it
        # overrode the better order of the history heuristic (_credit_late_cut).
        hint = c.killer[leader][__builtin_popcount(c.hands[0])]
    result = _play(c, &trick, leader, 0, need, flags, hint, &decided)
    # Found again: the entry may have been replaced meanwhile.
    e = _slot(c, bucket, &key, leader, flags, EVERY_RANK)
    if result:
        if need > e.lower:
            e.lower = <int16_t>need
    elif need - 1 < e.upper:
        e.upper = <int16_t>(need - 1)
    if decided >= 0:
        e.move = <int8_t>decided
        if flags & ACES:
            c.killer[leader][__builtin_popcount(c.hands[0])] = decided
    return result


cdef bint _play(Ctx* c, Trick* t, int leader, int pos, int need, int flags, int hint,
                int* decided) noexcept nogil:
    """The ``pos``-th card of the trick: OR over the declarer's cards, AND over a defender's.

    At the lead, ``hint`` is tried first and ``decided`` receives the card
    that settled the position (the declarer's success, a defender's refutation).
    """
    cdef int player = (leader + pos) % 3
    cdef int moves[12]
    cdef int n = _order_moves(c, t, player, pos, _legal(c, t, player, pos), flags, need > 0, hint, moves)
    cdef int i, card
    cdef bint result
    for i in range(n):
        card = moves[i]
        c.hands[player] &= ~_bit(card)
        _place(c, t, pos, card)
        if pos < 2:
            result = _play(c, t, leader, pos + 1, need, flags, -1, NULL)
        else:
            result = _trick_end(c, t, leader, need, flags)
        c.hands[player] |= _bit(card)
        if result == (player == 0):
            if decided != NULL:
                decided[0] = card
            if i > 0:
                _credit_late_cut(c, pos, player, card)
            return result
    return player != 0


cdef bint _trick_end(Ctx* c, Trick* t, int leader, int need, int flags) noexcept nogil:
    """R13 and R4: score the finished trick against the goals, then go on to the next."""
    cdef int win_index = t.winner_at[2]
    cdef int winner = (leader + win_index) % 3
    cdef uint32_t cards = _bit(t.card[0]) | _bit(t.card[1]) | _bit(t.card[2])
    cdef bint last = c.hands[0] == 0
    cdef bint by_declarer = winner == 0
    cdef bint seven_here = c.seven >= 0 and (cards & _bit(c.seven)) != 0
    cdef bint seven_wins = seven_here and t.card[win_index] == c.seven
    cdef int units = _units(cards, c.point_cards) + (1 if last else 0)
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
    return _trick_start(c, winner, need, flags)


cdef bint _force_from(Ctx* c, Trick* t, int leader, int played, int need, int flags) noexcept nogil:
    """The goal search from any position: a trick boundary, or ``played`` cards into a trick."""
    if played == 0:
        return _trick_start(c, leader, need, flags)
    return _play(c, t, leader, played, need, flags, -1, NULL)
