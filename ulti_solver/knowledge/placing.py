"""The facts a seat knows, turned into where each unseen card may lie (R41, R42), and, when no
world fits them, which facts clash.

:class:`FactCompiler` keeps, for every card, the holes it may still be in
and the facts that shut the others; the constraints go to a
:class:`~.worlds.WorldSpace`.  When it counts no world,
:func:`no_world_message` names the card with nowhere to go (or the hole
that cannot be filled) and the facts that did it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Sequence, Tuple, Union

from ..cards import Card, Hand, card_name, cards_of
from ..i18n import L_, LN_, LP_, Joined, Message
from .errors import KnowledgeError
from .facts import Fact, Holds, Lacks, Said, card_names, seat_words
from .table import Table

if TYPE_CHECKING:  # the information set is built from this module, not needed by it
    from .view import InformationSet

#: The most reasons an error for an impossible set of facts lists.
REASONS_SHOWN = 6

#: The seats and the talon as a message says what is in them (Hungarian: a 2. védő kezében, a talonban).
HOLES_IN = (LP_("in", "the declarer"), LP_("in", "seat 1"), LP_("in", "seat 2"), LP_("in", "the talon"))


class FactCompiler:
    """Turns facts about the hands the seat cannot see into the constraints of a :class:`WorldSpace`."""

    def __init__(self, table: Table, unseen: Hand, holes: Tuple[int, ...], seen_where):
        self.table = table
        self.unseen = unseen
        self.index = {hole: i for i, hole in enumerate(holes)}
        self.allowed = {card: (1 << len(holes)) - 1 for card in cards_of(unseen)}
        self.why: Dict[int, Dict[int, List[Fact]]] = {card: {} for card in self.allowed}
        self.apart: List[Tuple[int, int, int]] = []
        self.apart_why: List[Fact] = []
        self.used: List[Fact] = []
        self.seen_where = seen_where

    def _exclude(self, card: Card, seat: int, fact: Fact) -> bool:
        bit = 1 << self.index[seat]
        if not self.allowed[card] & bit:
            return False
        self.allowed[card] &= ~bit
        self.why[card].setdefault(self.index[seat], []).append(fact)
        return True

    def add(self, fact: Fact) -> None:
        seat, table = fact.seat, self.table
        changed = False
        if isinstance(fact, Lacks):
            later = [c for i, c in enumerate(table.cards) if i > fact.index and table.players[i] == seat]
            clash = [c for c in later if (fact.cards >> c) & 1]
            if clash:
                card = clash[0]
                raise KnowledgeError(
                    L_(
                        "{fact}, but it played {card} in trick {trick}",
                        fact=Said(fact),
                        card=card_name(card),
                        trick=trick_of(table, card),
                    )
                )
            for card in cards_of(fact.cards & self.unseen):
                changed |= self._exclude(card, seat, fact)
        elif isinstance(fact, Holds):
            mine = table.by_seat[seat]
            elsewhere = fact.cards & ~self.unseen & ~mine
            if elsewhere:
                card = next(cards_of(elsewhere))
                raise KnowledgeError(
                    L_(
                        "{fact}, but {card} {where}",
                        fact=Said(fact),
                        card=card_name(card),
                        where=self.seen_where(card),
                    )
                )
            for card in cards_of(fact.cards & self.unseen):
                for hole in self.index:
                    if hole != seat:
                        changed |= self._exclude(card, hole, fact)
        else:
            mine = table.by_seat[seat] & fact.cards
            if mine == fact.cards:
                raise KnowledgeError(L_("{fact}, but it played {cards}", fact=Said(fact), cards=card_names(mine)))
            open_cards = fact.cards & self.unseen
            if mine and open_cards:
                changed |= self._exclude(next(cards_of(open_cards)), seat, fact)
            elif open_cards == fact.cards:
                a, b = cards_of(open_cards)
                self.apart.append((a, b, 1 << self.index[seat]))
                self.apart_why.append(fact)
                changed = True
        if changed:
            self.used.append(fact)


def trick_of(table: Table, card: Card) -> int:
    return table.tricks[table.cards.index(card)]


def no_world_message(info: InformationSet, compiler: FactCompiler):
    """Which facts leave no world: a card with nowhere to go, a hole that cannot be filled,
    a marriage that cannot be split, or, failing those, every fact."""
    space = info.space
    seat = seat_words(info.seat)
    chosen, forced = space.overfull()
    if chosen >= 0:
        reasons: List[Fact] = []
        for card in cards_of(forced):
            for hole, facts in compiler.why[card].items():
                if not (chosen >> hole) & 1:
                    reasons.extend(f for f in facts if f not in reasons)
        inside = [info.holes[h] for h in range(len(info.holes)) if (chosen >> h) & 1]
        outside = [info.holes[h] for h in range(len(info.holes)) if not (chosen >> h) & 1]
        count = forced.bit_count()
        if not inside:
            what = LN_("{cards} has nowhere to go", "{cards} have nowhere to go", count, cards=card_names(forced))
        elif len(inside) > 1 and len(outside) == 1:
            hole = outside[0]
            size = info.sizes[info.holes.index(hole)]
            can = len(space.allowed) - count
            what = LN_(
                "{hole} holds {n} card now, but only {can} unseen cards can be there",
                "{hole} holds {n} cards now, but only {can} unseen cards can be there",
                size,
                hole=HOLES_IN[hole],
                can=can,
            )
        else:
            room = sum(info.sizes[info.holes.index(h)] for h in inside)
            places = Joined((HOLES_IN[h] for h in inside), L_(" or "))
            if len(inside) == 1:
                what = LN_(
                    "{cards} can only be in {places}, which holds {n} card",
                    "{cards} can only be in {places}, which holds {n} cards",
                    room,
                    cards=card_names(forced),
                    places=places,
                )
            else:
                what = LN_(
                    "{cards} can only be in {places}, which hold {n} card",
                    "{cards} can only be in {places}, which hold {n} cards",
                    room,
                    cards=card_names(forced),
                    places=places,
                )
        return nothing_fits(seat, what, reasons)
    for unit in space.units:
        if not unit.options:
            card = unit.cards[0]
            facts = [f for f in compiler.apart_why if (f.cards >> card) & 1]
            where = [f for c in unit.cards for fs in compiler.why[c].values() for f in fs]
            what = L_("{cards} cannot be placed", cards=card_names(sum(1 << c for c in unit.cards)))
            return nothing_fits(seat, what, facts + where)
    return nothing_fits(seat, L_("the facts leave no way to place the unseen cards"), list(info.constraints))


def nothing_fits(seat, what, reasons: Sequence[Fact]):
    """``no deal fits what seat 1 knows: WHAT, because FACT; FACT; and 3 more``."""
    if not reasons:
        return L_("no deal fits what {seat} knows: {what}", seat=seat, what=what)
    shown: Union[Joined, Message] = Joined((Said(r) for r in reasons[:REASONS_SHOWN]), "; ")
    more = len(reasons) - REASONS_SHOWN
    if more > 0:
        shown = L_("{reasons}; and {more} more", reasons=shown, more=more)
    return L_("no deal fits what {seat} knows: {what}, because {reasons}", seat=seat, what=what, reasons=shown)
