"""The bots (INTERFACE.md, "Bots and matches"; R43, R45-R50): ``simple``'s rules of thumb one by one
on hand-made hands and tricks (docs/bots.md lists them), ``pimc``'s worlds and choices, ``dd``'s
double-dummy ones; every kind answering only legal answers, the same on the same seed, and
finishing games under every rulebook; a duplicate comparison against ``random``.

Hands are written hearts.bells.leaves.acorns (ranks A T K O U 9 8 7), table seats as R45 numbers
them; the trick tests give ``choose_card`` the cards played as (table seat, card) pairs.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from ulti_solver.analysis.best import best_bids
from ulti_solver.analysis.discards import twelve_card_deal
from ulti_solver.analysis.replay import best_cards, card_values
from ulti_solver.analysis.single_dummy import card_totals
from ulti_solver.bids import BETLI, FORTY_100, PARTY, ULTI, parse_bid
from ulti_solver.bots import BOT_KINDS, BotError, make_bot
from ulti_solver.bots.base import Request
from ulti_solver.bots.hand_eval import (
    NONE,
    STRONG,
    best_trump,
    betli_danger,
    component_support,
    discard_for,
    plan_for,
)
from ulti_solver.bots.pimc_bot import alike_once
from ulti_solver.bots.seat_worlds import (
    TALON_PLACE,
    AuctionMemory,
    auction_places,
    choose_worlds,
    known_elsewhere,
    play_information,
)
from ulti_solver.bots.simple_bot import SimpleBot, kontra_reason
from ulti_solver.bots.simple_play import choose_card
from ulti_solver.bots.table import play_game
from ulti_solver.bots.world_race import leaders, race
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES, cards_of, hand_of, parse_card
from ulti_solver.deal import Deal, parse_hand
from ulti_solver.dealing import random_deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.kontras import KontraCall
from ulti_solver.game.ranking import bid_order
from ulti_solver.game.record import game_json
from ulti_solver.game.referee import Game
from ulti_solver.knowledge import information_set
from ulti_solver.play import PlayRules
from ulti_solver.position import start_of_play
from ulti_solver.search import value_total
from ulti_solver.variants import RULEBOOKS, make_rules

BOOKS = list(RULEBOOKS)
RULES = make_rules("ultiblog")
EVERY_BID = bid_order(rules=RULES).bids


def cards(text: str):
    return [parse_card(name) for name in text.split()]


def hand(text: str) -> int:
    return parse_hand(text)


def deal_of(index: int) -> Deal:
    """Fixed deal ``index``: table seat 0 holds twelve (R45)."""
    return twelve_card_deal(random_deal(random.Random(f"test_bots:{index}")))


def opened(deal: Deal, words: str, discard, rules=RULES) -> Game:
    """A game whose table seat 0 opened ``words``, laying ``discard``."""
    game = Game(deal, rules=rules)
    game.bid_action(AuctionAction(0, BID, parse_bid(words), tuple(sorted(cards(discard)))))
    return game


def hopeless_ulti_after_the_lead() -> Game:
    """An ulti in acorns whose trumps all lie with seat 1, after the declarer's heart king lead:
    the position the kontra tests start from."""
    deal = Deal((hand("ATK.ATK.ATK.987"), hand("OU987.-.-.ATKOU"), hand("-.OU987.OU987.-")), None)
    game = opened(deal, "ulti", "BK LK")
    for seat in (1, 2, 0):
        game.bid_action(AuctionAction(seat, PASS))
    game.name_trump(ACORNS)
    game.play(parse_card("HK"))
    return game


# -- simple: the count and the plan (hand_eval) ---------------------------------------------------


def test_simple_lays_its_two_lowest_side_cards_keeping_aces_tens_and_marriages():
    twelve = hand("AT987.A9.KO.T87")
    assert discard_for(twelve, parse_bid("red party"), HEARTS, rules=RULES) == tuple(sorted(cards("A7 A8")))


def test_simple_lays_from_the_shorter_suit_on_a_tie_of_rank():
    twelve = hand("AT98.7.AKU.987K")
    assert discard_for(twelve, parse_bid("red party"), HEARTS, rules=RULES) == tuple(sorted(cards("B7 A7")))


def test_simple_counts_betli_danger_and_lays_the_dangerous_cards():
    twelve = hand("U987.U987.A7.K7")
    assert betli_danger(twelve) == cards("LA AK")
    assert discard_for(twelve, parse_bid("betli"), None, rules=RULES) == tuple(sorted(cards("LA AK")))


def test_simple_opens_ulti_with_a_long_strong_suit_holding_its_seven():
    plan = plan_for(hand("A.ATK987.A9.U98"), EVERY_BID, rules=RULES)
    assert (str(plan.bid), plan.trump) == ("ulti", BELLS)
    assert plan.discard == tuple(sorted(cards("A8 L9")))


def test_simple_opens_40_100_with_king_and_ober_of_a_long_suit():
    plan = plan_for(hand("98.A.AKO98.AU98"), EVERY_BID, rules=RULES)
    assert (str(plan.bid), plan.trump) == ("40-100", LEAVES)


def test_simple_opens_betli_with_a_weak_hand_of_low_cards():
    plan = plan_for(hand("U987.U987.A7.K7"), EVERY_BID, rules=RULES)
    assert str(plan.bid) == "betli" and plan.discard == tuple(sorted(cards("LA AK")))


def test_simple_opens_the_party_in_its_best_trump_otherwise():
    plan = plan_for(hand("K9.AT8.AO9.TU87"), EVERY_BID, rules=RULES)
    assert (str(plan.bid), plan.trump) == ("party", ACORNS)


def test_simple_bids_only_what_the_rules_let_him_say():
    over_ulti = bid_order(rules=RULES).bids_over(parse_bid("ulti"))
    plan = plan_for(hand("K9.AT8.AO9.TU87"), over_ulti, rules=RULES)
    assert plan.bid in over_ulti and plan.level == NONE
    assert plan.bid == over_ulti[0]  # nothing supported: the lowest legal bid


def test_simple_names_the_longest_suit_with_most_honours_as_trump():
    assert best_trump(hand("AT9.K987.AT98.7")) == LEAVES
    assert best_trump(hand("AT9.K987.AT98.7"), [BELLS, ACORNS]) == BELLS


def test_simple_support_levels():
    assert component_support(ULTI, hand("-.ATKU987.A.9U"), BELLS) == STRONG
    assert component_support(ULTI, hand("-.AK987.A9.T9U"), BELLS) != NONE
    assert component_support(ULTI, hand("-.TK987.A9.T9U"), BELLS) == NONE  # no trump ace
    assert component_support(FORTY_100, hand("A.AKO98.A.TU9"), BELLS) != NONE
    assert component_support(BETLI, hand("987.987.987.7"), None) == STRONG


# -- simple: the auction, the throw-in, the kontras -------------------------------------------------

#: Table seat 1 holds a strong bells ulti; seat 2 the leavings.
STRONG_ONE = Deal((hand("AKO.T.KO98.AKO9"), hand("T9.AKU987.AT.-"), hand("U87.O.U7.TU87")), None)
#: Table seat 1 holds little.
WEAK_ONE = Deal((hand("AKO.AT.KO98.AKO"), hand("T98.98.AT.T87"), hand("U7.KOU7.U7.U9")), None)


def ask_bid(game: Game, seat: int, bot, with_game: bool = False) -> object:
    bot.new_game(seat, 0)
    standing = game.auction.standing_bid
    view = game.view(seat)
    return bot.answer(
        Request("bid", seat, view, ("pass", "pick-up"), game.rules, standing, game if with_game else None)
    )


def test_simple_picks_up_only_when_his_ten_cards_support_a_higher_bid():
    assert ask_bid(opened(STRONG_ONE, "party", "L8 L9"), 1, SimpleBot()) == "pick-up"
    assert ask_bid(opened(WEAK_ONE, "party", "L8 L9"), 1, SimpleBot()) == "pass"


def test_simple_never_outbids_his_own_standing_bid():
    game = opened(STRONG_ONE, "party", "L8 L9")
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PASS))
    assert ask_bid(game, 0, SimpleBot()) == "pass"


def throw_in_game(book: str, seat0: str) -> Game:
    """Table seat 0 opened the plain party holding ``seat0`` (twelve cards) and both others passed."""
    rest = [c for c in range(32) if not (hand(seat0) >> c) & 1]
    deal = Deal((hand(seat0), sum(1 << c for c in rest[:10]), sum(1 << c for c in rest[10:])), None)
    twelve = list(cards_of(hand(seat0)))
    game = Game(deal, rules=make_rules(book))
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), (twelve[0], twelve[1])))
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PASS))
    game.bid_action(AuctionAction(0, PASS))
    return game


@pytest.mark.parametrize(
    "book, seat0, thrown",
    [
        ("rablo", "987.987.987.87U", True),  # a void deal costs nothing: a hand without a party goes
        ("rablo", "AT987.A9.A.T987", False),
        ("ultiblog", "987.987.987.87U", True),  # nearly nothing: a club count of 0
        ("ultiblog", "AT98.987.A9.987", False),  # a count of 5 plays: a lost party costs less
    ],
)
def test_simple_throws_in_a_hopeless_plain_party(book, seat0, thrown):
    game = throw_in_game(book, seat0)
    bot = SimpleBot()
    bot.new_game(0, 0)
    assert bot.answer(Request("concede", 0, game.view(0), (True, False), game.rules)) is thrown


def test_simple_kontras_an_ulti_when_he_holds_four_trumps_with_the_ace():
    ulti = parse_bid("ulti")
    assert kontra_reason(ULTI, hand("AU98.K.A9.987"), ulti, HEARTS)
    assert not kontra_reason(ULTI, hand("KU98.K.A9.987"), ulti, HEARTS)
    assert not kontra_reason(ULTI, hand("A98.KO.A9.987"), ulti, HEARTS)
    assert kontra_reason(ULTI, hand("AT9.KO.A9.987"), ulti, HEARTS)


def test_simple_kontras_a_party_with_three_aces_and_rarely_else():
    party = parse_bid("party")
    assert kontra_reason(PARTY, hand("A98.A9.A9.987"), party, BELLS)
    assert not kontra_reason(PARTY, hand("A98.K9.A9.987"), party, BELLS)


def test_simple_kontras_a_betli_with_a_long_suit_holding_its_seven_and_eight():
    betli = parse_bid("betli")
    assert kontra_reason(BETLI, hand("AK87.A9.A9.98"), betli, None)
    assert not kontra_reason(BETLI, hand("AK97.A9.A9.98"), betli, None)


# -- simple: the cards (simple_play) ----------------------------------------------------------------


def play(text_hand, legal, played, seat, words="party", trump=BELLS, declarer=0):
    played_pairs = [(who, parse_card(name)) for who, name in played]
    return choose_card(
        hand(text_hand), cards(legal), played_pairs, seat, declarer, parse_bid(words), trump, rules=RULES
    )


def test_simple_leads_a_side_ace():
    assert play("A7.8.98.-", "HA H7 B8 L9 L8", [], 1) == parse_card("HA")


def test_simple_declarer_draws_trumps_with_a_master_else_his_lowest_trump():
    assert play("7.AT9.98.-", "H7 BA BT B9 L9 L8", [], 0) == parse_card("BA")
    assert play("7.K98.98.-", "H7 BK B9 B8 L9 L8", [], 0) == parse_card("B8")


def test_simple_wins_a_trick_with_his_cheapest_winner():
    # The declarer led H9, the partner followed H8: both the ten and the ace beat it; the ten does.
    assert play("AT7.-.-.-", "HA HT", [(0, "H9"), (1, "H8")], 2) == parse_card("HT")


def test_simple_plays_low_when_he_cannot_win():
    # Void in hearts and without trumps: any card; none wins, so no points and the lowest rank.
    assert play("-.-.T8.A7", "LT L8 AA A7", [(0, "HK"), (1, "H8")], 2) == parse_card("A7")


def test_simple_gives_points_to_a_trick_his_partner_takes():
    # The ten rather than the ace: the ace may win a trick of its own later.
    assert play("-.-.T8.A7", "LT L8 AA A7", [(0, "H7"), (1, "HA")], 2) == parse_card("LT")


def test_simple_ulti_declarer_keeps_the_trump_seven():
    assert play("8.7.-.9", "H8 B7 A9", [], 0, words="ulti") != parse_card("B7")


def test_simple_betli_declarer_ducks_with_his_highest_card_below_the_winner():
    assert play("U97.-.-.-", "HU H9 H7", [(1, "HO"), (2, "H8")], 0, words="betli", trump=None) == parse_card("HU")


def test_simple_betli_defender_ducks_under_the_declarer():
    assert play("OU7.-.-.-", "HO HU H7", [(0, "HK")], 1, words="betli", trump=None) == parse_card("HO")


def test_simple_betli_defender_plays_low_before_the_declarer():
    assert play("K97.-.-.-", "HK H9", [(1, "H8")], 2, words="betli", trump=None) == parse_card("H9")


def test_simple_betli_declarer_leads_his_lowest():
    assert play("K9.8.-.A", "HK H9 B8 AA", [], 0, words="betli", trump=None) == parse_card("B8")


def test_simple_durchmars_defender_takes_what_he_can_with_his_highest_before_the_last():
    assert play("AK7.-.-.-", "HA HK", [(0, "H9")], 1, words="durchmars") == parse_card("HA")


# -- the worlds a seat cannot tell apart (seat_worlds) ---------------------------------------------

#: R45: table seat 0 holds the hearts and B7 B8 B9 BU (12), seat 1 BO BK BT BA and L7-LK, seat 2
#: LT LA and the acorns.
PLAIN = Deal((hand_of(range(12)), hand_of(range(12, 22)), hand_of(range(22, 32))), None)


def seen_through(game: Game, memories, action) -> None:
    """Push an auction action, letting each seat's memory see what the table would show it."""
    seat = action.seat
    view = game.view(seat)
    if action.kind == PICK_UP:
        memories[seat].saw("bid", view, ("pass", "pick-up"))
        talon = game.auction.talon
        memories[seat].saw("discard", replace(view, hand=view.hand | talon, seen=view.seen | talon), ())
    else:
        memories[seat].saw("discard" if not game.auction.actions else "bid", view, ("pass",))
    game.bid_action(action)


