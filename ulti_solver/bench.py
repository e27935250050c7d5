"""Benchmark: ``python -m ulti_solver.bench [--baseline DIR]``.

Fixed seeded sets of deals -- uniformly random, and tilted toward each goal
(:func:`~ulti_solver.dealing.biased_deal`) so that both answers occur --
and, per goal, the time of one solve from the opening lead with an empty
table: mean, median, p90, p99, max, and the trick-boundary nodes visited,
single thread.  ``--baseline DIR`` times another build (a checkout of an
older commit with its core built in place, e.g. a ``git worktree``) on
the same deals in the same run, turn about, and prints the ratio and
whether the answers' checksums agree.  Then, for this build only: the
value (R34), the best bid (R35), the analysis of a played game, the
simulation rate, and the commands as a user runs them (start-up, batch,
discards).  ``--instructions`` counts each solve's instructions under
valgrind instead (:mod:`ulti_solver.bench_count`), and then (unless
``--no-extras``) those of whole commands, start-up included: slow,
but free of the shared machine's noise.  Benchmarks measure; tests never
time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Dict, Iterator, List, Optional

from .bids import parse_bid
from .cards import ACORNS, BELLS, HEARTS, LEAVES, SUIT_NAMES
from .deal import Deal
from .dealing import biased_deal, random_deal

#: name -> (bid, what the worker times, goal component).
GOALS = {
    "party": ("party", "goal", "party"),
    "40-100": ("40-100", "goal", "40-100"),
    "20-100": ("20-100", "goal", "20-100"),
    "ulti": ("ulti", "goal", "ulti"),
    "four-aces": ("four-aces", "goal", "four-aces"),
    "durchmars": ("durchmars", "goal", "durchmars"),
    "colorless": ("colorless durchmars", "goal", "durchmars"),
    "betli": ("betli", "goal", "betli"),
    "points": ("party", "points", None),
    "40-100 ulti": ("40-100 ulti", "whole", None),
}
#: Bids whose value (R34) is timed.
VALUE_BIDS = ("party", "ulti", "40-100 ulti", "four-aces", "durchmars", "betli")
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_worker.py")


def cases_for(name: str, set_name: str, count: int, seed: int) -> List[dict]:
    """The fixed deals of one goal and set, as the worker reads them."""
    bid_text, kind, goal = GOALS.get(name, (name, "value", None))
    bid = parse_bid(bid_text)
    rng = random.Random(f"{seed}-{set_name}" if set_name == "uniform" else f"{seed}-biased-{bid_text}")
    cases = []
    for _ in range(count):
        trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS]) if bid.has_trump else None
        played = parse_bid(f"red {bid_text}") if trump == HEARTS and not bid.red else bid
        deal = random_deal(rng) if set_name == "uniform" else biased_deal(rng, bid, trump)
        cases.append({"kind": kind, "bid": str(played), "trump": trump, "deal": str(deal), "goal": goal})
    return cases


def worker_env(root: str) -> dict:
    """The environment of a worker that imports the build in ``root``, and nothing beside it."""
    return dict(os.environ, PYTHONPATH=root, PYTHONSAFEPATH="1")


@contextmanager
def cases_file(cases: List[dict]) -> Iterator[str]:
    """The path of a temporary JSON file holding ``cases``, for a worker run on one build."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(cases, handle)
    try:
        yield handle.name
    finally:
        os.unlink(handle.name)


def time_build(root: str, cases: List[dict]) -> dict:
    """Run the worker on ``cases`` against the package found in ``root``."""
    with cases_file(cases) as path:
        done = subprocess.run(
            [sys.executable, WORKER, path], env=worker_env(root), check=True, capture_output=True, text=True
        )
    return json.loads(done.stdout)


#: How the shell rows start Python: without ``site``, so that an editable install of the
#: checkout running the bench ('pip install -e .') adds no import hook to every command's
#: start-up (about 20 M instructions, a tenth of a quick command) that a user's
#: 'pip install .' does not have; :class:`Shell` puts the site-packages on the path instead.
SHELL_PYTHON = (sys.executable, "-S")


class Shell:
    """``ulti`` commands of the build in ``root``, run as a user runs them after 'pip install .'
    compiled the bytecode once (a PYTHONDONTWRITEBYTECODE here would have every run compile
    every module): the checkout first on the path, then this interpreter's site-packages,
    and the checkout as the working directory, because ``python -m`` puts that first of all."""

    def __init__(self, root: str):
        self.root = root
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        packages = [p for p in sys.path if os.path.basename(p) in ("site-packages", "dist-packages")]
        self.env["PYTHONPATH"] = os.pathsep.join([root, *packages])
        self.run("--help")  # compiles the bytecode of the modules every command imports

    def argv(self, *args: str) -> List[str]:
        return [*SHELL_PYTHON, "-m", "ulti_solver", *args]

    def run(self, *args: str) -> None:
        subprocess.run(self.argv(*args), check=True, stdout=subprocess.DEVNULL, env=self.env, cwd=self.root)

    def wall(self, *args: str) -> float:
        """Seconds of wall time for ``ulti ARGS`` (output thrown away)."""
        start = time.perf_counter()
        self.run(*args)
        return time.perf_counter() - start


