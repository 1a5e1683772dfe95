"""The on-disk format of cluster-vs-cluster equity tables: verified, atomic, resumable.

One file holds a header and a few flat arrays. Its layout::

    0      8 bytes   magic b"OMNTABLE"
    8      u32       format version
    12     u32       length L of the JSON header
    16     u32       crc32 of the JSON header
    20     L bytes   JSON header (game, classes, samples, seed, block layout, arrays, ...)
    ...    zero padding up to HEADER_BYTES
    HEADER_BYTES     the arrays, each at the offset the header gives (64-byte aligned)

The payload is cut into blocks (ranges of cells); the ``block_crc`` array holds a crc32 of each
finished block's bytes in every blocked array, and 0 for a block not finished yet (a crc that
comes out as 0 is stored as 1, so 0 always means "not finished"); arrays not cut into blocks get
one crc each in the header of a finished table.

A partial build is the same file under a ``.partial`` name, written in place through a memory
map: a block's data is flushed before its crc, so a crash leaves either a verified block or one
that is computed again. A finished build is copied to a temporary file and renamed
over the final name (atomic), so a reader never sees half a table.

Any damage - a flipped byte anywhere, a truncated file, a foreign file, another format version,
a header that does not match what the caller expects - raises :class:`TableFileError`; nothing
here ever returns data it has not verified.
"""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.errors import InputError
from omahanash.savefile import atomic_write

MAGIC = b"OMNTABLE"
FORMAT_VERSION = 1
HEADER_BYTES = 4096
_PREFIX = struct.Struct("<8sIII")
_ALIGN = 64


class TableFileError(InputError):
    """A table file is missing, damaged, foreign or does not match what was asked for."""


@dataclass(frozen=True)
class ArraySpec:
    """One array of the payload: ``blocked`` arrays are cut into the file's cell blocks."""

    name: str
    dtype: str
    length: int
    blocked: bool

    def nbytes(self) -> int:
        return np.dtype(self.dtype).itemsize * self.length


