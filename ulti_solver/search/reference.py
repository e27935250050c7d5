"""The reference search: plain double-dummy play that follows RULES.md line by line.

It is the oracle the Cython core is tested against, so it is written to be
read, not to be fast: an AND/OR search over every legal card (R8-R13),
memoised at trick boundaries on the hands and on the part of the outcome
so far that the goal reads, with no pruning beyond the short-circuit of
``any`` and ``all``.  Every goal is a predicate on the finished game's
:class:`~ulti_solver.position.Outcome` (R14-R27, in
:mod:`ulti_solver.scoring`); the value (R34) is the plain minimax of the
settlement (R30-R33, :mod:`ulti_solver.settlement`) of the finished game.
Only the declarer's points get their own small search, because they are
asked for on every bid: "can the declarer still win ``need`` points?",
stopping when the points left cannot reach ``need``.

Positions may start in the middle of a trick (``Position.trick``).
"""

from __future__ import annotations

import functools
from typing import Callable, Dict, Optional, Sequence

from ..bids import Bid
from ..cards import Suit, card_points, cards_of, hand_points
from ..deal import Deal
from ..kontra import NO_KONTRA, Kontra
from ..play import DECLARER, legal_moves, trick_winner
from ..position import LAST_TRICK_BONUS, Outcome, Position, finish_trick, start_of_play
from ..reads import game_key
from ..scoring import Scoring, SilentItem, silent_questions
from ..variants import DEFAULT_RULES, Rules


def reads_all(names):
    """What a conjunction of goals reads of the game so far (ulti_solver.reads)."""
    return game_key(names)


class Game(Scoring):
    """One deal played under one bid, trump and rulebook: the scoring plus a plain search.

    ``position`` starts the search later than the first lead (an endgame,
    or the middle of a trick); the deal still fixes the talon and the
    marriages.
    """

    def __init__(
        self,
        deal: Deal,
        bid: Bid,
        trump: Optional[Suit],
        position: Optional[Position] = None,
        *,
        rules: Rules = DEFAULT_RULES,
        kontra: Kontra = NO_KONTRA,
    ):
        super().__init__(deal, bid, trump, rules=rules, kontra=kontra)
        self.position = position or start_of_play(self.deal)

    def _walk(self, leaf, combine, key_of):
        """Minimax over every legal card from the start position, memoised at trick boundaries.

        ``leaf(outcome)`` values a finished game; ``combine(values, declarer_to_move)``
        picks the mover's best; ``key_of(outcome)`` is what the memo keeps of the past.
        """
        memo: Dict[tuple, object] = {}
        play = self.play

        def node(hands, trick, leader, summary):
            if not trick:
                if hands[0] == 0:
                    return leaf(summary)
                key = (hands, leader, key_of(summary))
                if key in memo:
                    return memo[key]
            player = (leader + len(trick)) % 3  # R5: seat 1 plays after seat 0
            moves = legal_moves(hands[player], trick, play, player == DECLARER)
            children = (after_card(hands, trick, leader, summary, player, card) for card in cards_of(moves))
            value = combine(children, player == DECLARER)
            if not trick:
                memo[key] = value
            return value

        def after_card(hands, trick, leader, summary, player, card):
            hands = tuple(h & ~(1 << card) if seat == player else h for seat, h in enumerate(hands))
            trick = trick + (card,)
            if len(trick) < 3:
                return node(hands, trick, leader, summary)
            return node(hands, (), *finish_trick(trick, leader, summary, play))

        start = self.position
        return node(start.hands, start.trick, start.leader, start.so_far)

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

        def combine(children, declarer_to_move):
            return any(children) if declarer_to_move != by_defenders else all(children)

        return self._walk(goal, combine, reads)

    def value(self, settle: Callable[[Outcome], int], possible: Sequence[int]) -> int:
        """R34, R39: the minimax of ``settle`` (what the finished game pays the declarer
        in all), the defenders minimising.

        A finite game of perfect information is determined, so the value is
        at least v exactly when the declarer can force an outcome with
        S >= v.  The value is one of the ``possible`` settlements (sorted),
        so it is found by bisecting them with the AND/OR search of
        :meth:`can_force`, whose short-circuits make each question far cheaper
        than a plain minimax.  The memo keeps of the past what the bid's
        components and its silent items read (R14-R27): the settlement reads
        nothing else.
        """
        names = list(self.bid.components)
        if self.bid.plays_party:  # R25: the silent 100s
            names.append(SilentItem.DECLARER_100)
        if self.trump is not None:  # R26, R27: the silent ulti and durchmars
            names += [SilentItem.ULTI, SilentItem.DURCHMARS]
        reads = reads_all(names)
        low, high = 0, len(possible) - 1  # the value is possible[i] for some i in [low, high]
        while low < high:
            middle = (low + high + 1) // 2
            bound = possible[middle]
            if self.can_force(functools.partial(_at_least, settle, bound), reads=reads):
                low = middle
            else:
                high = middle - 1
        return possible[low]

    def max_declarer_points(self) -> int:
        """The most D + T_D (R14) the declarer can be sure of.

        The points still to come do not depend on how the earlier tricks
        went, so this asks "can the declarer win ``need`` more points?" for
        need = 10, 20, ... and remembers, per hands and leader, the largest
        need proved reachable and the smallest proved out of reach.
        """
        reachable: Dict[tuple, int] = {}
        out_of_reach: Dict[tuple, int] = {}
        play = self.play

        def at_boundary(hands, leader, need):
            if need <= 0:
                return True
            if hand_points(hands[0] | hands[1] | hands[2]) + LAST_TRICK_BONUS < need:
                return False
            key = (hands, leader)
            if reachable.get(key, 0) >= need:
                return True
            if out_of_reach.get(key, 1000) <= need:
                return False
            result = in_trick(hands, (), leader, need)
            if result:
                reachable[key] = max(reachable.get(key, 0), need)
            else:
                out_of_reach[key] = min(out_of_reach.get(key, 1000), need)
            return result

        def in_trick(hands, trick, leader, need):
            player = (leader + len(trick)) % 3
            children = (
                after_card(hands, trick, leader, need, player, card)
                for card in cards_of(legal_moves(hands[player], trick, play, player == DECLARER))
            )
            return any(children) if player == DECLARER else all(children)

        def after_card(hands, trick, leader, need, player, card):
            hands = tuple(h & ~(1 << card) if seat == player else h for seat, h in enumerate(hands))
            trick = trick + (card,)
            if len(trick) < 3:
                return in_trick(hands, trick, leader, need)
            winner = (leader + trick_winner(trick, play)) % 3  # R13
            last = hands[0] == 0
            if winner == DECLARER:  # R4
                need -= sum(card_points(c) for c in trick) + (LAST_TRICK_BONUS if last else 0)
            return need <= 0 if last else at_boundary(hands, winner, need)

        def reachable_from_start(need):
            if start.trick:
                return need <= 0 or in_trick(start.hands, start.trick, start.leader, need)
            return at_boundary(start.hands, start.leader, need)

        start = self.position
        future = 0
        while reachable_from_start(future + 10):
            future += 10
        return start.so_far.declarer_points + future + self.talon_declarer


