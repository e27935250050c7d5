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
   The holdout goes in chunks of :data:`HOLDOUT_CHUNK` worlds, so that its
   memory stays small and ``time_budget`` is kept (a chunk that would not
   fit is not started, but the first always runs).
5. **An honest choice**: when the first is not separated from some of the
   best on the race's worlds, the race cannot tell them apart, so the
   advice goes to the one the fresh worlds favour among them; the fresh
   figure of that one is then the best of several estimates (biased up
   again), so it is valued once more on other fresh worlds (the
   *recheck*) and that figure is the one reported for it.

World i depends on (seed, i) alone, values are exact per world, and every
decision is taken on complete looks in a fixed order, so the answer is
the same however the work is spread (in this process, ``jobs`` worker
processes, or a Dask cluster).  Ctrl-C (KeyboardInterrupt) returns the
standings so far, marked partial.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Sequence, Union

from ..coerce import as_bids, as_rules
from ..dealing import Constraints
from ..errors import UltiInputError
from ..i18n import L_, LN_
from ..known_cards import as_hand
from ..kontra import parse_kontra
from ..runner import ClusterLost, OnProgress, Runner, runner_for
from ..variants import DEFAULT_RULES
from .bid_candidates import BidCandidate, CandidateSet, candidates
from .bid_race import Race, looks_for
from .bid_result import BidAdvice, BidChoice, ranked_choices
from .bid_worlds import hand_worlds
from .racing import Paired, differences, separated, summary

if TYPE_CHECKING:
    from ..accepted import BidsLike, HandLike, KontraSpecLike, RulesLike

#: Holdout worlds are drawn from this index on, far from any world of the race.
HOLDOUT_FROM = 1 << 40
#: The recheck's worlds (step 5) from this index on, far from the race's and the holdout's.
RECHECK_FROM = 2 << 40
#: Fresh worlds are valued this many at a time: the memory a holdout takes, and the step at which
#: ``time_budget`` may stop it.
HOLDOUT_CHUNK = 200
#: The most fresh worlds asked for: as many as ``--samples`` may be.
MOST_HOLDOUT = 1_000_000
#: ``samples="all"`` counts every world up to this many.
MOST_WORLDS = 5_000
#: What ``advise_bid`` reports by default, and how many worlds.
DEFAULT_TOP = 5
DEFAULT_SAMPLES = 200


