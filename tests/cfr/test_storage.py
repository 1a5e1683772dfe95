"""Saving and reopening solutions: round trip, atomic writes, damaged and foreign files."""

import json
import os
import zlib

import numpy as np
import pytest

from omahanash.cfr.solvers import solve, train
from omahanash.cfr.storage import load_solution, save_solution
from omahanash.errors import InputError
from omahanash.games.leduc import LeducPoker


@pytest.fixture(scope="module")
def solution():
    return solve(LeducPoker(), "mccfr-external", 300, seed=4)


def test_round_trip(solution, tmp_path):
    path = save_solution(solution, tmp_path / "leduc.npz")
    assert [p.name for p in tmp_path.iterdir()] == ["leduc.npz"]  # no temporary file left
    loaded = load_solution(path)
    assert loaded.algorithm == "mccfr-external"
    assert loaded.iterations == 300
    assert loaded.seed == 4
    assert loaded.history == solution.history
    assert loaded.strategies() == solution.strategies()
    assert loaded.values() == pytest.approx(solution.values(), abs=1e-15)
    assert loaded.tree.public_histories == solution.tree.public_histories
    assert loaded.tree.infoset_keys == solution.tree.infoset_keys
    # The solver state survives: continuing the loaded run equals continuing the original.
    train(loaded, 50)
    original = solve(LeducPoker(), "mccfr-external", 350, seed=4)
    assert np.array_equal(loaded.strategy_sum, original.strategy_sum)


def test_damaged_file_is_refused(solution, tmp_path):
    path = save_solution(solution, tmp_path / "s.npz")
    data = bytearray(path.read_bytes())
    # Change one byte inside the stored regrets (npz is an uncompressed zip: the array bytes
    # are stored as they are); the zip's own CRC or our checksum must catch it.
    position = data.index(np.ascontiguousarray(solution.regrets).tobytes()[:64])
    data[position + 5] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match="damaged"):
        load_solution(path)


def test_truncated_and_foreign_files_are_refused(solution, tmp_path):
    path = save_solution(solution, tmp_path / "s.npz")
    path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(InputError, match="not a saved CFR solution"):
        load_solution(path)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(InputError, match="not a saved CFR solution"):
        load_solution(text)
    other = tmp_path / "other.npz"
    np.savez(other, x=np.arange(3))
    with pytest.raises(InputError, match="not a saved CFR solution"):
        load_solution(other)
    with pytest.raises(InputError, match="no such file"):
        load_solution(tmp_path / "missing.npz")


def test_failed_save_keeps_the_old_file(solution, tmp_path, monkeypatch):
    path = save_solution(solution, tmp_path / "s.npz")
    before = path.read_bytes()

    def broken_fsync(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        save_solution(solution, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.npz"]


def _rewrite_header(path, change):
    """Rewrite a saved file's JSON header with ``change(header)`` applied, keeping the
    header's own checksum valid (as a deliberate edit, not damage, would)."""
    data = bytearray(path.read_bytes())
    length = int.from_bytes(data[12:16], "little")
    header = json.loads(data[20:20 + length])
    change(header)
    text = json.dumps(header, sort_keys=True).encode()
    assert len(text) == length
    data[16:20] = zlib.crc32(text).to_bytes(4, "little")
    data[20:20 + length] = text
    path.write_bytes(bytes(data))


def test_checksum_catches_a_consistent_looking_change(solution, tmp_path):
    path = save_solution(solution, tmp_path / "s.npz")
    data = bytearray(path.read_bytes())
    # regrets[3] += 1e-9: a well-formed float where the old one was
    old = np.ascontiguousarray(solution.regrets).tobytes()
    position = data.index(old[:64])
    nudged = solution.regrets.copy()
    nudged[3] += 1e-9
    data[position:position + len(old)] = np.ascontiguousarray(nudged).tobytes()
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match=r"not a saved CFR solution \(damaged data "
                                         r"\(checksum mismatch\)\)"):
        load_solution(path)


def test_newer_format_and_other_kinds_are_refused(solution, tmp_path):
    path = save_solution(solution, tmp_path / "s.npz")

    def bump_version(header):
        header["version"] = 3

    _rewrite_header(path, bump_version)
    with pytest.raises(InputError, match="format version 3; this program reads version 2"):
        load_solution(path)


def test_a_jamfold_solution_is_refused_cleanly(tmp_path):
    from omahanash.jamfold import JamFoldParams, JamFoldSolution, read_solution_file

    jamfold = JamFoldSolution.create(JamFoldParams("holdem"))
    jamfold.run(iterations=2)
    path = jamfold.save(tmp_path / "hu.jamfold")
    with pytest.raises(InputError, match=r"^cannot read .+: not a saved CFR solution \(a file "
                                         r"of kind 'jamfold-solution'\)$"):
        load_solution(path)
    cfr_path = save_solution(solve(LeducPoker(), "cfr", 2), tmp_path / "leduc.save")
    with pytest.raises(InputError, match=r"^cannot read .+: not an omahanash jam-fold solution "
                                         r"\(a file of kind 'cfr-solution'\)$"):
        read_solution_file(cfr_path)
