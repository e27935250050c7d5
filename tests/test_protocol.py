"""The bot protocol (INTERFACE.md "Bots and matches", docs/protocol.md): the wire form, outside
engines through ``cmd:`` (tests/engine_example.py, written from the document alone), ``ulti bot``,
and ``ulti game`` played by bots or by a person typing at the terminal."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import pytest

from ulti_solver.bots import BotError, make_bot
from ulti_solver.bots.engine import EngineBot
from ulti_solver.bots.human import ChoiceError, choose
from ulti_solver.bots.protocol import (
    ProtocolError,
    answer_json,
    line,
    new_game_json,
    read_answer,
    read_request,
    request_json,
)
from ulti_solver.bots.random_bot import RandomBot
from ulti_solver.bots.table import play_game
from ulti_solver.cards import parse_card
from ulti_solver.cli.game_play import whole_deal
from ulti_solver.variants import make_rules

ENGINE = Path(__file__).resolve().parent / "engine_example.py"


def engine(*options: str) -> str:
    """The SPEC of the example engine with ``options``."""
    return "cmd:" + shlex.join([sys.executable, str(ENGINE), *options])


class Recorder(RandomBot):
    """The random bot, keeping every request it was asked and its answer."""

    def __init__(self, log):
        super().__init__()
        self.log = log

    def answer(self, request):
        answer = super().answer(request)
        self.log.append((request, answer))
        return answer


@pytest.fixture(scope="module")
def asked():
    """(request, answer) of every question of 40 random games under the four rulebooks."""
    log = []
    for seed in range(40):
        rules = make_rules(("ultiblog", "rablo", "classic", "tournament")[seed % 4])
        play_game(whole_deal(seed), [Recorder(log) for _ in range(3)], rules=rules, seed=seed)
    return log


def by_ask(asked, ask):
    return next(request for request, _answer in asked if request.ask == ask)


# -- the wire form ---------------------------------------------------------------------------------


def test_a_request_and_its_answer_go_over_the_wire_and_come_back_equal(asked):
    assert {request.ask for request, _answer in asked} >= {"bid", "discard", "trump", "concede", "kontra", "card"}
    for request, answer in asked:
        wire = json.loads(line(request_json(request, time_limit=3.0)))
        assert wire["version"] == 1 and wire["time_limit"] == 3.0
        back = read_request(wire)
        assert (back.ask, back.seat, back.view, back.legal) == (request.ask, request.seat, request.view, request.legal)
        assert (back.rules, back.standing) == (request.rules, request.standing)
        assert read_answer(request, json.loads(line(answer_json(request.ask, answer)))) == answer


def test_the_wire_names_cards_bids_suits_and_kontras_as_the_document_says(asked):
    discard = request_json(by_ask(asked, "discard"))
    assert len(discard["hand"]) == 12 and all(len(pair) == 2 for pair in discard["legal"])
    assert request_json(by_ask(asked, "trump"))["legal"] == ["bells", "leaves", "acorns"]
    assert set(request_json(by_ask(asked, "concede"))["legal"]) == {True, False}
    kontra = request_json(by_ask(asked, "kontra"))["legal"][0]
    assert set(kontra) == {"component", "level", "against"} and 1 <= kontra["level"] <= 4
    card = request_json(by_ask(asked, "card"))
    assert all(isinstance(c, str) and len(c) == 2 for c in card["legal"])
    opening = next(r for r, _a in asked if r.ask == "bid" and r.standing is None)
    assert "party" in request_json(opening)["legal"]


def test_an_answer_may_spell_a_legal_answer_another_way(asked):
    discard = by_ask(asked, "discard")
    low, high = discard.legal[0]
    names = request_json(discard)["legal"][0]
    assert read_answer(discard, list(reversed(names))) == (low, high)
    card = by_ask(asked, "card")
    symbol = "♥♦♠♣"[card.legal[0] // 8] + request_json(card)["legal"][0][1]
    assert read_answer(card, symbol) == card.legal[0]


@pytest.mark.parametrize(
    "ask, answer, words",
    [
        ("card", "XX", "not a legal answer to card"),
        ("card", 7, "not a legal answer to card"),
        ("trump", "hearts", 'the legal ones: "bells"'),
        ("concede", "no", "not a legal answer to concede"),
        ("kontra", {"component": "party", "level": 1}, "a list of legal kontras"),
    ],
)
def test_a_wrong_answer_is_refused_naming_the_ask_and_the_legal_answers(asked, ask, answer, words):
    with pytest.raises(ProtocolError, match=words):
        read_answer(by_ask(asked, ask), answer)


def test_a_kontra_said_twice_is_refused(asked):
    request = by_ask(asked, "kontra")
    call = request_json(request)["legal"][0]
    assert read_answer(request, []) == ()
    with pytest.raises(ProtocolError, match="twice"):
        read_answer(request, [call, call])


@pytest.mark.parametrize(
    "change, words",
    [
        ({"version": 2}, "protocol version 1"),
        ({"ask": "dance"}, "ask is one of"),
        ({"hand": ["HA", "QQ"]}, "hand"),
        ({"seat": 3}, "seat: a table seat"),
        ({"legal": []}, "empty"),
        ({"rules": {"book": "poker"}}, "rules"),
    ],
)
def test_a_broken_request_is_refused_naming_its_field(asked, change, words):
    wire = {**request_json(by_ask(asked, "card")), **change}
    with pytest.raises(ProtocolError, match=words):
        read_request(wire)


# -- outside engines ---------------------------------------------------------------------------------


def test_ulti_game_plays_a_game_with_the_example_engine_at_every_seat(ulti_json):
    (record,) = ulti_json("game", "--seed", "5", "--bot", engine(), "--json")
    assert record["bots"] == [engine()] * 3 and "forfeit" not in record
    assert sum(record["result"]["by_seat"]) == 0
    # the first legal answer everywhere: table seat 0 bids the party, the others pass, he throws it in
    assert record["auction"][0]["bid"] == "party" and record["throw_in"]


def test_a_random_engine_plays_against_our_bots_in_words(ulti):
    out = ulti("game", "--seed", "9", "--bot", "random", "--bot", engine("--random"), "--bot", "random").stdout
    assert "Table seat 1 (cmd:" in out and "The payment:" in out and "\ngame ultiblog\n" in out
    assert "forfeits" not in out


@pytest.mark.parametrize(
    "option, ask, why",
    [
        pytest.param("--late-after", "bid", "no answer within 1 s", marks=pytest.mark.slow),
        ("--crash-after", "bid", "exit status 3: engine_example: stopping as told"),
        ("--illegal-after", "bid", "is not a legal answer to bid"),
    ],
)
def test_an_engine_that_answers_late_crashes_or_answers_wrong_forfeits_the_game(ulti_json, option, ask, why):
    """Table seat 0 lays two cards, then is asked his bid: there the engine breaks the protocol."""
    started = time.monotonic()
    spec = engine(option, "1")
    (record,) = ulti_json(
        "game",
        "--seed",
        "4",
        "--bot",
        spec,
        "--bot",
        "random",
        "--bot",
        "random",
        "--json",
        env={"ULTI_BOT_TIMEOUT": "1"},
    )
    assert time.monotonic() - started < 8
    forfeit = record["forfeit"]
    assert (forfeit["seat"], forfeit["ask"]) == (0, ask) and why in forfeit["why"]
    assert record["result"]["by_seat"] == [-4, 2, 2]  # the plain party's 2 to each other seat (R39)


def test_the_forfeit_is_said_in_words_and_the_game_stops_there(ulti):
    out = ulti(
        "game", "--seed", "4", "--bot", engine("--crash-after", "1"), "--bot", "random", "--bot", "random", exit_code=0
    ).stdout
    assert "Table seat 0 (cmd:" in out and "forfeits the game, asked bid" in out
    assert "The payment: table seat 0 -4, table seat 1 +2, table seat 2 +2 (R50)." in out


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_an_engine_that_stopped_or_was_late_is_started_again_for_the_next_game():
    for option in ("--crash-after", "--late-after"):
        bot = EngineBot(shlex.join([sys.executable, str(ENGINE), option, "1"]), timeout=1.0)
        try:
            others = [RandomBot(), RandomBot()]
            for seed in (1, 2):
                played = play_game(whole_deal(seed), [bot, *others], seed=seed)
                assert played.forfeit is not None and played.forfeit.ask == "bid", played.forfeit
        finally:
            bot.close()
        assert bot.process is None


@pytest.mark.parametrize(
    "spec, words",
    [
        ("cmd:no-such-program-of-ulti --x", "cannot start the engine cmd:no-such-program-of-ulti --x"),
        (f"cmd:{shlex.quote(sys.executable)} no-such-script.py", "stopped at once"),
        ("cmd:'unclosed", "cmd:'unclosed"),
    ],
)
def test_a_bad_cmd_is_a_clear_error_before_any_game(ulti, bad_input, spec, words):
    bad_input(ulti("game", "--seed", "1", "--bot", spec), words)


def test_our_own_bot_behind_ulti_bot_plays_as_an_outside_engine(ulti_json):
    ours = "cmd:" + shlex.join([sys.executable, "-m", "ulti_solver", "bot", "random"])
    (record,) = ulti_json("game", "--seed", "3", "--bot", "random", "--bot", ours, "--bot", "random", "--json")
    assert "forfeit" not in record and record["bots"][1] == ours
    assert sum(record["result"]["by_seat"]) == 0


# -- ulti bot ------------------------------------------------------------------------------------------


def test_ulti_bot_answers_each_request_piped_in_and_an_error_for_a_bad_line(ulti, asked):
    requests = [by_ask(asked, ask) for ask in ("discard", "trump", "kontra", "card")]
    lines = [line(new_game_json(1, 7))] + [line(request_json(r)) for r in requests] + ["not json", "", "{}"]
    out = ulti("bot", "random", input="\n".join(lines) + "\n", exit_code=0).stdout.splitlines()
    assert len(out) == len(requests) + 2  # no answer to the notice nor to the blank line
    for request, text in zip(requests, out):
        read_answer(request, json.loads(text))  # legal, or it raises
    assert "not a JSON value" in json.loads(out[-2])["error"]
    assert "protocol version" in json.loads(out[-1])["error"]


@pytest.mark.parametrize("spec", ["cmd:python engine.py", "no-such-bot"])
def test_ulti_bot_runs_only_our_fair_bots(ulti, bad_input, spec):
    bad_input(ulti("bot", spec))


# -- ulti game with bots and a person ------------------------------------------------------------------


def test_the_seed_deals_twelve_cards_to_table_seat_0_and_replays_the_same_game(ulti_json):
    deal = whole_deal(11)
    assert deal.before_discard and [bin(h).count("1") for h in deal.hands] == [12, 10, 10]
    first = ulti_json("game", "--seed", "11", "--bot", "random", "--json")
    assert first == ulti_json("game", "--seed", "11", "--bot", "random", "--json")
    assert first[0]["deal"] == str(deal)


def test_a_deal_given_is_played_and_its_record_reads_back(ulti, ulti_json):
    deal = str(whole_deal(21))
    text = ulti("game", deal, "--bot", "random", "--rules", "tournament", "--json", exit_code=0).stdout
    assert json.loads(text)["rules"] == "tournament"
    if "forfeit" not in text:
        assert ulti_json("game", "--file", "-", "--json", input=text)[0]["result"] == json.loads(text)["result"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--file", "-", "--bot", "random"], "--file reads game records"),
        (["--bot", "random", "--bot", "random"], "one --bot for all three seats"),
        (["--you", "1", "--bot", "random", "--bot", "random", "--bot", "random"], "with --you"),
        (["--seed", "1", "--bot", "poker"], "unknown bot 'poker'"),
        (["A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8", "--bot", "random"], "before the discard"),
    ],
)
def test_a_game_asked_wrongly_is_refused(ulti, bad_input, args, words):
    bad_input(ulti("game", *args, input=""), words)


def test_a_person_plays_a_seat_typing_numbers_and_names(ulti):
    typed = "x\n99\n" + "1\n" * 80
    result = ulti("game", "--seed", "12", "--bot", "random", "--you", "1", input=typed, exit_code=0)
    out = result.stdout
    assert out.startswith("You play table seat 1 against table seat 0: random, table seat 2: random.")
    assert "-- Table seat 1, your turn: pass, or pick up the talon" in out
    assert "Not a choice: " in out and "99 is not a number from 1 to 2" in out
    assert "Your cards: " in out and "1) pass   2) pick up the talon" in out
    assert "The payment: " in out and "\ngame ultiblog\n" in out


def test_a_person_opens_throws_in_or_plays_names_the_trump_in_hungarian_and_leads(ulti):
    """Table seat 0 against two engines that always pass: the party stands, then R49's question,
    the trump (zöld: leaves), the declarer's concession question (R39), and the cards."""
    typed = "1 2\nparty\npass\nnem\nzöld\nno\n" + "1\n" * 12
    out = ulti("game", "--seed", "12", "--you", "0", "--bot", engine(), input=typed, exit_code=0).stdout
    assert "Table seat 0 lays ♥T ♥U and bids party." in out
    assert "throw your plain party in (R49), or play it?" in out and "1) yes, throw it in   2) no, play" in out
    assert "Table seat 0 names the trump: leaves." in out
    assert "give the game up before your first lead (R39), or play?" in out
    assert "Trick 10: " in out and "The payment: " in out


