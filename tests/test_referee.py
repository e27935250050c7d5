"""The referee of a whole game beyond the auction (R39, R46's trump, R48-R50): one test per sentence
of the rules, per rulebook where they differ; broken records; property tests of random legal games.

The games are played on one deal (table seat 0 holds the hearts and four low bells, seat 1 the
other bells and six leaves, seat 2 the rest), the two cards laid being B7 and B8 whoever declares,
and the cards are the first legal card each time unless a test says otherwise: readable games
whose outcome can be followed by hand.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES, cards_of, hand_of, parse_card
from ulti_solver.deal import Deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.breach import GameRuleError
from ulti_solver.game.kontras import KontraCall
from ulti_solver.game.record import game_from_json, game_json, read_json_record
from ulti_solver.game.referee import AUCTION, OVER, PLAY, THROW_IN, TRUMP, Game
from ulti_solver.kontra import Kontra
from ulti_solver.settlement import concede, settle
from ulti_solver.variants import RULEBOOKS, VALUE_TABLES, VARIANTS, make_rules

BOOKS = list(RULEBOOKS)
#: R45: table seat 0 holds the hearts and B7 B8 B9 BU (12), seat 1 BO BK BT BA and L7-LK (10),
#: seat 2 LT LA and the acorns (10).
DEAL = Deal((hand_of(range(12)), hand_of(range(12, 22)), hand_of(range(22, 32))), None)
B7, B8 = parse_card("B7"), parse_card("B8")
#: The red ulti of table seat 0 on DEAL, first legal cards: seven trump tricks, the trump seven
#: forced out in the eighth (R12 keeps it while another trump is held), then B9 and BU win
#: tricks nobody can follow or trump: every trick is the declarer's.
RED_ULTI_PLAY = "H8 BO LT H9 BK LA HU BT A7 HO BA A8 HK L7 A9 HT L8 AU HA L9 AO H7 LU AK B9 LO AT BU LK AA".split()


def won_by(declarer, words, book="ultiblog", variants=()):
    """A game whose auction makes table seat ``declarer`` the declarer of ``words``: seat 0 opens
    with it (or with the plain party), the seats before the declarer pass, he picks up the talon
    (B7 B8) and lays it back; then everybody passes (R46)."""
    game = Game(DEAL, rules=make_rules(book, variants))
    bid = parse_bid(words)
    if declarer == 0:
        game.bid_action(AuctionAction(0, BID, bid, (B7, B8)))
    else:
        game.bid_action(AuctionAction(0, BID, parse_bid("party"), (B7, B8)))
        for seat in range(1, declarer):
            game.bid_action(AuctionAction(seat, PASS))
        game.bid_action(AuctionAction(declarer, PICK_UP, bid, (B7, B8)))
    while game.phase == AUCTION:
        game.bid_action(AuctionAction(game.turn, PASS))
    return game


def ulti_game(declarer=0, book="ultiblog"):
    """Table seat ``declarer``'s ulti in bells, the trump named: the play about to start."""
    game = won_by(declarer, "ulti", book)
    game.name_trump(BELLS)
    return game


def first_legal(game):
    return next(iter(cards_of(game.legal_cards())))


def a_card_of_the_declarer(game):
    """A card of his, whether or not it may be played now."""
    return next(iter(cards_of(game.end.hands[game.declarer])))


def play_to(game, cards, kontras=()):
    """Play first legal cards until ``cards`` are played, saying each of ``kontras`` at its moment."""
    pending = list(kontras)
    while True:
        while pending and pending[0].before == len(game.cards):
            game.say(pending.pop(0))
        if len(game.cards) == cards or game.phase != PLAY:
            break
        game.play(first_legal(game))
    assert not pending
    return game


def finish(game, kontras=()):
    return play_to(game, 30, kontras)


def k(seat, component, level, before, against=None):
    return KontraCall(seat, component, level, before, against)


def snapshot(game):
    return json.dumps(game_json(game, with_result=False)), game.phase


def refused(game, do, *args, rule, part, index):
    """``do(*args)`` is refused with a GameRuleError naming ``part``, ``index`` and ``rule``, and
    changes nothing."""
    before = snapshot(game)
    with pytest.raises(GameRuleError) as caught:
        do(*args)
    assert (caught.value.rule, caught.value.part, caught.value.index) == (rule, part, index), str(caught.value)
    assert snapshot(game) == before
    return caught.value


def said(game):
    return {component: pair for component, pair in game.kontra().levels}


