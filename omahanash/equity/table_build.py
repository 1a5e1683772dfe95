"""Building the Omaha equity tables: block by block into a resumable file (SPEC §4).

:func:`build_table` fills the memory-mapped ``.partial`` file of
:mod:`omahanash.equity.tablefile` one block of cells at a time with the kernels of
:mod:`omahanash.equity.table_kernels` (the exact suit-blind part, then the sampled flush
correction), driven by :func:`omahanash.runs.iterate` with progress and a cancel flag; a
finished block is flushed before its checksum, so an interrupted build resumes where it
stopped and the result is bit-identical to an uninterrupted one. :func:`load_table`
(:mod:`omahanash.equity.tables`) opens what it built.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from omahanash import savefile
from omahanash.cards import Variant
from omahanash.equity.tablefile import (
    EQUITY_TABLE,
    make_cache_dir,
    partial_path,
)
from omahanash.equity.tables import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    EQUITY_SCALE,
    OMAHA_GAMES,
    SPREAD_SCALE,
    ClassData,
    class_data,
    normalize_subset,
    omaha_pairs,
    table_expect,
    table_path,
)
from omahanash.equity.triangle import triangle_cells
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag, ProgressCallback, iterate
from omahanash.savefile import ArraySpec, BlockedFile, SaveFileError, release_pages

DEFAULT_BLOCK_CELLS = 1 << 20
# The sampling kernel's unit of work: runs of this many consecutive cells share scratch decks
# (see flush_correction.sample_cells_kernel), so chunks of a block are whole runs.
KERNEL_RUN = 64
CHUNK_SECONDS = 0.05  # aimed length of one kernel call of a build (Ctrl-C latency)


def _int_argument(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int in ``low..high``, else :class:`InputError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
            or not low <= int(value) <= high:
        raise InputError(f"{name} must be an integer in {low}..{high}, got {value!r}")
    return int(value)



def build_table(
    variant: Variant | str,
    samples: int | None = None,
    seed: int = DEFAULT_SEED,
    cache_dir: str | os.PathLike | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    class_ids: Sequence[int] | None = None,
    block_cells: int = DEFAULT_BLOCK_CELLS,
) -> Path:
    """Build (or resume building) the Monte Carlo table of an Omaha ``variant`` and cache it.

    ``samples`` per cell (default :data:`DEFAULT_SAMPLES`) and ``seed`` fix the table; the
    build runs block by block through :func:`omahanash.runs.iterate`, calling
    ``progress(done, total)`` and stopping between blocks when ``cancel`` is set. Finished
    blocks (also after Ctrl-C or a crash) are kept in a ``.partial`` file and reused by the next
    call with the same settings; the result is bit-identical to an uninterrupted build. A
    partial file made with other settings is discarded. Raises
    :class:`~omahanash.errors.Cancelled` when cancelled. Returns the path of the finished table.
    (The Hold'em table is exact and shipped: ``omahanash table build --game holdem --exact``.)

    >>> import tempfile
    >>> path = build_table("omaha", samples=4, cache_dir=tempfile.mkdtemp(),
    ...                    class_ids=[0, 16431])
    >>> from omahanash.equity.tables import load_table
    >>> load_table("omaha-hi", path.parent, [0, 16431]).n
    2
    """
    from omahanash.equity.table_kernels import class_quads, rank_equity
    from omahanash.equity.triangle import triangle_rows

    variant = Variant.parse(variant)
    if variant not in OMAHA_GAMES:
        raise InputError(f"variant: Monte Carlo tables are for {' and '.join(OMAHA_GAMES)}, "
                         f"not {variant} (its exact table is shipped)")
    samples = _int_argument("samples", DEFAULT_SAMPLES[variant] if samples is None else samples,
                            1, 100_000)
    seed = _int_argument("seed", seed, 0, 2**63 - 1)
    block_cells = _int_argument("block_cells", block_cells, 1, 2**40)
    ids = normalize_subset(class_ids)
    path = table_path(variant, cache_dir, ids)
    partial = partial_path(path)
    expect = table_expect(variant, samples, seed, ids)
    make_cache_dir(cache_dir)

    data = class_data("omaha", ids)
    n = int(data.class_ids.size)
    cells = triangle_cells(n)
    pairs = omaha_pairs(cache_dir, ids, data)
    arrays = [ArraySpec("equity", "<u2", (cells,), blocked=True),
              ArraySpec("spread", "|u1", (cells,), blocked=True)]
    if ids is not None:
        arrays.append(ArraySpec("pairs", "<u2", (cells,)))

    if _adopt_finished_partial(partial, path, expect):
        return path
    table = _reopen_partial(partial, expect, block_cells)
    if table is None:
        table = BlockedFile.create(partial, EQUITY_TABLE, expect, cells, block_cells, arrays)
    if ids is not None:
        # Written on every start, a resumed one too: a build killed between creating the
        # file and writing them left zeros, and no block flag covers them (they are exact).
        table.arrays["pairs"][:] = pairs
    try:
        finished = table.finished_blocks()
        hilo = variant is Variant.OMAHA_HILO
        done = sum(stop - start for start, stop in
                   map(table.block_range, np.flatnonzero(finished).tolist()))
        # Progress counts cells; the exact suit-blind part (first, ~10-15 % of a full build,
        # recomputed on resume: it is deterministic) counts as an eighth of them.
        rank_units = cells // 8
        total = cells + rank_units
        if progress:
            progress(done, total)
        started = time.perf_counter()

        def rank_progress(piece: float, pieces: float) -> None:
            if progress and piece < pieces:  # the last piece is reported by iterate()
                progress(done + rank_units * piece // pieces, total)

        ranks = rank_equity(class_quads(data.representatives), hilo, rank_progress, cancel,
                            32 if ids is None else 1)
        todo = iter(np.flatnonzero(~finished).tolist())
        chunks = _ChunkSizer()

        def fill_block(units_done: int) -> int:
            block = next(todo)
            start, stop = table.block_range(block)
            rows, cols = triangle_rows(start, stop, n)
            mean = np.empty(stop - start, np.float64)
            spread = np.empty(stop - start, np.float64)
            # The kernel runs in chunks of whole runs of 64 cells (its unit of work, so the
            # values do not depend on the chunking), each a fraction of a second: Ctrl-C and
            # the cancel flag are seen between them. An unfinished block is not kept.
            low = 0
            while low < rows.size:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                high = min(rows.size, low + chunks.size)
                tick = time.perf_counter()
                mean[low:high], spread[low:high] = _sample_chunk(
                    data, rows[low:high], cols[low:high], start + low, samples, seed, hilo,
                    ranks)
                chunks.update(high - low, time.perf_counter() - tick)
                low = high
                if progress and low < rows.size:
                    progress(units_done + low, total)
            # exact part + a noisy correction can leave [0, 1] by a hair in lopsided cells
            equity_q = np.rint(np.clip(mean, 0.0, 1.0) * EQUITY_SCALE).astype(np.uint16)
            equity_q[rows == cols] = EQUITY_SCALE // 2  # by symmetry exactly 0.5
            table.arrays["equity"][start:stop] = equity_q
            table.arrays["spread"][start:stop] = np.rint(
                np.minimum(spread, 1.0) * SPREAD_SCALE).astype(np.uint8)
            table.mark_finished(block)
            return stop - start

        # interval 0: a block takes seconds, report each one
        run = iterate(fill_block, total, progress, cancel, start=done + rank_units, interval=0)
        if run.cancelled:
            raise Cancelled("cancelled")
        table.finish(path, {"cell_stderr": _cell_stderr(table, pairs, samples),
                            "build_seconds": round(time.perf_counter() - started, 3)})
    except (KeyboardInterrupt, Cancelled):
        table.close()
        raise Cancelled(f"build of the {variant} table interrupted; run it again to resume") \
            from None
    except BaseException:
        table.close()
        raise
    return path


def _cell_stderr(table: BlockedFile, pairs: np.ndarray, samples: int) -> float:
    """RMS standard error of the cells with pairs, from the stored 8-bit spreads: an exact
    count of each stored value, block by block (no float copy of a whole triangle; the pages
    read are let go), so the result does not depend on how the table was cut."""
    counts = np.zeros(SPREAD_SCALE + 1, np.int64)
    spread = table.arrays["spread"]
    for block in range(table.num_blocks):
        start, stop = table.block_range(block)
        used = np.asarray(pairs[start:stop]) > 0
        counts += np.bincount(spread[start:stop][used], minlength=SPREAD_SCALE + 1)
        release_pages(spread[start:stop])
        release_pages(pairs[start:stop])
    cells = int(counts.sum())
    if cells == 0:
        return 0.0  # no cell with pairs: nothing is estimated
    squares = sum(c * q * q for q, c in enumerate(counts.tolist()))
    return float(np.sqrt(squares / (SPREAD_SCALE**2 * cells) / samples))


class _ChunkSizer:
    """Cells per kernel call of a table build: whole runs of :data:`KERNEL_RUN` cells, sized
    from the measured rate towards :data:`CHUNK_SECONDS` a call (so that Ctrl-C is seen
    within a fraction of a second whatever ``samples`` is)."""

    def __init__(self) -> None:
        self.size = 2 * KERNEL_RUN  # a first guess: one run per core of a 2-core machine

    def update(self, cells: int, seconds: float) -> None:
        wanted = cells * CHUNK_SECONDS / max(seconds, 1e-6)
        runs = int(min(wanted, 2 * self.size)) // KERNEL_RUN  # at most 2x: cells differ in cost
        self.size = max(1, runs) * KERNEL_RUN


def _sample_chunk(data: ClassData, rows: np.ndarray, cols: np.ndarray, cell_start: int,
                  samples: int, seed: int, hilo: bool, ranks: np.ndarray,
                  ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~omahanash.equity.table_kernels.sample_cells` on one chunk. A Ctrl-C that
    lands while the parallel kernel runs surfaces as a ``SystemError`` (the dispatcher
    returns with the interrupt set): turned back into the ``KeyboardInterrupt`` it is."""
    from omahanash.equity.table_kernels import sample_cells

    try:
        return sample_cells(data, rows, cols, cell_start, samples, seed, hilo, ranks)
    except SystemError as exc:
        if isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        raise


def _adopt_finished_partial(partial: Path, path: Path, expect: dict[str, Any]) -> bool:
    """Move a complete, verified table left under the partial name into place (a build killed
    between finishing its file and renaming it); False when there is none."""
    try:
        if not savefile.read_header(partial, EQUITY_TABLE, expect)["complete"]:
            return False
        savefile.read(partial, EQUITY_TABLE, expect, mmap=True)
    except SaveFileError:
        return False  # none, or damaged: _reopen_partial deals with it
    os.replace(partial, path)
    savefile.fsync_directory(path.parent)
    return True


def _reopen_partial(partial: Path, expect: dict[str, Any], block_cells: int) -> BlockedFile | None:
    """The interrupted build at ``partial`` if it was made with these settings; a partial
    file made otherwise (or damaged, or of an older format) is deleted."""
    if not partial.exists():
        return None
    try:
        table = BlockedFile.open_partial(partial, EQUITY_TABLE, expect)
    except SaveFileError:
        partial.unlink()
        return None
    if table.block_cells == block_cells:
        return table
    table.close()
    partial.unlink()
    return None


def partial_settings(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
                     class_ids: Sequence[int] | None = None) -> dict[str, Any] | None:
    """Settings (samples, seed) of an interrupted build of ``variant``, if there is one."""
    partial = partial_path(table_path(variant, cache_dir, class_ids))
    try:
        meta = savefile.read_header(partial, EQUITY_TABLE)["meta"]
    except SaveFileError:
        return None
    return {"samples": meta.get("samples"), "seed": meta.get("seed")}


