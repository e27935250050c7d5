"""The board's Play: a person at one table seat against two bots, a whole game from the deal to
its result (R45-R50), then its report.

A :class:`PlaySession` holds one game: the referee's :class:`~ulti_solver.game.referee.Game`
and the :class:`~ulti_solver.bots.table.Table` that asks its questions, with a
stand-in at the person's seat.  :meth:`PlaySession.start` runs the bots until a
question comes to that seat; :meth:`PlaySession.answer` takes the person's answer
(the JSON value the question listed for it, :mod:`.play_words`), checks it and
runs the bots on to the next question or the end.  An answer that is not legal is
a 400 and the game is left as it was.  Until the game is over the page is sent
only what the table would hand a bot in that seat (R40, R46); once it is over, the
whole record (:func:`~ulti_solver.game.record.game_json`) and the report's data.

:class:`Sessions` keeps the games in memory by their id, a bounded number of them:
the one least recently used goes when a new one would pass the bound, and an id
that names none is a 404.  Nothing here knows about HTTP beyond the status an
error carries.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections import OrderedDict
from typing import Any, Iterator, List, Mapping, Optional, Sequence

from ..bots import make_bot
from ..bots.base import Bot, Request
from ..bots.table import PlayedGame, Table
from ..deal import Deal, parse_deal
from ..dealing import whole_deal
from ..errors import UltiInputError, excerpt
from ..game.record import game_json
from ..game.referee import OVER, THROW_IN, Game
from ..i18n import L_
from ..variants import DEFAULT_RULEBOOK, make_rules
from .answers import BoardInputError
from .play_words import question_json, read_answer, result_json, view_json

#: The fields of ``POST /api/play/new``.
NEW_FIELDS = ("seat", "bots", "rules", "variants", "table", "seed", "deal")
#: The fields of ``POST /api/play/answer``.
ANSWER_FIELDS = ("id", "answer")
#: The bot a seat gets when the request names none.
DEFAULT_BOT = "random"


class UnknownGame(BoardInputError):
    """An id that names no game being kept (never made, or dropped to make room): a 404."""

    status = 404


class GameBusy(BoardInputError):
    """The game's bots are still answering, or the game is over and asks nothing more: a 409."""

    status = 409


class Person:
    """The person's seat at the table: the table stops at his questions (:meth:`Table.run`'s
    ``stop_at``) and never asks this stand-in itself."""

    name = "person"
    sees_all = False

    def new_game(self, seat: int, seed: int) -> None:
        pass

    def answer(self, request: Request) -> Any:
        raise AssertionError("the person's questions go to the page")

    def close(self) -> None:
        pass


def _integer(data: Mapping, name: str, low: int, high: int, default: int) -> int:
    value = data.get(name, default)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BoardInputError(
            L_(
                "{name} is a whole number from {low} to {high}, not {value}",
                name=name,
                low=low,
                high=high,
                value=excerpt(value),
            )
        )
    return value


def _specs(value: object, seat: int) -> List[Optional[str]]:
    """The players by table seat: None at the person's, a bot SPEC at the two others (in table order)."""
    if value is None:
        value = DEFAULT_BOT
    if isinstance(value, str):
        value = [value, value]
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        raise BoardInputError(
            L_("bots is one bot SPEC for both other seats, or a list of two (the other seats in table order)")
        )
    others = iter(value)
    return [None if s == seat else next(others).strip() for s in range(3)]


def _deal(data: Mapping, seed: int) -> Deal:
    text = data.get("deal")
    if text is None or text == "":
        return whole_deal(seed)
    if not isinstance(text, str):
        raise BoardInputError(L_("deal is the deal before the discard, 12/10/10 in table seats (R45)"))
    try:
        deal = parse_deal(text)
    except UltiInputError as exc:
        raise BoardInputError(L_("the deal: {problem}", problem=exc)) from None
    if not deal.before_discard:
        raise BoardInputError(L_("the deal of a whole game is before the discard: table seat 0 holds 12 cards (R45)"))
    return deal


def _fields(data: Mapping, known: Sequence[str]) -> None:
    unknown = [key for key in data if key not in known]
    if unknown:
        raise BoardInputError(
            L_("unknown field {field} (known: {known})", field=excerpt(unknown[0]), known=", ".join(known))
        )


