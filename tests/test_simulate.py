"""Simulation from one hand: exact against every deal, the records, and ``ulti simulate``."""

import json
import math
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ulti_solver.analysis.best import CANDIDATE_BIDS
from ulti_solver.analysis.simulate import (
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    Game,
    Simulation,
    Tally,
    games_for,
    simulate,
    wilson,
)
from ulti_solver.bids import parse_bid, parse_trump
from ulti_solver.cards import cards_of
from ulti_solver.deal import parse_hand
from ulti_solver.dealing import ConstraintError, Constraints, every_deal
from ulti_solver.search import solve_joint_value

ROOT = Path(__file__).resolve().parent.parent
HAND = (ROOT / "examples" / "hand.txt").read_text().strip()  # A97.TK8.O8.U9
TWELVE = "K.K97.AKO87.AO9"
FIELDS = ["hand", "discard", "bid", "trump", "samples", "made", "p_made", "ci95", "mean_value", "stderr_value"]

#: Seats 1 and 2 known but for three cards each: 20 deals fit, 12 of which make the party in leaves.
EXACT_HAND, EXACT_TALON = "AK.TK.O87.AT8", "-.7.A.-"
EXACT_SEAT1, EXACT_SEAT2 = "U87.O.K.U9", "T.A8.U9.K7"
#: A 12-card hand, seat 2 void in bells (so the unseen B8 and B7 are seat 1's): 10 deals fit.
VOID_HAND, VOID_SEAT1, VOID_SEAT2 = "AT7.AT.T87.KOU9", "-.KOU9.KO.-", "O98.-.AU9.T"


# -- statistics -------------------------------------------------------------------------------------------------


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 100)
    assert low == 0.0 and 0.03 < high < 0.04  # not the useless [0, 0] of p +- z*se
    low, high = wilson(100, 100)
    assert high == 1.0 and 0.96 < low < 0.97
    low, high = wilson(45, 100)
    assert low < 0.45 < high and math.isclose(high - low, 0.19, abs_tol=0.01)


def test_tally_mean_and_standard_error():
    """A tally sums the declarer's totals (R39); the value per defender is half of them."""
    tally = Tally(None)
    for made, total in [(True, 6), (False, -2), (True, 2), (False, -6)]:
        tally.add(made, total)
    assert (tally.samples, tally.made, tally.p_made, tally.mean_value) == (4, 2, 0.5, 0.0)
    assert math.isclose(tally.stderr_value, math.sqrt(20 / 3 / 4))  # per defender: sample variance 20/3, n = 4
    tally.add(True, 3)  # individual kontras that differ: a half unit per defender
    assert tally.mean_value == 3 / 5 / 2


# -- exact against every deal ------------------------------------------------------------------------------------


def exact(constraints, bid, trump, discard=None):
    """(proportion made, mean value per defender) over every deal that fits: each is equally likely."""
    results = []
    for deal in every_deal(constraints):
        played = deal if discard is None else deal.discard(*discard)
        results.append(solve_joint_value(played, bid, trump))
    return sum(m for m, _ in results) / len(results), sum(t for _, t in results) / 2 / len(results), len(results)


def check_against_exact(simulation, p, mean):
    (tally,) = simulation.tallies
    low, high = wilson(tally.made, tally.samples)
    assert low <= p <= high, (p, low, high)
    assert tally.stderr_value > 0
    assert abs(tally.mean_value - mean) <= 4 * tally.stderr_value, (tally.mean_value, mean, tally.stderr_value)


def test_simulation_agrees_with_the_exact_proportion():
    constraints = Constraints(
        parse_hand(EXACT_HAND), parse_hand(EXACT_TALON), parse_hand(EXACT_SEAT1), parse_hand(EXACT_SEAT2)
    )
    bid, trump = parse_bid("party"), parse_trump("leaves")
    p, mean, deals = exact(constraints, bid, trump)
    assert deals == 20 and p == 12 / 20 and mean == 24 / 20
    simulation = simulate(constraints, 1500, bids=[bid], trump=trump, seed=1)
    assert simulation.solved == 1500 and simulation.interrupted is None
    check_against_exact(simulation, p, mean)


def test_simulation_of_a_discard_with_a_void_agrees_with_the_exact_proportion():
    constraints = Constraints(
        parse_hand(VOID_HAND), None, parse_hand(VOID_SEAT1), parse_hand(VOID_SEAT2), ((2, parse_trump("bells")),)
    )
    discard = tuple(sorted(cards_of(parse_hand("BA,L7"))))
    bid, trump = parse_bid("party"), parse_trump("acorns")
    p, mean, deals = exact(constraints, bid, trump, discard)
    assert deals == 10 and p == 2 / 10
    simulation = simulate(constraints, 1000, bids=[bid], trump=trump, discards=[discard], seed=3)
    check_against_exact(simulation, p, mean)


