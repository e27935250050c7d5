"""Bid words, R22 (when the party is played), R28 combinations and R29 trumps."""

import pytest

from ulti_solver.bids import BidError, parse_bid, parse_trump, trumps_to_solve
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES


@pytest.mark.parametrize(
    "text, components, canonical",
    [
        ("party", {"party"}, "party"),
        ("passz", {"party"}, "party"),
        ("40-100 ulti", {"40-100", "ulti"}, "40-100 ulti"),
        ("ULTI", {"party", "ulti"}, "ulti"),
        ("négy-ász", {"party", "four-aces"}, "four-aces"),
        ("4-aces ulti", {"party", "four-aces", "ulti"}, "ulti four-aces"),
        ("durchmarsch 20-100", {"20-100", "durchmars"}, "20-100 durchmars"),
        ("rebetli", {"betli"}, "red betli"),
        ("terített betli", {"betli"}, "open betli"),
        ("színtelen durchmars", {"durchmars"}, "colorless durchmars"),
        ("piros 40-100 ulti", {"40-100", "ulti"}, "red 40-100 ulti"),
        ("open durchmars four-aces", {"four-aces", "durchmars"}, "open four-aces durchmars"),
    ],
)
def test_r22_r28_bids_and_canonical_names(text, components, canonical):
    bid = parse_bid(text)
    assert set(bid.components) == components
    assert str(bid) == canonical
    assert parse_bid(str(bid)) == bid


def test_r22_party_is_played_only_without_100s_and_durchmars():
    assert parse_bid("ulti").plays_party
    assert parse_bid("four-aces").plays_party
    assert not parse_bid("40-100 ulti").plays_party
    assert not parse_bid("ulti durchmars").plays_party
    assert not parse_bid("betli").plays_party


@pytest.mark.parametrize(
    "text, message",
    [
        ("40-100 20-100", "40-100 and 20-100"),
        ("betli ulti", "betli is bid alone"),
        ("colorless ulti", "'colorless' goes only with durchmars"),
        ("colorless durchmars ulti", "colorless durchmars is bid alone"),
        ("open ulti", "'open' goes only with durchmars or betli"),
        ("party 40-100", "party is not played with 40-100"),
        ("durchmars durchmarsch", "said twice"),
        ("ultii", "did you mean 'ulti'"),
        ("", "empty"),
        ("red", "names no game"),
    ],
)
def test_r28_rejects_with_a_reason(text, message):
    with pytest.raises(BidError, match=message):
        parse_bid(text)


def test_r29_trumps_to_solve():
    assert [t for _, t in trumps_to_solve(parse_bid("ulti"), None)] == [BELLS, LEAVES, ACORNS]
    assert [t for _, t in trumps_to_solve(parse_bid("red ulti"), None)] == [HEARTS]
    ((bid, trump),) = trumps_to_solve(parse_bid("ulti"), HEARTS)
    assert bid.red and trump == HEARTS  # --trump hearts makes the bid red (R28)
    assert trumps_to_solve(parse_bid("betli"), None) == ((parse_bid("betli"), None),)
    with pytest.raises(BidError, match="without trump"):
        trumps_to_solve(parse_bid("colorless durchmars"), LEAVES)
    with pytest.raises(BidError, match="red bid plays hearts"):
        trumps_to_solve(parse_bid("red party"), ACORNS)


def test_trump_words():
    assert parse_trump("Zöld") == LEAVES == parse_trump("leaves")
    assert parse_trump("tok") == BELLS
    assert parse_trump(None) is None
    with pytest.raises(BidError, match="unknown trump 'spades'"):
        parse_trump("spades")


# -- the words players use -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("negyven-száz", "40-100"),
        ("negyvenszáz ulti", "40-100 ulti"),
        ("negyven száz ulti", "40-100 ulti"),
        ("húsz-száz", "20-100"),
        ("húszszáz", "20-100"),
        ("négy ász", "four-aces"),
        ("Négy Ász ulti", "ulti four-aces"),
        ("four aces", "four-aces"),
        ("négyász", "four-aces"),
        ("40–100 ulti", "40-100 ulti"),  # an en dash, as printed rules write it
        ("pirosbetli", "red betli"),
        ("terítettbetli", "open betli"),
        ("terített durchmars", "open durchmars"),
        ("redurchmars", "red durchmars"),
        ("piros negyvenszáz ulti", "red 40-100 ulti"),
        ("színtelen durchmarsch", "colorless durchmars"),
    ],
)
def test_hungarian_bid_words_from_the_rule_texts(text, canonical):
    assert str(parse_bid(text)) == canonical


@pytest.mark.parametrize(
    "text, suggestion",
    [
        ("negyven-szász", "did you mean 'negyven-szaz' (40-100)?"),
        ("husz-sza", "did you mean 'husz-szaz' (20-100)?"),
        ("negyven", "(40-100)?"),
        ("durchmasr", "did you mean 'durchmars'?"),
    ],
)
def test_a_misspelt_word_is_told_the_word_it_is_close_to_and_what_it_means(text, suggestion):
    with pytest.raises(BidError) as info:
        parse_bid(text)
    assert suggestion in str(info.value)
    assert "negy-asz" not in str(info.value).split("?")[0]


@pytest.mark.parametrize("symbol, suit", [("♥", HEARTS), ("♦", BELLS), ("♠", LEAVES), ("♣", ACORNS), ("♤", LEAVES)])
def test_trump_as_the_suit_symbol_the_tables_print(symbol, suit):
    assert parse_trump(symbol) == suit


def test_an_unknown_trump_suggests_a_close_name():
    with pytest.raises(BidError, match="did you mean 'leaves'"):
        parse_trump("leafs")
