"""A heads-up spot in the cache of equilibria is answered from its file without numba
(``omahanash.jamfold.nash_file``, ``omahanash.commands.solve.cached``): the same bytes as the
solving path, and the solving path whenever the cache would not answer."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import omahanash.jamfold
from omahanash.cli import build_parser, main
from omahanash.commands.solve import cached, headsup
from omahanash.equity import tables
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.jamfold import nash_cache, nash_file, solution, solvers
from omahanash.jamfold.game import MAX_CHIPS, JamFoldParams

from .conftest import SUBSET_IDS

REPO = Path(__file__).resolve().parents[2]
HOLDEM = ["solve", "--game", "holdem", "--sb", "0.5", "--bb", "1", "--stacks", "10", "10"]
OMAHA = ["solve", "--game", "omaha", "--classes", ",".join(map(str, SUBSET_IDS)), "--sb", "1",
         "--bb", "2", "--stacks", "30", "45"]

#: Runs the command line in a fresh process, then says whether numba was loaded.
NO_NUMBA = ("import sys\n"
            "from omahanash.cli import main\n"
            "code = main(sys.argv[1:])\n"
            "sys.stdout.flush()\n"
            "sys.stderr.write('\\nnumba loaded: %s\\n' % ('numba' in sys.modules))\n"
            "sys.exit(code)\n")


@pytest.fixture(autouse=True)
def fresh_memory():
    nash_cache.clear_memory()
    yield
    nash_cache.clear_memory()


def _process(*argv: str) -> tuple[str, str, bool]:
    result = subprocess.run([sys.executable, "-c", NO_NUMBA, *argv], capture_output=True,
                            text=True, timeout=300, cwd=REPO)
    assert result.returncode == 0, result.stderr
    err, _, loaded = result.stderr.rpartition("\nnumba loaded: ")
    return result.stdout, err, loaded.strip() == "True"


def _in_process(capsys, module, argv: list[str]) -> tuple[str, str]:
    args = build_parser().parse_args(argv)
    assert module.run(args) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def _subset_cache(subset_cache: Path, tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    cache.mkdir()
    for name in subset_cache.iterdir():  # the subset table, no equilibria yet
        if name.suffix == ".table":
            (cache / name.name).symlink_to(name)
    return cache


@pytest.mark.parametrize("output", [[], ["--json"]])
def test_a_cached_answer_loads_no_numba_and_prints_what_the_solve_printed(tmp_path, output):
    argv = [*HOLDEM, *output, "--cache-dir", str(tmp_path)]
    cold_out, cold_err, cold_numba = _process(*argv)
    assert cold_numba and "from the cache" not in cold_err  # solved, and kept
    assert [f.name for f in (tmp_path / "nash").iterdir()] == \
        ["holdem_sb0.5_bb1_ante0_stack10.jamfold"]
    warm_out, warm_err, warm_numba = _process(*argv)
    assert not warm_numba
    assert warm_out == cold_out
    assert warm_err.startswith("omahanash solve: this spot's equilibrium from the cache")
    if output:
        data = json.loads(warm_out)
        assert data["reached_target"] is True and data["epsilon"] <= 1e-4
        assert data["history"][-1] == [data["iterations"], data["postev1"], data["postev2"],
                                       data["epsilon"]]
    else:
        assert "Range PU: Player1  " in warm_out and "Epsilon            " in warm_out


@pytest.mark.parametrize("output", [[], ["--json"]])
def test_the_cached_path_and_the_solving_path_print_the_same_bytes(capsys, subset_cache,
                                                                   tmp_path, output):
    cache = _subset_cache(subset_cache, tmp_path)
    argv = [*OMAHA, *output, "--cache-dir", str(cache)]
    assert main(argv) == 0  # solves and keeps the spot
    solved = capsys.readouterr().out
    nash_cache.clear_memory()  # the solving path reads the file, as a new process would
    slow = _in_process(capsys, headsup, argv)
    fast = _in_process(capsys, cached, argv)
    assert fast == slow and fast[0] == solved
    assert "from the cache of equilibria" in fast[1]
    assert cached.answer_of(build_parser().parse_args(argv)) is not None


def test_options_that_need_the_game_take_the_solving_path(capsys, subset_cache, tmp_path):
    cache = _subset_cache(subset_cache, tmp_path)
    argv = [*OMAHA, "--cache-dir", str(cache)]
    assert main(argv) == 0
    capsys.readouterr()
    parse = build_parser().parse_args
    assert cached.answer_of(parse(argv)) is not None
    for extra in (["--lookup", "As Ad Ks Kd"], ["--fresh"], ["--iterations", "3"],
                  ["--player", "ca"], ["--solver", "fp"], ["--save", str(tmp_path / "s")],
                  ["--export", "csv", str(tmp_path / "e.csv")]):
        assert cached.answer_of(parse([*argv, *extra])) is None, extra
    # a lookup still works (through the solving path), on the cached equilibrium
    assert main([*argv, "--lookup", "As Ad Ks Kd", "--json"]) == 0
    captured = capsys.readouterr()
    assert "from the cache of equilibria" in captured.err
    assert json.loads(captured.out)["lookup"]["id"] == parse_class("As Ad Ks Kd", "omaha")


def test_the_file_answers_only_when_the_cache_would(subset_cache, other_seed_table, tmp_path):
    cache = _subset_cache(subset_cache, tmp_path)
    params = JamFoldParams("omaha-hi", sb=1, bb=2, stacks=(30, 45))
    kept = nash_cache.nash_solution(params, cache_dir=cache, table=tables.load_table(
        "omaha-hi", cache, SUBSET_IDS))
    spot = {"sb": 1.0, "bb": 2.0, "cache_dir": cache, "class_ids": SUBSET_IDS}
    answer = nash_file.cached_answer("omaha", stacks=(45, 30), **spot)
    assert answer is not None and answer.summary() == kept.summary()
    assert answer.iterations == kept.iterations
    # not the spot, bad input, no table of these classes, the full table not built
    for stacks in ((31, 45), (30, float("nan")), (float("inf"), 30), (30, 2 * MAX_CHIPS),
                   (30,), (2, 30)):
        assert nash_file.cached_answer("omaha", stacks=stacks, **spot) is None, stacks
    assert nash_file.cached_answer("omaha", stacks=(30, 30), sb=1, bb=2, cache_dir=cache,
                                   class_ids=SUBSET_IDS[:5]) is None
    assert nash_file.cached_answer("omaha", stacks=(30, 30), sb=1, bb=2,
                                   cache_dir=cache) is None
    assert nash_file.cached_answer("no such game", stacks=(30, 30), **spot) is None
    # made on another table (the seed-8 build): the cache solves again, so the file is no answer
    path = nash_file.nash_path(nash_cache.spot_key(params), cache)
    original = path.read_bytes()
    nash_cache.clear_memory()
    other = nash_cache.equilibrium(params, other_seed_table, cache_dir=tmp_path / "other")
    other.spot_solution.save(path)
    assert nash_file.cached_answer("omaha", stacks=(30, 30), **spot) is None
    assert nash_cache.cached_solution(params, tables.load_table("omaha-hi", cache, SUBSET_IDS),
                                      cache) is None
    # a run above the target under this name: no answer either
    path.write_bytes(original)
    short = solution.JamFoldSolution.create(params, "cfr+", table=tables.load_table(
        "omaha-hi", cache, SUBSET_IDS))
    short.run(iterations=1)
    short.save(path)
    assert nash_file.cached_answer("omaha", stacks=(30, 30), **spot) is None
    path.write_bytes(original)
    assert nash_file.cached_answer("omaha", stacks=(30, 30), **spot) is not None
    path.write_bytes(original[:-10])  # damaged
    assert nash_file.cached_answer("omaha", stacks=(30, 30), **spot) is None


def test_the_table_identity_read_from_disk_is_the_loaded_tables(subset_cache):
    assert nash_file.table_identity_on_disk("holdem") == \
        tables.table_identity(tables.load_table("holdem"))
    assert nash_file.table_identity_on_disk("omaha-hi", subset_cache, SUBSET_IDS) == \
        tables.table_identity(tables.load_table("omaha-hi", subset_cache, SUBSET_IDS))
    assert nash_file.table_identity_on_disk("omaha-hilo", subset_cache, SUBSET_IDS) is None
    assert nash_file.table_identity_on_disk("omaha-hi", subset_cache, [-1, 3]) is None


def test_the_light_constants_are_the_solvers():
    defaults = JamFoldParams()
    assert nash_file.DEFAULTS == {"sb": defaults.sb, "bb": defaults.bb, "ante": defaults.ante,
                                  "stacks": defaults.stacks[0],
                                  "dead_money": defaults.dead_money}
    assert defaults.stacks[0] == defaults.stacks[1]
    assert nash_file.MAX_CHIPS == MAX_CHIPS
    assert nash_file.TARGET_EPSILON_BB == solvers.TARGET_EPSILON_BB
    assert set(nash_file.TABLE_METHODS) == {tables.TABLE_METHOD, tables.EXACT_METHOD}
    assert nash_file.JAMFOLD_SOLUTION == solution.JAMFOLD_SOLUTION
    assert nash_file.CFR_ARRAYS == solvers.CFRPlus.array_names
    with pytest.raises(InputError, match="at most 512"):
        tables.normalize_subset(range(nash_file.MAX_SUBSET + 1))
    assert tables.normalize_subset(range(nash_file.MAX_SUBSET)).size == nash_file.MAX_SUBSET
    assert nash_file.file_name(nash_cache.spot_key(JamFoldParams(
        "omaha-hilo", sb=1, bb=2, ante=0.25, stacks=(40, 30), dead_money=3))) == \
        "omaha-hilo_sb1_bb2_ante0.25_stack30_dead3.jamfold"


def test_the_jamfold_package_loads_its_names_on_use():
    package = omahanash.jamfold
    assert sorted(package.__all__) == sorted(package._EXPORTS)
    for name in package.__all__:
        module = importlib.import_module(package._EXPORTS[name])
        assert getattr(package, name) is getattr(module, name), name
    assert callable(package.sweep)  # the function, not its module
    code = ("import sys; import omahanash.jamfold.nash_file; "
            "print('numba' in sys.modules, 'omahanash.jamfold.game' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=True, cwd=REPO)
    assert result.stdout.split() == ["False", "False"]
    assert np.isclose(package.JamFoldParams().bb, 10.0)
