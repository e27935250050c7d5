"""``ulti simulate``: from one hand, how likely is each bid, and what is it worth on average?"""

from __future__ import annotations

import math
import sys
import textwrap
import time
from typing import List, Tuple

import click

from ..analysis.simulate import DEFAULT_SAMPLES, MAX_SAMPLES, games_for, simulate, wilson
from ..bids import parse_trump
from ..cards import card_name, cards_of, popcount
from ..dealing import Constraints
from ..errors import UltiInputError
from ..i18n import N_, NN_, _, n_
from ..runner import ClusterLost, Runner
from .language import UltiCommand, option
from .options import (
    BadInput,
    _parse_trump_option,
    bids_option,
    build_rules,
    check_jobs_or_cluster,
    cluster_options,
    count_text,
    hand_argument,
    jobs_option,
    json_option,
    kontra_option,
    read_cards,
    rules_options,
    seed_option,
)
from .output import LateBar, Output
from .running import run_work
from .text import aligned, bid_label, cards_text, explained, trump_text, value_legend

#: The confidence of the intervals, as the texts write it: a value, so that no text holds a bare '%'.
CI = "95%"
#: The widest a table may be: it fits a terminal of 100 columns.
TABLE_WIDTH = 100
#: The longest bar of a probability (p = 1), in characters; shorter where the table has no room.
BAR_WIDTH = 20
#: How many games the table shows when no --top is given.
TABLE_TOP = 20
#: A bar shorter than this says nothing: the column is left out.
BAR_LEAST = 5
#: Seconds of work from which a run says, after its first sample, how long it will take.
ANNOUNCE_AFTER = 10.0
#: Games per sample from which a run says what it is timing before the first sample is solved.
MANY_GAMES = 500


def _void(text: str) -> Tuple[int, int]:
    seat, _colon, suit = text.partition(":")
    if seat.strip() not in ("1", "2") or not suit:
        raise BadInput(_("--void is SEAT:SUIT with seat 1 or 2, e.g. 1:hearts; not {void!r}").format(void=text))
    try:
        return int(seat), parse_trump(suit)
    except UltiInputError as exc:
        raise BadInput(f"--void {text}: {exc}") from None


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
        click.echo(_("Timing the first sample: {games}...").format(games=_games_text(games, bids, discards)), err=True)
    started = time.monotonic()
    bar = LateBar(samples, N_("sample"), quiet)

    def timed(seconds: float) -> None:
        if not quiet:
            for line in _estimate(seconds, samples, games, workers, bids, trump, discards):
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
        out.lines(_table(result, shown, constraints, rules.value_table))
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


#: What :func:`counted` counts, one and many.
GAMES = NN_("{n:,} game", "{n:,} games")
SAMPLES = NN_("{n:,} sample", "{n:,} samples")
WORKERS = NN_("{n:,} worker", "{n:,} workers")


def counted(count: int, noun) -> str:
    """``9,900 games``, ``1 sample``: a count with its noun, in thousands (``noun``: GAMES, SAMPLES...)."""
    return n_(noun[0], noun[1], count)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def rate_text(count: float, seconds: float) -> str:
    """A rate with three significant digits, never rounded to a false 0: ``0.0891``, ``8.91``, ``891``."""
    if seconds <= 0:
        return "-"
    rate = count / seconds
    if rate >= 100:
        return _("{rate:,.0f}").format(rate=rate)  # thousands as the language writes them
    if rate == 0:
        return "0"
    digits = max(0, 2 - math.floor(math.log10(rate)))
    return f"{rate:.{digits}f}"


