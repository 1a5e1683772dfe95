"""A table build keeps every finished piece of work, takes a lock, and
meets a full disk or a read-only folder with one line and nothing half-written.

The counting tests wrap the two places where work is done, ``table_build._rank_piece`` (a
piece of the exact suit-blind part) and ``table_build._sample_chunk`` (cells of the sampled
part), and check that a resumed build never computes again what a cancelled one finished.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from omahanash.equity import table_build, tables
from omahanash.equity.tablefile import (
    EQUITY_TABLE,
    BuildLock,
    TableBusy,
    lock_path,
    partial_path,
    ranks_path,
)
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag
from omahanash.savefile import read

IDS = [0, 715, 4527, 8000, 9000, 12025, 14612, 16431]
BLOCK = 5  # cells per block: 36 cells, 8 blocks


class Counter:
    """Wraps the two work functions; records what each call computed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pieces: list[tuple[int, ...]] = []  # quad pairs of each suit-blind piece
        self.cells: list[int] = []  # cell indices sampled
        self.cancel_after_pieces: int | None = None
        self.cancel_after_chunks: int | None = None
        self.flag = CancelFlag()
        rank_piece, sample_chunk = table_build._rank_piece, table_build._sample_chunk

        def counted_piece(lo, hi, hilo):
            self.pieces.append(tuple((lo * 1820 + hi).tolist()))
            if self.cancel_after_pieces == len(self.pieces):
                self.flag.cancel()
            return rank_piece(lo, hi, hilo)

        def counted_chunk(data, rows, cols, cell_start, *rest):
            self.cells.extend(range(cell_start, cell_start + rows.size))
            self.chunks = getattr(self, "chunks", 0) + 1
            if self.cancel_after_chunks == self.chunks:
                self.flag.cancel()
            return sample_chunk(data, rows, cols, cell_start, *rest)

        monkeypatch.setattr(table_build, "_rank_piece", counted_piece)
        monkeypatch.setattr(table_build, "_sample_chunk", counted_chunk)

    def reset(self) -> None:
        self.pieces, self.cells, self.chunks = [], [], 0
        self.cancel_after_pieces = self.cancel_after_chunks = None
        self.flag = CancelFlag()


def build(cache: Path, counter: Counter | None = None, samples: int = 12) -> Path:
    return table_build.build_table("omaha-hi", samples=samples, seed=3, cache_dir=cache,
                                   class_ids=IDS, block_cells=BLOCK,
                                   cancel=None if counter is None else counter.flag)


def arrays(path: Path) -> dict[str, bytes]:
    saved = read(path, EQUITY_TABLE, mmap=True)
    return {name: saved.arrays[name].tobytes() for name in ("equity", "spread", "pairs")}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict[str, bytes]:
    """The table built in one go."""
    return arrays(build(tmp_path_factory.mktemp("straight")))


@pytest.fixture
def small_pieces(monkeypatch):
    monkeypatch.setattr(table_build, "RANK_PIECE_KEYS", 5)  # 36 quad pairs: 8 pieces


def test_cancel_in_the_suit_blind_part_keeps_its_finished_pieces(tmp_path, monkeypatch,
                                                                  small_pieces, reference):
    counter = Counter(monkeypatch)
    counter.cancel_after_pieces = 3
    with pytest.raises(Cancelled):
        build(tmp_path, counter)
    first = list(counter.pieces)
    assert len(first) == 3 and not counter.cells  # stopped before any cell was sampled
    assert ranks_path(tables.table_path("omaha-hi", tmp_path, IDS)).exists()
    counter.reset()
    path = build(tmp_path, counter)
    assert not set(first) & set(counter.pieces)  # no finished piece computed again
    assert len(first) + len(counter.pieces) == 8
    assert len(counter.cells) == len(set(counter.cells)) == 36
    assert arrays(path) == reference  # and the table is the uninterrupted one, bit for bit
    assert not ranks_path(path).exists()  # full precision: the store is gone


def test_cancel_in_the_sampled_part_keeps_the_suit_blind_part_and_the_blocks(
        tmp_path, monkeypatch, small_pieces, reference):
    counter = Counter(monkeypatch)
    counter.cancel_after_chunks = 3  # a chunk covers a whole 5-cell block
    with pytest.raises(Cancelled):
        build(tmp_path, counter)
    assert len(counter.pieces) == 8
    finished_cells = set(counter.cells)
    assert len(finished_cells) == 3 * BLOCK
    counter.reset()
    path = build(tmp_path, counter)
    assert counter.pieces == []  # the suit-blind part is not computed again
    assert not finished_cells & set(counter.cells)  # nor any finished block
    assert len(counter.cells) == 36 - 3 * BLOCK
    assert arrays(path) == reference


