"""The public functions' arguments, checked: a wrong type or value says which argument, in one line.

Text is read first (:mod:`ulti_solver.coerce`: ``"ulti"`` is a bid,
``"bells"`` a trump); what these checks see must then be of the
library's own types, in range.  A function called with a wrong one would
otherwise fail deep inside, with an AttributeError, IndexError or
KeyError that names nothing the caller wrote, or return an odd result
(``samples=0``, ``top=-1``).  Each check returns its value, so a public
function reads ``deal = checks.deal(deal)``; each costs a few isinstance
calls, nothing next to a search.

The error is :class:`ArgumentError`: an :class:`~ulti_solver.errors.UltiInputError`
(the command line's exit 2, one ``except`` for every input error) and a
``TypeError`` (what Python raises for an argument of the wrong type).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, cast

from .cards import HEARTS
from .errors import UltiInputError, excerpt
from .i18n import L_, Text

if TYPE_CHECKING:
    from .position import Position

#: The library's types the checks ask for, by name: looked up once, on first use (the modules
#: that define them import this one, so it cannot import them at its top).
_WHERE = {
    "Deal": "deal",
    "Bid": "bids",
    "Rules": "variants",
    "Position": "position",
    "Constraints": "dealing",
    "PlayRules": "play",
}
_KINDS: dict = {}


def _kind(name: str) -> type:
    kind = _KINDS.get(name)
    if kind is None:
        from importlib import import_module

        kind = _KINDS[name] = getattr(import_module(f".{_WHERE[name]}", __package__), name)
    return kind


class ArgumentError(UltiInputError, TypeError):
    """An argument of a public function that is of the wrong type or out of range; the message names it."""


def _shown(value: object) -> Text:
    """A wrong value as the message shows it: its repr, cut short, and its type where that helps."""
    if isinstance(value, str):
        return excerpt(value, 40)
    text = repr(value)
    shown = text if len(text) <= 40 else L_("{start}... ({count} characters)", start=text[:40], count=len(text))
    if isinstance(value, (int, float, type(None))):
        return shown
    return L_("{value} (a {kind})", value=shown, kind=type(value).__name__)


def wrong(name: Text, value: object, wanted: Text) -> ArgumentError:
    """``deal must be a Deal or a deal string such as ..., not 5``."""
    return ArgumentError(L_("{name} must be {wanted}, not {value}", name=name, wanted=wanted, value=_shown(value)))


def count(name: str, value, low: int, high: Optional[int] = None, why: Text = "") -> int:
    """A whole number in ``low``..``high`` (``True`` is not one); ``why`` says why the bound is there."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong(name, value, L_("a whole number"))
    if value < low or (high is not None and value > high):
        within = L_("at least {low:,}", low=low) if high is None else L_("from {low:,} to {high:,}", low=low, high=high)
        raise ArgumentError(
            L_("{name} must be {within}{why}, not {value}", name=name, within=within, why=why, value=_shown(value))
        )
    return value


def whole(name: str, value) -> int:
    """Any whole number (``True`` is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong(name, value, L_("a whole number"))
    return value


def number(name: str, value, low: float = 0.0) -> float:
    """A real number of at least ``low`` (seconds, say)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= low:  # NaN fails >=
        raise wrong(name, value, L_("a number of at least {low:g}", low=low))
    return value


def flag(name: str, value) -> bool:
    """True or False."""
    if value is True or value is False:
        return value
    raise wrong(name, value, L_("True or False"))


def text(name: Text, value) -> str:
    """A string, for the readers (``parse_bid("party")``)."""
    if not isinstance(value, str):
        raise wrong(name, value, L_("a string"))
    return value


def optional_text(name: str, value) -> Optional[str]:
    return None if value is None else text(name, value)


def names(name: str, value) -> list:
    """Words given as a list (or tuple) of strings: variants, say."""
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        raise wrong(name, value, L_("a list of strings"))
    for item in value:
        text(L_("each of {name}", name=name), item)
    return list(value)


def callback(name: str, value):
    """None or something to call."""
    if value is not None and not callable(value):
        raise wrong(name, value, L_("None or a function"))
    return value


def deal(value, name: str = "deal"):
    if not isinstance(value, _kind("Deal")):
        raise wrong(name, value, L_("a Deal or a deal string such as 'A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7'"))
    return value


def bid(value, name: str = "bid"):
    if not isinstance(value, _kind("Bid")):
        raise wrong(name, value, L_("a Bid or bid words such as '40-100 ulti'"))
    return value


def bids(value, name: str = "bids"):
    """None (every bid) or a list of bids."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise wrong(name, value, L_("None, bid words, or a list of bids"))
    for index, item in enumerate(value, start=1):
        bid(item, f"{name}[{index - 1}]")
    return value


def bids_given(value, name: str = "bids"):
    """Several bids as given: a list or tuple (of Bids or bid words)."""
    if not isinstance(value, (list, tuple)):
        raise wrong(name, value, L_("None, bid words, or a list of bids"))
    return value


def trump(value, name: str = "trump") -> Optional[int]:
    """None (no trump) or a suit 0-3, or its word."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise wrong(name, value, L_("None, a suit 0-3, or a suit word such as 'bells'"))
    return value


