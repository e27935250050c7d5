"""The player's view, R40-R42: what a seat knows, what the play reveals, and the worlds that fit.

Hand-built positions pin each inference of R41 and each announcement of
R40 with an exact count worked out in the docstring.  The brute force
check is the one that catches a wrong inference rule: on random games it
deals every placement of the unseen cards with plain itertools, keeps
those in which the actual play was legal card by card (replay) and the
announcements are the same, and asks for exactly the worlds the module
enumerates.
"""

import itertools
import pickle
import random
from collections import Counter
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import ALL_RULES, NO_TRUMP_BIDS, TRUMP_BIDS, cases, trump_for
from worlds_brute import announcements, brute_force

from ulti_solver.bids import parse_bid
from ulti_solver.cards import BB_SUITS, HEARTS, LEAVES, card_suit, cards_of, parse_card
from ulti_solver.deal import parse_deal, parse_hand
from ulti_solver.dealing import biased_deal, random_deal
from ulti_solver.errors import UltiInputError
from ulti_solver.knowledge import (
    Holds,
    KnowledgeError,
    NotBoth,
    NoWorldError,
    information_set,
    information_set_from_hand,
)
from ulti_solver.play import PlayRules
from ulti_solver.position import replay, start_of_play
from ulti_solver.variants import make_rules

RULES = make_rules()
FREE_SEVEN = make_rules(variants=["free-seven"])


def play_of(text):
    return [parse_card(c) for c in text.split()]


def hands(text):
    return parse_hand(text)


def info_for(deal_text, bid, trump, play_text, seat, rules=RULES):
    return information_set(
        parse_deal(deal_text), parse_bid(bid), trump, rules=rules, played=play_of(play_text), seat=seat
    )


def placements(deal, played, seat, bid, rules, trump):
    """How many placements the brute force tries (the multinomial of the holes' sizes)."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    position = replay(deal, play, played)
    shown = bid.open and seat != 0 and len(played) >= 3
    sizes = [position.hands[s].bit_count() for s in range(3) if s != seat and not (shown and s == 0)]
    sizes += [2] if seat != 0 else []
    total, left = 1, sum(sizes)
    for size in sizes:
        total *= comb(left, size)
        left -= size
    return total


def random_game(rng):
    """A random deal (tilted toward the bid half of the time), bid, trump and rulebook."""
    bid = parse_bid(rng.choice(TRUMP_BIDS + NO_TRUMP_BIDS))
    trump = trump_for(bid, rng.randrange(3))
    rules = rng.choice(ALL_RULES)
    deal = biased_deal(rng, bid, trump) if rng.random() < 0.5 else random_deal(rng)
    return deal, bid, trump, rules


def position_stream(seed, defender_tricks, declarer_tricks, limit):
    """Random positions after 5-8 tricks (sometimes mid-trick), every seat in turn, whose brute
    force stays under ``limit`` placements."""
    rng = random.Random(seed)
    seat = 0
    while True:
        deal, bid, trump, rules = random_game(rng)
        tricks = rng.choice(declarer_tricks if seat == 0 else defender_tricks)
        extra = rng.choice([0, 0, 1, 2])
        play = PlayRules.for_game(bid, trump, rules=rules)
        position, played = start_of_play(deal), []
        for _ in range(3 * tricks + extra):
            card = rng.choice(list(cards_of(position.legal(play))))
            played.append(card)
            position = position.after(card, play)
        if placements(deal, played, seat, bid, rules, trump) <= limit:
            yield deal, bid, trump, rules, played, seat
            seat = (seat + 1) % 3


def random_positions(seed, count, defender_tricks, declarer_tricks, limit):
    return list(itertools.islice(position_stream(seed, defender_tricks, declarer_tricks, limit), count))


#: Every kind of fact that narrows the worlds: the inferences of R41 and the announcements of R40.
KINDS = {"R9", "R10", "R11 following", "R11 trumping", "R12", "R40 holds", "R40 not both"}


def kinds(info):
    """The kinds of fact (:data:`KINDS`) that narrow ``info``'s worlds."""
    found = set()
    for fact in info.constraints:
        if isinstance(fact, Holds):
            found.add("R40 holds")
        elif isinstance(fact, NotBoth):
            found.add("R40 not both")
        elif fact.rule == "R11":
            led = card_suit(info.table.before[fact.index][0])
            trumping = info.trump is not None and led != info.trump and fact.cards & BB_SUITS[info.trump]
            found.add("R11 trumping" if trumping else "R11 following")
        else:
            found.add(fact.rule)
    return found


