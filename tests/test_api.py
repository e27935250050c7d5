"""The Python API as a player types it: text wherever a deal, bid, trump, hand or cards go,
results that print as the command prints them, and a package that lists what it offers."""

import pydoc

import pytest

import ulti_solver
from ulti_solver import (
    Constraints,
    UltiInputError,
    analyse_game,
    best_bids,
    best_line,
    card_values,
    make_rules,
    parse_bid,
    parse_deal,
    parse_play,
    replay,
    settle,
    simulate,
    solve,
    solve_bid,
    start_of_play,
    value,
)
from ulti_solver.cards import BELLS, HEARTS, LEAVES, parse_card
from ulti_solver.coerce import as_discards, as_rules
from ulti_solver.deal import parse_hand
from ulti_solver.play import PlayRules

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
PLAYED = "HU HO H7 H8 L9 HT AA AK A8 B7 B9 BT H9 LU HA BU BK BA HK LK LA AT AU A7 L8 LT BO B8 A9 L7"
GAME_DEAL = "ATU.K9.A87.TK KO98.AT8.T.U8 7.OU7.KU9.A97 -.-.O.O"


# -- text in ------------------------------------------------------------------------------


def test_solve_takes_the_deal_bid_and_trump_as_text():
    typed = solve(DEAL, "ulti", "bells")
    built = solve(parse_deal(DEAL), parse_bid("ulti"), BELLS)
    assert typed == built and typed.as_json() == built.as_json()


@pytest.mark.parametrize("trump", ["bells", "tök", "tok", "♦", "♢"])
def test_a_trump_is_any_word_or_symbol_the_command_line_takes(trump):
    assert solve(DEAL, "party", trump).trump == BELLS


def test_trump_words_are_read_as_the_command_line_reads_them():
    assert solve(DEAL, "ulti", "hearts").bid == parse_bid("red ulti")  # R28: hearts makes it red
    assert solve(DEAL, "red party", None).trump == HEARTS  # a red bid plays hearts
    assert solve(DEAL, "negyvenszáz ulti", "zöld").bid == parse_bid("40-100 ulti")
    assert solve(DEAL, "betli", None).trump is None
    with pytest.raises(UltiInputError, match="ulti needs its trump.*solve_bid"):
        solve(DEAL, "ulti", None)
    with pytest.raises(UltiInputError, match="betli is played without trump"):
        solve(DEAL, "betli", "bells")


@pytest.mark.parametrize(
    "text, book, switches, table",
    [
        ("tournament", "tournament", ("talon-to-declarer",), "tournament"),
        ("ultiblog +free-seven table=tournament", "ultiblog", ("free-seven",), "tournament"),
        (None, "ultiblog", (), "classic"),
    ],
)
def test_rules_are_a_rulebook_name_or_the_form_they_print_in(text, book, switches, table):
    rules = as_rules(text)
    assert (rules.book, rules.switches, rules.value_table) == (book, switches, table)
    assert as_rules(str(rules)) == rules
    assert solve(DEAL, "party", "acorns", rules=text).rules == rules


def test_rules_that_cannot_be_read_say_how_they_are_written():
    with pytest.raises(UltiInputError, match="'ultiblog \\+free-seven table=tournament'"):
        as_rules("ultiblog free-seven")
    with pytest.raises(UltiInputError, match="unknown rulebook"):
        solve(DEAL, "party", "bells", rules="nosuchbook")


def test_a_position_is_the_cards_played_so_far():
    play = PlayRules.for_game(parse_bid("party"), BELLS, rules=make_rules())
    at = replay(parse_deal(DEAL), play, parse_play("BT BA BU"))
    expected = solve(parse_deal(DEAL), parse_bid("party"), BELLS, position=at, value=True)
    assert solve(DEAL, "party", "bells", position="BT BA BU", value=True) == expected
    assert solve(DEAL, "party", "bells", position="♦T ♦A ♦U", value=True) == expected
    assert solve(DEAL, "party", "bells", position=["BT", "BA", "BU"], value=True) == expected
    assert value(DEAL, "party", "bells", position="BT BA BU") == expected.value


def test_every_public_function_takes_text():
    deal = parse_deal(DEAL)
    party, bells = parse_bid("party"), BELLS
    assert [s.trump for s in solve_bid(DEAL, "ulti", None)] == [BELLS, LEAVES, 3]
    assert value(DEAL, "party", "bells") == value(deal, party, bells)
    assert (
        settle("40-100 ulti", "leaves", "ulti").as_json()
        == settle(parse_bid("40-100 ulti"), LEAVES, ["ulti"]).as_json()
    )
    assert [c.bid for c in best_bids(DEAL, rules="ultiblog", top=3, bids="party").ranked] == [party] * 3
    at = start_of_play(DEAL)
    assert at == start_of_play(deal)
    assert card_values(DEAL, "party", "bells", rules=None, position=at) == card_values(
        deal, party, bells, rules=make_rules(), position=at
    )
    assert (
        best_line(DEAL, "party", "bells", rules=None, position="BT BA BU")[:3]
        == best_line(
            deal,
            party,
            bells,
            rules=make_rules(),
            position=replay(deal, PlayRules.for_game(party, bells, rules=make_rules()), parse_play("BT BA BU")),
        )[:3]
    )
    play = PlayRules.for_game(party, bells, rules=make_rules())
    assert replay(DEAL, play, "BT BA") == replay(deal, play, [parse_card("BT"), parse_card("BA")])
    analysis = analyse_game(GAME_DEAL, "ulti", "leaves", PLAYED)
    assert analysis == analyse_game(parse_deal(GAME_DEAL), parse_bid("ulti"), LEAVES, parse_play(PLAYED))


