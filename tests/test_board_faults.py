"""``ulti board`` under faults from outside: deeply nested JSON, clients that go away or send their
headers a byte at a time, and the signals that stop it (issue 31, items 16-18).

Kept apart from test_board.py (the answers against the command line's) so that each file stays
about one thing.  Every test here bounds its own time and stops what it starts.
"""

import os
import re
import signal
import socket
import subprocess
import threading
import time

import pytest

pytest.importorskip("starlette", reason='the board extra is not installed: pip install "ulti-solver[board]"')
httpx = pytest.importorskip("httpx", reason="the board's tests need httpx (the test extra)")

from ulti_solver.board.server import Limits, make_app, running  # noqa: E402

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


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
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


# -- Item 17: slow-header connections --------------------------------------------------------------


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_slow_header_connections_are_dropped_and_others_are_served():
    """80 connections that send their headers a byte at a time held the board's 64 places and it
    answered 503 to everyone; with a deadline for a request's head they are closed and it serves."""
    count, stop = 80, threading.Event()
    closed = []

    def slow(address):
        try:
            with socket.create_connection(address, timeout=5) as conn:
                conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                deadline = time.monotonic() + 12  # stops by itself, whatever happens
                while not stop.is_set() and time.monotonic() < deadline:
                    conn.sendall(b"X")  # one byte of a header that never ends
                    time.sleep(0.2)
        except OSError:  # closed by the server: what the deadline is for
            closed.append(True)

    with running(make_app(Limits(header_seconds=1.0))) as url:
        threads = [threading.Thread(target=slow, args=(host_port(url),), daemon=True) for _ in range(count)]
        for thread in threads:
            thread.start()
        try:
            time.sleep(2.5)  # past the deadline: the slow ones are gone
            answer = httpx.post(url + "api/solve", json=GAME, timeout=30)
            assert answer.status_code == 200, answer.text
        finally:
            stop.set()
            for thread in threads:
                thread.join(15)
    assert len(closed) == count


def test_a_slow_head_on_a_kept_alive_connection_is_dropped_too():
    with running(make_app(Limits(header_seconds=0.5))) as url:
        with socket.create_connection(host_port(url), timeout=5) as conn:
            conn.sendall(b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert conn.recv(65536).startswith(b"HTTP/1.1 404")
            conn.settimeout(0.1)
            closed = False
            for _ in range(40):  # the next request's head, a byte every 0.1 s, for at most 4 s
                try:
                    conn.sendall(b"G")
                    closed = conn.recv(65536) == b""
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
                if closed:
                    break
    assert closed


# -- Item 18: the signals that stop it ---------------------------------------------------------------


def _ignore_sigint():  # as a shell starts a job with '&': SIGINT ignored, which uvicorn's own re-raise obeyed
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(
    "signum, status, ignored",
    [(signal.SIGINT, 130, False), (signal.SIGINT, 130, True), (signal.SIGTERM, 143, True)],
    ids=["ctrl-c", "ctrl-c-started-with-&", "sigterm"],
)
def test_the_board_exits_130_on_ctrl_c_and_143_on_sigterm(ulti_argv, signum, status, ignored):
    server = subprocess.Popen(
        ulti_argv("board", "--no-browser", "--port", "0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=_ignore_sigint if ignored else None,
    )
    try:
        first = server.stdout.readline()
        url = re.search(r"http://\S+/", first).group(0)
        assert httpx.post(url + "api/solve", json=GAME, timeout=30).status_code == 200
        server.send_signal(signum)
        _, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == status, err
    assert err == "Interrupted.\n"
