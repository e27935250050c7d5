"""What a bot is asked and how it answers: the one door every player of a whole game goes through.

The referee (:class:`~ulti_solver.game.referee.Game`) takes whole moves;
a player at the table decides in steps, and sees more between them (a
player who picks the talon up sees it before he lays two cards and
bids).  So the table (:mod:`.table`) asks in the steps INTERFACE.md's
protocol names, each a :class:`Request` with the seat's knowledge (R40,
R46: a :class:`~ulti_solver.game.view.SeatView`) and the legal answers:

``bid``
    in the auction: ``"pass"``, ``"pick-up"``, and under ``rablo`` a bid
    said over the talon as it lies (a :class:`~ulti_solver.bids.Bid`);
    after a pick-up (or for table seat 0's opening, after his discard) the
    bids that may be said (R47), lowest first;
``discard``
    the two cards to lay from the twelve held (a pair of card ints);
``trump``
    the suit to name (R29): a suit int;
``kontra``
    the kontras that may be said at this moment (R48), each a
    :class:`~ulti_solver.game.kontras.KontraCall`; the answer is a tuple
    of some of them (empty: none);
``card``
    the cards that may be played (R9-R12);
``concede``
    ``True`` or ``False``: table seat 0 throwing his plain party in
    (R49), or the declarer giving the game up before his first lead (R39).

A bot answers with one of ``legal`` (for ``kontra``, a tuple of them).
A bot that raises, answers late or answers something not legal forfeits
the game (:mod:`.table`); the match counts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Protocol, Tuple

from ..errors import UltiInputError
from ..variants import Rules

if TYPE_CHECKING:
    from ..game.referee import Game
    from ..game.view import SeatView

#: The questions of INTERFACE.md's protocol, in the order a game asks them.
ASKS = ("bid", "discard", "trump", "concede", "kontra", "card")


class BotError(UltiInputError):
    """A bot SPEC that names no bot, or options it does not take."""


@dataclass(frozen=True)
class Request:
    """One question to the player of table seat ``seat``.

    ``view`` is what he knows (R40, R46) -- after a pick-up it holds the
    talon's two cards among his ``hand`` and ``seen``; ``legal`` the
    answers he may give; ``game`` the whole game, given only to a bot
    that sees every card (:attr:`Bot.sees_all`: ``dd``), else None.
    ``standing`` is the bid his must beat (None at the opening)."""

    ask: str
    seat: int
    view: SeatView
    legal: Tuple[Any, ...]
    rules: Rules
    standing: Optional[Any] = None
    game: Optional[Game] = None


class Bot(Protocol):
    """A player of whole games: answers every :class:`Request` with one of its legal answers."""

    #: The SPEC that made it, as the match reports it (``pimc:worlds=32``).
    name: str
    #: True only for a bot allowed to see every card (``dd``: a reference, not a fair player).
    sees_all: bool

    def answer(self, request: Request) -> Any:
        """One of ``request.legal`` (for ``kontra``: a tuple of them)."""
        ...

    def new_game(self, seat: int, seed: int) -> None:
        """A new game starts with this bot at table seat ``seat``; ``seed`` makes its choices repeatable."""
        ...

    def close(self) -> None:
        """Free what it holds (an outside engine's process)."""
        ...
