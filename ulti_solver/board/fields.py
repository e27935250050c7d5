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

from typing import Mapping

from ..bids import bid_words, parse_bid, parse_trump, trumps_to_solve
from ..cards import SUIT_NAMES
from ..deal import parse_deal
from ..errors import UltiInputError
from ..i18n import L_
from ..kontra import parse_kontra
from ..variants import make_rules
from .answers import BoardGame, BoardInputError, read_game
from .answers import _text as field_text  # the request's field readers: a wrong type said once
from .answers import _texts as field_texts


def read_board_game(data: Mapping) -> BoardGame:
    """The game of a board request; a bad bid, trump or kontra named as the page's field."""
    check_fields(data)
    return read_game(data)


def check_fields(data: Mapping) -> None:
    """Raises :class:`BoardInputError` in the page's words where the bid, trump or kontras are bad;
    returns where they are good or where :func:`read_game` will name the fault first (the deal).

    A field of the wrong type is said as read_game's field readers say it, without the option."""
    deal, bid_text = field_text(data, "deal", True), field_text(data, "bid", True)
    trump_text, kontras = field_text(data, "trump"), field_texts(data, "kontra")
    rules_text, variants, table = field_text(data, "rules"), field_texts(data, "variants"), field_text(data, "table")
    try:
        parse_deal(deal)
    except UltiInputError:
        return  # read_game says what is wrong with the deal, first
    try:
        bid = parse_bid(bid_text)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad bid: {problem}", problem=exc)) from None
    try:
        trump = parse_trump(trump_text)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad trump: {problem}", problem=exc)) from None
    try:
        spec = parse_kontra(kontras)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad kontra: {problem}", problem=exc)) from None
    try:
        games = trumps_to_solve(bid, trump)
    except UltiInputError:  # R28: the trump menu contradicts the bid
        assert trump is not None  # trumps_to_solve refuses only a trump named
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
        rules = make_rules(rules_text, variants, table)
    except UltiInputError:
        return  # the rulebook's own words, from read_game
    ((bid, _trump),) = games
    try:
        spec.for_bid(bid, rules=rules, strict=True)
    except UltiInputError as exc:  # R36: a component the bid lacks
        raise BoardInputError(L_("bad kontra: {problem}", problem=exc)) from None