# -- R46: the trump is named before the first lead ---------------------------------------------


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r46_the_declarer_names_the_trump_of_a_non_red_bid_before_his_first_lead(declarer):
    game = won_by(declarer, "ulti")
    assert game.phase == TRUMP and game.turn == declarer
    assert game.trump_choices() == (BELLS, LEAVES, ACORNS)
    refused(game, game.play, a_card_of_the_declarer(game), rule="R8", part="play", index=1)
    refused(game, game.say, k((declarer + 1) % 3, "ulti", 1, 0), rule="R48", part="kontra", index=0)
    refused(game, game.name_trump, HEARTS, rule="R29", part="trump", index=0)  # hearts only by a red bid
    refused(game, game.name_trump, None, rule="R29", part="trump", index=0)
    game.name_trump(ACORNS)
    assert (game.phase, game.trump, game.turn) == (PLAY, ACORNS, declarer)  # he leads (R8)
    refused(game, game.name_trump, BELLS, rule="R46", part="trump", index=0)  # named once


@pytest.mark.parametrize("words, trump", [("red ulti", HEARTS), ("betli", None), ("colorless durchmars", None)])
def test_r46_a_red_bid_plays_hearts_and_a_bid_without_trump_none_with_no_question_asked(words, trump):
    game = won_by(0, words)
    assert (game.phase, game.trump) == (PLAY, trump)
    refused(game, game.name_trump, trump, rule="R46", part="trump", index=0)


# -- R48: kontras in their moment -------------------------------------------------------------------


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r48_a_defender_says_his_kontras_on_his_turn_in_the_first_trick_before_his_card(declarer):
    game = ulti_game(declarer)
    first, second = (declarer + 1) % 3, (declarer + 2) % 3  # R5 seats 1 and 2
    assert game.legal_kontras() == []  # the declarer's lead comes first
    play_to(game, 1)
    assert game.turn == first
    assert game.legal_kontras() == [k(first, "party", 1, 1), k(first, "ulti", 1, 1)]
    game.say(k(first, "ulti", 1, 1))
    play_to(game, 2)
    assert game.turn == second and game.legal_kontras() == [k(second, "party", 1, 2)]  # ulti is kontra'd already
    game.say(k(second, "party", 1, 2))
    assert said(game) == {"party": (1, 1), "ulti": (1, 1)}


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r48_a_kontra_out_of_the_defender_s_turn_is_refused(declarer):
    game = ulti_game(declarer)
    first, second = (declarer + 1) % 3, (declarer + 2) % 3
    refused(game, game.say, k(first, "ulti", 1, 0), rule="R48", part="kontra", index=0)  # before the lead
    play_to(game, 1)
    refused(game, game.say, k(second, "ulti", 1, 1), rule="R48", part="kontra", index=0)  # not his turn yet
    play_to(game, 2)
    refused(game, game.say, k(first, "ulti", 1, 2), rule="R48", part="kontra", index=0)  # after his card
    refused(game, game.say, k(second, "ulti", 1, 1), rule="R48", part="kontra", index=0)  # not this moment
    play_to(game, 3)
    for seat in (first, second):  # a kontra (level 1) only in the first trick
        refused(game, game.say, k(seat, "ulti", 1, 3), rule="R48", part="kontra", index=0)
    assert game.legal_kontras() == []


def test_r48_the_declarer_says_no_kontra():
    game = play_to(ulti_game(0), 1)
    refused(game, game.say, k(0, "ulti", 1, 1), rule="R48", part="kontra", index=0)
    play_to(game, 3)
    refused(game, game.say, k(0, "ulti", 1, 3), rule="R48", part="kontra", index=0)


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r48_the_declarer_s_rekontra_at_the_start_of_the_second_trick(declarer):
    game = play_to(ulti_game(declarer), 1, [k((declarer + 1) % 3, "ulti", 1, 1)])
    refused(game, game.say, k(declarer, "ulti", 2, 1), rule="R48", part="kontra", index=1)  # not in the first trick
    play_to(game, 2)
    refused(game, game.say, k(declarer, "ulti", 2, 2), rule="R48", part="kontra", index=1)
    play_to(game, 3)
    assert k(declarer, "ulti", 2, 3) in game.legal_kontras()
    game.say(k(declarer, "ulti", 2, 3))
    assert said(game) == {"ulti": (2, 2)}


def test_r48_a_raise_after_the_second_trick_s_first_card_is_refused():
    game = play_to(ulti_game(0), 4, [k(1, "ulti", 1, 1)])
    refused(game, game.say, k(0, "ulti", 2, 4), rule="R48", part="kontra", index=1)
    assert game.legal_kontras() == []


