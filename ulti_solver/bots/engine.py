"""``cmd:COMMAND``: an outside engine, a program that speaks the protocol (docs/protocol.md).

:class:`EngineBot` starts ``COMMAND`` (split as a shell splits words, no
shell run), writes each request to its standard input as one JSON line
(:mod:`.protocol`) and reads one line of its standard output as the
answer, waiting at most ``timeout`` seconds (``ULTI_BOT_TIMEOUT``, default
10; the first answer after a start may take :data:`STARTUP_GRACE` more).

An answer that comes late, that is not JSON or not legal, or an engine
that stops or closes its output, raises :class:`EngineError`: the table
(:mod:`.table`) turns it into a forfeit of that game, and the match goes
on.  An engine that stopped, or that was stopped for answering late (its
answer would come in the middle of the next game), is started again for
the next game.  A command that cannot be started at all, or that stops at
once, is a :class:`~.base.BotError` when the bot is made: the run stops
there with a message naming the command.  What the engine writes to its
standard error is kept, and its last lines are quoted when it fails.
"""

from __future__ import annotations

import collections
import os
import queue
import shlex
import signal
import subprocess
import threading
from typing import Any, Deque, NoReturn, Optional

from ..errors import excerpt
from ..i18n import L_
from .base import BotError, Request
from .protocol import line, new_game_json, parse_json, read_answer, request_json

#: Seconds an engine has for each answer unless told (``ULTI_BOT_TIMEOUT``).
DEFAULT_TIMEOUT = 10.0
TIMEOUT_VARIABLE = "ULTI_BOT_TIMEOUT"
#: Extra seconds for the first answer after the engine starts: an interpreter's imports.
STARTUP_GRACE = 10.0
#: How long a new engine is watched for stopping at once (a typo in a script's name).
START_CHECK = 0.2
#: Seconds given to an engine to stop by itself once its input is closed.
CLOSE_WAIT = 2.0


class EngineError(Exception):
    """The engine broke the protocol (late, stopped, not JSON, not legal): its game is forfeit."""


def timeout_from_environment() -> float:
    """``ULTI_BOT_TIMEOUT`` seconds, else :data:`DEFAULT_TIMEOUT`; a bad value is a :class:`BotError`."""
    text = os.environ.get(TIMEOUT_VARIABLE)
    if text is None or not text.strip():
        return DEFAULT_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 86400:
        raise BotError(
            L_("{variable} is a number of seconds, not {value}", variable=TIMEOUT_VARIABLE, value=excerpt(text))
        )
    return seconds


