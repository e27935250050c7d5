"""The board's pages: its own (a template with the names and choices it offers) and a game's report.

The board's page is plain HTML, CSS and JavaScript shipped as package
data; the card and graph scripts are the report's own (one piece of code
draws a card or a graph wherever it appears).  What the page offers to
choose -- rulebooks, variants, value tables, bid words -- comes from the
library, so a new rulebook shows up on the board without a change here.
"""

from __future__ import annotations

from ..analysis.replay import analyse_game
from ..bids import CANONICAL_WORDS
from ..bots import BOT_KINDS
from ..i18n import _, language, pgettext
from ..report.data import game_data, page_meta
from ..report.html import fill, report_html, script_json, static_text
from ..variants import DEFAULT_RULEBOOK, RULEBOOKS, VALUE_TABLES, VARIANTS
from .answers import BoardGame

BOARD = "ulti_solver.board"
REPORT = "ulti_solver.report"
#: The files the page loads, by name: the package they live in and their media type.
STATIC_FILES = {
    "board.css": (BOARD, "text/css; charset=utf-8"),
    "board.js": (BOARD, "text/javascript; charset=utf-8"),
    "board-form.js": (BOARD, "text/javascript; charset=utf-8"),
    "board-record.js": (BOARD, "text/javascript; charset=utf-8"),
    "board-play.js": (BOARD, "text/javascript; charset=utf-8"),
    "common.css": (REPORT, "text/css; charset=utf-8"),
    "cards.js": (REPORT, "text/javascript; charset=utf-8"),
    "graph.js": (REPORT, "text/javascript; charset=utf-8"),
    "auction.js": (REPORT, "text/javascript; charset=utf-8"),
}
#: Bids offered as a start; the field takes any bid the command line reads.
SUGGESTED_BIDS = (
    "party",
    "40-100",
    "20-100",
    "ulti",
    "40-100 ulti",
    "20-100 ulti",
    "four-aces",
    "ulti four-aces",
    "durchmars",
    "ulti durchmars",
    "betli",
    "open betli",
    "colorless durchmars",
    "open colorless durchmars",
    "red party",
    "red ulti",
    "red betli",
)


def board_meta(limits) -> dict:
    """The page's names (cards, seats, bands) and the choices it offers."""
    return {
        **page_meta(),
        "rulebooks": [{"name": b.name, "description": _(b.description)} for b in RULEBOOKS.values()],
        "default_rulebook": DEFAULT_RULEBOOK,
        "variants": [{"name": v.name, "rule": v.rule, "text": _(v.with_it)} for v in VARIANTS.values()],
        "tables": list(VALUE_TABLES),
        "table_words": {table: pgettext("value table", table) for table in VALUE_TABLES},  # the menu's words
        "bid_words": list(CANONICAL_WORDS),
        "bids": list(SUGGESTED_BIDS),
        "body_bytes": limits.body_bytes,
        # Play's bots: whatever kinds the registry holds (fair ones first, the reference marked).
        "bots": [
            {"name": kind.name, "summary": _(kind.summary), "fair": kind.fair}
            for kind in sorted(BOT_KINDS.values(), key=lambda kind: not kind.fair)
        ],
    }


def board_page(limits) -> str:
    return fill(static_text("board.html", BOARD), {"META": script_json(board_meta(limits)), "LANG": language()})


def report_page(game: BoardGame) -> str:
    """The ``ulti analyse --html`` page of the board's game so far."""
    analysis = analyse_game(*game.game, game.played, rules=game.rules, kontra=game.kontra)
    return report_html([game_data(analysis)])
