"""Constrained dealing: what a player knows (Constraints), uniform samples, and every deal that fits."""

import os
import subprocess
import sys
from collections import Counter

import pytest

from ulti_solver.cards import BB_SUITS, cards_of, parse_card
from ulti_solver.deal import parse_hand
from ulti_solver.dealing import ConstraintError, Constraints, every_deal, sample_deal

HAND = parse_hand("A97.TK8.O8.U9")  # examples/hand.txt: 10 cards after the discard
TALON = parse_hand("LU,A8")
TWELVE = parse_hand("K.K97.AKO87.AO9")
HEARTS, BELLS, LEAVES, ACORNS = range(4)


def cards(text):
    return parse_hand(text)


def small_case(voids=()):
    """A deal with only six cards unseen: seats 1 and 2 are known but for three cards each.

    The deal is ``A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8``; the
    hidden cards are H8, BA, LA of seat 1 and BO, AK, A7 of seat 2, so seat 1
    may be void in hearts and seat 2 in acorns.
    """
    seat1 = cards("8.A97.A97.ATO") & ~cards("H8,BA,LA")
    seat2 = cards("TKOU.OU.TK.K7") & ~cards("BO,AK,A7")
    return Constraints(HAND, cards("-.-.U.8"), seat1, seat2, voids)


def one_line_error(constraints_args, *words):
    with pytest.raises(ConstraintError) as info:
        Constraints(*constraints_args)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


# -- what cannot be ---------------------------------------------------------------------------------------------


def test_an_eleven_card_hand_is_an_error():
    one_line_error((cards("A97.TK8.O8.U98"),), "11 cards", "12")


def test_a_ten_card_hand_needs_its_talon():
    one_line_error((HAND,), "10 cards", "--talon")


def test_a_talon_of_one_card_is_an_error():
    one_line_error((HAND, cards("LU")), "talon", "1 card")


def test_a_twelve_card_hand_with_a_talon_is_an_error():
    one_line_error((TWELVE, cards("HA,HT")), "12 cards", "with the talon it needs 10")


def test_a_card_in_the_hand_and_in_seat_1_is_an_error():
    one_line_error((HAND, TALON, cards("HA,BK")), "♥A", "the declarer's hand", "seat 1")


def test_a_card_in_the_talon_and_in_seat_2_is_an_error():
    one_line_error((HAND, TALON, 0, cards("LU")), "♠U", "the talon", "seat 2")


def test_a_card_in_both_defenders_is_an_error():
    one_line_error((HAND, TALON, cards("HK"), cards("HK,HO")), "♥K", "seat 1", "seat 2")


def test_eleven_known_cards_in_a_seat_is_an_error():
    seat1 = cards("KOU.AO.AKTO97.K") & ~HAND & ~TALON
    assert len(list(cards_of(seat1))) == 11
    one_line_error((HAND, TALON, seat1), "seat 1", "11 cards")


def test_a_void_that_contradicts_a_known_card_is_an_error():
    one_line_error((HAND, TALON, cards("HK"), 0, ((1, HEARTS),)), "seat 1", "void in hearts", "♥K")


def test_both_defenders_void_in_a_suit_with_unseen_cards_is_an_error():
    message = one_line_error((HAND, TALON, 0, 0, ((1, BELLS), (2, BELLS))), "both defenders", "bells")
    for card in ("♦7", "♦9", "♦U", "♦O", "♦A"):  # the bells nobody can hold
        assert card in message


def test_both_defenders_void_in_a_suit_the_declarer_holds_is_fine():
    every_heart = cards("ATKOU987.AT.-.-")
    constraints = Constraints(every_heart, cards("LA,AA"), voids=((1, HEARTS), (2, HEARTS)))
    assert constraints.deal_count() == 184756  # C(20, 10): the voids take nothing away


