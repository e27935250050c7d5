"""Cards, hands, answers and rules as a player reads them: aligned tables, suit symbols, words."""

from __future__ import annotations

import sys
from typing import List, Optional, Sequence

from ..bids import FORTY_100, FOUR_ACES, TWENTY_100, ULTI, Bid
from ..cards import (
    CANONICAL_RANKS,
    RANK_LETTERS,
    SUIT_NAMES,
    SUIT_NAMES_HU,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
    card_name,
    make_card,
)
from ..deal import SEAT_NAMES, Deal, plural
from ..scoring import Scoring, SilentQuestion
from ..solution import Solution
from ..variants import Rules

__all__ = ["plural"]


def symbols_printable() -> bool:
    """Suit symbols only where stdout can encode them (a UTF-8 terminal or pipe)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "".join(SUIT_SYMBOLS).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def suit_heading(suit: int) -> str:
    name = f"{SUIT_NAMES[suit]} ({SUIT_NAMES_HU[suit]})"
    return f"{SUIT_SYMBOLS[suit]} {name}" if symbols_printable() else name


def suit_cards(hand: int, suit: int) -> str:
    """One suit of a hand as a player reads it: ``A T 9``, or ``-`` when void."""
    ranks = [RANK_LETTERS[r] for r in CANONICAL_RANKS if (hand >> make_card(suit, r)) & 1]
    return " ".join(ranks) or "-"


def card_text(card: int) -> str:
    return card_label(card) if symbols_printable() else card_name(card)


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def trump_text(trump: Optional[int]) -> str:
    return "no trump" if trump is None else SUIT_NAMES[trump]


def yes_no(value: Optional[bool]) -> str:
    if value is None:
        return "-"
    return "yes" if value else "no"


def number_text(number: Optional[int]) -> str:
    return "-" if number is None else str(number)


def signed(number: Optional[int]) -> str:
    """A value in units, with its sign: ``+3``, ``0``, ``-12``."""
    if number is None:
        return "-"
    return f"{number:+d}" if number else "0"


def rules_text(rules: Rules) -> str:
    switches = ", ".join(rules.switches) if rules.switches else "no variant switches"
    return f"{rules.book} ({switches}; {rules.value_table} value table)"


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
    seats = list(zip(SEAT_NAMES, hands or deal.hands, strict=True))
    if deal.talon is not None:
        seats.append(("talon", deal.talon))
    for seat, hand in seats:
        rows.append([seat] + [suit_cards(hand, s) for s in SUITS])
    return aligned(rows)


def deal_header(deal: Deal, bid: Bid, rules: Rules, title: str = "Deal") -> List[str]:
    """The hands, the bid and the rules: how every human-readable answer starts."""
    return [f"{title}  {deal}", "", *hands_table(deal), "", f"Bid   {bid}", f"Rules {rules_text(rules)}", ""]


SILENT_LABELS = {
    SilentQuestion.DECLARER_100: "silent 100, declarer",
    SilentQuestion.DEFENDERS_100: "silent 100, defenders",
    SilentQuestion.ULTI: "silent ulti, declarer",
    SilentQuestion.DEFENDER_ULTI: "silent ulti, defenders",
    SilentQuestion.DEFENDER_ULTI_BEATEN: "defenders' silent ulti beaten",
    SilentQuestion.DURCHMARS: "silent durchmars",
}

#: Why each component can be lost before play, in a player's words (R17-R20).
LOST_BEFORE_PLAY = {
    FORTY_100: "40-100 needs the {trump} king and ober in the declarer's hand (R17)",
    TWENTY_100: "20-100 needs a king and ober of a non-trump suit in the declarer's hand (R18)",
    ULTI: "ulti needs the {trump} seven in the declarer's hand (R19)",
    FOUR_ACES: "four aces is impossible with an ace in the talon (R20)",
}


def lost_before_play(solution: Solution) -> List[str]:
    """Components the cards lose before the first lead, and the rule that says so."""
    scoring = Scoring(solution.deal, solution.bid, solution.trump, solution.rules)
    return [
        LOST_BEFORE_PLAY[component].format(trump=trump_text(solution.trump))
        for component in solution.bid.ordered_components()
        if scoring.lost_before_play(component)
    ]


def answers_table(solutions: Sequence[Solution]) -> List[str]:
    """One column per trump: each component, the whole bid, the points, the value, the silent answers."""
    rows = [[""] + [trump_text(s.trump) for s in solutions]]
    components = solutions[0].components
    for name in components:
        rows.append([str(name)] + [yes_no(s.components.get(name)) for s in solutions])
    if len(components) > 1:
        rows.append(["whole bid (R24)"] + [yes_no(s.joint) for s in solutions])
    rows.append(["declarer points"] + [number_text(s.declarer_points) for s in solutions])
    if solutions[0].value is not None:
        rows.append(["value (R34)"] + [signed(s.value) for s in solutions])
    silent_names: List[str] = []
    for solution in solutions:
        for name in solution.silent or {}:
            if name not in silent_names:
                silent_names.append(name)
    for name in silent_names:
        label = SILENT_LABELS.get(name, f"silent {name}")
        rows.append([label] + [yes_no((s.silent or {}).get(name)) for s in solutions])
    return aligned(rows)


def legend(solutions: Sequence[Solution], silent: bool) -> List[str]:
    """What the rows of an answers table mean, for the rows it has."""
    lines = []
    if any(s.declarer_points is not None for s in solutions):
        lines.append("declarer points: the card points the declarer is sure to take, D + T_D (R14, R16)")
    if any(s.value is not None for s in solutions):
        table = solutions[0].rules.value_table
        lines.append(f"value: units per defender the declarer is sure of with best play, {table} table (R30-R34)")
    if silent:
        lines.append("silent rows: yes = that side can force it whatever the other side does (R25-R27)")
    return lines
