"""The table: three players driven through the referee, one question at a time, to a finished game.

:func:`play_game` deals nothing: it takes the deal (R45) and a bot per
table seat, asks each in turn what :mod:`.base` describes, checks every
answer against the legal ones and pushes the move into the
:class:`~ulti_solver.game.referee.Game`.  The kontra moments of R48 are
asked in their order: each defender on his turn in the first trick,
before his card; at the start of the second trick the declarer, then
each defender, then the declarer again while a raise is left.

A player that raises, answers after ``time_limit`` seconds or answers
something not among the legal answers **forfeits** the game: the
declarer concedes it (R39); anyone else, or anyone during the auction,
pays each other seat what conceding the standing bid would cost its
declarer (the plain party's 2 when none stands; kontras said count),
which the others receive.  The match reports forfeits apart.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, replace
from typing import Any, List, Optional, Sequence, Tuple

from ..bids import PARTY, Bid
from ..cards import cards_of
from ..deal import Deal
from ..game.actions import BID, PASS, PICK_UP, AuctionAction
from ..game.breach import GameRuleError
from ..game.referee import AUCTION, PLAY, THROW_IN, TRUMP, Game
from ..game.view import SeatView
from ..settlement import concede
from ..variants import DEFAULT_RULES, SUIT_VALUES, Rules
from .base import Bot, Request

PICK_UP_WORD, PASS_WORD = "pick-up", "pass"


@dataclass(frozen=True)
class Forfeit:
    """A player that broke the protocol: his table seat, the question, and why."""

    seat: int
    ask: str
    why: str


@dataclass
class PlayedGame:
    """A game the table finished: the referee's game, the result by table seat (R50), and the
    forfeit that ended it early, if one did."""

    game: Game
    by_seat: Tuple[int, int, int]
    forfeit: Optional[Forfeit] = None


class _Forfeited(Exception):
    def __init__(self, forfeit: Forfeit):
        super().__init__(forfeit.why)
        self.forfeit = forfeit


class Table:
    """One game at the table: the referee, the three bots, the questions."""

    def __init__(self, game: Game, bots: Sequence[Bot], time_limit: Optional[float]):
        self.game, self.bots, self.time_limit = game, bots, time_limit

    # -- asking ---------------------------------------------------------------------------------

    def ask(self, seat: int, ask: str, legal: Sequence[Any], *, view: Optional[SeatView] = None, standing=None):
        """The answer of table seat ``seat``, checked; a forfeit when it is not legal or late."""
        bot = self.bots[seat]
        legal = tuple(legal)
        request = Request(
            ask,
            seat,
            view if view is not None else self.game.view(seat),
            legal,
            self.game.rules,
            standing,
            self.game if getattr(bot, "sees_all", False) else None,
        )
        started = time.monotonic()
        try:
            answer = bot.answer(request)
        except Exception as exc:  # a bot's failure ends its game, never the match
            raise _Forfeited(Forfeit(seat, ask, f"it failed: {type(exc).__name__}: {exc}")) from None
        if self.time_limit is not None and time.monotonic() - started > self.time_limit:
            raise _Forfeited(Forfeit(seat, ask, f"it answered after the {self.time_limit:g} s allowed"))
        if ask == "kontra":
            if not isinstance(answer, (tuple, list)) or any(call not in legal for call in answer):
                raise _Forfeited(Forfeit(seat, ask, f"{answer!r} is not a list of legal kontras"))
            return tuple(answer)
        if answer not in legal:
            raise _Forfeited(Forfeit(seat, ask, f"{answer!r} is not among the legal answers"))
        return answer

    # -- the phases -----------------------------------------------------------------------------

    def auction_turn(self) -> None:
        """One auction turn (R46): pass, pick up (see the talon, lay two, bid), or under rablo bid."""
        game, auction = self.game, self.game.auction
        seat = auction.turn
        standing = auction.standing_bid
        if standing is None:  # table seat 0's opening: lay two of twelve, then bid
            discard = self.ask(seat, "discard", _pairs(auction.hands[seat]))
            bid = self.ask(seat, "bid", auction.legal_bids(), standing=None)
            game.push(AuctionAction(seat, BID, bid, discard))
            return
        kinds = auction.legal_kinds()
        options: List[Any] = [PASS_WORD]
        if PICK_UP in kinds:
            options.append(PICK_UP_WORD)
        if BID in kinds:
            options += auction.legal_bids()
        choice = self.ask(seat, "bid", options, standing=standing)
        if choice == PASS_WORD:
            game.push(AuctionAction(seat, PASS))
        elif isinstance(choice, Bid):
            game.push(AuctionAction(seat, BID, choice))
        else:  # picked up: he now sees the talon among his twelve (R46)
            talon = auction.talon or 0
            seen = game.view(seat)
            view = replace(seen, hand=seen.hand | talon, seen=seen.seen | talon, talon=None)
            discard = self.ask(seat, "discard", _pairs(view.hand), view=view)
            bid = self.ask(seat, "bid", auction.legal_bids(), view=view, standing=standing)
            game.push(AuctionAction(seat, PICK_UP, bid, discard))

    def before_play(self) -> None:
        """The throw-in (R49), the trump (R29) and the declarer's choice to give up before his lead (R39)."""
        game = self.game
        if game.phase == THROW_IN:
            game.throw_in(bool(self.ask(0, "concede", (True, False))))
            if game.thrown_in:
                return
        if game.phase == TRUMP:
            assert game.declarer is not None
            game.name_trump(self.ask(game.declarer, "trump", game.trump_choices()))
        if game.phase == PLAY and self.ask(_declarer(game), "concede", (False, True)):
            game.concede()

    def kontra_moment(self, raised: List[bool]) -> None:
        """R48: the kontras of this moment, asked in order, before the card of the seat to move."""
        game = self.game
        kontras = game.kontras
        before, seat = len(game.cards), game.turn
        assert kontras is not None and seat is not None
        if before in (1, 2):
            self._ask_kontras(seat, before)
        elif before == 3 and not raised[0]:
            raised[0] = True
            for _round in range(2):  # rekontras and szubkontras, then hirschkontras (R36, R48)
                said = False
                for r5 in (0, 1, 2):
                    said |= self._ask_kontras((kontras.declarer + r5) % 3, before)
                if not said:
                    break

    def _ask_kontras(self, seat: int, before: int) -> bool:
        kontras = self.game.kontras
        assert kontras is not None
        legal = list(kontras.legal_calls(seat, before))
        if not legal:
            return False
        said = self.ask(seat, "kontra", legal)
        for call in said:
            self.game.push(call)
        return bool(said)

    def play(self) -> None:
        game, raised = self.game, [False]
        while game.phase == AUCTION:
            self.auction_turn()
        self.before_play()
        while game.phase == PLAY:
            if len(game.cards) in (1, 2, 3):
                self.kontra_moment(raised)
            seat = game.turn
            assert seat is not None
            game.push(self.ask(seat, "card", list(cards_of(game.legal_cards()))))


