"""``ulti batch``: a file of deals, one per line, solved in input order."""

from __future__ import annotations

import sys
import time
from functools import cache, partial
from typing import Iterable, List, Tuple

import click

from .. import i18n
from ..batch import (
    WHOLE_BID,
    BatchSettings,
    BatchTally,
    LineOutcome,
    numbered_lines,
    one_line,
    open_lines,
    solve_batch_line,
)
from ..bids import COMPONENT_ORDER
from ..cards import SUITS
from ..i18n import N_, NN_, _, english, n_
from ..runner import ClusterLost, Runner, chunk_size, jobs_plan
from ..scoring import SilentQuestion
from ..search import implementation
from .language import UltiCommand
from .options import build_rules, game_options, json_option, kontra_option, value_option, worker_options
from .output import CSV, JSON, Output, output_format, progress_bar
from .text import aligned, bid_label, component_word, number_text, signed, trump_text, value_legend, yes_no

CSV_SILENT = tuple(SilentQuestion)
#: The widest a table line may be: it fits a terminal of 100 columns (components wrap).
TABLE_WIDTH = 100
#: Column widths of the table; a longer bid gets a row of its own.
LINE_WIDTH, BID_WIDTH, TRUMP_WIDTH, WHOLE_WIDTH, POINTS_WIDTH, VALUE_WIDTH = 5, 24, 8, 5, 6, 5


@click.command(name="batch", cls=UltiCommand)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@game_options(
    bid_required=False,
    bid_help=N_("The bid for lines that do not name their own ('DEAL | BID')."),
    trump_help=N_(
        "The trump for lines whose bid has a trump that is not red and that do not "
        "name their own ('DEAL | BID | SUIT'); other lines ignore it."
    ),
)
@value_option(N_("each result"))
@kontra_option(N_("each line's bid, for --value (a line's own fourth field, DEAL | BID | SUIT | KONTRAS, wins)"))
@json_option(N_('JSON lines: one object per deal and trump, {"line": N, "error": ...} for a bad line.'))
@click.option("--csv", "as_csv", is_flag=True, help=N_("CSV with a header row: one row per deal and trump."))
@worker_options(N_("deals"))
def command(
    file, bid, trump, variants, rulebook, table, silent, with_value, kontra, as_json, as_csv, jobs, cluster, quiet
):
    """Solve every deal of FILE, one deal per line ('-' reads stdin).

    A line is DEAL, DEAL | BID, DEAL | BID | SUIT or DEAL | BID | SUIT |
    KONTRAS; its own bid, trump and kontras win over --bid, --trump and
    --kontra.  Blank lines and '#' comments are skipped.
    Results come in input order as soon as they are ready.  A bad line is
    reported with its line number (counting every line of the file) and
    the others go on; the exit status is then 2.  A summary goes to stderr.

    \b
    Examples:
      ulti example batch | ulti batch - --bid party
      ulti example batch | ulti batch - --bid party --json -j 2 > results.jsonl
      ulti example batch | ulti batch - --bid "40-100 ulti" --trump acorns --csv --value > out.csv
      ulti example batch | grep -v '^#' | ulti batch - --bid party --quiet
      ulti example deal | ulti batch - --bid ulti --trump bells --value --kontra ulti --quiet
    """
    fmt = output_format(as_json, as_csv)
    rules = build_rules(rulebook, variants, table)
    implementation()  # a bad ULTI_SOLVER_IMPL is one error line before the header, not after it
    settings = BatchSettings(bid, trump, rules, silent, with_value, kontra)
    jobs, spread_after = jobs_plan(jobs)
    runner = Runner(jobs, cluster, spread_after=spread_after)  # the cluster is reached once the header is out
    tally = BatchTally()
    started = time.monotonic()
    stopped = lost = None
    last = 0  # the file line of the last result printed
    # Lines end at '\n' only: a stray '\r' must not shift the line numbers (see numbered_lines).
    with open_lines(file) as source:
        if file == "-":
            lines: Iterable[Tuple[int, str]] = numbered_lines(source)
            total = None
        else:
            lines = list(numbered_lines(source))
            total = len(lines)
            jobs = max(1, min(jobs, total))
        header = Output()
        if fmt == CSV:
            header.csv_row(csv_header(silent, with_value))
        elif fmt != JSON:
            header.line(table_header(with_value))
        work = partial(solve_batch_line, settings)
        try:
            with (
                runner,
                runner.results(work, lines, chunk_size(total, jobs), cluster_chunk=128) as outcomes,
                progress_bar(total, N_("deal"), quiet) as bar,
            ):
                out = Output(fmt, bar)
                for outcome in outcomes:
                    tally.add(outcome)
                    print_outcome(out, outcome, silent, with_value)
                    last = outcome.line
                    bar.update(1)
        except KeyboardInterrupt as exc:
            stopped = exc
        except ClusterLost as exc:
            lost = exc
    if not quiet:
        head = INTERRUPTED if stopped is not None else STOPPED if lost is not None else SOLVED
        for text in summary(tally, time.monotonic() - started, head):
            click.echo(text, err=True)
        for text in value_legend(rules.value_table) if with_value else ():
            click.echo(text, err=True)
    if lost is not None:  # said even with --quiet: the run failed, and the results end early
        done = tally.deals + len(tally.bad_lines)
        if total is None:
            stopped_at = _("stopped after {done} lines").format(done=done)
        else:
            stopped_at = _("stopped after {done} of {total} lines").format(done=done, total=total)
        if last:
            stopped_at += _("; the results above are complete up to line {line} of the file").format(line=last)
        click.echo(_("Error: {message}").format(message=f"{one_line(lost)}: {stopped_at}"), err=True)
        sys.exit(Runner.stop_status(lost))
    if stopped is not None:
        sys.exit(Runner.stop_status(stopped))
    if tally.bad_lines:
        sys.exit(2)


