# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search core: a double-dummy alpha-beta over bitmasks, in typed C.

Hands are 32-bit masks with ``card = suit * 8 + rank`` as in
``ulti_solver/cards.py``, except that the caller re-numbers the ranks so
that, inside a suit, a higher bit always beats a lower one (for no-trump
games the ten moves below the unter, R3).  Seat 0 is the declarer (R5).

Two questions, built by ``ulti_solver/goals.py`` and ``ulti_solver/pricing.py``
from the scoring and settlement rules:

* the goal search (search.pxi): can the declarer force a set of goals
  (:class:`Goal` flags) and at least ``need`` more points in units of ten
  (R4)?  Every component, the whole bid (R24), the exact points and the
  silent achievements are such questions;
* the value search (value.pxi): the minimax of S, what the game pays
  (R30-R34), read off a table of final outcomes.

Both can be asked of one position (a :class:`Search`) or of many worlds of
one position at once (worlds.pxi: ``value_worlds``, ``force_worlds``).

Techniques, in the spirit of Bo Haglund's DDS: a transposition table of
bounds keyed by relative ranks (table.pxi), positions settled without
search (settled.pxi), equivalent cards searched once and move ordering
with the history heuristic (moves.pxi).  All search state lives in an
:class:`Engine` (its table) and a :class:`Search` (the position), so
threads that each use their own engine search in parallel without the GIL.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, free

from array import array as _array  # private: the module's public names are its stub's (_core.pyi)
from libc.string cimport memcmp, memcpy, memset

include "types.pxi"
include "table.pxi"
include "moves.pxi"
include "settled.pxi"
include "search.pxi"
include "value.pxi"

#: Different ways of valuing positions an engine remembers before starting afresh.
cdef int MAX_GENERATIONS = 20000

#: Whether this build counts the search's cut-offs (Search.stats): ULTI_CORE_STATS=1 at build.
STATS = bool(STATS_BUILT)
if STATS and STAT_SLOTS < STAT_KINDS:
    raise ImportError("ULTI_STAT_SLOTS (types.pxi) is below the number of Stat kinds")

#: The names of Search.stats()'s counts, in the order of Stat (types.pxi).
cdef tuple STAT_NAMES = ("bounds", "settled", "trump_control", "quick_tricks", "table", "stores",
                         "first_card_cuts", "later_card_cuts")


cdef class Engine:
    """The state one thread searches with: a transposition table and its generations.

    The table stores bounds on the *future* of a position, which depend on
    the rules of play, the scoring cards and the question, not on the deal
    it came from; so every search under the same rules and question shares
    entries (a batch of deals, the 66 discards of one hand, the positions
    of one played game).  It also holds the history heuristic's credits,
    which each new Search starts afresh (they only order moves, so two
    searches alive at once on one engine still answer alike).  Not
    thread-safe: use one engine per thread.
    """

    cdef Entry* table
    cdef void* memory                # the table's allocation, of which ``table`` is the aligned part
    cdef dict generations
    cdef uint32_t generation
    cdef int history[HISTORY_SIZE]   # the history heuristic of the search it serves now (moves.pxi)

    def __cinit__(self):
        # Each bucket on whole cache lines: a probe then reads two lines, not three.
        self.memory = calloc(TT_BUCKETS * TT_WAYS * sizeof(Entry) + CACHE_LINE, 1)
        if self.memory == NULL:
            raise MemoryError("no memory for the transposition table")
        self.table = <Entry*>((<uintptr_t>self.memory + CACHE_LINE - 1) & ~(<uintptr_t>CACHE_LINE - 1))
        self.generations = {}
        self.generation = 0

    def __dealloc__(self):
        free(self.memory)

    def forget(self):
        """Start the table afresh: later searches find nothing of earlier ones."""
        self.generations.clear()

    cdef uint32_t generation_for(self, object key):
        cdef object known = self.generations.get(key)
        if known is not None:
            return known
        if len(self.generations) >= MAX_GENERATIONS:
            self.generations.clear()
        self.generation += 1
        if self.generation == 0:       # wrapped: 0 marks an unused entry
            self.generation = 1
        self.generations[key] = self.generation
        return self.generation

    @property
    def generations_known(self):
        return len(self.generations)


