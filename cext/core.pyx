# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search core: a double-dummy alpha-beta over bitmasks, in typed C.

Hands are 32-bit masks with ``card = suit * 8 + rank`` as in
``ulti_solver/cards.py``, except that the caller re-numbers the ranks so
that, inside a suit, a higher bit always beats a lower one (for no-trump
games the ten moves below the unter, R3).  Seat 0 is the declarer (R5).

The search answers one kind of question: can the declarer force a set of
goals (the ``G_*`` flags) and, over the tricks still to play, at least
``need`` points in units of ten (R4: each ace and ten, and the last
trick)?  Every component of a bid, the whole bid (R24), the exact
declarer points and the silent achievements are built from such
questions by ``ulti_solver/goals.py``.

Techniques, in the spirit of Bo Haglund's DDS: a transposition table at
trick boundaries that stores bounds on the future point value (so one
table serves every ``need`` for the same goals), cut-offs from the points
still out, equivalent cards searched once, and move ordering.
"""

from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc

cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil

# Goal flags.  Each is a condition on the rest of the game.
G_ULTI = 1          # the declarer's trump seven wins the last trick, not played before (R19, R26)
G_ACES = 2          # every ace still out falls in a declarer trick (R20)
G_ALL_TRICKS = 4    # the declarer takes every trick (R21, R27)
G_NO_TRICKS = 8     # the declarer takes no trick (R23)
G_SEVEN_NOT_LAST = 16   # the trump seven does not win the last trick (R26: stops a silent ulti)
G_SEVEN_BEATEN = 32     # the trump seven is played to the last trick and beaten (R26: a failed silent ulti)
G_ONE_TRICK = 64    # the declarer takes at least one trick (R15 variant)

cdef enum:
    F_ULTI = 1
    F_ACES = 2
    F_ALL = 4
    F_NONE = 8
    F_SEVEN_NOT_LAST = 16
    F_SEVEN_BEATEN = 32
    F_ONE_TRICK = 64

cdef enum:
    TT_BITS = 17
    TT_SIZE = 1 << TT_BITS
    TT_MASK = TT_SIZE - 1
    NO_LOWER = -1
    NO_UPPER = 100

cdef struct Entry:
    uint32_t k0             # the position in relative ranks: see _position_key
    uint32_t k1
    uint32_t k2
    uint32_t gen
    uint8_t leader
    uint8_t flags
    int8_t lower      # proved: value >= lower
    int8_t upper      # proved: value <= upper
    int8_t move       # the lead that last decided this position, -1 if none

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
    int killer[3][11]       # per leader and tricks left: the lead that last settled a position
    Entry* table

cdef struct Trick:
    int card[3]             # the cards played so far, in play order
    int winner_at[3]        # index of the card winning the trick after each play

cdef struct Key:
    uint32_t k0
    uint32_t k1
    uint32_t k2

cdef Entry* _table = NULL
# _packed[m][b]: the bits of b that lie in m, packed down in m's order (a byte-wide "pext").
cdef uint8_t _packed[256][256]


cdef void _fill_packed() noexcept nogil:
    cdef int m, b, bit, out_bit, value
    for m in range(256):
        for b in range(256):
            value = 0
            out_bit = 0
            for bit in range(8):
                if m & (1 << bit):
                    if b & (1 << bit):
                        value |= 1 << out_bit
                    out_bit += 1
            _packed[m][b] = <uint8_t>value

_fill_packed()
cdef uint32_t _generation = 0
# One generation per way of valuing positions: the table stores bounds on the
# *future* of a position, which depend on the rules of play and the scoring
# cards but not on the deal it came from, so every search under the same
# rules shares the entries (a batch of deals, the 66 discards of one hand).
_generations = {}


def forget_positions():
    """Start the transposition table afresh (benchmarks time each solve from empty)."""
    _generations.clear()


cdef uint32_t _generation_for(tuple rules):
    global _generation
    if rules not in _generations:
        _generation += 1
        if _generation == 0:       # wrapped: 0 marks an unused entry
            _generation = 1
        _generations[rules] = _generation
    return _generations[rules]


cdef inline uint32_t _bit(int card) noexcept nogil:
    return (<uint32_t>1) << card


cdef inline uint32_t _above(Ctx* c, int card) noexcept nogil:
    """The cards of ``card``'s suit that beat it."""
    return c.suit_mask[card >> 3] & ~((<uint32_t>2 << card) - 1)