def test_r48_each_level_by_its_own_side():
    game = play_to(ulti_game(0), 3, [k(1, "ulti", 1, 1)])
    refused(game, game.say, k(1, "ulti", 2, 3), rule="R48", part="kontra", index=1)  # rekontra: the declarer's
    refused(game, game.say, k(2, "ulti", 2, 3), rule="R48", part="kontra", index=1)
    game.say(k(0, "ulti", 2, 3))
    refused(game, game.say, k(0, "ulti", 3, 3), rule="R48", part="kontra", index=2)  # szubkontra: a defender's
    game.say(k(2, "ulti", 3, 3))  # either defender, for both: the kontra is joint (R37)
    refused(game, game.say, k(1, "ulti", 4, 3), rule="R48", part="kontra", index=3)  # hirschkontra: the declarer's
    game.say(k(0, "ulti", 4, 3))
    assert said(game) == {"ulti": (4, 4)}
    refused(game, game.say, k(1, "ulti", 5, 3), rule="R36", part="kontra", index=4)  # no level above 4


def test_r48_only_a_component_kontrad_is_raised_one_level_at_a_time():
    game = play_to(ulti_game(0), 3, [k(1, "ulti", 1, 1)])
    refused(game, game.say, k(0, "party", 2, 3), rule="R48", part="kontra", index=1)  # never kontra'd
    refused(game, game.say, k(1, "ulti", 3, 3), rule="R48", part="kontra", index=1)  # no rekontra yet
    refused(game, game.say, k(0, "ulti", 4, 3), rule="R48", part="kontra", index=1)


def test_r48_a_joint_kontra_is_said_once_by_either_defender_for_both():
    game = play_to(ulti_game(0), 2, [k(1, "ulti", 1, 1)])
    refused(game, game.say, k(2, "ulti", 1, 2), rule="R48", part="kontra", index=1)  # said for both already
    game.say(k(2, "party", 1, 2))  # the other defender may say what the first left
    assert said(game) == {"party": (1, 1), "ulti": (1, 1)}
    play_to(game, 3, [k(0, "ulti", 2, 3), k(1, "ulti", 3, 3)])
    refused(game, game.say, k(2, "ulti", 3, 3), rule="R48", part="kontra", index=4)  # szubkontra'd already


def test_r48_at_the_start_of_the_second_trick_they_speak_in_play_order_from_the_declarer():
    """The declarer's rekontras, then R5 seat 1's and R5 seat 2's szubkontras, then his hirschkontras."""
    kontras = [k(1, "party", 1, 1), k(1, "ulti", 1, 1)]
    order = [k(0, "party", 2, 3), k(0, "ulti", 2, 3), k(1, "party", 3, 3), k(2, "ulti", 3, 3), k(0, "party", 4, 3)]
    game = play_to(ulti_game(0), 3, kontras + order)
    assert said(game) == {"party": (4, 4), "ulti": (3, 3)}
    assert game.cards and game.turn == 1  # seat 1 won the first trick and leads the second: the order is the same
    for wrong in (
        [k(0, "party", 2, 3), k(1, "party", 3, 3), k(0, "ulti", 2, 3)],  # a rekontra after a szubkontra
        [k(0, "party", 2, 3), k(0, "ulti", 2, 3), k(2, "ulti", 3, 3), k(1, "party", 3, 3)],  # seat 2 before 1
        [k(0, "party", 2, 3), k(1, "party", 3, 3), k(0, "party", 4, 3), k(0, "ulti", 2, 3)],  # after a hirschkontra
    ):
        game = play_to(ulti_game(0), 3, kontras)
        for call in wrong[:-1]:
            game.say(call)
        refused(game, game.say, wrong[-1], rule="R48", part="kontra", index=len(kontras) + len(wrong) - 1)


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("words", ["betli", "colorless durchmars"])
def test_r37_r48_in_betli_and_colorless_durchmars_each_defender_kontras_for_himself(book, words):
    component = words.split()[-1]
    game = won_by(1, words, book)  # table seat 1 declares: seat 2 is R5 seat 1, seat 0 R5 seat 2
    play_to(game, 1)
    assert game.legal_kontras() == [k(2, component, 1, 1)]
    play_to(game, 3, [k(2, component, 1, 1), k(0, component, 1, 2)])  # each for himself, both allowed
    assert said(game) == {component: (1, 1)}
    legal = game.legal_kontras()
    assert k(1, component, 2, 3, against=2) in legal and k(1, component, 2, 3, against=0) in legal
    assert k(1, component, 2, 3) not in legal
    game.say(k(1, component, 2, 3, against=0))  # the declarer answers one defender, named
    refused(game, game.say, k(2, component, 3, 3), rule="R48", part="kontra", index=3)  # not rekontra'd against him
    game.say(k(0, component, 3, 3))
    game.say(k(1, component, 4, 3, against=0))
    assert said(game) == {component: (1, 4)}
    assert game.kontra().individual == (component,)


