"""The README's set-up, followed to the letter on a fresh checkout.

Slow (a clean virtual environment installs every dependency, and the first run compiles the
numba kernels): skipped by default, run with ``pytest -m slow``.

What it does, as a new user would: clone the committed checkout into an empty folder, with an
empty home (no settings, no caches, no virtual environment active, this test's Python and
its packages off ``PATH``), then run the README's own command blocks of "Set up (fresh
machine, Python 3.11)", read from the README itself, in one ``bash -e``:

1. the virtual-environment block (``python3 -m venv .venv && . .venv/bin/activate``);
2. the install-and-run block (``pip install -e . && omahanash-gui``), with the window shown
   offscreen and closed at once (``QT_QPA_PLATFORM=offscreen``, ``--quit-after-start``);
3. the test command (``<!-- test-command -->``: ``pip install -e ".[test]" && ruff check . &&
   lint-imports && mypy && pytest``), whose final ``pytest`` runs a quick selection of files
   (:data:`QUICK_TESTS`; ``OMAHANASH_SETUP_FULL=1`` runs the whole suite as written — the
   point is the set-up, the suite has its own run).

The system packages: the apt line of the README must name packages that are installed here
(``dpkg -s``), and with them Qt's ``xcb`` platform plugin must find every library it needs in
the fresh environment (:func:`ui.shell.qt_platform.platform_problem` asked for ``xcb``). A container
built from a bare Debian image would check the apt line from nothing; this machine has no
container runtime, so that part is checked against the installed system instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUICK_TESTS = "tests/test_cards.py tests/ui/shell/test_main_window.py"


def setup_blocks() -> tuple[str, str, str, str]:
    """The README's set-up blocks: the apt line, the venv, the install-and-run, the tests."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set up", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)\n```", section, flags=re.S)
    apt = next(b for b in blocks if "apt-get install" in b)
    venv = next(b for b in blocks if "-m venv" in b)
    run = next(b for b in blocks if "omahanash-gui" in b)
    tests = section.split("<!-- test-command -->", 1)[1]
    test = re.search(r"```bash\n(.*?)\n```", tests, flags=re.S)
    assert test is not None, "the README lost its test command"
    return apt, venv, run, test.group(1)


def test_the_setup_blocks_are_where_the_test_reads_them():
    """Not slow in substance, but it guards the slow test's reading of the README."""
    apt, venv, run, test = setup_blocks()
    assert apt.startswith("sudo apt-get install ") and "libxcb-cursor0" in apt
    assert venv == "python3 -m venv .venv && . .venv/bin/activate"
    assert run == "pip install -e . && omahanash-gui"
    assert test.endswith("&& pytest")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux" or shutil.which("git") is None,
                    reason="the README's set-up is for Debian/Ubuntu")
def test_the_readme_setup_works_on_a_fresh_checkout(tmp_path):
    apt, venv, run, test = setup_blocks()
    packages = apt.split("install", 1)[1].split()
    missing = [p for p in packages if p != "python3-venv" and subprocess.run(
        ["dpkg", "-s", p], capture_output=True).returncode != 0]
    assert not missing, f"the README's apt line names packages not installed here: {missing}"

    checkout = tmp_path / "omahanash"
    subprocess.run(["git", "clone", "--quiet", "--local", str(ROOT), str(checkout)],
                   check=True, timeout=600)
    home = tmp_path / "home"
    home.mkdir()
    # the machine's python3 (the one this test's environment was made from) first on PATH;
    # this test's own environment nowhere on it
    ours = str(Path(sys.executable).parent)
    system = str(Path(sys.base_prefix) / "bin")
    path = os.pathsep.join([system] + [p for p in os.environ.get("PATH", "").split(os.pathsep)
                                       if p and p != ours and "/venvs/" not in p])
    env = {"PATH": path, "HOME": str(home), "LANG": "C.UTF-8",
           "QT_QPA_PLATFORM": "offscreen"}
    env.update({key: value for key, value in os.environ.items()
                if key.startswith(("PIP_", "PYENV_"))})  # the machine's package index
    if os.environ.get("OMAHANASH_SETUP_FULL") != "1":
        assert test.endswith("&& pytest")
        test = test + " -q -p no:cacheprovider " + QUICK_TESTS
    xcb_check = ("python -c \"from ui.shell.qt_platform import platform_problem; "
                 "p = platform_problem({'QT_QPA_PLATFORM': 'xcb', 'DISPLAY': ':0'}); "
                 "print(p or 'xcb: every library found'); raise SystemExit(bool(p))\"")
    script = "\n".join([
        "set -e",
        venv,
        'test "$VIRTUAL_ENV" = "$PWD/.venv"',
        run.replace("omahanash-gui", "omahanash-gui --quit-after-start"),
        xcb_check,
        test,
    ])
    done = subprocess.run(["bash", "-c", script], cwd=checkout, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=5400)
    said = "\n".join(line for line in done.stdout.splitlines()
                     if "This plugin does not support" not in line)  # offscreen Qt's noise
    assert done.returncode == 0, said[-4000:]
    assert "xcb: every library found" in done.stdout
    assert (checkout / ".venv" / "bin" / "omahanash-gui").exists()
    assert re.search(r"\d+ passed", done.stdout), done.stdout[-2000:]
