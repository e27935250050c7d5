"""The auction and the kontras of a whole game judged from each seat's view (R40-R44, R46-R48).

The plain checks: where every world can be counted, the judged figures are
held to plain solves world by world (``value_total`` from the position
after the cards played, a betli's payment read off its sign); the worlds
drawn are held to what the seat saw; and the auction's card flow is
followed by hand.
"""

import json
import random
from fractions import Fraction

import pytest

from ulti_solver.analysis.bid_candidates import candidate_pairs
from ulti_solver.analysis.bid_judging import TALON, BidMoment, bid_moment, judge_bid, whereabouts
from ulti_solver.analysis.game_judging import GameJudgingError, judge_auction_and_kontras
from ulti_solver.analysis.kontra_judging import (
    MOST_WORLDS,
    KontraPlan,
    KontraVerdict,
    judge_kontras,
    kontra_turns,
    plan_kontras,
    turn_shares,
    verdicts_of,
)
from ulti_solver.bids import parse_bid
from ulti_solver.cards import BB_ALL, BB_MARRIAGES, cards_of, hand_of
from ulti_solver.deal import Deal
from ulti_solver.dealing import Constraints, every_deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.kontras import KontraCall
from ulti_solver.game.referee import Game
from ulti_solver.play import PlayRules
from ulti_solver.position import replay
from ulti_solver.runner import Runner
from ulti_solver.search import value_total, world_totals
from ulti_solver.variants import make_rules

LEAVES = 2


def deal_for(seed: int) -> Deal:
    cards = list(range(32))
    random.Random(seed).shuffle(cards)
    return Deal((hand_of(cards[:12]), hand_of(cards[12:22]), hand_of(cards[22:])), None)


def lowest_two(hand: int):
    first, second = list(cards_of(hand))[:2]
    return first, second


def opened(deal: Deal, bid="party", rules=None) -> Game:
    game = Game(deal, rules=rules or make_rules())
    game.bid_action(AuctionAction(0, BID, parse_bid(bid), lowest_two(deal.hands[0])))
    return game


def pick_up(game: Game, seat: int, bid: str) -> None:
    auction = game.auction
    assert auction.talon is not None
    game.bid_action(AuctionAction(seat, PICK_UP, parse_bid(bid), lowest_two(auction.hands[seat] | auction.talon)))


def passes(game: Game, *seats) -> None:
    for seat in seats:
        game.bid_action(AuctionAction(seat, PASS))


def play_out(game: Game, kontras=()) -> Game:
    """Every card the lowest legal one; ``kontras`` said at their moments (``before`` cards played)."""
    while game.phase == "play":
        for call in kontras:
            if call.before == len(game.cards):
                game.say(call)
        game.play(next(iter(cards_of(game.legal_cards()))))
    return game


def ulti_game(kontras=()) -> Game:
    """Table seat 1 picks up over the opening party and plays an ulti in leaves."""
    game = opened(deal_for(1))
    pick_up(game, 1, "ulti")
    passes(game, 2, 0, 1)
    game.name_trump(LEAVES)
    return play_out(game, kontras)


# -- The bid's moment: the twelve cards and what he saw ----------------------------------------


def test_r46_the_opening_bid_is_judged_from_the_twelve_dealt_over_every_bid_of_the_table():
    deal = deal_for(3)
    game = opened(deal, "ulti")
    passes(game, 1, 2, 0)
    game.name_trump(LEAVES)
    moment = bid_moment(play_out(game))
    assert isinstance(moment, BidMoment)
    assert (moment.seat, moment.twelve, moment.known, moment.outbid) == (0, deal.hands[0], (0, 0), None)
    assert moment.legal == game.auction.order.bids and moment.discard == lowest_two(deal.hands[0])
    assert (moment.bid, moment.trump) == (parse_bid("ulti"), LEAVES)


def test_r46_a_pick_up_is_judged_from_his_ten_and_the_talon_over_the_bids_beating_the_standing_one():
    game = ulti_game()
    moment = bid_moment(game)
    deal = deal_for(1)
    talon = hand_of(lowest_two(deal.hands[0]))
    assert moment.seat == 1 and moment.twelve == deal.hands[1] | talon and moment.outbid == parse_bid("party")
    order = game.auction.order
    assert moment.legal == order.bids_over(parse_bid("party")) and parse_bid("party") not in moment.legal
    assert all(order.beats(bid, parse_bid("party")) for bid in moment.legal)