def test_r37_r48_the_declarer_s_answer_to_an_individual_kontra_names_its_defender():
    game = play_to(won_by(0, "betli"), 3, [k(1, "betli", 1, 1)])
    refused(game, game.say, k(0, "betli", 2, 3), rule="R37", part="kontra", index=1)  # whom does he answer?
    refused(game, game.say, k(0, "betli", 2, 3, against=0), rule="R37", part="kontra", index=1)  # himself
    refused(game, game.say, k(0, "betli", 2, 3, against=2), rule="R48", part="kontra", index=1)  # 2 said none
    refused(game, game.say, k(1, "betli", 3, 3, against=1), rule="R37", part="kontra", index=1)  # a defender's own
    game.say(k(0, "betli", 2, 3, against=1))
    assert said(game) == {"betli": (2, 0)}
    joint = play_to(ulti_game(0), 3, [k(1, "ulti", 1, 1)])
    refused(joint, joint.say, k(0, "ulti", 2, 3, against=1), rule="R37", part="kontra", index=1)  # for both


@pytest.mark.parametrize(
    "book, variants, individual",
    [
        ("ultiblog", (), ()),
        ("tournament", (), ()),
        ("rablo", (), ()),
        ("classic", (), ("durchmars",)),
        ("ultiblog", ("kontra-durchmars-individual",), ("durchmars",)),
    ],
)
def test_r37_a_durchmars_with_trump_is_individual_only_under_kontra_durchmars_individual(book, variants, individual):
    game = won_by(0, "ulti durchmars", book, variants)
    game.name_trump(LEAVES)
    assert game.kontra().individual == individual
    if individual:  # the durchmars is each defender's own, the ulti still joint
        play_to(game, 3, [k(1, "ulti", 1, 1), k(1, "durchmars", 1, 1), k(2, "durchmars", 1, 2)])
        assert said(game) == {"ulti": (1, 1), "durchmars": (1, 1)}
        refused(game, game.say, k(0, "ulti", 2, 3, against=1), rule="R37", part="kontra", index=3)
        game.say(k(0, "ulti", 2, 3))
        game.say(k(0, "durchmars", 2, 3, against=2))
        assert said(game) == {"ulti": (2, 2), "durchmars": (1, 2)}
    else:
        play_to(game, 2, [k(1, "durchmars", 1, 1)])
        refused(game, game.say, k(2, "durchmars", 1, 2), rule="R48", part="kontra", index=1)  # said for both
        play_to(game, 3)
        refused(game, game.say, k(0, "durchmars", 2, 3, against=1), rule="R37", part="kontra", index=1)
        game.say(k(0, "durchmars", 2, 3))
        assert said(game) == {"durchmars": (2, 2)}


def test_r36_r48_a_kontra_on_no_component_of_the_bid_or_at_no_level_is_refused():
    game = play_to(ulti_game(0), 1)
    for component in ("betli", "40-100", "all", "foo"):
        refused(game, game.say, k(1, component, 1, 1), rule="R36", part="kontra", index=0)
    refused(game, game.say, k(1, "ulti", 0, 1), rule="R36", part="kontra", index=0)
    betli = play_to(won_by(0, "betli"), 1)
    refused(betli, betli.say, k(1, "party", 1, 1), rule="R36", part="kontra", index=0)


def test_r48_a_kontra_is_said_at_the_moment_it_names():
    game = play_to(ulti_game(0), 2)
    refused(game, game.say, k(2, "ulti", 1, 3), rule="R48", part="kontra", index=0)  # three were not played yet
    refused(game, game.say, k(1, "ulti", 1, 1), rule="R48", part="kontra", index=0)  # two were


def test_r48_kontras_are_said_only_in_a_game_being_played():
    game = won_by(0, "party")
    assert game.phase == THROW_IN and game.legal_kontras() == []
    refused(game, game.say, k(1, "party", 1, 0), rule="R48", part="kontra", index=0)
    game.throw_in(True)
    refused(game, game.say, k(1, "party", 1, 0), rule="R48", part="kontra", index=0)
    conceded = play_to(ulti_game(0), 1)
    conceded.concede()
    assert conceded.legal_kontras() == []
    refused(conceded, conceded.say, k(1, "ulti", 1, 1), rule="R48", part="kontra", index=0)
    over = finish(ulti_game(0))
    refused(over, over.say, k(1, "ulti", 1, 30), rule="R48", part="kontra", index=0)


def test_r48_what_was_said_is_known_to_all_in_the_record():
    game = finish(won_by(2, "betli", "classic"), [k(0, "betli", 1, 1), k(2, "betli", 2, 3, against=0)])
    record = game_json(game)
    assert record["kontra"] == [
        {"seat": 0, "component": "betli", "level": 1, "before": 1},
        {"seat": 2, "component": "betli", "level": 2, "before": 3, "against": 0},
    ]
    assert record["result"]["kontra"] == {"betli": [2, 0]}  # R5 seats: table seat 0 is R5 seat 1


