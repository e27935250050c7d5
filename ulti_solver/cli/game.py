"""``ulti game``: whole games (R45-R50) from their records, checked and settled by the referee."""

from __future__ import annotations

import sys

import click

from ..batch import numbered_lines, one_line, open_lines
from ..errors import UltiInputError
from ..game.breach import GameRuleError
from ..game.record import game_json
from ..game.records import file_records, read_game
from ..i18n import N_, _, english
from ..render.game import game_lines
from ..render.output import Output, progress_bar
from ..stops import stops_wait
from .app import interrupted_status
from .language import UltiCommand
from .options import json_option


@click.command(name="game", cls=UltiCommand)
@click.option(
    "--file",
    "file",
    required=True,
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help=N_("The game records to check and settle: JSON lines or text blocks ('-' reads stdin)."),
)
@json_option(
    N_(
        'JSON lines: each record read, with the referee\'s "result" ({"by_seat": [r0, r1, r2], ...}); '
        'a broken one as {"line": N, "error": "...", "rule": "R47"}.'
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar on stderr."))
def command(file, as_json, quiet):
    """Check and settle whole games from their records (R45-R50).

    A record is a whole game from the deal to the payment: the deal of
    12/10/10 in table seats (seat 0 bids first, R45), every auction action
    (R46, R47), the trump, the kontras at their moment (R48), the cards,
    a concession (R39) or a throw-in (R49).  Each record is replayed
    through the referee: every action is checked as it is read, and the
    first one a rule forbids is reported with its index and the rule; the
    file goes on past it (exit status 2 at the end).  A good record is
    printed with what each table seat won or paid (R50), whatever result
    the record itself claimed.

    Records are JSON lines (what --json prints) or text blocks, one game
    per block, starting with a 'game' line (what this command prints
    without --json).  'ulti example whole-games' prints some.

    \b
    Examples:
      ulti example whole-games | ulti game --file -
      ulti example whole-games | ulti game --file - --json
      ulti example whole-games | ulti analyse --file -
    """
    out = Output()
    bad, done, total = [], 0, None
    with open_lines(file) as source:
        records = list(file_records(numbered_lines(source))) if file != "-" else file_records(numbered_lines(source))
        total = len(records) if isinstance(records, list) else None
        try:
            with progress_bar(total, N_("game"), quiet) as bar:
                out = Output(out.format, bar)
                for record in records:
                    try:
                        game = read_game(record.text)
                    except UltiInputError as exc:
                        bad.append(record.line)
                        _refused(out, record.line, exc, as_json)
                        bar.update(1)
                        continue
                    with stops_wait():
                        if as_json:
                            out.json(game_json(game))
                        else:
                            out.lines(game_lines(game))
                        done += 1
                    bar.update(1)
        except KeyboardInterrupt as exc:
            click.echo(_("stopped after {done} games").format(done=done), err=True)
            sys.exit(interrupted_status(exc))
    if bad:
        sys.exit(2)


def _refused(out: Output, line: int, exc: UltiInputError, as_json: bool) -> None:
    """A broken record: its line, why, and the rule it breaks (R45 for what is no record at all)."""
    rule = exc.rule if isinstance(exc, GameRuleError) else "R45"
    if as_json:  # JSON stays English, for scripts
        out.json({"line": line, "error": one_line(english(exc)), "rule": rule})
    else:
        out.message(_("line {line}: {message}").format(line=line, message=one_line(exc)))
