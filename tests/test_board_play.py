"""``ulti board``'s Play: a person at one table seat against two bots, a whole game (R45-R50).

Whole games are played through the API (``/api/play/new``, ``/api/play/answer``) by a
scripted person: the first legal answer each time, or one drawn at random.  Every answer
the server gives before the end is scanned for card names: none may be a card the
person's seat has not seen (R40, R46: the other hands, a talon it neither laid nor
picked up).  An illegal answer is a 400 that changes nothing; an unknown id a 404; the
report of a finished game is the page of ``ulti analyse --html``.  The page itself is
driven in Chromium by tests/browser/test_board_play.py.
"""

import json
import random

import pytest

pytest.importorskip("starlette", reason='the board extra is not installed: pip install "ulti-solver[board]"')
httpx = pytest.importorskip("httpx", reason="the board's tests need httpx (the test extra)")

from ulti_solver.board.play import PlaySession, whole_deal  # noqa: E402
from ulti_solver.board.server import Limits, make_app, running  # noqa: E402
from ulti_solver.bots import make_bot  # noqa: E402
from ulti_solver.bots.table import play_game  # noqa: E402
from ulti_solver.cards import card_label, card_name, cards_of  # noqa: E402
from ulti_solver.deal import parse_deal  # noqa: E402
from ulti_solver.game.record import game_json, read_json_record  # noqa: E402
from ulti_solver.variants import make_rules  # noqa: E402

CARD_NAMES = {card_name(card) for card in range(32)}
#: A card as the words name it (an option's text: "♥A ♥T"), by its name.
BY_LABEL = {card_label(card): card_name(card) for card in range(32)}
BOOKS = ("ultiblog", "classic", "tournament", "rablo")
#: examples/games.txt's ulti as a deal before the discard (tests/whole_games.py).
WHOLE_DEAL = "7.KOU97.KU9.A97 ATU.-.AO87.TKO KO98.AT8.T.U8"


@pytest.fixture(scope="module")
def client():
    with running(make_app()) as url, httpx.Client(base_url=url, timeout=60) as client:
        yield client


def post(client, path, body):
    return client.post(path, content=json.dumps(body), headers={"Content-Type": "application/json"})


def first_legal(question, rng):
    return [] if question["ask"] == "kontra" else question["options"][0]["value"]


def at_random(question, rng):
    values = [option["value"] for option in question["options"]]
    if question["ask"] == "kontra":
        return [value for value in values if rng.random() < 0.5]
    return rng.choice(values)


def play_through(client, new, choose, seed=0):
    """A whole game through the API: every answer the server gave, from the first to the end."""
    rng = random.Random(seed)
    answer = post(client, "/api/play/new", new)
    assert answer.status_code == 200, answer.text
    states = [answer.json()]
    while not states[-1]["over"]:
        state = states[-1]
        answer = post(client, "/api/play/answer", {"id": state["id"], "answer": choose(state["question"], rng)})
        assert answer.status_code == 200, answer.text
        states.append(answer.json())
        assert len(states) < 200
    return states


def card_strings(value):
    """Every card named anywhere in a JSON value: a card's name, or its label within a text."""
    if isinstance(value, str):
        return ({value} & CARD_NAMES) | {name for label, name in BY_LABEL.items() if label in value}
    if isinstance(value, dict):
        return set().union(*(card_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_strings(v) for v in value)) if value else set()
    return set()


