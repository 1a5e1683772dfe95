"""``omahanash games``: output of nim, subtract and graph, and bad input -> exit 2, one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "omahanash", "games", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def run_json(*args: str, stdin: str | None = None) -> dict:
    done = run(*args, "--json", stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def test_nim_json_and_text():
    assert run_json("nim", "3", "4", "5") == {
        "heaps": [3, 4, 5],
        "status": "win",
        "grundy": 2,
        "move": {"heap": 1, "take": 2, "heaps": [1, 4, 5]},  # heap counted from 1
    }
    assert run_json("nim", "1", "2", "3") == {
        "heaps": [1, 2, 3], "status": "loss", "grundy": 0, "move": None,
    }
    # 5 ^ 9 ^ 12 = 0; 6 ^ 9 ^ 12 = 3: the top bit (2) is set in 6 only -> 6 becomes 5
    assert run_json("nim", "6", "9", "12")["move"] == {"heap": 1, "take": 1, "heaps": [5, 9, 12]}
    text = run("nim", "3", "4", "5")
    assert text.returncode == 0
    assert "win (Grundy value 2)" in text.stdout
    assert "take 2 from heap 1 (3 -> 1), leaving 1 4 5" in text.stdout


def test_subtract_json_and_text():
    assert run_json("subtract", "10", "--moves", "1,2,3") == {
        "n": 10, "moves": [1, 2, 3], "status": "win", "grundy": 2,
        "move": {"take": 2, "left": 8},
    }
    assert run_json("subtract", "12")["status"] == "loss"  # default moves 1,2,3
    # take 2, 5 or 6: values repeat with period 11 from 0 (0 0 1 1 0 2 1 3 0 2 1)
    huge = run_json("subtract", str(11 * 10**15 + 7), "--moves", "6,2,5")
    assert (huge["grundy"], huge["moves"]) == (3, [2, 5, 6])
    assert huge["move"]["take"] in (2, 5, 6)
    text = run("subtract", "12")
    assert "loss (Grundy value 0)" in text.stdout and text.returncode == 0


GRAPH = """\
# a <-> b cycle; b can escape to c, which is lost
a b
b a c
c
d d   # a self-loop: a draw
"""


def test_graph_text_file_json_output(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text(GRAPH, encoding="utf-8")
    result = run_json("graph", str(path))
    assert result["positions"] == {
        "a": {"status": "loss", "distance": 2, "move": "b"},
        "b": {"status": "win", "distance": 1, "move": "c"},
        "c": {"status": "loss", "distance": 0, "move": None},
        "d": {"status": "draw", "distance": None, "move": "d"},
    }
    assert result["counts"] == {"win": 1, "loss": 2, "draw": 1}


def test_graph_json_from_stdin_and_table_output():
    doc = '{"a": ["b"], "b": ["a", "c"], "c": [], "d": ["d"]}'
    assert run_json("graph", "-", stdin=doc)["positions"]["a"]["distance"] == 2
    table = run("graph", "-", stdin=GRAPH)
    assert table.returncode == 0
    lines = table.stdout.splitlines()
    assert lines[0].split() == ["position", "status", "distance", "move"]
    assert lines[1].split() == ["a", "loss", "2", "b"]
    assert lines[4].split() == ["d", "draw", "-", "d"]
    assert lines[-1] == "1 win, 2 loss, 1 draw"


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (["nim", "3", "-4", "5"], None, "'-4'"),
        (["nim", "3", "four"], None, "'four'"),
        (["nim", "2.5"], None, "'2.5'"),
        (["subtract", "x"], None, "'x'"),
        (["subtract", "-1"], None, "'-1'"),
        (["subtract", "7", "--moves", ""], None, "empty"),
        (["subtract", "7", "--moves", "1,two"], None, "'two'"),
        (["subtract", "7", "--moves", "0,1"], None, "'0'"),
        (["graph", "-"], '{"a": ["b"]}', "unknown position 'b'"),
        (["graph", "-"], '{"a": ["b"', "invalid JSON"),
        (["graph", "-"], "", "empty"),
        (["graph", "/no/such/file.txt"], None, "cannot read"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, stdin, needle):
    done = run(*args, stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("omahanash games: error:")
    assert needle in lines[0]


def test_missing_arguments_are_usage_errors():
    done = run("nim")
    assert done.returncode == 2 and "Traceback" not in done.stderr
