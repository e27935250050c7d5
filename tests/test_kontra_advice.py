"""``ulti kontra`` and advise_kontra: whether to kontra, from a defender's ten cards (R36-R39, R43).

On worlds given (each counted once) the numbers are exact, and are held to
plain solves and settlements world by world: with a joint kontra the
defender pays half the declarer's total; with his own (betli, colorless
durchmars, R37) the settlement of the game says what he pays, and where
several ways to end a game give the same total but not the same share,
the end of one best line does.
"""

import json
import random
from fractions import Fraction

import pytest

from ulti_solver.analysis.kontra_advice import (
    ALL,
    _seat_levels,
    advise_kontra,
    choices_for,
    twice_share,
    worlds_for,
)
from ulti_solver.analysis.replay import best_line
from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BB_MARRIAGES, BELLS, LEAVES, SUITS
from ulti_solver.deal import parse_deal, parse_hand
from ulti_solver.dealing import biased_deal
from ulti_solver.kontra import parse_kontra
from ulti_solver.play import PlayRules
from ulti_solver.position import replay, start_of_play
from ulti_solver.pricing import final_values
from ulti_solver.scoring import Scoring
from ulti_solver.search import component_makeable, solve, value_total
from ulti_solver.settlement import game_settlement
from ulti_solver.variants import make_rules

#: The README's kontra: seat 1 of an ulti in leaves (README "Kontra and concession").
SEAT1 = "KO98.AT8.T.U8"


def drawn(hand, seat, bid, trump, count, seed=0, rules=None, talon=None):
    info = worlds_for(
        parse_hand(hand), seat, parse_bid(bid), trump, rules=rules or make_rules(), talon=talon, marriages=None
    )
    return [info.world(seed, i) for i in range(count)]


def share_on_best_line(deal, bid, trump, rules, kontra, seat):
    line = best_line(deal, bid, trump, rules=rules, position=start_of_play(deal), kontra=kontra)
    end = replay(deal, PlayRules.for_game(bid, trump, rules=rules), line)
    return game_settlement(Scoring(deal, bid, trump, rules=rules, kontra=kontra), end.so_far).by_defender[seat - 1]


def test_r39_with_a_joint_kontra_the_defender_pays_half_the_total():
    rules = make_rules()
    worlds = drawn(SEAT1, 1, "ulti", LEAVES, 12)
    advice = advise_kontra(SEAT1, 1, "ulti", "leaves", worlds=worlds, rules=rules)
    bid = parse_bid("ulti")
    base = [value_total(w, bid, LEAVES, rules=rules) for w in worlds]
    by_name = {c.choice.name: c for c in advice.choices}
    assert set(by_name) == {"party", "ulti", ALL}
    for name, spec in (("party", "party"), ("ulti", "ulti"), (ALL, "all")):
        doubled = [value_total(w, bid, LEAVES, rules=rules, kontra=parse_kontra(spec)) for w in worlds]
        choice = by_name[name]
        assert choice.without == -Fraction(sum(base), 2 * len(worlds))
        assert choice.with_it == -Fraction(sum(doubled), 2 * len(worlds))
        assert choice.gain == choice.with_it - choice.without
        assert choice.stderr_gain == 0 and choice.exact
    made = [component_makeable(w, bid, LEAVES, rules=rules, component="ulti") for w in worlds]
    assert by_name["ulti"].p_made == sum(made) / len(worlds)
    assert by_name[ALL].p_made == sum(solve(w, bid, LEAVES, rules=rules).joint for w in worlds) / len(worlds)


def test_r37_a_defenders_own_betli_kontra_doubles_his_payment_only():
    rules = make_rules()
    worlds = drawn("8.A97.A97.ATO", 2, "betli", None, 10, seed=3)
    advice = advise_kontra("8.A97.A97.ATO", 2, "betli", worlds=worlds, rules=rules)
    (choice,) = advice.choices
    assert (choice.choice.name, choice.choice.word) == ("2:betli", "kontra")
    bid = parse_bid("betli")
    paid = []
    for world in worlds:
        made = solve(world, bid, None, rules=rules).joint
        paid.append(-5 if made else 5)  # what the declarer pays seat 2 for the betli (R32)
    assert choice.without == Fraction(sum(paid), len(paid))
    assert choice.with_it == 2 * choice.without  # his kontra doubles his own payment (R38)
    assert choice.p_made == sum(p < 0 for p in paid) / len(paid)


