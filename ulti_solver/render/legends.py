"""Legends: what the numbers of a table mean, in a card player's words."""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING, List, Sequence

from ..i18n import N_, _
from .words import bid_label, table_word, units_text

if TYPE_CHECKING:
    from ..bids import Bid
    from ..solution import Solution
    from ..variants import Rules

#: No legend line is wider than the tables it explains (100 columns).
LEGEND_WIDTH = 100


def wrapped(text: str, first: str = "", rest: str = "") -> List[str]:
    """``text`` wrapped at 100 columns; a rule reference such as ``(R4, R14)`` is never split."""
    keep = re.sub(r"\([^()]*\bR\d+[^()]*\)", lambda m: m.group(0).replace(" ", "\u00a0"), text)
    lines = textwrap.wrap(
        keep, width=LEGEND_WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )
    return [line.replace("\u00a0", " ") for line in lines]


def weighted_lines(effective) -> List[str]:
    """``--infer``'s line under the worlds: how many equally likely worlds the weighted ones are
    worth (none without it)."""
    if effective is None:
        return []
    from ..i18n import decimal

    return wrapped(
        _(
            "Weighted by the bid and kontras seen (--infer): worth {effective} equally likely worlds; "
            "R42 counts every world alike."
        ).format(effective=decimal(f"{effective:.1f}"))
    )


def explained(term: str, text: str) -> List[str]:
    """One legend entry, ``term: text``, with the text aligned under itself."""
    return wrapped(f"{term}: {text}", rest=" " * (len(term) + 2))


def concede_text(solution: Solution) -> str:
    """Whether giving the game up beats playing it (R39), in words, for a solution with a value."""
    cost, value = solution.concede_value, solution.value
    if solution.concede_is_better:
        return _(
            "conceding is better: the declarer would pay each defender {cost} instead of "
            "the {value} that best defence holds him to (R39)"
        ).format(cost=units_text(cost), value=units_text(value))
    return _("if he conceded, the declarer would pay each defender {cost}: playing on is better (R39)").format(
        cost=units_text(cost)
    )


#: How sure a value is: from the start (solve, best...) or from a point of a played game.
BOTH_SIDES = N_("it is what the declarer is sure of with best play on both sides ({table} value table, R34)")


FROM_THERE = N_("it is what the declarer is sure of with best play from there on ({table} value table, R34)")


def value_legend(table: str, how: str = BOTH_SIDES, *, kontra: bool = False) -> List[str]:
    """What a value means: who pays whom (R30), and what it is sure of (R34); with kontras,
    that it is half of what he gets from both defenders together (R39).  ``how`` is
    :data:`BOTH_SIDES` or :data:`FROM_THERE`."""
    lines = [
        _("value +3: each defender pays the declarer 3 units; negative: the declarer pays each defender;"),
        *wrapped(_(how).format(table=table_word(table)), "  ", "  "),
    ]
    if kontra:
        lines += explained(
            _("value, in all"),
            _(
                "what the declarer gets from both defenders together, the kontras counted for each; "
                "the value is half of it, a half unit where the two defenders' kontras differ (R38, R39)"
            ),
        )
    return lines


#: The silent items a value can count, as a legend groups them (R25-R27).
SILENT_GROUPS = (
    (("declarer-100", "defenders-100"), N_("a silent 100 of either side (R25)")),
    (("ulti", "ulti-beaten", "defender-ulti", "defender-ulti-beaten"), N_("a silent ulti, made or beaten (R26)")),
    (("durchmars",), N_("a silent durchmars (R27)")),
)


def silent_value_legend(bid: Bid) -> List[str]:
    """Where a value comes from beyond the bid's parts: the silent items that can happen in ``bid``,
    which every value counts (R33), so that "party no" beside a value of +1 reads right."""
    from ..payments import possible_silent_items  # loaded already wherever a value is shown

    possible = {str(item) for item in possible_silent_items(bid)}
    items = [_(words) for names, words in SILENT_GROUPS if possible & set(names)]
    if not items:
        return []
    return explained(
        _("silent items"),
        _(
            "besides the parts of the bid, the value counts what can happen unbid in {bid}: {items}, each at "
            "its price (R33); so a value can differ from what the parts of the bid alone pay"
        ).format(bid=bid_label(bid), items=", ".join(items)),
    )


def points_legend(*, rules: Rules, term: str = N_("points")) -> List[str]:
    """What the declarer's points are: D + T_D of R14, said as a player counts them.
    ``term`` is the column's or row's name, marked ``N_()``."""
    if rules.talon_to_declarer:
        talon = _("and the talon's aces and tens, which count for him under these rules (R16)")
    else:
        talon = _("not the talon's aces and tens, which count for the defenders (R16)")
    return explained(
        _(term),
        _(
            "the card points the declarer is sure to take with best play, aces and tens 10 each and "
            "10 for the last trick, {talon}; marriages not counted (R4, R14)"
        ).format(talon=talon),
    )


def whole_bid_legend() -> List[str]:
    return explained(
        _("whole bid"), _("every part of the bid made in one and the same game, not just each on its own (R24)")
    )


def legend(solutions: Sequence[Solution], silent: bool) -> List[str]:
    """What the rows of an answers table mean, for the rows it has."""
    lines: List[str] = []
    if len(solutions[0].components) > 1:
        lines += whole_bid_legend()
    if any(s.declarer_points is not None for s in solutions):
        lines += points_legend(rules=solutions[0].rules, term=N_("declarer points"))
    if any(s.value is not None for s in solutions):
        lines += value_legend(solutions[0].rules.value_table, kontra=bool(solutions[0].kontra))
        lines += silent_value_legend(solutions[0].bid)
        lines += explained(
            _("if conceded"),
            _(
                "what the declarer pays each defender if he gives the game up instead: every component's "
                "won value, doubled once more than its kontras (R39)"
            ),
        )
    if silent:
        lines += explained(_("silent rows"), _("yes = that side can force it whatever the other side does (R25-R27)"))
    return lines
