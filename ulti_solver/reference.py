"""The reference search: plain double-dummy play that follows RULES.md line by line.

It is the oracle the Cython core is tested against, so it is written to be
read, not to be fast: an AND/OR search over every legal card (R8-R13),
memoised at trick boundaries on the hands and a summary of what has
happened so far, with no pruning beyond the short-circuit of ``any`` and
``all``.  Every goal is a predicate on the finished game's
:class:`Outcome`; the predicates are R14-R27 written out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple

from .bids import (
    BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI, Bid,
)
from .cards import BB_ACES, BB_SUITS, KING, OBER, SUITS, Card, Suit, card_points, hand_points, make_card
from .deal import Deal
from .rules import DECLARER, PlayRules, legal_moves, trick_winner
from .variants import DEFAULT_RULES, Rules

LAST_TRICK_BONUS = 10  # R4


@dataclass(frozen=True)
class Outcome:
    """What a finished (or partly played) game leaves behind, as R14-R27 need it."""

    declarer_points: int = 0      # D: card points in the declarer's tricks, last-trick bonus included
    declarer_tricks: int = 0
    defender_tricks: int = 0
    declarer_aces: int = 0        # mask of the aces in the declarer's tricks
    seven_trick: int = 0          # 1-10: the trick the trump seven fell in; 0: not yet
    seven_won: bool = False       # the trump seven won that trick
    last_winner: int = -1         # seat that won the tenth trick


def marriage_value(hand: int, trump: Optional[Suit]) -> int:
    """R15: 40 for the trump king and ober, 20 for each other suit's pair."""
    total = 0
    for suit in SUITS:
        pair = (1 << make_card(suit, KING)) | (1 << make_card(suit, OBER))
        if hand & pair == pair:
            total += 40 if suit == trump else 20
    return total


def has_forty(hand: int, trump: Optional[Suit]) -> bool:
    """R17: the declarer holds the trump king and ober."""
    if trump is None:
        return False
    pair = (1 << make_card(trump, KING)) | (1 << make_card(trump, OBER))
    return hand & pair == pair


def has_twenty(hand: int, trump: Optional[Suit]) -> bool:
    """R18: the declarer holds a king and ober of a non-trump suit."""
    for suit in SUITS:
        pair = (1 << make_card(suit, KING)) | (1 << make_card(suit, OBER))
        if suit != trump and hand & pair == pair:
            return True
    return False


