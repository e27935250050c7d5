"""What the board's Play sends the page: one seat's knowledge (R40, R46) and its question, as JSON.

Everything here is read from a :class:`~ulti_solver.game.view.SeatView` and
a :class:`~ulti_solver.bots.base.Request` -- what the table would hand a bot
in that seat -- and never from the game itself, so that no card the seat
has not seen reaches the page before the game is over (R40, R46): the
other hands, a talon it did not lay or pick up.  Cards are named as the
record names them (``HA``); ``*_text``, ``who`` and ``what`` are words in
the language of the run.

A question's answers are listed with the JSON ``value`` the page sends
back for each (:func:`answer_value`); :func:`read_answer` takes a value
sent and finds the legal answer it names, or says why it names none.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..bids import Bid, bid_words
from ..cards import SUIT_NAMES, card_label, card_name, cards_of
from ..errors import excerpt
from ..game.actions import BID, PASS, PICK_UP
from ..game.kontras import KontraCall
from ..game.view import SeatView
from ..i18n import L_, _
from ..play import PlayRules, trick_winner
from ..report.whole import kontra_moment, kontra_what, table_seat_name
from ..variants import Rules
from .answers import BoardInputError

PASS_WORD, PICK_UP_WORD = "pass", "pick-up"


def names(hand: Optional[int]) -> Optional[List[str]]:
    return None if hand is None else [card_name(card) for card in cards_of(hand)]


def _bid_text(bid: Optional[Bid]) -> Optional[str]:
    return None if bid is None else str(bid_words(bid))


def _suit_text(suit: int) -> str:
    from ..render.words import suit_text

    return suit_text(suit)


def _what(kind: str, bid: Optional[Bid], *, first: bool, own: bool, ends: bool) -> str:
    """An auction action as the table hears it (R46): no card named (those laid are face down)."""
    if kind == PASS:
        return _("passes: his bid stands and the auction ends") if ends else _("passes")
    words = _bid_text(bid)
    if kind == PICK_UP and own:
        return _("takes back his own talon, lays two cards face down and bids {bid}").format(bid=words)
    if kind == PICK_UP:
        return _("picks up the talon, lays two cards face down and bids {bid}").format(bid=words)
    if first:  # table seat 0's opening: he lays two of his twelve (R46)
        return _("lays two cards face down and bids {bid}").format(bid=words)
    return _("bids {bid} without picking up the talon, which stays as it lies").format(bid=words)


def auction_json(view: SeatView) -> List[dict]:
    out, standing = [], None
    for index, action in enumerate(view.auction):
        ends = view.declarer is not None and index == len(view.auction) - 1
        what = _what(action.kind, action.bid, first=index == 0, own=standing == action.seat, ends=ends)
        entry: Dict[str, Any] = {
            "index": index,
            "seat": action.seat,
            "action": action.kind,
            "bid": None if action.bid is None else str(action.bid),
            "who": table_seat_name(action.seat),
            "what": what,
        }
        if index in view.laid:
            entry["laid"] = [card_name(card) for card in view.laid[index]]  # his own cards: he knows them
        out.append(entry)
        if action.kind in (BID, PICK_UP):
            standing = action.seat
    return out


def _tricks(view: SeatView, *, rules: Rules) -> List[dict]:
    """The cards played, trick by trick, each complete one with its winner (R13): all face up."""
    if view.bid is None:
        return []
    play = PlayRules.for_game(view.bid, view.trump, rules=rules)
    tricks = []
    for start in range(0, len(view.played), 3):
        trick = view.played[start : start + 3]
        winner = trick[trick_winner([card for _seat, card in trick], play)][0] if len(trick) == 3 else None
        tricks.append({"cards": [{"seat": seat, "card": card_name(card)} for seat, card in trick], "winner": winner})
    return tricks


def _marriages(view: SeatView) -> List[dict]:
    out = []
    for seat in sorted(view.announced):
        suits = sorted(view.announced[seat])
        said = [f"{_suit_text(suit)} {40 if suit == view.trump else 20}" for suit in suits]
        out.append(
            {
                "seat": seat,
                "who": table_seat_name(seat),
                "suits": [SUIT_NAMES[suit] for suit in suits],
                "what": ", ".join(said) if said else _("no marriage"),
            }
        )
    return out


def view_json(view: SeatView, *, rules: Rules) -> dict:
    """What table seat ``view.seat`` knows (R40, R46), for the page: his cards, what was said, the play."""
    played = 0
    for _seat, card in view.played:
        played |= 1 << card
    tricks = _tricks(view, rules=rules)
    taken = [0, 0, 0]
    for trick in tricks:
        if trick["winner"] is not None:
            taken[trick["winner"]] += 1
    return {
        "seat": view.seat,
        "hand": names(view.hand),
        "talon": names(view.talon),
        "auction": auction_json(view),
        "declarer": view.declarer,
        "bid": None if view.bid is None else str(view.bid),
        "bid_text": _bid_text(view.bid),
        "trump": None if view.trump is None else SUIT_NAMES[view.trump],
        "trump_text": None if view.trump is None else _suit_text(view.trump),
        "kontras": [
            {
                **call.as_json(),
                "who": table_seat_name(call.seat),
                "what": kontra_what(call),
                "when": kontra_moment(call.before),
            }
            for call in view.kontras
        ],
        "played": [{"seat": seat, "card": card_name(card)} for seat, card in view.played],
        "tricks": tricks,
        "taken": taken,
        "marriages": _marriages(view),
        # An open bid's declarer's cards, face up since the first trick (R40): those not yet played.
        "shown": names(view.shown & ~played) if view.shown is not None else None,
    }


# -- the question and its answers ---------------------------------------------------------------


def answer_value(ask: str, answer: Any) -> Any:
    """The JSON the page sends for one legal answer: ``"pass"``, a bid's words as the command line
    reads them, two card names, a suit's name, true or false, a kontra's record entry, a card name."""
    if ask == "discard":
        return [card_name(card) for card in answer]
    if ask == "card":
        return card_name(answer)
    if ask == "trump":
        return None if answer is None else SUIT_NAMES[answer]
    if ask == "kontra":
        return answer.as_json()
    if isinstance(answer, Bid):
        return str(answer)
    return answer  # "pass", "pick-up", True, False


def _option_text(ask: str, answer: Any, *, over_talon: bool, throw_in: bool) -> str:
    if ask == "discard":
        return " ".join(card_label(card) for card in answer)
    if ask == "card":
        return card_label(answer)
    if ask == "trump":
        return _("no trump") if answer is None else _suit_text(answer)
    if ask == "kontra":
        return kontra_what(answer)
    if ask == "concede":
        if throw_in:
            return _("Throw it in") if answer else _("Play it")
        return _("Concede") if answer else _("Play it")
    if answer == PASS_WORD:
        return _("Pass")
    if answer == PICK_UP_WORD:
        return _("Pick up the talon")
    if over_talon:
        return _("{bid}, the talon left as it lies").format(bid=bid_words(answer))
    return str(bid_words(answer))


def _question_text(request, *, throw_in: bool) -> str:
    ask, standing = request.ask, request.standing
    if ask == "bid" and PASS_WORD in request.legal:
        return _("Your turn in the auction: {bid} stands. Pass, or pick up the talon (R46).").format(
            bid=bid_words(standing)
        )
    if ask == "bid" and standing is None:
        return _("Say your first bid; the plain party is the lowest (R46).")
    if ask == "bid":
        return _("Say a bid that beats {bid} (R47).").format(bid=bid_words(standing))
    if ask == "discard":
        return _("Lay two of your twelve cards face down: click two, then lay them (R46).")
    if ask == "trump":
        return _("Name the trump (R29).")
    if ask == "concede" and throw_in:
        return _("Your plain party stands: throw the deal in, or play it (R49)?")
    if ask == "concede":
        return _("You are the declarer: play the game, or concede it before your first lead (R39)?")
    if ask == "kontra":
        return _("Your kontras (R48): tick those you say, then say them; none ticked says none.")
    return _("Your card: click one of the cards you may play (R9-R12).")


def question_json(request, *, throw_in: bool) -> dict:
    """The question to the person: what is asked, in words, and each legal answer's value and words.
    ``throw_in``: a ``concede`` question is table seat 0's throw-in (R49), not a concession (R39)."""
    over_talon = request.ask == "bid" and PASS_WORD in request.legal
    return {
        "ask": request.ask,
        "text": _question_text(request, throw_in=throw_in),
        "standing": None if request.standing is None else str(request.standing),
        "standing_text": _bid_text(request.standing),
        "throw_in": throw_in,
        "options": [
            {
                "value": answer_value(request.ask, answer),
                "text": _option_text(request.ask, answer, over_talon=over_talon, throw_in=throw_in),
            }
            for answer in request.legal
        ],
    }


