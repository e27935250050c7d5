"""The ``pimc`` bot's auction (R46, R47): single-dummy values (R43) of a short list of plans.

Valuing every discard, bid and trump of twelve cards (``ulti bid``) takes
seconds; a player at the table has about one.  So the candidates are a
short list, and they race on shared worlds:

* **the short list**: every legal bid in each of its trumps that the kept
  hand makes *plausible* (:func:`plausible`: a looser count than
  ``simple``'s: the trump seven and four trumps for an ulti, the king and
  ober and three trumps for a 40-100, three aces for four aces, at most
  two dangerous cards for a betli, at most two losers for a durchmars;
  the party and the lowest legal bid always), each with the two cards a
  club player lays for it (:func:`~.hand_eval.discard_for`);
* **the race** (:mod:`.world_race`): all valued double dummy on the same
  worlds (R42: the twenty unseen cards split 10/10, with what the auction
  showed), in looks of 6, 12, 24, 48, 96 and 192 worlds, the clearly worse dropped
  between looks, while ``bid-time`` lasts -- counted in searches at
  :data:`SOLVES_PER_SECOND`, so that the answer does not depend on the
  machine; the best mean wins.

**Picking up** (before the talon is seen): ten cards and two unseen.  Each
world draws the talon and the other hands; every plausible bid that beats
the standing one (and the lowest in each trump) is valued with the discard
a club player makes from that world's twelve cards.  He picks up when the
best mean is worth at least :data:`PICK_UP_FROM` units a defender: a
defender who passes pays about nothing on average, and the best of several
means on a few worlds is an overestimate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ..bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI, Bid
from ..cards import BB_ALL, SEVEN, SUITS, Card, Hand, Suit, cards_of, hand_of
from ..deal import Deal
from ..dealing import Constraints, sample_deal, sample_rng
from ..errors import UltiInputError
from ..game.ranking import bid_order
from ..search import world_totals
from ..variants import Rules
from .hand_eval import (
    NONE,
    Plan,
    aces,
    betli_danger,
    discard_for,
    holds,
    length,
    marriage,
    strength_of,
    support,
    trumps_of,
)
from .seat_worlds import TALON_PLACE, Places
from .world_race import leaders, mean, race

#: ``bid-time`` is spent at this many world searches a second (about what one core does).
SOLVES_PER_SECOND = 600
#: The looks of the bid race, in worlds.
BID_LOOKS = (6, 12, 24, 48, 96, 192)
#: Candidates still in the race after its first look, at most.
KEEP = 6
#: The most candidates on the short list.
MOST_CANDIDATES = 24
#: Worlds of the pick-up estimate, and its looks.
PICK_UP_LOOKS = (6, 12)
#: A pick-up needs a best mean of this many units a defender (the declarer's total, halved).
PICK_UP_FROM = 1.0
#: Pick-up candidates valued at most.
MOST_PICK_UP_CANDIDATES = 8


def losers(hand: Hand, trump: Optional[Suit]) -> int:
    """Cards that are not top cards of their suit (A, then the next down; R2 with a trump, R3
    without): each a trick a durchmars may lose."""
    trump_game = trump is not None
    count = 0
    for suit in SUITS:
        held = sorted((strength_of(c, trump_game) for c in cards_of(hand) if c >> 3 == suit), reverse=True)
        count += sum(1 for index, strength in enumerate(held) if strength != 7 - index)
    return count


def plausible_component(component: str, hand: Hand, trump: Optional[Suit]) -> bool:
    """The short list's count of one component in the kept hand (the module)."""
    if component == BETLI:
        return len(betli_danger(hand)) <= 2
    if component == DURCHMARS:
        return losers(hand, trump) <= 2
    if trump is None:
        return False
    if component == PARTY:
        return True
    if component == ULTI:
        return holds(hand, trump, SEVEN) and length(hand, trump) >= 4
    if component == FORTY_100:
        return marriage(hand, trump) and length(hand, trump) >= 3
    if component == TWENTY_100:
        return any(marriage(hand, s) for s in SUITS if s != trump) and length(hand, trump) >= 4
    if component == FOUR_ACES:
        return aces(hand) >= 3
    return False


def plausible(bid: Bid, trump: Optional[Suit], hand: Hand) -> bool:
    """Every component the bid stands on is plausible; an open bid needs no loser at all."""
    parts = [c for c in bid.components if c != PARTY or bid.components == {PARTY}]
    if not all(plausible_component(c, hand, trump) for c in parts):
        return False
    if bid.open:
        return not betli_danger(hand) if BETLI in bid.components else losers(hand, trump) == 0
    return True


def _lowest_per_trump(bids: Sequence[Bid], *, rules: Rules) -> List[Tuple[Bid, Optional[Suit]]]:
    """The lowest bid of ``bids`` in each trump it may have (the steady candidates)."""
    order = {bid: index for index, bid in enumerate(bid_order(rules=rules).bids)}
    found: Dict[Optional[Suit], Bid] = {}
    for bid in sorted(bids, key=lambda b: order.get(b, len(order))):
        if bid.has_trump:
            for trump in trumps_of(bid):
                found.setdefault(trump, bid)
    return [(bid, trump) for trump, bid in found.items()]


