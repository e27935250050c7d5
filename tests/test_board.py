"""``ulti board``: the server's answers against the command line's, its limits, and the command.

The answers are compared with what ``ulti solve ... --json`` and ``ulti
analyse ... --json`` print for the same game, character for character.
The page itself is driven in Chromium by tests/browser/.
"""

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import urllib.parse

import pytest

pytest.importorskip("starlette", reason='the board extra is not installed: pip install "ulti-solver[board]"')
httpx = pytest.importorskip("httpx", reason="the board's tests need httpx (the test extra)")

from ulti_solver.board import answers  # noqa: E402
from ulti_solver.board.answers import board_query, read_game  # noqa: E402
from ulti_solver.board.server import Busy, Limits, Searches, make_app, running  # noqa: E402

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: examples/games.txt, line 8: an ulti in leaves, seat 2's blunder in trick 3.
ULTI_DEAL = "ATU.K9.A87.TK KO98.AT8.T.U8 7.OU7.KU9.A97 -.-.O.O"
ULTI_PLAY = "HU HO H7 H8 L9 HT AA AK A8 B7 B9 BT H9 LU HA BU BK BA HK LK LA AT AU A7 L8 LT BO B8 A9 L7".split()


@contextlib.contextmanager
def board(limits=Limits()):
    """A client of the board served on a thread of this process, on a free port of 127.0.0.1."""
    with running(make_app(limits)) as url, httpx.Client(base_url=url, timeout=60) as client:
        yield client


@pytest.fixture(scope="module")
def client():
    with board() as client:
        yield client


def cli_args(game: dict) -> list:
    """The options of ``ulti solve``/``ulti analyse`` that say what a board request says."""
    args = [game["deal"], "--bid", game["bid"]]
    args += ["--trump", game["trump"]] if game.get("trump") else []
    args += ["--rules", game["rules"]] if game.get("rules") else []
    args += [arg for name in game.get("variants", []) for arg in ("--variant", name)]
    args += ["--table", game["table"]] if game.get("table") else []
    args += [
        arg
        for spec in ([game["kontra"]] if isinstance(game.get("kontra"), str) else game.get("kontra", []))
        for arg in ("--kontra", spec)
    ]
    play = game.get("play") or []
    play = " ".join(play) if isinstance(play, list) else play
    args += ["--play", play] if play else []
    return args


GAMES = [
    {"deal": DEAL, "bid": "party", "trump": "bells"},
    {"deal": DEAL, "bid": "party", "trump": "bells", "play": "BT BA BU"},
    {"deal": DEAL, "bid": "party", "trump": "bells", "play": ["BT", "BA"]},
    {"deal": ULTI_DEAL, "bid": "ulti", "trump": "leaves", "play": ULTI_PLAY[:7], "kontra": "ulti"},
    {"deal": ULTI_DEAL, "bid": "ulti", "trump": "zöld", "play": ULTI_PLAY},  # the game over: no card to value
    {"deal": DEAL, "bid": "40-100 ulti", "trump": "leaves", "rules": "tournament", "play": "BT"},
    {"deal": DEAL, "bid": "betli", "play": "HA H8", "kontra": ["1:betli=2"]},
    {
        "deal": "PA,P9,P7,TT,TK,T8,ZO,Z8,MU,M9 8.A97.A97.ATO TKOU.OU.TK.K7",
        "bid": "red party",
        "variants": ["free-seven"],
        "table": "tournament",
    },
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['bid']} after {len(g.get('play') or [])}")
def test_the_solve_answer_is_what_ulti_solve_prints(client, game, ulti):
    answer = client.post("/api/solve", json=game)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    cli = ulti("solve", *cli_args(game), "--cards", "--value", "--json")
    assert cli.exit_code == 0, cli.stderr
    assert answer.text == cli.stdout


def test_the_best_line_is_what_ulti_solve_line_prints(client, ulti):
    game = {"deal": DEAL, "bid": "party", "trump": "bells", "play": "BT BA BU"}
    answer = client.post("/api/solve", json={**game, "line": True})
    cli = ulti("solve", *cli_args(game), "--cards", "--value", "--line", "--json")
    assert answer.status_code == 200 and answer.text == cli.stdout
    assert len(json.loads(answer.text)["line"]) == 27


