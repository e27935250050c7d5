"""R47: which bid beats which, per rulebook, held to the seed sentences R47 quotes and to
the bid tables of seed-tables.md row by row."""

import itertools

import pytest
from test_settlement import SEED_002, SEED_003

from ulti_solver.bids import EVERY_BID, parse_bid
from ulti_solver.game.ranking import TABLE_ROWS, Rank, bid_order, bid_rank, component_count
from ulti_solver.variants import make_rules

ULTIBLOG, RABLO, CLASSIC, TOURNAMENT = (
    bid_order(rules=make_rules(book)) for book in ("ultiblog", "rablo", "classic", "tournament")
)
EVERY_ORDER = {"ultiblog": ULTIBLOG, "rablo": RABLO, "classic": CLASSIC, "tournament": TOURNAMENT}


def beats(order, bid, standing):
    return order.beats(parse_bid(bid), parse_bid(standing))


# -- the seed sentences R47 quotes ------------------------------------------------------------


def test_r47_ultiblog_20_100_beats_40_100_ulti_as_the_simpler_bid_of_equal_value():
    # seed 000: "40-100 ulti és a 20-100 mind 8 egység értékűek, de ... erősebb a 20-100"
    assert beats(ULTIBLOG, "20-100", "40-100 ulti")
    assert not beats(ULTIBLOG, "40-100 ulti", "20-100")


def test_r47_rablo_20_100_does_not_beat_40_100_ulti_only_a_higher_value_beats():
    # seed 001: "a 40-100 ultinál (8 forint) nem nagyobb a 20-100"
    assert not beats(RABLO, "20-100", "40-100 ulti")
    assert not beats(RABLO, "40-100 ulti", "20-100")
    assert beats(RABLO, "ulti four-aces", "20-100")  # 8+1 is above 8


@pytest.mark.parametrize("book", EVERY_ORDER)
def test_r47_betli_beats_ulti_in_every_rulebook(book):
    # seed 001: "a betli 5 forintja ... többet ér az ulti 4+1 forintjánál"
    assert beats(EVERY_ORDER[book], "betli", "ulti")
    assert not beats(EVERY_ORDER[book], "ulti", "betli")


def test_r47_ultiblog_ulti_and_four_aces_never_beat_each_other_nor_their_red_forms():
    # seed 000: "az ulti nem übereli a négy ász játékot és viszont sem"
    for one, other in (("ulti", "four-aces"), ("red ulti", "red four-aces")):
        assert not beats(ULTIBLOG, one, other)
        assert not beats(ULTIBLOG, other, one)
    assert beats(ULTIBLOG, "red ulti", "four-aces")  # a higher rank still beats


def test_r47_ultiblog_red_40_100_is_beaten_by_20_100_red_counting_as_a_component():
    # seed 000: "a piros 40-100 és a 20-100 licitek ugyanúgy 8-at érnek, mégis a 20-100-zal lehet überelni"
    assert beats(ULTIBLOG, "20-100", "red 40-100")
    assert not beats(ULTIBLOG, "red 40-100", "20-100")
    assert not beats(RABLO, "20-100", "red 40-100")


def test_r47_ultiblog_open_durchmars_beats_red_20_100_ulti_of_the_same_24():
    # seed 000: "A terített durchmars ugyancsak 24, mint a piros 20-100 ulti, de a durchmars erősebb"
    assert bid_rank(parse_bid("open colorless durchmars"), "classic") == bid_rank(
        parse_bid("red ulti 20-100"), "classic"
    )
    assert beats(ULTIBLOG, "open colorless durchmars", "red ulti 20-100")
    assert not beats(ULTIBLOG, "red ulti 20-100", "open colorless durchmars")


def test_r47_the_party_of_ulti_is_a_half_step_above_4_and_below_5_and_8_2_is_above_8_1():
    assert bid_rank(parse_bid("ulti"), "classic") == Rank(4, 1)
    assert Rank(4, 0) < bid_rank(parse_bid("ulti"), "classic") < Rank(5, 0)
    assert bid_rank(parse_bid("red ulti"), "classic") == Rank(8, 2)
    assert bid_rank(parse_bid("ulti four-aces"), "classic") == Rank(8, 1)
    for order in (ULTIBLOG, RABLO):
        assert beats(order, "ulti", "40-100") and not beats(order, "40-100", "ulti")
        assert beats(order, "red ulti", "ulti four-aces") and not beats(order, "ulti four-aces", "red ulti")


