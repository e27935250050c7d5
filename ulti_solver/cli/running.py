"""The run block of every command that spreads work: one runner, one bar, one way to stop.

A command hands its work to :func:`run_work` with the :class:`~ulti_solver.runner.Runner`
of its ``-j`` and ``--cluster`` and its progress bar.  However the run ends the bar is
closed and the runner's client with it; bad input found during the run is exit 2; a
scheduler lost midway is one error line and exit 1; and a Ctrl-C or SIGTERM that the work
does not answer with partial results (``ulti kontra``, ``ulti play``: a value is of every
world or of none) is the command's one line and the exit status the stop asks for
(130 for Ctrl-C, 143 for SIGTERM, as every command documents).
"""

from __future__ import annotations

import sys
from typing import Callable, Optional, TypeVar

import click

from ..errors import UltiInputError
from ..i18n import _
from ..runner import ClusterLost, Runner
from .app import one_line
from .options import BadInput

T = TypeVar("T")


def run_work(runner: Runner, bar, work: Callable[[], T], *, nothing_shown: Optional[str] = None) -> T:
    """``work()`` with ``runner`` and ``bar`` closed whatever happens (the module).

    ``nothing_shown`` is the line a stop prints when the work has no partial answer (a
    stop then exits with the status it asks for); without it a stop is left to the work,
    which returns what it has, or to the program's own handler."""
    try:
        with runner:
            return work()
    except KeyboardInterrupt as exc:
        if nothing_shown is None:
            raise
        click.echo(nothing_shown, err=True)
        sys.exit(Runner.stop_status(exc))
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    except ClusterLost as exc:  # not the input, not a bug: one error line, exit 1
        click.echo(_("Error: {message}").format(message=one_line(exc)), err=True)
        sys.exit(Runner.stop_status(exc))
    finally:
        bar.close()
