"""What to bid from twelve cards: the best discard, bid and trump by single-dummy value (R43).

Before the discard the declarer sees his twelve cards; the other twenty
are split between the defenders in one of C(20, 10) = 184,756 ways, the
*worlds* (R42), all equally likely.  A candidate -- a discard, a bid and
its trump -- is worth the mean over the worlds of its double-dummy value
(R34, R43); its discard is its own, the same in every world (the declarer
discards before he sees a card of the others).  :func:`advise_bid` finds
the best candidates without valuing 9,900 of them on hundreds of worlds:

1. **Exact cuts** (:mod:`.bid_candidates`): discards that play alike are
   weighed once, and a bid with a part lost before play that a simpler bid
   beats in every world is not weighed: a 12-card hand keeps some 1,100
   to 2,200 candidates.
2. **A race on shared worlds** (:mod:`.racing`): every candidate is valued
   on the same worlds, drawn from the seed, in looks of 25, 50, 100, 200
   worlds, and dropped once it is clearly worse than a reference (a
   one-sided test on the paired differences, whose error rate
   :mod:`.racing` states).  Where a candidate has not been valued in a
   world its value there is an upper bound: first from cheap one-goal
   searches (:mod:`.bid_bounds`), then from null-window searches, each a
   small part of a value search, asking whether it can reach the
   steadiest reference's value there, one more (a tie), or four units a
   defender less.  In a look a small batch of the best-bounded candidates
   (and the party in each trump, a steady bid) is valued first, to give
   references; every other candidate is asked; those that may beat the
   reference in few worlds are valued in those; the rest are valued in
   small batches, most promising first, the references chosen again after
   each.  Most candidates are dropped without a value search of their own.
   The best ``top`` are never dropped, so each is valued on every world.
3. **A runoff**: when the first is not separated (racing.separated) from
   every other of the best ``top`` after the worlds asked, they race on
   for as many worlds again, once: the choice among near-equals rests on
   twice the worlds.
4. **A holdout**: the candidates reported are valued again on fresh
   worlds, which played no part in choosing them.  The race's own means
   are biased upward for the first-ranked (the best of many estimates is
   an overestimate: the optimizer's curse); the holdout means are not.

World i depends on (seed, i) alone, values are exact per world, and every
decision is taken on complete looks in a fixed order, so the answer is
the same however the work is spread (in this process, ``jobs`` worker
processes, or a Dask cluster).  Ctrl-C (KeyboardInterrupt) returns the
standings so far, marked partial.
"""

from __future__ import annotations

import functools
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

from ..bids import PARTY, Bid
from ..cards import SUIT_NAMES, card_name, format_hand
from ..coerce import as_bids, as_hand, as_rules
from ..deal import Deal
from ..dealing import Constraints, every_deal, sample_deal
from ..errors import UltiInputError
from ..i18n import L_, LN_
from ..kontra import NO_SPEC, KontraSpec, parse_kontra
from ..runner import ClusterLost
from ..variants import DEFAULT_RULES, Rules
from .bid_bounds import Bounds, failed_mask, family_of, goal_answers, goals_for
from .bid_candidates import BidCandidate, CandidateSet, candidates
from .racing import Paired, clearly_worse, differences, lower_limit, separated, summary

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
#: Holdout worlds are drawn from this index on, far from any world of the race.
HOLDOUT_FROM = 1 << 40
#: ``samples="all"`` counts every world up to this many.
MOST_WORLDS = 5_000
#: Searches per task for a pool or a cluster (a value search takes about a millisecond).
SEARCHES_PER_TASK = 200
#: What ``advise_bid`` reports by default, and how many worlds.
DEFAULT_TOP = 5
DEFAULT_SAMPLES = 200


class BidAdviceError(UltiInputError):
    """A hand, sample size or option ``ulti bid`` cannot use."""


@dataclass(frozen=True)
class WorldSource:
    """The worlds of a hand: drawn from ``seed`` (world i from (seed, i) alone), or, when
    ``exact``, every deal that fits, in :func:`~ulti_solver.dealing.every_deal` order."""

    constraints: Constraints
    seed: int = 0
    exact: bool = False

    def deal(self, index: int) -> Deal:
        if self.exact:
            return _every_world(self.constraints)[index]
        return sample_deal(self.constraints, self.seed, index)

    def after(self, discard, indices: Sequence[int]) -> List[Deal]:
        """The worlds ``indices`` after the declarer's ``discard`` (R6)."""
        return [self.deal(i).discard(*discard) for i in indices]


