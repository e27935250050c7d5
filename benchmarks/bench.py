"""Benchmark: ``python -m benchmarks.bench [--baseline DIR]``, from the checkout's root.

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
valgrind instead (:mod:`benchmarks.count`), and then (unless
``--no-extras``) those of whole commands, start-up included: slow,
but free of the shared machine's noise.  Benchmarks measure; tests never
time.
"""

from __future__ import annotations

import argparse
import os
import statistics
from typing import Dict, List, Optional

from .builds import Worker, this_build
from .cases import GOALS, SETS, cases_for
from .count import instruction_table
from .stats import checksum, ms_columns, stats

#: The builds take turns on chunks of this many cases.
CHUNK = 50


def goal_table(args, root: str) -> None:
    """Per goal and set: each build's times, the ratio of the means, and whether the answers agree.

    The builds take turns on chunks of CHUNK cases, so a shared machine's drift
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
            for set_name in SETS:
                cases = cases_for(name, set_name, args.deals, args.seed)
                timed: Dict[str, List[dict]] = {label: [] for label in labels}
                for index in range(0, len(cases), CHUNK):
                    turn = labels if (index // CHUNK) % 2 == 0 else labels[::-1]
                    for label in turn:
                        timed[label] += workers[label].time(cases[index : index + CHUNK])
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
                    print(f"{name:<13}{set_name:<9}{label:<9}{ms_columns(row)}{nodes:>11.0f}  {ratio:<6} {answers}")
    finally:
        for worker in workers.values():
            worker.close()


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(
        prog="python -m benchmarks.bench",
        description=__doc__.split("\n\n")[0],
        epilog="Run from the checkout's root, with its core built in place (pip install -e .).",
    )
    found.add_argument("--deals", type=int, help="deals per set (default 1000; 200 with --instructions)")
    found.add_argument("--seed", type=int, default=2026, help="seed of every set (default 2026)")
    found.add_argument("--goal", action="append", choices=list(GOALS), help="only these goals (repeatable)")
    found.add_argument(
        "--baseline",
        metavar="DIR",
        help="also time the build in DIR (a checkout with its core built in place) on the same deals",
    )
    found.add_argument("--hands", type=int, default=20, help="deals for best bid and analysis (default 20)")
    found.add_argument("--samples", type=int, default=2000, help="samples for the simulation rate (default 2000)")
    found.add_argument("--no-extras", action="store_true", help="only the per-goal table")
    found.add_argument(
        "--advice-only",
        action="store_true",
        help="only the rows of ulti bid and ulti kontra, on the deals the full run gives them",
    )
    found.add_argument(
        "--instructions",
        action="store_true",
        help="count each goal's instructions per solve under valgrind instead of timing (noise-free; slow)",
    )
    return found


def main(argv: Optional[List[str]] = None) -> None:
    args = parser().parse_args(argv)
    if args.deals is None:
        args.deals = 200 if args.instructions else 1000
    from ulti_solver.search import core_built

    if not core_built():
        raise SystemExit("the benchmark measures the Cython core, which is not built (pip install -e .)")
    if args.baseline and not os.path.isdir(os.path.join(args.baseline, "ulti_solver")):
        raise SystemExit(
            f"--baseline {args.baseline}: no ulti_solver/ there (give a checkout with its core built in place)"
        )
    root = this_build()
    print(
        f"{args.deals} deals per set, seed {args.seed}, one thread; this build: {root}"
        + (f"; baseline: {args.baseline}" if args.baseline else "")
    )
    if args.instructions:
        instruction_table(args, root)
        return
    if args.advice_only:
        from .extras import advice_only

        advice_only(args, root)
        return
    goal_table(args, root)
    if not args.no_extras:
        from .extras import extras

        extras(args, root)


if __name__ == "__main__":
    main()
