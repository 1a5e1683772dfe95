"""No new import circles, and the library's imports at the top of its modules.

* The import graph of ``omahanash`` and ``ui`` (grimp, the graph ``lint-imports`` reads; it
  sees function-local imports and ``if TYPE_CHECKING:`` ones too) has no strongly connected
  component of two or more modules other than the :data:`KNOWN_CIRCLES` (each one waits for
  the work that removes it; an entry that is no longer a circle must be dropped).
* No ``import`` inside a function or class in ``omahanash/`` outside :data:`EXEMPT_FILES`
  and the :data:`OPTIONAL_IMPORTS` (an optional dependency, or a module that must not load
  numba: each line says why in a comment). ``if TYPE_CHECKING:`` blocks are not imports at
  run time and are not counted.

Both checks are shown to fail on a synthetic package with a circle and with a local import.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import grimp
import pytest

import omahanash.pushfold

REPO = Path(__file__).resolve().parents[1]

#: Circles left on purpose, each removed by another piece of work (then drop it here).
KNOWN_CIRCLES: frozenset[frozenset[str]] = frozenset()  # none left (issue 42)

#: Files of omahanash/ whose function-local imports are not counted (yet): the lazy public
#: face, the command line and the benches (restructured on their own), and the solvers
#: being rewritten. Shrink this list; never grow it.
EXEMPT_FILES: tuple[str, ...] = (
    "omahanash/__init__.py",  # the lazy public face: importing omahanash loads nothing
)

#: (file, top package of the imported module) of the function-local imports that stay so,
#: with the reason on the line or the line before it.
OPTIONAL_IMPORTS: frozenset[tuple[str, str]] = frozenset({
    ("omahanash/cluster.py", "distributed"),  # the cluster extra, not installed for all
    ("omahanash/cluster.py", "dask"),
    ("omahanash/cluster.py", "numba"),  # a worker sets numba's threads before it loads
    # numba off numpy-only paths: the exact equity of two hands (tests/equity/
    # test_vectorized.py), a pure-Python search's seed check (omahanash.rng is numba)
    ("omahanash/equity/calculator.py", "omahanash"),
    # the callable package omahanash.equity imports none of its modules (its docstring):
    # omahanash.equity.tables must not load the calculator
    ("omahanash/equity/__init__.py", "omahanash"),
    ("omahanash/perfect/mcts.py", "omahanash"),
    ("omahanash/bench/cluster.py", "distributed"),  # the cluster extra, not installed for all
    # numba off the exact two-hand path of omahanash equity (tests/equity/test_vectorized.py)
    ("omahanash/commands/equity.py", "omahanash"),
})


# -- the import graph ---------------------------------------------------------------------


def import_circles(*packages: str) -> set[frozenset[str]]:
    """Every strongly connected component of two or more modules of ``packages``'s import
    graph (Tarjan's algorithm, iterative).

    >>> import_circles("omahanash.errors")
    set()
    """
    graph = grimp.build_graph(*packages, include_external_packages=False, cache_dir=None)
    modules = sorted(graph.modules)
    edges = {m: sorted(t for t in graph.find_modules_directly_imported_by(m) if t in
                       graph.modules) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(edges[node]):
                work.append((node, i + 1))
                child = edges[node][i]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            if work:  # back in the parent
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.add(frozenset(component))
    return found


@pytest.fixture(scope="module")
def circles() -> set[frozenset[str]]:
    return import_circles("omahanash", "ui")


def test_no_import_circle_but_the_known_ones(circles):
    new = [sorted(c) for c in circles - KNOWN_CIRCLES]
    assert not new, f"new import circles (move code to a lower module to break them): {new}"


def test_every_known_circle_is_still_one(circles):
    gone = [sorted(c) for c in KNOWN_CIRCLES - circles]
    assert not gone, f"no longer circles: drop them from KNOWN_CIRCLES: {gone}"


def _package(root: Path, name: str, files: dict[str, str]) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for file, text in files.items():
        (folder / file).write_text(textwrap.dedent(text))


def test_a_circle_is_found_even_behind_a_function_local_import(tmp_path, monkeypatch):
    _package(tmp_path, "circled", {
        "low.py": """
            def f():
                from circled import high  # hidden in a function: still an edge
                return high
            """,
        "high.py": "from circled import low\n",
        "alone.py": "from circled import low\n",
        "a.py": "import circled.b\n",
        "b.py": "import circled.c\n",
        "c.py": "import circled.a\n",
    })
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_circles("circled") == {frozenset({"circled.low", "circled.high"}),
                                         frozenset({"circled.a", "circled.b", "circled.c"})}


def test_a_new_circle_fails_the_check(tmp_path, monkeypatch, circles):
    _package(tmp_path, "circled2", {"x.py": "import circled2.y\n", "y.py": "import circled2.x\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(AssertionError, match=r"circled2\.x"):
        test_no_import_circle_but_the_known_ones(circles | import_circles("circled2"))


# -- imports at module top -----------------------------------------------------------------


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def local_imports(source: str) -> list[tuple[int, str]]:
    """``(line, module)`` of every import not at module level (in a function, a method or a
    class body), outside ``if TYPE_CHECKING:`` blocks. Module-level ``try``/``if`` imports
    are at the top.

    >>> local_imports("import os\\ndef f():\\n    import json\\n    from a.b import c\\n")
    [(3, 'json'), (4, 'a.b')]
    """
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit_one(other, inside)
                continue
            visit_one(child, inside)

    def visit_one(child: ast.AST, inside: bool) -> None:
        if isinstance(child, ast.Import | ast.ImportFrom):
            if inside:
                module = child.names[0].name if isinstance(child, ast.Import) else (
                    "." * child.level + (child.module or ""))
                found.append((child.lineno, module))
            return
        visit(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef
                                          | ast.ClassDef | ast.Lambda))

    visit(ast.parse(source), False)
    return found


def _library_local_imports() -> list[tuple[str, int, str]]:
    out = []
    for path in sorted((REPO / "omahanash").rglob("*.py")):
        name = path.relative_to(REPO).as_posix()
        if name.startswith(EXEMPT_FILES):
            continue
        out.extend((name, line, module) for line, module in
                   local_imports(path.read_text(encoding="utf-8")))
    return out


def test_the_library_imports_at_module_top():
    found = _library_local_imports()
    unexpected = [f"{name}:{line} {module}" for name, line, module in found
                  if (name, module.split(".")[0]) not in OPTIONAL_IMPORTS]
    assert not unexpected, ("function-local imports (move them to the module top; a circle "
                            f"this exposes is broken by moving code): {unexpected}")


def test_each_optional_import_says_why():
    for name, line, module in _library_local_imports():
        lines = (REPO / name).read_text(encoding="utf-8").splitlines()
        assert "#" in lines[line - 1] or lines[line - 2].strip().startswith("#"), \
            f"{name}:{line} import {module}: say why it is not at the top"
    used = {(name, module.split(".")[0]) for name, _, module in _library_local_imports()}
    assert used == OPTIONAL_IMPORTS  # none left over once its import moves


def test_the_count_sees_a_local_import_and_skips_type_checking():
    source = textwrap.dedent("""
        from typing import TYPE_CHECKING
        import os
        if TYPE_CHECKING:
            from x import Y
        try:
            import numpy
        except ImportError:
            numpy = None

        class C:
            import json

            def m(self):
                if TYPE_CHECKING:
                    from z import W
                return [__import__("q") for _ in ()]

        def f():
            def g():
                from .. import sibling
            return g
        """)
    assert local_imports(source) == [(12, "json"), (21, "..")]


# -- what stays lazy -----------------------------------------------------------------------


def test_the_push_fold_package_loads_its_names_on_use():
    assert omahanash.pushfold.__all__ == sorted(omahanash.pushfold._EXPORTS)
    for name in omahanash.pushfold.__all__:
        value = getattr(omahanash.pushfold, name)
        assert value.__module__ == omahanash.pushfold._EXPORTS[name], name
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        omahanash.pushfold.nonsense  # noqa: B018


def test_the_command_line_starts_without_numba():
    code = ("import sys; from omahanash.cli import build_parser; build_parser(); "
            "print(sorted(m for m in ('numba', 'omahanash.pushfold.spot', "
            "'omahanash.jamfold') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=True)
    assert result.stdout.split() == ["[]"], result.stdout
