"""The whole-game record as JSON (INTERFACE.md, "Whole games"): written from a :class:`Game`,
and read back by replaying it through the referee, so that every action is checked as it is read.

``{"deal": DEAL12, "rules", "table", "variants", "auction": [...], "declarer", "bid", "trump",
"kontra": [...], "play": [cards], "concede": N|null, "throw_in": bool, "result": {...}}``

Reading takes the auction, the throw-in, the trump, the kontras and the
cards in the order they happened (a kontra with ``before`` N is said
before card N+1); ``declarer`` and ``bid`` must be what the auction
fixed, and ``result`` is ignored: the referee's replaces it.  A record
that breaks a rule raises :class:`~.breach.GameRuleError` naming the
part, the action's index and the rule.
"""

from __future__ import annotations

import json
from typing import List, Optional

from ..bids import parse_bid, parse_trump
from ..cards import SUIT_NAMES, card_name, parse_card
from ..deal import parse_deal
from ..errors import UltiInputError, excerpt
from ..i18n import L_
from ..variants import make_rules
from .actions import AuctionAction
from .breach import GameRuleError
from .kontras import KontraCall
from .referee import CARDS_IN_GAME, OVER, THROW_IN, TRUMP, Game

#: The fields of a record, in the order they are written.
FIELDS = (
    "deal",
    "rules",
    "table",
    "variants",
    "auction",
    "declarer",
    "bid",
    "trump",
    "kontra",
    "play",
    "concede",
    "throw_in",
    "result",
)


def game_json(game: Game, *, with_result: bool = True) -> dict:
    """The record of ``game`` (over or not: an unfinished one has no result)."""
    rules = game.rules
    data: dict = {
        "deal": str(game.dealt),
        "rules": rules.book,
        "table": rules.value_table,
        "variants": list(rules.switches),
        "auction": [action.as_json() for action in game.auction.actions],
        "declarer": game.declarer,
        "bid": None if game.bid is None else str(game.bid),
        "trump": None if game.trump is None else SUIT_NAMES[game.trump],
        "kontra": [call.as_json() for call in game.kontras.calls] if game.kontras is not None else [],
        "play": [card_name(card) for card in game.cards],
        "concede": game.conceded_at,
        "throw_in": bool(game.thrown_in),
    }
    if with_result and game.phase == OVER:
        data["result"] = game.result().as_json()
    return data


def _broken(why, *, rule: str, part: str = "record", index: Optional[int] = None) -> GameRuleError:
    return GameRuleError(why, part=part, index=index, rule=rule)


def read_json_record(text: str) -> Game:
    """One record from its JSON line, replayed through the referee (over, or an error)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        where = f" at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise _broken(L_("not a JSON game record{where}", where=where), rule="R45") from None
    if not isinstance(data, dict):
        raise _broken(L_("a game record is a JSON object, not {value}", value=excerpt(text)), rule="R45")
    return game_from_json(data)


def game_from_json(data: dict) -> Game:
    """A finished :class:`Game` from a record's fields, every action checked (R45-R50)."""
    game = Game(_deal(data.get("deal")), rules=_rules(data))
    auction = _list(data, "auction", rule="R46")
    for index, entry in enumerate(auction):
        game.bid_action(AuctionAction.from_json(entry, index))
    if not game.auction.over:
        raise _broken(
            L_(
                "the auction does not end: it is table seat {seat}'s turn; it ends with the standing bidder's "
                "own pass (R46)",
                seat=game.auction.turn,
            ),
            part="auction",
            index=len(auction),
            rule="R46",
        )
    _agree(data, game)
    thrown = data.get("throw_in", False)
    if not isinstance(thrown, bool):
        raise _broken(L_('"throw_in" is true or false'), part="throw-in", index=0, rule="R49")
    kontras = [KontraCall.from_json(entry, i) for i, entry in enumerate(_list(data, "kontra", rule="R48"))]
    cards = _cards(data.get("play", []))
    concede = data.get("concede")
    if thrown:
        if game.phase != THROW_IN:
            raise _broken(
                L_("only table seat 0's first bid of the plain party, standing, may be thrown in (R49)"),
                part="throw-in",
                index=0,
                rule="R49",
            )
        if data.get("trump") is not None or kontras or cards or concede is not None:
            raise _broken(
                L_("a thrown-in deal has no trump, kontras, play or concession (R49)"),
                part="throw-in",
                index=0,
                rule="R49",
            )
        game.throw_in(True)
        return game
    if game.phase == THROW_IN:
        game.throw_in(False)
    if game.phase == TRUMP and concede == 0 and data.get("trump") is None and not cards:
        game.concede()  # given up before naming the trump (R39)
        return game
    if game.phase == TRUMP:
        game.name_trump(_trump(data.get("trump")))
    elif data.get("trump") is not None and _trump(data.get("trump")) != game.trump:
        raise _broken(
            L_(
                "the trump of {bid} is {trump}, not {given}",
                bid=str(game.bid),
                trump=_suit(game.trump),
                given=excerpt(data["trump"]),
            ),
            part="trump",
            index=0,
            rule="R29",
        )
    _play(game, kontras, cards, concede)
    return game


