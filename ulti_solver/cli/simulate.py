"""``ulti simulate``: from one hand, how likely is each bid, and what is it worth on average?"""

from __future__ import annotations

import sys
import time
from typing import List, Tuple

import click

from ..analysis.simulate import simulate, wilson
from ..bids import parse_trump
from ..cards import card_name, cards_of, popcount
from ..deal import parse_hand
from ..dealing import Constraints
from ..errors import UltiInputError
from ..runner import jobs_plan
from .app import interrupted_status
from .options import (
    _OPTION_LIKE,
    BadInput,
    _parse_trump_option,
    bids_option,
    build_rules,
    jobs_option,
    json_option,
    kontra_option,
    rules_options,
)
from .output import Output, progress_bar
from .text import aligned, cards_text, explained, plural, trump_text, value_legend

BAR_WIDTH = 20
#: How many games the table shows when no --top is given.
TABLE_TOP = 20


def _hand(text: str, what: str) -> int:
    try:
        return parse_hand(text.strip())
    except UltiInputError as exc:
        raise BadInput(f"{what}: {exc}") from None


def _void(text: str) -> Tuple[int, int]:
    seat, _, suit = text.partition(":")
    if seat.strip() not in ("1", "2") or not suit:
        raise BadInput(f"--void is SEAT:SUIT with seat 1 or 2, e.g. 1:hearts; not {text!r}")
    try:
        return int(seat), parse_trump(suit)
    except UltiInputError as exc:
        raise BadInput(f"--void {text}: {exc}") from None


