"""Bots: ``python -m benchmarks.bots`` from the checkout's root.

Two measurements, on fixed seeded deals (game i of seed K is the same deal
on every run and machine):

* **time** (the default): ``--games N`` whole games, three bots of one
  SPEC (``--bot``, default ``pimc``) round the table, played one after the
  other in this process (one core); per game the wall time and the CPU
  time of this process, summed up as median, p90, p99 and max.  INTERFACE.md
  asks a ``pimc`` game at its defaults to take at most 5 s median.
* **duplicate** (``--duplicate A B``): R50's duplicate comparison of two
  SPECs: every deal played once for each of the six arrangements of them
  round the table (A B B, B A B, B B A, B A A, A B A, A A B), so that each
  meets the same cards in every seat; a bot's score for a deal is the sum
  of its seats' results over the arrangements, and the report is the mean
  of A's score minus B's per deal, with its paired standard error.

Benchmarks measure; tests never time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import List, Sequence

from ulti_solver.analysis.discards import twelve_card_deal
from ulti_solver.bots import make_bot
from ulti_solver.bots.table import play_game
from ulti_solver.deal import Deal
from ulti_solver.dealing import random_deal
from ulti_solver.variants import make_rules

#: The six arrangements of two bots round three seats, each meeting both.
ARRANGEMENTS = ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")


def deal_of(seed: int, index: int) -> Deal:
    """Game ``index`` of ``seed``: a uniformly random deal, table seat 0 holding twelve (R45)."""
    return twelve_card_deal(random_deal(random.Random(f"bots:{seed}:{index}")))


def quantile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_games(spec: str, games: int, seed: int, book: str, verbose: bool) -> None:
    rules = make_rules(book)
    walls: List[float] = []
    cpus: List[float] = []
    for index in range(games):
        bots = [make_bot(spec) for _ in range(3)]
        wall, cpu = time.perf_counter(), time.process_time()
        played = play_game(deal_of(seed, index), bots, rules=rules, seed=index)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if verbose:
            game = played.game
            print(
                f"game {index:3d}: {walls[-1]:6.2f} s wall {cpus[-1]:6.2f} s cpu  "
                f"{game.bid} by {game.declarer}  {played.by_seat}"
                + (f"  FORFEIT {played.forfeit}" if played.forfeit else ""),
                flush=True,
            )
    print(f"{spec} x3, {games} games, {book}, seed {seed} (seconds per game)")
    print(f"{'':6}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}{'mean':>9}")
    for label, values in (("wall", walls), ("cpu", cpus)):
        print(
            f"{label:6}{statistics.median(values):9.2f}{quantile(values, 0.9):9.2f}"
            f"{quantile(values, 0.99):9.2f}{max(values):9.2f}{statistics.mean(values):9.2f}"
        )


def duplicate(first: str, second: str, deals: int, seed: int, book: str, verbose: bool) -> None:
    rules = make_rules(book)
    differences: List[float] = []
    forfeits = 0
    started = time.perf_counter()
    for index in range(deals):
        deal, score = deal_of(seed, index), 0
        for arrangement in ARRANGEMENTS:
            bots = [make_bot(first if who == "A" else second) for who in arrangement]
            played = play_game(deal, bots, rules=rules, seed=index)
            forfeits += played.forfeit is not None
            score += sum(result for who, result in zip(arrangement, played.by_seat) if who == "A")
        differences.append(2 * score)  # A's score minus B's: the results add up to zero
        if verbose:
            print(f"deal {index:3d}: {first} - {second} = {differences[-1]:+d}", flush=True)
    mean = statistics.mean(differences)
    stderr = statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else 0.0
    print(
        f"{first} - {second}: {mean:+.2f} units per deal (six arrangements), paired stderr {stderr:.2f}, "
        f"{deals} deals, {book}, seed {seed}, {forfeits} forfeits, {time.perf_counter() - started:.0f} s"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="pimc", help="the SPEC timed (default pimc)")
    parser.add_argument("--games", type=int, default=20, help="games timed, or deals compared (default 20)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="ultiblog", help="the rulebook (default ultiblog)")
    parser.add_argument(
        "--duplicate", nargs=2, metavar=("A", "B"), help="compare two SPECs in duplicate instead of timing"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per game (or deal)")
    args = parser.parse_args(argv)
    if args.duplicate:
        duplicate(args.duplicate[0], args.duplicate[1], args.games, args.seed, args.rules, args.verbose)
    else:
        time_games(args.bot, args.games, args.seed, args.rules, args.verbose)


if __name__ == "__main__":
    main()
