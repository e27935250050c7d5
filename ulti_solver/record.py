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

from .bids import Bid, parse_bid, parse_trump, trumps_to_solve
from .cards import SUIT_NAMES, Card, Suit, card_name
from .deal import Deal, parse_deal
from .errors import UltiInputError, excerpt
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

    def check(self, rules: Rules) -> None:
        """Every card legal (R9-R12): a :class:`~ulti_solver.position.PlayError` names the first that is not."""
        replay(self.deal, PlayRules.for_game(self.bid, self.trump, rules), self.cards)

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
        raise RecordError(f"the record of a {bid} game must name its trump (bells, leaves or acorns)")
    played_bid, played_trump = games[0]
    cards = parse_play(play if isinstance(play, str) else " ".join(play))
    return GameRecord(deal, played_bid, played_trump, cards)


def parse_record(text: str) -> GameRecord:
    """One game record, in the line form or as a JSON object."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON object: {exc.msg} at column {exc.colno}") from None
        missing = [k for k in ("deal", "bid") if k not in data]
        if missing or not ("play" in data or "cards" in data):
            raise RecordError('a JSON game record has "deal", "bid", "trump" and "play" (a list of cards)')
        return make_record(data["deal"], data["bid"], data.get("trump"), data.get("play", data.get("cards")))
    fields = [f.strip() for f in stripped.split("|")]
    if len(fields) != 4:
        raise RecordError(
            f"a game record is DEAL | BID | SUIT | CARDS; {excerpt(stripped)} has "
            f"{len(fields)} field{'s' if len(fields) != 1 else ''}"
        )
    return make_record(*fields)
