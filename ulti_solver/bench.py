"""Benchmark of the search core: ``python -m ulti_solver.bench``.

Two fixed seeded sets of deals -- uniformly random, and tilted toward each
goal (:func:`~ulti_solver.dealing.biased_deal`) so that both answers
occur -- and, per goal, the time of one solve from the opening lead with a
fresh transposition table: median, p90, p99, max, and the trick-boundary
nodes visited.  Single thread.  Benchmarks measure; tests never time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, List

from .bids import parse_bid
from .cards import ACORNS, BELLS, HEARTS, LEAVES, SUIT_NAMES
from .deal import Deal
from .discards import solve_discards
from .goals import component_goal
from .dealing import biased_deal, random_deal
from .scoring import Outcome, Position, Scoring
from .solver import CoreGame, implementation, solve_bid, solve_core, forget_positions
from .variants import DEFAULT_RULES

#: name -> (bid, no trump?) ; the yes/no goals, then the exact points, then a whole bid.
GOALS = {
    "party": ("party", False),
    "ulti": ("ulti", False),
    "four-aces": ("four-aces", False),
    "durchmars": ("durchmars", False),
    "betli": ("betli", True),
    "points": ("party", False),
    "40-100 ulti": ("40-100 ulti", False),
}


BIDS = {text: parse_bid(text) for text, _ in GOALS.values()}


def run_goal(name: str, deal: Deal, trump) -> int:
    """Solve one goal on a fresh core search; returns the nodes it visited.

    What is timed is what a solve costs once the deal and bid are read:
    the scoring set-up, the goal compiling and the core search.
    """
    bid = BIDS[GOALS[name][0]]
    if name == "40-100 ulti":
        return solve_core(deal, bid, trump).nodes
    scoring = Scoring(deal, bid, trump, DEFAULT_RULES)
    position = Position(deal.hands, 0, Outcome())
    game = CoreGame(scoring, position)
    if name == "points":
        game.max_units()
    else:
        goal = component_goal(name, scoring, position)
        if goal.possible and not goal.certain:
            # A yes/no goal asks its one question, even the party (not the exact points).
            game.search.can_force(goal.flags, goal.need, 0)
    return game.search.nodes


def deal_sets(count: int, seed: int):
    """The two fixed sets, per goal: (deal, trump) pairs."""
    sets = {}
    for name, (bid_text, no_trump) in GOALS.items():
        rng = random.Random(f"{seed}-uniform")
        uniform = []
        for _ in range(count):
            trump = None if no_trump else rng.choice([HEARTS, BELLS, LEAVES, ACORNS])
            uniform.append((random_deal(rng), trump))
        rng = random.Random(f"{seed}-biased-{name}")
        bid = BIDS[bid_text]
        biased = []
        for _ in range(count):
            trump = None if no_trump else rng.choice([HEARTS, BELLS, LEAVES, ACORNS])
            biased.append((biased_deal(rng, bid, trump), trump))
        sets[name] = {"uniform": uniform, "biased": biased}
    return sets


def percentile(sorted_values: List[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, int(round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def measure(cases, name: str, timer: Callable[[], float] = time.perf_counter) -> Dict[str, float]:
    times, nodes = [], []
    for deal, trump in cases:
        forget_positions()
        start = timer()
        nodes.append(run_goal(name, deal, trump))
        times.append(timer() - start)
    times.sort()
    return {
        "median_ms": statistics.median(times) * 1e3,
        "p90_ms": percentile(times, 0.90) * 1e3,
        "p99_ms": percentile(times, 0.99) * 1e3,
        "max_ms": times[-1] * 1e3,
        "total_s": sum(times),
        "nodes_median": statistics.median(nodes),
        "nodes_max": max(nodes),
    }


def batch_overhead(cases, bid_text: str) -> Dict[str, float]:
    """``ulti batch -j 1`` on these deals against the sum of their solve times.

    The command runs as a user would run it (a fresh process, JSON output),
    so the ratio includes start-up, parsing and printing: the Python cost
    around the core.
    """
    bid = parse_bid(bid_text)
    solve_time = 0.0
    lines = []
    for deal, trump in cases:
        start = time.perf_counter()
        solve_bid(deal, bid, trump)
        solve_time += time.perf_counter() - start
        lines.append(f"{deal} | {bid} | {SUIT_NAMES[trump]}")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "deals.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "ulti_solver", "batch", path, "-j", "1", "--json", "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - start
    return {"solve_s": solve_time, "batch_s": wall, "ratio": wall / solve_time}


def discard_times(count: int, seed: int, bid_text: str = "40-100 ulti") -> Dict[str, float]:
    """A full discard check (66 discards x 3 trumps) of random 12-card hands tilted to the bid."""
    bid = parse_bid(bid_text)
    rng = random.Random(f"{seed}-discards")
    times = []
    for _ in range(count):
        dealt = biased_deal(rng, bid, rng.choice([BELLS, LEAVES, ACORNS]))
        twelve = Deal((dealt.hands[0] | dealt.talon, dealt.hands[1], dealt.hands[2]), None)
        start = time.perf_counter()
        solve_discards(twelve, bid, None)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"median_s": statistics.median(times), "max_s": times[-1]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per set (default 1000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of both sets (default 2026)")
    parser.add_argument("--goal", action="append", choices=list(GOALS), help="only these goals")
    parser.add_argument("--no-extras", action="store_true",
                        help="skip the batch-overhead and discard measurements")
    args = parser.parse_args(argv)
    if implementation() != "core":
        raise SystemExit("the benchmark measures the Cython core, which is not built")
    sets = deal_sets(args.deals, args.seed)
    goals = args.goal or list(GOALS)
    print(f"{'goal':<13}{'set':<9}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}   {'nodes med':>9}{'max':>9}")
    print(f"{'':<22}{'(milliseconds per solve)':>36}")
    worst = 0.0
    for name in goals:
        for set_name in ("uniform", "biased"):
            r = measure(sets[name][set_name], name)
            worst = max(worst, r["max_ms"])
            print(f"{name:<13}{set_name:<9}{r['median_ms']:>9.3f}{r['p90_ms']:>9.3f}"
                  f"{r['p99_ms']:>9.3f}{r['max_ms']:>9.2f}   {r['nodes_median']:>9.0f}{r['nodes_max']:>9}")
    print(f"summary: {args.deals} deals per set, times in ms per solve, worst case {worst:.1f} ms")
    if args.no_extras:
        return
    overhead = batch_overhead(sets["40-100 ulti"]["biased"], "40-100 ulti")
    print(f"batch -j 1, biased 40-100 ulti set: {overhead['batch_s']:.2f} s wall for "
          f"{overhead['solve_s']:.2f} s of solving ({overhead['ratio']:.1f}x)")
    discards = discard_times(max(5, args.deals // 50), args.seed)
    print(f"discards, 40-100 ulti, 66 discards x 3 trumps: median {discards['median_s']:.2f} s, "
          f"max {discards['max_s']:.2f} s")


if __name__ == "__main__":
    main()
