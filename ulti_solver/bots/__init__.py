"""Players of whole games (R45-R50): bots named by a SPEC, and the table that drives them.

A SPEC is ``NAME`` or ``NAME:OPTION=VALUE,OPTION=VALUE`` (``pimc:worlds=32``);
``cmd:COMMAND`` runs an outside engine that speaks the protocol
(docs/protocol.md).  :data:`BOT_KINDS` is the registry of named records
(as python-chess keeps its variants): each kind's name, what it is, its
options with their defaults, and whether it is a fair player (``dd`` sees
every card: a reference above any fair player, never a fair opponent).
:func:`make_bot` reads a SPEC into a bot; :func:`.table.play_game` plays
a game with three.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, Tuple

from ..errors import excerpt
from ..i18n import L_, N_
from .alphamu_bot import DEFAULT_ALPHAMU_WORLDS, DEFAULT_FROM, AlphaMuBot
from .base import ASKS, Bot, BotError, Request
from .dd_bot import DdBot
from .pimc_bot import DEFAULT_BID_TIME, DEFAULT_WORLDS, PimcBot
from .random_bot import RandomBot
from .simple_bot import SimpleBot


@dataclass(frozen=True)
class BotOption:
    """One option of a bot kind: its type (int or float), default and meaning."""

    kind: type
    default: object
    help: str


@dataclass(frozen=True)
class BotKind:
    """A kind of bot: what it is, its options, and how one is made from them."""

    name: str
    summary: str
    make: Callable[..., Bot]
    options: Dict[str, BotOption] = field(default_factory=dict)
    fair: bool = True


#: Every kind of bot by name, in the order the help lists them.
BOT_KINDS: Dict[str, BotKind] = {
    "random": BotKind("random", N_("a legal action at random"), RandomBot),
    "simple": BotKind("simple", N_("rules of thumb a club player uses, no search"), SimpleBot),
    "pimc": BotKind(
        "pimc",
        N_("single-dummy choices (R43): each decision valued double dummy on worlds its seat cannot tell apart"),
        PimcBot,
        {
            "worlds": BotOption(int, DEFAULT_WORLDS, N_("worlds per card and kontra decision")),
            "bid-time": BotOption(float, DEFAULT_BID_TIME, N_("seconds of bidding per plan, counted in searches")),
            "seed": BotOption(int, 0, N_("a seed of its own, beside the game's")),
            "infer": BotOption(
                int, 0, N_("1: weigh the worlds by the bid and kontras heard, by a policy fitted on self-play")
            ),
        },
    ),
    "alphamu": BotKind(
        "alphamu",
        N_("pimc, but the cards from the sixth trick on by αμ: one strategy for the worlds it cannot tell apart"),
        AlphaMuBot,
        {
            "worlds": BotOption(int, DEFAULT_WORLDS, N_("worlds per card and kontra decision before the ending")),
            "bid-time": BotOption(float, DEFAULT_BID_TIME, N_("seconds of bidding per plan, counted in searches")),
            "seed": BotOption(int, 0, N_("a seed of its own, beside the game's")),
            "infer": BotOption(
                int, 0, N_("1: weigh the worlds by the bid and kontras heard, by a policy fitted on self-play")
            ),
            "m": BotOption(int, 0, N_("its own moves searched (0: by the tricks to go)")),
            "from": BotOption(int, DEFAULT_FROM, N_("the first trick whose cards αμ chooses")),
            "ending-worlds": BotOption(int, DEFAULT_ALPHAMU_WORLDS, N_("worlds αμ searches")),
        },
    ),
    "dd": BotKind(
        "dd",
        N_("sees every card and plays double dummy: a reference ceiling above any fair player"),
        DdBot,
        fair=False,
    ),
}


def parse_spec(spec: str) -> Tuple[str, Dict[str, object]]:
    """``pimc:worlds=32,bid-time=1`` -> ("pimc", {"worlds": 32, "bid-time": 1.0}); errors name the word."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotError(L_("a bot is named by a SPEC such as random, simple, pimc:worlds=32 or cmd:COMMAND"))
    name, colon, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name == "cmd":
        if not rest.strip():
            raise BotError(L_("cmd: names the outside engine's command, e.g. cmd:'python engine.py'"))
        return name, {"command": rest.strip()}
    kind = BOT_KINDS.get(name)
    if kind is None:
        raise BotError(
            L_("unknown bot {name}; known: {known}", name=excerpt(name), known=", ".join([*BOT_KINDS, "cmd:COMMAND"]))
        )
    options: Dict[str, object] = {}
    for item in (part.strip() for part in rest.split(",") if part.strip()) if colon else ():
        key, equals, value = item.partition("=")
        key = key.strip().lower()
        option = kind.options.get(key)
        if option is None or not equals:
            known = ", ".join(f"{k}=N" for k in kind.options) or L_("none")
            raise BotError(
                L_(
                    "the {bot} bot has no option {item}; its options: {known}",
                    bot=name,
                    item=excerpt(item),
                    known=known,
                )
            )
        try:
            options[key] = option.kind(value.strip())
        except ValueError:
            raise BotError(
                L_("{bot}: {key} is a number, not {value}", bot=name, key=key, value=excerpt(value))
            ) from None
    return name, options


def make_bot(spec: str) -> Bot:
    """A bot from its SPEC (INTERFACE.md, "Bots and matches")."""
    name, options = parse_spec(spec)
    if name == "cmd":
        from .engine import EngineBot  # only for an outside engine: subprocesses and threads

        return EngineBot(str(options["command"]), name=spec.strip())
    kind = BOT_KINDS[name]
    return kind.make(name=spec.strip(), **{_keyword(key): value for key, value in options.items()})


def _keyword(option: str) -> str:
    """An option's keyword argument: ``bid-time`` -> ``bid_time``, ``from`` -> ``from_``."""
    word = option.replace("-", "_")
    return word + "_" if word in ("from",) else word


__all__ = [
    "ASKS",
    "BOT_KINDS",
    "Bot",
    "BotError",
    "BotKind",
    "BotOption",
    "Request",
    "make_bot",
    "parse_spec",
]