# -- Constraints and simulate ---------------------------------------------------------------


def test_constraints_are_built_from_text():
    typed = Constraints("A97.TK8.O8.U9", "LU,A8", seat1="♣A", voids=["1:hearts", (2, "♣")])
    built = Constraints(parse_hand("A97.TK8.O8.U9"), parse_hand("LU,A8"), parse_hand("AA"), 0, ((1, HEARTS), (2, 3)))
    assert typed == built
    assert Constraints("K.K97.AKO87.AO9").talon is None  # 12 cards before the discard
    assert Constraints(["HA", "H9", "H7", "BT", "BK", "B8", "LO", "L8", "AU", "A9"], "LU A8").hand == built.hand


@pytest.mark.parametrize(
    "args, message",
    [
        (("A97.TK8.O8.U9", "LU,QQ"), "the talon: cannot read card 'QQ'"),
        (("A97.TK8.O8.U9", "LU,A8", "HX,QA"), "seat 1's cards: cannot read card 'QA'"),
        (("A97.TK8.O8.U9", "LU,A8", 0, 0, "3:hearts"), "a void is SEAT:SUIT with seat 1 or 2"),
        (("A97.TK8.O8.U9", "LU,A8", 0, 0, "1:spades"), "unknown trump 'spades'"),
    ],
)
def test_a_constraint_that_cannot_be_read_says_which(args, message):
    with pytest.raises(UltiInputError, match=message):
        Constraints(*args)


def test_simulate_takes_text():
    typed = simulate("K.K97.AKO87.AO9", 3, bids="40-100 ulti", trump="zöld", discards="HK,BK", rules="ultiblog")
    hand = parse_hand("K.K97.AKO87.AO9")
    built = simulate(
        Constraints(hand), 3, bids=[parse_bid("40-100 ulti")], trump=LEAVES, discards=[as_discards("HK BK")[0]]
    )
    assert [t.as_json(typed.hand) for t in typed.tallies] == [t.as_json(built.hand) for t in built.tallies]


def test_discards_are_one_pair_or_several():
    hk, bk, bo = parse_card("HK"), parse_card("BK"), parse_card("BO")
    assert as_discards("HK,BK") == as_discards(("HK", "BK")) == as_discards([hk, bk]) == [(hk, bk)]
    assert as_discards(["HK,BK", "HK BO"]) == as_discards([("HK", "BK"), (hk, bo)]) == [(hk, bk), (hk, bo)]
    assert as_discards(None) is None


# -- results out, as the command prints them ----------------------------------------------


def test_a_solution_prints_as_ulti_solve_prints_it(ulti):
    cli = ulti("solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--value").stdout
    assert str(solve(DEAL, "40-100 ulti", "leaves", value=True)) + "\n" == cli
    cli = ulti("solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU", "--silent").stdout
    assert str(solve(DEAL, "party", "bells", position="BT BA BU", silent=True)) + "\n" == cli


def test_a_played_game_prints_as_ulti_analyse_prints_it(ulti):
    cli = ulti("analyse", GAME_DEAL, "--bid", "ulti", "--trump", "leaves", "--play", PLAYED, "--quiet").stdout
    assert str(analyse_game(GAME_DEAL, "ulti", "leaves", PLAYED)) + "\n\n" == cli


def test_the_best_bids_print_as_ulti_best_prints_them(ulti):
    cli = ulti("best", DEAL, "--top", "5", "--quiet").stdout
    assert str(best_bids(DEAL, top=5)) + "\n" == cli
    cli = ulti("best", DEAL, "--top", "3", "--kontra", "all=1", "--quiet").stdout
    assert str(best_bids(DEAL, top=3, kontra="all=1")) + "\n" == cli


def test_a_simulation_prints_as_ulti_simulate_prints_it(ulti):
    cli = ulti("simulate", "A97.TK8.O8.U9", "--talon", "LU,A8", "--bid", "party", "--samples", "4", "--quiet")
    assert str(simulate(Constraints("A97.TK8.O8.U9", "LU,A8"), 4, bids="party")) + "\n" == cli.stdout


def test_a_judged_card_names_its_cards_as_the_tables_do():
    analysis = analyse_game(GAME_DEAL, "ulti", "leaves", PLAYED)
    error = next(v for v in analysis.verdicts if v.error)
    assert (error.card, error.card_label) == (parse_card("AA"), "♣A")
    assert error.best_labels[:2] == ["♦7", "♦U"] and error.best[0] == parse_card("B7")
    assert str(error) == "trick 3: seat 2 played ♣A, -9 -> +3 (12 given away); best ♦7 ♦U ♦O ♠U ♠K ♣7 ♣9"
    assert error.as_json()["card"] == "AA"  # JSON keeps the card-list names


# -- what the package offers -------------------------------------------------------------------


def test_dir_lists_the_public_names_and_help_shows_them():
    assert dir(ulti_solver) == sorted(ulti_solver.__all__)
    text = pydoc.render_doc(ulti_solver, renderer=pydoc.plaintext)
    for name in ("solve", "best_bids", "analyse_game", "simulate", "Constraints", "settle"):
        assert f"{name}(" in text, name


def test_the_module_docstring_gives_every_public_name_its_line():
    doc = ulti_solver.__doc__
    for name in ulti_solver.__all__:
        if name.endswith("Error") and name != "UltiInputError" or name == "__version__":
            continue  # the error classes are listed together under UltiInputError
        assert name in doc, name
