"""Instructions per solve and per command, counted by valgrind: ``python -m benchmarks.bench --instructions``.

Timings on a shared machine drift by 10-30% within a run; the number of
instructions a solve executes does not, so two builds can be compared on
it to a fraction of a percent.  Each build's worker runs one set of cases
under ``valgrind --tool=callgrind`` twice, once solving them and once only
parsing them; the difference over the number of cases is the instructions
of one solve, the Python around the core included, exactly the part the
timing table times.  (Caches, branch prediction and memory are not in it:
fewer instructions is usually, not always, less time.)  Whole commands
are counted as processes, start-up included.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from typing import List, Optional

from .builds import SHELL_PYTHON, WORKER, Shell, cases_file, worker_env
from .cases import EXAMPLE_DEAL, EXAMPLE_HAND, EXAMPLE_TWELVE, GOALS, SETS, VALUE_BIDS, cases_for

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")

#: The commands whose whole process is counted: the floor (Python and click), the group's
#: help, the shell rows' one-deal solve, and the best bid of the README's 12-card hand
#: (9,900 candidates: mostly Python around the core, and slow under valgrind).
WHOLE_COMMANDS = (
    ("python -S and import click", ()),
    ("ulti --help", ("--help",)),
    ("ulti solve, one deal", ("solve", EXAMPLE_DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--json")),
    ("ulti best, a 12-card hand", ("best", EXAMPLE_TWELVE, "--json", "--quiet")),
)


def valgrind_missing() -> str:
    """Why the count cannot run here, or '' when it can."""
    if shutil.which("valgrind") is None:
        return "--instructions needs valgrind on PATH (e.g. 'apt-get install valgrind')"
    return ""


def valgrind_instructions(argv: List[str], env: dict, what: str, cwd: Optional[str] = None) -> int:
    """Instructions the process ``argv`` executes under valgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        # A fixed hash seed: with a random one, string dicts probe differently from run to run,
        # which moved a cheap goal's count by up to a third between two runs of one build.
        env=dict(env, PYTHONHASHSEED="0"),
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        tail = " ".join(done.stderr.split())[-300:]
        raise RuntimeError(f"valgrind on {what} failed (exit {done.returncode}): {tail}")
    return int(found.group(1).replace(",", ""))


def process_instructions(root: str, mode: str, cases_path: str) -> int:
    """Instructions the worker for the build in ``root`` executes in ``mode`` (--count or --parse-only)."""
    return valgrind_instructions([sys.executable, WORKER, mode, cases_path], worker_env(root), f"the worker of {root}")


def command_instructions(root: str, *args: str) -> int:
    """Instructions of a whole ``ulti ARGS`` process of the build in ``root``, started as the
    bench's shell rows start it (``builds.SHELL_PYTHON``): its start-up, from Python's own
    to click's and the package's imports, included.  Without ARGS: the floor under every
    command, ``python -S -c 'import click'``."""
    shell = Shell(root)
    argv = shell.argv(*args) if args else [*SHELL_PYTHON, "-c", "import click"]
    what = f"'ulti {' '.join(args)}'" if args else "'import click'"
    return valgrind_instructions(argv, shell.env, f"{what} of {root}", cwd=root)


def compile_build(root: str) -> None:
    """Byte-compile the package of the build in ``root`` before it is counted.

    A module without an up-to-date ``.pyc`` is compiled from source where it is
    first imported, and some are first imported by the first solve; so a
    checkout that had never written its ``.pyc`` files (a fresh worktree, or
    ``PYTHONDONTWRITEBYTECODE``) counted the compiler into its solves: about
    1,000 instructions per solve on the cheap goals, enough to hide a 3% change.
    """
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", os.path.join(root, "ulti_solver")],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def per_solve(root: str, cases: List[dict]) -> float:
    """Instructions of one solve of ``cases`` (the mean), on the build in ``root``
    (byte-compiled first: :func:`compile_build`)."""
    with cases_file(cases) as path:
        solving = process_instructions(root, "--count", path)
        parsing = process_instructions(root, "--parse-only", path)
    return (solving - parsing) / max(1, len(cases))