def covering_positions(seed, count, each, defender_tricks, declarer_tricks, limit):
    """``count`` random positions, then more until every kind of fact narrows the worlds in at
    least ``each`` of them, so that the brute force would see any inference that is missing."""
    chosen, seen = [], Counter()
    for tried, case in enumerate(position_stream(seed, defender_tricks, declarer_tricks, limit)):
        deal, bid, trump, rules, played, seat = case
        found = kinds(information_set(deal, bid, trump, played, seat, rules=rules))
        if len(chosen) < count or any(seen[kind] < each for kind in found):
            chosen.append(case)
            seen.update(found)
        if len(chosen) >= count and all(seen[kind] >= each for kind in KINDS):
            return chosen
        assert tried < 20_000, f"no position of some kind: {seen}"


def check_against_brute_force(deal, bid, trump, rules, played, seat):
    info = information_set(deal, bid, trump, rules=rules, played=played, seat=seat)
    worlds = list(info.worlds())
    expected = brute_force(deal, bid, trump, rules, played, seat)
    assert len(worlds) == len(set(worlds)) == info.count()
    assert set(worlds) == expected, (str(deal), str(bid), trump, str(rules), played, seat, info.explain())
    assert deal in expected
    return info


@pytest.mark.slow
def test_r42_worlds_equal_the_brute_force_on_random_games():
    """R41/R42 on 60 random games after 5-8 tricks, mid-trick too, from every seat, under every
    rulebook and variant, and more until each kind of fact narrows the worlds in 3 of them: the
    worlds are exactly the placements in which the play was legal and the announcements the same."""
    chosen = covering_positions(23, 60, 3, defender_tricks=(6, 7, 8), declarer_tricks=(5, 6, 7, 8), limit=600)
    for case in chosen:
        check_against_brute_force(*case)


@pytest.mark.slow
def test_r42_worlds_equal_the_brute_force_on_many_random_games():
    """The same on 400 more games, defenders from the fifth trick on (up to 20,000 placements),
    each kind of fact in 10 of them."""
    chosen = covering_positions(42, 400, 10, defender_tricks=(5, 6, 7, 8), declarer_tricks=(5, 6, 7, 8), limit=20000)
    for case in chosen:
        check_against_brute_force(*case)


# -- R41, one inference at a time (durchmars: a trump game without announcements) --------------------------------

# Hearts 9 led; seat 1, void, trumps with the leaves 7; seat 2 follows with the hearts 7 while holding the ace.
RUFF_DEAL = "98.AT.AT.ATK7 -.KOU9.K7.OU98 ATKOU7.87.OU.- -.-.98.-"


def test_r41_a_player_who_does_not_follow_holds_none_of_the_led_suit():
    """R9.  The declarer sees 18 unseen cards, 9 to each defender.  Seat 1 trumped the hearts
    9, so the 5 unseen hearts (A T K O U) are seat 2's, and seat 2 takes 4 of the other 13:
    C(13, 4) = 715 worlds, against C(18, 9) = 48620 without the inference."""
    info = info_for(RUFF_DEAL, "durchmars", LEAVES, "H9 L7 H7", seat=0)
    assert info.count() == comb(13, 4) == 715
    assert "seat 1 holds no hearts (trick 1, R9)" in info.explain()
    assert info.fits(parse_deal(RUFF_DEAL))


def test_r41_following_after_a_ruff_reveals_nothing():
    """R11: after seat 1 trumped, seat 2 may play any heart, so its hearts 7 says nothing about
    the ace, ten, king, ober and unter it holds: still C(13, 4) = 715 worlds.  A rule that read
    "did not beat the 9" into it would leave seat 2 no room for those hearts: no world at all."""
    info = info_for(RUFF_DEAL, "durchmars", LEAVES, "H9 L7 H7", seat=0)
    assert info.count() == 715
    assert not [line for line in info.explain() if line.startswith("seat 2")]


