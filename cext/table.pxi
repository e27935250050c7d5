# The transposition table: positions up to renaming, and bounds on their value.
#
# An entry stores bounds on a trick-boundary position's value: the future
# points of a goal search, or S in a value search.  The key is the
# position in relative ranks, as in DDS, so positions that differ only in
# cards already played share an entry; the generation tells entries of
# different rules and questions apart, and lets a new question start
# without clearing 3 MB.

# _packed[m][b]: the bits of b that lie in m, packed down in m's order (a byte-wide "pext").
cdef uint8_t _packed[256][256]


cdef void _fill_packed() noexcept nogil:
    """One entry per step: b's lowest bit, placed after the bits of m below it, added to the
    packing of b without it (an entry built a bit at a time cost 8 M instructions per import)."""
    cdef int m, b, low
    for m in range(256):
        _packed[m][0] = 0
        for b in range(1, 256):
            low = b & -b
            _packed[m][b] = _packed[m][b ^ low]
            if m & low:
                _packed[m][b] |= <uint8_t>(1 << __builtin_popcount(m & (low - 1)))

_fill_packed()


cdef enum:
    KEY_ACES = 0x10             # _position_key's shape bits: the suit's ace is still out
    KEY_TENS = 0x20             # ... its ten
    KEY_POINTS = KEY_ACES | KEY_TENS
    KEY_SEVEN = 0x40            # ... the trump seven is still out


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
    key.k2 = 0
    for s in range(4):
        shift = 8 * s
        m = (out >> shift) & 0xFF
        key.k0 |= (<uint32_t>_packed[m][(c.hands[0] >> shift) & 0xFF]) << shift
        key.k1 |= (<uint32_t>_packed[m][(c.hands[1] >> shift) & 0xFF]) << shift
        shape = <uint32_t>__builtin_popcount(m)
        if c.trump >= 0:
            shape |= (((m >> 7) & 1) << 4 | ((m >> 6) & 1) << 5) & bits   # ace, ten still out
            if s == c.trump:
                shape |= ((m & 1) << 6) & bits                     # trump seven still out
        key.k2 |= shape << shift


cdef inline uint32_t _hash(Key* key, int leader, int flags) noexcept nogil:
    cdef uint64_t h = (<uint64_t>key.k0 * <uint64_t>0x9E3779B97F4A7C15ULL) ^ \
        (<uint64_t>key.k1 * <uint64_t>0xC2B2AE3D27D4EB4FULL) ^ \
        (<uint64_t>key.k2 * <uint64_t>0x165667B19E3779F9ULL) ^ \
        (<uint64_t>(leader * 131 + flags) * <uint64_t>0x27D4EB2F165667C5ULL)
    return <uint32_t>((h >> 29) ^ (h >> 7)) & TT_MASK


cdef inline bint _entry_is(Ctx* c, Entry* e, Key* key, int leader, int flags) noexcept nogil:
    return (e.gen == c.gen and e.k0 == key.k0 and e.k1 == key.k1 and e.k2 == key.k2
            and e.leader == leader and e.flags == flags)


cdef inline void _claim(Ctx* c, Entry* e, Key* key, int leader, int flags) noexcept nogil:
    """Make ``e`` the (empty) entry of this position, replacing whatever it held."""
    e.gen = c.gen
    e.k0 = key.k0
    e.k1 = key.k1
    e.k2 = key.k2
    e.leader = <uint8_t>leader
    e.flags = <uint8_t>flags
    e.lower = NO_LOWER
    e.upper = NO_UPPER
    e.move = -1
