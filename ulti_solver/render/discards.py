"""What ulti discards prints: the discards best first, their marks and legend."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from ..bids import component_word
from ..i18n import _
from .legends import explained, points_legend, silent_value_legend, value_legend, whole_bid_legend
from .tables import SILENT_LABELS, aligned
from .words import cards_text, number_text, signed, trump_text, yes_no

if TYPE_CHECKING:
    from ..analysis.discards import DiscardResult
    from ..scoring import SilentItem
    from ..variants import Rules


def discards_legend(results: Sequence[DiscardResult], *, rules: Rules) -> List[str]:
    """What the columns of a discards table mean, for the columns it has."""
    solution = results[0].solution
    lines = whole_bid_legend() if len(solution.components) > 1 else []
    if any(r.solution.declarer_points is not None for r in results):
        lines += points_legend(rules=rules)
    if solution.value is not None:
        lines += value_legend(rules.value_table)
        lines += silent_value_legend(solution.bid)
    if any(r.solution.silent for r in results):
        lines += explained(
            _("silent columns"), _("yes = that side can force it whatever the other side does (R25-R27)")
        )
    return lines


def discard_marks(result: DiscardResult, *, rules: Rules) -> str:
    """Why a discard may hurt, in words: points given to the talon (R16), a marriage broken (R17, R18)."""
    marks = []
    if result.ace_or_ten_in_talon:
        if rules.talon_to_declarer:
            marks.append(_("A/10 in talon: {points} for the declarer (R16)").format(points=result.talon_points))
        else:
            marks.append(_("A/10 in talon: {points} for the defenders (R16)").format(points=result.talon_points))
    if result.breaks_marriage == "40":
        marks.append(_("breaks the trump marriage (R17)"))
    elif result.breaks_marriage == "20":
        marks.append(_("breaks the only side-suit marriage (R18)"))
    return "; ".join(marks)


def discards_table(results: Sequence[DiscardResult], *, rules: Rules) -> List[str]:
    components = list(results[0].solution.components)
    with_value = results[0].solution.value is not None
    header = ["#", _("discard"), _("trump"), *map(component_word, components)]
    if len(components) > 1:
        header.append(_("whole bid"))
    header += [_("points")] + ([_("value")] if with_value else [])
    silent: List[SilentItem] = []  # --silent: one column per silent question any row asked (R25-R27)
    for result in results:
        silent += [name for name in result.solution.silent or () if name not in silent]
    header += [_(SILENT_LABELS[name]) if name in SILENT_LABELS else name for name in silent] + [_("marks")]
    rows = [header]
    for index, result in enumerate(results, start=1):
        solution = result.solution
        row = [str(index), cards_text(result.discard), trump_text(result.trump)]
        row += [yes_no(solution.components[name]) for name in components]
        if len(components) > 1:
            row.append(yes_no(solution.joint))
        row.append(number_text(solution.declarer_points))
        if with_value:
            row.append(signed(solution.value))
        row += [yes_no((solution.silent or {}).get(name)) for name in silent]
        rows.append(row + [discard_marks(result, rules=rules)])
    points = len(header) - 2 - len(silent)
    numbers = [points] + ([points - 1] if with_value else [])
    return aligned(rows, right=(0, *numbers))
