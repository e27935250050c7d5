"""``ulti settle``: what a finished or conceded game pays, item by item (R30-R33, R36-R39)."""

from __future__ import annotations

import click

from ..errors import UltiInputError
from ..i18n import N_, _, pgettext
from ..settlement import SilentItem, concede, settle
from ..variants import RULEBOOKS, make_rules
from .language import UltiCommand, option
from .options import BadInput, _at_most_once, bid_option, game_kontra, json_option, kontra_option, trump_option
from .output import Output
from .text import aligned, bid_label, bid_text, component_word, explained, kontra_text, seat_name, signed, table_word


def _not_empty(ctx, param, value):
    """An option given as '' (or blanks) is a slip, not "none": '-' says none, a table or rulebook has a name."""
    if isinstance(value, tuple):  # --table and --rules: given at most once
        value = _at_most_once(ctx, param, value)
    if value is not None and not value.strip():
        wanted = {
            "made": _("the components that were made, or '-' for none"),
            "silent": _("the silent items that happened, or '-' for none"),
            "table": _("classic or tournament"),
            "rulebook": ", ".join(RULEBOOKS),
        }[param.name]
        raise click.BadParameter(_("is empty; give {wanted}").format(wanted=wanted), ctx=ctx, param=param)
    return value


@click.command(name="settle", cls=UltiCommand)
@bid_option(required=True)
@trump_option(N_("Trump: hearts makes the bid red (doubled, R32); the suit does not change the units otherwise."))
@click.option(
    "--made",
    metavar="NAMES",
    callback=_not_empty,
    help=N_(
        "The components that were made, comma or space separated ('-' for none); "
        "the bid's other components were lost (R31). Needed unless --concede."
    ),
)
@option(
    "--silent",
    "silent",
    metavar="NAMES",
    callback=_not_empty,
    help=N_("Silent items that happened: {items} (R25-R27, R33)."),
    help_values={"items": ", ".join(SilentItem)},
)
@click.option(
    "--table",
    "table",
    multiple=True,
    callback=_not_empty,
    metavar="TABLE",
    help=N_("Value table (R32): classic or tournament (default: classic, as the default rulebook)."),
)
@click.option(
    "--rules",
    "rulebook",
    multiple=True,
    callback=_not_empty,
    metavar="BOOK",
    help=N_("Take the value table and kontra rules of this rulebook."),
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="NAME",
    help=N_("A rule variant that changes the payment (repeatable): suit-values, kontra-durchmars-individual."),
)
@kontra_option(N_("the bid's components"))
@click.option(
    "--concede",
    "concede_game",
    is_flag=True,
    help=N_("Price a game the declarer gave up instead of playing (R39); --made and --silent do not apply."),
)
@json_option(
    N_(
        "One JSON object: bid, trump, table, per_defender, declarer_total, by_defender, items; with kontras "
        "also kontra and each item's level."
    )
)
def command(bid, trump, made, silent, table, rulebook, variants, kontra, concede_game, as_json):
    """What a finished game pays, item by item (R30-R33, R36-R39).

    The declarer receives S units from each defender (pays when S < 0),
    2S in all (R30).  Each component is won or lost on its own (R31) at
    the values of the table (R32), red bids doubled; silent items follow
    R33, and a silent 100 replaces the party's payment.  A kontra'd
    component pays 2, 4, 8 or 16 times (kontra, rekontra, szubkontra,
    hirschkontra), but for the lost ulti's "once more" (R38); in betli and
    colorless durchmars each defender kontras for himself, and then the
    two defenders pay different amounts (R37).  --concede prices a game
    the declarer gave up: each component's won value, doubled once more
    than its kontras (R39).

    \b
    Examples:
      ulti settle --bid ulti --trump leaves --made ulti
      ulti settle --bid "40-100 ulti" --trump leaves --made ulti --table tournament
      ulti settle --bid "red party" --made party --silent declarer-100 --json
      ulti settle --bid party --trump acorns --made - --silent defender-ulti-beaten
      ulti settle --bid "40-100 ulti" --trump leaves --made 40-100 --kontra ulti
      ulti settle --bid betli --made - --kontra 1:betli=2
      ulti settle --bid "40-100 ulti" --trump leaves --kontra ulti=rekontra --concede
    """
    try:
        rules = make_rules(rulebook, variants, table)
        spec = game_kontra(kontra, bid, rules)
        if concede_game:
            if made is not None or silent is not None:
                raise BadInput(_("--concede prices a game given up before it was played out: drop --made and --silent"))
            result = concede(bid, trump, kontra=spec, rules=rules)
        else:
            if made is None:
                raise BadInput(
                    _("say what was made with --made (or '-' for nothing), or price a concession: --concede")
                )
            result = settle(bid, trump, made, "-" if silent is None else silent, kontra=spec, rules=rules)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    out = Output()
    if as_json:
        out.json(result.as_json())
        return
    out.lines(settlement_lines(result))


def settlement_lines(result) -> list:
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
    components = {str(c) for c in result.bid.components}
    for item in result.items:
        if result.conceded:
            state = pgettext("item", "conceded")
        elif item.name in components:
            state = pgettext("item", "made") if item.made else pgettext("item", "lost")
        else:
            state = pgettext("item", "happened") if item.made else pgettext("item", "beaten")
        row = [component_word(item.name) if item.name in components else item.name, state]
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
