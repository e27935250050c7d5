"""``ulti best``: which bid, trump (and discard) pays most with best play (R35)."""

from __future__ import annotations

import time
from typing import List

import click

from ..analysis.best import best_bids, count_candidates
from ..errors import UltiInputError
from ..i18n import N_, _, n_
from .language import UltiCommand
from .options import (
    BadInput,
    bids_option,
    build_rules,
    deal_argument,
    json_option,
    kontra_option,
    read_deal,
    rules_options,
)
from .output import Output, progress_bar
from .text import (
    aligned,
    bid_label,
    cards_text,
    hands_table,
    pays_text,
    points_legend,
    rules_text,
    signed,
    trump_text,
    value_legend,
    whole_bid_legend,
    yes_no,
)


@click.command(name="best", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument()
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    metavar="N",
    help=N_("How many candidates to list, best first; 0 lists every one."),
)
@bids_option(N_("Only this bid (repeatable), in every trump it may take."))
@rules_options()
@kontra_option(N_("every candidate that has the components named ('all=1': every component of each)"))
@json_option(
    N_(
        "JSON lines, best first: each candidate as 'solve --value --json' prints it, plus \"rank\" "
        '(and "discard" for a 12-card hand).'
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help=N_(
        "Say on stderr how the candidates were weighed: how many were valued exactly, "
        "how many ruled out by a quick test or by their best possible value."
    ),
)
def command(deal, top, bids, variants, rulebook, table, kontra, as_json, quiet, verbose):
    """Rank every bid and trump by its double-dummy value (R34, R35).

    DEAL with its talon (10/10/10 + 2): every bid of R28 in every trump it
    may take, 150 candidates.  DEAL before the discard (12/10/10): every
    discard as well, 66 x 150 = 9,900 candidates.  The value is in units
    per defender (what each defender pays the declarer; negative: the
    declarer pays), with the rulebook's value table or --table.

    Only what can reach the top is searched: a candidate whose best
    possible outcome is below the N-th best value found is skipped, and
    one that might reach it is first asked "can the declarer be sure of
    that much?" before its exact value is searched.  A line on stderr says
    how many candidates were weighed and how long it took (-v: how many
    needed which search); --top 0 values every candidate exactly.

    --kontra ranks the candidates as if those kontras were said on each
    that has the components named: '--kontra all=1' asks which bid still
    pays when every part of it is kontra'd (R36-R39).  A kontra without a
    seat on betli or colorless durchmars is both defenders'.

    \b
    Examples:
      ulti best "$(ulti example deal)"
      ulti best "$(ulti example deal)" --top 3 --json
      ulti best "$(ulti example deal)" --bid ulti --bid "40-100 ulti" --top 0
      ulti best "$(ulti example discard)" --top 5 --rules tournament
      ulti best "$(ulti example deal)" --top 5 --kontra all=1
    """
    rules = build_rules(rulebook, variants, table)
    the_deal = read_deal(deal)
    total = count_candidates(the_deal, bids)
    started = time.monotonic()
    with progress_bar(total, N_("candidate"), quiet) as bar:
        last = [0]

        def advance(done):
            bar.update(done - last[0])
            last[0] = done

        try:
            result = best_bids(the_deal, rules=rules, top=top, bids=bids, on_progress=advance, kontra=kontra)
        except UltiInputError as exc:
            raise BadInput(str(exc)) from None
    seconds = time.monotonic() - started
    out = Output()
    if as_json:
        for cand in result.ranked:
            out.json(cand.as_json())
    else:
        out.lines(_table(the_deal, result, rules, kontra))
    if not quiet:
        for text in summary(result, seconds, verbose):
            click.echo(text, err=True)


def summary(result, seconds: float, verbose: bool = False) -> list:
    """The stderr lines: how many candidates in how long; with -v, the search's own figures."""
    lines = [
        n_(
            "Weighed {n:,} candidate in {seconds:.2f} s",
            "Weighed {n:,} candidates in {seconds:.2f} s",
            result.candidates,
            seconds=seconds,
        )
    ]
    if verbose:
        lines += [
            _("  {count:,} valued exactly").format(count=result.searched),
            _(
                "  {count:,} ruled out by a null-window search (can the declarer be sure of the N-th best value?)"
            ).format(count=result.tested),
            _("  {count:,} ruled out by their best possible value").format(count=result.skipped),
        ]
    return lines


def _table(deal, result, rules, kontra):
    twelve = deal.before_discard
    lines = [
        _("Before the discard") if twelve else _("Deal  {deal}").format(deal=deal),
        "",
        *hands_table(deal),
        "",
        _("Rules {rules}").format(rules=rules_text(rules)),
        *([_("Kontra {kontra} on every candidate that has it").format(kontra=kontra)] if kontra else []),
        "",
    ]
    header = [
        _("rank"),
        *([_("discard")] if twelve else []),
        _("bid"),
        _("trump"),
        _("value"),
        _("whole bid"),
        _("points"),
    ]
    rows = [header]
    for cand in result.ranked:
        s = cand.solution
        points = "-" if s.declarer_points is None else str(s.declarer_points)
        rows.append(
            [
                str(cand.rank),
                *([cards_text(cand.discard)] if twelve else []),
                bid_label(cand.bid),
                trump_text(cand.trump),
                signed(cand.value),
                yes_no(s.joint),
                points,
            ]
        )
    if len(result.ranked) == result.candidates:
        shown = _("{count:,} candidates; every candidate, best first:").format(count=result.candidates)
    else:
        shown = _("{count:,} candidates; the best {shown}, best first:").format(
            count=result.candidates, shown=len(result.ranked)
        )
    lines += [shown, ""]
    lines += aligned(rows, right=(0, 4 if twelve else 3))
    best = result.best()
    if best:
        value, pays = signed(best[0].value), pays_text(best[0].value)
        names = [
            ("" if c.discard is None else _("discard {cards}, ").format(cards=cards_text(c.discard)))
            + f"{bid_label(c.bid)} ({trump_text(c.trump)})"
            for c in best
        ]
        if len(names) == 1:
            lines += [
                "",
                _("Best bid (R35): {bid}, worth {value}: {pays}.").format(bid=names[0], value=value, pays=pays),
            ]
        else:
            lines += [
                "",
                _("Best bids (R35), each worth {value}: {pays}:").format(value=value, pays=pays),
                *(f"  {name}" for name in names),
            ]
    lines += ["", *whole_bid_legend(), *points_legend(rules), *value_legend(rules.value_table, kontra=bool(kontra))]
    return lines


def best_lines(result) -> List[str]:
    """The table ``ulti best`` prints for a :class:`~ulti_solver.analysis.best.BestBids`:
    ``print(best_bids(...))`` prints it too."""
    return _table(result.deal, result, result.rules, result.kontra)