def robbed_game(book: str = "ultiblog", over_it: bool = False) -> tuple:
    """Seat 0 opens the party laying B7 B8; seat 1 picks them up, lays L7 L8 and bids ulti; then
    either seat 0 picks L7 L8 up, lays B9 BU and bids red ulti (the declarer), or, under rablo
    (``over_it``), seat 2 bids red ulti over the talon as it lies (seat 1 alone knows it)."""
    game = Game(PLAIN, rules=make_rules(book))
    memories = [AuctionMemory() for _ in range(3)]
    actions = [
        AuctionAction(0, BID, parse_bid("party"), tuple(cards("B7 B8"))),
        AuctionAction(1, PICK_UP, parse_bid("ulti"), tuple(cards("L7 L8"))),
    ]
    if over_it:
        actions += [AuctionAction(2, BID, parse_bid("red ulti")), AuctionAction(0, PASS), AuctionAction(1, PASS)]
        actions += [AuctionAction(2, PASS)]
    else:
        actions += [AuctionAction(2, PASS), AuctionAction(0, PICK_UP, parse_bid("red ulti"), tuple(cards("B9 BU")))]
        actions += [AuctionAction(1, PASS), AuctionAction(2, PASS), AuctionAction(0, PASS)]
    for action in actions:
        seen_through(game, memories, action)
    return game, memories


