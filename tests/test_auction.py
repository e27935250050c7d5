"""The referee's auction (R45-R47, R49): one test per sentence of the rules, property tests of
random legal auctions, and a differential test against tests/auction_plain.py."""

from __future__ import annotations

import ast
import itertools
import random
from pathlib import Path

import pytest
from auction_plain import plain_auction
from hypothesis import given, settings
from hypothesis import strategies as st

from ulti_solver.bids import EVERY_BID, Bid, parse_bid
from ulti_solver.cards import cards_of, hand_of, parse_card
from ulti_solver.deal import Deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction, AuctionError
from ulti_solver.game.auction import Auction, ThrowIn
from ulti_solver.game.ranking import bid_order
from ulti_solver.variants import RULEBOOKS, make_rules

BOOKS = list(RULEBOOKS)
#: Table seat 0 holds hearts and four bells (H7..HA, B7 B8 B9 BU), seat 1 the rest of the bells
#: and six leaves, seat 2 the rest (R45: 12, 10, 10).
DEAL = Deal((hand_of(range(12)), hand_of(range(12, 22)), hand_of(range(22, 32))), None)
H7, H8, H9, B7, L9 = (parse_card(name) for name in ("H7", "H8", "H9", "B7", "L9"))


def auction(book="ultiblog", deal=DEAL):
    return Auction(deal, rules=make_rules(book))


def bid(seat, words, discard=None):
    return AuctionAction(seat, BID, parse_bid(words), discard)


def pick_up(seat, words, discard):
    return AuctionAction(seat, PICK_UP, parse_bid(words), discard)


def passes(seat):
    return AuctionAction(seat, PASS)


def play(a, *actions):
    for action in actions:
        a.apply(action)
    return a


def refused(a, action, rule):
    before = (list(a.hands), a.talon, a.turn, a.standing, len(a.actions))
    with pytest.raises(AuctionError) as caught:
        a.apply(action)
    assert caught.value.rule == rule and caught.value.index == len(a.actions)
    assert f"auction action {len(a.actions)}" in str(caught.value) and f"({rule})" in str(caught.value)
    assert (list(a.hands), a.talon, a.turn, a.standing, len(a.actions)) == before  # nothing changed
    return caught.value


# -- R45 table seats ---------------------------------------------------------------------------


def test_r45_table_seat_0_holds_twelve_and_is_first_to_bid():
    a = auction()
    assert [h.bit_count() for h in a.hands] == [12, 10, 10] and a.turn == 0
    refused(a, passes(1), "R46")


def test_r45_an_auction_starts_before_the_discard():
    with pytest.raises(AuctionError) as caught:
        Auction(DEAL.discard(H7, H8))
    assert caught.value.rule == "R45"


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_r45_r5_seats_are_counted_from_the_declarer(declarer):
    a = auction("rablo")
    play(a, bid(0, "party", (H7, H8)))
    for seat in (1, 2)[: declarer or 2]:
        play(a, bid(seat, ["40-100", "ulti"][seat - 1]) if seat <= declarer else passes(seat))
    while not a.over:
        play(a, passes(a.turn))
    end = a.end()
    assert end.declarer == declarer
    assert end.seats == tuple((declarer + k) % 3 for k in range(3))
    assert [end.r5_seat(seat) for seat in end.seats] == [0, 1, 2]
    deal = end.deal()
    assert deal.hands == tuple(end.hands[seat] for seat in end.seats) and deal.talon == hand_of([H7, H8])


# -- R46 the auction ---------------------------------------------------------------------------


def test_r46_seat_0_lays_two_of_his_twelve_and_must_bid():
    a = auction()
    assert a.legal_kinds() == (BID,)
    refused(a, passes(0), "R46")
    refused(a, pick_up(0, "party", (H7, H8)), "R46")
    refused(a, bid(0, "party"), "R46")  # no cards laid
    refused(a, bid(0, "party", (H7, H7)), "R46")
    refused(a, bid(0, "party", (H7, L9)), "R46")  # not his card
    play(a, bid(0, "party", (H7, H8)))
    assert a.hands[0].bit_count() == 10 and a.talon == hand_of([H7, H8]) and a.turn == 1


@pytest.mark.parametrize("book", BOOKS)
def test_r46_the_first_bid_may_be_the_plain_party_the_lowest(book):
    a = play(auction(book), bid(0, "party", (H7, H8)))
    assert a.standing == (0, parse_bid("party")) and a.order.bids[0] == parse_bid("party")