def _key(value: Any) -> str:
    """A JSON value compared as JSON: true is not 1, and two cards laid are a set."""
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        value = sorted(value)
    return json.dumps(value, sort_keys=True)


def read_answer(ask: str, legal: Sequence[Any], value: Any) -> Any:
    """The legal answer that ``value`` (sent by the page) names; for ``kontra``, a list of them.
    Anything else is a :class:`~.answers.BoardInputError` naming it and the question."""
    by_key = {_key(answer_value(ask, answer)): answer for answer in legal}
    if ask == "kontra":
        if not isinstance(value, list):
            raise BoardInputError(L_("the kontras are answered with a list of those said (an empty one: none)"))
        calls: List[KontraCall] = []
        for item in value:
            call = by_key.get(_key(item))
            if call is None:
                raise BoardInputError(
                    L_("{answer} is not a kontra that may be said now (R48)", answer=excerpt(json.dumps(item)))
                )
            if call not in calls:
                calls.append(call)
        return tuple(calls)
    if _key(value) not in by_key:
        raise BoardInputError(
            L_(
                "{answer} is not a legal answer to the question ({ask}); the question lists its answers",
                answer=excerpt(json.dumps(value)),
                ask=ask,
            )
        )
    return by_key[_key(value)]


def result_json(by_seat: Tuple[int, int, int]) -> List[dict]:
    return [{"seat": seat, "who": table_seat_name(seat), "units": units} for seat, units in enumerate(by_seat)]