def test_worlds_keep_the_cards_a_defender_laid_with_the_declarer_or_the_talon():
    game, memories = robbed_game()
    view = game.view(1)
    assert auction_places(view, memories[1])[parse_card("L7")] == {0, TALON_PLACE}
    told = play_information(view, memories[1], rules=RULES)
    blind = play_information(view, None, rules=RULES)
    l7_l8 = hand_of(cards("L7 L8"))
    assert all(told.world(5, i).hands[2] & l7_l8 == 0 for i in range(200))
    assert any(blind.world(5, i).hands[2] & l7_l8 for i in range(200))  # what the auction adds
    assert told.count() < blind.count()


def test_the_declarer_about_to_lay_two_knows_what_he_gave_away():
    game = Game(PLAIN)
    memories = [AuctionMemory() for _ in range(3)]
    for action in (
        AuctionAction(0, BID, parse_bid("party"), tuple(cards("B7 B8"))),
        AuctionAction(1, PICK_UP, parse_bid("ulti"), tuple(cards("L7 L8"))),
        AuctionAction(2, PASS),
    ):
        seen_through(game, memories, action)
    view = game.view(0)
    memories[0].saw("bid", view, ("pass", "pick-up"))
    talon = game.auction.talon
    twelve = replace(view, hand=view.hand | talon, seen=view.seen | talon)
    assert known_elsewhere(twelve, memories[0], 0) == (hand_of(cards("B7 B8")), 0)


