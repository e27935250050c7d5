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
import re
import signal
import sys
from importlib import import_module

import click

from .. import i18n
from ..errors import UltiInputError
from ..i18n import N_, _
from ..render.output import printable
from .language import TranslatedHelp, VersionMessage, lang_in, lang_option

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
    "play": "play",
    "bid": "bid",
    "kontra": "kontra",
    "game": "game",
    "bot": "bot",
    "match": "match",
    "board": "board",
    "rules": "rules",
    "example": "example",
}
#: What ``ulti --help`` lists for each command, so that listing them imports none of them
#: (a test holds these to each command's own first docstring line).
SUMMARIES = {
    "solve": N_("Solve one deal: each part of the bid, and what it is worth."),
    "batch": N_("Solve every deal of FILE, one deal per line ('-' reads stdin)."),
    "discards": N_("Try every discard of the declarer's 12 cards, best first."),
    "best": N_("Rank every bid and trump by its double-dummy value (R34, R35)."),
    "settle": N_("What a finished game pays, item by item (R30-R33, R36-R39)."),
    "analyse": N_("Judge each card of a played game by the double-dummy value (R34)."),
    "simulate": N_("Deal the unseen cards at random, solve every sample."),
    "play": N_("Which card to play, from what one seat has seen (R40-R43)."),
    "bid": N_("What to bid, and what to lay in the talon, from twelve cards (R43)."),
    "kontra": N_("Whether to kontra, from a defender's ten cards (R36-R39, R43)."),
    "game": N_("Check and settle whole games from their records (R45-R50)."),
    "bot": N_("Run one bot as an engine: requests on stdin, answers on stdout."),
    "match": N_("Bots against each other, every deal in every seating (R50)."),
    "board": N_("Explore a deal card by card on a page in the browser (R34)."),
    "rules": N_("The rules in words (ulti rules R34, ulti rules kontra); rulebooks."),
    "example": N_("Print an example file; without NAME, list them."),
}

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is so that commands stop as on Ctrl-C."""

    exit_code = TERMINATED


def _terminate(signum, frame):
    raise Terminated()


#: Click quotes the user's words in its own messages ("No such command 'x'.", a file name), uncut.
_QUOTED = re.compile(r"'([^']{200,})'")
#: The longest message line printed, whatever it quotes.
MESSAGE_LIMIT = 500


def _shorten(match: re.Match) -> str:
    """A long quoted word as its start and its end (the end of a path names the file)."""
    text = match.group(1)
    return _("'{start}...{end}' ({count} characters)").format(start=text[:80], end=text[-40:], count=len(text))


def one_line(message: object) -> str:
    """Messages are printed on one line so scripts can grep them, and short enough to read.

    Our own messages quote the user's input through ``errors.excerpt``
    already; click's do not, so a very long quoted word is cut here, and
    a line that is still too long is cut at the end.
    """
    text = _QUOTED.sub(_shorten, " ".join(str(message).split()))
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 3] + "..."


def interrupted_status(exc: BaseException) -> int:
    return getattr(exc, "exit_code", INTERRUPTED)


def _quiet_broken_pipe() -> None:
    """The reader is gone: send what is left of the output nowhere, so the exit flush cannot fail.

    Both streams go: when stderr shares the closed pipe (``2>&1 | head``),
    a message there would fail the same way.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # no real file behind it (a test harness)
            pass


def _say(text: str) -> None:
    """One line on stderr; a closed stderr is no reason for a traceback."""
    try:
        click.echo(printable(text, sys.stderr), err=True)
    except OSError:
        _quiet_broken_pipe()


