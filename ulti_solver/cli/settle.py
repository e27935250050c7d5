"""``ulti settle``: what a finished game pays, item by item (R30-R33)."""

from __future__ import annotations

import click

from ..errors import UltiInputError
from ..settlement import SilentItem, settle
from ..variants import parse_rulebook
from .options import BadInput, _at_most_once, bid_option, json_option, trump_option
from .output import Output
from .text import aligned, bid_text, explained, signed


@click.command(name="settle")
@bid_option(required=True)
@trump_option("Trump: hearts makes the bid red (doubled, R32); the suit does not change the units otherwise.")
@click.option(
    "--made",
    required=True,
    metavar="NAMES",
    help="The components that were made, comma or space separated ('-' for none); "
    "the bid's other components were lost (R31).",
)
@click.option(
    "--silent",
    "silent",
    default="-",
    metavar="NAMES",
    help="Silent items that happened: " + ", ".join(SilentItem) + " (R25-R27, R33).",
)
@click.option(
    "--table",
    "table",
    multiple=True,
    callback=_at_most_once,
    metavar="TABLE",
    help="Value table (R32): classic or tournament (default: classic, as the default rulebook).",
)
@click.option(
    "--rules",
    "rulebook",
    multiple=True,
    callback=_at_most_once,
    metavar="BOOK",
    help="Take the value table of this rulebook.",
)
@json_option("One JSON object: bid, trump, table, per_defender, declarer_total, items.")
def command(bid, trump, made, silent, table, rulebook, as_json):
    """What a finished game pays, item by item (R30-R33).

    The declarer receives S units from each defender (pays when S < 0),
    2S in all (R30).  Each component is won or lost on its own (R31) at
    the values of the table (R32), red bids doubled; silent items follow
    R33, and a silent 100 replaces the party's payment.

    \b
    Examples:
      ulti settle --bid ulti --trump leaves --made ulti
      ulti settle --bid "40-100 ulti" --trump leaves --made ulti --table tournament
      ulti settle --bid "red party" --made party --silent declarer-100 --json
      ulti settle --bid party --trump acorns --made - --silent defender-ulti-beaten
    """
    try:
        chosen = table or parse_rulebook(rulebook).table
        result = settle(bid, trump, made, silent, chosen)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    out = Output()
    if as_json:
        out.json(result.as_json())
        return
    rows = [["item", "", "units"]]
    for item in result.items:
        state = (
            ("made" if item.made else "lost")
            if item.name in {str(c) for c in result.bid.components}
            else ("happened" if item.made else "beaten")
        )
        rows.append([item.name, state, signed(item.units)])
    unnamed = result.trump is None and result.bid.has_trump  # a trump bid whose suit does not change the units
    lines = [
        f"Bid   {result.bid if unnamed else bid_text(result.bid, [result.trump])}",
        f"Table {result.table}",
        "",
    ] + aligned(rows, right=(2,))
    s, total = result.per_defender, result.declarer_total
    if s == 0:
        words = "Nobody pays: the game is square (R30)."
    elif s > 0:
        words = f"Each defender pays the declarer {s}: {total} for the declarer in all (R30)."
    else:
        words = f"The declarer pays each defender {-s}: {total} for the declarer in all (R30)."
    lines += ["", words, ""]
    lines += explained(
        "units", "what each defender pays the declarer for the item; negative: the declarer pays each defender"
    )
    out.lines(lines)