@functools.lru_cache(maxsize=4)
def _every_world(constraints: Constraints) -> List[Deal]:
    return list(every_deal(constraints))


# -- Tasks, run in this process, a pool's workers or a cluster's ------------------------------


def _goal_task(source: WorldSource, rules: Rules, item) -> dict:
    """The goals of one discard's families in some worlds (:mod:`.bid_bounds`)."""
    discard, families, indices = item
    deals = source.after(discard, indices)
    return {family: goal_answers(deals, family, goals, rules=rules) for family, goals in families}


def _value_task(source: WorldSource, rules: Rules, item) -> list:
    """The declarer's totals (R34, R39) of some games of one discard, each in its own worlds."""
    from ..search import world_totals

    discard, games = item
    deals = _deals(source, discard, games)
    return [
        world_totals([deals[i] for i in worlds], bid, trump, rules=rules, kontra=kontra)
        for bid, trump, kontra, worlds in games
    ]


def _reach_task(source: WorldSource, rules: Rules, item) -> list:
    """Whether each game's declarer can be sure of a total of at least the world's bar (R34, R39):
    a null-window search, much cheaper than the value."""
    from ..search import total_at_least

    discard, games = item
    deals = _deals(source, discard, games)
    return [
        [
            total_at_least(deals[i], bid, trump, rules=rules, bound=bar, kontra=kontra)
            for i, bar in zip(worlds, bars, strict=True)
        ]
        for bid, trump, kontra, worlds, bars in games
    ]


def _deals(source: WorldSource, discard, games) -> Dict[int, Deal]:
    needed = sorted({i for game in games for i in game[3]})
    return dict(zip(needed, source.after(discard, needed), strict=True))


def _made_task(source: WorldSource, rules: Rules, item) -> list:
    """Whether each game's whole bid (R24) can be made, in its worlds."""
    from ..search import world_joints

    discard, games = item
    deals = _deals(source, discard, games)
    return [world_joints([deals[i] for i in worlds], bid, trump, rules=rules) for bid, trump, _, worlds in games]


def _chunks(indices: Sequence[int], size: int) -> List[Tuple[int, ...]]:
    return [tuple(indices[i : i + size]) for i in range(0, len(indices), size)]


# -- The result --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BidChoice:
    """One candidate as reported: its race over shared worlds and its holdout on fresh ones.

    Every figure is of the declarer's totals S_1 + S_2 (R39); the properties give units per
    defender.  ``behind`` is the first-ranked's totals minus this one's, world by world."""

    rank: int
    candidate: BidCandidate
    race: Paired
    made: Optional[int]
    holdout: Optional[Paired]
    behind: Paired

    @property
    def discard(self):
        return self.candidate.discard

    @property
    def bid(self) -> Bid:
        return self.candidate.bid

    @property
    def trump(self):
        return self.candidate.trump

    @property
    def samples(self) -> int:
        return self.race.n

    @property
    def mean_value(self) -> float:
        return self.race.per_defender

    @property
    def stderr_value(self) -> float:
        return self.race.stderr_per_defender

    @property
    def p_made(self) -> Optional[float]:
        return None if self.made is None or not self.race.n else self.made / self.race.n

    def as_json(self) -> dict:
        """The object of ``ulti bid --json`` (INTERFACE.md, "The player's view")."""
        from .simulate import wilson

        made = self.made if self.made is not None else 0
        low, high = wilson(made, self.samples) if self.made is not None else (None, None)
        data = {
            "rank": self.rank,
            "discard": [card_name(c) for c in self.discard],
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
        }
        if self.candidate.kontra:
            data["kontra"] = self.candidate.kontra.as_json()
        data.update(
            {
                "samples": self.samples,
                "mean_value": round(self.mean_value, 6),
                "stderr_value": round(self.stderr_value, 6),
                "p_made": None if self.p_made is None else round(self.p_made, 6),
                "ci95": None if low is None else [round(low, 6), round(high, 6)],
                "holdout_samples": 0 if self.holdout is None else self.holdout.n,
                "holdout_mean": None if self.holdout is None else round(self.holdout.per_defender, 6),
                "holdout_stderr": None if self.holdout is None else round(self.holdout.stderr_per_defender, 6),
                "behind_first": round(self.behind.per_defender, 6),
                "stderr_behind": round(self.behind.stderr_per_defender, 6),
                "same_as": [[card_name(c) for c in d] for d in self.candidate.same_as],
            }
        )
        return data


