"""What one seat knows at one moment (R40, R41) and the worlds that fit it (R42).

:func:`information_set` reads a seat's knowledge off a game the program
knows in full (``ulti analyse --knowable``): the seat's own cards, the
play, the marriages as the deal makes the seats announce them, and an
open bid's hand; everything else is hidden.  :func:`information_set_from_hand`
takes the same knowledge as a player tells it (``ulti play``) and checks
it: his own cards must be his and legal, the others' cards unseen by him,
and what the play reveals about the others must not contradict their
later cards.

Either way the result is an :class:`InformationSet`: the facts in a
player's words (:meth:`~InformationSet.explain`) and the worlds (R42),
counted, enumerated and drawn uniformly (:mod:`.worlds`).  A set of facts
that no world fits is an error naming the facts that clash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..accepted import BidLike, CardsLike, DealLike, RulesLike, TrumpLike
from ..bids import Bid, bid_words
from ..cards import BB_ALL, HEARTS, SUITS, Card, Hand, card_name, cards_of, format_hand
from ..deal import Deal
from ..dealing import sample_rng
from ..i18n import L_, LN_, LP_, Joined, _
from ..play import DECLARER, PlayRules, legal_moves
from ..position import Position, broken_rule, replay
from ..variants import DEFAULT_RULES, Rules
from .errors import KnowledgeError, NoWorldError
from .facts import Fact, Holds, Lacks, NotBoth, seat_words, suit_words
from .inference import revealed
from .marriages import Announcements, announced_in_deal, check_announcements, marriage_facts
from .table import Table, read_table
from .worlds import WorldSpace

#: The hole index of the talon; seats are holes 0-2.
TALON = 3
#: The most reasons an error for an impossible set of facts lists.
REASONS_SHOWN = 6


#: The seats and the talon as a message says what is in them (Hungarian: a 2. védő kezében, a talonban).
_HOLES_IN = (LP_("in", "the declarer"), LP_("in", "seat 1"), LP_("in", "seat 2"), LP_("in", "the talon"))


def hole_words(hole: int):
    return L_("the talon") if hole == TALON else seat_words(hole)


def _names(mask: int) -> str:
    return " ".join(card_name(c) for c in cards_of(mask))


@dataclass(frozen=True, eq=False)
class InformationSet:
    """Seat ``seat``'s knowledge (R40, R41) and its worlds (R42).

    ``hand`` is the seat's ten cards as dealt; ``talon`` the talon when the
    seat knows it (the declarer); ``shown`` the declarer's ten cards as
    dealt when an open bid has shown them to a defender.  ``facts`` is what
    the seat knows of the hands it cannot see, ``constraints`` those of
    them that narrow the worlds.  ``holes`` are the seats whose hands it
    cannot see and, for a defender, :data:`TALON`; ``sizes`` their sizes now.
    """

    seat: int
    bid: Bid
    trump: Optional[int]
    rules: Rules
    table: Table
    hand: Hand
    talon: Optional[Hand]
    shown: Optional[Hand]
    announced: Announcements
    facts: Tuple[Fact, ...]
    constraints: Tuple[Fact, ...]
    holes: Tuple[int, ...]
    sizes: Tuple[int, ...]
    space: WorldSpace = field(repr=False)

    @property
    def played(self) -> Tuple[Card, ...]:
        return self.table.cards

    @property
    def play(self) -> PlayRules:
        return PlayRules.for_game(self.bid, self.trump, rules=self.rules)

    @property
    def to_move(self) -> int:
        return self.table.to_move

    @property
    def unseen(self) -> Hand:
        """The cards the seat cannot place: the holes' cards."""
        return sum(1 << card for card in self.space.allowed)

    def count(self) -> int:
        """The number of worlds (R42), exactly."""
        return self.space.count()

    def world_at(self, rank: int) -> Deal:
        """The world of ``rank``, 0 <= rank < :meth:`count`, in the order of :meth:`worlds`."""
        return self._deal(self.space.placement_at(rank))

    def world(self, seed: int, index: int) -> Deal:
        """World ``index`` of sample ``seed``: uniform among the worlds, and the same in every
        process, for it depends on (seed, index) alone (:func:`ulti_solver.dealing.sample_rng`)."""
        return self.world_at(sample_rng(seed, index).randrange(self.count()))

    def worlds(self) -> Iterator[Deal]:
        """Every world once (the caller bounds how many it can afford: see :meth:`count`)."""
        for filled in self.space.placements():
            yield self._deal(filled)

    def fits(self, deal: Deal) -> bool:
        """Whether ``deal`` is one of the worlds."""
        if deal.talon is None or deal.hands[self.seat] != self.hand:
            return False
        if self.talon is not None and deal.talon != self.talon:
            return False
        if self.shown is not None and deal.hands[DECLARER] != self.shown:
            return False
        played = self.table.by_seat
        if any(deal.hands[s] & played[s] != played[s] for s in range(3)):
            return False
        filled = [deal.talon if hole == TALON else deal.hands[hole] & ~played[hole] for hole in self.holes]
        return self.space.contains(filled)

    def position(self, deal: Deal) -> Position:
        """Where a world stands after the play: the same as ``replay(deal, play, played)``,
        without checking the cards again (every world has the play legal)."""
        hands = tuple(deal.hands[s] & ~self.table.by_seat[s] for s in range(3))
        return Position(hands, self.table.leader, self.table.so_far, self.table.trick)

    def explain(self) -> List[str]:
        """What the seat knows of the hands it cannot see, one line per fact that narrows the worlds."""
        lines = []
        if self.shown is not None:
            lines.append(_("the declarer's hand is open: {hand} (R40)").format(hand=format_hand(self.shown)))
        lines.extend(str(fact) for fact in self.constraints)
        return lines

    def _deal(self, filled: Tuple[int, ...]) -> Deal:
        hands = [0, 0, 0]
        talon = self.talon
        for hole, cards in zip(self.holes, filled):
            if hole == TALON:
                talon = cards
            else:
                hands[hole] = cards | self.table.by_seat[hole]
        hands[self.seat] = self.hand
        if self.shown is not None:
            hands[DECLARER] = self.shown
        return Deal(tuple(hands), talon)