class UltiGroup(TranslatedHelp, click.Group):
    """A click group that prints every error as one line and never a traceback.

    Click's own usage errors normally print the usage and a hint on extra
    lines; here they become ``Error: <message> (try 'ulti solve --help')``.

    The group runs its commands itself rather than through click's
    standalone ``main``: that one turns a broken pipe into exit status 1
    and a SIGTERM into a plain Ctrl-C, before this class could see either.
    """

    def list_commands(self, ctx):
        return list(COMMANDS)

    def format_commands(self, ctx, formatter):
        """The command list of ``ulti --help``, from :data:`SUMMARIES` (no command is imported)."""
        with formatter.section(_("Commands")):
            formatter.write_dl([(name, _(SUMMARIES[name])) for name in COMMANDS])

    def get_command(self, ctx, name):
        module = COMMANDS.get(name)
        if module is None:
            return None
        return import_module(f"{__package__}.{module}").command

    def resolve_command(self, ctx, args):
        """Click's lookup, with a "did you mean" for a mistyped command, as click has for options."""
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-") and not ctx.resilient_parsing:
            import difflib  # only for a mistyped command: kept off the start-up path

            close = [c for c in COMMANDS if len(name) >= 3 and c.startswith(name.lower())]
            close = close or difflib.get_close_matches(name.lower(), list(COMMANDS), n=2, cutoff=0.6)
            if close:
                shown = name if len(name) <= 40 else name[:40] + "..."
                ctx.fail(
                    _("No such command {command!r}; did you mean {commands}?").format(
                        command=shown, commands=_(" or ").join(repr(c) for c in close)
                    )
                )
        return super().resolve_command(ctx, args)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        extra.pop("windows_expand_args", None)
        args = sys.argv[1:] if args is None else list(args)
        if not _without_lang(args):  # bare 'ulti' (or 'ulti --lang hu'): the help, as a page
            args = [*args, "--help"]
        prog_name = prog_name or "ulti"
        previous = signal.signal(signal.SIGTERM, _terminate) if _main_thread() else None
        given = lang_in(args)
        try:
            with i18n.using(given):  # chosen once, before click reads a word: its errors speak it too
                wrong = None if given else i18n.environment_problem()
                if wrong is not None:
                    _say(
                        _("Error: {variable}={value!r} is not a language of the program: en or hu").format(
                            variable=i18n.ENV, value=wrong
                        )
                    )
                    status = 2
                else:
                    status = self._run(args, prog_name, complete_var, extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        sys.exit(status)

    def _run(self, args, prog_name, complete_var, extra) -> int:
        """Parse and invoke; every way out becomes an exit status (``sys.exit`` in a command passes through)."""
        try:
            try:
                completion = getattr(self, "_main_shell_completion", None)
                if completion is not None:
                    completion(extra, prog_name, complete_var)
                with self.make_context(prog_name, args, **extra) as ctx:
                    self.invoke(ctx)
            finally:
                # Inside the handlers below: a pipe closed on the last lines fails here, not at exit.
                sys.stdout.flush()
        except BrokenPipeError:
            _quiet_broken_pipe()
            return 0
        except click.exceptions.Exit as exc:
            return exc.exit_code
        except click.UsageError as exc:
            hint = _(" (try '{command} --help')").format(command=exc.ctx.command_path) if exc.ctx is not None else ""
            _say(_("Error: {message}").format(message=one_line(exc.format_message())) + hint)
            return exc.exit_code
        except click.ClickException as exc:
            _say(_("Error: {message}").format(message=one_line(exc.format_message())))
            return exc.exit_code
        except UltiInputError as exc:
            _say(_("Error: {message}").format(message=one_line(exc)))
            return 2
        except (click.Abort, KeyboardInterrupt) as exc:
            _say(_("Interrupted."))
            return interrupted_status(exc)
        except Exception as exc:  # an internal error: a bug, not the user's input
            from ..runner import ClusterLost  # imported here: off the start-up path

            if isinstance(exc, ClusterLost):  # nor a bug: the cluster went away (exit 1, one line)
                _say(_("Error: {message}").format(message=one_line(exc)))
                return 1
            if os.environ.get("ULTI_DEBUG"):
                raise
            _say(
                _("Error: internal error: {kind}: {message} (run with ULTI_DEBUG=1 to see the traceback)").format(
                    kind=type(exc).__name__, message=one_line(exc)
                )
            )
            return 1
        return 0


def _without_lang(args):
    """The command line without its --lang options and their values."""
    rest, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            rest.append(arg)
    return rest


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


@click.group(cls=UltiGroup, context_settings=CONTEXT, params=[lang_option()])
@click.version_option(
    package_name="ulti-solver", prog_name="ulti", message=VersionMessage("%(prog)s, version %(version)s")
)
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
      ulti example batch | ulti batch - --bid party
      ulti discards "$(ulti example discard)" --bid "40-100 ulti" --top 10
      ulti best "$(ulti example deal)"
      ulti example games | ulti analyse --file -
      ulti simulate "$(ulti example hand)" --talon LU,A8 --bid party --trump leaves --samples 200
      ulti play 8.A97.A97.ATO --seat 1 --bid party --trump bells --play "BT BA BU"
      ulti bid AKU7.T9.OU.AK97 --bid ulti --samples 25
      ulti kontra KO98.AT8.T.U8 --seat 1 --bid ulti --trump leaves
      ulti board --print-url "$(ulti example deal)" --bid party --trump bells
      ulti settle --bid "40-100 ulti" --trump leaves --made ulti
      ulti rules

    \b
    A deal is the declarer's hand, seat 1, seat 2, then the talon; a hand
    is hearts.bells.leaves.acorns, ranks A T K O U 9 8 7 (X or 10 for the
    ten, F for the ober), '-' for a void suit.  Card lists work too:
    PA,PT,P9,TK,... (suit letters H B L A or P T Z M, or the symbols
    ♥ ♦ ♠ ♣ the tables print: ♥A,♥T,...).  Bids and trumps in English or
    Hungarian: '40-100 ulti' or 'negyvenszáz ulti', --trump leaves, zöld or ♠.
    The example files come with the package: 'ulti example' lists them.

    Shell completion (bash): eval "$(_ULTI_COMPLETE=bash_source ulti)";
    zsh_source and fish_source for zsh and fish.

    Exit status: 0 ok (also when a reader such as 'head' stops early),
    2 bad input (one line on stderr naming it), 1 internal error,
    130 interrupted (Ctrl-C), 143 stopped by SIGTERM.
    """