def test_voids_that_send_more_than_ten_cards_to_one_seat_are_an_error():
    # Seat 1 void in three suits: the unseen cards of those suits must all go to seat 2.
    one_line_error(
        (HAND, TALON, 0, 0, ((1, HEARTS), (1, BELLS), (1, LEAVES))),
        "seat 1",
        "void in hearts, bells and leaves",
        "seat 2",
        "15 unseen cards",
        "10",
    )


def test_voids_and_known_cards_together_past_ten_are_an_error():
    seat1 = cards("KO.-.T7.-")  # 4 known, then 11 unseen hearts, leaves and acorns forced on seat 1
    message = one_line_error(
        (HAND, TALON, seat1, 0, ((2, HEARTS), (2, LEAVES), (2, ACORNS))), "seat 2", "seat 1", "4 known cards", "15"
    )
    assert "hearts, leaves and acorns" in message


def test_a_void_for_seat_3_is_an_error():
    one_line_error((HAND, TALON, 0, 0, ((3, HEARTS),)), "seat 1 or seat 2")


def test_a_void_in_a_suit_that_does_not_exist_is_an_error():
    one_line_error((HAND, TALON, 0, 0, ((1, 4),)), "suit")


def test_a_void_given_twice_is_the_same_void():
    once = Constraints(HAND, TALON, 0, 0, ((1, HEARTS),))
    twice = Constraints(HAND, TALON, 0, 0, ((1, HEARTS), (1, HEARTS)))
    assert once.forced() == twice.forced() and once.free() == twice.free()
    assert [sample_deal(once, 3, i) for i in range(20)] == [sample_deal(twice, 3, i) for i in range(20)]


def test_constraint_error_is_input_error():
    from ulti_solver.errors import UltiInputError

    assert issubclass(ConstraintError, UltiInputError)


# -- every deal that fits ---------------------------------------------------------------------------------------


def fits(deal, constraints):
    """The deal keeps what is known: the hand, the talon, the known cards, the voids, ten cards each."""
    hands = deal.hands
    if hands[0] != constraints.hand or deal.talon != constraints.talon:
        return False
    if hands[1] & constraints.seat1 != constraints.seat1 or hands[2] & constraints.seat2 != constraints.seat2:
        return False
    if any(hands[seat] & BB_SUITS[suit] for seat, suit in constraints.voids):
        return False
    return len(list(cards_of(hands[1]))) == len(list(cards_of(hands[2]))) == 10


def test_every_deal_yields_each_fitting_deal_once():
    constraints = small_case()
    deals = list(every_deal(constraints))
    assert len(deals) == constraints.deal_count() == 20  # 6 unseen cards, 3 to each seat
    assert len(set(deals)) == len(deals)
    assert all(fits(deal, constraints) for deal in deals)


@pytest.mark.parametrize(
    "voids, only1, only2, count",
    [
        (((2, ACORNS),), "AK,A7", "", 4),  # AK and A7 to seat 1, which then takes 1 of the 4 others
        (((1, HEARTS),), "", "H8", 10),  # H8 to seat 2; seat 1 takes 3 of the 5 others
        (((1, HEARTS), (2, ACORNS)), "AK,A7", "H8", 3),
    ],
)
def test_every_deal_with_voids(voids, only1, only2, count):
    constraints = small_case(voids)
    assert constraints.forced() == (cards(only1) if only1 else 0, cards(only2) if only2 else 0)
    deals = list(every_deal(constraints))
    assert len(deals) == len(set(deals)) == constraints.deal_count() == count
    assert all(fits(deal, constraints) for deal in deals)


def test_with_nothing_known_every_split_of_twenty_cards_is_counted():
    assert Constraints(HAND, TALON).deal_count() == 184756  # C(20, 10)
    assert Constraints(TWELVE).deal_count() == 184756


