"""``ulti kontra``: whether to kontra, from a defender's ten cards (or to redouble, from the declarer's)."""

from __future__ import annotations

import sys
from typing import List

import click

from ..analysis.kontra_advice import DEFAULT_SAMPLES, KontraAdvice, advise_kontra
from ..cards import format_hand
from ..deal import parse_hand
from ..errors import UltiInputError
from ..runner import ClusterLost, close_quietly, jobs_plan
from .app import one_line
from .options import (
    _OPTION_LIKE,
    BadInput,
    bid_option,
    build_rules,
    cluster_options,
    jobs_option,
    json_option,
    kontra_option,
    played_games,
    rules_options,
    trump_option,
)
from .output import Output, progress_bar
from .play import _marriages
from .text import aligned, bid_text, explained, kontra_text, plural, rules_text, wrapped


def _cards(text, what: str) -> int:
    try:
        return parse_hand(text.strip())
    except UltiInputError as exc:
        raise BadInput(f"{what}: {exc}") from None


@click.command(name="kontra", context_settings={"ignore_unknown_options": True})
@click.argument("hand", nargs=-1, required=True)
@click.option(
    "--seat",
    type=click.IntRange(0, 2),
    required=True,
    metavar="SEAT",
    help="Whose HAND it is: 1 or 2, a defender weighing his kontras; 0, the declarer (with --talon) "
    "weighing his redoubles.",
)
@bid_option(required=True)
@trump_option("Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk); a trump bid needs one.")
@kontra_option("the bid so far: what has been said before this seat speaks")
@click.option("--talon", metavar="CARDS", help="The talon, for the declarer (seat 0), who laid it.")
@click.option(
    "--marriages",
    multiple=True,
    metavar="SEAT:SUITS",
    callback=_marriages,
    help="The declarer's marriage announced for a 40-100 or 20-100, e.g. 0:bells (R40). Without it a "
    "defender takes him to hold the one his bid needs.",
)
@rules_options()
@click.option(
    "--samples",
    type=click.IntRange(min=2, max=1_000_000),
    default=DEFAULT_SAMPLES,
    show_default=True,
    metavar="N",
    help="Worlds to draw; every doubling is weighed on the same worlds.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="K",
    help="The draw's seed: the same seed gives the same numbers, however the work is spread.",
)
@jobs_option("worlds")
@cluster_options()
@json_option(
    "JSON lines, one per doubling: component, seat, level, say, samples, payment_without, payment_with, "
    "gain, stderr_gain, p_made, advice, close."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr.")
def command(
    hand,
    seat,
    bid,
    trump,
    kontra,
    talon,
    marriages,
    variants,
    rulebook,
    table,
    samples,
    seed,
    jobs,
    cluster,
    as_json,
    quiet,
):
    """Whether to kontra, from a defender's ten cards (R36-R39, R43).

    HAND is your ten cards as dealt.  The twenty-two you cannot see (the
    declarer's ten, your partner's ten, the talon) are placed in every way
    that fits what you know (R40-R42), and each world is solved double
    dummy without and with your kontra on each part of the bid (and on
    all of it), on the same worlds.  The table gives the mean payment to
    you both ways (units, R30, R38), the difference with its standard
    error, how often the part is made, and the advice: kontra when it
    pays you more, pass when not, "too close to call" when the difference
    is within twice its error.

    Where each defender kontras for himself (betli, colorless durchmars,
    R37) your kontra changes your own payment only.  --kontra gives what
    was said before you speak (a rekontra to answer with a szubkontra);
    --seat 0 with the declarer's ten cards and --talon weighs each
    redouble of the kontras given.

    \b
    Examples:
      ulti kontra KO98.AT8.T.U8 --seat 1 --bid ulti --trump leaves
      ulti kontra 8.A97.A97.ATO --seat 1 --bid betli --samples 100 --json
      ulti kontra ATU.K9.A87.TK --seat 0 --talon LO,AO --bid ulti --trump leaves --kontra ulti
    """
    for token in hand:
        if _OPTION_LIKE.match(token):  # unknown '-' words are let through for hands like -.AT9.K8.7
            raise click.UsageError(f"no such option: {token[:40]}")
    if jobs is not None and cluster:
        raise click.UsageError("choose one of -j and --cluster")
    rules = build_rules(rulebook, variants, table)
    games = played_games(bid, trump)
    if len(games) > 1:
        raise BadInput(f"a {bid} game is played in one trump: add --trump bells, leaves or acorns")
    ((played_bid, played_trump),) = games
    own = _cards(" ".join(hand), "HAND")
    laid = None if talon is None else _cards(talon, "--talon")
    client = None
    if cluster:
        from ..runner import connect

        client = connect(cluster)
    workers, _ = jobs_plan(jobs)
    bars = []

    def advance(done):
        if not bars:
            bars.append(progress_bar(samples, "world", quiet))
        bars[0].update(done - bars[0].n)

    try:
        advice = advise_kontra(
            own,
            seat,
            played_bid,
            played_trump,
            kontra=kontra,
            talon=laid,
            marriages=marriages,
            rules=rules,
            samples=samples,
            seed=seed,
            jobs=workers if jobs is not None else 1,
            cluster=client,
            on_worlds=advance,
        )
    except KeyboardInterrupt:
        click.echo("Interrupted: the worlds were not all solved, so nothing is shown.", err=True)
        sys.exit(130)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    except ClusterLost as exc:  # not the input, not a bug: one error line, exit 1
        click.echo(f"Error: {one_line(exc)}", err=True)
        sys.exit(1)
    finally:
        for bar in bars:
            bar.close()
        if client is not None:
            close_quietly(client)
    out = Output()
    if as_json:
        for choice in advice.choices:
            out.json(choice.as_json())
        return
    out.lines(advice_lines(advice))


def advice_lines(advice: KontraAdvice) -> List[str]:
    """The table of ``ulti kontra``: who asks, what he knows, each doubling weighed."""
    declarer = advice.seat == 0
    who = "the declarer" if declarer else f"seat {advice.seat}"
    question = "redouble or not?" if declarer else "kontra or not?"
    lines = [
        f"{who.capitalize()}'s view before the first lead: {question}",
        "",
        f"Bid    {bid_text(advice.bid, [advice.trump])}",
        f"Kontra {kontra_text(advice.base) if advice.base else 'none said yet'}",
        f"Hand   {format_hand(advice.hand)}" + ("" if advice.talon is None else f"  talon {format_hand(advice.talon)}"),
        f"Rules  {rules_text(advice.rules)}",
        "",
    ]
    known = advice.worlds.explain()
    if known:
        lines += ["What the bid tells (R40):", *[f"  {fact}" for fact in known], ""]
    unseen = "the defenders' hands" if declarer else "the declarer's hand, your partner's and the talon"
    if advice.exact:
        worlds = f"{plural(advice.samples, 'world')} given, each counted once: the numbers are exact for them."
    else:
        worlds = (
            f"{advice.worlds.count():,} ways to place {unseen} fit; {advice.samples:,} drawn "
            f"(seed {advice.seed}), the same for every choice."
        )
    lines += [*wrapped(worlds), ""]
    rows = [["say", "on", "made", "without", "with", "gain", "advice"]]
    for choice in advice.choices:
        spread = "" if choice.exact else f" ± {choice.stderr_gain:.2f}"
        verdict = choice.advice + (" (too close to call)" if choice.close and choice.gain != 0 else "")
        rows.append(
            [
                choice.choice.word,
                choice.choice.name,
                f"{choice.p_made:.0%}",
                f"{float(choice.without):+.2f}",
                f"{float(choice.with_it):+.2f}",
                f"{float(choice.gain):+.2f}{spread}",
                verdict,
            ]
        )
    lines += aligned(rows)
    lines += [""]
    whom = "the declarer gets from each defender" if declarer else f"{who} receives from the declarer"
    lines += explained("made", "how often the declarer can make that part (or the whole bid, for all) with best play")
    lines += explained(
        "without, with",
        f"what {whom} on average, units (negative: pays), with best play on both sides once the cards are "
        "dealt, without and with the doubling (R30, R38, R39, R43)",
    )
    lines += explained(
        "gain",
        "with minus without, on the same worlds"
        + ("" if advice.exact else ", ± its standard error")
        + "; too close to call when within twice that error",
    )
    return lines
