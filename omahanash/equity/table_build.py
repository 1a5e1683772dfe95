"""Building the Omaha equity tables: block by block into a resumable file (docs/equity-tables.md).

:func:`build_table` fills the memory-mapped ``.partial`` file of
:mod:`omahanash.equity.tablefile` one block of cells at a time with the kernels of
:mod:`omahanash.equity.table_kernels` (the exact suit-blind part, then the sampled flush
correction), driven by :func:`omahanash.runs.iterate` with progress and a cancel flag; a
finished block is flushed before its checksum, so an interrupted build resumes where it
stopped and the result is bit-identical to an uninterrupted one. The suit-blind part is kept
the same way, piece by piece (:func:`_rank_equity`), so no finished work is ever done twice,
and a coarse table (:data:`COARSE_SAMPLES`) shares it with the full one that refines it. A
build holds the table's :class:`~omahanash.equity.tablefile.BuildLock`; a full disk or a
read-only cache is one line (:func:`~omahanash.equity.tablefile.disk_error`), with nothing
half-written left. :func:`load_table` (:mod:`omahanash.equity.tables`) opens what it built.
"""

from __future__ import annotations

import errno
import hashlib
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from omahanash import savefile
from omahanash.cards import Variant
from omahanash.equity.table_kernels import class_quads, quad_data, rank_equity_kernel, sample_cells
from omahanash.equity.tablefile import (
    EQUITY_TABLE,
    RANKS_STORE,
    BuildLock,
    disk_error,
    make_cache_dir,
    partial_path,
    ranks_path,
)
from omahanash.equity.tables import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    EQUITY_SCALE,
    OMAHA_GAMES,
    SPREAD_SCALE,
    TABLE_METHOD,
    ClassData,
    class_data,
    normalize_subset,
    omaha_pairs,
    table_expect,
    table_path,
)
from omahanash.equity.triangle import triangle_cells, triangle_rows
from omahanash.errors import Cancelled, InputError
from omahanash.evaluate.tables import low_table
from omahanash.runs import CancelFlag, ProgressCallback, iterate
from omahanash.savefile import (
    ArraySpec,
    BlockedFile,
    DiskFullError,
    FileKind,
    SaveFileError,
    release_pages,
)

DEFAULT_BLOCK_CELLS = 1 << 20
# The sampling kernel's unit of work: runs of this many consecutive cells share scratch decks
# (see flush_correction.sample_cells_kernel), so chunks of a block are whole runs.
KERNEL_RUN = 64
CHUNK_SECONDS = 0.05  # aimed length of one kernel call of a build (Ctrl-C latency)
# Least work of one kernel call, in cell-samples (~0.03-0.05 s on one quiet core; see
# _ChunkSizer): 65,536 cells at 1 sample per cell, 5,440 at 12.
CHUNK_FLOOR_SAMPLES = 1 << 16
# The exact suit-blind part is computed in pieces of this many quad pairs (1,657,110 in all:
# 26 pieces of a few seconds), each kept once finished.
RANK_PIECE_KEYS = 1 << 16
# The suit-blind part's share of the progress units (its share of a build's time, measured:
# ~31 s of 183 s for Omaha Hi, 42-60 s of 310 s for Hi/Lo).
RANK_SHARE = 0.18
# Samples per cell of the first, coarse pass of the app's builds (two: one sample has no
# spread, so a coarse table could not say its precision; a table the solver can run
# on at once, refined afterwards to DEFAULT_SAMPLES; the suit-blind part is shared).
COARSE_SAMPLES = 2


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
    expect = table_expect(variant, samples, seed, ids)
    make_cache_dir(cache_dir)
    # A full disk, a read-only folder, no permission: one line, nothing half-written left
    # (the partial file is reserved on disk before anything is written into it).
    try:
        with BuildLock(path, str(variant)):
            data = class_data("omaha", ids)
            cells = triangle_cells(int(data.class_ids.size))
            pairs = omaha_pairs(cache_dir, ids, data)
            arrays = [ArraySpec("equity", "<u2", (cells,), blocked=True),
                      ArraySpec("spread", "|u1", (cells,), blocked=True)]
            if ids is not None:
                arrays.append(ArraySpec("pairs", "<u2", (cells,)))
            return _build_locked(variant, path, expect, data, pairs, arrays, samples, seed,
                                 ids, block_cells, progress, cancel)
    except DiskFullError as full:  # the partial file's reservation: say which table
        error = disk_error(OSError(full.code, os.strerror(full.code)),
                           f"build the {variant} table", path.parent)
        raise (error or full) from None
    except OSError as exc:
        error = disk_error(exc, f"build the {variant} table", path.parent)
        if error is None:
            raise
        raise error from None


