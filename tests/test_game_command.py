"""``ulti game --file`` and ``ulti analyse --file`` of whole-game records (R45-R50, INTERFACE.md
"Whole games"): results by table seat, broken records refused with their rule, the text form
read back to the same bytes."""

from __future__ import annotations

import json

from ulti_solver.example_files import example_text

WHOLE = example_text("whole-games")
#: The example's games, as ulti game --json prints them: one record a line.
EXPECTED_BY_SEAT = [[8, -16, 8], [-4, 2, 2], [20, -10, -10], [-10, 15, -5], [4, -8, 4]]


def records(ulti_json):
    return ulti_json("game", "--file", "-", "--json", input=WHOLE)


def test_r50_ulti_game_settles_each_record_by_table_seat_adding_to_zero(ulti_json):
    games = records(ulti_json)
    assert [g["result"]["by_seat"] for g in games] == EXPECTED_BY_SEAT
    assert all(sum(g["result"]["by_seat"]) == 0 for g in games)


def test_r49_the_thrown_in_record_pays_a_conceded_party(ulti_json):
    thrown = records(ulti_json)[1]
    assert thrown["throw_in"] and thrown["play"] == [] and thrown["trump"] is None
    assert thrown["result"]["by_seat"] == [-4, 2, 2] and thrown["result"]["conceded"]


def test_the_json_record_reads_back_to_the_same_line(ulti, ulti_json):
    text = ulti("game", "--file", "-", "--json", input=WHOLE, exit_code=0).stdout
    assert ulti("game", "--file", "-", "--json", input=text, exit_code=0).stdout == text


def test_the_text_form_reads_back_to_the_same_bytes(ulti):
    text = ulti("game", "--file", "-", input=WHOLE, exit_code=0).stdout
    assert ulti("game", "--file", "-", input=text, exit_code=0).stdout == text
    blocks = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert blocks == [line for line in WHOLE.splitlines() if line and not line.startswith("#")]


def test_a_record_claiming_another_result_gets_the_referee_s(ulti_json):
    game = records(ulti_json)[0]
    game["result"] = {"by_seat": [100, -50, -50]}
    (again,) = ulti_json("game", "--file", "-", "--json", input=json.dumps(game))
    assert again["result"]["by_seat"] == EXPECTED_BY_SEAT[0]


def broken_variants(game: dict):
    """(record, rule) pairs, each breaking one rule of a good record."""
    auction = game["auction"]
    yield {**game, "auction": auction[:-1]}, "R46"  # the auction does not end
    yield {**game, "auction": [{**auction[0], "bid": "durchmars"}] + auction[1:]}, "R47"  # 40-100 does not beat it
    yield {**game, "declarer": 2}, "R46"
    yield {**game, "trump": None}, "R29"
    kontra = game["kontra"]
    yield {**game, "kontra": [{**kontra[0], "before": 3}] + kontra[1:]}, "R48"  # a kontra after his card
    yield {**game, "kontra": [{**kontra[0], "seat": 1}] + kontra[1:]}, "R48"  # the declarer says kontra
    yield {**game, "kontra": [kontra[1]]}, "R48"  # a rekontra of nothing kontra'd
    play = game["play"]
    yield {**game, "play": play[:4] + [play[5], play[4]] + play[6:]}, None
    yield {**game, "play": play[:-3]}, "R8"
    yield {**game, "concede": 5}, "R39"
    yield {**game, "throw_in": True}, "R49"


def test_every_broken_record_is_refused_with_its_rule_and_the_file_goes_on(ulti_json):
    good = records(ulti_json)[0]
    variants = list(broken_variants(good))
    lines = [json.dumps(record) for record, _rule in variants] + [json.dumps(good)]
    out = ulti_json("game", "--file", "-", "--json", input="\n".join(lines), exit_code=2)
    assert len(out) == len(lines)
    for got, (_record, rule) in zip(out, variants):
        assert "error" in got and got["rule"].startswith("R"), got
        if rule is not None:
            assert got["rule"] == rule, got
    assert out[-1]["result"]["by_seat"] == EXPECTED_BY_SEAT[0]


def test_a_broken_record_in_text_names_its_line_and_rule(ulti):
    text = WHOLE.replace(
        "auction 2: pass\nauction 0: pass\nauction 1: pass\ndeclarer 1",
        "auction 2: pass\nauction 0: pass\nauction 2: pass\ndeclarer 1",
        1,
    )
    result = ulti("game", "--file", "-", input=text, exit_code=2)
    assert "line 10:" in result.stderr and "(R46)" in result.stderr
    assert result.stdout.count("\ngame ") + result.stdout.startswith("game ") == 4


def test_analyse_file_takes_whole_games_with_their_result_by_seat(ulti_json):
    out = ulti_json("analyse", "--file", "-", "--json", input=WHOLE)
    summaries = [o["summary"] for o in out if "summary" in o]
    assert [s["result"]["by_seat"] for s in summaries] == EXPECTED_BY_SEAT
    cards = [o for o in out if "card" in o]
    assert len(cards) == 4 * 30  # the thrown-in deal has no play


def test_analyse_file_mixes_whole_games_and_one_line_played_games(ulti):
    mixed = example_text("games") + "\n" + WHOLE
    result = ulti("analyse", "--file", "-", input=mixed, exit_code=0)
    played = [line for line in example_text("games").splitlines() if line.strip() and not line.startswith("#")]
    assert result.stdout.count("== line") == len(played) + 5 and "Result by table seat" in result.stdout
