"""A page from a template: the package's CSS and JavaScript inlined, the data as escaped JSON.

Templates and scripts are package data in ``static/``.  A template names
what goes where with markers such as ``@@STYLE@@``; :func:`fill` replaces
them all in one pass, so nothing inserted is ever read as a marker.  The
data goes into a ``<script type="application/json">`` element: JSON with
every ``<``, ``>`` and ``&`` written as a ``\\u`` escape, so that no text in
it (a ``</script>``, a ``<!--``) can end the element or start markup.
"""

from __future__ import annotations

import html
import json
import os
import re
from typing import Mapping, Optional, Sequence

from ..errors import UltiInputError, excerpt
from ..i18n import L_, _, language, n_
from .data import error_data, game_data, report_games
from .scripts import static_text

_MARKER = re.compile(r"@@([A-Z_]+)@@")
#: A text of a template, shown in the language of the run: ``[[Games]]`` (Babel extracts them).
_TEXT = re.compile(r"\[\[(.+?)\]\]", re.S)
#: What JSON leaves as it is but an HTML script element must not contain, as JSON's own escapes.
_UNSAFE_IN_SCRIPT = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
}
#: The report's scripts, inlined in this order: the shared card, graph and auction code, then the report's own.
REPORT_SCRIPTS = ("cards.js", "graph.js", "auction.js", "report.js")
REPORT_STYLES = ("common.css", "report.css")


def script_json(data) -> str:
    """``data`` as JSON that is safe inside an HTML ``<script>`` element (and still the same JSON)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_UNSAFE_IN_SCRIPT)


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with each ``@@NAME@@`` replaced by ``values[NAME]`` (every marker must be known),
    and each ``[[text]]`` by the text in the language of the run, escaped for HTML."""

    def value(match: re.Match) -> str:
        return values[match.group(1)]

    def text(match: re.Match) -> str:
        english = " ".join(match.group(1).split())
        return html.escape(_(english), quote=True)

    return _MARKER.sub(value, _TEXT.sub(text, template))


def _title(games: Sequence[dict]) -> str:
    played = [g for g in games if "error" not in g]
    if len(games) == 1 and played:
        game = played[0]
        if game["trump"]:
            return _("Ulti game: {bid}, {trump} trump").format(bid=game["bid_text"], trump=game["trump_text"])
        return _("Ulti game: {bid}").format(bid=game["bid_text"])
    bad = len(games) - len(played)
    title = _("Ulti games: {count} analysed").format(count=len(played))
    return title + (n_(", {n} bad line", ", {n} bad lines", bad) if bad else "")


def report_html(games: Sequence[dict], title: Optional[str] = None) -> str:
    """The self-contained page of ``ulti analyse --html``: ``games`` are :func:`~.data.game_data` and
    :func:`~.data.error_data` items in file order."""
    page_title = title or _title(games)
    return fill(
        static_text("report.html"),
        {
            "TITLE": html.escape(page_title),
            "LANG": language(),
            "STYLE": "\n".join(static_text(name) for name in REPORT_STYLES),
            "DATA": script_json({**report_games(games), "title": page_title}),
            "SCRIPT": "\n".join(static_text(name) for name in REPORT_SCRIPTS),
        },
    )


class HtmlReport:
    """The page ``ulti analyse --html FILE`` writes: games added one by one, in file order, then written once."""

    def __init__(self, path: str):
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            reason = L_("it is a folder") if os.path.isdir(path) else L_("cannot write in {folder}", folder=folder)
            raise UltiInputError(L_("cannot write the report to {path}: {reason}", path=excerpt(path), reason=reason))
        self.path = path
        self.games: list = []

    def add(self, analysis, line: Optional[int] = None, game=None, judgement: Optional[dict] = None) -> None:
        """A game analysed; with ``game``, the finished whole game (R45-R50) whose play ``analysis``
        judges, shown with its auction (``analysis`` None where it has no play: thrown in, R49).
        ``judgement``: the verdicts on its bid and kontras, ``{"bid": {"band": ...}, "kontras": ...}``."""
        self.games.append(game_data(analysis, line, game=game, judgement=judgement))

    def bad_line(self, line: int, message: str) -> None:
        self.games.append(error_data(line, message))

    def write(self) -> str:
        """Write the page; says in one line what it holds. A file that cannot be written is bad input."""
        try:
            with open(self.path, "w", encoding="utf-8") as out:
                out.write(report_html(self.games))
        except OSError as exc:
            raise UltiInputError(
                L_("cannot write the report to {path}: {reason}", path=excerpt(self.path), reason=exc.strerror or exc)
            ) from None
        analysed = sum(1 for g in self.games if "error" not in g)
        return n_(
            "Wrote the report of {n} game to {path}",
            "Wrote the report of {n} games to {path}",
            analysed,
            path=self.path,
        )
