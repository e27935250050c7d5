"""``ulti bid``: what to bid, and what to lay in the talon, from twelve cards (R43)."""

from __future__ import annotations

import sys

import click

from ..analysis.bidding import DEFAULT_SAMPLES, DEFAULT_TOP, HOLDOUT_CHUNK, MOST_HOLDOUT, advise_bid
from ..errors import excerpt
from ..i18n import N_, _, n_
from ..render.bid import advice_lines
from ..render.output import LateBar, Output
from ..runner import ClusterLost, Runner
from .app import one_line
from .language import UltiCommand, option
from .options import (
    FiniteFloat,
    bids_option,
    build_rules,
    check_jobs_or_cluster,
    hand_argument,
    json_option,
    kontra_option,
    read_cards,
    rules_options,
    seed_option,
    worlds_option,
)
from .running import run_work
from .work_options import cluster_options, jobs_option

#: The argument as the usage line and the errors name it: the twelve cards before the discard.
METAVAR = "HAND12"


def _read_holdout(ctx, param, value):
    """--holdout N: 0 to MOST_HOLDOUT fresh worlds, as --samples is bounded (exit 2 beyond)."""
    if value is None:
        return None
    try:
        count = int(value)
    except ValueError:
        count = -1
    if not 0 <= count <= MOST_HOLDOUT:
        raise click.BadParameter(
            _("a number of fresh worlds from 0 to {most:,}; not {value}").format(
                most=MOST_HOLDOUT, value=excerpt(value)
            ),
            ctx=ctx,
            param=param,
        )
    return count


@click.command(name="bid", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@hand_argument(METAVAR)
@worlds_option(
    "--samples",
    DEFAULT_SAMPLES,
    1_000_000,
    N_(
        "Worlds each of the best candidates is valued on (default {default}; twice as many in a "
        "runoff, when the first is not separated); 'all' counts every world (only when few fit: see --help)."
    ),
    help_values={"default": DEFAULT_SAMPLES},
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=DEFAULT_TOP,
    show_default=True,
    metavar="K",
    help=N_("How many candidates to report; they are never dropped, so each is valued on every world."),
)
@bids_option(N_("Only this bid (repeatable), in every trump it may take."))
@rules_options()
@kontra_option(N_("every candidate that has the components named ('all=1': which bid survives a kontra)"))
@seed_option(N_("The worlds' seed: the same seed gives the same answer, however the work is spread."))
@click.option(
    "--time",
    "budget",
    type=FiniteFloat(min=0),
    metavar="SECONDS",
    help=N_(
        "Start no new look at the worlds after this long: the answer then rests on fewer worlds, "
        "and depends on the machine."
    ),
)
@option(
    "--holdout",
    callback=lambda ctx, param, value: _read_holdout(ctx, param, value),
    metavar="N",
    help=N_(
        "Fresh worlds the candidates reported are valued on again (default: as many as --samples; "
        "at most {most:,}, valued {chunk} at a time within --time)."
    ),
    help_values={"most": MOST_HOLDOUT, "chunk": HOLDOUT_CHUNK},
)
@jobs_option(N_("worlds"))
@cluster_options()
@json_option(
    N_(
        "JSON lines, best first: rank, discard, bid, trump, samples, mean_value, stderr_value, p_made, "
        "ci95, holdout_samples, holdout_mean, holdout_stderr, behind_first, stderr_behind, same_as, "
        "recommended (the one advised), recheck_samples, recheck_mean, recheck_stderr."
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
def command(
    hand,
    samples,
    top,
    bids,
    variants,
    rulebook,
    table,
    *,
    kontra,
    seed,
    budget,
    holdout,
    jobs,
    cluster,
    as_json,
    quiet,
):
    """What to bid, and what to lay in the talon, from twelve cards (R43).

    HAND12 is your twelve cards before the discard.  The twenty you cannot
    see are split between the defenders in every way alike (the worlds,
    R42); each discard, bid and trump is valued double dummy in each world
    it is weighed on, every one on the same worlds, and ranked by its mean
    (its single-dummy value, R43) in units per defender.

    Discards that play alike are weighed once, bids that a simpler bid
    beats in every world (a part lost before play) not at all; the rest
    race on 25, 50, 100, then 200 worlds, a candidate dropped once it is
    clearly worse than the leader or the steadiest of the best (a one-sided
    test on the paired differences, each wrong once in a thousand), most of
    them after cheap searches that only bound their value.  When the first
    is not yet separated from all the best then, they race on for as many
    worlds again (a runoff).  The best are valued again on fresh worlds ('fresh'): the
    best of many estimates is an overestimate, the fresh one is not.  The
    answer says whether the first is ahead of the second beyond chance.
    Ctrl-C prints the standings so far.

    --samples all counts every world, exactly, when few fit (up to 5,000:
    none with twelve cards alone; from Python with cards known to be in a
    defender's hand).

    \b
    Examples:
      ulti bid "$(ulti example discard | cut -d' ' -f1)" --samples 50
      ulti bid AKU7.T9.OU.AK97 --bid party --bid ulti --top 3
      ulti bid AKU7.T9.OU.AK97 --bid "40-100" --kontra all --samples 25 --json
    """
    check_jobs_or_cluster(jobs, cluster)
    own = read_cards(" ".join(hand), METAVAR)
    rules = build_rules(rulebook, variants, table)
    runner = Runner.for_command(jobs, cluster)
    bar = LateBar(samples if isinstance(samples, int) else None, N_("world"), quiet)
    advice = run_work(
        runner,
        bar,
        lambda: advise_bid(
            own,
            samples,
            top=top,
            bids=bids,
            rules=rules,
            kontra=kontra,
            seed=seed,
            holdout=holdout,
            time_budget=budget,
            runner=runner,
            on_progress=bar.to,  # a runoff raises the goal: twice the worlds for the best
        ),
    )
    out = Output()
    if as_json:
        for choice in advice.choices:
            out.json(advice.choice_json(choice))
    else:
        out.lines(advice_lines(advice))
    if isinstance(advice.interrupted, ClusterLost):  # one error line, as the run failed; the standings above
        click.echo(
            _("Error: {message}; the standings above are partial").format(message=one_line(advice.interrupted)),
            err=True,
        )
        sys.exit(1)
    if advice.partial:  # said even with --quiet: the standings are of fewer worlds than asked
        assert advice.interrupted is not None  # partial: a stop cut the race short (advise_bid)
        click.echo(
            n_(
                "Interrupted after {seconds:.1f} s: partial standings on {n:,} world, without fresh worlds",
                "Interrupted after {seconds:.1f} s: partial standings on {n:,} worlds, without fresh worlds",
                advice.worlds,
                seconds=advice.seconds,
            ),
            err=True,
        )
        sys.exit(Runner.stop_status(advice.interrupted))
    if not quiet:
        counts = advice.counts
        click.echo(
            n_(
                "Weighed {weighed:,} of {candidates:,} candidates on up to {n:,} world in {seconds:.1f} s",
                "Weighed {weighed:,} of {candidates:,} candidates on up to {n:,} worlds in {seconds:.1f} s",
                advice.worlds,
                weighed=counts["weighed"],
                candidates=counts["candidates"],
                seconds=advice.seconds,
            ),
            err=True,
        )
