# The transposition table: positions up to renaming, and bounds on their value.
#
# An entry stores bounds on a trick-boundary position's value: the future
# points of a goal search, or S in a value search.  The key is the
# position in relative ranks, as in DDS, so positions that differ only in
# cards already played share an entry; the generation tells entries of
# different rules and questions apart, and lets a new question start
# without clearing the table.
#
# The value search goes further (partition search, DDS's "winning ranks"):
# an entry fixes the holders of only the cards its result depended on (its
# ``mask`` of relative ranks), so one entry answers every position that
# agrees there and in how many cards of each suit each seat holds.  The
# goal search does the same in trump games; without trumps both store exact
# entries (every rank in the mask).  Entries live
# in buckets of TT_WAYS; a position's bucket is found from what every entry
# that could answer it must share (see _partition_hash and _exact_hash).

# _packed[m][b]: the bits of b that lie in m, packed down in m's order (a byte-wide "pext").
cdef uint8_t _packed[256][256]
# _top_cards[m][t]: the t highest bits of m (all of them if it has fewer): 2 KB, which stays in
# the first-level cache beside the 64 KB of _packed, as a second table of that size did not.
cdef uint8_t _top_cards[256][9]


cdef void _fill_packed() noexcept nogil:
    """One entry per step: b's lowest bit, placed after the bits of m below it, added to the
    packing of b without it (an entry built a bit at a time cost 8 M instructions per import);
    and the top cards, one more each step."""
    cdef int m, b, low, t
    for m in range(256):
        _packed[m][0] = 0
        for b in range(1, 256):
            low = b & -b
            _packed[m][b] = _packed[m][b ^ low]
            if m & low:
                _packed[m][b] |= <uint8_t>(1 << __builtin_popcount(m & (low - 1)))
        _top_cards[m][0] = 0
        b = m
        for t in range(1, 9):
            _top_cards[m][t] = _top_cards[m][t - 1] | ((<uint8_t>1 << (31 - __builtin_clz(b))) if b else 0)
            if b:
                b &= ~(1 << (31 - __builtin_clz(b)))

_fill_packed()


cdef enum:
    KEY_ACES = 0x10             # _position_key's shape bits: the suit's ace is still out
    KEY_TENS = 0x20             # ... its ten
    KEY_POINTS = KEY_ACES | KEY_TENS
    KEY_SEVEN = 0x40            # ... the trump seven is still out
    EVERY_RANK = 0xFFFFFFFF     # the mask of an exact entry