@pytest.mark.parametrize("cards", [0, 7, 18, 30])
def test_the_analysis_is_what_ulti_analyse_prints(client, cards, ulti):
    game = {"deal": ULTI_DEAL, "bid": "ulti", "trump": "leaves", "play": ULTI_PLAY[:cards], "kontra": "ulti"}
    answer = client.post("/api/analyse", json=game)
    assert answer.status_code == 200, answer.text
    cli = ulti("analyse", *cli_args(game), "--json") if cards else None
    if cli is not None:
        assert answer.text == cli.stdout
    objects = [json.loads(line) for line in answer.text.splitlines()]
    assert len(objects) == cards + 1 and "summary" in objects[-1]


#: Bad input, each as the page would send it and as the command line would take it, and what the
#: board puts before the command line's problem: the page's field where the command line names its
#: option ("Invalid value for '--bid': ..."), nothing where the message names its thing already.
BAD = [
    ({"deal": DEAL[:-1] + "7", "bid": "party", "trump": "bells"}, ""),
    ({"deal": DEAL, "bid": "partyx", "trump": "bells"}, "bad bid: "),
    ({"deal": DEAL, "bid": "party", "trump": "spades"}, "bad trump: "),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "kontra": "ulti"}, "bad kontra: "),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "kontra": "foo=9"}, "bad kontra: "),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "play": "BT BA XX"}, ""),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "play": "BT BA LK"}, ""),
    ({"deal": DEAL, "bid": "40-100 20-100", "trump": "bells"}, "bad bid: "),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "rules": "nonsense"}, ""),
    ({"deal": DEAL, "bid": "party", "trump": "bells", "variants": ["free-sevens"]}, ""),
    ({"deal": "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7", "bid": "party", "trump": "bells"}, ""),
]


@pytest.mark.parametrize("game, field", BAD, ids=range(len(BAD)))
def test_bad_input_is_a_400_with_the_command_lines_problem_under_the_pages_field(client, game, field, ulti):
    answer = client.post("/api/solve", json=game)
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert message.startswith(field) and not re.search(r"--[a-z]", message), message  # no option named
    cli = ulti("solve", *cli_args(game), "--cards", "--value", "--json")
    assert cli.exit_code == 2
    assert message[len(field) :] in cli.stderr, (message, cli.stderr)
    assert "\n" not in message and "Traceback" not in message


#: Issue 31, item 7: what the command line says with an option the board says with its field.
IN_THE_PAGES_WORDS = [
    ({"bid": "betli", "trump": "bells"}, "betli is played without trump, not with bells", "nem bells aduval"),
    ({"bid": "red party", "trump": "leaves"}, "a red bid plays hearts as trump (R28), not leaves", "nem leaves"),
    ({"bid": "party"}, "a played party game has one trump: choose bells, leaves or acorns", "válaszd a tököt"),
    ({"bid": "zzz", "trump": "bells"}, "bad bid: unknown bid word 'zzz'", "hibás licit: ismeretlen licitszó"),
    ({"bid": "party", "trump": "zzz"}, "bad trump: unknown trump 'zzz'", "hibás adu: ismeretlen adu"),
    ({"bid": "party", "trump": "bells", "kontra": "zzz"}, "bad kontra: 'zzz' is not", "hibás kontra: 'zzz'"),
    ({"bid": "party", "trump": "bells", "kontra": ["betli"]}, "bad kontra: betli is not a", "hibás kontra: betli"),
    ({"bid": "party", "trump": 3}, "trump is text (the trump suit", "a(z) trump szöveg (az adu színe"),
]


@pytest.mark.parametrize("fields, english, hungarian", IN_THE_PAGES_WORDS, ids=range(len(IN_THE_PAGES_WORDS)))
def test_the_board_names_its_fields_not_the_command_lines_options(client, fields, english, hungarian):
    from ulti_solver import i18n

    for language, words in (("en", english), ("hu", hungarian)):
        with i18n.using(language):  # the server answers in the language of the run, as the page
            answer = client.post("/api/solve", json={"deal": DEAL, **fields})
        message = answer.json()["error"]
        assert answer.status_code == 400 and words in message, message
        assert not re.search(r"--[a-z]", message) and "Invalid value" not in message and "Érvénytelen" not in message


