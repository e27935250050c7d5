"""Cards and the deal notation (R1, R5-R7, INTERFACE.md): parsing, printing, errors, and a deal as
``ulti solve`` reads it."""

import json
import random
import re

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
    card_label,
    card_name,
    card_points,
    cards_label,
    cards_of,
    format_card_list,
    format_hand,
    format_suit,
    make_card,
    parse_card,
    symbols_as_letters,
)
from ulti_solver.deal import Deal, DealError, _suit_group, parse_deal, parse_hand
from ulti_solver.dealing import random_deal
from ulti_solver.position import parse_play

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
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.U", "♣U is in both the declarer's hand and the talon"),
        ("A97.TK8.O8.U9 A.A97.A97.ATO TKOU.OU.TK.K7", "♥A is in both the declarer's hand and seat 1's hand"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K", "seat 2's hand has 9 cards"),
        ("A97.TK8.O8 8.A97.A97.ATO TKOU.OU.TK.K7", "3 suit groups"),
        ("A97.TK8.O8.U9.- 8.A97.A97.ATO TKOU.OU.TK.K7", "5 suit groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO", "found 2 groups"),
        ("a b c d e", "found 5 groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.-", "the talon has 1 card;"),
        ("AA97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7", "♥A is written twice in the declarer's hand 'AA97.TK8.O8.U9'$"),
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
        with pytest.raises(DealError, match="♥A is written twice"):
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


# -- what the tables print reads back ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, letters",
    [
        ("♦T", "BT"),  # as the tables print it
        ("♥10", "HT"),
        ("♢A", "BA"),  # the outlined symbols players paste
        ("♡7", "H7"),
        ("♤O", "LO"),
        ("♧U", "AU"),
        ("♥\ufe0fK", "HK"),  # an emoji suit from a phone: the variation selector is not part of the card
        ("A♠", "LA"),  # rank first, as some players write it
        ("10♣", "AT"),
        ("♣X", "AT"),
        ("♠F", "LO"),
    ],
)
def test_cards_read_as_the_tables_print_them(text, letters):
    assert parse_card(text) == parse_card(letters)


def test_every_printed_card_reads_back():
    for card in range(32):
        assert parse_card(card_label(card)) == card


def test_a_card_list_and_a_deal_in_symbols_read_as_in_letters():
    assert parse_hand("♥A,♥T") == parse_hand("HA,HT") == parse_hand("♡A, ♥10")
    lists = " ".join(cards_label(cards_of(h)).replace(" ", ",") for h in parse_deal(EXAMPLE).hands)
    assert str(parse_deal(lists)) == EXAMPLE


def test_a_played_line_copied_from_a_table_reads_back():
    assert parse_play("♦T ♦A ♦U") == parse_play("BT BA BU")
    assert parse_play("♠7 ♠K ♠8, ♠T") == parse_play("L7,LK,L8,LT")


def test_a_suit_that_is_no_suit_lists_the_symbols_too():
    with pytest.raises(CardError, match="suits are H B L A, P T Z M, or ♥ ♦ ♠ ♣"):
        parse_card("♔A")


def test_messages_name_cards_as_the_tables_do():
    with pytest.raises(DealError, match="card ♣7 is in both seat 2's hand and the talon"):
        parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.7")
    twelve = parse_deal("A97.TK8.OU8.U98 8.A97.A97.ATO TKOU.OU.TK.K7")
    with pytest.raises(DealError, match="cannot discard ♥8 and ♠U"):
        twelve.discard(parse_card("H8"), parse_card("LU"))


def test_symbols_become_letters_for_an_output_without_them():
    assert symbols_as_letters("card ♣7 (♡A, trick 1): follow suit with ♦O ♦U") == (
        "card A7 (HA, trick 1): follow suit with BO BU"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("A97.TK8.O8.Q9 8.A97.A97.ATO TKOU.OU.TK.K7", "the declarer's hand 'A97.TK8.O8.Q9': unknown rank 'Q'"),
        ("A97.TK8.O8.U9 8.A97.A97.AQO TKOU.OU.TK.K7", "seat 1's hand '8.A97.A97.AQO': unknown rank 'Q'"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK", "seat 2's hand 'TKOU.OU.TK' has 3 suit groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U", "the talon '-.-.U' has 3 suit groups"),
        ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K", "seat 2's hand has 9 cards"),
    ],
)
def test_deal_errors_name_the_hand_by_seat_and_quote_it_once(text, message):
    with pytest.raises(DealError) as info:
        parse_deal(text)
    assert message in str(info.value)
    assert "hand 0" not in str(info.value) and "hand 2 (" not in str(info.value)
    quoted = re.findall(r"'[^']*\.[^']*'", str(info.value))  # quoted hands
    assert len(quoted) == len(set(quoted)) <= 1, str(info.value)


# -- the deal as the command line reads it -----------------------------------------------------

#: The example deal as card lists, with the spaces after the commas that people type.
DEAL_AS_SPACED_LISTS = (
    "HA, H9, H7, BT, BK, B8, LO, L8, AU, A9 / H8, BA, B9, B7, LA, L9, L7, AA, AT, AO / "
    "HT, HK, HO, HU, BO, BU, LT, LK, AK, A7"
)


def test_r6_one_card_is_one_card(ulti, bad_input):
    line = bad_input(ulti("solve", "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.-", "--bid", "party"))
    assert "the talon has 1 card;" in line and "1 cards" not in line


@pytest.mark.parametrize(
    "text", [DEAL_AS_SPACED_LISTS, DEAL_AS_SPACED_LISTS.replace(" / ", " "), DEAL_AS_SPACED_LISTS.replace(", ", " , ")]
)
def test_card_lists_may_have_spaces_around_the_commas(text, ulti):
    result = ulti("solve", text, "--bid", "betli", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["deal"] == EXAMPLE


@pytest.mark.parametrize(
    "text, found", [("A97.TK8 8.A97.A97.ATO", "2 groups"), (EXAMPLE + " -.-.-.- -.-.-.-", "6 groups")]
)
def test_r5_a_wrong_number_of_groups_says_what_a_deal_is(text, found, ulti, bad_input):
    line = bad_input(ulti("solve", text, "--bid", "party"))
    for words in ("three hands", "declarer, seat 1, seat 2", "optionally the talon", "spaces or '/'", found):
        assert words in line
