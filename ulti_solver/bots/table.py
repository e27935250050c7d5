"""The table: three players driven through the referee, one question at a time, to a finished game.

:func:`play_game` deals nothing: it takes the deal (R45) and a bot per
table seat, asks each in turn what :mod:`.base` describes, checks every
answer against the legal ones and pushes the move into the
:class:`~ulti_solver.game.referee.Game`.  The kontra moments of R48 are
asked in their order: each defender on his turn in the first trick,
before his card; at the start of the second trick the declarer, then
each defender, then the declarer again while a raise is left.

The game is asked as a generator of questions (:meth:`Table.questions`):
each :class:`~.base.Request` is yielded and its answer sent back, so that a
driver may stop at a seat and resume when its answer comes (the board's
Play, where a person takes one seat: :mod:`ulti_solver.board.play`);
:meth:`Table.run` answers the bots' questions and stops at that seat's.

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
from typing import Any, Generator, List, Optional, Sequence, Tuple, Union

from ..bids import PARTY, Bid
from ..cards import cards_of
from ..deal import Deal
from ..game.actions import BID, PASS, PICK_UP, AuctionAction
from ..game.breach import GameRuleError
from ..game.referee import AUCTION, PLAY, THROW_IN, TRUMP, Game, uncoloured
from ..game.view import SeatView
from ..settlement import concede
from ..variants import DEFAULT_RULES, Rules
from .base import Bot, Request

PICK_UP_WORD, PASS_WORD = "pick-up", "pass"
#: The questions of a game as a generator: yields each request, is sent its answer.
Questions = Generator[Request, Any, None]


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
        self._questions: Optional[Questions] = None

    # -- driving --------------------------------------------------------------------------------

    def run(self, answer: Any = None, *, stop_at: Optional[int] = None) -> Union[Request, PlayedGame]:
        """Play on: ``answer`` answers the question :meth:`run` last returned (none the first
        time), the bots answer theirs, until a question to table seat ``stop_at`` (returned, for
        the next run to answer) or the end of the game (the :class:`PlayedGame`)."""
        try:
            if self._questions is None:
                self._questions = self.questions()
                request = next(self._questions)
            else:
                request = self._questions.send(answer)
            while request.seat != stop_at:
                request = self._questions.send(self.bot_answer(request))
            return request
        except StopIteration:
            return PlayedGame(self.game, self.game.result().by_seat)
        except _Forfeited as stop:
            return _forfeited(self.game, stop.forfeit)
        except GameRuleError as exc:  # a legal answer the referee refused: a bug of ours, said plainly
            raise AssertionError(f"the table pushed a move the referee refused: {exc}") from exc

    def bot_answer(self, request: Request) -> Any:
        """The answer of the bot of the request's seat; a forfeit when it fails or is late."""
        seat, ask = request.seat, request.ask
        started = time.monotonic()
        try:
            answer = self.bots[seat].answer(request)
        except Exception as exc:  # a bot's failure ends its game, never the match
            raise _Forfeited(Forfeit(seat, ask, f"it failed: {type(exc).__name__}: {exc}")) from None
        if self.time_limit is not None and time.monotonic() - started > self.time_limit:
            raise _Forfeited(Forfeit(seat, ask, f"it answered after the {self.time_limit:g} s allowed"))
        return answer

    # -- asking ---------------------------------------------------------------------------------

    def ask(self, seat: int, ask: str, legal: Sequence[Any], *, view: Optional[SeatView] = None, standing=None):
        """The answer of table seat ``seat`` (sent to the generator), checked; a forfeit when it is not legal."""
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
        answer = yield request
        if ask == "kontra":
            if not isinstance(answer, (tuple, list)) or any(call not in legal for call in answer):
                raise _Forfeited(Forfeit(seat, ask, f"{answer!r} is not a list of legal kontras"))
            return tuple(answer)
        if answer not in legal:
            raise _Forfeited(Forfeit(seat, ask, f"{answer!r} is not among the legal answers"))
        return answer

    # -- the phases -----------------------------------------------------------------------------

    def auction_turn(self) -> Questions:
        """One auction turn (R46): pass, pick up (see the talon, lay two, bid), or under rablo bid."""
        game, auction = self.game, self.game.auction
        seat = auction.turn
        standing = auction.standing_bid
        if standing is None:  # table seat 0's opening: lay two of twelve, then bid
            discard = yield from self.ask(seat, "discard", _pairs(auction.hands[seat]))
            bid = yield from self.ask(seat, "bid", auction.legal_bids(), standing=None)
            game.push(AuctionAction(seat, BID, bid, discard))
            return
        kinds = auction.legal_kinds()
        options: List[Any] = [PASS_WORD]
        if PICK_UP in kinds:
            options.append(PICK_UP_WORD)
        if BID in kinds:
            options += auction.legal_bids()
        choice = yield from self.ask(seat, "bid", options, standing=standing)
        if choice == PASS_WORD:
            game.push(AuctionAction(seat, PASS))
        elif isinstance(choice, Bid):
            game.push(AuctionAction(seat, BID, choice))
        else:  # picked up: he now sees the talon among his twelve (R46)
            talon = auction.talon or 0
            seen = game.view(seat)
            view = replace(seen, hand=seen.hand | talon, seen=seen.seen | talon, talon=None)
            discard = yield from self.ask(seat, "discard", _pairs(view.hand), view=view)
            bid = yield from self.ask(seat, "bid", auction.legal_bids(), view=view, standing=standing)
            game.push(AuctionAction(seat, PICK_UP, bid, discard))

    def before_play(self) -> Questions:
        """The throw-in (R49), the trump (R29) and the declarer's choice to give up before his lead (R39)."""
        game = self.game
        if game.phase == THROW_IN:
            game.throw_in(bool((yield from self.ask(0, "concede", (True, False)))))
            if game.thrown_in:
                return
        if game.phase == TRUMP:
            assert game.declarer is not None
            game.name_trump((yield from self.ask(game.declarer, "trump", game.trump_choices())))
        if game.phase == PLAY and (yield from self.ask(_declarer(game), "concede", (False, True))):
            game.concede()

    def kontra_moment(self, raised: List[bool]) -> Questions:
        """R48: the kontras of this moment, asked in order, before the card of the seat to move."""
        game = self.game
        kontras = game.kontras
        before, seat = len(game.cards), game.turn
        assert kontras is not None and seat is not None
        if before in (1, 2):
            yield from self._ask_kontras(seat, before)
        elif before == 3 and not raised[0]:
            raised[0] = True
            for _round in range(2):  # rekontras and szubkontras, then hirschkontras (R36, R48)
                said = False
                for r5 in (0, 1, 2):
                    said |= yield from self._ask_kontras((kontras.declarer + r5) % 3, before)
                if not said:
                    break

    def _ask_kontras(self, seat: int, before: int) -> Generator[Request, Any, bool]:
        kontras = self.game.kontras
        assert kontras is not None
        legal = list(kontras.legal_calls(seat, before))
        if not legal:
            return False
        said = yield from self.ask(seat, "kontra", legal)
        for call in said:
            self.game.push(call)
        return bool(said)

    def questions(self) -> Questions:
        """The whole game, question by question: each request yielded, its answer sent back."""
        game, raised = self.game, [False]
        while game.phase == AUCTION:
            yield from self.auction_turn()
        yield from self.before_play()
        while game.phase == PLAY:
            if len(game.cards) in (1, 2, 3):
                yield from self.kontra_moment(raised)
            seat = game.turn
            assert seat is not None
            game.push((yield from self.ask(seat, "card", list(cards_of(game.legal_cards())))))


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
    played = Table(game, bots, time_limit).run()
    assert isinstance(played, PlayedGame)  # no seat to stop at: the bots play to the end
    return played


def _forfeited(game: Game, forfeit: Forfeit) -> PlayedGame:
    """The declarer's forfeit is his concession (R39); anyone else's costs him what conceding
    the standing bid would cost its declarer, paid to each other seat."""
    if game.phase == PLAY and forfeit.seat == game.declarer:
        game.concede()
        return PlayedGame(game, game.result().by_seat, forfeit)
    bid = game.bid or game.auction.standing_bid or Bid(frozenset({PARTY}))
    rules = game.rules if game.trump is not None else uncoloured(rules=game.rules)
    kontra = game.kontra() if game.bid is not None else None
    pays = -min(concede(bid, game.trump, kontra=kontra, rules=rules).by_defender)
    by_seat = [pays, pays, pays]
    by_seat[forfeit.seat] = -2 * pays
    return PlayedGame(game, (by_seat[0], by_seat[1], by_seat[2]), forfeit)


def _declarer(game: Game) -> int:
    assert game.declarer is not None
    return game.declarer


def _pairs(hand: int) -> List[Tuple[int, int]]:
    """Every two cards of a hand, as a discard (R46), lowest first."""
    return list(itertools.combinations(sorted(cards_of(hand)), 2))
