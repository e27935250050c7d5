"""``ulti match``: bots against each other, every deal in every seating (R50)."""

from __future__ import annotations

import json
import sys
from typing import IO, Optional

import click

from ..errors import UltiInputError
from ..i18n import N_, _
from ..match import MAX_DEALS, ROUND_DEALS, SEATINGS, check_bots, play_match
from ..render.match import match_lines, standings_note, variance_notes
from ..render.output import LateBar, Output
from ..render.simulate import rate_text
from ..runner import ClusterLost, Runner
from .app import one_line
from .language import UltiCommand, option
from .options import BadInput, FiniteFloat, build_rules, check_jobs_or_cluster, json_option, rules_options, seed_option
from .running import run_work
from .work_options import cluster_options, jobs_option


@click.command(name="match", cls=UltiCommand)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    required=True,
    metavar="SPEC",
    help=N_("A bot (give two or three): random, simple, pimc:worlds=32, alphamu, dd or cmd:COMMAND."),
)
@option(
    "--deals",
    type=click.IntRange(min=1, max=MAX_DEALS),
    metavar="N",
    help=N_("Deals to play, each in all {seatings} seatings (at most {most:,})."),
    help_values={"seatings": SEATINGS, "most": MAX_DEALS},
)
@option(
    "--rounds",
    type=click.IntRange(min=1, max=MAX_DEALS // ROUND_DEALS),
    metavar="R",
    help=N_(
        "Instead of --deals: R rounds of {deals} deals, as a tournament plays them (R50), each round's "
        "score sheets printed, the first bidder moving on one seat a deal."
    ),
    help_values={"deals": ROUND_DEALS},
)
@seed_option(N_("The match's seed: the deals and every bot's choices; the same games however the work is spread."))
@rules_options()
@click.option(
    "--time-limit",
    "time_limit",
    type=FiniteFloat(min=0, min_open=True),
    metavar="SECONDS",
    help=N_(
        "A bot that takes longer over one answer forfeits the game (default: no limit; "
        "with one, the results depend on the machine)."
    ),
)
@jobs_option(N_("deals"))
@cluster_options()
@click.option(
    "--games",
    "games_file",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE",
    help=N_("Write every game's record to FILE, one JSON line each (for 'ulti game' and 'ulti analyse --file')."),
)
@json_option(
    N_(
        "JSON lines: per bot bot, deals, mean, stderr, declarer, defender, forfeits; then per pair "
        "pair, difference, stderr, separated; with --rounds, then per round its sheets."
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
def command(
    bots, deals, rounds, seed, variants, rulebook, table, *, time_limit, jobs, cluster, games_file, as_json, quiet
):
    """Bots against each other, every deal in every seating (R50).

    A duplicate match: every deal is played six times, once for every
    seating of the bots at the table, so that each bot meets the same
    cards in every seat and luck cancels out.  With two bots A and B the
    seatings are AAB, ABA, BAA, ABB, BAB and BBA (a bot in two seats plays
    both); with three, the six orders of them.  A bot's result per deal is
    what it won or paid (R50) over its seats, averaged over the seatings;
    the standings give its mean with the standard error over the deals,
    what it did as declarer and as defender (bids won and made, kontras
    said and what they gained), and for each pair the difference on the
    same deals, separated when it is more than twice its standard error.
    A bot that answers late, illegally or not at all forfeits that game;
    the match counts it and goes on.  The output says how much the
    duplicate lowered the standard errors; the deal's double-dummy value
    is not subtracted as well, since the duplicate already cancels it.

    --rounds R plays a tournament's rounds of nine deals (R50), each player
    first to bid in three, at six tables, and prints each table's score
    sheet.
    Ctrl-C prints the standings so far, marked partial.

    \b
    Examples:
      ulti match --bot random --bot random --deals 20
      ulti match --bot random --bot random --bot random --deals 10 --json
      ulti match --bot random --bot random --rounds 1 --seed 3
      ulti match --bot random --bot random --deals 5 --games games.jsonl
    """
    check_jobs_or_cluster(jobs, cluster)
    if (deals is None) == (rounds is None):
        raise click.UsageError(_("give --deals N or --rounds R (one of them)"))
    rules = build_rules(rulebook, variants, table)
    try:
        specs = check_bots(bots)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    count = deals if deals is not None else rounds * ROUND_DEALS
    records: Optional[IO[str]] = None
    if games_file is not None:
        try:
            records = open(games_file, "w", encoding="utf-8")  # noqa: SIM115 (closed below, whatever happens)
        except OSError as exc:
            raise BadInput(_("--games {file}: {problem}").format(file=games_file, problem=exc.strerror)) from None
    try:
        runner = Runner.for_command(jobs, cluster)  # an unreachable address is bad input before any work
    except BaseException:
        if records is not None:
            records.close()
        raise
    bar = LateBar(count * SEATINGS, N_("game"), quiet)

    def on_deal(played, standings) -> None:
        if records is not None:
            records.writelines(record_line(game.record) for game in played.games)
            records.flush()
        bar.to(standings.deals * SEATINGS, note=standings_note(standings))

    try:
        match = run_work(
            runner,
            bar,
            lambda: play_match(
                specs,
                count,
                seed=seed,
                rules=rules,
                runner=runner,
                time_limit=time_limit,
                keep_rounds=rounds is not None,
                records=records is not None,
                on_deal=on_deal,
            ),
        )
    finally:
        if records is not None:
            records.close()
    _print(match, seed, as_json, rules=rules)
    _close(match, quiet, as_json)


def record_line(record: dict) -> str:
    """A game's record as a line of a records file: its '#' written as JSON's ``\\u0023``, since a
    '#' starts a comment there (a SPEC or a forfeit's reason may hold one)."""
    return json.dumps(record).replace("#", "\\u0023") + "\n"


def _print(match, seed: int, as_json: bool, *, rules) -> None:
    out = Output()
    standings = match.standings
    if not as_json:
        out.lines(match_lines(match, seed, rules=rules))
        return
    partial = {"partial": True} if match.partial else {}
    for bot in range(len(standings.labels)):
        out.json({**standings.bot_json(bot), **partial})
    for first, second in standings.pair_order():
        out.json({**standings.pair_json(first, second), **partial})
    for one in match.rounds():
        out.json(one.as_json())


def _close(match, quiet: bool, as_json: bool) -> None:
    """The stop, said even with --quiet; or the summary on stderr."""
    standings, stopped = match.standings, match.interrupted
    if isinstance(stopped, ClusterLost):
        click.echo(_("Error: {message}; the standings above are partial").format(message=one_line(stopped)), err=True)
        sys.exit(Runner.stop_status(stopped))
    if stopped is not None:
        click.echo(
            _(
                "Interrupted after {done:,} of {deals:,} deals ({games:,} games): the standings above are partial"
            ).format(done=standings.deals, deals=match.deals, games=match.games),
            err=True,
        )
        sys.exit(Runner.stop_status(stopped))
    if quiet:
        return
    if as_json:  # the text output says these under the standings
        for note in variance_notes(standings):
            click.echo(note, err=True)
    click.echo(
        _("Played {games:,} games ({deals:,} deals) in {seconds:.1f} s ({rate} games/s)").format(
            games=match.games, deals=standings.deals, seconds=match.seconds, rate=rate_text(match.games, match.seconds)
        ),
        err=True,
    )
