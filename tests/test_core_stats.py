"""The core's cut-off counters (``Search.stats``, cext/types.pxi), behind a compile-time switch.

The counts cost time in the hottest code, so they are compiled in only when
the build asks (``ULTI_CORE_STATS=1 python setup.py build_ext --inplace
--force``, setup.py); the default build has none, and says so rather than
answering zeros.  Built with them, every trick-boundary node ends in exactly
one way (the question's bounds, a settled position, the trumps' control,
quick tricks, a table entry, or a search whose bounds are stored), so the
six counts add up to the node count, and counting changes no answer.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ulti_solver import _core
from ulti_solver.bids import parse_bid
from ulti_solver.cards import LEAVES
from ulti_solver.deal import parse_deal
from ulti_solver.play import PlayRules
from ulti_solver.position import start_of_play
from ulti_solver.search.core import engine
from ulti_solver.variants import DEFAULT_RULES

ROOT = Path(__file__).resolve().parent.parent

#: A deal whose 40-100 ulti in leaves takes a real search: table entries, cut-offs, settled ends.
DEAL = "TK9.T98.7.ATU -.KU7.ATOU9.O8 AOU8.O.K8.K97 7.A.-.-"

#: How each node can end; every node counts in exactly one of these.
NODE_ENDS = ("bounds", "settled", "trump_control", "quick_tricks", "table", "stores")
CUTS = ("first_card_cuts", "later_card_cuts")

#: Asks the core questions of both searches and prints the answers and the counts, as JSON:
#: run by this process's core and by one built with the counters.
QUESTIONS = """
import json, sys
from ulti_solver import _core
hands, trump, seven_kept, ten_low = json.loads(sys.argv[1])
search = _core.Search(_core.Engine(), *hands, trump, seven_kept, ten_low)
# S = the declarer's units of ten: the value search's question in its simplest form.
final = [0] * 240
for units in range(10):
    for dec in (0, 1):
        for dfn in (0, 1):
            for aces in (0, 1):
                for seven in range(3):
                    final[_core.final_index(units, dec, dfn, aces, seven)] = units
question = _core.ValueQuestion(final, 0, True)
answers = {
    "ulti": search.can_force(int(_core.Goal.ULTI), 0),
    "points": search.max_points(0),
    "aces": search.can_force(int(_core.Goal.ACES), 0),
    "value": search.value(question, _core.past_index(0, False, False, False)),
}
print(json.dumps({"stats": _core.STATS, "answers": answers, "counts": search.stats(), "nodes": search.nodes}))
"""


def position_args():
    """The hands and rules of play of DEAL's 40-100 ulti in leaves, as the core takes them."""
    deal = parse_deal(DEAL)
    play = PlayRules.for_game(parse_bid("40-100 ulti"), LEAVES, rules=DEFAULT_RULES)
    return [list(start_of_play(deal).hands), *play.core]


def ask(python_path=None):
    """QUESTIONS' findings, by this process's core or by the one built in ``python_path``."""
    env = None
    if python_path is not None:  # safe path: not the checkout's package beside the working directory
        env = {"PYTHONPATH": str(python_path), "PYTHONSAFEPATH": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", QUESTIONS, json.dumps(position_args())],
        cwd=python_path,
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=300,
    )
    return json.loads(done.stdout)


def check_counts(found):
    """The counts of a core built with them: each node ends once, and the searches cut off."""
    counts = found["counts"]
    assert set(counts) == set(NODE_ENDS) | set(CUTS) | {"nodes"}
    assert counts["nodes"] == found["nodes"] > 0
    assert sum(counts[end] for end in NODE_ENDS) == counts["nodes"], counts
    assert counts["stores"] > 0 and counts["table"] > 0 and counts["first_card_cuts"] > 0, counts


def test_the_core_counts_exactly_when_built_to_and_says_so_otherwise():
    """The default build (no ULTI_CORE_STATS) answers None, not zeros that look like counts."""
    hands, trump, seven_kept, ten_low = position_args()
    search = _core.Search(engine(), *hands, trump, seven_kept, ten_low)
    search.can_force(int(_core.Goal.ULTI), 0)
    assert search.nodes > 0
    if _core.STATS:
        check_counts({"counts": search.stats(), "nodes": search.nodes})
    else:
        assert search.stats() is None


@pytest.mark.slow  # compiles the core with the counters, in a copy: a minute or two
def test_a_core_built_with_ulti_core_stats_counts_every_node_once_and_answers_alike(tmp_path):
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "cext", tmp_path / "cext", ignore=shutil.ignore_patterns("*.c"))
    (tmp_path / "ulti_solver").mkdir()
    shutil.copy(ROOT / "ulti_solver" / "__init__.py", tmp_path / "ulti_solver" / "__init__.py")
    subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tmp_path,
        env={"ULTI_CORE_STATS": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        check=True,
        timeout=900,
    )
    counted = ask(tmp_path)
    assert counted["stats"] is True
    check_counts(counted)
    plain = ask()
    assert counted["answers"] == plain["answers"]
    assert counted["nodes"] == plain["nodes"]
