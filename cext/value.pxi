# The value search (R34): the minimax of S, the settlement of the whole game.
#
# S is read off a table of final outcomes (ValueSpec.final) that Python
# builds from the settlement rules (ulti_solver/goals.py, value_spec), so
# the rules are written down once.  A final outcome is five facts:
# the declarer's card points in units of ten (R4), whether he and the
# defenders took a trick, whether all four aces are his, and the trump
# seven in the tenth trick (not there / won / beaten).  During the search
# the *past* is four of them -- units so far, a trick each way, an ace
# lost -- and positions are keyed on the past's class: pasts of one class
# give the same S for every future, so they share table entries, and a
# class whose S no longer depends on the future ends the search at once.
#
# A fail-soft alpha-beta: each result v is exact inside (alpha, beta), an
# upper bound when v <= alpha and a lower bound when v >= beta; the table
# stores such bounds per position and class.

cdef inline int _past_index(int units, bint dec_trick, bint def_trick, bint ace_lost) noexcept nogil:
    return ((units * 2 + dec_trick) * 2 + def_trick) * 2 + ace_lost


cdef inline int _final_index(int units, bint dec_trick, bint def_trick, bint all_aces, int seven) noexcept nogil:
    return (((units * 2 + dec_trick) * 2 + def_trick) * 2 + all_aces) * 3 + seven


cdef inline int _final_value(Ctx* c, int past, int more_units, bint dec_more, bint def_more,
                             bint aces_lost_more, int seven) noexcept nogil:
    """S once the rest of the game added these facts to ``past``."""
    cdef int units = (past >> 3) + more_units
    if units > 9:
        units = 9   # cannot happen: 8 point cards and the last trick
    return c.spec.final[_final_index(units, ((past >> 2) & 1) | dec_more, ((past >> 1) & 1) | def_more,
                                     not ((past & 1) | aces_lost_more), seven)]


cdef int _value_start(Ctx* c, int leader, int past, int alpha, int beta, uint32_t* pins) noexcept nogil:
    """A trick boundary of the value search, in named steps as DDS's ABsearch reads: the
    class's bounds, positions settled without search (settled.pxi), the table probe, the
    trick's plays, the table store (table.pxi).

    ``pins`` receives the cards whose holders the result depends on; the
    entry written here fixes only those (partition search, table.pxi), so
    it answers every position that differs from this one only in who holds
    the lower cards.  The class's bounds also narrow the window: a result
    at the least (most) S the class allows is that S exactly.
    """
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int available = _units(out, c.point_cards) + 1
    cdef int seven_out = 1 if (c.seven >= 0 and (out & _bit(c.seven))) else 0
    cdef int klass = c.spec.past_class[past]
    cdef int low = c.spec.low[klass][available][seven_out]
    cdef int high = c.spec.high[klass][available][seven_out]
    cdef int value, hint = -1, decided = -1
    cdef uint32_t used = c.pinned & out, found = 0
    cdef Entry* bucket
    cdef Trick trick
    cdef Key key
    c.nodes += 1
    # The class's bounds: S is already fixed, or cannot reach into the window.
    if low >= high or high <= alpha or low >= beta:
        pins[0] = used
        _count(c, STAT_BOUNDS)
        return low if low >= beta or low >= high else high
    # Settled without search: the sweeps.
    if _value_settled(c, leader, past, &value, &found):
        pins[0] = used | found
        return value
    # The table probe.
    bucket = _bucket(c, &key, c.spec.key_bits | (KEY_SEVEN if c.seven_kept else 0), leader, klass, c.pinned)
    if _probe(c, bucket, &key, leader, klass, out, True, &alpha, &beta, &value, &hint, &used):
        pins[0] = used
        return value
    if low > alpha:
        alpha = low
    if high < beta:
        beta = high
    # The trick's plays.
    value = _value_play(c, &trick, leader, 0, past, alpha, beta, hint, &decided, &found)
    if value <= low:            # at most the least S possible: exactly that
        value = low
        alpha = low - 1
    elif value >= high:
        value = high
        beta = high + 1
    used |= found
    # The table store.
    _store(c, bucket, &key, leader, klass, out, used, value, alpha, beta, decided)
    pins[0] = used
    return value


