"""The newer commands against INTERFACE.md: settle, solve --value/--play/--cards/--line, best, analyse.

Each test runs the real command through click's CliRunner and checks
what it prints against the rules (R9-R12, R30-R35) or against another
command: ``best`` against ``solve --value``, ``analyse`` against the
values of its own neighbouring cards.  Played games are built with
:func:`ulti_solver.analysis.replay.best_line`, so they are legal by
construction and their values are known.
"""

import json
from pathlib import Path

import pytest

from ulti_solver.analysis.replay import best_line, card_values
from ulti_solver.bids import parse_bid
from ulti_solver.cards import BELLS, card_name
from ulti_solver.deal import parse_deal
from ulti_solver.play import PlayRules
from ulti_solver.position import start_of_play
from ulti_solver.variants import make_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = (EXAMPLES / "deal.txt").read_text().strip()
SETTLE_FIELDS = {"bid", "trump", "table", "per_defender", "declarer_total", "items"}
CARD_FIELDS = {"index", "trick", "seat", "card", "value_before", "value_after", "best", "error"}


def names(cards):
    return " ".join(card_name(c) for c in cards)


@pytest.fixture(scope="module")
def party_in_bells():
    """examples/deal.txt as a party in bells, played out along one best line (R34: the value never moves)."""
    deal, bid = parse_deal(DEAL), parse_bid("party")
    rules = make_rules()
    return deal, bid, rules, best_line(deal, bid, BELLS, rules, start_of_play(deal))


# -- settle (R30-R33) ---------------------------------------------------------------


@pytest.fixture
def ulti_settle(ulti_json):
    """``ulti_settle(*ARGS)``: the one object of ``ulti settle ARGS --json``, with the fields INTERFACE.md gives it."""

    def settled(*args):
        [data] = ulti_json("settle", *args, "--json")
        assert set(data) == SETTLE_FIELDS
        return data

    return settled


def test_r31_ulti_made_party_lost_pays_three_in_the_classic_table(ulti_settle):
    data = ulti_settle("--bid", "ulti", "--trump", "leaves", "--made", "ulti")
    assert (data["bid"], data["trump"], data["table"]) == ("ulti", "leaves", "classic")
    assert data["items"] == [{"name": "party", "made": False, "units": -1}, {"name": "ulti", "made": True, "units": 4}]
    assert data["per_defender"] == 3 and data["declarer_total"] == 6  # R30: 2S in all


def test_r32_a_lost_40_100_costs_double_in_the_tournament_table(ulti_settle):
    classic = ulti_settle("--bid", "40-100 ulti", "--trump", "leaves", "--made", "ulti")
    tournament = ulti_settle("--bid", "40-100 ulti", "--trump", "leaves", "--made", "ulti", "--table", "tournament")
    assert classic["per_defender"] == 0 and classic["declarer_total"] == 0
    assert tournament["per_defender"] == -4 and tournament["declarer_total"] == -8
    assert tournament["table"] == "tournament"
    assert [i["units"] for i in classic["items"]] == [-4, 4]
    assert [i["units"] for i in tournament["items"]] == [-8, 4]


def test_r32_rules_tournament_brings_its_table(ulti_settle):
    data = ulti_settle("--bid", "party", "--trump", "acorns", "--made", "-", "--rules", "tournament")
    assert data["table"] == "tournament" and data["per_defender"] == -2  # party alone, lost: 2


def test_r32_r33_red_doubles_and_a_silent_100_replaces_the_party(ulti_settle):
    red = ulti_settle("--bid", "red party", "--made", "party")
    assert red["trump"] == "hearts" and red["per_defender"] == 2
    silent = ulti_settle("--bid", "party", "--trump", "acorns", "--made", "party", "--silent", "declarer-100")
    by_name = {item["name"]: item for item in silent["items"]}
    assert by_name["party"]["units"] == 0 and by_name["declarer-100"]["units"] == 2
    assert silent["per_defender"] == 2


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bid", "40-100 ulti", "--trump", "leaves", "--made", "durchmars"], ["durchmars", "40-100", "ulti"]),
        (
            ["--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--silent", "silent-nothing"],
            ["silent-nothing", "declarer-100"],
        ),
        (
            ["--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--table", "fancy"],
            ["fancy", "classic", "tournament"],
        ),
    ],
    ids=["made-not-in-bid", "unknown-silent", "unknown-table"],
)
def test_settle_bad_input_is_one_clear_line(args, words, ulti, bad_input):
    bad_input(ulti("settle", *args), *words)