class Game:
    """One deal played under one bid, trump and rulebook: scoring and search."""

    def __init__(self, deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES):
        deal = deal.require_talon()
        self.deal, self.bid, self.trump, self.rules = deal, bid, trump, rules
        self.play = PlayRules.for_game(bid, trump, rules)
        talon_points = hand_points(deal.talon)
        # R16: the talon's aces and tens count for one side.
        self.talon_declarer = talon_points if rules.talon_to_declarer else 0
        self.talon_defenders = 0 if rules.talon_to_declarer else talon_points
        self.total_trick_points = 90 - talon_points  # R4: what the tricks hold, bonus included
        self.seven = self.play.trump_seven

    # -- R14-R23: what each component asks of the finished game ---------

    def marriages(self, outcome: Outcome) -> Tuple[int, int]:
        """R15: (M_D, M_F), counted only where the bid plays the party (R22)."""
        if not self.bid.plays_party:
            return 0, 0
        hands = self.deal.hands
        declarer = marriage_value(hands[0], self.trump)
        defenders = marriage_value(hands[1], self.trump) + marriage_value(hands[2], self.trump)
        if self.rules.marriage_needs_trick:  # R15 variant
            declarer = declarer if outcome.declarer_tricks else 0
            defenders = defenders if outcome.defender_tricks else 0
        return declarer, defenders

    def party_made(self, outcome: Outcome) -> bool:
        """R14 (with its variant in R15)."""
        d = outcome.declarer_points
        f = self.total_trick_points - d
        m_d, m_f = self.marriages(outcome)
        declarer_total = d + self.talon_declarer + m_d
        defender_total = f + self.talon_defenders + m_f
        if self.rules.marriage_needs_trick:
            return declarer_total > defender_total
        return d > 0 and (f == 0 or declarer_total > defender_total)

    def ulti_made(self, outcome: Outcome) -> bool:
        """R19: the declarer holds the trump seven and wins the tenth trick with it."""
        if self.seven is None or not (self.deal.hands[0] >> self.seven) & 1:
            return False
        return outcome.seven_trick == 10 and outcome.seven_won

    def component_made(self, component: str, outcome: Outcome) -> bool:
        hand = self.deal.hands[0]
        d_total = outcome.declarer_points + self.talon_declarer
        if component == PARTY:
            return self.party_made(outcome)
        if component == FORTY_100:  # R17
            return has_forty(hand, self.trump) and d_total >= 60
        if component == TWENTY_100:  # R18
            return has_twenty(hand, self.trump) and d_total >= 80
        if component == ULTI:
            return self.ulti_made(outcome)
        if component == FOUR_ACES:  # R20
            return outcome.declarer_aces == BB_ACES
        if component == DURCHMARS:  # R21
            return outcome.declarer_tricks == 10
        if component == BETLI:  # R23
            return outcome.declarer_tricks == 0
        raise ValueError(f"unknown component {component!r}")

    def bid_made(self, outcome: Outcome) -> bool:
        """R24: every component at once."""
        return all(self.component_made(c, outcome) for c in self.bid.components)

    # -- The search --------------------------------------------------------

    def can_force(
        self,
        goal: Callable[[Outcome], bool],
        by_defenders: bool = False,
        reads: Callable[[Outcome], object] = lambda outcome: outcome,
    ) -> bool:
        """Whether one side has a strategy that ends in ``goal`` against every defence.

        The declarer's side is the default; ``by_defenders`` asks it of the
        two defenders, who play together (R26 asks this for a defender's
        silent ulti).  ``reads`` names the part of the outcome ``goal``
        looks at; positions that agree on it share a memo entry.
        """
        memo: Dict[tuple, bool] = {}
        play = self.play

        def after_card(hands, trick, leader, summary, player, card):
            hands = tuple(h & ~(1 << card) if seat == player else h for seat, h in enumerate(hands))
            trick = trick + (card,)
            if len(trick) < 3:
                return node(hands, trick, leader, summary)
            return node(hands, (), *self._finish_trick(trick, leader, summary))

        def node(hands, trick, leader, summary):
            if not trick:
                if hands[0] == 0:
                    return goal(summary)
                key = (hands, leader, reads(summary))
                if key in memo:
                    return memo[key]
            player = (leader + len(trick)) % 3  # R5: seat 1 plays after seat 0
            moves = legal_moves(hands[player], trick, play, player == DECLARER)
            ours = (player == DECLARER) != by_defenders
            children = (
                after_card(hands, trick, leader, summary, player, card)
                for card in _cards(moves)
            )
            value = any(children) if ours else all(children)
            if not trick:
                memo[key] = value
            return value

        return node(self.deal.hands, (), DECLARER, Outcome())  # R8: the declarer leads

    def _finish_trick(self, trick, leader, summary: Outcome):
        """R13 and R4: who takes the trick and what the summary becomes."""
        win_index = trick_winner(trick, self.play)
        winner = (leader + win_index) % 3
        number = summary.declarer_tricks + summary.defender_tricks + 1
        points = sum(card_points(c) for c in trick) + (LAST_TRICK_BONUS if number == 10 else 0)
        seven_trick, seven_won = summary.seven_trick, summary.seven_won
        if self.seven is not None and self.seven in trick:
            seven_trick, seven_won = number, trick[win_index] == self.seven
        aces = 0
        for card in trick:
            if (BB_ACES >> card) & 1:
                aces |= 1 << card
        by_declarer = winner == DECLARER
        summary = Outcome(
            declarer_points=summary.declarer_points + (points if by_declarer else 0),
            declarer_tricks=summary.declarer_tricks + by_declarer,
            defender_tricks=summary.defender_tricks + (not by_declarer),
            declarer_aces=summary.declarer_aces | (aces if by_declarer else 0),
            seven_trick=seven_trick,
            seven_won=seven_won,
            last_winner=winner if number == 10 else -1,
        )
        return winner, summary

    def max_declarer_points(self) -> int:
        """The most D + T_D (R14) the declarer can be sure of, by trying thresholds."""
        best = self.talon_declarer
        for target in range(10, self.total_trick_points + 1, 10):
            reached = self.can_force(
                lambda o, t=target: o.declarer_points >= t, reads=lambda o: o.declarer_points
            )
            if not reached:
                break
            best = target + self.talon_declarer
        return best


def _cards(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class Solution:
    """The answers INTERFACE.md asks for one deal, bid and trump."""

    components: Dict[str, bool]
    joint: bool
    declarer_points: Optional[int]


def solve_reference(deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES) -> Solution:
    game = Game(deal, bid, trump, rules)
    components = {
        c: game.can_force(lambda o, c=c: game.component_made(c, o))
        for c in bid.ordered_components()
    }
    if len(components) == 1:
        joint = next(iter(components.values()))
    else:
        joint = all(components.values()) and game.can_force(game.bid_made)
    points = game.max_declarer_points() if trump is not None else None
    return Solution(components, joint, points)