def test_r47_ranks_are_won_values_with_red_doubling_in_the_table_in_force():
    assert bid_rank(parse_bid("red party"), "classic") == Rank(2, 0)
    assert bid_rank(parse_bid("20-100 ulti"), "classic") == Rank(12, 0)
    # classic: red does not double an open durchmars (R32); tournament's open durchmars is 12
    assert bid_rank(parse_bid("red open durchmars"), "classic") == Rank(24, 0)
    assert bid_rank(parse_bid("open durchmars"), "tournament") == Rank(12, 0)


def test_r47_component_count_counts_red_and_not_the_party_except_alone():
    counts = {"party": 1, "red party": 2, "ulti": 1, "red ulti": 2, "40-100 ulti": 2, "red 20-100 ulti": 3, "betli": 1}
    assert {words: component_count(parse_bid(words)) for words in counts} == counts


def test_r47_rablo_equal_rank_never_beats_and_a_bid_never_beats_itself():
    for one, other in itertools.product(EVERY_BID, repeat=2):
        same = bid_rank(one, "classic") == bid_rank(other, "classic")
        if same:
            assert not RABLO.beats(one, other)
    for order in EVERY_ORDER.values():
        assert not any(order.beats(bid, bid) for bid in order.bids)


def test_r47_ultiblog_and_rablo_take_every_r28_bid():
    for order in (ULTIBLOG, RABLO):
        assert set(order.bids) == set(EVERY_BID) and len(EVERY_BID) == 78
        assert all(order.may_say(bid) for bid in EVERY_BID)


# -- the tables' row order (classic: seed 002, tournament: seed 003) ----------------------------


@pytest.mark.parametrize("book, rows", [("classic", 38), ("tournament", 49)])
def test_r47_a_table_bid_beats_exactly_the_rows_above_it(book, rows):
    order = EVERY_ORDER[book]
    table = [parse_bid(words) for words in TABLE_ROWS[book]]
    assert len(table) == len(set(table)) == rows
    assert list(order.bids) == table
    for (i, one), (j, other) in itertools.product(enumerate(table), repeat=2):
        assert order.beats(one, other) == (i > j), (str(one), str(other))


def test_r47_the_table_rows_are_the_seed_tables_in_seed_line_order():
    # held to test_settlement.py's transcription of seed-tables.md, made on its own
    for book, seed in (("classic", SEED_002), ("tournament", SEED_003)):
        assert [parse_bid(words) for words in TABLE_ROWS[book]] == [parse_bid(row[2]) for row in sorted(seed)]


def test_r47_the_tournament_table_s_row_order():
    # seed 003 lines 20-23: 40-100, Négy ász, Ulti, Betli; lines 26-29: 40-100 négy ász, 40-100 ulti,
    # Piros 40-100, 20-100, all 8, each beating the one above
    rows = ["40-100", "four-aces", "ulti", "betli"], ["40-100 four-aces", "40-100 ulti", "red 40-100", "20-100"]
    for run in rows:
        for low, high in zip(run, run[1:]):
            assert beats(TOURNAMENT, high, low) and not beats(TOURNAMENT, low, high)
    # a row order, not the values: Terített betli (line 53, 20) beats 20-100 terített durchmars (52, 20)
    assert beats(TOURNAMENT, "open betli", "20-100 open durchmars")


def test_r47_the_classic_table_s_row_order_and_its_bids_only():
    # seed 002 lines 130-154: 40-100 Ulti, Piros 40-100, 20-100, each 8, by row
    assert beats(CLASSIC, "red 40-100", "40-100 ulti") and beats(CLASSIC, "20-100", "red 40-100")
    assert not beats(CLASSIC, "40-100 ulti", "20-100")
    # seed 003: "csak az alábbi táblázatot lehet használni": seed 002 has no four aces, no
    # durchmars with trump alone
    for words in ("four-aces", "durchmars", "open durchmars", "20-100 four-aces"):
        assert not CLASSIC.may_say(parse_bid(words))
        assert not beats(CLASSIC, words, "party")
    assert TOURNAMENT.may_say(parse_bid("four-aces")) and not TOURNAMENT.may_say(parse_bid("20-100 four-aces"))


def test_r47_the_table_order_is_the_rulebook_s_whatever_value_table_is_chosen():
    over = bid_order(rules=make_rules("classic", table="tournament"))
    assert over.bids == CLASSIC.bids


def test_r47_bids_over_lists_exactly_the_bids_that_beat():
    for order in EVERY_ORDER.values():
        for standing in order.bids[::7]:
            assert set(order.bids_over(standing)) == {bid for bid in order.bids if order.beats(bid, standing)}