def test_r46_the_turn_goes_round_in_play_order():
    a = play(auction(), bid(0, "party", (H7, H8)))
    refused(a, passes(2), "R46")
    play(a, passes(1))
    refused(a, passes(0), "R46")
    play(a, passes(2))
    assert a.turn == 0


def test_r46_a_pick_up_takes_the_talon_and_lays_two_of_twelve_and_he_alone_sees_it():
    a = play(auction(), bid(0, "party", (H7, H8)))
    refused(a, pick_up(1, "ulti", (H7, B7)), "R46")  # B7 is seat 0's, not among seat 1's twelve
    play(a, pick_up(1, "ulti", (H7, L9)))
    assert a.hands[1] & hand_of([H8]) and not a.hands[1] & hand_of([H7, L9])
    assert a.talon == hand_of([H7, L9]) and [h.bit_count() for h in a.hands] == [10, 10, 10]
    assert a.seen(1) & hand_of([H7, H8]) == hand_of([H7, H8])  # a picked-up talon is seen
    assert not a.seen(2) & hand_of([H7, H8, L9])  # a card laid down is never shown
    assert a.knows_talon(1) and not a.knows_talon(0) and not a.knows_talon(2)


def test_r46_a_pick_up_must_beat_the_standing_bid():
    a = play(auction(), bid(0, "ulti", (H7, H8)))
    refused(a, pick_up(1, "40-100", (H7, L9)), "R47")
    refused(a, pick_up(1, "four-aces", (H7, L9)), "R47")


def test_r46_a_pass_is_not_final():
    a = play(auction(), bid(0, "party", (H7, H8)), passes(1), pick_up(2, "ulti", (H8, H7)), passes(0))
    play(a, pick_up(1, "betli", (H7, H8)))
    assert a.standing == (1, parse_bid("betli")) and not a.over


@pytest.mark.parametrize("book", ["ultiblog", "classic", "tournament"])
def test_r46_only_under_rablo_a_bid_without_the_talon(book):
    a = play(auction(book), bid(0, "party", (H7, H8)))
    assert BID not in a.legal_kinds()
    refused(a, bid(1, "ulti"), "R46")


def test_r46_under_rablo_a_bid_leaves_the_talon_as_it_lies():
    a = play(auction("rablo"), bid(0, "party", (H7, H8)))
    hand = a.hands[1]
    refused(a, bid(1, "ulti", (L9, parse_card("LT"))), "R46")  # no cards are laid without the talon
    play(a, bid(1, "ulti"))
    assert a.hands[1] == hand and a.talon == hand_of([H7, H8]) and a.knows_talon(0)
    assert a.standing == (1, parse_bid("ulti")) and a.turn == 2


def test_r46_self_robbing_when_both_others_passed():
    a = play(auction(), bid(0, "party", (H7, H8)), passes(1), passes(2))
    assert a.turn == 0 and a.legal_kinds() == (PASS, PICK_UP)
    refused(a, pick_up(0, "party", (H7, H8)), "R47")  # higher only
    play(a, pick_up(0, "ulti", (H8, H9)))
    assert a.standing == (0, parse_bid("ulti")) and a.turn == 1 and not a.over  # the auction goes on
    assert a.hands[0] & hand_of([H7]) and a.talon == hand_of([H8, H9])


def test_r46_self_robbing_under_rablo_without_taking_the_talon():
    a = play(auction("rablo"), bid(0, "party", (H7, H8)), passes(1), passes(2), bid(0, "betli"))
    assert a.talon == hand_of([H7, H8]) and a.turn == 1


def test_r46_the_standing_bidder_s_pass_ends_it_and_the_talon_lying_is_the_talon():
    a = play(auction(), bid(0, "party", (H7, H8)), pick_up(1, "ulti", (H7, L9)), passes(2), passes(0))
    with pytest.raises(AuctionError):
        a.end()  # not over: seat 1 may still rob his own talon
    play(a, passes(1))
    end = a.end()
    assert (end.declarer, str(end.bid), end.talon, end.throw_in) == (1, "ulti", hand_of([H7, L9]), None)
    assert [h.bit_count() for h in end.hands] == [10, 10, 10]
    refused(a, passes(2), "R46")
    assert a.legal_kinds() == () and list(a.legal_actions()) == []


def test_r46_with_the_highest_bid_standing_only_a_pass_is_left():
    top = bid_order(rules=make_rules("ultiblog")).bids[-1]
    a = play(auction(), AuctionAction(0, BID, top, (H7, H8)))
    assert a.legal_kinds() == (PASS,) and list(a.legal_actions()) == [passes(1)]


# -- R47 in the auction --------------------------------------------------------------------------


