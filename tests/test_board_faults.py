"""``ulti board`` under faults from outside: deeply nested JSON, clients that go away or send their
headers a byte at a time, and the signals that stop it (issue 31, items 16-18).

Kept apart from test_board.py (the answers against the command line's) so that each file stays
about one thing.  Every test here bounds its own time and stops what it starts.
"""

import socket
import time

import pytest

pytest.importorskip("starlette", reason='the board extra is not installed: pip install "ulti-solver[board]"')
httpx = pytest.importorskip("httpx", reason="the board's tests need httpx (the test extra)")

from ulti_solver.board.server import make_app, running  # noqa: E402

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
GAME = {"deal": DEAL, "bid": "party", "trump": "bells", "play": "BT BA BU"}


def host_port(url: str):
    host, port = url[len("http://") : -1].rsplit(":", 1)
    return host, int(port)


# -- Item 16: JSON nested too deeply, clients that go away ---------------------------------------


@pytest.mark.parametrize("path", ["/api/solve", "/api/analyse"])
@pytest.mark.parametrize(
    "body, words",
    [
        (b"[" * 50_000, "its lists or objects are nested too deeply"),
        (b'{"deal": ' * 7_000, "its lists or objects are nested too deeply"),
        (b"1" * 5_000, "Exceeds the limit"),
    ],
    ids=["lists", "objects", "long-number"],
)
def test_json_nested_too_deeply_is_a_400_as_on_the_command_line(path, body, words, capfd):
    with running(make_app()) as url:
        answer = httpx.post(url + path[1:], content=body, timeout=30)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("the request is not JSON the board reads: ")
    assert words in answer.json()["error"]
    assert "internal error" not in capfd.readouterr().err


def test_a_client_that_goes_away_mid_request_is_no_internal_error(capfd):
    with running(make_app()) as url:
        with socket.create_connection(host_port(url), timeout=10) as gone:
            gone.sendall(
                b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Content-Length: 1000\r\n\r\n{"deal": '
            )
            time.sleep(0.3)  # the endpoint is reading the body when the client goes
        time.sleep(0.5)
        assert httpx.post(url + "api/solve", json=GAME, timeout=30).status_code == 200  # and it serves on
    assert "internal error" not in capfd.readouterr().err
