"""``omahanash bench startup``: what a user waits for before anything is computed.

``import omahanash`` must stay cheap (the public names load lazily and no numba kernel is
compiled), and so must ``omahanash --help``, which imports every command's parser module (and
no command's implementation).
"""

from __future__ import annotations

from omahanash.bench import BenchRow, process_seconds

SECTION = "startup"


def run() -> list[BenchRow]:
    """Whole-process times (best of 5, after one run that fills the caches)."""
    cases = [
        ("python -c 'import omahanash'", ["-c", "import omahanash"], "≤ 0.3 s"),
        ("python -c 'import omahanash as on; on.Variant; on.make_game'",
         ["-c", "import omahanash as on; on.Variant; on.make_game"], ""),
        ("omahanash --help", ["-m", "omahanash", "--help"], ""),
        ("for scale: python -c 'pass'", ["-c", "pass"], ""),
    ]
    return [BenchRow(SECTION, what, process_seconds(args, repeat=5), "s", target,
                     "whole process, best of 5")
            for what, args, target in cases]
