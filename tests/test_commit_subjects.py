""".ci/check-commits: CI fails on a commit subject of 72 characters or more, and names it.

Only the commits after the one it is given are read: history from before the rule stays as it is.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "check-commits"
pytestmark = pytest.mark.skipif(
    not SCRIPT.is_file() or shutil.which("git") is None, reason="needs the checkout's .ci/ and git"
)
GIT_ENV = dict(
    os.environ,
    GIT_AUTHOR_NAME="t",
    GIT_AUTHOR_EMAIL="t@example.org",
    GIT_COMMITTER_NAME="t",
    GIT_COMMITTER_EMAIL="t@example.org",
)


def commit(repo: Path, subject: str) -> str:
    subprocess.run(
        ["git", "commit", "-q", "--allow-empty", "-m", subject, "-m", "The body may be as long as it needs."],
        cwd=repo,
        env=GIT_ENV,
        check=True,
    )
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()


def check(repo: Path, since: str):
    return subprocess.run([str(SCRIPT), since], cwd=repo, capture_output=True, text=True)


@pytest.fixture
def repo(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


def test_subjects_under_72_characters_pass_and_history_before_the_rule_is_not_read(repo):
    commit(repo, "x" * 100)  # before the rule
    since = commit(repo, "the last commit before the rule")
    commit(repo, "é" * 71)  # 71 characters, 142 bytes
    done = check(repo, since)
    assert done.returncode == 0, done.stderr


def test_a_subject_of_72_characters_fails_and_is_named(repo):
    since = commit(repo, "start")
    commit(repo, "fine")
    commit(repo, "y" * 72)
    done = check(repo, since)
    assert done.returncode == 1
    assert "72 characters" in done.stderr and "y" * 72 in done.stderr and "fine" not in done.stderr


def test_an_unknown_start_is_a_clear_error(repo):
    commit(repo, "start")
    done = check(repo, "d7d2e6f")
    assert done.returncode == 1 and "no commit d7d2e6f" in done.stderr and "Traceback" not in done.stderr
