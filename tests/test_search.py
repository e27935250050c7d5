"""Hand-built positions for every goal (R12, R14-R27), on the core and on the reference.

Each test's docstring gives the reasoning that fixes its answer.
"""

import random

from ulti_solver.bids import parse_bid
from ulti_solver.cards import LEAVES
from ulti_solver.deal import parse_deal, parse_hand
from ulti_solver.dealing import biased_deal, random_position
from ulti_solver.position import Outcome, Position
from ulti_solver.search import solve
from ulti_solver.variants import make_rules

PARTY, ULTI = parse_bid("party"), parse_bid("ulti")


def test_r19_ulti_made_when_no_defender_can_beat_the_seven(impl, endgame):
    """Declarer leads the heart ace (both defenders follow), then the leaves
    seven in the tenth trick: nobody has a trump left to beat it."""
    deal, pos = endgame("A.-.7.-", "9.8.-.-", "K.9.-.-")
    assert solve(deal, ULTI, LEAVES, position=pos, impl=impl).components["ulti"]


def test_r19_ulti_lost_to_a_higher_trump(impl, endgame):
    """Seat 2 keeps the leaves unter: whenever the seven is led it must be
    overtaken (R11), and leading it in trick 9 loses the ulti anyway."""
    deal, pos = endgame("A.-.7.-", "9.8.-.-", "K.-.U.-")
    assert not solve(deal, ULTI, LEAVES, position=pos, impl=impl).components["ulti"]


def test_r12_keeping_the_seven_costs_points(impl, endgame):
    """Seat 1 leads the heart ten; the declarer, void in hearts, must trump.

    In a party game he ruffs with the seven (10) and wins the last trick
    with the ace (20): 30.  In an ulti game R12 makes him ruff with the
    ace (20), and the seven then loses the last trick to the leaves king:
    20.  (Leading the king instead lets the declarer take 30.)
    """
    deal, pos = endgame("-.-.A7.-", "T.-.K.-", "9.8.-.-", leader=1)
    assert solve(deal, PARTY, LEAVES, position=pos, impl=impl).declarer_points == 30
    ulti = solve(deal, ULTI, LEAVES, position=pos, impl=impl)
    assert ulti.declarer_points == 20
    assert not ulti.components["ulti"]
    free = make_rules(variants=["free-seven"])
    assert solve(deal, ULTI, LEAVES, rules=free, position=pos, impl=impl).declarer_points == 30


def test_r20_four_aces_captured(impl, endgame):
    """The declarer leads both tricks and wins both (hearts A, then 9 over
    the 8 and 7): seat 1 has to throw its two aces into them.  The hearts
    and leaves aces fell in his tricks earlier."""
    deal, pos = endgame("A9.-.-.-", "-.A.-.A", "87.-.-.-")
    pos = pos._replace(so_far=pos.so_far._replace(declarer_aces=parse_hand("A.-.A.-")))
    bid = parse_bid("four-aces")
    assert solve(deal, bid, LEAVES, position=pos, impl=impl).components["four-aces"]


def test_r20_four_aces_lost_when_a_defender_takes_an_ace(impl, endgame):
    """Seat 2 beats the heart 9 with the king or ten, and seat 1 has thrown
    an ace into that trick (it has nothing else to play)."""
    deal, pos = endgame("A9.-.-.-", "-.A.-.A", "KT.-.-.-")
    pos = pos._replace(so_far=pos.so_far._replace(declarer_aces=parse_hand("A.-.A.-")))
    bid = parse_bid("four-aces")
    assert not solve(deal, bid, LEAVES, position=pos, impl=impl).components["four-aces"]


def test_r20_four_aces_made_by_drawing_the_trumps_first(impl, endgame):
    """Leaves are trumps.  The declarer's trump ace draws the defender's lone 7 (R9), and
    then no one can ruff his bells ace.  With the defender holding T-7 his one trump
    above theirs is not enough: after the ace the T still ruffs the bells ace (R10), and
    the unter led loses to the T."""
    bid = parse_bid("four-aces")
    taken = parse_hand("A.-.-.A")
    for defender, made in (("9.-.7.8", True), ("-.-.T7.8", False)):
        deal, pos = endgame("-.A.AU.-" if not made else "-.A.AT.-", defender, "-.KO9.-.-")
        pos = pos._replace(so_far=pos.so_far._replace(declarer_aces=taken))
        assert solve(deal, bid, LEAVES, position=pos, impl=impl).components["four-aces"] == made, defender