def _layout(arrays: list[ArraySpec]) -> tuple[list[dict[str, Any]], int]:
    """Offsets of the arrays after the header; returns their descriptions and the file size."""
    offset = HEADER_BYTES
    described = []
    for spec in arrays:
        offset = -(-offset // _ALIGN) * _ALIGN
        described.append(
            {"name": spec.name, "dtype": spec.dtype, "length": spec.length,
             "blocked": spec.blocked, "offset": offset}
        )
        offset += spec.nbytes()
    return described, offset


def _encode_header(header: dict[str, Any]) -> bytes:
    text = json.dumps(header, sort_keys=True).encode()
    if _PREFIX.size + len(text) > HEADER_BYTES:
        raise ValueError("table header too large")
    prefix = _PREFIX.pack(MAGIC, FORMAT_VERSION, len(text), zlib.crc32(text))
    return (prefix + text).ljust(HEADER_BYTES, b"\0")


def _decode_header(path: Path, raw: bytes) -> dict[str, Any]:
    if len(raw) < _PREFIX.size:
        raise TableFileError(f"{path}: truncated (no header)")
    magic, version, length, crc = _PREFIX.unpack_from(raw)
    if magic != MAGIC:
        raise TableFileError(f"{path}: not an Omaha Nash table file")
    if version != FORMAT_VERSION:
        raise TableFileError(
            f"{path}: table format version {version}, this program reads {FORMAT_VERSION}"
        )
    text = raw[_PREFIX.size : _PREFIX.size + length]
    if len(text) != length or _PREFIX.size + length > HEADER_BYTES or zlib.crc32(text) != crc:
        raise TableFileError(f"{path}: damaged header")
    return json.loads(text)


class TableFile:
    """An open table file (final or partial): header plus memory-mapped arrays.

    Create one with :meth:`create` (a new partial build), :meth:`open_partial` (resume) or
    :func:`load_verified` (a finished table, read-only).
    """

    def __init__(self, path: Path, header: dict[str, Any], mode: str) -> None:
        self.path = path
        self.header = header
        self.mode = mode
        self._map = np.memmap(path, dtype=np.uint8, mode=mode)
        self.arrays: dict[str, np.ndarray] = {}
        for desc in header["arrays"]:
            dtype = np.dtype(desc["dtype"])
            end = desc["offset"] + dtype.itemsize * desc["length"]
            self.arrays[desc["name"]] = self._map[desc["offset"] : end].view(dtype)

    # -- block layout -------------------------------------------------------------------
    @property
    def cells(self) -> int:
        return int(self.header["cells"])

    @property
    def block_cells(self) -> int:
        return int(self.header["block_cells"])

    @property
    def num_blocks(self) -> int:
        return -(-self.cells // self.block_cells)

    def block_range(self, block: int) -> tuple[int, int]:
        """Cells ``[start, stop)`` of ``block``."""
        start = block * self.block_cells
        return start, min(self.cells, start + self.block_cells)

    def block_crc(self, block: int) -> int:
        """crc32 of the block's bytes in every blocked array, never 0."""
        start, stop = self.block_range(block)
        crc = 0
        for desc in self.header["arrays"]:
            if desc["blocked"]:
                crc = zlib.crc32(self.arrays[desc["name"]][start:stop].tobytes(), crc)
        return crc or 1

    def finished_blocks(self) -> np.ndarray:
        """Booleans: which blocks hold verified data (their stored crc matches)."""
        stored = self.arrays["block_crc"]
        return np.array(
            [stored[b] != 0 and stored[b] == self.block_crc(b) for b in range(self.num_blocks)],
            dtype=bool,
        )

    def mark_finished(self, block: int) -> None:
        """Flush the block's data, then record its crc (in that order: see module doc)."""
        self._map.flush()
        self.arrays["block_crc"][block] = self.block_crc(block)
        self._map.flush()

    def _unblocked_crcs(self) -> dict[str, int]:
        """crc32 of each array that is not cut into blocks (block_crc itself among them)."""
        return {
            desc["name"]: zlib.crc32(self.arrays[desc["name"]].tobytes())
            for desc in self.header["arrays"]
            if not desc["blocked"]
        }

    def close(self) -> None:
        if self.mode != "r":
            self._map.flush()
        # Drop references so the memory map can be closed (needed before rename on some OSes).
        self.arrays.clear()
        del self._map

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def create(
        cls, path: Path, meta: dict[str, Any], cells: int, block_cells: int,
        arrays: list[ArraySpec],
    ) -> TableFile:
        """A new partial file at ``path`` with zeroed arrays (plus the ``block_crc`` array)."""
        num_blocks = -(-cells // block_cells)
        specs = [*arrays, ArraySpec("block_crc", "<u4", num_blocks, blocked=False)]
        described, size = _layout(specs)
        header = {**meta, "cells": cells, "block_cells": block_cells, "arrays": described,
                  "complete": False}
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(_encode_header(header))
            handle.truncate(size)
        return cls(path, header, "r+")

    @classmethod
    def open_partial(cls, path: Path, expect: dict[str, Any]) -> TableFile:
        """Reopen a partial build; raises TableFileError if it is damaged or built otherwise."""
        header = read_header(path, expect)
        if header.get("complete"):
            raise TableFileError(f"{path}: not a partial build")
        return cls(path, header, "r+")

    def finish(self, final_path: Path, summary: dict[str, Any]) -> None:
        """All blocks done: write the finished table atomically to ``final_path``.

        ``summary`` (e.g. the mean per-cell standard error) is added to the header. The partial
        file is removed afterwards.
        """
        if not self.finished_blocks().all():
            raise RuntimeError("finish() called before every block was finished")
        self._map.flush()
        header = {**self.header, **summary, "complete": True}
        header["array_crc"] = self._unblocked_crcs()
        partial_path = self.path
        final_path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(final_path) as out, open(partial_path, "rb") as src:
            out.write(_encode_header(header))
            src.seek(HEADER_BYTES)
            shutil.copyfileobj(src, out, 16 << 20)
        self.close()
        partial_path.unlink(missing_ok=True)


def read_header(path: Path, expect: dict[str, Any] | None = None) -> dict[str, Any]:
    """The verified header of a table file; checks the file size and the expected fields."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(HEADER_BYTES)
    except FileNotFoundError:
        raise TableFileError(f"{path}: no such table file") from None
    header = _decode_header(path, raw)
    for key, value in (expect or {}).items():
        if header.get(key) != value:
            raise TableFileError(
                f"{path}: built for {key}={header.get(key)!r}, expected {value!r}"
            )
    _, size = _layout([ArraySpec(d["name"], d["dtype"], d["length"], d["blocked"])
                       for d in header["arrays"]])
    actual = path.stat().st_size
    if actual != size:
        raise TableFileError(f"{path}: truncated or padded ({actual} bytes, expected {size})")
    return header


def load_verified(path: Path, expect: dict[str, Any] | None = None) -> TableFile:
    """Open a finished table read-only after checking every byte of it."""
    path = Path(path)
    header = read_header(path, expect)
    if not header.get("complete"):
        raise TableFileError(f"{path}: an unfinished build")
    table = TableFile(path, header, "r")
    if table._unblocked_crcs() != header.get("array_crc"):
        raise TableFileError(f"{path}: damaged data outside the cell blocks")
    bad = np.flatnonzero(~table.finished_blocks())
    if bad.size:
        raise TableFileError(f"{path}: damaged data in block {int(bad[0])} of {table.num_blocks}")
    return table
