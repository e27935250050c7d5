"""The batch file format (INTERFACE.md, ``ulti batch``): one deal per line, solved line by line.

A line is ``DEAL``, ``DEAL | BID``, ``DEAL | BID | SUIT`` or
``DEAL | BID | SUIT | KONTRAS``; blank lines and ``#`` comments are skipped
but counted, so that every message names the file's own line number.  A
bad line becomes a :class:`LineOutcome` with an error instead of stopping
the batch.
"""

from __future__ import annotations

import io
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, TextIO, Tuple

from .bids import COMPONENT_ORDER, HEARTS, Bid, bid_words, parse_bid, parse_trump, trumps_to_solve
from .deal import BOM, Deal, parse_deal
from .errors import UltiInputError, excerpt
from .i18n import L_, N_
from .kontra import NO_SPEC, Kontra, KontraSpec, parse_kontra
from .solution import Solution
from .variants import Rules

#: The summary's row of the whole bid (R24), translated where it is printed.
WHOLE_BID = N_("whole bid")


class BatchLineError(UltiInputError):
    """A batch line whose shape (the '|' fields) is wrong, or that has no bid."""


@dataclass(frozen=True)
class BatchSettings:
    """What every batch line shares: the default bid and trump, the rules, what to solve."""

    bid: Optional[Bid]
    trump: Optional[int]
    rules: Rules
    silent: bool = False
    value: bool = False
    kontra: KontraSpec = NO_SPEC


@dataclass
class LineOutcome:
    """One batch line done: its games solved, or the reason it could not be."""

    line: int
    deal: Optional[Deal] = None
    solutions: Tuple[Solution, ...] = ()
    #: Why the line could not be solved: a message, put into words where it is printed
    #: (English inside --json and --csv, the language of the run on stderr).
    error: Optional[object] = None


def one_line(message: object) -> str:
    """Messages are printed on one line so scripts can grep them."""
    return " ".join(str(message).split())


@contextmanager
def open_lines(path: str) -> Iterator[TextIO]:
    """A file (``-``: stdin) as UTF-8 text whose lines end at ``\n`` only (see :func:`numbered_lines`)."""
    if path == "-":
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
        if stream is None:  # a text-only stdin (some test harnesses): read it as it is
            yield sys.stdin
            return
        wrapper = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline="\n")
        try:
            yield wrapper
        finally:
            wrapper.detach()
        return
    with open(path, encoding="utf-8", errors="replace", newline="\n") as handle:
        yield handle


def numbered_lines(source: Iterable[str]) -> Iterator[Tuple[int, str]]:
    """(file line number, text) of the lines that hold a deal: no blanks, no '#' comments.

    ``source`` yields lines that end at ``\n`` only (open the file with
    ``newline="\n"``): a stray carriage return inside a line is blank space
    in that line, not a line break, so it cannot shift the numbers of the
    lines after it.  A '#' later in a line starts a comment too (no deal or
    bid uses it); a byte-order mark before the first line is dropped.
    """
    for number, raw in enumerate(source, start=1):
        if number == 1:
            raw = raw.lstrip(BOM)
        text = raw.replace("\r", " ").split("#", 1)[0].strip()
        if text:
            yield number, text


def read_batch_line(text: str, settings: BatchSettings) -> Tuple[Deal, Tuple[Tuple[Bid, Optional[int], Kontra], ...]]:
    """``DEAL``, ``DEAL | BID``, ``DEAL | BID | SUIT`` or ``DEAL | BID | SUIT | KONTRAS``:
    the deal and the games to solve, each with its kontras (R36, R37).

    The line's own bid, trump and kontras win over ``--bid``, ``--trump`` and
    ``--kontra`` (a fourth field replaces ``--kontra`` whole; ``-`` or nothing
    there means none).  The default trump is used only where the bid needs a
    trump named: a bid with a trump that is not red (a red bid names hearts
    itself, R28).
    """
    fields = [f.strip() for f in text.split("|")]
    if len(fields) > 4:
        raise BatchLineError(
            L_(
                "a line is DEAL, DEAL | BID, DEAL | BID | SUIT or DEAL | BID | SUIT | KONTRAS; "
                "this one has {count} fields",
                count=len(fields),
            )
        )
    deal = parse_deal(fields[0]).require_talon()
    bid_text = fields[1] if len(fields) > 1 else ""
    bid = parse_bid(bid_text) if bid_text else settings.bid
    if bid is None:
        raise BatchLineError(L_("no bid: write the line as 'DEAL | BID' or give --bid"))
    if len(fields) > 2 and fields[2]:
        trump = parse_trump(fields[2])
        # The library's messages speak of --trump; here the trump is the line's own.
        if not bid.has_trump:
            raise BatchLineError(
                L_(
                    "{bid} is played without trump; drop {trump} from the line (R28)",
                    bid=bid_words(bid),
                    trump=excerpt(fields[2]),
                )
            )
        if bid.red and trump != HEARTS:
            raise BatchLineError(
                L_("a red bid plays hearts as trump (R28); {trump} contradicts it", trump=excerpt(fields[2]))
            )
    elif bid.has_trump and not bid.red:
        trump = settings.trump
    else:
        trump = None
    spec = settings.kontra
    if len(fields) > 3:
        spec = NO_SPEC if fields[3] in ("", "-") else parse_kontra(fields[3])
    return deal, tuple((b, t, spec.for_bid(b, rules=settings.rules)) for b, t in trumps_to_solve(bid, trump))


def solve_batch_line(settings: BatchSettings, numbered_line: Tuple[int, str]) -> LineOutcome:
    """Solve one line; a module-level function so worker processes can run it."""
    from .search import solve

    line, text = numbered_line
    try:
        deal, games = read_batch_line(text, settings)
    except UltiInputError as exc:
        return LineOutcome(line, error=exc.args[0] if exc.args else str(exc))
    solved = tuple(
        solve(deal, bid, trump, rules=settings.rules, silent=settings.silent, value=settings.value, kontra=kontra)
        for bid, trump, kontra in games
    )
    return LineOutcome(line, deal, solved)


@dataclass
class BatchTally:
    """Counts for the summary at the end of a batch: deals, games, bad lines, what was made."""

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
        for solution in outcome.solutions:
            self.games += 1
            self.joint_made += solution.joint
            for name, made in solution.components.items():
                self.played[name] = self.played.get(name, 0) + 1
                self.made[name] = self.made.get(name, 0) + made

    def made_counts(self) -> List[Tuple[str, int, int]]:
        """(component, made, played) in print order, then the whole bid."""
        counts = [(str(name), self.made[name], self.played[name]) for name in COMPONENT_ORDER if name in self.played]
        if self.games:
            counts.append((WHOLE_BID, self.joint_made, self.games))
        return counts