@dataclass
class BidAdvice:
    """The best candidates of a 12-card hand, best first, and how sure the race is of them."""

    constraints: Constraints
    rules: Rules
    choices: List[BidChoice]
    counts: Dict[str, int]  # candidates, merged, beaten, dropped_on_bounds, dropped_on_values, left
    looks: List[int]  # the worlds of each look completed
    seed: int
    exact: bool
    world_count: Optional[int]  # every world's count, when exact
    samples_asked: int
    separated: Optional[bool]  # whether the first is ahead of the second beyond chance
    kontra: KontraSpec = NO_SPEC
    partial: bool = False
    interrupted: Optional[BaseException] = field(default=None, repr=False)
    out_of_time: bool = False
    runoff: bool = False  # the best raced on for a second round of worlds, the first not yet separated
    seconds: float = 0.0

    @property
    def hand(self) -> str:
        return format_hand(self.constraints.hand)

    @property
    def worlds(self) -> int:
        return self.looks[-1] if self.looks else 0

    def best(self) -> Optional[BidChoice]:
        return self.choices[0] if self.choices else None

    def __str__(self) -> str:
        from ..cli.bid import advice_lines  # the command's own table: one piece of code prints both

        return "\n".join(advice_lines(self))


# -- The race ----------------------------------------------------------------------------------


