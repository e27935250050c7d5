"""Tables of cards, hands and answers: aligned columns, the rows a player reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

from ..bids import FORTY_100, FOUR_ACES, TWENTY_100, ULTI, Bid, component_word
from ..cards import (
    SUITS,
)
from ..deal import Deal, seat_name
from ..i18n import N_, _
from ..scoring import Scoring, SilentQuestion
from .words import bid_label, kontra_text, number_text, rules_text, signed, suit_cards, suit_heading, trump_text, yes_no

if TYPE_CHECKING:
    from ..solution import Solution
    from ..variants import Rules


def aligned(rows: Sequence[Sequence[str]], indent: str = "  ", right: Sequence[int] = ()) -> List[str]:
    """Rows of cells as lines with every column padded to its widest cell."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def hands_table(deal: Deal, hands: Optional[Sequence[int]] = None) -> List[str]:
    """The hands by seat (R5) and suit, and the talon when there is one."""
    rows = [[""] + [suit_heading(s) for s in SUITS]]
    seats = list(zip((seat_name(s) for s in range(3)), hands or deal.hands, strict=True))
    if deal.talon is not None:
        seats.append((_("talon"), deal.talon))
    for seat, hand in seats:
        rows.append([seat] + [suit_cards(hand, s) for s in SUITS])
    return aligned(rows)


def bid_text(bid: Bid, trumps: Sequence[Optional[int]]) -> str:
    """The bid with the trump it is played in: ``ulti, leaves trump``, ``betli, no trump``,
    or the trumps a bid is solved in, one column each (R29)."""
    words = bid_label(bid)
    if len(trumps) == 1:
        if trumps[0] is None:
            return _("{bid}, no trump").format(bid=words)
        return _("{bid}, {trump} trump").format(bid=words, trump=trump_text(trumps[0]))
    names = [trump_text(t) for t in trumps]
    return _("{bid}, trump {trumps} or {last} (each solved)").format(
        bid=words, trumps=", ".join(names[:-1]), last=names[-1]
    )


def deal_header(
    deal: Deal,
    bid: Bid,
    *,
    rules: Rules,
    title: str = N_("Deal  {deal}"),
    trumps: Sequence[Optional[int]] = (),
    kontra=None,
) -> List[str]:
    """The hands, the bid with its trump, the kontras and the rules: how every human-readable answer starts.

    ``title`` is the first line's template, marked ``N_()`` (``Game  {deal}`` for a played game)."""
    said = bid_text(bid, trumps) if trumps else bid_label(bid)
    kontras = [_("Kontra {kontra}").format(kontra=kontra_text(kontra))] if kontra else []
    return [
        _(title).format(deal=deal),
        "",
        *hands_table(deal),
        "",
        _("Bid   {bid}").format(bid=said),
        *kontras,
        _("Rules {rules}").format(rules=rules_text(rules)),
        "",
    ]


#: Keyed by name: a Component or SilentItem is a str, its name (so a name read back finds it).
SILENT_LABELS: Dict[str, str] = {
    SilentQuestion.DECLARER_100: N_("silent 100, declarer"),
    SilentQuestion.DEFENDERS_100: N_("silent 100, defenders"),
    SilentQuestion.ULTI: N_("silent ulti, declarer"),
    SilentQuestion.DEFENDER_ULTI: N_("silent ulti, defenders"),
    SilentQuestion.DEFENDER_ULTI_BEATEN: N_("defenders' silent ulti beaten"),
    SilentQuestion.DURCHMARS: N_("silent durchmars"),
}


#: Why each component can be lost before play, in a player's words (R17-R20).
LOST_BEFORE_PLAY: Dict[str, str] = {
    FORTY_100: N_("40-100 needs the {trump} king and ober in the declarer's hand (R17)"),
    TWENTY_100: N_("20-100 needs a king and ober of a non-trump suit in the declarer's hand (R18)"),
    ULTI: N_("ulti needs the {trump} seven in the declarer's hand (R19)"),
    FOUR_ACES: N_("four aces is impossible with an ace in the talon (R20)"),
}


def lost_before_play(solution: Solution) -> List[str]:
    """Components the cards lose before the first lead, and the rule that says so."""
    scoring = Scoring(solution.deal, solution.bid, solution.trump, rules=solution.rules)
    return [
        _(LOST_BEFORE_PLAY[component]).format(trump=trump_text(solution.trump))
        for component in solution.bid.ordered_components()
        if scoring.lost_before_play(component)
    ]


def answers_table(solutions: Sequence[Solution]) -> List[str]:
    """One column per trump: each component, the whole bid, the points, the value, the silent answers."""
    rows = [[""] + [trump_text(s.trump) for s in solutions]]
    components = solutions[0].components
    for name in components:
        rows.append([component_word(name)] + [yes_no(s.components.get(name)) for s in solutions])
    if len(components) > 1:
        rows.append([_("whole bid")] + [yes_no(s.joint) for s in solutions])
    rows.append([_("declarer points")] + [number_text(s.declarer_points) for s in solutions])
    if solutions[0].value is not None:
        rows.append([_("value")] + [signed(s.value) for s in solutions])
        if any(s.kontra for s in solutions):
            rows.append([_("value, in all")] + [signed(s.value_total) for s in solutions])
        rows.append([_("if conceded")] + [signed(s.concede_value) for s in solutions])
    silent_names: List[SilentQuestion] = []
    for solution in solutions:
        for name in solution.silent or {}:
            if name not in silent_names:
                silent_names.append(name)
    for name in silent_names:
        label = _(SILENT_LABELS[name]) if name in SILENT_LABELS else _("silent {name}").format(name=name)
        rows.append([label] + [yes_no((s.silent or {}).get(name)) for s in solutions])
    return aligned(rows)
