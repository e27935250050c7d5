"""``ulti simulate``: from one hand, how likely is each bid, and what is it worth on average?"""

from __future__ import annotations

import sys
import time
from typing import Tuple

import click

from ..analysis.simulate import DEFAULT_SAMPLES, MAX_SAMPLES, games_for, simulate
from ..bids import parse_trump
from ..cards import cards_of, popcount
from ..dealing import Constraints
from ..errors import UltiInputError
from ..i18n import N_, _
from ..render.output import LateBar, Output
from ..render.simulate import (
    CI,
    GAMES,
    SAMPLES,
    TABLE_TOP,
    counted,
    estimate_lines,
    games_text,
    rate_text,
    simulation_table,
)
from ..runner import ClusterLost, Runner
from .language import UltiCommand, option
from .options import (
    BadInput,
    _parse_trump_option,
    bids_option,
    build_rules,
    check_jobs_or_cluster,
    hand_argument,
    json_option,
    kontra_option,
    read_cards,
    rules_options,
    seed_option,
)
from .running import run_work
from .work_options import cluster_options, count_text, jobs_option

#: Games per sample from which a run says what it is timing before the first sample is solved.
MANY_GAMES = 500


def _void(text: str) -> Tuple[int, int]:
    seat, _colon, suit = text.partition(":")
    if seat.strip() not in ("1", "2") or not suit:
        raise BadInput(_("--void is SEAT:SUIT with seat 1 or 2, e.g. 1:hearts; not {void!r}").format(void=text))
    try:
        void = parse_trump(suit)
    except UltiInputError as exc:
        raise BadInput(f"--void {text}: {exc}") from None
    assert void is not None  # parse_trump gives None only for no word, and SUIT is a word
    return int(seat), void


def _samples_within_cap(ctx, param, value: int) -> int:
    if value > MAX_SAMPLES:
        raise click.BadParameter(
            _(
                "{count} is more than {most:,}: at that many the {ci} interval of a "
                "probability is already within +-0.001, and more only makes a run that does not end"
            ).format(count=count_text(value), most=MAX_SAMPLES, ci=CI),
            ctx=ctx,
            param=param,
        )
    return value


