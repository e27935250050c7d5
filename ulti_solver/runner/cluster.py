"""Work run on a Dask distributed cluster (the optional ``cluster`` extra).

``cluster="tcp://host:port"`` (a :class:`ClusterAddress` for ``tls://``
with certificates, or a ``distributed.Client``): the items are shipped in
chunks big enough that the scheduler's overhead per task stays small, a
few tasks per worker thread in flight; a task of a worker that dies is run
again elsewhere.  :func:`connect` checks an address first and says in one
line (:class:`ClusterError`) why it cannot be used; a scheduler lost in
the middle of a run ends it with :class:`ClusterLost`, the results already
handed out being all there is.

A Dask cluster runs whatever a client sends it (pickled functions), and a
``tcp://`` scheduler asks no one who they are: it must only be reachable
by trusted machines.  ``tls://`` with certificates (:class:`ClusterAddress`)
encrypts the traffic and admits only clients with a certificate its CA signed.
"""

from __future__ import annotations

import os
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Sized, Union

from ..errors import UltiInputError
from ..i18n import L_


class ClusterError(UltiInputError):
    """A cluster that cannot be used: the extra is not installed, or the address does not answer."""


class ClusterLost(Exception):
    """The cluster went away in the middle of a run: its scheduler stopped, or the network to it.

    Not the user's input (that is :class:`ClusterError`, found before any
    work) and not a bug: the commands print what was finished and exit 1.
    """


def _run_chunk(func: Callable, chunk: Sequence) -> List:
    """One task of a cluster: a whole chunk, so each task is worth shipping."""
    return [func(item) for item in chunk]


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


#: How long :func:`connect` waits for a scheduler, in seconds.
CONNECT_TIMEOUT = 5.0
DEFAULT_PORT = 8786
_SCHEMES = ("tcp://", "tls://", "inproc://", "ws://", "wss://")
_SECURE_SCHEMES = ("tls://", "wss://")


@dataclass(frozen=True)
class ClusterAddress:
    """A scheduler's address and the certificates that reach it over ``tls://`` (or ``wss://``).

    ``tls_ca_file`` is the certificate authority that signed the
    scheduler's certificate (and the workers'); ``tls_cert`` and
    ``tls_key`` are this client's certificate and key (one PEM file may
    hold both: leave ``tls_key`` out).  Without them a secure address
    takes Dask's own settings (``distributed.comm.tls.*``).
    """

    address: str
    tls_ca_file: Optional[str] = None
    tls_cert: Optional[str] = None
    tls_key: Optional[str] = None

    @property
    def secure(self) -> bool:
        return self.address.startswith(_SECURE_SCHEMES)

    @property
    def has_tls_files(self) -> bool:
        return any(f is not None for f in (self.tls_ca_file, self.tls_cert, self.tls_key))

    def check(self) -> None:
        """The address's form, and certificates only with a secure scheme, each file readable."""
        if not isinstance(self.address, str) or not self.address.startswith(_SCHEMES):
            raise ClusterError(
                L_("a cluster address looks like tcp://HOST:PORT, not {address}", address=_shown(self.address))
            )
        if self.has_tls_files and not self.secure:
            raise ClusterError(
                L_(
                    "certificates are for a tls:// scheduler; {address} is not one "
                    "(write tls://HOST:PORT, or leave the certificates out)",
                    address=_shown(self.address),
                )
            )
        for name, path in (
            (L_("the TLS CA file"), self.tls_ca_file),
            (L_("the TLS certificate"), self.tls_cert),
            (L_("the TLS key"), self.tls_key),
        ):
            if path is None:
                continue
            try:
                with open(path, "rb"):
                    pass
            except OSError as exc:
                raise ClusterError(
                    L_("cannot read {what} {path}: {reason}", what=name, path=_shown(path), reason=_reason(exc))
                ) from None

    def security(self):
        """A ``distributed.security.Security`` for this client, or ClusterError when a secure address has none."""
        from distributed.security import Security

        if self.has_tls_files:
            if self.tls_ca_file is None or self.tls_cert is None:
                raise ClusterError(
                    L_(
                        "a tls:// scheduler needs the CA file and this client's certificate: "
                        "give --tls-ca-file and --tls-cert (and --tls-key when the key is a file of its own)"
                    )
                )
            try:
                security = Security(
                    tls_ca_file=self.tls_ca_file,
                    tls_client_cert=self.tls_cert,
                    tls_client_key=self.tls_key,
                    require_encryption=True,
                )
                security.get_connection_args("client")  # reads the files now: a bad one is named before any work
            except (Exception, MemoryError) as exc:
                key = (
                    L_("the key {path}", path=_shown(self.tls_key))
                    if self.tls_key
                    else L_("no --tls-key (the key in the same file)")
                )
                raise ClusterError(
                    L_(
                        "cannot use the TLS certificate {certificate} with {key} and the CA file {ca}: {reason}",
                        certificate=_shown(self.tls_cert),
                        key=key,
                        ca=_shown(self.tls_ca_file),
                        reason=_reason(exc),
                    )
                ) from None
            return security
        security = Security()  # Dask's configuration: distributed.comm.tls.*
        # distributed's Security fills its __slots__ in __init__ and declares none of their types.
        if self.secure and not (security.tls_ca_file and security.tls_client_cert):  # type: ignore[attr-defined]
            raise ClusterError(
                L_(
                    "{address} needs certificates: give --tls-ca-file, --tls-cert and --tls-key "
                    "(or Dask's distributed.comm.tls settings)",
                    address=_shown(self.address),
                )
            )
        return security