def test_under_rablo_the_defender_who_laid_the_talon_knows_it_and_the_declarer_does_not():
    game, memories = robbed_game("rablo", over_it=True)
    assert game.declarer == 2
    knows = play_information(game.view(1), memories[1], rules=game.rules)
    assert all(knows.world(1, i).talon == hand_of(cards("L7 L8")) for i in range(50))
    declarer = play_information(game.view(2), memories[2], rules=game.rules)
    assert declarer.seat == 0 and declarer.count() == math.comb(22, 2) * math.comb(20, 10)
    assert len({declarer.world(1, i).talon for i in range(50)}) > 1


def test_worlds_from_a_seat_view_are_the_knowledge_module_s_own():
    """Without the auction's places, a seat's worlds are those of information_set, R5 seats
    counted from the declarer (R45), mid-trick too."""
    game = Game(PLAIN)
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), tuple(cards("B7 B8"))))
    for seat in (1, 2):
        game.bid_action(
            AuctionAction(
                seat, PICK_UP, parse_bid(("40-100", "ulti")[seat - 1]), tuple(cards(("BO BK", "A7 A8")[seat - 1]))
            )
        )
    for seat in (0, 1, 2):
        game.bid_action(AuctionAction(seat, PASS))
    game.name_trump(ACORNS)
    for _ in range(4):
        game.play(next(cards_of(game.legal_cards())))
    for seat in range(3):
        mine = play_information(game.view(seat), rules=game.rules)
        theirs = information_set(game.deal(), game.bid, game.trump, game.cards, (seat - 2) % 3, rules=game.rules)
        assert (mine.seat, mine.count(), mine.hand) == (theirs.seat, theirs.count(), theirs.hand)