# -- R49: conceding, and the throw-in ----------------------------------------------------------------

#: The ulti's kontras: R5 seat 1 kontras the ulti, R5 seat 2 the party, the declarer rekontras the ulti.
ULTI_KONTRAS = [k(1, "ulti", 1, 1), k(2, "party", 1, 2), k(0, "ulti", 2, 3)]


@pytest.mark.parametrize(
    "cards, pays",
    [
        (0, 1 * 2 + 4 * 2),  # R39: each component's won value times 2^(L+1): party 1, ulti 4 (classic)
        (1, 1 * 2 + 4 * 4),  # the ulti kontra'd before seat 1's card
        (2, 1 * 4 + 4 * 4),  # the party too
        (3, 1 * 4 + 4 * 8),  # the ulti rekontra'd at the start of the second trick
        (17, 1 * 4 + 4 * 8),
        (29, 1 * 4 + 4 * 8),
    ],
)
def test_r39_r49_the_declarer_may_concede_at_any_moment_and_pays_with_the_kontras_said(cards, pays):
    game = play_to(ulti_game(0), cards, [call for call in ULTI_KONTRAS if call.before <= cards])
    game.concede()
    assert game.phase == OVER and game.conceded_at == cards
    result = game.result()
    assert result.by_seat == (-2 * pays, pays, pays)
    assert result.settlement == concede("ulti", "bells", kontra=game.kontra())
    refused(game, game.play, parse_card("BA"), rule="R8", part="play", index=cards + 1)
    refused(game, game.concede, rule="R39", part="concede", index=cards)
    assert game_json(game)["concede"] == cards


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r39_r49_a_concession_before_the_trump_is_named_pays_the_bid_uncoloured(declarer):
    game = won_by(declarer, "ulti")
    game.concede()
    expected = [10, 10, 10]
    expected[declarer] = -20  # party 1 and ulti 4, each doubled (R39), from each defender
    assert game.phase == OVER and game.trump is None and game.result().by_seat == tuple(expected)


def test_r39_no_concession_outside_the_game_played():
    game = Game(DEAL)
    refused(game, game.concede, rule="R39", part="concede", index=0)
    over = finish(ulti_game(0))
    refused(over, over.concede, rule="R39", part="concede", index=30)


@pytest.mark.parametrize(
    "book, result, void",
    [
        ("ultiblog", (-4, 2, 2), False),  # a conceded party: 2 each (R39)
        ("classic", (-4, 2, 2), False),
        ("tournament", (-4, 2, 2), False),
        ("rablo", (0, 0, 0), True),  # the deal is void: "új leosztás lesz"
    ],
)
def test_r49_table_seat_0_s_first_plain_party_standing_may_be_thrown_in(book, result, void):
    game = won_by(0, "party", book)
    assert game.phase == THROW_IN and game.turn == 0 and game.declarer == 0
    refused(game, game.name_trump, BELLS, rule="R46", part="trump", index=0)
    refused(game, game.concede, rule="R39", part="concede", index=0)
    game.throw_in(True)
    assert game.phase == OVER and game.result().by_seat == result and game.result().void == void
    record = game_json(game)
    assert (record["throw_in"], record["trump"], record["kontra"], record["play"]) == (True, None, [], [])
    assert record["result"]["by_seat"] == list(result)
    refused(game, game.throw_in, False, rule="R49", part="throw-in", index=0)


@pytest.mark.parametrize("book", BOOKS)
def test_r49_a_party_not_thrown_in_is_played(book):
    game = won_by(0, "party", book)
    game.throw_in(False)
    assert game.phase == TRUMP
    game.name_trump(BELLS)
    finish(game)
    assert sum(game.result().by_seat) == 0 and not game.result().thrown_in


@pytest.mark.parametrize("book", BOOKS)
def test_r49_no_throw_in_but_for_table_seat_0_s_first_plain_party_standing(book):
    for game in (
        won_by(0, "red party", book),
        won_by(1, "ulti", book),  # seat 0 opened with the party, seat 1 outbid it
        won_by(0, "ulti", book),
    ):
        assert game.phase != THROW_IN
        refused(game, game.throw_in, True, rule="R49", part="throw-in", index=0)
    robbed = Game(DEAL, rules=make_rules(book))
    robbed.bid_action(AuctionAction(0, BID, parse_bid("party"), (B7, B8)))
    robbed.bid_action(AuctionAction(1, PASS))
    robbed.bid_action(AuctionAction(2, PASS))
    robbed.bid_action(AuctionAction(0, PICK_UP, parse_bid("ulti"), (B7, B8)))  # his own talon robbed
    for seat in (1, 2, 0):
        robbed.bid_action(AuctionAction(seat, PASS))
    assert robbed.phase == TRUMP
    refused(robbed, robbed.throw_in, True, rule="R49", part="throw-in", index=0)


