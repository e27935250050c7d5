"""What ulti simulate prints: the bids by how often they are made, with bars, rates and counts."""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, List

from ..analysis.intervals import wilson
from ..cards import card_name, cards_of
from ..i18n import NN_, _, decimal, n_
from .legends import explained, value_legend
from .tables import aligned
from .words import bid_label, cards_text, trump_text

if TYPE_CHECKING:
    from ..dealing import Constraints

#: The confidence of the intervals, as the texts write it: a value, so that no text holds a bare '%'.
CI = "95%"


#: The widest a table may be: it fits a terminal of 100 columns.
TABLE_WIDTH = 100


#: The longest bar of a probability (p = 1), in characters; shorter where the table has no room.
BAR_WIDTH = 20


#: How many games the table shows when no --top is given.
TABLE_TOP = 20


#: A bar shorter than this says nothing: the column is left out.
BAR_LEAST = 5


#: What :func:`counted` counts, one and many.
GAMES = NN_("{n:,} game", "{n:,} games")


SAMPLES = NN_("{n:,} sample", "{n:,} samples")


WORKERS = NN_("{n:,} worker", "{n:,} workers")


def counted(count: int, noun) -> str:
    """``9,900 games``, ``1 sample``: a count with its noun, in thousands (``noun``: GAMES, SAMPLES...)."""
    return n_(noun[0], noun[1], count)


def rate_text(count: float, seconds: float) -> str:
    """A rate with three significant digits, never rounded to a false 0: ``0.0891``, ``8.91``, ``891``."""
    if seconds <= 0:
        return "-"
    rate = count / seconds
    if rate >= 100:
        return _("{rate:,.0f}").format(rate=rate)  # thousands as the language writes them
    if rate == 0:
        return "0"
    digits = max(0, 2 - math.floor(math.log10(rate)))
    return f"{rate:.{digits}f}"


