"""The one save-file container: round trips, blocked resumable files, and every refusal with
the one message shape."""

import os
import re
import stat
import sys
from pathlib import Path

import numpy as np
import pytest

from omahanash import savefile
from omahanash.errors import InputError
from omahanash.savefile import (
    BLOCKED_HEADER_BYTES,
    ArraySpec,
    BlockedFile,
    FileKind,
    SaveFileError,
)

KIND = FileKind("test-solution", 3, "test solution")
OTHER = FileKind("other-solution", 3, "other solution")
META = {"game": "omaha-hi", "samples": 4, "seed": 7, "nested": {"a": [1, 2.5, None]}}
ARRAYS = {
    "ints": np.arange(10, dtype=np.int32),
    "floats": np.linspace(0, 1, 12).reshape(3, 4),
    "bytes": np.array([1, 2, 3], dtype=np.uint8),
    "empty": np.zeros((0, 2), dtype=np.int64),
    "big_endian": np.arange(5, dtype=">u2"),
}


def refusal(reason: str) -> str:
    """The one message shape, as a regex, for a refusal of KIND with ``reason``."""
    return rf"^cannot read .+: not a test solution \({reason}"


@pytest.fixture
def saved(tmp_path):
    return savefile.write(tmp_path / "a.save", KIND, META, ARRAYS)


def test_round_trip(saved, tmp_path):
    assert [p.name for p in tmp_path.iterdir()] == ["a.save"]  # no temporary file left
    loaded = savefile.read(saved, KIND, {"seed": 7})
    assert loaded.meta == META
    assert set(loaded.arrays) == set(ARRAYS)
    for name, array in ARRAYS.items():
        assert loaded.arrays[name].shape == array.shape
        assert np.array_equal(loaded.arrays[name], array), name
    assert loaded.arrays["big_endian"].dtype == np.dtype("<u2")
    mapped = savefile.read(saved, KIND, mmap=True)
    assert np.array_equal(mapped.arrays["floats"], ARRAYS["floats"])
    # arrays are 64-byte aligned
    header = savefile.read_header(saved, KIND)
    assert all(d["offset"] % 64 == 0 for d in header["arrays"])


def test_write_without_arrays_and_with_a_large_header(tmp_path):
    path = savefile.write(tmp_path / "m.save", KIND, {"x": 1}, {})
    assert savefile.read(path, KIND).meta == {"x": 1} and savefile.read(path, KIND).arrays == {}
    big = {"keys": ["k" * 50] * 2000}
    path = savefile.write(tmp_path / "b.save", KIND, big, {"x": np.arange(3)})
    assert savefile.read(path, KIND).meta == big


def test_failed_write_keeps_the_old_file(saved, tmp_path):
    before = saved.read_bytes()
    with pytest.raises(InputError, match="dtype object"):
        savefile.write(saved, KIND, META, {"bad": np.array([None, 1], dtype=object)})
    with pytest.raises(TypeError):
        savefile.write(saved, KIND, {"not json": object()}, ARRAYS)
    assert saved.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.save"]


