"""The one worlds protocol of bid, kontra, play and knowable analysis (R42).

Every question asked of the worlds -- what to bid from twelve cards
(``ulti bid``), whether to kontra (``ulti kontra``), which card to play
(``ulti play``), whether a played card was a knowable error
(``analyse --knowable``) -- asks the same three things of a set of worlds
(:class:`Worlds`): how many there are, the world of a rank in a fixed
order (to count every world exactly), and world ``index`` drawn for a
seed (to sample them).  A draw depends on (seed, index) alone, so a
worker anywhere draws the same world, and the answer is the same however
the work is spread.

:class:`WorldSource` is a question's worlds with its seed: world ``i`` is
the i-th in rank order when the answer is exact, else the i-th drawn.
Tasks get the source and world indices, never deals, so a task is small
to ship.  Sets of worlds that follow the protocol:
:class:`~ulti_solver.knowledge.InformationSet` (a seat's view),
:class:`~ulti_solver.analysis.kontra_advice.Worlds` (a union of views),
:class:`~ulti_solver.analysis.bid_worlds.HandWorlds` (twelve cards before
the discard) and :class:`GivenWorlds` (deals given, each counted once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Protocol, Sequence, Tuple, runtime_checkable

from ..dealing import sample_rng

if TYPE_CHECKING:
    from ..deal import Deal


@runtime_checkable
class Worlds(Protocol):
    """A set of worlds: counted, ranked, and drawn from a seed."""

    def count(self) -> int:
        """How many worlds there are, exactly."""

    def world_at(self, rank: int) -> Deal:
        """The world of ``rank``, 0 <= rank < :meth:`count`, in a fixed order."""

    def world(self, seed: int, index: int) -> Deal:
        """World ``index`` drawn for ``seed``: uniform among the worlds, from (seed, index) alone."""


def drawn(worlds: Worlds, seed: int, index: int) -> Deal:
    """World ``index`` of ``seed`` drawn by rank: uniform, the same in every process
    (:func:`ulti_solver.dealing.sample_rng`); for sets that have no faster draw of their own."""
    return worlds.world_at(sample_rng(seed, index).randrange(worlds.count()))


@dataclass(frozen=True)
class GivenWorlds:
    """Deals given, each a world counted once (a caller's own set: every world of a small one
    makes an answer exact)."""

    deals: Tuple[Deal, ...]

    def count(self) -> int:
        return len(self.deals)

    def world_at(self, rank: int) -> Deal:
        return self.deals[rank]

    def world(self, seed: int, index: int) -> Deal:
        return drawn(self, seed, index)


@dataclass(frozen=True)
class WorldSource:
    """A question's worlds: world ``i`` is the i-th in rank order when ``exact`` (every world
    counted once), else the i-th drawn for ``seed``."""

    worlds: Worlds
    seed: int = 0
    exact: bool = False

    def deal(self, index: int) -> Deal:
        return self.worlds.world_at(index) if self.exact else self.worlds.world(self.seed, index)

    def deals(self, indices: Sequence[int]) -> List[Deal]:
        return [self.deal(i) for i in indices]

    def after(self, discard, indices: Sequence[int]) -> List[Deal]:
        """The worlds ``indices`` after the declarer's ``discard`` (R6)."""
        return [deal.discard(*discard) for deal in self.deals(indices)]