cdef class ValueQuestion:
    """What S is for every final outcome, ready for the value search (see value.pxi).

    ``final`` holds V_FINALS values of S in the order of final_index;
    ``order_flags`` are goal flags that steer move ordering and card
    equivalence (the aces when four aces is bid, the trump seven, betli),
    ``points_matter`` whether card points can change S.  The classes of
    pasts and the bounds per class are worked out here, in C.
    """

    cdef ValueSpec spec
    cdef readonly bytes key

    def __init__(self, final, int order_flags, bint points_matter):
        cdef int i
        cdef short[::1] values
        if len(final) != V_FINALS:
            raise ValueError(f"a value question has {V_FINALS} final values")
        try:
            packed = _array("h", final)
        except OverflowError:
            raise ValueError("S out of range") from None
        values = packed
        for i in range(V_FINALS):
            if not -30000 < values[i] < 30000:
                raise ValueError("S out of range")
            self.spec.final[i] = values[i]
        self.spec.order_flags = order_flags
        self.spec.points_matter = points_matter
        _classify_pasts(&self.spec)
        _find_what_matters(&self.spec)
        self.key = packed.tobytes()

    @property
    def units_matter(self):
        """Whether S reads the declarer's card points (else the table key skips the aces and tens)."""
        return bool(self.spec.units_matter)

    @property
    def aces_matter(self):
        """Whether S reads whether every ace fell to the declarer."""
        return bool(self.spec.aces_matter)

    @property
    def seven_matters(self):
        """Whether S reads the trump seven's fate in the tenth trick."""
        return bool(self.spec.seven_matters)

    @property
    def classes(self):
        """How many classes the pasts fall into (fewer: more table sharing)."""
        return len({self.spec.past_class[i] for i in range(V_PASTS)})

    def class_of(self, int past):
        """The past that stands for ``past``'s class: the first with the same S in every future."""
        if not 0 <= past < V_PASTS:
            raise ValueError("past is an index from past_index()")
        return self.spec.past_class[past]

    def bounds(self, int past, int available, bint seven_out):
        """(least, most) S still possible after ``past`` with ``available`` units out."""
        cdef int klass = self.spec.past_class[past]
        return self.spec.low[klass][available][seven_out], self.spec.high[klass][available][seven_out]


def past_index(int units, bint dec_trick, bint def_trick, bint ace_lost):
    """The value search's index of a past (see value.pxi), for Python to build tables with."""
    return _past_index(units, dec_trick, def_trick, ace_lost)


def final_index(int units, bint dec_trick, bint def_trick, bint all_aces, int seven):
    """The value search's index of a final outcome (seven: 0 not in the tenth trick, 1 won, 2 beaten)."""
    return _final_index(units, dec_trick, def_trick, all_aces, seven)


#: R4: the aces and tens, in the notation's numbering (ulti_solver/cards.py).
cdef uint32_t BB_POINT_CARDS = 0xC0C0C0C0
cdef uint32_t BB_ACES = 0x80808080
# R3 for no-trump games: the rank numbers re-ordered so that a higher bit wins (7 8 9 10 U O K A).
cdef uint8_t _TEN_LOW[8]
_TEN_LOW[:] = [0, 1, 2, 4, 5, 6, 3, 7]
cdef uint8_t _TEN_LOW_BYTES[256]


cdef void _fill_ten_low() noexcept nogil:
    cdef int byte, rank, moved
    for byte in range(256):
        moved = 0
        for rank in range(8):
            if byte & (1 << rank):
                moved |= 1 << _TEN_LOW[rank]
        _TEN_LOW_BYTES[byte] = <uint8_t>moved

_fill_ten_low()


cdef inline uint32_t _ten_low_mask(uint32_t hand) noexcept nogil:
    return (<uint32_t>_TEN_LOW_BYTES[hand & 0xFF] | (<uint32_t>_TEN_LOW_BYTES[(hand >> 8) & 0xFF] << 8)
            | (<uint32_t>_TEN_LOW_BYTES[(hand >> 16) & 0xFF] << 16)
            | (<uint32_t>_TEN_LOW_BYTES[(hand >> 24) & 0xFF] << 24))