def information_set(
    deal: DealLike, bid: BidLike, trump: TrumpLike, played: CardsLike, seat: int, *, rules: RulesLike = DEFAULT_RULES
) -> InformationSet:
    """What ``seat`` knows after ``played`` in a game whose every card is known (R40, R41).

    The seats' announcements are read off the deal (each seat's marriages
    once the first trick is complete in a bid that plays the party, the
    declarer's 40 or 20 in 40-100 and 20-100); the play is checked
    (R9-R12: :class:`~ulti_solver.position.PlayError` for an illegal card).
    Each argument may be text as the command line takes it (:mod:`ulti_solver.coerce`).
    """
    from ..coerce import as_cards, as_game

    deal, bid, trump, rules = as_game(deal, bid, trump, rules=rules)
    played = as_cards(played)
    deal = deal.require_talon()
    _check_game(bid, trump, seat)
    play = PlayRules.for_game(bid, trump, rules=rules)
    cards = _check_cards(played)
    replay(deal, play, cards)
    table = read_table(cards, play)
    talon = deal.talon if seat == DECLARER else None
    shown = deal.hands[DECLARER] if bid.open and seat != DECLARER and table.first_trick_done else None
    announced = announced_in_deal(deal, bid, trump, table.first_trick_done)
    return _build(seat, bid, trump, rules, table, deal.hands[seat], talon, shown, announced)


