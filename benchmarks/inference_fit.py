"""Fit the policy of weighted worlds (issue 34): ``python -m benchmarks.inference_fit
--train FILE --holdout FILE [--out ulti_solver/data/inference.json]``, from the checkout's root.

Reads whole-game records (``ulti match --games FILE``), replays each through
the referee, and takes from it the actions :mod:`ulti_solver.inference.policy`
models: the declarer's final bid and trump from his twelve cards, each
defender's kontra decision at his moment of the first trick from his ten,
and every pass or pick-up where both were open from the ten cards then held.
θ is fitted by maximum likelihood with a small L2 penalty (plain Python, full
batch, Adam) on ``--train``; then each model's temperature T by the held-out
log-likelihood on ``--holdout`` (a 1-D search), so that the probabilities are
calibrated on games not used to fit θ.  Prints the mean log-likelihood per
decision, uniform and fitted, on both files, and writes the parameters.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

from ulti_solver.game.actions import PICK_UP
from ulti_solver.game.auction import Auction
from ulti_solver.game.record import game_from_json
from ulti_solver.inference.features import (
    BID_NAMES,
    COMPONENTS,
    KONTRA_NAMES,
    PICK_UP_NAMES,
    HandSummary,
    bid_features,
    kontra_features,
    pick_up_features,
)
from ulti_solver.inference.observed import kontra_decisions, level_of
from ulti_solver.inference.policy import TRUMPS, Policy, bid_alternatives, bid_key, feature_key
from ulti_solver.variants import DEFAULT_RULES

#: The L2 penalty on every weight (a prior of variance 1 / L2 a weight).
L2 = 0.5
STEPS = 1000
RATE = 0.05


def read_decisions(path: str):
    """Bid decisions (twelve cards, bid, trump) and kontra decisions (ten cards, component, trump,
    said), counted: the same deal is played in several arrangements of a match."""
    bids: Counter = Counter()
    kontras: Counter = Counter()
    picks: Counter = Counter()
    games = 0
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            game = game_from_json(json.loads(line))
            if game.thrown_in or game.end is None or game.position is None:
                continue  # thrown in, or conceded before naming the trump: no bid in a trump to read
            if game.rules.book != DEFAULT_RULES.book:
                continue
            games += 1
            auction = Auction(game.dealt, rules=game.rules)
            for action in game.auction.actions:
                if PICK_UP in auction.legal_kinds() and auction.standing_bid is not None:
                    level = level_of(auction.standing_bid, rules=game.rules)
                    picks[auction.hands[auction.turn], level, action.kind == PICK_UP] += 1
                auction.apply(action)
            deal = game.deal()
            twelve = deal.hands[0] | (deal.talon or 0)
            bids[twelve, str(game.bid), game.trump] += 1
            played = len(game.cards)
            for r5, component, said in kontra_decisions(
                game.bid, game.declarer, game.kontras.calls, played, rules=game.rules
            ):
                kontras[deal.hands[r5], component, game.trump, said] += 1
    return games, bids, kontras, picks


class BidData:
    """The bid decisions with their features per component and trump, worked out once."""

    def __init__(self, bids: Counter):
        self.alternatives = bid_alternatives(rules=DEFAULT_RULES)
        self.names = [str(bid) for bid, _ in self.alternatives]
        self.comps = [tuple(str(c) for c in bid.components) for bid, _ in self.alternatives]
        self.trumps = [t for _, t in self.alternatives]
        index = {(str(b), t): i for i, (b, t) in enumerate(self.alternatives)}
        self.rows = []
        for (hand, bid, trump), count in bids.items():
            summary = HandSummary(hand)
            feats = {(c, t): bid_features(summary, c, t) for c in COMPONENTS for t in TRUMPS}
            self.rows.append((feats, index[bid, trump], count))


def bid_loglik(data: BidData, bias: Dict[str, float], theta: Dict[str, List[float]], temperature=1.0, grad=None):
    """Σ count · log P(observed) and, with ``grad`` (dicts like bias and theta), its gradient in place."""
    total = 0.0
    for feats, observed, count in data.rows:
        part = {key: sum(w * x for w, x in zip(theta[key[0]], f)) for key, f in feats.items()}
        scores = [
            (bias.get(name, 0.0) + sum(part[c, t] for c in comps)) / temperature
            for name, comps, t in zip(data.names, data.comps, data.trumps)
        ]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        z = sum(exps)
        total += count * (scores[observed] - top - math.log(z))
        if grad is None:
            continue
        gbias, gtheta = grad
        q: Dict[Tuple[str, Optional[int]], float] = {}
        for i, e in enumerate(exps):
            p = e / z
            target = (1.0 if i == observed else 0.0) - p
            gbias[data.names[i]] = gbias.get(data.names[i], 0.0) + count * target
            for c in data.comps[i]:
                q[c, data.trumps[i]] = q.get((c, data.trumps[i]), 0.0) + count * target
        for (c, t), weight in q.items():
            g = gtheta[c]
            for j, x in enumerate(feats[c, t]):
                g[j] += weight * x
    return total


def fit_bids(data: BidData):
    bias = {name: 0.0 for name in set(data.names)}
    theta = {c: [0.0] * len(BID_NAMES[c]) for c in COMPONENTS}
    keys = [("b", k, 0) for k in bias] + [("t", c, j) for c in COMPONENTS for j in range(len(BID_NAMES[c]))]
    return _adam(keys, bias, theta, lambda g: bid_loglik(data, bias, theta, 1.0, g), "bid")


def kontra_loglik(rows, theta, temperature=1.0, grad=None):
    total = 0.0
    for (feats, component, said), count in rows:
        z = sum(w * x for w, x in zip(theta[component], feats)) / temperature
        p = 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += count * math.log(p if said else 1.0 - p)
        if grad is not None:
            g = grad[1][component]
            for j, x in enumerate(feats):
                g[j] += count * ((1.0 if said else 0.0) - p) * x
    return total


def kontra_rows(kontras: Counter):
    rows = []
    for (hand, component, trump, said), count in kontras.items():
        rows.append(((kontra_features(HandSummary(hand), component, trump), component, said), count))
    return rows


def pick_rows(picks: Counter):
    """The pass-or-pick-up decisions as (features, "pick-up", picked) rows, as :func:`kontra_loglik` reads."""
    return [
        ((pick_up_features(HandSummary(hand), level), "pick-up", picked), count)
        for (hand, level, picked), count in picks.items()
    ]


def fit_picks(rows):
    theta = {"pick-up": [0.0] * len(PICK_UP_NAMES)}
    keys = [("t", "pick-up", j) for j in range(len(PICK_UP_NAMES))]
    return _adam(keys, {}, theta, lambda g: kontra_loglik(rows, theta, 1.0, g), "pick-up")


def fit_kontras(rows):
    theta = {c: [0.0] * len(KONTRA_NAMES[c]) for c in COMPONENTS}
    keys = [("t", c, j) for c in COMPONENTS for j in range(len(KONTRA_NAMES[c]))]
    return _adam(keys, {}, theta, lambda g: kontra_loglik(rows, theta, 1.0, g), "kontra")


def _adam(keys, bias, theta, loglik, what):
    """Full-batch Adam on loglik - L2/2 |θ|², the parameters changed in place."""
    m = {k: 0.0 for k in keys}
    v = {k: 0.0 for k in keys}
    for step in range(1, STEPS + 1):
        gbias = {k: 0.0 for k in bias}
        gtheta = {c: [0.0] * len(ws) for c, ws in theta.items()}
        value = loglik((gbias, gtheta))
        penalty = 0.0
        for key in keys:
            kind, name, j = key
            w = bias[name] if kind == "b" else theta[name][j]
            g = (gbias[name] if kind == "b" else gtheta[name][j]) - L2 * w
            penalty += L2 * w * w / 2
            m[key] = 0.9 * m[key] + 0.1 * g
            v[key] = 0.999 * v[key] + 0.001 * g * g
            mh, vh = m[key] / (1 - 0.9**step), v[key] / (1 - 0.999**step)
            w += RATE * mh / (math.sqrt(vh) + 1e-8)
            if kind == "b":
                bias[name] = w
            else:
                theta[name][j] = w
        if step % 50 == 0 or step == 1:
            print(f"  {what} step {step}: log-likelihood {value:.2f}, penalised {value - penalty:.2f}", file=sys.stderr)
    return bias, theta


def best_temperature(loglik) -> float:
    """The T that maximises the held-out log-likelihood: a grid, then golden-section around its best."""
    grid = [0.25 * k for k in range(1, 25)]
    values = [loglik(t) for t in grid]
    best = grid[values.index(max(values))]
    lo, hi = max(0.05, best - 0.25), best + 0.25
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(25):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if loglik(a) >= loglik(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def _count(rows) -> int:
    return sum(row[-1] for row in rows)


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", required=True)
    parser.add_argument("--holdout", required=True)
    parser.add_argument("--out", default="ulti_solver/data/inference.json")
    args = parser.parse_args(argv)
    games, bids, kontras, picks = read_decisions(args.train)
    held_games, held_bids, held_kontras, held_picks = read_decisions(args.holdout)
    print(f"train: {games} games, {sum(bids.values())} bids, {sum(kontras.values())} kontra decisions", file=sys.stderr)
    print(
        f"holdout: {held_games} games, {sum(held_bids.values())} bids, {sum(held_kontras.values())} kontra decisions",
        file=sys.stderr,
    )
    data, held = BidData(bids), BidData(held_bids)
    bias, theta = fit_bids(data)
    krows, held_krows = kontra_rows(kontras), kontra_rows(held_kontras)
    _, ktheta = fit_kontras(krows)
    t_bid = best_temperature(lambda t: bid_loglik(held, bias, theta, t))
    t_kontra = best_temperature(lambda t: kontra_loglik(held_krows, ktheta, t))
    prows, held_prows = pick_rows(picks), pick_rows(held_picks)
    _, ptheta = fit_picks(prows)
    t_pick = best_temperature(lambda t: kontra_loglik(held_prows, ptheta, t))
    n_pick = _count(held_prows)
    pick_rate = sum(c for (_f, _c, picked), c in held_prows if picked) / max(1, n_pick)
    n_bid, n_kontra = _count(held.rows), _count(held_krows)
    uniform_bid = -math.log(len(data.alternatives))
    figures = {
        "train_games": games,
        "holdout_games": held_games,
        "holdout_bid_decisions": n_bid,
        "holdout_kontra_decisions": n_kontra,
        "holdout_bid_loglik_uniform": round(uniform_bid, 4),
        "holdout_bid_loglik_t1": round(bid_loglik(held, bias, theta, 1.0) / n_bid, 4),
        "holdout_bid_loglik": round(bid_loglik(held, bias, theta, t_bid) / n_bid, 4),
        "holdout_kontra_loglik_half": round(math.log(0.5), 4),
        "holdout_kontra_loglik_t1": round(kontra_loglik(held_krows, ktheta, 1.0) / n_kontra, 4),
        "holdout_kontra_loglik": round(kontra_loglik(held_krows, ktheta, t_kontra) / n_kontra, 4),
        "holdout_pick_up_decisions": n_pick,
        "holdout_pick_up_loglik_base_rate": round(
            (pick_rate * math.log(max(pick_rate, 1e-12)) + (1 - pick_rate) * math.log(max(1 - pick_rate, 1e-12))), 4
        ),
        "holdout_pick_up_loglik": round(kontra_loglik(held_prows, ptheta, t_pick) / max(1, n_pick), 4),
        "train_bid_loglik": round(bid_loglik(data, bias, theta, 1.0) / _count(data.rows), 4),
        "train_kontra_loglik": round(kontra_loglik(krows, ktheta, 1.0) / _count(krows), 4),
    }
    weights: Dict[str, float] = {}
    from ulti_solver.bids import parse_bid

    for name, value in bias.items():
        weights[bid_key(parse_bid(name))] = value
    for c in COMPONENTS:
        for name, value in zip(BID_NAMES[c], theta[c]):
            weights[feature_key("bid", c, name)] = value
        for name, value in zip(KONTRA_NAMES[c], ktheta[c]):
            weights[feature_key("kontra", c, name)] = value
    for name, value in zip(PICK_UP_NAMES, ptheta["pick-up"]):
        weights[f"auction.pick-up.{name}"] = value
    policy = Policy(weights, t_bid, t_kontra, t_pick)
    about = {
        "about": "issue 34: soft policy of the declarer's bid and the defenders' kontras, fitted by "
        "python -m benchmarks.inference_fit on ulti match self-play records (pimc vs pimc:seed=1)",
        "rules": DEFAULT_RULES.book,
        "figures": figures,
    }
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(policy.as_json(**about), handle, indent=1, sort_keys=True)
        handle.write("\n")
    print(
        json.dumps(
            {
                "bid_temperature": round(t_bid, 4),
                "kontra_temperature": round(t_kontra, 4),
                "pick_up_temperature": round(t_pick, 4),
                **figures,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