def _at_least(settle: Callable[[Outcome], int], bound: int, outcome: Outcome) -> bool:
    return settle(outcome) >= bound


def solve_reference(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    position: Optional[Position] = None,
    silent: bool = False,
    value: bool = False,
    *,
    rules: Rules = DEFAULT_RULES,
    kontra: Kontra = NO_KONTRA,
):
    """Every answer of INTERFACE.md by plain search: components, whole bid (R24),
    points, and on request the silent achievements (R25-R27) and the value (R34,
    the declarer's total S_1 + S_2 under the kontras, R39)."""
    from ..pricing import possible_totals
    from ..settlement import concede_total, game_total
    from ..solution import Solution

    game = Game(deal, bid, trump, rules=rules, position=position, kontra=kontra)
    components = {
        c: not game.lost_before_play(c)
        and game.can_force(functools.partial(game.component_made, c), reads=game_key([c]))
        for c in bid.ordered_components()
    }
    if len(components) == 1:
        joint = next(iter(components.values()))
    else:
        joint = all(components.values()) and game.can_force(game.bid_made, reads=reads_all(bid.components))
    points = game.max_declarer_points() if trump is not None else None
    silent_answers = None
    if silent:
        silent_answers = {
            name: game.can_force(goal, by_defenders=by_defenders, reads=game_key([name]))
            for name, goal, by_defenders in silent_questions(game)
        }
    total = game.value(lambda outcome: game_total(game, outcome), possible_totals(game)) if value else None
    return Solution(
        game.deal,
        bid,
        trump,
        components,
        joint,
        points,
        silent_answers,
        rules=rules,
        value_total=total,
        kontra=kontra,
        concede_total=concede_total(game) if value else None,
        position=position,
    )
