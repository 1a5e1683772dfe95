"""``omahanash bench startup``: what a user waits for before anything is computed.

``import omahanash`` must stay cheap (the public names load lazily and no numba kernel is
compiled), and so must ``omahanash --help``, which imports every command's parser module (and
no command's implementation), and a heads-up solve the cache of equilibria answers (its file
is read without numba: :mod:`omahanash.commands.solve.cached`).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile

from omahanash.bench import BenchRow, process_seconds

SECTION = "startup"

#: The cached heads-up answer the issue times: Hold'em 10 bb at blinds 0.5/1 (its table is
#: shipped, so a scratch cache folder holds everything it needs).
CACHED_SOLVE = ["-m", "omahanash", "solve", "--game", "holdem", "--sb", "0.5", "--bb", "1",
                "--stacks", "10", "10"]


def process_cpu_seconds(args: list[str], repeat: int = 5) -> float:
    """Least CPU time (user + system) of a fresh Python process ``python *args``, after one
    untimed run fills the caches."""
    subprocess.run([sys.executable, *args], check=True, capture_output=True)
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *args], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best


def run() -> list[BenchRow]:
    """Whole-process times (best of 5, after one run that fills the caches)."""
    cases = [
        ("python -c 'import omahanash'", ["-c", "import omahanash"], "≤ 0.3 s"),
        ("python -c 'import omahanash as on; on.Variant; on.make_game'",
         ["-c", "import omahanash as on; on.Variant; on.make_game"], ""),
        ("omahanash --help", ["-m", "omahanash", "--help"], ""),
        ("for scale: python -c 'pass'", ["-c", "pass"], ""),
    ]
    rows = [BenchRow(SECTION, what, process_seconds(args, repeat=5), "s", target,
                     "whole process, best of 5")
            for what, args, target in cases]
    with tempfile.TemporaryDirectory() as cache:  # the first run solves and fills it
        solve = [*CACHED_SOLVE, "--cache-dir", cache]
        what = "omahanash solve --game holdem --sb 0.5 --bb 1 --stacks 10 10, cached"
        rows.append(BenchRow(SECTION, what, process_seconds(solve, repeat=5), "s", "≤ 0.3 s",
                             "whole process, wall, best of 5 (no numba: the cache file)"))
        rows.append(BenchRow(SECTION, f"{what} (CPU)", process_cpu_seconds(solve), "s",
                             "≤ 0.3 s", "whole process, user + system, best of 5"))
    return rows