# -- solve --value and --table (R32, R34) ------------------------------------------------


def test_r34_solve_value_is_an_int_and_the_rules_name_the_table(ulti_json):
    [plain] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--json")
    [data] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--json")
    assert "value" not in plain
    assert type(data["value"]) is int and data["value"] == -1  # the party lost, nothing else
    assert data["rules"]["table"] == "classic"


def test_r32_solve_table_tournament_doubles_a_lost_party_alone(ulti_json):
    [data] = ulti_json(
        "solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--table", "tournament", "--json"
    )
    assert data["rules"] == {"book": "ultiblog", "variants": [], "table": "tournament"}
    assert data["value"] == -2


# -- solve --play --cards --line ---------------------------------------------------------------

PLAYED = ["BT", "BA", "BU"]  # trick 1: the declarer's bell ten, taken by seat 1's ace


def test_solve_from_a_position_values_every_card_and_a_best_line(ulti_json):
    [data] = ulti_json(
        "solve",
        DEAL,
        "--bid",
        "party",
        "--trump",
        "bells",
        "--play",
        " ".join(PLAYED),
        "--cards",
        "--line",
        "--value",
        "--json",
    )
    assert data["play"] == PLAYED
    cards, best, line = data["cards"], data["best"], data["line"]
    assert set(best) <= set(cards) and best
    assert all(set(answer) >= {"components", "joint", "declarer_points", "value"} for answer in cards.values())
    # Seat 1 (a defender) is to move: the best cards are those of the lowest value, and that is the value.
    lowest = min(answer["value"] for answer in cards.values())
    assert sorted(best) == sorted(c for c, answer in cards.items() if answer["value"] == lowest)
    assert data["value"] == lowest
    assert len(line) == 30 - len(PLAYED) and line[0] in best
    # The line is legal to the end, and keeps the value (R34).
    [end] = ulti_json(
        "solve", DEAL, "--bid", "party", "--trump", "bells", "--play", " ".join(PLAYED + line), "--value", "--json"
    )
    assert end["value"] == data["value"]


@pytest.mark.parametrize(
    "bid, trump, play, card, trick, rule",
    [
        ("party", "bells", "BT H8", "♥8", 1, "R9"),  # seat 1 holds bells
        ("party", "bells", "HA H8 HU H9 L7", "♠7", 2, "R10"),  # seat 1, void in hearts, holds trumps
        ("party", "bells", "B8 B7", "♦7", 1, "R11"),  # seat 1 can beat the eight with B9 or BA
        ("ulti", "hearts", "H7", "♥7", 1, "R12"),  # the declarer keeps the trump seven
    ],
)
def test_r9_r12_an_illegal_card_names_itself_its_trick_and_the_rule(
    bid, trump, play, card, trick, rule, ulti, bad_input
):
    line = bad_input(ulti("solve", DEAL, "--bid", bid, "--trump", trump, "--play", play))
    assert f"({card}, trick {trick})" in line
    assert f"({rule})" in line


