"""``ulti rules``: the rulebooks, the variant switches and the value tables, in words."""

from __future__ import annotations

import click

from ..variants import RULEBOOKS, VALUE_TABLES, VARIANTS
from .options import json_option
from .output import Output


@click.command(name="rules")
@json_option("The rulebooks and variants as one JSON object.")
def command(as_json):
    """The rulebooks, variant switches and value tables.

    A rulebook is a named set of variant switches plus a value table
    (RULES.md, "Variants and rulebooks"); --variant switches more on top
    of the rulebook, --table picks the other value table (R32).

    \b
    Examples:
      ulti rules
      ulti solve "$(cat examples/deal.txt)" --bid party --rules tournament
      ulti solve "$(cat examples/deal.txt)" --bid "40-100 ulti" --variant free-seven
      ulti solve "$(cat examples/deal.txt)" --bid "40-100 ulti" --value --table tournament
    """
    out = Output()
    if as_json:
        out.json(
            {
                "rulebooks": {
                    book.name: {
                        "variants": list(book.switches),
                        "value_table": book.table,
                        "source": book.source,
                        "description": book.description,
                    }
                    for book in RULEBOOKS.values()
                },
                "variants": {
                    v.name: {"rule": v.rule, "description": v.with_it, "default": v.without_it}
                    for v in VARIANTS.values()
                },
                "value_tables": list(VALUE_TABLES),
            }
        )
        return
    lines = ["Rulebooks (--rules BOOK)", ""]
    for book in RULEBOOKS.values():
        lines += [
            f"  {book.name}",
            f"      {book.description}",
            f"      switches: {', '.join(book.switches) or 'none'}; value table: {book.table}; follows {book.source}",
        ]
    lines += ["", "Variant switches (--variant NAME, repeatable)", ""]
    for v in VARIANTS.values():
        lines += [f"  {v.name}  ({v.rule})", f"      with it:    {v.with_it}", f"      without it: {v.without_it}"]
    lines += [
        "",
        "Value tables (--table TABLE, R32): " + ", ".join(VALUE_TABLES),
        "  classic: seeds 000-002 (ultiblog, classic, rablo); tournament: seed 003 (tournament)",
    ]
    out.lines(lines)