cdef inline bint _beats(Ctx* c, int card, int best) noexcept nogil:
    """R13: does ``card`` beat ``best``, the card winning so far?"""
    if (card >> 3) == (best >> 3):
        return card > best
    return (card >> 3) == c.trump


cdef uint32_t _legal(Ctx* c, Trick* t, int player, int pos) noexcept nogil:
    """R9-R12: the cards ``player`` may play as the ``pos``-th card of the trick."""
    cdef uint32_t hand = c.hands[player]
    cdef uint32_t allowed, follow, trumps, higher
    cdef int led, best
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
        elif c.trump >= 0 and (hand & c.suit_mask[c.trump]):
            trumps = hand & c.suit_mask[c.trump]     # R10
            if (best >> 3) == c.trump:
                higher = trumps & _above(c, best)    # R11: beat the highest trump
                allowed = higher if higher else trumps
            else:
                allowed = trumps
        else:
            allowed = hand                           # R10: any card
    if c.seven_kept and player == 0 and (allowed & _bit(c.seven)):
        if hand & c.suit_mask[c.trump] & ~_bit(c.seven):
            allowed &= ~_bit(c.seven)                # R12
    return allowed


cdef inline int _units(uint32_t cards, uint32_t point_cards) noexcept nogil:
    return __builtin_popcount(cards & point_cards)


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


cdef int _order_moves(Ctx* c, Trick* t, int player, int pos, uint32_t legal, int flags,
                      int need, int hint, int* moves) noexcept nogil:
    """Fill ``moves`` with one card per class of equivalent cards, the likeliest best first.

    Two cards of one hand and suit are equivalent when no card still out
    lies between them and they score alike (``plain``: the aces differ
    when four aces are asked, the trump seven when it is watched): playing either
    leaves the same game up to renaming; once no more points are needed
    (``need <= 0``) the points no longer tell cards apart.  The order is a
    heuristic only: ``hint`` (the lead that decided this position before)
    first, then win a trick cheaply, smear points onto a partner's trick,
    lose cheaply; in betli every side wants the other to take the trick.
    """
    cdef uint32_t live = c.hands[0] | c.hands[1] | c.hands[2]
    cdef uint32_t hand = c.hands[player]
    cdef uint32_t rest = legal
    cdef int n = 0, card, i, j, score, best, win_index, winner_seat, key
    cdef int scores[12]
    cdef uint32_t nxt, suit_cards, opponents, partner, defenders = c.hands[1] | c.hands[2]
    cdef bint points_matter = need > 0
    cdef bint mine, declarer_side = player == 0
    cdef bint betli = (flags & F_NONE) != 0
    cdef uint32_t plain = 0xFFFFFFFF   # cards that may stand in for a touching card
    if flags & F_ACES:
        plain &= ~c.aces
    if c.seven >= 0 and (c.seven_kept or (flags & (F_ULTI | F_SEVEN_NOT_LAST | F_SEVEN_BEATEN))):
        plain &= ~_bit(c.seven)
    for i in range(pos):
        live |= _bit(t.card[i])
    while rest:
        card = __builtin_ctz(rest)
        rest &= rest - 1
        # Skip a card whose touching higher card is in the same hand, plays alike and is legal.
        nxt = live & _above(c, card)
        if nxt:
            nxt = nxt & (~nxt + 1)
            if (nxt & legal) and (plain & _bit(card)) and (plain & nxt) and (not points_matter or (
                    ((c.point_cards & _bit(card)) != 0) == ((c.point_cards & nxt) != 0))):
                continue
        # Score the card.
        if pos == 0 and betli:
            suit_cards = c.suit_mask[card >> 3]
            if declarer_side:
                # A lead loses when a defender holds a higher card of the suit (R11 makes him beat it).
                score = (200 if defenders & _above(c, card) else 100) - (card & 7)
            else:
                # Lead low into a suit the declarer holds: R11 makes him beat it if he can.
                score = (200 if c.hands[0] & suit_cards else 100) - (card & 7)
                if c.hands[0] & _above(c, card) and not (c.hands[0] & suit_cards & ~_above(c, card)):
                    score += 100   # every card he has in the suit is higher
        elif pos == 0:
            # Leading: the top card still out in its suit first (it wins unless an
            # opponent void in the suit ruffs it), then low cards, toward a partner's
            # top card first.
            suit_cards = c.suit_mask[card >> 3]
            opponents = defenders if declarer_side else c.hands[0]
            partner = 0 if declarer_side else (c.hands[1] | c.hands[2]) & ~hand
            if not (live & _above(c, card)):
                score = 200 + (card & 7)
                if c.trump >= 0 and (card >> 3) != c.trump and _ruffable(c, opponents, suit_cards):
                    score -= 120
            elif partner & suit_cards and not (live & ~partner & _above(c, 31 - __builtin_clz(partner & suit_cards))):
                score = 150 - (card & 7)
            else:
                score = 100 - (card & 7)
        else:
            best = t.card[t.winner_at[pos - 1]]
            if _beats(c, card, best):
                win_index = pos
            else:
                win_index = t.winner_at[pos - 1]
            winner_seat = (player + 3 - pos + win_index) % 3
            mine = (winner_seat == 0) == declarer_side
            if betli:
                mine = not mine
            if mine and pos == 1 and not betli and ((player + 1) % 3 == 0) != declarer_side and \
                    _can_beat(c, c.hands[(player + 1) % 3], t.card[0] >> 3, card if win_index == pos else best):
                # The last player, an opponent, can take it anyway: keep high cards and points.
                score = 150 - (card & 7) - (30 if (c.point_cards & _bit(card)) else 0)
            elif mine:
                # Our side takes the trick so far: win low, or smear points on a partner's card.
                if win_index == pos:
                    score = 200 - (card & 7) + (20 if (c.point_cards & _bit(card)) and pos == 2 else 0)
                else:
                    score = 200 + (30 if (c.point_cards & _bit(card)) else 0) - (card & 7)
            else:
                score = 100 - (card & 7) - (30 if (c.point_cards & _bit(card)) else 0)
        if card == hint:
            score += 10000
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


