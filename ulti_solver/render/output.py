"""One output layer for every command: tables for people, JSON lines or CSV for programs.

Results go to stdout, one write per line, so that a reader that stops
early (``| head``) sees whole lines; messages and the progress bar go to
stderr.  When both share a terminal, lines are written around the bar.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import Any, Iterable, Optional, Sequence

from ..cards import symbols_as_letters

TABLE, JSON, CSV = "table", "json", "csv"


def printable(text: str, stream) -> str:
    """``text`` as ``stream`` can show it: where its encoding has no suit symbols (a Latin-2
    terminal, ``PYTHONIOENCODING=ascii``), the cards a message names as ``♣7`` become ``A7``,
    the card-list form, which says the same and reads back the same."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return symbols_as_letters(text)
    return text


class NoBar:
    """What ``progress_bar`` gives where no bar is shown: tqdm's calls, doing nothing
    (and tqdm, a tenth of a second to import, is not imported)."""

    disable = True
    n = 0  # how far the bar has got

    def update(self, count: int = 1) -> None:
        self.n += count

    def close(self) -> None:
        pass

    def __enter__(self) -> NoBar:
        return self

    def __exit__(self, *exc) -> None:
        pass


def progress_bar(total: Optional[int], unit: str, quiet: bool):
    """A bar on stderr showing how many per second; only on a terminal and without --quiet.
    ``unit`` is what it counts, marked ``N_()``: the bar says it in the language of the run."""
    if quiet or not sys.stderr.isatty():
        return NoBar()
    from tqdm import tqdm

    from ..i18n import _

    # No monitor thread: a pool may fork while the bar runs (runner.SPREAD_AFTER), and
    # forking a process that runs threads is what Python warns against.
    tqdm.monitor_interval = 0
    return tqdm(
        total=total,
        unit=_(unit),
        file=sys.stderr,
        leave=False,
        dynamic_ncols=True,
        disable=quiet or not sys.stderr.isatty(),
    )


class LateBar:
    """A progress bar that opens at its first step and can be moved to a count.

    Long commands hand their work to a process pool, and the bar opens only once the
    pool has forked: forking a process that runs threads is what Python warns against.
    ``unit`` is marked ``N_()``, as for ``progress_bar``.
    """

    def __init__(self, total: Optional[int], unit: str, quiet: bool):
        self.total, self.unit, self.quiet = total, unit, quiet
        self.bar: Optional[Any] = None  # a tqdm bar (tqdm ships no types), made on the first step

    def to(self, done: int, total: Optional[int] = None, note: Optional[str] = None) -> None:
        """Show ``done`` steps; ``total`` raises the goal (a runoff's extra worlds), ``note`` is
        shown before the bar (how many candidates are left)."""
        if self.bar is None:
            self.bar = progress_bar(self.total, self.unit, self.quiet)
        bar = self.bar
        if not bar.disable:
            if total is not None and bar.total is not None and total > bar.total:
                bar.total = total
            if note is not None:
                bar.set_description_str(note, refresh=False)
        bar.update(max(0, done - bar.n))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


class Output:
    """Writes a command's results in its format, around an optional live progress bar."""

    def __init__(self, fmt: str = TABLE, bar=None):
        self.format = fmt
        # Clearing and redrawing the bar is only needed when both share the screen.
        self.bar = bar if bar is not None and not bar.disable and sys.stdout.isatty() else None

    def line(self, text: str) -> None:
        if self.bar is not None:
            self.bar.write(text, file=sys.stdout)
        else:
            sys.stdout.write(text + "\n")  # click.echo's checks cost more than the line, a batch has thousands

    def lines(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.line(text)

    def json(self, data: dict) -> None:
        self.line(json.dumps(data))

    def csv_row(self, row: Sequence[object]) -> None:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="").writerow(row)
        self.line(buffer.getvalue())

    def message(self, text: str) -> None:
        """A line for the person at the terminal (stderr), not part of the results."""
        text = printable(text, sys.stderr)
        if self.bar is not None:
            self.bar.write(text, file=sys.stderr)
        else:
            sys.stderr.write(text + "\n")  # as click.echo(err=True) wrote it, without click
            sys.stderr.flush()
