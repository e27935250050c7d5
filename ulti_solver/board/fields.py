"""The board's errors in the words of its page: a field, not a command-line option.

:func:`.answers.read_game` reads a request as the command line reads its
options, and says a bad bid, trump or kontra as click does ("Invalid
value for '--bid': ...", "add --trump bells, ..."): right for ``ulti
board DEAL --bid ...``, wrong on a page that has a Bid field and a Trump
menu and no options.  So before the board reads a request, the fields the
command line takes as options -- the bid, the trump, the kontras, and
whether they fit together (R28, R29, R36) -- are read here by the same
library readers, and a bad one is said as the page names it.  The deal,
the rules and the play already speak of themselves ("bad deal: ...",
"unknown rulebook ..."); they, and every field of the wrong type, are left
to :func:`.answers.read_game`, which then reads the request for good.
"""

from __future__ import annotations

from typing import List, Mapping, Optional

from ..bids import bid_words, parse_bid, parse_trump, trumps_to_solve
from ..cards import SUIT_NAMES
from ..deal import parse_deal
from ..errors import UltiInputError
from ..i18n import L_
from ..kontra import parse_kontra
from ..variants import make_rules
from .answers import BoardGame, BoardInputError, read_game


def read_board_game(data: Mapping) -> BoardGame:
    """The game of a board request; a bad bid, trump or kontra named as the page's field."""
    check_fields(data)
    return read_game(data)


def _text(data: Mapping, name: str) -> Optional[str]:
    value = data.get(name)
    return value if isinstance(value, str) and value.strip() else None


def _texts(data: Mapping, name: str) -> Optional[List[str]]:
    value = data.get(name)
    if value is None or isinstance(value, str):
        return [value] if value and value.strip() else []
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return [item for item in value if item.strip()]
    return None


def check_fields(data: Mapping) -> None:
    """Raises :class:`BoardInputError` in the page's words where the bid, trump or kontras are bad;
    returns where they are good or where :func:`read_game` will name the fault first (the deal)."""
    deal, bid_text = _text(data, "deal"), _text(data, "bid")
    if deal is None or bid_text is None:
        return
    try:
        parse_deal(deal)
    except UltiInputError:
        return  # read_game says what is wrong with the deal, first
    try:
        bid = parse_bid(bid_text)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad bid: {problem}", problem=exc)) from None
    try:
        trump = parse_trump(_text(data, "trump"))
    except UltiInputError as exc:
        raise BoardInputError(L_("bad trump: {problem}", problem=exc)) from None
    kontras = _texts(data, "kontra")
    if kontras is None:
        return  # not texts: read_game says so
    try:
        spec = parse_kontra(kontras)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad kontra: {problem}", problem=exc)) from None
    try:
        games = trumps_to_solve(bid, trump)
    except UltiInputError:  # R28: the trump menu contradicts the bid
        suit = SUIT_NAMES[trump]
        if not bid.has_trump:
            raise BoardInputError(
                L_("{bid} is played without trump, not with {suit}", bid=bid_words(bid), suit=suit)
            ) from None
        raise BoardInputError(L_("a red bid plays hearts as trump (R28), not {suit}", suit=suit)) from None
    if len(games) > 1:
        raise BoardInputError(
            L_("a played {bid} game has one trump: choose bells, leaves or acorns", bid=bid_words(bid))
        )
    try:
        rules = make_rules(_text(data, "rules"), _texts(data, "variants") or [], _text(data, "table"))
    except UltiInputError:
        return  # the rulebook's own words, from read_game
    ((bid, _trump),) = games
    try:
        spec.for_bid(bid, rules, True)
    except UltiInputError as exc:  # R36: a component the bid lacks
        raise BoardInputError(L_("bad kontra: {problem}", problem=exc)) from None
