"""What a seat knows about another's hand, one fact at a time, in a player's words (R40, R41).

Three kinds of fact cover everything R40 and R41 let a seat conclude
about a hand it cannot see:

* :class:`Lacks`: the hand holds none of some cards (R41: a void, no
  trump, nothing that beats the card R11 made it beat, no other trump
  beside the ulti seven).  A fact about the hand at one moment holds
  from then on, because cards only ever leave a hand.
* :class:`Holds`: the hand was dealt these cards (R40: an announced
  marriage, the 40 of a 40-100, the 20 of a 20-100).
* :class:`NotBoth`: the hand was not dealt both of two cards (R40: a
  seat that announced no marriage in a suit lacks its king or its ober).

Each prints as one line of ``ulti play``'s explanation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..cards import SUIT_NAMES, Card, Hand, card_rank, card_suit

#: Rank words in rank-number order (R2 order, lowest first), as a player says them.
RANK_WORDS = ("seven", "eight", "nine", "unter", "ober", "king", "ten", "ace")


def seat_words(seat: int) -> str:
    """``the declarer``, ``seat 1``: who a line is about."""
    return "the declarer" if seat == 0 else f"seat {seat}"


def card_words(card: Card) -> str:
    """``the hearts ten``."""
    return f"the {SUIT_NAMES[card_suit(card)]} {RANK_WORDS[card_rank(card)]}"


@dataclass(frozen=True)
class Lacks:
    """R41: ``seat`` held none of ``cards`` when it played card ``index`` (0-based) of the play,
    in trick ``trick``, by rule ``rule``; ``what`` names the cards (``hearts above the nine``)."""

    seat: int
    cards: Hand
    index: int
    trick: int
    rule: str
    what: str

    def __str__(self) -> str:
        return f"{seat_words(self.seat)} holds no {self.what} (trick {self.trick}, {self.rule})"


@dataclass(frozen=True)
class Holds:
    """R40: ``seat`` was dealt ``cards`` (a marriage it announced); ``why`` says where that is known from."""

    seat: int
    cards: Hand
    suit: int
    why: str

    def __str__(self) -> str:
        return f"{seat_words(self.seat)} holds the {SUIT_NAMES[self.suit]} king and ober ({self.why}, R40)"


@dataclass(frozen=True)
class NotBoth:
    """R40: ``seat`` was not dealt both cards of ``cards`` (the king and ober of ``suit``)."""

    seat: int
    cards: Hand
    suit: int
    why: str

    def __str__(self) -> str:
        return f"{seat_words(self.seat)} does not hold both the {SUIT_NAMES[self.suit]} king and ober ({self.why}, R40)"


Fact = Union[Lacks, Holds, NotBoth]
