"""The benchmark's fixed seeded sets of deals, and the hands its rows reuse.

Per goal two sets: uniformly random deals, and deals tilted toward the
goal (:func:`~ulti_solver.dealing.biased_deal`) so that both answers
occur.  The same seed gives the same deals on every build, so two builds
are timed on the same cases.
"""

from __future__ import annotations

import random
from typing import List

from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES
from ulti_solver.deal import Deal
from ulti_solver.dealing import biased_deal, random_deal

#: name -> (bid, what the worker times, goal component).
GOALS = {
    "party": ("party", "goal", "party"),
    "40-100": ("40-100", "goal", "40-100"),
    "20-100": ("20-100", "goal", "20-100"),
    "ulti": ("ulti", "goal", "ulti"),
    "four-aces": ("four-aces", "goal", "four-aces"),
    "durchmars": ("durchmars", "goal", "durchmars"),
    "colorless": ("colorless durchmars", "goal", "durchmars"),
    "betli": ("betli", "goal", "betli"),
    "points": ("party", "points", None),
    "40-100 ulti": ("40-100 ulti", "whole", None),
}
#: Bids whose value (R34) is timed.
VALUE_BIDS = ("party", "ulti", "40-100 ulti", "four-aces", "durchmars", "betli")
#: Both sets of every goal.
SETS = ("uniform", "biased")

#: examples/deal.txt, the README's deal.
EXAMPLE_DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: examples/discard.txt, the README's 12-card hand.
EXAMPLE_TWELVE = "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7"
#: examples/hand.txt: the README's hand and talon for ``ulti simulate``.
EXAMPLE_HAND = ("A97.TK8.O8.U9", "LU,A8")


def cases_for(name: str, set_name: str, count: int, seed: int) -> List[dict]:
    """The fixed deals of one goal (a key of GOALS, or a bid whose value is timed) and set,
    as the worker reads them: kind, bid, trump, deal and goal, all plain JSON."""
    bid_text, kind, goal = GOALS.get(name, (name, "value", None))
    bid = parse_bid(bid_text)
    rng = random.Random(f"{seed}-{set_name}" if set_name == "uniform" else f"{seed}-biased-{bid_text}")
    cases = []
    for _ in range(count):
        trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS]) if bid.has_trump else None
        played = parse_bid(f"red {bid_text}") if trump == HEARTS and not bid.red else bid
        deal = random_deal(rng) if set_name == "uniform" else biased_deal(rng, bid, trump)
        cases.append({"kind": kind, "bid": str(played), "trump": trump, "deal": str(deal), "goal": goal})
    return cases


def random_game(rng: random.Random, deal: Deal, bid, trump, rules) -> List[int]:
    """30 random legal cards: a game as careless players might play it."""
    from ulti_solver.cards import cards_of
    from ulti_solver.play import PlayRules
    from ulti_solver.position import start_of_play

    play = PlayRules.for_game(bid, trump, rules=rules)
    position, cards = start_of_play(deal), []
    while not position.finished:
        card = rng.choice(list(cards_of(position.legal(play))))
        cards.append(card)
        position = position.after(card, play)
    return cards
