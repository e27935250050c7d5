"""Rules of play, R8-R13: one test per clause, named after it."""

import pytest

from ulti_solver.bids import parse_bid
from ulti_solver.cards import HEARTS, LEAVES, card_name, cards_of, parse_card
from ulti_solver.deal import parse_hand
from ulti_solver.play import PlayRules, legal_moves, trick_winner
from ulti_solver.variants import make_rules

PARTY = parse_bid("party")
ULTI = parse_bid("ulti")
BETLI = parse_bid("betli")


def names(mask):
    return sorted(card_name(c) for c in cards_of(mask))


def legal(hand, trick, bid=PARTY, trump=LEAVES, declarer=False, rules=make_rules()):
    play = PlayRules.for_game(bid, trump, rules=rules)
    return set(names(legal_moves(parse_hand(hand), [parse_card(c) for c in trick], play, declarer)))


def test_r9_follow_suit():
    # hearts led; the hand has hearts and trumps: hearts only (and R11 makes it the higher one)
    assert legal("K9.A.A7.-", ["HO"]) == {"HK"}


def test_r10_trump_when_void_in_a_trump_game():
    assert legal("-.A.A7.K", ["HO"]) == {"LA", "L7"}


def test_r10_void_without_trump_plays_any_card():
    assert legal("-.A9.-.K", ["HO"]) == {"AK", "BA", "B9"}


def test_r10_no_trump_game_void_plays_any_card():
    assert legal("-.A.A7.-", ["HO"], bid=BETLI, trump=None) == {"BA", "LA", "L7"}


def test_r11_lead_is_free():
    assert legal("K9.A.A7.-", []) == {"BA", "HK", "H9", "LA", "L7"}


def test_r11_must_beat_the_highest_of_the_led_suit_when_nobody_trumped():
    # hearts: 9 led, then the O; holding K and 8, the K must be played
    assert legal("K8.-.-.-", ["H9", "HO"]) == {"HK"}


def test_r11_may_play_any_of_the_suit_when_unable_to_beat():
    assert legal("U8.-.-.-", ["H9", "HO"]) == {"HU", "H8"}


def test_r11_following_after_a_ruff_any_card_of_the_suit():
    # hearts 9 led and trumped with the leaves 7: the A of hearts could beat the 9 but need not
    assert legal("A8.-.-.-", ["H9", "L7"]) == {"HA", "H8"}


def test_r11_trump_lead_must_be_beaten_by_a_higher_trump():
    assert legal("-.-.AU8.-", ["LO"]) == {"LA"}


def test_r11_trumping_must_beat_the_highest_trump_so_far():
    # hearts led, seat 1 trumped with the leaves U; void in hearts: the O beats it, the 8 does not
    assert legal("-.-.O8.A", ["H9", "LU"]) == {"LO"}


def test_r11_trumping_when_unable_to_overtrump_any_trump():
    assert legal("-.-.98.A", ["H9", "LU"]) == {"L9", "L8"}


def test_r11_first_trump_may_be_any_trump():
    assert legal("-.-.A8.K", ["H9", "HA"]) == {"LA", "L8"}


def test_r11_uses_the_no_trump_order_in_betli():
    # R3: the ten ranks below the unter, so T does not beat U but K does
    assert legal("TK.-.-.-", ["HU"], bid=BETLI, trump=None) == {"HK"}
    assert legal("T8.-.-.-", ["HU"], bid=BETLI, trump=None) == {"HT", "H8"}


def test_r12_declarer_keeps_the_trump_seven_while_holding_another_trump():
    assert legal("A.-.97.-", [], bid=ULTI, declarer=True) == {"HA", "L9"}


def test_r12_seven_is_played_when_it_is_the_only_allowed_card():
    assert legal("A.-.7.-", ["BA", "B9"], bid=ULTI, declarer=True) == {"L7"}


def test_r12_seven_may_be_led_when_it_is_the_last_trump():
    assert legal("A.-.7.-", [], bid=ULTI, declarer=True) == {"HA", "L7"}


def test_r12_only_binds_the_declarer():
    assert legal("A.-.97.-", [], bid=ULTI, declarer=False) == {"HA", "L9", "L7"}


def test_r12_only_in_bids_with_ulti():
    assert legal("A.-.97.-", [], bid=PARTY, declarer=True) == {"HA", "L9", "L7"}


def test_r12_variant_free_seven_lifts_it():
    free = make_rules(variants=["free-seven"])
    assert legal("A.-.97.-", [], bid=ULTI, declarer=True, rules=free) == {"HA", "L9", "L7"}


def test_r12_when_trumping_with_seven_and_nine_the_nine_goes():
    assert legal("-.-.97.A", ["H9", "HA"], bid=ULTI, declarer=True) == {"L9"}


@pytest.mark.parametrize(
    "trick, trump, winner",
    [
        (["H9", "HK", "H7"], LEAVES, 1),  # highest of the led suit
        (["H9", "HK", "L7"], LEAVES, 2),  # any trump beats the led suit
        (["H9", "L8", "L7"], LEAVES, 1),  # the higher trump
        (["H9", "BA", "AA"], LEAVES, 0),  # off-suit cards never win
        (["HU", "HT", "H9"], None, 0),  # R3: in no-trump the ten is below the unter
        (["HU", "HT", "H9"], HEARTS, 1),  # R2: in a trump game the ten is second
    ],
)
def test_r13_trick_winner(trick, trump, winner):
    bid = PARTY if trump is not None else BETLI
    play = PlayRules.for_game(bid, trump, rules=make_rules())
    assert trick_winner([parse_card(c) for c in trick], play) == winner


def test_r3_variant_durchmars_ten_high():
    colorless = parse_bid("colorless durchmars")
    low = PlayRules.for_game(colorless, None, rules=make_rules())
    high = PlayRules.for_game(colorless, None, rules=make_rules(variants=["durchmars-ten-high"]))
    trick = [parse_card(c) for c in ("BU", "BT", "B9")]
    assert trick_winner(trick, low) == 0
    assert trick_winner(trick, high) == 1


def test_r8_r5_seat_one_plays_after_the_declarer(impl, endgame):
    """R5/R8: the declarer leads, seat 1 follows, then seat 2 -- checked through a search.

    Declarer leads the only card, the heart 9.  Seat 1 holds the heart ace,
    seat 2 the heart ten: if seat 2 played second it would have to beat the
    9 with the ten, and then seat 1 would be forced to overtake with the
    ace.  Either way a defender wins, so check the last trick's points.
    """
    from ulti_solver.search import solve

    deal, position = endgame("9.-.-.-", "A.-.-.-", "-.-.-.7")
    result = solve(deal, PARTY, LEAVES, position=position, impl=impl)
    assert result.declarer_points == 0
    deal, position = endgame("A.-.-.-", "9.-.-.-", "-.-.-.7")
    assert solve(deal, PARTY, LEAVES, position=position, impl=impl).declarer_points == 20