def test_r47_classic_and_tournament_say_only_their_table_s_bids():
    refused(auction("classic"), bid(0, "four-aces", (H7, H8)), "R47")
    play(auction("tournament"), bid(0, "four-aces", (H7, H8)))
    refused(auction("tournament"), bid(0, "20-100 four-aces", (H7, H8)), "R47")


def test_r47_ultiblog_20_100_over_40_100_ulti_and_not_under_rablo():
    play(auction("ultiblog"), bid(0, "40-100 ulti", (H7, H8)), pick_up(1, "20-100", (H7, H8)))
    refused(play(auction("rablo"), bid(0, "40-100 ulti", (H7, H8))), pick_up(1, "20-100", (H7, H8)), "R47")


# -- R49 throw-in --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "book, throw_in",
    [
        ("ultiblog", ThrowIn(False, 2)),
        ("classic", ThrowIn(False, 2)),
        ("tournament", ThrowIn(False, 2)),
        ("rablo", ThrowIn(True, 0)),
    ],
)
def test_r49_seat_0_s_first_plain_party_standing_may_be_thrown_in(book, throw_in):
    a = play(auction(book), bid(0, "party", (H7, H8)), passes(1), passes(2), passes(0))
    assert a.end().throw_in == throw_in


def test_r49_no_throw_in_after_another_bid_or_a_red_party():
    red = play(auction(), bid(0, "red party", (H7, H8)), passes(1), passes(2), passes(0))
    assert red.end().throw_in is None
    robbed = play(auction(), bid(0, "party", (H7, H8)), passes(1), passes(2), pick_up(0, "ulti", (H7, H8)))
    play(robbed, passes(1), passes(2), passes(0))
    assert robbed.end().throw_in is None


def test_r49_the_throw_in_under_suit_values_is_the_party_doubled_without_a_trump():
    a = Auction(DEAL, rules=make_rules("ultiblog", ["suit-values"]))
    play(a, bid(0, "party", (H7, H8)), passes(1), passes(2), passes(0))
    assert a.end().throw_in == ThrowIn(False, 2)


def test_r46_r47_an_action_that_is_no_action_or_says_no_r28_bid_is_refused():
    a = play(auction(), bid(0, "party", (H7, H8)))
    assert "one of pass, pick-up, bid" in str(refused(a, AuctionAction(1, "fold"), "R46"))
    refused(a, AuctionAction(1, PICK_UP, "ulti", (H7, L9)), "R46")  # text is read at the edge only
    not_r28 = Bid(frozenset({"betli", "ulti"}))
    refused(a, AuctionAction(1, PICK_UP, not_r28, (H7, L9)), "R47")


# -- the actions at the edge ----------------------------------------------------------------------


def test_an_action_reads_back_from_its_record_form():
    for action in (passes(2), bid(0, "red 40-100 ulti", (H7, L9)), pick_up(1, "open betli", (B7, H9))):
        assert AuctionAction.from_json(action.as_json()) == action


@pytest.mark.parametrize(
    "entry",
    [
        [],
        {"seat": 3, "action": "pass"},
        {"seat": 0, "action": "fold"},
        {"seat": 0, "action": "bid", "bid": "pass ulti 40"},
        {"seat": 1, "action": "pick-up", "bid": "ulti", "discard": ["H7"]},
        {"seat": 1, "action": "pick-up", "bid": "ulti", "discard": ["H7", 3]},
    ],
)
def test_a_broken_record_entry_is_an_error_naming_its_index_and_rule(entry):
    with pytest.raises(AuctionError) as caught:
        AuctionAction.from_json(entry, 4)
    assert caught.value.rule == "R46" and "auction action 4" in str(caught.value)


def test_the_game_package_imports_no_command_line_and_no_output():
    package = Path(__file__).resolve().parent.parent / "ulti_solver" / "game"
    for path in package.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 500, path.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            for name in names:
                assert not name.startswith(("click", "..cli", "..render", "ulti_solver.cli", "ulti_solver.render")), (
                    path.name,
                    name,
                )


# -- random auctions: properties and the differential test ---------------------------------------


def random_deal(rng) -> Deal:
    cards = list(range(32))
    rng.shuffle(cards)
    return Deal((hand_of(cards[:12]), hand_of(cards[12:22]), hand_of(cards[22:])), None)


