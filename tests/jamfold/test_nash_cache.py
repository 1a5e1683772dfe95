"""Equilibria are solved once per spot and kept in memory and on disk."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import InputError
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


def test_a_kept_run_is_the_spot_equilibrium_and_the_first_one_stays(tmp_path):
    params = JamFoldParams(variant="holdem", sb=5, bb=10, stacks=(70, 200))
    assert nash_cache.cached_solution(params, _holdem(), tmp_path) is None
    run = JamFoldSolution.create(params, "cfr+")
    run.run()
    kept = nash_cache.keep_solution(run, tmp_path)
    assert kept.params.stacks == (70.0, 70.0) and kept.state is run.state
    assert [f.name for f in (tmp_path / "nash").iterdir()] == [
        "holdem_sb5_bb10_ante0_stack70.jamfold"]
    other = JamFoldSolution.create(params, "cfr+")
    other.run(iterations=7)
    assert nash_cache.keep_solution(other, tmp_path) is kept  # the first one stays
    nash_cache.clear_memory()
    read = nash_cache.cached_solution(JamFoldParams("holdem", sb=5, bb=10, stacks=70),
                                      _holdem(), tmp_path)
    assert read is not None and read.iterations == run.iterations
    np.testing.assert_array_equal(read.push_strategy, run.push_strategy)
    assert nash_cache.cached_solution(params, _holdem(), tmp_path, persist=False) is read


def test_only_a_finished_cfr_run_is_kept(tmp_path):
    params = JamFoldParams(variant="holdem", stacks=50)
    with pytest.raises(InputError, match="finished CFR"):
        nash_cache.keep_solution(JamFoldSolution.create(params, "cfr+"), tmp_path)
    fictitious = JamFoldSolution.create(params, "fp")
    fictitious.run(iterations=3)
    with pytest.raises(InputError, match="finished CFR"):
        nash_cache.keep_solution(fictitious, tmp_path)
    assert not (tmp_path / "nash").exists()


def test_with_params_changes_only_the_deeper_stack():
    solution = nash_cache.nash_solution(JamFoldParams("holdem", stacks=80), persist=False)
    deeper = nash_cache.with_params(solution, JamFoldParams("holdem", stacks=(300, 80)))
    assert deeper.params.stacks == (300.0, 80.0) and deeper.state is solution.state
    assert deeper.lookup("A5s").allin_ev == solution.lookup("A5s").allin_ev
    with pytest.raises(InputError, match="another spot"):
        nash_cache.with_params(solution, JamFoldParams("holdem", stacks=90))


def test_a_warm_start_scales_the_neighbour_regrets_and_reaches_the_target():
    near = nash_cache.nash_solution(JamFoldParams("holdem", stacks=120), persist=False)
    before = near.state.arrays["pusher_regrets"].copy()
    fresh = JamFoldSolution.create(JamFoldParams("holdem", stacks=125), "cfr+")
    nash_cache.warm_start_state(fresh, near)
    np.testing.assert_array_equal(fresh.state.arrays["pusher_regrets"],
                                  near.state.arrays["pusher_regrets"]
                                  * nash_cache.WARM_START_SCALE)
    cold = JamFoldSolution.create(JamFoldParams("holdem", stacks=125), "cfr+")
    assert len(fresh.run()) < len(cold.run()) / 3
    assert fresh.last_report.epsilon <= fresh.target_epsilon()
    np.testing.assert_array_equal(near.state.arrays["pusher_regrets"], before)  # untouched


def _holdem():
    from omahanash.equity.tables import load_table

    return load_table("holdem")


def test_a_file_of_another_spot_under_this_name_is_solved_again(tmp_path, caplog, capsys):
    """The cache trusts the spot stored in a file, not its name. A save of 60
    chips copied over the 200-chip file is a miss (said at -v): exploit, solve and the cache
    all get the 200-chip equilibrium, and the file is replaced by it."""
    import json
    import logging
    import shutil

    from omahanash.cli import main
    from omahanash.jamfold.exploit import best_response

    deep = JamFoldParams("holdem", sb=5, bb=10, stacks=200)
    right = nash_cache.nash_solution(deep, cache_dir=tmp_path / "clean", persist=False)
    nash_cache.clear_memory()
    nash_cache.nash_solution(JamFoldParams("holdem", sb=5, bb=10, stacks=60),
                             cache_dir=tmp_path)
    folder = tmp_path / "nash"
    name = "holdem_sb5_bb10_ante0_stack200.jamfold"
    shutil.copy(folder / "holdem_sb5_bb10_ante0_stack60.jamfold", folder / name)
    nash_cache.clear_memory()
    with caplog.at_level(logging.INFO, logger="omahanash.jamfold.nash_cache"):
        report = best_response(deep, pusher=np.ones(169), cache_dir=tmp_path)
    assert any("another spot" in r.getMessage() for r in caplog.records)
    expected = best_response(deep, pusher=np.ones(169), cache_dir=tmp_path / "clean")
    assert report.game_value == pytest.approx(expected.game_value, abs=1e-9)
    assert JamFoldSolution.load(folder / name).params.effective_stack == 200  # replaced
    nash_cache.clear_memory()
    capsys.readouterr()
    assert main(["solve", "--game", "holdem", "--stacks", "200", "200", "--cache-dir",
                 str(tmp_path), "--lookup", "AKo", "--json"]) == 0
    out = capsys.readouterr()
    assert "from the cache of equilibria" in out.err
    data = json.loads(out.out)
    assert data["epsilon"] == pytest.approx(right.last_report.epsilon, rel=1e-9)


def test_a_run_that_misses_its_target_is_reported_and_never_kept(tmp_path, monkeypatch,
                                                                 capsys):
    """A CFR+ run stopped at its iteration cap above the target (stacks 1e12: the
    cap is lowered here to keep it short) is said on stderr and in the JSON, never cached."""
    import json

    from omahanash.cli import main
    from omahanash.jamfold import solution as solution_module

    monkeypatch.setattr(solution_module, "MAX_ITERATIONS", 40)
    capsys.readouterr()
    assert main(["solve", "--game", "holdem", "--stacks", "1e12", "1e12", "--cache-dir",
                 str(tmp_path), "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["reached_target"] is False and data["iterations"] == 40
    assert data["epsilon"] > 1.0 and "not the equilibrium and it was not cached" in out.err
    assert not (tmp_path / "nash").exists() or not list((tmp_path / "nash").iterdir())
    params = JamFoldParams("holdem", stacks=1e12)
    assert nash_cache.cached_solution(params, _holdem(), tmp_path) is None
    run = JamFoldSolution.create(params, "cfr+")
    run.run(iterations=3)
    with pytest.raises(InputError, match="not the spot's equilibrium"):
        nash_cache.keep_solution(run, tmp_path)
