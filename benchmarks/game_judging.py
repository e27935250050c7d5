"""How long judging a whole game's auction and kontras takes: ``python -m benchmarks.game_judging``.

Games are dealt and played at random from fixed seeds (table seat 0 opens a
party on two random cards; a seat picks the talon up now and then and says
one of the lowest bids that beat the standing one; the trump, the kontras
and the cards are random legal ones), then
:func:`~ulti_solver.analysis.game_judging.judge_auction_and_kontras` judges
each with ``--samples`` worlds on ``Runner(jobs)``; the bid's part and the
kontras' part are timed on their own.  The figures go to the report of the
change that touches them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ulti_solver.cards import cards_of, hand_of
from ulti_solver.deal import Deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.referee import Game


def random_game(seed: int) -> Game:
    """One game played at random from ``seed`` (the module)."""
    rng = random.Random(seed)
    cards = list(range(32))
    rng.shuffle(cards)
    game = Game(Deal((hand_of(cards[:12]), hand_of(cards[12:22]), hand_of(cards[22:])), None))
    picked = set()
    while game.phase == "auction":
        auction = game.auction
        seat = auction.turn
        bids = auction.legal_bids()
        if auction.standing is None:
            laid = tuple(rng.sample(list(cards_of(auction.hands[0])), 2))
            game.bid_action(AuctionAction(0, BID, bids[0], laid))
        elif PICK_UP in auction.legal_kinds() and seat not in picked and rng.random() < 0.5:
            picked.add(seat)
            laid = tuple(rng.sample(list(cards_of(auction.discard_pool(PICK_UP))), 2))
            game.bid_action(AuctionAction(seat, PICK_UP, rng.choice(bids[:8]), laid))
        else:
            game.bid_action(AuctionAction(seat, PASS))
    if game.phase == "throw-in":
        game.throw_in(False)
    if game.phase == "trump":
        game.name_trump(rng.choice(game.trump_choices()))
    while game.phase == "play":
        for call in game.legal_kontras():
            if call.seat == game.turn and rng.random() < 0.3:
                game.say(call)
        game.play(rng.choice(list(cards_of(game.legal_cards()))))
    return game


def main() -> None:
    from ulti_solver.analysis.bid_judging import bid_moment, judge_bid
    from ulti_solver.analysis.kontra_judging import judge_kontras
    from ulti_solver.runner import Runner

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    totals, bids, kontras = [], [], []
    with Runner(args.jobs, None) as runner:
        for seed in range(args.games):
            game = random_game(seed)
            started = time.monotonic()
            moment = bid_moment(game)
            legal = 0
            if not isinstance(moment, str) and hasattr(moment, "legal"):
                legal = len(moment.legal)
                judge_bid(moment, args.samples, rules=game.rules, seed=0, runner=runner)
            middle = time.monotonic()
            verdicts = judge_kontras(game, args.samples, seed=0, runner=runner)
            ended = time.monotonic()
            bids.append(middle - started)
            kontras.append(ended - middle)
            totals.append(ended - started)
            print(
                f"game {seed}: {game.bid} by table seat {game.declarer}, {legal} legal bids: "
                f"bid {middle - started:.2f} s, {len(verdicts)} kontras {ended - middle:.2f} s"
            )
    for name, values in (("bid", bids), ("kontras", kontras), ("total", totals)):
        print(f"{name}: median {statistics.median(values):.2f} s, max {max(values):.2f} s")


if __name__ == "__main__":
    main()