def known_cards(record, seat, state):
    """R40, R46 from the finished record: the cards the seat held as dealt, each talon it picked up
    (the one it holds while it is asked to lay two as well), the cards played so far, and an open
    bid's declarer's ten once the first trick is done."""
    deal = parse_deal(record["deal"])
    known = {card_name(card) for card in cards_of(deal.hands[seat])}
    view, question = state["view"], state["question"]
    actions = record["auction"][: len(view["auction"])]
    lying = None
    for action in actions:
        if action["action"] == "pick-up" and action["seat"] == seat:
            known |= set(lying)
        lying = action.get("discard", lying)
    if question is not None and actions:  # not table seat 0's opening
        turn = any(option["value"] == "pass" for option in question["options"])
        if question["ask"] == "discard" or (question["ask"] == "bid" and not turn):
            known |= set(lying)  # he has picked the talon up: it is among his twelve now
    played = record["play"][: len(view["played"])]
    assert [entry["card"] for entry in view["played"]] == played
    known |= set(played)
    if record["bid"] and "open" in record["bid"].split() and len(played) >= 3:
        game = read_json_record(json.dumps(record))
        known |= {card_name(card) for card in cards_of(game.deal().hands[0])}
    return known


def check_game(states, seat):
    """The end: the referee's record and result; before it: nothing the seat has not seen."""
    end = states[-1]
    record = end["record"]
    game = read_json_record(json.dumps(record))
    assert game_json(game) == record  # a record the referee reads back as it is
    assert [row["units"] for row in end["result"]] == list(game.result().by_seat) == record["result"]["by_seat"]
    assert sum(game.result().by_seat) == 0 and end["forfeit"] is None
    assert end["whole"]["result"]["by_seat"] == record["result"]["by_seat"]
    for state in states[:-1]:
        assert not state["over"] and "record" not in state and "whole" not in state
        assert state["seed"] is None  # the seed deals the cards: said at the end
        leaked = card_strings(state) - known_cards(record, seat, state)
        assert not leaked, f"step {state['step']}: {sorted(leaked)} shown to table seat {seat}"
    assert [state["step"] for state in states[:-1]] == list(range(1, len(states)))
    return game


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_r45_r50_a_whole_game_played_through_the_api_first_legal_answers(client, seat, book):
    states = play_through(client, {"seat": seat, "bots": "random", "rules": book, "seed": 11 + seat}, first_legal)
    game = check_game(states, seat)
    assert str(game.dealt) == str(whole_deal(11 + seat)) and game.rules.book == book and states[-1]["seed"] == 11 + seat
    assert states[0]["players"] == [None if s == seat else "random" for s in range(3)]


@pytest.mark.parametrize("games", [pytest.param(20, id="20"), pytest.param(60, id="60", marks=pytest.mark.slow)])
def test_r40_r46_random_answers_through_many_games_never_show_an_unseen_card(client, games):
    asks, played = set(), 0
    for seed in range(games):
        seat, book = seed % 3, BOOKS[seed % 4]
        states = play_through(
            client, {"seat": seat, "bots": ["random", "random"], "rules": book, "seed": seed}, at_random, seed
        )
        game = check_game(states, seat)
        asks |= {state["question"]["ask"] for state in states[:-1]}
        played += len(game.cards) == 30
    every = {"bid", "discard", "trump", "concede", "kontra", "card"}
    assert asks == every if games >= 60 else asks <= every  # sixty games put every question to the person
    assert played >= 3  # and whole plays among them


def test_the_table_stopping_at_the_person_plays_the_game_play_game_plays(client):
    """The person answering what a random bot would answer: the same game as three bots' (R50)."""
    for seed, seat in ((3, 0), (4, 1), (5, 2)):
        rules = make_rules("classic")
        session = PlaySession({"seat": seat, "seed": seed, "rules": "classic"})
        stand_in = make_bot("random")
        stand_in.new_game(seat, seed * 3 + seat)
        state = session.start()
        while not state["over"]:
            state = session.answer(read_value(session, stand_in.answer(session.request)))
        bots = [make_bot("random") for _ in range(3)]
        reference = play_game(whole_deal(seed), bots, rules=rules, seed=seed)
        assert state["record"] == game_json(reference.game)


def read_value(session, answer):
    from ulti_solver.board.play_words import answer_value

    ask = session.request.ask
    return [answer_value(ask, call) for call in answer] if ask == "kontra" else answer_value(ask, answer)


