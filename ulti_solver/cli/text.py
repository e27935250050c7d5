"""Cards, hands, answers and rules as a player reads them: aligned tables, suit symbols, words."""

from __future__ import annotations

import re
import sys
import textwrap
from functools import cache
from typing import List, Optional, Sequence

from .. import i18n
from ..bids import FORTY_100, FOUR_ACES, TWENTY_100, ULTI, Bid, bid_words, component_word
from ..cards import (
    CANONICAL_RANKS,
    RANK_LETTERS,
    SUIT_SYMBOLS,
    SUIT_WORDS,
    SUITS,
    card_label,
    card_name,
    make_card,
)
from ..deal import Deal, seat_name
from ..i18n import N_, _
from ..scoring import Scoring, SilentQuestion
from ..solution import Solution
from ..variants import Rules

__all__ = ["seat_name", "bid_label", "component_word"]

#: The suits as the hands table heads them: English with the Hungarian name, Hungarian alone.
SUIT_HEADINGS = (N_("hearts (piros)"), N_("bells (tök)"), N_("leaves (zöld)"), N_("acorns (makk)"))


def symbols_printable() -> bool:
    """Suit symbols only where stdout can encode them (a UTF-8 terminal or pipe)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "".join(SUIT_SYMBOLS).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def suit_heading(suit: int) -> str:
    name = _(SUIT_HEADINGS[suit])
    return f"{SUIT_SYMBOLS[suit]} {name}" if symbols_printable() else name


def suit_text(suit: int) -> str:
    """A suit as the tables name it, in the language of the run: ``leaves``, ``zöld``."""
    return _(SUIT_WORDS[suit])


def bid_label(bid: Bid) -> str:
    """A bid as the tables print it, in the language of the run: ``40-100 ulti``, ``piros passz``."""
    return _bid_label(bid, i18n.language())


@cache
def _bid_label(bid: Bid, language: str) -> str:
    """Put into words once per bid and language: a batch's table prints the same few bids
    thousands of times."""
    return str(bid_words(bid))


def suit_cards(hand: int, suit: int) -> str:
    """One suit of a hand as a player reads it: ``A T 9``, or ``-`` when void."""
    ranks = [RANK_LETTERS[r] for r in CANONICAL_RANKS if (hand >> make_card(suit, r)) & 1]
    return " ".join(ranks) or "-"


def card_text(card: int) -> str:
    return card_label(card) if symbols_printable() else card_name(card)


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def trump_text(trump: Optional[int]) -> str:
    return _("no trump") if trump is None else suit_text(trump)


def yes_no(value: Optional[bool]) -> str:
    if value is None:
        return "-"
    return _("yes") if value else _("no")


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
    switches = ", ".join(rules.switches) if rules.switches else _("no variant switches")
    return _("{book} ({switches}; {table} value table)").format(
        book=rules.book, switches=switches, table=rules.value_table
    )


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


SILENT_LABELS = {
    SilentQuestion.DECLARER_100: N_("silent 100, declarer"),
    SilentQuestion.DEFENDERS_100: N_("silent 100, defenders"),
    SilentQuestion.ULTI: N_("silent ulti, declarer"),
    SilentQuestion.DEFENDER_ULTI: N_("silent ulti, defenders"),
    SilentQuestion.DEFENDER_ULTI_BEATEN: N_("defenders' silent ulti beaten"),
    SilentQuestion.DURCHMARS: N_("silent durchmars"),
}

#: Why each component can be lost before play, in a player's words (R17-R20).
LOST_BEFORE_PLAY = {
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
    silent_names: List[str] = []
    for solution in solutions:
        for name in solution.silent or {}:
            if name not in silent_names:
                silent_names.append(name)
    for name in silent_names:
        label = _(SILENT_LABELS[name]) if name in SILENT_LABELS else _("silent {name}").format(name=name)
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
    if units > 0:
        if amount == "1":
            return _("each defender pays the declarer {amount} unit").format(amount=amount)
        return _("each defender pays the declarer {amount} units").format(amount=amount)
    if units < 0:
        if amount == "1":
            return _("the declarer pays each defender {amount} unit").format(amount=amount)
        return _("the declarer pays each defender {amount} units").format(amount=amount)
    return _("nobody pays")


def kontra_text(kontra) -> str:
    """The kontras of a game in words (R36, R37): ``ulti kontra (x2); party rekontra (x4)``."""
    return kontra.words()


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


def value_legend(table: str, how: str = BOTH_SIDES, kontra: bool = False) -> List[str]:
    """What a value means: who pays whom (R30), and what it is sure of (R34); with kontras,
    that it is half of what he gets from both defenders together (R39).  ``how`` is
    :data:`BOTH_SIDES` or :data:`FROM_THERE`."""
    lines = [
        _("value +3: each defender pays the declarer 3 units; negative: the declarer pays each defender;"),
        *wrapped(_(how).format(table=table), "  ", "  "),
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


def points_legend(rules: Rules, term: str = N_("points")) -> List[str]:
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
        lines += points_legend(solutions[0].rules, N_("declarer points"))
    if any(s.value is not None for s in solutions):
        lines += value_legend(solutions[0].rules.value_table, kontra=bool(solutions[0].kontra))
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


#: The silent items of a settlement (R25-R27, R33) as a player says them.
SILENT_ITEM_WORDS = {
    "declarer-100": N_("the declarer's silent 100"),
    "defenders-100": N_("the defenders' silent 100"),
    "ulti": N_("the declarer's silent ulti"),
    "ulti-beaten": N_("the declarer's silent ulti beaten"),
    "defender-ulti": N_("a defender's silent ulti"),
    "defender-ulti-beaten": N_("a defender's silent ulti beaten"),
    "durchmars": N_("a silent durchmars"),
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
            words = _(SILENT_ITEM_WORDS[item.name]) if item.name in SILENT_ITEM_WORDS else item.name
            parts.append(f"{words} ({signed(item.units)})")
        elif item.units == 0 and replaced:
            parts.append(
                (_("{item} made") if item.made else _("{item} lost")).format(item=component_word(item.name))
                + _(" (not paid: the silent 100 replaces it)")
            )
        else:
            made = _("{item} made") if item.made else _("{item} lost")
            parts.append(f"{made.format(item=component_word(item.name))} ({signed(item.units)})")
    return f"{', '.join(parts)}: {pays_text(settlement.per_defender)}"


def result_text(deal: Deal, bid: Bid, trump: Optional[int], rules: Rules, outcome, kontra=None) -> str:
    """How a finished game (``outcome``, all ten tricks) settles, in words (R30-R33, R38)."""
    from ..kontra import NO_KONTRA
    from ..settlement import game_settlement  # loaded only where a game ends

    return settlement_text(game_settlement(Scoring(deal, bid, trump, rules=rules, kontra=kontra or NO_KONTRA), outcome))