def _build_locked(variant: Variant, path: Path, expect: dict[str, Any], data: ClassData,
                  pairs: np.ndarray, arrays: list[ArraySpec], samples: int, seed: int,
                  ids: np.ndarray | None, block_cells: int, progress: ProgressCallback | None,
                  cancel: CancelFlag | None) -> Path:
    """:func:`build_table` once it holds the build's lock."""
    partial = partial_path(path)
    if _adopt_finished_partial(partial, path, expect):
        _finished(path, variant, samples)
        return path
    n = int(data.class_ids.size)
    cells = triangle_cells(n)
    table = _reopen_partial(partial, expect, block_cells)
    if table is None:
        table = _create_blocked(partial, EQUITY_TABLE, expect, cells, block_cells, arrays)
    else:
        _reserve(partial)  # made sparse by an older version, or on another disk state
    if ids is not None:
        # Written on every start, a resumed one too: a build killed between creating the
        # file and writing them left zeros, and no block flag covers them (they are exact).
        table.arrays["pairs"][:] = pairs
    try:
        finished = table.finished_blocks()
        hilo = variant is Variant.OMAHA_HILO
        done = sum(stop - start for start, stop in
                   map(table.block_range, np.flatnonzero(finished).tolist()))
        # Progress counts cells; the exact suit-blind part (first) counts as RANK_SHARE of
        # them. Its finished pieces are kept (RankStore) like the finished blocks.
        rank_units = int(cells * RANK_SHARE)
        total = cells + rank_units
        started = time.perf_counter()

        def rank_progress(piece: float, pieces: float) -> None:
            if progress and piece < pieces:  # the last piece is reported by iterate()
                progress(done + rank_units * piece // pieces, total)

        ranks = _rank_equity(path, variant, data, hilo, rank_progress, cancel)
        todo = iter(np.flatnonzero(~finished).tolist())
        chunks = _ChunkSizer(samples)

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
    except OSError:
        table.close()
        _drop_if_empty(partial)
        raise
    except BaseException:
        table.close()
        raise
    _finished(path, variant, samples)
    return path


def _finished(path: Path, variant: Variant, samples: int) -> None:
    """A table is built: its suit-blind store goes once the precision is the default's (a
    coarse table keeps it for the build that refines it)."""
    if samples >= DEFAULT_SAMPLES[variant]:
        ranks_path(path).unlink(missing_ok=True)


def _reserve(path: Path) -> None:
    """Allocate the whole file on disk now (``posix_fallocate``): a full disk fails here, with
    ``ENOSPC``, instead of killing the process with SIGBUS when a page of the memory map is
    first written. Where the call is missing or unsupported, the file stays sparse."""
    if not hasattr(os, "posix_fallocate"):
        return  # pragma: no cover - macOS, Windows
    fd = os.open(path, os.O_RDWR)
    try:
        os.posix_fallocate(fd, 0, os.fstat(fd).st_size)
    except OSError as exc:
        if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
            raise
    finally:
        os.close(fd)


def _create_blocked(path: Path, kind: FileKind, expect: dict[str, Any], cells: int,
                    block_cells: int, arrays: list[ArraySpec]) -> BlockedFile:
    """A new :class:`BlockedFile` reserved on disk; on an error, nothing is left behind."""
    try:
        created = BlockedFile.create(path, kind, expect, cells, block_cells, arrays)
    except OSError:
        path.unlink(missing_ok=True)
        raise
    try:
        _reserve(path)
    except OSError:
        created.close()
        path.unlink(missing_ok=True)
        raise
    return created


def _drop_if_empty(path: Path) -> None:
    """Delete a partial file without one finished block (what a disk error left)."""
    try:
        opened = BlockedFile.open_partial(path, EQUITY_TABLE)
    except (SaveFileError, OSError):
        path.unlink(missing_ok=True)
        return
    keep = bool(opened.finished_blocks().any())
    opened.close()
    if not keep:
        path.unlink(missing_ok=True)


def _rank_piece(lo: np.ndarray, hi: np.ndarray, hilo: bool) -> np.ndarray:
    """Exact suit-blind shares of quad ``lo[k]`` against ``hi[k]``: one piece of the store."""
    quad_ranks, quad_low, board_low, profiles = quad_data()
    return rank_equity_kernel(quad_ranks, quad_low, profiles, board_low, low_table(), hilo,
                              lo, hi)


def _rank_equity(path: Path, variant: Variant, data: ClassData, hilo: bool,
                 progress: ProgressCallback | None, cancel: CancelFlag | None) -> np.ndarray:
    """:func:`~omahanash.equity.table_kernels.rank_equity` of the classes' quads (the same
    values bit for bit), computed in pieces of :data:`RANK_PIECE_KEYS` quad pairs kept in the
    store beside the table (:func:`~omahanash.equity.tablefile.ranks_path`): a cancelled,
    killed or refining build never computes a finished piece again."""
    present = np.unique(class_quads(data.representatives))
    first, second = np.triu_indices(present.size)
    lo, hi = present[first], present[second]  # lo <= hi: the order rank_equity uses
    store_path = ranks_path(path)
    digest = hashlib.blake2b(present.astype("<i8").tobytes(), digest_size=8).hexdigest()
    expect = {"method": TABLE_METHOD, "game": str(variant), "quads": digest}
    piece = min(RANK_PIECE_KEYS, lo.size)
    store = _reopen_partial(store_path, expect, piece, RANKS_STORE)
    if store is None:
        store = _create_blocked(store_path, RANKS_STORE, expect, lo.size, piece,
                                [ArraySpec("values", "<f8", (lo.size,), blocked=True)])
    try:
        finished = store.finished_blocks()
        values = store.arrays["values"]
        pieces, done = store.num_blocks, int(finished.sum())
        if progress is not None:
            progress(done, pieces)
        for block in np.flatnonzero(~finished).tolist():
            if cancel is not None:
                cancel.raise_if_cancelled()
            start, stop = store.block_range(block)
            values[start:stop] = _rank_piece(lo[start:stop], hi[start:stop], hilo)
            store.mark_finished(block)
            done += 1
            if progress is not None:
                progress(done, pieces)
        shares = np.array(values)
    finally:
        store.close()
    q = 1820  # four-rank multisets
    out = np.full((q, q), np.nan)
    out[hi, lo] = 1.0 - shares
    out[lo, hi] = shares  # second: the diagonal keeps its own value (0.5)
    return out


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
    within a fraction of a second whatever ``samples`` is), and never below
    :data:`CHUNK_FLOOR_SAMPLES` cell-samples: on a busy machine a parallel call costs a tenth
    of a second before it starts (its threads wait for a core), and sizing by the measured
    time alone shrank the chunks to 64 cells, so that a build did little but start calls
    (a coarse build of Omaha Hi ran at a fraction of its speed)."""

    def __init__(self, samples: int = 1) -> None:
        self.floor = max(1, CHUNK_FLOOR_SAMPLES // (max(1, samples) * KERNEL_RUN)) * KERNEL_RUN
        self.size = self.floor

    def update(self, cells: int, seconds: float) -> None:
        wanted = cells * CHUNK_SECONDS / max(seconds, 1e-6)
        runs = int(min(wanted, 2 * self.size)) // KERNEL_RUN  # at most 2x: cells differ in cost
        self.size = max(self.floor, max(1, runs) * KERNEL_RUN)


def _sample_chunk(data: ClassData, rows: np.ndarray, cols: np.ndarray, cell_start: int,
                  samples: int, seed: int, hilo: bool, ranks: np.ndarray,
                  ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~omahanash.equity.table_kernels.sample_cells` on one chunk. A Ctrl-C that
    lands while the parallel kernel runs surfaces as a ``SystemError`` (the dispatcher
    returns with the interrupt set): turned back into the ``KeyboardInterrupt`` it is."""
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


def _reopen_partial(partial: Path, expect: dict[str, Any], block_cells: int,
                    kind: FileKind = EQUITY_TABLE) -> BlockedFile | None:
    """The interrupted build at ``partial`` if it was made with these settings; a partial
    file made otherwise (or damaged, or of an older format) is deleted."""
    if not partial.exists():
        return None
    try:
        table = BlockedFile.open_partial(partial, kind, expect)
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




def table_samples(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
                  class_ids: Sequence[int] | None = None) -> int | None:
    """Samples per cell of the built table of ``variant`` (None: not built, or unreadable);
    read from the header only, so it is cheap. Below ``DEFAULT_SAMPLES`` it is a coarse
    table (:data:`COARSE_SAMPLES`) waiting to be refined.

    >>> import tempfile
    >>> table_samples("omaha-hi", tempfile.mkdtemp()) is None
    True
    """
    try:
        header = savefile.read_header(table_path(variant, cache_dir, class_ids), EQUITY_TABLE)
    except SaveFileError:
        return None
    samples = header["meta"].get("samples")
    return int(samples) if header["complete"] and isinstance(samples, int) else None