@pytest.mark.parametrize(
    "bid, trump, book, spec, seat",
    [
        ("betli", None, "ultiblog", "1:betli", 1),
        ("open betli", None, "ultiblog", "2:betli=2", 2),
        ("colorless durchmars", None, "ultiblog", "1:durchmars,2:durchmars=3", 2),
        ("durchmars", ACORNS, "classic", "1:durchmars", 1),
        ("ulti durchmars", BELLS, "classic", "2:durchmars,ulti", 2),
        ("four-aces durchmars", LEAVES, "classic", "1:durchmars=2", 1),
    ],
)
def test_r39_a_defenders_share_is_what_the_end_of_best_play_makes_him_pay(bid, trump, book, spec, seat):
    rules = make_rules(book)
    game = parse_bid(bid)
    kontra = parse_kontra(spec).for_bid(game, rules=rules)
    rng = random.Random(f"{bid}-{spec}")
    for _ in range(6):
        deal = biased_deal(rng, game, trump)
        total = value_total(deal, game, trump, rules=rules, kontra=kontra)
        assert twice_share(
            deal, game, trump, rules=rules, kontra=kontra, total=total, seat=seat
        ) == 2 * share_on_best_line(deal, game, trump, rules, kontra, seat)


def test_r39_where_the_total_does_not_tell_the_share_the_best_line_does():
    """Under kontra-durchmars-individual (classic) seat 1's kontra'd durchmars and the joint four aces
    settle at the same total in two ways that are not the same for him: the end of a best line decides."""
    rules = make_rules("classic")
    deal = parse_deal("O.AO.ATK.AO87 TK97.K7.O7.T9 AU.TU9.U98.KU 8.8.-.-")
    bid = parse_bid("four-aces durchmars")
    kontra = parse_kontra("1:durchmars").for_bid(bid, rules=rules)
    total = value_total(deal, bid, ACORNS, rules=rules, kontra=kontra)
    totals = final_values(Scoring(deal, bid, ACORNS, rules=rules, kontra=kontra))
    mine = final_values(Scoring(deal, bid, ACORNS, rules=rules, kontra=_seat_levels(kontra, 1)))
    assert len({m for t, m in zip(totals, mine) if t == total}) > 1
    share = share_on_best_line(deal, bid, ACORNS, rules, kontra, 1)
    assert twice_share(deal, bid, ACORNS, rules=rules, kontra=kontra, total=total, seat=1) == 2 * share
    assert share != total / 2  # not half the total: his kontra is his own


def test_r36_each_seat_doubles_what_it_may_next():
    rules = make_rules()
    ulti = parse_bid("40-100 ulti")
    none = parse_kontra(None).for_bid(ulti, rules=rules)
    assert [c.name for c in choices_for(1, ulti, rules=rules, base=none)] == ["40-100", "ulti", ALL]
    assert choices_for(0, ulti, rules=rules, base=none) == []  # nothing to redouble yet
    said = parse_kontra("ulti, 40-100=2").for_bid(ulti, rules=rules)
    assert [(c.name, c.word) for c in choices_for(0, ulti, rules=rules, base=said)] == [("ulti", "rekontra")]
    assert [(c.name, c.word) for c in choices_for(2, ulti, rules=rules, base=said)] == [("40-100", "szubkontra")]
    betli = parse_bid("betli")
    one = parse_kontra("1:betli").for_bid(betli, rules=rules)
    assert [c.name for c in choices_for(1, betli, rules=rules, base=one)] == []  # his own is said
    assert [c.name for c in choices_for(2, betli, rules=rules, base=one)] == ["2:betli"]
    assert [(c.name, c.word) for c in choices_for(0, betli, rules=rules, base=one)] == [("1:betli", "rekontra")]


