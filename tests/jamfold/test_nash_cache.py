"""Equilibria are solved once per spot and kept in memory and on disk."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.jamfold import nash_cache
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.solution import JamFoldSolution


@pytest.fixture(autouse=True)
def fresh_memory():
    nash_cache.clear_memory()
    yield
    nash_cache.clear_memory()


def test_the_second_process_reads_the_file_instead_of_solving(tmp_path, monkeypatch):
    params = JamFoldParams(variant="holdem", sb=5, bb=10, stacks=(150, 80))
    first = nash_cache.nash_solution(params, cache_dir=tmp_path)
    files = list((tmp_path / "nash").iterdir())
    assert [f.name for f in files] == ["holdem_sb5_bb10_ante0_stack80.jamfold"]
    nash_cache.clear_memory()  # as a new process would start

    def no_solving(*args, **kwargs):
        raise AssertionError("solved again instead of reading the cache")

    monkeypatch.setattr(JamFoldSolution, "run", no_solving)
    again = nash_cache.nash_solution(params, cache_dir=tmp_path)
    assert again is not first
    np.testing.assert_array_equal(again.push_strategy, first.push_strategy)
    np.testing.assert_array_equal(again.call_strategy, first.call_strategy)


def test_a_damaged_cache_file_is_solved_again(tmp_path):
    params = JamFoldParams(variant="holdem", sb=5, bb=10, stacks=60)
    good = nash_cache.nash_solution(params, cache_dir=tmp_path)
    path = next((tmp_path / "nash").iterdir())
    data = bytearray(path.read_bytes())
    data[-20] ^= 0xFF
    path.write_bytes(bytes(data))
    nash_cache.clear_memory()
    again = nash_cache.nash_solution(params, cache_dir=tmp_path)
    np.testing.assert_allclose(again.push_strategy, good.push_strategy)
    JamFoldSolution.load(path)  # and the file was replaced by a sound one


def test_spots_with_the_same_effective_stack_share_one_solution(tmp_path):
    a = nash_cache.nash_solution(JamFoldParams(variant="holdem", stacks=(100, 300)),
                                 cache_dir=tmp_path)
    b = nash_cache.nash_solution(JamFoldParams(variant="holdem", stacks=(400, 100)),
                                 cache_dir=tmp_path)
    c = nash_cache.nash_solution(JamFoldParams(variant="holdem", stacks=(90, 90)),
                                 cache_dir=tmp_path)
    assert a is b and a is not c
    assert a.last_report is not None and a.last_report.epsilon <= a.target_epsilon()