cdef inline int _from_ten_low(int card) noexcept nogil:
    """The notation's number of a card the core re-numbered for R3."""
    cdef int rank
    for rank in range(8):
        if _TEN_LOW[rank] == (card & 7):
            return (card & ~7) | rank
    return card


cdef class Search:
    """One position of one deal under one trump and set of play rules, ready for many questions.

    ``hands`` are the three masks as ulti_solver/cards.py numbers cards,
    ``trump`` a suit or -1, ``seven_kept`` switches on R12, ``ten_low`` the
    no-trump order of R3 (the core re-numbers the ranks so that a higher
    bit wins).  ``leader`` led the trick in progress, of which ``trick``
    holds the cards played so far (empty at a trick boundary; they are no
    longer in the hands).
    """

    cdef Ctx c
    cdef Engine engine
    cdef Trick trick
    cdef int played
    cdef int leader
    cdef uint32_t goal_gen
    cdef int rules
    cdef bint ten_low

    def __init__(self, Engine engine, uint32_t h0, uint32_t h1, uint32_t h2, int trump, bint seven_kept,
                 bint ten_low, int leader=0, tuple trick=()):
        cdef int s, i, card, seat
        cdef int counts[3]
        cdef uint32_t played_mask = 0
        if (h0 & h1) or (h0 & h2) or (h1 & h2):
            raise ValueError("the hands share a card")
        if trump < -1 or trump > 3:
            raise ValueError(f"trump must be -1 or a suit 0-3, not {trump}")
        if leader < 0 or leader > 2:
            raise ValueError("leader is a seat 0-2")
        if len(trick) > 2:
            raise ValueError("a trick in progress holds at most two cards")
        self.ten_low = ten_low
        self.c.hands[0] = _ten_low_mask(h0) if ten_low else h0
        self.c.hands[1] = _ten_low_mask(h1) if ten_low else h1
        self.c.hands[2] = _ten_low_mask(h2) if ten_low else h2
        for s in range(4):
            self.c.suit_mask[s] = (<uint32_t>0xFF) << (8 * s)
        self.c.trump = trump
        self.c.seven = trump * 8 if trump >= 0 else -1
        self.c.seven_kept = seven_kept and trump >= 0
        self.c.point_cards = _ten_low_mask(BB_POINT_CARDS) if ten_low else BB_POINT_CARDS
        self.c.aces = BB_ACES
        self.c.nodes = 0
        self.c.stamp = 0
        self.c.pinned = 0
        self.c.seven_pinned = 0
        self.c.spec = NULL
        memset(self.c.stats, 0, sizeof(self.c.stats))
        for s in range(3):
            for i in range(11):
                self.c.killer[s][i] = -1
            counts[s] = __builtin_popcount(self.c.hands[s])
        for i in range(len(trick)):
            card = trick[i]
            if not 0 <= card < 32 or (played_mask | h0 | h1 | h2) & _bit(card):
                raise ValueError(f"card {card} of the trick is not a card, or is still held")
            played_mask |= _bit(card)
            if ten_low:
                card = (card & ~7) | _TEN_LOW[card & 7]
            _place(&self.c, &self.trick, i, card)
            counts[(leader + i) % 3] += 1
        if counts[0] != counts[1] or counts[1] != counts[2]:
            raise ValueError("the hands do not hold equally many cards before the trick in progress")
        self.played = len(trick)
        self.leader = leader
        self.engine = engine
        self.c.table = engine.table
        # The credits live in the engine, not here: 1 KB more would take every Search
        # (one per solve) out of Python's small-object allocator.
        self.c.history = engine.history
        memset(engine.history, 0, sizeof(engine.history))
        self.rules = (trump + 1) * 4 + self.c.seven_kept * 2 + ten_low
        self.goal_gen = engine.generation_for(self.rules)

    def legal(self):
        """The cards the player to move may play (R9-R12), as a mask in the notation's numbering."""
        cdef uint32_t moves = _legal(&self.c, &self.trick, (self.leader + self.played) % 3, self.played)
        cdef uint32_t plain = 0
        cdef int card
        if not self.ten_low:
            return moves
        while moves:
            card = __builtin_ctz(moves)
            moves &= moves - 1
            plain |= _bit(_from_ten_low(card))
        return plain

    @property
    def nodes(self):
        """Trick-boundary positions visited so far (a work count for benchmarks)."""
        return self.c.nodes

    def stats(self):
        """How this search's trick-boundary nodes ended, by kind, and the cut-offs inside the
        tricks, over every question asked of it so far; with ``nodes``, the node count.
        None when the core was built without ULTI_CORE_STATS=1 (the default: the counts
        cost time)."""
        cdef int i
        if not STATS_BUILT:
            return None
        found = {STAT_NAMES[i]: self.c.stats[i] for i in range(<int>STAT_KINDS)}
        found["nodes"] = self.c.nodes
        return found

    @property
    def finished(self):
        return self.c.hands[0] == 0 and self.played == 0

    def can_force(self, int flags, int need):
        """Whether the declarer can force ``flags`` and ``need`` more points (units of ten)."""
        cdef bint result
        cdef Trick t = self.trick
        if self.finished:
            raise ValueError("no cards left to play")
        if (flags & (ULTI | SEVEN_NOT_LAST | SEVEN_BEATEN)) and self.c.trump < 0:
            raise ValueError("the seven goals need a trump")
        self.c.gen = self.goal_gen
        self.c.spec = NULL
        with nogil:
            result = _force_from(&self.c, &t, self.leader, self.played, need, flags)
        return result

    def max_points(self, int flags=0):
        """The most units the declarer can force with ``flags`` met, or -1 if ``flags`` cannot be.

        MTD-style: probe at a guess, then step up (or down) one unit at a
        time until the answer flips.  Probes far from the true value are
        cheap and the table keeps what each probe proved, so a good guess
        leaves about two expensive probes (the value and one above).  The
        guess -- the declarer's aces and tens, plus his trumps beyond two
        -- is within one unit of the value on most deals.
        """
        cdef uint32_t out = self.c.hands[0] | self.c.hands[1] | self.c.hands[2]
        cdef int i
        for i in range(self.played):
            out |= _bit(self.trick.card[i])
        cdef int top = _units(out, self.c.point_cards) + 1
        cdef int guess = _units(self.c.hands[0], self.c.point_cards) - 2
        if self.c.trump >= 0:
            guess += __builtin_popcount(self.c.hands[0] & self.c.suit_mask[self.c.trump])
        guess = max(0, min(top, guess))
        if self.can_force(flags, guess):
            while guess < top and self.can_force(flags, guess + 1):
                guess += 1
            return guess
        guess -= 1
        while guess >= 0 and not self.can_force(flags, guess):
            guess -= 1
        return guess

    cdef int _value(self, ValueQuestion question, int past, int alpha, int beta):
        cdef int result
        cdef Trick t = self.trick
        if self.finished:
            raise ValueError("no cards left to play")
        if not 0 <= past < V_PASTS:
            raise ValueError("past is an index from past_index()")
        self.c.gen = self.engine.generation_for((self.rules, question.key))
        self.c.spec = &question.spec
        with nogil:
            result = _value_from(&self.c, &t, self.leader, self.played, past, alpha, beta)
        self.c.spec = NULL
        return result

    def value(self, ValueQuestion question, int past, int guess=0, bint mtd=False):
        """R34: the minimax of S from here, given the ``past`` so far (see past_index).

        One full-window alpha-beta by default; with ``mtd``, MTD(f): null-window
        searches from ``guess``, each moving the proved bound, until the bounds
        meet.  (Measured on 300 deals per bid: MTD(f) from 0 has the lower median
        but the higher mean and more nodes, so it is not the default.)
        """
        cdef int lower = NO_LOWER, upper = NO_UPPER, g = guess, beta
        if not mtd:
            return self._value(question, past, NO_LOWER, NO_UPPER)
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._value(question, past, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def value_at_least(self, ValueQuestion question, int past, int bound):
        """Whether the declarer can be sure of S >= ``bound``: a null-window value search."""
        return self._value(question, past, bound - 1, bound) >= bound


# After the classes it takes (Engine, ValueQuestion): the many-worlds entry points.
include "worlds.pxi"