def test_r36_the_declarer_weighs_his_redouble():
    advice = advise_kontra("ATU.K9.A87.TK", 0, "ulti", "leaves", kontra="ulti", talon="LO,AO", samples=40, seed=1)
    (choice,) = advice.choices
    assert (choice.choice.name, choice.choice.word, choice.choice.level) == ("ulti", "rekontra", 1)
    assert choice.advice in ("rekontra", "pass") and choice.samples == 40


def test_r40_a_defender_takes_the_declarer_to_hold_the_marriage_he_bid():
    rules = make_rules()
    hand = parse_hand("8.A97.A97.ATO")
    forty = worlds_for(hand, 1, parse_bid("40-100"), BELLS, rules=rules, talon=None, marriages=None)
    for index in range(20):
        assert forty.world(4, index).hands[0] & BB_MARRIAGES[BELLS] == BB_MARRIAGES[BELLS]
    twenty = worlds_for(hand, 1, parse_bid("20-100"), BELLS, rules=rules, talon=None, marriages=None)
    assert len(twenty.sets) == 2  # hearts or leaves: he holds an acorns ober himself
    assert twenty.count() == sum(info.count() for info in twenty.sets)
    for index in range(20):
        declarer = twenty.world(4, index).hands[0]
        assert any(declarer & BB_MARRIAGES[s] == BB_MARRIAGES[s] for s in SUITS if s != BELLS)


def test_ulti_kontra_json_and_the_same_with_two_workers(ulti):
    args = ["kontra", SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--samples", "60", "--json"]
    one = ulti(*args, "-j", "1", exit_code=0)
    rows = [json.loads(line) for line in one.stdout.splitlines()]
    assert [r["component"] for r in rows] == ["party", "ulti", "all"]
    for row in rows:
        assert {"payment_without", "payment_with", "gain", "stderr_gain", "p_made", "advice", "close"} <= set(row)
        assert row["advice"] in ("kontra", "pass") and row["samples"] == 60
        assert row["gain"] == pytest.approx(row["payment_with"] - row["payment_without"], abs=1e-5)
    assert ulti(*args, "-j", "2", exit_code=0).stdout == one.stdout


def test_ulti_kontra_prints_its_table(ulti):
    result = ulti("kontra", SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--samples", "30", exit_code=0)
    assert "kontra or not?" in result.stdout and "gain" in result.stdout
    assert "made" in result.stdout and "ulti" in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        ([SEAT1, "--seat", "1", "--bid", "ulti"], "trump"),
        ([SEAT1, "--seat", "0", "--bid", "ulti", "--trump", "leaves"], "talon"),
        ([SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--kontra", "betli"], "betli"),
        (["KO98.AT8.T.U", "--seat", "1", "--bid", "ulti", "--trump", "leaves"], "9 cards"),
        ([SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--kontra", "ulti=4,party=4"], "hirschkontra"),
        ([SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--talon", "HA,HT"], "talon"),
        ([SEAT1, "--seat", "3", "--bid", "ulti", "--trump", "leaves"], "seat"),
    ],
)
def test_ulti_kontra_bad_input_is_one_line_and_exit_2(args, words, ulti, bad_input):
    bad_input(ulti("kontra", *args), words)


@pytest.mark.parametrize("stop, status", [("interrupt", 130), ("terminate", 143)])
def test_a_stop_of_ulti_kontra_exits_130_for_ctrl_c_and_143_for_sigterm(monkeypatch, ulti, stop, status):
    """As every command documents (SIGTERM 143, as bid, analyse and simulate do): the runner's
    stop status, not a fixed 130.  The stop comes from inside the run, at its first progress."""
    from ulti_solver.cli import app
    from ulti_solver.render import output

    def stopped(self, done, total=None, note=None):
        raise KeyboardInterrupt if stop == "interrupt" else app.Terminated()

    monkeypatch.setattr(output.LateBar, "to", stopped)
    args = ["kontra", SEAT1, "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--samples", "60", "-j", "1"]
    result = ulti(*args, exit_code=status)
    assert result.stdout == ""
    assert result.stderr.strip() == "Interrupted: the worlds were not all solved, so nothing is shown."
