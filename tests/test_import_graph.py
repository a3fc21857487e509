"""The package's layers: no two modules import each other in a circle, and the core never imports
openpyxl or xlwings (DESIGN.md, "The house": arrows point down only).

The imports are read from the source with ``ast``: at module level and inside functions alike
(a function-level import is a dependency too); only ``if TYPE_CHECKING:`` blocks, which never
run, are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "xl_tiebreak"
FACES = ("xl_tiebreak.excel", "xl_tiebreak.cli", "xl_tiebreak.udfs")  # may use openpyxl, xlwings
OFFICE = ("openpyxl", "xlwings")


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The dotted names ``name`` imports when it runs (a ``from x import y`` of a submodule ``y``
    names ``x.y`` as well as ``x``)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                for other in child.orelse:  # type: ignore[attr-defined]
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = package[:len(package) - child.level + 1] if child.level else []
                module = ".".join(base + ([child.module] if child.module else [])) if child.level else child.module
                assert module is not None
                found.add(module)
                found.update(f"{module}.{a.name}" for a in child.names if f"{module}.{a.name}" in known)
            visit(child)
    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: {m for m in _imports(name, path, known) if m in known and m != name}
            for name, path in known.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_no_module_imports_itself_through_others():
    assert _cycles(_graph()) == []


def test_the_walk_finds_a_cycle_and_function_level_imports():
    """The checker itself: a circle of three is found, and an import inside a function counts."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    known = _modules()
    registry = _imports("xl_tiebreak.tiebreaks.registry", known["xl_tiebreak.tiebreaks.registry"], known)
    assert "xl_tiebreak.tiebreaks.buchholz" in registry  # imported inside rows()


def test_the_core_imports_neither_openpyxl_nor_xlwings():
    known = _modules()
    core = [name for name in known if not name.startswith(FACES)]
    office = {name: sorted(m for m in _imports(name, known[name], known) if m.split(".")[0] in OFFICE)
              for name in core}
    assert {name: got for name, got in office.items() if got} == {}
    assert "xl_tiebreak.engine" in core and "xl_tiebreak.tiebreaks.registry" in core
