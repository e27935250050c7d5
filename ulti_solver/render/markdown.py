"""Markdown as plain lines for a terminal: the player's reference of the rules is Markdown
(docs/rules.md) and ``ulti rules R34`` prints it.

Only what the reference uses is understood: paragraphs, list items,
tables, indented examples, emphasis.  Paragraphs and items are wrapped to
the width asked for; tables are aligned and examples kept as written,
since wrapping would break their columns.
"""

from __future__ import annotations

import re
import sys
import textwrap
import unicodedata
from typing import List, Optional, Tuple

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])")
_ITEM = re.compile(r"^(\s*)[-*] (.*)$")


def inline(text: str) -> str:
    """Markdown's emphasis marks dropped; `code` keeps its backticks, which mark what you type."""
    return _ITALIC.sub(r"\1", _BOLD.sub(r"\1", text))


def markdown_lines(text: str, width: int, indent: str = "") -> List[str]:
    """The Markdown of a rule as plain lines for a terminal: paragraphs and list items wrapped
    to ``width``, tables aligned, indented blocks kept as written."""
    lines: List[str] = []
    previous = None
    for kind, block in _blocks(text):
        if lines and not (kind == previous == "item"):  # a list's items stay together
            lines.append("")
        previous = kind
        if kind == "table":
            lines += _table_lines(block, indent)
        elif kind == "code":
            lines += [indent + line.rstrip() for line in block]
        else:
            first = rest = indent
            words = " ".join(part.strip() for part in block)
            if kind == "item":
                match = _ITEM.match(block[0])
                assert match is not None  # an item block starts with a line _ITEM matches (_blocks)
                depth = indent + " " * len(match.group(1))
                words = " ".join([match.group(2).strip()] + [part.strip() for part in block[1:]])
                first, rest = depth + "- ", depth + "  "
            lines += textwrap.wrap(
                inline(words),
                width=width,
                initial_indent=first,
                subsequent_indent=rest,
                break_long_words=False,
                break_on_hyphens=False,
            )
    return lines


def _blocks(text: str) -> List[Tuple[str, List[str]]]:
    """(kind, lines) for each block: "para", "item" (one list item), "table" or "code"."""
    blocks: List[list] = []
    current: Optional[list] = None  # [kind, lines] of the block being read
    for line in text.splitlines():
        if not line.strip():
            current = None
        elif line.lstrip().startswith("|"):
            if current is None or current[0] != "table":
                current = ["table", []]
                blocks.append(current)
            current[1].append(line)
        elif current is None and line.startswith("    "):
            current = ["code", [line]]
            blocks.append(current)
        elif _ITEM.match(line) and (current is None or current[0] != "code"):
            current = ["item", [line]]
            blocks.append(current)
        elif current is None or current[0] == "table":
            current = ["para", [line]]
            blocks.append(current)
        else:
            current[1].append(line)
    return [(kind, lines) for kind, lines in blocks]


def _table_lines(rows: List[str], indent: str) -> List[str]:
    cells = [
        [inline(cell.strip()) for cell in row.strip().strip("|").split("|")]
        for row in rows
        if not set(row.strip()) <= set("|-: ")
    ]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(max(len(row) for row in cells))]
    return [(indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row))).rstrip() for row in cells]


def printable(line: str) -> str:
    """The line as stdout can encode it: accents dropped, then '?', on a terminal that lacks them."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        line.encode(encoding)
        return line
    except (UnicodeEncodeError, LookupError):
        plain = "".join(c for c in unicodedata.normalize("NFKD", line) if not unicodedata.combining(c))
        return plain.encode(encoding, errors="replace").decode(encoding, errors="replace")