class PlaySession:
    """One game at the board: the person at table seat ``seat``, bots at the others."""

    def __init__(self, data: Mapping):
        _fields(data, NEW_FIELDS)
        self.seat = _integer(data, "seat", 0, 2, 0)
        self.players = _specs(data.get("bots"), self.seat)
        book, variants, table = (
            data.get("rules") or DEFAULT_RULEBOOK,
            data.get("variants") or [],
            data.get("table") or None,
        )
        if not isinstance(book, str) or not isinstance(variants, list) or not (table is None or isinstance(table, str)):
            raise BoardInputError(
                L_("rules is a rulebook's name, variants a list of names and table a value table's name")
            )
        try:
            self.rules = make_rules(book, variants, table)
        except UltiInputError as exc:
            raise BoardInputError(str(exc)) from None
        self.seed = _integer(data, "seed", 0, 2**63 - 1, secrets.randbelow(2**31))
        deal = _deal(data, self.seed)
        bots: List[Bot] = []
        for spec in self.players:
            try:
                bots.append(Person() if spec is None else make_bot(spec))
            except UltiInputError as exc:
                raise BoardInputError(L_("bots: {problem}", problem=exc)) from None
        self.bots = bots
        self.id = secrets.token_urlsafe(12)
        self.game = Game(deal, rules=self.rules)
        for seat, bot in enumerate(bots):
            bot.new_game(seat, self.seed * 3 + seat)
        self.table = Table(self.game, bots, None)  # the Person stands in for a bot at his seat
        self.request: Optional[Request] = None
        self.played: Optional[PlayedGame] = None
        self.step = 0  # the person's questions so far
        self.lock = threading.Lock()
        self._report: Optional[str] = None

    # -- playing --------------------------------------------------------------------------------

    def _run(self, answer: Any = None) -> None:
        outcome = self.table.run(answer, stop_at=self.seat)
        if isinstance(outcome, PlayedGame):
            self.request, self.played = None, outcome
            self.close()
        else:
            self.request = outcome
            self.step += 1

    def start(self) -> dict:
        """The bots play until the person's first question (or, rarely, the end)."""
        with self._holding():
            self._run()
            return self.state()

    def answer(self, value: Any) -> dict:
        """The person's answer (a question's listed value): checked, then the bots play on.
        One that is not legal raises :class:`~.answers.BoardInputError` and changes nothing."""
        with self._holding():
            request = self.request
            if request is None:
                raise GameBusy(L_("the game is over: it asks nothing more"))
            self._run(read_answer(request.ask, request.legal, value))
            return self.state()

    def current(self) -> dict:
        with self._holding():
            return self.state()

    @contextlib.contextmanager
    def _holding(self) -> Iterator[None]:
        """The game to this request alone: a 409 while another one's bots are still answering."""
        if not self.lock.acquire(blocking=False):
            raise GameBusy(L_("the bots are still playing this game; ask again in a moment"))
        try:
            yield
        finally:
            self.lock.release()

    def close(self) -> None:
        for bot in self.bots:
            try:
                bot.close()
            except Exception:  # an engine that will not close is no reason to fail the page
                pass

    # -- what the page is sent ------------------------------------------------------------------

    def state(self) -> dict:
        """The game as the person's seat may know it (R40, R46); everything once it is over."""
        game = self.game
        data: dict = {
            "id": self.id,
            "seat": self.seat,
            "players": self.players,
            "rules": self.rules.as_json(),
            # The seed deals the cards: said only at the end (the person may have typed it himself).
            "seed": self.seed if self.played is not None else None,
            "step": self.step,
            "over": self.played is not None,
        }
        if self.played is None:
            assert self.request is not None
            data["view"] = view_json(self.request.view, rules=self.rules)
            data["question"] = question_json(self.request, throw_in=game.phase == THROW_IN)
            return data
        from ..report.whole import whole_game_data

        played = self.played
        data["view"] = view_json(game.view(self.seat), rules=self.rules)
        data["question"] = None
        data["record"] = game_json(game)
        data["result"] = result_json(played.by_seat)
        data["forfeit"] = (
            None
            if played.forfeit is None
            else {"seat": played.forfeit.seat, "ask": played.forfeit.ask, "why": played.forfeit.why}
        )
        data["whole"] = whole_game_data(game) if game.phase == OVER else None
        return data

    def report(self) -> str:
        """The ``ulti analyse --html`` page of the finished game (its play judged, its auction shown)."""
        with self._holding():
            if self.played is None:
                raise GameBusy(L_("the game is not over yet: its report comes at the end"))
            if self.game.phase != OVER:
                raise GameBusy(L_("a bot forfeited this game before its end: there is no play to report"))
            if self._report is None:
                self._report = report_page(self.game)
            return self._report


def report_page(game: Game) -> str:
    """A finished whole game's page, as ``ulti analyse --file GAMES --html`` writes it."""
    from ..analysis.replay import analyse_game
    from ..report.data import game_data
    from ..report.html import report_html

    analysis = None
    if not game.thrown_in and game.end is not None and game.cards:
        assert game.bid is not None
        analysis = analyse_game(game.deal(), game.bid, game.trump, game.cards, rules=game.rules, kontra=game.kontra())
    return report_html([game_data(analysis, game=game)])


class Sessions:
    """The games being played, by id, at most ``bound`` of them (the least recently used goes)."""

    def __init__(self, bound: int = 32):
        self.bound = max(1, bound)
        self.games: OrderedDict[str, PlaySession] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, session: PlaySession) -> None:
        with self.lock:
            self.games[session.id] = session
            while len(self.games) > self.bound:
                _id, dropped = self.games.popitem(last=False)
                dropped.close()

    def get(self, data: Mapping) -> PlaySession:
        game_id = data.get("id")
        with self.lock:
            session = self.games.get(game_id) if isinstance(game_id, str) else None
            if session is None:
                raise UnknownGame(
                    L_(
                        "no game {id} is being played here (games are kept in memory; start a new one)",
                        id=excerpt(game_id),
                    )
                )
            self.games.move_to_end(session.id)
            return session


def read_answer_request(data: Mapping) -> Any:
    """The answer of ``POST /api/play/answer``: ``{"id", "answer"}``."""
    _fields(data, ANSWER_FIELDS)
    if "answer" not in data:
        raise BoardInputError(L_("answer is missing: the value of one of the question's answers"))
    return data["answer"]
