"""Monte Carlo from one hand: deal the unseen cards, solve each sample double dummy (PIMC).

A player knows his own cards, not the defenders'.  :func:`simulate` deals
the unseen cards at random among the deals that fit what he knows
(:class:`~ulti_solver.dealing.Constraints`), solves every sample for each
discard, bid and trump asked, and reports how often the whole bid was
made (with a Wilson 95% interval) and the mean double-dummy value (R34)
with its standard error.  Samples are solved in chunks on a runner
(this process, a local pool or a Dask cluster); sample i depends only on
(seed, i), and the counts are summed in sample order, so the numbers are
the same however the work is spread.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Callable, List, Optional, Sequence, Tuple

from .. import checks
from ..bids import Bid, trumps_to_solve
from ..cards import SUIT_NAMES, Suit, card_name, cards_label, format_hand
from ..coerce import as_simulation
from ..dealing import ConstraintError, Constraints, sample_deal
from ..i18n import L_
from ..kontra import NO_KONTRA, NO_SPEC, Kontra, KontraSpec, parse_kontra
from ..search import world_results
from ..variants import DEFAULT_RULES, Rules
from .best import CANDIDATE_BIDS
from .discards import all_discards
from .intervals import wilson

if TYPE_CHECKING:
    from ..accepted import BidsLike, ConstraintsLike, DiscardsLike, KontraSpecLike, RulesLike, TrumpLike

#: Samples when none are asked for: enough for a probability to within about +-0.07 (95%).
DEFAULT_SAMPLES = 200
#: The most samples one simulation takes: the 95% interval of a probability is then within
#: +-0.001, finer than anything printed, and more only makes a run that never ends.
MAX_SAMPLES = 1_000_000


@dataclass(frozen=True)
class Game:
    """One line of a simulation: a discard (or none), a bid, its trump and the kontras on it."""

    discard: Optional[Tuple[int, int]]
    bid: Bid
    trump: Optional[Suit]
    kontra: Kontra = NO_KONTRA


@dataclass
class Tally:
    """Made count and value sums of one game over the samples solved so far.

    The sums are of the declarer's total S_1 + S_2 (R39), integers however
    kontras split it; the value per defender is half of it."""

    game: Game
    samples: int = 0
    made: int = 0
    value_sum: int = 0
    value_squares: int = 0

    def add(self, made: bool, total: int) -> None:
        self.samples += 1
        self.made += made
        self.value_sum += total
        self.value_squares += total * total

    @property
    def p_made(self) -> float:
        return self.made / self.samples if self.samples else 0.0

    @property
    def mean_value(self) -> float:
        """The mean value per defender (R34): half the mean total."""
        return self.value_sum / self.samples / 2 if self.samples else 0.0

    @property
    def stderr_value(self) -> float:
        """The standard error of the mean value per defender (sample variance, n - 1)."""
        n = self.samples
        if n < 2:
            return 0.0
        variance = (self.value_squares - self.value_sum * self.value_sum / n) / (n - 1)
        return math.sqrt(max(0.0, variance) / n) / 2

    def as_json(self, hand: str) -> dict:
        low, high = wilson(self.made, self.samples)
        game = self.game
        return {
            "hand": hand,
            "discard": None if game.discard is None else [card_name(c) for c in game.discard],
            "bid": str(game.bid),
            "trump": None if game.trump is None else SUIT_NAMES[game.trump],
            **({"kontra": game.kontra.as_json()} if game.kontra else {}),
            "samples": self.samples,
            "made": self.made,
            "p_made": round(self.p_made, 6),
            "ci95": [round(low, 6), round(high, 6)],
            "mean_value": round(self.mean_value, 6),
            "stderr_value": round(self.stderr_value, 6),
        }


def games_for(
    constraints: Constraints,
    bids: Optional[Sequence[Bid]],
    trump: Optional[Suit],
    discards: Optional[Sequence[Tuple[int, int]]],
    *,
    kontra: KontraSpec = NO_SPEC,
    rules: Rules = DEFAULT_RULES,
) -> List[Game]:
    """Every (discard, bid, trump) asked: all discards of a 12-card hand and all bids by default,
    each with the kontras of ``kontra`` on the components it has (R36-R39)."""
    if constraints.talon is not None:
        if discards:
            raise ConstraintError(L_("a discard is for a 12-card hand; this hand already has its talon"))
        chosen: Sequence[Optional[Tuple[int, int]]] = [None]
    elif discards:
        chosen = []
        for pair in discards:
            cards = tuple(sorted(pair))
            if len(cards) != 2 or cards[0] == cards[1] or any(not (constraints.hand >> c) & 1 for c in cards):
                raise ConstraintError(
                    L_(
                        "a discard is two cards of the declarer's hand, not {cards}",
                        cards=cards_label(cards) or L_("nothing"),
                    )
                )
            chosen.append((cards[0], cards[1]))
    else:
        chosen = all_discards(constraints.hand)
    if bids:
        pairs = [pair for bid in bids for pair in trumps_to_solve(bid, trump)]
    else:
        pairs = [(b, t) for b, t in CANDIDATE_BIDS if trump is None or t in (trump, None)]
    kontra.check_some_bid_has(b for b, _ in pairs)
    levels = {b: kontra.for_bid(b, rules=rules, strict=False) if kontra else NO_KONTRA for b, _ in pairs}
    return [Game(d, b, t, levels[b]) for d in chosen for b, t in pairs]


def solve_samples(
    constraints: Constraints, games: Sequence[Game], seed: int, indices: Sequence[int], *, rules: Rules
) -> List[List[Tuple[bool, int]]]:
    """Samples ``indices``: for each, (whole bid made, the declarer's total S_1 + S_2) for each
    game, in order.

    Each game's samples go to the search together (:func:`~ulti_solver.search.world_results`):
    one core call per game and question for the whole chunk, with no Python between the deals
    and the table warm from one to the next.  Every answer is the one a solve of each deal on
    its own gives."""
    deals = [sample_deal(constraints, seed, index) for index in indices]
    columns = []
    for game in games:
        played = deals if game.discard is None else [deal.discard(*game.discard) for deal in deals]
        columns.append(world_results(played, game.bid, game.trump, rules=rules, kontra=game.kontra))
    if not columns:
        return [[] for _ in deals]
    return [list(row) for row in zip(*columns)]


def solve_sample(
    constraints: Constraints, games: Sequence[Game], seed: int, index: int, *, rules: Rules
) -> List[Tuple[bool, int]]:
    """Sample ``index``: (whole bid made, the declarer's total S_1 + S_2) for each game, in order."""
    return solve_samples(constraints, games, seed, (index,), rules=rules)[0]


def _runs(start: int, stop: int, size: int) -> List[range]:
    """start..stop-1 in consecutive runs of ``size`` samples: the chunks solved together."""
    return [range(first, min(first + size, stop)) for first in range(start, stop, size)]


@dataclass
class Simulation:
    """The tallies, ranked best mean value first, and whether every sample asked was solved."""

    hand: str
    tallies: List[Tally]
    asked: int
    #: What stopped the run early: the Ctrl-C or SIGTERM (a KeyboardInterrupt), or the
    #: :class:`~ulti_solver.runner.ClusterLost` of a cluster that went away; None when complete.
    interrupted: Optional[BaseException] = field(default=None)
    constraints: Optional[Constraints] = field(default=None, repr=False)  # what the samples kept
    rules: Rules = field(default=DEFAULT_RULES, repr=False)

    def __str__(self) -> str:
        """The table ``ulti simulate`` prints: the best 20 games, best mean value first."""
        from ..render.simulate import simulation_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(simulation_lines(self))

    def ranked(self) -> List[Tally]:
        order = {id(t): i for i, t in enumerate(self.tallies)}
        return sorted(self.tallies, key=lambda t: (-t.mean_value, -t.p_made, order[id(t)]))

    @property
    def solved(self) -> int:
        return self.tallies[0].samples if self.tallies else 0


def _cluster_argument(cluster):
    """None (no cluster), a scheduler address, a :class:`~ulti_solver.runner.ClusterAddress`, or a Dask client."""
    from ..runner import ClusterAddress

    if cluster is None or isinstance(cluster, (str, ClusterAddress)) or hasattr(cluster, "submit"):
        return cluster
    raise checks.wrong(
        "cluster", cluster, L_("None, an address such as 'tcp://127.0.0.1:8786', or a distributed.Client")
    )


#: Solves per cluster task: some 0.5-2 s of work (a quarter of that at the least, see
#: :func:`~ulti_solver.runner.task_size`), so that a task's round trip through the scheduler
#: (1-20 ms) costs a few percent at most.
SOLVES_PER_TASK = 500


def simulate(
    constraints: ConstraintsLike,
    samples: int,
    *,
    bids: BidsLike = None,
    trump: TrumpLike = None,
    discards: DiscardsLike = None,
    seed: int = 0,
    rules: RulesLike = DEFAULT_RULES,
    jobs: int = 1,
    cluster=None,
    on_progress: Optional[Callable[[int, int], None]] = None,
    spread_after: Optional[float] = None,
    kontra: KontraSpecLike = None,
    on_first: Optional[Callable[[float], None]] = None,
    runner=None,
) -> Simulation:
    """Solve ``samples`` deals fitting ``constraints`` for every game asked; see the module docstring.

    ``jobs`` worker processes (1: this process), or ``cluster``: a Dask
    scheduler address (``tcp://HOST:PORT``) or a ``distributed.Client``.
    ``on_progress(done, samples)`` is called after each sample with the count so far
    (:data:`ulti_solver.runner.OnProgress`).  ``runner``, a :class:`~ulti_solver.runner.Runner`,
    takes the place of ``jobs``, ``cluster`` and ``spread_after`` (a command's, one for its run).
    ``spread_after`` starts the pool only once the work has run that long
    in this process (see :func:`ulti_solver.runner.ordered_results`).
    ``on_first(seconds)``, when given, is called once sample 0 is solved,
    in this process and timed before the rest starts: what a long run's
    estimate is made from (a timing, not progress: that is ``on_progress``).
    Ctrl-C or SIGTERM (KeyboardInterrupt), or a cluster that is lost
    (:class:`~ulti_solver.runner.ClusterLost`), stops the work and returns
    the samples solved until then, marked ``interrupted``: every tally
    counts the same samples, 0 to n - 1, never part of one.
    """
    constraints, bids, trump, discards, rules = as_simulation(constraints, bids, trump, discards, rules=rules)
    from ..runner import ClusterLost, chunk_size, max_jobs, report_progress, runner_for

    why = L_(" (at {most:,} the {ci} interval is +-0.001)", most=MAX_SAMPLES, ci="95%")
    samples = checks.count("samples", samples, 1, MAX_SAMPLES, why)
    seed = checks.whole("seed", seed)
    jobs = checks.count("jobs", jobs, 1, max_jobs(), " (4 worker processes per core)")
    cluster = _cluster_argument(cluster)
    on_progress, on_first = checks.callback("on_progress", on_progress), checks.callback("on_first", on_first)
    spread_after = None if spread_after is None else checks.number("spread_after", spread_after)

    games = games_for(constraints, bids, trump, discards, kontra=parse_kontra(kontra), rules=rules)
    hand = format_hand(constraints.hand)
    work = partial(solve_samples, constraints, games, seed, rules=rules)
    per_task = max(1, min(samples, -(-SOLVES_PER_TASK // max(1, len(games)))))
    # (samples done, (made, value sum, value squares) per game), replaced whole after each sample:
    # an interrupt finds either the state before a sample or after it.
    state: Tuple[int, Tuple[Tuple[int, int, int], ...]] = (0, ((0, 0, 0),) * len(games))

    def counted(sample: List[Tuple[bool, int]]) -> None:
        nonlocal state
        done, sums = state
        state = (
            done + 1,
            tuple(
                (m + made, s + value, q + value * value) for (m, s, q), (made, value) in zip(sums, sample, strict=True)
            ),
        )
        report_progress(on_progress, done + 1, samples)

    interrupted = None
    first = 0
    try:
        if on_first is not None:
            started = time.perf_counter()
            (sample,) = work((0,))
            on_first(time.perf_counter() - started)
            counted(sample)
            first = 1
        rest = samples - first
        with runner_for(runner, jobs, cluster, spread_after) as run:
            workers = max(1, min(run.threads(), rest))
            size = min(chunk_size(rest, workers), per_task)  # a long sample streams one at a time
            runs = _runs(first, samples, size)  # each run of samples solved together, a local task
            with run.results(work, runs, cluster_chunk=max(1, per_task // size)) as results:
                for chunk in results:
                    for sample in chunk:
                        counted(sample)
    except (KeyboardInterrupt, ClusterLost) as exc:
        interrupted = exc
    done, sums = state
    tallies = [Tally(game, done, m, s, q) for game, (m, s, q) in zip(games, sums, strict=True)]
    return Simulation(hand, tallies, samples, interrupted, constraints, rules)
