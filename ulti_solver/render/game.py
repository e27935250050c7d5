"""What ``ulti game`` prints for a whole game: its record block, and its result in words (R50)."""

from __future__ import annotations

from typing import List

from ..cards import SUIT_NAMES
from ..game.notation import game_text
from ..game.referee import Game
from ..i18n import _
from .settle import item_words
from .tables import aligned
from .words import bid_label, signed


def game_lines(game: Game) -> List[str]:
    """The game as its text record, then who declared what and what each table seat won, as
    '#' comments: what ``ulti game`` prints reads back as a file of records."""
    block = game_text(game).splitlines()
    return block + ["# " + line if line else "" for line in _in_words(game)]


def _in_words(game: Game) -> List[str]:
    lines: List[str] = []
    if game.phase != "over":
        return [_("The game is not over: no result yet."), ""]
    result = game.result()
    assert game.bid is not None  # over: the auction fixed a bid
    bid = bid_label(game.bid)
    if result.thrown_in:
        if result.void:
            lines.append(_("Table seat 0 threw his party in: the deal is void, nobody pays (R49)."))
        else:
            lines.append(
                _("Table seat 0 threw his party in: he pays each other seat {units} (R49, R39).").format(
                    units=result.by_seat[1]
                )
            )
    else:
        trump = "" if game.trump is None else " " + _("({suit} trump)").format(suit=_(SUIT_NAMES[game.trump]))
        lines.append(_("Table seat {seat} declared {bid}{trump}.").format(seat=game.declarer, bid=bid, trump=trump))
        if game.conceded_at is not None:
            lines.append(_("He conceded after {n} cards (R39).").format(n=game.conceded_at))
        settlement = result.settlement
        assert settlement is not None
        rows = [[*item_words(settlement, item), signed(item.units)] for item in settlement.items]
        lines += aligned(rows, right=(2,))
    results = ", ".join(
        _("seat {seat} {units}").format(seat=seat, units=signed(units)) for seat, units in enumerate(result.by_seat)
    )
    lines += [_("Result by table seat: {results} (R50).").format(results=results), ""]
    return lines