@pytest.mark.parametrize(
    "body, words",
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "a JSON object"),
        (b"\xff\xfe", "not UTF-8"),
        (json.dumps({"deal": DEAL, "bid": "party", "trump": "bells", "hand": 1}).encode(), "unknown field 'hand'"),
        (json.dumps({"deal": DEAL, "bid": 5}).encode(), "bid is text"),
        (json.dumps({"deal": DEAL, "bid": "party", "trump": "bells", "play": 7}).encode(), "play is text or a list"),
        (json.dumps({"deal": DEAL, "bid": "party", "trump": "bells", "line": "yes"}).encode(), "line is true or false"),
        (json.dumps({"bid": "party"}).encode(), "no deal"),
        (json.dumps({"deal": DEAL, "bid": "party", "kontra": [1]}).encode(), "kontra is text or a list"),
    ],
)
def test_a_malformed_request_is_a_400_in_one_line(client, body, words):
    answer = client.post("/api/solve", content=body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_a_body_over_the_limit_is_refused_413_before_it_is_read_whole(client):
    big = json.dumps({"deal": DEAL, "bid": "party " * 20_000}).encode()
    assert client.post("/api/solve", content=big).status_code == 413

    def chunks():  # no Content-Length: the limit holds while reading
        for _ in range(100):
            yield b" " * 1024

    answer = client.post("/api/solve", content=chunks())
    assert answer.status_code == 413
    assert answer.json() == {"error": "the request is larger than 65536 bytes, the board's limit"}


def test_unknown_paths_methods_and_hosts_are_refused(client):
    assert client.get("/nothing").status_code == 404
    assert client.get("/api/solve").status_code == 405
    assert client.get("/static/../answers.py").status_code == 404
    assert client.get("/", headers={"Host": "attacker.example"}).status_code == 400  # DNS rebinding


def test_the_page_and_its_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    scripts = re.findall(r'<script src="([^"]+)"', page.text)
    assert scripts == [
        "/static/cards.js",
        "/static/graph.js",
        "/static/auction.js",
        "/static/board-form.js",
        "/static/board.js",
        "/static/board-record.js",
        "/static/board-play.js",
    ]
    for path in scripts + re.findall(r'<link rel="stylesheet" href="([^"]+)"', page.text):
        assert client.get(path).status_code == 200
    meta = json.loads(re.search(r'<script id="board-meta" type="application/json">(.*?)</script>', page.text).group(1))
    assert {"ultiblog", "tournament"} <= {book["name"] for book in meta["rulebooks"]}
    assert meta["cards"]["LO"]["hu"] == "zöld felső"
    assert "random" in {bot["name"] for bot in meta["bots"]}  # Play's bots: the registry's kinds


def test_the_report_of_the_board_is_the_page_of_analyse_html(client, ulti):
    query = board_query(ULTI_DEAL, "ulti", "leaves", [], kontra=("ulti",))
    query += "&play=" + urllib.parse.quote(" ".join(ULTI_PLAY))
    page = client.get("/report?" + query)
    assert page.status_code == 200
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    data = json.loads(re.search(r'<script id="report-data" type="application/json">(.*?)</script>', page.text).group(1))
    cli = ulti(
        "analyse",
        ULTI_DEAL,
        "--bid",
        "ulti",
        "--trump",
        "leaves",
        "--kontra",
        "ulti",
        "--play",
        " ".join(ULTI_PLAY),
        "--json",
    )
    assert data["games"][0]["analysis"] == [json.loads(line) for line in cli.stdout.splitlines()]
    assert client.get("/report?deal=x&bid=party&trump=bells").status_code == 400
    assert client.get("/report?" + query + "&seat=1").json() == {"error": "unknown field 'seat' in the address"}


# -- Limits: time and waiting searches ------------------------------------------------------


def test_a_search_over_the_time_limit_is_a_503_and_the_server_answers_on(monkeypatch):
    release = threading.Event()

    def stuck(game, with_line=False):
        release.wait(10)
        return {}

    monkeypatch.setattr("ulti_solver.board.server.solve_object", stuck)
    with board(Limits(seconds=0.5)) as client:
        answer = client.post("/api/solve", json=GAMES[0])
        assert answer.status_code == 503
        assert answer.json() == {"error": "the search took longer than 0.5 s and was given up"}
        assert answer.headers["retry-after"] == "1"
        release.set()  # the stuck search ends; the next one (stubbed, instant) is answered
        again = client.post("/api/solve", json=GAMES[1])
        assert (again.status_code, again.json()) == (200, {})


def test_searches_beyond_the_workers_and_the_waiting_room_are_refused():
    async def scenario():
        searches = Searches(Limits(workers=1, waiting=1, seconds=5))
        release = threading.Event()
        first = asyncio.ensure_future(searches.run(release.wait, 5))
        second = asyncio.ensure_future(searches.run(lambda: "second"))
        await asyncio.sleep(0)
        with pytest.raises(Busy, match="the board is busy: 2 searches under way or waiting"):
            await searches.run(lambda: "third")
        release.set()
        assert await first is True and await second == "second"
        assert await searches.run(lambda: "fourth") == "fourth"  # room again once they are done
        searches.close()

    asyncio.run(scenario())


def test_searches_run_off_the_event_loop_so_the_page_is_answered_meanwhile(monkeypatch):
    entered, release = threading.Event(), threading.Event()

    def slow(game, with_line=False):
        entered.set()
        release.wait(20)
        return {"slow": True}

    monkeypatch.setattr("ulti_solver.board.server.solve_object", slow)
    with running(make_app()) as url:
        results = {}
        worker = threading.Thread(
            target=lambda: results.setdefault("slow", httpx.post(url + "api/solve", json=GAMES[0], timeout=30))
        )
        worker.start()
        assert entered.wait(20)
        page = httpx.get(url, timeout=10)  # answered while the search holds its worker
        assert page.status_code == 200 and not release.is_set()
        release.set()
        worker.join(30)
    assert results["slow"].json() == {"slow": True}


# -- A thousand requests --------------------------------------------------------------------


def mixed_requests(count: int, seed: int = 25):
    """Good, malformed and oversized requests, shuffled: (path, body bytes)."""
    rng = random.Random(seed)
    good_game = {"deal": ULTI_DEAL, "bid": "ulti", "trump": "leaves"}
    bodies = []
    for i in range(count):
        kind = i % 10
        cards = ULTI_PLAY[: rng.randrange(12, 31)]
        if kind in (0, 1, 2):
            body = {**good_game, "play": cards}
            bodies.append(("/api/solve", json.dumps(body).encode()))
        elif kind == 3:
            bodies.append(
                ("/api/analyse", json.dumps({**good_game, "play": ULTI_PLAY[: rng.randrange(24, 31)]}).encode())
            )
        elif kind == 4:
            bodies.append(
                ("/api/solve", json.dumps({**good_game, "play": cards[:-1] + ["HA"]}).encode())
            )  # illegal card
        elif kind == 5:
            text = json.dumps({**good_game, "play": cards}).encode()
            bodies.append(
                (rng.choice(["/api/solve", "/api/analyse"]), text[: rng.randrange(1, len(text))])
            )  # cut short
        elif kind == 6:
            bodies.append(
                (
                    "/api/solve",
                    json.dumps({**good_game, "deal": rng.choice(["", "x" * 5000, ULTI_DEAL + " HA"])}).encode(),
                )
            )
        elif kind == 7:
            bodies.append(("/api/solve", b"{" + b'"deal": "' + b"A" * 70_000 + b'"}'))  # oversized
        elif kind == 8:
            bodies.append(("/api/analyse", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))))  # noise
        else:
            bodies.append(
                (
                    "/api/solve",
                    json.dumps({**good_game, "bid": rng.choice(["ulti ulti", "", "x" * 300]), "trump": [1]}).encode(),
                )
            )
    rng.shuffle(bodies)
    return bodies