def test_choose_worlds_counts_every_world_when_few_fit_and_prefers_those_accepted():
    game, memories = robbed_game()
    for _ in range(27):
        game.play(next(cards_of(game.legal_cards())))
    info = play_information(game.view(game.turn), memories[game.turn], rules=game.rules)
    worlds, exact = choose_worlds(info, 100, 3)
    assert exact and len(worlds) == info.count() <= 100
    big = play_information(robbed_game()[0].view(1), rules=RULES)
    worlds, exact = choose_worlds(big, 20, 3, accept=lambda deal: bool(deal.hands[0] & 1 << parse_card("AA")))
    assert not exact and len(worlds) == 20 and all(deal.hands[0] >> parse_card("AA") & 1 for deal in worlds)


# -- pimc ----------------------------------------------------------------------------------------


def pimc(seat: int, spec: str = "pimc"):
    bot = make_bot(spec)
    bot.new_game(seat, 0)
    return bot


def test_pimc_values_cards_that_play_alike_once():
    view = SimpleNamespace(played=(), hand=hand("KO8.-.-.A"), bid=parse_bid("party"))
    play_rules = PlayRules.for_game(view.bid, BELLS, rules=RULES)
    assert alike_once(cards("H8 HO HK"), view, play_rules) == cards("H8 HO")
    view.played = tuple((seat, card) for seat, card in zip((0, 1, 2), cards("HU H9 L7")))
    assert alike_once(cards("H8 HO HK"), view, play_rules) == cards("H8")


