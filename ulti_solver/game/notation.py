"""The readable text form of a whole-game record: one game per block, one thing said per line.

::

    game ultiblog
    deal A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 ...   (12/10/10, table seats, R45)
    auction 0: bid party, lays ♥7 ♥8
    auction 1: pick-up 40-100, lays ♣7 ♠8
    auction 2: pass
    declarer 1: 40-100, trump bells
    kontra 2: 40-100 kontra, before 1
    kontra 1: 40-100 rekontra, before 3
    play ♦A ♦7 ♦8 | ♣A ...                            (five tricks a line)
    result 0: -8, 1: +16, 2: -8

It says what the JSON record says, in the same order (INTERFACE.md,
"Whole games"), with the keywords in English like a PGN's tags whatever
the language of the run, so that a file written anywhere reads anywhere.
A ``concede N`` line follows the play when the declarer conceded, and
``declarer 0: party, thrown in`` stands for a thrown-in deal (R49).
Reading turns the block into the JSON record's fields and replays them
through the referee (:func:`.record.game_from_json`): the same checks,
the same errors.  ``result`` is printed, and ignored when read.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..cards import SUIT_NAMES, card_label
from ..errors import excerpt
from ..i18n import L_
from ..kontra import LEVEL_NAMES
from .breach import GameRuleError
from .record import game_from_json
from .referee import OVER, Game

#: The keyword of each line, in the order a block has them.
KEYWORDS = ("game", "deal", "auction", "declarer", "kontra", "play", "concede", "result")
THROWN_IN = "thrown in"
NO_TRUMP = "-"
#: The tricks on one ``play`` line; the lines follow each other, read as one play.
TRICKS_A_LINE = 5


def game_text(game: Game) -> str:
    """The block of ``game`` (over or not), without a trailing newline."""
    lines = [f"game {game.rules}", f"deal {game.dealt}"]
    for action in game.auction.actions:
        said = action.kind if action.bid is None else f"{action.kind} {action.bid}"
        laid = "" if action.discard is None else ", lays " + " ".join(card_label(c) for c in action.discard)
        lines.append(f"auction {action.seat}: {said}{laid}")
    if game.end is not None:
        if game.thrown_in:
            lines.append(f"declarer {game.declarer}: {game.bid}, {THROWN_IN}")
        elif game.trump_named or game.conceded_at is not None:
            trump = NO_TRUMP if game.trump is None else SUIT_NAMES[game.trump]
            lines.append(f"declarer {game.declarer}: {game.bid}, trump {trump}")
    if game.kontras is not None:
        for call in game.kontras.calls:
            against = "" if call.against is None else f" against {call.against}"
            lines.append(
                f"kontra {call.seat}: {call.component} {LEVEL_NAMES[call.level]}{against}, before {call.before}"
            )
    if game.cards:
        tricks = [" ".join(card_label(c) for c in game.cards[i : i + 3]) for i in range(0, len(game.cards), 3)]
        for first in range(0, len(tricks), TRICKS_A_LINE):  # two lines of five tricks: 100 columns
            lines.append("play " + " | ".join(tricks[first : first + TRICKS_A_LINE]))
    if game.conceded_at is not None:
        lines.append(f"concede {game.conceded_at}")
    if game.phase == OVER:
        by_seat = game.result().by_seat
        lines.append(
            "result "
            + ", ".join(f"{seat}: {value:+d}" if value else f"{seat}: 0" for seat, value in enumerate(by_seat))
        )
    return "\n".join(lines)


def is_game_text(line: str) -> bool:
    """Whether a line starts a text block: ``game RULES``."""
    return line.strip().split(" ", 1)[0] == "game"


def read_game_text(text: str) -> Game:
    """A game from its block, checked action by action; a line that cannot be read is a
    :class:`~.breach.GameRuleError` naming the line and the word."""
    return game_from_json(text_fields(text))


def text_fields(text: str) -> dict:
    """The JSON record's fields of a text block."""
    data: Dict[str, object] = {"auction": [], "kontra": [], "play": []}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        keyword, _space, rest = line.partition(" ")
        rest = rest.strip()
        if keyword not in KEYWORDS:
            raise _unreadable(number, line, L_("a line starts with one of {words}", words=", ".join(KEYWORDS)))
        try:
            _READERS[keyword](data, rest)
        except (ValueError, IndexError) as exc:
            raise _unreadable(number, line, exc) from None
    if "deal" not in data:
        raise GameRuleError(L_("a game block has a deal line (R45)"), part="record", index=None, rule="R45")
    return data


