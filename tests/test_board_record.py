"""``ulti board``: a whole-game record opened on the board (``POST /api/record``, R45-R50).

A good record is answered with the record as the referee writes it, its
words (the report's auction panel data), the fields of the board's own
requests for its play, and its steps from the deal to the result; a
broken one with a 400 that carries the referee's message, the rule, the
part and the action's index, and the board goes on serving.  The page's
stepping is driven in Chromium by tests/browser/test_whole_game_pages.py.
"""

import json

import pytest
from whole_games import first_legal_game, thrown_in_game, ulti_game

pytest.importorskip("starlette", reason='the board extra is not installed: pip install "ulti-solver[board]"')
httpx = pytest.importorskip("httpx", reason="the board's tests need httpx (the test extra)")

from ulti_solver.board.record import record_answer  # noqa: E402
from ulti_solver.board.server import Limits, make_app, running  # noqa: E402
from ulti_solver.game.record import game_json  # noqa: E402
from ulti_solver.report.whole import whole_game_data  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with running(make_app()) as url, httpx.Client(base_url=url, timeout=60) as client:
        yield client


@pytest.fixture(scope="module")
def ulti_record():
    return game_json(ulti_game())


def post(client, record) -> httpx.Response:
    body = record if isinstance(record, (str, bytes)) else json.dumps(record)
    return client.post("/api/record", content=body, headers={"Content-Type": "application/json"})


def test_r45_r50_a_record_is_answered_with_its_words_its_board_fields_and_its_steps(client, ulti_record):
    answer = post(client, ulti_record)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["record"] == ulti_record  # the referee's record, its result with it
    assert data["whole"] == json.loads(json.dumps(whole_game_data(ulti_game())))
    assert data["board"] == {
        "deal": "ATU.K9.A87.TK KO98.AT8.T.U8 7.OU7.KU9.A97 -.-.O.O",  # R5 seats, the talon lying (R45)
        "bid": "ulti",
        "trump": "leaves",
        "rules": "ultiblog",
        "variants": [],
        "table": "classic",
    }
    steps = data["steps"]
    kinds = [step["kind"] for step in steps]
    assert kinds[:7] == ["deal", "auction", "auction", "auction", "auction", "auction", "trump"]
    assert kinds.count("card") == 30 and kinds.count("kontra") == 2 and kinds[-1] == "result"
    assert len(steps) == 1 + 5 + 1 + 2 + 30 + 1


def test_r46_each_auction_step_has_the_hands_as_it_left_them_in_table_seats(client, ulti_record):
    steps = post(client, ulti_record).json()["steps"]
    deal, opened, picked = steps[0], steps[1], steps[2]
    assert [len(hand) for hand in deal["hands"]] == [12, 10, 10] and deal["talon"] is None
    assert deal["text"] == "The deal: table seat 0 holds twelve cards, the others ten (R45)."
    assert [len(hand) for hand in opened["hands"]] == [10, 10, 10] and opened["talon"] == ["B9", "BK"]
    assert opened["text"] == "table seat 0: lays two cards face down and bids party"
    assert "BK" in picked["hands"][1] and picked["talon"] == ["LO", "AO"]  # picked up, and two others laid
    assert picked["text"] == "table seat 1: picks up the talon, lays two cards face down and bids ulti"
    assert [step["actions"] for step in steps[:7]] == [0, 1, 2, 3, 4, 5, 5]
    assert all("played" not in step for step in steps[:6])


def test_r48_the_kontras_come_at_their_moment_and_the_play_steps_carry_what_was_said(client, ulti_record):
    steps = post(client, ulti_record).json()["steps"]
    play = [(s["kind"], s["played"], s["kontra"]) for s in steps[6:12]]
    assert play == [
        ("trump", 0, ""),
        ("card", 1, ""),
        ("kontra", 1, "ulti=1"),  # table seat 2, before his card (R5 seat 1: with 1 played)
        ("card", 2, "ulti=1"),
        ("card", 3, "ulti=1"),
        ("kontra", 3, "ulti=2"),  # the declarer's rekontra at the start of the second trick
    ]
    assert steps[6]["text"] == "table seat 1 is the declarer: ulti, leaves trump; he leads (R45, R46)."
    assert steps[7]["text"] == "card 1: table seat 1 plays ♥U" and steps[8]["text"] == "table seat 2: ulti kontra"
    assert steps[-1]["text"] == "party lost (-1), ulti made (+16): each defender pays the declarer 15 units"
    assert (steps[-1]["played"], steps[-1]["kontra"]) == (30, "ulti=2")


def test_a_play_step_is_a_position_the_board_values_as_ulti_solve_does(client, ulti_record, ulti):
    data = post(client, ulti_record).json()
    step = data["steps"][8]  # the kontra said before card 2
    fields = {**data["board"], "kontra": step["kontra"], "play": data["record"]["play"][: step["played"]]}
    answer = client.post("/api/solve", json=fields)
    assert answer.status_code == 200, answer.text
    board = data["board"]
    cli = ulti(
        "solve", board["deal"], "--bid", board["bid"], "--trump", board["trump"], "--kontra", "ulti=1",
        "--play", " ".join(fields["play"]), "--cards", "--value", "--json",
    )  # fmt: skip
    assert cli.exit_code == 0, cli.stderr
    assert answer.text == cli.stdout


