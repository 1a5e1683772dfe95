"""Checking a built Omaha table against an independent estimate (``omahanash table check``).

:func:`check_table` reads the equity of a few random classes against a random hand off the
table and compares it with a Monte Carlo estimate over many deals that never looks at classes
or the table (:func:`reference_vs_random_hand`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.table_kernels import sample_vs_random_hand
from omahanash.equity.tables import (
    class_data,
    load_table,
)
from omahanash.errors import InputError
from omahanash.evaluate import flush_table, low_table, nonflush_table
from omahanash.hands import class_cards
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback


def reference_vs_random_hand(game: str, hand: Sequence[int], deals: int,
                             seed: int = 1) -> tuple[float, float]:
    """Independent Monte Carlo estimate of ``hand``'s pot share against a uniformly random
    opponent hand (no classes, no table): ``(equity, standard error)`` over ``deals`` deals."""
    game = Variant.parse(game)
    streams = 64
    per_stream = max(1, -(-int(deals) // streams))
    sums, squares = sample_vs_random_hand(
        np.asarray(hand, np.int64), per_stream, streams, int(seed), game == "omaha-hilo",
        nonflush_table("omaha"), flush_table(), low_table(),
    )
    total = per_stream * streams
    mean = float(sums.sum() / total)
    variance = float(squares.sum() / total - mean * mean)
    return mean, float(np.sqrt(max(variance, 0.0) / total))


def check_table(game: str, classes: int = 20, deals: int = 10_000_000, seed: int = 1,
                cache_dir: str | os.PathLike | None = None,
                progress: ProgressCallback | None = None,
                cancel: CancelFlag | None = None) -> dict:
    """Compare hand-vs-random-hand equities from the table with independent estimates.

    For ``classes`` random classes (chosen with ``seed``), the table's value (every opponent
    class weighted by its pairs) is compared with :func:`reference_vs_random_hand` over
    ``deals`` deals. Returns the rows and the largest difference in percentage points.
    """
    table = load_table(game, cache_dir)
    if table.exact:
        raise InputError("the Hold'em table is exact; check is for the Monte Carlo tables")
    if table.n != table.info["classes"] or table.class_ids.size != 16432:
        raise InputError("check needs a full table (all 16,432 classes)")

    seed = check_seed(seed)
    data = class_data("omaha", None)
    chosen = np.sort(np.random.default_rng(seed).choice(table.n, size=classes, replace=False))
    rows: list[dict[str, Any]] = []
    for done, position in enumerate(chosen):
        if cancel is not None:
            cancel.raise_if_cancelled()
        from_table = table.vs_random_hand(int(position))
        reference, stderr = reference_vs_random_hand(
            # The reference kernel takes a signed 64-bit seed: wrap (small seeds unchanged).
            table.game, data.representatives[position], deals, (seed + 1 + done) % 2**63)
        rows.append({"id": int(table.class_ids[position]),
                     "cards": class_cards(table.game, int(table.class_ids[position])),
                     "table": from_table, "reference": reference, "reference_stderr": stderr,
                     "difference_pp": 100 * (from_table - reference)})
        if progress:
            progress(done + 1, classes)
    differences = np.array([abs(r["difference_pp"]) for r in rows])
    return {"game": table.game, "samples": table.samples, "seed": table.info["seed"],
            "cell_stderr": table.info["cell_stderr"], "deals": deals, "classes": rows,
            "max_abs_difference_pp": float(differences.max()),
            "rms_difference_pp": float(np.sqrt(np.mean(differences ** 2)))}