def test_r41_a_player_who_neither_follows_nor_trumps_holds_no_trump():
    """R10.  Hearts 9 led, seat 1 plays the bells 9: it holds no hearts (R9) and no leaves (R10).
    The 3 unseen hearts (O U 7) and 4 unseen leaves (K O U 7) are seat 2's, which takes 2 of the
    other 11: C(11, 2) = 55 (C(15, 6) = 5005 with R9 alone, C(18, 9) = 48620 with neither)."""
    deal = "AT98.-.AT98.K7 -.ATKOU9.-.AT98 KOU7.-.KOU7.OU -.87.-.-"
    info = info_for(deal, "durchmars", LEAVES, "H9 B9 HK", seat=0)
    assert info.count() == comb(11, 2) == 55
    assert "seat 1 holds no leaves, the trump (trick 1, R10)" in info.explain()


def test_r41_following_without_beating_holds_nothing_that_beats():
    """R11.  Hearts 9 led, seat 1 plays the 8: it holds no heart above the 9.  The unseen
    unter, ober, king and ten (the ace fell) are seat 2's, which takes 5 more of the other 14:
    C(14, 5) = 2002, against C(18, 9) = 48620."""
    deal = "9.AT.AT98.AT7 87.KOU9.-.KOU9 ATKOU.87.KOU.- -.-.7.8"
    info = info_for(deal, "durchmars", LEAVES, "H9 H8 HA", seat=0)
    assert info.count() == comb(14, 5) == 2002
    assert "seat 1 holds no hearts above the nine (trick 1, R11)" in info.explain()


def test_r41_beating_uses_the_no_trump_order_of_betli():
    """R11 with R3: in betli the ten is below the unter, so seat 1's hearts ten under the
    unter does not beat it: no ober or ace either (the king fell).  Seat 2 takes those two
    and 7 of the other 16: C(16, 7) = 11440."""
    deal = "U.AT98.AT9.AT T9.KOU7.KO.KO AKO87.-.U87.U9 -.-.-.87"
    info = info_for(deal, "betli", None, "HU HT HK", seat=0)
    assert info.count() == comb(16, 7) == 11440
    assert "seat 1 holds no hearts above the unter (trick 1, R11)" in info.explain()


def test_r41_trumping_without_overtrumping_holds_no_higher_trump():
    """R11.  Hearts led, seat 1 trumps with the leaves king, seat 2 with the leaves 9: seat 2
    holds no leaves above the king.  The unseen leaves ace and ten are seat 1's, which takes 7
    more of the other 16: C(16, 7) = 11440 (no heart is unseen, so R9 adds nothing)."""
    deal = "ATKO98.-.87.AT -.ATK.ATKU.KOU -.OU987.O9.987 U7.-.-.-"
    info = info_for(deal, "durchmars", LEAVES, "H9 LK L9", seat=0)
    assert info.count() == comb(16, 7) == 11440
    assert "seat 2 holds no leaves above the king (trick 1, R11)" in info.explain()


R12_DEAL = "AT98.AT9.7.AT KOU7.KOU.ATK.- -.87.OU98.KOU9 -.-.-.87"


def test_r12_the_declarer_who_leads_the_ulti_seven_holds_no_other_trump():
    """R12.  The declarer of an ulti leads the leaves 7, so he holds no other leaves.  Seat 1
    sees 21 unseen cards: 9 in the declarer's hand, 10 in seat 2's, 2 in the talon; the 4 unseen
    leaves go to seat 2 or the talon.  C(17, 9) declarer hands times C(12, 2) talons."""
    info = info_for(R12_DEAL, "ulti", LEAVES, "L7", seat=1)
    assert info.count() == comb(17, 9) * comb(12, 2) == 1604460
    assert "the declarer holds no leaves, the trump (trick 1, R12)" in info.explain()


def test_r12_free_seven_reveals_nothing():
    """Under ``free-seven`` the lead of the seven is a free choice: C(21, 9) * C(12, 2) worlds."""
    info = info_for(R12_DEAL, "ulti", LEAVES, "L7", seat=1, rules=FREE_SEVEN)
    assert info.count() == comb(21, 9) * comb(12, 2)
    assert info.explain() == []


