"""The type stub of the compiled core (ulti_solver/_core.pyi) names exactly what the core has.

Cython writes no annotations a type checker can read, so the package ships a
stub beside the extension (as endplay does for DDS) and ``py.typed``.  A stub
that misses a name, keeps one the core dropped, or goes unshipped misleads
every checker and editor without failing anything else; these tests hold it
to the built module, class by class and member by member.
"""

import ast
import enum
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from ulti_solver import _core

ROOT = Path(__file__).resolve().parent.parent
STUB = ROOT / "ulti_solver" / "_core.pyi"


def public(names):
    return {name for name in names if not name.startswith("_")}


def stub_tree():
    return ast.parse(STUB.read_text(encoding="utf-8"))


def defined(body):
    """The names a stub's module or class body defines: classes, functions, annotated names."""
    names = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return public(names)


def stub_classes():
    return {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}


def test_the_stub_names_exactly_the_public_names_of_the_core():
    assert defined(stub_tree().body) == public(dir(_core))


def test_each_class_of_the_stub_has_exactly_the_public_members_of_the_core_class():
    for name, node in stub_classes().items():
        cls = getattr(_core, name)
        if issubclass(cls, enum.Enum):
            members = set(cls.__members__)
        else:
            members = public(dir(cls)) - public(dir(object))
        assert defined(node.body) == members, name


def test_the_stub_gives_the_goal_flags_their_values():
    (goal,) = [node for name, node in stub_classes().items() if name == "Goal"]
    values = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in goal.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    assert values == {flag.name: flag.value for flag in _core.Goal}


def test_every_function_of_the_stub_is_annotated():
    for node in ast.walk(stub_tree()):
        if isinstance(node, ast.FunctionDef):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            unannotated = [a.arg for a in arguments if a.annotation is None and a.arg != "self"]
            assert not unannotated and node.returns is not None, (node.name, unannotated)


def test_the_stub_and_py_typed_are_package_data_of_the_wheel_and_the_sdist():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ulti_solver"]
    assert "_core.pyi" in patterns and "py.typed" in patterns
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "include ulti_solver/_core.pyi ulti_solver/py.typed" in manifest
    assert (ROOT / "ulti_solver" / "py.typed").is_file()


@pytest.mark.slow  # builds the wheel (the Cython core too) and the sdist: some 30-60 s
def test_the_built_wheel_and_sdist_hold_the_stub_and_py_typed(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path)], cwd=ROOT, check=True, capture_output=True
    )
    (wheel,) = tmp_path.glob("*.whl")
    (sdist,) = tmp_path.glob("*.tar.gz")
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    with tarfile.open(sdist) as archive:
        in_sdist = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for name in ("ulti_solver/_core.pyi", "ulti_solver/py.typed"):
        assert name in in_wheel, name
        assert name in in_sdist, name