def test_r49_a_thrown_in_record_steps_from_the_auction_to_the_result(client):
    steps = post(client, game_json(thrown_in_game())).json()["steps"]
    assert [step["kind"] for step in steps] == [
        "deal",
        "auction",
        "auction",
        "auction",
        "auction",
        "throw-in",
        "result",
    ]
    assert steps[-2]["text"] == "Table seat 0 threw the deal in with his plain party standing (R49)."
    assert steps[-1]["text"] == "party lost (-2): the declarer pays each defender 2 units"
    assert all("played" not in step for step in steps)


def test_r39_a_conceded_record_ends_with_the_concession(client):
    game = first_legal_game(concede_at=4)
    steps = post(client, game_json(game)).json()["steps"]
    assert [step["kind"] for step in steps][-3:] == ["card", "concede", "result"]
    assert steps[-2]["text"] == "The declarer conceded with 4 cards played (R39)." and steps[-2]["played"] == 4
    (trump,) = [step for step in steps if step["kind"] == "trump"]
    assert trump["text"] == "table seat 2 is the declarer: betli; he leads (R45, R46)." and trump["actions"] == 6


def broken(record: dict, change) -> dict:
    record = json.loads(json.dumps(record))
    change(record)
    return record


#: Records that break a rule, each with (rule, part, index) and the start of the referee's message.
BROKEN = {
    "a seat out of turn": (
        lambda r: r["auction"][0].update(seat=1),
        ("R46", "auction", 0),
        "auction action 0 (1: bid party): it is table seat 0's turn (R46)",
    ),
    "a bid that beats nothing": (
        lambda r: r["auction"][1].update(bid="party"),
        ("R47", "auction", 1),
        "auction action 1 (1: pick-up party): party does not beat the standing party (R47)",
    ),
    "an auction with no end": (
        lambda r: r["auction"].pop(),
        ("R46", "auction", 4),
        "the auction does not end: it is table seat 1's turn",
    ),
    "a kontra out of its moment": (
        lambda r: r["kontra"][0].update(before=0),
        ("R48", "kontra", 0),
        "kontra 0 (2: ulti kontra, 0 cards played): a defender says his kontras on his turn in the first trick",
    ),
    "a revoke": (
        lambda r: r["play"].__setitem__(1, "BT"),
        ("R9", "play", 2),
        "card 2 (♦T, trick 1): seat 1 may not play it: it must follow suit",
    ),
    "a throw-in after a bid over the party": (
        lambda r: r.update(throw_in=True),
        ("R49", "throw-in", 0),
        "only table seat 0's first bid of the plain party, standing, may be thrown in (R49)",
    ),
    "a play that stops": (
        lambda r: r.update(play=r["play"][:20]),
        ("R8", "play", 20),
        "the play stops after 20 cards",
    ),
}


@pytest.mark.parametrize("name", BROKEN)
def test_a_broken_record_is_a_400_naming_the_rule_and_the_board_keeps_serving(client, ulti_record, name):
    change, (rule, part, index), message = BROKEN[name]
    answer = post(client, broken(ulti_record, change))
    assert answer.status_code == 400
    data = answer.json()
    assert (data["rule"], data["part"], data["index"]) == (rule, part, index)
    assert data["error"].startswith(message), data["error"]
    assert post(client, ulti_record).status_code == 200  # and the next record is read as ever


@pytest.mark.parametrize(
    "body, start",
    [
        ("not a record", "not a JSON game record at column 1"),
        ("[1, 2]", "a game record is a JSON object, not"),
        (
            '{"deal": "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"}',
            "the deal of a whole game is before the discard",
        ),
    ],
)
def test_r45_what_is_no_game_record_is_a_400_naming_r45(client, body, start):
    answer = post(client, body)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(start) and answer.json()["rule"] == "R45"


def test_a_record_that_is_not_utf8_or_too_large_or_got_is_refused_in_one_line(client, ulti_record):
    answer = post(client, b"\xff\xfe{")
    assert answer.status_code == 400 and answer.json() == {"error": "the request is not UTF-8 text"}
    assert client.get("/api/record").status_code == 405
    with running(make_app(Limits(body_bytes=1000))) as url, httpx.Client(base_url=url, timeout=60) as small:
        assert post(small, ulti_record).status_code == 413
        assert post(small, "x").status_code == 400


def test_record_answer_needs_no_server(ulti_record):
    """The steps are built without the web (ulti_solver.board.record), in the language of the run."""
    from ulti_solver import i18n

    with i18n.using("hu"):
        data = record_answer(json.dumps(ulti_record))
    assert data["steps"][1]["text"] == "0. asztali hely: két lapot lefordítva letesz, licit: parti"
    assert data["steps"][7]["text"] == "1. lap: 1. asztali hely kijátssza: ♥U"
    assert data["record"] == ulti_record