def test_r21_durchmars(impl, endgame):
    """The declarer's A-9 of hearts win both tricks against 8-7; against K-T the 9 loses."""
    bid = parse_bid("durchmars")
    deal, pos = endgame("A9.-.-.-", "-.A.-.A", "87.-.-.-")
    assert solve(deal, bid, LEAVES, position=pos, impl=impl).components["durchmars"]
    deal, pos = endgame("A9.-.-.-", "-.A.-.A", "KT.-.-.-")
    assert not solve(deal, bid, LEAVES, position=pos, impl=impl).components["durchmars"]


def test_r21_durchmars_draws_a_defender_card_that_lies_between_the_declarer_s(impl, endgame):
    """A-K-7 of hearts against a lone 8: the ace draws the 8 (R9), then the king and the 7
    win as well; the defenders hold no trump to ruff with.  Against a lone ace above his
    K-9-7 the king led loses to it (R11), and so does any lead of the suit."""
    bid = parse_bid("durchmars")
    deal, pos = endgame("AK7.-.-.-", "8.AK.-.-", "-.-.-.987")
    assert solve(deal, bid, LEAVES, position=pos, impl=impl).components["durchmars"]
    deal, pos = endgame("K97.-.-.-", "A.AK.-.-", "-.-.-.987")
    assert not solve(deal, bid, LEAVES, position=pos, impl=impl).components["durchmars"]


def test_r23_betli(impl, endgame):
    """Low hearts under seat 1's A-K: R11 makes seat 1 overtake, so the
    declarer never wins.  With A-8 against K-9 the ace must win a trick:
    led, it wins; kept, it has to beat whatever heart seat 1 leads."""
    bid = parse_bid("betli")
    deal, pos = endgame("98.-.-.-", "AK.-.-.-", "-.A.-.A", so_far=Outcome(defender_tricks=8))
    assert solve(deal, bid, None, position=pos, impl=impl).components["betli"]
    deal, pos = endgame("A8.-.-.-", "K9.-.-.-", "-.A.-.A", so_far=Outcome(defender_tricks=8))
    assert not solve(deal, bid, None, position=pos, impl=impl).components["betli"]


def test_r17_to_r20_lost_before_play(impl):
    """Without the trump king and ober, a plain marriage, the trump seven,
    or with an ace in the talon, the component is lost whatever the play.

    Leaves trump; the declarer holds hearts A K U 7, bells T 9, leaves O U,
    acorns K 9: no leaves king (R17), no king-ober pair at all (R18), no
    leaves seven (R19), and the acorns ace lies in the talon (R20).
    """
    deal = parse_deal("AKU7.T9.OU.K9 TO9.-.ATK98.U8 8.AKOU87.7.TO -.-.-.A7")
    forty_ulti = solve(deal, parse_bid("40-100 ulti"), LEAVES, impl=impl)
    assert forty_ulti.components == {"40-100": False, "ulti": False} and not forty_ulti.joint
    assert not solve(deal, parse_bid("four-aces"), LEAVES, impl=impl).components["four-aces"]
    assert not solve(deal, parse_bid("20-100"), LEAVES, impl=impl).components["20-100"]


