"""The referee of a whole game (R45-R50): the one place that knows, at every moment, whose turn
it is, what he may do, what each seat knows, and at the end what each table seat is paid.

A :class:`Game` goes through its phases in order:

* ``auction``: :class:`~ulti_solver.game.auction.Auction` (R45-R47);
* ``throw-in``: table seat 0 decides whether to throw his standing plain
  party in (R49), only when the auction offers it;
* ``trump``: the declarer names the trump of a non-red trump bid (R29, R46);
  a red bid plays hearts and a bid without trump none, with no question asked;
* ``play``: the cards (R8-R13) from the declarer's lead, with the kontras of
  R48 said at their moments (:mod:`.kontras`) and the declarer free to
  concede at any moment (R39);
* ``over``: ten tricks played, conceded, or thrown in; :meth:`Game.result`
  is the payment per table seat (R50).

Seats are table seats (R45) throughout; the play itself runs on R5 seats
(declarer first), which :attr:`Game.end` maps.  Every action is checked as
it is applied; what is refused raises :class:`~.breach.GameRuleError` and
changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterator, List, Optional, Tuple, Union

from ..bids import NON_RED_TRUMPS, Bid, bid_words
from ..cards import HEARTS, SUIT_NAMES, Card, Hand, Suit, card_label, cards_of
from ..coerce import as_deal, as_rules
from ..deal import Deal
from ..errors import excerpt
from ..i18n import L_
from ..kontra import Kontra
from ..play import PlayRules
from ..position import PlayError, Position, replay, start_of_play
from ..scoring import Scoring
from ..settlement import Settlement, concede, game_settlement
from ..variants import DEFAULT_RULES, SUIT_VALUES, Rules
from .actions import AuctionAction
from .auction import Auction, AuctionEnd
from .breach import GameRuleError
from .kontras import KontraCall, KontraCalls
from .moves import Concession, ThrowInChoice, TrumpChoice
from .play_rule import play_rule
from .view import SeatView, seat_view

if TYPE_CHECKING:
    from ..accepted import DealLike, RulesLike

#: Anything :meth:`Game.push` takes.
Move = Union[AuctionAction, ThrowInChoice, TrumpChoice, KontraCall, Concession, Card]

AUCTION, THROW_IN, TRUMP, PLAY, OVER = "auction", "throw-in", "trump", "play", "over"
CARDS_IN_GAME = 30


@dataclass(frozen=True)
class GameResult:
    """R50: what each table seat won (negative: paid), adding up to zero, and the settlement
    behind it (None for a void deal: rablo's thrown-in party, "új leosztás lesz")."""

    by_seat: Tuple[int, int, int]
    settlement: Optional[Settlement]
    thrown_in: bool = False

    @property
    def void(self) -> bool:
        return self.settlement is None

    def as_json(self) -> dict:
        """The record's ``result`` (INTERFACE.md): ``by_seat`` and the settlement's fields."""
        data: dict = {"by_seat": list(self.by_seat)}
        if self.thrown_in:
            data["throw_in"] = True
        if self.settlement is None:
            data["void"] = True
            return data
        data.update(self.settlement.as_json())
        return data


def uncoloured(*, rules: Rules) -> Rules:
    """The rules that price a trump bid whose trump was never named (thrown in, conceded or
    forfeited before naming it): suit-values prices by the trump, so without it red's doubling
    does, as the auction offered the throw-in (:class:`~.auction.ThrowIn`)."""
    return replace(rules, switches=tuple(s for s in rules.switches if s != SUIT_VALUES))


def result_by_seat(settlement: Settlement, declarer: int) -> Tuple[int, int, int]:
    """R50: the declarer receives S_1 + S_2 and the defender who is R5 seat k pays S_k."""
    seats = [0, 0, 0]
    seats[declarer] = settlement.declarer_total
    for k, paid in enumerate(settlement.by_defender, start=1):
        seats[(declarer + k) % 3] = -paid
    return (seats[0], seats[1], seats[2])


class Game:
    """One whole game, from the deal of 12/10/10 in table seats (R45) to its result (R50)."""

    def __init__(self, deal: DealLike, *, rules: RulesLike = DEFAULT_RULES):
        deal, rules = as_deal(deal), as_rules(rules)
        self.rules = rules
        self.dealt = deal
        self.auction = Auction(deal, rules=rules)
        self.end: Optional[AuctionEnd] = None
        self.thrown_in: Optional[bool] = None
        self.trump: Optional[Suit] = None
        self.trump_named = False
        self.kontras: Optional[KontraCalls] = None
        self.cards: List[Card] = []
        #: The R5 seat that played each card (R8, R13: the winner of a trick leads the next).
        self.played_by: List[int] = []
        self.position: Optional[Position] = None
        self._deal: Optional[Deal] = None
        self.conceded_at: Optional[int] = None

    # -- where the game stands -----------------------------------------------------------------

    @property
    def phase(self) -> str:
        if not self.auction.over:
            return AUCTION
        if self.end is not None and self.end.throw_in is not None and self.thrown_in is None:
            return THROW_IN
        if self.thrown_in or self.conceded_at is not None:
            return OVER
        if not self.trump_named:
            return TRUMP
        assert self.position is not None
        return OVER if self.position.finished else PLAY

    @property
    def declarer(self) -> Optional[int]:
        return None if self.end is None else self.end.declarer

    @property
    def bid(self) -> Optional[Bid]:
        return None if self.end is None else self.end.bid

    @property
    def turn(self) -> Optional[int]:
        """The table seat to act: to bid, to decide the throw-in, to name the trump, or to play
        (who may also say his kontras first, R48); None once the game is over."""
        phase = self.phase
        if phase == AUCTION:
            return self.auction.turn
        if phase in (THROW_IN, TRUMP):
            return self.declarer
        if phase == PLAY:
            assert self.position is not None and self.declarer is not None
            return (self.declarer + self.position.to_move) % 3
        return None

    @property
    def play_rules(self) -> PlayRules:
        assert self.bid is not None
        return PlayRules.for_game(self.bid, self.trump, rules=self.rules)

    def deal(self) -> Deal:
        """The deal the play starts from, in R5 seats with the talon lying (R45, R46); fixed once
        the auction ends, so it is made once."""
        assert self.end is not None
        if self._deal is None:
            self._deal = self.end.deal()
        return self._deal

    def movers(self) -> List[int]:
        """The R5 seat that played each card so far, in order (R8, R13: the winner leads)."""
        return list(self.played_by)

    def view(self, seat: int) -> SeatView:
        """What table seat ``seat`` knows now (R40, R46): :mod:`.view`."""
        return seat_view(self, seat)

    def kontra(self) -> Kontra:
        """The levels said so far, as R38 prices them."""
        return self.kontras.levels() if self.kontras is not None else Kontra()

    # -- what may be done -----------------------------------------------------------------------

    def trump_choices(self) -> Tuple[Optional[Suit], ...]:
        """R29: the suits the declarer may name (none to name for a red bid or one without trump)."""
        bid = self.bid
        assert bid is not None
        if not bid.has_trump:
            return (None,)
        return (HEARTS,) if bid.red else tuple(NON_RED_TRUMPS)

    def legal_cards(self) -> Hand:
        """The cards the seat to move may play (R9-R12), as a mask."""
        assert self.position is not None
        return self.position.legal(self.play_rules)

    def legal_kontras(self) -> List[KontraCall]:
        """The kontras the seat on turn may say now, before his card (R48)."""
        if self.phase != PLAY or self.kontras is None:
            return []
        before, seat = len(self.cards), self.turn
        assert seat is not None
        calls = list(self.kontras.legal_calls(seat, before))
        if before == 3:  # the raises before the second trick: every seat in play order from the declarer
            for r5 in (0, 1, 2):
                other = (self.kontras.declarer + r5) % 3
                if other != seat:
                    calls += self.kontras.legal_calls(other, before)
        return calls

    def legal_moves(self) -> Iterator[Move]:
        """Every move :meth:`push` accepts now from the seat on turn (R45-R49): auction actions
        (a generator: a pick-up comes with every discard and bid), the throw-in choice, the
        trumps, then in play the kontras of the moment, the cards, and the declarer's concession."""
        phase = self.phase
        if phase == AUCTION:
            yield from self.auction.legal_actions()
        elif phase == THROW_IN:
            yield from (ThrowInChoice(True), ThrowInChoice(False))
        elif phase == TRUMP:
            yield from (TrumpChoice(suit) for suit in self.trump_choices())
        elif phase == PLAY:
            yield from self.legal_kontras()
            yield from cards_of(self.legal_cards())
            if self.turn == self.declarer:
                yield Concession()

    def push(self, move: Move) -> None:
        """Make ``move`` (any of :mod:`.moves`, an auction action, a kontra or a card), or raise
        :class:`~.breach.GameRuleError` and change nothing."""
        if isinstance(move, AuctionAction):
            self.bid_action(move)
        elif isinstance(move, ThrowInChoice):
            self.throw_in(move.thrown)
        elif isinstance(move, TrumpChoice):
            self.name_trump(move.suit)
        elif isinstance(move, KontraCall):
            self.say(move)
        elif isinstance(move, Concession):
            self.concede()
        elif isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 32:
            self.play(move)
        else:
            raise GameRuleError(
                L_("{move} is no move of a game", move=excerpt(move)), part="record", index=None, rule="R45"
            )

    # -- doing it -------------------------------------------------------------------------------

    def bid_action(self, action: AuctionAction) -> None:
        """An auction action (R46); the last pass ends the auction and fixes the declarer."""
        self.auction.apply(action)
        if self.auction.over:
            self.end = self.auction.end()
            self.kontras = KontraCalls(self.end.bid, self.end.declarer, rules=self.rules)
            if self.end.throw_in is None:
                self._after_throw_in()

    def throw_in(self, thrown: bool) -> None:
        """R49: table seat 0 throws his plain party in (True) or plays it (False)."""
        if self.phase != THROW_IN:
            raise self._breach(
                THROW_IN, 0, L_("only table seat 0's first plain party standing may be thrown in"), "R49"
            )
        self.thrown_in = thrown
        if not thrown:
            self._after_throw_in()

    def _after_throw_in(self) -> None:
        if self.thrown_in is None:
            self.thrown_in = False
        choices = self.trump_choices()
        if len(choices) == 1:
            self.name_trump(choices[0])

    def name_trump(self, trump: Optional[Suit]) -> None:
        """R29, R46: the declarer names the trump before his first lead."""
        if self.phase != TRUMP:
            raise self._breach(TRUMP, 0, L_("the trump is named once, by the declarer, after the auction"), "R46")
        choices = self.trump_choices()
        if trump not in choices:
            bid = self.bid
            assert bid is not None
            if not bid.has_trump:
                why = L_("{bid} is played without trump", bid=bid_words(bid))
            elif bid.red:
                why = L_("a red bid plays hearts as trump")
            elif trump is None:
                why = L_("the declarer names the trump of {bid}: bells, leaves or acorns", bid=bid_words(bid))
            else:
                why = L_("{trump} is named only by a red bid: bells, leaves or acorns", trump=SUIT_NAMES[trump])
            raise self._breach(TRUMP, 0, why, "R29")
        self.trump, self.trump_named = trump, True
        self.position = start_of_play(self.deal())

    def say(self, call: KontraCall) -> None:
        """A kontra (R48), said before the card of the seat whose moment it is."""
        if self.phase != PLAY or self.kontras is None:
            index = len(self.kontras.calls) if self.kontras is not None else 0
            raise self._breach(
                "kontra", index, L_("kontras are said during the first two tricks of a game played"), "R48"
            )
        if call.before != len(self.cards):
            self.kontras.check(call)  # out of order or out of its moment: R48 says which
            raise self._breach(
                "kontra",
                len(self.kontras.calls),
                L_("it says {before} cards were played, but {n} were", before=call.before, n=len(self.cards)),
                "R48",
            )
        self.kontras.say(call)

    def play(self, card: Card) -> None:
        """The seat to move plays ``card`` (R8-R12)."""
        index = len(self.cards) + 1
        if self.phase != PLAY:
            raise self._breach(
                "play",
                index,
                L_("card {number} ({card}): no card is played now", number=index, card=card_label(card)),
                "R8",
            )
        position, play = self.position, self.play_rules
        assert position is not None
        if not 0 <= card < 32 or not (position.legal(play) >> card) & 1:
            raise self._refused_card(card, index)
        self.played_by.append(position.to_move)
        self.position = position.after(card, play)
        self.cards.append(card)

    def _refused_card(self, card: Card, index: int) -> GameRuleError:
        """Why R6-R12 refuse ``card``: replayed from the lead, so that the message numbers the
        card as the game does (only a refused card pays for the replay)."""
        assert self.position is not None
        try:
            replay(self.deal(), self.play_rules, self.cards + [card])
        except PlayError as exc:
            message = L_(
                "{problem} (seats counted from the declarer, table seat {seat}: R45)",
                problem=exc.args[0],
                seat=self.declarer,
            )
            return GameRuleError(
                message, part="play", index=index, rule=play_rule(self.position, card, self.play_rules)
            )
        raise AssertionError(f"replay took {card_label(card)}, which the position refused")

    def concede(self) -> None:
        """R39: the declarer gives the game up, at any moment of the play."""
        if self.phase not in (PLAY, TRUMP):
            raise self._breach("concede", len(self.cards), L_("the declarer concedes a game being played"), "R39")
        if self.phase == TRUMP:
            self.trump_named = True  # a concession before naming the trump: the bid's own colour prices it
        self.conceded_at = len(self.cards)

    def _breach(self, part: str, index: int, why, rule: str) -> GameRuleError:
        return GameRuleError(
            L_("{part} {index}: {why} ({rule})", part=part, index=index, why=why, rule=rule),
            part=part,
            index=index,
            rule=rule,
        )

    # -- the end --------------------------------------------------------------------------------

    def result(self) -> GameResult:
        """R50: each table seat's result, once the game is over."""
        if self.phase != OVER:
            raise GameRuleError(
                L_("the game is not over: {phase}", phase=self.phase), part="record", index=None, rule="R8"
            )
        end = self.end
        assert end is not None
        if self.thrown_in:
            assert end.throw_in is not None
            if end.throw_in.void:
                return GameResult((0, 0, 0), None, thrown_in=True)
            settlement = concede(end.bid, None, rules=uncoloured(rules=self.rules))
            return GameResult(result_by_seat(settlement, end.declarer), settlement, thrown_in=True)
        if self.conceded_at is not None:
            rules = self.rules if self.trump is not None or not end.bid.has_trump else uncoloured(rules=self.rules)
            settlement = concede(end.bid, self.trump, kontra=self.kontra(), rules=rules)
        else:
            assert self.position is not None
            scoring = Scoring(self.deal(), end.bid, self.trump, rules=self.rules, kontra=self.kontra())
            settlement = game_settlement(scoring, self.position.so_far)
        return GameResult(result_by_seat(settlement, end.declarer), settlement)