@pytest.mark.slow
def test_a_thousand_mixed_requests_get_200_400_or_413_and_no_traceback(capfd):
    statuses = {}
    with running(make_app()) as url, httpx.Client(base_url=url, timeout=60) as http:
        for path, body in mixed_requests(1000):
            answer = http.post(path, content=body, headers={"Content-Type": "application/json"})
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
            assert answer.status_code in (200, 400, 413), (path, body[:200], answer.text)
            assert "Traceback" not in answer.text
            if answer.status_code != 200:
                error = answer.json()["error"]
                assert error and "\n" not in error
    assert sum(statuses.values()) == 1000 and statuses[200] >= 300 and statuses[413] >= 100
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "internal error" not in captured.err


# -- The command ----------------------------------------------------------------------------


def test_print_url_opens_the_board_on_the_game_and_needs_no_server(ulti):
    result = ulti(
        "board",
        "--print-url",
        DEAL,
        "--bid",
        "40-100 ulti",
        "--trump",
        "zöld",
        "--play",
        "♦T ♦A ♦U",
        "--kontra",
        "ulti=2",
    )
    assert result.exit_code == 0, result.stderr
    url = urllib.parse.urlsplit(result.stdout.strip())
    assert (url.scheme, url.netloc, url.path) == ("http", "127.0.0.1:8765", "/")
    query = urllib.parse.parse_qs(url.query)
    assert query == {
        "deal": [DEAL],
        "bid": ["40-100 ulti"],
        "trump": ["leaves"],
        "kontra": ["ulti=2"],
        "play": ["BT BA BU"],
    }
    game = read_game({key: values[0] for key, values in query.items()})
    assert len(game.played) == 3 and game.kontra.as_json() == {"ulti": 2}