def test_r40_cards_he_laid_and_the_next_one_picked_up_are_known_in_that_hand():
    """Seat 0 lays two, seat 1 picks them up and lays two others, seat 0 takes that talon back
    over him: the two seat 0 laid first are in seat 1's hand (R5 seat 1 of declarer 0)."""
    deal = deal_for(5)
    game = opened(deal)
    first = hand_of(lowest_two(deal.hands[0]))
    twelve = game.auction.hands[1] | game.auction.talon
    laid = [c for c in cards_of(twelve) if not (first >> c) & 1][:2]  # not the cards seat 0 laid
    game.bid_action(AuctionAction(1, PICK_UP, parse_bid("ulti"), tuple(laid)))
    passes(game, 2)
    pick_up(game, 0, "betli")
    passes(game, 1, 2, 0)
    moment = bid_moment(play_out(game))
    assert moment.seat == 0 and moment.known == (first, 0)
    assert moment.twelve == (deal.hands[0] & ~first) | hand_of(laid)
    assert moment.outbid == parse_bid("ulti")


def test_r40_a_card_laid_by_another_player_is_unseen():
    """Cards flow 0 -> talon -> 1 -> (1 lays two, unseen) -> 2: seat 0 cannot tell whether
    seat 1 or seat 2 holds a card he laid; one he took back is his again."""

    class Act:
        def __init__(self, seat, kind, discard=None):
            self.seat, self.kind, self.discard = seat, kind, discard

    a, b, c, d = 1, 2, 3, 4
    actions = [Act(0, "bid", (a, b)), Act(1, "pick-up", (c, d)), Act(2, "pick-up", (5, 6)), Act(0, "pick-up", (7, 8))]
    talons = [None, hand_of([a, b]), hand_of([c, d]), hand_of([5, 6])]
    assert whereabouts(actions, 0, 2, talons) == {a: {1, 2}, b: {1, 2}}
    talons[3] = hand_of([a, 6])  # seat 2 laid a: seat 0 sees it come back
    assert whereabouts(actions, 0, 3, talons) == {b: {1, 2}}
    assert whereabouts(actions[:2], 0, 1, talons) == {a: {1}, b: {1}}
    assert TALON not in {p for places in whereabouts(actions, 0, 3, talons).values() for p in places}


def test_r49_a_thrown_in_deal_and_rablo_s_bid_over_the_talon_are_not_judged_and_say_why():
    game = opened(deal_for(2))
    passes(game, 1, 2, 0)
    game.throw_in(True)
    judged = judge_auction_and_kontras(game, 4)
    assert judged.bid is None and "thrown in" in judged.as_json()["bid_skipped"] and judged.kontras == []
    rablo = opened(deal_for(2), rules=make_rules("rablo"))
    rablo.bid_action(AuctionAction(1, BID, parse_bid("ulti")))
    passes(rablo, 2, 0, 1)
    rablo.name_trump(LEAVES)
    assert "over the talon as it lay" in str(bid_moment(play_out(rablo)))


def test_an_unfinished_game_or_a_bad_sample_count_is_refused():
    game = opened(deal_for(1))
    with pytest.raises(GameJudgingError, match="not over"):
        judge_auction_and_kontras(game, 4)
    with pytest.raises(GameJudgingError, match="samples"):
        judge_auction_and_kontras(ulti_game(), 1)


# -- The bid judged: exact where every world is counted -----------------------------------------


def test_r43_r44_the_bid_s_loss_is_the_best_mean_minus_his_counted_over_every_world():
    """Sixteen of the twenty other cards placed (six worlds): every discard and trump of the legal
    bids solved in every world by hand; the best mean and his, exactly."""
    deal = deal_for(7)
    twelve, rest = deal.hands[0], list(cards_of(BB_ALL & ~deal.hands[0]))
    known = (hand_of(rest[:8]), hand_of(rest[10:18]))
    bids = (parse_bid("party"), parse_bid("betli"))
    his = lowest_two(twelve)
    moment = BidMoment(0, 0, twelve, known, bids, None, his, parse_bid("party"), LEAVES)
    rules = make_rules()
    with Runner(1, None) as runner:
        judged = judge_bid(moment, "all", rules=rules, seed=0, runner=runner)
    worlds = list(every_deal(Constraints(twelve, seat1=known[0], seat2=known[1])))
    assert len(worlds) == 6 and judged.exact and judged.samples == 6
    means = {}
    for first, second in ((a, b) for a in cards_of(twelve) for b in cards_of(twelve) if a < b):
        after = [w.discard(first, second) for w in worlds]
        for bid, trump in candidate_pairs(bids):
            means[(first, second), bid, trump] = Fraction(sum(world_totals(after, bid, trump, rules=rules)), 12)
    best = max(means.values())
    mine = means[his, parse_bid("party"), LEAVES]
    assert Fraction(judged.best_value.mean, 2) == best and Fraction(judged.chosen_value.mean, 2) == mine
    assert judged.loss == float(best - mine) and judged.stderr_loss == 0
    assert means[tuple(sorted(judged.best[0])), judged.best[1], judged.best[2]] == best


