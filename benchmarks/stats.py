"""What the benchmark prints of a list of timings or answers."""

from __future__ import annotations

import hashlib
import json
import statistics
from typing import Dict, List

#: The columns of a timing row, in order.
COLUMNS = ("mean", "median", "p90", "p99", "max")


def checksum(results: List[dict]) -> str:
    """A short digest of every answer of a set: two builds agree when their digests do."""
    return hashlib.sha256(json.dumps([r["answer"] for r in results]).encode()).hexdigest()[:12]


def stats(seconds: List[float]) -> Dict[str, float]:
    """Mean, median, p90, p99 and max of ``seconds``."""
    ordered = sorted(seconds)

    def at(fraction):
        return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]

    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "p90": at(0.9),
        "p99": at(0.99),
        "max": ordered[-1],
    }


def ms_columns(row: Dict[str, float]) -> str:
    """A row of :func:`stats` in milliseconds, aligned under the tables' headers."""
    return "".join(f"{row[k] * 1e3:>9.3f}" for k in COLUMNS[:-1]) + f"{row['max'] * 1e3:>9.2f}"