def test_r12_inference_agrees_with_the_brute_force_late_in_the_game():
    """The same game played on to the seventh trick, from both defenders' seats."""
    deal = parse_deal(R12_DEAL)
    bid, play = parse_bid("ulti"), PlayRules.for_game(parse_bid("ulti"), LEAVES, rules=RULES)
    position, played = start_of_play(deal), []
    for _ in range(19):
        card = min(cards_of(position.legal(play)))
        played.append(card)
        position = position.after(card, play)
    for seat in (1, 2):
        info = check_against_brute_force(deal, bid, LEAVES, RULES, played, seat)
        assert any(getattr(f, "rule", "") == "R12" for f in info.facts)


# -- R40: announcements and the open hand --------------------------------------------------------------------------

# Party, leaves trump: seat 1 holds the bells marriage and the hearts king, seat 2 the hearts ober.
PARTY_DEAL = "AT98.AT.AK.AO K.KOU9.TO.K97 OU7.87.U98.TU -.-.7.8"


def test_r40_party_marriages_are_known_once_the_first_trick_is_complete():
    """After the bells A, 9, 7: seat 1 announced bells, nobody hearts (the declarer holds a
    leaves and an acorns card of each marriage, so those say nothing).  The bells king and ober
    are seat 1's, the hearts king and ober are split (2 ways), and seat 1 takes 6 of the other
    14: 2 * C(14, 6) = 6006 worlds."""
    info = info_for(PARTY_DEAL, "party", LEAVES, "BA B9 B7", seat=0)
    assert info.count() == 2 * comb(14, 6) == 6006
    lines = info.explain()
    assert "seat 1 holds the bells king and ober (announced 20, R40)" in lines
    assert "seat 2 does not hold both the hearts king and ober (no 20 announced in hearts, R40)" in lines


def test_r40_party_marriages_are_not_known_during_the_first_trick():
    """Two cards into the first trick nothing is announced yet: C(19, 9) = 92378 worlds."""
    info = info_for(PARTY_DEAL, "party", LEAVES, "BA B9", seat=0)
    assert info.count() == comb(19, 9)


FORTY_DEAL = "AT.AT.KO.AT98 KOU9.KOU9.AT.- 87.87.U987.KO -.-.-.U7"


def test_r40_forty_100_shows_the_declarers_trump_marriage():
    """40-100: the declarer's leaves king and ober are known.  Seat 1 sees 21 cards: the
    declarer takes those two and 7 of the other 19, seat 2 and the talon split the rest:
    C(19, 7) * C(12, 2) = 3325608."""
    info = info_for(FORTY_DEAL, "40-100", LEAVES, "HA", seat=1)
    assert info.count() == comb(19, 7) * comb(12, 2) == 3325608
    assert info.explain() == ["the declarer holds the leaves king and ober (40-100, R40)"]


def test_r40_a_declarer_without_his_forty_is_known_to_lack_it():
    """The declarer holds the leaves king, seat 2 the ober: every placement but those with
    both in the declarer's hand: (C(21, 9) - C(19, 7)) * C(12, 2) = 16073772."""
    deal = "AT.AT.KU.AT98 KOU9.KOU9.AT.- 87.87.O987.KO -.-.-.U7"
    info = info_for(deal, "40-100", LEAVES, "HA", seat=1)
    assert info.count() == (comb(21, 9) - comb(19, 7)) * comb(12, 2) == 16073772
    assert info.explain() == ["the declarer does not hold both the leaves king and ober (no 40 for 40-100, R40)"]


def test_r40_twenty_100_is_announced_in_the_first_suit_with_a_marriage():
    """20-100, leaves trump: the declarer holds the bells and acorns marriages and announces
    bells, the first of hearts, bells, acorns where he holds one: so he lacks the hearts king
    or ober (both unseen to seat 1), and nothing is said of acorns.  He takes the bells pair and
    7 of the other 19, not both hearts: (C(19, 7) - C(17, 5)) * C(12, 2) = 2917200."""
    deal = "AT.ATKO.AT.KO 987.U987.KOU.- KOU.-.987.ATU9 -.-.-.87"
    info = info_for(deal, "20-100", LEAVES, "HA", seat=1)
    assert info.count() == (comb(19, 7) - comb(17, 5)) * comb(12, 2) == 2917200
    assert info.explain() == [
        "the declarer does not hold both the hearts king and ober (his 20 for 20-100 is in bells, R40)",
        "the declarer holds the bells king and ober (his 20 for 20-100, R40)",
    ]


