"""What each question reads: of a finished game, and of the deal and rules.

Every component of a bid (R14-R23) and every silent item (R25-R27) is a
question about a finished game.  Memos and caches key on what a question
reads and on nothing else -- the reference search's memo on the facts of
the game so far, the goal compiler and the value tables on the facts of
the deal -- so two deals that agree on those facts share an answer.  What
each question reads is written down here, once, and every key is made
from it.

Facts of the game (an :class:`~ulti_solver.position.Outcome`):

* ``points``: D, the card points in the declarer's tricks (R4, R14);
* ``tricks``: whether the declarer, and whether the defenders, took a trick;
* ``seven``: the trick the trump seven fell in and whether it won it (R19, R26);
* ``aces``: the aces in the declarer's tricks (R20).

Facts of the deal and rules, named as :class:`~ulti_solver.scoring.Scoring`
names the attribute that holds each: the talon's points for each side
(R16), the marriages dealt (R15) and whether they need a trick (R15
variant), the declarer's forty and twenty (R17, R18), who holds the trump
seven (R19, R26), whether an ace lies in the talon (R20).
"""

from __future__ import annotations

import functools
import operator
from typing import Callable, Dict, Iterable, NamedTuple, Tuple

from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI

POINTS, TRICKS, SEVEN, ACES = "points", "tricks", "seven", "aces"

#: How each fact of the game is read off an Outcome.
GAME_FACTS: Dict[str, Callable] = {
    POINTS: lambda o: o.declarer_points,
    TRICKS: lambda o: (o.declarer_tricks > 0, o.defender_tricks > 0),
    SEVEN: lambda o: (o.seven_trick, o.seven_won),
    ACES: lambda o: o.declarer_aces,
}

TALON_DECLARER, TALON_DEFENDERS = "talon_declarer", "talon_defenders"
MARRIAGES, NEEDS_TRICK = "dealt_marriages", "marriage_needs_trick"
FORTY, TWENTY = "forty", "twenty"
SEVEN_HOLDER, ACE_IN_TALON = "seven_holder", "ace_in_talon"
_PARTY_DEAL = (TALON_DECLARER, TALON_DEFENDERS, MARRIAGES, NEEDS_TRICK)

# The silent items' names (R25-R27), as ulti_solver.scoring.SilentItem spells them; plain
# strings here, so that this module stands below the scoring rules.
DECLARER_100, DEFENDERS_100 = "declarer-100", "defenders-100"
SILENT_ULTI_NAMES = ("ulti-beaten", "defender-ulti", "defender-ulti-beaten")  # and "ulti", the component's name


class Reads(NamedTuple):
    """The facts of the game (``game``) and of the deal (``deal``) a question reads."""

    game: Tuple[str, ...]
    deal: Tuple[str, ...]


#: Every component and silent item, by name.  The silent ulti ("ulti") reads what the
#: ulti component reads, as does the silent durchmars ("durchmars") the component's.
READS: Dict[str, Reads] = {
    PARTY: Reads((POINTS, TRICKS), _PARTY_DEAL),  # R14, R15, R16
    FORTY_100: Reads((POINTS,), (TALON_DECLARER, FORTY)),  # R17
    TWENTY_100: Reads((POINTS,), (TALON_DECLARER, TWENTY)),  # R18
    ULTI: Reads((SEVEN,), (SEVEN_HOLDER,)),  # R19, R26
    FOUR_ACES: Reads((ACES,), (ACE_IN_TALON,)),  # R20
    DURCHMARS: Reads((TRICKS,), ()),  # R21, R27
    BETLI: Reads((TRICKS,), ()),  # R23
    DECLARER_100: Reads((POINTS, TRICKS), _PARTY_DEAL),  # R25
    DEFENDERS_100: Reads((POINTS, TRICKS), _PARTY_DEAL),  # R25
    **{name: Reads((SEVEN,), (SEVEN_HOLDER,)) for name in SILENT_ULTI_NAMES},  # R26
}


def reads_of(names: Iterable[str]) -> Reads:
    """What a set of questions reads together (the union, in a fixed order)."""
    return _reads_of(tuple(str(name) for name in names))


@functools.lru_cache(maxsize=1024)
def _reads_of(names: Tuple[str, ...]) -> Reads:
    game, deal = [], []
    for name in names:
        reads = READS[name]
        game += [f for f in reads.game if f not in game]
        deal += [f for f in reads.deal if f not in deal]
    return Reads(tuple(sorted(game)), tuple(sorted(deal)))


@functools.cache
def _game_reader(facts: Tuple[str, ...]) -> Callable:
    parts = [GAME_FACTS[f] for f in facts]
    if len(parts) == 1:
        return parts[0]
    return lambda outcome: tuple(part(outcome) for part in parts)


def game_key(names: Iterable[str]) -> Callable:
    """A function of an Outcome: the part of it that the questions ``names`` read."""
    return _game_reader(reads_of(names).game)


@functools.lru_cache(maxsize=4096)
def deal_reader(names: Tuple[str, ...]) -> Callable:
    """A function of a Scoring: the facts of the deal and rules that the questions ``names``
    read (a tuple; ``()`` for none).  Made once per set of names: the best bid asks it of
    ten thousand Scorings a hand."""
    facts = reads_of(names).deal
    if not facts:
        return lambda scoring: ()
    getter = operator.attrgetter(*facts)
    return getter if len(facts) > 1 else lambda scoring: (getter(scoring),)


def deal_key(scoring, names: Iterable[str]) -> tuple:
    """The facts of the deal and rules that the questions ``names`` read, off a Scoring."""
    return deal_reader(tuple(names))(scoring)
