"""A whole game's auction and kontras judged from each seat's view (R43, R44, INTERFACE.md "Whole games").

``ulti analyse --file GAMES`` judges every card of a whole-game record
(R44); beside them, :func:`judge_auction_and_kontras` judges what was
decided before the play and in its first trick:

* the declarer's last discard and bid (with the trump he then named),
  from the twelve cards he held, against the best of the bids he could
  legally say at that moment, as ``ulti bid`` weighs them
  (:mod:`.bid_judging`, whose docstring says what its worlds condition on);
* each kontra of R48, said or left unsaid, from the seat's view at its
  turn, as ``ulti kontra`` weighs it (:mod:`.kontra_judging`, likewise).

Each judgement carries its loss in units per defender, from the chooser's
side, its standard error and R44's band (inaccuracy from 1, mistake from
3, blunder from 8, only beyond twice the standard error).  Every figure
depends on (game, samples, seed) alone, however the work is spread
(``runner``: this process, ``Runner(jobs)`` or a cluster).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, List, Optional, Union

from ..errors import UltiInputError
from ..i18n import L_, Message, english
from .bid_judging import BidJudgement, bid_moment, judge_bid
from .kontra_judging import KontraVerdict, judge_kontras, plan_kontras

if TYPE_CHECKING:
    from ..game.referee import Game
    from ..runner import OnProgress, Runner

#: The worlds of each question when none are asked for, as ``analyse --knowable``'s.
DEFAULT_SAMPLES = 100


class GameJudgingError(UltiInputError):
    """A game that cannot be judged (not over), or a number of worlds that cannot be."""


@dataclass
class WholeGameJudgement:
    """The declarer's last bid (or why it was not judged) and every kontra turn's doublings, judged."""

    bid: Optional[BidJudgement]
    bid_skipped: Optional[Message]
    kontras: List[KontraVerdict]
    samples: Union[int, str]
    seed: int
    seconds: float = field(default=0.0, compare=False)

    def bands(self) -> Dict[int, Dict[str, int]]:
        """Per table seat, how many of its choices fell in each band (R44)."""
        counted: Dict[int, Dict[str, int]] = {seat: {} for seat in range(3)}
        marked = [(v.turn.seat, v.band) for v in self.kontras]
        if self.bid is not None:
            marked.append((self.bid.moment.seat, self.bid.band))
        for seat, name in marked:
            if name is not None:
                counted[seat][name] = counted[seat].get(name, 0) + 1
        return counted

    def as_json(self) -> dict:
        """``{"samples", "seed", "bid": {...} | null, "bid_skipped": reason | null, "kontras": [...],
        "bands": {seat: {band: count}}}``, the reason in English as every ``--json`` is."""
        return {
            "samples": self.samples,
            "seed": self.seed,
            "bid": None if self.bid is None else self.bid.as_json(),
            "bid_skipped": None if self.bid_skipped is None else english(self.bid_skipped),
            "kontras": [verdict.as_json() for verdict in self.kontras],
            "bands": {str(seat): counts for seat, counts in self.bands().items()},
        }

    def lines(self) -> List[str]:
        from ..render.game_judging import judgement_lines  # the text layer, loaded only to print

        return judgement_lines(self)

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _check_samples(samples) -> None:
    if samples == "all":
        return
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise GameJudgingError(
            L_("samples is a number of worlds (2 or more) or 'all', not {samples!r}", samples=samples)
        )


def judge_auction_and_kontras(
    game: Game,
    samples: Union[int, str] = DEFAULT_SAMPLES,
    *,
    seed: int = 0,
    runner: Optional[Runner] = None,
    on_progress: Optional[OnProgress] = None,
) -> WholeGameJudgement:
    """The declarer's last discard and bid and every kontra turn of a finished ``game`` (the module).

    ``samples`` worlds for each question (the bid: as many for ``ulti bid``'s race and again as
    many fresh ones to compare his choice with the best), or ``"all"``: every world where few
    enough fit (``bidding.MOST_WORLDS`` for the bid, :data:`~.kontra_judging.MOST_WORLDS` for a
    kontra turn), else 1,000 drawn.  ``runner`` spreads the work (default: this
    process).  ``on_progress(done, total)`` is told the worlds valued: the bid's race and its fresh
    worlds, then every kontra turn's (:data:`~ulti_solver.runner.OnProgress`; ``total`` grows when
    the race runs off)."""
    from ..game.referee import OVER
    from ..runner import report_progress, runner_for

    if game.phase != OVER:
        raise GameJudgingError(L_("the game is not over ({phase}): only a finished game is judged", phase=game.phase))
    _check_samples(samples)
    started = time.monotonic()
    moment = bid_moment(game)
    plan = plan_kontras(game, samples)
    bid_worlds = [0]

    def bid_progress(done: int, total: int) -> None:
        bid_worlds[0] = total
        report_progress(on_progress, done, total + plan.worlds)

    def kontra_progress(done: int, total: int) -> None:
        report_progress(on_progress, bid_worlds[0] + done, bid_worlds[0] + total)

    with runner_for(runner, 1, None) as run:
        judged: Optional[BidJudgement] = None
        skipped: Optional[Message] = None
        if isinstance(moment, Message):
            skipped = moment
        else:
            judged = judge_bid(moment, samples, rules=game.rules, seed=seed, runner=run, on_progress=bid_progress)
        verdicts = judge_kontras(game, samples, seed=seed, runner=run, on_progress=kontra_progress, plan=plan)
    return WholeGameJudgement(judged, skipped, verdicts, samples, seed, time.monotonic() - started)


__all__ = ["GameJudgingError", "WholeGameJudgement", "judge_auction_and_kontras"]
