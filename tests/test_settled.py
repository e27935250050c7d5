"""Positions the core settles without searching (cext/settled.pxi: the sweeps, the ulti, the
aces, the trumps' control and the quick tricks), each built so that one shortcut decides it.

Every test asks the core's goal search at the position and checks two things: the
answer, which the docstring reasons out and the reference search confirms (so a
shortcut that is unsound fails here on a small, readable position), and that the
core took a single node to give it (so a shortcut that stopped firing, or was
reordered behind a check that no longer lets it fire, fails here too, where the
differential tests would only notice it as a slower run).
"""

from ulti_solver import _core
from ulti_solver.bids import parse_bid
from ulti_solver.cards import BB_ACES, LEAVES
from ulti_solver.deal import parse_hand
from ulti_solver.play import PlayRules
from ulti_solver.position import Outcome
from ulti_solver.search import solve
from ulti_solver.search.core import forget_positions, make_search
from ulti_solver.variants import DEFAULT_RULES

Flag = _core.Goal


def core_answer(position, bid, trump, flags, need):
    """The core's answer to (flags, need) at ``position``, and the nodes it took, from an empty table."""
    forget_positions()
    search = make_search(position, PlayRules.for_game(bid, trump, rules=DEFAULT_RULES))
    return search.can_force(int(flags), need), search.nodes


def both_say(deal, position, bid, trump, component):
    """Whether ``component`` is made, as the core and the reference solve it (they must agree)."""
    answers = {
        impl: solve(deal, bid, trump, position=position, impl=impl).components[component]
        for impl in ("core", "reference")
    }
    assert answers["core"] == answers["reference"], answers
    return answers["core"]


def future_units(deal, position, bid, trump):
    """The declarer's card points from here on, in units of ten, by the reference's exact search
    (``endgame`` gives the talon no points, so R16 adds nothing to them)."""
    total = solve(deal, bid, trump, position=position, impl="reference").declarer_points
    return (total - position.so_far.declarer_points) // 10


def test_r23_betli_the_declarer_ducks_every_trick_without_trumps(endgame):
    """_declarer_ducks_the_rest: each of his cards is below every defender card of its suit,
    and he leads into suits seat 1 holds, so R11 makes seat 1 beat him every time."""
    bid = parse_bid("betli")
    deal, pos = endgame("98.7.-.-", "AK.A.-.-", "-.-.AK.A", so_far=Outcome(defender_tricks=7))
    assert core_answer(pos, bid, None, Flag.NO_TRICKS, 0) == (True, 1)
    assert both_say(deal, pos, bid, None, "betli")


def test_r9_r10_the_defenders_take_every_trick_left(endgame):
    """_defenders_take_the_rest: without a trump, every card he holds is below every
    defender card of its suit, and seat 1 holds both his suits: no trick and no point is
    his any more (the leaves ace in seat 2 is a trump, R10)."""
    bid = parse_bid("party")
    deal, pos = endgame("87.7.-.-", "AK.A.-.-", "-.-.A.AK")
    assert core_answer(pos, bid, LEAVES, 0, 1) == (False, 1)
    assert future_units(deal, pos, bid, LEAVES) == 0


def test_r21_durchmars_the_declarer_takes_every_trick_left(endgame):
    """_declarer_takes_the_rest: the defenders hold no trump, and on lead he holds the top
    card of each of his suits: led top down, each wins and keeps him on lead."""
    bid = parse_bid("durchmars")
    deal, pos = endgame("A.A.A.-", "K.K.-.7", "O.O.-.8")
    assert core_answer(pos, bid, LEAVES, Flag.ALL_TRICKS, 0) == (True, 1)
    assert both_say(deal, pos, bid, LEAVES, "durchmars")


def test_r21_durchmars_lost_to_a_higher_card_he_must_lead_into(endgame):
    """_declarer_must_lose_a_lead: to take every trick he leads every trick, so his heart
    king is led at some point, and seat 1 keeps the heart ace for it (R11)."""
    bid = parse_bid("durchmars")
    deal, pos = endgame("K.A.A.-", "A.K.-.7", "O.O.-.8")
    assert core_answer(pos, bid, LEAVES, Flag.ALL_TRICKS, 0) == (False, 1)
    assert not both_say(deal, pos, bid, LEAVES, "durchmars")