@click.command(name="simulate", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@hand_argument()
@click.option("--talon", metavar="CARDS", help=N_("The talon, when HAND is the 10 cards after the discard."))
@click.option("--seat1", metavar="CARDS", help=N_("Cards known to be in seat 1's hand."))
@click.option("--seat2", metavar="CARDS", help=N_("Cards known to be in seat 2's hand."))
@click.option(
    "--void",
    "voids",
    multiple=True,
    metavar="SEAT:SUIT",
    help=N_("A defender known to hold no card of a suit, e.g. 1:hearts (repeatable)."),
)
@bids_option(N_("Simulate this bid (repeatable); default: every bid of R28."))
@click.option(
    "--trump",
    "trump",
    metavar="SUIT",
    callback=_parse_trump_option,
    help=N_("Only this trump; default: every trump the bid may take."),
)
@click.option(
    "--discard",
    "discard",
    metavar="CARDS",
    help=N_("Only this discard of a 12-card hand (two cards); default: all 66."),
)
@option(
    "--samples",
    type=click.IntRange(min=1),
    default=DEFAULT_SAMPLES,
    callback=_samples_within_cap,
    metavar="N",
    help=N_(
        "Deals to sample (default: {default}; at most {most:,}, where the {ci} interval "
        "is already within +-0.001).  A long run says after its first sample how long it will take."
    ),
    help_values={"default": DEFAULT_SAMPLES, "most": MAX_SAMPLES, "ci": "95%"},
)
@seed_option(N_("The simulation's seed: the same seed gives the same numbers, however the work is spread."))
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help=N_("Show the N best lines (default: 20 in the table, every line with --json; 0: every line)."),
)
@rules_options()
@kontra_option(N_("every simulated bid that has the components named ('all=1': every component of each)"))
@jobs_option(N_("samples"))
@cluster_options()
@json_option(
    N_(
        "JSON lines, best mean value first: hand, discard, bid, trump, samples, made, p_made, ci95, "
        "mean_value, stderr_value."
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
def command(
    hand,
    talon,
    seat1,
    seat2,
    voids,
    bids,
    trump,
    discard,
    samples,
    seed,
    top,
    variants,
    rulebook,
    table,
    *,
    kontra,
    jobs,
    cluster,
    as_json,
    quiet,
):
    """Deal the unseen cards at random, solve every sample.

    HAND is the declarer's 12 cards before the discard, or his 10 with
    --talon; the other 20 cards go to seats 1 and 2 at random, keeping
    the cards given with --seat1/--seat2 and the voids of --void, every
    fitting deal equally likely.  For each discard, bid and trump: how
    many samples made the whole bid (R24), the probability with a 95%
    Wilson interval, and the mean value (R34) with its standard error,
    best mean value first.  Ctrl-C stops early and keeps what was solved.

    Every sample solves every game asked: a 12-card hand without --bid and
    --discard is 66 discards x 150 bids = 9,900 games a sample.  A long
    run says after its first sample how long it will take; --bid, --trump
    and --discard narrow it.

    \b
    Examples:
      ulti simulate "$(ulti example hand)" --talon LU,A8 --bid party --trump leaves
      ulti simulate "$(ulti example hand)" --talon LU,A8 --bid ulti --samples 500 --json
      ulti simulate K.K97.AKO87.AO9 --bid "40-100 ulti" --trump leaves --samples 20 --top 5
      ulti simulate K.K97.AKO87.AO9 --discard HK,BK --bid "40-100 ulti" --trump leaves --samples 100 --seed 7
    """
    check_jobs_or_cluster(jobs, cluster)
    rules = build_rules(rulebook, variants, table)
    own = read_cards(" ".join(hand), N_("the hand"))
    try:
        constraints = Constraints(
            own,
            None if talon is None else read_cards(talon, "--talon"),
            0 if seat1 is None else read_cards(seat1, "--seat1"),
            0 if seat2 is None else read_cards(seat2, "--seat2"),
            tuple(_void(v) for v in voids),
        )
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    discards = None
    if discard is not None:
        if constraints.talon is not None:
            raise BadInput(_("--discard is for a 12-card hand; this hand already has its --talon"))
        pair = read_cards(discard, "--discard")
        if popcount(pair) != 2 or pair & ~own:
            raise BadInput(_("--discard names two cards of the hand, not {discard!r}").format(discard=discard))
        discards = [tuple(sorted(cards_of(pair)))]
    try:
        games = games_for(constraints, bids, trump, discards)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    runner = Runner.for_command(jobs, cluster)  # an unreachable address is bad input before any work
    workers = max(1, min(runner.threads(), samples - 1))
    if not quiet and len(games) >= MANY_GAMES:
        click.echo(_("Timing the first sample: {games}...").format(games=games_text(games, bids, discards)), err=True)
    started = time.monotonic()
    bar = LateBar(samples, N_("sample"), quiet)

    def timed(seconds: float) -> None:
        if not quiet:
            for line in estimate_lines(seconds, samples, games, workers, bids, trump, discards):
                click.echo(line, err=True)

    def work():
        return simulate(
            constraints,
            samples,
            bids=bids,
            trump=trump,
            discards=discards,
            seed=seed,
            rules=rules,
            runner=runner,
            on_progress=bar.to,
            kontra=kontra,
            on_first=timed,
        )

    try:
        result = run_work(runner, bar, work)
    finally:
        seconds = time.monotonic() - started
    ranked = result.ranked()
    limit = top if top is not None else (0 if as_json else TABLE_TOP)
    shown = ranked[:limit] if limit else ranked
    out = Output()
    if as_json:
        for tally in shown:
            out.json(tally.as_json(result.hand))
    else:
        out.lines(simulation_table(result, shown, constraints, rules.value_table))
    count = counted(len(ranked), GAMES)
    stopped = result.interrupted
    so_far = _(
        "after {solved} of {samples} x {games} ({seconds:.2f} s): the numbers above are of the {solved_samples} solved"
    ).format(
        solved=result.solved,
        samples=counted(samples, SAMPLES),
        games=count,
        seconds=seconds,
        solved_samples=counted(result.solved, SAMPLES),
    )
    if isinstance(stopped, ClusterLost):  # said even with --quiet, as one error line: the run failed
        click.echo(_("Error: {message}; stopped {so_far}").format(message=_one_line(stopped), so_far=so_far), err=True)
        sys.exit(Runner.stop_status(stopped))
    if stopped is not None:  # said even with --quiet: the numbers are of fewer samples than asked
        click.echo(_("Interrupted {so_far}").format(so_far=so_far), err=True)
        sys.exit(Runner.stop_status(stopped))
    if not quiet:
        click.echo(
            _("Solved {samples} x {games} in {seconds:.2f} s ({rate} samples/s, {game_rate} games/s)").format(
                samples=counted(samples, SAMPLES),
                games=count,
                seconds=seconds,
                rate=rate_text(result.solved, seconds),
                game_rate=rate_text(result.solved * len(ranked), seconds),
            ),
            err=True,
        )


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())