def _play(game: Game, kontras: List[KontraCall], cards: List[int], concede: object) -> None:
    """The cards in order, each moment's kontras before its card (R48), then the concession (R39)."""
    if concede is not None and (not isinstance(concede, int) or isinstance(concede, bool)):
        raise _broken(
            L_('"concede" is the number of cards played when the declarer conceded, or null'),
            part="concede",
            index=0,
            rule="R39",
        )
    if concede is not None and concede != len(cards):
        raise _broken(
            L_("the declarer conceded with {n} cards played, but the play lists {m} (R39)", n=concede, m=len(cards)),
            part="concede",
            index=0,
            rule="R39",
        )
    pending = list(kontras)
    for played in range(len(cards) + 1):
        while pending and pending[0].before == played:
            game.say(pending.pop(0))
        if pending and pending[0].before < played:
            game.say(pending.pop(0))  # out of order: the referee names why
        if played < len(cards):
            game.play(cards[played])
    if pending:
        call = pending[0]
        index = len(kontras) - len(pending)
        raise _broken(
            L_(
                "kontra {index}: said with {before} cards played, but the play stops at {n} (R48)",
                index=index,
                before=call.before,
                n=len(cards),
            ),
            part="kontra",
            index=index,
            rule="R48",
        )
    if concede is not None:
        game.concede()
    elif len(cards) != CARDS_IN_GAME:
        raise _broken(
            L_(
                "the play stops after {n} cards: ten tricks are played (R8), or the declarer concedes (R39)",
                n=len(cards),
            ),
            part="play",
            index=len(cards),
            rule="R8",
        )


def _deal(value: object):
    if not isinstance(value, str):
        raise _broken(
            L_('"deal" is the deal before the discard as a string, 12/10/10 in table seats (R45)'), rule="R45"
        )
    try:
        deal = parse_deal(value)
    except UltiInputError as exc:
        raise _broken(L_("the deal: {problem}", problem=exc), rule="R7") from None
    if not deal.before_discard:
        raise _broken(
            L_("the deal of a whole game is before the discard: table seat 0 holds 12 cards (R45)"), rule="R45"
        )
    return deal


def _rules(data: dict):
    book, variants, table = data.get("rules"), data.get("variants") or [], data.get("table")
    try:
        if book is not None and not isinstance(book, str):
            raise _broken(L_('"rules" is a rulebook name'), rule="R45")
        if not isinstance(variants, list) or (table is not None and not isinstance(table, str)):
            raise _broken(L_('"variants" is a list of names and "table" a value table name'), rule="R45")
        return make_rules(book, variants, table)
    except GameRuleError:
        raise
    except UltiInputError as exc:
        raise _broken(exc, rule="R45") from None


def _list(data: dict, name: str, *, rule: str) -> list:
    value = data.get(name, [] if name != "auction" else None)
    if not isinstance(value, list):
        raise _broken(L_('"{name}" is a list', name=name), part=name, index=0, rule=rule)
    return value


def _cards(value: object) -> List[int]:
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list):
        raise _broken(L_('"play" is the list of cards played from the opening lead'), part="play", index=0, rule="R8")
    cards = []
    for index, word in enumerate(words, start=1):
        try:
            if not isinstance(word, str):
                raise _broken(L_('a card is a string such as "BT"'), part="play", index=index, rule="R1")
            cards.append(parse_card(word))
        except GameRuleError:
            raise
        except UltiInputError as exc:
            raise _broken(
                L_("card {number}: {problem}", number=index, problem=exc), part="play", index=index, rule="R1"
            ) from None
    return cards


def _trump(value: object):
    if value is not None and not isinstance(value, str):
        raise _broken(L_('"trump" is a suit name or null'), part="trump", index=0, rule="R29")
    try:
        return parse_trump(value)
    except UltiInputError as exc:
        raise _broken(exc, part="trump", index=0, rule="R29") from None


def _suit(trump) -> str:
    return "-" if trump is None else SUIT_NAMES[trump]


def _agree(data: dict, game: Game) -> None:
    """``declarer`` and ``bid``, where given, must be what the auction fixed (R46)."""
    declarer = data.get("declarer")
    a_seat = isinstance(declarer, int) and not isinstance(declarer, bool)  # false is not seat 0, nor 0.0
    if declarer is not None and (not a_seat or declarer != game.declarer):
        raise _broken(
            L_(
                "the auction makes table seat {seat} the declarer, not {given} (R46)",
                seat=game.declarer,
                given=excerpt(declarer),
            ),
            rule="R46",
        )
    said = data.get("bid")
    if said is None:
        return
    try:
        bid = parse_bid(said) if isinstance(said, str) else None
    except UltiInputError:
        bid = None
    if bid != game.bid:
        raise _broken(
            L_("the standing bid is {bid}, not {given} (R46)", bid=str(game.bid), given=excerpt(said)), rule="R46"
        )
