"""Dealing: seeded random deals and endgames, and deals that fit what one player knows.

:func:`random_deal` and :func:`biased_deal` feed the tests and the
benchmark; :func:`whole_deal` deals a whole game from a seed.  :class:`Constraints` and :func:`sample_deal` are for
simulation from one hand (``ulti simulate``): the declarer's cards, and
perhaps cards known to be in seat 1 or 2 and suits a defender is void in;
the unseen cards are dealt uniformly among the deals that fit.  Sample i
comes from a generator seeded by (seed, i) alone, so a simulation's
numbers do not depend on how its samples are spread over workers.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, List, Optional, Tuple

from .bids import Bid
from .cards import (
    ACE,
    BB_ALL,
    BB_SUITS,
    KING,
    OBER,
    SEVEN,
    SUIT_WORDS,
    cards_label,
    cards_of,
    hand_of,
    make_card,
    popcount,
)
from .deal import PART_NAMES_IN, Deal
from .errors import UltiInputError
from .i18n import L_, LN_, Joined
from .known_cards import as_known
from .play import PlayRules
from .position import Position, start_of_play
from .variants import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from .accepted import HandLike, VoidsLike


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random 10/10/10 + 2 deal."""
    cards = list(range(32))
    rng.shuffle(cards)
    return Deal((hand_of(cards[0:10]), hand_of(cards[10:20]), hand_of(cards[20:30])), hand_of(cards[30:32]))


def whole_deal(seed: int) -> Deal:
    """A deal before the discard in table seats (R45): 12 cards to table seat 0, 10 to each other;
    the one ``ulti game --seed`` and the board's Play deal for a seed."""
    cards = list(range(32))
    random.Random(seed).shuffle(cards)
    return Deal((hand_of(cards[:12]), hand_of(cards[12:22]), hand_of(cards[22:])), None)


