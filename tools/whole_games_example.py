"""Writes ulti_solver/examples/whole-games.txt: the whole games that ``ulti example whole-games`` prints.

Each game is scripted (the auction, the discards, the kontras) on a deal
drawn with a fixed seed until the script makes sense for it, then played
card by card through the referee: a double-dummy best card mostly, and
now and then another legal card, so that ``ulti analyse`` has mistakes
to find.  Run from the checkout: ``python tools/whole_games_example.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

from ulti_solver.analysis.replay import best_cards, card_values
from ulti_solver.bids import parse_bid
from ulti_solver.cards import cards_of, parse_card
from ulti_solver.deal import Deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.kontras import KontraCall
from ulti_solver.game.notation import game_text
from ulti_solver.game.referee import Game
from ulti_solver.variants import make_rules

HEADER = """\
# Whole games for 'ulti game --file' and 'ulti analyse --file', one per block
# (RULES.md R45-R50): the deal before the discard in table seats (seat 0 holds
# twelve and bids first), every auction action, the declarer with his trump,
# the kontras with the number of cards played when said, the cards, and the
# result by table seat.  A line starting with '#' is a comment.
#
#   ulti example whole-games | ulti game --file -
#   ulti example whole-games | ulti analyse --file -
"""


def deal_of(rng: random.Random) -> Deal:
    cards = list(range(32))
    rng.shuffle(cards)
    mask = lambda cs: sum(1 << c for c in cs)  # noqa: E731
    return Deal((mask(cards[:12]), mask(cards[12:22]), mask(cards[22:])), None)


def play_out(game: Game, rng: random.Random, kontras, mistakes: float) -> None:
    """The cards to the end, the scripted kontras at their moment."""
    pending = list(kontras)
    deal, bid, trump, rules = game.deal(), game.bid, game.trump, game.rules
    while game.phase == "play":
        while pending and pending[0].before == len(game.cards):
            game.say(pending.pop(0))
        legal = list(cards_of(game.legal_cards()))
        if rng.random() < mistakes:
            card = rng.choice(legal)
        else:
            assert game.position is not None
            values = card_values(deal, bid, trump, game.position, rules=rules, kontra=game.kontra())
            card = best_cards(values, game.position)[0]
        game.play(card)


def cards(text: str):
    a, b = text.split()
    return parse_card(a), parse_card(b)


def lowest_two(hand: int, keep_suit=None):
    """Two low cards to lay: no ace or ten, not of the trump suit, the lowest ranks first."""
    choices = [c for c in cards_of(hand) if (c & 7) < 6 and (keep_suit is None or c >> 3 != keep_suit)]
    choices.sort(key=lambda c: c & 7)
    return choices[0], choices[1]


def scripted(book, script, seed, *, mistakes=0.1, tries=400):
    """The first deal from ``seed`` on which ``script`` plays out; the script returns the game or None."""
    rng = random.Random(seed)
    for _ in range(tries):
        game = Game(deal_of(rng), rules=make_rules(book))
        try:
            if script(game, rng):
                if game.phase == "play":
                    play_out(game, rng, getattr(game, "script_kontras", []), mistakes)
                return game
        except (AssertionError, IndexError, ValueError, StopIteration):
            continue
    raise SystemExit(f"no deal for {book} seed {seed}")


def has_marriage(hand: int, suit: int) -> bool:
    return bool((hand >> (suit * 8 + 5)) & 1 and (hand >> (suit * 8 + 4)) & 1)  # K and O (ranks 5, 4)


def forty_hundred(game: Game, rng) -> bool:
    """ultiblog: seat 0 opens party, seat 1 picks up and bids 40-100, kontra'd and redoubled."""
    hand0 = game.auction.hands[0]
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), lowest_two(hand0)))
    twelve = game.auction.hands[1] | (game.auction.talon or 0)
    suit = next(s for s in (1, 2, 3) if has_marriage(twelve, s) and bin((twelve >> (8 * s)) & 255).count("1") >= 5)
    game.bid_action(AuctionAction(1, PICK_UP, parse_bid("40-100"), lowest_two(twelve, suit)))
    for seat in (2, 0, 1):
        game.bid_action(AuctionAction(seat, PASS))
    game.name_trump(suit)
    game.script_kontras = [KontraCall(2, "40-100", 1, 1), KontraCall(1, "40-100", 2, 3)]
    return True


def thrown_in(game: Game, rng) -> bool:
    """classic: seat 0's party stands and he throws it in (R49)."""
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), lowest_two(game.auction.hands[0])))
    for seat in (1, 2, 0):
        game.bid_action(AuctionAction(seat, PASS))
    game.throw_in(True)
    return True


def self_robbing(game: Game, rng) -> bool:
    """ultiblog: seat 0 opens party, both pass, he robs his own talon and bids ulti (R46)."""
    hand0 = game.auction.hands[0]
    suit = next(s for s in (1, 2, 3) if (hand0 >> (8 * s)) & 1 and bin((hand0 >> (8 * s)) & 255).count("1") >= 5)
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), lowest_two(hand0, suit)))
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PASS))
    twelve = game.auction.hands[0] | (game.auction.talon or 0)
    first = lowest_two(twelve, suit)
    game.bid_action(AuctionAction(0, PICK_UP, parse_bid("ulti"), lowest_two(twelve & ~(1 << first[0]), suit)))
    for seat in (1, 2, 0):
        game.bid_action(AuctionAction(seat, PASS))
    game.name_trump(suit)
    game.script_kontras = [KontraCall(1, "ulti", 1, 1)]
    return True


def betli_rablo(game: Game, rng) -> bool:
    """rablo: seat 0 opens party, seat 1 bids betli over the talon as it lies, kontra'd by seat 2."""
    hand1 = game.auction.hands[1]
    if any(hand1 & (0xE0 << (8 * s)) for s in range(4)):  # betli: no king, ten or ace
        return False
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), lowest_two(game.auction.hands[0])))
    game.bid_action(AuctionAction(1, BID, parse_bid("betli")))
    for seat in (2, 0, 1):
        game.bid_action(AuctionAction(seat, PASS))
    game.script_kontras = [KontraCall(0, "betli", 1, 2)]
    return True


def tournament_party(game: Game, rng) -> bool:
    """tournament: seat 0 opens party, seat 1 picks up and bids red party, seat 2 picks up for four-aces... passes."""
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), lowest_two(game.auction.hands[0])))
    twelve = game.auction.hands[1] | (game.auction.talon or 0)
    if bin(twelve & 0xFF).count("1") < 5:
        return False
    game.bid_action(AuctionAction(1, PICK_UP, parse_bid("red party"), lowest_two(twelve, 0)))
    for seat in (2, 0, 1):
        game.bid_action(AuctionAction(seat, PASS))
    return True


GAMES = [
    ("ultiblog", forty_hundred, 11),
    ("classic", thrown_in, 12),
    ("ultiblog", self_robbing, 13),
    ("rablo", betli_rablo, 14),
    ("tournament", tournament_party, 15),
]


def main() -> None:
    blocks = [game_text(scripted(book, script, seed)) for book, script, seed in GAMES]
    path = Path(__file__).resolve().parent.parent / "ulti_solver" / "examples" / "whole-games.txt"
    path.write_text(HEADER + "\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
