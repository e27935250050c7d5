"""The protocol's wire form (docs/protocol.md): a :class:`~.base.Request` as one JSON object a
line, and the answer as one JSON value a line.

An outside engine (``cmd:COMMAND``, :mod:`.engine`) is sent what its seat
knows and the legal answers, in plain JSON: cards by their names (``HA``),
bids as their words (``40-100 ulti``), suits by name, kontras as
``{"component", "level", "against"}``.  It answers with one element of
``legal`` (for ``kontra``, a list of them).  ``ulti bot`` reads the same
requests back into :class:`~.base.Request` values (:func:`read_request`),
so one of our bots can be the engine.

Everything here checks what it reads: a request or an answer that is not
what the document says is a :class:`ProtocolError` whose message names
the field and why.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from ..bids import Bid, parse_bid, parse_trump
from ..cards import SUIT_NAMES, Hand, card_name, format_card_list, hand_of, parse_card
from ..errors import UltiInputError, excerpt
from ..game.kontras import KontraCall
from ..game.view import PublicAction, SeatView
from ..i18n import L_
from ..kontra import LEVEL_NAMES, MAX_LEVEL
from ..variants import Rules, make_rules
from .base import ASKS, BotError, Request

#: The protocol's version, sent in every line; a request of another version is refused.
VERSION = 1
PASS_WORD, PICK_UP_WORD = "pass", "pick-up"
#: A notice that needs no answer: a game starts, with the engine at this seat.
NEW_GAME = "new_game"


class ProtocolError(BotError):
    """A request or an answer that is not what docs/protocol.md says: the message says which part and why."""


# -- writing ---------------------------------------------------------------------------------------


def names(hand: Hand) -> List[str]:
    """A hand as card names, suits in deal order (hearts, bells, leaves, acorns), ranks A T K O U 9 8 7."""
    return format_card_list(hand).split(",") if hand else []


def legal_json(ask: str, value: Any) -> Any:
    """One legal answer (a Python move) in its wire form."""
    if ask == "bid":
        return value if isinstance(value, str) else str(value)
    if ask == "discard":
        return [card_name(card) for card in value]
    if ask == "trump":
        return None if value is None else SUIT_NAMES[value]
    if ask == "kontra":
        return {"component": str(value.component), "level": value.level, "against": value.against}
    if ask == "card":
        return card_name(value)
    return bool(value)  # concede


def answer_json(ask: str, answer: Any) -> Any:
    """An answer in its wire form: one legal answer, or for ``kontra`` a list of them."""
    if ask == "kontra":
        return [legal_json(ask, call) for call in answer]
    return legal_json(ask, answer)


def request_json(request: Request, *, time_limit: Optional[float] = None) -> dict:
    """The request as the engine reads it (docs/protocol.md, "Requests")."""
    view = request.view
    rules = request.rules
    data: Dict[str, Any] = {
        "version": VERSION,
        "ask": request.ask,
        "seat": request.seat,
        "hand": names(view.hand),
        "seen": names(view.seen),
        "talon": None if view.talon is None else names(view.talon),
        "laid": [{"action": index, "cards": [card_name(c) for c in pair]} for index, pair in sorted(view.laid.items())],
        "auction": [_action_json(action) for action in view.auction],
        "standing": None if request.standing is None else str(request.standing),
        "declarer": view.declarer,
        "bid": None if view.bid is None else str(view.bid),
        "trump": None if view.trump is None else SUIT_NAMES[view.trump],
        "kontras": [call.as_json() for call in view.kontras],
        "played": [{"seat": seat, "card": card_name(card)} for seat, card in view.played],
        "trick": [{"seat": seat, "card": card_name(card)} for seat, card in _trick(view.played)],
        "marriages": [
            {"seat": seat, "suits": [SUIT_NAMES[s] for s in sorted(suits)]}
            for seat, suits in sorted(view.announced.items())
        ],
        "shown": None if view.shown is None else names(view.shown),
        "rules": {"book": rules.book, "table": rules.value_table, "variants": list(rules.switches)},
        "legal": [legal_json(request.ask, value) for value in request.legal],
    }
    if time_limit is not None:
        data["time_limit"] = time_limit
    return data


def new_game_json(seat: int, seed: int) -> dict:
    """The notice that a game starts (no answer is expected)."""
    return {"version": VERSION, NEW_GAME: {"seat": seat, "seed": seed}}


def line(data: Any) -> str:
    """One JSON value on one line, as the protocol sends it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _action_json(action: PublicAction) -> dict:
    entry: Dict[str, Any] = {"seat": action.seat, "action": action.kind}
    if action.bid is not None:
        entry["bid"] = str(action.bid)
    return entry


def _trick(played) -> Tuple[Tuple[int, int], ...]:
    """The cards of the trick being played (none between tricks)."""
    return tuple(played[len(played) - len(played) % 3 :])


# -- reading an answer -----------------------------------------------------------------------------


