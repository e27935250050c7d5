"""``ulti batch``: a file of deals, one per line, solved in input order."""

from __future__ import annotations

import sys
import time
from functools import partial
from typing import Iterable, Tuple

import click

from ..batch import (
    BatchSettings,
    BatchTally,
    numbered_lines,
    one_line,
    open_lines,
    solve_batch_line,
)
from ..i18n import N_, _
from ..render.batch import INTERRUPTED, SOLVED, STOPPED, csv_header, print_outcome, summary, table_header
from ..render.legends import value_legend
from ..render.output import CSV, JSON, Output, progress_bar
from ..runner import ClusterLost, Runner, chunk_size, jobs_plan
from ..search import implementation
from .language import UltiCommand
from .options import build_rules, game_options, json_option, kontra_option, output_format, value_option
from .work_options import worker_options


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
    file, bid, trump, variants, rulebook, table, silent, with_value, *, kontra, as_json, as_csv, jobs, cluster, quiet
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
