"""Is ``ulti bid``'s first choice as good as the best?  ``python -m benchmarks.bid_honesty``.

For each of 20 random 12-card hands (fixed seeds): ``ulti bid`` at its
defaults (200 worlds, seed 0) names its first choice; a brute force ranks
every candidate by its mean on 2,000 other worlds, the same for all, and
keeps the 10 best; then the first choice and those 10 are valued on 2,000 fresh
worlds (the holdout), and the check is that the first choice's holdout
mean is within two standard errors of the best holdout mean among the
10.  Two ways: the issue's, ``ulti bid``'s own holdout mean (200 fresh
worlds) within two of its standard errors of the best of the 10 on the
2,000; and a stricter one, the first choice valued on those same 2,000
fresh worlds, within two standard errors of the paired difference (far
smaller than the first's own error: near-equals that 200 worlds cannot
tell apart fail it).

The brute force weighs the candidates of
:func:`~ulti_solver.analysis.bid_candidates.candidates` -- every discard,
bid and trump less two exact cuts: discards that play exactly alike
(their values are equal in every world, so the best holdout mean is the
same), and bids with a part lost before play that a simpler bid beats in
every world (never the best of any set that holds its better).  It finds
the exact top 10 by mean over the 2,000 worlds without valuing every
candidate in every world, but without statistics either: candidates are
taken best upper bound first, and one whose mean of per-world upper
bounds (the table and one-goal bounds of ``bid_bounds``, then null-window
searches against the tenth best's value in each world) is below the tenth
best mean cannot be among the 10.  So it is the brute force's answer, at a
fraction of its cost, and it shares none of the race's statistics.  It takes
a few minutes a hand; the results go to BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Dict, List

from ulti_solver.analysis.bid_candidates import candidates
from ulti_solver.analysis.bid_race import Race
from ulti_solver.analysis.bid_worlds import hand_worlds
from ulti_solver.analysis.bidding import advise_bid
from ulti_solver.analysis.racing import differences, summary
from ulti_solver.cards import SUIT_NAMES, card_name, format_hand
from ulti_solver.dealing import Constraints, random_deal
from ulti_solver.runner import Runner
from ulti_solver.variants import make_rules

#: Candidates weighed together in the brute force: one bound pass, one null-window pass, one value pass.
CHUNK = 48


def hands(count: int, seed: str) -> List[int]:
    """Random 12-card hands: a random deal's declarer hand and talon."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        deal = random_deal(rng)
        found.append(deal.hands[0] | deal.talon)
    return found


def exact_top(hand: int, rules, seed: int, worlds: int, top: int, jobs: int):
    """The ``top`` candidates with the highest mean over ``worlds`` worlds of ``seed``, exactly,
    with their totals: (candidates, totals by order, how many were valued in every world)."""
    constraints = Constraints(hand)
    pool = candidates(hand, None, rules=rules).weighed
    race = Race(
        hand_worlds(constraints, seed),
        rules=rules,
        pool=pool,
        top=top,
        exact=False,
        runner=Runner(jobs).run,
        on_progress=None,
    )
    every = list(range(worlds))
    bound = race.bounds(pool, every)
    order = sorted(pool, key=lambda c: (-sum(bound[c.order]), c.order))
    best: Dict[int, List[int]] = {}
    known: Dict[int, set] = {c.order: set() for c in pool}
    by_order = {c.order: c for c in pool}
    valued = 0

    def tenth():
        ranked = sorted(best, key=lambda o: (-sum(best[o]), o))
        return ranked[top - 1] if len(ranked) >= top else None

    for at in range(0, len(order), CHUNK):
        chunk = order[at : at + CHUNK]
        ref = tenth()
        if ref is not None:
            bar = sum(best[ref])
            if sum(bound[chunk[0].order]) < bar:
                break  # every later candidate's bound is lower still
            chunk = [c for c in chunk if sum(bound[c.order]) >= bar]
            bars = best[ref]
            asked = []
            for cand in chunk:
                open_worlds = [w for w in every if bound[cand.order][w] >= bars[w]]
                if open_worlds:
                    asked.append((cand, open_worlds, [bars[w] for w in open_worlds]))
            for order_key, reached in race.reach(asked).items():
                for world, yes in reached.items():
                    if not yes:
                        bound[order_key][world] = min(bound[order_key][world], bars[world] - 1)
            chunk = [c for c in chunk if sum(bound[c.order]) >= bar]
            # Valued first where it may beat the tenth: most candidates fall short there already.
            for order_key, totals in race.value(
                [(c, [w for w in every if bound[c.order][w] >= bars[w]]) for c in chunk]
            ).items():
                for world, total in totals.items():
                    bound[order_key][world] = total
                    known[order_key].add(world)
            chunk = [c for c in chunk if sum(bound[c.order]) >= bar]
        if not chunk:
            continue
        found = race.value([(c, [w for w in every if w not in known[c.order]]) for c in chunk])
        valued += len(chunk)
        for order_key, totals in found.items():
            for world, total in totals.items():
                bound[order_key][world] = total
            best[order_key] = list(bound[order_key])
        for order_key in sorted(best, key=lambda o: (-sum(best[o]), o))[top:]:
            del best[order_key]
    ranked = sorted(best, key=lambda o: (-sum(best[o]), o))
    return [by_order[o] for o in ranked], best, valued, race