def test_r40_a_declarer_without_a_twenty_is_known_to_lack_one():
    """20-100 without a marriage: seat 1 holds the hearts and acorns kings, so only the bells
    pair can be placed wrong: (C(21, 9) - C(19, 7)) * C(12, 2) = 16073772."""
    deal = "AT.AT.AT98.AT K98.987.-.K987 OU7.KOU.KOU7.- -.-.-.OU"
    info = info_for(deal, "20-100", LEAVES, "HA", seat=1)
    assert info.count() == (comb(21, 9) - comb(19, 7)) * comb(12, 2)
    assert info.explain() == ["the declarer does not hold both the bells king and ober (no 20 for 20-100, R40)"]


OPEN_DEAL = "7.987.987.987 ATKOU8.ATK.-.O -.OU.ATKOU.ATK 9.-.-.U"


def test_r40_an_open_bid_shows_the_declarers_hand_after_the_first_trick():
    """Open betli: after the first trick seat 1 sees the declarer's hand, so only seat 2's 9
    cards and the talon are unseen, 11 cards.  Seat 2 showed out of hearts, so the hearts 9 is in
    the talon with one of the other 10: 10 worlds.  Before the trick is complete the declarer's
    hand is hidden: C(21, 9) * C(12, 2) worlds."""
    info = info_for(OPEN_DEAL, "open betli", None, "H7 H8 BO", seat=1)
    assert info.count() == 10
    assert info.explain() == [
        "the declarer's hand is open: 7.987.987.987 (R40)",
        "seat 2 holds no hearts (trick 1, R9)",
    ]
    assert {w.talon & hands("9.-.-.-") for w in info.worlds()} == {hands("9.-.-.-")}
    assert info_for(OPEN_DEAL, "open betli", None, "H7 H8", seat=1).count() == comb(21, 9) * comb(12, 2)
    check_against_brute_force(parse_deal(OPEN_DEAL), parse_bid("open betli"), None, RULES, play_of("H7 H8 BO"), 2)


# -- R42: drawing worlds ---------------------------------------------------------------------------------------------


def small_case_with_a_marriage_pair():
    """The first random game of a fixed seed with 20-60 worlds and two cards kept apart."""
    rng = random.Random(5)
    while True:
        deal, bid, trump, rules = random_game(rng)
        if not bid.plays_party:
            continue
        seat = rng.randrange(3)
        play = PlayRules.for_game(bid, trump, rules=rules)
        position, played = start_of_play(deal), []
        for _ in range(3 * rng.randint(5, 8)):
            card = rng.choice(list(cards_of(position.legal(play))))
            played.append(card)
            position = position.after(card, play)
        info = information_set(deal, bid, trump, rules=rules, played=played, seat=seat)
        if 20 <= info.count() <= 60 and info.space.apart:
            return info


def test_r42_sampled_worlds_are_uniform():
    """3000 draws over N worlds: the chi-square statistic (mean N - 1) stays far below a bound
    it could only pass by an uneven sampler; the seeds are fixed, so it cannot flake."""
    info = small_case_with_a_marriage_pair()
    everything = set(info.worlds())
    draws = Counter(info.world(seed=7, index=i) for i in range(3000))
    assert set(draws) == everything
    expected = 3000 / len(everything)
    chi_square = sum((draws[w] - expected) ** 2 / expected for w in everything)
    df = len(everything) - 1
    assert chi_square < df + 6 * (2 * df) ** 0.5, chi_square


def test_r42_a_world_depends_only_on_seed_and_index():
    info = info_for(RUFF_DEAL, "durchmars", LEAVES, "H9 L7 H7", seat=0)
    again = info_for(RUFF_DEAL, "durchmars", LEAVES, "H9 L7 H7", seat=0)
    assert [info.world(3, i) for i in range(5)] == [again.world(3, i) for i in reversed(range(5))][::-1]
    assert [info.world(3, i) for i in range(5)] == [info.world(3, i) for i in range(5)]
    assert info.world(3, 0) != info.world(4, 0) or info.world(3, 1) != info.world(4, 1)
    # the string seed of dealing.sample_rng: the same world in every process and Python version
    assert str(info.world(0, 0)) == "98.AT.AT.ATK7 -.O97.KOU7.O98 ATKOU7.KU8.-.U -.-.98.-"


