"""One deal of a match, played once for every seating (R50): the work of one task.

The bots are made here, inside the worker, from their SPECs (a bot holds
an outside engine's process or a search's tables: it is not sent between
processes), once per task and closed at its end; a bot that sits in two
seats of a game is two players, each made from the SPEC.  What comes back
is small and plain: per game, the result of each table seat (R50), who
declared and whether he made the bid, the kontras each seat said and what
they changed in its result, the forfeit if there was one, and the game's
record when the match writes them (``--games``).
"""

from __future__ import annotations

import copy
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..bots import Bot, make_bot
from ..bots.table import PlayedGame, play_game
from ..game.kontras import KontraCall, KontraCalls
from ..game.record import game_json
from ..game.referee import OVER, Game
from ..variants import Rules
from .arrangements import game_seed, match_deal, seatings


class GamePlayed(NamedTuple):
    """One game of a deal: ``seating`` (its number, :mod:`.arrangements`) and, by table seat,
    the result, the kontras said and their gain; ``declarer`` (None when no auction ended),
    ``made`` (the whole bid; None when the game was not finished), the forfeit
    ``(seat, ask, why)``, and the record (a dict, ``--games``) or None."""

    seating: int
    by_seat: Tuple[int, int, int]
    declarer: Optional[int]
    made: Optional[bool]
    kontras: Tuple[int, int, int]
    kontra_gain: Tuple[int, int, int]
    forfeit: Optional[Tuple[int, str, str]]
    record: Optional[dict]


class DealPlayed(NamedTuple):
    """Deal ``deal_index`` (from 0) and its games, in seating order."""

    deal_index: int
    games: Tuple[GamePlayed, ...]


def play_deal(
    specs: Tuple[str, ...],
    seed: int,
    time_limit: Optional[float],
    records: bool,
    labels: Tuple[str, ...],
    index: int,
    *,
    rules: Rules,
) -> DealPlayed:
    """Deal ``index`` of the match of ``seed``, played in every seating by bots made from ``specs``."""
    deal = match_deal(seed, index)
    made: Dict[Tuple[int, int], Bot] = {}
    try:
        games = []
        for number, seating in enumerate(seatings(len(specs))):
            bots: List[Bot] = []
            for seat, bot in enumerate(seating):
                key = (bot, seating[:seat].count(bot))  # the bot's first or second player
                if key not in made:
                    made[key] = make_bot(specs[bot])
                bots.append(made[key])
            played = play_game(deal, bots, rules=rules, seed=game_seed(seed, index, number), time_limit=time_limit)
            games.append(summary(played, number, [labels[b] for b in seating], index, records))
        return DealPlayed(index, tuple(games))
    finally:
        for player in made.values():
            player.close()


def summary(played: PlayedGame, number: int, names: Sequence[str], index: int, records: bool) -> GamePlayed:
    """What the match keeps of a game (:class:`GamePlayed`)."""
    game, forfeit = played.game, played.forfeit
    said = [0, 0, 0]
    for call in game.kontras.calls if game.kontras is not None else ():
        said[call.seat] += 1
    finished = game.phase == OVER and (forfeit is None or forfeit.seat == game.declarer)
    gains = tuple(
        kontra_gain(game, seat, [s for s in range(3) if names[s] == names[seat]]) if said[seat] and finished else 0
        for seat in range(3)
    )
    record = None
    if records:
        record = game_json(game)
        record["match"] = {"deal": index + 1, "seating": list(names), "by_seat": list(played.by_seat)}
        if forfeit is not None:
            record["match"]["forfeit"] = {"seat": forfeit.seat, "ask": forfeit.ask, "why": forfeit.why}
    return GamePlayed(
        number,
        played.by_seat,
        game.declarer,
        bid_made(game) if finished else None,
        (said[0], said[1], said[2]),
        (gains[0], gains[1], gains[2]),
        None if forfeit is None else (forfeit.seat, forfeit.ask, forfeit.why),
        record,
    )


def bid_made(game: Game) -> bool:
    """Whether the declarer made every component of his bid (R24, R31); a game conceded (R39)
    or thrown in (R49) is not made."""
    if game.thrown_in or game.conceded_at is not None:
        return False
    settlement = game.result().settlement
    assert settlement is not None and game.bid is not None
    components = {str(c) for c in game.bid.ordered_components()}
    return all(item.made for item in settlement.items if item.name in components)


def kontra_gain(game: Game, seat: int, own: Sequence[int]) -> int:
    """What table seat ``seat``'s kontras changed in the result of its player, who holds the
    table seats ``own`` (two, when a bot of a match sits twice), the cards as they were played:
    that result as the game was settled, less what it would have been had the seat said none.
    Each level it said is taken back with every level said over it on that component (the
    raise it called for); the other seats' levels below it stay."""
    kontras = game.kontras
    assert kontras is not None
    kept = [call for call in kontras.calls if not _answers_to(kontras, call, seat)]
    without = KontraCalls(kontras.bid, kontras.declarer, rules=kontras.rules)
    for call in kept:
        without.say(call)
    other = copy.copy(game)
    other.kontras = without
    said, unsaid = game.result().by_seat, other.result().by_seat
    return sum(said[s] - unsaid[s] for s in own)


def _answers_to(kontras: KontraCalls, call: KontraCall, seat: int) -> bool:
    """Whether ``call`` is one of ``seat``'s levels, or a level said over one of them."""
    return any(
        mine.seat == seat
        and mine.component == call.component
        and mine.level <= call.level
        and _slots(kontras, mine) & _slots(kontras, call)
        for mine in kontras.calls
    )


def _slots(kontras: KontraCalls, call: KontraCall) -> set:
    """The defenders (table seats) whose level of the component ``call`` sets (R37)."""
    if not kontras.individual(call.component):
        return {kontras.table_seat(1), kontras.table_seat(2)}
    return {call.against if call.seat == kontras.declarer else call.seat}