@pytest.mark.parametrize("book", ["ultiblog", "rablo"])
def test_r49_a_throw_in_under_suit_values_is_priced_as_the_auction_offered_it(book):
    game = won_by(0, "party", book, ["suit-values"])
    offered = game.end.throw_in
    game.throw_in(True)
    assert game.result().by_seat == (-2 * offered.pays, offered.pays, offered.pays)


def test_r39_a_concession_before_the_trump_under_suit_values_is_priced_by_red_s_doubling():
    game = won_by(0, "ulti", "ultiblog", ["suit-values"])
    game.concede()
    assert game.result().by_seat == (-20, 10, 10)  # party 1 and ulti 4, doubled (R39)
    named = won_by(0, "ulti", "ultiblog", ["suit-values"])
    named.name_trump(BELLS)
    named.concede()
    assert named.result().by_seat == (-60, 30, 30)  # named, bells multiply by 3 (R39, suit-values)


# -- R50: results by seat ----------------------------------------------------------------------------


def test_r50_a_finished_game_pays_per_r30_r39_by_table_seat():
    """The red ulti of RED_ULTI_PLAY: the party won with the declarer's silent 100 (90 in tricks and
    his 40 in hearts: the party is not paid, R33), the ulti lost (the seven left in the eighth
    trick, R19), the silent durchmars; red doubles everything."""
    game = finish(won_by(0, "red ulti"))
    assert game_json(game)["play"] == RED_ULTI_PLAY
    assert game.result().by_seat == (-12, 6, 6)  # -16 + 4 + 6 per defender
    assert game.result().settlement == settle(
        "red ulti", "hearts", made="party", silent="declarer-100 durchmars", kontra=Kontra()
    )


def test_r50_a_finished_game_with_kontras_pays_per_r38():
    game = finish(won_by(0, "red ulti"), [k(1, "ulti", 1, 1), k(0, "ulti", 2, 3)])
    # The rekontra'd red ulti lost: its 8 times 4, plus the "once more" 8 unmultiplied (R38); the
    # silent items go by the party's level, 0.
    assert game.result().by_seat == (-60, 30, 30)  # -(8 * 4 + 8) + 4 + 6 per defender
    assert game.result().settlement == settle(
        "red ulti", "hearts", made="party", silent="declarer-100 durchmars", kontra="ulti=2"
    )


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r50_the_declarer_receives_s1_plus_s2_and_r5_seat_k_pays_s_k(declarer):
    """A betli with individual kontras (R37): R5 seat 1 kontras, the declarer rekontras him."""
    first, second = (declarer + 1) % 3, (declarer + 2) % 3
    game = finish(won_by(declarer, "betli", "classic"), [k(first, "betli", 1, 1), k(declarer, "betli", 2, 3, first)])
    settlement = game.result().settlement
    made = settlement.items[0].made
    assert settlement == settle("betli", None, made="betli" if made else "-", kontra="1:betli=2", rules="classic")
    s1, s2 = (20, 5) if made else (-20, -5)  # betli 5, R5 seat 1's times 4
    expected = [0, 0, 0]
    expected[declarer], expected[first], expected[second] = s1 + s2, -s1, -s2
    assert game.result().by_seat == tuple(expected) and sum(expected) == 0


def test_r50_the_betli_of_table_seat_2_on_the_deal_is_made():
    game = finish(won_by(2, "betli", "classic"), [k(0, "betli", 1, 1), k(2, "betli", 2, 3, against=0)])
    assert game.result().by_seat == (-20, -5, 25)


# -- broken records: the part, the index and the rule --------------------------------------------


def record_of(game):
    return json.loads(json.dumps(game_json(game)))


def broken(record, rule, part, index):
    with pytest.raises(GameRuleError) as caught:
        game_from_json(record)
    assert (caught.value.rule, caught.value.part, caught.value.index) == (rule, part, index), str(caught.value)
    return caught.value


@pytest.fixture(scope="module")
def records():
    """A few finished games as records: seat 0's ulti in bells, seat 2's betli with kontras,
    seat 0's red ulti."""
    return {
        "ulti": record_of(finish(ulti_game(0), ULTI_KONTRAS)),
        "betli": record_of(finish(won_by(2, "betli", "classic"), [k(0, "betli", 1, 1), k(2, "betli", 2, 3, 0)])),
        "red ulti": record_of(finish(won_by(0, "red ulti"))),
    }


