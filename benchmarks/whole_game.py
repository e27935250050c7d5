"""How long judging a whole game takes from the command line: ``python -m benchmarks.whole_game``.

The issue's yardstick (INTERFACE.md "Whole games"): ``ulti analyse --file
GAME --knowable 100 -j 2``, every card judged from its player's seat (R44)
and the declarer's last bid and every kontra turn (R43), on games dealt
and played at random from fixed seeds (:func:`benchmarks.game_judging.random_game`).
Each game is one run of the command, start-up included, timed on its own;
the median and the slowest are printed with the seeds, so a slow one can
be run again alone.  Thrown-in games are skipped: they have nothing to judge.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ulti_solver.game.record import game_json

from .game_judging import random_game


def time_game(seed: int, samples: int, jobs: int) -> float:
    game = random_game(seed)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "game.jsonl"
        path.write_text(json.dumps(game_json(game)) + "\n", encoding="utf-8")
        command = [sys.executable, "-m", "ulti_solver", "analyse", "--file", str(path), "--knowable", str(samples)]
        started = time.perf_counter()
        subprocess.run([*command, "-j", str(jobs), "-q", "--json"], check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    seconds = {}
    for seed in range(args.first_seed, args.first_seed + args.games):
        if random_game(seed).thrown_in:
            continue
        seconds[seed] = time_game(seed, args.samples, args.jobs)
        print(f"seed {seed}: {seconds[seed]:.2f} s", flush=True)
    times = sorted(seconds.values())
    slowest = max(seconds, key=seconds.__getitem__)
    print(
        f"{len(times)} games, --knowable {args.samples} -j {args.jobs}: median {statistics.median(times):.2f} s, "
        f"slowest {times[-1]:.2f} s (seed {slowest})"
    )


if __name__ == "__main__":
    main()