cdef inline void _position_key(Ctx* c, Key* key) noexcept nogil:
    """The position up to renaming: who holds the 1st, 2nd, ... highest card still out in
    each suit, and which of those are the ace, the ten and the trump seven.

    Positions with the same key play out alike (the rules compare cards
    only by their order in the suit, R9-R13, and score only the aces,
    tens and the trump seven), so they share one table entry, as in DDS.
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
            shape |= ((m >> 7) & 1) << 4 | ((m >> 6) & 1) << 5   # ace, ten still out
            if s == c.trump:
                shape |= (m & 1) << 6                              # trump seven still out
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
    if need > 0 or flags != F_ULTI:
        return False
    other_trumps = __builtin_popcount(c.hands[0] & trumps & ~seven)
    plain = __builtin_popcount(c.hands[0] & ~trumps)
    if other_trumps >= plain + (1 if leader != 0 else 0):
        result[0] = True
        return True
    return False


cdef inline bint _declarer_takes_the_rest(Ctx* c, int leader) noexcept nogil:
    """Whether the declarer surely wins every trick still to play.

    So when the defenders have no trump and either he holds nothing but
    trumps, or he is on lead and each of his cards beats every defender's
    card of its suit (led top down, each wins and keeps him on lead).  The
    trump seven, if his, can be kept for the last trick (R12 allows it).
    """
    cdef uint32_t dec = c.hands[0], defenders = c.hands[1] | c.hands[2]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    cdef uint32_t mine, theirs
    cdef int s
    if defenders & trumps:
        return False
    if trumps and (dec & ~trumps) == 0:
        return True
    if leader != 0:
        return False
    for s in range(4):
        mine = dec & c.suit_mask[s]
        theirs = defenders & c.suit_mask[s]
        if mine and theirs and (theirs & _above(c, __builtin_ctz(mine))):
            return False
    return True


cdef inline bint _declarer_below(Ctx* c) noexcept nogil:
    """Whether each of the declarer's cards is below every defender's card of its suit."""
    cdef uint32_t dec = c.hands[0], defenders = c.hands[1] | c.hands[2]
    cdef uint32_t mine, theirs
    cdef int s
    for s in range(4):
        mine = dec & c.suit_mask[s]
        theirs = defenders & c.suit_mask[s]
        if mine and theirs and __builtin_ctz(theirs) < 31 - __builtin_clz(mine):
            return False
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
    if not _declarer_below(c):
        return False
    return leader != 0 or (c.hands[0] & _suits_of(c, c.hands[1] | c.hands[2])) != 0


cdef inline bint _defenders_take_the_rest(Ctx* c, int leader) noexcept nogil:
    """Whether the declarer surely loses every trick still to play, try as he may.

    So when he has no trump and each of his cards is below every
    defender's card of its suit: whatever a defender leads, he cannot
    beat or ruff it.  If he is on lead now, every lead he has must lose
    too: the defenders hold that suit (R11 makes one of them beat him) or
    a trump (a void defender must ruff, R10).
    """
    cdef uint32_t defenders = c.hands[1] | c.hands[2]
    cdef uint32_t trumps = c.suit_mask[c.trump] if c.trump >= 0 else 0
    if (c.hands[0] & trumps) or not _declarer_below(c):
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


cdef bint _trick_start(Ctx* c, int leader, int need, int flags) noexcept nogil:
    """A trick boundary: cut-offs, the transposition table, then the trick's plays."""
    cdef uint32_t out = c.hands[0] | c.hands[1] | c.hands[2]
    cdef int available = _units(out, c.point_cards) + 1   # + the last trick (R4)
    cdef Entry* e
    cdef bint result
    cdef int hint = -1, decided = -1
    cdef uint32_t trumps_d, trumps_f, sure_f, sure_d
    cdef Trick trick
    cdef Key key
    c.nodes += 1
    if need > available:
        return False
    if need < 0:
        need = 0
    if need == 0 and flags == 0:
        return True
    if (flags & F_ULTI) and not (c.hands[0] & _bit(c.seven)):
        return False
    if (flags & F_ULTI) and _ulti_settled(c, leader, need, flags, &result):
        return result
    if flags == F_NONE and c.trump < 0 and _declarer_ducks_the_rest(c, leader):
        return True
    if (flags & (F_NONE | F_SEVEN_NOT_LAST | F_SEVEN_BEATEN)) == 0 and _defenders_take_the_rest(c, leader):
        # No trick, no point and no ace left for him: only a goal already met survives.
        return (need <= 0 and (flags & (F_ALL | F_ONE_TRICK)) == 0
                and not ((flags & F_ACES) and (out & c.aces)))
    if _declarer_takes_the_rest(c, leader):
        if flags & F_NONE:
            return False
        if (flags & (F_SEVEN_NOT_LAST | F_SEVEN_BEATEN)) == 0:
            return True          # every point and goal left is his (need <= available above)
    if (flags & F_ACES) and leader != 0 and _leads_a_sure_ace(c, leader):
        return False
    if c.trump >= 0:
        # Trumps higher than every trump of the other side win whatever trick they fall in.
        trumps_d = c.hands[0] & c.suit_mask[c.trump]
        trumps_f = (c.hands[1] | c.hands[2]) & c.suit_mask[c.trump]
        sure_f = trumps_f & _above(c, 31 - __builtin_clz(trumps_d)) if trumps_d else trumps_f
        if sure_f:
            if flags & F_ALL:
                return False                       # a defender will take a trick
            if (flags & F_ACES) and (sure_f & c.aces):
                return False                       # the trump ace falls to the defenders
            if need > available - _units(sure_f, c.point_cards):
                return False
        if flags == 0 and trumps_d:
            sure_d = trumps_d & _above(c, 31 - __builtin_clz(trumps_f)) if trumps_f else trumps_d
            if need <= _units(sure_d, c.point_cards):
                return True
    _position_key(c, &key)
    e = &c.table[_hash(&key, leader, flags)]
    if _entry_is(c, e, &key, leader, flags):
        if e.lower >= need:
            return True
        if e.upper < need:
            return False
        hint = e.move
    if hint < 0:
        hint = c.killer[leader][__builtin_popcount(c.hands[0])]
    result = _play(c, &trick, leader, 0, need, flags, hint, &decided)
    # The slot may have been taken by another position meanwhile.
    if not _entry_is(c, e, &key, leader, flags):
        _claim(c, e, &key, leader, flags)
    if result:
        if need > e.lower:
            e.lower = <int8_t>need
    elif need - 1 < e.upper:
        e.upper = <int8_t>(need - 1)
    if decided >= 0:
        e.move = <int8_t>decided
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
    cdef int n = _order_moves(c, t, player, pos, _legal(c, t, player, pos), flags, need, hint, moves)
    cdef int i, card
    cdef bint result
    for i in range(n):
        card = moves[i]
        c.hands[player] &= ~_bit(card)
        t.card[pos] = card
        if pos == 0:
            t.winner_at[0] = 0
        elif _beats(c, card, t.card[t.winner_at[pos - 1]]):
            t.winner_at[pos] = pos
        else:
            t.winner_at[pos] = t.winner_at[pos - 1]
        if pos < 2:
            result = _play(c, t, leader, pos + 1, need, flags, -1, NULL)
        else:
            result = _trick_end(c, t, leader, need, flags)
        c.hands[player] |= _bit(card)
        if result == (player == 0):
            if decided != NULL:
                decided[0] = card
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
        flags &= ~F_ONE_TRICK
    else:
        if flags & F_ALL:
            return False
        if (flags & F_ACES) and (cards & c.aces):
            return False
    if (flags & F_NONE) and by_declarer:
        return False
    if seven_here:
        if flags & F_ULTI:
            if not (last and seven_wins):
                return False
            flags &= ~F_ULTI
        if (flags & F_SEVEN_NOT_LAST) and last and seven_wins:
            return False
        if flags & F_SEVEN_BEATEN:
            if not last or seven_wins:
                return False
            flags &= ~F_SEVEN_BEATEN
    if last:
        return need <= 0 and (flags & (F_ONE_TRICK | F_SEVEN_BEATEN | F_ULTI)) == 0
    return _trick_start(c, winner, need, flags)


