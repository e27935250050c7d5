"""R48 (with R36's levels and R37's joint and individual kontras) in the referee's KontraCalls,
against tests/kontras_plain.py, a second implementation written from RULES.md alone: random kontra
sequences, mostly legal, for every rulebook.  Both must accept the same calls, refuse the first
illegal one with the same rule, and end with the same levels."""

from __future__ import annotations

import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kontras_plain import TURNS, plain_individual, plain_kontras

from ulti_solver.bids import COMPONENT_ORDER, EVERY_BID
from ulti_solver.game.breach import GameRuleError
from ulti_solver.game.kontras import KontraCall, KontraCalls
from ulti_solver.variants import RULEBOOKS, make_rules

#: Every rulebook, and R37's variant on its own.
SETTINGS = [(book, ()) for book in RULEBOOKS] + [("ultiblog", ("kontra-durchmars-individual",))]
#: Bids where some kontra is individual (R37): without trump, or with a durchmars.
INDIVIDUAL_BIDS = [bid for bid in EVERY_BID if not bid.has_trump or "durchmars" in bid.components]
WORDS = [str(component) for component in COMPONENT_ORDER] + ["all"]


def random_bid(rng):
    return rng.choice(INDIVIDUAL_BIDS) if rng.random() < 0.4 else rng.choice(EVERY_BID)


def sensible_calls(calls: KontraCalls, moment: int):
    """The calls R48 lets the speaker of TURNS[moment] say now, as a player at the table would
    find them (the referee's state read, not its checks)."""
    before, r5_seat, level = TURNS[moment]
    seat, declarer = calls.table_seat(r5_seat), calls.declarer
    defenders = [calls.table_seat(1), calls.table_seat(2)]
    found = []
    for component in calls.components:
        if calls.individual(component) and seat == declarer:
            found += [
                KontraCall(seat, component, level, before, against)
                for against in defenders
                if calls.level(component, against) == level - 1
            ]
        else:
            whose = seat if calls.individual(component) else defenders[0]
            if calls.level(component, whose) == level - 1:
                found.append(KontraCall(seat, component, level, before))
    return found


def mutated(call: KontraCall, calls: KontraCalls, moment: int, rng) -> KontraCall:
    """``call`` with one thing wrong, or perhaps not wrong after all."""
    seat, component, level, before, against = call.seat, call.component, call.level, call.before, call.against
    how = rng.randrange(7)
    if how == 0:
        seat = rng.choice([s for s in range(3) if s != seat])
    elif how == 1:
        level = rng.choice([lv for lv in range(6) if lv != level])
    elif how == 2:
        before = rng.choice([b for b in range(7) if b != before])
    elif how == 3:
        against = rng.choice([a for a in (None, 0, 1, 2) if a != against])
    elif how == 4:
        component = rng.choice(WORDS)
    elif how == 5 and moment > 0:  # a call of an earlier moment
        earlier = [c for m in range(moment) for c in sensible_calls(calls, m)]
        if earlier:
            return rng.choice(earlier)
    elif how == 6 and calls.calls:  # the last call said again
        return calls.calls[-1]
    return KontraCall(seat, component, level, before, against)


def random_sequence(rng, bid, declarer, rules, noise=0.12, steps=14):
    """Calls said to a fresh KontraCalls until one is refused or the moments run out: the calls
    tried, the referee's KontraCalls after them, and (index, rule) of the refused one or None."""
    calls = KontraCalls(bid, declarer, rules=rules)
    tried, moment = [], 0
    for _ in range(steps):
        while moment < len(TURNS) and (rng.random() < 0.3 or not sensible_calls(calls, moment)):
            moment += 1
        if moment == len(TURNS):
            break
        call = rng.choice(sensible_calls(calls, moment))
        if rng.random() < noise:
            call = mutated(call, calls, moment, rng)
        tried.append(call)
        try:
            calls.say(call)
        except GameRuleError as refused:
            assert refused.part == "kontra"
            return tried, calls, (refused.index, refused.rule)
    return tried, calls, None


def plain(tried, bid, declarer, book, variants):
    return plain_kontras(
        bid, declarer, book, [(c.seat, c.component, c.level, c.before, c.against) for c in tried], variants
    )