def _shown(text: object) -> str:
    from ..errors import excerpt

    return excerpt(text)


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _reach(address: str, timeout: float) -> str:
    """A plain TCP connect to the scheduler's port: a refused port or an unknown host fails at once.

    (Dask's client would retry until its timeout, and say less.)  Needs
    nothing but the standard library, so the answer is the same with or
    without the cluster extra.  Returns the address with its port (Dask's 8786 if none was given).
    """
    import socket
    from urllib.parse import urlsplit

    if address.startswith("inproc://"):
        return address
    try:
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port or DEFAULT_PORT
    except ValueError as exc:
        raise ClusterError(
            L_(
                "a cluster address looks like tcp://HOST:PORT, not {address} ({reason})",
                address=_shown(address),
                reason=_reason(exc),
            )
        ) from None
    if not host:
        raise ClusterError(L_("a cluster address looks like tcp://HOST:PORT, not {address}", address=_shown(address)))
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except (OSError, UnicodeError) as exc:
        raise ClusterError(
            L_("cannot reach the Dask scheduler at {address}: {reason}", address=address, reason=_reason(exc))
        ) from None
    return address if parts.port else f"{address.rstrip('/')}:{port}"


def _identify(address: str, timeout: float, security) -> None:
    """Dask's handshake and an ``identity`` call: is this a scheduler, and not a worker or something else?

    Something else listening on the port may send anything (a web server's
    reply read as a frame length asks for gigabytes), and a TLS handshake
    may fail (a certificate the scheduler's CA did not sign, a scheduler
    that speaks plain TCP): that is named, in one line, within ``timeout``,
    instead of hanging or failing deep inside the client.
    """
    import asyncio

    from distributed.comm import connect as comm_connect

    if not address.startswith(("tcp://", "tls://")):
        return
    arguments = security.get_connection_args("client") if address.startswith("tls://") else {}

    async def identity():
        comm = await comm_connect(address, timeout=timeout, **arguments)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        with _quiet_dask():
            reply = asyncio.run(asyncio.wait_for(identity(), timeout))
    except (Exception, MemoryError) as exc:
        import ssl

        from distributed.comm.core import FatalCommClosedError

        if address.startswith("tls://") and isinstance(exc, (ssl.SSLError, FatalCommClosedError)):
            raise ClusterError(
                L_(
                    "the TLS handshake with {address} failed: check --tls-ca-file, --tls-cert and --tls-key ({reason})",
                    address=address,
                    reason=_reason(exc),
                )
            ) from None
        raise ClusterError(
            L_("{address} does not answer as a Dask scheduler ({reason})", address=address, reason=_reason(exc))
        ) from None
    kind = reply.get("type") if isinstance(reply, dict) else None
    if kind != "Scheduler":
        if kind:
            raise ClusterError(
                L_(
                    "{address} is a Dask {kind}; --cluster needs the scheduler's address",
                    address=address,
                    kind=str(kind),
                )
            )
        raise ClusterError(
            L_("{address} is not a Dask scheduler; --cluster needs the scheduler's address", address=address)
        )


#: The loggers Dask's configuration gives handlers of their own (distributed.config.initialize_logging).
_DASK_LOGGERS = ("distributed", "tornado", "bokeh")


@contextmanager
def _quiet_dask():
    """Dask's own log lines (a lost connection is logged with two tracebacks) kept off the user's screen.

    What went wrong reaches the user once, as a :class:`ClusterError` or
    :class:`ClusterLost` in one line; ``ULTI_DEBUG=1`` lets the logs through.
    Dask gives several loggers one stderr handler each, not propagating:
    the handlers are muted for the time being.
    """
    if os.environ.get("ULTI_DEBUG"):
        yield
        return
    import logging  # here: a run without a cluster never needs it

    silence = logging.Filter("-")  # passes only a logger named '-': none of Dask's
    loggers = [logging.getLogger(name) for name in _DASK_LOGGERS]
    loggers += [
        logger
        for name, logger in list(logging.Logger.manager.loggerDict.items())
        if isinstance(logger, logging.Logger) and name.startswith(tuple(f"{n}." for n in _DASK_LOGGERS))
    ]
    handlers = {id(h): h for logger in loggers for h in logger.handlers}.values()
    for handler in handlers:
        handler.addFilter(silence)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(silence)