def test_r19_ulti_made_when_the_defenders_have_no_trump_and_cannot_draw_the_seven(endgame):
    """_ulti_settled: no defender trump is left to beat the seven, and his leaves king
    covers the one heart he holds: he can always keep the seven for the tenth trick (R12)."""
    bid = parse_bid("ulti")
    deal, pos = endgame("A.-.7K.-", "KO.8.-.-", "-.9.-.AK")
    assert core_answer(pos, bid, LEAVES, Flag.ULTI, 0) == (True, 1)
    assert both_say(deal, pos, bid, LEAVES, "ulti")


def test_r19_ulti_lost_to_a_defender_who_holds_only_trumps(endgame):
    """_ulti_settled: seat 1 holds nothing but trumps, so he still has one in the tenth
    trick, and any trump beats the seven."""
    bid = parse_bid("ulti")
    deal, pos = endgame("A.-.7K.-", "-.-.O98.-", "KO.8.-.-")
    assert core_answer(pos, bid, LEAVES, Flag.ULTI, 0) == (False, 1)
    assert not both_say(deal, pos, bid, LEAVES, "ulti")


def test_r20_four_aces_lost_to_a_sure_ace_led_by_a_defender(endgame):
    """_leads_a_sure_ace: seat 1 is on lead with the heart ace; the declarer holds hearts,
    so he must follow (R9) and cannot ruff it."""
    bid = parse_bid("four-aces")
    deal, pos = endgame("K9.-.A.-", "A.-.-.KO", "-.-.-.987", leader=1)
    assert core_answer(pos, bid, LEAVES, Flag.ACES, 0) == (False, 1)
    assert not both_say(deal, pos, bid, LEAVES, "four-aces")


def test_r20_four_aces_cashed_by_the_declarer(endgame):
    """_declarer_cashes_the_aces: every ace still out is his and he is on lead; seat 2's
    only trump is below his trump ace, which draws it first, and then no ace of his can be
    ruffed.  The acorns ace fell in one of his tricks before."""
    bid = parse_bid("four-aces")
    deal, pos = endgame("A.A.A.-", "K.K.-.7", "O.O.K.-")
    pos = pos._replace(so_far=pos.so_far._replace(declarer_aces=parse_hand("-.-.-.A") & BB_ACES))
    assert core_answer(pos, bid, LEAVES, Flag.ACES, 0) == (True, 1)
    assert both_say(deal, pos, bid, LEAVES, "four-aces")


def test_r4_quick_tricks_reach_the_points_on_lead(endgame):
    """The declarer's quick tricks: the trump ace wins whatever trick it falls in (1 unit),
    and on lead he cashes the heart ace and ten, the top two hearts, before seat 1, the
    only defender with a trump, runs out of hearts (2 units): 3 units without search.
    (He takes all 5 still out: the acorns ace falls under his trump ace in the last trick.)"""
    bid = parse_bid("party")
    deal, pos = endgame("AT.-.A.-", "K9.-.7.-", "O8.-.-.A")
    assert core_answer(pos, bid, LEAVES, 0, 3) == (True, 1)
    assert future_units(deal, pos, bid, LEAVES) == 5


def test_r4_a_defender_on_lead_cashes_his_top_cards_first(endgame):
    """The defenders' quick tricks: seat 1 can cash the heart ace and ten, the top two
    hearts, which the declarer, the only player with a trump, must follow (R9); so 2 of the
    5 units still out (the aces and tens, and the last trick, R4) are out of his reach, and
    4 is refused without search.  (The defenders do better still: the acorns seven led
    first makes him ruff with the trump ace under seat 2's acorns ace, R10, and he ends
    with those 2 units.)"""
    bid = parse_bid("party")
    deal, pos = endgame("98.-.A.-", "AT.-.-.7", "KO.-.-.A", leader=1)
    assert core_answer(pos, bid, LEAVES, 0, 4) == (False, 1)
    assert future_units(deal, pos, bid, LEAVES) == 2