def test_a_record_reads_back_as_the_game_it_records(records):
    for record in records.values():
        assert game_json(game_from_json(record)) == record
        assert game_json(read_json_record(json.dumps(record))) == record


def changed(record, **fields):
    return {**json.loads(json.dumps(record)), **fields}


def with_card(record, number, card):
    play = list(record["play"])
    play[number - 1] = card
    return changed(record, play=play)


def test_r9_r10_r11_r12_r6_a_card_the_rules_refuse_names_its_number_and_rule(records):
    # betli of seat 2: LT led; seat 0 (no leaves) H7; seat 1 holds leaves and must beat the ten (R3 order)
    broken(with_card(records["betli"], 3, "BO"), "R9", "play", 3)
    broken(with_card(records["betli"], 3, "L7"), "R11", "play", 3)
    # ulti in bells of seat 0: H7 led; seat 1 has no hearts and must trump
    broken(with_card(records["ulti"], 2, "L7"), "R10", "play", 2)
    broken(with_card(records["red ulti"], 1, "H7"), "R12", "play", 1)  # the trump seven kept
    broken(with_card(records["red ulti"], 1, "BA"), "R6", "play", 1)  # not his card
    broken(with_card(records["red ulti"], 4, "XX"), "R1", "play", 4)


def test_r8_a_play_that_stops_or_goes_on_past_ten_tricks(records):
    record = records["ulti"]
    broken(changed(record, play=record["play"][:29]), "R8", "play", 29)
    broken(changed(record, play=record["play"] + ["HA"]), "R8", "play", 31)
    broken(changed(record, play=[], kontra=[]), "R8", "play", 0)


def test_r46_a_record_s_declarer_and_bid_are_what_the_auction_fixed(records):
    broken(changed(records["betli"], declarer=1), "R46", "record", None)
    broken(changed(records["betli"], declarer="2"), "R46", "record", None)
    broken(changed(records["ulti"], declarer=False), "R46", "record", None)  # a table seat is 0, 1 or 2
    broken(changed(records["ulti"], declarer=0.0), "R46", "record", None)
    broken(changed(records["betli"], bid="red betli"), "R46", "record", None)
    broken(changed(records["betli"], bid="betli ulti"), "R46", "record", None)
    broken(changed(records["ulti"], auction=records["ulti"]["auction"][:-1]), "R46", "auction", 3)
    auction = records["ulti"]["auction"]
    broken(changed(records["ulti"], auction=auction[:1] + auction[2:]), "R46", "auction", 1)  # seat 2 out of turn


def test_r29_the_trump_of_a_record(records):
    broken(changed(records["ulti"], trump="hearts"), "R29", "trump", 0)
    broken(changed(records["ulti"], trump=None), "R29", "trump", 0)
    broken(changed(records["red ulti"], trump="bells"), "R29", "trump", 0)
    broken(changed(records["betli"], trump="acorns"), "R29", "trump", 0)


def test_r48_a_record_s_kontras(records):
    record = records["ulti"]
    kontras = record["kontra"]
    broken(changed(record, kontra=[{**kontras[0], "before": 2}] + kontras[1:]), "R48", "kontra", 0)
    broken(changed(record, kontra=[kontras[1], kontras[0]] + kontras[2:]), "R48", "kontra", 1)  # out of order
    broken(changed(record, kontra=kontras[:2] + [{**kontras[2], "seat": 1}]), "R48", "kontra", 2)
    broken(changed(record, kontra=kontras + [{**kontras[2], "before": 31}]), "R48", "kontra", 3)
    broken(changed(record, kontra=[{**kontras[0], "component": "betli"}]), "R36", "kontra", 0)
    broken(changed(record, kontra=[{"seat": 1, "component": "ulti", "level": 1}]), "R48", "kontra", 0)
    cut = changed(record, play=record["play"][:2], concede=2)
    broken(cut, "R48", "kontra", 2)  # the rekontra said with 3 played, but the play stops at 2
    betli = records["betli"]
    broken(changed(betli, kontra=[betli["kontra"][0], {**betli["kontra"][1], "against": None}]), "R37", "kontra", 1)


def test_r39_r49_a_record_s_concession_and_throw_in(records):
    record = records["ulti"]
    broken(changed(record, concede=12), "R39", "concede", 0)
    broken(changed(record, concede="yes"), "R39", "concede", 0)
    broken(changed(record, throw_in=True), "R49", "throw-in", 0)
    thrown = record_of(thrown_in_party())
    broken(changed(thrown, trump="bells"), "R49", "throw-in", 0)
    broken(changed(thrown, throw_in="yes"), "R49", "throw-in", 0)
    conceded = changed(record, play=record["play"][:5], concede=5)
    assert game_from_json(conceded).result().by_seat == (-72, 36, 36)  # party 4, ulti 32 (R39)