def test_r42_an_information_set_travels_to_worker_processes():
    """Pickled (as -j N and --cluster send it), it draws the same worlds."""
    info = small_case_with_a_marriage_pair()
    copy = pickle.loads(pickle.dumps(info))
    assert [copy.world(9, i) for i in range(10)] == [info.world(9, i) for i in range(10)]
    assert copy.count() == info.count()


def test_r42_ranks_number_the_worlds_in_order():
    info = small_case_with_a_marriage_pair()
    assert [info.world_at(r) for r in range(info.count())] == list(info.worlds())
    with pytest.raises(IndexError):
        info.world_at(info.count())


def test_r42_a_world_carries_the_dealt_hands_and_its_position():
    """A world is the dealt deal (played cards back in their players' hands), and its position
    after the play is the one replay gives."""
    deal = parse_deal(PARTY_DEAL)
    info = info_for(PARTY_DEAL, "party", LEAVES, "BA B9 B7 AA", seat=2)
    play = PlayRules.for_game(parse_bid("party"), LEAVES, rules=RULES)
    for index in range(20):
        world = info.world(1, index)
        assert world.hands[2] == deal.hands[2]
        assert info.position(world) == replay(world, play, info.played)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(cards_left=st.integers(0, 30)), st.integers(0, 2), st.integers(0, 2**32))
def test_r42_the_true_deal_and_every_sampled_world_fit(case, seat, seed):
    """From any seat at any moment of any game: the true deal is a world, and every sampled
    world replays the play legally (R9-R12) with the same announcements (R40)."""
    info = information_set(case.deal, case.bid, case.trump, rules=case.rules, played=case.played, seat=seat)
    assert info.fits(case.deal) and info.count() >= 1
    truth = announcements(case.deal, case.bid, case.trump, len(case.played) >= 3)
    for index in range(3):
        world = info.world(seed, index)
        assert info.fits(world) and world.hands[seat] == case.deal.hands[seat]
        assert info.position(world) == replay(world, case.play, case.played)
        assert announcements(world, case.bid, case.trump, len(case.played) >= 3) == truth


# -- told by a player --------------------------------------------------------------------------------------------


def told_like(info, deal):
    """The same knowledge as a player tells it."""
    return information_set_from_hand(
        deal.hands[info.seat],
        info.seat,
        info.bid,
        info.trump,
        rules=info.rules,
        played=info.played,
        talon=deal.talon if info.seat == 0 else None,
        marriages=info.announced,
        declarer_hand=info.shown,
    )


def test_r40_told_knowledge_gives_the_same_worlds_as_the_full_game():
    for deal, bid, trump, rules, played, seat in random_positions(5, 15, (7, 8), (6, 7, 8), limit=600):
        info = information_set(deal, bid, trump, rules=rules, played=played, seat=seat)
        told = told_like(info, deal)
        assert told.count() == info.count()
        assert told.explain() == info.explain()
        assert set(told.worlds()) == set(info.worlds())


def test_r40_without_announcements_other_marriages_are_not_constrained():
    """Told without ``marriages``, only the play narrows the worlds: C(18, 9) after the bells
    trick of the party game (neither seat 1's bells 9 nor seat 2's 7 beats the ace)."""
    deal = parse_deal(PARTY_DEAL)
    told = information_set_from_hand(
        deal.hands[0], 0, parse_bid("party"), LEAVES, rules=RULES, played=play_of("BA B9 B7"), talon=deal.talon
    )
    assert told.count() == comb(18, 9)
    assert told.explain() == []


def told_error(*words, error=KnowledgeError, **kwargs):
    args = dict(hand=hands("98.AT.AT.ATK7"), seat=0, bid=parse_bid("durchmars"), trump=LEAVES, talon=hands("-.-.98.-"))
    args.update(kwargs)
    with pytest.raises(error) as caught:
        information_set_from_hand(**args)
    message = str(caught.value)
    assert isinstance(caught.value, UltiInputError) and "\n" not in message
    for word in words:
        assert word in message, message
    return message


