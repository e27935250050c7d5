# The core's data: goal flags, the search context, tricks, table entries.
#
# Included by core.pyx (one compilation unit, so every hot function can be
# inlined by the C compiler); the other .pxi files rely on these names.

cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil


# The cut-off counters (Search.stats): a C compile-time switch, so that the default build
# compiles every count to nothing and gives the counters a single unused slot.  setup.py
# defines ULTI_CORE_STATS=1 when the environment has it:
#     ULTI_CORE_STATS=1 python setup.py build_ext --inplace --force
# (--force: the sources did not change, only the C compiler's macros).
cdef extern from *:
    """
    #ifndef ULTI_CORE_STATS
    #define ULTI_CORE_STATS 0
    #endif
    #define ULTI_STAT_SLOTS (ULTI_CORE_STATS ? 8 : 1)
    """
    const bint STATS_BUILT "ULTI_CORE_STATS"
    enum: STAT_SLOTS "ULTI_STAT_SLOTS"


cdef enum Stat:
    # How a trick-boundary node of either search ended: each node counts once in the first six.
    STAT_BOUNDS = 0          # the question's bounds: out of reach or already met (the value search: the class's)
    STAT_SETTLED = 1         # a settled position (settled.pxi): a sweep, the ulti, the aces
    STAT_TRUMP_CONTROL = 2   # trumps above the other side's decide it (settled.pxi)
    STAT_QUICK_TRICKS = 3    # sure trumps and cashable side-suit cards decide it (settled.pxi)
    STAT_TABLE = 4           # a table entry decides it (table.pxi)
    STAT_STORE = 5           # searched, and its bounds stored (table.pxi)
    # And where the cut-offs fell inside the tricks (moves.pxi orders the cards).
    STAT_FIRST_CARD_CUT = 6  # the first card tried decided
    STAT_LATER_CARD_CUT = 7  # a later card did
    STAT_KINDS = 8           # = ULTI_STAT_SLOTS when counting


cpdef enum Goal:
    # Each is a condition on the rest of the game; Python reads them as _core.Goal.
    ULTI = 1             # the declarer's trump seven wins the last trick, not played before (R19, R26)
    ACES = 2             # every ace still out falls in a declarer trick (R20)
    ALL_TRICKS = 4       # the declarer takes every trick still to play (R21, R27)
    NO_TRICKS = 8        # the declarer takes no trick still to play (R23)
    SEVEN_NOT_LAST = 16  # the trump seven does not win the last trick (R26: stops a silent ulti)
    SEVEN_BEATEN = 32    # the trump seven is played to the last trick and beaten (R26: a failed silent ulti)
    ONE_TRICK = 64       # the declarer takes at least one trick still to play (R15 variant)


cdef enum:
    TT_BITS = 14
    TT_BUCKETS = 1 << TT_BITS  # buckets of TT_WAYS entries of 32 bytes: 2 MB, which stays in cache
    TT_WAYS = 4                # entries per bucket: positions that share a bucket, see table.pxi
    CACHE_LINE = 64
    TT_MASK = TT_BUCKETS - 1
    HISTORY_SIZE = 3 * 3 * 32  # the history heuristic's credits: per place in the trick, player, card
    NO_LOWER = -30000          # no bound proved yet
    NO_UPPER = 30000
    # The value search (R34): final outcomes and pasts, see value.pxi.
    V_FINALS = 240             # declarer units 0-9 x his trick x theirs x all aces x seven status (3)
    V_PASTS = 80               # declarer units 0-9 x his trick x theirs x an ace lost
    V_AVAIL = 11               # units still out at a trick boundary: 0-10


cdef struct Entry:
    uint32_t counts         # the position's shape and holders: see Key
    uint32_t shape
    uint32_t k0
    uint32_t k1
    uint32_t mask           # the relative ranks whose holders the entry fixes (all of them: an exact entry)
    uint32_t gen            # the generation (rules and question) the entry belongs to
    uint8_t leader
    uint8_t flags           # the goal flags, or the past's class in a value search
    int16_t lower           # proved: value >= lower
    int16_t upper           # proved: value <= upper
    int8_t move             # the lead that last decided this position, -1 if none


cdef struct ValueSpec:
    # S of every final outcome, and how the past matters (filled from Python: goals.value_spec).
    int16_t final[V_FINALS]
    uint8_t past_class[V_PASTS]          # pasts with the same class have the same S in every future
    int16_t low[V_PASTS][V_AVAIL][2]     # per class, units out, trump seven out: the least S possible
    int16_t high[V_PASTS][V_AVAIL][2]    # ... and the most
    int order_flags                      # goal flags that steer move ordering and card equivalence
    int points_matter
    int units_matter                     # S depends on the declarer's units (else the table key skips the aces and tens)
    int aces_matter                      # S depends on whether every ace is his (else the key skips the aces)
    int seven_matters                    # S depends on the trump seven's fate in the tenth trick
    uint32_t key_bits                    # what of the aces and tens the table key holds (see _position_key)


cdef struct Ctx:
    uint32_t hands[3]
    uint32_t suit_mask[4]
    uint32_t point_cards
    uint32_t aces
    int trump               # -1: no trump
    int seven               # the trump seven, -1 when there is no trump
    int seven_kept          # R12 for the declarer
    uint64_t nodes
    uint32_t gen
    int killer[3][11]       # per leader and tricks left: the lead that last settled a four-aces position
    int* history            # the engine's HISTORY_SIZE credits, see _history (moves.pxi)
    Entry* table
    ValueSpec* spec         # the value search's question, NULL in a goal search
    uint32_t pinned         # value search: the cards whose holders every answer depends on (see value.pxi)
    uint32_t seven_pinned   # ... the trump seven among them, pinned apart from the rest of its suit
    uint32_t stamp          # turns through a full bucket's entries to replace (table.pxi)
    uint64_t stats[STAT_SLOTS]  # the cut-off counters by Stat, when built with ULTI_CORE_STATS=1


cdef struct Trick:
    int card[3]             # the cards played so far, in play order
    int winner_at[3]        # index of the card winning the trick after each play


cdef struct Key:
    # A trick-boundary position up to renaming (see _position_key): per suit (one byte each),
    # how many cards seats 0 and 1 hold (counts: four bits each), how many are still out and
    # which scoring cards among them (shape), and who holds each, in relative ranks (k0, k1:
    # the bits of seats 0 and 1; seat 2 holds the rest).
    uint32_t counts
    uint32_t shape
    uint32_t k0
    uint32_t k1


cdef inline uint32_t _bit(int card) noexcept nogil:
    return (<uint32_t>1) << card


cdef inline int _units(uint32_t cards, uint32_t point_cards) noexcept nogil:
    """R4 in units of ten: the aces and tens among ``cards``."""
    return __builtin_popcount(cards & point_cards)


cdef inline int _top(uint32_t cards) noexcept nogil:
    """The highest card of a non-empty mask."""
    return 31 - __builtin_clz(cards)


cdef inline void _count(Ctx* c, Stat kind) noexcept nogil:
    """One more ``kind`` in the cut-off counters; nothing at all unless built with ULTI_CORE_STATS=1."""
    if STATS_BUILT:
        c.stats[<int>kind] += 1
