"""Endings where R43's card loses: ``python -m benchmarks.fusion_endings`` from the checkout's root.

Draws endings of three tricks (:func:`ulti_solver.alphamu.random_endings.random_ending`,
seeds ``--first`` to ``--last``), counts every world of the seat to move, and
keeps those where every card that single-dummy play (R43) rates best is worth
less, to a player who cannot see which world he is in, than the best card:
strategy fusion.  The exact values come from αμ to the end with no front
cut (the tests check each against the plain reference).  Each kept ending is
written as one JSON line with the whole game (deal, bid, trump, the cards
played) and the values, so the set does not depend on the draws staying the
same; ``tests/data/fusion_endings.jsonl`` is this script's output.

About one ending in 700 is kept: the search is slow and meant to run once.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ulti_solver.alphamu import Ending
from ulti_solver.alphamu.exact import MOST_VECTORS
from ulti_solver.alphamu.random_endings import random_ending
from ulti_solver.alphamu.search import alphamu_values
from ulti_solver.cards import card_name

#: Endings with more worlds than this are passed over (the exact search slows past it).
MOST_WORLDS = 1_000


def fusion_ending(seed: int, extra: int = 0):
    """The ending of ``seed`` as a JSON object if R43's card loses in it, else None (``extra``:
    cards of the eighth trick already played; nearly every such ending found starts it)."""
    drawn = random_ending(seed, 3, extra)
    info = drawn.info
    if info.count() > MOST_WORLDS:
        return None
    ending = Ending.of(info, list(info.worlds()))
    cards = ending.legal_cards()
    if len(cards) < 2:
        return None
    single, _ = alphamu_values(ending, 1)
    exact, cost = alphamu_values(ending, None, width=MOST_VECTORS)
    if cost.cuts:
        return None
    top, best = max(single.values()), max(exact.values())
    if not all(exact[card] < best for card in cards if single[card] == top):
        return None
    return {
        "seed": seed,
        "extra": extra,
        "deal": str(drawn.deal),
        "bid": str(drawn.bid),
        "trump": drawn.trump,
        "played": " ".join(card_name(card) for card in drawn.played),
        "seat": ending.player,
        "worlds": len(ending.worlds),
        "single_dummy": {card_name(c): str(v) for c, v in sorted(single.items())},
        "exact": {card_name(c): str(v) for c, v in sorted(exact.items())},
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=100_000)
    parser.add_argument("--seeds", help="a file of JSON lines with a 'seed' each, instead of a range")
    parser.add_argument("--out", default="-")
    args = parser.parse_args(argv)
    if args.seeds:
        found = [json.loads(line) for line in open(args.seeds, encoding="utf-8") if line.strip()]
        seeds = [(item["seed"], item.get("extra")) for item in found]
    else:
        seeds = [(seed, 0) for seed in range(args.first, args.last)]
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    began, kept = time.perf_counter(), 0
    for seed, extra in seeds:
        found = fusion_ending(seed, extra)
        if found is not None:
            kept += 1
            out.write(json.dumps(found) + "\n")
            out.flush()
    print(f"{kept} endings kept of {len(seeds)} seeds in {time.perf_counter() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