def test_the_race_drops_the_clearly_worse_and_keeps_to_its_budget():
    values = {0: [4, 4, 6, 4] * 4, 1: [-4, -2, -4, -6] * 4, 2: [4, 6, 4, 4] * 4}
    asked = []

    def value(i, start, end):
        asked.append((i, start, end))
        return values[i][start:end]

    totals = race(16, 3, value, sign=1, looks=(4, 8, 16))
    assert sorted(totals) == [0, 2] and (1, 4, 8) not in asked
    assert leaders(totals, 1) == [0, 2] and leaders(totals, -1) == [0, 2]
    asked.clear()
    assert len(race(16, 3, value, sign=1, looks=(4, 8, 16), budget=12)[0]) == 4  # the first look only


def test_pimc_picks_up_a_monster_and_passes_his_own_bid():
    deal = Deal((hand("-.TKOU987.TKOU9.-"), hand("ATKOU987.A.A.-"), hand("-.-.87.ATKOU987")), None)
    game = opened(deal, "party", "B7 B8")
    assert ask_bid(game, 1, pimc(1)) == "pick-up"
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PASS))
    assert ask_bid(game, 0, pimc(0)) == "pass"


def test_pimc_kontras_an_ulti_his_trumps_make_hopeless():
    game = hopeless_ulti_after_the_lead()
    legal = tuple(game.legal_kontras())
    said = pimc(1).answer(Request("kontra", 1, game.view(1), legal, game.rules))
    assert "ulti" in {call.component for call in said}


def test_pimc_goes_no_further_than_rekontra():
    """However sure its worlds make it, a szubkontra answers a rekontra the worlds do not read."""
    game = hopeless_ulti_after_the_lead()
    game.say(KontraCall(1, "ulti", 1, 1))
    game.play(parse_card("H7"))
    game.play(parse_card("LO"))
    game.say(KontraCall(0, "ulti", 2, 3))
    legal = tuple(game.kontras.legal_calls(1, 3))
    assert [call.level for call in legal] == [3]
    assert pimc(1).answer(Request("kontra", 1, game.view(1), legal, game.rules)) == ()


@pytest.mark.parametrize("seat0, thrown", [("987.987.987.87U", True), ("AT987.A9.A.T987", False)])
def test_pimc_throws_a_losing_party_in_when_it_costs_nothing(seat0, thrown):
    game = throw_in_game("rablo", seat0)
    assert pimc(0).answer(Request("concede", 0, game.view(0), (True, False), game.rules)) is thrown


