"""A seat's own account of what it knows, checked against itself (R6, R9-R12, R40).

``ulti play`` takes the knowledge as a player tells it: his cards, the
talon he laid, an open declarer's hand, the play.  Each check here names
the card, trick or seat that makes the account impossible, before any
world is counted (:mod:`.view` builds the information set from it).
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

from ..bids import Bid, bid_words
from ..cards import BB_ALL, HEARTS, SUITS, Card, Hand, card_name
from ..i18n import L_, LN_
from ..play import DECLARER, PlayRules, legal_moves
from ..position import Position, broken_rule
from .errors import KnowledgeError
from .facts import Fact, Holds, NotBoth, Said, card_names, seat_words, suit_words
from .table import Table


def check_game(bid: Bid, trump: Optional[int], seat: int) -> None:
    if seat not in (0, 1, 2):
        raise KnowledgeError(L_("a seat is 0 (the declarer), 1 or 2, not {seat!r}", seat=seat))
    if bid.has_trump and trump not in SUITS:
        raise KnowledgeError(
            L_("{bid} is played with a trump: name it (hearts, bells, leaves or acorns)", bid=bid_words(bid))
        )
    if not bid.has_trump and trump is not None:
        raise KnowledgeError(
            L_("{bid} is played without trump, not with {suit}", bid=bid_words(bid), suit=suit_words(trump))
        )
    if bid.red and bid.has_trump and trump is not None and trump != HEARTS:
        raise KnowledgeError(L_("a red bid plays hearts as trump (R28), not {suit}", suit=suit_words(trump)))


def check_cards(played: Sequence[Card]) -> Tuple[Card, ...]:
    cards = tuple(played)
    seen: Dict[int, int] = {}
    for index, card in enumerate(cards):
        if not isinstance(card, int) or not 0 <= card < 32:
            raise KnowledgeError(L_("card {number} of the play is not a card: {card!r}", number=index + 1, card=card))
        if card in seen:
            raise KnowledgeError(
                L_(
                    "{card} is played twice: card {first} and card {second}",
                    card=card_name(card),
                    first=seen[card] + 1,
                    second=index + 1,
                )
            )
        seen[card] = index
    if len(cards) > 30:
        raise KnowledgeError(L_("{count} cards are played; a game has 30", count=len(cards)))
    return cards


def check_hand(mask, name, size: int) -> None:
    """``name`` is where the cards are, as "in" a message says it: ``your hand``, ``the talon``."""
    if not isinstance(mask, int) or mask < 0 or mask & ~BB_ALL:
        raise KnowledgeError(L_("{place} is not a set of cards: {mask!r}", place=name, mask=mask))
    if mask.bit_count() != size:
        raise KnowledgeError(
            LN_(
                "{place} has {n} card; it needs {size} (R6)",
                "{place} has {n} cards; it needs {size} (R6)",
                mask.bit_count(),
                place=name,
                size=size,
            )
        )


def where_played(table: Table, card: Card):
    index = table.cards.index(card)
    return L_(
        "card {number} ({card}, trick {trick})", number=index + 1, card=card_name(card), trick=table.tricks[index]
    )


def check_cards_are_theirs(table: Table, seat: int, hand: Hand, talon, shown) -> None:
    """Each played card in its player's hand as far as the seat knows: its own cards from its
    hand, the others' from the cards it cannot see (or from the declarer's open hand)."""
    for card, player in zip(table.cards, table.players):
        where = where_played(table, card)
        if player == seat and not (hand >> card) & 1:
            raise KnowledgeError(
                L_("{where} is yours ({seat}), but it is not in your hand", where=where, seat=seat_words(seat))
            )
        if player != seat and (hand >> card) & 1:
            raise KnowledgeError(
                L_("{where} is {seat}'s, but it is in your hand", where=where, seat=seat_words(player))
            )
        if talon is not None and (talon >> card) & 1:
            raise KnowledgeError(
                L_("{where} is {seat}'s, but you laid it in the talon", where=where, seat=seat_words(player))
            )
        if shown is not None and ((shown >> card) & 1) != (player == DECLARER):
            if (shown >> card) & 1:
                message = L_(
                    "{where} is {seat}'s, but it is in the declarer's open hand", where=where, seat=seat_words(player)
                )
            else:
                message = L_(
                    "{where} is {seat}'s, but it is not in the declarer's open hand",
                    where=where,
                    seat=seat_words(player),
                )
            raise KnowledgeError(message)


def check_known_plays(table: Table, play: PlayRules, known: Mapping[int, Hand]) -> None:
    """R9-R12 for every card of a seat whose hand is known (the seat itself, an open declarer)."""
    gone = {s: 0 for s in known}
    for index, (card, player) in enumerate(zip(table.cards, table.players)):
        if player not in known:
            continue
        now = known[player] & ~gone[player]
        before = table.before[index]
        if not (legal_moves(now, before, play, player == DECLARER) >> card) & 1:
            hands = (now if player == 0 else 0, now if player == 1 else 0, now if player == 2 else 0)
            reason = broken_rule(Position(hands, table.leaders[index], trick=before), card, play)
            raise KnowledgeError(
                L_(
                    "{where}: {seat} may not play it: {rule}",
                    where=where_played(table, card),
                    seat=seat_words(player),
                    rule=reason,
                )
            )
        gone[player] |= 1 << card


def check_known_fact(fact: Fact, whose: Hand) -> None:
    """A marriage fact about a hand the seat sees must be true of it."""
    if isinstance(fact, Holds) and whose & fact.cards != fact.cards:
        raise KnowledgeError(
            L_("{fact}: but that hand lacks {cards}", fact=Said(fact), cards=card_names(fact.cards & ~whose))
        )
    if isinstance(fact, NotBoth) and whose & fact.cards == fact.cards:
        raise KnowledgeError(L_("{fact}: but that hand holds {cards}", fact=Said(fact), cards=card_names(fact.cards)))
