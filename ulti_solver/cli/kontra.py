"""``ulti kontra``: whether to kontra, from a defender's ten cards (or to redouble, from the declarer's)."""

from __future__ import annotations

import click

from ..analysis.kontra_advice import DEFAULT_SAMPLES, advise_kontra
from ..i18n import N_, _
from ..render.kontra import advice_lines
from ..render.output import LateBar, Output
from ..runner import Runner
from .language import UltiCommand
from .options import (
    bid_option,
    build_rules,
    check_jobs_or_cluster,
    hand_argument,
    json_option,
    kontra_option,
    played_game,
    read_cards,
    rules_options,
    seed_option,
    trump_option,
)
from .play import _marriages
from .running import run_work
from .work_options import cluster_options, jobs_option


@click.command(name="kontra", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@hand_argument()
@click.option(
    "--seat",
    type=click.IntRange(0, 2),
    required=True,
    metavar="SEAT",
    help=N_(
        "Whose HAND it is: 1 or 2, a defender weighing his kontras; 0, the declarer (with --talon) "
        "weighing his redoubles."
    ),
)
@bid_option(required=True)
@trump_option(N_("Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk); a trump bid needs one."))
@kontra_option(N_("the bid so far: what has been said before this seat speaks"))
@click.option("--talon", metavar="CARDS", help=N_("The talon, for the declarer (seat 0), who laid it."))
@click.option(
    "--marriages",
    multiple=True,
    metavar="SEAT:SUITS",
    callback=_marriages,
    help=N_(
        "The declarer's marriage announced for a 40-100 or 20-100, e.g. 0:bells (R40). Without it a "
        "defender takes him to hold the one his bid needs."
    ),
)
@rules_options()
@click.option(
    "--samples",
    type=click.IntRange(min=2, max=1_000_000),
    default=DEFAULT_SAMPLES,
    show_default=True,
    metavar="N",
    help=N_("Worlds to draw; every doubling is weighed on the same worlds."),
)
@seed_option(N_("The draw's seed: the same seed gives the same numbers, however the work is spread."))
@jobs_option(N_("worlds"))
@cluster_options()
@json_option(
    N_(
        "JSON lines, one per doubling: component, seat, level, say, samples, payment_without, payment_with, "
        "gain, stderr_gain, p_made, advice, close."
    )
)
@click.option(
    "--infer",
    is_flag=True,
    help=N_(
        "Weigh each world by how likely the bid and the kontras given were with its cards, by a policy "
        "fitted on self-play (a player's aid; R42's equal worlds are the default)."
    ),
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar on stderr."))
def command(
    hand,
    seat,
    bid,
    trump,
    *,
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
    infer,
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
    check_jobs_or_cluster(jobs, cluster)
    rules = build_rules(rulebook, variants, table)
    played_bid, played_trump = played_game(bid, trump)
    own = read_cards(" ".join(hand), "HAND")
    laid = None if talon is None else read_cards(talon, "--talon")
    runner = Runner.for_command(jobs, cluster, spread=False)
    bar = LateBar(samples, N_("world"), quiet)
    advice = run_work(
        runner,
        bar,
        lambda: advise_kontra(
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
            runner=runner,
            on_progress=bar.to,
            infer=infer,
        ),
        nothing_shown=_("Interrupted: the worlds were not all solved, so nothing is shown."),
    )
    out = Output()
    if as_json:
        for choice in advice.choices:
            out.json(choice.as_json())
        return
    out.lines(advice_lines(advice))