cdef int _value_play(Ctx* c, Trick* t, int leader, int pos, int past, int alpha, int beta, int hint,
                     int* decided, uint32_t* pins) noexcept nogil:
    """The ``pos``-th card of the trick: the declarer maximises S, a defender minimises it.

    ``pins``: the cards the result depends on (see _value_start), and the
    card winning the trick so far when R11 compared his cards with it
    (see _compared_pins).
    """
    cdef int player = (leader + pos) % 3
    cdef int moves[12]
    cdef uint32_t compared
    cdef int n = _order_moves(c, t, player, pos, _legal_compared(c, t, player, pos, &compared),
                              c.spec.order_flags, c.spec.points_matter, hint, moves)
    cdef int i, card, value, best_card = -1
    cdef bint maximising = player == 0
    cdef int best = NO_LOWER if maximising else NO_UPPER
    cdef uint32_t found = 0, sub
    for i in range(n):
        card = moves[i]
        c.hands[player] &= ~_bit(card)
        _place(c, t, pos, card)
        if pos < 2:
            value = _value_play(c, t, leader, pos + 1, past, alpha, beta, -1, NULL, &sub)
        else:
            value = _value_trick_end(c, t, leader, past, alpha, beta, &sub)
        c.hands[player] |= _bit(card)
        found |= sub
        if maximising:
            if value > best:
                best = value
                best_card = card
                if value > alpha:
                    alpha = value
        elif value < best:
            best = value
            best_card = card
            if value < beta:
                beta = value
        if alpha >= beta:
            if i > 0:
                _credit_late_cut(c, pos, player, card)
            _count(c, STAT_LATER_CARD_CUT if i > 0 else STAT_FIRST_CARD_CUT)
            break
    if compared:
        found |= _compared_pins(c, t, leader, pos, compared, found | c.pinned)
    if decided != NULL:
        decided[0] = best_card
    pins[0] = found
    return best


cdef int _value_trick_end(Ctx* c, Trick* t, int leader, int past, int alpha, int beta,
                          uint32_t* pins) noexcept nogil:
    """R13 and R4: add the finished trick to the past; S itself after the tenth trick.
    A card that won by outranking another of its suit is pinned (see _value_start)."""
    cdef int win_index = t.winner_at[2]
    cdef int winner = (leader + win_index) % 3
    cdef int won_with = t.card[win_index]
    cdef uint32_t cards = _bit(t.card[0]) | _bit(t.card[1]) | _bit(t.card[2])
    cdef bint last = c.hands[0] == 0
    cdef int units = _units(cards, c.point_cards) + (1 if last else 0)
    cdef int seven = 0, value
    cdef uint32_t found = 0, sub
    if (cards & c.suit_mask[won_with >> 3]) != _bit(won_with):
        found = _with_equals(c, winner, won_with, c.hands[0] | c.hands[1] | c.hands[2] | cards)
    if winner == 0:
        past = _past_index((past >> 3) + units, True, (past >> 1) & 1, past & 1)
    else:
        past = past | 2 | (1 if cards & c.aces else 0)
    if last:
        if c.seven >= 0 and (cards & _bit(c.seven)):
            seven = 1 if won_with == c.seven else 2   # R19, R26: the tenth trick
        pins[0] = found
        return _final_value(c, past, 0, False, False, False, seven)
    value = _value_start(c, winner, past, alpha, beta, &sub)
    pins[0] = found | sub
    return value


cdef int _value_from(Ctx* c, Trick* t, int leader, int played, int past, int alpha, int beta) noexcept nogil:
    """The value search from any position: a trick boundary, or ``played`` cards into a trick."""
    cdef uint32_t pins
    c.seven_pinned = _bit(c.seven) if c.seven >= 0 and (c.spec.seven_matters or c.seven_kept) else 0
    c.pinned = ((c.point_cards if c.spec.units_matter else 0) | (c.aces if c.spec.aces_matter else 0)
                | c.seven_pinned)
    if played == 0:
        return _value_start(c, leader, past, alpha, beta, &pins)
    return _value_play(c, t, leader, played, past, alpha, beta, -1, NULL, &pins)


cdef int _future_value(ValueSpec* spec, int past, int units, bint dec, bint dfn, bint aces, int seven) noexcept nogil:
    """S once a future with these facts follows ``past`` (units clamped: beyond 9 cannot happen)."""
    cdef int total = (past >> 3) + units
    if total > 9:
        total = 9
    return spec.final[_final_index(total, ((past >> 2) & 1) | dec, ((past >> 1) & 1) | dfn,
                                   aces and not (past & 1), seven)]