def test_r24_joint_is_more_than_each_component(impl):
    """40-100 ulti, leaves trump, 3 tricks left, the declarer on 20 points
    (seed 2528 of the biased 40-100 ulti endgames).  Declarer: bells A,
    leaves 7, acorns O; seat 1: bells T, acorns A K; seat 2: hearts T O, acorns 8.

    40-100 alone: lead the acorns ober; whatever seat 1 does, the seven
    ruffs an acorn or beats the last lead and the bells ace takes the ten:
    60.  Ulti alone: keep the seven for the tenth trick, nobody has a trump.
    Both: leading the ober lets seat 1 lead acorns into the void and force
    the seven out early (R10); leading the bells ace first and then the
    ober lets seat 1 win with the acorns ace while seat 2 smears the heart
    ten: 50.  Each component is makeable, the bid is not (R24).
    """
    bid = parse_bid("40-100 ulti")
    rng = random.Random(2528)
    deal = biased_deal(rng, bid, LEAVES)
    pos = random_position(rng, deal, bid, LEAVES, 3)
    assert pos.hands == (parse_hand("-.A.7.O"), parse_hand("-.T.-.AK"), parse_hand("TO.-.-.8"))
    result = solve(deal, bid, LEAVES, position=pos, impl=impl)
    assert result.components == {"40-100": True, "ulti": True}
    assert not result.joint
    assert result.declarer_points == 60


# -- Silent achievements (R25-R27) --------------------------------------------


def test_r25_declarer_silent_100(impl):
    """The declarer was dealt the leaves king and ober (40) and wins both
    last tricks (leaves ace over 9 and 8, hearts ace over 9 and 8: 30 with
    the last trick).  On 40 so far that is 40 + 30 + 40 = 110; on 20 so far
    only 90.  The defenders (20 + 20 in marriages) never reach 100."""
    deal = parse_deal("A.987.AKO.987 TKO9.AT.T9.AT U87.KOU.U87.K -.-.-.OU")
    for so_far_points, expected in ((40, True), (20, False)):
        pos = Position(
            (parse_hand("A.-.A.-"), parse_hand("9.-.9.-"), parse_hand("8.-.8.-")),
            0,
            Outcome(declarer_points=so_far_points, declarer_tricks=8),
        )
        result = solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl)
        assert result.silent["declarer-100"] is expected
        assert result.silent["defenders-100"] is False
        assert result.declarer_points == so_far_points + 30


def test_r26_declarer_silent_ulti(impl, endgame):
    """A party game: the declarer's leaves seven wins the tenth trick, as in
    the ulti test above, so it is a silent ulti; against the unter it is not."""
    deal, pos = endgame("A.-.7.-", "9.8.-.-", "K.9.-.-")
    assert solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent["ulti"]
    deal, pos = endgame("A.-.7.-", "9.8.-.-", "K.-.U.-")
    assert not solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent["ulti"]


def test_r26_defenders_silent_ulti(impl, endgame):
    """Seat 1 leads the heart ace, then its leaves seven: nobody has a trump,
    the seven wins the tenth trick, and the declarer cannot make it fail."""
    deal, pos = endgame("9.8.-.-", "A.-.7.-", "K.9.-.-", leader=1)
    silent = solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent
    assert silent["defender-ulti"] and not silent["defender-ulti-beaten"]


def test_r26_only_the_tenth_trick_counts(impl, endgame):
    """The declarer holds the leaves unter.  Seat 1, on lead, can lead its
    seven in trick 9 (no silent ulti, but none lost either), so the
    declarer cannot force a failure; seat 1 cannot win the tenth trick
    with it either."""
    deal, pos = endgame("9.-.U.-", "A.-.7.-", "K.9.-.-", leader=1)
    silent = solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent
    assert not silent["defender-ulti"] and not silent["defender-ulti-beaten"]


def test_r26_declarer_forces_the_defenders_silent_ulti_to_fail(impl, endgame):
    """The declarer leads the heart ace: seat 1 must follow with its heart
    and keep the seven, which then falls to the leaves unter in the tenth
    trick -- a failed silent ulti, paid like a lost ulti."""
    deal, pos = endgame("A.-.U.-", "9.-.7.-", "K.9.-.-")
    silent = solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent
    assert silent["defender-ulti-beaten"] and not silent["defender-ulti"]


def test_r27_silent_durchmars(impl, endgame):
    """Hearts ace and leaves ace win both tricks: every trick is the declarer's."""
    deal, pos = endgame("A.-.A.-", "9.8.-.-", "K.9.-.-")
    assert solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent["durchmars"]
    deal, pos = endgame("9.-.A.-", "A.8.-.-", "K.9.-.-")
    assert not solve(deal, PARTY, LEAVES, position=pos, silent=True, impl=impl).silent["durchmars"]
