"""How the benchmark runs one build of the package, in its own processes.

A build is a directory holding ``ulti_solver/`` with its core built in
place: this checkout, or another commit's (``git worktree add DIR COMMIT``
and ``python setup.py build_ext --inplace`` in it).  Each is run in
processes that import that directory's package and nothing beside it, so
two builds are measured side by side in one run: the worker
(``benchmarks/worker.py``) for the solves, and :class:`Shell` for whole
``ulti`` commands as a user runs them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator, List

#: The worker script, run by path (it imports no module of the benchmark).
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")


def this_build() -> str:
    """The directory holding the ``ulti_solver`` this process imports: the build measured as 'this'."""
    import ulti_solver

    return os.path.dirname(os.path.dirname(os.path.abspath(ulti_solver.__file__)))


def worker_env(root: str) -> dict:
    """The environment of a worker that imports the build in ``root``, and nothing beside it."""
    return dict(os.environ, PYTHONPATH=root, PYTHONSAFEPATH="1")


@contextmanager
def cases_file(cases: List[dict]) -> Iterator[str]:
    """The path of a temporary JSON file holding ``cases``, for a worker run on one build."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(cases, handle)
    try:
        yield handle.name
    finally:
        os.unlink(handle.name)


def time_build(root: str, cases: List[dict]) -> dict:
    """Run the worker once on ``cases`` against the package found in ``root``."""
    with cases_file(cases) as path:
        done = subprocess.run(
            [sys.executable, WORKER, path], env=worker_env(root), check=True, capture_output=True, text=True
        )
    return json.loads(done.stdout)


class Worker:
    """A worker process timing one build, fed chunks of cases one at a time."""

    def __init__(self, root: str):
        self.process = subprocess.Popen(
            [sys.executable, WORKER, "--serve"],
            env=worker_env(root),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def time(self, cases: List[dict]) -> List[dict]:
        self.process.stdin.write(json.dumps(cases) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())["results"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


#: How the shell rows start Python: without ``site``, so that an editable install of the
#: checkout running the bench ('pip install -e .') adds no import hook to every command's
#: start-up (about 20 M instructions, a tenth of a quick command) that a user's
#: 'pip install .' does not have; :class:`Shell` puts the site-packages on the path instead.
SHELL_PYTHON = (sys.executable, "-S")


class Shell:
    """``ulti`` commands of the build in ``root``, run as a user runs them after 'pip install .'
    compiled the bytecode once (a PYTHONDONTWRITEBYTECODE here would have every run compile
    every module): the checkout first on the path, then this interpreter's site-packages,
    and the checkout as the working directory, because ``python -m`` puts that first of all."""

    def __init__(self, root: str):
        self.root = root
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        packages = [p for p in sys.path if os.path.basename(p) in ("site-packages", "dist-packages")]
        self.env["PYTHONPATH"] = os.pathsep.join([root, *packages])
        self.run("--help")  # compiles the bytecode of the modules every command imports

    def argv(self, *args: str) -> List[str]:
        return [*SHELL_PYTHON, "-m", "ulti_solver", *args]

    def run(self, *args: str) -> None:
        subprocess.run(self.argv(*args), check=True, stdout=subprocess.DEVNULL, env=self.env, cwd=self.root)

    def wall(self, *args: str) -> float:
        """Seconds of wall time for ``ulti ARGS`` (output thrown away)."""
        start = time.perf_counter()
        self.run(*args)
        return time.perf_counter() - start

    def wall_input(self, text: str, *args: str) -> float:
        """Seconds of wall time for ``ulti ARGS`` reading ``text`` on stdin."""
        start = time.perf_counter()
        subprocess.run(
            self.argv(*args), input=text.encode(), check=True, stdout=subprocess.DEVNULL, env=self.env, cwd=self.root
        )
        return time.perf_counter() - start
