"""The discard enumeration (R6) and its marks (R16-R18, R20)."""

from itertools import combinations

import pytest

from ulti_solver.analysis.discards import (
    all_discards,
    discard_tasks,
    needed_marriage,
    rank_discards,
    solve_discard,
    solve_discards,
    twelve_card_deal,
)
from ulti_solver.bids import parse_bid
from ulti_solver.cards import BELLS, LEAVES, cards_of, parse_card, popcount
from ulti_solver.deal import parse_deal
from ulti_solver.search import solve
from ulti_solver.variants import make_rules

#: examples/discard.txt: 40-100 ulti is made in leaves only by discarding the
#: heart king with a small bell (found by solving every discard).
BEFORE = parse_deal("K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7")


def cards(*names):
    return tuple(parse_card(name) for name in names)


def test_r6_a_twelve_card_hand_has_66_discards_of_its_own_cards():
    discards = all_discards(BEFORE.hands[0])
    assert len(discards) == 66 == len(set(discards))
    for pair in discards:
        assert pair[0] != pair[1]
        assert all((BEFORE.hands[0] >> card) & 1 for card in pair)
    assert set(map(frozenset, discards)) == set(map(frozenset, combinations(cards_of(BEFORE.hands[0]), 2)))


def test_discards_are_listed_in_deal_order():
    first = all_discards(BEFORE.hands[0])[0]
    assert first == cards("HK", "BK")  # hearts before bells, king before nine


def test_a_played_deal_is_read_as_the_declarer_picking_up_the_talon():
    played = parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8")
    before = twelve_card_deal(played)
    assert before.before_discard
    assert before.hands[0] == played.hands[0] | played.talon
    assert twelve_card_deal(BEFORE) is BEFORE


def test_r28_r29_every_trump_of_a_trump_bid_gets_66_discards():
    tasks = discard_tasks(BEFORE, parse_bid("40-100 ulti"), None)
    assert len(tasks) == 3 * 66
    assert [t.trump for t in tasks[::66]] == [BELLS, LEAVES, 3]
    assert len(discard_tasks(BEFORE, parse_bid("40-100 ulti"), LEAVES)) == 66
    red = discard_tasks(BEFORE, parse_bid("ulti"), 0)
    assert len(red) == 66 and str(red[0].bid) == "red ulti"
    assert len(discard_tasks(BEFORE, parse_bid("betli"), None)) == 66


def test_results_are_ranked_whole_bid_then_components_then_points():
    results = solve_discards(BEFORE, parse_bid("40-100 ulti"), LEAVES)
    keys = [r.rank_key() for r in results]
    assert keys == sorted(keys, reverse=True)
    made = [r.discard for r in results if r.solution.joint]
    assert made == [cards("HK", "BK"), cards("HK", "B9"), cards("HK", "B7")]
    assert not results[-1].solution.joint


def test_a_discard_is_solved_exactly_as_the_deal_it_leaves():
    rules = make_rules("tournament")
    bid = parse_bid("party")
    task = discard_tasks(BEFORE, bid, LEAVES)[10]
    result = solve_discard(task, rules=rules)
    after = BEFORE.discard(*task.discard)
    assert result.deal == after
    assert result.solution == solve(after, bid, LEAVES, rules=rules)


def test_r16_talon_points_count_for_the_declarer_only_under_talon_to_declarer():
    bid = parse_bid("party")
    ace_and_ten = next(t for t in discard_tasks(BEFORE, bid, LEAVES) if t.discard == cards("LA", "AA"))
    default = solve_discard(ace_and_ten, rules=make_rules())
    tournament = solve_discard(ace_and_ten, rules=make_rules("tournament"))
    assert default.ace_or_ten_in_talon and default.talon_points == 20
    assert tournament.solution.declarer_points == default.solution.declarer_points + 20


def test_r20_an_ace_in_the_talon_loses_four_aces():
    """The declarer holds two aces (LA, AA): 66 - C(10, 2) = 21 discards put one in the talon."""
    bid = parse_bid("four-aces")
    results = solve_discards(BEFORE, bid, LEAVES)
    aces = set(cards("HA", "BA", "LA", "AA"))
    with_an_ace = [r for r in results if aces & set(r.discard)]
    assert len(with_an_ace) == 21
    for result in with_an_ace:
        assert result.solution.components["four-aces"] is False
        assert result.solution.joint is False
        assert result.ace_or_ten_in_talon  # and the discard is marked for it


