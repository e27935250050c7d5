"""How the package is put together: one way into the search, one place for what a question
reads, rulebooks as named records, and no part that needs the compiled core where none is needed."""

import ast
from pathlib import Path

import pytest

from ulti_solver.bids import COMPONENT_ORDER
from ulti_solver.reads import READS
from ulti_solver.scoring import SilentItem
from ulti_solver.variants import RULEBOOKS, VARIANTS

PACKAGE = Path(__file__).resolve().parent.parent / "ulti_solver"


def imports_of(path: Path):
    """Every module name ``path`` imports, relative imports resolved against the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(parts[: len(parts) - node.level])
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            yield name
            for alias in node.names:
                yield f"{name}.{alias.name}"
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


SEARCH_INSIDE = {"search/core.py", "search/__init__.py", "search/reference.py", "goals.py"}


@pytest.mark.parametrize(
    "path", sorted(p for p in PACKAGE.rglob("*.py") if str(p.relative_to(PACKAGE)) not in SEARCH_INSIDE), ids=str
)
def test_the_search_facade_is_the_only_way_in(path):
    """Only the search facade (ulti_solver.search) and the core's own adapter may touch the core
    (and goals.py, its goal compiler); every other module goes through the facade."""
    banned = {"ulti_solver.search.core", "ulti_solver._core", "ulti_solver.goals", "ulti_solver.search.reference"}
    assert not banned & set(imports_of(path)), path


#: The guide's limit: one concern a file, and no file over 500 lines (issue 31 split settlement.py,
#: knowledge/view.py, analysis/bidding.py, runner.py and cli/options.py to keep it).
MOST_LINES = 500
SOURCES = sorted(
    path.relative_to(PACKAGE).as_posix() for pattern in ("*.py", "*.pyi") for path in PACKAGE.rglob(pattern)
) + sorted(path.name for path in (PACKAGE.parent / "cext").glob("*.p*"))


@pytest.mark.parametrize("name", SOURCES)
def test_no_source_file_passes_500_lines(name):
    path = PACKAGE / name if (PACKAGE / name).exists() else PACKAGE.parent / "cext" / name
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"{name}: {lines} lines"


def test_the_moved_names_are_still_imported_from_where_they_were():
    """The split keeps every import that callers (and users) write working."""
    from ulti_solver.knowledge import TALON, InformationSet, information_set, information_set_from_hand
    from ulti_solver.settlement import SILENT_UNITS, VALUE_TABLE, SettlementError, component_units, prices

    assert TALON == 3 and callable(information_set) and callable(information_set_from_hand)
    assert InformationSet.__module__ == "ulti_solver.knowledge.view"
    assert SettlementError.__module__ == "ulti_solver.payments" and callable(component_units) and callable(prices)
    assert VALUE_TABLE and SILENT_UNITS


def test_the_prices_of_final_outcomes_need_no_core():
    """R34's table of final outcomes is plain Python (ulti_solver.pricing), not in goals.py."""
    assert not {n for n in imports_of(PACKAGE / "pricing.py") if "_core" in n or "goals" in n}
    assert not {n for n in imports_of(PACKAGE / "settlement.py") if "_core" in n or "goals" in n}


def test_what_every_question_reads_is_written_once():
    """Every component (R14-R23) and silent item (R25-R27) says what it reads, in ulti_solver.reads."""
    assert {str(c) for c in COMPONENT_ORDER} | {str(s) for s in SilentItem} <= set(READS)


def test_rulebooks_and_variants_are_named_records():
    for name, book in RULEBOOKS.items():
        assert book.name == name and book.table in ("classic", "tournament")
        assert set(book.switches) <= set(VARIANTS) and book.source and book.description
    for name, variant in VARIANTS.items():
        assert variant.name == name and variant.rule.startswith("R") and variant.with_it and variant.without_it
    assert "kontra-durchmars-individual" in RULEBOOKS["classic"].switches  # R37


# --- The layering: results -> text (render/) -> command line (cli/), and no import cycle. ---
#
# Every import counts, those inside functions too (a lazy import still runs, later); only
# the imports under ``if TYPE_CHECKING:`` do not, as they never run.

#: The one module outside cli/ that may load it: ``python -m ulti_solver`` is the command line.
ENTRY_POINT = "ulti_solver.__main__"


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, (ast.Name, ast.Attribute)) and ast.unparse(test).endswith("TYPE_CHECKING")


def running_imports(path: Path, root: Path = PACKAGE) -> list:
    """Every name ``path`` imports when it runs (lazy imports too), TYPE_CHECKING blocks left
    out: for ``from X import y``, both X and X.y (y may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []

    def visit(node):
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append(name)
            found.extend(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(root: Path = PACKAGE):
    """{module: modules of the package it imports}, and {module: every name it imports}.
    A module's own packages are not edges: Python has loaded them before the module runs."""
    paths = {module_name(p, root): p for p in root.rglob("*.py")}
    edges, names = {}, {}
    for module, path in paths.items():
        imported = running_imports(path, root)
        names[module] = set(imported)
        ancestors = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
        if path.name == "__init__.py":
            ancestors.add(module)
        edges[module] = {n for n in imported if n in paths and n not in ancestors}
    return edges, names


def a_cycle(edges) -> list:
    """One import cycle of ``edges`` as [a, b, ..., a], or [] when there is none."""
    state, stack = {}, []

    def walk(module):
        state[module] = "open"
        stack.append(module)
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                return stack[stack.index(target) :] + [target]
            if target not in state:
                cycle = walk(target)
                if cycle:
                    return cycle
        state[module] = "done"
        stack.pop()
        return []

    for module in sorted(edges):
        if module not in state:
            cycle = walk(module)
            if cycle:
                return cycle
    return []


def test_the_package_has_no_import_cycle():
    """Each module can be read, tested and loaded after the ones it uses: no cycle, lazy imports too."""
    edges, _ = import_graph()
    cycle = a_cycle(edges)
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def _uses_the_command_line(imported) -> set:
    return {n for n in imported if n == "click" or n.startswith(("click.", "ulti_solver.cli"))}


def test_only_the_command_line_imports_the_command_line_or_click():
    """Results, the text layer, the board and the report work without click: the command line
    is the top layer, and nothing below reaches up into it."""
    _, names = import_graph()
    outside = {
        module: sorted(_uses_the_command_line(imported))
        for module, imported in names.items()
        if not module.startswith("ulti_solver.cli") and module != ENTRY_POINT
    }
    assert {module: found for module, found in outside.items() if found} == {}


def test_the_text_layer_imports_neither_click_nor_the_command_line():
    _, names = import_graph()
    render = {m: sorted(_uses_the_command_line(n)) for m, n in names.items() if m.startswith("ulti_solver.render")}
    assert render and {m: found for m, found in render.items() if found} == {}


def test_the_layering_checks_see_lazy_imports_and_skip_type_checking_ones(tmp_path):
    """The checks above can fail: a cycle closed by an import inside a function is found, and
    one through an import under ``if TYPE_CHECKING:`` is not a cycle."""
    root = tmp_path / "ulti_solver"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from . import b\n")
    (root / "b.py").write_text("def later():\n    from .a import later\n")
    (root / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import d\nimport click\n"
    )
    (root / "d.py").write_text("from .c import x\n")
    edges, names = import_graph(root)
    assert a_cycle(edges) == ["ulti_solver.a", "ulti_solver.b", "ulti_solver.a"]
    assert edges["ulti_solver.c"] == set() and "click" in names["ulti_solver.c"]
    del edges["ulti_solver.a"]
    assert a_cycle(edges) == []
