"""What play reveals (R41): from each played card, the cards its player cannot have held.

Only the rules of play speak (R9-R12), never a choice among legal cards.
For a card played to a trick, with ``led`` the led suit and ``winning``
the card winning the trick so far (R13):

* not following ``led``: the player holds none of it (R9);
  and in a trump game, playing no trump then: he holds no trump (R10);
* following ``led`` without beating ``winning``, when nobody has trumped
  the trick: he holds no card of ``led`` that beats it (R11);
  following after someone trumped a non-trump lead: nothing (R11 lets him
  play any card of the suit);
* trumping without beating the highest trump so far: he holds no trump
  that beats it (R11);
* the lead: nothing, except that the declarer of an ulti bid who plays
  the trump seven (R12, not under ``free-seven``) holds no other trump.

Each conclusion is about the hand at that moment, and so about every later
moment too: cards only leave a hand.
"""

from __future__ import annotations

from typing import List

from ..cards import BB_SUITS, card_rank, card_suit, make_card
from ..i18n import L_
from ..play import DECLARER, PlayRules, trick_winner
from .facts import Lacks, rank_words, suit_words
from .table import Table


def _beating(suit: int, winning: int, play: PlayRules) -> int:
    """The cards of ``suit`` that beat ``winning`` (R13 with the game's rank order)."""
    return sum(1 << make_card(suit, rank) for rank in range(8) if play.beats(make_card(suit, rank), winning))


def _suit_words(suit: int, play: PlayRules):
    return L_("{suit}, the trump", suit=suit_words(suit)) if suit == play.trump else suit_words(suit)


def _above(suit: int, rank: int):
    """``hearts above the nine``: the cards a player did not hold when he did not beat the nine."""
    return L_("{suit} above the {rank}", suit=suit_words(suit), rank=rank_words(rank))


def revealed(table: Table, play: PlayRules) -> List[Lacks]:
    """Every R41 fact of the play on ``table``, for every seat, in play order."""
    facts = []
    for index, card in enumerate(table.cards):
        seat, trick, before = table.players[index], table.tricks[index], table.before[index]

        def lacks(cards, rule, what, seat=seat, index=index, trick=trick):
            if cards:
                facts.append(Lacks(seat, cards, index, trick, rule, what))

        if before:
            led = card_suit(before[0])
            winning = before[trick_winner(before, play)]
            suit = card_suit(card)
            if suit == led:
                ruffed = card_suit(winning) != led
                if not ruffed and not play.beats(card, winning):
                    above = _beating(led, winning, play)
                    lacks(above, "R11", _above(led, card_rank(winning)))
            else:
                lacks(BB_SUITS[led], "R9", _suit_words(led, play))
                if play.trump is not None and led != play.trump:
                    if suit != play.trump:
                        lacks(BB_SUITS[play.trump], "R10", _suit_words(play.trump, play))
                    elif not play.beats(card, winning):
                        above = _beating(play.trump, winning, play)
                        lacks(above, "R11", _above(play.trump, card_rank(winning)))
        if play.seven_kept and play.trump is not None and seat == DECLARER and card == play.trump_seven:
            others = BB_SUITS[play.trump] & ~(1 << card)
            lacks(others, "R12", _suit_words(play.trump, play))
    return facts


__all__ = ["revealed"]
