"""The ``ulti`` command line (INTERFACE.md): solve, batch, discards, rules.

The solver library does the card play; this module only reads what the
user typed, runs the library, and prints the answer either for a person
(aligned tables, suit symbols) or for a program (JSON lines, CSV).

Error handling is the contract's: bad input prints one line naming the
problem and exits 2, an internal error exits 1, never a traceback (set
``ULTI_DEBUG=1`` to see one).  Every input error is raised as a
:class:`click.ClickException` subclass and printed by :class:`UltiGroup`.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import click
from tqdm import tqdm

from .bids import (
    COMPONENT_ORDER,
    FORTY_100,
    FOUR_ACES,
    TWENTY_100,
    ULTI,
    Bid,
    BidError,
    parse_bid,
    parse_trump,
    trumps_to_solve,
)
from .cards import (
    CANONICAL_RANKS,
    HEARTS,
    RANK_LETTERS,
    SUIT_NAMES,
    SUIT_NAMES_HU,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    card_label,
    card_name,
    make_card,
)
from .deal import SEAT_NAMES, Deal, DealError, parse_deal
from .discards import DiscardResult, discard_tasks, rank_discards, solve_discard, twelve_card_deal
from .scoring import Scoring
from .solution import Solution
from .solver import solve
from .variants import RULEBOOKS, VARIANTS, Rules, VariantError, make_rules

#: What the library raises for input it cannot accept.
INPUT_ERRORS = (DealError, BidError, VariantError, CardError)

#: Exit status when Ctrl-C stops a command (128 + SIGINT, as shells report it).
INTERRUPTED = 130


# -- Errors: one line on stderr, exit 2 for bad input ---------------------------

class BadInput(click.ClickException):
    """Input the program cannot use (a bad deal, bid, trump, rulebook...): exit 2."""

    exit_code = 2


def one_line(message: str) -> str:
    """Messages are printed on one line so scripts can grep them."""
    return " ".join(str(message).split())


class UltiGroup(click.Group):
    """A click group that prints every error as one line and never a traceback.

    Click's own usage errors normally print the usage and a hint on extra
    lines; here they become ``Error: <message> (try 'ulti solve --help')``.
    Anything unexpected is an internal error: exit 1 with its type and
    message, or the traceback when ``ULTI_DEBUG`` is set.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            hint = ""
            if exc.ctx is not None:
                hint = f" (try '{exc.ctx.command_path} --help')"
            click.echo(f"Error: {one_line(exc.format_message())}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"Error: {one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Interrupted.", err=True)
            sys.exit(INTERRUPTED)
        except Exception as exc:  # an internal error: a bug, not the user's input
            if os.environ.get("ULTI_DEBUG"):
                raise
            click.echo(
                f"Error: internal error: {type(exc).__name__}: {one_line(exc)} "
                "(run with ULTI_DEBUG=1 to see the traceback)",
                err=True,
            )
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


# -- Reading the user's words ---------------------------------------------------

def _parse_bid_option(ctx, param, value: Optional[str]) -> Optional[Bid]:
    if value is None:
        return None
    try:
        return parse_bid(value)
    except BidError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def _parse_trump_option(ctx, param, value: Optional[str]) -> Optional[int]:
    try:
        return parse_trump(value)
    except BidError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def build_rules(book: Optional[str], variants: Sequence[str]) -> Rules:
    """``--rules`` and ``--variant`` together; an unknown name lists the known ones."""
    try:
        return make_rules(book, variants)
    except VariantError as exc:
        raise BadInput(str(exc)) from None


def read_deal(tokens: Sequence[str]) -> Deal:
    """A deal from command-line words.

    The deal may come as one quoted string or as one word per hand (the
    shell splits an unquoted deal), or ``-`` to read it from stdin.  Words
    that look like long options were typos of options, not hands: the
    commands accept unknown ``-`` words so that a hand such as ``-.AT9.K8.7``
    (void in hearts) needs no quoting.
    """
    for token in tokens:
        if token.startswith("--"):
            raise click.UsageError(f"no such option: {token}")
    if list(tokens) == ["-"]:
        text = sys.stdin.read()
    else:
        text = " ".join(tokens)
    try:
        return parse_deal(text)
    except DealError as exc:
        raise BadInput(f"bad deal: {exc}") from None


def played_games(bid: Bid, trump: Optional[int]) -> Tuple[Tuple[Bid, Optional[int]], ...]:
    """R28/R29: the (bid, trump) pairs to solve; a trump that does not fit is bad input."""
    try:
        return trumps_to_solve(bid, trump)
    except BidError as exc:
        raise BadInput(str(exc)) from None


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


# -- Shared options ---------------------------------------------------------------

def _apply(options):
    def decorator(func):
        for option in reversed(options):
            func = option(func)
        return func
    return decorator


def game_options(bid_required: bool = True, bid_help: str = "", trump_help: str = ""):
    """--bid, --trump, --variant, --rules and --silent: what game is solved under which rules."""
    return _apply([
        click.option(
            "--bid", "bid", required=bid_required, metavar="BID", callback=_parse_bid_option,
            help=bid_help or "The bid: words in any order, e.g. 'party', '40-100 ulti', "
            "'red durchmars', 'betli', 'colorless durchmars'.",
        ),
        click.option(
            "--trump", "trump", metavar="SUIT", callback=_parse_trump_option,
            help=trump_help or "Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk). "
            "Left out, a trump bid is solved for bells, leaves and acorns; "
            "hearts makes the bid red (R28, R29).",
        ),
        click.option(
            "--variant", "variants", multiple=True, metavar="NAME",
            help="Switch a rule variant on (repeatable); see 'ulti rules'.",
        ),
        click.option(
            "--rules", "rulebook", metavar="BOOK",
            help="Rulebook: ultiblog (default), tournament, classic, rablo; see 'ulti rules'.",
        ),
        click.option(
            "--silent", is_flag=True,
            help="Also solve the silent achievements: silent 100, silent ulti, "
            "silent durchmars (R25-R27).",
        ),
    ])


def json_option(help_text: str):
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def worker_options(what: str):
    """-j/--jobs and --quiet, for the commands that solve many games."""
    return _apply([
        click.option(
            "-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
            help=f"Worker processes solving {what} (default: all cores; 1 solves in this process).",
        ),
        click.option(
            "--quiet", "-q", is_flag=True,
            help="No progress bar and no summary on stderr.",
        ),
    ])


# -- Showing cards, answers and rules to a player -------------------------------

def symbols_printable() -> bool:
    """Suit symbols only where stdout can encode them (a UTF-8 terminal or pipe)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "".join(SUIT_SYMBOLS).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def suit_heading(suit: int) -> str:
    name = f"{SUIT_NAMES[suit]} ({SUIT_NAMES_HU[suit]})"
    return f"{SUIT_SYMBOLS[suit]} {name}" if symbols_printable() else name


def suit_cards(hand: int, suit: int) -> str:
    """One suit of a hand as a player reads it: ``A T 9``, or ``-`` when void."""
    ranks = [RANK_LETTERS[r] for r in CANONICAL_RANKS if (hand >> make_card(suit, r)) & 1]
    return " ".join(ranks) or "-"


def card_text(card: int) -> str:
    return card_label(card) if symbols_printable() else card_name(card)


def trump_text(trump: Optional[int]) -> str:
    return "no trump" if trump is None else SUIT_NAMES[trump]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def yes_no(value: Optional[bool]) -> str:
    if value is None:
        return "-"
    return "yes" if value else "no"


def points_text(points: Optional[int]) -> str:
    return "-" if points is None else str(points)


def rules_text(rules: Rules) -> str:
    switches = ", ".join(rules.switches) if rules.switches else "no variant switches"
    return f"{rules.book} ({switches}; {rules.value_table} value table)"


def aligned(rows: Sequence[Sequence[str]], indent: str = "  ", right: Sequence[int] = ()) -> List[str]:
    """Rows of cells as lines with every column padded to its widest cell."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def hands_table(deal: Deal) -> List[str]:
    """The hands by seat (R5) and suit, and the talon when there is one."""
    rows = [[""] + [suit_heading(s) for s in SUITS]]
    seats = list(zip(SEAT_NAMES, deal.hands))
    if deal.talon is not None:
        seats.append(("talon", deal.talon))
    for seat, hand in seats:
        rows.append([seat] + [suit_cards(hand, s) for s in SUITS])
    return aligned(rows)


SILENT_LABELS = {
    "declarer-100": "silent 100, declarer",
    "defenders-100": "silent 100, defenders",
    "ulti": "silent ulti, declarer",
    "defender-ulti": "silent ulti, defenders",
    "defender-ulti-fails": "defenders' silent ulti beaten",
    "durchmars": "silent durchmars",
}


#: Why each component can be lost before play, in a player's words (R17-R20).
LOST_BEFORE_PLAY = {
    FORTY_100: "40-100 needs the {trump} king and ober in the declarer's hand (R17)",
    TWENTY_100: "20-100 needs a king and ober of a non-trump suit in the declarer's hand (R18)",
    ULTI: "ulti needs the {trump} seven in the declarer's hand (R19)",
    FOUR_ACES: "four aces is impossible with an ace in the talon (R20)",
}


def lost_before_play(deal: Deal, bid: Bid, trump: Optional[int]) -> List[str]:
    """Components the cards lose before the first lead, and the rule that says so."""
    scoring = Scoring(deal, bid, trump)
    return [
        LOST_BEFORE_PLAY[component].format(trump=trump_text(trump))
        for component in bid.ordered_components()
        if scoring.lost_before_play(component)
    ]


def answers_table(games: Sequence[Tuple[Bid, Optional[int], Solution]]) -> List[str]:
    """One column per trump: each component, the whole bid, the points, the silent answers."""
    rows = [[""] + [trump_text(trump) for _, trump, _ in games]]
    components = games[0][2].components
    for name in components:
        rows.append([name] + [yes_no(s.components.get(name)) for _, _, s in games])
    if len(components) > 1:
        rows.append(["whole bid (R24)"] + [yes_no(s.joint) for _, _, s in games])
    rows.append(["declarer points"] + [points_text(s.declarer_points) for _, _, s in games])
    silent_names: List[str] = []
    for _, _, solution in games:
        for name in solution.silent or {}:
            if name not in silent_names:
                silent_names.append(name)
    for name in silent_names:
        rows.append([SILENT_LABELS.get(name, f"silent {name}")]
                    + [yes_no((s.silent or {}).get(name)) for _, _, s in games])
    return aligned(rows)


# -- Worker processes and the progress bar ----------------------------------------

def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def ordered_results(func, items: Iterable, jobs: int, chunksize: int) -> Iterator[Iterator]:
    """``func(item)`` for every item, in input order, each as soon as it and those before it are done.

    ``jobs == 1`` runs in this process (no start-up cost, easy to debug);
    otherwise a process pool works on chunks of ``chunksize`` items.  On
    leaving the block, normally or by Ctrl-C or a broken pipe, the workers
    are stopped so nothing runs on after the program.
    """
    if jobs <= 1:
        yield map(func, items)
        return
    pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    try:
        yield pool.imap(func, items, chunksize)
    finally:
        pool.terminate()
        pool.join()


def chunk_size(total: Optional[int], jobs: int) -> int:
    """Chunks big enough to hide the pipe's cost, small enough to share the work and stream."""
    if total is None:
        return 4
    return max(1, min(32, total // (jobs * 8)))


def progress_bar(total: Optional[int], unit: str, quiet: bool) -> tqdm:
    """A bar on stderr showing how many per second; only on a terminal and without --quiet."""
    return tqdm(
        total=total, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
        disable=quiet or not sys.stderr.isatty(),
    )


class Printer:
    """Writes result lines to stdout, each in one write, around a live progress bar."""

    def __init__(self, bar: tqdm):
        # Clearing and redrawing the bar is only needed when both share the screen.
        self.around_bar = not bar.disable and sys.stdout.isatty()

    def line(self, text: str) -> None:
        if self.around_bar:
            tqdm.write(text, file=sys.stdout)
        else:
            click.echo(text)

    def error(self, text: str) -> None:
        if self.around_bar:
            tqdm.write(text, file=sys.stderr)
        else:
            click.echo(text, err=True)


# -- The commands -------------------------------------------------------------------

@click.group(cls=UltiGroup)
@click.version_option(package_name="ulti-solver", prog_name="ulti")
def main():
    """Double-dummy solver for Ulti, the Hungarian three-player card game.

    Every card is known and everybody plays perfectly: the solver says
    which parts of a bid the declarer can make against any defence.

    \b
    Start here:
      ulti solve "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8" \\
          --bid "40-100 ulti" --trump leaves
      ulti batch examples/batch.txt
      ulti discards "$(cat examples/discard.txt)" --bid "40-100 ulti" --top 10
      ulti rules

    \b
    A deal is the declarer's hand, seat 1, seat 2, then the talon; a hand
    is hearts.bells.leaves.acorns, ranks A T K O U 9 8 7 (X or 10 for the
    ten, F for the ober), '-' for a void suit.  Card lists work too:
    PA,PT,P9,TK,... (suit letters H B L A or P T Z M).

    Exit status: 0 ok, 2 bad input (one line on stderr naming it),
    1 internal error.
    """


@main.command(name="solve", context_settings={"ignore_unknown_options": True})
@click.argument("deal", nargs=-1, required=True)
@game_options(bid_required=True)
@json_option("One JSON object per trump solved, one per line (INTERFACE.md fields).")
def solve_command(deal, bid, trump, variants, rulebook, silent, as_json):
    """Solve one deal: can the declarer make each part of the bid?

    DEAL is three hands in seat order (declarer, seat 1, seat 2) and
    optionally the talon; quote it, or give one word per hand, or '-' to
    read it from stdin.  A 10/10/10 deal without a talon has the two
    missing cards as its talon.  A deal before the discard (12 cards in
    the declarer's hand) is for 'ulti discards'.

    A trump bid without --trump is solved for bells, leaves and acorns,
    one answer each; --trump hearts plays it red.

    \b
    Examples:
      ulti solve "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8" --bid party
      ulti solve "$(cat examples/deal.txt)" --bid "40-100 ulti" --trump leaves
      ulti solve "$(cat examples/deal.txt)" --bid betli --json
      ulti solve - --bid "red durchmars" --rules tournament < examples/deal.txt
      ulti solve "$(cat examples/deal.txt)" --bid ulti --silent --variant free-seven
    """
    rules = build_rules(rulebook, variants)
    the_deal = read_deal(deal)
    try:
        the_deal.require_talon()
    except DealError as exc:
        raise BadInput(str(exc)) from None
    games = [
        (played_bid, played_trump, solve(the_deal, played_bid, played_trump, rules, silent=silent))
        for played_bid, played_trump in played_games(bid, trump)
    ]
    if as_json:
        for played_bid, played_trump, solution in games:
            click.echo(json.dumps(solution.as_json(the_deal, played_bid, played_trump, rules)))
        return
    out = [f"Deal  {the_deal}", ""]
    out += hands_table(the_deal)
    out += ["", f"Bid   {games[0][0]}", f"Rules {rules_text(rules)}", ""]
    out += answers_table(games)
    notes = []
    for played_bid, played_trump, _ in games:
        prefix = f"{trump_text(played_trump)}: " if len(games) > 1 else ""
        notes += [f"  {prefix}{reason}" for reason in lost_before_play(the_deal, played_bid, played_trump)]
    if notes:
        out += ["", "Lost before play:"] + notes
    legend = []
    if any(solution.declarer_points is not None for _, _, solution in games):
        legend.append("declarer points: the card points the declarer is sure to take, D + T_D (R14, R16)")
    if silent:
        legend.append("silent rows: yes = that side can force it whatever the other side does (R25-R27)")
    if legend:
        out += [""] + legend
    click.echo("\n".join(out))


# ---- batch ----

class BatchLineError(ValueError):
    """A batch line whose shape (the '|' fields) is wrong, or that has no bid."""


@dataclass(frozen=True)
class BatchSettings:
    """What every batch line shares: the default bid and trump, the rules."""

    bid: Optional[Bid]
    trump: Optional[int]
    rules: Rules
    silent: bool


@dataclass
class LineOutcome:
    """One batch line done: its games solved, or the reason it could not be."""

    line: int
    deal: Optional[Deal] = None
    games: Tuple[Tuple[Bid, Optional[int], Solution], ...] = ()
    error: Optional[str] = None


def read_batch_line(text: str, settings: BatchSettings) -> Tuple[Deal, Tuple[Tuple[Bid, Optional[int]], ...]]:
    """``DEAL``, ``DEAL | BID`` or ``DEAL | BID | SUIT``: the deal and the games to solve.

    The line's own bid and trump win over ``--bid`` and ``--trump``.  The
    default trump is used only where the bid needs a trump named: a bid
    with a trump that is not red (a red bid names hearts itself, R28).
    """
    fields = [f.strip() for f in text.split("|")]
    if len(fields) > 3:
        raise BatchLineError(f"a line is DEAL, DEAL | BID or DEAL | BID | SUIT; this one has {len(fields)} fields")
    deal = parse_deal(fields[0]).require_talon()
    bid_text = fields[1] if len(fields) > 1 else ""
    bid = parse_bid(bid_text) if bid_text else settings.bid
    if bid is None:
        raise BatchLineError("no bid: write the line as 'DEAL | BID' or give --bid")
    if len(fields) > 2 and fields[2]:
        trump = parse_trump(fields[2])
        # The library's messages speak of --trump; here the trump is the line's own.
        if not bid.has_trump:
            raise BatchLineError(f"{bid} is played without trump; drop '{fields[2]}' from the line (R28)")
        if bid.red and trump != HEARTS:
            raise BatchLineError(f"a red bid plays hearts as trump (R28); '{fields[2]}' contradicts it")
    elif bid.has_trump and not bid.red:
        trump = settings.trump
    else:
        trump = None
    return deal, trumps_to_solve(bid, trump)


def solve_batch_line(settings: BatchSettings, numbered_line: Tuple[int, str]) -> LineOutcome:
    """Solve one line; a module-level function so worker processes can run it."""
    line, text = numbered_line
    try:
        deal, games = read_batch_line(text, settings)
    except INPUT_ERRORS + (BatchLineError,) as exc:
        return LineOutcome(line, error=one_line(exc))
    solved = tuple(
        (bid, trump, solve(deal, bid, trump, settings.rules, silent=settings.silent)) for bid, trump in games
    )
    return LineOutcome(line, deal, solved)


def deal_lines(lines: Iterable[str]) -> Iterator[Tuple[int, str]]:
    """(file line number, text) of the lines that hold a deal: no blanks, no '#' comments.

    A '#' later in a line starts a comment too (no deal or bid uses it).
    """
    for number, raw in enumerate(lines, start=1):
        text = raw.split("#", 1)[0].strip()
        if text:
            yield number, text


@dataclass
class BatchTally:
    """Counts for the summary printed at the end of a batch."""

    deals: int = 0
    games: int = 0
    joint_made: int = 0
    bad_lines: List[int] = field(default_factory=list)
    made: Dict[str, int] = field(default_factory=dict)
    played: Dict[str, int] = field(default_factory=dict)

    def add(self, outcome: LineOutcome) -> None:
        if outcome.error is not None:
            self.bad_lines.append(outcome.line)
            return
        self.deals += 1
        for _, _, solution in outcome.games:
            self.games += 1
            self.joint_made += solution.joint
            for name, made in solution.components.items():
                self.played[name] = self.played.get(name, 0) + 1
                self.made[name] = self.made.get(name, 0) + made

    def summary(self, seconds: float, interrupted: bool = False) -> List[str]:
        rate = self.deals / seconds if seconds > 0 else 0.0
        head = "Interrupted after" if interrupted else "Solved"
        lines = [f"{head} {plural(self.deals, 'deal')} ({plural(self.games, 'game')} with their trumps) "
                 f"in {seconds:.2f} s, {rate:.1f} deals/s"]
        if self.bad_lines:
            shown = ", ".join(map(str, self.bad_lines[:20])) + (" ..." if len(self.bad_lines) > 20 else "")
            lines.append(f"{plural(len(self.bad_lines), 'bad line')}: {shown}")
        counts = [(name, self.made[name], self.played[name]) for name in COMPONENT_ORDER if name in self.played]
        if self.games:
            counts.append(("whole bid", self.joint_made, self.games))
            width = max(len(str(made)) for _, made, _ in counts)
            lines.append("Made:")
            lines += aligned([[name, f"{made:>{width}} of {played}"] for name, made, played in counts])
        return lines


CSV_COMPONENTS = COMPONENT_ORDER
CSV_SILENT = tuple(SILENT_LABELS)


def csv_header(silent: bool) -> List[str]:
    header = ["line", "deal", "bid", "trump", *CSV_COMPONENTS, "joint", "declarer_points"]
    if silent:
        header += [f"silent_{name}" for name in CSV_SILENT]
    return header + ["error"]


def csv_bool(value: Optional[bool]) -> str:
    return "" if value is None else ("true" if value else "false")


def csv_rows(outcome: LineOutcome, silent: bool) -> List[List[str]]:
    """One row per game; components the bid does not have are left empty."""
    width = len(csv_header(silent))
    if outcome.error is not None:
        row = [str(outcome.line)] + [""] * (width - 2) + [outcome.error]
        return [row]
    rows = []
    for bid, trump, solution in outcome.games:
        row = [str(outcome.line), str(outcome.deal), str(bid), "" if trump is None else SUIT_NAMES[trump]]
        row += [csv_bool(solution.components.get(name)) for name in CSV_COMPONENTS]
        row += [csv_bool(solution.joint), points_text(solution.declarer_points).replace("-", "")]
        if silent:
            row += [csv_bool((solution.silent or {}).get(name)) for name in CSV_SILENT]
        rows.append(row + [""])
    return rows


def csv_line(row: Sequence[str]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow(row)
    return buffer.getvalue()


TABLE_HEADER = f"{'line':>5}  {'deal':<56}  {'bid':<20}  {'trump':<8}  {'whole':<5}  {'points':>6}  components"


def table_rows(outcome: LineOutcome) -> List[str]:
    rows = []
    for bid, trump, solution in outcome.games:
        parts = ", ".join(f"{name} {yes_no(made)}" for name, made in solution.components.items())
        rows.append(
            f"{outcome.line:>5}  {str(outcome.deal):<56}  {str(bid):<20}  {trump_text(trump):<8}  "
            f"{yes_no(solution.joint):<5}  {points_text(solution.declarer_points):>6}  {parts}"
        )
    return rows


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@game_options(
    bid_required=False,
    bid_help="The bid for lines that do not name their own ('DEAL | BID').",
    trump_help="The trump for lines whose bid has a trump that is not red and that do not "
    "name their own ('DEAL | BID | SUIT'); other lines ignore it.",
)
@json_option("JSON lines: one object per deal and trump, {\"line\": N, \"error\": ...} for a bad line.")
@click.option("--csv", "as_csv", is_flag=True, help="CSV with a header row: one row per deal and trump.")
@worker_options("deals")
def batch(file, bid, trump, variants, rulebook, silent, as_json, as_csv, jobs, quiet):
    """Solve every deal of FILE, one deal per line ('-' reads stdin).

    A line is DEAL, DEAL | BID or DEAL | BID | SUIT; its own bid and trump
    win over --bid and --trump.  Blank lines and '#' comments are skipped.
    Results come in input order as soon as they are ready.  A bad line is
    reported with its line number (counting every line of the file) and
    the others go on; the exit status is then 2.  A summary goes to stderr.

    \b
    Examples:
      ulti batch examples/batch.txt
      ulti batch examples/batch.txt --bid party --json -j 4 > results.jsonl
      ulti batch deals.txt --bid "40-100 ulti" --trump acorns --csv > out.csv
      grep -v '^#' deals.txt | ulti batch - --bid party --quiet
    """
    if as_json and as_csv:
        raise click.UsageError("choose one of --json and --csv")
    rules = build_rules(rulebook, variants)
    settings = BatchSettings(bid, trump, rules, silent)
    jobs = jobs or default_jobs()
    tally = BatchTally()
    started = time.monotonic()
    interrupted = False
    with click.open_file(file, "r", encoding="utf-8-sig", errors="replace") as source:
        if file == "-":
            lines: Iterable[Tuple[int, str]] = deal_lines(source)
            total = None
        else:
            lines = list(deal_lines(source))
            total = len(lines)
            jobs = max(1, min(jobs, total))
        if as_csv:
            click.echo(csv_line(csv_header(silent)))
        elif not as_json:
            click.echo(TABLE_HEADER)
        work = partial(solve_batch_line, settings)
        try:
            # The pool forks before the bar starts its monitor thread: forking a
            # process that runs threads is what Python warns against.
            with ordered_results(work, lines, jobs, chunk_size(total, jobs)) as outcomes, \
                    progress_bar(total, "deal", quiet) as bar:
                printer = Printer(bar)
                for outcome in outcomes:
                    tally.add(outcome)
                    print_outcome(printer, outcome, as_json, as_csv, rules, silent)
                    bar.update(1)
        except KeyboardInterrupt:
            interrupted = True
    if not quiet:
        for text in tally.summary(time.monotonic() - started, interrupted):
            click.echo(text, err=True)
    if interrupted:
        sys.exit(INTERRUPTED)
    if tally.bad_lines:
        sys.exit(2)


def print_outcome(printer: Printer, outcome: LineOutcome, as_json: bool, as_csv: bool,
                  rules: Rules, silent: bool) -> None:
    if as_json:
        if outcome.error is not None:
            printer.line(json.dumps({"line": outcome.line, "error": outcome.error}))
        for bid, trump, solution in outcome.games:
            printer.line(json.dumps({"line": outcome.line, **solution.as_json(outcome.deal, bid, trump, rules)}))
        return
    if outcome.error is not None:
        printer.error(f"line {outcome.line}: {outcome.error}")
    if as_csv:
        for row in csv_rows(outcome, silent):
            printer.line(csv_line(row))
    else:
        for row in table_rows(outcome):
            printer.line(row)


# ---- discards ----

def discard_marks(result: DiscardResult, rules: Rules) -> str:
    """Why a discard may hurt, in words: points given to the talon (R16), a marriage broken (R17, R18)."""
    marks = []
    if result.ace_or_ten_in_talon:
        side = "declarer" if rules.talon_to_declarer else "defenders"
        marks.append(f"A/10 in talon: {result.talon_points} for the {side} (R16)")
    if result.breaks_marriage == "40":
        marks.append("breaks the trump marriage (R17)")
    elif result.breaks_marriage == "20":
        marks.append("breaks the only side-suit marriage (R18)")
    return "; ".join(marks)


def discards_table(results: Sequence[DiscardResult], rules: Rules) -> List[str]:
    components = list(results[0].solution.components)
    header = ["#", "discard", "trump", *components]
    if len(components) > 1:
        header.append("whole bid")
    header += ["points", "marks"]
    rows = [header]
    for index, result in enumerate(results, start=1):
        solution = result.solution
        row = [str(index), " ".join(card_text(c) for c in result.discard), trump_text(result.trump)]
        row += [yes_no(solution.components[name]) for name in components]
        if len(components) > 1:
            row.append(yes_no(solution.joint))
        row += [points_text(solution.declarer_points), discard_marks(result, rules)]
        rows.append(row)
    points_column = len(header) - 2
    return aligned(rows, right=(0, points_column))


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("deal", nargs=-1, required=True)
@game_options(bid_required=True)
@json_option("JSON lines, best first: the INTERFACE.md fields of the deal after the discard, "
             "plus \"discard\", \"ace_or_ten_in_talon\", \"talon_points\", \"breaks_marriage\".")
@click.option("--top", type=click.IntRange(min=1), metavar="N", help="Show only the N best discards.")
@worker_options("discards")
def discards(deal, bid, trump, variants, rulebook, silent, as_json, top, jobs, quiet):
    """Try every discard of the declarer's 12 cards, best first.

    DEAL is the declarer's 12 cards and the two defenders' 10, as three
    words (HAND12 DEF1 DEF2) or one quoted string.  A 10/10/10 deal with
    its talon is read as the declarer picking the talon up.  Each of the
    66 two-card discards is solved for every trump the bid is played in,
    and listed best first: whole bid made, then the number of components
    made, then declarer points.

    \b
    Marks: 'A/10 in talon' the discard puts an ace or ten into the talon,
    whose points count for the defenders (or the declarer under
    talon-to-declarer, R16); 'breaks the ... marriage' it throws away the
    king or ober that 40-100 (R17) or 20-100 (R18) cannot do without.

    \b
    Examples:
      ulti discards "$(cat examples/discard.txt)" --bid "40-100 ulti" --top 10
      ulti discards A97.TK8.OU8.U98 8.A97.A97.ATO TKOU.OU.TK.K7 --bid party --trump acorns
      ulti discards "$(cat examples/discard.txt)" --bid betli --json | head -3
    """
    rules = build_rules(rulebook, variants)
    given = read_deal(deal)
    before = twelve_card_deal(given)
    games = played_games(bid, trump)  # a trump that does not fit the bid is bad input before any work
    tasks = discard_tasks(before, bid, trump)
    jobs = max(1, min(jobs or default_jobs(), len(tasks)))
    solved = []
    work = partial(solve_discard, rules=rules, silent=silent)
    with ordered_results(work, tasks, jobs, chunk_size(len(tasks), jobs)) as results, \
            progress_bar(len(tasks), "discard", quiet) as bar:
        for result in results:
            solved.append(result)
            bar.update(1)
    ranked = rank_discards(solved)
    shown = ranked[:top] if top else ranked
    if as_json:
        for result in shown:
            click.echo(json.dumps(result.as_json(rules)))
        return
    trumps = ", ".join(trump_text(t) for _, t in games)
    picked_up = "" if given.before_discard else " (the declarer has picked up the talon)"
    out = [f"Before the discard{picked_up}", ""]
    out += hands_table(before)
    out += ["", f"Bid   {shown[0].bid}", f"Rules {rules_text(rules)}", ""]
    count = f"the best {len(shown)} of {len(ranked)}" if len(shown) < len(ranked) else f"all {len(ranked)}"
    per_trump = " for each trump" if len(games) > 1 else ""
    out += [f"{len(ranked) // len(games)} discards{per_trump} ({trumps}); {count}, best first:", ""]
    out += discards_table(shown, rules)
    click.echo("\n".join(out))


# ---- rules ----

#: What each switch's rule is without it: the default, in a player's words.
DEFAULT_BEHAVIOUR = {
    "durchmars-ten-high": "colorless durchmars (like betli) ranks the ten between the unter and the nine",
    "free-seven": "in an ulti bid the declarer keeps the trump seven while holding another trump",
    "talon-to-declarer": "aces and tens in the talon count for the defenders",
    "marriage-needs-trick": "marriages count without a trick, but a side with no card points never "
                            "wins the party",
}


@main.command(name="rules")
@json_option("The rulebooks and variants as one JSON object.")
def rules_command(as_json):
    """The rulebooks (--rules BOOK) and variant switches (--variant NAME).

    A rulebook is a named set of variant switches plus a value table
    (RULES.md, "Variants and rulebooks"); --variant switches more on top
    of the rulebook.

    \b
    Examples:
      ulti rules
      ulti solve "$(cat examples/deal.txt)" --bid party --rules tournament
      ulti solve "$(cat examples/deal.txt)" --bid "40-100 ulti" --variant free-seven
    """
    if as_json:
        data = {
            "rulebooks": {
                name: {"variants": list(switches), "value_table": table, "source": seed, "description": text}
                for name, (switches, table, seed, text) in RULEBOOKS.items()
            },
            "variants": {
                name: {"rule": rule, "description": text, "default": DEFAULT_BEHAVIOUR.get(name)}
                for name, (rule, text) in VARIANTS.items()
            },
        }
        click.echo(json.dumps(data))
        return
    out = ["Rulebooks (--rules BOOK)", ""]
    for name, (switches, table, seed, text) in RULEBOOKS.items():
        out.append(f"  {name}")
        out.append(f"      {text}")
        out.append(f"      switches: {', '.join(switches) or 'none'}; value table: {table}; follows {seed}")
    out += ["", "Variant switches (--variant NAME, repeatable)", ""]
    for name, (rule, text) in VARIANTS.items():
        out.append(f"  {name}  ({rule})")
        out.append(f"      with it:    {text}")
        if name in DEFAULT_BEHAVIOUR:
            out.append(f"      without it: {DEFAULT_BEHAVIOUR[name]}")
    click.echo("\n".join(out))
