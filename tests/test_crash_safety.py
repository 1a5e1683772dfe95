"""Nothing is lost on a crash: processes killed with SIGKILL at random moments.

* a table build (a class subset cut into many small blocks) killed again and again: every run
  resumes from the blocks finished before (never fewer), a finished table is always complete,
  and the result is bit-identical to an uninterrupted build;
* jam-fold and CFR solutions saved in a loop and killed: the file is always absent or one of
  the complete versions written, and reads back verified.

The moments are drawn from a seeded generator, so a failure can be replayed (the machine's
load still shifts where in the work a moment lands).
"""

import json
import os
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from omahanash import savefile
from omahanash.cfr.storage import load_solution
from omahanash.equity import table_build, tables
from omahanash.equity.tablefile import EQUITY_TABLE, partial_path
from omahanash.errors import Cancelled
from omahanash.jamfold.solution import JamFoldSolution
from omahanash.savefile import BlockedFile, SaveFileError

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

# 42 classes: 903 cells in 57 blocks of 16
BUILD = {"samples": 48, "seed": 18, "class_ids": list(range(0, 16432, 400)), "block_cells": 16}
TABLE_KILLS = 15
SAVE_KILLS = 15

WARM_UP = """
import json, sys
from omahanash.equity.table_build import build_table
# load the compiled kernels before saying ready, so that the kill moments fall in the work
build_table("omaha-hi", samples=1, cache_dir=sys.argv[2], class_ids=[0, 1])
"""

BUILD_CHILD = WARM_UP + """
print("ready", flush=True)
build_table("omaha-hi", cache_dir=sys.argv[1], **json.loads(sys.argv[3]))
print("done", flush=True)
"""

SAVE_CHILD = """
import sys
from pathlib import Path
from omahanash.cfr.solvers import solve_cfr
from omahanash.cfr.storage import save_solution
from omahanash.games import make_game
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.solution import JamFoldSolution

folder = Path(sys.argv[1])
versions = []
for n in (1, 2):
    jamfold = JamFoldSolution.create(JamFoldParams(variant="holdem"), solver="cfr+")
    jamfold.run(iterations=3 * n)
    cfr = solve_cfr(make_game("kuhn"), iterations=8 * n, seed=1)
    jamfold.save(folder / f"version{n}.jamfold")
    save_solution(cfr, folder / f"version{n}.cfr")
    versions.append((jamfold, cfr))
print("ready", flush=True)
while True:
    for jamfold, cfr in versions:
        jamfold.save(folder / "target.jamfold")
        save_solution(cfr, folder / "target.cfr")
"""


def _start(script, *args):
    """A child running ``script``, once it has printed "ready" (its imports done)."""
    child = subprocess.Popen([sys.executable, "-c", script, *map(str, args)],
                             stdout=subprocess.PIPE, text=True)
    line = child.stdout.readline()
    if line != "ready\n":
        child.kill()
        child.wait()
        raise AssertionError(f"the child did not start: {line!r}")
    return child


def _kill_after(child, seconds):
    """SIGKILL ``child`` after ``seconds`` unless it ended first; whether it was killed."""
    try:
        child.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
        return True
    assert child.returncode == 0, f"the child failed (exit {child.returncode})"
    child.stdout.close()
    return False


def _contents(path):
    """What a table holds, without the build's timing (the one field allowed to differ)."""
    table = savefile.read(path, EQUITY_TABLE)
    meta = {key: value for key, value in table.meta.items() if key != "build_seconds"}
    return meta, {name: array.tobytes() for name, array in table.arrays.items()}


def _finished_blocks(partial):
    """Blocks of an interrupted build that would be reused (all of them for a file finished
    but not yet renamed)."""
    try:
        table = BlockedFile.open_partial(partial, EQUITY_TABLE)
    except SaveFileError:
        try:
            return savefile.read(partial, EQUITY_TABLE).num_blocks  # complete, not renamed
        except SaveFileError:
            return 0  # none yet, or killed while creating it: nothing finished to lose
    try:
        return int(table.finished_blocks().sum())
    finally:
        table.close()


def test_killed_table_builds_resume_bit_identical(tmp_path):
    warm = tmp_path / "warm"
    table_build.build_table("omaha-hi", samples=1, cache_dir=warm, class_ids=[0, 1])
    started = time.perf_counter()
    reference = _contents(table_build.build_table("omaha-hi", cache_dir=tmp_path / "reference",
                                             **BUILD))
    seconds = time.perf_counter() - started
    cache = tmp_path / "killed"
    path = tables.table_path("omaha-hi", cache, BUILD["class_ids"])
    rng = random.Random(2014)
    kills = finished = resumable = 0
    blocks_before = 0
    while kills < TABLE_KILLS:
        child = _start(BUILD_CHILD, cache, warm, json.dumps(BUILD))
        # (a resumed run has less to do: some runs finish, most are killed)
        killed = _kill_after(child, rng.uniform(0.0, 0.7 * seconds))
        kills += killed
        if path.exists():  # a table that is there is the whole table
            assert _contents(path) == reference
            finished += 1
            path.unlink()  # and the next build starts from scratch
            blocks_before = 0
            continue
        assert killed
        blocks = _finished_blocks(partial_path(path))
        assert blocks >= blocks_before, "a block finished before a kill was lost"
        blocks_before = blocks
        resumable += blocks > 0
    child = _start(BUILD_CHILD, cache, warm, json.dumps(BUILD))  # the last one is not killed
    assert not _kill_after(child, 600)
    assert _contents(path) == reference
    print(f"table build: {kills} kills ({resumable} left finished blocks to resume from), "
          f"{finished + 1} builds finished, each bit-identical to the uninterrupted one")