def test_a_game_dealt_without_a_seed_says_its_seed_at_the_end_and_it_deals_the_game_again(client):
    end = play_through(client, {"seat": 2}, first_legal)[-1]
    assert isinstance(end["seed"], int) and end["record"]["deal"] == str(whole_deal(end["seed"]))
    again = play_through(client, {"seat": 2, "seed": end["seed"]}, first_legal)[-1]
    assert again["record"] == end["record"]


def test_the_deal_given_is_played_and_the_same_seed_plays_the_same_game(client):
    new = {"seat": 1, "bots": "random", "seed": 7, "deal": WHOLE_DEAL}
    first = play_through(client, new, first_legal)
    again = play_through(client, new, first_legal)
    assert first[-1]["record"] == again[-1]["record"] and first[0]["id"] != again[0]["id"]
    assert first[-1]["record"]["deal"] == str(parse_deal(WHOLE_DEAL))
    assert set(first[0]["view"]["hand"]) == {card_name(c) for c in cards_of(parse_deal(WHOLE_DEAL).hands[1])}


def a_game_at(client, ask, seeds=range(40)):
    """A game waiting for the person's answer to ``ask``, and its state."""
    for seed in seeds:
        state = post(client, "/api/play/new", {"seat": seed % 3, "seed": seed}).json()
        rng = random.Random(seed)
        while not state["over"] and state["question"]["ask"] != ask:
            state = post(
                client, "/api/play/answer", {"id": state["id"], "answer": at_random(state["question"], rng)}
            ).json()
        if not state["over"]:
            return state
    raise AssertionError(f"no game asked {ask}")


def not_held(state):
    return sorted(CARD_NAMES - set(state["view"]["hand"]))


@pytest.mark.parametrize("ask", ["bid", "discard", "card", "kontra"])
def test_an_illegal_answer_is_a_400_and_the_game_is_unchanged(client, ask):
    state = a_game_at(client, ask)
    game_id = state["id"]
    before = client.get("/api/play/state", params={"id": game_id}).json()
    assert before == state
    wrong = {
        "bid": ["ulti ulti", "pickup", {"bid": "party"}, None, True],
        "discard": [not_held(state)[:2], state["view"]["hand"][:1], state["view"]["hand"][:3], "pass"],
        "card": [not_held(state)[0], [state["view"]["hand"][0]], 3, True],
        "kontra": [
            {"component": "party"},
            [{"seat": 0, "component": "nonsense", "level": 1, "before": 0}],
            [7],
            "kontra",
        ],
    }[ask]
    for answer in wrong:
        refused = post(client, "/api/play/answer", {"id": game_id, "answer": answer})
        assert refused.status_code == 400, (answer, refused.text)
        error = refused.json()["error"]
        assert error and "\n" not in error and "Traceback" not in error
        assert client.get("/api/play/state", params={"id": game_id}).json() == before
    assert post(client, "/api/play/answer", {"id": game_id}).status_code == 400  # no answer
    assert post(client, "/api/play/answer", {"id": game_id, "answer": [], "x": 1}).status_code == 400
    legal = first_legal(state["question"], None)
    assert post(client, "/api/play/answer", {"id": game_id, "answer": legal}).status_code == 200


def test_a_discard_names_its_two_cards_in_either_order(client):
    state = a_game_at(client, "discard")
    pair = state["question"]["options"][-1]["value"]
    answer = post(client, "/api/play/answer", {"id": state["id"], "answer": list(reversed(pair))})
    assert answer.status_code == 200 and answer.json()["step"] == state["step"] + 1