# -- the Python API ----------------------------------------------------------------------------------------------


def small():
    return Constraints(
        parse_hand(EXACT_HAND), parse_hand(EXACT_TALON), parse_hand(EXACT_SEAT1), parse_hand(EXACT_SEAT2)
    )


def test_games_default_to_every_bid_and_every_discard():
    twelve = Constraints(parse_hand(TWELVE))
    games = games_for(twelve, [parse_bid("40-100 ulti")], parse_trump("leaves"), None)
    assert len(games) == 66 and len({g.discard for g in games}) == 66
    every = games_for(small(), None, None, None)
    assert len({(str(g.bid), g.trump) for g in every}) == len(every) > 20
    with pytest.raises(ConstraintError, match="two cards of the declarer's hand"):
        games_for(twelve, [parse_bid("party")], None, [tuple(cards_of(parse_hand("HA,HK")))])
    with pytest.raises(ConstraintError, match="talon"):
        games_for(small(), [parse_bid("party")], None, [tuple(cards_of(parse_hand("HT,HO")))])


def test_the_same_seed_gives_the_same_records_and_another_seed_others():
    bids = [parse_bid("party"), parse_bid("betli")]
    first = simulate(small(), 30, bids=bids, seed=5)
    again = simulate(small(), 30, bids=bids, seed=5)
    other = simulate(small(), 30, bids=bids, seed=6)
    as_json = [t.as_json(first.hand) for t in first.ranked()]
    assert as_json == [t.as_json(again.hand) for t in again.ranked()]
    assert as_json != [t.as_json(other.hand) for t in other.ranked()]
    assert list(as_json[0]) == FIELDS


def test_a_process_pool_gives_the_same_records():
    one = simulate(small(), 40, bids=[parse_bid("party")], seed=2, jobs=1)
    two = simulate(small(), 40, bids=[parse_bid("party")], seed=2, jobs=2)
    assert [t.as_json(one.hand) for t in one.tallies] == [t.as_json(two.hand) for t in two.tallies]


def test_an_interrupt_keeps_whole_samples_only():
    def stop_at_seven(done, total):
        assert total == 50
        if done == 7:
            raise KeyboardInterrupt

    result = simulate(small(), 50, bids=[parse_bid("party")], seed=0, on_progress=stop_at_seven)
    assert isinstance(result.interrupted, KeyboardInterrupt)
    assert result.solved == 7 and result.asked == 50
    assert all(t.samples == 7 for t in result.tallies)
    full = simulate(small(), 7, bids=[parse_bid("party")], seed=0)
    assert [t.as_json(result.hand) for t in result.tallies] == [t.as_json(full.hand) for t in full.tallies]


# -- ulti simulate -----------------------------------------------------------------------------------------------


