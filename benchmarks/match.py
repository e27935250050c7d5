"""How fast a duplicate match plays, and what lowers its variance.  ``python -m benchmarks.match``.

Timing: a match of ``--deals`` deals (six games each) between the bots of
``--bot`` (default random against random), in this process, as seconds per
game: the whole match (the games, each bot's kontra gain, the standings),
then the bare games (:func:`~ulti_solver.bots.table.play_game` alone) and
with every record written (``--games``).

``--variance`` also measures, on the same deals, what the standard error of
the first bot's score per deal owes to the duplicate (against as many games
on fresh deals, one seating each) and what a control variate on the deal's
double-dummy value would add: the squared correlation of the score per deal
with the best bid's double-dummy value for table seat 0, his twelve cards
and every discard (:func:`~ulti_solver.analysis.best.best_bids`), which is
the largest share of the variance any such control variate could remove.
It solves a deal in about 0.2 s.  The figures go to docs/commands.md; those
of the pimc bot are left for when it plays.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from ulti_solver.bots import make_bot
from ulti_solver.bots.table import play_game
from ulti_solver.match import SEATINGS, game_seed, match_deal, play_match, seatings
from ulti_solver.match.games import play_deal
from ulti_solver.variants import DEFAULT_RULES


def bare_games(specs, deals: int, seed: int) -> float:
    """Seconds for the games alone: the table and the bots, nothing the match keeps."""
    started = time.perf_counter()
    for index in range(deals):
        deal = match_deal(seed, index)
        for number, seating in enumerate(seatings(len(specs))):
            bots = [make_bot(specs[bot]) for bot in seating]
            play_game(deal, bots, rules=DEFAULT_RULES, seed=game_seed(seed, index, number))
    return time.perf_counter() - started


def with_records(specs, deals: int, seed: int) -> float:
    labels = tuple(specs)
    started = time.perf_counter()
    for index in range(deals):
        for game in play_deal(tuple(specs), seed, None, True, labels, index, rules=DEFAULT_RULES).games:
            json.dumps(game.record)
    return time.perf_counter() - started


def variance(specs, deals: int, seed: int) -> dict:
    """The duplicate's saving and the double-dummy control variate's reach, for the first bot."""
    from ulti_solver.analysis.best import best_bids

    scores, singles, values = [], [], []
    for index in range(deals):
        played = play_deal(tuple(specs), seed, None, False, tuple(specs), index, rules=DEFAULT_RULES)
        per_game = [
            sum(r for seat, r in enumerate(game.by_seat) if seatings(len(specs))[game.seating][seat] == 0)
            for game in played.games
        ]
        scores.append(sum(per_game) / SEATINGS)
        singles += per_game
        values.append(best_bids(match_deal(seed, index), top=1).ranked[0].total)
    duplicate = statistics.variance(scores)
    separate = statistics.variance(singles) / SEATINGS
    correlation = statistics.correlation(scores, values) if duplicate else 0.0
    return {
        "variance_per_deal": round(duplicate, 1),
        "variance_on_separate_deals": round(separate, 1),
        "stderr_ratio": round((duplicate / separate) ** 0.5, 3) if separate else None,
        "dd_correlation": round(correlation, 4),
        "dd_variance_share": round(correlation**2, 5),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", action="append", help="a bot SPEC (twice or three times; default random twice)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variance", action="store_true", help="also the variance figures (0.2 s a deal)")
    args = parser.parse_args()
    specs = args.bot or ["random", "random"]
    games = args.deals * SEATINGS
    match = play_match(specs, args.deals, seed=args.seed)
    report = {
        "bots": specs,
        "deals": args.deals,
        "games": games,
        "match_ms_per_game": round(1000 * match.seconds / games, 3),
        "bare_ms_per_game": round(1000 * bare_games(specs, args.deals, args.seed) / games, 3),
        "with_records_ms_per_game": round(1000 * with_records(specs, args.deals, args.seed) / games, 3),
    }
    if args.variance:
        report.update(variance(specs, args.deals, args.seed))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