# -- The kontras: the turns, the worlds, the values --------------------------------------------


def test_r48_each_turn_offers_what_the_seat_could_say_on_top_of_what_was_said_before():
    kontras = [KontraCall(2, "party", 1, 1), KontraCall(1, "party", 2, 3), KontraCall(0, "party", 3, 3)]
    turns = kontra_turns(ulti_game(kontras))
    found = [(t.seat, t.before, t.level, tuple(c.component for c in t.options), len(t.said)) for t in turns]
    assert found == [
        (2, 1, 1, ("party", "ulti"), 1),
        (0, 2, 1, ("ulti",), 0),  # the party is kontra'd already, for both (R37)
        (1, 3, 2, ("party",), 1),
        (2, 3, 3, ("party",), 0),  # seat 2 in table seats is R5 seat 1: his szubkontra turn comes first
        (0, 3, 3, ("party",), 1),
        (1, 3, 4, ("party",), 0),
    ]
    levels = [t.base.level("party", 1) for t in turns]
    assert levels == [0, 1, 1, 2, 2, 3]
    assert [t.afters[0].level("party", 1) for t in turns if t.options[0].component == "party"] == [1, 2, 3, 3, 4]


def test_r40_r41_the_worlds_of_a_turn_fit_what_the_seat_saw():
    game = ulti_game()
    deal = game.deal()
    for turn in kontra_turns(game):
        info = turn.info
        for i in range(20):
            world = info.world(3, i)
            assert info.fits(world) and world.hands[turn.r5] == deal.hands[turn.r5]
            position = replay(world, PlayRules.for_game(game.bid, game.trump, rules=game.rules), list(turn.played))
            assert position is not None  # the cards played are legal in every world
            if turn.r5 != 0:
                assert world.hands[0] & BB_MARRIAGES[LEAVES] == deal.hands[0] & BB_MARRIAGES[LEAVES]
            else:
                assert world.talon == deal.talon


def test_r43_with_a_joint_kontra_the_defender_s_payment_is_minus_half_the_total_from_the_first_trick():
    game = ulti_game([KontraCall(2, "ulti", 1, 1)])
    turn = kontra_turns(game)[0]
    worlds = [turn.info.world(11, i) for i in range(6)]
    rules = game.rules
    verdicts = verdicts_of(turn, turn_shares(turn, worlds, rules=rules), count=turn.info.count(), exact=True)
    play = PlayRules.for_game(game.bid, game.trump, rules=rules)

    def paid(kontra):
        return [
            Fraction(
                -value_total(
                    w, game.bid, game.trump, rules=rules, position=replay(w, play, list(turn.played)), kontra=kontra
                ),
                2,
            )
            for w in worlds
        ]

    without = paid(turn.base)
    for verdict, after in zip(verdicts, turn.afters):
        with_it = paid(after)
        assert verdict.without == sum(without) / 6 and verdict.with_it == sum(with_it) / 6
        assert verdict.gain == verdict.with_it - verdict.without and verdict.stderr_gain == 0
    ulti = next(v for v in verdicts if v.call.component == "ulti")
    assert ulti.said and ulti.as_json()["said"] == "kontra"
    assert ulti.loss == max(0.0, float(-ulti.gain))


def test_r37_r43_a_betli_kontra_is_the_defender_s_own_payment():
    """Betli: each defender kontras for himself (R37); the one component is lost or made, so he is
    paid 5 times 2 to his own level, the sign the declarer's total's."""
    deal = deal_for(4)
    game = opened(deal, "betli")
    passes(game, 1, 2, 0)
    play_out(game, [KontraCall(1, "betli", 1, 1)])
    turn = kontra_turns(game)[1]  # R5 seat 2 (table 2), seat 1's own kontra said
    assert turn.r5 == 2 and turn.base.level("betli", 1) == 1 and turn.base.level("betli", 2) == 0
    worlds = [turn.info.world(5, i) for i in range(6)]
    shares = turn_shares(turn, worlds, rules=game.rules)
    for kontra, mine in zip((turn.base, *turn.afters), shares):
        totals = world_totals(worlds, game.bid, None, rules=game.rules, played=list(turn.played), kontra=kontra)
        level = kontra.level("betli", 2)
        assert mine == [2 * 5 * 2**level * (1 if t > 0 else -1) for t in totals]


