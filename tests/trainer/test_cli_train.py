"""``omahanash train``: a scripted session on stdin, the statistics, the history file."""

from __future__ import annotations

import io
import json

import pytest

from omahanash.cli import main
from omahanash.trainer.history import History


def _train(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["-q", "train", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_scripted_session_is_graded_and_stored(monkeypatch, capsys, tmp_path):
    db = tmp_path / "t.sqlite"
    code, out, _ = _train(monkeypatch, capsys, "p\nf\nwhat\np\n", "--game", "holdem",
                          "--stacks", "5-15", "--count", "3", "--seed", "4", "--db", str(db))
    assert code == 0
    assert out.count("EV lost") == 4  # three spots and the summary
    assert "Spot 3 · Texas Hold'em" in out and "answer p (" in out
    assert "Session (seed 4): 3 spots" in out
    with History(db) as history:
        assert len(history) == 3


def test_the_session_ends_at_the_end_of_the_input(monkeypatch, capsys, tmp_path):
    code, out, _ = _train(monkeypatch, capsys, "p\n", "--game", "holdem", "--count", "50",
                          "--db", str(tmp_path / "t.sqlite"))
    assert code == 0 and "Session (seed " in out and ": 1 spot ·" in out


def test_stats_json(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    _train(monkeypatch, capsys, "f\n" * 30, "--game", "holdem", "--position", "sb", "--count",
           "30", "--seed", "8", "--db", db)
    code, out, _ = _train(monkeypatch, capsys, "", "--stats", "--json", "--db", db)
    data = json.loads(out)
    assert code == 0 and data["spots"] == 30 and 0 < data["accuracy"] < 1
    assert data["ev_lost_bb"] > 0 and data["weak_spots"]
    assert set(data["weak_spots"][0]) >= {"group", "spots", "accuracy", "ev_lost_bb"}
    assert sum(w["spots"] for w in data["weak_spots"]) <= 30


def test_leaks_drill_the_worst_groups(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    _train(monkeypatch, capsys, "f\n" * 30, "--game", "holdem", "--position", "sb", "--count",
           "30", "--seed", "8", "--db", db)
    code, out, _ = _train(monkeypatch, capsys, "p\n" * 5, "--game", "holdem", "--leaks",
                          "--count", "5", "--db", db)
    assert code == 0 and out.count("Drilling leak: Texas Hold'em · SB") >= 1


def test_session_json_goes_alone_to_stdout(monkeypatch, capsys, tmp_path):
    code, out, err = _train(monkeypatch, capsys, "p\np\n", "--game", "holdem", "--count", "2",
                            "--json", "--db", str(tmp_path / "t.sqlite"))
    assert code == 0 and json.loads(out)["spots"] == 2 and "Spot 1" in err


def test_export(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    _train(monkeypatch, capsys, "p\n", "--game", "holdem", "--count", "1", "--db", db)
    code, _, err = _train(monkeypatch, capsys, "", "--export", str(tmp_path / "h.csv"),
                          "--db", db)
    assert code == 0 and "1 answers written" in err
    assert (tmp_path / "h.csv").read_text().startswith("answered_at,")


def test_a_corrupt_database_is_reported_not_fatal(monkeypatch, capsys, tmp_path):
    from tests.trainer.test_history import damaged_history

    db = tmp_path / "t.sqlite"
    damaged_history(db)
    code, out, err = _train(monkeypatch, capsys, "p\n", "--game", "holdem", "--count", "1",
                            "--db", str(db))
    assert code == 0 and "could not be read" in err and "kept as" in err


def test_a_file_that_is_not_a_history_is_refused_and_kept(monkeypatch, capsys, tmp_path):
    db = tmp_path / "t.sqlite"
    db.write_bytes(b"garbage" * 500)
    code, out, err = _train(monkeypatch, capsys, "p\n", "--game", "holdem", "--count", "1",
                            "--db", str(db))
    assert code == 2 and "is not a trainer history" in err and str(db) in err
    assert db.read_bytes() == b"garbage" * 500
    assert [p.name for p in tmp_path.iterdir()] == ["t.sqlite"]


@pytest.mark.parametrize(("args", "message"), [
    ((), "--game is required"), (("--game", "holdem", "--count", "0"), "--count"),
    (("--game", "holdem", "--stacks", "1-3"), "stacks"), (("--game", "razz"), "variant"),
    (("--game", "holdem", "--leaks"), "no leaks"),
])
def test_bad_input_is_one_line_and_exit_2(monkeypatch, capsys, tmp_path, args, message):
    code, _, err = _train(monkeypatch, capsys, "", *args, "--db", str(tmp_path / "t.sqlite"))
    assert code == 2 and message in err
