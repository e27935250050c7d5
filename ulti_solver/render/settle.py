"""What ulti settle prints: a finished game item by item, and who pays whom."""

from __future__ import annotations

from ..bids import component_word
from ..deal import seat_name
from ..i18n import _, pgettext
from .legends import explained
from .tables import aligned, bid_text
from .words import bid_label, kontra_text, signed, table_word


def item_words(result, item) -> tuple:
    """An item's name and what became of it, in words: ``ulti``, ``lost``; ``silent 100``, ``happened``."""
    if item.name not in {str(c) for c in result.bid.components}:
        return item.name, pgettext("item", "happened") if item.made else pgettext("item", "beaten")
    if result.conceded:
        return component_word(item.name), pgettext("item", "conceded")
    return component_word(item.name), pgettext("item", "made") if item.made else pgettext("item", "lost")


def settle_table(result) -> list:
    """The table ``ulti settle`` prints (and ``str`` of a settlement): the items, their levels
    where kontra'd, each defender's share where they differ, and who pays."""
    split = result.by_defender[0] != result.by_defender[1]
    kontra = bool(result.kontra)
    rows = [
        [
            _("item"),
            "",
            *([_("kontra")] if kontra else []),
            *([seat_name(1), seat_name(2)] if split else []),
            _("units"),
        ]
    ]
    for item in result.items:
        row = list(item_words(result, item))
        if kontra:
            levels = item.level if item.individual else item.level[:1]
            row.append("/".join(f"x{2**lv}" for lv in levels) if any(levels) else "")
        if split:
            row += [signed(units) for units in item.by_defender]
        rows.append(row + [signed(item.units)])
    unnamed = result.trump is None and result.bid.has_trump  # a trump bid whose suit does not change the units
    said = bid_label(result.bid) if unnamed else bid_text(result.bid, [result.trump])
    lines = [_("Bid   {bid}").format(bid=said)]
    if kontra:
        lines.append(_("Kontra {kontra}").format(kontra=kontra_text(result.kontra)))
    lines += [_("Table {table}").format(table=table_word(result.table)), ""]
    if result.conceded:
        lines += [_("The declarer gave the game up (R39)."), ""]
    lines += aligned(rows, right=tuple(range(2, len(rows[0]))))
    lines += ["", _who_pays(result), ""]
    lines += explained(
        _("units"), _("what each defender pays the declarer for the item; negative: the declarer pays each defender")
    )
    if kontra:
        lines += explained(
            _("kontra"),
            _("how many times the item is paid: x2 kontra, x4 rekontra, x8 szubkontra, x16 hirschkontra (R38)"),
        )
    if split:
        lines += explained(
            f"{seat_name(1)}, {seat_name(2)}",
            _("each defender's own payment, when their kontras differ; units is half the two together (R37, R39)"),
        )
    return lines


def _who_pays(result) -> str:
    """Who pays whom, in words: each defender alike, or each his own where kontras differ (R30, R39)."""
    first, second = result.by_defender
    total = result.declarer_total
    if first != second:
        if first < 0 and second < 0:
            words = _("the declarer pays seat 1 {first} and seat 2 {second}").format(first=-first, second=-second)
        elif first > 0 and second > 0:
            words = _("seat 1 pays the declarer {first} and seat 2 {second}").format(first=first, second=second)
        else:
            words = _("{first} and {second}").format(first=_seat_pays(1, first), second=_seat_pays(2, second))
        return _("{who_pays}: {total} for the declarer in all (R30, R39).").format(
            who_pays=f"{words[0].upper()}{words[1:]}", total=total
        )
    if total == 0:
        return _("Nobody pays: the game is square (R30).")
    s = result.per_defender
    if s > 0:
        return _("Each defender pays the declarer {units}: {total} for the declarer in all (R30).").format(
            units=s, total=total
        )
    return _("The declarer pays each defender {units}: {total} for the declarer in all (R30).").format(
        units=-s, total=total
    )


def _seat_pays(seat: int, units: int) -> str:
    if units > 0:
        return _("seat {seat} pays the declarer {units}").format(seat=seat, units=units)
    if units < 0:
        return _("the declarer pays seat {seat} {units}").format(seat=seat, units=-units)
    return _("seat {seat} and the declarer are square").format(seat=seat)