def rules(value, name: str = "rules"):
    if not isinstance(value, _kind("Rules")):
        raise wrong(name, value, L_("a Rules (make_rules), a rulebook name such as 'tournament', or None"))
    return value


def game(deal_value, bid_value, trump_value, rules_value):
    """The four values that say which game is played, each checked; the trump must fit the bid (R28, R29).

    Every solve passes here, thousands a second: the usual case is a few
    isinstance calls, and only a wrong value takes the slow path that
    names it.
    """
    Deal, Bid, Rules = _GAME_KINDS or _game_kinds()
    if not (isinstance(deal_value, Deal) and isinstance(bid_value, Bid) and isinstance(rules_value, Rules)):
        deal(deal_value), bid(bid_value), rules(rules_value)
    if trump_value is None:
        if bid_value.has_trump:
            raise _misplayed(bid_value, trump_value)
    elif type(trump_value) is not int or not 0 <= trump_value <= 3:
        trump(trump_value)
    elif not bid_value.has_trump or (trump_value == HEARTS) != bid_value.red:
        raise _misplayed(bid_value, trump_value)
    return deal_value, bid_value, trump_value, rules_value


_GAME_KINDS: tuple = ()


def _game_kinds() -> tuple:
    global _GAME_KINDS
    _GAME_KINDS = (_kind("Deal"), _kind("Bid"), _kind("Rules"))
    return _GAME_KINDS


def _misplayed(bid_value, trump_value) -> ArgumentError:
    """The trump does not fit the bid (R28): a trump bid without one, a red bid out of hearts, a betli with one."""
    if not bid_value.has_trump:
        return ArgumentError(
            L_("trump: {bid} is played without trump (R28); give None, not {value}", bid=bid_value, value=trump_value)
        )
    if bid_value.red:
        return ArgumentError(
            L_("trump: {bid} plays hearts (R28); give 'hearts', not {value}", bid=bid_value, value=_shown(trump_value))
        )
    return ArgumentError(
        L_(
            "trump: {bid} is played in bells, leaves or acorns, not {value} "
            "(in hearts it is red: give the bid as words, or 'red ...'; solve_bid solves every trump)",
            bid=bid_value,
            value=_shown(trump_value),
        )
    )


def position(value, deal_value, name: str = "position", required: bool = False):
    """None (the opening lead, unless ``required``) or a Position whose cards are the deal's own."""
    if value is None and not required:
        return None
    if not isinstance(value, _kind("Position")):
        wanted = L_("a Position (start_of_play, replay) or the cards played so far")
        raise wrong(name, value, wanted if required else L_("None, {wanted}", wanted=wanted))
    hands = cast("Position", value).hands  # a Position: _kind loads the class the check above asks for
    if not (isinstance(hands, tuple) and len(hands) == 3 and all(isinstance(h, int) for h in hands)):
        raise wrong(f"{name}.hands", hands, L_("three hands (card masks)"))
    if any(held & ~dealt for held, dealt in zip(hands, deal_value.hands)):
        raise ArgumentError(
            L_("{name} holds cards that the deal does not give those seats: not a position of this deal", name=name)
        )
    return value


def card(value, name: str = "card") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 31:
        raise wrong(name, value, L_("a card 0-31 or a card name such as 'BT'"))
    return value


def cards(value, name: str = "cards") -> list:
    """Cards in order: a list (or tuple) of cards."""
    if not isinstance(value, (list, tuple)):
        raise wrong(name, value, L_("a list of cards or a string of cards such as 'BT BA BU'"))
    for index, item in enumerate(value):
        card(item, f"{name}[{index}]")
    return list(value)


def discards(value, name: str = "discards"):
    """None (every discard) or a list of pairs of cards."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise wrong(name, value, L_("None or a list of two-card discards such as ['HK,BK']"))
    for index, pair in enumerate(value):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise wrong(f"{name}[{index}]", pair, L_("two cards"))
        for card_value in pair:
            card(card_value, f"{name}[{index}]")
    return value


def impl(value, name: str = "impl") -> Optional[str]:
    """None (the core if built) or the name of a search: 'core' or 'reference'."""
    if value is None or isinstance(value, str):
        return value
    raise wrong(name, value, L_("None, 'core' or 'reference'"))


def constraints(value, name: str = "constraints"):
    if not isinstance(value, _kind("Constraints")):
        raise wrong(name, value, L_("Constraints (what the declarer knows) or his 12-card hand as a string"))
    return value


def play_rules(value, name: str = "play"):
    if not isinstance(value, _kind("PlayRules")):
        raise wrong(name, value, L_("PlayRules (PlayRules.for_game(bid, trump, rules=rules))"))
    return value
