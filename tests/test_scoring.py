"""What each component asks of a finished game (R14-R20, R25-R27), on hand-made outcomes."""

from ulti_solver.bids import parse_bid
from ulti_solver.cards import BB_ACES, LEAVES
from ulti_solver.deal import parse_deal
from ulti_solver.position import Outcome
from ulti_solver.scoring import Scoring, has_forty, has_twenty, marriage_value
from ulti_solver.variants import make_rules

# Declarer: hearts K O (a 20) and leaves K O (the 40 with leaves trump).
# Seat 2: bells K O (a 20).  Talon: the acorns ace and the bells 9 (10 points).
DEAL = parse_deal("KOU.A7.KO87.T AT98.T8.AT9.K 7.KOU.U.OU987 -.9.-.A")


def scoring(bid="party", rules=make_rules()):
    return Scoring(DEAL, parse_bid(bid), LEAVES, rules=rules)


def done(d, declarer_tricks=5, **kw):
    return Outcome(declarer_points=d, declarer_tricks=declarer_tricks, defender_tricks=10 - declarer_tricks, **kw)


def test_r15_marriages_forty_in_trump_twenty_elsewhere():
    assert marriage_value(DEAL.hands[0], LEAVES) == 60
    assert marriage_value(DEAL.hands[2], LEAVES) == 20
    assert has_forty(DEAL.hands[0], LEAVES) and not has_forty(DEAL.hands[1], LEAVES)
    assert has_twenty(DEAL.hands[0], LEAVES)


def test_r14_threshold_exactly():
    s = scoring()
    # D + 60 > (80 - D) + 10 + 20  <=>  2D > 50  <=>  D >= 30
    assert [d for d in range(0, 90, 10) if s.party_made(done(d))] == [30, 40, 50, 60, 70, 80]


def test_r14_ties_go_to_the_defenders():
    """A tie needs card points a real game cannot have (they come in tens, marriages in
    twenties), so it is built by hand: with 25, the declarer's 25 + 60 (his marriages)
    meets the defenders' 55 + 10 (talon) + 20 (seat 2's marriage) at 85 each."""
    s = scoring()
    assert s.totals(done(25)) == (85, 85)
    assert not s.party_made(done(25))  # ">" not ">=": a tie is the defenders'
    assert s.party_made(done(35))
    # F == 0: the declarer wins, even when the defenders took a trick without points.
    assert s.party_made(done(80, declarer_tricks=9))


def test_r14_no_card_points_no_party_even_with_marriages():
    s = scoring()
    assert not s.party_made(done(0, declarer_tricks=3))


def test_r16_talon_to_declarer_variant():
    s = scoring(rules=make_rules("tournament"))
    # D + 10 + 60 > (80 - D) + 20  <=>  2D > 30  <=>  D >= 20
    assert [d for d in range(0, 90, 10) if s.party_made(done(d))][0] == 20


def test_r15_variant_marriages_need_a_trick():
    s = scoring(rules=make_rules("classic"))
    # Without a trick the declarer's 60 does not count; with D = 0 and no trick: 0 vs 80 + 30.
    assert not s.party_made(done(0, declarer_tricks=0))
    # The defenders took no trick: their 20 does not count, and D = 80 wins.
    assert s.party_made(done(80, declarer_tricks=10))


def test_r17_forty_hundred_needs_the_forty_and_sixty():
    s = scoring("40-100")
    assert s.component_made("40-100", done(60))
    assert not s.component_made("40-100", done(50))
    other = Scoring(DEAL, parse_bid("40-100"), 1)  # bells trump: the declarer has no bells K O
    assert not other.component_made("40-100", done(80))


def test_r18_twenty_hundred_needs_a_twenty_and_eighty():
    s = scoring("20-100")
    assert s.component_made("20-100", done(80))
    assert not s.component_made("20-100", done(70))


def test_r19_ulti_needs_the_seven_in_the_tenth_trick_winning():
    s = Scoring(parse_deal("KOU.A7.KO87.T AT98.T8.AT9.K 7.KOU.U.OU987 -.9.-.A"), parse_bid("ulti"), LEAVES)
    assert s.ulti_made(done(0, seven_trick=10, seven_won=True))
    assert not s.ulti_made(done(0, seven_trick=9, seven_won=True))
    assert not s.ulti_made(done(0, seven_trick=10, seven_won=False))
    hearts = Scoring(DEAL, parse_bid("red ulti"), 0)  # the hearts seven is seat 2's
    assert not hearts.ulti_made(done(0, seven_trick=10, seven_won=True))


def test_r20_four_aces_all_in_declarer_tricks():
    s = scoring("four-aces")
    assert s.component_made("four-aces", done(0, declarer_aces=BB_ACES))
    assert not s.component_made("four-aces", done(0, declarer_aces=BB_ACES & ~(1 << 31)))


def test_r21_r23_durchmars_and_betli_count_tricks():
    s = scoring("durchmars")
    assert s.component_made("durchmars", done(80, declarer_tricks=10))
    assert not s.component_made("durchmars", done(80, declarer_tricks=9))
    assert scoring("betli").component_made("betli", done(0, declarer_tricks=0))
    assert not scoring("betli").component_made("betli", done(0, declarer_tricks=1))


def test_r25_silent_hundreds():
    s = scoring()
    assert s.declarer_silent_100(done(40))  # 40 + 60 = 100
    assert not s.declarer_silent_100(done(30))
    assert s.defenders_silent_100(done(0))  # 80 + 10 + 20 = 110
    assert not s.defenders_silent_100(done(20))  # 60 + 30 = 90
    assert not scoring("40-100").declarer_silent_100(done(80))  # no party, no silent 100 (R22)