def test_print_url_checks_the_game_as_the_page_would(ulti):
    result = ulti("board", "--print-url", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA LK")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: bad play: card 3 (♠K, trick 1): seat 2 may not play it: it must follow suit with ♦O ♦U (R9)"
    )


def test_without_the_extra_the_board_says_how_to_install_it(monkeypatch, ulti):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn fails as where it is not installed
    result = ulti("board", "--no-browser")
    assert result.exit_code == 2
    assert result.stderr.strip() == 'Error: the board needs its web server: pip install "ulti-solver[board]"'


def test_a_port_in_use_is_bad_input_in_one_line(ulti):
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = ulti("board", "--no-browser", "--port", str(port))
    assert result.exit_code == 2
    assert re.fullmatch(
        rf"Error: cannot listen on 127\.0\.0\.1:{port}: .+; choose another --port \(0 picks a free one\) or --host",
        result.stderr.strip(),
    )


def test_the_board_listens_on_127_0_0_1_says_where_and_stops_on_sigterm(ulti_argv):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        ulti_argv("board", "--no-browser", "--port", "0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        first = server.stdout.readline()
        match = re.fullmatch(
            r"The board is at (http://127\.0\.0\.1:(\d+)/) \(listening on 127\.0\.0\.1; Ctrl-C stops it\)\n", first
        )
        assert match, first
        answer = httpx.post(match.group(1) + "api/solve", json=GAMES[1], timeout=30)
        assert answer.status_code == 200 and json.loads(answer.text)["value"] == -4
    finally:
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    assert server.returncode == 143
    assert "Traceback" not in err


def test_answers_reads_no_web_library():
    """The board's answers are plain functions: only the server needs the extra."""
    assert "starlette" not in open(answers.__file__, encoding="utf-8").read()


def test_the_listening_socket_says_tcp_so_kept_alive_answers_are_not_held_back():
    """asyncio turns Nagle off only on connections whose protocol reads TCP; a socket made with
    protocol 0 held every kept-alive answer for 40 ms (the client's delayed ACK)."""
    import socket

    from ulti_solver.board.server import listen

    with listen("127.0.0.1", 0) as sock:
        assert sock.proto == socket.IPPROTO_TCP
