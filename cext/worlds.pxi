# Many worlds of one position in one call (R42, R43): the value, or a goal, of each.
#
# A seat's single-dummy questions solve the same position -- the same cards
# played, the same trick in progress -- in hundreds of worlds that differ
# only in where the unseen cards lie (and so in the hands, and in what the
# game pays: the talon's points, the marriages, who holds the trump seven).
# Here the worlds come in as arrays and are searched one after another in C,
# without Python between them, on one engine whose table stays warm: its
# entries are keyed by the position and the question, not by the world, so
# what one world proves serves the next (the same sharing as a batch of deals).


cdef struct WorldSetup:
    # What every world of a call shares: the rules of play and the trick in progress.
    int trump
    bint seven_kept
    bint ten_low
    int leader
    int played
    Trick trick


cdef int _world_setup(Ctx* c, WorldSetup* w, Engine engine, int trump, bint seven_kept, bint ten_low,
                      int leader, tuple trick) except -1:
    """Check the shared part of a call and fill the context the worlds are searched in."""
    cdef int s, i, card
    if trump < -1 or trump > 3:
        raise ValueError(f"trump must be -1 or a suit 0-3, not {trump}")
    if leader < 0 or leader > 2:
        raise ValueError("leader is a seat 0-2")
    if len(trick) > 2:
        raise ValueError("a trick in progress holds at most two cards")
    for s in range(4):
        c.suit_mask[s] = (<uint32_t>0xFF) << (8 * s)
    c.trump = trump
    c.seven = trump * 8 if trump >= 0 else -1
    c.seven_kept = seven_kept and trump >= 0
    c.point_cards = _ten_low_mask(BB_POINT_CARDS) if ten_low else BB_POINT_CARDS
    c.aces = BB_ACES
    c.nodes = 0
    c.stamp = 0
    c.pinned = 0
    c.seven_pinned = 0
    c.spec = NULL
    memset(c.stats, 0, sizeof(c.stats))
    c.table = engine.table
    c.history = engine.history
    memset(engine.history, 0, sizeof(engine.history))
    for s in range(3):
        for i in range(11):
            c.killer[s][i] = -1
    w.trump = trump
    w.seven_kept = c.seven_kept
    w.ten_low = ten_low
    w.leader = leader
    w.played = len(trick)
    for i in range(w.played):
        card = trick[i]
        if not 0 <= card < 32:
            raise ValueError(f"card {card} of the trick is not a card")
        if ten_low:
            card = (card & ~7) | _TEN_LOW[card & 7]
        _place(c, &w.trick, i, card)
    return 0


cdef int _world_hands(Ctx* c, WorldSetup* w, const uint32_t* hands, Py_ssize_t world) noexcept nogil:
    """Put one world's three hands into the context; 0 when they share a card or do not fit the trick."""
    cdef uint32_t h0 = hands[3 * world], h1 = hands[3 * world + 1], h2 = hands[3 * world + 2]
    cdef int counts[3]
    cdef int i
    if (h0 & h1) or (h0 & h2) or (h1 & h2):
        return 0
    c.hands[0] = _ten_low_mask(h0) if w.ten_low else h0
    c.hands[1] = _ten_low_mask(h1) if w.ten_low else h1
    c.hands[2] = _ten_low_mask(h2) if w.ten_low else h2
    for i in range(3):
        counts[i] = __builtin_popcount(c.hands[i])
    for i in range(w.played):
        counts[(w.leader + i) % 3] += 1
        if (c.hands[0] | c.hands[1] | c.hands[2]) & _bit(w.trick.card[i]):
            return 0
    return counts[0] == counts[1] and counts[1] == counts[2] and counts[0] > 0


