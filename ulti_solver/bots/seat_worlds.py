"""The worlds a seat at the table cannot tell apart (R40-R42, R46), built from its SeatView.

A bot sees a :class:`~ulti_solver.game.view.SeatView`: table seats, its
hand now, the cards played with their table seats.  The play's questions
(R43: which card, whether to kontra, whether to concede) are asked of an
:class:`~ulti_solver.knowledge.InformationSet` in R5 seats (R45: R5 seat
k is table seat (declarer + k) mod 3): :func:`play_information` builds it
-- the hand as dealt is the hand now with the cards it played, the
declarer knows the talon he laid, the marriages announced and an open
bid's hand are told as such -- and adds what the auction showed the seat
(R46), which the knowledge module does not read:

* the cards it was dealt, and each talon it picked up (a bot remembers
  them: :class:`AuctionMemory`), were where it saw them; a card it laid
  stays in the talon until someone picks the talon up, and is then in his
  hand or, after he lays two, the talon again (:func:`auction_places`);
* so a card can only be in the places the auction could have carried it:
  the other places are ruled out, as R41 rules out a void's suit.

The talon lying may be unknown to the declarer (under ``rablo`` he may bid
over a talon another laid) and known to a defender (the one who laid it):
the talon is then a hole of the declarer's worlds, and no hole of that
defender's.  If the auction's places contradict the rest (they cannot, in
a game the referee ran), they are dropped rather than trusted.
"""

from __future__ import annotations

from typing import Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from ..cards import Card, Hand, card_name, cards_of
from ..deal import Deal
from ..game.actions import PICK_UP
from ..knowledge import TALON, InformationSet, KnowledgeError
from ..knowledge.facts import Fact, Lacks
from ..knowledge.table import read_table
from ..knowledge.view import build_information_set
from ..play import PlayRules
from ..variants import Rules

#: ``choose_worlds`` draws at most this many worlds for each one it keeps, and gives up preferring
#: after this many with none accepted.
DRAWS_PER_WORLD = 20
HOPELESS = 4
#: A place a card may lie: a table seat 0-2, or the talon.
TALON_PLACE = "talon"
Places = FrozenSet[object]


class AuctionMemory:
    """What a seat saw in the auction that its view does not keep: its hand as dealt, and the
    two cards of each talon it picked up (by the index of that auction action)."""

    def __init__(self) -> None:
        self.dealt: Optional[Hand] = None
        self.picked: Dict[int, Hand] = {}
        self._before: Optional[Hand] = None

    def saw(self, ask: str, view, legal: Sequence[object]) -> None:
        """Take note of a question: the first one shows the dealt hand, a pick-up's discard the talon."""
        if ask not in ("bid", "discard"):
            return
        if self.dealt is None:
            self.dealt = view.hand
        if ask == "bid" and "pick-up" in legal:
            self._before = view.hand
        elif ask == "discard" and view.auction and self._before is not None:
            self.picked[len(view.auction)] = view.hand & ~self._before


def auction_places(view, memory: Optional[AuctionMemory]) -> Dict[Card, Places]:
    """Where each card the seat has seen may lie now, after the auction heard so far (R46):
    table seats and :data:`TALON_PLACE`.  Cards it never saw are left out (anywhere unseen)."""
    if memory is None or memory.dealt is None:
        return {}
    me = view.seat
    places: Dict[Card, Places] = {card: frozenset({me}) for card in cards_of(memory.dealt)}
    for index, action in enumerate(view.auction):
        laid = view.laid.get(index)
        if action.seat == me and action.kind == PICK_UP:
            picked = memory.picked.get(index)
            if picked is None:
                return {}  # a gap in what it remembers: trust nothing of the auction
            places.update({card: frozenset({me}) for card in cards_of(picked)})
        if action.seat == me and laid is not None:
            places.update({card: frozenset({TALON_PLACE}) for card in laid})
        elif action.kind == PICK_UP:  # another seat took the talon and laid two
            other = action.seat
            for card, where in places.items():
                if TALON_PLACE in where or other in where:
                    places[card] = where | {other, TALON_PLACE}
    return places


def _lacks(hole: int, cards: Hand) -> Lacks:
    return Lacks(hole, cards, -1, 0, "R46", " ".join(card_name(c) for c in cards_of(cards)))


