"""``ulti match`` (R50, INTERFACE.md "Bots and matches"): duplicate matches of bots.

The standings are checked against a plain computation from the games' own records (``--games``):
each bot's score per deal is its seats' results in each game, averaged over the six seatings; the
mean and standard error are over deals, a pair's difference is paired deal by deal.  The same seed
gives the same bytes however the work is spread, a Ctrl-C prints the standings marked partial, and
the records read back through the referee.  Only the ``random`` bot plays here (and, for a forfeit,
a bot made in this file).
"""

from __future__ import annotations

import json
import math
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from whole_games import ulti_game

from ulti_solver.bots import BOT_KINDS, BotKind
from ulti_solver.cli.match import record_line
from ulti_solver.game.record import game_from_json, game_json
from ulti_solver.match import SEATINGS, check_bots, match_deal, play_match, seatings
from ulti_solver.match.games import kontra_gain

BOT_FIELDS = {"bot", "deals", "mean", "stderr", "declarer", "defender", "forfeits"}
PAIR_FIELDS = {"pair", "difference", "stderr", "separated"}
CLOSE = 1e-4  # the JSON's numbers have four decimals


def played(ulti, tmp_path, *args, name="games.jsonl"):
    """``ulti match ARGS --json --games FILE``: the JSON objects and the records written."""
    path = tmp_path / name
    result = ulti("match", *args, "--json", "-q", "--games", str(path), exit_code=0)
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    return objects, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- who sits where --------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", [2, 3])
def test_every_bot_sits_in_every_seat_equally_often_and_all_play_in_every_game(bots):
    seats = seatings(bots)
    assert len(set(seats)) == SEATINGS == 6
    for seat in range(3):
        counts = Counter(seating[seat] for seating in seats)
        assert set(counts.values()) == {6 // bots} and len(counts) == bots
    assert all(len(set(seating)) == bots for seating in seats)  # never AAA: every bot in every game
    if bots == 2:
        assert {"".join("AB"[b] for b in s) for s in seats} == {"AAB", "ABA", "BAA", "ABB", "BAB", "BBA"}


def test_a_deal_comes_from_the_seed_and_its_number_alone():
    deal = match_deal(7, 3)
    assert deal == match_deal(7, 3) and deal != match_deal(7, 4) and deal != match_deal(8, 3)
    assert deal.before_discard and [bin(hand).count("1") for hand in deal.hands] == [12, 10, 10]


# -- the standings against a plain computation -----------------------------------------------------


def hand_computed(records, labels):
    """Per bot, its score per deal (seats summed in each game, averaged over the seatings), its
    bids won and its kontras said, from the records alone."""
    by_deal = defaultdict(list)
    for record in records:
        by_deal[record["match"]["deal"]].append(record)
    scores = {label: [] for label in labels}
    declared = Counter()
    kontras = Counter()
    for deal in sorted(by_deal):
        games = by_deal[deal]
        assert len(games) == 6
        for label in labels:
            total = 0
            for record in games:
                seating = record["match"]["seating"]
                total += sum(r for seat, r in enumerate(record["match"]["by_seat"]) if seating[seat] == label)
            scores[label].append(total / 6)
        for record in games:
            seating = record["match"]["seating"]
            assert sum(record["match"]["by_seat"]) == 0  # R50: the three add up to zero
            if record["declarer"] is not None:
                declared[seating[record["declarer"]]] += 1
            for call in record["kontra"]:
                kontras[seating[call["seat"]]] += 1
    return scores, declared, kontras


@pytest.mark.parametrize("bots", [2, 3])
def test_the_standings_are_the_plain_computation_from_the_games_records(bots, ulti, tmp_path):
    objects, records = played(ulti, tmp_path, *["--bot", "random"] * bots, "--deals", "12", "--seed", "5")
    rows, pairs = objects[:bots], objects[bots:]
    labels = [row["bot"] for row in rows]
    assert labels == ["random", "random (2)", "random (3)"][:bots]
    assert len(records) == 12 * 6
    scores, declared, kontras = hand_computed(records, labels)
    for row in rows:
        values = scores[row["bot"]]
        assert row["deals"] == 12
        assert row["mean"] == pytest.approx(statistics.mean(values), abs=CLOSE)
        assert row["stderr"] == pytest.approx(statistics.stdev(values) / math.sqrt(12), abs=CLOSE)
        assert row["declarer"]["bids_won"] == declared[row["bot"]]
        assert row["declarer"]["kontras"] + row["defender"]["kontras"] == kontras[row["bot"]]
        assert row["declarer"]["seats"] == 12 * (9 if bots == 2 else 6)
        assert row["forfeits"] == 0
    assert sum(row["mean"] for row in rows) == pytest.approx(0, abs=CLOSE * bots)
    assert [pair["pair"] for pair in pairs] == [[labels[i], labels[j]] for i in range(bots) for j in range(i + 1, bots)]
    for pair in pairs:
        first, second = (scores[label] for label in pair["pair"])
        differences = [a - b for a, b in zip(first, second, strict=True)]
        stderr = statistics.stdev(differences) / math.sqrt(12)
        assert pair["difference"] == pytest.approx(statistics.mean(differences), abs=CLOSE)
        assert pair["stderr"] == pytest.approx(stderr, abs=CLOSE)
        assert pair["separated"] == (abs(statistics.mean(differences)) > 2 * stderr)


def test_json_has_exactly_the_interface_fields(ulti_json):
    objects = ulti_json("match", "--bot", "random", "--bot", "random", "--deals", "3", "--json", "-q")
    assert [set(o) for o in objects] == [BOT_FIELDS, BOT_FIELDS, PAIR_FIELDS]
    assert set(objects[0]["declarer"]) == {"seats", "bids_won", "made", "mean", "kontras", "kontra_gain"}
    assert set(objects[0]["defender"]) == {"games", "beaten", "mean", "kontras", "kontra_gain"}
    assert objects[2]["pair"] == ["random", "random (2)"]
    # two bots share every game: what one wins the other pays
    assert objects[0]["mean"] == -objects[1]["mean"]
    assert objects[2]["difference"] == pytest.approx(2 * objects[0]["mean"], abs=CLOSE)


def test_the_records_read_back_through_the_referee(ulti, tmp_path):
    _objects, records = played(ulti, tmp_path, "--bot", "random", "--bot", "random", "--deals", "4")
    path = tmp_path / "games.jsonl"
    checked = ulti("game", "--file", str(path), "--json", "-q", exit_code=0)
    again = [json.loads(line) for line in checked.stdout.splitlines()]
    assert len(again) == len(records) == 24
    for record, read in zip(records, again, strict=True):
        assert read["result"]["by_seat"] == record["result"]["by_seat"] == record["match"]["by_seat"]
    assert records[0]["deal"] == str(match_deal(0, 0))


# -- the same games however the work is spread ------------------------------------------------------


def test_one_worker_and_two_give_the_same_bytes(ulti, tmp_path):
    runs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"games-{jobs}.jsonl"
        args = ["match", "--bot", "random", "--bot", "random", "--deals", "12", "--seed", "11", "-q"]
        text = ulti(*args, "-j", jobs, "--games", str(path), exit_code=0).stdout
        data = ulti(*args, "-j", jobs, "--json", exit_code=0).stdout
        runs.append((text, data, path.read_bytes()))
    assert runs[0] == runs[1]
    assert "Standings after 12 deals (72 games)" in runs[0][0]


# -- rounds (seed 003) -------------------------------------------------------------------------------


def test_rounds_keep_each_table_s_sheet_with_the_first_bidder_moving(ulti_json):
    objects = ulti_json("match", "--bot", "random", "--bot", "random", "--rounds", "2", "--json", "-q")
    bots, pair, rounds = objects[:2], objects[2], objects[3:]
    assert pair["pair"] == ["random", "random (2)"] and [r["round"] for r in rounds] == [1, 2]
    assert bots[0]["deals"] == 18
    for one in rounds:
        assert len(one["tables"]) == 6
        for sheet in one["tables"]:
            assert len(sheet["by_deal"]) == 9
            assert all(sum(row) == 0 for row in sheet["by_deal"])
            assert sheet["scores"] == [sum(row[c] for row in sheet["by_deal"]) for c in range(3)]
            assert sum(sheet["scores"]) == 0
        assert sorted(sheet["players"] for sheet in one["tables"]) == sorted(
            [["random", "random", "random (2)"]] * 3 + [["random", "random (2)", "random (2)"]] * 3
        )
        assert sorted(sheet["first_bidder"] for sheet in one["tables"]) == [0, 0, 1, 1, 2, 2]
    # a bot's score in the rounds is the sum of its scores per deal: nine deals a round
    total = sum(one["scores"]["random"] for one in rounds)
    assert total == pytest.approx(18 * bots[0]["mean"], abs=1e-2)


def test_the_text_of_a_round_marks_the_first_bidder_three_times_a_chair(ulti):
    out = ulti("match", "--bot", "random", "--bot", "random", "--bot", "random", "--rounds", "1", exit_code=0).stdout
    assert "Round 1: deals 1-9 at six tables" in out and "Table 6" in out
    sheet = out.split("Table 1", 1)[1].split("Table 2", 1)[0].splitlines()[2:5]
    assert [line.count("*") for line in sheet] == [3, 3, 3]
    assert "Standings after 9 deals (54 games)" in out and "No control variate" in out


# -- kontras and forfeits ------------------------------------------------------------------------------


def test_the_gain_of_a_kontra_is_the_result_with_it_less_the_result_without_it():
    game = ulti_game()  # seat 2 says kontra on the ulti, the declarer (seat 1) rekontra
    record = game_json(game)
    without_any = game_from_json({**record, "kontra": []}).result().by_seat
    only_kontra = game_from_json({**record, "kontra": record["kontra"][:1]}).result().by_seat
    said = game.result().by_seat
    assert kontra_gain(game, 2, [2]) == said[2] - without_any[2] != 0  # his kontra brought the rekontra too
    assert kontra_gain(game, 1, [1]) == said[1] - only_kontra[1] != 0


class Broken:
    """A bot that fails when asked for a card: it forfeits every game that reaches the play."""

    sees_all = False

    def __init__(self, name="broken"):
        self.name = name

    def new_game(self, seat, seed):
        pass

    def answer(self, request):
        if request.ask == "card":
            raise RuntimeError("no cards today")
        if request.ask == "kontra":
            return ()
        return request.legal[0]

    def close(self):
        pass


def test_a_forfeit_is_counted_and_named_and_the_match_goes_on(monkeypatch):
    monkeypatch.setitem(BOT_KINDS, "broken", BotKind("broken", "fails", Broken))
    match = play_match(["broken", "random"], 4, seed=2)
    standings = match.standings
    assert standings.deals == 4 and not match.partial
    assert standings.bots[0].forfeits > 0 and standings.bots[1].forfeits == 0
    assert standings.forfeited[0].bot == "broken" and "no cards today" in standings.forfeited[0].why
    assert standings.score(0).mean == pytest.approx(-standings.score(1).mean)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bot", "random", "--deals", "2"], ["two or three bots"]),
        (["--bot", "random"] * 4 + ["--deals", "2"], ["two or three bots"]),
        (["--bot", "random", "--bot", "nosuch", "--deals", "2"], ["nosuch"]),
        (["--bot", "random", "--bot", "random:speed=3", "--deals", "2"], ["speed=3"]),
        (["--bot", "random", "--bot", "random"], ["--deals N or --rounds R"]),
        (["--bot", "random", "--bot", "random", "--deals", "9", "--rounds", "1"], ["--deals N or --rounds R"]),
        (["--bot", "random", "--bot", "random", "--deals", "0"], ["--deals"]),
        (["--bot", "random", "--bot", "random", "--deals", "1", "--games", "/no/such/dir/g.jsonl"], ["--games"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words, ulti, bad_input):
    bad_input(ulti("match", *args), *words)


def test_check_bots_strips_the_specs():
    assert check_bots([" random ", "random"]) == ("random", "random")


# -- Ctrl-C ------------------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_ctrl_c_prints_the_standings_marked_partial_and_the_records_of_whole_deals(tmp_path):
    path = tmp_path / "games.jsonl"
    args = ["match", "--bot", "random", "--bot", "random", "--deals", "100000", "-j", "2", "--json"]
    args += ["--games", str(path)]
    # Ctrl-C raises KeyboardInterrupt even where a shell started the tests with SIGINT ignored.
    code = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        f"sys.argv = ['ulti', *{args!r}]; runpy.run_module('ulti_solver', run_name='__main__')"
    )
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not path.exists() or path.stat().st_size < 100_000):
            time.sleep(0.1)  # the games are being played and written
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 3 and all(row["partial"] for row in rows)
    deals = rows[0]["deals"]
    assert 1 <= deals < 100000
    assert f"Interrupted after {deals:,} of 100,000 deals" in err and "Traceback" not in err
    assert len(path.read_text(encoding="utf-8").splitlines()) == 6 * deals  # whole deals, as counted


def test_a_record_line_holds_no_comment_sign_and_reads_back_the_same():
    record = {"match": {"seating": ["cmd:engine # fast", "random"], "forfeit": {"why": "#1 failed"}}}
    line = record_line(record)
    assert "#" not in line and line.endswith("\n") and json.loads(line) == record
