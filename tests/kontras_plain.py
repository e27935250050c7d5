"""A second, plain implementation of R48 with R36's levels and R37's joint and individual kontras,
for the differential test of ulti_solver.game.kontras.

Written from RULES.md alone and as simply as possible, sharing nothing with
ulti_solver.game.kontras or ulti_solver.kontra: of the package it reads a
bid's components and flags, nothing else.  Seats are table seats (R45); the
declarer's R5 seat is 0 and the defenders' 1 and 2 (R5: the one who plays
right after the declarer is 1).

R48 as a list of turns, in the order they come at the table:

* in the first trick, each defender on his turn before his card says his
  kontras (level 1): R5 seat 1 with one card played, R5 seat 2 with two;
* at the start of the second trick (three cards played), before its first
  card, in play order from the declarer: the declarer's rekontras (2), then
  R5 seat 1's and R5 seat 2's szubkontras (3).  R48 lets the declarer say
  the next level too, hirschkontra (4), and he can only say it on a
  szubkontra, so it comes after the defenders': the declarer speaks again.

A call is said at one of these turns, the turns never go back, and a turn
may hold any number of calls.  The level a call raises is the component's
(R37: one for both defenders where the kontra is joint, one per defender
where it is individual), and it must stand one below the call (only a
kontra'd component is raised, one level at a time).

When a call breaks several rules at once the first broken rule is named,
in this order: R36 (not a component of the bid, or no level 1-4), R48 (not
this side's level, or not its moment), R37 (``against`` missing where the
declarer answers one defender's own kontra, or there where it is not), R48
(the level does not stand one below).  RULES.md does not fix this order;
it is the order ulti_solver.game.kontras checks in.
"""

from __future__ import annotations

#: R48's turns, in order: (cards played, R5 seat of the speaker, the level he says).
TURNS = [
    (1, 1, 1),  # R5 seat 1's kontras, before his card in the first trick
    (2, 2, 1),  # R5 seat 2's kontras, before his card in the first trick
    (3, 0, 2),  # the declarer's rekontras, before the second trick's first card
    (3, 1, 3),  # R5 seat 1's szubkontras
    (3, 2, 3),  # R5 seat 2's szubkontras
    (3, 0, 4),  # the declarer's hirschkontras
]


def plain_individual(bid, component, book, variants=()):
    """R37: betli and colorless durchmars are kontra'd by each defender for himself; a durchmars
    with trump too under kontra-durchmars-individual, which the classic rulebook has."""
    if "betli" in bid.components or bid.colorless:
        return True
    by_durchmars_rule = book == "classic" or "kontra-durchmars-individual" in variants
    return component == "durchmars" and by_durchmars_rule


def plain_kontras(bid, declarer, book, calls, variants=()):
    """Say ``calls``, each (seat, component, level, before, against), in order, stopping at the first
    one R36-R48 refuse.

    Returns (how many were accepted, the rule the first refused one breaks or None, the levels):
    the levels are {component: (level for R5 seat 1, level for R5 seat 2)} for every component
    kontra'd at all."""
    components = set(bid.components)
    levels = {component: {1: 0, 2: 0} for component in components}
    defenders = {(declarer + 1) % 3: 1, (declarer + 2) % 3: 2}  # table seat -> R5 seat
    turn_reached = 0

    def answer(count, rule):
        said = {c: (pair[1], pair[2]) for c, pair in levels.items() if pair[1] or pair[2]}
        return count, rule, said

    for count, (seat, component, level, before, against) in enumerate(calls):
        if component not in components or level not in (1, 2, 3, 4):
            return answer(count, "R36")
        r5_seat = (seat - declarer) % 3
        if (before, r5_seat, level) not in TURNS:
            return answer(count, "R48")  # not his side's level, or not its moment
        turn = TURNS.index((before, r5_seat, level))
        if turn < turn_reached:
            return answer(count, "R48")  # the turns do not go back
        alone = plain_individual(bid, component, book, variants)
        if r5_seat == 0 and alone:
            if against not in defenders:
                return answer(count, "R37")  # the declarer's answer names the defender it answers
            whose = [defenders[against]]
        else:
            if against is not None:
                return answer(count, "R37")
            whose = [r5_seat] if alone else [1, 2]
        if any(levels[component][d] != level - 1 for d in whose):
            return answer(count, "R48")  # only what stands one below is raised
        for d in whose:
            levels[component][d] = level
        turn_reached = turn
    return answer(len(calls), None)