def test_json_records_have_the_interface_fields_best_mean_value_first(ulti):
    result = ulti(
        "simulate",
        HAND,
        "--talon",
        "LU,A8",
        "--bid",
        "party",
        "--bid",
        "ulti",
        "--samples",
        "12",
        "--seed",
        "3",
        "-j",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 6  # party and ulti, each in bells, leaves and acorns
    for row in rows:
        assert list(row) == FIELDS
        assert row["hand"] == HAND and row["discard"] is None and row["samples"] == 12
        assert row["bid"] in ("party", "ulti") and row["trump"] in ("bells", "leaves", "acorns")
        assert 0 <= row["made"] <= 12 and row["p_made"] == round(row["made"] / 12, 6)
        low, high = row["ci95"]
        assert 0 <= low <= row["p_made"] <= high <= 1
        assert isinstance(row["mean_value"], float) and row["stderr_value"] >= 0
    means = [row["mean_value"] for row in rows]
    assert means == sorted(means, reverse=True)
    assert "Solved 12 samples x 6 games" in result.stderr


def test_top_and_the_discards_of_a_twelve_card_hand(ulti_json):
    rows = ulti_json(
        "simulate",
        TWELVE,
        "--bid",
        "40-100 ulti",
        "--trump",
        "leaves",
        "--samples",
        "2",
        "-j",
        "1",
        "--json",
        "--top",
        "5",
    )
    assert len(rows) == 5
    assert all(row["bid"] == "40-100 ulti" and row["trump"] == "leaves" and len(row["discard"]) == 2 for row in rows)
    assert len({tuple(row["discard"]) for row in rows}) == 5
    chosen = ulti_json(
        "simulate",
        TWELVE,
        "--discard",
        "HK,BK",
        "--bid",
        "40-100 ulti",
        "--trump",
        "leaves",
        "--samples",
        "3",
        "-j",
        "1",
        "--json",
    )
    assert [row["discard"] for row in chosen] == [["HK", "BK"]]


def test_the_table_shows_the_games_with_a_bar(ulti):
    result = ulti("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "20", "-j", "1", "--seed", "9")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"Hand  {HAND}") and "talon LU A8" in lines[0]
    assert "20 samples; 3 games" in lines[1]
    body = [line for line in lines if line.lstrip().startswith("party")]
    assert len(body) == 3 and all("/20" in line and "±" in line for line in body)
    assert any("█" in line for line in body) or all("0/20" in line for line in body)


def test_a_bar_is_drawn_only_above_zero_and_at_least_an_eighth():
    from ulti_solver.render.simulate import _bar

    assert _bar(0.0, 20) == ""
    assert _bar(0.001, 20) == "▏"  # rare, but not never
    assert _bar(0.5, 10) == "█" * 5
    assert _bar(1.0, 20) == "█" * 20


def test_a_table_where_nothing_was_made_has_no_empty_bar_column(ulti):
    result = ulti("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "20", "-j", "1", "--seed", "9")
    body = [line for line in result.stdout.splitlines() if line.lstrip().startswith("party")]
    assert len(body) == 3 and all("0/20" in line for line in body)
    # The interval, two spaces, the mean value: no 20 blanks of a bar that is not there.
    assert all(re.search(r"\(0\.00-0\.\d\d\)  [-+]\d", line) for line in body), body


def test_a_twelve_card_table_has_its_bars_and_fits_100_columns(ulti):
    result = ulti(
        "simulate", TWELVE, "--bid", "40-100 ulti", "--trump", "leaves", "--samples", "20", "-j", "1", "--top", "0"
    )
    lines = result.stdout.splitlines()
    assert any("█" in line for line in lines) and max(map(len, lines)) <= 100


def test_the_longest_bids_wrap_so_that_a_table_of_every_bid_fits_100_columns():
    from ulti_solver.render.simulate import simulation_table

    constraints = Constraints(parse_hand(TWELVE))
    tallies = [Tally(Game((0, 1), bid, trump), 200, 113, -4800, 200000) for bid, trump in CANDIDATE_BIDS]
    lines = simulation_table(Simulation("x", tallies, 200), tallies, constraints, "classic")
    assert max(map(len, lines)) <= 100
    assert any(line.split() == ["durchmars"] for line in lines)  # "red open 20-100 ulti four-aces" goes on


# -- long work announces itself ----------------------------------------------------------------------------------


def test_samples_default_to_200(ulti, ulti_json):
    rows = ulti_json("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--trump", "leaves", "-j", "1", "--json")
    assert rows[0]["samples"] == DEFAULT_SAMPLES == 200
    assert "default: 200" in ulti("simulate", "--help").stdout


@pytest.mark.parametrize("count", [str(MAX_SAMPLES + 1), str(10**25)])
def test_samples_beyond_the_cap_are_refused_naming_the_cap(count, ulti, bad_input):
    bad_input(
        ulti("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", count), "--samples", "1,000,000"
    )


def test_a_rate_is_never_rounded_to_a_false_zero():
    from ulti_solver.render.simulate import rate_text

    assert rate_text(5, 56.0) == "0.0893"  # 5 samples in 56 s: it printed "0 samples/s"
    assert rate_text(5 * 9900, 56.0) == "884"
    assert rate_text(3, 2.0) == "1.50"
    assert rate_text(3000, 1.0) == "3,000"


def test_the_summary_gives_samples_and_games_per_second(ulti):
    result = ulti("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "12", "-j", "1")
    found = re.search(
        r"Solved 12 samples x 3 games in [\d.]+ s \(([\d.,]+) samples/s, ([\d.,]+) games/s\)", result.stderr
    )
    assert found, result.stderr
    samples, games = (float(x.replace(",", "")) for x in found.groups())
    assert samples > 0 and math.isclose(games, 3 * samples, rel_tol=0.02)


def test_a_long_run_says_after_its_first_sample_how_long_it_will_take(monkeypatch, ulti):
    from ulti_solver.cli import simulate as command
    from ulti_solver.render import simulate as text

    monkeypatch.setattr(text, "ANNOUNCE_AFTER", 0.0)  # any run is long
    monkeypatch.setattr(command, "MANY_GAMES", 10)
    result = ulti(
        "simulate", TWELVE, "--bid", "40-100 ulti", "--trump", "leaves", "--samples", "3", "-j", "1", "--json"
    )
    assert result.exit_code == 0, result.stderr
    said = result.stderr.splitlines()
    assert said[0] == "Timing the first sample: 66 games a sample (66 discards x 1 bid)..."
    assert said[1].startswith("The first sample took ") and "3 samples x 66 games will take about" in said[1]
    assert "--discard makes it shorter" in said[1] and said[2].startswith("Solved 3 samples")
    assert all(
        row["samples"] == 3 for row in map(json.loads, result.stdout.splitlines())
    )  # the timed sample is one of the three
    quiet = ulti(
        "simulate", TWELVE, "--bid", "40-100 ulti", "--trump", "leaves", "--samples", "3", "-j", "1", "--json", "-q"
    )
    assert quiet.stderr == "" and quiet.stdout == result.stdout


def test_the_estimate_counts_the_workers_and_says_what_narrows_the_work():
    from ulti_solver.render.simulate import estimate_lines

    every = games_for(Constraints(parse_hand(TWELVE)), None, None, None)
    assert len(every) == 66 * 150
    (line,) = estimate_lines(11.0, 200, every, 2, None, None, None)  # 11 + 11 * 199 / 2 s
    assert "200 samples x 9,900 games will take about 18 min on 2 workers" in line
    assert "--bid, --trump or --discard makes it shorter" in line
    assert estimate_lines(0.01, 200, every[:3], 2, None, None, None) == []  # two seconds: nothing to say


def test_table_and_json_agree(ulti, ulti_json):
    args = [HAND, "--talon", "LU,A8", "--bid", "party", "--trump", "leaves", "--samples", "15", "-j", "1"]
    row = ulti_json("simulate", *args, "--json")[0]
    table = ulti("simulate", *args).stdout
    assert f"{row['made']}/15" in table and f"{row['mean_value']:+.2f} ± {row['stderr_value']:.2f}" in table


def test_known_cards_voids_and_a_discard_on_the_command_line_are_the_api_s(ulti):
    result = ulti(
        "simulate",
        VOID_HAND,
        "--seat1",
        VOID_SEAT1,
        "--seat2",
        VOID_SEAT2,
        "--void",
        "2:bells",
        "--discard",
        "BA,L7",
        "--bid",
        "party",
        "--trump",
        "acorns",
        "--samples",
        "50",
        "--seed",
        "4",
        "-j",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    constraints = Constraints(
        parse_hand(VOID_HAND), None, parse_hand(VOID_SEAT1), parse_hand(VOID_SEAT2), ((2, parse_trump("bells")),)
    )
    api = simulate(
        constraints,
        50,
        bids=[parse_bid("party")],
        trump=parse_trump("acorns"),
        discards=[tuple(sorted(cards_of(parse_hand("BA,L7"))))],
        seed=4,
    )
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows == [t.as_json(api.hand) for t in api.ranked()]
    assert rows[0]["discard"] == ["BA", "L7"]


def test_batch_with_an_unreachable_cluster_exits_2_with_one_line(ulti, bad_input):
    result = ulti(
        "batch", str(ROOT / "examples" / "batch.txt"), "--bid", "party", "--json", "--cluster", "tcp://127.0.0.1:1"
    )
    bad_input(result, "127.0.0.1:1")


@pytest.mark.parametrize(
    "args, words",
    [
        (["A97.TK8.O8.U98", "--talon", "LU,A8"], ["hand", "11 cards"]),
        (["A97.TK8.O8.U", "--talon", "LU,A8"], ["9 cards", "needs 10"]),
        (["K.K97.AKO87.AO"], ["11 cards", "12"]),
        ([HAND, "--talon", "LU,A8", "--seat1", "HA,HK"], ["♥A", "declarer's hand", "seat 1"]),
        ([HAND, "--talon", "LU,A8", "--seat2", "LU"], ["♠U", "talon", "seat 2"]),
        ([HAND, "--talon", "LU,A8", "--seat1", "HK", "--void", "1:hearts"], ["void in hearts", "♥K"]),
        ([HAND, "--talon", "LU,A8", "--void", "1:bells", "--void", "2:bells"], ["both defenders", "bells"]),
        (
            [HAND, "--talon", "LU,A8", "--void", "1:hearts", "--void", "1:bells", "--void", "1:leaves"],
            ["seat 1", "more than"],
        ),
        ([HAND, "--talon", "LU,A8", "--void", "3:hearts"], ["--void", "seat 1 or 2"]),
        ([HAND, "--talon", "LU,A8", "--void", "1:spades"], ["--void", "spades"]),
        ([TWELVE, "--discard", "HA,HT"], ["--discard", "HA,HT"]),
        ([TWELVE, "--discard", "HK"], ["--discard"]),
        ([HAND, "--talon", "LU,A8", "--discard", "HA,H9"], ["--discard", "talon"]),
        ([HAND, "--talon", "LU,A8", "--seat1", "XX"], ["--seat1"]),
        ([HAND, "--talon", "LU,A8", "--cluster", "tcp://127.0.0.1:1"], ["127.0.0.1:1"]),
        ([HAND, "--talon", "LU,A8", "--cluster", "127.0.0.1:8786"], ["tcp://"]),
        ([HAND, "--talon", "LU,A8", "--cluster", "tcp://127.0.0.1:1", "-j", "2"], ["-j", "--cluster"]),
        ([HAND, "--talon", "LU,A8", "--sed", "4"], ["--sed"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args, words, ulti, bad_input):
    bad_input(ulti("simulate", *args, "--bid", "party", "--samples", "3"), *words)


def test_bad_input_before_any_work_needs_samples(ulti, bad_input):
    bad_input(ulti("simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "0"), "samples")


def test_same_seed_byte_identical_json_for_one_and_two_processes(ulti, ulti_process):
    args = [
        HAND,
        "--talon",
        "LU,A8",
        "--bid",
        "party",
        "--bid",
        "betli",
        "--samples",
        "60",
        "--seed",
        "17",
        "--json",
        "--quiet",
    ]
    one = ulti_process("simulate", *args, "-j", "1")
    two = ulti_process("simulate", *args, "-j", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout and one.stdout == two.stdout
    assert one.stderr == two.stderr == ""
    assert ulti("simulate", *args, "-j", "1").stdout == one.stdout  # and the same as in this process


def test_same_seed_byte_identical_json_for_every_discard(ulti_process):
    args = [TWELVE, "--bid", "40-100 ulti", "--trump", "leaves", "--samples", "4", "--seed", "5", "--json", "-q"]
    one = ulti_process("simulate", *args, "-j", "1")
    two = ulti_process("simulate", *args, "-j", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert len(one.stdout.splitlines()) == 66 and one.stdout == two.stdout


# -- Ctrl-C and SIGTERM ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("stop, status", [("interrupt", 130), ("terminate", 143)])
def test_a_stop_prints_what_was_solved_and_says_so(monkeypatch, stop, status, ulti):
    from ulti_solver.cli import app
    from ulti_solver.cli import simulate as command

    real = command.simulate

    def stopping_after_five(*args, on_progress=None, **kwargs):
        def advance(done, total):
            on_progress(done, total)
            if done == 5:
                raise KeyboardInterrupt if stop == "interrupt" else app.Terminated()

        return real(*args, on_progress=advance, **kwargs)

    monkeypatch.setattr(command, "simulate", stopping_after_five)
    result = ulti(
        "simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "50", "-j", "1", "--json", "--quiet"
    )
    assert result.exit_code == status
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 3 and all(row["samples"] == 5 for row in rows)
    assert "Interrupted after 5 of 50 samples" in result.stderr and len(result.stderr.splitlines()) == 1


def _wait_for_the_bar(fd, process, seconds=120):
    """Read the progress bar from the pty until it shows (the first sample is solved)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while b"sample/s" not in seen and time.monotonic() < deadline and process.poll() is None:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return b"sample/s" in seen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty for the progress bar")
@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_to_a_process_pool_run_keeps_what_was_solved(sig, status):
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    args = ["simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "1000000", "-j", "2", "--json"]
    # Ctrl-C raises KeyboardInterrupt even where a shell started the tests with SIGINT ignored.
    code = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        f"sys.argv = ['ulti', *{args!r}]; runpy.run_module('ulti_solver', run_name='__main__')"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=slave, text=True, cwd=ROOT)
    os.close(slave)
    try:
        assert _wait_for_the_bar(master, process), "the simulation never started"
        process.send_signal(sig)
        out, _ = process.communicate(timeout=120)
        err = b""
        while select.select([master], [], [], 0.2)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        os.close(master)
    assert process.returncode == status
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 3 and len({row["samples"] for row in rows}) == 1
    assert 1 <= rows[0]["samples"] < 1000000
    assert f"Interrupted after {rows[0]['samples']} of 1,000,000 samples" in err.decode()