class _Process:
    """One run of the engine: the process, and threads that read its output lines and keep its errors."""

    def __init__(self, argv, command: str):
        try:
            self.popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                start_new_session=os.name == "posix",  # its own group: stopped with whatever it started
            )
        except FileNotFoundError:
            raise BotError(
                L_(
                    "cannot start the engine cmd:{command}: there is no program {program}",
                    command=command,
                    program=excerpt(argv[0]),
                )
            ) from None
        except OSError as exc:
            raise BotError(
                L_("cannot start the engine cmd:{command}: {problem}", command=command, problem=exc.strerror or exc)
            ) from None
        self.lines: queue.Queue = queue.Queue()
        self.errors: Deque[str] = collections.deque(maxlen=20)
        self.answered = False
        self._threads = [
            threading.Thread(target=self._read_lines, daemon=True),
            threading.Thread(target=self._read_errors, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read_lines(self) -> None:
        stream = self.popen.stdout
        assert stream is not None
        try:
            for text in stream:
                self.lines.put(text)
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_errors(self) -> None:
        stream = self.popen.stderr
        assert stream is not None
        try:
            for text in stream:
                if text.strip():
                    self.errors.append(text.rstrip())
        except (OSError, ValueError):
            pass

    def alive(self) -> bool:
        return self.popen.poll() is None

    def send(self, text: str) -> None:
        stream = self.popen.stdin
        assert stream is not None
        stream.write(text + "\n")
        stream.flush()

    def why_stopped(self):
        """The exit status and the last line of the engine's standard error, in words."""
        try:
            status = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            status = None
        self._threads[1].join(timeout=1)
        said = f": {self.errors[-1]}" if self.errors else ""
        if status is None:
            return L_("it closed its output{said}", said=said)
        return L_("it stopped with exit status {status}{said}", status=status, said=said)

    def kill(self) -> None:
        """Stop it now, with whatever it started (a shell's children)."""
        try:
            if os.name == "posix":
                os.killpg(self.popen.pid, signal.SIGKILL)
            else:
                self.popen.kill()
        except OSError:
            pass
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def stop(self) -> None:
        """Close its input, give it a moment to stop, then stop it."""
        popen = self.popen
        try:
            if popen.stdin is not None:
                popen.stdin.close()
        except OSError:
            pass
        try:
            popen.wait(timeout=CLOSE_WAIT)
        except subprocess.TimeoutExpired:
            self.kill()
        for thread in self._threads:
            thread.join(timeout=1)
        for stream in (popen.stdout, popen.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


class EngineBot:
    """An outside engine speaking the protocol (INTERFACE.md: ``cmd:COMMAND``)."""

    sees_all = False

    def __init__(self, command: str, name: Optional[str] = None, timeout: Optional[float] = None):
        self.command = command.strip()
        try:
            self.argv = shlex.split(self.command)
        except ValueError as exc:
            raise BotError(L_("cmd:{command}: {problem}", command=self.command, problem=exc)) from None
        if not self.argv:
            raise BotError(L_("cmd: names the outside engine's command, e.g. cmd:'python engine.py'"))
        self.name = name or f"cmd:{self.command}"
        self.timeout = timeout_from_environment() if timeout is None else timeout
        self.process: Optional[_Process] = _Process(self.argv, self.command)
        self._check_start(self.process)
        #: Why the engine cannot answer in this game (it stopped, or was stopped for being late).
        self.broken: Optional[Any] = None

    def _check_start(self, process: _Process) -> None:
        """A command that stops at once (a script that is not there) is a bad SPEC, said now."""
        try:
            process.popen.wait(timeout=START_CHECK)
        except subprocess.TimeoutExpired:
            return
        why = process.why_stopped()
        process.stop()
        raise BotError(L_("the engine cmd:{command} stopped at once: {why}", command=self.command, why=why))

    # -- the Bot protocol -----------------------------------------------------------------------

    def new_game(self, seat: int, seed: int) -> None:
        """Start the engine again if it stopped, and tell it that a game starts."""
        self.broken = None
        if self.process is None or not self.process.alive():
            if self.process is not None:
                self.process.stop()
            self.process = None
            try:
                self.process = _Process(self.argv, self.command)
            except BotError as exc:  # it started once: a failure now costs the game, not the match
                self.broken = exc
                return
        try:
            self._send(line(new_game_json(seat, seed)))
        except EngineError:  # it stopped: the first question of the game says so
            pass

    def answer(self, request: Request) -> Any:
        if self.broken is not None:
            raise EngineError(str(self.broken))
        process = self.process
        if process is None:
            raise EngineError(str(L_("the engine is not running")))
        while True:  # lines left over from an earlier request: not answers to this one
            try:
                if process.lines.get_nowait() is None:
                    self._fail(process.why_stopped())
            except queue.Empty:
                break
        allowed = self.timeout + (0.0 if process.answered else STARTUP_GRACE)
        self._send(line(request_json(request, time_limit=self.timeout)))
        try:
            text = process.lines.get(timeout=allowed)
        except queue.Empty:
            process.kill()  # its answer would arrive in the middle of what comes next
            self._fail(L_("it gave no answer within {seconds:g} s", seconds=allowed))
        if text is None:
            self._fail(process.why_stopped())
        process.answered = True
        try:
            return read_answer(request, parse_json(text))
        except BotError as exc:
            raise EngineError(str(exc)) from None

    def close(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None

    # -- helpers ---------------------------------------------------------------------------------

    def _send(self, text: str) -> None:
        process = self.process
        assert process is not None
        try:
            process.send(text)
        except (OSError, ValueError):
            self._fail(process.why_stopped())

    def _fail(self, why) -> NoReturn:
        """The engine cannot go on in this game: remember why, and raise it."""
        self.broken = why
        raise EngineError(str(why))

    def __repr__(self) -> str:
        return f"EngineBot({self.command!r})"
