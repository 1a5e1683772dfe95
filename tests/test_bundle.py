"""The standalone app: scripts/build_app builds it, and the bundle runs without this checkout.

Slow (a PyInstaller build takes minutes): skipped by default, run with ``pytest -m slow``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
EXECUTABLE = "OmahaNash.exe" if sys.platform == "win32" else "OmahaNash"


@pytest.fixture(scope="module")
def app_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([str(ROOT / "scripts" / "build_app"), str(dist)], check=True, timeout=3600,
                   env={**os.environ, "PYTHON": sys.executable})
    return dist / "OmahaNash"


@pytest.fixture()
def user_dirs(tmp_path: Path) -> dict[str, str]:
    """A user with an empty cache and no settings (so the first start is a cold one), who may
    write bytecode (a frozen app must not write it into its folder)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("NUMBA_CACHE_DIR", "OMAHANASH_CACHE", "PYTHONDONTWRITEBYTECODE")}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               QT_QPA_PLATFORM="offscreen")
    return env


def run_app(app_folder: Path, env: dict[str, str], switch: str) -> subprocess.CompletedProcess:
    # Started from a folder of the user's, as a player would, not from the checkout.
    return subprocess.run([str(app_folder / EXECUTABLE), switch], env=env,
                          cwd=Path(env["XDG_CACHE_HOME"]).parent,
                          capture_output=True, text=True, timeout=900)


def files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_CACHE_HOME places the cache on Linux")
def test_the_bundle_solves_holdem_10bb_and_caches_numba_outside_itself(app_folder, user_dirs):
    shipped = files_under(app_folder)
    numba_cache = Path(user_dirs["XDG_CACHE_HOME"]) / "omahanash" / "numba"

    cold = run_app(app_folder, user_dirs, "--self-test")
    assert cold.returncode == 0, cold.stderr
    assert "Hold'em jam-fold SB 5 / BB 10 / stacks 100: push 58.4%, call 37.4%" in cold.stdout
    compiled = files_under(numba_cache)
    assert any(path.suffix == ".nbi" for path in compiled), "numba wrote no cache"
    assert files_under(app_folder) == shipped, "the app wrote into its own folder"

    warm = run_app(app_folder, user_dirs, "--self-test")
    assert warm.returncode == 0, warm.stderr
    assert warm.stdout == cold.stdout
    assert files_under(numba_cache) == compiled, "the second start compiled again"


def test_the_bundle_opens_its_window_offscreen(app_folder, user_dirs):
    started = run_app(app_folder, user_dirs, "--quit-after-start")
    assert started.returncode == 0, started.stderr
    assert "main window shown" in started.stdout
