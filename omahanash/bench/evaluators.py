"""``omahanash bench evaluators``: evaluations per second on random deals (kernels warmed up)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numba
import numpy as np

from omahanash.bench import BenchRow, best_time

SECTION = "evaluators"


def _deals(n: int, hole: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals of distinct cards: hands ``(n, hole)``, boards ``(n, 5)``."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52), dtype=np.float32), axis=1)[:, : hole + 5]
    cards = cards.astype(np.int8)
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def run() -> list[BenchRow]:
    """Throughput of each batch evaluator on both cores and on one."""
    from omahanash.equity.exact import exact_equity
    from omahanash.evaluate import (
        evaluate_5,
        evaluate_holdem,
        evaluate_omaha_hi,
        evaluate_omaha_lo,
    )

    n = 2_000_000
    omaha_hands, omaha_boards = _deals(n, 4)
    holdem_hands, holdem_boards = _deals(n, 2)
    cases: list[tuple[str, Callable[..., object], tuple[np.ndarray, ...], str]] = [
        ("Omaha Hi, random deals", evaluate_omaha_hi, (omaha_hands, omaha_boards), "≥ 30 M/s"),
        ("Omaha 8-or-better low, random deals", evaluate_omaha_lo,
         (omaha_hands, omaha_boards), ""),
        ("Hold'em 7 cards, random deals", evaluate_holdem, (holdem_hands, holdem_boards), ""),
        ("5 cards, random", evaluate_5, (omaha_boards,), ""),
    ]
    rows = []
    threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # set at run time
    for what, fn, args, target in cases:
        fn(*args)  # warm-up: compile or load, build tables
        for count in sorted({threads, 1}, reverse=True):
            numba.set_num_threads(count)
            seconds, _ = best_time(partial(fn, *args), repeat=7)
            rows.append(BenchRow(SECTION, f"{what}, {count} thread(s)", n / seconds / 1e6,
                                 "M evals/s", target if count == threads else "",
                                 f"{n:,} deals"))
        numba.set_num_threads(threads)
    # Enumeration setting: two fixed hands on every board (exact equity), 2 evals per board.
    exact_equity("As Ah Kd 7c", "Ks Qd 8h 9h", game="omaha")
    seconds, result = best_time(lambda: exact_equity("As Ah Kd 7c", "Ks Qd 8h 9h",
                                                     game="omaha"))
    rows.append(BenchRow(SECTION, "Omaha Hi, enumeration (hand vs hand, all boards)",
                         2 * result.boards / seconds / 1e6, "M evals/s", "",
                         f"{threads} thread(s), 2 × {result.boards:,} evals incl. set-up"))
    return rows