def print_outcome(out: Output, outcome: LineOutcome, silent: bool, with_value: bool) -> None:
    if out.format == JSON:
        if outcome.error is not None:  # JSON stays English, for scripts
            out.json({"line": outcome.line, "error": one_line(english(outcome.error))})
        for solution in outcome.solutions:
            out.json({"line": outcome.line, **solution.as_json()})
        return
    if outcome.error is not None:
        out.message(_("line {line}: {message}").format(line=outcome.line, message=one_line(outcome.error)))
    if out.format == CSV:
        for row in csv_rows(outcome, silent, with_value):
            out.csv_row(row)
    else:
        out.lines(table_rows(outcome, with_value))


#: How a batch ended, as its summary starts: solved, stopped by Ctrl-C, stopped by a lost cluster.
SOLVED = NN_(
    "Solved {n} deal ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
    "Solved {n} deals ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
)
INTERRUPTED = NN_(
    "Interrupted after {n} deal ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
    "Interrupted after {n} deals ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
)
STOPPED = NN_(
    "Stopped after {n} deal ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
    "Stopped after {n} deals ({games}) in {seconds:.2f} s, {rate:.1f} deals/s",
)


def summary(tally: BatchTally, seconds: float, head=SOLVED) -> List[str]:
    """The summary on stderr; ``head`` says how the run ended: SOLVED, INTERRUPTED, STOPPED."""
    rate = tally.deals / seconds if seconds > 0 else 0.0
    games = n_("{n} game with their trumps", "{n} games with their trumps", tally.games)
    lines = [n_(head[0], head[1], tally.deals, games=games, seconds=seconds, rate=rate)]
    if tally.bad_lines:
        shown = ", ".join(map(str, tally.bad_lines[:20])) + (" ..." if len(tally.bad_lines) > 20 else "")
        lines.append(n_("{n} bad line: {lines}", "{n} bad lines: {lines}", len(tally.bad_lines), lines=shown))
    counts = tally.made_counts()
    if counts:
        width = max(len(str(made)) for _name, made, _played in counts)
        lines.append(_("Made:"))
        rows = [
            [
                _(name) if name == WHOLE_BID else component_word(name),
                _("{made} of {played}").format(made=f"{made:>{width}}", played=played),
            ]
            for name, made, played in counts
        ]
        lines += aligned(rows)
    return lines


def csv_header(silent: bool, with_value: bool) -> List[str]:
    header = ["line", "deal", "bid", "trump", *map(str, COMPONENT_ORDER), "joint", "declarer_points"]
    if with_value:
        header.append("value")
    if silent:
        header += [f"silent_{name}" for name in CSV_SILENT]
    return header + ["error"]


