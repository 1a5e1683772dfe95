import numpy as np
import pytest

from omahanash.equity.tablefile import (
    HEADER_BYTES,
    ArraySpec,
    TableFile,
    TableFileError,
    load_verified,
    read_header,
)

META = {"kind": "test", "game": "omaha-hi", "samples": 4, "seed": 7}
ARRAYS = [ArraySpec("equity", "<u2", 1000, True), ArraySpec("spread", "u1", 1000, True)]


def _build(tmp_path, blocks_to_do=None):
    partial = tmp_path / "t.bin.partial"
    table = TableFile.create(partial, META, cells=1000, block_cells=128, arrays=ARRAYS)
    todo = range(table.num_blocks) if blocks_to_do is None else blocks_to_do
    for block in todo:
        start, stop = table.block_range(block)
        table.arrays["equity"][start:stop] = np.arange(start, stop) * 7 % 65534
        table.arrays["spread"][start:stop] = np.arange(start, stop) % 251
        table.mark_finished(block)
    return partial, table


def test_round_trip(tmp_path):
    partial, table = _build(tmp_path)
    assert table.num_blocks == 8 and table.block_range(7) == (896, 1000)
    final = tmp_path / "t.bin"
    table.finish(final, {"cell_stderr": 0.01})
    assert not partial.exists()
    loaded = load_verified(final, {"game": "omaha-hi", "samples": 4})
    assert loaded.header["cell_stderr"] == 0.01
    assert np.array_equal(loaded.arrays["equity"], np.arange(1000) * 7 % 65534)
    assert loaded.arrays["spread"][999] == 999 % 251
    with pytest.raises(TableFileError, match="samples=4, expected 8"):
        load_verified(final, {"samples": 8})


def test_every_flipped_byte_is_detected(tmp_path):
    _, table = _build(tmp_path)
    final = tmp_path / "t.bin"
    table.finish(final, {})
    data = bytearray(final.read_bytes())
    rng = np.random.default_rng(1)
    # bytes in the prefix, the JSON header, every array, and the block checksums
    header_len = int.from_bytes(data[12:16], "little")
    positions = [0, 9, 13, 17, 20 + header_len // 2, HEADER_BYTES + 5, len(data) - 1]
    positions += list(rng.integers(HEADER_BYTES, len(data), 20))
    for pos in positions:
        damaged = bytearray(data)
        damaged[pos] ^= 0x10
        path = tmp_path / "damaged.bin"
        path.write_bytes(bytes(damaged))
        with pytest.raises(TableFileError):
            load_verified(path)


def test_truncated_foreign_and_missing(tmp_path):
    _, table = _build(tmp_path)
    final = tmp_path / "t.bin"
    table.finish(final, {})
    data = final.read_bytes()
    (tmp_path / "short.bin").write_bytes(data[:-10])
    with pytest.raises(TableFileError, match="truncated"):
        load_verified(tmp_path / "short.bin")
    (tmp_path / "tiny.bin").write_bytes(data[:5])
    with pytest.raises(TableFileError, match="truncated"):
        load_verified(tmp_path / "tiny.bin")
    (tmp_path / "foreign.bin").write_bytes(b"PK\x03\x04" + data[4:])
    with pytest.raises(TableFileError, match="not an Omaha Nash table"):
        load_verified(tmp_path / "foreign.bin")
    with pytest.raises(TableFileError, match="no such table"):
        load_verified(tmp_path / "absent.bin")


def test_partial_survives_and_resumes(tmp_path):
    partial, table = _build(tmp_path, blocks_to_do=[0, 1, 2, 5])
    # a block whose data was written but whose crc was not (a crash in between)
    start, stop = table.block_range(3)
    table.arrays["equity"][start:stop] = 1
    table.close()
    with pytest.raises(TableFileError, match="unfinished"):
        load_verified(partial)
    reopened = TableFile.open_partial(partial, {"seed": 7})
    assert reopened.finished_blocks().tolist() == [1, 1, 1, 0, 0, 1, 0, 0]
    with pytest.raises(TableFileError, match="seed=7, expected 8"):
        read_header(partial, {"seed": 8})
    # damage inside a finished block: it is no longer counted as finished
    reopened.arrays["spread"][130] ^= 1
    assert reopened.finished_blocks().tolist() == [1, 0, 1, 0, 0, 1, 0, 0]
    with pytest.raises(RuntimeError):
        reopened.finish(tmp_path / "t.bin", {})
    assert not (tmp_path / "t.bin").exists()