def instruction_table(args, root: str) -> None:
    """Per goal and set: each build's instructions per solve, and their ratio; then, unless
    ``--no-extras``, the value of each bid of VALUE_BIDS per set, the simulation per sample
    and the whole commands."""
    missing = valgrind_missing()
    if missing:
        raise SystemExit(missing)
    for build in (root, args.baseline) if args.baseline else (root,):
        compile_build(build)
    print(f"{'goal':<13}{'set':<9}{'this':>14}{'base':>14}  ratio   (instructions per solve, empty table)")
    for name in args.goal or list(GOALS):
        for set_name in SETS:
            _solve_row(args, root, name, set_name, cases_for(name, set_name, args.deals, args.seed))
    if not args.no_extras:
        print(f"\n{'value (R34)':<13}{'set':<9}{'this':>14}{'base':>14}  ratio   (instructions per solve, empty table)")
        for bid_text in VALUE_BIDS:
            for set_name in SETS:
                cases = [dict(case, kind="value") for case in cases_for(bid_text, set_name, args.deals, args.seed)]
                _solve_row(args, root, bid_text, set_name, cases)
        simulate_instructions(args, root)
        whole_command_instructions(args, root)


def _solve_row(args, root: str, name: str, set_name: str, cases: List[dict]) -> None:
    """One row of instructions per solve: this build's, and the baseline's with the ratio."""
    this = per_solve(root, cases)
    line = f"{name:<13}{set_name:<9}{this:>14,.0f}"
    if args.baseline:
        base = per_solve(args.baseline, cases)
        line += f"{base:>14,.0f}  {this / base:.3f}x"
    print(line, flush=True)


#: The simulations counted per sample: examples/hand.txt with its talon, one bid in leaves, one process.
SIMULATED_BIDS = ("party", "ulti")
#: Samples of a counted simulation (at most; the bench's --samples if fewer): about a minute of valgrind.
COUNTED_SAMPLES = 300


def simulation_command(bid: str, samples: int) -> tuple:
    hand, talon = EXAMPLE_HAND
    return ("simulate", hand, "--talon", talon, "--bid", bid, "--trump", "leaves", "--samples", str(samples))


def per_sample(root: str, bid: str, samples: int) -> float:
    """Instructions of one sample of ``ulti simulate`` (examples/hand.txt, ``bid`` in leaves, -j 1):
    the process that solves ``samples`` less the one that solves one, over the difference."""
    counts = [
        command_instructions(root, *simulation_command(bid, n), "-j", "1", "--quiet", "--seed", "0")
        for n in (samples, 1)
    ]
    return (counts[0] - counts[1]) / (samples - 1)


def simulate_instructions(args, root: str) -> None:
    """Each build's instructions per sample of the simulation rows, and their ratio."""
    samples = max(2, min(args.samples, COUNTED_SAMPLES))
    print(f"\n{'simulate':<22}{'this':>14}{'base':>14}  ratio   (instructions per sample, {samples} samples, -j 1)")
    for bid in SIMULATED_BIDS:
        this = per_sample(root, bid, samples)
        line = f"{bid + ' in leaves':<22}{this:>14,.0f}"
        if args.baseline:
            base = per_sample(args.baseline, bid, samples)
            line += f"{base:>14,.0f}  {this / base:.3f}x"
        print(line, flush=True)


def whole_command_instructions(args, root: str) -> None:
    """Each command of WHOLE_COMMANDS as a whole process: where a command's time goes."""
    print(f"\n{'command':<28}{'this':>14}{'base':>14}  ratio   (instructions of the whole process)")
    for label, command in WHOLE_COMMANDS:
        this = command_instructions(root, *command)
        line = f"{label:<28}{this:>14,.0f}"
        if args.baseline:
            try:
                base = command_instructions(args.baseline, *command)
            except RuntimeError as exc:  # an older build may not have a newer command
                missing = "No such command" in str(exc)
                line += f"{'-':>14}  the baseline {'has no such command' if missing else 'failed: ' + str(exc)[-120:]}"
            else:
                line += f"{base:>14,.0f}  {this / base:.3f}x"
        print(line, flush=True)
