"""The race of ``ulti bid``: every candidate valued on the same worlds, the clearly worse dropped.

Every candidate is valued on the same worlds, in looks of 25, 50, 100,
200 worlds, and dropped once it is clearly worse than a reference (a
one-sided test on the paired differences, :mod:`.racing`).  Where a
candidate has not been valued in a world its value there is an upper
bound: first from cheap one-goal searches (:mod:`.bid_bounds`), then
from null-window searches asking whether it can reach the steadiest
reference's value there.  The work goes out through a runner's ``run``
(:meth:`ulti_solver.runner.Runner.run`), so the answer is the same
however it is spread: every decision is taken on complete looks in a
fixed order.
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Sequence, Tuple

from ..bids import PARTY
from ..knowledge.source import WorldSource
from ..variants import Rules
from .bid_bounds import Bounds, failed_mask, family_of, goals_for
from .bid_candidates import BidCandidate
from .bid_worlds import SEARCHES_PER_TASK, HandWorlds, _chunks, _goal_task, _made_task, _reach_task, _value_task
from .racing import clearly_worse, differences, lower_limit, separated

if TYPE_CHECKING:
    from ..pricing import FinalTable

#: The worlds of the first look; each later look doubles them, up to the samples asked.
FIRST_LOOK = 25
#: Candidates valued in the first batch of the first look, to give references (the party in each
#: trump comes with them); later looks start with the best ``top`` so far.
FIRST_BATCH = 12
#: Candidates valued in each later batch of a look: few, so that the references improve between them.
NEXT_BATCH = 16
#: Bounds are worked out for a look only when more candidates than this are left.
BOUNDED_FROM = 64
#: A candidate is valued in the worlds where it may still beat the reference when they are at
#: most this share of the look's worlds; one that may beat it in more waits for its batch.
REFINE_SHARE = 0.25
#: The bars a candidate is asked to reach in a world, as offsets from the reference's value there
#: (the declarer's total): the value itself; one above, which tells a tie from a world where it is
#: better; and four units a defender below, which tells a game much worse from one a unit worse.
OFFSETS = (0, 1, -8)
#: A bound not worked out: above any total a game can pay.
NO_BOUND = 10**6


class Race:
    """The state of one race: each candidate's totals on the worlds valued so far, in world order."""

    def __init__(
        self,
        source: WorldSource,
        *,
        rules: Rules,
        pool: List[BidCandidate],
        top: int,
        exact: bool,
        runner: Callable,
        on_progress: Optional[Callable[[int, int], None]],
    ):
        self.source, self.rules, self.top, self.exact = source, rules, top, exact
        self.alive = list(pool)
        self.totals: Dict[int, List[int]] = {c.order: [] for c in pool}
        self.run = runner
        self.on_progress = on_progress
        self.dropped_on_bounds = 0
        self.dropped_on_values = 0
        self.searches = {"value": 0, "reach": 0}
        self.looks: List[int] = []
        self.goal = 0  # the worlds asked for: the samples, twice them in a runoff

    # -- asking the workers ------------------------------------------------------------------

    def _tasks(self, asked: Sequence[tuple]) -> Tuple[list, list]:
        """Tasks of about :data:`SEARCHES_PER_TASK` searches, one discard each: ``asked`` holds
        (candidate, worlds, extra...) and each task's games are (bid, trump, kontra, worlds, extra...)."""
        by_discard: Dict[tuple, list] = defaultdict(list)
        for entry in asked:
            by_discard[entry[0].discard].append(entry)
        items, owners = [], []
        for discard, entries in by_discard.items():
            games, owned, size = [], [], 0
            for cand, worlds, *extra in entries:
                for at in range(0, len(worlds), SEARCHES_PER_TASK):
                    part = tuple(worlds[at : at + SEARCHES_PER_TASK])
                    more = tuple(tuple(e[at : at + SEARCHES_PER_TASK]) for e in extra)
                    games.append((cand.bid, cand.trump, cand.kontra, part, *more))
                    owned.append((cand, part))
                    size += len(part)
                    if size >= SEARCHES_PER_TASK:
                        items.append((discard, tuple(games)))
                        owners.append(owned)
                        games, owned, size = [], [], 0
            if games:
                items.append((discard, tuple(games)))
                owners.append(owned)
        return items, owners

    def value(self, asked: Sequence[Tuple[BidCandidate, Sequence[int]]]) -> Dict[int, Dict[int, int]]:
        """order -> {world: the declarer's total there} for each (candidate, worlds) asked."""
        items, owners = self._tasks(asked)
        found: Dict[int, Dict[int, int]] = {cand.order: {} for cand, _ in asked}
        for owned, answers in zip(
            owners, self.run(partial(_value_task, self.source, rules=self.rules), items), strict=True
        ):
            for (cand, worlds), totals in zip(owned, answers, strict=True):
                found[cand.order].update(zip(worlds, totals, strict=True))
                self.searches["value"] += len(worlds)
        return found

    def reach(self, asked: Sequence[Tuple[BidCandidate, Sequence[int], Sequence[int]]]) -> Dict[int, Dict[int, bool]]:
        """order -> {world: whether it can be sure of the bar there} for each (candidate, worlds, bars)."""
        items, owners = self._tasks(asked)
        found: Dict[int, Dict[int, bool]] = {cand.order: {} for cand, _, _ in asked}
        for owned, answers in zip(
            owners, self.run(partial(_reach_task, self.source, rules=self.rules), items), strict=True
        ):
            for (cand, worlds), reached in zip(owned, answers, strict=True):
                found[cand.order].update(zip(worlds, reached, strict=True))
                self.searches["reach"] += len(worlds)
        return found

    def made(self, cands: Sequence[BidCandidate], indices: Sequence[int]) -> Dict[int, int]:
        """order -> in how many of the worlds ``indices`` the whole bid can be made (R24)."""
        items, owners = self._tasks([(c, list(indices)) for c in cands])
        found = {c.order: 0 for c in cands}
        for owned, answers in zip(
            owners, self.run(partial(_made_task, self.source, rules=self.rules), items), strict=True
        ):
            for (cand, _worlds), joints in zip(owned, answers, strict=True):
                found[cand.order] += sum(joints)
        return found

    def bounds(self, cands: Sequence[BidCandidate], indices: Sequence[int]) -> Dict[int, List[int]]:
        """Each candidate's upper bound in each world of ``indices`` (:mod:`.bid_bounds`)."""
        from ..pricing import final_table
        from ..scoring import Scoring, marriage_value

        hand_of = self.source.worlds
        assert isinstance(hand_of, HandWorlds)  # a race weighs one hand's worlds (hand_worlds)
        families: Dict[tuple, set] = defaultdict(set)
        for cand in cands:
            families[cand.discard].add(family_of(cand.core))
        items = []
        for discard, fams in families.items():
            hand = hand_of.constraints.hand & ~((1 << discard[0]) | (1 << discard[1]))
            asked = tuple((fam, goals_for(fam, hand, rules=self.rules)) for fam in sorted(fams))
            for chunk in _chunks(list(indices), SEARCHES_PER_TASK):
                items.append((discard, asked, chunk))
        answers: Dict[tuple, Dict[str, List[bool]]] = defaultdict(lambda: defaultdict(list))
        asked_goals = partial(_goal_task, self.source, rules=self.rules)
        for (discard, _asked, _chunk), found in zip(items, self.run(asked_goals, items), strict=True):
            for fam, goals in found.items():
                for goal, values in goals.items():
                    answers[discard, fam][goal].extend(values)
        worlds = [self.source.deal(i) for i in indices]
        marriages = {
            trump: [marriage_value(w.hands[1], trump) + marriage_value(w.hands[2], trump) for w in worlds]
            for trump in {c.trump for c in cands}
        }
        helper = Bounds()
        bounded: Dict[int, List[int]] = {}
        for cand in cands:
            tables: Dict[Optional[int], FinalTable] = {}
            keys = marriages[cand.trump] if cand.bid.plays_party else [None] * len(worlds)
            fam_answers = answers[cand.discard, family_of(cand.core)]
            found = []
            for w, key in enumerate(keys):
                table = tables.get(key)
                if table is None:
                    deal = worlds[w].discard(*cand.discard)
                    table = tables[key] = final_table(
                        Scoring(deal, cand.bid, cand.trump, rules=self.rules, kontra=cand.kontra)
                    )
                found.append(helper.bound(table, failed_mask(fam_answers, w, cand.bid.has_ulti)))
            bounded[cand.order] = found
        return bounded

    # -- deciding ----------------------------------------------------------------------------

    def mean_key(self, cand: BidCandidate, n: int):
        return (-sum(self.totals[cand.order][:n]), cand.order)

    def leaders(self, valued: Sequence[BidCandidate], n: int) -> List[BidCandidate]:
        """The ``top`` best by mean on the first ``n`` worlds, the leader first: the references a
        candidate is held to, and the candidates never dropped."""
        return sorted(valued, key=lambda c: self.mean_key(c, n))[: self.top]

    def steadiest(self, keep: Sequence[BidCandidate], n: int) -> BidCandidate:
        """The reference with the highest lower confidence limit of its mean: a steady good bid
        (a party) tells more candidates apart than a leader that swings (an ulti, made or lost)."""
        return max(keep, key=lambda c: (lower_limit(self.totals[c.order][:n], self.exact), -c.order))

    def references(self, keep: Sequence[BidCandidate], n: int) -> List[BidCandidate]:
        """What a candidate is held to: the leader, and the steadiest of the best when it is another."""
        steady = self.steadiest(keep, n)
        return [keep[0]] if steady is keep[0] else [keep[0], steady]

    def worse(self, vector: Sequence[int], refs: Sequence[BidCandidate], n: int) -> bool:
        """Clearly worse (:mod:`.racing`) than one of the references ``refs``."""
        return any(clearly_worse(differences(vector, self.totals[r.order][:n]), self.exact) for r in refs)

    def look(self, start: int, n: int) -> None:
        """Value the candidates left on worlds ``start`` to ``n - 1``, dropping the clearly worse.

        A candidate's figure in a world of the look is an upper bound (:mod:`.bid_bounds`) until it
        is valued there.  Best bound first, a first batch is valued in every world: the best
        ``top`` valued so far are never dropped, and the leader and the steadiest of them are the
        references a candidate is held to.  Every other candidate is then asked, world by
        world, whether it can reach the steadiest reference's value there (a null-window search,
        some twenty times cheaper than a value): a no lowers its bound to one below that value; a
        yes has it valued in that world.  What is clearly worse than a reference is dropped; the
        rest is valued in every world, in batches, most promising first, the references chosen
        again after each."""
        new = list(range(start, n))
        pending = list(self.alive)
        if len(pending) > BOUNDED_FROM:
            bound = self.bounds(pending, new)
        else:
            bound = {c.order: [NO_BOUND] * len(new) for c in pending}
        known: Dict[int, set] = {c.order: set() for c in pending}

        def vector(cand):
            return self.totals[cand.order][:start] + bound[cand.order]

        def learn(found):
            for order, values in found.items():
                for world, total in values.items():
                    bound[order][world - start] = total
                    known[order].add(world)

        def complete(cands):
            learn(self.value([(c, [w for w in new if w not in known[c.order]]) for c in cands]))
            for cand in cands:
                self.totals[cand.order][start:] = bound[cand.order]

        def promise(cand):
            return (-sum(vector(cand)), cand.order)

        valued: List[BidCandidate] = []
        # After the first look the candidates left are close: the best so far lead the way.
        batch, tested = FIRST_BATCH if not start else self.top, set()
        while pending:
            if valued:
                keep = self.leaders(valued, n)
                steady = self.steadiest(keep, n)
                if steady.order not in tested:
                    tested.add(steady.order)
                    bars = self.totals[steady.order][start:n]
                    for offset in OFFSETS:
                        self.lower(pending, new, bars, offset, bound, known)
                        pending = self.drop_pending(pending, vector, keep, n)
                    few = len(new) * REFINE_SHARE
                    asked = [(c, self.open_worlds(c, new, bars, bound, known)) for c in pending]
                    learn(self.value([(c, worlds) for c, worlds in asked if 0 < len(worlds) <= few]))
                pending = self.drop_pending(pending, vector, keep, n)
                valued = self.drop_valued(valued, keep, n)
            if not pending:
                break
            pending.sort(key=promise)
            take, pending = pending[:batch], pending[batch:]
            if not valued and not start:  # with a steady bid in every trump: a reference worth the name
                fallbacks = steady_bids(pending)
                take += fallbacks
                pending = [c for c in pending if c not in fallbacks]
            complete(take)
            valued += take
            batch = NEXT_BATCH
            self.progress(start)
        self.alive = self.drop_valued(valued, self.leaders(valued, n), n)
        self.looks.append(n)
        self.progress(n)

    @staticmethod
    def open_worlds(cand, new, bars, bound, known) -> List[int]:
        """The worlds where the candidate is not valued yet and may still reach the bars."""
        row = bound[cand.order]
        return [w for i, w in enumerate(new) if w not in known[cand.order] and row[i] >= bars[i]]

    def lower(self, pending, new, bars, offset: int, bound, known) -> None:
        """Whether each candidate can reach the bar of a world plus ``offset`` (a null-window
        search); a no makes its bound there one below that (totals are whole units).  Asked where
        the bound says it might: at or above the bar, every such world (offset 1 tells a tie,
        bound to the bar, from a world where it is better); below it, the worlds it fell short in."""
        asked = []
        for cand in pending:
            row, done = bound[cand.order], known[cand.order]
            worlds = [
                w
                for i, w in enumerate(new)
                if w not in done and row[i] >= bars[i] + offset and (offset >= 0 or row[i] < bars[i])
            ]
            if worlds:
                asked.append((cand, worlds, [bars[w - new[0]] + offset for w in worlds]))
        for order, reached in self.reach(asked).items():
            for world, yes in reached.items():
                if not yes:
                    at = world - new[0]
                    bound[order][at] = min(bound[order][at], bars[at] + offset - 1)

    def drop_pending(self, pending, vector, keep, n) -> List[BidCandidate]:
        refs = self.references(keep, n)
        kept = [c for c in pending if not self.worse(vector(c), refs, n)]
        self.dropped_on_bounds += len(pending) - len(kept)
        return kept

    def drop_valued(self, valued, keep, n) -> List[BidCandidate]:
        refs = self.references(keep, n)
        kept = [c for c in valued if c in keep or not self.worse(self.totals[c.order][:n], refs, n)]
        self.dropped_on_values += len(valued) - len(kept)
        return kept

    def needs_runoff(self, n: int) -> bool:
        """Whether, after ``n`` sampled worlds, the first is not yet separated (:mod:`.racing`) from
        every other of the best ``top``."""
        if self.exact or len(self.alive) < 2 or not self.looks:
            return False
        first, *others = self.leaders(self.alive, n)
        mine = self.totals[first.order][:n]
        return any(not separated(differences(mine, self.totals[c.order][:n]), False) for c in others)

    def progress(self, worlds: int) -> None:
        """``on_progress(worlds done, worlds asked)`` (:data:`ulti_solver.runner.OnProgress`)."""
        if self.on_progress is not None:
            self.on_progress(worlds, max(worlds, self.goal))

    def standings(self) -> Tuple[List[BidCandidate], int]:
        """The candidates with values on the most worlds of a look, and that many worlds: after a
        complete look its survivors; inside the first, those valued so far."""
        if self.looks:
            n = self.looks[-1]
            done = [c for c in self.alive if len(self.totals[c.order]) >= n]
            return sorted(done, key=lambda c: self.mean_key(c, n)), n
        valued = [c for c in self.alive if self.totals[c.order]]
        if not valued:
            return [], 0
        n = min(len(self.totals[c.order]) for c in valued)
        return sorted(valued, key=lambda c: self.mean_key(c, n)), n


def steady_bids(pending: Sequence[BidCandidate]) -> List[BidCandidate]:
    """The party in each trump with its most promising discard (``pending`` is best first): the
    steady bid a hand falls back on, a reference that tells most candidates apart; without a
    party among them, the bid of fewest components in each trump."""
    chosen: Dict[Optional[int], BidCandidate] = {}
    for cand in pending:
        if cand.bid.components == {PARTY} and cand.trump not in chosen:
            chosen[cand.trump] = cand
    if chosen or not pending:
        return list(chosen.values())
    # No party among them (bids that must beat a standing one): the simplest bid in each trump
    # stands in, so that the race still has a reference to drop the hopeless against early.
    fewest = min(len(cand.bid.components) for cand in pending)
    for cand in pending:
        if len(cand.bid.components) == fewest and cand.trump not in chosen:
            chosen[cand.trump] = cand
    return list(chosen.values())


def looks_for(samples: int) -> List[int]:
    """The worlds of each look: 25, 50, 100, ... up to ``samples``."""
    sizes, n = [], min(FIRST_LOOK, samples)
    while True:
        sizes.append(n)
        if n >= samples:
            return sizes
        n = min(2 * n, samples)