def test_a_person_who_ends_the_input_leaves_the_game_unfinished(ulti):
    result = ulti("game", "--seed", "12", "--bot", "random", "--you", "1", input="1\n")
    assert result.exit_code == 130
    assert "The input ended before the game did" in result.stderr


def test_a_person_s_choices_are_read_by_number_or_by_name(asked):
    card = by_ask(asked, "card")
    assert choose(card, "1") in card.legal
    name = request_json(card)["legal"][-1]
    assert choose(card, name) == parse_card(name)
    with pytest.raises(ChoiceError, match="not allowed now"):
        choose(card, next(c for c in ("HA", "BA", "LA", "AA", "H7") if parse_card(c) not in card.legal))
    turn = next(r for r, _a in asked if r.ask == "bid" and "pass" in r.legal)
    assert choose(turn, "passz") == "pass" and choose(turn, "Pass") == "pass"
    kontra = by_ask(asked, "kontra")
    assert choose(kontra, "") == () and choose(kontra, "1") == (kontra.legal[0],)
    discard = by_ask(asked, "discard")
    assert choose(discard, "1 2") in discard.legal
    concede = by_ask(asked, "concede")
    assert choose(concede, "igen") is True and choose(concede, "no") is False


def test_random_bots_finish_games_whose_results_add_up_to_zero():
    for seed in range(20):
        played = play_game(whole_deal(seed), [RandomBot(), RandomBot(), RandomBot()], seed=seed)
        assert sum(played.by_seat) == 0 and played.forfeit is None


def test_make_bot_reads_cmd_into_an_engine_and_refuses_an_empty_one():
    bot = make_bot(engine())
    try:
        assert isinstance(bot, EngineBot) and bot.name == engine()
    finally:
        bot.close()
    with pytest.raises(BotError):
        make_bot("cmd:")


def test_an_outside_engine_plays_a_duplicate_match_and_its_forfeits_are_counted(ulti_json):
    """INTERFACE.md "Bots and matches": an engine written from docs/protocol.md alone plays
    through ulti match; one that crashes loses those games by concession, and the match goes on."""
    rows = ulti_json("match", "--bot", engine("--random"), "--bot", "random", "--deals", "1", "--seed", "5", "--json")
    bots = [row for row in rows if "bot" in row]
    assert len(bots) == 2 and all(row["deals"] == 1 for row in bots)
    assert bots[0]["forfeits"] == 0 and sum(row["mean"] for row in bots) == pytest.approx(0)
    crashing = engine("--crash-after", "3")
    rows = ulti_json("match", "--bot", crashing, "--bot", "random", "--deals", "1", "--seed", "5", "--json")
    (engine_row,) = [row for row in rows if row.get("bot") == crashing]
    assert engine_row["deals"] == 1 and engine_row["forfeits"] > 0
