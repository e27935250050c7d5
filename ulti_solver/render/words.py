"""Cards, bids, numbers and settlements as a player says them: suit symbols, labels, words."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Optional, Sequence

from .. import i18n
from ..bids import Bid, bid_words, component_word
from ..cards import (
    CANONICAL_RANKS,
    RANK_LETTERS,
    SUIT_SYMBOLS,
    SUIT_WORDS,
    card_label,
    card_name,
    make_card,
)
from ..i18n import LP_, N_, _

if TYPE_CHECKING:
    from ..variants import Rules


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
    """A bid as the tables print it, in the language of the run: ``40-100 ulti``, ``piros parti``."""
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
    return f"{int(number):+d}" if number == int(number) else i18n.decimal(f"{number:+.1f}")


def units_text(number) -> str:
    """``3``, ``12.5``: a number of units without its sign."""
    return str(abs(int(number))) if number == int(number) else i18n.decimal(f"{abs(number):.1f}")


#: The value tables' names in prose ("classic value table"); --table keeps the English names.
TABLE_WORDS = {"classic": LP_("value table", "classic"), "tournament": LP_("value table", "tournament")}


def table_word(table: str) -> str:
    """A value table's name as a sentence says it, in the language of the run (R32)."""
    word = TABLE_WORDS.get(table)
    return str(table) if word is None else str(word)


def rules_text(rules: Rules) -> str:
    switches = ", ".join(rules.switches) if rules.switches else _("no variant switches")
    return _("{book} ({switches}; {table} value table)").format(
        book=rules.book, switches=switches, table=table_word(rules.value_table)
    )


# -- Legends: what the numbers of a table mean, in a card player's words ---------------


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