def csv_bool(value) -> str:
    return "" if value is None else ("true" if value else "false")


def csv_rows(outcome: LineOutcome, silent: bool, with_value: bool) -> List[List[str]]:
    """One row per game; components the bid does not have are left empty."""
    width = len(csv_header(silent, with_value))
    if outcome.error is not None:  # CSV, like JSON, stays English
        return [[str(outcome.line)] + [""] * (width - 2) + [one_line(english(outcome.error))]]
    rows = []
    for s in outcome.solutions:
        row = [str(outcome.line), str(s.deal), str(s.bid), s.trump_name or ""]
        row += [csv_bool(s.components.get(name)) for name in COMPONENT_ORDER]
        row += [csv_bool(s.joint), "" if s.declarer_points is None else str(s.declarer_points)]
        if with_value:
            row.append(str(s.value))
        if silent:
            row += [csv_bool((s.silent or {}).get(name)) for name in CSV_SILENT]
        rows.append(row + [""])
    return rows


def table_header(with_value: bool) -> str:
    """The table's head: each line's deal comes on a row of its own, its games (bid and trump) below it."""
    line, deal, trump, whole, points, value = (
        _("line"),
        _("deal / bid"),
        _("trump"),
        _("whole"),
        _("points"),
        _("value"),
    )
    cells = [
        f"{line:>{LINE_WIDTH}}",
        f"{deal:<{BID_WIDTH}}",
        f"{trump:<{trump_width()}}",
        f"{whole:<{whole_width()}}",
        f"{points:>{POINTS_WIDTH}}",
    ]
    if with_value:
        cells.append(f"{value:>{VALUE_WIDTH}}")
    return "  ".join(cells + [_("components")])


def trump_width() -> int:
    """The trump column: as wide as its widest word in the language of the run (``no trump``, ``adu nélkül``)."""
    return _widths(i18n.language())[0]


def whole_width() -> int:
    """The whole-bid column: its heading or ``yes``/``no``, whichever is wider in the language of the run."""
    return _widths(i18n.language())[1]


@cache
def _widths(language: str) -> Tuple[int, int]:
    """The trump and whole-bid columns' widths in ``language``: worked out once, not on each of a
    batch's thousands of rows."""
    trump = max(TRUMP_WIDTH, len(_("trump")), *(len(trump_text(t)) for t in (None, *SUITS)))
    return trump, max(WHOLE_WIDTH, len(_("whole")), len(yes_no(True)), len(yes_no(False)))


def table_rows(outcome: LineOutcome, with_value: bool = False) -> List[str]:
    """The line's deal, then a row per game: bid, trump, whole bid, points, value, components (wrapped)."""
    if outcome.deal is None:
        return []
    rows = [f"{outcome.line:>{LINE_WIDTH}}  {outcome.deal}"]
    for s in outcome.solutions:
        bid = bid_label(s.bid)
        if len(bid) > BID_WIDTH:
            rows.append(f"{'':<{LINE_WIDTH}}  {bid}")
            bid = ""
        cells = [
            " " * LINE_WIDTH,
            f"{bid:<{BID_WIDTH}}",
            f"{trump_text(s.trump):<{trump_width()}}",
            f"{yes_no(s.joint):<{whole_width()}}",
            f"{number_text(s.declarer_points):>{POINTS_WIDTH}}",
        ]
        if with_value:
            cells.append(f"{signed(s.value):>{VALUE_WIDTH}}")
        parts = [f"{component_word(name)} {yes_no(made)}" for name, made in s.components.items()]
        rows += wrapped("  ".join(cells) + "  ", parts)
    return rows


def wrapped(start: str, parts: List[str], width: int = TABLE_WIDTH) -> List[str]:
    """``start`` then the parts joined by commas, going on under the first part where a line would be too wide."""
    lines, line = [], start
    for index, part in enumerate(parts):
        text = part + ("," if index < len(parts) - 1 else "")
        if line != start and line[-1] != " " and len(line) + 1 + len(text) > width:
            lines.append(line)
            line = " " * len(start)
        line += text if line.endswith(" ") else " " + text
    return lines + [line]
