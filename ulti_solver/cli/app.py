"""The ``ulti`` command group: lazy subcommands and the contract's error handling.

Error handling is the contract's (INTERFACE.md): bad input prints one line
naming the problem and exits 2, an internal error exits 1, never a
traceback (set ``ULTI_DEBUG=1`` to see one).  A reader that closes the
pipe early ends the program quietly; SIGTERM stops it like Ctrl-C, with a
summary where a command keeps one.  Subcommands are imported only when
run, so ``ulti --help`` and a one-deal ``ulti solve`` start fast.
"""

from __future__ import annotations

import os
import signal
import sys
from importlib import import_module

import click

from ..errors import UltiInputError

#: Exit status when Ctrl-C stops a command (128 + SIGINT, as shells report it).
INTERRUPTED = 130
#: Exit status when SIGTERM stops a command (128 + SIGTERM).
TERMINATED = 143

#: Command name -> module in this package defining a click command of that name.
COMMANDS = {
    "solve": "solve",
    "batch": "batch",
    "discards": "discards",
    "best": "best",
    "settle": "settle",
    "analyse": "analyse",
    "simulate": "simulate",
    "rules": "rules",
}

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is so that commands stop as on Ctrl-C."""

    exit_code = TERMINATED


def _terminate(signum, frame):
    raise Terminated()


def one_line(message: object) -> str:
    """Messages are printed on one line so scripts can grep them."""
    return " ".join(str(message).split())


def interrupted_status(exc: BaseException) -> int:
    return getattr(exc, "exit_code", INTERRUPTED)


def _quiet_broken_pipe() -> None:
    """The reader is gone: send what is left of stdout nowhere, so the exit flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class UltiGroup(click.Group):
    """A click group that prints every error as one line and never a traceback.

    Click's own usage errors normally print the usage and a hint on extra
    lines; here they become ``Error: <message> (try 'ulti solve --help')``.
    """

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        module = COMMANDS.get(name)
        if module is None:
            return None
        return getattr(import_module(f"{__package__}.{module}"), "command")

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        args = sys.argv[1:] if args is None else list(args)
        if not args:  # bare 'ulti': the help, as a page
            args = ["--help"]
        previous = signal.signal(signal.SIGTERM, _terminate) if _main_thread() else None
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()
        except BrokenPipeError:
            _quiet_broken_pipe()
            sys.exit(0)
        except click.UsageError as exc:
            hint = f" (try '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            click.echo(f"Error: {one_line(exc.format_message())}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"Error: {one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except UltiInputError as exc:
            click.echo(f"Error: {one_line(exc)}", err=True)
            sys.exit(2)
        except (click.Abort, KeyboardInterrupt) as exc:
            click.echo("Interrupted.", err=True)
            sys.exit(interrupted_status(exc))
        except Exception as exc:  # an internal error: a bug, not the user's input
            if os.environ.get("ULTI_DEBUG"):
                raise
            click.echo(
                f"Error: internal error: {type(exc).__name__}: {one_line(exc)} "
                "(run with ULTI_DEBUG=1 to see the traceback)",
                err=True,
            )
            sys.exit(1)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        sys.exit(status if isinstance(status, int) else 0)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


@click.group(cls=UltiGroup, context_settings=CONTEXT)
@click.version_option(package_name="ulti-solver", prog_name="ulti")
def main():
    """Double-dummy solver for Ulti, the Hungarian three-player card game.

    Every card is known and everybody plays perfectly: the solver says
    which parts of a bid the declarer can make against any defence, what
    the game is worth (units per defender, R34), which bid pays most, where
    a played game went wrong, and, from one hand, how likely a bid is.

    \b
    Start here:
      ulti solve "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8" \\
          --bid "40-100 ulti" --trump leaves --value
      ulti batch examples/batch.txt --bid party
      ulti discards "$(cat examples/discard.txt)" --bid "40-100 ulti" --top 10
      ulti best "$(cat examples/deal.txt)"
      ulti analyse --file examples/games.txt
      ulti simulate "$(cat examples/hand.txt)" --talon LU,A8 --bid party --trump leaves --samples 200
      ulti settle --bid "40-100 ulti" --trump leaves --made ulti
      ulti rules

    \b
    A deal is the declarer's hand, seat 1, seat 2, then the talon; a hand
    is hearts.bells.leaves.acorns, ranks A T K O U 9 8 7 (X or 10 for the
    ten, F for the ober), '-' for a void suit.  Card lists work too:
    PA,PT,P9,TK,... (suit letters H B L A or P T Z M).

    Exit status: 0 ok, 2 bad input (one line on stderr naming it),
    1 internal error, 130 interrupted.
    """
