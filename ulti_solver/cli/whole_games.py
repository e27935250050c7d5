"""``ulti analyse --file`` of whole-game records (R45-R50): the play judged as any played game,
with the record's auction, kontras and result around it."""

from __future__ import annotations

from typing import Optional

from ..analysis.game_judging import WholeGameJudgement
from ..analysis.replay import GameAnalysis, analyse_game
from ..game.record import game_json
from ..game.referee import Game
from ..i18n import _
from ..render.analyse import game_table
from ..render.game import game_lines
from ..render.output import Output


def whole_game_analysis(game: Game, judge=None) -> Optional[GameAnalysis]:
    """The analysis of the game's play from the declarer's lead (R5 seats), under the kontras
    said (R48); None for a deal thrown in (R49), which has no play."""
    if game.thrown_in or game.end is None or not game.cards:
        return None
    assert game.bid is not None
    analysis = analyse_game(game.deal(), game.bid, game.trump, game.cards, rules=game.rules, kontra=game.kontra())
    return judge(analysis) if judge is not None else analysis


def print_whole_game(
    out: Output,
    game: Game,
    analysis: Optional[GameAnalysis],
    as_json: bool,
    line: Optional[int] = None,
    judgement: Optional[WholeGameJudgement] = None,
) -> None:
    """JSON: one object per card, then the summary with the whole record, its result (R50) and,
    with --knowable, the bid and kontras judged; text: the record, the bid and kontras judged,
    the tricks judged."""
    record = game_json(game)
    if as_json:
        tag = {} if line is None else {"line": line}
        summary: dict = analysis.summary() if analysis is not None else {}
        if analysis is not None:
            for verdict in analysis.verdicts:
                out.json({**tag, **verdict.as_json()})
        summary.update({"declarer_table_seat": game.declarer, "result": record.get("result"), "game": record})
        if judgement is not None:
            summary["judgement"] = judgement.as_json()
        out.json({**tag, "summary": summary})
        return
    if line is not None:
        out.line(_("== line {line} ==").format(line=line))
    out.lines(game_lines(game))
    if judgement is not None:
        out.lines(judgement.lines() + [""])
    if analysis is not None:
        out.line(
            _(
                "The play, from the declarer's lead; seats are counted from him (R5): table seat {seat} "
                "is the declarer."
            ).format(seat=game.declarer)
        )
        out.lines(game_table(analysis) + [""])