def test_an_unknown_game_is_a_404_and_the_board_answers_on(client):
    for answer in (
        post(client, "/api/play/answer", {"id": "no-such-game", "answer": "pass"}),
        post(client, "/api/play/answer", {"id": 12, "answer": "pass"}),
        client.get("/api/play/state", params={"id": "no-such-game"}),
        client.get("/api/play/state"),
        client.get("/api/play/report", params={"id": "no-such-game"}),
    ):
        assert answer.status_code == 404, answer.text
        assert "no game" in answer.json()["error"]
    assert post(client, "/api/play/new", {"seed": 1}).status_code == 200


@pytest.mark.parametrize(
    "new, words",
    [
        ({"seat": 3}, "seat is a whole number from 0 to 2"),
        ({"seat": True}, "seat is a whole number"),
        ({"seed": -1}, "seed is a whole number"),
        ({"bots": "nonesuch"}, "unknown bot 'nonesuch'"),
        ({"bots": ["random", "random", "random"]}, "a list of two"),
        ({"rules": "nope"}, "nope"),
        ({"deal": "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"}, "before the discard"),
        ({"deal": "nonsense"}, "the deal:"),
        ({"colour": "red"}, "unknown field"),
    ],
)
def test_a_bad_new_game_is_a_400_in_one_line(client, new, words):
    answer = post(client, "/api/play/new", new)
    assert answer.status_code == 400
    assert words in answer.json()["error"] and "\n" not in answer.json()["error"]


def report_data(page):
    return json.loads(page.text.split('<script id="report-data" type="application/json">')[1].split("</script>")[0])


def test_the_report_of_a_finished_game_is_the_page_of_analyse_html(client, ulti, tmp_path):
    """``GET /api/play/report``: the page ``ulti analyse --file GAMES --html`` writes of the game's
    record, its cards judged as that command judges them, for a game played out and one ended early."""
    ends = set()
    for seed in range(30):
        end = play_through(client, {"seat": 0, "seed": seed}, first_legal)[-1]
        played_out = len(end["record"]["play"]) == 30
        if played_out in ends:
            continue
        ends.add(played_out)
        page = client.get("/api/play/report", params={"id": end["id"]})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert page.headers["content-security-policy"].startswith("default-src 'none'")
        assert page.text.startswith("<!DOCTYPE html>") and 'src="http' not in page.text
        [shown] = report_data(page)["games"]
        assert shown["whole"]["result"]["by_seat"] == end["record"]["result"]["by_seat"]
        assert shown["whole"]["auction"] == end["whole"]["auction"]
        games = tmp_path / f"game-{seed}.jsonl"
        games.write_text(json.dumps(end["record"]) + "\n")
        cli = [
            json.loads(line) for line in ulti("analyse", "--file", str(games), "--json", "--quiet").stdout.splitlines()
        ]
        cards = [{k: v for k, v in entry.items() if k != "line"} for entry in cli if "summary" not in entry]
        assert [entry for entry in shown.get("analysis") or [] if "summary" not in entry] == cards
        assert len(cards) == (30 if played_out else len(end["record"]["play"]))
        if len(ends) == 2:
            break
    assert ends == {True, False}
    done = post(client, "/api/play/answer", {"id": end["id"], "answer": "pass"})
    assert done.status_code == 409 and "over" in done.json()["error"]


def test_the_report_comes_at_the_end(client):
    state = post(client, "/api/play/new", {"seed": 2}).json()
    answer = client.get("/api/play/report", params={"id": state["id"]})
    assert answer.status_code == 409 and "not over" in answer.json()["error"]


def test_the_games_kept_are_bounded_the_oldest_dropped():
    with running(make_app(Limits(play_games=2))) as url, httpx.Client(base_url=url, timeout=60) as http:
        ids = [post(http, "/api/play/new", {"seed": seed}).json()["id"] for seed in range(3)]
        assert http.get("/api/play/state", params={"id": ids[1]}).status_code == 200  # used: kept
        ids.append(post(http, "/api/play/new", {"seed": 3}).json()["id"])
        kept = [http.get("/api/play/state", params={"id": game_id}).status_code for game_id in ids]
        assert kept == [404, 200, 404, 200]