def short_list(hand: Hand, bids: Sequence[Bid], most: int, *, rules: Rules) -> List[Tuple[Bid, Optional[Suit]]]:
    """The (bid, trump) pairs worth valuing for ``hand`` (twelve cards: judged on the kept ten of
    each pair's discard; ten: as they are)."""
    steady = _lowest_per_trump(bids, rules=rules)
    chosen = list(steady)
    others: List[Tuple[int, int, Bid, Optional[Suit]]] = []
    for bid in bids:
        for trump in trumps_of(bid):
            if (bid, trump) in steady:
                continue
            kept = hand
            if hand.bit_count() == 12:
                first, second = discard_for(hand, bid, trump, rules=rules)
                kept = hand & ~((1 << first) | (1 << second))
            if plausible(bid, trump, kept):
                others.append((support(bid, trump, kept), -len(others), bid, trump))
    others.sort(reverse=True)
    chosen += [(bid, trump) for _, _, bid, trump in others[: max(0, most - len(chosen))]]
    return chosen


@dataclass(frozen=True)
class Valued:
    """A plan with its mean total (S_1 + S_2, R39) on the worlds it was valued on."""

    plan: Plan
    mean_total: float
    worlds: int


def plan_on_worlds(
    hand12: Hand,
    bids: Sequence[Bid],
    *,
    rules: Rules,
    seed: int,
    budget: int,
    known: Tuple[Hand, Hand] = (0, 0),
    looks: Sequence[int] = BID_LOOKS,
) -> Valued:
    """The best plan of the short list for ``hand12`` by its mean on shared worlds (the module);
    ``known`` holds cards known to be in R5 seats 1 and 2 (what the auction showed)."""
    pairs = short_list(hand12, bids, MOST_CANDIDATES, rules=rules)
    plans = [Plan(discard_for(hand12, bid, trump, rules=rules), bid, trump, NONE) for bid, trump in pairs]
    try:
        constraints = Constraints(hand12, seat1=known[0], seat2=known[1])
    except UltiInputError:  # what the auction showed does not fit: the plain worlds
        constraints = Constraints(hand12)
    count = max(looks)
    worlds: List[Deal] = []  # drawn as the looks reach them
    after: Dict[Tuple[Card, Card], List[Deal]] = {}

    def value(i: int, start: int, end: int) -> List[int]:
        plan = plans[i]
        worlds.extend(sample_deal(constraints, seed, index) for index in range(len(worlds), end))
        deals = after.setdefault(plan.discard, [])
        deals.extend(world.discard(*plan.discard) for world in worlds[len(deals) : end])
        return world_totals(deals[start:end], plan.bid, plan.trump, rules=rules)

    totals = race(count, len(plans), value, sign=1, looks=looks, budget=budget, keep=KEEP)
    best = leaders(totals, 1)[0]
    return Valued(plans[best], mean(totals[best]), len(totals[best]))


def _pick_up_world(hand10: Hand, places: Mapping[Card, Places], seats: Tuple[int, int, int], rng) -> Deal:
    """A world of the pick-up: the talon and the other two hands from the 22 unseen cards, drawn
    again (a few times) while it puts a card where the auction cannot have (R46)."""
    unseen = list(cards_of(BB_ALL & ~hand10))
    for _ in range(20):
        rng.shuffle(unseen)
        talon, first, second = unseen[:2], unseen[2:12], unseen[12:]
        where = {card: TALON_PLACE for card in talon}
        where.update({card: seats[1] for card in first})
        where.update({card: seats[2] for card in second})
        if all(where[card] in allowed for card, allowed in places.items() if card in where):
            break
    return Deal((hand10 | hand_of(talon), hand_of(first), hand_of(second)), None)


def pick_up_value(
    hand10: Hand,
    bids: Sequence[Bid],
    *,
    rules: Rules,
    seat: int,
    places: Mapping[Card, Places],
    seed: int,
    budget: int,
) -> float:
    """The best mean total (S_1 + S_2) of the bids that beat the standing one, for table seat
    ``seat`` holding ``hand10`` before he sees the talon (the module)."""
    pairs = short_list(hand10, bids, MOST_PICK_UP_CANDIDATES, rules=rules)
    if not pairs:
        return float("-inf")
    seats = (seat, (seat + 1) % 3, (seat + 2) % 3)
    count = max(PICK_UP_LOOKS)
    worlds = [_pick_up_world(hand10, places, seats, sample_rng(seed, i)) for i in range(count)]

    def value(i: int, start: int, end: int) -> List[int]:
        bid, trump = pairs[i]
        deals = []
        for world in worlds[start:end]:
            deals.append(world.discard(*discard_for(world.hands[0], bid, trump, rules=rules)))
        return world_totals(deals, bid, trump, rules=rules)

    totals = race(count, len(pairs), value, sign=1, looks=PICK_UP_LOOKS, budget=budget)
    return max(mean(values) for values in totals.values())
