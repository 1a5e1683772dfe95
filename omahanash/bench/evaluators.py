"""``omahanash bench evaluators``: evaluations per second on random deals (kernels warmed up)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numba
import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.equity.exact import exact_equity
from omahanash.evaluate import (
    evaluate_5,
    evaluate_holdem,
    evaluate_omaha_hi,
    evaluate_omaha_lo,
    nonflush_table,
)
from omahanash.evaluate.kernels import (
    evaluate_5_kernel,
    evaluate_holdem_kernel,
    evaluate_omaha_hi_kernel,
    evaluate_omaha_lo_kernel,
)
from omahanash.evaluate.tables import flush_table, low_table, omaha_flush_tables, rank5_table

SECTION = "evaluators"


def _deals(n: int, hole: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals of distinct cards: hands ``(n, hole)``, boards ``(n, 5)``."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52), dtype=np.float32), axis=1)[:, : hole + 5]
    cards = cards.astype(np.int8)
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def _unchecked_rows(omaha_hands: np.ndarray, omaha_boards: np.ndarray,
                    holdem_hands: np.ndarray, holdem_boards: np.ndarray,
                    threads: int) -> list[BenchRow]:
    """The kernels without the argument check (``check=False``): what the public evaluators
    above cost minus checking every row's codes and duplicates."""
    board_row, pair_of_mask, best = omaha_flush_tables()
    kernels: list[tuple[str, Callable[[], object]]] = [
        ("Omaha Hi", partial(evaluate_omaha_hi_kernel, omaha_hands, omaha_boards,
                             nonflush_table("omaha"), board_row, pair_of_mask, best, False)),
        ("Omaha 8-or-better low", partial(evaluate_omaha_lo_kernel, omaha_hands, omaha_boards,
                                          low_table(), False)),
        ("Hold'em 7 cards", partial(evaluate_holdem_kernel, holdem_hands, holdem_boards,
                                    nonflush_table("holdem"), flush_table(), False)),
        ("5 cards", partial(evaluate_5_kernel, omaha_boards, rank5_table(), flush_table(),
                            False)),
    ]
    rows = []
    for what, call in kernels:
        call()  # warm-up
        seconds, _ = best_time(call, repeat=7)
        rows.append(BenchRow(SECTION, f"{what}, kernel without the argument check, "
                             f"{threads} thread(s)", len(omaha_hands) / seconds / 1e6,
                             "M evals/s", "", "check=False: arrays the library made itself"))
    return rows


def run() -> list[BenchRow]:
    """Throughput of each batch evaluator on both cores and on one (the public functions,
    which check their arguments), then of the unchecked kernels."""
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
    rows.extend(_unchecked_rows(omaha_hands, omaha_boards, holdem_hands, holdem_boards,
                                threads))
    # Enumeration setting: two fixed hands on every board (exact equity), 2 evals per board.
    exact_equity("As Ah Kd 7c", "Ks Qd 8h 9h", game="omaha")
    seconds, result = best_time(lambda: exact_equity("As Ah Kd 7c", "Ks Qd 8h 9h",
                                                     game="omaha"))
    rows.append(BenchRow(SECTION, "Omaha Hi, enumeration (hand vs hand, all boards)",
                         2 * result.boards / seconds / 1e6, "M evals/s", "",
                         f"{threads} thread(s), 2 × {result.boards:,} evals incl. set-up"))
    return rows
