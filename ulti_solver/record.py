"""Game records: a played game on one line, for ``ulti analyse`` and for files of a club's session.

The line form is ``DEAL | BID | SUIT | CARDS``: the deal with its talon,
the bid, the trump (empty or ``-`` for a bid without one) and the cards in
play order from the opening lead, in the card-list form separated by
spaces or commas (all 30, or fewer).  A JSON line works too:
``{"deal": ..., "bid": ..., "trump": ... or null, "play": [cards] or "cards"}``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import List, Optional

from .bids import Bid, bid_words, parse_bid, parse_trump, trumps_to_solve
from .cards import SUIT_NAMES, Card, Suit, card_name
from .deal import Deal, parse_deal
from .errors import UltiInputError, excerpt
from .i18n import L_, LN_
from .play import PlayRules
from .position import parse_play, replay
from .variants import Rules


class RecordError(UltiInputError):
    """A game record that cannot be read: its shape, or a field the line names."""


@dataclass(frozen=True)
class GameRecord:
    """A played game: the deal, the bid and trump played, and the cards in play order."""

    deal: Deal
    bid: Bid
    trump: Optional[Suit]
    cards: List[Card]

    def check(self, *, rules: Rules) -> None:
        """Every card legal (R9-R12): a :class:`~ulti_solver.position.PlayError` names the first that is not."""
        replay(self.deal, PlayRules.for_game(self.bid, self.trump, rules=rules), self.cards)

    def __str__(self) -> str:
        trump = "" if self.trump is None else SUIT_NAMES[self.trump]
        return f"{self.deal} | {self.bid} | {trump} | {' '.join(card_name(c) for c in self.cards)}"


def make_record(deal_text: str, bid_text: str, trump_text: Optional[str], play) -> GameRecord:
    """A record from its four parts, each checked (R7, R28, R29); the trump follows the bid's rules."""
    deal = parse_deal(deal_text).require_talon()
    bid = parse_bid(bid_text)
    trump = None if trump_text in (None, "", "-") else parse_trump(trump_text)
    games = trumps_to_solve(bid, trump)
    if len(games) > 1:
        raise RecordError(
            L_("the record of a {bid} game must name its trump (bells, leaves or acorns)", bid=bid_words(bid))
        )
    played_bid, played_trump = games[0]
    cards = parse_play(play if isinstance(play, str) else " ".join(play))
    return GameRecord(deal, played_bid, played_trump, cards)


#: What each field of a JSON game record holds, for the message when it holds something else.
_FIELDS = {
    "deal": L_('the deal as a string, e.g. "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"'),
    "bid": L_('the bid as a string, e.g. "40-100 ulti"'),
    "trump": L_('a suit as a string, e.g. "leaves", or null for a bid without trump'),
    "play": L_('the cards played, a list of strings such as ["BT", "BA"] or one string "BT BA"'),
}


def _shown(value) -> str:
    """A JSON value as the line has it, cut short: ``7``, ``null``, ``[["BT"]]``."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _wrong(name: str, value) -> RecordError:
    return RecordError(
        L_('"{name}" is {value}; it should be {wanted}', name=name, value=_shown(value), wanted=_FIELDS[name])
    )


def _json_fields(data: dict):
    """(deal, bid, trump, play) of a JSON game record, each of the type it must have, or a RecordError naming it."""
    missing = [k for k in ("deal", "bid") if k not in data]
    if missing or not ("play" in data or "cards" in data):
        raise RecordError(L_('a JSON game record has "deal", "bid", "trump" and "play" (a list of cards)'))
    for name in ("deal", "bid"):
        if not isinstance(data[name], str):
            raise _wrong(name, data[name])
    trump = data.get("trump")
    if trump is not None and not isinstance(trump, str):
        raise _wrong("trump", trump)
    name = "play" if "play" in data else "cards"
    play = data[name]
    if isinstance(play, list):
        for index, card in enumerate(play, start=1):
            if not isinstance(card, str):
                raise RecordError(
                    L_(
                        '"{name}": card {index} is {value}; each card is a string such as "BT", "♦T"',
                        name=name,
                        index=index,
                        value=_shown(card),
                    )
                )
    elif not isinstance(play, str):
        raise RecordError(
            L_('"{name}" is {value}; it should be {wanted}', name=name, value=_shown(play), wanted=_FIELDS["play"])
        )
    return data["deal"], data["bid"], trump, play


def _json_record(text: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            L_("not a JSON object: {problem} at column {column}", problem=exc.msg, column=exc.colno)
        ) from None
    except RecursionError:  # '[[[[...' 100,000 deep
        raise RecordError(L_("not a JSON game record: its lists or objects are nested too deeply")) from None
    except ValueError as exc:  # a number of 5,000 digits
        raise RecordError(
            L_("not a JSON game record: {problem}", problem=excerpt(" ".join(str(exc).split())))
        ) from None
    if not isinstance(data, dict):
        raise RecordError(
            L_(
                'a JSON game record is an object {{"deal": ..., "bid": ..., "trump": ..., "play": [...]}}, not {value}',
                value=L_("a list") if isinstance(data, list) else _shown(data),
            )
        )
    return make_record(*_json_fields(data))


def parse_record(text: str) -> GameRecord:
    """One game record, in the line form or as a JSON object.

    Anything that is not a record raises :class:`RecordError` (or another
    :class:`~ulti_solver.errors.UltiInputError` naming the card, the word
    or the JSON field), never another exception: a file of records goes
    on past a bad line.
    """
    if not isinstance(text, str):
        raise RecordError(L_("a game record is a line of text, not {kind}", kind=type(text).__name__))
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        return _json_record(stripped)
    fields = [f.strip() for f in stripped.split("|")]
    if len(fields) != 4:
        raise RecordError(
            LN_(
                "a game record is DEAL | BID | SUIT | CARDS; {record} has {n} field",
                "a game record is DEAL | BID | SUIT | CARDS; {record} has {n} fields",
                len(fields),
                record=excerpt(stripped),
            )
        )
    return make_record(*fields)
