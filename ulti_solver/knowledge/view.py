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
from typing import TYPE_CHECKING, Callable, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..bids import Bid
from ..cards import BB_ALL, Card, Hand, format_hand
from ..deal import Deal
from ..dealing import sample_rng
from ..i18n import L_, LP_, _
from ..play import DECLARER, PlayRules
from ..position import Position, replay
from ..variants import DEFAULT_RULES, Rules
from .checking import (
    check_cards,
    check_cards_are_theirs,
    check_game,
    check_hand,
    check_known_fact,
    check_known_plays,
)
from .errors import KnowledgeError, NoWorldError
from .facts import Fact, Lacks, card_names, seat_words
from .inference import revealed
from .marriages import Announcements, announced_in_deal, check_announcements, marriage_facts
from .placing import FactCompiler, no_world_message
from .table import Table, read_table
from .worlds import WorldSpace

if TYPE_CHECKING:
    from ..accepted import BidLike, CardsLike, DealLike, RulesLike, TrumpLike

#: The hole index of the talon; seats are holes 0-2.
TALON = 3


def hole_words(hole: int):
    return L_("the talon") if hole == TALON else seat_words(hole)


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
        held, gone = deal.hands, self.table.by_seat
        hands = (held[0] & ~gone[0], held[1] & ~gone[1], held[2] & ~gone[2])
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
        return Deal((hands[0], hands[1], hands[2]), talon)


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
    read = as_cards(played)
    deal = deal.require_talon()
    check_game(bid, trump, seat)
    play = PlayRules.for_game(bid, trump, rules=rules)
    cards = check_cards(read)
    replay(deal, play, cards)
    table = read_table(cards, play)
    talon = deal.talon if seat == DECLARER else None
    shown = deal.hands[DECLARER] if bid.open and seat != DECLARER and table.first_trick_done else None
    announced = announced_in_deal(deal, bid, trump, table.first_trick_done)
    return build_information_set(
        seat, bid, trump, rules=rules, table=table, hand=deal.hands[seat], talon=talon, shown=shown, announced=announced
    )


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
    check_game(bid, trump, seat)
    play = PlayRules.for_game(bid, trump, rules=rules)
    cards = check_cards(played)
    table = read_table(cards, play)
    check_hand(hand, LP_("in", "your hand"), 10)
    if seat == DECLARER:
        if talon is None:
            raise KnowledgeError(L_("the declarer knows the talon he laid: give its 2 cards"))
        check_hand(talon, LP_("in", "the talon"), 2)
        if hand & talon:
            raise KnowledgeError(
                L_("{cards} cannot be both in your hand and in the talon", cards=card_names(hand & talon))
            )
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
        check_hand(declarer_hand, LP_("in", "the declarer's open hand"), 10)
        if declarer_hand & hand:
            raise KnowledgeError(
                L_("{cards} cannot be both in your hand and the declarer's", cards=card_names(hand & declarer_hand))
            )
        shown = declarer_hand
    elif bid.open and seat != DECLARER and table.first_trick_done:
        raise KnowledgeError(
            L_("after the first trick of an open bid the declarer's hand is open: give his ten cards as dealt (R40)")
        )
    check_cards_are_theirs(table, seat, hand, talon, shown)
    announced = check_announcements(marriages, bid, trump)
    return build_information_set(
        seat, bid, trump, rules=rules, table=table, hand=hand, talon=talon, shown=shown, announced=announced
    )


def build_information_set(
    seat: int,
    bid: Bid,
    trump: Optional[int],
    *,
    rules: Rules,
    table: Table,
    hand: Hand,
    talon: Optional[Hand],
    shown: Optional[Hand],
    announced: Mapping[int, FrozenSet[int]],
    more_facts: Optional[Callable[[Tuple[int, ...], Hand], List[Fact]]] = None,
) -> InformationSet:
    """The information set of these cards seen and this play; ``more_facts(holes, unseen)`` adds
    what else the seat knows (a whole game's auction: :mod:`ulti_solver.bots.seat_worlds`).
    The talon is a hole whenever the seat does not know it (a defender; under rablo a declarer
    who bid over the talon as it lay)."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    known = {seat: hand}
    if shown is not None:
        known[DECLARER] = shown
    check_known_plays(table, play, known)
    played = sum(1 << card for card in table.cards)
    unseen = BB_ALL & ~(hand | (talon or 0) | (shown or 0) | played)
    holes = tuple(s for s in range(3) if s not in known) + ((TALON,) if talon is None else ())
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
    if more_facts is not None:
        facts += more_facts(holes, unseen)
    compiler = FactCompiler(table, unseen, holes, seen_where)
    kept = []
    for fact in facts:
        if fact.seat in known:
            if not isinstance(fact, Lacks):  # a known seat's plays were checked card by card
                check_known_fact(fact, known[fact.seat])
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
        raise NoWorldError(no_world_message(info, compiler))
    return info
