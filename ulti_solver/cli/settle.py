"""``ulti settle``: what a finished or conceded game pays, item by item (R30-R33, R36-R39)."""

from __future__ import annotations

import click

from ..errors import UltiInputError
from ..i18n import N_, _
from ..render.output import Output
from ..render.settle import settle_table
from ..settlement import SilentItem, concede, settle
from ..variants import RULEBOOKS, make_rules
from .language import UltiCommand, option
from .options import BadInput, _at_most_once, bid_option, game_kontra, json_option, kontra_option, trump_option


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
def command(bid, trump, made, silent, table, rulebook, variants, *, kontra, concede_game, as_json):
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
        spec = game_kontra(kontra, bid, rules=rules)
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
    out.lines(settle_table(result))
