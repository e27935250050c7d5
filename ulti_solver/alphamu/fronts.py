"""Pareto fronts: what one strategy of the player can get in each world at once.

A *vector* holds, for each world, what the player's side gets at the end of
the game (oriented: more is better for him).  A *front* is the set of
vectors his strategies can reach, each vector one strategy's results in
every world, with the dominated ones dropped: a vector no better than
another in every world is never the better choice, whatever weight the
worlds get.

Vectors are tuples over every world of the question; the entries of the
worlds that cannot have come to a node are 0 in all its vectors, so that
they never decide a comparison.
"""

from __future__ import annotations

from fractions import Fraction
from operator import ge
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

Vector = Tuple[int, ...]
#: Stands for "not yet chosen" in a world while the choices of a seat are combined.
UNSET = 1 << 40


def pareto(vectors: Iterable[Vector]) -> List[Vector]:
    """The vectors that no other is at least as good as in every world (each once).

    A vector can be dominated only by one of larger sum, so after a sort by
    sum each vector need only be checked against those kept before it."""
    unique = set(vectors)
    if len(unique) == 1:
        return list(unique)
    kept: List[Vector] = []
    for vector in sorted(unique, key=sum, reverse=True):
        if not any(all(map(ge, better, vector)) for better in kept):
            kept.append(vector)
    return kept


def union(fronts: Iterable[Sequence[Vector]]) -> List[Vector]:
    """The player's own choice: one card, the same in every world, so any child's strategy."""
    return pareto(vector for front in fronts for vector in front)


def combine(
    children: Sequence[Tuple[Sequence[int], Sequence[Vector]]],
    size: int,
    worlds: Sequence[int],
    pick: Callable,
    limit: Optional[Callable[[List[Vector]], List[Vector]]] = None,
) -> List[Vector]:
    """A seat that sees every card chooses in each world apart: ``pick`` (``min`` for an
    opponent, ``max`` for the player's partner) over the children it may play there.

    ``children`` are (the worlds where that card may be played, its front).  A strategy of the
    player below is one vector from each child's front (the children are different histories,
    so his choices in them are his own); its vector here takes, in each world, the seat's pick
    among those children.  Combined a child at a time, dominated partial vectors dropped:
    ``pick`` is monotone, so what is dominated now stays dominated.  ``limit``, if given, may
    cut each partial front (the fast search keeps the best few: :class:`Beam`)."""
    start = [0] * size
    unset = UNSET if pick is min else -UNSET
    for world in worlds:
        start[world] = unset
    partial: List[Vector] = [tuple(start)]
    for child_worlds, front in children:
        grown = []
        for vector in partial:
            for option in front:
                joined = list(vector)
                for world in child_worlds:
                    joined[world] = pick(joined[world], option[world])
                grown.append(tuple(joined))
        partial = pareto(grown)
        if limit is not None:
            partial = limit(partial)
    return partial


def weighted_mean(vector: Vector, weights: Sequence[float]):
    """The weighted mean of a vector: an exact fraction when the weights are whole numbers."""
    total = sum(weights)
    weighted = sum(w * v for w, v in zip(weights, vector))
    if isinstance(total, int) and isinstance(weighted, int):
        return Fraction(weighted, total)
    return weighted / total


def front_value(front: Sequence[Vector], weights: Sequence[float]):
    """What the front is worth to the player: its best vector's weighted mean."""
    return max(weighted_mean(vector, weights) for vector in front)


class Beam:
    """A cut on the size of a front: past ``width`` vectors, the ``width`` best by weighted mean
    are kept.  The search is then no longer exact, so every cut is counted (``cuts``)."""

    def __init__(self, width: int, weights: Sequence[float]):
        self.width, self.weights, self.cuts = width, weights, 0

    def __call__(self, front: List[Vector]) -> List[Vector]:
        if len(front) <= self.width:
            return front
        self.cuts += 1
        weights = self.weights
        return sorted(front, key=lambda vector: sum(w * v for w, v in zip(weights, vector)), reverse=True)[: self.width]


class FrontTooLarge(Exception):
    """The exact reference met a front past its bound: the ending is too hard to count exactly."""


class Bound:
    """The exact reference's guard: a front past ``most`` vectors stops it (:class:`FrontTooLarge`)."""

    def __init__(self, most: int):
        self.most = most

    def __call__(self, front: List[Vector]) -> List[Vector]:
        if len(front) > self.most:
            raise FrontTooLarge(len(front))
        return front