def play_game(
    deal: Deal,
    bots: Sequence[Bot],
    *,
    rules: Rules = DEFAULT_RULES,
    seed: int = 0,
    time_limit: Optional[float] = None,
) -> PlayedGame:
    """One whole game of ``deal`` (R45) by ``bots`` (one per table seat), to its result (R50)."""
    game = Game(deal, rules=rules)
    for seat, bot in enumerate(bots):
        bot.new_game(seat, seed * 3 + seat)
    table = Table(game, bots, time_limit)
    try:
        table.play()
    except _Forfeited as stop:
        return _forfeited(game, stop.forfeit)
    except GameRuleError as exc:  # a legal answer the referee refused: a bug of ours, said plainly
        raise AssertionError(f"the table pushed a move the referee refused: {exc}") from exc
    return PlayedGame(game, game.result().by_seat)


def _forfeited(game: Game, forfeit: Forfeit) -> PlayedGame:
    """The declarer's forfeit is his concession (R39); anyone else's costs him what conceding
    the standing bid would cost its declarer, paid to each other seat."""
    if game.phase == PLAY and forfeit.seat == game.declarer:
        game.concede()
        return PlayedGame(game, game.result().by_seat, forfeit)
    bid = game.bid or game.auction.standing_bid or Bid(frozenset({PARTY}))
    rules = game.rules if game.trump is not None else _uncoloured(rules=game.rules)
    kontra = game.kontra() if game.bid is not None else None
    pays = -min(concede(bid, game.trump, kontra=kontra, rules=rules).by_defender)
    by_seat = [pays, pays, pays]
    by_seat[forfeit.seat] = -2 * pays
    return PlayedGame(game, (by_seat[0], by_seat[1], by_seat[2]), forfeit)


def _uncoloured(*, rules: Rules) -> Rules:
    """Without a trump named, suit-values has no colour: red's doubling prices (as R49's throw-in)."""
    return replace(rules, switches=tuple(s for s in rules.switches if s != SUIT_VALUES))


def _declarer(game: Game) -> int:
    assert game.declarer is not None
    return game.declarer


def _pairs(hand: int) -> List[Tuple[int, int]]:
    """Every two cards of a hand, as a discard (R46), lowest first."""
    return list(itertools.combinations(sorted(cards_of(hand)), 2))
