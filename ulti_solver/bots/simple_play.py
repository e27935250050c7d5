"""The ``simple`` bot's card play: a club player's rules of thumb, one trick at a time (R8-R13).

What the seat sees is enough: its hand, the legal cards, the cards played
with their table seats (:class:`~ulti_solver.game.view.SeatView`).  The
rules, by game (docs/bots.md lists them; each has a test):

* **betli** (R23): the declarer ducks with his highest card that still
  loses the trick (any card below the one winning it cannot win), else
  plays his lowest (the highest when he wins anyway as the last to play);
  he leads his lowest card.  A defender tries to give the declarer a
  trick: once the declarer is winning it he ducks under him with his
  highest card that does so; before the declarer has played he plays his
  lowest, so that the declarer must go over; he leads his lowest card.
* **durchmars** (R21): the declarer leads trumps while a defender may
  hold one, then his highest cards, and wins every trick he can; a
  defender takes any trick he can from the declarer, with his lowest card
  that does so, and otherwise plays low.
* **the other games** (party, 40-100, 20-100, ulti, four aces): win a
  trick cheaply (the lowest card that beats it) when it is worth it --
  it holds an ace or a ten, or it is the last trick -- as the last to
  play, or with a card no one still to play can beat; give points (an
  ace or ten) to a trick the partner wins for sure; otherwise play low
  (no points, no trump, the lowest rank).  Lead a side suit's ace (or its ten
  once the ace is out); a
  declarer with three trumps or more leads trumps while the defenders may
  hold one (his highest when it is the highest left, else his lowest);
  else the lowest card of the longest side suit.  The declarer of an ulti
  keeps the trump seven for the last trick.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from ..bids import BETLI, DURCHMARS, Bid
from ..cards import BB_ALL, BB_SUITS, Card, card_points, card_rank, card_suit, cards_of
from ..play import PlayRules, trick_winner
from ..variants import Rules

TRICKS = 10


class Trick:
    """The trick in progress as the seat to play sees it (R8, R13)."""

    def __init__(self, played: Sequence[Tuple[int, Card]], play: PlayRules):
        start = len(played) - len(played) % 3
        self.seats = [seat for seat, _ in played[start:]]
        self.cards = [card for _, card in played[start:]]
        self.number = start // 3 + 1
        self.play = play
        self.gone = 0  # the cards out of play: every card played, this trick's too
        for _, card in played:
            self.gone |= 1 << card

    @property
    def winning(self) -> Optional[Card]:
        return self.cards[trick_winner(self.cards, self.play)] if self.cards else None

    @property
    def winner_seat(self) -> Optional[int]:
        return self.seats[trick_winner(self.cards, self.play)] if self.cards else None

    @property
    def points(self) -> int:
        return sum(card_points(card) for card in self.cards) + (10 if self.number == TRICKS else 0)


def choose_card(
    hand: int,
    legal: Sequence[Card],
    played: Sequence[Tuple[int, Card]],
    seat: int,
    declarer: int,
    bid: Bid,
    trump: Optional[int],
    *,
    rules: Rules,
) -> Card:
    """The card the rules of the module play: one of ``legal``."""
    if len(legal) == 1:
        return legal[0]
    play = PlayRules.for_game(bid, trump, rules=rules)
    trick = Trick(played, play)
    me = _Seat(hand, seat, declarer, play, bid, trick)
    if BETLI in bid.components:
        return me.betli(legal)
    if DURCHMARS in bid.components:
        return me.durchmars(legal)
    return me.points_game(legal)


class _Seat:
    def __init__(self, hand: int, seat: int, declarer: int, play: PlayRules, bid: Bid, trick: Trick):
        self.hand, self.seat, self.declarer = hand, seat, declarer
        self.play, self.bid, self.trick = play, bid, trick
        self.is_declarer = seat == declarer
        self.last = len(trick.cards) == 2

    # -- helpers -------------------------------------------------------------------------------

    def strength(self, card: Card) -> int:
        return self.play.strength[card_rank(card)]

    def is_trump(self, card: Card) -> bool:
        return card_suit(card) == self.play.trump

    def lowest(self, cards: Sequence[Card]) -> Card:
        """No points, no trump, the lowest rank; the ulti declarer's trump seven last of all."""
        return min(cards, key=lambda c: (self.kept_seven(c), card_points(c), self.is_trump(c), self.strength(c), c))

    def highest(self, cards: Sequence[Card]) -> Card:
        return max(cards, key=lambda c: (self.strength(c), -c))

    def kept_seven(self, card: Card) -> bool:
        """R12 and the rule of thumb: the ulti declarer keeps the trump seven for the last trick."""
        return self.is_declarer and self.bid.has_ulti and card == self.play.trump_seven

    def beating(self, cards: Sequence[Card]) -> List[Card]:
        winning = self.trick.winning
        return [c for c in cards if winning is None or self.play.beats(c, winning)]

    def partner_wins(self) -> bool:
        """The card winning the trick is my side's (a defender's partner's)."""
        seat = self.trick.winner_seat
        return seat is not None and not self.is_declarer and seat != self.declarer

    def master(self, card: Card) -> bool:
        """No card still out (not mine, not played) beats ``card``: a sure winner, trumps aside."""
        outside = BB_ALL & ~self.hand & ~self.trick.gone
        beaters = [c for c in cards_of(outside) if self.play.beats(c, card)]
        return not beaters

    def top_of_suit(self, card: Card) -> bool:
        """No card of its suit still out beats ``card`` (a ruff aside)."""
        outside = BB_SUITS[card_suit(card)] & ~self.hand & ~self.trick.gone
        return not any(self.play.beats(c, card) for c in cards_of(outside))

    def trumps_out(self) -> int:
        """Trumps the others may still hold."""
        if self.play.trump is None:
            return 0
        return (BB_SUITS[self.play.trump] & ~self.hand & ~self.trick.gone).bit_count()

    # -- betli ---------------------------------------------------------------------------------

    def betli(self, legal: Sequence[Card]) -> Card:
        winning = self.trick.winning
        if winning is None:
            return min(legal, key=lambda c: (self.strength(c), c))
        under = [c for c in legal if not self.play.beats(c, winning)]
        if self.is_declarer:
            if under:
                return self.highest(under)
            return self.highest(legal) if self.last else min(legal, key=lambda c: (self.strength(c), c))
        declarer_played = self.declarer in self.trick.seats
        if declarer_played and self.trick.winner_seat == self.declarer:
            return self.highest(under) if under else min(legal, key=lambda c: (self.strength(c), c))
        if not declarer_played:
            return min(legal, key=lambda c: (self.strength(c), c))
        return self.highest(under) if under else min(legal, key=lambda c: (self.strength(c), c))

    # -- durchmars ------------------------------------------------------------------------------

    def durchmars(self, legal: Sequence[Card]) -> Card:
        if self.trick.winning is None:
            if self.is_declarer:
                trumps = [c for c in legal if self.is_trump(c)]
                if trumps and self.trumps_out():
                    return self.highest(trumps)
                return self.highest(legal)
            aces = [c for c in legal if self.top_of_suit(c)]
            return self.highest(aces) if aces else self.lowest(legal)
        winners = self.beating(legal)
        my_side_wins = self.is_declarer == (self.trick.winner_seat == self.declarer)
        if winners and not my_side_wins:
            return self.lowest(winners) if self.last else self.highest(winners)
        return self.lowest(legal)

    # -- party, 40-100, 20-100, ulti, four aces ----------------------------------------------------

    def points_game(self, legal: Sequence[Card]) -> Card:
        if self.trick.winning is None:
            return self.lead(legal)
        if self.partner_wins() and self.last:
            return self.give_points(legal)
        winners = [c for c in self.beating(legal) if not self.kept_seven(c)]
        worth = self.trick.points > 0 or any(card_points(c) for c in winners)
        if winners and worth and not self.partner_wins():
            cheapest = self.lowest(winners)
            if self.last or self.master(cheapest):
                return cheapest
            sure = [c for c in winners if self.master(c)]
            if sure:
                return self.lowest(sure)
        return self.lowest(legal)

    def give_points(self, legal: Sequence[Card]) -> Card:
        """The partner takes the trick: an ace or ten that is not a trump on it, else low."""
        rich = [c for c in legal if card_points(c) and not self.is_trump(c)]
        return max(rich, key=lambda c: (card_points(c), -self.strength(c), -c)) if rich else self.lowest(legal)

    def lead(self, legal: Sequence[Card]) -> Card:
        trump = self.play.trump
        trumps = [c for c in legal if self.is_trump(c) and not self.kept_seven(c)]
        held = (self.hand & BB_SUITS[trump]).bit_count() if trump is not None else 0
        if self.is_declarer and trumps and held >= 3 and self.trumps_out():
            top = self.highest(trumps)
            return top if self.master(top) else min(trumps, key=lambda c: (self.strength(c), c))
        side_aces = [c for c in legal if not self.is_trump(c) and self.top_of_suit(c) and card_points(c)]
        if side_aces:
            return min(side_aces)
        side = [c for c in legal if not self.is_trump(c)]
        if side:
            longest = max({card_suit(c) for c in side}, key=lambda s: ((self.hand & BB_SUITS[s]).bit_count(), -s))
            return self.lowest([c for c in side if card_suit(c) == longest])
        return self.lowest(legal)
