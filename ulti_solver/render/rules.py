"""What ulti rules prints: the rule texts and the listing, wrapped to the terminal."""

from __future__ import annotations

import shutil
import textwrap
from typing import List

from .markdown import inline, markdown_lines

#: The widest a rule's text is wrapped, whatever the terminal.
MAX_WIDTH = 100


MIN_WIDTH = 40


#: How a rule's text is indented under its title.
INDENT = "  "


def rules_wrapped(text: str, first: str, rest: str = "") -> List[str]:
    """``text`` wrapped to the 100 columns every table keeps to, after ``first`` (then ``rest`` or as deep)."""
    return textwrap.wrap(text, 100, initial_indent=first, subsequent_indent=rest or first)


def _width() -> int:
    columns = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    return max(MIN_WIDTH, min(MAX_WIDTH, columns))


def rules_listing(rules) -> List[str]:
    """Every rule's id and title, under the headings of the reference's parts."""
    lines: List[str] = []
    section = None
    for rule in rules:
        if rule.section != section:
            section = rule.section
            lines += ["", section] if lines else [section]
        lines.append(f"  {rule.id:<4} {inline(rule.title)}")
    return lines


def rules_lines(rules) -> List[str]:
    lines: List[str] = []
    for rule in rules:
        if lines:
            lines.append("")
        width = _width()
        lines += textwrap.wrap(f"{rule.id} {inline(rule.title)}", width, subsequent_indent=" " * (len(rule.id) + 1))
        lines += markdown_lines(rule.text, width, INDENT)
    return lines