def parse_json(text: str) -> Any:
    """One line read as JSON; a line that is not is a :class:`ProtocolError` quoting it."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(L_("{line} is not a JSON value", line=excerpt(text.strip()))) from None


def read_answer(request: Request, value: Any) -> Any:
    """The wire answer ``value`` to ``request`` as the Python move it stands for (one of
    ``request.legal``, for ``kontra`` a tuple of them in their legal order), or a :class:`ProtocolError`."""
    ask = request.ask
    before = len(request.view.played)
    legal = {_key(ask, legal_json(ask, move)): move for move in request.legal}
    if ask == "kontra":
        if not isinstance(value, list):
            raise ProtocolError(
                L_("the answer to kontra is a list of legal kontras ([] for none), not {value}", value=_shown(value))
            )
        chosen = []
        for item in value:
            move = legal.get(_key(ask, item, request.seat, before))
            if move is None:
                raise _not_legal(ask, item, request)
            if move in chosen:
                raise ProtocolError(L_("the answer says the kontra {value} twice", value=_shown(item)))
            chosen.append(move)
        return tuple(move for move in request.legal if move in chosen)
    move = legal.get(_key(ask, value, request.seat, before), _MISSING)
    if move is _MISSING:
        raise _not_legal(ask, value, request)
    return move


_MISSING = object()


def _not_legal(ask: str, value: Any, request: Request) -> ProtocolError:
    shown = ", ".join(line(legal_json(ask, move)) for move in request.legal[:6])
    more = ", ..." if len(request.legal) > 6 else ""
    return ProtocolError(
        L_(
            "{value} is not a legal answer to {ask}; the legal ones: {legal}",
            value=_shown(value),
            ask=ask,
            legal=shown + more,
        )
    )


def _shown(value: Any):
    return excerpt(line(value), 80)


def _key(ask: str, value: Any, seat: int = 0, before: int = 0) -> Any:
    """What a wire answer means, spelling aside, to be matched against the legal ones (None: nothing)."""
    try:
        if ask == "bid":
            if not isinstance(value, str):
                return None
            word = value.strip().lower()
            return word if word in (PASS_WORD, PICK_UP_WORD) else str(parse_bid(value))
        if ask == "discard":
            if not isinstance(value, list) or len(value) != 2 or not all(isinstance(c, str) for c in value):
                return None
            return frozenset(parse_card(c) for c in value)
        if ask == "trump":
            return None if value is None else parse_trump(value) if isinstance(value, str) else _MISSING
        if ask == "kontra":
            return _kontra_key(value)
        if ask == "card":
            return parse_card(value) if isinstance(value, str) else None
        return value if isinstance(value, bool) else None
    except UltiInputError:
        return None


def _kontra_key(value: Any):
    if not isinstance(value, dict) or not isinstance(value.get("component"), str):
        return None
    level = value.get("level")
    if isinstance(level, str) and level.lower() in LEVEL_NAMES:
        level = LEVEL_NAMES.index(level.lower())
    against = value.get("against")
    if isinstance(level, bool) or isinstance(against, bool):
        return None
    return (value["component"].strip().lower(), level, against)


# -- reading a request (ulti bot) ------------------------------------------------------------------


def read_request(data: Any) -> Request:
    """A request line read back into a :class:`Request` (docs/protocol.md), every field checked."""
    if not isinstance(data, dict):
        raise ProtocolError(L_("a request is a JSON object, not {value}", value=_shown(data)))
    if data.get("version") != VERSION:
        raise ProtocolError(
            L_(
                "this is protocol version {version}; the request says {given}",
                version=VERSION,
                given=_shown(data.get("version")),
            )
        )
    ask = data.get("ask")
    if ask not in ASKS:
        raise ProtocolError(L_("ask is one of {asks}, not {value}", asks=", ".join(ASKS), value=_shown(ask)))
    seat = _seat(data, "seat")
    played = tuple((_seat(entry, "seat"), _card(entry.get("card"), "played")) for entry in _list(data, "played"))
    before = len(played)
    view = SeatView(
        seat=seat,
        hand=_hand(data, "hand"),
        seen=_hand(data, "seen"),
        talon=_maybe_hand(data, "talon"),
        laid={_int(entry, "action", "laid"): _pair(entry.get("cards"), "laid") for entry in _list(data, "laid")},
        auction=tuple(_public(entry) for entry in _list(data, "auction")),
        declarer=None if data.get("declarer") is None else _seat(data, "declarer"),
        bid=_bid(data.get("bid"), "bid"),
        trump=_suit(data.get("trump"), "trump"),
        kontras=tuple(_said(entry, index) for index, entry in enumerate(_list(data, "kontras"))),
        played=played,
        announced={
            _seat(entry, "seat"): frozenset(_a_suit(s, "marriages") for s in _list(entry, "suits"))
            for entry in _list(data, "marriages")
        },
        shown=_maybe_hand(data, "shown"),
    )
    legal = tuple(_legal(ask, value, seat, before) for value in _list(data, "legal"))
    if not legal:
        raise ProtocolError(L_("legal lists the answers that may be given; it is empty"))
    return Request(ask, seat, view, legal, _rules(data.get("rules")), _bid(data.get("standing"), "standing"))


def read_new_game(data: dict) -> Tuple[int, int]:
    """The (seat, seed) of a ``new_game`` notice."""
    notice = data.get(NEW_GAME)
    if not isinstance(notice, dict):
        raise ProtocolError(L_("new_game is an object with seat and seed"))
    return _seat(notice, "seat"), _int(notice, "seed", NEW_GAME)


def _broken(field: str, why) -> ProtocolError:
    return ProtocolError(L_("{field}: {why}", field=field, why=why))


def _list(data: Any, field: str) -> list:
    value = data.get(field, []) if isinstance(data, dict) else None
    if not isinstance(value, list):
        raise _broken(field, L_("a list, not {value}", value=_shown(value)))
    return value


def _int(data: Any, field: str, where: str) -> int:
    value = data.get(field) if isinstance(data, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _broken(where, L_("{field} is a whole number, not {value}", field=field, value=_shown(value)))
    return value


def _seat(data: Any, field: str) -> int:
    value = data.get(field) if isinstance(data, dict) else None
    if value not in (0, 1, 2) or isinstance(value, bool):
        raise _broken(field, L_("a table seat, 0, 1 or 2, not {value}", value=_shown(value)))
    return value


def _card(value: Any, field: str) -> int:
    if not isinstance(value, str):
        raise _broken(field, L_("a card name such as HA, not {value}", value=_shown(value)))
    try:
        return parse_card(value)
    except UltiInputError as exc:
        raise _broken(field, exc) from None


def _maybe_hand(data: dict, field: str) -> Optional[Hand]:
    return None if data.get(field) is None else _hand(data, field)


def _hand(data: dict, field: str) -> Hand:
    value = data.get(field)
    if not isinstance(value, list):
        raise _broken(field, L_("a list of card names, not {value}", value=_shown(value)))
    return hand_of(_card(card, field) for card in value)


def _pair(value: Any, field: str) -> Tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise _broken(field, L_("two card names, not {value}", value=_shown(value)))
    first, second = sorted(_card(card, field) for card in value)
    return (first, second)


def _bid(value: Any, field: str) -> Optional[Bid]:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _broken(field, L_("a bid in words such as '40-100 ulti', not {value}", value=_shown(value)))
    try:
        return parse_bid(value)
    except UltiInputError as exc:
        raise _broken(field, exc) from None


def _suit(value: Any, field: str) -> Optional[int]:
    return None if value is None else _a_suit(value, field)


def _a_suit(value: Any, field: str) -> int:
    if not isinstance(value, str) or value not in SUIT_NAMES:
        raise _broken(field, L_("a suit, {suits}, not {value}", suits=", ".join(SUIT_NAMES), value=_shown(value)))
    return SUIT_NAMES.index(value)


def _public(entry: Any) -> PublicAction:
    kind = entry.get("action") if isinstance(entry, dict) else None
    if kind not in ("bid", PASS_WORD, PICK_UP_WORD):
        raise _broken("auction", L_("an action is bid, pick-up or pass, not {value}", value=_shown(kind)))
    return PublicAction(_seat(entry, "seat"), kind, _bid(entry.get("bid"), "auction"))


def _said(entry: Any, index: int) -> KontraCall:
    try:
        return KontraCall.from_json(entry, index)
    except UltiInputError as exc:
        raise _broken("kontras", exc) from None


def _level(value: Any, field: str) -> int:
    if isinstance(value, str) and value.lower() in LEVEL_NAMES:
        value = LEVEL_NAMES.index(value.lower())
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LEVEL:
        raise _broken(field, L_("a level is 1-4 or kontra, rekontra, szubkontra, hirschkontra"))
    return value


def _legal(ask: str, value: Any, seat: int, before: int) -> Any:
    """One element of a request's ``legal`` as the Python move it stands for."""
    if ask == "bid":
        if value in (PASS_WORD, PICK_UP_WORD):
            return value
        bid = _bid(value, "legal")
        if bid is None:
            raise _broken("legal", L_("pass, pick-up or a bid in words, not null"))
        return bid
    if ask == "discard":
        return _pair(value, "legal")
    if ask == "trump":
        return _suit(value, "legal")
    if ask == "kontra":
        if not isinstance(value, dict) or not isinstance(value.get("component"), str):
            raise _broken("legal", L_("a kontra is an object with component, level and against"))
        against = value.get("against")
        if against is not None:
            against = _seat(value, "against")
        return KontraCall(seat, value["component"], _level(value.get("level"), "legal"), before, against)
    if ask == "card":
        return _card(value, "legal")
    if not isinstance(value, bool):
        raise _broken("legal", L_("true or false, not {value}", value=_shown(value)))
    return value


def _rules(value: Any) -> Rules:
    if not isinstance(value, dict):
        raise _broken("rules", L_("an object with book, table and variants"))
    variants = value.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise _broken("rules", L_("variants is a list of names"))
    try:
        return make_rules(value.get("book"), variants, value.get("table"))
    except UltiInputError as exc:
        raise _broken("rules", exc) from None
