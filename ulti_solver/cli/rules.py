"""``ulti rules``: the rulebooks, the variant switches and the value tables, in words."""

from __future__ import annotations

import click

from ..variants import RULEBOOKS, VALUE_TABLES, VARIANT_DEFAULTS, VARIANTS
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
      ulti solve "$(ulti example deal)" --bid party --rules tournament
      ulti solve "$(ulti example deal)" --bid "40-100 ulti" --variant free-seven
      ulti solve "$(ulti example deal)" --bid "40-100 ulti" --value --table tournament
    """
    out = Output()
    if as_json:
        out.json(
            {
                "rulebooks": {
                    name: {"variants": list(switches), "value_table": table, "source": seed, "description": text}
                    for name, (switches, table, seed, text) in RULEBOOKS.items()
                },
                "variants": {
                    name: {"rule": rule, "description": text, "default": VARIANT_DEFAULTS.get(name)}
                    for name, (rule, text) in VARIANTS.items()
                },
                "value_tables": list(VALUE_TABLES),
            }
        )
        return
    lines = ["Rulebooks (--rules BOOK)", ""]
    for name, (switches, table, seed, text) in RULEBOOKS.items():
        lines += [
            f"  {name}",
            f"      {text}",
            f"      switches: {', '.join(switches) or 'none'}; value table: {table}; follows {seed}",
        ]
    lines += ["", "Variant switches (--variant NAME, repeatable)", ""]
    for name, (rule, text) in VARIANTS.items():
        lines += [f"  {name}  ({rule})", f"      with it:    {text}"]
        if name in VARIANT_DEFAULTS:
            lines.append(f"      without it: {VARIANT_DEFAULTS[name]}")
    lines += [
        "",
        "Value tables (--table TABLE, R32): " + ", ".join(VALUE_TABLES),
        "  classic: seeds 000-002 (ultiblog, classic, rablo); tournament: seed 003 (tournament)",
    ]
    out.lines(lines)