class _Race:
    """The state of one race: each candidate's totals on the worlds valued so far, in world order."""

    def __init__(self, source, rules, pool: List[BidCandidate], top, exact, runner, on_progress):
        self.source, self.rules, self.top, self.exact = source, rules, top, exact
        self.alive = list(pool)
        self.totals: Dict[int, List[int]] = {c.order: [] for c in pool}
        self.run = runner
        self.on_progress = on_progress
        self.dropped_on_bounds = 0
        self.dropped_on_values = 0
        self.searches = {"value": 0, "reach": 0}
        self.looks: List[int] = []

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
        for owned, answers in zip(owners, self.run(partial(_value_task, self.source, self.rules), items), strict=True):
            for (cand, worlds), totals in zip(owned, answers, strict=True):
                found[cand.order].update(zip(worlds, totals, strict=True))
                self.searches["value"] += len(worlds)
        return found

    def reach(self, asked: Sequence[Tuple[BidCandidate, Sequence[int], Sequence[int]]]) -> Dict[int, Dict[int, bool]]:
        """order -> {world: whether it can be sure of the bar there} for each (candidate, worlds, bars)."""
        items, owners = self._tasks(asked)
        found: Dict[int, Dict[int, bool]] = {cand.order: {} for cand, _, _ in asked}
        for owned, answers in zip(owners, self.run(partial(_reach_task, self.source, self.rules), items), strict=True):
            for (cand, worlds), reached in zip(owned, answers, strict=True):
                found[cand.order].update(zip(worlds, reached, strict=True))
                self.searches["reach"] += len(worlds)
        return found

    def made(self, cands: Sequence[BidCandidate], indices: Sequence[int]) -> Dict[int, int]:
        """order -> in how many of the worlds ``indices`` the whole bid can be made (R24)."""
        items, owners = self._tasks([(c, list(indices)) for c in cands])
        found = {c.order: 0 for c in cands}
        for owned, answers in zip(owners, self.run(partial(_made_task, self.source, self.rules), items), strict=True):
            for (cand, _worlds), joints in zip(owned, answers, strict=True):
                found[cand.order] += sum(joints)
        return found

    def bounds(self, cands: Sequence[BidCandidate], indices: Sequence[int]) -> Dict[int, List[int]]:
        """Each candidate's upper bound in each world of ``indices`` (:mod:`.bid_bounds`)."""
        from ..pricing import final_table
        from ..scoring import Scoring, marriage_value

        families: Dict[tuple, set] = defaultdict(set)
        for cand in cands:
            families[cand.discard].add(family_of(cand.core))
        items = []
        for discard, fams in families.items():
            hand = self.source.constraints.hand & ~((1 << discard[0]) | (1 << discard[1]))
            asked = tuple((fam, goals_for(fam, hand, rules=self.rules)) for fam in sorted(fams))
            for chunk in _chunks(list(indices), SEARCHES_PER_TASK):
                items.append((discard, asked, chunk))
        answers: Dict[tuple, Dict[str, List[bool]]] = defaultdict(lambda: defaultdict(list))
        asked_goals = partial(_goal_task, self.source, self.rules)
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
            tables: Dict[Optional[int], object] = {}
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
                steady = steady_bids(pending)
                take += steady
                pending = [c for c in pending if c not in steady]
            complete(take)
            valued += take
            batch = NEXT_BATCH
            self.progress(len(valued) + len(pending), start)
        self.alive = self.drop_valued(valued, self.leaders(valued, n), n)
        self.looks.append(n)
        self.progress(len(self.alive), n)

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

    def progress(self, left: int, worlds: int) -> None:
        if self.on_progress is not None:
            self.on_progress(left, worlds)

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
    steady bid a hand falls back on, a reference that tells most candidates apart."""
    chosen: Dict[Optional[int], BidCandidate] = {}
    for cand in pending:
        if cand.bid.components == {PARTY} and cand.trump not in chosen:
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


def _runner(jobs: int, cluster, spread_after: Optional[float]) -> Callable:
    """``run(func, items)``: the results in input order, on the runner chosen."""
    from ..runner import ordered_results

    def run(func, items):
        workers = max(1, min(jobs, len(items)))
        with ordered_results(
            func, items, workers, 1, cluster=cluster, cluster_chunk=1, spread_after=spread_after
        ) as results:
            return list(results)

    return run


def _constraints(hand) -> Constraints:
    """What the declarer knows: his twelve cards (and, from Python, cards known in the other hands)."""
    if not isinstance(hand, Constraints):
        mask = as_hand(hand)
        if isinstance(mask, int) and 0 <= mask and mask.bit_count() != 12:
            raise BidAdviceError(
                LN_(
                    "the hand has {n} card: ulti bid weighs the discard too, so it takes your "
                    "12 cards before the discard (R6)",
                    "the hand has {n} cards: ulti bid weighs the discard too, so it takes your "
                    "12 cards before the discard (R6)",
                    mask.bit_count(),
                )
            )
        hand = Constraints(mask)
    if hand.talon is not None:
        raise BidAdviceError(
            L_("ulti bid weighs the discard too: give the 12 cards before the discard, without a talon")
        )
    return hand


def advise_bid(
    hand: Union[str, int, Constraints],
    samples: Union[int, str] = DEFAULT_SAMPLES,
    *,
    top: int = DEFAULT_TOP,
    bids: Optional[Sequence] = None,
    rules=DEFAULT_RULES,
    kontra=None,
    seed: int = 0,
    holdout: Optional[int] = None,
    time_budget: Optional[float] = None,
    jobs: int = 1,
    cluster=None,
    spread_after: Optional[float] = None,
    on_progress: Optional[Callable[[int, int], None]] = None,
    runoff: bool = True,
) -> BidAdvice:
    """R43 for a 12-card hand: the ``top`` best discards, bids and trumps, best first (the module).

    ``hand`` is the declarer's 12 cards (text or a mask), or
    :class:`~ulti_solver.dealing.Constraints` with cards known in a defender's hand or voids.
    ``samples`` worlds at most per candidate (each of the best ``top`` gets them all), or
    ``"all"``: every world counted (up to :data:`MOST_WORLDS`), exact and without holdout.
    ``bids`` restricts the candidates (each in its trumps, R28, R29); ``kontra`` applies to every
    candidate that has the components named (``"all"``: which bid survives a kontra on
    everything).  ``holdout`` fresh worlds re-value the reported candidates (default: as many as
    ``samples``).  ``time_budget`` (seconds) starts no look after it is spent: the answer then
    depends on the machine.  ``jobs``, ``cluster`` and ``spread_after`` as for
    :func:`ulti_solver.runner.ordered_results`.  ``on_progress(left, worlds)`` is told the
    candidates left and the worlds of the look done.
    """
    started = time.monotonic()
    constraints = _constraints(hand)
    rules, bids, spec = as_rules(rules), as_bids(bids), parse_kontra(kontra)
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise BidAdviceError(L_("top is how many candidates to report, 1 or more, not {top!r}", top=top))
    exact = samples == "all"
    if exact:
        count = constraints.deal_count()
        if count > MOST_WORLDS:
            raise BidAdviceError(
                L_(
                    "{count:,} worlds fit the hand, more than {most:,} to count one by one: "
                    "give a number of samples instead",
                    count=count,
                    most=MOST_WORLDS,
                )
            )
        sizes, holdout = [count], 0
    else:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
            raise BidAdviceError(
                L_("samples is a number of worlds (2 or more) or 'all', not {samples!r}", samples=samples)
            )
        sizes, count = looks_for(samples), None
        holdout = samples if holdout is None else holdout
        if isinstance(holdout, bool) or not isinstance(holdout, int) or holdout < 0:
            raise BidAdviceError(L_("holdout is a number of worlds (0 or more), not {holdout!r}", holdout=holdout))
    if spec:
        from .best import CANDIDATE_BIDS_ONLY

        spec.check_some_bid_has(CANDIDATE_BIDS_ONLY if bids is None else bids)
    source = WorldSource(constraints, seed, exact)
    chosen: CandidateSet = candidates(constraints.hand, bids, rules=rules, kontra=spec, example=source.deal(0))
    run = _runner(jobs, cluster, spread_after)
    race = _Race(source, rules, chosen.weighed, top, exact, run, on_progress)
    interrupted, out_of_time, previous, took, ran_off = None, False, 0, 0.0, False

    def in_time(n: int) -> bool:
        """Whether a look up to ``n`` worlds fits the budget, judged by the last look's pace."""
        if time_budget is None or not race.looks:
            return True
        spent = time.monotonic() - started
        return spent + took * (n - previous) / max(1, previous) <= time_budget

    try:
        for n in sizes:
            if not in_time(n):
                out_of_time = True
                break
            look_started = time.monotonic()
            race.look(previous, n)
            took, previous = time.monotonic() - look_started, n
        if runoff and not out_of_time and race.needs_runoff(previous):
            if in_time(2 * previous):
                race.alive = race.leaders(race.alive, previous)
                ran_off = True
                race.look(previous, 2 * previous)
            else:
                out_of_time = True
    except (KeyboardInterrupt, ClusterLost) as exc:  # Ctrl-C, SIGTERM, a cluster gone: what is done stands
        interrupted = exc
    ranked, n = race.standings()
    shown = ranked[:top]
    made: Dict[int, int] = {}
    kept_out: Dict[int, Paired] = {}
    if interrupted is None and shown:
        try:
            made = race.made(shown, range(n))
            if holdout:
                fresh = range(HOLDOUT_FROM, HOLDOUT_FROM + holdout)
                found = race.value([(c, fresh) for c in shown])
                kept_out = {o: summary([totals[w] for w in fresh]) for o, totals in found.items()}
        except (KeyboardInterrupt, ClusterLost) as exc:
            interrupted, made, kept_out = exc, {}, {}
    choices = _choices(race, shown, n, made, kept_out, exact)
    separate = None
    if len(choices) > 1:
        first, second = shown[0], shown[1]
        separate = separated(differences(race.totals[first.order][:n], race.totals[second.order][:n]), exact)
    counts = {
        "candidates": chosen.total,
        "merged": chosen.merged,
        "beaten": chosen.beaten,
        "weighed": len(chosen.weighed),
        "dropped_on_bounds": race.dropped_on_bounds,
        "dropped_on_values": race.dropped_on_values,
        "left": len(race.alive),
    }
    looks = race.looks if race.looks or not n else [n]
    return BidAdvice(
        constraints,
        rules,
        choices,
        counts,
        looks,
        seed,
        exact,
        count,
        samples if not exact else count,
        separate,
        spec,
        partial=interrupted is not None,
        interrupted=interrupted,
        out_of_time=out_of_time,
        runoff=ran_off,
        seconds=time.monotonic() - started,
    )


def _choices(race: _Race, shown, n, made, kept_out, exact) -> List[BidChoice]:
    """The reported candidates with their ranks (equal means share one) and figures."""
    choices: List[BidChoice] = []
    if not shown:
        return choices
    first = race.totals[shown[0].order][:n]
    for index, cand in enumerate(shown):
        totals = race.totals[cand.order][:n]
        stats = summary(totals, exact)
        rank = index + 1
        if choices and choices[-1].race.mean == stats.mean:
            rank = choices[-1].rank
        choices.append(
            BidChoice(
                rank,
                cand,
                stats,
                made.get(cand.order),
                kept_out.get(cand.order),
                summary(differences(first, totals), exact),
            )
        )
    return choices
