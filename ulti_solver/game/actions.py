"""The actions of an auction (R46) as values, and the error an illegal one raises.

An action is typed inside (a table seat, a kind, a :class:`~ulti_solver.bids.Bid`,
two cards as ints); text is read only at the edge, by :meth:`AuctionAction.from_json`,
in the form INTERFACE.md's game record gives each auction entry:
``{"seat", "action": "bid"|"pick-up"|"pass", "bid", "discard": [two cards]}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from ..bids import Bid, bid_words, parse_bid
from ..cards import Card, card_label, card_name, parse_card
from ..errors import UltiInputError, excerpt
from ..i18n import L_, LP_, Joined
from .breach import GameRuleError

#: R46: the three things a player may do on his turn in the auction.
PASS, PICK_UP, BID = "pass", "pick-up", "bid"
KINDS = (PASS, PICK_UP, BID)
#: The kinds as a player says them, in the language of the run (passz, talon felvétele, licit).
KIND_WORDS = {PASS: LP_("auction", "pass"), PICK_UP: LP_("auction", "pick-up"), BID: LP_("auction", "bid")}


class AuctionError(GameRuleError):
    """An action R45-R47 do not allow: the message names the action, its index and the rule."""

    def __init__(self, message, *, index: int, action: Optional[AuctionAction], rule: str):
        super().__init__(message, part="auction", index=index, rule=rule)
        self.action = action


@dataclass(frozen=True)
class AuctionAction:
    """One auction action (R46) by a table seat (R45).

    ``pass``: no bid, no cards.  ``pick-up``: the talon taken up (and seen), two of the
    twelve laid face down (``discard``), a ``bid`` said.  ``bid``: a bid said with no talon
    taken up -- table seat 0's first, laying two of his twelve, or under ``rablo`` a bid
    over the talon as it lies (no ``discard``).
    """

    seat: int
    kind: str
    bid: Optional[Bid] = None
    discard: Optional[Tuple[Card, Card]] = None

    def __post_init__(self):
        # Two cards laid are a set: the same action whichever is named first.
        cards = self.discard
        if (
            isinstance(cards, tuple)
            and len(cards) == 2
            and all(isinstance(c, int) for c in cards)
            and cards[0] > cards[1]
        ):
            object.__setattr__(self, "discard", (cards[1], cards[0]))

    def __str__(self) -> str:
        parts = [f"{self.seat}: {self.kind}"]
        if self.discard is not None:
            parts.append(" ".join(card_label(card) for card in self.discard))
        if self.bid is not None:
            parts.append(str(self.bid))
        return " ".join(parts)

    def said(self):
        """The action in the words of the run, for messages: ``1: pick-up ulti``."""
        words: List[object] = [f"{self.seat}:", KIND_WORDS.get(self.kind, self.kind)]
        if self.bid is not None:
            words.append(bid_words(self.bid) if isinstance(self.bid, Bid) else excerpt(self.bid))
        return Joined(words, " ")

    def as_json(self) -> dict:
        """The record's form of the action (INTERFACE.md, "Whole games")."""
        entry: dict = {"seat": self.seat, "action": self.kind}
        if self.bid is not None:
            entry["bid"] = str(self.bid)
        if self.discard is not None:
            entry["discard"] = [card_name(card) for card in self.discard]
        return entry

    @classmethod
    def from_json(cls, entry: object, index: int = 0) -> AuctionAction:
        """Read a record's auction entry; a malformed one is an :class:`AuctionError` (R46)."""

        def broken(why):
            return AuctionError(
                L_("auction action {index} {entry}: {why} (R46)", index=index, entry=excerpt(entry), why=why),
                index=index,
                action=None,
                rule="R46",
            )

        if not isinstance(entry, dict):
            raise broken(L_("an action is an object with seat and action"))
        seat, kind = entry.get("seat"), entry.get("action")
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise broken(L_("the seat is a table seat, 0, 1 or 2"))
        if kind not in KINDS:
            raise broken(L_("the action is one of {kinds}", kinds=", ".join(KINDS)))
        bid = discard = None
        try:
            if entry.get("bid") is not None:
                bid = parse_bid(entry["bid"])
            if entry.get("discard") is not None:
                cards = entry["discard"]
                if not isinstance(cards, list) or len(cards) != 2 or not all(isinstance(c, str) for c in cards):
                    raise broken(L_("the discard is a list of two cards"))
                discard = (parse_card(cards[0]), parse_card(cards[1]))
        except AuctionError:
            raise
        except UltiInputError as exc:
            raise broken(exc) from None
        return cls(seat, kind, bid, discard)
