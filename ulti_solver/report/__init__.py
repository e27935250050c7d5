"""Pictures of games: a played game as one self-contained HTML page (``ulti analyse --html``).

:mod:`.data` turns an analysis into the page's data (the CLI's ``--json``
objects of ``analyse``, plus what a picture needs besides: the tricks'
winners, the rules, how the game ended); :mod:`.html` fills the page
template with it.  The page's CSS and JavaScript live in ``static/``, as
package data; the local board (:mod:`ulti_solver.board`) serves the same
card and graph code.
"""

from .data import error_data, game_data, page_meta
from .html import HtmlReport, report_html

__all__ = ["HtmlReport", "error_data", "game_data", "page_meta", "report_html"]