def duration_text(seconds: float) -> str:
    """A time as a person says it: ``40 s``, ``12 min``, ``3.5 h``, ``9 days``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return _("{minutes:.0f} min").format(minutes=seconds / 60)
    if seconds < 48 * 3600:
        return _("{hours:.1f} h").format(hours=seconds / 3600)
    return _("{days:,.0f} days").format(days=seconds / 86400)


def _games_text(games, bids, discards) -> str:
    """``9,900 games a sample (66 discards x 150 bids and trumps)``: what one sample solves."""
    discarded = len({g.discard for g in games})
    per_discard = len(games) // max(1, discarded)
    parts = n_("{n:,} bid", "{n:,} bids and trumps", per_discard)
    if discarded > 1:
        parts = _("{discards} discards x {bids}").format(discards=discarded, bids=parts)
    return n_("{n:,} game a sample ({parts})", "{n:,} games a sample ({parts})", len(games), parts=parts)


def _estimate(first: float, samples: int, games, workers: int, bids, trump, discards) -> List[str]:
    """After the first sample: how long the rest will take, when that is long, and how to narrow it."""
    rest = first * (samples - 1) / max(1, workers)
    if rest < ANNOUNCE_AFTER:
        return []
    narrower = []
    if not bids:
        narrower.append("--bid")
    if trump is None and len({(g.bid, g.trump) for g in games}) > 1:
        narrower.append("--trump")
    if not discards and len({g.discard for g in games}) > 1:
        narrower.append("--discard")
    narrow = _(" or ").join(
        [", ".join(narrower[:-1]), narrower[-1]] if len(narrower) > 1 else narrower or ["--samples"]
    )
    return [
        _(
            "The first sample took {first:.1f} s: {samples} x {games} will take about {duration} on {workers}; "
            "{narrow} makes it shorter, Ctrl-C stops it and keeps what was solved."
        ).format(
            first=first,
            samples=counted(samples, SAMPLES),
            games=counted(len(games), GAMES),
            duration=duration_text(first + rest),
            workers=counted(workers, WORKERS),
            narrow=narrow,
        )
    ]


def _bar(p: float, width: int) -> str:
    """A bar of a probability, ``width`` characters at p = 1, in eighths of a character.

    Nothing at p = 0; any p above 0 shows at least an eighth, so that a
    rare success is not drawn as none.
    """
    if p <= 0:
        return ""
    eighths = max(1, round(p * width * 8))
    full, part = divmod(eighths, 8)
    return "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")


def _wrap_bids(rows: List[List[str]], column: int) -> List[List[str]]:
    """Rows whose longest bids go on under themselves, where the table would be wider than the screen.

    Only the longest bids of R28 ("red open 40-100 ulti four-aces
    durchmars", 40 characters) can make it so.
    """
    excess = max(len(line) for line in aligned(rows)) - TABLE_WIDTH
    if excess <= 0:
        return rows
    most = max(len(row[column]) for row in rows) - excess
    wrapped = []
    for row in rows:
        parts = textwrap.wrap(row[column], most) or [""]
        wrapped.append([*row[:column], parts[0], *row[column + 1 :]])
        wrapped += [[""] * column + [part] + [""] * (len(row) - column - 1) for part in parts[1:]]
    return wrapped


def _table(result, shown, constraints: Constraints, table: str) -> List[str]:
    """The games as rows, with a bar of p where some row has one and the table has room for it."""
    head = _("Hand  {hand}").format(hand=result.hand)
    if constraints.talon is not None:
        head += _("  talon {cards}").format(cards=" ".join(card_name(c) for c in cards_of(constraints.talon)))
    lines = [
        head,
        _("{samples}; {games}, best mean value first:").format(
            samples=counted(result.solved, SAMPLES), games=counted(len(result.tallies), GAMES)
        ),
        "",
    ]
    twelve = constraints.talon is None
    rows = [
        [
            *([_("discard")] if twelve else []),
            _("bid"),
            _("trump"),
            _("made"),
            _("p ({ci} interval)").format(ci=CI),
            _("mean value"),
        ]
    ]
    for tally in shown:
        game = tally.game
        low, high = wilson(tally.made, tally.samples)
        rows.append(
            [
                *([cards_text(game.discard)] if twelve else []),
                bid_label(game.bid),
                trump_text(game.trump),
                f"{tally.made}/{tally.samples}",
                f"{tally.p_made:.2f} ({low:.2f}-{high:.2f})",
                f"{tally.mean_value:+.2f} ± {tally.stderr_value:.2f}",
            ]
        )
    width = min(BAR_WIDTH, TABLE_WIDTH - max(len(line) for line in aligned(rows)) - 2)
    if width >= BAR_LEAST and any(tally.made for tally in shown):
        column = len(rows[0]) - 1  # the bar goes between p and the mean value
        rows[0].insert(column, "")
        for row, tally in zip(rows[1:], shown, strict=True):
            row.insert(column, _bar(tally.p_made, width))
    lines += aligned(_wrap_bids(rows, 1 if twelve else 0))
    if len(shown) < len(result.tallies):
        lines += [
            "",
            _("(the best {shown} of {count:,}; --top 0 shows every one)").format(
                shown=len(shown), count=len(result.tallies)
            ),
        ]
    return lines + ["", *simulate_legend(table)]


def simulate_legend(table: str) -> List[str]:
    """What the columns mean: samples made, the probability, and the value averaged over the samples."""
    return [
        *explained(_("made"), _("the samples in which the whole bid could be made, with best play on both sides")),
        *explained(
            "p", _("the chance of making it, from the samples; in brackets the range it lies in 19 times in 20")
        ),
        *explained(_("mean value"), _("the value averaged over the samples, ± its standard error")),
        *value_legend(table),
    ]


def simulation_lines(result) -> List[str]:
    """The table ``ulti simulate`` prints for a :class:`~ulti_solver.analysis.simulate.Simulation`,
    the best 20 games: ``print(simulate(...))`` prints it too."""
    return _table(result, result.ranked()[:TABLE_TOP], result.constraints, result.rules.value_table)
