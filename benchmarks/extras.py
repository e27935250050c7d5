"""The rows of the benchmark that only this build gets, timed in this process or from the shell.

The value (R34) of one bid, the best bid (R35) of a dealt deal and of a
12-card hand, the analysis of a played game, the simulation rate (one
process, two, a local Dask cluster), and the commands as a user runs
them: a one-deal ``ulti solve``, ``ulti batch`` against the same solves in
process, ``ulti discards``, ``ulti bid`` and ``ulti kontra``.  Each row has its own seed, so a row's
deals do not depend on which rows ran before it.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from typing import Dict, List

from ulti_solver.analysis.best import best_bids
from ulti_solver.analysis.discards import twelve_card_deal
from ulti_solver.analysis.replay import analyse_game
from ulti_solver.analysis.simulate import simulate
from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, LEAVES, SUIT_NAMES
from ulti_solver.deal import Deal, parse_hand
from ulti_solver.dealing import Constraints, biased_deal, random_deal
from ulti_solver.search import solve_bid
from ulti_solver.search.core import forget_positions
from ulti_solver.variants import make_rules

from .builds import Shell, time_build
from .cases import EXAMPLE_HAND, SETS, VALUE_BIDS, cases_for, random_game
from .stats import checksum, ms_columns, stats


def extras(args, root: str) -> None:
    """What only this build can do, and the commands as a user meets them."""
    rules = make_rules()
    shell = Shell(root)
    print()
    value_rows(args, root)
    rng = random.Random(f"{args.seed}-best")
    dealt = [random_deal(rng) for _ in range(args.hands)]
    best_rows(dealt, rules, shell, args.hands)
    analysis_row(dealt, rules, args.seed)
    player_rows(dealt, rules, shell, args.seed)
    advice_rows(dealt, shell)
    simulate_rows(dealt[0], rules, args.samples)
    solve_row(dealt[0], shell)
    batch_rows(args, rules, shell)
    discards_rows(args, shell)


def value_rows(args, root: str) -> None:
    """The value (R34) of each bid of VALUE_BIDS, per set, by the worker: times and checksum;
    under it the same deals with every component kontra'd (R36-R39) and the ratio of their
    medians and of all nodes (issue 22's bar: at most 1.2x).  The two are timed in one run,
    turn about, so that the machine's drift falls on both alike; the nodes are free of it."""
    print("value (R34) of one bid, empty table; under each, every component kontra'd (all=1):")
    for bid_text in VALUE_BIDS:
        for set_name in SETS:
            cases = cases_for(bid_text, set_name, args.deals, args.seed)
            # Each deal twice in a row, the kontra'd first on every other deal: the second solve of
            # a deal finds its memory warm (about 20% faster), and that must fall on both alike.
            orders = [("", "all=1"), ("all=1", "")]
            both = [dict(c, kind="value", kontra=spec) for i, c in enumerate(cases) for spec in orders[i % 2]]
            results = time_build(root, both)["results"]
            plain = [r for case, r in zip(both, results) if not case["kontra"]]
            kontra = [r for case, r in zip(both, results) if case["kontra"]]
            plain_row, kontra_row = (stats([r["seconds"] for r in part]) for part in (plain, kontra))
            times = kontra_row["median"] / plain_row["median"]
            nodes = sum(r["nodes"] for r in kontra) / max(1, sum(r["nodes"] for r in plain))
            print(f"  {bid_text:<12}{set_name:<9}{ms_columns(plain_row)}   checksum {checksum(plain)}")
            print(
                f"  {'  all=1':<21}{ms_columns(kontra_row)}   checksum {checksum(kontra)}"
                f"  (median {times:.2f}x, nodes {nodes:.2f}x)"
            )


def best_rows(dealt: List[Deal], rules, shell: Shell, hands: int) -> None:
    """The best bid of each dealt deal in process, and of 12-card hands as 'ulti best' from the shell."""
    times = []
    for deal in dealt:
        forget_positions()
        start = time.perf_counter()
        best_bids(deal, rules=rules)
        times.append(time.perf_counter() - start)
    row = stats(times)
    print(
        f"best bid of a dealt deal (150 candidates, top 10), {len(dealt)} deals: median {row['median']:.3f} s, "
        f"max {row['max']:.3f} s"
    )
    twelve = [twelve_card_deal(d) for d in dealt[: max(1, hands // 2)]]
    row = stats([shell.wall("best", str(deal), "--quiet", "--json") for deal in twelve])
    print(
        f"best bid of a 12-card hand (9,900 candidates), as 'ulti best', {len(twelve)} hands: "
        f"median {row['median']:.2f} s, max {row['max']:.2f} s"
    )


def analysis_row(dealt: List[Deal], rules, seed: int) -> None:
    """The analysis of a game of 30 random legal cards per deal, every alternative valued."""
    times = []
    for index, deal in enumerate(dealt):
        bid = parse_bid(("party", "ulti", "40-100 ulti", "betli")[index % 4])
        trump = None if not bid.has_trump else [BELLS, LEAVES, ACORNS][index % 3]
        cards = random_game(random.Random(f"{seed}-game-{index}"), deal, bid, trump, rules)
        forget_positions()
        start = time.perf_counter()
        analyse_game(deal, bid, trump, cards, rules=rules)
        times.append(time.perf_counter() - start)
    row = stats(times)
    print(
        f"analysis of a played game (30 random legal cards, every alternative valued), {len(dealt)} games: "
        f"median {row['median']:.3f} s, max {row['max']:.3f} s"
    )


#: The bids of the player's-view rows, in turn.
PLAYER_BIDS = ("party", "ulti", "40-100 ulti", "betli")


def player_games(dealt: List[Deal], rules, seed: int):
    """(deal, bid, trump, cards) of a random legal game per deal, the bids of PLAYER_BIDS in turn."""
    for index, deal in enumerate(dealt):
        bid = parse_bid(PLAYER_BIDS[index % len(PLAYER_BIDS)])
        trump = None if not bid.has_trump else [BELLS, LEAVES, ACORNS][index % 3]
        yield deal, bid, trump, random_game(random.Random(f"{seed}-player-{index}"), deal, bid, trump, rules)


def player_rows(dealt: List[Deal], rules, shell: Shell, seed: int) -> None:
    """The player's view from the shell (issue 23's bars): 'ulti play' of the seat to move at the
    second trick with 200 samples, and 'ulti analyse --knowable 100 -j 2' of a whole game."""
    from ulti_solver.cards import format_card_list, format_hand
    from ulti_solver.knowledge.table import read_table
    from ulti_solver.play import PlayRules

    plays, analyses = [], []
    for deal, bid, trump, cards in player_games(dealt, rules, seed):
        trump_args = ["--trump", SUIT_NAMES[trump]] if trump is not None else []
        played = cards[:3]
        seat = read_table(played, PlayRules.for_game(bid, trump, rules=rules)).to_move
        talon = ["--talon", format_card_list(deal.talon)] if seat == 0 else []
        marriages = _announced(deal) if bid.plays_party else []
        play_text = " ".join(format_card_list(1 << c) for c in played)
        plays.append(
            shell.wall(
                "play",
                format_hand(deal.hands[seat]),
                "--seat",
                str(seat),
                "--bid",
                str(bid),
                *trump_args,
                *talon,
                "--play",
                play_text,
                "--samples",
                "200",
                "--quiet",
                "--json",
                *marriages,
            )
        )
        record = f"{deal} | {bid} | {SUIT_NAMES[trump] if trump is not None else ''} | " + " ".join(
            format_card_list(1 << c) for c in cards
        )
        analyses.append(shell.wall_input(record, "analyse", "--file", "-", "--knowable", "100", "-j", "2", "--quiet"))
    row = stats(plays)
    print(
        f"'ulti play' at the second trick, 200 samples, {len(plays)} games: median {row['median']:.2f} s, "
        f"max {row['max']:.2f} s (bar 1 s)"
    )
    row = stats(analyses)
    print(
        f"'ulti analyse --knowable 100 -j 2' of a whole game, {len(analyses)} games: median {row['median']:.2f} s, "
        f"max {row['max']:.2f} s (bar 10 s)"
    )


def advice_only(args, root: str) -> None:
    """The advice rows alone (``--advice-only``), on the deals :func:`extras` gives them."""
    rng = random.Random(f"{args.seed}-best")
    dealt = [random_deal(rng) for _ in range(max(args.hands, ADVICE_HANDS))]
    print()
    advice_rows(dealt, Shell(root))


#: Hands for the advice rows: the first ten dealt deals (issue 24's bars are over 10 hands).
ADVICE_HANDS = 10


def advice_rows(dealt: List[Deal], shell: Shell) -> None:
    """Issue 24's bars from the shell: 'ulti bid -j 2' of a 12-card hand at its defaults (the declarer's
    hand and talon of each dealt deal), with the worlds behind the top three; the same on a local
    2-worker Dask cluster, answer for answer; 'ulti kontra' of seat 1 with 200 samples."""
    import json
    import subprocess

    from ulti_solver.cards import format_hand

    hands = [format_hand(deal.hands[0] | deal.talon) for deal in dealt[:ADVICE_HANDS]]
    walls, behind, answers = [], [], []
    for hand in hands:
        start = time.perf_counter()
        done = subprocess.run(
            shell.argv("bid", hand, "--json", "--quiet", "-j", "2"),
            capture_output=True,
            text=True,
            env=shell.env,
            cwd=shell.root,
            check=True,
        )
        walls.append(time.perf_counter() - start)
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        behind.append(min(row["samples"] for row in rows[:3]))
        answers.append(done.stdout)
    row = stats(walls)
    print(
        f"'ulti bid -j 2' of a 12-card hand at its defaults, {len(hands)} hands: median {row['median']:.2f} s, "
        f"max {row['max']:.2f} s; fewest worlds behind the top three {min(behind)} (bar 15 s, 200 worlds)"
    )
    _bid_on_a_cluster(hands[0], answers[0])
    kontras = []
    for deal, bid_text in zip(dealt[:ADVICE_HANDS], ("ulti", "40-100 ulti", "party", "betli") * 3):
        bid = parse_bid(bid_text)
        trump = ["--trump", "leaves"] if bid.has_trump else []
        args = ["kontra", format_hand(deal.hands[1]), "--seat", "1", "--bid", bid_text, *trump, "--samples", "200"]
        kontras.append(shell.wall(*args, "--json", "--quiet"))
    row = stats(kontras)
    print(
        f"'ulti kontra' of seat 1, 200 samples, {len(kontras)} deals: median {row['median']:.2f} s, "
        f"max {row['max']:.2f} s (bar 3 s)"
    )


def _bid_on_a_cluster(hand: str, local: str) -> None:
    """'ulti bid' of one hand on a local 2-worker Dask cluster: its time, and the same lines as -j 2?"""
    import json

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print('ulti bid on a local cluster: skipped (pip install "ulti-solver[cluster]")')
        return
    from ulti_solver.analysis.bidding import advise_bid

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: __import__("ulti_solver.analysis.bidding"))  # workers import the package first
        start = time.perf_counter()
        advice = advise_bid(hand, cluster=client)
        seconds = time.perf_counter() - start
    there = [advice.choice_json(choice) for choice in advice.choices]  # the objects of `ulti bid --json`
    here = [json.loads(line) for line in local.splitlines()]
    same = "the same answer as -j 2" if there == here else "a DIFFERENT answer from -j 2"
    print(f"'ulti bid' of the first hand on a 2-worker local Dask cluster: {seconds:.2f} s, {same}")


def _announced(deal: Deal) -> List[str]:
    """The --marriages options of the seats' announcements after the first trick (R40)."""
    from ulti_solver.cards import BB_MARRIAGES

    options = []
    for seat, hand in enumerate(deal.hands):
        suits = [SUIT_NAMES[s] for s in range(4) if hand & BB_MARRIAGES[s] == BB_MARRIAGES[s]]
        options += ["--marriages", f"{seat}:{','.join(suits) or '-'}"]
    return options


def simulate_rows(deal: Deal, rules, samples: int) -> None:
    """Samples a second: a random hand and examples/hand.txt, one process; that hand with
    -j 2 and on a 2-worker local Dask cluster (start-up and connection included)."""
    hands = [
        ("a random hand", Constraints(deal.hands[0], deal.talon)),
        ("examples/hand.txt", Constraints(parse_hand(EXAMPLE_HAND[0]), parse_hand(EXAMPLE_HAND[1]))),
    ]
    for name, constraints in hands:
        for bid_text in ("party", "ulti"):
            start = time.perf_counter()
            simulate(constraints, samples, bids=[parse_bid(bid_text)], trump=LEAVES, rules=rules)
            rate = samples / (time.perf_counter() - start)
            print(f"simulate, {name} with its talon, {bid_text} in leaves, -j 1: {rate:.0f} samples/s")
    constraints = hands[1][1]
    start = time.perf_counter()
    simulate(constraints, samples, bids=[parse_bid("party")], trump=LEAVES, rules=rules, jobs=2)
    print(
        f"simulate, examples/hand.txt, party in leaves, -j 2: {samples / (time.perf_counter() - start):.0f} samples/s"
    )
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print('simulate on a local cluster: skipped (pip install "ulti-solver[cluster]")')
        return
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: __import__("ulti_solver.search"))  # workers import the package first
        start = time.perf_counter()
        simulate(
            constraints,
            samples,
            bids=[parse_bid("party")],
            trump=LEAVES,
            rules=rules,
            cluster=cluster.scheduler_address,
        )
        print(
            f"simulate, examples/hand.txt, party in leaves, 2-worker local cluster: "
            f"{samples / (time.perf_counter() - start):.0f} samples/s"
        )


def solve_row(deal: Deal, shell: Shell) -> None:
    """A one-deal 'ulti solve' from the shell, start-up included: the median of 7 runs."""
    walls = [shell.wall("solve", str(deal), "--bid", "40-100 ulti", "--trump", "leaves", "--json") for _ in range(7)]
    print(f"'ulti solve' of one deal from the shell: median {statistics.median(walls):.3f} s wall")


def batch_rows(args, rules, shell: Shell) -> None:
    """'ulti batch -j 1' of a biased set from the shell, against the same solves in this process."""
    for bid_text in ("40-100 ulti", "colorless durchmars"):
        cases = cases_for(bid_text, "biased", args.deals, args.seed)
        solve_time = 0.0
        lines = []
        for case in cases:
            the_deal = Deal.parse(case["deal"])
            start = time.perf_counter()
            solve_bid(the_deal, parse_bid(case["bid"]), case["trump"], rules=rules)
            solve_time += time.perf_counter() - start
            trump = "" if case["trump"] is None else f" | {SUIT_NAMES[case['trump']]}"
            lines.append(f"{case['deal']} | {case['bid']}{trump}")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "deals.txt")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines) + "\n")
            wall = shell.wall("batch", path, "-j", "1", "--json", "--quiet")
        print(
            f"'ulti batch -j 1', {len(cases)} {parse_bid(bid_text)} lines: {wall:.2f} s wall for {solve_time:.2f} s of "
            f"solving in process ({wall / solve_time:.2f}x; the bar is 1.3x + 0.1 s)"
        )


def discards_rows(args, shell: Shell) -> None:
    """'ulti discards' of 12-card hands tilted toward 40-100 ulti, with -j 1 and as a user runs it."""
    bid = parse_bid("40-100 ulti")
    rng = random.Random(f"{args.seed}-discards")
    walls: Dict[str, List[float]] = {"-j 1": [], "no -j": []}
    for _ in range(max(5, args.hands // 2)):
        twelve = twelve_card_deal(biased_deal(rng, bid, rng.choice([BELLS, LEAVES, ACORNS])))
        command = ["discards", str(twelve), "--bid", str(bid), "--json", "--quiet"]
        walls["-j 1"].append(shell.wall(*command, "-j", "1"))
        walls["no -j"].append(shell.wall(*command))  # as a user runs it: this process first
    for jobs, times in walls.items():
        print(
            f"'ulti discards' of a 12-card hand, 40-100 ulti, 3 trumps, {jobs}: "
            f"median {statistics.median(times):.3f} s, max {max(times):.3f} s wall"
        )
