"""``ulti analyse``: a played game card by card, every mistake and what it cost (R34)."""

from __future__ import annotations

import sys
from typing import Optional

import click

from ..analysis.replay import GameAnalysis, analyse_game
from ..batch import numbered_lines, one_line, open_lines
from ..bids import bid_words
from ..errors import UltiInputError
from ..game.breach import GameRuleError
from ..game.records import file_records, read_game
from ..i18n import N_, _, english
from ..kontra import NO_SPEC
from ..position import parse_play
from ..record import parse_record
from ..render.analyse import game_table, stopped_text
from ..render.output import Output, progress_bar
from ..runner import Runner
from ..stops import stops_wait
from .app import interrupted_status
from .language import UltiCommand
from .options import (
    BadInput,
    bid_option,
    build_rules,
    check_jobs_or_cluster,
    deal_argument,
    game_kontra,
    json_option,
    kontra_option,
    played_games,
    read_deal,
    rules_options,
    seed_option,
    trump_option,
    worlds_option,
)
from .whole_games import print_whole_game, whole_game_analysis
from .work_options import cluster_options, jobs_option


@click.command(name="analyse", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument(required=False)
@bid_option(required=False)
@trump_option()
@click.option(
    "--play",
    "play_text",
    metavar="CARDS",
    help=N_("The cards played, in play order from the opening lead (all 30, or fewer)."),
)
@click.option(
    "--file",
    "file",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help=N_("Analyse every game of FILE, one per line: DEAL | BID | SUIT | CARDS (or JSON lines)."),
)
@rules_options()
@kontra_option(N_("the game's components (for --file: on every game's bid)"))
@worlds_option(
    "--knowable",
    None,
    100_000,
    N_(
        "Also judge each card from what its player could know then (R40-R44): on N worlds drawn from "
        "his information set, or 'all' of them (exact where 100,000 or fewer fit; 1,000 drawn where more do)."
    ),
)
@seed_option(N_("The seed of --knowable's draws."))
@jobs_option(N_("the cards of --knowable"))
@cluster_options()
@json_option(
    N_(
        "JSON lines: one object per card (index, trick, seat, card, value_before, value_after, "
        "best, error, cost, hindsight_loss, hindsight_band, band; with --knowable knowable_loss, "
        'knowable_stderr, knowable_samples, knowable_exact, knowable_best), then {"summary": ...}.'
    )
)
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help=N_(
        "Also write the game (with --file: every game of the file) as one HTML page that needs no network: "
        "the deal, a graph of the value, every trick, the hands card by card."
    ),
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar on stderr."))
def command(
    deal,
    bid,
    trump,
    play_text,
    file,
    variants,
    rulebook,
    table,
    *,
    kontra,
    knowable,
    seed,
    jobs,
    cluster,
    as_json,
    html_file,
    quiet,
):
    """Judge each card of a played game by the double-dummy value (R34).

    Before and after every card the value S of the game is worked out:
    the units per defender the declarer can be sure of from there with
    best play on both sides.  A card that lowers S when the declarer
    plays it, or raises it when a defender does, gave something away: it
    is marked as an error with the units it cost and the cards that were
    best.  A summary counts the errors per seat.

    Hindsight knows every card; a player knows his own and the play.
    --knowable N judges each card again from its player's seat at that
    moment: every legal card is valued on N worlds that fit what he had
    seen (R43), and the card played loses what it gives away against the
    best of them.  Each card gets a band (R44): inaccuracy from 1 unit
    lost, mistake from 3, blunder from 8, when the loss is more than twice
    its standard error.  A hindsight blunder that is fine from the
    player's seat was bad luck, not bad play.

    Give the game as DEAL --bid BID [--trump SUIT] --play CARDS, or a
    file of game records with --file (a club's session): one game per line,
    DEAL | BID | SUIT | CARDS (SUIT empty or '-' without trump), or JSON
    lines with "deal", "bid", "trump", "play".  A bad line is reported
    with its number and the other games go on (exit status 2 at the end).

    --html FILE also writes the games as one page to open in a browser,
    without network: a graph of the value, the errors marked by band (R44),
    every trick, and a step-through of the hands (arrow keys).

    \b
    Examples:
      ulti example games | ulti analyse --file -
      ulti example games | ulti analyse --file - --json | tail -1
      ulti analyse "$(ulti example deal)" --bid party --trump bells --play "BT BA BU LA LT LO"
      ulti example games | sed -n 8p | ulti analyse --file - --knowable 100
      ulti example games | ulti analyse --file - --html games.html
    """
    rules = build_rules(rulebook, variants, table)
    check_jobs_or_cluster(jobs, cluster)
    judge = _Knowable(knowable, seed, jobs or 1, cluster, quiet) if knowable is not None else None
    report = _html_report(html_file)
    if file is not None:
        if deal or play_text or bid is not None:
            raise click.UsageError(_("give either --file or a DEAL with --bid and --play, not both"))
        _analyse_file(file, rules=rules, as_json=as_json, quiet=quiet, kontra=kontra, judge=judge, report=report)
        return
    if not deal or bid is None or play_text is None:
        raise click.UsageError(_("give a DEAL with --bid and --play (and --trump for a trump bid), or --file FILE"))
    the_deal = read_deal(deal)
    games = played_games(bid, trump)
    if len(games) > 1:
        raise BadInput(
            _("a played {bid} game has one trump: add --trump bells, leaves or acorns").format(bid=bid_words(bid))
        )
    ((played_bid, played_trump),) = games
    levels = game_kontra(kontra, played_bid, rules=rules)
    try:
        analysis = analyse_game(the_deal, played_bid, played_trump, parse_play(play_text), rules=rules, kontra=levels)
        if judge is not None:
            analysis = judge(analysis)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    _print(Output(), analysis, as_json)
    if report is not None:
        report.add(analysis)
        _write_report(report, quiet)


def _html_report(path):
    """The page --html writes (None without it); the report module is loaded only then."""
    if path is None:
        return None
    from ..report import HtmlReport

    return HtmlReport(path)


def _write_report(report, quiet: bool) -> None:
    said = report.write()
    if not quiet:
        click.echo(said, err=True)


class _Knowable:
    """--knowable: adds the knowable verdicts (R44) to an analysis, with a bar over its cards."""

    def __init__(self, samples, seed: int, jobs: int, cluster, quiet: bool):
        self.samples, self.seed, self.jobs, self.cluster, self.quiet = samples, seed, jobs, cluster, quiet

    def __call__(self, analysis: GameAnalysis) -> GameAnalysis:
        from ..analysis.single_dummy import with_knowable

        return self._run(with_knowable, analysis, len(analysis.verdicts), N_("card"))

    def judge_game(self, game):
        """The declarer's last bid and every kontra turn of a whole game, judged (R43, R44)."""
        from ..analysis.game_judging import judge_auction_and_kontras

        return self._run(judge_auction_and_kontras, game, None, N_("world"))

    def _run(self, judge, subject, total, unit):
        """``judge(subject, samples, ...)`` on this run's runner, with a bar of ``total`` ``unit``s."""
        bar = progress_bar(total, unit, self.quiet)
        # Not run_work: a game's bad input is a bad line of a file, and the file goes on.
        try:
            with Runner(self.jobs, self.cluster) as runner:
                return judge(
                    subject,
                    self.samples,
                    seed=self.seed,
                    runner=runner,
                    on_progress=lambda done, total: bar.update(done - bar.n),
                )
        finally:
            bar.close()


def _analyse_file(file, *, rules, as_json: bool, quiet: bool, kontra=NO_SPEC, judge=None, report=None) -> None:
    """Every game of a file, one per line; a bad line is reported and the others go on (exit 2 at the end).

    Stopped by Ctrl-C or SIGTERM, it says how far it got: the games
    analysed and printed, the bad lines, and the line it was on.
    """
    out = Output()
    bad = []
    done = 0
    number = None
    warned = False
    with open_lines(file) as source:
        records = file_records(numbered_lines(source))
        lines = list(records) if file != "-" else records
        total = len(lines) if isinstance(lines, list) else None  # stdin streams: no total
        try:
            with progress_bar(total, N_("game"), quiet) as bar:
                out = Output(out.format, bar)
                for number, text, whole in lines:
                    game = judgement = None
                    try:
                        if whole:
                            if kontra and not warned:
                                warned = True
                                out.message(
                                    _(
                                        "--kontra is for one-line played games: a whole game's kontras are "
                                        "those its record says (R48)"
                                    )
                                )
                            game = read_game(text)
                            analysis = whole_game_analysis(game, judge)
                            if judge is not None:
                                judgement = judge.judge_game(game)
                        else:
                            record = parse_record(text)
                            levels = kontra.for_bid(record.bid, rules=rules)
                            analysis = analyse_game(
                                record.deal, record.bid, record.trump, record.cards, rules=rules, kontra=levels
                            )
                            if judge is not None:
                                analysis = judge(analysis)
                    except UltiInputError as exc:
                        bad.append(number)
                        message = one_line(exc)
                        if report is not None:
                            report.bad_line(number, message)
                        if as_json:  # JSON stays English, for scripts
                            rule = {"rule": exc.rule} if isinstance(exc, GameRuleError) else {}
                            out.json({"line": number, "error": one_line(english(exc)), **rule})
                        else:
                            out.message(_("line {line}: {message}").format(line=number, message=message))
                        number = None
                        bar.update(1)
                        continue
                    with stops_wait():  # a stop while the game is printed comes after it is counted
                        if game is not None:
                            print_whole_game(out, game, analysis, as_json, number, judgement)
                        else:
                            assert analysis is not None  # a played game's record always has its play
                            _print(out, analysis, as_json, number)
                        if report is not None:
                            report.add(
                                analysis,
                                number,
                                game=game,
                                judgement=None if judgement is None else judgement.as_json(),
                            )
                        done, number = done + 1, None  # between games: no line in progress
                    bar.update(1)
        except KeyboardInterrupt as exc:  # said even with --quiet: the output ends early
            click.echo(stopped_text(done, bad, total, number), err=True)
            sys.exit(interrupted_status(exc))
    if report is not None:
        _write_report(report, quiet)
    if bad:
        sys.exit(2)


def _print(out: Output, analysis: GameAnalysis, as_json: bool, line: Optional[int] = None) -> None:
    if as_json:
        tag = {} if line is None else {"line": line}
        for verdict in analysis.verdicts:
            out.json({**tag, **verdict.as_json()})
        out.json({**tag, "summary": analysis.summary()})
        return
    if line is not None:
        out.line(_("== line {line} ==").format(line=line))
    out.lines(game_table(analysis) + [""])