def information_set_from_hand(
    hand: Hand,
    seat: int,
    bid: Bid,
    trump: Optional[int],
    *,
    played: Sequence[Card] = (),
    rules: Rules = DEFAULT_RULES,
    talon: Optional[Hand] = None,
    marriages: Optional[Mapping[int, Optional[Iterable[int]]]] = None,
    declarer_hand: Optional[Hand] = None,
) -> InformationSet:
    """What a player at ``seat`` knows, as he tells it: his ten cards as dealt (``hand``; the
    declarer also the ``talon`` he laid), the cards played so far, the marriages announced
    (``{seat: suits}``; a seat left out, or None, is not constrained) and, for a defender in an
    open bid after the first trick, the declarer's ten cards as dealt (``declarer_hand``).

    Raises :class:`KnowledgeError` (or a subclass) with one line naming what cannot be.
    """
    _check_game(bid, trump, seat)
    play = PlayRules.for_game(bid, trump, rules=rules)
    cards = _check_cards(played)
    table = read_table(cards, play)
    _check_hand(hand, LP_("in", "your hand"), 10)
    if seat == DECLARER:
        if talon is None:
            raise KnowledgeError(L_("the declarer knows the talon he laid: give its 2 cards"))
        _check_hand(talon, LP_("in", "the talon"), 2)
        if hand & talon:
            raise KnowledgeError(L_("{cards} cannot be both in your hand and in the talon", cards=_names(hand & talon)))
    elif talon is not None:
        raise KnowledgeError(
            L_("{seat} does not see the talon; give it only for the declarer (seat 0)", seat=seat_words(seat))
        )
    shown = None
    if declarer_hand is not None:
        if not bid.open or seat == DECLARER or not table.first_trick_done:
            raise KnowledgeError(
                L_(
                    "the declarer's hand is shown only to a defender in an open bid, "
                    "once the first trick is complete (R40)"
                )
            )
        _check_hand(declarer_hand, LP_("in", "the declarer's open hand"), 10)
        if declarer_hand & hand:
            raise KnowledgeError(
                L_("{cards} cannot be both in your hand and the declarer's", cards=_names(hand & declarer_hand))
            )
        shown = declarer_hand
    elif bid.open and seat != DECLARER and table.first_trick_done:
        raise KnowledgeError(
            L_("after the first trick of an open bid the declarer's hand is open: give his ten cards as dealt (R40)")
        )
    _check_cards_are_theirs(table, seat, hand, talon, shown)
    announced = check_announcements(marriages, bid, trump)
    return _build(seat, bid, trump, rules, table, hand, talon, shown, announced)


def _check_game(bid: Bid, trump: Optional[int], seat: int) -> None:
    if seat not in (0, 1, 2):
        raise KnowledgeError(L_("a seat is 0 (the declarer), 1 or 2, not {seat!r}", seat=seat))
    if bid.has_trump and trump not in SUITS:
        raise KnowledgeError(
            L_("{bid} is played with a trump: name it (hearts, bells, leaves or acorns)", bid=bid_words(bid))
        )
    if not bid.has_trump and trump is not None:
        raise KnowledgeError(
            L_("{bid} is played without trump, not with {suit}", bid=bid_words(bid), suit=suit_words(trump))
        )
    if bid.red and bid.has_trump and trump != HEARTS:
        raise KnowledgeError(L_("a red bid plays hearts as trump (R28), not {suit}", suit=suit_words(trump)))


def _check_cards(played: Sequence[Card]) -> Tuple[Card, ...]:
    cards = tuple(played)
    seen: Dict[int, int] = {}
    for index, card in enumerate(cards):
        if not isinstance(card, int) or not 0 <= card < 32:
            raise KnowledgeError(L_("card {number} of the play is not a card: {card!r}", number=index + 1, card=card))
        if card in seen:
            raise KnowledgeError(
                L_(
                    "{card} is played twice: card {first} and card {second}",
                    card=card_name(card),
                    first=seen[card] + 1,
                    second=index + 1,
                )
            )
        seen[card] = index
    if len(cards) > 30:
        raise KnowledgeError(L_("{count} cards are played; a game has 30", count=len(cards)))
    return cards


def _check_hand(mask, name, size: int) -> None:
    """``name`` is where the cards are, as "in" a message says it: ``your hand``, ``the talon``."""
    if not isinstance(mask, int) or mask < 0 or mask & ~BB_ALL:
        raise KnowledgeError(L_("{place} is not a set of cards: {mask!r}", place=name, mask=mask))
    if mask.bit_count() != size:
        raise KnowledgeError(
            LN_(
                "{place} has {n} card; it needs {size} (R6)",
                "{place} has {n} cards; it needs {size} (R6)",
                mask.bit_count(),
                place=name,
                size=size,
            )
        )


