"""Table files: where they live, and what happens to unusable ones (the container itself is
tested in tests/test_savefile.py)."""

import subprocess
import sys

import pytest

from omahanash.equity import table_build, tables
from omahanash.equity.tablefile import make_cache_dir, resolve_cache_dir
from omahanash.errors import InputError
from omahanash.savefile import SaveFileError

IDS = [4527, 12025]


def test_a_table_of_the_old_format_is_refused_with_the_rebuild_command(tmp_path):
    path = tables.table_path("omaha-hi", tmp_path, IDS)
    path.write_bytes(b"OMNTABLE" + bytes(4100))  # a table file of the first format
    with pytest.raises(SaveFileError) as refused:
        tables.load_table("omaha", tmp_path, IDS)
    assert str(refused.value) == (
        f"cannot read {path}: not an omahanash equity table (a file of an older version of "
        "omahanash); rebuild it with 'omahanash table build --game omaha-hi'")
    info = tables.table_info("omaha-hi", tmp_path, IDS)
    assert info["built"] is False and "rebuild it" in info["damaged"]


def test_a_leftover_partial_of_the_old_format_is_discarded(tmp_path):
    path = tables.table_path("omaha-hi", tmp_path, IDS)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(b"OMNTABLE" + bytes(4100))
    assert table_build.partial_settings("omaha-hi", tmp_path, IDS) is None
    table_build.build_table("omaha-hi", samples=4, seed=2, cache_dir=tmp_path, class_ids=IDS)
    assert not partial.exists() and tables.load_table("omaha-hi", tmp_path, IDS).n == 2


def test_cache_dir_that_is_a_file_or_cannot_be_made(tmp_path, monkeypatch):
    afile = tmp_path / "file"
    afile.write_text("x")
    for call in (lambda: resolve_cache_dir(afile), lambda: make_cache_dir(afile / "sub"),
                 lambda: tables.load_table("omaha-hi", afile),
                 lambda: tables.table_info("omaha-hi", afile),
                 lambda: table_build.build_table("omaha-hi", cache_dir=afile, class_ids=IDS)):
        with pytest.raises(InputError, match="cache"):
            call()
    monkeypatch.setenv("OMAHANASH_CACHE", str(afile))
    with pytest.raises(InputError, match="OMAHANASH_CACHE"):
        resolve_cache_dir()


def test_bad_arguments_name_the_argument():
    with pytest.raises(InputError, match="variant"):
        tables.load_table("stud")
    with pytest.raises(InputError, match="variant"):
        tables.load_table(7)
    with pytest.raises(InputError, match="samples"):
        table_build.build_table("omaha-hi", samples="many", class_ids=IDS)
    with pytest.raises(InputError, match="seed"):
        table_build.build_table("omaha-hi", seed=-1, class_ids=IDS)
    with pytest.raises(InputError, match="class_ids"):
        table_build.build_table("omaha-hi", class_ids=["x"])
    with pytest.raises(InputError, match="block_cells"):
        table_build.build_table("omaha-hi", block_cells=0, class_ids=IDS)


@pytest.mark.parametrize("action", ["info", "build"])
def test_cli_cache_dir_that_is_a_file(tmp_path, action):
    afile = tmp_path / "file"
    afile.write_text("x")
    proc = subprocess.run([sys.executable, "-m", "omahanash", "table", action, "--game", "omaha",
                           "--classes", "4527,12025", "--cache-dir", str(afile)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "is a file" in proc.stderr
