"""What the board answers, without the web: a request's game read as the command line reads it,
and the answers as the command line's ``--json`` objects.

A request is a JSON object naming the game as the options of ``ulti solve``
do (``deal``, ``bid``, ``trump``, ``rules``, ``variants``, ``table``,
``kontra``, ``play``, and ``line`` for the best line).  Each field is read by
the reader the command line uses, so a bad one gets the command's own
one-line message, and the answers are built by the code that prints
``ulti solve ... --cards --value --json`` and ``ulti analyse ... --json``:
the board and the command line cannot drift apart.  Nothing here knows
about HTTP; :mod:`.server` puts these functions behind it.
"""

from __future__ import annotations

import gettext
import json
from dataclasses import dataclass
from typing import List, Literal, Mapping, Optional, Sequence, Tuple, overload
from urllib.parse import urlencode

from ..analysis.replay import analyse_game, best_cards, best_line, card_solutions
from ..bids import Bid, bid_words, parse_bid, parse_trump, trumps_to_solve
from ..cards import Card, card_name
from ..deal import Deal, parse_deal
from ..errors import UltiInputError, excerpt
from ..i18n import L_, _
from ..kontra import Kontra, parse_kontra
from ..play import PlayRules
from ..position import Position, parse_play, replay
from ..search import solve
from ..variants import Rules, make_rules

#: The fields a request may carry, and what each holds.
FIELDS = {
    "deal": L_("the deal, in any notation the command line reads"),
    "bid": L_("the bid, in words"),
    "trump": L_("the trump suit (empty or null without trump)"),
    "rules": L_("the rulebook"),
    "variants": L_("the variant switches, a list"),
    "table": L_("the value table"),
    "kontra": L_("the kontras, as --kontra takes them (text, or a list of texts)"),
    "play": L_("the cards played so far, text or a list of cards"),
    "line": L_("true for one best line of play from the position"),
}
#: The fields every request must carry.
REQUIRED = ("deal", "bid")


#: Click's message for a bad option value: click's catalog (click.po) translates it, not ours.
CLICK_INVALID_VALUE = "Invalid value for {param_hint}: {message}"


class BoardInputError(UltiInputError):
    """A request the board cannot use; the message is the one the command line prints for the same input."""


def _option_message(option: str, exc: Exception) -> str:
    """Click's wording for a bad option value, as ``ulti solve`` prints it: ``Invalid value for '--bid': ...``.
    Click's own words from click's catalog, through gettext's global domain as click translates
    them (:mod:`ulti_solver.i18n` points it at ``click.po``), without loading click here."""
    return gettext.gettext(CLICK_INVALID_VALUE).format(param_hint=f"'{option}'", message=exc)


@dataclass(frozen=True)
class BoardGame:
    """One game at one point of its play, read from a request."""

    deal: Deal
    bid: Bid
    trump: Optional[int]
    rules: Rules
    kontra: Kontra
    played: Tuple[Card, ...]
    position: Position

    @property
    def game(self) -> Tuple[Deal, Bid, Optional[int]]:
        """The deal, bid and trump, as the search functions take them first (``rules`` goes by name)."""
        return (self.deal, self.bid, self.trump)

    @property
    def play_rules(self) -> PlayRules:
        return PlayRules.for_game(self.bid, self.trump, rules=self.rules)


@overload
def _text(data: Mapping, name: str, required: Literal[True]) -> str: ...


@overload
def _text(data: Mapping, name: str, required: bool = False) -> Optional[str]: ...


def _text(data: Mapping, name: str, required: bool = False) -> Optional[str]:
    value = data.get(name)
    if value is None or (isinstance(value, str) and not value.strip() and not required):
        if required:
            raise BoardInputError(L_("the request has no {name}: {what}", name=name, what=FIELDS[name]))
        return None
    if not isinstance(value, str):
        raise BoardInputError(
            L_("{name} is text ({what}), not {value}", name=name, what=FIELDS[name], value=excerpt(json.dumps(value)))
        )
    return value


def _texts(data: Mapping, name: str) -> List[str]:
    """A field that may be one text or a list of texts (variants, kontra)."""
    value = data.get(name)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return [item for item in value if item.strip()]
    raise BoardInputError(
        L_(
            "{name} is text or a list of texts ({what}), not {value}",
            name=name,
            what=FIELDS[name],
            value=excerpt(json.dumps(value)),
        )
    )


