"""The example files that travel with the package: a deal, a hand, a batch, played games.

They live in ``ulti_solver/examples/`` (package data, so they are there
after ``pip install``; the checkout's ``examples/`` is the same folder),
and every ``--help`` example reaches them through ``ulti example NAME``
rather than a path, so the examples run from any directory.
"""

from __future__ import annotations

from importlib import resources
from typing import List

from .errors import UltiInputError, excerpt
from .i18n import L_, N_

#: Each example by name (its file is NAME.txt), and what it holds and is for.
EXAMPLES = {
    "deal": N_("a deal, 10/10/10 and the talon (solve, best, analyse)"),
    "hand": N_("the declarer's 10 cards of that deal, its talon LU,A8 (simulate)"),
    "discard": N_("a deal before the discard, 12/10/10 (discards, best)"),
    "batch": N_("a mixed batch, one deal per line with its own bid and trump (batch)"),
    "bad-lines": N_("deliberately bad lines, to show how a batch reports them (batch)"),
    "games": N_("three played games, one per line (analyse --file)"),
    "whole-games": N_("five whole games from the deal to the payment, one per block (game --file, analyse --file)"),
}


class ExampleError(UltiInputError):
    """An example name that does not exist; the message lists the known ones."""


def example_names() -> List[str]:
    return list(EXAMPLES)


def example_path(name: str):
    """The file of example ``name`` (a :class:`importlib.resources` traversable)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in EXAMPLES:
        import difflib

        close = difflib.get_close_matches(str(key), list(EXAMPLES), n=1)
        hint = L_("; did you mean {word!r}?", word=close[0]) if close else ""
        raise ExampleError(
            L_(
                "unknown example {name}{hint} (known: {known})",
                name=excerpt(name),
                hint=hint,
                known=", ".join(EXAMPLES),
            )
        )
    return resources.files(__package__) / "examples" / f"{key}.txt"  # 3.10's joinpath takes one name


def example_text(name: str) -> str:
    """The text of example ``name``, as the file holds it: ``parse_deal(example_text("deal"))``."""
    return example_path(name).read_text(encoding="utf-8")
