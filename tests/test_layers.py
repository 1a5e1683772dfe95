"""The layer contracts in pyproject.toml hold, and would catch a wrong-way import.

``lint-imports`` reads the import graph from the source files. The second test runs it on a
copy of the tree with one import added that points down-to-up, and checks that the contract
it breaks is reported.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINT_IMPORTS = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")


def _copy_tree(target: Path) -> None:
    for package in ("omahanash", "ui"):
        shutil.copytree(REPO / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.npz", "*.png"))
    shutil.copy(REPO / "pyproject.toml", target / "pyproject.toml")


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    # Only the copy may be importable: drop the editable install's path of the real tree.
    env = {**os.environ, "PYTHONPATH": str(cwd), "PYTHONSAFEPATH": ""}
    return subprocess.run([LINT_IMPORTS, "--no-cache"], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_tree_keeps_every_contract(tmp_path):
    _copy_tree(tmp_path)
    result = _lint(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "wrong_import", "broken"),
    [
        ("omahanash/cards.py", "import omahanash.hands", "poker layers"),
        # (cards -> jamfold breaks both: jamfold reaches omahanash.solving, above cards in
        # the game layers too)
        ("omahanash/equity/result.py", "import omahanash.jamfold.game", "poker layers"),
        ("omahanash/game.py", "import omahanash.cfr", "game layers"),
        ("omahanash/hands/holdem.py", "import PySide6", "no Qt"),
        ("ui/perfect/tab.py", "import omahanash.commands.perfect", "the app calls the library"),
        ("ui/cfr/model.py", "import ui.kit.workers", "the tabs' models"),
    ],
)
def test_a_wrong_way_import_breaks_its_contract(tmp_path, module, wrong_import, broken):
    _copy_tree(tmp_path)
    with open(tmp_path / module, "a", encoding="utf-8") as source:
        source.write(f"\n{wrong_import}  # points the wrong way\n")
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout
    broken_lines = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(line.startswith(broken) for line in broken_lines), result.stdout
    assert "1 broken" in result.stdout


@pytest.mark.parametrize("module", ["ui/newfeature/model.py", "ui/jamfold/newpanel/jobs.py"])
def test_a_new_model_or_jobs_module_may_not_import_qt(tmp_path, module):
    """The "models-without-qt" contract names the ``model`` and ``jobs`` modules by pattern:
    one added tomorrow (a new feature's, or a new part's inside a feature) that imports Qt
    breaks it with no list edited."""
    _copy_tree(tmp_path)
    path = tmp_path / module
    path.parent.mkdir(exist_ok=True)
    (path.parent / "__init__.py").touch()
    path.write_text('"""A model that should not import Qt."""\n\nimport PySide6  # wrong\n',
                    encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout
    broken_lines = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert [line.split(" BROKEN")[0] for line in broken_lines] == [
        "the tabs' models and field readers import no Qt (tested without it)"], result.stdout
    assert module.removesuffix(".py").replace("/", ".") in result.stdout
