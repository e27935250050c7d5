"""The timing half of the benchmark, run in a subprocess against one build of the package.

``python -m benchmarks.bench`` writes the cases to a JSON file and runs
this script with ``PYTHONPATH`` pointing at the build to time -- this
checkout, or another commit's checkout for a side-by-side comparison --
so old and new are timed in one run, turn about, on the same deals.  It
imports nothing but that build's ``ulti_solver``, by absolute names, and
only names both builds of a comparison must have.

Usage: ``python worker.py CASES.json`` prints one JSON object: per case,
the seconds, the nodes and an answer; plus the build it timed.
``python worker.py --serve`` answers such a list per line of stdin.
``--count CASES.json`` solves them and ``--parse-only CASES.json`` only
parses them, printing nothing: the two runs under valgrind give the
instructions of the solves (see benchmarks/count.py).
"""

from __future__ import annotations

import gc
import hashlib
import json
import sys
import time

import ulti_solver
from ulti_solver.bids import parse_bid
from ulti_solver.deal import parse_deal
from ulti_solver.goals import component_goal
from ulti_solver.position import Outcome, Position
from ulti_solver.scoring import Scoring
from ulti_solver.search.core import CoreGame, forget_positions, solve_core
from ulti_solver.variants import make_rules


def run(cases, warm_up: int = 50, solve: bool = True):
    """Time every case once, after ``warm_up`` untimed solves: the first solves of a process
    pay for page faults in a fresh table and cold caches, whichever build is timed.

    Deals and bids are parsed before the first solve, so that a count of the whole
    process's instructions with ``solve`` false (parsing only) can be taken off one with
    it true, leaving what the timed part of each solve costs (``bench --instructions``).
    """
    parsed = [(case, parse_bid(case["bid"]), parse_deal(case["deal"])) for case in cases[:warm_up] + cases]
    if not solve:
        parsed = []
    # The collector is off while the solves run, as timeit has it: a collection of the whole
    # heap (this worker's results included) takes up to 2 ms, and one of them landing in an
    # 8 us solve moved a cheap goal's mean by a third from one run to the next.
    collecting = gc.isenabled()
    gc.disable()
    try:
        results = _solve_all(parsed, make_rules())
    finally:
        if collecting:
            gc.enable()
    results = results[min(warm_up, len(cases)) :]
    # The same digest as benchmarks.stats.checksum (this script imports nothing of the benchmark).
    checksum = hashlib.sha256(json.dumps([r["answer"] for r in results]).encode()).hexdigest()[:12]
    return {"results": results, "checksum": checksum, "build": ulti_solver.__file__}


def _solve_all(parsed, rules) -> list:
    """Solve each parsed case once, timing it: {seconds, nodes, answer} per case."""
    results = []
    for case, bid, deal in parsed:
        kind, trump = case["kind"], case["trump"]
        kontra = _kontra(case, bid, rules)  # read before the clock starts, as the deal and bid are
        forget_positions()
        start = time.perf_counter()
        if kind == "whole":
            solution = solve_core(deal, bid, trump, rules=rules)
            answer = [
                sorted(map(str, (c for c, made in solution.components.items() if made))),
                solution.joint,
                solution.declarer_points,
            ]
            nodes = solution.nodes
        elif kind == "value":
            scoring = Scoring(deal, bid, trump, rules=rules, **kontra)
            game = CoreGame(scoring, Position(deal.hands, 0, Outcome()))
            answer = game.value_total()
            nodes = game.search.nodes
        else:
            game = CoreGame(Scoring(deal, bid, trump, rules=rules), Position(deal.hands, 0, Outcome()))
            if kind == "points":
                answer = game.max_units()
            else:
                goal = component_goal(case["goal"], game.scoring, game.position)
                answer = goal.possible and (goal.certain or game.search.can_force(goal.flags, goal.need))
            nodes = game.search.nodes
        seconds = time.perf_counter() - start
        results.append({"seconds": seconds, "nodes": nodes, "answer": answer})
    return results


def _kontra(case, bid, rules) -> dict:
    """The kontras of a case that has them, as Scoring's keyword argument; none for a case without
    (a baseline build before kontra is only ever given cases without)."""
    if not case.get("kontra"):
        return {}
    from ulti_solver.kontra import kontra_for

    return {"kontra": kontra_for(case["kontra"], bid, rules=rules)}


def serve():
    """One JSON list of cases per line on stdin, one JSON result per line on stdout: the bench
    keeps a worker per build and feeds them the same chunks turn about, so that drift in the
    machine's speed falls on both alike."""
    warm_up = 50
    for line in sys.stdin:
        print(json.dumps(run(json.loads(line), warm_up)), flush=True)
        warm_up = 0


def main():
    if sys.argv[1] == "--serve":
        serve()
        return
    if sys.argv[1] in ("--count", "--parse-only"):  # run under valgrind: no warm-up, no timing wanted
        # No collections anywhere in either run: the two runs allocate differently (the results,
        # their checksum), so a collection of the whole heap lands in one and not the other,
        # and it was counted as solving (2 K instructions a cheap solve, from one commit to
        # the next that changed no solve, only which modules the package imports).
        gc.disable()
        with open(sys.argv[2], encoding="utf-8") as handle:
            run(json.load(handle), warm_up=0, solve=sys.argv[1] == "--count")
        return
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)
    print(json.dumps(run(cases)))


if __name__ == "__main__":
    main()
