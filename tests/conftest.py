"""Shared fixtures: every search test runs on the Cython core and on the reference.

The tests test the built product.  Two settings make sure of it, for this
process and every ``python -m ulti_solver`` a test starts: the core is
required (a missing build fails at once instead of crawling on the
reference), and the working directory is not put on ``sys.path``
(``PYTHONSAFEPATH``, Python 3.11+), so a command started from the
repository root runs the installed package, not the source tree beside it.
The tests read English output unless they ask for Hungarian (``--lang hu``),
so a Hungarian ``LANG`` on the machine does not change what they read.
"""

import os

import pytest

os.environ.setdefault("ULTI_SOLVER_IMPL", "core")
os.environ["PYTHONSAFEPATH"] = "1"
os.environ.setdefault("ULTI_LANG", "en")

from ulti_solver.cards import BB_ALL, BB_POINT_CARDS, cards_of, popcount
from ulti_solver.deal import Deal, parse_hand
from ulti_solver.position import Outcome, Position

IMPLEMENTATIONS = ["core", "reference"]


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request):
    """The name of a search implementation; the core must be built (see test_core_is_built)."""
    return request.param


def endgame(declarer, seat1, seat2, leader=0, so_far=None):
    """A position with a few tricks left, and a full deal it can have come from.

    ``so_far`` defaults to: the declarer took every trick played so far,
    without card points.
    The cards already played are dealt back to the hands in card order, and
    the talon gets two cards without points, so that R16 and the marriages
    stay out of the way unless a test puts them in on purpose.
    """
    hands = tuple(parse_hand(h) for h in (declarer, seat1, seat2))
    assert popcount(hands[0]) == popcount(hands[1]) == popcount(hands[2])
    gone = BB_ALL & ~(hands[0] | hands[1] | hands[2])
    plain = [c for c in cards_of(gone) if not (BB_POINT_CARDS >> c) & 1]
    talon_cards = plain[:2] if len(plain) >= 2 else list(cards_of(gone))[:2]
    talon = sum(1 << c for c in talon_cards)
    rest = [c for c in cards_of(gone & ~talon)]
    full = list(hands)
    for seat in range(3):
        while popcount(full[seat]) < 10:
            full[seat] |= 1 << rest.pop(0)
    if so_far is None:
        so_far = Outcome(declarer_tricks=10 - popcount(hands[0]))
    return Deal(tuple(full), talon), Position(hands, leader, so_far)


def run_cli(*args, input=None, env=None):
    """``ulti ARGS`` in this process, stdout and stderr kept apart (click 8.0 needs mix_stderr=False)."""
    from click.testing import CliRunner

    from ulti_solver.cli import main

    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 always keeps them apart
        runner = CliRunner()
    return runner.invoke(main, list(args), input=input, env=env, catch_exceptions=False)