cdef inline uint32_t _byte_counts(uint32_t x) noexcept nogil:
    """The number of cards in each byte (suit) of ``x``, in that byte."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return (x + (x >> 4)) & 0x0F0F0F0F


cdef inline void _position_key(Ctx* c, Key* key, uint32_t bits) noexcept nogil:
    """The position up to renaming: who holds the 1st, 2nd, ... highest card still out in
    each suit, and which of those are the ace, the ten and the trump seven.

    Positions with the same key play out alike (the rules compare cards
    only by their order in the suit, R9-R13, and score only the aces,
    tens and the trump seven), so they share one table entry.  ``bits``
    says which of those the answer can depend on, and the key holds only
    those: a search that asks no points leaves the aces and tens out (but
    the aces when four aces is asked), and one that asks nothing of the
    trump seven and has no R12 leaves it out, so positions that differ only
    in where the points lie, or in whether the lowest trump is the seven,
    share an entry.
    A value question keys every position alike, so its entries hold the
    same S for every member of a class.  A goal search asking no points
    reads and proves only whether its flags can be forced at all (need 0),
    which the points never change; an entry a points search of the same
    flags wrote for one member of the class says that much of every member.
    """
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef uint32_t m, shape
    cdef int s, shift
    key.k0 = 0
    key.k1 = 0
    for s in range(4):
        shift = 8 * s
        m = (out >> shift) & 0xFF
        key.k0 |= (<uint32_t>_packed[m][(c.hands[0] >> shift) & 0xFF]) << shift
        key.k1 |= (<uint32_t>_packed[m][(c.hands[1] >> shift) & 0xFF]) << shift
    key.counts = _byte_counts(c.hands[0]) | (_byte_counts(c.hands[1]) << 4)
    shape = _byte_counts(out)
    if c.trump >= 0:
        # The ace (bit 7 of a suit) and the ten (bit 6) still out, as shape bits 4 and 5.
        shape |= (((out >> 3) & 0x10101010) | ((out >> 1) & 0x20202020)) & ((bits & KEY_POINTS) * 0x01010101)
        if bits & KEY_SEVEN:
            shape |= ((out >> c.seven) & 1) << (c.seven + 6)
    key.shape = shape


cdef inline uint32_t _mix(uint64_t h) noexcept nogil:
    return <uint32_t>((h >> 29) ^ (h >> 7)) & TT_MASK


cdef inline uint32_t _exact_hash(Key* key, int leader, int flags) noexcept nogil:
    """The bucket of an exact entry: the whole key."""
    return _mix((<uint64_t>key.k0 * <uint64_t>0x9E3779B97F4A7C15ULL) ^
                (<uint64_t>key.k1 * <uint64_t>0xC2B2AE3D27D4EB4FULL) ^
                (<uint64_t>key.shape * <uint64_t>0x165667B19E3779F9ULL) ^
                (<uint64_t>(leader * 131 + flags) * <uint64_t>0x27D4EB2F165667C5ULL))


cdef inline uint32_t _partition_hash(Ctx* c, Key* key, int leader, int flags, uint32_t pinned) noexcept nogil:
    """The bucket of a partition entry (trump games): what every entry that can answer the
    position shares with it -- the shape, the counts per seat and suit, and who holds the
    cards every answer pins (``pinned``: the scoring cards the question reads, which are the
    top of their suits in a trump game, and the trump seven).  Without these, positions that
    differ only in who holds the aces and tens would crowd into one bucket."""
    cdef uint32_t held = (c.hands[0] & pinned) | ((c.hands[1] & pinned) >> 1)
    return _mix((<uint64_t>key.counts * <uint64_t>0x9E3779B97F4A7C15ULL) ^
                (<uint64_t>held * <uint64_t>0xC2B2AE3D27D4EB4FULL) ^
                (<uint64_t>key.shape * <uint64_t>0x165667B19E3779F9ULL) ^
                (<uint64_t>(leader * 131 + flags) * <uint64_t>0x27D4EB2F165667C5ULL))


cdef inline bint _entry_fits(Ctx* c, Entry* e, Key* key, int leader, int flags) noexcept nogil:
    """Whether ``e`` speaks for the position: the same generation, leader, flags, shape and
    counts, and the same holders on the relative ranks the entry fixes.  One test of all the
    differences together, not a test each: a bucket's four entries mostly fail, each at an
    unforeseeable field, and every mispredicted branch costs a dozen cycles."""
    return ((e.gen ^ c.gen) | (e.counts ^ key.counts) | (e.shape ^ key.shape)
            | ((e.k0 ^ key.k0) & e.mask) | ((e.k1 ^ key.k1) & e.mask)
            | <uint32_t>((e.leader ^ leader) | (e.flags ^ flags))) == 0


cdef inline Entry* _slot(Ctx* c, Entry* bucket, Key* key, int leader, int flags, uint32_t mask) noexcept nogil:
    """The entry of ``bucket`` to record this position's bounds in, for the ranks ``mask``:
    the one already holding them, else an unused one (an old generation's), else the bucket's
    entries in turn.  A new entry starts with no bounds."""
    cdef Entry* e
    cdef int i
    for i in range(TT_WAYS):
        e = &bucket[i]
        if e.mask == mask and _entry_fits(c, e, key, leader, flags):
            return e
    e = NULL
    for i in range(TT_WAYS):
        if bucket[i].gen != c.gen:
            e = &bucket[i]
            break
    if e == NULL:
        c.stamp += 1
        e = &bucket[c.stamp & (TT_WAYS - 1)]
    e.gen = c.gen
    e.counts = key.counts
    e.shape = key.shape
    e.k0 = key.k0 & mask
    e.k1 = key.k1 & mask
    e.mask = mask
    e.leader = <uint8_t>leader
    e.flags = <uint8_t>flags
    e.lower = NO_LOWER
    e.upper = NO_UPPER
    e.move = -1
    return e


# -- Partition search: which cards a result depended on ---------------------------------
#
# A value search returns, besides S, the cards whose holders S depended on
# ("pins"): the scoring cards S reads, the cards whose rank decided a trick
# or a player's legal cards (R11), and what the table entries and settled
# positions it used depended on.  Its entry then fixes, in each suit, the
# holders of the cards at or above the lowest pinned one (so every fixed
# card outranks every free one, and the rules compare a free card only with
# fixed ones or cards of its own seat), plus the trump seven, which is
# always the lowest trump.  Any position with the same shape, counts and
# holders there plays out alike: its free cards can be matched to ours seat
# by seat and suit by suit, the match keeps every comparison the search
# made, and so the same bound holds.


cdef inline uint32_t _pinned_ranks(Ctx* c, uint32_t out, uint32_t pins) noexcept nogil:
    """The relative ranks an entry fixes, given the cards ``pins`` its result depended on:
    per suit, every card still out at or above the lowest pinned one (the top ranks), and
    the trump seven, the lowest rank of its suit, when it is pinned apart.  Without a branch
    per suit (a suit without pins finds its lowest pin "above" every card): the searches'
    own branches are hard enough to foresee."""
    cdef uint32_t result = 0, p, m, seven, lowest
    cdef int s, shift, n, t
    pins &= out & ~c.seven_pinned
    for s in range(4):
        shift = 8 * s
        m = (out >> shift) & 0xFF
        p = (pins >> shift) & 0xFF
        seven = (c.seven_pinned >> shift) & m
        lowest = p & (~p + 1)                   # 0 when nothing is pinned: then t = 0
        n = __builtin_popcount(m)
        t = __builtin_popcount(m & ~(lowest - 1))
        result |= ((((<uint32_t>1 << n) - 1) ^ ((<uint32_t>1 << (n - t)) - 1)) | (seven != 0)) << shift
    return result


cdef inline uint32_t _ranks_held(uint32_t out, uint32_t ranks) noexcept nogil:
    """The cards still out at the relative ranks ``ranks`` (an entry's mask): its pins here.
    A suit's ranks are its top ones, and its lowest (the trump seven pinned apart, or the
    last of a segment that takes the whole suit)."""
    cdef uint32_t result = 0, m, r
    cdef int s, shift
    for s in range(4):
        shift = 8 * s
        r = (ranks >> shift) & 0xFF
        m = (out >> shift) & 0xFF
        result |= (<uint32_t>_top_cards[m][__builtin_popcount(r & 0xFE)] | (m & (~m + 1) & (0 - (r & 1)))) << shift
    return result


cdef inline uint32_t _with_equals(Ctx* c, int seat, int card, uint32_t live) noexcept nogil:
    """``card`` and the cards touching it from below in ``seat``'s hand (``live``: the cards
    in play): the cards _order_moves searched as one.  Pinning a card pins them all, so
    that a skipped card never stands free behind a pinned one."""
    cdef uint32_t below = live & c.suit_mask[card >> 3] & (_bit(card) - 1)
    cdef uint32_t others = below & ~c.hands[seat]
    others |= others >> 1               # every bit from the highest other card down
    others |= others >> 2
    others |= others >> 4
    return _bit(card) | (below & c.hands[seat] & ~others)


cdef inline uint32_t _compared_pins(Ctx* c, Trick* t, int leader, int pos, uint32_t compared, uint32_t fixed) noexcept nogil:
    """The card winning the trick so far, with the cards searched as one with it (see
    _with_equals), when R11 decided a player's legal cards by comparing ``compared`` (his
    cards, see _legal_compared; not empty) with it and one of those lies below every card
    the result fixes in their suit (``fixed``: the pins so far and the question's); else
    none.  Where every card compared is fixed, the comparisons come out alike wherever the
    free cards lie."""
    cdef uint32_t live = c.hands[0] | c.hands[1] | c.hands[2] | _bit(t.card[0]) | (_bit(t.card[1]) if pos > 1 else 0)
    cdef int winning
    fixed &= live & c.suit_mask[__builtin_ctz(compared) >> 3] & ~c.seven_pinned
    if fixed and not (compared & ~c.seven_pinned & ((fixed & (~fixed + 1)) - 1)):
        return 0
    winning = t.winner_at[pos - 1]
    return _with_equals(c, (leader + winning) % 3, t.card[winning], live)


# -- The two steps of a search node that use the table, shared by both searches -----------
#
# A goal search is a null-window value search: its value is the declarer's future points,
# its window (need - 1, need), and an answer "can force" is a lower bound of ``need``,
# "cannot" an upper bound of ``need - 1``.  So one probe and one store serve both; ``tag``
# is what tells their entries apart besides the generation: the goal flags, or the past's
# class in a value search.


cdef inline Entry* _bucket(Ctx* c, Key* key, uint32_t bits, int leader, int tag, uint32_t pinned) noexcept nogil:
    """The position's key (``bits``: what of the scoring cards it holds, see _position_key) and
    its bucket: by what every answering entry shares in a trump game (``pinned``, see
    _partition_hash), by the whole key without trumps (exact entries)."""
    _position_key(c, key, bits)
    if c.trump >= 0:
        return &c.table[_partition_hash(c, key, leader, tag, pinned) * TT_WAYS]
    return &c.table[_exact_hash(key, leader, tag) * TT_WAYS]


cdef inline bint _probe(Ctx* c, Entry* bucket, Key* key, int leader, int tag, uint32_t out, bint wide,
                        int* alpha, int* beta, int* value, int* hint, uint32_t* used) noexcept nogil:
    """Step "table probe": True and ``value`` when an entry of ``bucket`` decides the position
    for the window (alpha, beta) -- a lower bound at or above beta, an upper bound at or
    below alpha, an exact value, or a lower and an upper bound that meet.  Else the entries'
    bounds narrow the window, and ``hint`` receives the first fitting entry's deciding lead.
    ``used`` gains the cards whose holders each entry it read fixes (partition search).
    ``wide``: False for a null window (beta = alpha + 1), which no bound can narrow without
    deciding: the goal search passes a constant False, and the compiler drops those tests."""
    cdef Entry* e
    cdef int i
    for i in range(TT_WAYS):
        e = &bucket[i]
        if not _entry_fits(c, e, key, leader, tag):
            continue
        if e.lower >= beta[0] or e.lower == e.upper:
            used[0] |= _ranks_held(out, e.mask)
            value[0] = e.lower
            _count(c, STAT_TABLE)
            return True
        if e.upper <= alpha[0]:
            used[0] |= _ranks_held(out, e.mask)
            value[0] = e.upper
            _count(c, STAT_TABLE)
            return True
        if wide and e.lower > alpha[0]:
            alpha[0] = e.lower
            used[0] |= _ranks_held(out, e.mask)
        if wide and e.upper < beta[0]:
            beta[0] = e.upper
            used[0] |= _ranks_held(out, e.mask)
        if hint[0] < 0:
            hint[0] = e.move
        if wide and alpha[0] >= beta[0]:      # one entry's lower bound meets another's upper bound
            value[0] = alpha[0]
            _count(c, STAT_TABLE)
            return True
    return False


cdef inline void _store(Ctx* c, Entry* bucket, Key* key, int leader, int tag, uint32_t out, uint32_t used,
                        int value, int alpha, int beta, int decided) noexcept nogil:
    """Step "table store": what a search of the window (alpha, beta) found (fail-soft: an
    upper bound at or below alpha, a lower bound at or above beta, else exact), in the entry
    for the ranks ``used`` fixes (every rank without trumps), with the lead that decided.
    The entry is found again here, not kept from the probe: the search below may have
    replaced it meanwhile."""
    cdef Entry* e = _slot(c, bucket, key, leader, tag, _pinned_ranks(c, out, used) if c.trump >= 0 else EVERY_RANK)
    if value <= alpha:
        if value < e.upper:
            e.upper = <int16_t>value
    elif value >= beta:
        if value > e.lower:
            e.lower = <int16_t>value
    else:
        e.lower = <int16_t>value
        e.upper = <int16_t>value
    if decided >= 0:
        e.move = <int8_t>decided
    _count(c, STAT_STORE)