cdef class Search:
    """One deal under one trump and one set of play rules, ready for many questions.

    ``hands`` are the three masks (ranks re-numbered so that a higher bit
    wins), ``trump`` a suit or -1, ``point_cards`` the aces and tens,
    ``aces`` the aces, ``seven_kept`` switches on R12.
    """

    cdef Ctx c

    def __cinit__(self):
        global _table
        if _table == NULL:
            _table = <Entry*>calloc(TT_SIZE, sizeof(Entry))
            if _table == NULL:
                raise MemoryError("no memory for the transposition table")

    def __init__(self, uint32_t h0, uint32_t h1, uint32_t h2, int trump, uint32_t point_cards,
                 uint32_t aces, bint seven_kept):
        cdef int s, i
        if (h0 & h1) or (h0 & h2) or (h1 & h2):
            raise ValueError("the hands share a card")
        if not (__builtin_popcount(h0) == __builtin_popcount(h1) == __builtin_popcount(h2)):
            raise ValueError("the hands must hold the same number of cards at a trick boundary")
        if trump < -1 or trump > 3:
            raise ValueError(f"trump must be -1 or a suit 0-3, not {trump}")
        self.c.hands[0] = h0
        self.c.hands[1] = h1
        self.c.hands[2] = h2
        for s in range(4):
            self.c.suit_mask[s] = (<uint32_t>0xFF) << (8 * s)
        self.c.trump = trump
        self.c.seven = trump * 8 if trump >= 0 else -1
        self.c.seven_kept = seven_kept and trump >= 0
        self.c.point_cards = point_cards
        self.c.aces = aces
        self.c.nodes = 0
        for s in range(3):
            for i in range(11):
                self.c.killer[s][i] = -1
        self.c.gen = _generation_for((trump, self.c.seven_kept, point_cards, aces))
        self.c.table = _table

    @property
    def nodes(self):
        """Trick-boundary positions visited so far (a work count for benchmarks)."""
        return self.c.nodes

    def can_force(self, int flags, int need, int leader=0):
        """Whether the declarer can force ``flags`` and ``need`` more points (units of ten)."""
        if leader < 0 or leader > 2:
            raise ValueError("leader is a seat 0-2")
        if self.c.hands[0] == 0:
            raise ValueError("no cards left to play")
        if (flags & (F_ULTI | F_SEVEN_NOT_LAST | F_SEVEN_BEATEN)) and self.c.trump < 0:
            raise ValueError("the seven goals need a trump")
        with nogil:
            result = _trick_start(&self.c, leader, need, flags)
        return result

    def max_points(self, int flags=0, int leader=0):
        """The most units the declarer can force with ``flags`` met, or -1 if ``flags`` cannot be.

        MTD-style: probe at a guess, then step up (or down) one unit at a
        time until the answer flips.  Probes far from the true value are
        cheap and the table keeps what each probe proved, so a good guess
        leaves about two expensive probes (the value and one above).  The
        guess -- the declarer's aces and tens, plus his trumps beyond two
        -- is within one unit of the value on most deals.
        """
        cdef uint32_t out = self.c.hands[0] | self.c.hands[1] | self.c.hands[2]
        cdef int top = _units(out, self.c.point_cards) + 1
        cdef int guess = _units(self.c.hands[0], self.c.point_cards) - 2
        if self.c.trump >= 0:
            guess += __builtin_popcount(self.c.hands[0] & self.c.suit_mask[self.c.trump])
        guess = max(0, min(top, guess))
        if self.can_force(flags, guess, leader):
            while guess < top and self.can_force(flags, guess + 1, leader):
                guess += 1
            return guess
        guess -= 1
        while guess >= 0 and not self.can_force(flags, guess, leader):
            guess -= 1
        return guess
