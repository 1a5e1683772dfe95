"""``omahanash solve --tree``: the JSON shape, lookups, export, save and reopen, bad input."""

from __future__ import annotations

import csv
import json
import subprocess
import sys

import pytest

from omahanash.trees import PreflopSpot, TreeSolution, solve_preflop

SPOT = ["--game", "holdem", "--stacks", "20", "16", "12", "--sb", "0.5", "--bb", "1",
        "--deals", "20000", "--iterations", "30"]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "omahanash", "solve", *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def pl_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tree-cli")
    done = run_cli(*SPOT, "--tree", "pl", "--payouts", "50/30/20", "--lookup", "AKo",
                   "--node", "SB vs BTN open", "--export", "csv", str(folder / "rows.csv"),
                   "--save", str(folder / "pl.tree"), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), folder


def test_json_nodes_and_lookup(pl_run):
    data, _ = pl_run
    assert data["tree"] == "pl" and data["postflop"] == "commit" and data["max_raises"] == 3
    assert data["iterations"] == 30 and data["model"] == "icm"
    assert data["status"] == "iterations"
    first = data["nodes"][0]
    assert set(first) == {"node", "position", "facing", "pot", "reach", "actions"}
    assert first["node"] == "BTN open" and first["reach"] == pytest.approx(1.0)
    assert [a["action"] for a in first["actions"]] == ["fold", "raise"]
    assert first["actions"][1]["to"] == pytest.approx(3.5)
    assert sum(a["percent"] for a in first["actions"]) == pytest.approx(100.0)
    sb = next(n for n in data["nodes"] if n["node"] == "SB vs BTN open")
    assert sb["facing"] == pytest.approx(3.0) and sb["pot"] == pytest.approx(5.0)
    assert [(a["action"], a["to"]) for a in sb["actions"]] == [
        ("fold", 0.5), ("call", 3.5), ("raise", 11.5)]
    lookup = data["lookup"]
    assert lookup["node"] == "SB vs BTN open" and lookup["unit"] == "prize"
    assert [a["action"] for a in lookup["actions"]] == ["fold", "call", "raise"]
    assert sum(a["percent"] for a in lookup["actions"]) == pytest.approx(100.0)
    # folding the small blind: its EV is the prize equity it keeps, below its share with AKo
    evs = {a["action"]: a["ev"] for a in lookup["actions"]}
    assert max(evs["call"], evs["raise"]) > evs["fold"]
    assert sum(e["prize"] for e in data["ev"]) == pytest.approx(100.0, abs=1e-6)
    assert data["nash_conv"] > 0 and data["nash_conv_fresh"] > 0


def test_export_rows_and_reopen(pl_run):
    data, folder = pl_run
    with open(folder / "rows.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    nodes = {n["node"]: n for n in data["nodes"]}
    assert {r["node"] for r in rows} == set(nodes)
    assert len(rows) == sum(169 * len(n["actions"]) for n in nodes.values())
    aa = [r for r in rows if r["node"] == "BTN open" and r["id"] == "0"]
    assert [r["action"] for r in aa] == ["fold", "raise"]
    assert sum(float(r["percent"]) for r in aa) == pytest.approx(100.0, abs=1e-3)
    reopened = TreeSolution.load(folder / "pl.tree")
    assert reopened.iterations == 30 and reopened.status == "iterations"
    assert reopened.nash_conv == pytest.approx(data["nash_conv"], rel=1e-9)
    again = reopened.lookup("AKo", "SB vs BTN open")
    assert [a["percent"] for a in again["actions"]] == pytest.approx(
        [a["percent"] for a in data["lookup"]["actions"]])


def test_pushfold_nodes_keep_their_fields():
    spot = PreflopSpot("holdem", [10, 10, 10], 0.5, 1, tree="pushfold")
    solution = solve_preflop(spot, iterations=10, deals=20_000)
    rows = [node.to_json(True) for node in solution.nodes]
    assert rows[0]["node"] == "BTN" and rows[0]["action"] == "push"
    assert rows[0]["percent"] == pytest.approx(rows[0]["actions"][1]["percent"])
    call = next(r for r in rows if r["node"] == "BB vs BTN+SB")
    assert call["action"] == "call"


@pytest.mark.parametrize("args, words", [
    (["--tree", "fixed"], "unknown tree 'fixed'"),
    (["--tree", "pl", "--max-raises", "0"], "max-raises must be"),
    (["--tree", "nl", "--node", "BTN vs SB re-raise"], "no node 'BTN vs SB re-raise'"),
    (["--tree", "pl", "--node", "BB vs BTN+SB"], "no node 'BB vs BTN+SB'"),
    (["--open", "3"], "--open needs --tree"),
    (["--tree", "nl", "--open", "0.5"], "open must be more than 1"),
    (["--tree", "pl", "--lock", "BTN=top 10%"], "does not apply to a betting tree"),
    (["--tree", "missing.toml"], "does not exist"),
])
def test_bad_input_exits_2_naming_it(args, words):
    done = run_cli("--game", "holdem", "--stacks", "20", "20", "20", "--sb", "0.5", "--bb",
                   "1", "--iterations", "1", *args)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr


def test_a_tree_file_with_a_raise_too_small(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text('kind = "nl"\nsizes = [3.0, 4.0]\n')
    done = run_cli("--game", "holdem", "--stacks", "20", "20", "--sb", "0.5", "--bb", "1",
                   "--tree", str(path), "--iterations", "1")
    assert done.returncode == 2
    assert "smaller than the rules allow" in done.stderr


def test_a_size_larger_than_any_stack(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text('kind = "nl"\nsizes = [500.0]\n')
    done = run_cli("--game", "holdem", "--stacks", "20", "20", "--sb", "0.5", "--bb", "1",
                   "--tree", str(path), "--iterations", "1")
    assert done.returncode == 2
    assert "larger than every stack" in done.stderr
