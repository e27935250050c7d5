"""Cards, hands, answers and rules as a player reads them: aligned tables, suit symbols, words."""

from __future__ import annotations

import re
import sys
import textwrap
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


def signed(number) -> str:
    """A value in units, with its sign: ``+3``, ``0``, ``-12``, ``-12.5`` (individual kontras, R39)."""
    if number is None:
        return "-"
    if not number:
        return "0"
    return f"{int(number):+d}" if number == int(number) else f"{number:+.1f}"


def units_text(number) -> str:
    """``3``, ``12.5``: a number of units without its sign."""
    return str(abs(int(number))) if number == int(number) else f"{abs(number):.1f}"


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


def bid_text(bid: Bid, trumps: Sequence[Optional[int]]) -> str:
    """The bid with the trump it is played in: ``ulti, leaves trump``, ``betli, no trump``,
    or the trumps a bid is solved in, one column each (R29)."""
    if len(trumps) == 1:
        return f"{bid}, {trump_text(trumps[0])}" + (" trump" if trumps[0] is not None else "")
    names = [trump_text(t) for t in trumps]
    return f"{bid}, trump {', '.join(names[:-1])} or {names[-1]} (each solved)"


def deal_header(
    deal: Deal, bid: Bid, rules: Rules, title: str = "Deal", trumps: Sequence[Optional[int]] = (), kontra=None
) -> List[str]:
    """The hands, the bid with its trump, the kontras and the rules: how every human-readable answer starts."""
    bid_words = bid_text(bid, trumps) if trumps else str(bid)
    said = [f"Kontra {kontra_text(kontra)}"] if kontra else []
    return [
        f"{title}  {deal}",
        "",
        *hands_table(deal),
        "",
        f"Bid   {bid_words}",
        *said,
        f"Rules {rules_text(rules)}",
        "",
    ]


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
        rows.append(["whole bid"] + [yes_no(s.joint) for s in solutions])
    rows.append(["declarer points"] + [number_text(s.declarer_points) for s in solutions])
    if solutions[0].value is not None:
        rows.append(["value"] + [signed(s.value) for s in solutions])
        if any(s.kontra for s in solutions):
            rows.append(["value, in all"] + [signed(s.value_total) for s in solutions])
        rows.append(["if conceded"] + [signed(s.concede_value) for s in solutions])
    silent_names: List[str] = []
    for solution in solutions:
        for name in solution.silent or {}:
            if name not in silent_names:
                silent_names.append(name)
    for name in silent_names:
        label = SILENT_LABELS.get(name, f"silent {name}")
        rows.append([label] + [yes_no((s.silent or {}).get(name)) for s in solutions])
    return aligned(rows)


# -- Legends: what the numbers of a table mean, in a card player's words ---------------

#: No legend line is wider than the tables it explains (100 columns).
LEGEND_WIDTH = 100


def wrapped(text: str, first: str = "", rest: str = "") -> List[str]:
    """``text`` wrapped at 100 columns; a rule reference such as ``(R4, R14)`` is never split."""
    keep = re.sub(r"\([^()]*\bR\d+[^()]*\)", lambda m: m.group(0).replace(" ", "\u00a0"), text)
    lines = textwrap.wrap(
        keep, width=LEGEND_WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )
    return [line.replace("\u00a0", " ") for line in lines]


def explained(term: str, text: str) -> List[str]:
    """One legend entry, ``term: text``, with the text aligned under itself."""
    return wrapped(f"{term}: {text}", rest=" " * (len(term) + 2))


def pays_text(units) -> str:
    """Who pays whom for a value of ``units`` per defender (R30), in words."""
    amount = units_text(units)
    noun = "unit" if amount == "1" else "units"
    if units > 0:
        return f"each defender pays the declarer {amount} {noun}"
    if units < 0:
        return f"the declarer pays each defender {amount} {noun}"
    return "nobody pays"


def kontra_text(kontra) -> str:
    """The kontras of a game in words (R36, R37): ``ulti kontra (x2); party rekontra (x4)``."""
    return kontra.words()


def concede_text(solution: Solution) -> str:
    """Whether giving the game up beats playing it (R39), in words, for a solution with a value."""
    cost, value = solution.concede_value, solution.value
    if solution.concede_is_better:
        return (
            f"conceding is better: it costs each defender {units_text(cost)}, playing on against the best "
            f"defence {units_text(value)} (R39)"
        )
    return f"conceding would cost each defender {units_text(cost)}: playing on is better (R39)"