def differential(seed: int, count: int):
    """``count`` random sequences through both implementations; asserts that they agree and
    returns how often each rule was named (None: every call accepted)."""
    rng, named = random.Random(seed), collections.Counter()
    for _ in range(count):
        book, variants = rng.choice(SETTINGS)
        bid, declarer = random_bid(rng), rng.randrange(3)
        tried, calls, refused = random_sequence(rng, bid, declarer, make_rules(book, variants))
        accepted, rule, levels = plain(tried, bid, declarer, book, variants)
        case = (book, variants, str(bid), declarer, [c.as_json() for c in tried])
        assert (accepted, rule) == ((len(tried), None) if refused is None else refused), case
        assert len(calls.calls) == accepted, case
        kontra = calls.levels()
        assert dict(kontra.levels) == levels, case
        alone = {c for c in bid.components if plain_individual(bid, c, book, variants)}
        assert set(kontra.individual) == alone, case
        named[rule] += 1
    return named


def test_r48_the_referee_agrees_with_the_plain_kontras_on_random_sequences():
    named = differential(seed=48, count=500)
    assert {None, "R36", "R37", "R48"} <= set(named), named


@pytest.mark.slow
def test_r48_the_referee_agrees_with_the_plain_kontras_on_thousands_of_random_sequences():
    named = differential(seed=4837, count=30000)
    assert min(named[rule] for rule in (None, "R36", "R37", "R48")) > 200, named


def test_r48_the_legal_calls_are_exactly_those_the_plain_kontras_accept():
    """At random moments, KontraCalls.legal_calls (what Game.legal_kontras offers) lists exactly the
    calls the plain implementation accepts next, for every seat and number of cards played."""
    rng = random.Random(4848)
    for _ in range(120):
        book, variants = rng.choice(SETTINGS)
        bid, declarer = random_bid(rng), rng.randrange(3)
        tried, calls, refused = random_sequence(rng, bid, declarer, make_rules(book, variants), noise=0.0)
        said = calls.calls[: rng.randrange(len(calls.calls) + 1)]
        calls = KontraCalls(bid, declarer, rules=make_rules(book, variants))
        for call in said:
            calls.say(call)
        for seat in range(3):
            for before in range(5):
                offered = set(calls.legal_calls(seat, before))
                accepted = {
                    call
                    for call in (
                        KontraCall(seat, component, level, before, against)
                        for component in bid.components
                        for level in range(1, 5)
                        for against in (None, 0, 1, 2)
                    )
                    if plain(said + [call], bid, declarer, book, variants)[1] is None
                }
                assert offered == accepted, (book, str(bid), declarer, [c.as_json() for c in said], seat, before)


@st.composite
def kontra_cases(draw):
    """A rulebook, a bid, a declarer and a sequence of steps: each moves on some moments, picks
    one of the calls a player would find there, and perhaps changes one of its fields (the seat,
    the component, the level, the moment, the answer) to any value; shrinks toward short
    sequences of plain calls."""
    book, variants = draw(st.sampled_from(SETTINGS))
    bid = draw(st.sampled_from(INDIVIDUAL_BIDS + list(EVERY_BID)))
    declarer = draw(st.integers(0, 2))
    change = st.none() | st.tuples(st.integers(0, 4), st.integers(0, 6))
    steps = draw(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 8), change), max_size=10))
    return book, variants, bid, declarer, steps


def changed(call: KontraCall, field: int, value: int) -> KontraCall:
    """``call`` with one field set to ``value`` (taken modulo that field's range)."""
    fields = [call.seat, call.component, call.level, call.before, call.against]
    fields[field] = [value % 3, WORDS[value % len(WORDS)], value % 6, value, [None, 0, 1, 2][value % 4]][field]
    return KontraCall(*fields)


@settings(max_examples=300, deadline=None)
@given(kontra_cases())
def test_r48_the_referee_agrees_with_the_plain_kontras_on_shrinking_cases(case):
    book, variants, bid, declarer, steps = case
    calls, tried, refused, moment = KontraCalls(bid, declarer, rules=make_rules(book, variants)), [], None, 0
    for skip, pick, change in steps:
        moment = min(moment + skip, len(TURNS))
        found = sensible_calls(calls, moment) if moment < len(TURNS) else []
        if not found:
            continue
        call = found[pick % len(found)]
        tried.append(call if change is None else changed(call, *change))
        try:
            calls.say(tried[-1])
        except GameRuleError as exc:
            refused = (exc.index, exc.rule)
            break
    accepted, rule, levels = plain(tried, bid, declarer, book, variants)
    assert (accepted, rule) == ((len(tried), None) if refused is None else refused)
    assert dict(calls.levels().levels) == levels
