"""The modules these tests cover import no Qt: every module the "models-without-qt" contract of
pyproject.toml names (its ``ui.**.model`` / ``ui.**.jobs`` patterns expanded over the package)
is imported in a fresh interpreter, which must load no Qt module beyond the ``PySide6.QtCore``
that the package ``ui`` itself loads to quit cleanly, and no pyqtgraph. ``lint-imports``
proves the same from the source; this proves it at run time."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import ui

ROOT = Path(__file__).resolve().parents[2]


def _qt_free_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["id"] == "models-without-qt")
    every = [info.name for info in pkgutil.walk_packages(ui.__path__, "ui.")]
    names: list[str] = []
    for expression in contract["source_modules"]:
        if expression.startswith("ui.**."):
            leaf = expression.removeprefix("ui.**.")
            names += [name for name in every if name.endswith(f".{leaf}")]
        else:
            assert "*" not in expression, expression
            names.append(expression)
    return names


def test_every_model_and_job_module_imports_without_qt():
    names = _qt_free_modules()
    assert {"ui.table.model", "ui.jamfold.sweep.jobs", "ui.kit.fields"} <= set(names)
    code = ("import sys, ui; before = set(sys.modules)\n"
            f"for name in {names!r}: __import__(name)\n"
            "qt = sorted(m for m in set(sys.modules) - before\n"
            "            if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'))\n"
            "print(qt); sys.exit(bool(qt))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
