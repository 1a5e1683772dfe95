"""The exact Hold'em cluster-vs-cluster table (169 x 169), shipped in ``resources/``.

A cell ``(a, b)`` is the mean of the exact all-boards equity of ``rep(a)`` against every member
of ``b`` disjoint from it (by suit symmetry ``rep(a)`` stands for every member of ``a``). Matchups
that a suit permutation maps onto each other have the same equity, so each is enumerated once:
the 14,365 cells of the triangle need 47,086 distinct matchups of 1,712,304 boards each.

The build takes about 40 minutes on two cores; it checkpoints the matchups done to a file in the
cache directory every few hundred, and a new run picks them up. The table and the checkpoint are
:mod:`omahanash.savefile` containers (:data:`~omahanash.equity.tablefile.EQUITY_TABLE`).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from omahanash import savefile
from omahanash.equity.exact import enumerate_deal, result_from_counts
from omahanash.equity.tablefile import EQUITY_TABLE
from omahanash.equity.tables import class_data, pairs_triangle
from omahanash.equity.triangle import triangle_cells
from omahanash.errors import Cancelled
from omahanash.hands import class_members, num_classes
from omahanash.runs import CancelFlag, ProgressCallback

CHECKPOINT = savefile.FileKind("holdem-checkpoint", 1, "Hold'em table build checkpoint",
                               array_dtypes=(("keys", ("|i1",)), ("values", ("<f8",))))

_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))
Matchup = tuple[tuple[int, ...], tuple[int, ...]]


def canonical_matchup(first: tuple[int, ...], second: tuple[int, ...]) -> Matchup:
    """The smallest image of (hand 1, hand 2) over the 24 suit permutations."""
    best: Matchup | None = None
    for perm in _SUIT_PERMUTATIONS:
        key = (tuple(sorted((c & ~3) | perm[c & 3] for c in first)),
               tuple(sorted((c & ~3) | perm[c & 3] for c in second)))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def cell_matchups(a: int, b: int) -> list[Matchup]:
    """Canonical matchups of ``rep(a)`` against each member of ``b`` disjoint from it."""
    rep = tuple(int(c) for c in class_members("holdem", a)[0])
    return [canonical_matchup(rep, tuple(int(c) for c in member))
            for member in class_members("holdem", b) if not set(rep) & set(member.tolist())]


def matchup_equity(matchup: Matchup) -> float:
    """Exact pot share of the first hand over all 1,712,304 boards."""
    first, second = matchup
    deck = np.array([c for c in range(52) if c not in first and c not in second], np.int8)
    counts = enumerate_deal("holdem", np.array([first, second], np.int8),
                            np.zeros(0, np.int8), deck)
    return float(result_from_counts("holdem", counts, 1_712_304).equity[0])


def exact_cells(cells: list[tuple[int, int]], memo: dict[Matchup, float] | None = None,
                progress: ProgressCallback | None = None,
                cancel: CancelFlag | None = None) -> dict[tuple[int, int], float]:
    """Exact equity of the given cells ``(a, b)``; ``memo`` caches matchups across calls."""
    memo = {} if memo is None else memo
    per_cell = {cell: cell_matchups(*cell) for cell in cells}
    todo = sorted({m for ms in per_cell.values() for m in ms if m not in memo})
    for done, matchup in enumerate(todo):
        if cancel is not None:
            cancel.raise_if_cancelled()
        memo[matchup] = matchup_equity(matchup)
        if progress:
            progress(done + 1, len(todo))
    return {cell: float(np.mean([memo[m] for m in ms])) for cell, ms in per_cell.items()}


def _load_checkpoint(path: Path) -> dict[Matchup, float]:
    try:
        arrays = savefile.read(path, CHECKPOINT).arrays
    except savefile.SaveFileError:
        return {}  # none yet, or unusable: start over
    keys, values = arrays["keys"], arrays["values"]
    return {(tuple(int(c) for c in k[:2]), tuple(int(c) for c in k[2:])): float(v)
            for k, v in zip(keys, values)}


def _save_checkpoint(path: Path, memo: dict[Matchup, float]) -> None:
    keys = np.array([m[0] + m[1] for m in memo], dtype=np.int8).reshape(-1, 4)
    values = np.array(list(memo.values()), dtype=np.float64)
    savefile.write(path, CHECKPOINT, {}, {"keys": keys, "values": values})


def write_holdem_table(output: Path, equity: np.ndarray, pairs: np.ndarray,
                       matchups: int) -> Path:
    """Write the exact table (float64 equity and uint32 pairs triangles) atomically."""
    if not equity.size == pairs.size == triangle_cells(169):
        raise ValueError("a Hold'em table has 169 classes")
    output.parent.mkdir(parents=True, exist_ok=True)
    meta = {"game": "holdem", "classes": 169, "exact": True, "matchups": int(matchups)}
    return savefile.write(output, EQUITY_TABLE, meta, {
        "equity": np.asarray(equity, dtype="<f8"), "pairs": np.asarray(pairs, dtype="<u4")})


def build_holdem_table(output: Path, checkpoint: Path,
                       progress: ProgressCallback | None = None,
                       cancel: CancelFlag | None = None) -> Path:
    """Compute the exact table and write it atomically to ``output``."""
    n = num_classes("holdem")
    cells = [(a, b) for a in range(n) for b in range(a, n)]
    memo = _load_checkpoint(checkpoint)
    per_cell = {cell: cell_matchups(*cell) for cell in cells}
    todo = sorted({m for ms in per_cell.values() for m in ms} - set(memo))
    total = len(todo) + len(memo)
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    try:
        for matchup in todo:
            if cancel is not None:
                cancel.raise_if_cancelled()
            memo[matchup] = matchup_equity(matchup)
            if len(memo) % 500 == 0:
                _save_checkpoint(checkpoint, memo)
            if progress:
                progress(len(memo), total)
    except (KeyboardInterrupt, Cancelled):
        _save_checkpoint(checkpoint, memo)
        raise Cancelled("Hold'em table build interrupted; run it again to resume") from None
    _save_checkpoint(checkpoint, memo)

    equity = np.array([np.mean([memo[m] for m in per_cell[cell]]) for cell in cells])
    pairs = pairs_triangle(class_data("holdem"))
    return write_holdem_table(output, equity, pairs, len(memo))
