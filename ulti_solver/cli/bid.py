"""``ulti bid``: what to bid, and what to lay in the talon, from twelve cards (R43)."""

from __future__ import annotations

import sys
from typing import List

import click

from ..analysis.bidding import DEFAULT_SAMPLES, DEFAULT_TOP, HOLDOUT_CHUNK, MOST_HOLDOUT, BidAdvice, advise_bid
from ..errors import excerpt
from ..i18n import N_, _, n_
from ..runner import ClusterLost, Runner
from .app import one_line
from .language import UltiCommand, option
from .options import (
    bids_option,
    build_rules,
    check_jobs_or_cluster,
    cluster_options,
    hand_argument,
    jobs_option,
    json_option,
    kontra_option,
    read_cards,
    rules_options,
    seed_option,
    worlds_option,
)
from .output import LateBar, Output
from .running import run_work
from .text import aligned, bid_label, cards_text, explained, kontra_text, rules_text, trump_text, wrapped

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
    type=click.FloatRange(min=0),
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


def _value(mean: float, stderr: float, exact: bool) -> str:
    return f"{mean:+.2f}" + ("" if exact else f" ± {stderr:.2f}")


def advice_lines(advice: BidAdvice) -> List[str]:
    """The table of ``ulti bid``: the hand, how the candidates were cut down, the best, how sure."""
    counts = advice.counts
    lines = [
        _("Hand  {hand}  (12 cards, before the discard)").format(hand=advice.hand),
        _("Rules {rules}").format(rules=rules_text(advice.rules)),
        *([_("Kontra {kontra} on every candidate that has it").format(kontra=advice.kontra)] if advice.kontra else []),
        "",
    ]
    if advice.partial:
        lines += [
            *wrapped(
                n_(
                    "Interrupted: the standings after {n:,} world, partial (not every candidate weighed, "
                    "no fresh worlds).",
                    "Interrupted: the standings after {n:,} worlds, partial (not every candidate weighed, "
                    "no fresh worlds).",
                    advice.worlds,
                )
            ),
            "",
        ]
    if advice.exact:
        worlds = _("every one of the {count:,} worlds that fit, counted exactly").format(count=advice.world_count)
    else:
        worlds = n_(
            "up to {n:,} world drawn (seed {seed}), the same for every candidate",
            "up to {n:,} worlds drawn (seed {seed}), the same for every candidate",
            advice.worlds,
            seed=advice.seed,
        )
    lines += wrapped(
        _(
            "{candidates:,} candidates (every discard, bid and trump): {merged:,} discards play like another "
            "one, {beaten:,} bids are beaten in every world by a simpler bid (a part lost before play); "
            "{weighed:,} raced on {worlds}: {dropped_on_bounds:,} dropped on cheap bounds, "
            "{dropped_on_values:,} after valuing, {left:,} left."
        ).format(worlds=worlds, **counts)
    )
    if advice.runoff:
        lines += wrapped(
            n_(
                "The first was not separated from all the others after {n:,} world: the best {best} raced on "
                "to {worlds:,} (a runoff).",
                "The first was not separated from all the others after {n:,} worlds: the best {best} raced on "
                "to {worlds:,} (a runoff).",
                advice.worlds // 2,
                best=len(advice.choices),
                worlds=advice.worlds,
            )
        )
    if advice.out_of_time:
        lines += wrapped(_("The time given (--time) ran out before the last look at the worlds."))
    lines.append("")
    if not advice.choices:
        return lines + [_("No candidate was valued on every world of a look yet.")]
    exact = advice.exact
    fresh = not exact and any(c.holdout is not None for c in advice.choices)
    rows = [
        [
            _("rank"),
            _("discard"),
            _("bid"),
            _("trump"),
            _("value"),
            _("behind first"),
            _("made"),
            *([_("fresh worlds")] if fresh else []),
        ]
    ]
    for choice in advice.choices:
        behind = "-" if choice is advice.choices[0] else f"{choice.behind.per_defender:.2f}"
        if choice is not advice.choices[0] and not exact:
            behind += f" ± {choice.behind.stderr_per_defender:.2f}"
        made = "-" if choice.p_made is None else f"{choice.p_made:.0%}"
        row = [
            str(choice.rank),
            cards_text(choice.discard),
            bid_label(choice.bid),
            trump_text(choice.trump),
            _value(choice.mean_value, choice.stderr_value, exact),
            behind,
            made,
        ]
        if fresh:
            held = choice.holdout
            row.append("-" if held is None else _value(held.per_defender, held.stderr_per_defender, False))
        rows.append(row)
    lines += aligned(rows, right=(0,))
    lines.append("")
    lines += _verdict(advice)
    lines += ["", *legend(advice, fresh)]
    return lines


