"""The referee's auction (R45-R47, R49): whose turn, what he may do, what each seat has seen, the end.

The auction is a state machine over table seats (R45): table seat 0 holds
twelve cards and must open, laying two face down and saying a bid; then
the turn goes round in play order (0, 1, 2, 0, ...).  On his turn a player
passes, or picks the talon up, lays two of his twelve and says a bid that
beats the standing one (R47, :mod:`ulti_solver.game.ranking`); under
``rablo`` he may also outbid the talon as it lies.  A pass is not final.
When the turn comes back to the standing bid's bidder (both others have
passed since), he may rob his own talon -- take it back, lay two, bid
higher -- or pass, which ends the auction (R46).  Every action is checked
as it is applied: an illegal one raises :class:`AuctionError` naming the
action, its index and the rule, and changes nothing.

What comes after attaches to :class:`AuctionEnd`, which fixes the
declarer (a table seat), the bid and the talon lying face down, and maps
table seats to R5's (declarer first): :meth:`AuctionEnd.deal` is the
10/10/10 + talon deal in R5 order that the play already takes
(:class:`ulti_solver.position.Position`, :mod:`ulti_solver.play`).  The
kontras in time (R48) are a second machine that starts from the end of
this one and the first trick's cards; the throw-in (R49) is offered here
(:attr:`AuctionEnd.throw_in`) and decided before any of that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple

from ..bids import PARTY, Bid, bid_words
from ..cards import Card, Hand, card_label, cards_of
from ..deal import Deal
from ..i18n import L_
from ..settlement import concede
from ..variants import DEFAULT_RULES, Rules
from .actions import BID, KINDS, PASS, PICK_UP, AuctionAction, AuctionError
from .ranking import RABLO_BOOK, bid_order

SEATS = 3


def next_seat(seat: int) -> int:
    """R45: the table seat that plays after ``seat``."""
    return (seat + 1) % SEATS


@dataclass(frozen=True)
class ThrowIn:
    """R49: table seat 0's first bid of the plain party stood; he may throw the deal in.

    ``pays``: what he pays each other seat if he does (a conceded party, R39), 0 when the
    deal is void instead (``rablo``: "új leosztás lesz")."""

    void: bool
    pays: int


@dataclass(frozen=True)
class AuctionEnd:
    """What the auction fixed (R46): the declarer as a table seat, the standing bid, the talon
    lying face down, each table seat's ten cards, and the throw-in option (R49)."""

    declarer: int
    bid: Bid
    talon: Hand
    hands: Tuple[Hand, Hand, Hand]
    throw_in: Optional[ThrowIn]

    @property
    def seats(self) -> Tuple[int, int, int]:
        """R45: the table seat of each R5 seat: R5 seat k is table seat (declarer + k) mod 3."""
        return self.declarer, (self.declarer + 1) % SEATS, (self.declarer + 2) % SEATS

    def r5_seat(self, table_seat: int) -> int:
        """R45: the R5 seat of a table seat (0 for the declarer)."""
        return (table_seat - self.declarer) % SEATS

    def deal(self) -> Deal:
        """The deal the play starts from: the hands in R5 order and the talon (R5, R6)."""
        declarer, second, third = self.seats
        return Deal((self.hands[declarer], self.hands[second], self.hands[third]), self.talon)


