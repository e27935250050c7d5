"""``ulti board``: a local page to explore a deal card by card (the ``board`` extra)."""

from __future__ import annotations

import click

from ..cards import SUIT_NAMES
from ..errors import UltiInputError
from ..i18n import N_, _
from .language import UltiCommand
from .options import BadInput, bid_option, deal_argument, kontra_option, read_deal, rules_options, trump_option

#: The one line said where the extra is missing.
NEEDS_EXTRA = N_('the board needs its web server: pip install "ulti-solver[board]"')
DEFAULT_PORT = 8765


@click.command(name="board", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument(required=False)
@bid_option(required=False)
@trump_option(N_("Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk)."))
@click.option(
    "--play", "play_text", metavar="CARDS", help=N_("The cards played so far, in play order from the opening lead.")
)
@rules_options()
@kontra_option(N_("the game's components"))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESS",
    help=N_(
        "The address to listen on. 127.0.0.1 lets in this machine only; 0.0.0.0 lets in every machine "
        "that reaches this one."
    ),
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    metavar="PORT",
    help=N_("The port to listen on; 0 picks a free one."),
)
@click.option("--no-browser", is_flag=True, help=N_("Do not open the page in the browser; just say where it is."))
@click.option(
    "--print-url",
    is_flag=True,
    help=N_("Print the address that opens the board on DEAL (and its play), and exit without serving."),
)
def command(deal, bid, trump, play_text, variants, rulebook, table, *, kontra, host, port, no_browser, print_url):
    """Explore a deal card by card on a page in the browser (R34).

    Starts a small web server on this machine and opens its page in the
    browser.  On the page: paste a deal (any notation the other commands
    read), choose the bid, trump, rules, value table and kontras; under
    every card the player to move may play is its value, as 'ulti solve
    --cards --value' gives it.  Click a card to play it; take cards back
    and replay them (the arrow keys too); play another card to branch;
    see one best line; analyse the play so far as 'ulti analyse' does.
    The address bar reopens the same deal and play.

    With DEAL (and --bid, --trump, --play...) the page opens on that game.
    The server listens on 127.0.0.1 unless --host says otherwise; Ctrl-C
    stops it.  It needs the board extra: pip install "ulti-solver[board]".

    \b
    Examples:
      ulti board --print-url "$(ulti example deal)" --bid party --trump bells
      ulti board --print-url "$(ulti example deal)" --bid "40-100 ulti" --trump leaves --play "BT BA BU"
    """
    query = _game_query(deal, bid, trump, play_text, variants, rulebook, table, kontra=kontra) if deal else ""
    if not deal and (bid is not None or play_text):
        raise click.UsageError(_("--bid and --play go with a DEAL"))
    if print_url:
        shown = host if host not in ("0.0.0.0", "::", "") else "127.0.0.1"
        shown = f"[{shown}]" if ":" in shown else shown
        click.echo(f"http://{shown}:{port}/" + (f"?{query}" if query else ""))
        return
    try:
        import starlette  # noqa: F401  (the extra's two packages)
        import uvicorn  # noqa: F401
    except ImportError:
        raise BadInput(_(NEEDS_EXTRA)) from None
    from ..board.server import address, allowed_hosts, listen, make_app, serve

    sock = listen(host, port)
    url = address(sock) + (f"?{query}" if query else "")
    where = _("every address of this machine") if host in ("0.0.0.0", "::", "") else host
    click.echo(_("The board is at {url} (listening on {where}; Ctrl-C stops it)").format(url=url, where=where))
    if not no_browser:
        _open_browser(url)
    _stopped(serve(sock, make_app(hosts=allowed_hosts(host))))


def _stopped(signum) -> None:
    """A server stopped by a signal ends as every command does: 130 on Ctrl-C, 143 on SIGTERM."""
    import signal

    from .app import Terminated

    if signum == signal.SIGTERM:
        raise Terminated()
    if signum is not None:
        raise KeyboardInterrupt()


def _game_query(deal, bid, trump, play_text, variants, rulebook, table, *, kontra) -> str:
    """The board's query string for a game from the command line, checked as the page's request would be."""
    from ..board.answers import BoardInputError, board_query, read_game

    if bid is None:
        raise click.UsageError(_("give the game's --bid with a DEAL (and --trump for a trump bid)"))
    request = {
        "deal": str(read_deal(deal)),
        "bid": str(bid),
        "trump": None if trump is None else SUIT_NAMES[trump],
        "rules": rulebook,
        "variants": list(variants),
        "table": table,
        "kontra": [str(said) for said in kontra.said],
        "play": play_text or "",
    }
    try:
        game = read_game(request)
    except (BoardInputError, UltiInputError) as exc:
        raise BadInput(str(exc)) from None
    trump_name = None if game.trump is None else SUIT_NAMES[game.trump]
    return board_query(
        str(game.deal),
        str(game.bid),
        trump_name,
        list(game.played),
        rules=rulebook,
        variants=tuple(variants),
        table=table,
        kontra=tuple(request["kontra"]),
    )


def _open_browser(url: str) -> None:
    """Open the page once the server is up (a console browser would otherwise hold the terminal first)."""
    import threading
    import webbrowser

    threading.Timer(0.5, webbrowser.open, [url]).start()