def test_pimc_plays_the_best_card_on_every_world_once_few_are_left():
    game, memories = robbed_game()
    while len(game.cards) < 22:
        game.play(next(cards_of(game.legal_cards())))
    seat = game.turn
    bot = pimc(seat, "pimc:worlds=600")
    bot.memory = memories[seat]
    view = game.view(seat)
    legal = tuple(cards_of(game.legal_cards()))
    chosen = bot.answer(Request("card", seat, view, legal, game.rules))
    info = play_information(view, memories[seat], rules=game.rules)
    worlds, exact = choose_worlds(info, 600, 0)
    assert exact and len(worlds) > 1 and len(legal) > 1
    totals, _ = card_totals(info, list(legal), worlds)
    sign = 1 if info.seat == 0 else -1
    best = max(sign * sum(t) for t in totals)
    assert sign * sum(totals[legal.index(chosen)]) == best


def test_pimc_takes_its_options_from_the_spec():
    bot = make_bot("pimc:worlds=8,bid-time=0.5,seed=3")
    assert (bot.worlds, bot.bid_time, bot.option_seed, bot.name) == (8, 0.5, 3, "pimc:worlds=8,bid-time=0.5,seed=3")
    for wrong in ("pimc:samples=8", "pimc:worlds=0", "pimc:bid-time=-1"):
        with pytest.raises(BotError):
            make_bot(wrong)


# -- dd --------------------------------------------------------------------------------------------


def test_dd_sees_every_card_or_answers_nothing():
    bot = make_bot("dd")
    assert bot.sees_all and not BOT_KINDS["dd"].fair
    game = opened(STRONG_ONE, "party", "L8 L9")
    with pytest.raises(ValueError):
        bot.answer(Request("bid", 1, game.view(1), ("pass", "pick-up"), game.rules, parse_bid("party")))


def test_dd_opens_the_best_double_dummy_bid():
    game = Game(PLAIN)
    bot = make_bot("dd")
    bot.new_game(0, 0)
    legal = tuple(itertools.combinations(sorted(cards_of(PLAIN.hands[0])), 2))
    discard = bot.answer(Request("discard", 0, game.view(0), legal, RULES, game=game))
    bid = bot.answer(Request("bid", 0, game.view(0), EVERY_BID, RULES, game=game))
    best = best_bids(PLAIN, rules=RULES, top=1).ranked[0]
    after = PLAIN.discard(*discard)
    assert value_total(after, bid, bot.plan.trump, rules=RULES) == best.total


def test_dd_picks_the_talon_up_when_it_pays_him_more_than_defending():
    deal = Deal((hand("-.TKOU987.TKOU9.-"), hand("ATKOU987.A.A.-"), hand("-.-.87.ATKOU987")), None)
    game = opened(deal, "party", "B7 B8")
    assert ask_bid(game, 1, make_bot("dd"), with_game=True) == "pick-up"
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PASS))
    assert ask_bid(game, 0, make_bot("dd"), with_game=True) == "pass"  # his own bid was his best


def test_dd_kontras_what_double_dummy_says_is_lost():
    game = hopeless_ulti_after_the_lead()
    bot = make_bot("dd")
    said = bot.answer(Request("kontra", 1, game.view(1), tuple(game.legal_kontras()), game.rules, game=game))
    assert "ulti" in {call.component for call in said}


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_dd_plays_only_double_dummy_best_cards():
    played = checked_game(deal_of(4), ["dd"] * 3, "ultiblog", 4)
    game = played.game
    position = start_of_play(game.deal())
    for index, card in enumerate(game.cards):
        if index >= 3:  # every kontra is said before the fourth card (R48)
            values = card_values(game.deal(), game.bid, game.trump, position, rules=game.rules, kontra=game.kontra())
            assert card in best_cards(values, position), index
        position = position.after(card, game.play_rules)


# -- every kind: legal answers, the same game on the same seed, games that end -------------------

#: The kinds played through whole games here: a SPEC cheap enough for the suite, and how many
#: games of each test (``dd`` values every bid and card exactly: a second or two a game).
KINDS = {"simple": ("simple", 2), "pimc": ("pimc:worlds=12,bid-time=0.3", 2), "dd": ("dd", 1)}
#: The six arrangements of two bots round the table, each meeting both (R50's duplicate).
ARRANGEMENTS = ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")