def value_legend(table: str, how: str = "with best play on both sides", kontra: bool = False) -> List[str]:
    """What a value means: who pays whom (R30), and what it is sure of (R34); with kontras,
    that it is half of what he gets from both defenders together (R39)."""
    lines = [
        "value +3: each defender pays the declarer 3 units; negative: the declarer pays each defender;",
        *wrapped(f"it is what the declarer is sure of {how} ({table} value table, R34)", "  ", "  "),
    ]
    if kontra:
        lines += explained(
            "value, in all",
            "what the declarer gets from both defenders together, the kontras counted for each; "
            "the value is half of it, a half unit where the two defenders' kontras differ (R38, R39)",
        )
    return lines


def points_legend(rules: Rules, term: str = "points") -> List[str]:
    """What the declarer's points are: D + T_D of R14, said as a player counts them."""
    if rules.talon_to_declarer:
        talon = "and the talon's aces and tens, which count for him under these rules (R16)"
    else:
        talon = "not the talon's aces and tens, which count for the defenders (R16)"
    return explained(
        term,
        "the card points the declarer is sure to take with best play, aces and tens 10 each and "
        f"10 for the last trick, {talon}; marriages not counted (R4, R14)",
    )


def whole_bid_legend() -> List[str]:
    return explained("whole bid", "every part of the bid made in one and the same game, not just each on its own (R24)")


def legend(solutions: Sequence[Solution], silent: bool) -> List[str]:
    """What the rows of an answers table mean, for the rows it has."""
    lines: List[str] = []
    if len(solutions[0].components) > 1:
        lines += whole_bid_legend()
    if any(s.declarer_points is not None for s in solutions):
        lines += points_legend(solutions[0].rules, "declarer points")
    if any(s.value is not None for s in solutions):
        lines += value_legend(solutions[0].rules.value_table, kontra=bool(solutions[0].kontra))
        lines += explained(
            "if conceded",
            "what the declarer pays each defender if he gives the game up instead: every component's "
            "won value, doubled once more than its kontras (R39)",
        )
    if silent:
        lines += explained("silent rows", "yes = that side can force it whatever the other side does (R25-R27)")
    return lines


#: The silent items of a settlement (R25-R27, R33) as a player says them.
SILENT_ITEM_WORDS = {
    "declarer-100": "the declarer's silent 100",
    "defenders-100": "the defenders' silent 100",
    "ulti": "the declarer's silent ulti",
    "ulti-beaten": "the declarer's silent ulti beaten",
    "defender-ulti": "a defender's silent ulti",
    "defender-ulti-beaten": "a defender's silent ulti beaten",
    "durchmars": "a silent durchmars",
}


def settlement_text(settlement) -> str:
    """A finished game in words, item by item, then who pays whom (R30-R33):
    ``party lost (-1), ulti made (+4): each defender pays the declarer 3 units``.

    ``settlement`` is a :class:`ulti_solver.settlement.Settlement` (not imported here:
    a command loads the settlement only when it values a game).
    """
    components = len(settlement.bid.components)
    replaced = any(item.name.endswith("-100") for item in settlement.items[components:])
    parts = []
    for index, item in enumerate(settlement.items):
        if index >= components:
            parts.append(f"{SILENT_ITEM_WORDS.get(item.name, item.name)} ({signed(item.units)})")
        elif item.units == 0 and replaced:
            parts.append(f"{item.name} {'made' if item.made else 'lost'} (not paid: the silent 100 replaces it)")
        else:
            parts.append(f"{item.name} {'made' if item.made else 'lost'} ({signed(item.units)})")
    return f"{', '.join(parts)}: {pays_text(settlement.per_defender)}"


def result_text(deal: Deal, bid: Bid, trump: Optional[int], rules: Rules, outcome, kontra=None) -> str:
    """How a finished game (``outcome``, all ten tricks) settles, in words (R30-R33, R38)."""
    from ..kontra import NO_KONTRA
    from ..settlement import game_settlement  # loaded only where a game ends

    return settlement_text(game_settlement(Scoring(deal, bid, trump, rules, kontra or NO_KONTRA), outcome))
