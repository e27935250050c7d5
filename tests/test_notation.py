"""Cards and the deal notation (R1, R5-R7, INTERFACE.md): parsing, printing, errors."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ulti_solver.cards import (
    ACE,
    BB_ACES,
    BB_POINT_CARDS,
    HEARTS,
    TEN,
    CardError,
    card_name,
    card_points,
    format_card_list,
    format_hand,
    format_suit,
    make_card,
    parse_card,
)
from ulti_solver.deal import Deal, DealError, _suit_group, parse_deal, parse_hand
from ulti_solver.dealing import random_deal

EXAMPLE = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"


def test_r1_deck_has_32_cards_and_90_points():
    assert len({make_card(s, r) for s in range(4) for r in range(8)}) == 32
    assert sum(card_points(c) for c in range(32)) + 10 == 90  # R4: plus the last trick


def test_card_names_round_trip_in_both_alphabets():
    for card in range(32):
        assert parse_card(card_name(card)) == card
    assert parse_card("PA") == parse_card("HA") == make_card(HEARTS, ACE)
    assert parse_card("m10") == parse_card("AT") == parse_card("MX")


def test_example_deal_is_canonical():
    deal = parse_deal(EXAMPLE)
    assert str(deal) == EXAMPLE
    assert eval(repr(deal), {"Deal": Deal}) == deal


def test_talon_is_the_two_missing_cards_when_left_out():
    with_talon = parse_deal(EXAMPLE)
    without = parse_deal(EXAMPLE.rsplit(" ", 1)[0])
    assert without == with_talon


def test_separators_aliases_and_rank_order_are_free_on_input():
    messy = "79A.8KX.8F.9U / 8.79A.A97.OTA\tUOKT.UO.KT.7K / -.-.U.8"
    assert str(parse_deal(messy)) == EXAMPLE


def test_card_list_form():
    example = parse_deal(EXAMPLE)
    listed = " ".join(format_card_list(h) for h in example.hands)
    assert listed.startswith("HA,H9,H7,BT,BK,B8,LO,L8,AU,A9 ")
    assert parse_deal(listed) == example
    hungarian = listed.replace("H", "P").replace("B", "T").replace("L", "Z").replace("A", "M")
    assert (
        parse_deal(hungarian.replace("MM", "MA").replace("PM", "PA").replace("TM", "TA").replace("ZM", "ZA")) == example
    )


def test_twelve_card_hand_is_a_deal_before_the_discard():
    deal = parse_deal("A97.TK8.OU8.U98 8.A97.A97.ATO TKOU.OU.TK.K7")
    assert deal.before_discard
    after = deal.discard(parse_card("LU"), parse_card("A8"))
    assert str(after) == EXAMPLE
    with pytest.raises(DealError, match="12 cards"):
        deal.require_talon()


@pytest.mark.parametrize(
    "text, message",
    [
        ("A97.TK8.O8.Q9 8.A97.A97.ATO TKOU.OU.TK.K7", "unknown rank 'Q'"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.U", "AU is in both hand 0"),
        ("A97.TK8.O8.U9 A.A97.A97.ATO TKOU.OU.TK.K7", "HA is in both hand 0 .declarer. and hand 1"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K", "hand 2 .seat 2. has 9 cards"),
        ("A97.TK8.O8 8.A97.A97.ATO TKOU.OU.TK.K7", "3 suit groups"),
        ("A97.TK8.O8.U9.- 8.A97.A97.ATO TKOU.OU.TK.K7", "5 suit groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO", "found 2 groups"),
        ("a b c d e", "found 5 groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.-", "the talon has 1 card;"),
        ("AA97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7", "HA is written twice"),
        ("PA,PT,QX H9 B9", "unknown suit letter 'Q'"),
    ],
)
def test_r7_bad_deals_name_the_problem(text, message):
    with pytest.raises(DealError, match=message):
        parse_deal(text)


def test_every_suit_group_as_printed_reads_back_by_the_known_groups_and_by_the_rank_parser():
    # parse_hand reads a known group with one lookup, others by parsing each rank: both agree.
    for bits in range(256):
        text = format_suit(bits, HEARTS)
        assert _suit_group(text) == bits
        shuffled = text[::-1] if text != "-" else ""
        assert parse_hand(f"{shuffled}.-.-.-") == bits


def test_a_group_naming_a_rank_twice_stays_an_error_once_it_has_been_seen():
    for _ in range(2):
        with pytest.raises(DealError, match="HA is written twice"):
            parse_hand("AA9.-.-.-")


def test_card_errors_are_value_errors_quoting_the_input():
    with pytest.raises(CardError, match="'Z'") as info:
        parse_card("Z")
    assert isinstance(info.value, ValueError)


@given(st.integers(min_value=0, max_value=2**32))
def test_parse_format_round_trip_on_random_deals(seed):
    deal = random_deal(random.Random(seed))
    assert parse_deal(str(deal)) == deal
    assert str(parse_deal(str(deal))) == str(deal)
    for hand in deal.hands:
        assert parse_hand(format_card_list(hand)) == hand
        assert parse_hand(format_hand(hand)) == hand


def test_point_cards_are_aces_and_tens():
    assert BB_POINT_CARDS == BB_ACES | sum(1 << make_card(s, TEN) for s in range(4))