@click.command(name="simulate", context_settings={"ignore_unknown_options": True})
@click.argument("hand", nargs=-1, required=True)
@click.option("--talon", metavar="CARDS", help="The talon, when HAND is the 10 cards after the discard.")
@click.option("--seat1", metavar="CARDS", help="Cards known to be in seat 1's hand.")
@click.option("--seat2", metavar="CARDS", help="Cards known to be in seat 2's hand.")
@click.option(
    "--void",
    "voids",
    multiple=True,
    metavar="SEAT:SUIT",
    help="A defender known to hold no card of a suit, e.g. 1:hearts (repeatable).",
)
@bids_option("Simulate this bid (repeatable); default: every bid of R28.")
@click.option(
    "--trump",
    "trump",
    metavar="SUIT",
    callback=_parse_trump_option,
    help="Only this trump; default: every trump the bid may take.",
)
@click.option(
    "--discard", "discard", metavar="CARDS", help="Only this discard of a 12-card hand (two cards); default: all 66."
)
@click.option("--samples", type=click.IntRange(min=1), required=True, metavar="N", help="Deals to sample.")
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="K",
    help="The simulation's seed: the same seed gives the same numbers, however the work is spread.",
)
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Show the N best lines (default: 20 in the table, every line with --json; 0: every line).",
)
@rules_options()
@kontra_option("every simulated bid that has the components named ('all=1': every component of each)")
@jobs_option("samples")
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help='Solve on a Dask cluster, e.g. tcp://127.0.0.1:8786 (pip install "ulti-solver[cluster]").',
)
@json_option(
    "JSON lines, best mean value first: hand, discard, bid, trump, samples, made, p_made, ci95, "
    "mean_value, stderr_value."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary on stderr.")
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

    \b
    Examples:
      ulti simulate "$(ulti example hand)" --talon LU,A8 --bid party --trump leaves --samples 200
      ulti simulate "$(ulti example hand)" --talon LU,A8 --bid ulti --samples 500 --json
      ulti simulate K.K97.AKO87.AO9 --bid "40-100 ulti" --trump leaves --samples 20 --top 5
      ulti simulate K.K97.AKO87.AO9 --discard HK,BK --bid "40-100 ulti" --trump leaves --samples 100 --seed 7
    """
    if jobs is not None and cluster:
        raise click.UsageError("choose one of -j and --cluster")
    for token in hand:
        if _OPTION_LIKE.match(token):  # unknown '-' words are let through for hands like -.AT9.K8.7
            raise click.UsageError(f"no such option: {token[:40]}")
    rules = build_rules(rulebook, variants, table)
    own = _hand(" ".join(hand), "the hand")
    try:
        constraints = Constraints(
            own,
            None if talon is None else _hand(talon, "--talon"),
            0 if seat1 is None else _hand(seat1, "--seat1"),
            0 if seat2 is None else _hand(seat2, "--seat2"),
            tuple(_void(v) for v in voids),
        )
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    discards = None
    if discard is not None:
        if constraints.talon is not None:
            raise BadInput("--discard is for a 12-card hand; this hand already has its --talon")
        pair = _hand(discard, "--discard")
        if popcount(pair) != 2 or pair & ~own:
            raise BadInput(f"--discard names two cards of the hand, not {discard!r}")
        discards = [tuple(sorted(cards_of(pair)))]
    client = None
    if cluster:
        from ..runner import connect

        client = connect(cluster)  # an unreachable address is bad input before any work
    started = time.monotonic()
    bars = []

    def advance(done):
        # The bar starts with the first sample, after a process pool has forked: forking a process
        # that runs threads (the bar's monitor) is what Python warns against.
        if not bars:
            bars.append(progress_bar(samples, "sample", quiet))
        bars[0].update(done - bars[0].n)

    workers, spread_after = jobs_plan(jobs)
    try:
        result = simulate(
            constraints,
            samples,
            bids=bids,
            trump=trump,
            discards=discards,
            seed=seed,
            rules=rules,
            jobs=workers,
            cluster=client,
            on_sample=advance,
            spread_after=spread_after,
            kontra=kontra,
        )
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    finally:
        seconds = time.monotonic() - started
        for bar in bars:
            bar.close()
        if client is not None:
            client.close()
    ranked = result.ranked()
    limit = top if top is not None else (0 if as_json else TABLE_TOP)
    shown = ranked[:limit] if limit else ranked
    out = Output()
    if as_json:
        for tally in shown:
            out.json(tally.as_json(result.hand))
    else:
        out.lines(_table(result, shown, constraints, rules.value_table))
    games = plural(len(ranked), "game")
    if result.interrupted is not None:  # said even with --quiet: the numbers are of fewer samples than asked
        click.echo(
            f"Interrupted after {result.solved} of {plural(samples, 'sample')} x {games} "
            f"({seconds:.2f} s): the numbers above are of the {plural(result.solved, 'sample')} solved",
            err=True,
        )
        sys.exit(interrupted_status(result.interrupted))
    if not quiet:
        rate = result.solved / seconds if seconds > 0 else 0.0
        click.echo(f"Solved {plural(samples, 'sample')} x {games} in {seconds:.2f} s ({rate:.0f} samples/s)", err=True)


def _bar(p: float) -> str:
    """A small bar of a probability, in eighths of a character."""
    eighths = round(p * BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")).ljust(BAR_WIDTH)


def _table(result, shown, constraints: Constraints, table: str) -> List[str]:
    lines = [
        f"Hand  {result.hand}"
        + (
            ""
            if constraints.talon is None
            else f"  talon {' '.join(card_name(c) for c in cards_of(constraints.talon))}"
        ),
        f"{plural(result.solved, 'sample')}; {plural(len(result.tallies), 'game')}, best mean value first:",
        "",
    ]
    twelve = constraints.talon is None
    rows = [[*(["discard"] if twelve else []), "bid", "trump", "made", "p (95% interval)", "", "mean value"]]
    for tally in shown:
        game = tally.game
        low, high = wilson(tally.made, tally.samples)
        rows.append(
            [
                *([cards_text(game.discard)] if twelve else []),
                str(game.bid),
                trump_text(game.trump),
                f"{tally.made}/{tally.samples}",
                f"{tally.p_made:.2f} ({low:.2f}-{high:.2f})",
                _bar(tally.p_made),
                f"{tally.mean_value:+.2f} ± {tally.stderr_value:.2f}",
            ]
        )
    lines += aligned(rows)
    if len(shown) < len(result.tallies):
        lines += ["", f"(the best {len(shown)} of {len(result.tallies)}; --top 0 shows every one)"]
    return lines + ["", *simulate_legend(table)]


def simulate_legend(table: str) -> List[str]:
    """What the columns mean: samples made, the probability, and the value averaged over the samples."""
    return [
        *explained("made", "the samples in which the whole bid could be made, with best play on both sides"),
        *explained("p", "the chance of making it, from the samples; in brackets the range it lies in 19 times in 20"),
        *explained("mean value", "the value averaged over the samples, ± its standard error"),
        *value_legend(table),
    ]


def simulation_lines(result) -> List[str]:
    """The table ``ulti simulate`` prints for a :class:`~ulti_solver.analysis.simulate.Simulation`,
    the best 20 games: ``print(simulate(...))`` prints it too."""
    return _table(result, result.ranked()[:TABLE_TOP], result.constraints, result.rules.value_table)