def value_worlds(Engine engine, list questions, const int32_t[::1] pasts, const uint32_t[::1] hands,
                 int trump, bint seven_kept, bint ten_low, int leader=0, tuple trick=()):
    """R34 in every world: the minimax of ``questions[i]``'s prices from past ``pasts[i]``
    with the three hands ``hands[3i:3i+3]``; the leader and the trick in progress are the
    worlds' common ones.  Returns (values, nodes) with the values as a list of ints."""
    cdef Py_ssize_t n = len(questions), i
    cdef Ctx c
    cdef WorldSetup w
    cdef ValueSpec** specs
    cdef uint32_t* gens
    cdef int* results
    cdef int bad = -1
    cdef ValueQuestion question
    cdef int rules
    if pasts.shape[0] != n or hands.shape[0] != 3 * n:
        raise ValueError(f"{n} worlds need {n} pasts and {3 * n} hands")
    _world_setup(&c, &w, engine, trump, seven_kept, ten_low, leader, trick)
    if n == 0:
        return [], 0
    rules = (trump + 1) * 4 + w.seven_kept * 2 + ten_low
    specs = <ValueSpec**>calloc(n if n else 1, sizeof(ValueSpec*))
    gens = <uint32_t*>calloc(n if n else 1, sizeof(uint32_t))
    results = <int*>calloc(n if n else 1, sizeof(int))
    if specs == NULL or gens == NULL or results == NULL:
        free(specs)
        free(gens)
        free(results)
        raise MemoryError("no memory for the worlds")
    try:
        for i in range(n):
            question = questions[i]
            if not 0 <= pasts[i] < V_PASTS:
                raise ValueError("a past is an index from past_index()")
            specs[i] = &question.spec
            gens[i] = engine.generation_for((rules, question.key))
        with nogil:
            for i in range(n):
                if not _world_hands(&c, &w, &hands[0], i):
                    bad = i
                    break
                c.spec = specs[i]
                c.gen = gens[i]
                results[i] = _value_from(&c, &w.trick, w.leader, w.played, pasts[i], NO_LOWER, NO_UPPER)
        if bad >= 0:
            raise ValueError(f"world {bad}: the hands share a card, hold a card of the trick, or do not fit it")
        return [results[i] for i in range(n)], c.nodes
    finally:
        free(specs)
        free(gens)
        free(results)


def force_worlds(Engine engine, const int32_t[::1] flags, const int32_t[::1] needs, const uint32_t[::1] hands,
                 int trump, bint seven_kept, bint ten_low, int leader=0, tuple trick=()):
    """The goal search in every world: can the declarer force ``flags[i]`` and ``needs[i]`` more
    units with the hands ``hands[3i:3i+3]``?  Returns (answers, nodes), the answers as a list of bools."""
    cdef Py_ssize_t n = flags.shape[0], i
    cdef Ctx c
    cdef WorldSetup w
    cdef unsigned char* results
    cdef int bad = -1
    cdef uint32_t gen
    if needs.shape[0] != n or hands.shape[0] != 3 * n:
        raise ValueError(f"{n} worlds need {n} needs and {3 * n} hands")
    _world_setup(&c, &w, engine, trump, seven_kept, ten_low, leader, trick)
    for i in range(n):
        if (flags[i] & (ULTI | SEVEN_NOT_LAST | SEVEN_BEATEN)) and trump < 0:
            raise ValueError("the seven goals need a trump")
    gen = engine.generation_for((trump + 1) * 4 + w.seven_kept * 2 + ten_low)
    if n == 0:
        return [], 0
    results = <unsigned char*>calloc(n if n else 1, 1)
    if results == NULL:
        raise MemoryError("no memory for the worlds")
    try:
        with nogil:
            c.gen = gen
            for i in range(n):
                if not _world_hands(&c, &w, &hands[0], i):
                    bad = i
                    break
                results[i] = _force_from(&c, &w.trick, w.leader, w.played, needs[i], flags[i])
        if bad >= 0:
            raise ValueError(f"world {bad}: the hands share a card, hold a card of the trick, or do not fit it")
        return [bool(results[i]) for i in range(n)], c.nodes
    finally:
        free(results)
