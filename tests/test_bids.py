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