def _hand(cards: Sequence[Card]) -> Hand:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class Auction:
    """One auction, from the deal (table seats, R45: seat 0 holds twelve) to its end (R46).

    ``apply`` takes an :class:`AuctionAction` or raises :class:`AuctionError`;
    ``legal_actions`` lists every action ``apply`` accepts at this moment.
    """

    def __init__(self, deal: Deal, *, rules: Rules = DEFAULT_RULES):
        if not deal.before_discard:
            raise AuctionError(
                L_("an auction starts from a deal before the discard: table seat 0 holds 12 cards (R45)"),
                index=0,
                action=None,
                rule="R45",
            )
        self.rules = rules
        self.order = bid_order(rules=rules)
        self.hands: List[Hand] = list(deal.hands)
        self.talon: Optional[Hand] = None
        #: The seat that laid the talon lying now: the only one who knows it (R46).
        self.talon_layer: Optional[int] = None
        self._seen: List[Hand] = list(deal.hands)
        self.standing: Optional[Tuple[int, Bid]] = None
        self.turn = 0
        self.actions: List[AuctionAction] = []
        self.over = False

    def copy(self) -> Auction:
        other = Auction.__new__(Auction)
        other.__dict__.update(self.__dict__)
        other.hands, other._seen, other.actions = list(self.hands), list(self._seen), list(self.actions)
        return other

    # -- what each seat knows ------------------------------------------------------------------

    def seen(self, seat: int) -> Hand:
        """Every card ``seat`` has held: his dealt cards and each talon he picked up (R46)."""
        return self._seen[seat]

    def knows_talon(self, seat: int) -> bool:
        """Whether ``seat`` knows the cards lying face down: only the one who laid them (R46)."""
        return self.talon_layer == seat

    # -- what may be done -----------------------------------------------------------------------

    @property
    def standing_bid(self) -> Optional[Bid]:
        return None if self.standing is None else self.standing[1]

    def legal_kinds(self) -> Tuple[str, ...]:
        """The kinds of action the seat on turn may take (R46)."""
        if self.over:
            return ()
        if self.standing is None:
            return (BID,)  # table seat 0 must open
        if not self.order.bids_over(self.standing[1]):
            return (PASS,)
        if self.rules.book == RABLO_BOOK:
            return (PASS, PICK_UP, BID)
        return (PASS, PICK_UP)

    def legal_bids(self) -> Tuple[Bid, ...]:
        """The bids the seat on turn may say (R47): any the rulebook knows to open, else those
        that beat the standing bid; lowest first."""
        if self.over:
            return ()
        if self.standing is None:
            return self.order.bids
        return self.order.bids_over(self.standing[1])

    def discard_pool(self, kind: str) -> Hand:
        """The cards the seat on turn lays two of for ``kind``: his twelve (R46)."""
        hand = self.hands[self.turn]
        return hand | self.talon if kind == PICK_UP and self.talon is not None else hand

    def legal_actions(self) -> Iterator[AuctionAction]:
        """Every action :meth:`apply` accepts now, passes first; a pick-up for every
        discard and bid (some thousands), so it is a generator."""
        seat, bids = self.turn, self.legal_bids()
        for kind in self.legal_kinds():
            if kind == PASS:
                yield AuctionAction(seat, PASS)
            elif kind == BID and self.standing is not None:
                yield from (AuctionAction(seat, BID, bid) for bid in bids)
            else:
                cards = list(cards_of(self.discard_pool(kind)))
                for i, first in enumerate(cards):
                    for second in cards[i + 1 :]:
                        yield from (AuctionAction(seat, kind, bid, (first, second)) for bid in bids)

    # -- doing it ---------------------------------------------------------------------------

    def _breach(self, action, why, rule: str) -> AuctionError:
        said = action.said() if isinstance(action, AuctionAction) else repr(action)
        return AuctionError(
            L_(
                "auction action {index} ({action}): {why} ({rule})",
                index=len(self.actions),
                action=said,
                why=why,
                rule=rule,
            ),
            index=len(self.actions),
            action=action if isinstance(action, AuctionAction) else None,
            rule=rule,
        )

    def check(self, action: AuctionAction) -> None:
        """Raise :class:`AuctionError` unless R45-R47 allow ``action`` now."""
        if not isinstance(action, AuctionAction):
            raise self._breach(action, L_("not an auction action"), "R46")
        if self.over:
            raise self._breach(action, L_("the auction is over: the standing bidder passed"), "R46")
        if action.seat != self.turn:
            raise self._breach(action, L_("it is table seat {seat}'s turn", seat=self.turn), "R46")
        if action.kind not in self.legal_kinds():
            raise self._breach(action, self._why_not(action.kind), "R46")
        if action.kind == PASS:
            if action.bid is not None or action.discard is not None:
                raise self._breach(action, L_("a pass says no bid and lays no cards"), "R46")
            return
        if not isinstance(action.bid, Bid):
            raise self._breach(action, L_("a bid is said with it"), "R46")
        self._check_discard(action)
        if not self.order.may_say(action.bid):
            raise self._breach(
                action,
                L_("{bid} is not in the {book} bid table", bid=bid_words(action.bid), book=self.rules.book),
                "R47",
            )
        if self.standing is not None and not self.order.beats(action.bid, self.standing[1]):
            raise self._breach(
                action,
                L_(
                    "{bid} does not beat the standing {standing}",
                    bid=bid_words(action.bid),
                    standing=bid_words(self.standing[1]),
                ),
                "R47",
            )

    def _why_not(self, kind: str):
        if kind not in KINDS:
            return L_("the action is one of {kinds}", kinds=", ".join(KINDS))
        if self.standing is None:
            return L_("table seat 0 opens the auction with a bid, laying two of his 12 cards")
        if kind in (PICK_UP, BID) and not self.order.bids_over(self.standing[1]):
            return L_("no bid beats the standing {standing}", standing=bid_words(self.standing[1]))
        return L_("only under rablo is a bid said without picking up the talon")

    def _check_discard(self, action: AuctionAction) -> None:
        laying = action.kind == PICK_UP or self.standing is None
        if not laying:
            if action.discard is not None:
                raise self._breach(
                    action, L_("a bid without the talon lays no cards: the talon stays as it lies"), "R46"
                )
            return
        pool = self.discard_pool(action.kind)
        discard = action.discard
        if discard is None or len(discard) != 2 or discard[0] == discard[1]:
            raise self._breach(action, L_("two different cards are laid face down"), "R46")
        for card in discard:
            if not isinstance(card, int) or not 0 <= card < 32 or not (pool >> card) & 1:
                shown = card_label(card) if isinstance(card, int) and 0 <= card < 32 else repr(card)
                raise self._breach(action, L_("{card} is not among the 12 cards he holds", card=shown), "R46")

    def apply(self, action: AuctionAction) -> None:
        """Play ``action`` (R46), or raise :class:`AuctionError` and change nothing."""
        self.check(action)
        seat = action.seat
        if action.kind == PASS:
            if self.standing is not None and self.standing[0] == seat:
                self.over = True  # the standing bidder's own pass ends it
        else:
            assert action.bid is not None  # check(): every action but a pass says a bid
            if action.kind == PICK_UP:
                assert self.talon is not None  # a bid stands, so its bidder laid the talon (R46)
                self.hands[seat] |= self.talon
                self._seen[seat] |= self.talon
            if action.discard is not None:
                laid = _hand(action.discard)
                self.hands[seat] &= ~laid
                self.talon, self.talon_layer = laid, seat
            self.standing = (seat, action.bid)
        self.actions.append(action)
        if not self.over:
            self.turn = next_seat(seat)

    # -- the end --------------------------------------------------------------------------------

    def end(self) -> AuctionEnd:
        """What the auction fixed (R46, R49); an error while it goes on."""
        if not self.over:
            raise AuctionError(
                L_("the auction is not over: it is table seat {seat}'s turn (R46)", seat=self.turn),
                index=len(self.actions),
                action=None,
                rule="R46",
            )
        # Over: the standing bidder passed, and he laid the talon with his bid (R46).
        assert self.standing is not None and self.talon is not None
        declarer, bid = self.standing
        hands = (self.hands[0], self.hands[1], self.hands[2])
        return AuctionEnd(declarer, bid, self.talon, hands, self._throw_in())

    def _throw_in(self) -> Optional[ThrowIn]:
        """R49: the first action's plain party standing lets table seat 0 throw the deal in."""
        first, bids = self.actions[0], [action for action in self.actions if action.kind != PASS]
        assert first.bid is not None  # table seat 0 opens with a bid (R46)
        if len(bids) > 1 or first.bid.components != {PARTY} or first.bid.red:
            return None
        if self.rules.book == RABLO_BOOK:
            return ThrowIn(void=True, pays=0)
        # A conceded party (R39), priced by red's doubling even under suit-values: no trump is named.
        return ThrowIn(void=False, pays=-concede(first.bid, None, self.rules.value_table).by_defender[0])
