"""The trainer history never destroys a file that is not its own, never writes on a read-only
use, and never reads a history it cannot open as an empty one."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from omahanash.cli import main
from omahanash.errors import InputError
from omahanash.trainer.history import APPLICATION_ID, History, identify
from omahanash.trainer.stats import AnswerRecord, example_record


def snapshot(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry under ``folder``: its bytes (None for a folder) and modification time."""
    return {str(p.relative_to(folder)): (None if p.is_dir() else p.read_bytes(),
                                         p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def _other_apps_database(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
        connection.execute("INSERT INTO contacts VALUES ('Ann', '555')")
    connection.close()


def _foreign(kind: str, folder: Path) -> Path:
    path = folder / "given"
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("keep me")
    elif kind == "passwd":
        path.write_text("root:x:0:0:root:/root:/bin/bash\n")
    elif kind == "notes":
        path.write_text("my notes\n" * 50)
    elif kind == "sqlite":
        _other_apps_database(path)
    elif kind == "sqlite-app-id":
        _other_apps_database(path)
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA application_id = 1234")
        connection.close()
    elif kind == "header-only":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    return path


FOREIGN = ["folder", "passwd", "notes", "sqlite", "sqlite-app-id", "header-only"]


@pytest.mark.parametrize("read_only", [False, True], ids=["drill", "stats"])
@pytest.mark.parametrize("kind", FOREIGN)
def test_a_foreign_file_is_an_error_naming_it_and_is_left_untouched(tmp_path, kind, read_only):
    path = _foreign(kind, tmp_path)
    before = snapshot(tmp_path)
    with pytest.raises(InputError) as caught:
        History(path, read_only=read_only)
    assert str(path) in str(caught.value) and "not a trainer history" in str(caught.value)
    assert snapshot(tmp_path) == before  # not moved, not switched to WAL, nothing beside it
    assert identify(path) is None


@pytest.mark.parametrize("kind", ["notes", "sqlite", "folder"])
def test_train_stats_with_a_foreign_db_is_one_line_and_exit_2(tmp_path, capsys, kind):
    path = _foreign(kind, tmp_path)
    before = snapshot(tmp_path)
    assert main(["train", "--stats", "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err and str(path) in err
    assert snapshot(tmp_path) == before


def test_stats_and_export_never_write(tmp_path, capsys):
    path = tmp_path / "trainer.sqlite"
    with History(path) as history:
        for k in range(3):
            history.add(example_record(class_id=k))
    before = snapshot(tmp_path)
    assert main(["train", "--stats", "--json", "--db", str(path)]) == 0
    assert '"spots": 3' in capsys.readouterr().out
    with History(path, read_only=True) as history:
        assert len(history) == 3
        with pytest.raises(InputError, match="read-only"):
            history.add(example_record())
    assert snapshot(tmp_path) == before
    missing = tmp_path / "new" / "trainer.sqlite"
    assert main(["train", "--stats", "--db", str(missing)]) == 0  # truly none: nothing made
    assert "no spots answered" in capsys.readouterr().out and not missing.parent.exists()


def test_a_history_of_an_earlier_release_is_recognised_and_upgraded(tmp_path):
    """Files written before the application id: recognised by their schema."""
    path = tmp_path / "trainer.sqlite"
    with History(path) as history:
        history.add(example_record(class_id=7))
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id = 0")
    connection.close()
    assert identify(path) == "ours"
    with History(path, read_only=True) as history:  # read as it is
        assert [r.class_id for r in history.records()] == [7]
    with History(path) as history:  # the first write use says whose file it is
        assert history.notices == []
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()


def test_a_damaged_history_on_stats_is_an_error_and_stays(tmp_path):
    from tests.trainer.test_history import damaged_history

    path = tmp_path / "trainer.sqlite"
    damaged_history(path)
    before = snapshot(tmp_path)
    with pytest.raises(InputError, match="cannot read the trainer history"):
        History(path, read_only=True)
    assert snapshot(tmp_path) == before


def test_the_export_never_overwrites_the_history(tmp_path, capsys):
    path = tmp_path / "trainer.sqlite"
    with History(path) as history:
        history.add(example_record())
        with pytest.raises(InputError, match="one of the inputs"):
            history.export_csv(path)
    before = snapshot(tmp_path)
    assert main(["train", "--export", str(path), "--db", str(path)]) == 2
    assert "--export" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


# -- a history in a read-only folder ---------------------------------------------------------

READ_ONLY_CHECK = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from omahanash.trainer.history import History
    from omahanash.trainer.stats import example_record
    path = Path(sys.argv[1]) / "trainer.sqlite"
    before = sorted(os.listdir(path.parent))
    with History(path, read_only=True) as history:
        assert len(history) == 3, len(history)
    with History(path) as history:
        assert history.path is None and "cannot be written" in history.notices[0], history.notices
        assert "3 answers are read" in history.notices[0]
        assert len(history) == 3 and history.statistics().spots == 3
        history.add(example_record(class_id=9))
        assert len(history) == 4
    assert sorted(os.listdir(path.parent)) == before, (before, os.listdir(path.parent))
    print("checked")
""")


def _fill(folder: Path) -> None:
    with History(folder / "trainer.sqlite") as history:
        for k in range(3):
            history.add(example_record(class_id=k))


def test_a_history_in_a_read_only_folder_is_read_not_littered(tmp_path):
    """A real read-only file system where the tests run as root (a private tmpfs remounted
    read-only, through ``unshare``), a folder without write permission otherwise."""
    script = tmp_path / "check.py"
    script.write_text(READ_ONLY_CHECK)
    folder = tmp_path / "history"
    folder.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    if os.geteuid() != 0:
        _fill(folder)
        folder.chmod(0o555)
        try:
            done = subprocess.run([sys.executable, str(script), str(folder)], env=env,
                                  capture_output=True, text=True, timeout=120)
        finally:
            folder.chmod(0o755)
    else:
        assert shutil.which("unshare"), "root without unshare: cannot make a read-only folder"
        fill = f"from tests.trainer.test_history_guards import _fill; " \
               f"from pathlib import Path; _fill(Path({str(folder)!r}))"
        shell = (f"mount -t tmpfs tmpfs {folder} && {sys.executable} -c \"{fill}\" && "
                 f"mount -o remount,ro {folder} && {sys.executable} {script} {folder}")
        done = subprocess.run(["unshare", "-m", "sh", "-c", shell], env=env, cwd=os.getcwd(),
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "checked" in done.stdout, done.stderr


def test_the_answer_record_columns_are_the_schema():
    with History.in_memory() as history:
        columns = [row[1] for row in history._connection.execute("PRAGMA table_info(answers)")]
    assert columns == ["id", *AnswerRecord.columns()]