class BidAdviceError(UltiInputError):
    """A hand, sample size or option ``ulti bid`` cannot use."""


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
    hand: Union[HandLike, Constraints],
    samples: Union[int, str] = DEFAULT_SAMPLES,
    *,
    top: int = DEFAULT_TOP,
    bids: BidsLike = None,
    rules: RulesLike = DEFAULT_RULES,
    kontra: KontraSpecLike = None,
    seed: int = 0,
    holdout: Optional[int] = None,
    time_budget: Optional[float] = None,
    jobs: int = 1,
    cluster=None,
    spread_after: Optional[float] = None,
    on_progress: Optional[OnProgress] = None,
    runoff: bool = True,
    runner: Optional[Runner] = None,
) -> BidAdvice:
    """R43 for a 12-card hand: the ``top`` best discards, bids and trumps, best first (the module).

    ``hand`` is the declarer's 12 cards (text or a mask), or
    :class:`~ulti_solver.dealing.Constraints` with cards known in a defender's hand or voids.
    ``samples`` worlds at most per candidate (each of the best ``top`` gets them all), or
    ``"all"``: every world counted (up to :data:`MOST_WORLDS`), exact and without holdout.
    ``bids`` restricts the candidates (each in its trumps, R28, R29); ``kontra`` applies to every
    candidate that has the components named (``"all"``: which bid survives a kontra on
    everything).  ``holdout`` fresh worlds (0 to :data:`MOST_HOLDOUT`) re-value the reported
    candidates (default: as many as ``samples``).  ``time_budget`` (seconds) starts no look,
    and no chunk of fresh worlds but the first, that would not end within it: the answer then
    depends on the machine.  ``jobs``, ``cluster`` and ``spread_after`` as for
    :func:`ulti_solver.runner.ordered_results` (or ``runner``, a
    :class:`~ulti_solver.runner.Runner`, in their place).  ``on_progress(done, total)`` is told
    the worlds of the looks done and the worlds asked for (a runoff doubles them;
    :data:`~ulti_solver.runner.OnProgress`).
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
        sizes, holdout, asked = [count], 0, count
    else:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
            raise BidAdviceError(
                L_("samples is a number of worlds (2 or more) or 'all', not {samples!r}", samples=samples)
            )
        sizes, count, asked = looks_for(samples), None, samples
        holdout = samples if holdout is None else holdout
        if isinstance(holdout, bool) or not isinstance(holdout, int) or not 0 <= holdout <= MOST_HOLDOUT:
            raise BidAdviceError(
                L_(
                    "holdout is a number of worlds from 0 to {most:,}, not {holdout!r}",
                    most=MOST_HOLDOUT,
                    holdout=holdout,
                )
            )
    if spec:
        from .best import CANDIDATE_BIDS_ONLY

        spec.check_some_bid_has(CANDIDATE_BIDS_ONLY if bids is None else bids)
    source = hand_worlds(constraints, seed, exact)
    chosen: CandidateSet = candidates(constraints.hand, bids, rules=rules, kontra=spec, example=source.deal(0))

    def left() -> Optional[float]:
        """Seconds of the budget left (None: no budget)."""
        return None if time_budget is None else time_budget - (time.monotonic() - started)

    with runner_for(runner, jobs, cluster, spread_after) as run:
        race = Race(
            source, rules=rules, pool=chosen.weighed, top=top, exact=exact, runner=run.run, on_progress=on_progress
        )
        race.goal = sizes[-1]
        interrupted, out_of_time, ran_off = _race(race, sizes, runoff, left)
        ranked, n = race.standings()
        shown = ranked[:top]
        made: Dict[int, int] = {}
        fresh: Dict[int, Paired] = {}
        pick, recheck = 0, None
        if interrupted is None and shown:
            try:
                made = race.made(shown, range(n))
                fresh = _fresh(race, shown, HOLDOUT_FROM, holdout, left)
                honest = _honest_pick(race, shown, n, fresh)
                if honest is not None:
                    pick, order = honest, shown[honest].order
                    recheck = _fresh(race, [shown[pick]], RECHECK_FROM, fresh[order].n, left)[order]
            except (KeyboardInterrupt, ClusterLost) as exc:
                interrupted, made, fresh, pick, recheck = exc, {}, {}, 0, None
    choices = ranked_choices(race, shown, n, made, fresh, exact)
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
        asked,
        separate,
        spec,
        partial=interrupted is not None,
        interrupted=interrupted,
        out_of_time=out_of_time,
        runoff=ran_off,
        seconds=time.monotonic() - started,
        unseparated=len(_unseparated(race, shown, n)) if shown and interrupted is None else 0,
        pick=pick,
        recheck=recheck,
        holdout_asked=holdout,
    )


def _race(race: Race, sizes: Sequence[int], runoff: bool, left: Callable[[], Optional[float]]):
    """The looks, then the runoff when the first is not separated: (interrupted, out of time, ran off).

    A look starts only when, at the last look's pace, it ends within the budget.  Ctrl-C,
    SIGTERM or a cluster gone stop the race: what is done stands."""
    out_of_time, previous, took, ran_off = False, 0, 0.0, False

    def in_time(n: int) -> bool:
        budget = left()
        return budget is None or not race.looks or took * (n - previous) / max(1, previous) <= budget

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
                race.goal, ran_off = 2 * previous, True
                race.look(previous, 2 * previous)
            else:
                out_of_time = True
    except (KeyboardInterrupt, ClusterLost) as exc:
        return exc, out_of_time, ran_off
    return None, out_of_time, ran_off


def _fresh(
    race: Race, cands: Sequence[BidCandidate], start: int, count: int, left: Callable[[], Optional[float]]
) -> Dict[int, Paired]:
    """Each candidate's totals on ``count`` fresh worlds from index ``start``, summed up; a chunk
    of :data:`HOLDOUT_CHUNK` worlds at a time, the next only when, at the last one's pace, it
    ends within the budget (the first always runs).  Empty for ``count`` 0."""
    totals: Dict[int, List[int]] = {c.order: [] for c in cands}
    done, took = 0, 0.0
    while done < count:
        size = min(HOLDOUT_CHUNK, count - done)
        budget = left()
        if done and budget is not None and took * size / HOLDOUT_CHUNK > budget:
            break
        chunk_started = time.monotonic()
        worlds = range(start + done, start + done + size)
        for order, values in race.value([(c, worlds) for c in cands]).items():
            totals[order].extend(values[w] for w in worlds)
        took, done = time.monotonic() - chunk_started, done + size
    return {order: summary(values) for order, values in totals.items()} if done else {}


def _unseparated(race: Race, shown: Sequence[BidCandidate], n: int) -> List[int]:
    """The indices in ``shown`` of the first and of those the race did not separate from it."""
    first = race.totals[shown[0].order][:n]
    return [0] + [
        i
        for i, cand in enumerate(shown[1:], 1)
        if not separated(differences(first, race.totals[cand.order][:n]), race.exact)
    ]


def _honest_pick(race: Race, shown: Sequence[BidCandidate], n: int, fresh: Dict[int, Paired]) -> Optional[int]:
    """Among the first and those not separated from it, the one the fresh worlds favour (its index
    in ``shown``; the better rank on a tie): None when the race separated the first from all, or
    there are no fresh worlds, and its choice stands."""
    if not fresh:
        return None
    leaders = _unseparated(race, shown, n)
    if len(leaders) < 2:
        return None
    return max(leaders, key=lambda i: (fresh[shown[i].order].mean, -i))


__all__ = ["BidAdvice", "BidAdviceError", "BidChoice", "advise_bid", "looks_for"]