def test_a_card_from_another_hand_says_whose_it_is(ulti, bad_input):
    line = bad_input(ulti("solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "HA HT"))
    assert "(♥T, trick 1)" in line and "seat 1's turn" in line and "seat 2's hand" in line


# -- best (R35) -----------------------------------------------------------------------


def test_r35_best_ranks_ascend_and_equal_values_share_a_rank(ulti_json):
    objects = ulti_json("best", DEAL, "--json", "--quiet")
    assert len(objects) == 10
    ranks, values = [o["rank"] for o in objects], [o["value"] for o in objects]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert values == sorted(values, reverse=True)
    for position, (rank, value) in enumerate(zip(ranks, values, strict=True)):
        assert rank == 1 + sum(v > value for v in values[:position])  # ties share, then skip


def test_r35_the_best_value_is_the_largest_solve_value_over_every_bid(ulti_json):
    every = ulti_json("best", DEAL, "--top", "0", "--json", "--quiet")
    assert len(every) == 150 == len({(o["bid"], o["trump"]) for o in every})  # INTERFACE.md: 150 candidates
    solved = {}
    for bid in sorted({o["bid"] for o in every}):
        for data in ulti_json("solve", DEAL, "--bid", bid, "--value", "--json"):
            solved[data["bid"], data["trump"]] = data["value"]
    assert solved == {(o["bid"], o["trump"]): o["value"] for o in every}
    assert every[0]["rank"] == 1 and every[0]["value"] == max(solved.values())
    # The default --top 10 prunes its search, but not its answer.
    top = ulti_json("best", DEAL, "--json", "--quiet")
    assert [(o["rank"], o["value"]) for o in top] == [(o["rank"], o["value"]) for o in every[:10]]


# -- analyse --------------------------------------------------------------------------


@pytest.fixture
def analysed(ulti_json):
    """``analysed(DEAL, CARDS)``: ``ulti analyse`` of a party in bells, as (the card objects, the summary)."""

    def analyse(deal, cards):
        objects = ulti_json(
            "analyse", str(deal), "--bid", "party", "--trump", "bells", "--play", names(cards), "--json"
        )
        *verdicts, last = objects
        assert set(last) == {"summary"}
        return verdicts, last["summary"]

    return analyse


def test_analyse_judges_each_card_of_a_best_line_and_finds_no_error(party_in_bells, ulti_json, analysed):
    deal, _, _, line = party_in_bells
    verdicts, summary = analysed(deal, line)
    assert [v["index"] for v in verdicts] == list(range(1, 31))
    assert all(CARD_FIELDS <= set(v) for v in verdicts)
    assert [v["card"] for v in verdicts] == [card_name(c) for c in line]
    assert [v["trick"] for v in verdicts] == [i // 3 + 1 for i in range(30)]
    assert verdicts[0]["seat"] == 0  # R8: the declarer leads
    for before, after in zip(verdicts, verdicts[1:], strict=False):
        assert before["value_after"] == after["value_before"]
    assert not any(v["error"] for v in verdicts)
    assert all(v["card"] in v["best"] for v in verdicts)
    [start] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--json")
    assert summary["value_at_start"] == summary["value_at_end"] == start["value"]
    assert summary["cards"] == 30 and summary["errors"] == {"0": 0, "1": 0, "2": 0}


def test_analyse_marks_a_declarer_card_that_gives_value_away(party_in_bells, analysed):
    deal, bid, rules, _ = party_in_bells
    start = start_of_play(deal)
    values = card_values(deal, bid, BELLS, rules, start)
    worst = min(values, key=values.get)
    assert values[worst] < max(values.values())  # the example has a card worse than the best
    after = start.after(worst, PlayRules.for_game(bid, BELLS, rules))
    verdicts, summary = analysed(deal, [worst] + best_line(deal, bid, BELLS, rules, after))
    first = verdicts[0]
    assert first["card"] == card_name(worst) and first["seat"] == 0 and first["error"] is True
    assert first["value_after"] == values[worst] < first["value_before"]
    assert worst not in first["best"]
    assert not any(v["error"] for v in verdicts[1:])
    assert summary["errors"] == {"0": 1, "1": 0, "2": 0}
    assert summary["units_given_away"]["0"] == first["value_before"] - first["value_after"]


def test_analyse_file_reports_a_bad_line_by_number_and_goes_on(tmp_path, party_in_bells, ulti):
    deal, _, _, line = party_in_bells
    game = f"{deal} | party | bells | {names(line[:6])}"
    path = tmp_path / "games.txt"
    path.write_text(f"# a club night\n{game}\n\n{deal} | party | bells | BT H8\n{game}\n", encoding="utf-8")
    result = ulti("analyse", "--file", str(path), "--json", "--quiet")
    assert result.exit_code == 2
    objects = [json.loads(text) for text in result.stdout.splitlines()]
    assert [o["line"] for o in objects] == [2] * 7 + [4] + [5] * 7
    bad = objects[7]
    assert set(bad) == {"line", "error"} and "♥8" in bad["error"] and "R9" in bad["error"]
    assert objects[6]["summary"] == objects[14]["summary"]  # the game after the bad line is analysed in full