def test_told_own_cards_must_be_in_the_hand():
    told_error("card 1 (HA, trick 1)", "not in your hand", played=play_of("HA"))


def test_told_others_cards_cannot_be_in_the_hand_or_the_talon():
    told_error("card 2 (H8, trick 1) is seat 1's", "in your hand", played=play_of("H9 H8"))
    told_error("card 2 (L9, trick 1)", "talon", played=play_of("H9 L9"))


def test_told_own_cards_must_be_legal():
    """R9 for the player's own card: seat 2 leads hearts to trick 2, and the declarer holds the 8."""
    told_error("card 5 (BA, trick 2): the declarer may not play it", "R9", played=play_of("H9 HU HA HK BA"))


def test_told_a_card_the_play_shows_a_player_cannot_hold_is_an_error():
    told_error("seat 1 holds no hearts (trick 1, R9), but it played HA in trick 2", played=play_of("H9 L7 H7 HA"))


def test_told_the_talon_is_the_declarers_alone():
    told_error("seat 1 does not see the talon", seat=1, hand=hands("-.KOU9.K7.OU98"))
    told_error("talon he laid", talon=None)


def test_told_marriages_must_suit_the_bid():
    told_error("no marriage is announced in durchmars", marriages={1: {HEARTS}})
    told_error("only the declarer's", bid=parse_bid("40-100"), marriages={1: {LEAVES}})
    told_error("announces only the 40", bid=parse_bid("40-100"), marriages={0: {HEARTS}})


def test_told_an_announced_marriage_must_be_possible():
    """Seat 1 cannot have announced the hearts marriage when the declarer holds the hearts king."""
    told_error(
        "seat 1 holds the hearts king and ober (announced 20, R40), but HK is in your hand",
        hand=hands("K8.AT.AT.ATK7"),
        bid=parse_bid("party"),
        marriages={1: {HEARTS}},
    )


def test_told_an_open_bid_needs_the_declarers_hand_after_the_first_trick():
    deal = parse_deal(OPEN_DEAL)
    told_error(
        "declarer's hand is open",
        hand=deal.hands[1],
        seat=1,
        bid=parse_bid("open betli"),
        trump=None,
        talon=None,
        played=play_of("H7 H8 BO"),
    )


def test_told_the_declarers_open_hand_is_shown_only_after_the_first_trick():
    deal = parse_deal(OPEN_DEAL)
    told_error(
        "once the first trick is complete",
        hand=deal.hands[1],
        seat=1,
        bid=parse_bid("open betli"),
        trump=None,
        talon=None,
        played=play_of("H7 H8"),
        declarer_hand=deal.hands[0],
    )
    told_error("once the first trick is complete", declarer_hand=hands("AT.AT.KU.AT98"))


def test_r42_no_world_names_the_card_with_nowhere_to_go():
    """Both defenders show out of hearts while the declarer sees hearts unseen: they are nowhere."""
    message = told_error(
        "H7 HU HO HK HT HA have nowhere to go",
        "seat 1 holds no hearts (trick 1, R9)",
        "seat 2 holds no hearts (trick 1, R9)",
        error=NoWorldError,
        played=play_of("H9 L7 LU"),
    )
    assert message.startswith("no deal fits what the declarer knows")


def test_r42_no_world_names_the_hand_that_cannot_be_filled():
    """Seat 1 shows out of hearts and trumps at once, so the 7 unseen hearts and 6 unseen leaves
    would all be seat 2's: 13 cards for its 9 places."""
    message = told_error(
        "H8 H9 HU HO HK HT HA L7 L8 L9 LU LO LK can only be in seat 2, which holds 10 cards",
        "seat 1 holds no hearts (trick 1, R9)",
        "seat 1 holds no leaves, the trump (trick 1, R10)",
        error=NoWorldError,
        hand=hands("7.ATKOU98.AT.-"),
        talon=hands("-.7.-.A"),
        played=play_of("H7 AT"),
    )
    assert "nowhere" not in message
