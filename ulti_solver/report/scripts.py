"""The pages' scripts and static files, and the scripts' texts in the language of the run."""

from __future__ import annotations

import json
import re
from importlib import resources

from ..i18n import _, language

#: A text of a script, shown in the language of the page: ``t("Value after every card")``.
_SCRIPT_TEXT = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')


#: Every script of the pages, whose texts the page's data carries translated.
PAGE_SCRIPTS = (
    ("ulti_solver.report", "cards.js"),
    ("ulti_solver.report", "graph.js"),
    ("ulti_solver.report", "auction.js"),
    ("ulti_solver.report", "report.js"),
    ("ulti_solver.board", "board-form.js"),
    ("ulti_solver.board", "board.js"),
    ("ulti_solver.board", "board-record.js"),
    ("ulti_solver.board", "board-play.js"),
)


def static_text(name: str, package: str = "ulti_solver.report") -> str:
    """A file of a package's ``static/`` folder (package data), as text."""
    return resources.files(package).joinpath("static").joinpath(name).read_text(encoding="utf-8")


def page_texts() -> dict:
    """The scripts' texts (their ``t("...")`` calls) in the language of the run, by their English;
    empty in English, where the page shows them as written."""
    if language() == "en":
        return {}
    texts = {}
    for package, name in PAGE_SCRIPTS:
        for match in _SCRIPT_TEXT.finditer(static_text(name, package)):
            english = json.loads(f'"{match.group(1)}"')
            translated = _(english)
            if translated != english:
                texts[english] = translated
    return texts