class Worker:
    """A worker process timing one build, fed chunks of cases one at a time."""

    def __init__(self, root: str):
        self.process = subprocess.Popen(
            [sys.executable, WORKER, "--serve"],
            env=worker_env(root),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def time(self, cases: List[dict]) -> List[dict]:
        self.process.stdin.write(json.dumps(cases) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())["results"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def checksum(results: List[dict]) -> str:
    import hashlib

    return hashlib.sha256(json.dumps([r["answer"] for r in results]).encode()).hexdigest()[:12]


def stats(seconds: List[float]) -> Dict[str, float]:
    ordered = sorted(seconds)

    def at(fraction):
        return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]

    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "p90": at(0.9),
        "p99": at(0.99),
        "max": ordered[-1],
    }


def _ms(row: Dict[str, float]) -> str:
    return "".join(f"{row[k] * 1e3:>9.3f}" for k in ("mean", "median", "p90", "p99")) + f"{row['max'] * 1e3:>9.2f}"


def goal_table(args, root: str) -> None:
    """Per goal and set: each build's times, the ratio of the means, and whether the answers agree.

    The builds take turns on chunks of 50 cases, so a shared machine's drift
    in speed during the run falls on both alike.
    """
    print(
        f"{'goal':<13}{'set':<9}{'build':<9}{'mean':>9}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}"
        f"{'nodes med':>11}  ratio  answers"
    )
    print(f"{'':<31}{'(milliseconds per solve, empty table)':>45}")
    labels = ["this"] + (["base"] if args.baseline else [])
    workers = {"this": Worker(root)}
    if args.baseline:
        workers["base"] = Worker(args.baseline)
    try:
        for name in args.goal or list(GOALS):
            for set_name in ("uniform", "biased"):
                cases = cases_for(name, set_name, args.deals, args.seed)
                timed: Dict[str, List[dict]] = {label: [] for label in labels}
                for index in range(0, len(cases), 50):
                    turn = labels if (index // 50) % 2 == 0 else labels[::-1]
                    for label in turn:
                        timed[label] += workers[label].time(cases[index : index + 50])
                this = stats([r["seconds"] for r in timed["this"]])
                for label in labels:
                    row = stats([r["seconds"] for r in timed[label]])
                    nodes = statistics.median(r["nodes"] for r in timed[label])
                    ratio = answers = ""
                    if label == "base":
                        ratio = f"{this['mean'] / row['mean']:>6.2f}x"
                        answers = "same" if checksum(timed["base"]) == checksum(timed["this"]) else "DIFFERENT"
                    else:
                        answers = f"checksum {checksum(timed['this'])}"
                    print(f"{name:<13}{set_name:<9}{label:<9}{_ms(row)}{nodes:>11.0f}  {ratio:<6} {answers}")
    finally:
        for worker in workers.values():
            worker.close()


def instruction_table(args, root: str) -> None:
    """Per goal and set: each build's instructions per solve (see bench_count), and their ratio."""
    from .bench_count import compile_build, per_solve, valgrind_missing

    missing = valgrind_missing()
    if missing:
        raise SystemExit(missing)
    for build in (root, args.baseline) if args.baseline else (root,):
        compile_build(build)
    print(f"{'goal':<13}{'set':<9}{'this':>14}{'base':>14}  ratio   (instructions per solve, empty table)")
    for name in args.goal or list(GOALS):
        for set_name in ("uniform", "biased"):
            cases = cases_for(name, set_name, args.deals, args.seed)
            this = per_solve(root, cases)
            line = f"{name:<13}{set_name:<9}{this:>14,.0f}"
            if args.baseline:
                base = per_solve(args.baseline, cases)
                line += f"{base:>14,.0f}  {this / base:.3f}x"
            print(line, flush=True)
    if not args.no_extras:
        whole_command_instructions(args, root)


#: examples/deal.txt, the README's deal.
EXAMPLE_DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: examples/discard.txt, the README's 12-card hand.
EXAMPLE_TWELVE = "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7"
#: The commands whose whole process ``--instructions`` counts: the floor (Python and click),
#: the group's help, the shell rows' one-deal solve, and the best bid of the README's 12-card
#: hand (9,900 candidates: mostly Python around the core, and slow under valgrind).
WHOLE_COMMANDS = (
    ("python -S and import click", ()),
    ("ulti --help", ("--help",)),
    ("ulti solve, one deal", ("solve", EXAMPLE_DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--json")),
    ("ulti best, a 12-card hand", ("best", EXAMPLE_TWELVE, "--json", "--quiet")),
)


def whole_command_instructions(args, root: str) -> None:
    """Each command of WHOLE_COMMANDS as a whole process: where a command's time goes."""
    from .bench_count import command_instructions

    print(f"\n{'command':<28}{'this':>14}{'base':>14}  ratio   (instructions of the whole process)")
    for label, command in WHOLE_COMMANDS:
        this = command_instructions(root, *command)
        line = f"{label:<28}{this:>14,.0f}"
        if args.baseline:
            try:
                base = command_instructions(args.baseline, *command)
            except RuntimeError as exc:  # an older build may not have the command (8a92672: no 'best')
                missing = "No such command" in str(exc)
                line += f"{'-':>14}  the baseline {'has no such command' if missing else 'failed: ' + str(exc)[-120:]}"
            else:
                line += f"{base:>14,.0f}  {this / base:.3f}x"
        print(line, flush=True)


def extras(args, root: str) -> None:
    """What only this build can do, and the commands as a user meets them."""
    from .analysis.best import best_bids
    from .analysis.discards import twelve_card_deal
    from .analysis.replay import analyse_game
    from .analysis.simulate import simulate
    from .deal import parse_hand
    from .dealing import Constraints
    from .search import solve_bid
    from .search.core import forget_positions
    from .variants import make_rules

    rules = make_rules()
    print()
    print("value (R34) of one bid, empty table:")
    for bid_text in VALUE_BIDS:
        for set_name in ("uniform", "biased"):
            cases = cases_for(bid_text, set_name, args.deals, args.seed)
            timed = time_build(root, [dict(c, kind="value") for c in cases])
            row = stats([r["seconds"] for r in timed["results"]])
            print(f"  {bid_text:<12}{set_name:<9}{_ms(row)}   checksum {timed['checksum']}")
    rng = random.Random(f"{args.seed}-best")
    dealt = [random_deal(rng) for _ in range(args.hands)]
    times = []
    for deal in dealt:
        forget_positions()
        start = time.perf_counter()
        best_bids(deal, rules)
        times.append(time.perf_counter() - start)
    row = stats(times)
    print(
        f"best bid of a dealt deal (150 candidates, top 10), {len(dealt)} deals: median {row['median']:.3f} s, "
        f"max {row['max']:.3f} s"
    )
    twelve = [twelve_card_deal(d) for d in dealt[: max(1, args.hands // 2)]]
    shell = Shell(root)
    times = []
    for deal in twelve:
        times.append(shell.wall("best", str(deal), "--quiet", "--json"))
    row = stats(times)
    print(
        f"best bid of a 12-card hand (9,900 candidates), as 'ulti best', {len(twelve)} hands: "
        f"median {row['median']:.2f} s, max {row['max']:.2f} s"
    )
    times = []
    for index, deal in enumerate(dealt):
        bid = parse_bid(("party", "ulti", "40-100 ulti", "betli")[index % 4])
        trump = None if not bid.has_trump else [BELLS, LEAVES, ACORNS][index % 3]
        cards = random_game(random.Random(f"{args.seed}-game-{index}"), deal, bid, trump, rules)
        forget_positions()
        start = time.perf_counter()
        analyse_game(deal, bid, trump, cards, rules)
        times.append(time.perf_counter() - start)
    row = stats(times)
    print(
        f"analysis of a played game (30 random legal cards, every alternative valued), {len(dealt)} games: "
        f"median {row['median']:.3f} s, max {row['max']:.3f} s"
    )
    hands = [
        ("a random hand", Constraints(dealt[0].hands[0], dealt[0].talon)),
        ("examples/hand.txt", Constraints(parse_hand("A97.TK8.O8.U9"), parse_hand("LU,A8"))),
    ]
    for name, constraints in hands:
        for bid_text in ("party", "ulti"):
            start = time.perf_counter()
            simulate(constraints, args.samples, bids=[parse_bid(bid_text)], trump=LEAVES, rules=rules)
            rate = args.samples / (time.perf_counter() - start)
            print(f"simulate, {name} with its talon, {bid_text} in leaves, -j 1: {rate:.0f} samples/s")
    constraints = hands[1][1]
    for jobs in (2,):
        start = time.perf_counter()
        simulate(constraints, args.samples, bids=[parse_bid("party")], trump=LEAVES, rules=rules, jobs=jobs)
        print(
            f"simulate, examples/hand.txt, party in leaves, -j {jobs}: "
            f"{args.samples / (time.perf_counter() - start):.0f} samples/s"
        )
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print('simulate on a local cluster: skipped (pip install "ulti-solver[cluster]")')
    else:
        with (
            LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster,
            Client(cluster) as client,
        ):
            client.run(lambda: __import__("ulti_solver.search"))  # workers import the package first
            start = time.perf_counter()
            simulate(
                constraints,
                args.samples,
                bids=[parse_bid("party")],
                trump=LEAVES,
                rules=rules,
                cluster=cluster.scheduler_address,
            )
            print(
                f"simulate, examples/hand.txt, party in leaves, 2-worker local cluster: "
                f"{args.samples / (time.perf_counter() - start):.0f} samples/s"
            )
    deal = dealt[0]
    walls = []
    for _ in range(7):
        walls.append(shell.wall("solve", str(deal), "--bid", "40-100 ulti", "--trump", "leaves", "--json"))
    print(f"'ulti solve' of one deal from the shell: median {statistics.median(walls):.3f} s wall")
    for bid_text in ("40-100 ulti", "colorless durchmars"):
        cases = cases_for(bid_text, "biased", args.deals, args.seed)
        solve_time = 0.0
        lines = []
        bid = parse_bid(bid_text)
        for case in cases:
            the_deal = Deal.parse(case["deal"])
            start = time.perf_counter()
            solve_bid(the_deal, parse_bid(case["bid"]), case["trump"], rules)
            solve_time += time.perf_counter() - start
            trump = "" if case["trump"] is None else f" | {SUIT_NAMES[case['trump']]}"
            lines.append(f"{case['deal']} | {case['bid']}{trump}")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "deals.txt")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines) + "\n")
            wall = shell.wall("batch", path, "-j", "1", "--json", "--quiet")
        print(
            f"'ulti batch -j 1', {len(cases)} {bid} lines: {wall:.2f} s wall for {solve_time:.2f} s of "
            f"solving in process ({wall / solve_time:.2f}x; the bar is 1.3x + 0.1 s)"
        )
    bid = parse_bid("40-100 ulti")
    rng = random.Random(f"{args.seed}-discards")
    walls: Dict[str, List[float]] = {"-j 1": [], "no -j": []}
    for _ in range(max(5, args.hands // 2)):
        dealt12 = biased_deal(rng, bid, rng.choice([BELLS, LEAVES, ACORNS]))
        twelve = twelve_card_deal(dealt12)
        command = ["discards", str(twelve), "--bid", str(bid), "--json", "--quiet"]
        walls["-j 1"].append(shell.wall(*command, "-j", "1"))
        walls["no -j"].append(shell.wall(*command))  # as a user runs it: this process first
    for jobs, times in walls.items():
        print(
            f"'ulti discards' of a 12-card hand, 40-100 ulti, 3 trumps, {jobs}: "
            f"median {statistics.median(times):.3f} s, max {max(times):.3f} s wall"
        )


def random_game(rng: random.Random, deal: Deal, bid, trump, rules) -> List[int]:
    """30 random legal cards: a game as careless players might play it."""
    from .cards import cards_of
    from .play import PlayRules
    from .position import start_of_play

    play = PlayRules.for_game(bid, trump, rules)
    position, cards = start_of_play(deal), []
    while not position.finished:
        card = rng.choice(list(cards_of(position.legal(play))))
        cards.append(card)
        position = position.after(card, play)
    return cards


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="deals per set (default 1000; 200 with --instructions)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of every set (default 2026)")
    parser.add_argument("--goal", action="append", choices=list(GOALS), help="only these goals (repeatable)")
    parser.add_argument(
        "--baseline",
        metavar="DIR",
        help="also time the build in DIR (a checkout with its core built in place) on the same deals",
    )
    parser.add_argument("--hands", type=int, default=20, help="deals for best bid and analysis (default 20)")
    parser.add_argument("--samples", type=int, default=2000, help="samples for the simulation rate (default 2000)")
    parser.add_argument("--no-extras", action="store_true", help="only the per-goal table")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count each goal's instructions per solve under valgrind instead of timing (noise-free; slow)",
    )
    args = parser.parse_args(argv)
    if args.deals is None:
        args.deals = 200 if args.instructions else 1000
    from .search import core_built

    if not core_built():
        raise SystemExit("the benchmark measures the Cython core, which is not built (pip install -e .)")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(
        f"{args.deals} deals per set, seed {args.seed}, one thread; this build: {root}"
        + (f"; baseline: {args.baseline}" if args.baseline else "")
    )
    if args.instructions:
        instruction_table(args, root)
        return
    goal_table(args, root)
    if not args.no_extras:
        extras(args, root)


if __name__ == "__main__":
    main()
