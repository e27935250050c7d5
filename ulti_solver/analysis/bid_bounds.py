"""Upper bounds on a candidate's value in one world, from cheap one-goal searches (R34).

The value of a game (R34) is the minimax of what its final outcome pays
(pricing.final_table).  If the defenders can stop a goal G in a world --
the declarer cannot force every trick, all four aces, his trump seven
winning the last trick, or losing every trick -- then, whatever he does,
they can hold him to the best final outcome without G; so the value in
that world is at most the best entry of the table among those finals.
Each such bound holds on its own; a candidate's bound in a world is the
least of them and of the table's best entry.

A bound is only ever used in the world it was found in: what the
defenders can stop in one placement of the cards says nothing of
another, so no bound from one deal (as ``ulti best`` uses them) is
carried to other worlds.

Each goal is asked as a bid of that one component (a question, not a bid
of R28) through the search facade's many-worlds call: durchmars for every
trick, four aces, ulti, betli for no trick.  Every trick and four aces are
asked with the trump seven free (R12 binds only ulti bids): restricting
the declarer can only help the defenders, so a goal he cannot force when
free he cannot force when bound either, and one search serves the ulti
bids and the others.  The ulti is asked as the ulti bids play it, seven
kept, and serves only them.  One search per world, discard, trump and goal
serves every bid played in that trump: they cost a small part of valuing
even one bid in every world.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..bids import BETLI, DURCHMARS, FOUR_ACES, ULTI, Bid
from ..cards import SEVEN, make_card
from ..deal import Deal
from ..pricing import FINALS, SEVEN_WON, FinalTable
from ..variants import Rules

#: What a final outcome (pricing.FINALS) has when each goal is met.
GOAL_FACTS = {
    "every trick": lambda f: not f[2],  # no trick for the defenders (R21, R27)
    "four aces": lambda f: f[3],  # R20
    "ulti": lambda f: f[4] == SEVEN_WON,  # the declarer's seven wins the tenth trick (R19, R26)
    "no trick": lambda f: not f[1],  # R23
}
GOAL_ORDER = tuple(GOAL_FACTS)
#: The goals that hold for ulti bids only (asked with the seven kept, R12).
ULTI_ONLY = 1 << GOAL_ORDER.index("ulti")

#: Each goal as a question: a bid of that component alone, with or without trump.
_QUESTIONS = {
    ("every trick", True): Bid(frozenset({DURCHMARS})),
    ("every trick", False): Bid(frozenset({DURCHMARS}), colorless=True),
    ("four aces", True): Bid(frozenset({FOUR_ACES})),
    ("ulti", True): Bid(frozenset({ULTI})),
    ("no trick", False): Bid(frozenset({BETLI})),
}

#: A family of games as the goal searches see them: (trump or -1, the no-trump rank order).
Family = Tuple[int, bool]


def family_of(core: Tuple[int, bool, bool]) -> Family:
    trump, _seven_kept, ten_low = core
    return trump, ten_low


def goals_for(family: Family, hand: int, *, rules: Rules) -> Tuple[str, ...]:
    """The goals worth asking for a declarer's ten cards (``hand``) in a family of games: the ulti
    only when he holds the trump seven (else the seven that wins the last trick is a defender's);
    without trump, each goal where its question is played in the family's rank order."""
    from ..play import PlayRules

    trump, ten_low = family
    if trump < 0:
        return tuple(
            goal
            for goal in ("every trick", "no trick")
            if PlayRules.for_game(_QUESTIONS[goal, False], None, rules=rules).core[2] == ten_low
        )
    if (hand >> make_card(trump, SEVEN)) & 1:
        return ("every trick", "four aces", "ulti")
    return ("every trick", "four aces")


def goal_answers(deals: Sequence[Deal], family: Family, goals: Sequence[str], *, rules: Rules) -> Dict[str, List[bool]]:
    """For each goal, whether the declarer can force it in each world (the facade's many-worlds call)."""
    from ..search import world_joints

    trump, _ = family
    return {
        goal: world_joints(deals, _QUESTIONS[goal, trump >= 0], None if trump < 0 else trump, rules=rules)
        for goal in goals
    }


def failed_mask(answers: Dict[str, List[bool]], world: int, ulti_bid: bool) -> int:
    """The goals the declarer cannot force in ``world``, as bits in GOAL_ORDER (the ulti's only
    for an ulti bid, which plays it as it was asked)."""
    mask = 0
    for bit, goal in enumerate(GOAL_ORDER):
        found = answers.get(goal)
        if found is not None and not found[world]:
            mask |= 1 << bit
    return mask if ulti_bid else mask & ~ULTI_ONLY


class Bounds:
    """A candidate's bound for each (final table, goals failed): the table's best entry, lowered
    to the best entry without each goal the defenders can stop."""

    def __init__(self):
        self._known: Dict[Tuple[int, int], int] = {}
        self._tables: Dict[int, FinalTable] = {}

    def bound(self, table: FinalTable, failed: int) -> int:
        key = (id(table), failed)
        found = self._known.get(key)
        if found is None:
            self._tables[id(table)] = table  # keeps the table alive while its id is a key
            found = table.best
            for bit, goal in enumerate(GOAL_ORDER):
                if (failed >> bit) & 1:
                    met = GOAL_FACTS[goal]
                    found = min(found, max((v for f, v in zip(FINALS, table.values) if not met(f)), default=table.best))
            self._known[key] = found
        return found