def _verdict(advice: BidAdvice) -> List[str]:
    """How sure the race is: the first against the second, then the advice in a sentence."""
    first = advice.choices[0]
    lines: List[str] = []
    if len(advice.choices) > 1:
        second = advice.choices[1]
        gap = f"{first.mean_value - second.mean_value:.2f}"
        stderr = f"{second.behind.stderr_per_defender:.2f}"
        if advice.exact and advice.separated:
            said = _("Counting every world, the first is better than the second (by {gap} units per defender).")
        elif advice.exact:
            said = _("Counting every world, the first is as good as the second (by {gap} units per defender).")
        elif advice.separated:
            said = _(
                "The first is ahead of the second by {gap} ± {stderr} units per defender on the same worlds: "
                "separated (more than twice its standard error)."
            )
        else:
            said = _(
                "The first is ahead of the second by {gap} ± {stderr} units per defender on the same worlds: "
                "not separated, they may be as good as each other."
            )
        lines += wrapped(said.format(gap=gap, stderr=stderr))
    lines += _choice_among_equals(advice)
    first = advice.recommended()
    same = first.candidate.same_as
    alike = (
        _(" (or {discards}, which play alike)").format(discards=", ".join(cards_text(d) for d in same)) if same else ""
    )
    trump = _("no trump") if first.trump is None else _("{suit} trump").format(suit=trump_text(first.trump))
    kontra = _(", under {kontra}").format(kontra=kontra_text(first.candidate.kontra)) if first.candidate.kontra else ""
    if advice.recheck is not None:
        worth = n_(
            "worth {value} ± {stderr} units per defender on {n:,} other fresh world",
            "worth {value} ± {stderr} units per defender on {n:,} other fresh worlds",
            advice.recheck.n,
            value=f"{advice.recheck.per_defender:+.2f}",
            stderr=f"{advice.recheck.stderr_per_defender:.2f}",
        )
    elif first.holdout is not None:
        worth = n_(
            "worth {value} ± {stderr} units per defender on {n:,} fresh world",
            "worth {value} ± {stderr} units per defender on {n:,} fresh worlds",
            first.holdout.n,
            value=f"{first.holdout.per_defender:+.2f}",
            stderr=f"{first.holdout.stderr_per_defender:.2f}",
        )
    elif advice.exact:
        worth = _("worth {value} units per defender").format(value=f"{first.mean_value:+.2f}")
    else:
        worth = n_(
            "worth {value} units per defender on {n:,} world",
            "worth {value} units per defender on {n:,} worlds",
            first.samples,
            value=f"{first.mean_value:+.2f}",
        )
    lines += wrapped(
        _("Bid {bid} ({trump}){kontra}, discarding {discard}{alike}: {worth} (R43).").format(
            bid=bid_label(first.bid),
            trump=trump,
            kontra=kontra,
            discard=cards_text(first.discard),
            alike=alike,
            worth=worth,
        )
    )
    return lines


def _choice_among_equals(advice: BidAdvice) -> List[str]:
    """When the race did not separate the first from others of the best: which one is advised, and why."""
    others = advice.unseparated - 1
    if others < 1 or advice.exact:
        return []
    chosen = advice.recommended()
    if advice.recheck is None:
        return wrapped(
            n_(
                "The race did not separate the first from {n} other of the best, and there are no fresh worlds "
                "to choose between them (--holdout 0): the advice goes to the first, which may be no better.",
                "The race did not separate the first from {n} others of the best, and there are no fresh worlds "
                "to choose between them (--holdout 0): the advice goes to the first, which may be no better.",
                others,
            )
        )
    held = chosen.holdout
    return wrapped(
        n_(
            "The race did not separate the first from {n} other of the best: the advice goes to the one of "
            "them the fresh worlds favour, rank {rank} ({value} ± {stderr} on them), and its worth is "
            "measured again on other fresh worlds (the best of several figures is an overestimate).",
            "The race did not separate the first from {n} others of the best: the advice goes to the one of "
            "them the fresh worlds favour, rank {rank} ({value} ± {stderr} on them), and its worth is "
            "measured again on other fresh worlds (the best of several figures is an overestimate).",
            others,
            rank=chosen.rank,
            value=f"{held.per_defender:+.2f}",
            stderr=f"{held.stderr_per_defender:.2f}",
        )
    )


def legend(advice: BidAdvice, fresh: bool) -> List[str]:
    table = advice.rules.value_table
    if advice.exact:
        value = _(
            "the mean over the worlds of what the game is worth with best play on both sides once the cards are "
            "dealt (double dummy): +3 each defender pays the declarer 3 units, negative the declarer pays "
            "({table} value table, R34, R43)"
        )
        behind = _("how much less than the first it is worth on the same worlds")
    else:
        value = _(
            "the mean over the worlds of what the game is worth with best play on both sides once the cards are "
            "dealt (double dummy), ± its standard error: +3 each defender pays the declarer 3 units, negative the "
            "declarer pays ({table} value table, R34, R43)"
        )
        behind = _("how much less than the first it is worth on the same worlds, ± the paired error")
    lines = explained(_("value"), value.format(table=table))
    lines += explained(_("behind first"), behind)
    lines += explained(_("made"), _("how often the whole bid can be made, with best play (R24)"))
    if fresh:
        lines += explained(
            _("fresh worlds"),
            _(
                "the value again on other worlds, which played no part in choosing: the first's value on the "
                "worlds it won on is an overestimate (the best of many estimates), this one is not"
            ),
        )
    return lines