cdef void _find_what_matters(ValueSpec* spec) noexcept nogil:
    """Whether S reads the declarer's units, his having every ace, the trump seven's fate: what
    it does not read, the table key leaves out (see _position_key)."""
    cdef int units, dec, dfn, aces, seven, v
    spec.units_matter = 0
    spec.aces_matter = 0
    spec.seven_matters = 0
    for units in range(10):
        for dec in range(2):
            for dfn in range(2):
                for seven in range(3):
                    for aces in range(2):
                        v = spec.final[_final_index(units, dec, dfn, aces, seven)]
                        if v != spec.final[_final_index(0, dec, dfn, aces, seven)]:
                            spec.units_matter = 1
                        if v != spec.final[_final_index(units, dec, dfn, 0, seven)]:
                            spec.aces_matter = 1
                        if v != spec.final[_final_index(units, dec, dfn, aces, 0)]:
                            spec.seven_matters = 1
    spec.key_bits = ((KEY_POINTS if spec.units_matter else KEY_ACES if spec.aces_matter else 0)
                     | (KEY_SEVEN if spec.seven_matters else 0))


cdef enum:
    V_FUTURES = 240            # futures after a past: units 0-9 x his trick x theirs x all aces x seven (3)
    V_UNIT_FUTURES = 24        # ... of them with one number of units


cdef void _classify_pasts(ValueSpec* spec) noexcept nogil:
    """Group pasts that give the same S in every future, and bound S per class.

    A future is (units k, a declarer trick, a defenders' trick, every ace
    out falls to the declarer, the seven's fate).  The bounds for
    ``available`` units out take only futures that can happen: points come
    with tricks, and whoever takes no trick leaves every unit to the other.
    So with ``available`` units out the futures are: both sides take a
    trick and he takes any k <= available units; only the defenders take
    tricks (k = 0); only he does (k = available).

    Each past's S over all futures (its row, in final_index's order of the
    future's facts) is laid out once and pasts are compared row to row; a
    past's row is that of its tricks and aces with no units so far, moved
    along by its units.  The bounds are running extremes over k, read off
    blocks of six (all aces or not x the seven's fate).  (Comparing future by
    future and bounding each ``available`` afresh cost 530 K instructions a
    question, more than many a search it serves.)
    """
    cdef int16_t base[8][V_FUTURES]
    cdef int16_t rows[V_PASTS][V_FUTURES]
    cdef int reps[V_PASTS]
    cdef int n_reps = 0, p, r, k, i, j, flags, dec, dfn, aces, sevens, available, seven_out, v
    cdef int low_both, high_both, low_none, high_none, low, high
    cdef int16_t* row
    cdef int16_t* block
    for flags in range(8):      # the past's tricks and lost ace (bits 2, 1, 0), with no units yet
        i = 0
        for k in range(10):
            for dec in range(2):
                for dfn in range(2):
                    for aces in range(2):
                        j = _final_index(k, dec | ((flags >> 2) & 1), dfn | ((flags >> 1) & 1),
                                         aces and not (flags & 1), 0)
                        base[flags][i] = spec.final[j]
                        base[flags][i + 1] = spec.final[j + 1]
                        base[flags][i + 2] = spec.final[j + 2]
                        i += 3
    for p in range(V_PASTS):
        for k in range(10):
            memcpy(&rows[p][k * V_UNIT_FUTURES], &base[p & 7][min(9, (p >> 3) + k) * V_UNIT_FUTURES],
                   V_UNIT_FUTURES * sizeof(int16_t))
        spec.past_class[p] = p
        for r in range(n_reps):
            if memcmp(rows[p], rows[reps[r]], sizeof(rows[p])) == 0:
                spec.past_class[p] = reps[r]
                break
        else:
            reps[n_reps] = p
            n_reps += 1
    for r in range(n_reps):
        p = reps[r]
        row = rows[p]
        for seven_out in range(2):
            sevens = 3 if seven_out else 1
            # Only the defenders take tricks from here: he adds no unit.
            low_none = NO_UPPER
            high_none = NO_LOWER
            block = row + 6                 # k = 0, no trick of his, one of theirs
            for i in range(6):
                if i % 3 < sevens:
                    low_none = min(low_none, block[i])
                    high_none = max(high_none, block[i])
            low_both = NO_UPPER
            high_both = NO_LOWER
            for available in range(V_AVAIL):
                low = low_none
                high = high_none
                block = row + min(available, 9) * V_UNIT_FUTURES + 12     # k = available, his trick
                for i in range(6):
                    if i % 3 < sevens:
                        v = block[6 + i]            # theirs too: any k so far
                        low_both = min(low_both, v)
                        high_both = max(high_both, v)
                        v = block[i]                # none of theirs: every unit is his
                        low = min(low, v)
                        high = max(high, v)
                spec.low[p][available][seven_out] = <int16_t>min(low, low_both)
                spec.high[p][available][seven_out] = <int16_t>max(high, high_both)
