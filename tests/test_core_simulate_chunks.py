"""A simulation's chunk of samples, solved in one core call per game, against each deal solved alone.

``ulti simulate`` hands each game's samples of a chunk to the core at once
(search.world_joints and search.world_totals, on one warm table); every
number it prints must be the one solving each deal on its own gives
(R24, R34, R39).  Here a chunk of a 10-card hand with its talon and of a
12-card hand (several discards) is solved both ways, fresh tables for the
deal-by-deal answers, under kontras and more than one rulebook.
"""

import pytest

from ulti_solver.analysis.simulate import games_for, solve_sample, solve_samples
from ulti_solver.bids import parse_bid
from ulti_solver.cards import LEAVES
from ulti_solver.deal import parse_hand
from ulti_solver.dealing import Constraints, sample_deal
from ulti_solver.kontra import parse_kontra
from ulti_solver.search import forget_positions, solve_joint_value
from ulti_solver.variants import make_rules

HAND, TALON = "A97.TK8.O8.U9", "LU,A8"  # examples/hand.txt and its talon
TWELVE = "K.K97.AKO87.AO9"  # examples/discard.txt's declarer


def one_by_one(constraints, games, seed, indices, *, rules):
    """Each sample's deal solved on its own, the table emptied before each solve."""
    answers = []
    for index in indices:
        deal = sample_deal(constraints, seed, index)
        row = []
        for game in games:
            forget_positions()
            played = deal if game.discard is None else deal.discard(*game.discard)
            row.append(solve_joint_value(played, game.bid, game.trump, rules=rules, kontra=game.kontra))
        answers.append(row)
    return answers


@pytest.mark.parametrize(
    "bids, kontra, book",
    [
        (["party", "ulti", "40-100 ulti"], None, "ultiblog"),
        (["party", "40-100", "durchmars"], "all=1", "tournament"),
        (["40-100 ulti", "four-aces"], "ulti=2,party", "classic"),
    ],
)
def test_r34_r39_a_chunk_of_samples_equals_each_sample_alone(bids, kontra, book):
    constraints = Constraints(parse_hand(HAND), parse_hand(TALON))
    rules = make_rules(book=book)
    games = games_for(constraints, [parse_bid(b) for b in bids], LEAVES, None, kontra=parse_kontra(kontra), rules=rules)
    indices = range(3, 27)
    assert solve_samples(constraints, games, 11, indices, rules=rules) == one_by_one(
        constraints, games, 11, indices, rules=rules
    )


def test_r24_r34_a_chunk_of_a_twelve_card_hand_equals_each_sample_alone():
    constraints = Constraints(parse_hand(TWELVE))
    rules = make_rules()
    pairs = [tuple(sorted(parse_hand(p).bit_length() - 1 for p in pair.split(","))) for pair in ("HK,BK", "A9,AO")]
    games = games_for(constraints, [parse_bid("40-100 ulti")], LEAVES, pairs, kontra=parse_kontra(None), rules=rules)
    assert len(games) == 2
    indices = range(0, 8)
    assert solve_samples(constraints, games, 2, indices, rules=rules) == one_by_one(
        constraints, games, 2, indices, rules=rules
    )


def test_r23_r34_a_chunk_of_no_trump_games_equals_each_sample_alone():
    """Betli and colorless durchmars: the value search keeps exact table entries without trumps."""
    constraints = Constraints(parse_hand(HAND), parse_hand(TALON))
    rules = make_rules()
    games = games_for(
        constraints,
        [parse_bid("betli"), parse_bid("colorless durchmars")],
        None,
        None,
        kontra=parse_kontra(None),
        rules=rules,
    )
    indices = range(0, 20)
    assert solve_samples(constraints, games, 4, indices, rules=rules) == one_by_one(
        constraints, games, 4, indices, rules=rules
    )


def test_one_sample_is_a_chunk_of_one():
    constraints = Constraints(parse_hand(HAND), parse_hand(TALON))
    rules = make_rules()
    games = games_for(constraints, [parse_bid("party")], LEAVES, None, kontra=parse_kontra(None), rules=rules)
    assert [solve_sample(constraints, games, 5, i, rules=rules) for i in range(4)] == solve_samples(
        constraints, games, 5, range(4), rules=rules
    )


def worlds_after(deal, play, played, count, rng):
    """``deal`` and other deals that allow the same ``played`` cards: the defenders' unplayed
    cards dealt again, each keeping as many (R42's worlds of the declarer, roughly)."""
    from ulti_solver.deal import Deal
    from ulti_solver.position import PlayError, replay

    gone = sum(1 << card for card in played)
    left = [[c for c in range(32) if (deal.hands[seat] & ~gone) >> c & 1] for seat in (1, 2)]
    pool = left[0] + left[1]
    found = [deal]
    while len(found) < count:
        rng.shuffle(pool)
        one, two = pool[: len(left[0])], pool[len(left[0]) :]
        hands = (
            deal.hands[0],
            (deal.hands[1] & gone) | sum(1 << c for c in one),
            (deal.hands[2] & gone) | sum(1 << c for c in two),
        )
        other = Deal(hands, deal.talon)
        try:
            replay(other, play, played)
        except PlayError:
            continue
        found.append(other)
    return found


@pytest.mark.parametrize("bid", ["party", "ulti", "40-100 ulti"])
def test_r24_r34_world_results_agree_with_the_reference(bid):
    """The facade's many-worlds question a simulation asks, core against reference, after six tricks."""
    import random

    from ulti_solver.cards import cards_of
    from ulti_solver.play import PlayRules
    from ulti_solver.position import start_of_play
    from ulti_solver.search import world_results

    rng = random.Random(bid)
    the_bid, rules = parse_bid(bid), make_rules()
    deal = sample_deal(Constraints(parse_hand(HAND), parse_hand(TALON)), 1, 0)
    play = PlayRules.for_game(the_bid, LEAVES, rules=rules)
    position, played = start_of_play(deal), []
    while len(played) < 18:
        card = rng.choice(list(cards_of(position.legal(play))))
        played.append(card)
        position = position.after(card, play)
    deals = worlds_after(deal, play, played, 6, rng)
    kontra = parse_kontra("all=1").for_bid(the_bid, rules=rules, strict=False)
    core = world_results(deals, the_bid, LEAVES, rules=rules, played=played, kontra=kontra, impl="core")
    assert core == world_results(deals, the_bid, LEAVES, rules=rules, played=played, kontra=kontra, impl="reference")