def test_a_coarse_table_then_the_refined_one_shares_the_suit_blind_part(
        tmp_path, monkeypatch, small_pieces, reference):
    counter = Counter(monkeypatch)
    coarse = build(tmp_path, counter, samples=table_build.COARSE_SAMPLES)
    assert len(counter.pieces) == 8
    assert table_build.table_samples("omaha-hi", tmp_path, IDS) == table_build.COARSE_SAMPLES
    assert tables.load_table("omaha-hi", tmp_path, IDS).samples == table_build.COARSE_SAMPLES
    assert ranks_path(coarse).exists()  # kept for the refinement
    counter.reset()
    refined = build(tmp_path, counter)
    assert counter.pieces == [] and len(counter.cells) == 36
    assert refined == coarse and arrays(refined) == reference
    assert table_build.table_samples("omaha-hi", tmp_path, IDS) == 12
    assert not ranks_path(refined).exists()


def test_a_second_build_of_the_same_table_is_refused_with_one_line(tmp_path):
    path = tables.table_path("omaha-hi", tmp_path, IDS)
    tmp_path.mkdir(exist_ok=True)
    with BuildLock(path, "omaha-hi"):
        assert lock_path(path).read_text().strip() == str(os.getpid())
        with pytest.raises(TableBusy, match=f"another build of the omaha-hi table is running "
                                            f"\\(process {os.getpid()}"):
            build(tmp_path)
        # another process: the command line says it in one line, exit code 2
        done = subprocess.run(
            [sys.executable, "-m", "omahanash.cli", "table", "build", "--game", "omaha-hi",
             "--classes", ",".join(map(str, IDS)), "--samples", "12", "--seed", "3",
             "--cache-dir", str(tmp_path)], capture_output=True, text=True, timeout=300)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "another build" in done.stderr
        assert not partial_path(path).exists()
    assert not lock_path(path).exists()  # released and removed
    build(tmp_path)  # and the next build runs
    assert not lock_path(path).exists()


def test_a_lock_left_by_a_dead_builder_is_taken_over(tmp_path):
    path = tables.table_path("omaha-hi", tmp_path, IDS)
    lock_path(path).write_text("999999999\n")  # a file, but nobody holds it
    build(tmp_path)
    assert path.exists() and not lock_path(path).exists()


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "the disk is full"),
                                         (errno.EDQUOT, "quota")])
def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path, monkeypatch, code, words):
    def full(fd, offset, length):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "posix_fallocate", full, raising=False)
    with pytest.raises(InputError, match=f"cannot build the omaha-hi table in .*{words}"):
        build(tmp_path)
    assert _leftovers(tmp_path) == []  # no 0-byte .partial, no lock, no store


def test_a_header_write_on_a_full_disk_leaves_no_empty_partial(tmp_path, monkeypatch):
    from omahanash.savefile import BlockedFile

    def create(path, *args, **kwargs):
        Path(path).write_bytes(b"")  # what a failed first write leaves
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(BlockedFile, "create", create)
    with pytest.raises(InputError, match="the disk is full"):
        build(tmp_path)
    assert _leftovers(tmp_path) == []


def test_a_read_only_cache_is_one_line(tmp_path, monkeypatch):
    import builtins

    real_open, real_os_open = builtins.open, os.open
    folder = str(tmp_path)

    def refuse(path) -> None:
        if str(path).startswith(folder):
            raise OSError(errno.EROFS, "Read-only file system", str(path))

    def fake_open(path, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            refuse(path)
        return real_open(path, mode, *args, **kwargs)

    def fake_os_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    with pytest.raises(InputError, match="read-only file system"):
        build(tmp_path)
    monkeypatch.undo()
    assert _leftovers(tmp_path) == []


def test_a_disk_error_in_the_middle_keeps_the_finished_blocks(tmp_path, monkeypatch,
                                                             reference):
    """A partial file with verified blocks is resumable work, kept; the error is one line."""
    counter = Counter(monkeypatch)
    from omahanash.savefile import BlockedFile

    finish = BlockedFile.finish

    def full_at_finish(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(BlockedFile, "finish", full_at_finish)
    with pytest.raises(InputError, match="the disk is full"):
        build(tmp_path, counter)
    path = tables.table_path("omaha-hi", tmp_path, IDS)
    assert partial_path(path).exists() and not lock_path(path).exists()
    monkeypatch.setattr(BlockedFile, "finish", finish)
    counter.reset()
    build(tmp_path, counter)
    assert counter.cells == [] and arrays(path) == reference
    assert np.array_equal(np.frombuffer(arrays(path)["pairs"], "<u2"),
                          np.frombuffer(reference["pairs"], "<u2"))
