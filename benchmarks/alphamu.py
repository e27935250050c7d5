"""αμ for card play: ``python -m benchmarks.alphamu`` from the checkout's root.

Two measurements:

* **time** (the default): ``--games N`` whole games played by three
  ``pimc`` bots on fixed seeded deals (:func:`benchmarks.bots.deal_of`);
  at every card from the sixth trick on (``--from``) where the seat to
  move has a choice, that seat's card is valued as ``ulti play --search
  alphamu`` values it at its defaults (worlds drawn from seed 0, or all of
  them in a small ending), one decision after the other in this process
  (one core).  Reported by trick: median, p90 and max seconds, and the
  positions searched.
* **fusion** (``--fusion FILE``, default tests/data/fusion_endings.jsonl):
  on endings where R43's card loses (benchmarks/fusion_endings.py), how
  often each search chooses a card that is best by the exact values
  stored with the ending: ``alphamu`` at its defaults, ``alphamu:2``, and
  ``alphamu:1`` (R43 itself).

Benchmarks measure; tests never time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from fractions import Fraction

from ulti_solver.alphamu import Ending
from ulti_solver.alphamu.advice import SearchSpec, alphamu_advice
from ulti_solver.alphamu.fronts import front_value
from ulti_solver.alphamu.search import AlphaMu
from ulti_solver.bids import parse_bid
from ulti_solver.bots import make_bot
from ulti_solver.bots.table import play_game
from ulti_solver.cards import card_name
from ulti_solver.deal import parse_deal
from ulti_solver.knowledge import information_set
from ulti_solver.position import parse_play
from ulti_solver.variants import make_rules

from .bots import deal_of, quantile


def time_decisions(games: int, seed: int, first_trick: int, book: str) -> None:
    rules = make_rules(book)
    by_trick = defaultdict(list)
    nodes = defaultdict(list)
    for index in range(games):
        game = play_game(deal_of(seed, index), [make_bot("pimc") for _ in range(3)], rules=rules, seed=index).game
        if game.thrown_in or game.end is None or len(game.cards) < 30:
            continue
        deal, movers, kontra = game.deal(), game.movers(), game.kontra()
        for k in range(3 * (first_trick - 1), 29):
            info = information_set(deal, game.bid, game.trump, played=game.cards[:k], seat=movers[k], rules=rules)
            began = time.perf_counter()
            advice = alphamu_advice(info, None, seed=0, kontra=kontra)
            if len(advice.cards) < 2:
                continue
            by_trick[k // 3 + 1].append(time.perf_counter() - began)
            nodes[k // 3 + 1].append(advice.cost.nodes)
    every = [t for times in by_trick.values() for t in times]
    print(f"alphamu at its defaults, {len(every)} decisions from trick {first_trick} of {games} pimc games:")
    for trick in sorted(by_trick):
        times = by_trick[trick]
        print(
            f"  trick {trick:2}: {len(times):4} decisions, median {statistics.median(times):.3f} s, "
            f"p90 {quantile(times, 0.9):.3f} s, max {max(times):.3f} s, "
            f"median positions {statistics.median(nodes[trick]):.0f}"
        )
    print(
        f"  all: median {statistics.median(every):.3f} s, p90 {quantile(every, 0.9):.3f} s, "
        f"p99 {quantile(every, 0.99):.3f} s, max {max(every):.3f} s"
    )


def fusion(path: str) -> None:
    endings = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    searches = {"alphamu": SearchSpec(), "alphamu:2": SearchSpec(2), "alphamu:1 (R43)": SearchSpec(1)}
    right = dict.fromkeys(searches, 0)
    began = time.perf_counter()
    for item in endings:
        deal, bid = parse_deal(item["deal"]), parse_bid(item["bid"])
        info = information_set(deal, bid, item["trump"], played=parse_play(item["played"]), seat=item["seat"])
        exact = {card: Fraction(value) for card, value in item["exact"].items()}
        best = max(exact.values())
        for name, spec in searches.items():
            ending = Ending.of(info, list(info.worlds()))
            fronts = AlphaMu(ending, spec.depth_for(ending.tricks_left)).card_fronts()
            values = {card_name(c): front_value(front, ending.world_weights()) for c, front in fronts.items()}
            top = max(values.values())
            chosen = min(card for card, value in values.items() if value == top)
            right[name] += exact[chosen] == best
    print(f"{len(endings)} endings where R43's card loses ({time.perf_counter() - began:.1f} s):")
    for name, count in right.items():
        print(f"  {name:16} chooses a best card in {count:4} ({count / len(endings):.0%})")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--from", dest="first_trick", type=int, default=6)
    parser.add_argument("--rules", default="ultiblog")
    parser.add_argument("--fusion", nargs="?", const="tests/data/fusion_endings.jsonl")
    args = parser.parse_args(argv)
    if args.fusion:
        fusion(args.fusion)
    else:
        time_decisions(args.games, args.seed, args.first_trick, args.rules)


if __name__ == "__main__":
    main()
