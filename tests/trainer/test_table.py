"""Table drills (3 players, Hold'em, a quick equilibrium through the ``solve`` hook): verdicts
by the decision rule on the solution's lookup, the history beside heads-up answers (and the
migration of a schema-1 file written by the code before table drills), the CLI's JSON.

The first two tests solve a spot each (the first in a process also loads the push/fold
kernels): a few seconds on a loaded machine; every other test reuses those solutions."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from omahanash.cli import main
from omahanash.errors import InputError
from omahanash.jamfold.decision import judge
from omahanash.pushfold import solve_pushfold
from omahanash.trainer.history import SCHEMA_VERSION, History, identify
from omahanash.trainer.stats import example_record
from omahanash.trainer.table import (
    MIN_REACH,
    TableDrill,
    TableDrillConfig,
    table_leak_cells,
)

V1_FILE = Path(__file__).parent / "data" / "trainer-v1.sqlite"
_SOLVED: dict[str, object] = {}


def quick_solve(spot, progress=None, cancel=None):
    """A rough equilibrium (10 iterations over 10,000 deals), solved once per spot."""
    key = json.dumps(spot.describe(), sort_keys=True)
    if key not in _SOLVED:
        _SOLVED[key] = solve_pushfold(spot, iterations=10, deals=10_000, progress=progress,
                                      cancel=cancel)
    return _SOLVED[key]


def _drill(**config) -> TableDrill:
    config.setdefault("stacks", "10")
    return TableDrill(TableDrillConfig("holdem", players=3, **config), seed=5,
                      solve=quick_solve)


def test_verdicts_are_the_decision_rule_on_the_lookup():
    drill = _drill(payouts="50/30/20")
    solution = drill.solution(0)
    reach = {row["node"]: row["reach"] for row in solution.node_summary()}
    pool, chips = solution.spot.prize_pool, sum(solution.spot.stacks)
    per_bb = pool * 100 / chips  # prize of one big blind at the average chip value
    verdicts = set()
    for number in range(12):
        spot = drill.next_spot()
        assert reach[spot.node] >= MIN_REACH and spot.stacks_bb == (10.0, 10.0, 10.0)
        looked = solution.lookup(spot.class_id, spot.node)
        action = "allin" if number % 2 else "fold"
        decision = judge(action, looked["play_ev"], looked["fold_ev"],
                         looked["play_pct"] / 100)
        answer = drill.answer(action, seconds=1.0)
        verdicts.add(decision.verdict)
        assert answer.grade_verdict == decision.verdict
        assert answer.grade.best_action == decision.best_action
        assert answer.record.ev_lost_bb == pytest.approx(decision.ev_lost / per_bb)
        assert answer.record.ev_lost_pct == pytest.approx(100 * decision.ev_lost / pool)
        assert answer.record.allin_ev_pct == pytest.approx(looked["play_ev"])  # pool of 100
        assert answer.record.node == spot.node and answer.record.players == 3
        assert answer.spot.actions[0] == ("call" if " vs " in spot.node else "push")
    assert "mistake" in verdicts  # folding and pushing everything: some answers are wrong
    assert drill.statistics().spots == 12


def test_chip_ev_tables_grade_in_big_blinds():
    drill = _drill(payouts="chips", position="push")
    solution = drill.solution(0)
    spot = drill.next_spot()
    assert " vs " not in spot.node
    looked = solution.lookup(spot.class_id, spot.node)
    answer = drill.answer("fold")
    decision = judge("fold", looked["play_ev"], looked["fold_ev"], looked["play_pct"] / 100)
    assert answer.record.ev_lost_bb == pytest.approx(decision.ev_lost / 100)
    assert answer.record.ev_lost_pct is None and "% of the" not in answer.feedback()


def test_stack_structures_and_positions():
    assert _drill(stacks=None).structures == ((10.0,) * 3, (15.0,) * 3, (18.0, 7.0, 12.0))
    assert _drill(stacks="12/8/20").structures == ((12.0, 8.0, 20.0),)
    drawn = _drill(stacks="5-15").structures
    assert len(drawn) == 3 and all(5 <= s <= 15 for row in drawn for s in row)
    assert drawn == _drill(stacks="5-15").structures  # the seed draws them again
    assert [n.name for n in _drill(position="bb").nodes(0)] == \
        ["BB vs BTN", "BB vs SB", "BB vs BTN+SB"]
    assert [n.name for n in _drill(position="call").nodes(0)][0] == "SB vs BTN"
    for bad in ({"players": 2}, {"players": 10}, {"payouts": "nonsense"},
                {"position": "utg"}, {"stacks": "10/10"}):
        with pytest.raises(InputError):
            TableDrillConfig("holdem", **{"players": 3, **bad})


def test_table_answers_live_beside_heads_up_answers(tmp_path):
    path = tmp_path / "trainer.sqlite"
    drill = _drill()
    with History(path) as history:
        history.add(example_record())
        drill.history = history
        drill.next_spot()
        table_record = drill.answer("allin").record
    with History(path, read_only=True) as history:
        records = history.records()
    assert records[0] == example_record() and records[1] == table_record
    assert records[1].stacks == "10/10/10" and records[1].payouts == "50/30/20"


def test_a_schema_1_history_is_read_and_migrated(tmp_path):
    """The file was written by the trainer before table drills (schema 1)."""
    path = tmp_path / "trainer.sqlite"
    shutil.copy(V1_FILE, path)
    assert identify(path) == "ours"
    with History(path, read_only=True) as history:  # read as it is: heads-up answers
        old = history.records()
    assert [(r.class_id, r.players, r.node, r.ev_lost_pct) for r in old] == \
        [(18, 2, "", None), (7, 2, "", None)]
    with History(path) as history:  # drilling migrates it
        assert history.notices == [] and history.records() == old
        history.add(example_record(players=3, node="BB vs BTN", position="bb",
                                   ev_lost_pct=0.5, correct=False, ev_lost_bb=0.3))
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    connection.close()
    with History(path) as history:
        records = history.records()
        stats = history.statistics()
    assert records[:2] == old and records[2].node == "BB vs BTN"
    labels = [w.group for w in stats.weak_spots]
    assert "Texas Hold'em · 3 players · BB vs BTN calls · 6-10 bb · offsuit A" in labels
    assert "Texas Hold'em · BB · 6-10 bb · offsuit A" in labels


def test_leak_cells_of_a_table_deal_only_their_node():
    wrong = example_record(players=3, node="SB vs BTN", position="sb", correct=False,
                           ev_lost_bb=1.0, hand_group="pairs TT+")
    from omahanash.trainer.stats import summarize

    cells = table_leak_cells(summarize([wrong, example_record(correct=False)]), 3, "holdem", 3)
    assert [c.node for c in cells] == ["SB vs BTN"]
    drill = _drill(focus=cells)
    for _ in range(3):
        spot = drill.next_spot()
        assert (spot.node, spot.hand_group) == ("SB vs BTN", "pairs TT+")
        drill.answer("allin")


def _train(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("omahanash.trainer.table.default_solve",
                        lambda spot, progress, cancel, **_: quick_solve(spot))
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["-q", "train", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_table_drill_json(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    code, out, err = _train(monkeypatch, capsys, "p\nf\np\n", "--game", "holdem",
                            "--players", "3", "--stacks", "10", "--count", "3", "--seed", "2",
                            "--json", "--db", db)
    assert code == 0, err
    data = json.loads(out)
    assert data["players"] == 3 and data["payouts"] == "50/30/20" and data["spots"] == 3
    assert data["structures"] == [[10.0, 10.0, 10.0]] and len(data["answers"]) == 3
    first = data["answers"][0]
    assert set(first) >= {"node", "position", "stacks_bb", "hand", "action", "verdict",
                          "ev_lost_bb", "ev_lost_pct", "allin_ev_pct", "fold_ev_pct"}
    assert data["ev_lost_pct"] == pytest.approx(sum(s["ev_lost_pct"] for s in data["answers"]))
    assert "Spot 1 · Texas Hold'em · 3 left, payouts 50/30/20" in err
    assert "% of the prize pool" in err
    with History(db, read_only=True) as history:
        assert [r.players for r in history.records()] == [3, 3, 3]
    code, out, _ = _train(monkeypatch, capsys, "f\n" * 3, "--game", "holdem", "--players",
                          "3", "--stacks", "10", "--count", "3", "--seed", "2", "--db", db)
    assert code == 0 and "Session (seed 2, 3-max 50/30/20): 3 spots" in out


@pytest.mark.parametrize("args", [["--payouts", "9max"], ["--players", "12"],
                                  ["--players", "3", "--game", "mixed"],
                                  ["--position", "push"]])
def test_cli_bad_table_inputs_exit_2(monkeypatch, capsys, tmp_path, args):
    code, _, err = _train(monkeypatch, capsys, "", "--game", "holdem", "--count", "1",
                          "--db", str(tmp_path / "t.sqlite"), *args)
    assert code == 2 and err.count("\n") == 1


def test_cli_drill_my_leaks_at_the_table(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    base = ["--game", "holdem", "--players", "3", "--stacks", "10", "--db", db]
    _train(monkeypatch, capsys, "p\n" * 12, *base, "--count", "12", "--seed", "3")
    with History(db, read_only=True) as history:
        worst = table_leak_cells(history.statistics(weak_spots=10**6), 3, "holdem", 3)
    assert worst  # calling every all-in and pushing everything: some nodes are leaks
    code, out, _ = _train(monkeypatch, capsys, "f\n" * 4, *base, "--count", "4", "--leaks")
    assert code == 0 and f"Drilling leak: {worst[0].label}" in out
    with History(db, read_only=True) as history:
        dealt = [(r.node, r.hand_group) for r in history.records()[12:]]
    assert len(dealt) == 4 and set(dealt) <= {(c.node, c.hand_group) for c in worst}
    code, _, err = _train(monkeypatch, capsys, "", "--game", "holdem", "--players", "4",
                          "--leaks", "--db", db)
    assert code == 2 and "no leaks yet" in err
