"""The board's HTTP connections: uvicorn's h11 protocol with a deadline for each request's head.

Why: uvicorn bounds the connections it serves (``limit_concurrency``,
past which every request is answered 503) and closes a kept-alive
connection that stays idle, but it waits for ever for a request line and
headers that come a byte at a time.  Eighty such connections held the
board at 503 for everyone as long as they stayed.  Here a connection has
:attr:`~.server.Limits.header_seconds` to send a request's whole head,
counted from when it opens or, kept alive, from the first byte of its
next request; one that takes longer is closed, and its place is free.
(The body is read by the endpoint, bounded in size; a search in time.)

Only uvicorn's protocol class is extended, through its documented
``http=`` setting, and only at its edges: the connection opening, the
bytes arriving, and whether a request was read from them (a new request
cycle).
"""

from __future__ import annotations

import asyncio
from typing import Optional

from uvicorn.protocols.http.h11_impl import H11Protocol


def with_header_deadline(seconds: float) -> type:
    """An h11 protocol class whose connections close when a request's head takes over ``seconds``."""

    class HeadDeadlineProtocol(H11Protocol):
        head_seconds = seconds

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self.head_timer: Optional[asyncio.TimerHandle] = None
            super().connection_made(transport)
            self._start_head_clock()

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:  # between requests: a head is coming
                self._start_head_clock()
            before = self.cycle
            super().data_received(data)
            if self.cycle is not before:  # a request's head was read whole
                self._stop_head_clock()

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._stop_head_clock()
            super().connection_lost(exc)

        def _start_head_clock(self) -> None:
            if self.head_timer is None:
                self.head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

        def _stop_head_clock(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_too_slow(self) -> None:
            self.head_timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return HeadDeadlineProtocol
