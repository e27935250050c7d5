"""``ulti game``: whole games (R45-R50) played by bots or a person (:mod:`.game_play`), or read from
their records, checked and settled by the referee."""

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
from .options import build_rules, deal_argument, json_option, rules_options


@click.command(name="game", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument(required=False)
@click.option(
    "--file",
    "file",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help=N_("The game records to check and settle: JSON lines or text blocks ('-' reads stdin)."),
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="SPEC",
    help=N_(
        "The bot of a table seat: once for all three, or three times, seat 0 first (with --you: once "
        "or twice). random, another kind where installed (simple, pimc:worlds=32, alphamu), or cmd:COMMAND."
    ),
)
@click.option(
    "--you",
    type=click.IntRange(0, 2),
    metavar="SEAT",
    help=N_("Play this table seat yourself, at the terminal, against two bots."),
)
@click.option(
    "--seed",
    type=int,
    metavar="K",
    help=N_("Deal at random from this seed (default: a new one, printed); it also seeds the bots."),
)
@rules_options()
@json_option(
    N_(
        'JSON lines: the game played, or each record read, with the referee\'s "result" '
        '({"by_seat": [r0, r1, r2], ...}); a broken one as {"line": N, "error": "...", "rule": "R47"}.'
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar on stderr."))
def command(deal, file, bots, you, seed, variants, rulebook, table, as_json, quiet):
    """Check and settle whole games from their records (R45-R50).

    Without --file, it plays one whole game: dealt at random from --seed
    (or DEAL, before the discard: 12 cards for table seat 0, who bids
    first, and 10 for each other seat, R45), played by three bots, one
    --bot for each table seat or one for all (default: simple where this
    version has it, else random), or with --you SEAT by you at the
    terminal against two bots.  Each step is printed in words: the
    auction, the talon, the trump, the kontras, every trick and the
    payment; then the game's record.  With --json, only the record, with
    "bots" and, when a bot broke the protocol, "forfeit".

    A bot is random, another kind this version has (simple, pimc, alphamu, dd), or
    cmd:COMMAND, an outside engine speaking the protocol of
    docs/protocol.md ('ulti bot' runs one of ours as one).  A bot that
    answers late, wrongly or not at all forfeits the game: its seat pays
    as if conceding (R39), and the output says so.  As you play, each
    question shows your cards, what was said and played, and the choices
    numbered: type a number, or a card (HA, ♥A), a bid's words, pass.

    With --file, it reads records instead.  A record is a whole game from
    the deal to the payment: the deal of 12/10/10 in table seats, every
    auction action (R46, R47), the trump, the kontras at their moment
    (R48), the cards, a concession (R39) or a throw-in (R49).  Each record
    is replayed through the referee: every action is checked as it is
    read, and the first one a rule forbids is reported with its index and
    the rule; the file goes on past it (exit status 2 at the end).  A good
    record is printed with what each table seat won or paid (R50),
    whatever result the record itself claimed.  Records are JSON lines
    (what --json prints) or text blocks, one game per block, starting
    with a 'game' line (what this command prints without --json).  'ulti
    example whole-games' prints some.

    \b
    Examples:
      ulti game --seed 7 --bot random
      ulti game --seed 7 --bot random --json
      ulti game --seed 3 --bot random --bot cmd:'ulti bot random' --bot random --rules tournament
      ulti example whole-games | ulti game --file -
      ulti example whole-games | ulti game --file - --json
      ulti example whole-games | ulti analyse --file -
    """
    if file is None:
        from .game_play import play

        if quiet:
            raise click.UsageError(_("--quiet goes with --file: a game played shows no progress bar"))
        return play(deal, bots, you, seed, rules=build_rules(rulebook, variants, table), as_json=as_json)
    if deal or bots or you is not None or seed is not None or rulebook or variants or table:
        raise click.UsageError(
            _("--file reads game records: DEAL, --bot, --you, --seed and the rules options go without it")
        )
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
