"""Measure weighted worlds (issue 34): ``python -m benchmarks.inference --games FILE [--worlds N]``.

On game records not used to fit the policy (``ulti match --games``), at each
seat's first card (R5 seat k plays card k+1) and, for every seat, after the
first trick (all first-trick kontras heard), the log-probability of the TRUE
hidden cards under the weighted worlds minus under R42's equal worlds:

    log w(true) - log(mean of w over N worlds drawn uniformly from the seat's information set)

-- positive when the policy moves probability toward what was really there.
Averaged per moment, with its standard error over deals (the arrangements of
one deal are averaged first: they share the cards), and the mean effective
fraction of worlds (effective worlds / N).  A moment where the seat has seen
nothing the policy explains (the declarer's opening lead) counts 0 and is
listed on its own line.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from typing import Dict, List, Optional, Sequence

from ulti_solver.game.record import game_from_json
from ulti_solver.inference.observed import from_calls
from ulti_solver.inference.policy import shipped_policy
from ulti_solver.inference.weights import effective_worlds, world_log_weight
from ulti_solver.knowledge import information_set

MOMENTS = (("declarer, card 1", 0, 0), ("defender 1, card 2", 1, 1), ("defender 2, card 3", 2, 2))
AFTER_TRICK = (
    ("declarer, after trick 1", 0, 3),
    ("defender 1, after trick 1", 1, 3),
    ("defender 2, after trick 1", 2, 3),
)


def measure(path: str, worlds: int, limit: Optional[int] = None) -> Dict[str, dict]:
    policy = shipped_policy()
    by_moment: Dict[str, Dict[str, List[float]]] = defaultdict(lambda: defaultdict(list))
    fractions: Dict[str, List[float]] = defaultdict(list)
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle):
            if limit is not None and number >= limit:
                break
            data = json.loads(line)
            game = game_from_json(data)
            if game.thrown_in or game.position is None or game.end is None:
                continue
            deal, bid, trump = game.deal(), game.bid, game.trump
            for name, seat, played in MOMENTS + AFTER_TRICK:
                if len(game.cards) <= played:
                    continue
                calls = [c for c in game.kontras.calls if c.before <= played]
                observed = from_calls(
                    seat, bid, trump, game.declarer, calls, played, rules=game.rules, auction=game.auction.actions
                )
                if observed.empty:
                    by_moment[name][data["deal"]].append(0.0)
                    continue
                info = information_set(deal, bid, trump, game.cards[:played], seat, rules=game.rules)
                logs = [world_log_weight(observed, info.world(number, i), policy) for i in range(worlds)]
                top = max(logs)
                log_mean = top + math.log(sum(math.exp(v - top) for v in logs) / worlds)
                true = world_log_weight(observed, deal, policy)
                by_moment[name][data["deal"]].append(true - log_mean)
                fractions[name].append(effective_worlds([math.exp(v - top) for v in logs]) / worlds)
    found = {}
    for name, _, _ in MOMENTS + AFTER_TRICK:
        per_deal = [statistics.fmean(v) for v in by_moment[name].values()]
        if not per_deal:
            continue
        mean = statistics.fmean(per_deal)
        stderr = statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0.0
        found[name] = {
            "deals": len(per_deal),
            "games": sum(len(v) for v in by_moment[name].values()),
            "log_gain": round(mean, 4),
            "stderr": round(stderr, 4),
            "effective_fraction": round(statistics.fmean(fractions[name]), 4) if fractions[name] else 1.0,
        }
    return found


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", required=True, help="game records not used in fitting (JSON lines)")
    parser.add_argument("--worlds", type=int, default=100, help="uniform worlds per moment (default 100)")
    parser.add_argument("--limit", type=int, default=None, help="read at most this many records")
    args = parser.parse_args(argv)
    found = measure(args.games, args.worlds, args.limit)
    print(f"{'moment':28} {'deals':>5} {'games':>5} {'log w(true) - log mean w':>25} {'eff. fraction':>13}")
    for name, row in found.items():
        gain = f"{row['log_gain']:+.3f} ± {row['stderr']:.3f}"
        print(f"{name:28} {row['deals']:5} {row['games']:5} {gain:>25} {row['effective_fraction']:13.3f}")
    print(json.dumps(found))


if __name__ == "__main__":
    main()