def read_request(body: bytes, fields: Sequence[str] = tuple(FIELDS)) -> dict:
    """The request's JSON object with only ``fields`` (the board's game by default); anything else
    is bad input, said in one line."""
    try:
        data = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise BoardInputError(L_("the request is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise BoardInputError(
            L_(
                "the request is not JSON: {problem} at line {line} column {column}",
                problem=exc.msg,
                line=exc.lineno,
                column=exc.colno,
            )
        ) from None
    except RecursionError:  # '[[[[...' 50,000 deep, as the command line's game records
        raise BoardInputError(
            L_("the request is not JSON the board reads: its lists or objects are nested too deeply")
        ) from None
    except ValueError as exc:  # a number of 5,000 digits
        raise BoardInputError(
            L_("the request is not JSON the board reads: {problem}", problem=excerpt(" ".join(str(exc).split())))
        ) from None
    if not isinstance(data, dict):
        raise BoardInputError(L_("the request is a JSON object with the fields {fields}", fields=", ".join(fields)))
    unknown = [key for key in data if key not in fields]
    if unknown:
        raise BoardInputError(
            L_("unknown field {field} (known: {known})", field=excerpt(unknown[0]), known=", ".join(fields))
        )
    return data


def read_game(data: Mapping) -> BoardGame:
    """The game of a request, each field read as the command line reads its option (R7, R28, R29, R36)."""
    deal_text, bid_text = _text(data, "deal", True), _text(data, "bid", True)
    try:
        deal = parse_deal(deal_text)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad deal: {problem}", problem=exc)) from None
    try:
        bid = parse_bid(bid_text)
    except UltiInputError as exc:
        raise BoardInputError(_option_message("--bid", exc)) from None
    try:
        trump = parse_trump(_text(data, "trump"))
    except UltiInputError as exc:
        raise BoardInputError(_option_message("--trump", exc)) from None
    try:
        spec = parse_kontra(_texts(data, "kontra"))
    except UltiInputError as exc:
        raise BoardInputError(_option_message("--kontra", exc)) from None
    play = data.get("play") or []
    if isinstance(play, list) and all(isinstance(card, str) for card in play):
        play = " ".join(play)
    elif not isinstance(play, str):
        raise BoardInputError(L_("play is text or a list of cards, not {value}", value=excerpt(json.dumps(play))))
    try:
        rules = make_rules(_text(data, "rules"), _texts(data, "variants"), _text(data, "table"))
        games = trumps_to_solve(bid, trump)
        if len(games) > 1:
            raise UltiInputError(
                _("a played {bid} game has one trump: add --trump bells, leaves or acorns").format(bid=bid_words(bid))
            )
        ((bid, trump),) = games
    except UltiInputError as exc:
        raise BoardInputError(str(exc)) from None
    try:
        kontra = spec.for_bid(bid, rules=rules, strict=True)
    except UltiInputError as exc:
        raise BoardInputError(f"--kontra: {exc}") from None  # as ulti solve --kontra says it
    try:
        deal.require_talon()
        played = parse_play(play)
    except UltiInputError as exc:
        raise BoardInputError(str(exc)) from None
    try:
        position = replay(deal, PlayRules.for_game(bid, trump, rules=rules), played)
    except UltiInputError as exc:
        raise BoardInputError(L_("bad play: {problem}", problem=exc)) from None
    return BoardGame(deal, bid, trump, rules, kontra, tuple(played), position)


def solve_object(game: BoardGame, with_line: bool = False) -> dict:
    """The object ``ulti solve DEAL --bid BID --trump SUIT [--play CARDS] --cards --value [--line]
    [--kontra SPEC] --json`` prints: the position's answers, every legal card's, the best cards."""
    from ..render.solve import solve_json

    at = game.position
    solution = solve(*game.game, rules=game.rules, position=at if game.played else None, value=True, kontra=game.kontra)
    if at.finished:
        cards, best = {}, []
    else:
        cards = card_solutions(*game.game, at, rules=game.rules, kontra=game.kontra)
        best = best_cards({card: s.value for card, s in cards.items()}, at)
    line = best_line(*game.game, at, rules=game.rules, kontra=game.kontra) if with_line else None
    return solve_json(solution, list(game.played), cards, best, line, True)


def analyse_objects(game: BoardGame) -> List[dict]:
    """The objects ``ulti analyse DEAL --bid BID --trump SUIT --play CARDS [--kontra SPEC] --json``
    prints: one per card played, then the summary."""
    from ..report.data import analysis_objects

    return analysis_objects(analyse_game(*game.game, game.played, rules=game.rules, kontra=game.kontra))


def json_lines(objects: List[dict]) -> str:
    """Objects as the command line prints them with --json: one per line."""
    return "".join(json.dumps(data) + "\n" for data in objects)


def board_query(
    deal: str,
    bid: Optional[str] = None,
    trump: Optional[str] = None,
    play: Optional[List[Card]] = None,
    *,
    rules: Optional[str] = None,
    variants: Tuple[str, ...] = (),
    table: Optional[str] = None,
    kontra: Tuple[str, ...] = (),
) -> str:
    """The query string that opens the board on a deal and its play, as the page writes it."""
    fields = [("deal", deal)]
    fields += [("bid", bid)] if bid else []
    fields += [("trump", trump)] if trump else []
    fields += [("rules", rules)] if rules else []
    fields += [("variant", name) for name in variants]
    fields += [("table", table)] if table else []
    fields += [("kontra", spec) for spec in kontra]
    fields += [("play", " ".join(card_name(c) for c in play))] if play else []
    return urlencode(fields)