def _where(table: Table, card: Card):
    index = table.cards.index(card)
    return L_(
        "card {number} ({card}, trick {trick})", number=index + 1, card=card_name(card), trick=table.tricks[index]
    )


def _check_cards_are_theirs(table: Table, seat: int, hand: Hand, talon, shown) -> None:
    """Each played card in its player's hand as far as the seat knows: its own cards from its
    hand, the others' from the cards it cannot see (or from the declarer's open hand)."""
    for card, player in zip(table.cards, table.players):
        where = _where(table, card)
        if player == seat and not (hand >> card) & 1:
            raise KnowledgeError(
                L_("{where} is yours ({seat}), but it is not in your hand", where=where, seat=seat_words(seat))
            )
        if player != seat and (hand >> card) & 1:
            raise KnowledgeError(
                L_("{where} is {seat}'s, but it is in your hand", where=where, seat=seat_words(player))
            )
        if talon is not None and (talon >> card) & 1:
            raise KnowledgeError(
                L_("{where} is {seat}'s, but you laid it in the talon", where=where, seat=seat_words(player))
            )
        if shown is not None and ((shown >> card) & 1) != (player == DECLARER):
            if (shown >> card) & 1:
                message = L_(
                    "{where} is {seat}'s, but it is in the declarer's open hand", where=where, seat=seat_words(player)
                )
            else:
                message = L_(
                    "{where} is {seat}'s, but it is not in the declarer's open hand",
                    where=where,
                    seat=seat_words(player),
                )
            raise KnowledgeError(message)


def _check_known_plays(table: Table, play: PlayRules, known: Mapping[int, Hand]) -> None:
    """R9-R12 for every card of a seat whose hand is known (the seat itself, an open declarer)."""
    gone = {s: 0 for s in known}
    for index, (card, player) in enumerate(zip(table.cards, table.players)):
        if player not in known:
            continue
        now = known[player] & ~gone[player]
        before = table.before[index]
        if not (legal_moves(now, before, play, player == DECLARER) >> card) & 1:
            hands = tuple(now if s == player else 0 for s in range(3))
            reason = broken_rule(Position(hands, table.leaders[index], trick=before), card, play)
            raise KnowledgeError(
                L_(
                    "{where}: {seat} may not play it: {rule}",
                    where=_where(table, card),
                    seat=seat_words(player),
                    rule=reason,
                )
            )
        gone[player] |= 1 << card


def _check_known_fact(fact: Fact, whose: Hand) -> None:
    """A marriage fact about a hand the seat sees must be true of it."""
    if isinstance(fact, Holds) and whose & fact.cards != fact.cards:
        raise KnowledgeError(
            L_("{fact}: but that hand lacks {cards}", fact=_Said(fact), cards=_names(fact.cards & ~whose))
        )
    if isinstance(fact, NotBoth) and whose & fact.cards == fact.cards:
        raise KnowledgeError(L_("{fact}: but that hand holds {cards}", fact=_Said(fact), cards=_names(fact.cards)))


class _Compiler:
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
                        fact=_Said(fact),
                        card=card_name(card),
                        trick=_trick(table, card),
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
                        fact=_Said(fact),
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
                raise KnowledgeError(L_("{fact}, but it played {cards}", fact=_Said(fact), cards=_names(mine)))
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


def _trick(table: Table, card: Card) -> int:
    return table.tricks[table.cards.index(card)]


