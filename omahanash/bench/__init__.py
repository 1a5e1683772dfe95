"""``omahanash bench``: throughput and timings, printed as a table.

Each section is a module with ``run() -> list[BenchRow]`` that warms its kernels up before it
starts any clock. Speed is measured here, never by timed tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TypeVar

from omahanash.errors import InputError

# Section name -> module with run(); a section whose module does not exist yet is skipped.
SECTIONS = {
    "evaluators": "omahanash.bench.evaluators",
    "equity": "omahanash.bench.equity",
    "tables": "omahanash.bench.tables",
    "jamfold": "omahanash.bench.jamfold",
    "cfr": "omahanash.bench.cfr",
    "domino": "omahanash.bench.domino",
    "review": "omahanash.bench.review",
    "startup": "omahanash.bench.startup",
    "tournament": "omahanash.bench.tournament",
    "ranges": "omahanash.bench.ranges",
    "trainer": "omahanash.bench.trainer",
    "pushfold": "omahanash.bench.pushfold",
    "fgs": "omahanash.bench.fgs",
    "tree": "omahanash.bench.tree",
    "cluster": "omahanash.bench.cluster",
    "bounty": "omahanash.bench.bounty",
}

T = TypeVar("T")


@dataclass(frozen=True)
class BenchRow:
    """One measured figure: ``value`` in ``unit``; ``target`` is the goal as text ("≥ 30 M/s").
    ``value`` is None for a figure that was not measured (``note`` says why; JSON ``null``)."""

    section: str
    what: str
    value: float | None
    unit: str
    target: str = ""
    note: str = ""


def best_time(fn: Callable[[], T], repeat: int = 3) -> tuple[float, T]:
    """Smallest wall time of ``repeat`` calls (the caller has already warmed ``fn`` up)."""
    best = float("inf")
    result: T
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def process_seconds(args: list[str], repeat: int = 3) -> float:
    """Best wall time of a fresh Python process ``python *args`` (after one untimed run fills
    the caches)."""
    subprocess.run([sys.executable, *args], check=True, capture_output=True)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def available_sections() -> list[str]:
    """Sections whose module exists in this build."""
    names = []
    for name, module in SECTIONS.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:  # the parent package does not exist yet
            found = False
        if found:
            names.append(name)
    return names


def run_sections(names: list[str], only: str | None = None) -> list[BenchRow]:
    """The rows of the sections ``names``; with ``only``, just that row of each (a section
    that names its rows in ``ROWS`` and takes ``run(only=...)``)."""
    modules = [importlib.import_module(SECTIONS[name]) for name in names]
    if only is not None:
        for name, module in zip(names, modules, strict=True):
            rows_of = getattr(module, "ROWS", ())
            if only not in rows_of:
                raise InputError(f"--only {only!r}: the {name} section has "
                                 + (f"the rows {', '.join(rows_of)}" if rows_of
                                    else "no rows to choose from"))
    rows: list[BenchRow] = []
    for module in modules:
        rows.extend(module.run() if only is None else module.run(only=only))
    return rows


def _format_value(value: float | None) -> str:
    if value is None:
        return "-"
    if value == 0 or 0.01 <= abs(value) < 1e6:
        return f"{value:,.3f}".rstrip("0").rstrip(".")
    return f"{value:.3g}"


def format_table(rows: list[BenchRow]) -> str:
    header = ("section", "what", "value", "unit", "target", "note")
    cells = [header] + [
        (r.section, r.what, _format_value(r.value), r.unit, r.target, r.note) for r in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
             for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def rows_as_json(rows: list[BenchRow]) -> list[dict]:
    return [asdict(r) for r in rows]
