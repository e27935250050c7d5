"""The exact reference of small endings (ulti_solver.alphamu.exact) against its definition.

The definition: the best, over the player's strategies (a card for each
moment he may be at, the same in every world that agrees with the play so
far), of the weighted mean over the worlds of the game's settlement when
the other seats, seeing every card, answer that strategy at their best in
each world (his fellow defender for him, the others against).  Here it is
counted by brute force: every strategy listed, every world played out by
plain minimax with the player's cards fixed by it.  The fronts of the
reference must give the same value for every card.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ulti_solver.alphamu import Ending, EndingError, pareto
from ulti_solver.alphamu.exact import exact_values
from ulti_solver.alphamu.fronts import combine
from ulti_solver.alphamu.random_endings import random_ending
from ulti_solver.cards import cards_of
from ulti_solver.settlement import game_total

#: Brute force only where the strategies are few enough to list.
MOST_STRATEGIES = 4_000


def _histories(ending):
    """Every moment the player may be at (the cards played since the ending began) with his
    legal cards there, over every world."""
    play, found = ending.play, {}

    def walk(position, history):
        if position.finished:
            return
        legal = list(cards_of(position.legal(play)))
        if position.to_move == ending.player:
            found[history] = legal
        for card in legal:
            walk(position.after(card, play), history + (card,))

    for position in ending.positions():
        walk(position, ())
    return found


def _strategy_value(ending, strategy, world, position, scoring, history=()):
    """Minimax of one world with the player's cards fixed by ``strategy`` (R34's settlement)."""
    if position.finished:
        return ending.sign * game_total(scoring, position.so_far)
    play = ending.play
    if position.to_move == ending.player:
        card = strategy[history]
        return _strategy_value(ending, strategy, world, position.after(card, play), scoring, history + (card,))
    values = [
        _strategy_value(ending, strategy, world, position.after(card, play), scoring, history + (card,))
        for card in cards_of(position.legal(play))
    ]
    return max(values) if ending.on_my_side(position.to_move) else min(values)


def brute_force_values(ending):
    """Each first card's value by listing every strategy that starts with it (None: too many)."""
    histories = _histories(ending)
    moments = sorted(histories)
    if 1 < len(moments) and _count(histories) > MOST_STRATEGIES:
        return None
    positions, scorings = ending.positions(), ending.scorings()
    weights = ending.world_weights()
    best = {}
    for choice in itertools.product(*(histories[m] for m in moments)):
        strategy = dict(zip(moments, choice))
        total = sum(w * _strategy_value(ending, strategy, i, positions[i], scorings[i]) for i, w in enumerate(weights))
        value = Fraction(total, sum(weights))
        first = strategy[()]
        best[first] = max(best.get(first, value), value)
    return best


def _count(histories):
    count = 1
    for legal in histories.values():
        count *= len(legal)
    return count


def _ending(seed, tricks_left, extra=None, most_worlds=60):
    drawn = random_ending(seed, tricks_left, extra)
    info = drawn.info
    if info.count() > most_worlds:
        return None
    return Ending.of(info, list(info.worlds()))


# -- the fronts ------------------------------------------------------------------------------


def test_pareto_keeps_the_vectors_no_other_beats_everywhere():
    assert sorted(pareto([(1, 2), (2, 1), (1, 1), (2, 1), (0, 3)])) == [(0, 3), (1, 2), (2, 1)]
    assert pareto([(1, 1), (1, 1)]) == [(1, 1)]


def test_an_opponent_chooses_in_each_world_apart():
    # Two worlds; his card A is legal in both, B only in world 1.  Against the player's two
    # strategies below A, he takes, world by world, the worse for the player.
    children = [([0, 1], [(5, 5), (9, 0)]), ([1], [(0, 2)])]
    assert sorted(combine(children, 2, [0, 1], min)) == [(5, 2), (9, 0)]
    assert sorted(combine(children, 2, [0, 1], max)) == [(5, 5), (9, 2)]


# -- the reference against the definition ------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12])  # seed 8 has too many worlds
def test_the_reference_is_the_best_strategy_counted_one_by_one_in_two_tricks(seed):
    ending = _ending(seed, 2)
    assert exact_values(ending) == brute_force_values(ending)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), extra=st.integers(0, 2))
def test_the_reference_is_the_best_strategy_in_three_tricks_where_they_can_be_listed(seed, extra):
    ending = _ending(seed, 3, extra, most_worlds=12)
    if ending is None:
        return
    expected = brute_force_values(ending)
    if expected is not None:
        assert exact_values(ending) == expected


@pytest.mark.parametrize("seed", [1, 75, 103, 110, 116])
def test_the_reference_is_the_best_strategy_in_three_tricks(seed):
    ending = _ending(seed, 3, seed % 3, most_worlds=12)
    assert len(ending.legal_cards()) > 1
    assert exact_values(ending) == brute_force_values(ending)


def test_a_longer_ending_is_refused_by_the_reference():
    ending = Ending.of(random_ending(1, 4, 0).info, [random_ending(1, 4, 0).deal])
    with pytest.raises(EndingError, match="at most 3 tricks; this one has 4"):
        exact_values(ending)


def test_in_a_single_world_the_reference_is_double_dummy():
    from ulti_solver.search import world_totals

    drawn = random_ending(5, 3, 1)
    ending = Ending.of(drawn.info, [drawn.deal])
    for card, value in exact_values(ending).items():
        (total,) = world_totals(
            [drawn.deal], drawn.bid, drawn.trump, played=drawn.played + [card], rules=ending.rules, kontra=ending.kontra
        )
        assert value == ending.sign * total