def _unreadable(number: int, line: str, why) -> GameRuleError:
    return GameRuleError(
        L_("game block line {number} {line}: {why}", number=number, line=excerpt(line), why=why),
        part="record",
        index=number,
        rule="R45",
    )


def _seat_and_rest(rest: str) -> tuple:
    seat, colon, said = rest.partition(":")
    if not colon or seat.strip() not in ("0", "1", "2"):
        raise ValueError(L_("it names a table seat, 0, 1 or 2, then ':'"))
    return int(seat), [part.strip() for part in said.split(",")]


def _game(data: dict, rest: str) -> None:
    words = rest.split()
    if not words:
        raise ValueError(L_("it names the rulebook, e.g. 'game ultiblog'"))
    data["rules"], data["variants"] = words[0], []
    for word in words[1:]:
        if word.startswith("+"):
            data["variants"].append(word[1:])
        elif word.startswith("table="):
            data["table"] = word[len("table=") :]
        else:
            raise ValueError(L_("after the rulebook come +VARIANT and table=NAME, not {word}", word=excerpt(word)))


def _deal(data: dict, rest: str) -> None:
    data["deal"] = rest


def _auction(data: dict, rest: str) -> None:
    seat, parts = _seat_and_rest(rest)
    kind, _space, bid = parts[0].partition(" ")
    entry: dict = {"seat": seat, "action": kind}
    if bid.strip():
        entry["bid"] = bid.strip()
    for part in parts[1:]:
        word, _space, cards = part.partition(" ")
        if word != "lays" or len(cards.split()) != 2:
            raise ValueError(L_("after the bid comes 'lays' and two cards, not {part}", part=excerpt(part)))
        entry["discard"] = cards.split()
    data["auction"].append(entry)


def _declarer(data: dict, rest: str) -> None:
    seat, parts = _seat_and_rest(rest)
    data["declarer"], data["bid"] = seat, parts[0]
    if len(parts) != 2:
        raise ValueError(L_("it reads 'declarer SEAT: BID, trump SUIT' or 'declarer 0: party, thrown in'"))
    if parts[1] == THROWN_IN:
        data["throw_in"] = True
        return
    word, _space, suit = parts[1].partition(" ")
    if word != "trump" or not suit.strip():
        raise ValueError(L_("after the bid comes 'trump SUIT' ('-' for none), not {part}", part=excerpt(parts[1])))
    data["trump"] = None if suit.strip() == NO_TRUMP else suit.strip()


def _kontra(data: dict, rest: str) -> None:
    seat, parts = _seat_and_rest(rest)
    if len(parts) != 2 or not parts[1].startswith("before "):
        raise ValueError(L_("it reads 'kontra SEAT: COMPONENT LEVEL[ against SEAT], before N'"))
    words = parts[0].split()
    against: Optional[int] = None
    if len(words) == 4 and words[2] == "against" and words[3] in ("0", "1", "2"):
        against, words = int(words[3]), words[:2]
    if len(words) != 2 or words[1] not in LEVEL_NAMES[1:]:
        raise ValueError(L_("a kontra names a component and a level, e.g. 'ulti rekontra'"))
    before = parts[1][len("before ") :].strip()
    if not before.isdigit():
        raise ValueError(L_("before is the number of cards played, not {word}", word=excerpt(before)))
    entry: dict = {"seat": seat, "component": words[0], "level": LEVEL_NAMES.index(words[1]), "before": int(before)}
    if against is not None:
        entry["against"] = against
    data["kontra"].append(entry)


def _play(data: dict, rest: str) -> None:
    cards: List[str] = data["play"]
    cards += [word for word in rest.replace("|", " ").split()]


def _concede(data: dict, rest: str) -> None:
    if not rest.isdigit():
        raise ValueError(L_("concede names the number of cards played, not {word}", word=excerpt(rest)))
    data["concede"] = int(rest)


def _result(data: dict, rest: str) -> None:
    """Printed for the reader; the referee works it out again."""


_READERS = {
    "game": _game,
    "deal": _deal,
    "auction": _auction,
    "declarer": _declarer,
    "kontra": _kontra,
    "play": _play,
    "concede": _concede,
    "result": _result,
}