def test_writes_sync_the_file_before_the_rename_and_the_directory_after(tmp_path, monkeypatch):
    synced = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        synced.append("directory" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(*args):
        synced.append("rename")
        real_replace(*args)

    monkeypatch.setattr(savefile.os, "fsync", fsync)
    monkeypatch.setattr(savefile.os, "replace", replace)
    savefile.write(tmp_path / "a.save", KIND, META, ARRAYS)
    expected = ["file", "rename"] + (["directory"] if sys.platform != "win32" else [])
    assert synced == expected
    synced.clear()
    partial, table = _build(tmp_path)
    table.finish(tmp_path / "t.bin", {})
    assert synced == expected


def _resident_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_building_and_verifying_a_big_file_keeps_little_of_it_resident(tmp_path):
    """The pages of finished blocks, and of a file being verified, leave the resident set:
    the memory of a table build or load does not grow with the file (64 MB here)."""
    cells, block = 64 << 20, 4 << 20
    table = BlockedFile.create(tmp_path / "big.partial", KIND, META, cells, block,
                               [ArraySpec("x", "|u1", (cells,), blocked=True)])
    before = _resident_kb()
    for index in range(table.num_blocks):
        start, stop = table.block_range(index)
        table.arrays["x"][start:stop] = index + 1
        table.mark_finished(index)
    assert _resident_kb() - before < 16_000
    final = table.finish(tmp_path / "big.bin", {})
    before = _resident_kb()
    loaded = savefile.read(final, KIND, mmap=True)
    assert _resident_kb() - before < 16_000
    x = loaded.arrays["x"]
    assert int(x[0]) == 1 and int(x[-1]) == 16  # the data is all there
    savefile.release_pages(x)


@pytest.mark.parametrize("length", [1, 5, 8, 19, 20, 60, -1, -100, -1000])
def test_truncated_at_any_length(saved, tmp_path, length):
    data = saved.read_bytes()
    cut = tmp_path / "cut.save"
    cut.write_bytes(data[:length])
    with pytest.raises(SaveFileError, match=refusal("truncated")):
        savefile.read(cut, KIND)


def test_every_flipped_byte_is_refused(saved, tmp_path):
    data = saved.read_bytes()
    header_len = int.from_bytes(data[12:16], "little")
    last_array = savefile.read_header(saved, KIND)["arrays"][-1]["offset"]
    # the magic, the container version, the header length and crc, the JSON, the padding
    # after it, inside arrays, the padding between arrays, the last byte
    positions = [0, 7, 9, 13, 17, 20, 20 + header_len // 2, 20 + header_len, last_array - 1,
                 last_array, len(data) - 1]
    positions += list(range(20 + header_len, len(data), 7))
    for position in positions:
        damaged = bytearray(data)
        damaged[position] ^= 0x10
        path = tmp_path / "damaged.save"
        path.write_bytes(bytes(damaged))
        with pytest.raises(SaveFileError, match=r"^cannot read .+: not a test solution \("):
            savefile.read(path, KIND)
    damaged = bytearray(data)
    damaged[20 + header_len // 2] ^= 0x10
    path.write_bytes(bytes(damaged))
    with pytest.raises(SaveFileError, match=refusal("damaged header")):
        savefile.read(path, KIND)
    damaged = bytearray(data)
    damaged[-1] ^= 0x10
    path.write_bytes(bytes(damaged))
    with pytest.raises(SaveFileError, match=refusal(r"damaged data \(checksum mismatch\)")):
        savefile.read(path, KIND)


def test_foreign_empty_missing_and_directory(saved, tmp_path):
    cases = {
        "text.txt": (b"hello, world: no save file here", "foreign file"),
        "zip.npz": (b"PK\x03\x04" + bytes(100), "a zip archive"),
        "old.table": (b"OMNTABLE" + bytes(100), "a file of an older version of omahanash"),
        "empty.save": (b"", "empty file"),
    }
    for name, (content, reason) in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(SaveFileError, match=refusal(reason)):
            savefile.read(tmp_path / name, KIND)
    with pytest.raises(SaveFileError, match=refusal("no such file")):
        savefile.read(tmp_path / "absent.save", KIND)
    with pytest.raises(SaveFileError, match=refusal("a directory")):
        savefile.read(tmp_path, KIND)


def test_wrong_kind_version_and_settings(saved):
    with pytest.raises(SaveFileError,
                       match=r"^cannot read .+: not an other solution \(a file of kind "
                             r"'test-solution'\)$"):
        savefile.read(saved, OTHER)
    newer = FileKind(KIND.name, 2, KIND.description)
    with pytest.raises(SaveFileError,
                       match=refusal(r"format version 3; this program reads version 2\)$")):
        savefile.read(saved, newer)
    with pytest.raises(SaveFileError, match=refusal(r"made for seed=7, expected 8\)$")):
        savefile.read(saved, KIND, {"seed": 8})
    with pytest.raises(SaveFileError,
                       match=refusal(r"truncated: \d+ bytes, expected \d+\); rebuild it$")):
        saved.write_bytes(saved.read_bytes()[:-3])
        savefile.read(saved, KIND, remedy="rebuild it")


def test_the_message_shape_is_one():
    error = KIND.refuse("x.save", "truncated", "rebuild it")
    assert isinstance(error, InputError)
    assert str(error) == "cannot read x.save: not a test solution (truncated); rebuild it"
    assert re.match(refusal("truncated"), str(error))


# -- blocked, resumable files ----------------------------------------------------------------

BLOCKED = [ArraySpec("equity", "<u2", (1000,), blocked=True),
           ArraySpec("spread", "|u1", (1000,), blocked=True)]


def _build(tmp_path, blocks_to_do=None):
    partial = tmp_path / "t.bin.partial"
    table = BlockedFile.create(partial, KIND, META, cells=1000, block_cells=128, arrays=BLOCKED)
    todo = range(table.num_blocks) if blocks_to_do is None else blocks_to_do
    for block in todo:
        start, stop = table.block_range(block)
        table.arrays["equity"][start:stop] = np.arange(start, stop) * 7 % 65534
        table.arrays["spread"][start:stop] = np.arange(start, stop) % 251
        table.mark_finished(block)
    return partial, table


def test_blocked_round_trip(tmp_path):
    partial, table = _build(tmp_path)
    assert table.num_blocks == 8 and table.block_range(7) == (896, 1000)
    final = tmp_path / "t.bin"
    table.finish(final, {"cell_stderr": 0.01})
    assert not partial.exists()
    loaded = savefile.read(final, KIND, {"game": "omaha-hi", "samples": 4}, mmap=True)
    assert loaded.meta["cell_stderr"] == 0.01 and loaded.meta["seed"] == 7
    assert np.array_equal(loaded.arrays["equity"], np.arange(1000) * 7 % 65534)
    assert loaded.arrays["spread"][999] == 999 % 251
    with pytest.raises(SaveFileError, match=refusal(r"made for samples=4, expected 8\)")):
        savefile.read(final, KIND, {"samples": 8})


def test_blocked_every_flipped_byte_is_detected(tmp_path):
    _, table = _build(tmp_path)
    final = tmp_path / "t.bin"
    table.finish(final, {})
    data = bytearray(final.read_bytes())
    rng = np.random.default_rng(1)
    # bytes in the prefix, the JSON header, its padding, every array, the padding between
    # arrays, and the block checksums
    header_len = int.from_bytes(data[12:16], "little")
    positions = [0, 9, 13, 17, 20 + header_len // 2, 20 + header_len + 3,
                 BLOCKED_HEADER_BYTES + 5, BLOCKED_HEADER_BYTES + 2000 + 3, len(data) - 1]
    positions += list(rng.integers(BLOCKED_HEADER_BYTES, len(data), 20))
    for pos in positions:
        damaged = bytearray(data)
        damaged[pos] ^= 0x10
        path = tmp_path / "damaged.bin"
        path.write_bytes(bytes(damaged))
        with pytest.raises(SaveFileError, match=r"^cannot read .+: not a test solution \("):
            savefile.read(path, KIND)


def test_blocked_truncated(tmp_path):
    _, table = _build(tmp_path)
    final = tmp_path / "t.bin"
    table.finish(final, {})
    data = final.read_bytes()
    for length in (5, 100, BLOCKED_HEADER_BYTES, len(data) - 10):
        (tmp_path / "short.bin").write_bytes(data[:length])
        with pytest.raises(SaveFileError, match=refusal("truncated")):
            savefile.read(tmp_path / "short.bin", KIND)


def test_partial_survives_and_resumes(tmp_path):
    partial, table = _build(tmp_path, blocks_to_do=[0, 1, 2, 5])
    # a block whose data was written but whose crc was not (a crash in between)
    start, stop = table.block_range(3)
    table.arrays["equity"][start:stop] = 1
    table.close()
    with pytest.raises(SaveFileError, match=refusal(r"an unfinished build\)")):
        savefile.read(partial, KIND)
    reopened = BlockedFile.open_partial(partial, KIND, {"seed": 7})
    assert reopened.finished_blocks().tolist() == [1, 1, 1, 0, 0, 1, 0, 0]
    with pytest.raises(SaveFileError, match=refusal(r"made for seed=7, expected 8\)")):
        savefile.read_header(partial, KIND, {"seed": 8})
    # damage inside a finished block: it is no longer counted as finished
    reopened.arrays["spread"][130] ^= 1
    assert reopened.finished_blocks().tolist() == [1, 0, 1, 0, 0, 1, 0, 0]
    with pytest.raises(RuntimeError):
        reopened.finish(tmp_path / "t.bin", {})
    assert not (tmp_path / "t.bin").exists()
    # a finished file is not resumed
    _, other = _build(tmp_path / "done")
    other.finish(tmp_path / "done.bin", {})
    with pytest.raises(SaveFileError, match=refusal(r"not an unfinished build\)")):
        BlockedFile.open_partial(tmp_path / "done.bin", KIND)
