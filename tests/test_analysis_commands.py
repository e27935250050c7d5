"""Positions and played games on the command line (INTERFACE.md, "Positions and played games";
R9-R12, R34): ``solve --play`` with ``--cards`` and ``--line``, an illegal card named with its
trick and rule, and ``ulti analyse`` judging each card of a game.

What the commands print is held to the rules and to each other: a best line keeps the value
(R34), ``analyse`` chains the values of neighbouring cards.  Played games are built with
:func:`ulti_solver.analysis.replay.best_line`, so they are legal by construction and their
values are known.
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
CARD_FIELDS = {"index", "trick", "seat", "card", "value_before", "value_after", "best", "error"}


def names(cards):
    return " ".join(card_name(c) for c in cards)


@pytest.fixture(scope="module")
def party_in_bells():
    """examples/deal.txt as a party in bells, played out along one best line (R34: the value never moves)."""
    deal, bid = parse_deal(DEAL), parse_bid("party")
    rules = make_rules()
    return deal, bid, rules, best_line(deal, bid, BELLS, rules=rules, position=start_of_play(deal))


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
    values = card_values(deal, bid, BELLS, rules=rules, position=start)
    worst = min(values, key=values.get)
    assert values[worst] < max(values.values())  # the example has a card worse than the best
    after = start.after(worst, PlayRules.for_game(bid, BELLS, rules=rules))
    verdicts, summary = analysed(deal, [worst] + best_line(deal, bid, BELLS, rules=rules, position=after))
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


# -- a betli or durchmars decided before the last trick (issue 31 item 8) -------------------------


def test_item8_r23_a_betli_lost_early_is_marked_decided(ulti):
    """examples/games.txt line 12: the declarer takes trick 2 of his betli; the record goes on to 18 cards."""
    games = open("ulti_solver/examples/games.txt", encoding="utf-8").read().splitlines()[11] + "\n"
    text = ulti("analyse", "--file", "-", input=games, exit_code=0).stdout
    assert "Decided: betli lost in trick 2: the declarer took a trick (R23)" in text
    summary = json.loads(ulti("analyse", "--file", "-", "--json", input=games, exit_code=0).stdout.splitlines()[-1])
    assert summary["summary"]["decided"] == [{"component": "betli", "made": False, "trick": 2}]


def test_item8_r21_a_durchmars_lost_early_is_marked_decided_and_a_party_is_not(ulti):
    deal = "ATU.K9.A87.TK KO98.AT8.T.U8 7.OU7.KU9.A97 -.-.O.O"
    play = ("--play", "HU HO H7 H8 L9 HT")
    text = ulti("analyse", deal, "--bid", "durchmars", "--trump", "leaves", *play, exit_code=0).stdout
    assert "Decided: durchmars lost in trick 1: the defenders took a trick (R21)" in text
    party = ulti("analyse", deal, "--bid", "party", "--trump", "leaves", *play, exit_code=0).stdout
    assert "Decided" not in party