def describe(cand) -> str:
    discard = " ".join(card_name(c) for c in cand.discard)
    trump = "-" if cand.trump is None else SUIT_NAMES[cand.trump]
    return f"{cand.bid} / {trump} / {discard}"


def holdout_values(hand: int, index: int, cands, rules, args) -> Dict[str, List[int]]:
    """Each candidate's totals on the hand's holdout worlds (seed 100,000 + index), by description."""
    fresh = hand_worlds(Constraints(hand), 100_000 + index)
    race = Race(
        fresh, rules=rules, pool=list(cands), top=1, exact=False, runner=Runner(args.jobs).run, on_progress=None
    )
    found = race.value([(c, range(args.holdout)) for c in cands])
    return {describe(c): [found[c.order][w] for w in range(args.holdout)] for c in cands}


def brute_hand(index: int, hand: int, rules, args) -> dict:
    """The brute force's top 10 on the hand's worlds (seed 1 + index) and their holdout totals."""
    started = time.perf_counter()
    top, totals, valued, _race = exact_top(hand, rules, 1 + index, args.worlds, 10, args.jobs)
    held = holdout_values(hand, index, top, rules, args)
    return {
        "hand": format_hand(hand),
        "top": [[describe(c), round(sum(totals[c.order]) / args.worlds / 2, 4)] for c in top],
        "holdout": held,
        "valued": valued,
        "seconds": round(time.perf_counter() - started, 1),
    }


def check_hand(index: int, hand: int, brute: dict, rules, args) -> dict:
    """``ulti bid`` on the hand, its first choice held to the brute force's top 10 on the holdout."""
    started = time.perf_counter()
    advice = advise_bid(hand, args.samples, seed=0, rules=rules, jobs=args.jobs)
    seconds = time.perf_counter() - started
    first = advice.choices[0]
    name = describe(first.candidate)
    held = dict(brute["holdout"])
    if name not in held:
        held.update(holdout_values(hand, index, [first.candidate], rules, args))
    tops = [entry[0] for entry in brute["top"]]
    best = max(tops, key=lambda t: (sum(held[t]), -tops.index(t)))
    gap = summary(differences(held[best], held[name]))
    best_mean = sum(held[best]) / args.holdout / 2
    own = first.holdout
    return {
        "hand": brute["hand"],
        "first": name,
        "race_mean": round(first.mean_value, 3),
        "own_holdout": round(own.per_defender, 3),
        "own_holdout_stderr": round(own.stderr_per_defender, 3),
        "issue_check": own.per_defender >= best_mean - 2 * own.stderr_per_defender,
        "separated": advice.separated,
        "bid_seconds": round(seconds, 1),
        "brute_best": tops[0],
        "brute_best_mean": brute["top"][0][1],
        "rank_in_brute_top10": tops.index(name) + 1 if name in tops else None,
        "first_holdout": round(sum(held[name]) / args.holdout / 2, 3),
        "best_holdout": round(best_mean, 3),
        "best_of_top10": best,
        "gap": round(gap.per_defender, 3),
        "stderr_gap": round(gap.stderr_per_defender, 3),
        "paired_check": float(gap.mean) <= 2 * gap.stderr,
        "brute_valued": brute["valued"],
        "brute_seconds": brute["seconds"],
    }


def main(argv=None) -> None:
    found = argparse.ArgumentParser(prog="python -m benchmarks.bid_honesty", description=__doc__.split("\n\n")[0])
    found.add_argument("--hands", type=int, default=20)
    found.add_argument("--worlds", type=int, default=2000, help="the brute force's worlds")
    found.add_argument("--holdout", type=int, default=2000, help="the fresh worlds of the check")
    found.add_argument("--samples", type=int, default=200, help="ulti bid's samples")
    found.add_argument("--seed", default="bid-honesty")
    found.add_argument("-j", "--jobs", type=int, default=2)
    found.add_argument(
        "--brute", help="a JSON-lines file of the brute force's results: read where it has the hand, else appended"
    )
    found.add_argument("--brute-only", action="store_true", help="only the brute force (to run it ahead)")
    args = found.parse_args(argv)
    rules = make_rules()
    known: Dict[str, dict] = {}
    if args.brute:
        try:
            with open(args.brute, encoding="utf-8") as handle:
                for line in handle:
                    entry = json.loads(line)
                    known[entry["hand"]] = entry
        except FileNotFoundError:
            pass
    passed = strict = 0
    for index, hand in enumerate(hands(args.hands, args.seed)):
        brute = known.get(format_hand(hand))
        if brute is None:
            brute = brute_hand(index, hand, rules, args)
            if args.brute:
                with open(args.brute, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps(brute) + "\n")
        if args.brute_only:
            print(json.dumps({k: v for k, v in brute.items() if k != "holdout"}), flush=True)
            continue
        result = check_hand(index, hand, brute, rules, args)
        passed += result["issue_check"]
        strict += result["paired_check"]
        print(json.dumps(result), flush=True)
    if not args.brute_only:
        print(
            f"{passed} of {args.hands} hands: the first choice's holdout mean within two of its standard errors of "
            f"the best holdout mean of the top 10; {strict} within two paired errors on the same 2,000 fresh worlds"
        )


if __name__ == "__main__":
    main()
