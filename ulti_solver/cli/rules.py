"""``ulti rules``: a rule by its id or a word, from the player's reference; the rulebooks,
the variant switches and the value tables, in words."""

from __future__ import annotations

from typing import List, Sequence

import click

from ..i18n import N_, _, language
from ..render.markdown import printable
from ..render.output import Output
from ..render.rules import rules_lines, rules_listing, rules_wrapped
from ..variants import RULEBOOKS, VALUE_TABLES, VARIANTS
from .language import UltiCommand
from .options import json_option


@click.command(name="rules", cls=UltiCommand)
@click.argument("query", nargs=-1, metavar="[RULE|WORD]...")
@click.option("--list", "list_all", is_flag=True, help=N_("List every rule id with its title."))
@json_option(
    N_(
        'JSON: the rulebooks and variants; with RULE or WORD, {"rules": [{"id", "title", "text"}]} '
        '(and "glossary" for a WORD), in English.'
    )
)
def command(query, list_all, as_json):
    """The rules in words (ulti rules R34, ulti rules kontra); rulebooks.

    Messages and tables cite rules by id (R14, R34): 'ulti rules R34'
    prints that rule from the player's reference (docs/rules.md, shipped
    with the program), 'ulti rules R36-R39' a range, and a word, English
    or Hungarian with or without accents, prints every rule that mentions
    it, those with it in the title first.

    Without an argument: the rulebooks, variant switches and value tables.
    A rulebook is a named set of variant switches plus a value table
    ("Variants and rulebooks" in the reference); --variant switches more
    on top of the rulebook, --table picks the other value table (R32).

    \b
    Examples:
      ulti rules R34
      ulti rules R36-R39 R14
      ulti rules kontra
      ulti rules béla
      ulti rules "silent 100"
      ulti rules --list
      ulti rules
      ulti solve "$(ulti example deal)" --bid party --rules tournament
      ulti solve "$(ulti example deal)" --bid "40-100 ulti" --variant free-seven
      ulti solve "$(ulti example deal)" --bid "40-100 ulti" --value --table tournament
    """
    out = Output()
    if query or list_all:
        _reference(out, query, list_all, as_json)
        return
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
    lines = [_("Rulebooks (--rules BOOK)"), ""]
    for book in RULEBOOKS.values():
        lines.append(f"  {book.name}")
        lines += rules_wrapped(
            _("follows {source}: {description}").format(source=_(book.source), description=_(book.description)),
            "      ",
        )
        lines += rules_wrapped(
            _("switches: {switches}; value table: {table}").format(
                switches=", ".join(book.switches) or _("none"), table=book.table
            ),
            "      ",
        )
    lines += ["", _("Variant switches (--variant NAME, repeatable)"), ""]
    with_it, without_it = _("      with it:    "), _("      without it: ")
    under = " " * max(len(with_it), len(without_it))
    for v in VARIANTS.values():
        lines.append(f"  {v.name}  ({v.rule})")
        lines += rules_wrapped(_(v.with_it), with_it, under)
        lines += rules_wrapped(_(v.without_it), without_it, under)
    lines += [
        "",
        _("Value tables (--table TABLE, R32): {tables}").format(tables=", ".join(VALUE_TABLES)),
        _("  classic: the rulebooks ultiblog, classic and rablo; tournament: the tournament rulebook"),
        "",
        _("The rules themselves: ulti rules R34 (one rule), ulti rules WORD (the rules that mention it),"),
        _("ulti rules --list (every rule)."),
    ]
    out.lines(lines)


# -- the player's reference ------------------------------------------------------------


def _reference(out: Output, query: Sequence[str], list_all: bool, as_json: bool) -> None:
    """Rules by id, by a word, or all listed; the reference is read only here."""
    from .. import rules_reference as reference
    from ..errors import excerpt
    from .options import BadInput

    if list_all and query:
        raise click.UsageError(_("--list lists every rule; give it no RULE or WORD"))
    ref = reference.reference("en" if as_json else language())  # JSON stays English
    if list_all:
        if as_json:
            out.json({"rules": [{"id": rule.id, "title": rule.title} for rule in ref.rules]})
        else:
            out.lines(printable(line) for line in rules_listing(ref.rules))
        return
    ids = [word for word in query if reference.is_rule_id(word)]
    if ids and len(ids) < len(query):
        raise BadInput(_("give rule ids (R34, R36-R39) or words to look for, not both"))
    if ids:
        found = reference.rules_by_id(ids, ref)  # an unknown id: UltiInputError, exit 2
        if as_json:
            out.json({"rules": [rule.as_json() for rule in found]})
        else:
            out.lines(printable(line) for line in rules_lines(found))
        return
    phrase = " ".join(query)
    if not phrase.strip():
        raise BadInput(_("give a rule id (R34) or a word to look for"))
    found = reference.rules_mentioning(phrase, ref)
    if not found and not as_json and language() != "en":
        # An English word ("silent 100") in a Hungarian run: the rules the English reference finds,
        # printed from this one (the ids are the same).
        english = {rule.id for rule in reference.rules_mentioning(phrase, reference.reference("en"))}
        found = [rule for rule in ref.rules if rule.id in english]
    glossary = reference.glossary_mentioning(phrase, ref)
    if not found and not glossary:  # an unknown topic is bad input, as an unknown rule id is (exit 2)
        near = reference.close_words(phrase, ref)
        if near:
            raise BadInput(
                _("no rule mentions {word}; did you mean: {words}? ('ulti rules --list' lists the rules)").format(
                    word=excerpt(phrase), words=", ".join(near)
                )
            )
        raise BadInput(_("no rule mentions {word} ('ulti rules --list' lists the rules)").format(word=excerpt(phrase)))
    if as_json:
        out.json({"rules": [rule.as_json() for rule in found], "glossary": [e.as_json() for e in glossary]})
        return
    lines: List[str] = []
    if found:
        ids_text = ", ".join(rule.id for rule in found)
        lines += [
            _("Rules that mention {word}, titles first: {ids}").format(word=excerpt(phrase), ids=ids_text),
            "",
            *rules_lines(found),
        ]
    else:
        lines.append(_("No rule mentions {word}.").format(word=excerpt(phrase)))
        near = reference.close_words(phrase, ref)
        if near:
            lines.append(_("Did you mean: {words}?").format(words=", ".join(near)))
    if glossary:
        lines += ["", _("Glossary:")]
        lines += [
            _("  {english} ({hungarian}): {meaning}").format(
                english=e.english, hungarian=e.hungarian, meaning=e.meaning
            )
            for e in glossary
        ]
    if not found:
        lines += ["", _("The rules:"), *rules_listing(ref.rules)]
    out.lines(printable(line) for line in lines)