def test_r44_the_loss_is_what_the_worse_choice_cost_with_a_band_beyond_twice_its_error():
    turn = kontra_turns(ulti_game([KontraCall(2, "ulti", 1, 1)]))[0]
    party, ulti = turn.options

    def verdict(call, gain, stderr):
        return KontraVerdict(turn, call, 100, 1000, False, Fraction(0), Fraction(gain), Fraction(gain), stderr)

    assert verdict(party, 4, 0.5).loss == 4 and verdict(party, 4, 0.5).band == "mistake"  # not said, worth 4
    assert verdict(party, -4, 0.5).loss == 0 and verdict(party, -4, 0.5).band is None  # rightly left unsaid
    assert verdict(ulti, -9, 1).band == "blunder" and verdict(ulti, 9, 1).loss == 0  # said: the other way round
    assert verdict(ulti, -1.5, 1).band is None  # within twice its error
    assert verdict(ulti, -2, 0.1).advice == "pass" and verdict(ulti, 2, 0.1).advice == "kontra"


# -- The whole judgement ----------------------------------------------------------------------


def small_game() -> Game:
    """Table seat 1 outbids a high opening (twelve legal bids to race) with an open red bid, whose
    hand the defenders see before the second trick; a kontra and a rekontra said."""
    game = opened(deal_for(12), "red 20-100 four-aces durchmars")
    pick_up(game, 1, "red open 40-100 ulti durchmars")
    passes(game, 2, 0, 1)
    return play_out(game, [KontraCall(2, "ulti", 1, 1), KontraCall(1, "ulti", 2, 3)])


def test_the_judgement_is_the_same_however_it_is_spread_and_reads_as_json():
    game = small_game()
    with Runner(1, None) as one:
        alone = judge_auction_and_kontras(game, 6, seed=4, runner=one)
    with Runner(2, None) as two:
        spread = judge_auction_and_kontras(game, 6, seed=4, runner=two)
    assert json.dumps(alone.as_json()) == json.dumps(spread.as_json())
    data = json.loads(json.dumps(alone.as_json()))
    bid = data["bid"]
    for key in ("discard", "bid", "trump", "mean_value", "stderr_value", "samples"):
        assert key in bid["chosen"] and key in bid["best"]
    assert {"loss", "stderr_loss", "band", "same", "exact"} <= set(bid)
    for row in data["kontras"]:
        assert {"component", "say", "payment_without", "payment_with", "gain", "stderr_gain", "advice"} <= set(row)
        assert {"said", "loss", "stderr_loss", "band", "seat", "before"} <= set(row)
    assert any(row["said"] == "kontra" for row in data["kontras"])
    text = str(alone)
    assert "The declarer's last bid" in text and "Kontras" in text and "advice" in text


def test_r40_r43_with_the_open_hand_shown_before_trick_2_every_world_is_counted_and_solved():
    """After the first trick of an open bid a defender sees the declarer's hand (R40): few worlds
    are left, ``samples="all"`` counts them, and each is held to a plain solve from trick 2."""
    game = small_game()
    plan = plan_kontras(game, "all")
    counted = [(t, n) for t, n, every in zip(plan.turns, plan.sizes, plan.exact) if every]
    assert counted and all(t.before == 3 and t.r5 != 0 and t.info.shown is not None for t, _ in counted)
    turn, size = counted[0]
    assert size == turn.info.count() <= MOST_WORLDS
    with Runner(1, None) as runner:
        verdicts = judge_kontras(game, "all", seed=0, runner=runner, plan=KontraPlan((turn,), (size,), (True,)))
    play = PlayRules.for_game(game.bid, game.trump, rules=game.rules)
    worlds = list(turn.info.worlds())
    assert len(worlds) == size

    def mean_paid(kontra):
        totals = [
            value_total(
                w, game.bid, game.trump, rules=game.rules, position=replay(w, play, list(turn.played)), kontra=kontra
            )
            for w in worlds
        ]
        return Fraction(-sum(totals), 2 * size)

    for verdict, after in zip(verdicts, turn.afters):
        assert verdict.exact and verdict.stderr_gain == 0 and verdict.samples == size
        assert (verdict.without, verdict.with_it) == (mean_paid(turn.base), mean_paid(after))


def test_progress_counts_worlds_up_to_the_total():
    seen = []
    judge_auction_and_kontras(small_game(), 4, seed=1, on_progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] and all(done <= total for done, total in seen)


@pytest.mark.slow
def test_a_whole_game_judged_on_100_worlds_with_two_jobs_stays_within_seconds():
    import time

    game = ulti_game([KontraCall(2, "ulti", 1, 1)])
    started = time.monotonic()
    with Runner(2, None) as runner:
        judged = judge_auction_and_kontras(game, 100, seed=0, runner=runner)
    assert time.monotonic() - started < 15 and judged.bid is not None and judged.bid.samples == 100