def duration_text(seconds: float) -> str:
    """A time as a person says it: ``40 s``, ``12 min``, ``3.5 h``, ``9 days``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return _("{minutes:.0f} min").format(minutes=seconds / 60)
    if seconds < 48 * 3600:
        return _("{hours:.1f} h").format(hours=seconds / 3600)
    return _("{days:,.0f} days").format(days=seconds / 86400)


def _bar(p: float, width: int) -> str:
    """A bar of a probability, ``width`` characters at p = 1, in eighths of a character.

    Nothing at p = 0; any p above 0 shows at least an eighth, so that a
    rare success is not drawn as none.
    """
    if p <= 0:
        return ""
    eighths = max(1, round(p * width * 8))
    full, part = divmod(eighths, 8)
    return "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")


def _wrap_bids(rows: List[List[str]], column: int) -> List[List[str]]:
    """Rows whose longest bids go on under themselves, where the table would be wider than the screen.

    Only the longest bids of R28 ("red open 40-100 ulti four-aces
    durchmars", 40 characters) can make it so.
    """
    excess = max(len(line) for line in aligned(rows)) - TABLE_WIDTH
    if excess <= 0:
        return rows
    most = max(len(row[column]) for row in rows) - excess
    wrapped = []
    for row in rows:
        parts = textwrap.wrap(row[column], most) or [""]
        wrapped.append([*row[:column], parts[0], *row[column + 1 :]])
        wrapped += [[""] * column + [part] + [""] * (len(row) - column - 1) for part in parts[1:]]
    return wrapped


def simulation_table(result, shown, constraints: Constraints, table: str) -> List[str]:
    """The games as rows, with a bar of p where some row has one and the table has room for it."""
    head = _("Hand  {hand}").format(hand=result.hand)
    if constraints.talon is not None:
        head += _("  talon {cards}").format(cards=" ".join(card_name(c) for c in cards_of(constraints.talon)))
    lines = [
        head,
        _("{samples}; {games}, best mean value first:").format(
            samples=counted(result.solved, SAMPLES), games=counted(len(result.tallies), GAMES)
        ),
        "",
    ]
    twelve = constraints.talon is None
    rows = [
        [
            *([_("discard")] if twelve else []),
            _("bid"),
            _("trump"),
            _("made"),
            _("p ({ci} interval)").format(ci=CI),
            _("mean value"),
        ]
    ]
    for tally in shown:
        game = tally.game
        low, high = wilson(tally.made, tally.samples)
        rows.append(
            [
                *([cards_text(game.discard)] if twelve else []),
                bid_label(game.bid),
                trump_text(game.trump),
                f"{tally.made}/{tally.samples}",
                decimal(f"{tally.p_made:.2f} ({low:.2f}-{high:.2f})"),
                decimal(f"{tally.mean_value:+.2f} ± {tally.stderr_value:.2f}"),
            ]
        )
    width = min(BAR_WIDTH, TABLE_WIDTH - max(len(line) for line in aligned(rows)) - 2)
    if width >= BAR_LEAST and any(tally.made for tally in shown):
        column = len(rows[0]) - 1  # the bar goes between p and the mean value
        rows[0].insert(column, "")
        for row, tally in zip(rows[1:], shown, strict=True):
            row.insert(column, _bar(tally.p_made, width))
    lines += aligned(_wrap_bids(rows, 1 if twelve else 0))
    if len(shown) < len(result.tallies):
        lines += [
            "",
            _("(the best {shown} of {count:,}; --top 0 shows every one)").format(
                shown=len(shown), count=len(result.tallies)
            ),
        ]
    return lines + ["", *simulate_legend(table)]


def simulate_legend(table: str) -> List[str]:
    """What the columns mean: samples made, the probability, and the value averaged over the samples."""
    return [
        *explained(_("made"), _("the samples in which the whole bid could be made, with best play on both sides")),
        *explained(
            "p", _("the chance of making it, from the samples; in brackets the range it lies in 19 times in 20")
        ),
        *explained(_("mean value"), _("the value averaged over the samples, ± its standard error")),
        *value_legend(table),
    ]


def simulation_lines(result) -> List[str]:
    """The table ``ulti simulate`` prints for a :class:`~ulti_solver.analysis.simulate.Simulation`,
    the best 20 games: ``print(simulate(...))`` prints it too."""
    return simulation_table(result, result.ranked()[:TABLE_TOP], result.constraints, result.rules.value_table)


#: Seconds of work from which a run says, after its first sample, how long it will take.
ANNOUNCE_AFTER = 10.0


def games_text(games, bids, discards) -> str:
    """``9,900 games a sample (66 discards x 150 bids and trumps)``: what one sample solves."""
    discarded = len({g.discard for g in games})
    per_discard = len(games) // max(1, discarded)
    parts = n_("{n:,} bid", "{n:,} bids and trumps", per_discard)
    if discarded > 1:
        parts = _("{discards} discards x {bids}").format(discards=discarded, bids=parts)
    return n_("{n:,} game a sample ({parts})", "{n:,} games a sample ({parts})", len(games), parts=parts)


def estimate_lines(first: float, samples: int, games, workers: int, bids, trump, discards) -> List[str]:
    """After the first sample: how long the rest will take, when that is long, and how to narrow it."""
    rest = first * (samples - 1) / max(1, workers)
    if rest < ANNOUNCE_AFTER:
        return []
    narrower = []
    if not bids:
        narrower.append("--bid")
    if trump is None and len({(g.bid, g.trump) for g in games}) > 1:
        narrower.append("--trump")
    if not discards and len({g.discard for g in games}) > 1:
        narrower.append("--discard")
    narrow = _(" or ").join(
        [", ".join(narrower[:-1]), narrower[-1]] if len(narrower) > 1 else narrower or ["--samples"]
    )
    return [
        _(
            "The first sample took {first:.1f} s: {samples} x {games} will take about {duration} on {workers}; "
            "{narrow} makes it shorter, Ctrl-C stops it and keeps what was solved."
        ).format(
            first=first,
            samples=counted(samples, SAMPLES),
            games=counted(len(games), GAMES),
            duration=duration_text(first + rest),
            workers=counted(workers, WORKERS),
            narrow=narrow,
        )
    ]
