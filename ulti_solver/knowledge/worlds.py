"""Placing the unseen cards into the holes: counted, ranked and drawn exactly (R42).

The holes are the hands a seat cannot see and, for a defender, the
talon; each has a known size.  Every unseen card may go to some of the
holes (R40, R41 take the others away), and two cards may be kept *apart*:
not both in one of some holes (a seat that announced no marriage in a
suit lacks its king or its ober).  A world is a placement that fills
every hole to its size and respects both kinds of constraint.

Nothing is sampled by rejection.  The cards are taken one *unit* at a
time (a card on its own, or two cards kept apart, placed together), and
``count(i, room)`` -- the number of ways to place units ``i`` onwards into
holes with ``room`` cards of space left -- is worked out by dynamic
programming over ``room``.  Those counts number the worlds 0 to N - 1 in a
fixed order, so the world of any rank is found by walking the units and
skipping whole blocks of lower-ranked worlds; a uniformly random rank
then gives every world exactly the same chance, with Python integers
throughout.
"""

from __future__ import annotations

import itertools
from typing import Dict, Iterator, List, Sequence, Tuple

from ..cards import cards_of


class Unit:
    """Cards placed together: ``options`` are (holes, room used) per allowed placement, in rank order."""

    __slots__ = ("cards", "options")

    def __init__(self, cards: Tuple[int, ...], options: List[Tuple[Tuple[int, ...], Tuple[int, ...]]]):
        self.cards = cards
        self.options = options


class WorldSpace:
    """The placements of ``allowed`` (card -> mask of hole indices it may go to) into holes of
    ``sizes``, with each ``apart`` triple (card a, card b, mask of holes) keeping a and b out of
    any one of those holes together.  The cards must fill the holes exactly."""

    def __init__(self, sizes: Sequence[int], allowed: Dict[int, int], apart: Sequence[Tuple[int, int, int]] = ()):
        self.sizes = tuple(sizes)
        self.allowed = dict(allowed)
        partner: Dict[int, Tuple[int, int]] = {}
        for a, b, holes in apart:
            if a not in allowed or b not in allowed or not holes:
                continue
            for card, other in ((a, b), (b, a)):
                known = partner.get(card)
                if known is not None and known[0] != other:
                    raise ValueError(f"card {card} is kept apart from two cards")
                partner[card] = (other, holes | (known[1] if known else 0))
        self.apart = {(min(a, b), max(a, b)): holes for a, (b, holes) in partner.items()}
        self.units = self._units(partner)
        self._memo: List[Dict[Tuple[int, ...], int]] = [{} for _ in self.units]

    def _use(self, holes: Tuple[int, ...]) -> Tuple[int, ...]:
        return tuple(sum(1 for h in holes if h == index) for index in range(len(self.sizes)))

    def _units(self, partner) -> List[Unit]:
        units = []
        spots = range(len(self.sizes))
        for card in sorted(self.allowed):
            if card in partner and partner[card][0] < card:
                continue  # placed with its partner
            if card in partner:
                other, forbidden = partner[card]
                pairs = itertools.product(self._spots(card, spots), self._spots(other, spots))
                placements = [(h, k) for h, k in pairs if not (h == k and (forbidden >> h) & 1)]
                units.append(Unit((card, other), [(p, self._use(p)) for p in placements]))
            else:
                units.append(Unit((card,), [((h,), self._use((h,))) for h in self._spots(card, spots)]))
        return units

    def _spots(self, card: int, spots) -> List[int]:
        return [h for h in spots if (self.allowed[card] >> h) & 1]

    def count_from(self, index: int, room: Tuple[int, ...]) -> int:
        """The placements of units ``index`` onwards that fill ``room`` exactly."""
        if index == len(self.units):
            return 0 if any(room) else 1
        memo = self._memo[index]
        known = memo.get(room)
        if known is not None:
            return known
        total = 0
        for _, use in self.units[index].options:
            left = tuple(r - u for r, u in zip(room, use))
            if min(left) >= 0:
                total += self.count_from(index + 1, left)
        memo[room] = total
        return total

    def count(self) -> int:
        """How many worlds there are (R42)."""
        if sum(self.sizes) != len(self.allowed):
            return 0
        return self.count_from(0, self.sizes)

    def placement_at(self, rank: int) -> Tuple[int, ...]:
        """The world of ``rank`` (0 <= rank < count()): each hole's cards as a mask."""
        if not 0 <= rank < self.count():
            raise IndexError(f"world {rank} of {self.count()}")
        room = self.sizes
        filled = [0] * len(self.sizes)
        for index, unit in enumerate(self.units):
            for holes, use in unit.options:
                left = tuple(r - u for r, u in zip(room, use))
                if min(left) < 0:
                    continue
                block = self.count_from(index + 1, left)
                if rank < block:
                    for card, hole in zip(unit.cards, holes):
                        filled[hole] |= 1 << card
                    room = left
                    break
                rank -= block
        return tuple(filled)

    def placements(self) -> Iterator[Tuple[int, ...]]:
        """Every world once, in rank order."""
        if self.count() == 0:
            return
        yield from self._walk(0, self.sizes, (0,) * len(self.sizes))

    def _walk(self, index, room, filled):
        if index == len(self.units):
            yield filled
            return
        unit = self.units[index]
        for holes, use in unit.options:
            left = tuple(r - u for r, u in zip(room, use))
            if min(left) < 0 or not self.count_from(index + 1, left):
                continue
            more = list(filled)
            for card, hole in zip(unit.cards, holes):
                more[hole] |= 1 << card
            yield from self._walk(index + 1, left, tuple(more))

    def contains(self, filled: Sequence[int]) -> bool:
        """Whether ``filled`` (each hole's cards) is one of the worlds."""
        if len(filled) != len(self.sizes) or any(m.bit_count() != s for m, s in zip(filled, self.sizes)):
            return False
        where = {}
        for hole, mask in enumerate(filled):
            for card in cards_of(mask):
                where[card] = hole
        if set(where) != set(self.allowed):
            return False
        if any(not (self.allowed[card] >> hole) & 1 for card, hole in where.items()):
            return False
        return all(not (where[a] == where[b] and (holes >> where[a]) & 1) for (a, b), holes in self.apart.items())

    def overfull(self) -> Tuple[int, int]:
        """Hall's condition for the single cards: a set of holes (as a mask) and the unseen cards
        that can go nowhere else, when those are more than the holes hold; ``(-1, 0)`` if none.

        The smallest such set of holes comes first, so a card with nowhere to go is named as that."""
        holes = len(self.sizes)
        for chosen in sorted(range(1 << holes), key=lambda m: (m.bit_count(), m)):
            forced = sum(1 << card for card, spots in self.allowed.items() if spots & ~chosen == 0)
            room = sum(self.sizes[h] for h in range(holes) if (chosen >> h) & 1)
            if forced.bit_count() > room:
                return chosen, forced
        return -1, 0