def test_build_killed_between_finishing_and_renaming_is_taken_as_it_is(tmp_path, monkeypatch):
    settings = {**BUILD, "class_ids": BUILD["class_ids"][:6]}
    real_replace = os.replace

    def crash(*args):
        raise KeyboardInterrupt  # the moment after the header says "complete"

    monkeypatch.setattr(savefile.os, "replace", crash)
    with pytest.raises(Cancelled):
        table_build.build_table("omaha-hi", cache_dir=tmp_path, **settings)
    monkeypatch.setattr(savefile.os, "replace", real_replace)
    path = tables.table_path("omaha-hi", tmp_path, settings["class_ids"])
    assert not path.exists() and partial_path(path).exists()

    def no_sampling(*args):
        raise AssertionError("a finished table was built again")

    monkeypatch.setattr(table_build, "_sample_chunk", no_sampling)
    assert table_build.build_table("omaha-hi", cache_dir=tmp_path, **settings) == path
    assert not partial_path(path).exists()
    monkeypatch.undo()
    fresh = table_build.build_table("omaha-hi", cache_dir=tmp_path / "fresh", **settings)
    assert _contents(path) == _contents(fresh)


def test_build_killed_right_after_creating_its_file_resumes_whole(tmp_path, monkeypatch):
    """A kill between creating the partial file and writing the subset's pair counts (not
    covered by a block flag) left zeros that the resumed build kept (seen once in the killed
    builds above); the pairs are written on every start now."""
    settings = {**BUILD, "class_ids": BUILD["class_ids"][:6]}
    real_create = BlockedFile.create

    def create_then_die(*args, **kwargs):
        real_create(*args, **kwargs).close()
        raise KeyboardInterrupt  # the file exists, zero-filled

    monkeypatch.setattr(BlockedFile, "create", staticmethod(create_then_die))
    with pytest.raises(KeyboardInterrupt):
        table_build.build_table("omaha-hi", cache_dir=tmp_path, **settings)
    monkeypatch.undo()
    path = tables.table_path("omaha-hi", tmp_path, settings["class_ids"])
    assert partial_path(path).exists() and not path.exists()
    resumed = _contents(table_build.build_table("omaha-hi", cache_dir=tmp_path, **settings))
    fresh = _contents(table_build.build_table("omaha-hi", cache_dir=tmp_path / "fresh",
                                              **settings))
    assert np.frombuffer(resumed[1]["pairs"], "<u2").any()
    assert resumed == fresh


def test_killed_solution_saves_leave_the_old_or_the_new_file(tmp_path):
    rng = random.Random(18)
    seen = {"target.jamfold": set(), "target.cfr": set()}
    for _ in range(SAVE_KILLS):
        child = _start(SAVE_CHILD, tmp_path)
        assert _kill_after(child, rng.uniform(0.0, 0.3))
        for name, load in (("target.jamfold", JamFoldSolution.load),
                           ("target.cfr", load_solution)):
            target = tmp_path / name
            if not target.exists():
                continue  # killed before its first save
            versions = {(tmp_path / name.replace("target", f"version{n}")).read_bytes()
                        for n in (1, 2)}
            data = target.read_bytes()
            assert data in versions, f"{name} is neither complete version"
            load(target)  # and it reads back, verified
            seen[name].add(data)
    # leftovers of killed writes are hidden temporary files, never the target
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert all(name.startswith(".target.") for name in leftovers)
    print(f"solution saves: {SAVE_KILLS} kills; versions seen "
          f"{ {name: len(found) for name, found in seen.items()} }, "
          f"{len(leftovers)} temporary files left by killed writes")


def test_partially_written_files_are_never_read_as_valid(tmp_path):
    """Every prefix of a saved solution and of a table (what a kill in the middle of a
    non-atomic write would leave) is refused."""
    settings = {**BUILD, "class_ids": BUILD["class_ids"][:4], "block_cells": 4}
    table = table_build.build_table("omaha-hi", cache_dir=tmp_path, **settings).read_bytes()
    kind = savefile.FileKind("crash", 1, "crash test file")
    solution = savefile.write(tmp_path / "s.save", kind, {"a": 1},
                              {"x": np.arange(100.0)}).read_bytes()
    for data, file_kind in ((table, EQUITY_TABLE), (solution, kind)):
        for length in sorted(set(np.linspace(0, len(data) - 1, 60).astype(int).tolist())):
            cut = tmp_path / "cut"
            cut.write_bytes(data[:length])
            with pytest.raises(SaveFileError):
                savefile.read(cut, file_kind)
