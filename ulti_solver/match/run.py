"""The run of a match: the deals handed to a runner, the standings kept as they come back.

Each deal is one task (:func:`.games.play_deal`): its six games in one
worker, so the bots are made once per deal in the process that plays it.
The runner returns the deals in order however the work is spread, and
the deals and seeds come from the match's seed alone
(:mod:`.arrangements`), so the standings, the records and the rounds are
the same for any ``jobs`` or cluster.  A Ctrl-C or SIGTERM, or a lost
cluster, stops the run: the standings are of the deals finished, marked
``interrupted``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import Callable, List, Optional, Sequence, Tuple

from .. import checks
from ..bots import make_bot, parse_spec
from ..coerce import as_rules
from ..errors import UltiInputError
from ..i18n import L_
from ..stops import stops_wait
from ..variants import DEFAULT_RULES
from .arrangements import SEATINGS, bot_labels
from .games import DealPlayed, play_deal
from .rounds import Round, rounds_of
from .stats import Standings

#: The most deals a match plays: six million games.
MAX_DEALS = 1_000_000


class MatchError(UltiInputError):
    """A match that cannot be played as asked: too few or too many bots."""


@dataclass
class Match:
    """A match played (or stopped): its standings, the results of every deal by seating when
    rounds were asked (``by_deal``), what stopped it, and how long it took."""

    standings: Standings
    deals: int
    by_deal: List[Tuple[Tuple[int, int, int], ...]] = field(default_factory=list)
    interrupted: Optional[BaseException] = None
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.standings.deals * SEATINGS

    @property
    def partial(self) -> bool:
        return self.standings.deals < self.deals

    def rounds(self) -> List[Round]:
        """The whole rounds played (seed 003), when the match kept them."""
        return rounds_of(self.standings.labels, self.by_deal)


def check_bots(specs: Sequence[str]) -> Tuple[str, ...]:
    """Two or three SPECs, each naming a bot that can be made (:class:`MatchError`,
    :class:`~ulti_solver.bots.BotError`)."""
    if isinstance(specs, str) or not 2 <= len(specs) <= 3:
        raise MatchError(L_("a match is of two or three bots: give --bot twice or three times"))
    for spec in specs:
        name, _options = parse_spec(spec)
        if name != "cmd":  # an outside engine starts a process: made in the workers only
            make_bot(spec).close()
    return tuple(spec.strip() for spec in specs)


def play_match(
    specs: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    rules=DEFAULT_RULES,
    runner=None,
    time_limit: Optional[float] = None,
    keep_rounds: bool = False,
    records: bool = False,
    on_deal: Optional[Callable[[DealPlayed, Standings], None]] = None,
) -> Match:
    """A duplicate match of the bots of ``specs`` (two or three) on ``deals`` deals (R50).

    ``runner`` (a :class:`~ulti_solver.runner.Runner`; None: this process) spreads the
    deals; ``on_deal(played, standings)`` is called with each deal in order (its games'
    records in it with ``records``) and the standings it made, inside a block that a
    Ctrl-C waits for (a file written there keeps whole deals).  ``keep_rounds`` keeps
    every deal's results for :meth:`Match.rounds`.  ``time_limit`` is the seconds a bot may take per answer
    (a late answer forfeits the game: results then depend on the machine)."""
    from ..runner import ClusterLost, Runner

    specs = check_bots(specs)
    deals = checks.count("deals", deals, 1, MAX_DEALS)
    seed = checks.whole("seed", seed)
    rules = as_rules(rules)
    time_limit = None if time_limit is None else checks.number("time_limit", time_limit)
    labels = tuple(bot_labels(specs))
    task = partial(play_deal, specs, seed, time_limit, checks.flag("records", records), labels, rules=rules)
    match = Match(Standings.start(labels), deals)
    started = time.monotonic()
    own = runner is None
    runner = Runner(1) if runner is None else runner
    try:
        with runner.results(task, list(range(deals))) as results:
            for played in results:
                with stops_wait():
                    standings = match.standings.add(played)
                    if keep_rounds:
                        match.by_deal.append(tuple(game.by_seat for game in played.games))
                    if on_deal is not None:
                        on_deal(played, standings)
                    match.standings = standings
    except (KeyboardInterrupt, ClusterLost) as exc:
        match.interrupted = exc
        del match.by_deal[match.standings.deals :]
    finally:
        if own:
            runner.close()
        match.seconds = time.monotonic() - started
    return match