def auction_facts(places: Mapping[Card, Places], declarer: int, holes: Sequence[int], unseen: Hand) -> List[Fact]:
    """R46 as facts of the knowledge module: each hole (R5 seats, the talon) lacks the unseen
    cards the auction cannot have carried there."""
    lacking = {hole: 0 for hole in holes}
    for card, where in places.items():
        if not (unseen >> card) & 1:
            continue
        for hole in holes:
            place = TALON_PLACE if hole == TALON else (declarer + hole) % 3
            if place not in where:
                lacking[hole] |= 1 << card
    return [_lacks(hole, cards) for hole, cards in lacking.items() if cards]


def build_information(
    seat: int,
    bid,
    trump,
    *,
    rules: Rules,
    played: Sequence[Card],
    hand: Hand,
    talon: Optional[Hand],
    shown: Optional[Hand],
    announced: Mapping[int, FrozenSet[int]],
    places: Mapping[Card, Places],
    declarer: int,
) -> InformationSet:
    """The information set of R5 seat ``seat`` (as the knowledge module builds it) with the
    auction's places as facts; the talon a hole whenever the seat does not know it."""
    table = read_table(list(played), PlayRules.for_game(bid, trump, rules=rules))
    return build_information_set(
        seat,
        bid,
        trump,
        rules=rules,
        table=table,
        hand=hand,
        talon=talon,
        shown=shown,
        announced=announced,
        more_facts=lambda holes, unseen: auction_facts(places, declarer, holes, unseen),
    )


def play_information(view, memory: Optional[AuctionMemory] = None, *, rules: Rules, trump="as named") -> InformationSet:
    """What table seat ``view.seat`` knows in the play (or just before it: the worlds of the
    declarer's concession and the kontras), as an information set in R5 seats.  ``trump`` stands
    in for one not named yet (the throw-in is decided before it)."""
    declarer = view.declarer
    seat = (view.seat - declarer) % 3
    trump = view.trump if trump == "as named" else trump
    cards = [card for _, card in view.played]
    mine = sum(1 << card for who, card in view.played if who == view.seat)
    announced = {(s - declarer) % 3: frozenset(suits) for s, suits in view.announced.items()}
    common = dict(
        rules=rules,
        played=cards,
        hand=view.hand | mine,
        talon=view.talon,
        shown=view.shown,
        announced=announced,
        declarer=declarer,
    )
    places = auction_places(view, memory)
    if places:
        try:
            return build_information(seat, view.bid, trump, places=places, **common)
        except KnowledgeError:
            pass  # places that clash with the rest: the auction is not trusted
    return build_information(seat, view.bid, trump, places={}, **common)


def known_elsewhere(view, memory: Optional[AuctionMemory], declarer: int) -> Tuple[Hand, Hand]:
    """For a seat about to lay two of twelve (it holds the talon now): the cards it knows in each
    other hand, as R5 seats 1 and 2 of it as the declarer (:class:`~ulti_solver.dealing.Constraints`)."""
    found = [0, 0]
    for card, where in auction_places(view, memory).items():
        if (view.hand >> card) & 1:
            continue
        seats = [place for place in where if place not in (TALON_PLACE, view.seat)]
        if len(seats) == 1:
            found[(int(seats[0]) - declarer) % 3 - 1] |= 1 << card  # type: ignore[call-overload]
    return found[0], found[1]


def choose_worlds(info, count: int, seed: int, accept: Optional[Callable[[Deal], bool]] = None) -> Tuple[list, bool]:
    """``count`` worlds drawn from ``seed`` -- or every world, exactly, when no more fit.

    ``accept`` (a world -> bool) prefers the worlds it accepts: the draws go on, up to
    :data:`DRAWS_PER_WORLD` times ``count`` (:data:`HOPELESS` times while none is accepted),
    until ``count`` are accepted, and worlds it refused fill what is missing, in the order drawn;
    with every world counted, the accepted ones (all of them, if it accepts none).  Returns the
    worlds and whether they are every world (exact)."""
    total = info.count()
    if total <= count:
        every = list(info.worlds())
        chosen = [world for world in every if accept(world)] if accept is not None else every
        return (chosen or every), True
    if accept is None:
        return [info.world(seed, index) for index in range(count)], False
    taken: List[Deal] = []
    refused: List[Deal] = []
    for index in range(DRAWS_PER_WORLD * count):
        world = info.world(seed, index)
        (taken if accept(world) else refused).append(world)
        if len(taken) == count or (not taken and index + 1 >= HOPELESS * count):
            break  # enough, or none accepted in many: what it prefers is not there
    return taken + refused[: count - len(taken)], False