def test_r17_discarding_a_card_of_the_trump_marriage_is_marked():
    bid = parse_bid("40-100")
    results = {r.discard: r for r in solve_discards(BEFORE, bid, LEAVES)}
    assert results[cards("LK", "L8")].breaks_marriage == "40"
    assert results[cards("LO", "L8")].breaks_marriage == "40"
    assert results[cards("LK", "L8")].solution.components["40-100"] is False
    assert results[cards("L8", "L7")].breaks_marriage is None
    # Bells hold no marriage to break: nothing is marked in bells.
    bells = solve_discards(BEFORE, bid, BELLS)
    assert all(r.breaks_marriage is None for r in bells)


def test_r18_only_the_last_side_suit_marriage_is_needed():
    # Declarer: hearts K O, bells K O (two 20s) in leaves trump.
    before = parse_deal("KO98.KO.AT87.AT ATU7.ATU.U9.9 -.987.KO.KOU87")
    assert popcount(before.hands[0]) == 12
    bid = parse_bid("20-100")
    results = {r.discard: r for r in solve_discards(before, bid, LEAVES)}
    assert results[cards("HK", "H9")].breaks_marriage is None  # the bells 20 remains
    assert results[cards("HK", "BK")].breaks_marriage == "20"
    assert needed_marriage(before.hands[0], bid, LEAVES) is None


def test_json_record_names_the_discard_and_its_marks():
    result = solve_discards(BEFORE, parse_bid("40-100 ulti"), LEAVES)[0]
    data = result.as_json()
    assert data["discard"] == ["HK", "BK"]
    assert data["deal"] == str(BEFORE.discard(*cards("HK", "BK")))
    assert data["ace_or_ten_in_talon"] is False and data["breaks_marriage"] is False
    assert data["trump"] == "leaves" and data["joint"] == {"makeable": True}


def test_rank_keeps_ties_in_enumeration_order():
    results = solve_discards(BEFORE, parse_bid("betli"), None)
    again = rank_discards(reversed(rank_discards(results)))
    assert [r.rank_key() for r in again] == [r.rank_key() for r in results]


@pytest.mark.parametrize("bid", ["betli", "colorless durchmars"])
def test_no_trump_bids_have_no_points(bid):
    results = solve_discards(BEFORE, parse_bid(bid), None)
    assert len(results) == 66
    assert all(r.solution.declarer_points is None and r.trump is None for r in results)


# -- silent items in the table (issue 31 item 2) ---------------------------------------------

#: BEFORE as the command line writes it.
BEFORE_TEXT = "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7"


def test_item2_r25_r27_discards_silent_shows_the_silent_answers_as_columns(ulti):
    result = ulti("discards", BEFORE_TEXT, "--bid", "party", "--trump", "leaves", "--top", "2", "--silent")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("#  discard"))
    assert "silent 100, declarer" in header and "silent durchmars" in header
    rows = [line for line in lines if line.lstrip()[:2] in ("1 ", "2 ")]
    assert len(rows) == 2 and all(" yes " in row or " no " in row for row in rows)
    assert any(line.startswith("silent columns: yes = that side can force it") for line in lines)


def test_item2_r33_a_value_says_which_silent_items_it_counts(ulti):
    """'party no ... value +1': the legend says the value counts the silent items the bid can have."""
    result = ulti("discards", BEFORE_TEXT, "--bid", "40-100 ulti", "--trump", "leaves", "--top", "2", "--value")
    text = " ".join(result.stdout.split())
    assert "silent items: besides the parts of the bid, the value counts" in text
    assert "in 40-100 ulti: a silent durchmars (R27)" in text and "silent 100" not in text


def test_item2_r33_solve_value_of_a_party_names_its_silent_items(ulti):
    deal = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
    text = " ".join(ulti("solve", deal, "--bid", "party", "--trump", "bells", "--value").stdout.split())
    assert "a silent 100 of either side (R25), a silent ulti, made or beaten (R26), a silent durchmars (R27)" in text
    betli = " ".join(ulti("solve", deal, "--bid", "betli", "--value").stdout.split())
    assert "silent items:" not in betli  # R25-R27: none can happen without trump or party
