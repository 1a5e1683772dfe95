"""The SQLite history: persistence, damaged and locked files, kill -9, CSV."""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from omahanash.errors import InputError
from omahanash.trainer.history import APPLICATION_ID, SCHEMA_VERSION, History, default_path
from omahanash.trainer.stats import AnswerRecord, example_record


def test_answers_persist_across_launches(tmp_path):
    path = tmp_path / "h.sqlite"
    with History(path) as history:
        for k in range(5):
            history.add(example_record(class_id=k, correct=k % 2 == 0, seconds=None))
    with History(path) as history:
        records = history.records()
        assert [r.class_id for r in records] == list(range(5))
        assert records[1] == example_record(class_id=1, correct=False, seconds=None)
        assert history.statistics().spots == 5 and history.notices == []
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_default_path_follows_the_environment(tmp_path):
    # conftest points OMAHANASH_DATA at a temporary folder.
    assert default_path() == tmp_path / "data" / "trainer.sqlite"
    with History() as history:
        history.add(example_record())
    assert (tmp_path / "data" / "trainer.sqlite").is_file()


def damaged_history(path):
    """A trainer history (application id in its header) whose pages after the header are
    garbage: recognisably ours, unreadable."""
    with History(path) as history:
        history.add(example_record())
    raw = bytearray(path.read_bytes())
    raw[100:] = b"\xa5" * (len(raw) - 100)
    path.write_bytes(bytes(raw))
    return bytes(raw)


def test_a_damaged_history_is_reported_kept_aside_and_replaced(tmp_path):
    path = tmp_path / "trainer.sqlite"
    content = damaged_history(path)
    with History(path) as history:
        assert len(history.notices) == 1 and "kept as" in history.notices[0]
        history.add(example_record())
        assert len(history) == 1 and history.path == path
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("trainer.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_a_database_of_a_newer_schema_is_kept_aside(tmp_path):
    path = tmp_path / "trainer.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with History(path) as history:
        assert "newer" in history.notices[0]
        history.add(example_record())
    assert any(p.name.startswith("trainer.damaged-") for p in tmp_path.iterdir())


def test_a_locked_database_is_left_alone(tmp_path, monkeypatch):
    import omahanash.trainer.history as module

    monkeypatch.setattr(module, "BUSY_TIMEOUT", 0.1)
    path = tmp_path / "trainer.sqlite"
    with History(path) as history:
        history.add(example_record(class_id=1))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with History(path) as history:
            assert "locked" in history.notices[0] and history.path is None
            assert "cannot be read now" in history.notices[0]
            history.add(example_record(class_id=2))
            assert [r.class_id for r in history.records()] == [2]
        with pytest.raises(InputError, match="locked by another program"):
            History(path, read_only=True)  # --stats: never "no spots answered"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with History(path) as history:  # the original is intact
        assert [r.class_id for r in history.records()] == [1] and history.notices == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["trainer.sqlite"]  # no litter


def test_an_unwritable_folder_keeps_answers_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with History(blocker / "trainer.sqlite") as history:
        assert history.path is None and "memory" in history.notices[0]
        history.add(example_record())
        assert len(history) == 1


def test_export_csv(tmp_path):
    with History(tmp_path / "h.sqlite") as history:
        history.add(example_record(hand="Ah 9c"))
        history.add(example_record(hand="Kd Kc", correct=False))
        path = history.export_csv(tmp_path / "out.csv")
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == list(AnswerRecord.columns())
    assert [(r["hand"], r["correct"]) for r in rows] == [("Ah 9c", "True"), ("Kd Kc", "False")]


def test_no_answered_spot_is_lost_when_the_process_is_killed(tmp_path):
    """A session answering spots is killed (SIGKILL) in the middle of a burst of answers:
    every spot whose feedback was printed is in the database, and the database is sound."""
    db = tmp_path / "kill.sqlite"
    env = {**os.environ, "OMAHANASH_CACHE": str(tmp_path / "cache")}
    process = subprocess.Popen(
        [sys.executable, "-m", "omahanash", "-q", "train", "--game", "holdem", "--stacks",
         "8-12", "--count", "100000", "--seed", "3", "--db", str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
        text=True, bufsize=1)
    assert process.stdin is not None and process.stdout is not None
    answered = 0
    try:
        while answered < 40:  # one at a time: each answer's feedback is read back
            process.stdin.write("p\n" if answered % 3 else "f\n")
            process.stdin.flush()
            for line in process.stdout:
                if "EV lost" in line:
                    answered += 1
                    break
        process.stdin.write("p\n" * 200)  # a burst: the kill lands while answers are written
        process.stdin.flush()
        for line in process.stdout:
            if "EV lost" in line:
                answered += 1
                if answered == 60:
                    break
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == -signal.SIGKILL
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with History(db) as history:
        stored = len(history)
        assert history.notices == []
    assert 60 <= stored <= 240


def test_two_sessions_share_one_history(tmp_path):
    path = tmp_path / "trainer.sqlite"
    with History(path) as first, History(path) as second:
        for k in range(10):
            (first if k % 2 else second).add(example_record(class_id=k))
        assert len(first) == len(second) == 10 and first.notices == second.notices == []