def checked_game(deal: Deal, specs, book: str, seed: int):
    """A game by ``specs``: no forfeit (the table forfeits a bot for any answer not legal) and
    results that add up to zero (R50)."""
    played = play_game(deal, [make_bot(spec) for spec in specs], rules=make_rules(book), seed=seed)
    assert played.forfeit is None, played.forfeit
    assert sum(played.by_seat) == 0 and played.game.phase == "over"
    return played


def kinds_and_books():
    """Every kind under every rulebook; pimc waits for the slow run but under ultiblog, the
    default, and dd (a reference, not a player to trust) always does."""
    for kind in KINDS:
        for book in BOOKS:
            slow = kind == "dd" or (kind == "pimc" and book != "ultiblog")
            yield pytest.param(kind, book, id=f"{kind}-{book}", marks=pytest.mark.slow if slow else ())


@pytest.mark.parametrize("kind, book", list(kinds_and_books()))
def test_three_bots_of_a_kind_finish_games_answering_only_legal_answers(kind, book):
    spec, games = KINDS[kind]
    for index in range(games):
        checked_game(deal_of(index), [spec] * 3, book, index)


@pytest.mark.parametrize("kind, book", list(kinds_and_books()))
def test_a_bot_answers_legally_among_random_players(kind, book):
    """Random players bid anything, under rablo over the talon as it lies, and kontra at random."""
    spec, games = KINDS[kind]
    for index in range(games + 1):
        specs = ["random", "random", "random"]
        specs[index % 3] = spec
        checked_game(deal_of(10 + index), specs, book, index)


@pytest.mark.parametrize(
    "kind", [pytest.param(kind, marks=pytest.mark.slow) if kind == "dd" else kind for kind in KINDS]
)
def test_the_same_seed_gives_the_same_game(kind):
    first, second = (checked_game(deal_of(3), [KINDS[kind][0]] * 3, "ultiblog", 7) for _ in range(2))
    assert game_json(first.game) == game_json(second.game)


def duplicate(first: str, second: str, deals: int, book: str = "ultiblog"):
    """R50: each deal once for every arrangement of the two SPECs; per deal, ``first``'s score
    minus ``second``'s (the results add up to zero, so twice ``first``'s)."""
    differences = []
    for index in range(deals):
        score = 0
        for arrangement in ARRANGEMENTS:
            specs = [first if who == "A" else second for who in arrangement]
            played = checked_game(deal_of(100 + index), specs, book, index)
            score += sum(result for who, result in zip(arrangement, played.by_seat) if who == "A")
        differences.append(2 * score)
    mean = sum(differences) / deals
    spread = (sum((d - mean) ** 2 for d in differences) / (deals - 1)) ** 0.5
    return mean, spread / deals**0.5


def test_simple_beats_random_in_duplicate():
    mean, stderr = duplicate("simple", "random", 30)
    assert mean > 3 * stderr > 0


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_pimc_beats_random_in_duplicate():
    """Even on two worlds a card and the least bidding, on 5 fixed deals (about 1 s of CPU);
    at its defaults on 30 deals under the slow mark."""
    mean, stderr = duplicate("pimc:worlds=2,bid-time=0.02", "random", 5)
    assert mean > 3 * stderr > 0


@pytest.mark.slow
def test_pimc_at_its_defaults_beats_random_in_duplicate():
    mean, stderr = duplicate("pimc", "random", 30)
    assert mean > 3 * stderr > 0


@pytest.mark.slow
def test_pimc_beats_simple_in_duplicate():
    mean, stderr = duplicate("pimc", "simple", 30)
    assert mean > 2 * stderr > 0


# -- the page -------------------------------------------------------------------------------------


def test_the_example_of_docs_bots_md_runs():
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    code = page.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/bots.md", "exec"), {})