def propose(a: Auction, rng, noise: float) -> AuctionAction:
    """An action for the auction's moment: mostly a sensible one, with ``noise`` a random one."""
    if rng.random() < noise:
        kind = rng.choice((PASS, PICK_UP, BID))
        discard = tuple(rng.sample(range(32), 2)) if rng.random() < 0.7 else None
        said = rng.choice(EVERY_BID) if kind != PASS or rng.random() < 0.1 else None
        return AuctionAction(rng.choice((a.turn, a.turn, rng.randrange(3))), kind, said, discard)
    kind = rng.choice((PASS, PASS, PICK_UP, BID)) if a.actions else BID
    if kind == PASS:
        return AuctionAction(a.turn, PASS)
    pool = a.hands[a.turn] | (a.talon or 0) if kind == PICK_UP else a.hands[a.turn]
    discard = tuple(rng.sample(list(cards_of(pool)), 2)) if kind == PICK_UP or not a.actions else None
    over = [b for b in EVERY_BID if a.standing is None or a.order.beats(b, a.standing[1])] or list(EVERY_BID)
    return AuctionAction(a.turn, kind, rng.choice(over[: 1 + int(rng.expovariate(0.3))]), discard)


def end_tuple(a: Auction):
    end = a.end()
    throw_in = None if end.throw_in is None else "void" if end.throw_in.void else end.throw_in.pays
    return (end.declarer, end.bid, end.talon, end.hands, throw_in)


def differential(book: str, seed: int, count: int) -> int:
    """Run ``count`` random auctions through the referee and the plain implementation, action by
    action, and assert that they accept the same actions and end alike; the ends reached."""
    rng, rules, ended = random.Random(seed), make_rules(book), 0
    for _ in range(count):
        deal = random_deal(rng)
        a, said = Auction(deal, rules=rules), []
        for _step in range(120):
            action = propose(a, rng, noise=0.15)
            try:
                a.apply(action)
                accepted = True
            except AuctionError:
                accepted = False
            tried = said + [(action.seat, action.kind, action.bid, action.discard)]
            plain_count, plain_end = plain_auction(book, deal.hands, tried)
            assert (plain_count == len(tried)) == accepted, (book, [str(x) for x in a.actions], str(action))
            if accepted:
                said = tried
            if a.over:
                assert plain_end == end_tuple(a)
                ended += 1
                break
            assert plain_end is None
    return ended


@pytest.mark.parametrize("book", BOOKS)
def test_the_referee_agrees_with_the_plain_auction_on_random_auctions(book):
    assert differential(book, seed=45, count=40) > 10


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_the_referee_agrees_with_the_plain_auction_on_thousands_of_random_auctions(book):
    assert differential(book, seed=4547, count=3000) > 1000


@st.composite
def legal_auctions(draw, book):
    """An auction played with legal actions chosen by hypothesis (shrinks towards passes and
    the lowest bids and cards), and the actions it offered at its last moment."""
    order = draw(st.permutations(list(range(32))))
    deal = Deal((hand_of(order[:12]), hand_of(order[12:22]), hand_of(order[22:])), None)
    a = Auction(deal, rules=make_rules(book))
    for _ in range(draw(st.integers(0, 60))):
        if a.over:
            break
        kind = draw(st.sampled_from(a.legal_kinds()))
        if kind == PASS:
            a.apply(AuctionAction(a.turn, PASS))
            continue
        bids = a.legal_bids()
        said = bids[draw(st.integers(0, min(len(bids) - 1, 6)))]
        discard = None
        if kind == PICK_UP or not a.actions:
            pool = list(cards_of(a.discard_pool(kind)))
            discard = tuple(draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True)))
        a.apply(AuctionAction(a.turn, kind, said, discard))
    return a


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOOKS).flatmap(lambda book: legal_auctions(book)))
def test_a_random_legal_auction_always_ends(a):
    order_length = len(a.order.bids)
    steps = 0
    while not a.over:
        steps += 1
        assert steps <= 3 * (order_length + 2)
        kinds = a.legal_kinds()
        assert kinds
        if PASS in kinds:
            a.apply(AuctionAction(a.turn, PASS))
        else:
            a.apply(next(a.legal_actions()))
    assert a.end().bid == a.standing[1]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOOKS).flatmap(lambda book: legal_auctions(book)), st.integers(0, 2**32))
def test_the_legal_actions_are_exactly_those_the_checker_accepts(a, seed):
    rng = random.Random(seed)
    offered = set(itertools.islice(a.legal_actions(), 20000))
    for action in rng.sample(sorted(offered, key=str), min(len(offered), 200)):
        a.copy().apply(action)
    for _ in range(200):
        action = propose(a, rng, noise=0.5)
        try:
            a.copy().check(action)
            accepted = True
        except AuctionError:
            accepted = False
        assert accepted == (action in offered), str(action)