def random_position(
    rng: random.Random,
    deal: Deal,
    bid: Bid,
    trump: Optional[int],
    tricks_left: int,
    *,
    rules: Rules = DEFAULT_RULES,
    extra_cards: int = 0,
) -> Position:
    """Play random legal cards from the first lead until ``tricks_left`` tricks remain,
    then ``extra_cards`` (0-2) more into the next trick."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    position = start_of_play(deal)
    for _ in range(3 * (10 - tricks_left) + extra_cards):
        position = position.after(rng.choice(list(cards_of(position.legal(play)))), play)
    return position


def biased_deal(rng: random.Random, bid: Bid, trump: Optional[int]) -> Deal:
    """A random deal tilted toward ``bid``, so that both answers occur often.

    The declarer gets what the bid lives on -- the trump seven for ulti,
    the trump king and ober for 40-100, a plain marriage for 20-100, aces
    for four aces, top cards for durchmars, low cards for betli -- plus a
    few more trumps, and the rest of the hand drawn with high (or, for
    betli, low) ranks more likely.
    """
    components = bid.components
    wanted = set()
    if trump is not None:
        wanted.add(make_card(trump, SEVEN) if "ulti" in components else make_card(trump, ACE))
        strength = rng.randint(2, 5)
        wanted.update(make_card(trump, r) for r in rng.sample(range(8), strength))
        if "40-100" in components:
            wanted.update({make_card(trump, KING), make_card(trump, OBER)})
        if "20-100" in components:
            suit = rng.choice([s for s in range(4) if s != trump])
            wanted.update({make_card(suit, KING), make_card(suit, OBER)})
    if "four-aces" in components:
        wanted.update(rng.sample([make_card(s, ACE) for s in range(4)], rng.randint(3, 4)))
    if "durchmars" in components:
        wanted.update(make_card(s, ACE) for s in range(4) if rng.random() < 0.8)
    low = "betli" in components
    hand: List[int] = [] if low else list(wanted)[:10]
    others = [c for c in range(32) if c not in hand]
    weights = [(8 - (c & 7)) ** 2 if low else ((c & 7) + 1) ** 2 for c in others]
    while len(hand) < 10:
        card = rng.choices(others, weights)[0]
        index = others.index(card)
        others.pop(index)
        weights.pop(index)
        hand.append(card)
    rng.shuffle(others)
    return Deal((hand_of(hand), hand_of(others[0:10]), hand_of(others[10:20])), hand_of(others[20:22]))


class ConstraintError(UltiInputError):
    """What a player says he knows cannot be: the message says which constraint, in one line."""


def _names(mask: int) -> str:
    return cards_label(cards_of(mask))


def _suits(mask: int):
    """The suits that ``mask`` has cards of, in words: ``hearts``, ``hearts and bells``."""
    names = [L_(SUIT_WORDS[s]) for s in range(4) if mask & BB_SUITS[s]]
    if len(names) == 1:
        return names[0]
    return L_("{suits} and {last}", suits=Joined(names[:-1]), last=names[-1])


def _first_suit(mask: int) -> int:
    """The cards of ``mask`` in its lowest suit."""
    return next(mask & BB_SUITS[s] for s in range(4) if mask & BB_SUITS[s])


@dataclass(frozen=True, init=False)
class Constraints:
    """What the declarer knows before the play: his cards, and perhaps more.

    ``hand`` is his 12 cards before the discard (``talon`` None) or his 10
    with the ``talon`` of 2; ``seat1``/``seat2`` are cards known to be in
    those hands; ``voids`` are (seat, suit) pairs: that defender holds no
    card of that suit.  Each may be given as a player writes it:
    ``Constraints("A97.TK8.O8.U9", "LU,A8", voids=["1:hearts"])``.
    Building one that no deal fits raises :class:`ConstraintError`, whose
    one line names the constraint.

    The deals that fit are all alike to the sampler: the unseen cards a
    void sends to one seat go there, and of the rest (:meth:`free`) seat 1
    takes a uniformly random subset of the size its hand has room for.
    """

    hand: int
    talon: Optional[int] = None
    seat1: int = 0
    seat2: int = 0
    voids: Tuple[Tuple[int, int], ...] = ()

    def __init__(
        self,
        hand: HandLike,
        talon: Optional[HandLike] = None,
        seat1: HandLike = 0,
        seat2: HandLike = 0,
        voids: VoidsLike = (),
    ):
        # Written out, not the dataclass's own: each field is taken as a player writes it too.
        known = as_known(hand, talon, seat1, seat2, voids)  # text as a player writes it
        for name, value in zip(("hand", "talon", "seat1", "seat2", "voids"), known):
            object.__setattr__(self, name, value)
        try:
            voids = tuple((int(seat), int(suit)) for seat, suit in self.voids)
        except (TypeError, ValueError):
            raise ConstraintError(
                L_("voids are (seat, suit) pairs of numbers, not {voids!r}", voids=self.voids)
            ) from None
        object.__setattr__(self, "voids", voids)
        self.check()

    @property
    def unseen(self) -> int:
        """The cards the declarer does not know the place of."""
        seen = self.hand | (self.talon or 0) | self.seat1 | self.seat2
        return BB_ALL & ~seen

    def _void_mask(self, seat: int) -> int:
        mask = 0
        for s, suit in self.voids:
            if s == seat:
                mask |= BB_SUITS[suit]
        return mask

    def forced(self) -> Tuple[int, int]:
        """The unseen cards that can only go to seat 1, and those only to seat 2 (the other is void)."""
        void1, void2 = self._void_mask(1), self._void_mask(2)
        return self.unseen & void2 & ~void1, self.unseen & void1 & ~void2

    def check(self) -> None:
        """Raise :class:`ConstraintError` naming the first constraint that no deal can meet."""
        hand, talon = self.hand, self.talon
        for name, mask in (
            ("the declarer's hand", hand),
            ("the talon", talon or 0),
            ("seat 1", self.seat1),
            ("seat 2", self.seat2),
        ):
            if not isinstance(mask, int) or mask < 0 or mask & ~BB_ALL:
                raise ConstraintError(L_("{name} is not a set of cards: {mask!r}", name=name, mask=mask))
        for seat, suit in self.voids:
            if seat not in (1, 2):
                raise ConstraintError(L_("a void is for seat 1 or seat 2, not seat {seat}", seat=seat))
            if suit not in range(4):
                raise ConstraintError(
                    L_("a void is in a suit 0-3 (hearts, bells, leaves, acorns), not {suit}", suit=suit)
                )
        if talon is None and popcount(hand) != 12:
            raise ConstraintError(
                LN_(
                    "the declarer's hand has {n} card; it needs 12 before the discard, or 10 with --talon (R6)",
                    "the declarer's hand has {n} cards; it needs 12 before the discard, or 10 with --talon (R6)",
                    popcount(hand),
                )
            )
        if talon is not None:
            if popcount(talon) != 2:
                raise ConstraintError(
                    LN_(
                        "the talon has {n} card; it holds 2 (R6)",
                        "the talon has {n} cards; it holds 2 (R6)",
                        popcount(talon),
                    )
                )
            if popcount(hand) != 10:
                raise ConstraintError(
                    LN_(
                        "the declarer's hand has {n} card; with the talon it needs 10, or 12 before the discard "
                        "without --talon (R6)",
                        "the declarer's hand has {n} cards; with the talon it needs 10, or 12 before the discard "
                        "without --talon (R6)",
                        popcount(hand),
                    )
                )
        parts = [
            (PART_NAMES_IN[0], hand),
            (PART_NAMES_IN[3], talon or 0),
            (PART_NAMES_IN[1], self.seat1),
            (PART_NAMES_IN[2], self.seat2),
        ]
        for (name_a, a), (name_b, b) in itertools.combinations(parts, 2):
            if a & b:
                raise ConstraintError(
                    L_("{cards} cannot be both {first} and {second}", cards=_names(a & b), first=name_a, second=name_b)
                )
        for seat, known in ((1, self.seat1), (2, self.seat2)):
            if popcount(known) > 10:
                raise ConstraintError(
                    L_("seat {seat} is given {count} cards; a hand holds 10", seat=seat, count=popcount(known))
                )
            clash = known & self._void_mask(seat)
            if clash:
                clash = _first_suit(clash)
                raise ConstraintError(
                    L_(
                        "seat {seat} is said to be void in {suits} but holds {cards}",
                        seat=seat,
                        suits=_suits(clash),
                        cards=_names(clash),
                    )
                )
        both = self._void_mask(1) & self._void_mask(2) & self.unseen
        if both:
            both = _first_suit(both)
            raise ConstraintError(
                L_(
                    "both defenders are said to be void in {suits}, but nobody is left to hold {cards}",
                    suits=_suits(both),
                    cards=_names(both),
                )
            )
        only1, only2 = self.forced()
        for seat, known, only in ((1, self.seat1, only1), (2, self.seat2, only2)):
            if popcount(known) + popcount(only) > 10:
                other = 3 - seat
                held = (
                    LN_(
                        "its {n} known card and the {unseen} unseen cards of those suits: {total}",
                        "its {n} known cards and the {unseen} unseen cards of those suits: {total}",
                        popcount(known),
                        unseen=popcount(only),
                        total=popcount(known) + popcount(only),
                    )
                    if known
                    else L_("all {unseen} unseen cards of those suits", unseen=popcount(only))
                )
                raise ConstraintError(
                    L_(
                        "seat {other} is said to be void in {suits}, so seat {seat} would hold {held}, "
                        "more than a hand's 10",
                        other=other,
                        suits=_suits(self._void_mask(other) & only),
                        seat=seat,
                        held=held,
                    )
                )

    def free(self) -> Tuple[int, int]:
        """The unseen cards either defender may hold, and how many of them seat 1 gets."""
        only1, only2 = self.forced()
        free = self.unseen & ~only1 & ~only2
        return free, 10 - popcount(self.seat1) - popcount(only1)

    def deal_count(self) -> int:
        """How many deals fit: each equally likely in :func:`sample_deal`, each once in :func:`every_deal`."""
        free, count = self.free()
        return math.comb(popcount(free), count)

    def deal_with(self, seat1_extra: int) -> Deal:
        """The deal where seat 1 takes ``seat1_extra`` of the free cards and seat 2 the rest."""
        free, _ = self.free()
        only1, only2 = self.forced()
        seat1 = self.seat1 | only1 | seat1_extra
        seat2 = self.seat2 | only2 | (free & ~seat1_extra)
        return Deal((self.hand, seat1, seat2), self.talon)


def sample_rng(seed: int, index: int) -> random.Random:
    """The generator of sample ``index`` of simulation ``seed``: the same in every process and Python.

    A string seed is hashed with SHA-512 (``random.seed`` version 2), not
    with ``hash()``, so ``PYTHONHASHSEED`` cannot change it.
    """
    return random.Random(f"ulti-sample:{int(seed)}:{int(index)}")


def sample_deal(constraints: Constraints, seed: int, index: int) -> Deal:
    """Sample ``index`` of simulation ``seed``: uniform among the deals that fit ``constraints``.

    Seat 1's share of the free cards is a uniform random subset of the
    size it needs (``random.sample``), so each of the
    :meth:`Constraints.deal_count` deals has the same chance.  The deal
    depends on (seed, index) alone, never on which samples came before.
    """
    rng = sample_rng(seed, index)
    free, count = constraints.free()
    cards = list(cards_of(free))
    return constraints.deal_with(hand_of(rng.sample(cards, count)))


def every_deal(constraints: Constraints) -> Iterator[Deal]:
    """Every deal that fits, once each (for checking a simulation against the exact proportion)."""
    free, count = constraints.free()
    for chosen in itertools.combinations(list(cards_of(free)), count):
        yield constraints.deal_with(hand_of(chosen))