def _build(
    seat: int,
    bid: Bid,
    trump: Optional[int],
    rules: Rules,
    table: Table,
    hand: Hand,
    talon: Optional[Hand],
    shown: Optional[Hand],
    announced: Mapping[int, FrozenSet[int]],
) -> InformationSet:
    play = PlayRules.for_game(bid, trump, rules=rules)
    known = {seat: hand}
    if shown is not None:
        known[DECLARER] = shown
    _check_known_plays(table, play, known)
    played = sum(1 << card for card in table.cards)
    unseen = BB_ALL & ~(hand | (talon or 0) | (shown or 0) | played)
    holes = tuple(s for s in range(3) if s not in known) + ((TALON,) if seat != DECLARER else ())
    sizes = tuple(2 if hole == TALON else 10 - table.count_by(hole) for hole in holes)

    def seen_where(card: Card):
        if (hand >> card) & 1:
            return L_("is in your hand")
        if (talon or 0) >> card & 1:
            return L_("is in the talon")
        if (shown or 0) >> card & 1:
            return L_("is in the declarer's open hand")
        index = table.cards.index(card)
        return L_(
            "was played by {seat} in trick {trick}", seat=seat_words(table.players[index]), trick=table.tricks[index]
        )

    facts = marriage_facts(announced, bid, trump) + revealed(table, play)
    compiler = _Compiler(table, unseen, holes, seen_where)
    kept = []
    for fact in facts:
        if fact.seat in known:
            if not isinstance(fact, Lacks):  # a known seat's plays were checked card by card
                _check_known_fact(fact, known[fact.seat])
            continue
        kept.append(fact)
        compiler.add(fact)
    space = WorldSpace(sizes, compiler.allowed, compiler.apart)
    info = InformationSet(
        seat,
        bid,
        trump,
        rules,
        table,
        hand,
        talon,
        shown,
        dict(announced),
        tuple(kept),
        tuple(compiler.used),
        holes,
        sizes,
        space,
    )
    if space.count() == 0:
        raise NoWorldError(_no_world(info, compiler))
    return info


class _Said:
    """A fact in a message, put into words when the message is printed."""

    __slots__ = ("fact",)

    def __init__(self, fact):
        self.fact = fact

    def __str__(self) -> str:
        return str(self.fact)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):
        return (_Said, (self.fact,))


def _no_world(info: InformationSet, compiler: _Compiler):
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
            what = LN_("{cards} has nowhere to go", "{cards} have nowhere to go", count, cards=_names(forced))
        elif len(inside) > 1 and len(outside) == 1:
            hole = outside[0]
            size = info.sizes[info.holes.index(hole)]
            can = len(space.allowed) - count
            what = LN_(
                "{hole} holds {n} card now, but only {can} unseen cards can be there",
                "{hole} holds {n} cards now, but only {can} unseen cards can be there",
                size,
                hole=_HOLES_IN[hole],
                can=can,
            )
        else:
            room = sum(info.sizes[info.holes.index(h)] for h in inside)
            places = Joined((_HOLES_IN[h] for h in inside), L_(" or "))
            if len(inside) == 1:
                what = LN_(
                    "{cards} can only be in {places}, which holds {n} card",
                    "{cards} can only be in {places}, which holds {n} cards",
                    room,
                    cards=_names(forced),
                    places=places,
                )
            else:
                what = LN_(
                    "{cards} can only be in {places}, which hold {n} card",
                    "{cards} can only be in {places}, which hold {n} cards",
                    room,
                    cards=_names(forced),
                    places=places,
                )
        return _nothing_fits(seat, what, reasons)
    for unit in space.units:
        if not unit.options:
            card = unit.cards[0]
            facts = [f for f in compiler.apart_why if (f.cards >> card) & 1]
            where = [f for c in unit.cards for fs in compiler.why[c].values() for f in fs]
            what = L_("{cards} cannot be placed", cards=_names(sum(1 << c for c in unit.cards)))
            return _nothing_fits(seat, what, facts + where)
    return _nothing_fits(seat, L_("the facts leave no way to place the unseen cards"), list(info.constraints))


def _nothing_fits(seat, what, reasons: Sequence[Fact]):
    """``no deal fits what seat 1 knows: WHAT, because FACT; FACT; and 3 more``."""
    if not reasons:
        return L_("no deal fits what {seat} knows: {what}", seat=seat, what=what)
    shown = Joined((_Said(r) for r in reasons[:REASONS_SHOWN]), "; ")
    more = len(reasons) - REASONS_SHOWN
    if more > 0:
        shown = L_("{reasons}; and {more} more", reasons=shown, more=more)
    return L_("no deal fits what {seat} knows: {what}, because {reasons}", seat=seat, what=what, reasons=shown)