# -- sampling ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("voids", [(), ((2, ACORNS),), ((1, HEARTS),), ((1, HEARTS), (2, ACORNS))])
def test_samples_are_uniform_over_the_fitting_deals(voids):
    """With only a few free cards every deal is seen, each about equally often (fixed seeds: not flaky)."""
    constraints = small_case(voids)
    deals = set(every_deal(constraints))
    per_deal = 400
    runs = per_deal * len(deals)
    counts = Counter(sample_deal(constraints, 11, i) for i in range(runs))
    assert set(counts) == deals  # every sample fits, and every fitting deal turns up
    # Binomial(runs, 1/n): the standard deviation is under 20 here; allow 25%, more than 5 of them.
    for deal in deals:
        assert 0.75 * per_deal <= counts[deal] <= 1.25 * per_deal, (counts[deal], per_deal)


def test_each_unseen_card_goes_to_seat_1_half_the_time():
    """Nothing known: 20 unseen cards; each should be in seat 1 in about half of the samples."""
    constraints = Constraints(HAND, TALON)
    runs = 2000
    in_seat1 = Counter()
    for i in range(runs):
        deal = sample_deal(constraints, 5, i)
        assert fits(deal, constraints)
        in_seat1.update(cards_of(deal.hands[1]))
    assert set(in_seat1) == set(cards_of(constraints.unseen))
    for card, count in in_seat1.items():
        assert abs(count / runs - 0.5) < 0.06, (card, count)


def test_a_void_sends_the_suit_to_the_other_seat_and_shares_the_rest_evenly():
    constraints = Constraints(HAND, TALON, voids=((2, BELLS),))  # 5 unseen bells, all to seat 1
    bells = cards("-.AOU97.-.-")
    runs = 1500
    others = Counter()
    for i in range(runs):
        deal = sample_deal(constraints, 8, i)
        assert deal.hands[1] & bells == bells and not deal.hands[2] & BB_SUITS[BELLS]
        others.update(cards_of(deal.hands[1] & ~bells))
    # Seat 1 takes 5 of the other 15 unseen cards: each with probability 1/3.
    for card, count in others.items():
        assert abs(count / runs - 1 / 3) < 0.06, (card, count)


def test_a_sample_depends_on_the_seed_and_index_alone():
    constraints = Constraints(TWELVE, seat1=cards("HA"), voids=((2, ACORNS),))
    forward = [sample_deal(constraints, 42, i) for i in range(30)]
    backward = [sample_deal(constraints, 42, i) for i in reversed(range(30))][::-1]
    assert forward == backward
    assert sample_deal(constraints, 42, 7) == forward[7]
    assert len(set(forward)) == 30  # different indexes, different deals (184k-odd deals fit)
    assert sample_deal(constraints, 43, 0) != forward[0]
    assert all(fits(deal, constraints) for deal in forward)


def test_samples_are_the_same_in_another_process_whatever_its_hash_seed():
    code = (
        "from ulti_solver.dealing import Constraints, sample_deal; from ulti_solver.deal import parse_hand; "
        "c = Constraints(parse_hand('A97.TK8.O8.U9'), parse_hand('LU,A8')); "
        "print(' | '.join(str(sample_deal(c, 2024, i)) for i in range(5)))"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        outputs.add(
            subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
        )
    constraints = Constraints(HAND, TALON)
    here = " | ".join(str(sample_deal(constraints, 2024, i)) for i in range(5)) + "\n"
    assert outputs == {here}


def test_the_seeding_scheme_is_pinned():
    """A change here changes the numbers of every simulation for a given --seed: do it on purpose only."""
    assert str(sample_deal(Constraints(HAND, TALON), 0, 0)) == "A97.TK8.O8.U9 KU8.OU.T7.TO7 TO.A97.AK9.AK -.-.U.8"
    assert str(sample_deal(Constraints(TWELVE, voids=((2, ACORNS),)), 7, 123)) == (
        "K.K97.AKO87.AO9 AU.TU.9.TKU87 TO987.AO8.TU.-"
    )


def test_card_names_in_messages_are_the_table_names_and_read_back():
    message = one_line_error((HAND, TALON, cards("HA")), "♥A")
    assert parse_card(message.split()[0]) == parse_card("HA")
