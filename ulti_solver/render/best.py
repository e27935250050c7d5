"""What ulti best prints: the ranked bids, the best bid in words, and the summary on stderr."""

from __future__ import annotations

from typing import List

from ..i18n import _, n_
from .legends import points_legend, value_legend, whole_bid_legend
from .tables import aligned, hands_table
from .words import bid_label, cards_text, pays_text, rules_text, signed, trump_text, yes_no


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


def best_table(deal, result, *, rules, kontra):
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
    lines += [
        "",
        *whole_bid_legend(),
        *points_legend(rules=rules),
        *value_legend(rules.value_table, kontra=bool(kontra)),
    ]
    return lines


def best_lines(result) -> List[str]:
    """The table ``ulti best`` prints for a :class:`~ulti_solver.analysis.best.BestBids`:
    ``print(best_bids(...))`` prints it too."""
    return best_table(result.deal, result, rules=result.rules, kontra=result.kontra)