def close_quietly(client) -> None:
    """Close a client, briefly and without a word, whether or not its scheduler is still there."""
    with _quiet_dask():
        try:
            client.close(timeout=CONNECT_TIMEOUT)
        except Exception:  # a client that lost its scheduler may not close cleanly
            pass


def connect(address: Union[str, ClusterAddress], timeout: float = CONNECT_TIMEOUT):
    """A Dask client for ``address``, or a one-line :class:`ClusterError` saying why not, within ``timeout``."""
    target = address if isinstance(address, ClusterAddress) else ClusterAddress(address)
    target.check()
    where = _reach(target.address, timeout)
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(L_('--cluster needs Dask: pip install "ulti-solver[cluster]"')) from None
    security = target.security()
    _identify(where, timeout, security)
    try:
        with _quiet_dask():
            return Client(where, timeout=f"{timeout}s", set_as_default=False, security=security)
    except (Exception, MemoryError) as exc:
        raise ClusterError(
            L_("cannot reach the Dask scheduler at {address}: {reason}", address=where, reason=_reason(exc))
        ) from None


def cluster_threads(client) -> int:
    """The worker threads of the cluster now (at least 1, so that a cluster still starting gets work)."""
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # an old scheduler, a hiccup: the sizes below are only a plan
        return 1


def task_size(total: Optional[int], most: int, threads: int) -> int:
    """Items per cluster task: ``most``, or fewer (never under a quarter of it) to give every thread ~4 tasks."""
    if total is None:
        return max(1, most)
    balanced = -(-total // (4 * threads))
    return max(1, min(most, max(balanced, most // 4)))


def _scheduler_name(client) -> str:
    try:
        return str(client.scheduler.address)
    except Exception:  # a client half closed
        return "the cluster"


def _lost(exc: BaseException, client) -> Optional[ClusterLost]:
    """The :class:`ClusterLost` that ``exc``, raised by the cluster's client, stands for; None for a task's own error.

    A lost scheduler cancels every future ("scheduler-connection-lost") or
    closes the client's connection; a chunk that killed worker after worker
    ends in ``KilledWorker``.  An exception raised inside a task (a bug in
    the work) comes back as itself and is not a lost cluster.
    """
    from concurrent.futures import CancelledError

    from distributed import KilledWorker
    from distributed.comm.core import CommClosedError

    where = _scheduler_name(client)
    if isinstance(exc, KilledWorker):
        return ClusterLost(
            L_(
                "the cluster at {address} lost every worker that ran a chunk of the work ({reason})",
                address=where,
                reason=_reason(exc),
            )
        )
    if isinstance(exc, (CancelledError, CommClosedError)):  # "cancelled for reason: scheduler-connection-lost", ...
        return ClusterLost(L_("lost the Dask scheduler at {address} (the connection to it closed)", address=where))
    if isinstance(exc, TimeoutError) or getattr(client, "status", "") != "running":
        return ClusterLost(L_("lost the Dask scheduler at {address} ({reason})", address=where, reason=_reason(exc)))
    return None


@contextmanager
def cluster_results(func: Callable, items: Iterable, cluster, chunksize: int) -> Iterator[Iterator]:
    """Results from a Dask cluster: one task per chunk, collected in input order.

    ``func`` and the items must pickle (a ``functools.partial`` of
    module-level functions does) and the workers must import this
    package.  A few tasks per worker thread are in flight at a time, so a
    long (or endless) input streams.  Dask re-runs the task of a worker
    that is lost (``distributed.scheduler.allowed-failures``), so a lost
    worker costs time, never a result; a lost scheduler (or a task that
    kills worker after worker) raises :class:`ClusterLost` from the
    results, after every result before it was handed out.
    """
    own = isinstance(cluster, (str, ClusterAddress))
    client = connect(cluster) if own else cluster
    in_flight: deque = deque()
    with _quiet_dask():
        try:
            threads = cluster_threads(client)
            total = len(items) if isinstance(items, Sized) else None
            chunks = _chunks(items, task_size(total, chunksize, threads))
            window = max(8, 4 * threads)

            def next_results() -> List:
                try:
                    results = in_flight[0].result()  # a Ctrl-C here leaves the task in in_flight, to be cancelled
                except (Exception, MemoryError) as exc:
                    lost = _lost(exc, client)
                    if lost is None:
                        raise
                    raise lost from None
                in_flight.popleft()
                return results

            def submit(chunk: list) -> None:
                try:
                    in_flight.append(client.submit(_run_chunk, func, chunk, pure=False))
                except (Exception, MemoryError) as exc:  # a client already closed by the loss
                    lost = _lost(exc, client)
                    if lost is None:
                        raise
                    raise lost from None

            def collect():
                for chunk in chunks:
                    submit(chunk)
                    if len(in_flight) >= window:
                        yield from next_results()
                while in_flight:
                    yield from next_results()

            yield collect()
        finally:
            if in_flight:
                try:
                    client.cancel(list(in_flight))
                except Exception:  # the scheduler is gone already
                    pass
            if own:
                close_quietly(client)
