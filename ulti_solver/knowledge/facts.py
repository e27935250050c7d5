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

from ..cards import SUIT_WORDS, Card, Hand, card_name, card_rank, card_suit, cards_of
from ..deal import SEAT_SUBJECTS
from ..i18n import L_, N_, Text

#: Rank words in rank-number order (R2 order, lowest first), as a player says them
#: (Hungarian: hetes, nyolcas, kilences, alsó, felső, király, tízes, ász).
RANK_WORDS = (N_("seven"), N_("eight"), N_("nine"), N_("unter"), N_("ober"), N_("king"), N_("ten"), N_("ace"))


def seat_words(seat: int):
    """``the declarer``, ``seat 1``: who a line is about (a message, put into words when printed)."""
    return SEAT_SUBJECTS[seat]


def suit_words(suit: int):
    """``hearts``: a suit in a message."""
    return L_(SUIT_WORDS[suit])


def rank_words(rank: int):
    """``ten``: a rank in a message."""
    return L_(RANK_WORDS[rank])


def card_words(card: Card):
    """``the hearts ten``."""
    return L_("the {suit} {rank}", suit=suit_words(card_suit(card)), rank=rank_words(card_rank(card)))


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
        return str(
            L_(
                "{seat} holds no {what} (trick {trick}, {rule})",
                seat=seat_words(self.seat),
                what=self.what,
                trick=self.trick,
                rule=self.rule,
            )
        )


@dataclass(frozen=True)
class Holds:
    """R40: ``seat`` was dealt ``cards`` (a marriage it announced); ``why`` says where that is known from."""

    seat: int
    cards: Hand
    suit: int
    why: Text

    def __str__(self) -> str:
        return str(
            L_(
                "{seat} holds the {suit} king and ober ({why}, R40)",
                seat=seat_words(self.seat),
                suit=suit_words(self.suit),
                why=self.why,
            )
        )


@dataclass(frozen=True)
class NotBoth:
    """R40: ``seat`` was not dealt both cards of ``cards`` (the king and ober of ``suit``)."""

    seat: int
    cards: Hand
    suit: int
    why: Text

    def __str__(self) -> str:
        return str(
            L_(
                "{seat} does not hold both the {suit} king and ober ({why}, R40)",
                seat=seat_words(self.seat),
                suit=suit_words(self.suit),
                why=self.why,
            )
        )


Fact = Union[Lacks, Holds, NotBoth]


def card_names(mask: int) -> str:
    """Cards as a message lists them: ``HA HT H9``."""
    return " ".join(card_name(c) for c in cards_of(mask))


class Said:
    """A fact in a message, put into words when the message is printed."""

    __slots__ = ("fact",)

    def __init__(self, fact):
        self.fact = fact

    def __str__(self) -> str:
        return str(self.fact)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):
        return (Said, (self.fact,))