def thrown_in_party():
    game = won_by(0, "party")
    game.throw_in(True)
    return game


def test_r45_r7_a_record_s_deal_and_rules(records):
    record = records["ulti"]
    broken(changed(record, deal=str(DEAL.discard(B7, B8))), "R45", "record", None)
    broken(changed(record, deal="AA"), "R7", "record", None)
    broken(changed(record, rules="hungarian"), "R45", "record", None)
    with pytest.raises(GameRuleError) as caught:
        read_json_record("{not json")
    assert caught.value.rule == "R45"


# -- random legal whole games ----------------------------------------------------------------------


@st.composite
def whole_games(draw):
    """A whole game, under any rulebook, variants and value table, played to its end with legal
    actions chosen by hypothesis: the auction, the throw-in, the trump, kontras from
    legal_kontras(), cards from legal_cards(), now and then a concession.  Shrinks toward the
    lowest bids and cards, no kontra and no concession."""
    book = draw(st.sampled_from(BOOKS))
    variants = draw(st.lists(st.sampled_from(sorted(VARIANTS)), max_size=2, unique=True))
    rules = make_rules(book, variants, draw(st.sampled_from([None, *VALUE_TABLES])))
    order = draw(st.permutations(list(range(32))))
    game = Game(Deal((hand_of(order[:12]), hand_of(order[12:22]), hand_of(order[22:])), None), rules=rules)
    auction = game.auction
    for _ in range(draw(st.integers(1, 9))):  # table seat 0 opens
        if game.phase != AUCTION:
            break
        kind = draw(st.sampled_from(auction.legal_kinds()))
        if kind == PASS:
            game.bid_action(AuctionAction(game.turn, PASS))
            continue
        bids = auction.legal_bids()
        bid = bids[draw(st.one_of(st.just(0), st.integers(0, len(bids) - 1)))]  # often the lowest
        discard = None
        if kind == PICK_UP or not auction.actions:
            pool = list(cards_of(auction.discard_pool(kind)))
            discard = tuple(draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True)))
        game.bid_action(AuctionAction(game.turn, kind, bid, discard))
    for _ in range(3):  # passes end it: the standing bidder's comes within three
        if game.phase == AUCTION:
            game.bid_action(AuctionAction(game.turn, PASS))
    assert game.phase != AUCTION
    if game.phase == THROW_IN:
        game.throw_in(draw(st.booleans()))
    if game.phase == TRUMP:
        if draw(st.integers(0, 15)) == 7:  # not an end of the range: hypothesis likes those
            game.concede()
        else:
            game.name_trump(draw(st.sampled_from(game.trump_choices())))
    for _ in range(31):
        if game.phase != PLAY:
            break
        while draw(st.booleans()):
            calls = game.legal_kontras()
            if not calls:
                break
            game.say(calls[draw(st.integers(0, len(calls) - 1))])
        if draw(st.integers(0, 59)) == 30:
            game.concede()
            break
        legal = list(cards_of(game.legal_cards()))
        assert legal
        game.play(legal[draw(st.integers(0, len(legal) - 1))])
    return game


@settings(max_examples=40, deadline=None)
@given(whole_games())
def test_r50_a_random_legal_whole_game_ends_and_its_results_add_to_zero(game):
    assert game.phase == OVER and game.turn is None and len(game.cards) <= 30
    result = game.result()
    assert sum(result.by_seat) == 0
    if result.void:
        assert result.by_seat == (0, 0, 0) and game.rules.book == "rablo" and game.thrown_in
        return
    settlement = result.settlement
    assert result.by_seat[game.declarer] == settlement.declarer_total
    assert [result.by_seat[(game.declarer + r5) % 3] for r5 in (1, 2)] == [-s for s in settlement.by_defender]
    if game.conceded_at is not None or game.thrown_in:
        if game.trump is not None or not game.bid.has_trump:
            priced = concede(game.bid, game.trump, kontra=game.kontra(), rules=game.rules)
        else:  # no trump was named: red's doubling, whatever suit-values says (R39, R49)
            priced = concede(game.bid, None, game.rules.value_table)
        assert settlement.by_defender == priced.by_defender
    else:
        assert len(game.cards) == 30 and settlement.kontra == game.kontra()


@settings(max_examples=40, deadline=None)
@given(whole_games())
def test_a_random_game_s_record_reads_back_to_the_same_bytes(game):
    text = json.dumps(game_json(game))
    again = game_from_json(json.loads(text))
    assert json.dumps(game_json(again)) == text
    assert json.dumps(game_json(read_json_record(text))) == text
