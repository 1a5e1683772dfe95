"""The Table tab's betting trees without Qt: the Betting choice and its settings make the
library's PreflopSpot (push/fold stays the push/fold spot), the tree job's rows are the
library's lookups of the same solve, the node list follows the tree, Stop ends a run with
status stopped, Continue and Open go on from a tree solution."""

from __future__ import annotations

import threading

import pytest

from omahanash.pushfold import PushFoldSpot
from omahanash.runs import CancelFlag
from omahanash.trees import PreflopSpot, TreeSolution, solve_preflop
from ui.table.betting.model import (
    seat_texts,
    tree_class_table,
    tree_hand_rows,
    tree_lookup_text,
    tree_node_rows,
)
from ui.table.jobs import TableOutcome, open_job, status_text, tree_continue_job, tree_solve_job
from ui.table.model import TableInputs, check_inputs

HEADS_UP = dict(stacks=["1500", "1500"], sb="50", bb="100", model="Chips")


class Recorder:
    """A job's reporter without a window."""

    def __init__(self, on_report=None) -> None:
        self.reports: list[tuple[float, float]] = []
        self.detail = None
        self.on_report = on_report

    def __call__(self, done: float, total: float) -> None:
        self.reports.append((done, total))
        if self.on_report is not None:
            self.on_report(done)

    def phase(self, name: str, detail=None) -> None:
        assert name == "solving"
        self.detail = detail


def test_the_betting_choice_makes_the_library_spot(tmp_path):
    checked = check_inputs(TableInputs(variant="Omaha Hi", stacks=["1500", "1200", "1000"],
                                       payouts="50/30/20", tree="Pot-limit", max_raises="2",
                                       postflop="Check down"))
    assert checked.errors == {}
    assert checked.spot == PreflopSpot("omaha-hi", [1500, 1200, 1000], 50, 100,
                                       payouts="50/30/20", tree="pl", max_raises=2,
                                       postflop="checkdown")
    assert checked.request.tree
    nl = check_inputs(TableInputs(**HEADS_UP, tree="No-limit", open_size="2.5")).spot
    assert (nl.tree, nl.open_size, nl.postflop, nl.model) == ("nl", 2.5, "commit", "chips")
    limps = check_inputs(TableInputs(**HEADS_UP, tree="Pot-limit with limps")).spot
    assert limps.settings().limp == "all"
    # pot limit has no open size: a bad one there is not read
    assert check_inputs(TableInputs(**HEADS_UP, tree="Pot-limit", open_size="x")).errors == {}
    # push/fold is today's spot, locks and all
    pushfold = check_inputs(TableInputs(**HEADS_UP, locks="SB=top 20%")).request
    assert type(pushfold.spot) is PushFoldSpot and not pushfold.tree
    assert pushfold.locks == {"SB": "top 20%"}
    # another tree is another spot: the results of one are stale for the other
    assert check_inputs(TableInputs(**HEADS_UP, tree="Pot-limit")).request.key() != \
        check_inputs(TableInputs(**HEADS_UP, tree="No-limit")).request.key()
    # bad settings beside their field
    assert check_inputs(TableInputs(**HEADS_UP, tree="No-limit", open_size="1")).errors == \
        {"open_size": "open must be more than 1 big blind (a raise), got 1.0"}
    assert "max-raises" in check_inputs(TableInputs(**HEADS_UP, tree="Pot-limit",
                                                    max_raises="9")).errors["max_raises"]
    assert check_inputs(TableInputs(**HEADS_UP, tree="Tree file…")).errors == \
        {"tree_file": "choose a tree file (.toml)"}
    bad = tmp_path / "bad.toml"
    bad.write_text('kind = "pot"\nsizes = [1.5]\n')
    assert "raise 1" in check_inputs(TableInputs(**HEADS_UP, tree="Tree file…",
                                                 tree_file=str(bad))).errors["tree_file"]
    good = tmp_path / "half.toml"
    good.write_text('kind = "pot"\nsizes = [1.0, 0.5]\nmax_raises = 2\n')
    spot = check_inputs(TableInputs(**HEADS_UP, tree="Tree file…", tree_file=str(good))).spot
    assert spot.tree == str(good) and spot.settings().sizes == (1.0, 0.5)


def _run(job, cancel=None, recorder=None) -> TableOutcome:
    outcome = job(recorder or Recorder(), cancel or CancelFlag())
    assert isinstance(outcome, TableOutcome)
    return outcome


def test_the_tree_job_shows_the_library_lookups():
    request = check_inputs(TableInputs(**HEADS_UP, tree="Pot-limit", iterations="6")).request
    recorder = Recorder()
    outcome = _run(tree_solve_job(request), recorder=recorder)
    solution = outcome.solution
    assert isinstance(solution, TreeSolution) and not outcome.stopped
    assert solution.iterations == 6 and {int(d) for d, _ in recorder.reports} >= {1, 6}
    direct = solve_preflop(PreflopSpot("holdem", [1500, 1500], 50, 100, tree="pl"),
                           iterations=6)
    for node in ("SB open", "BB vs SB open"):
        rows = {r["name"]: r for r in tree_hand_rows(solution, node)}
        assert len(rows) == 169
        for hand in ("AA", "AKo", "72o", "T9s"):
            expected = direct.lookup(hand, node)["actions"]
            shown = rows[hand]["actions"]
            assert [a["action"] for a in shown] == [a["action"] for a in expected]
            assert [a["percent"] for a in shown] == pytest.approx(
                [a["percent"] for a in expected])
            assert [a["bb"] for a in shown] == pytest.approx(
                [None if a["ev"] is None else a["ev"] / 100 for a in expected])
        data, text = tree_lookup_text(solution, "AKo", node)
        assert [a["percent"] for a in data["actions"]] == pytest.approx(
            [a["percent"] for a in direct.lookup("AKo", node)["actions"]])
        for action in data["actions"]:
            assert f"{action['label']}: {action['percent']:.2f}%" in text
    # the class table: one column per action, strongest first
    columns, table = tree_class_table(tree_hand_rows(solution, "SB open"))
    assert columns == ["Strength", "Hand", "Combos", "Fold %", "Limp %", "Raise 3 %"]
    assert [row[1] for row in table[:3]] == ["AA", "KK", "QQ"]
    assert all(sum(row[3:]) == pytest.approx(100, abs=0.05) for row in table)
    assert status_text(outcome).startswith("Iterations: the 6 iterations done")


def test_the_node_list_follows_the_tree():
    solution = solve_preflop(PreflopSpot("holdem", [1500, 1500], 50, 100, tree="pl"),
                             iterations=4)
    rows = tree_node_rows(solution)
    # the heads-up pot-limit tree at 15 bb, written out: each node under its action
    assert [(r["node"], r["depth"], r["after"]) for r in rows] == [
        ("SB open", 0, ""),
        ("BB vs SB limp", 1, "SB limp"),
        ("SB vs BB raise", 2, "BB raise 3"),
        ("BB vs SB limp, SB re-raise", 3, "SB raise 9"),
        ("SB vs BB raise, BB all in", 4, "BB all in 15"),
        ("BB vs SB open", 1, "SB raise 3"),
        ("SB vs BB re-raise", 2, "BB raise 9"),
        ("BB vs SB open, SB all in", 3, "SB all in 15")]
    by_name = {view.name: view for view in solution.nodes}
    for row in rows:
        assert row["reach"] == pytest.approx(100 * by_name[row["node"]].reach)
        assert sum(a["percent"] for a in row["actions"]) == pytest.approx(100)
    # the seats: the share that does not fold at the seat's first node
    sb_open = {a["action"]: a["percent"] for a in rows[0]["actions"]}
    texts = seat_texts(solution)
    assert texts[0].startswith(f"opens {100 - sb_open['fold']:.1f}% (limps "
                               f"{sb_open['call']:.1f}%)")
    bb_limp = {a["action"]: a["percent"] for a in rows[1]["actions"]}
    assert texts[1] == f"raises {bb_limp['raise']:.1f}% vs SB limp"
    # a run stopped before its pass: the mixes without the reach
    unmeasured = tree_node_rows(solution, measured=False)
    assert [r["reach"] for r in unmeasured] == [None] * len(rows)
    for a, b in zip(unmeasured, rows, strict=True):
        assert [x["percent"] for x in a["actions"]] == pytest.approx(
            [x["percent"] for x in b["actions"]])


def test_prize_and_chips_agree_when_the_winner_takes_all():
    """With one prize, prize equity is the chip share: each action's EV in % of the pool is
    100 × (stack + chips won) / chips in play, the bb column's chips."""
    request = check_inputs(TableInputs(stacks=["1500", "900"], sb="50", bb="100",
                                       payouts="1", tree="Pot-limit",
                                       iterations="4")).request
    solution = _run(tree_solve_job(request)).solution
    stacks = {"SB": 1500, "BB": 900}
    for node in ("SB open", "BB vs SB open"):
        stack = stacks[solution.node(node).name.split()[0]]
        for row in tree_hand_rows(solution, node)[::17]:
            for action in row["actions"]:
                if action["bb"] is None:
                    continue
                assert action["pool"] == pytest.approx(
                    100 * (stack + 100 * action["bb"]) / 2400, abs=1e-6)


def test_stop_ends_a_tree_run_with_status_stopped():
    request = check_inputs(TableInputs(**HEADS_UP, tree="No-limit",
                                       iterations="100000")).request
    cancel = CancelFlag()
    seen = threading.Event()
    recorder = Recorder(on_report=lambda done: done >= 2 and seen.set())
    result: list[TableOutcome] = []
    worker = threading.Thread(target=lambda: result.append(
        _run(tree_solve_job(request), cancel, recorder)))
    worker.start()
    assert seen.wait(300)
    cancel.cancel()
    worker.join(300)  # a guard against a hang, not a timing
    assert not worker.is_alive() and result
    outcome = result[0]
    assert outcome.stopped and outcome.solution.status == "stopped"
    assert 2 <= outcome.solution.iterations < 100000
    assert status_text(outcome).startswith("Stopped after ")


def _mix(solution, hand, node) -> list[float]:
    """Every action's frequency and EV of a hand at a node (the library's lookup)."""
    return [x for a in solution.lookup(hand, node)["actions"] for x in (a["percent"], a["ev"])]


def test_continue_and_open_go_on_from_a_tree(tmp_path):
    solution = solve_preflop(PreflopSpot("holdem", [1500, 1500], 50, 100, tree="pl"),
                             iterations=3)
    more = _run(tree_continue_job(solution, 4, "key")).solution
    assert (solution.iterations, more.iterations) == (3, 7)
    seven = solve_preflop(solution.spot, iterations=7)
    assert _mix(more, "AKo", "SB open") == pytest.approx(_mix(seven, "AKo", "SB open"))
    path = more.save(tmp_path / "s.tree")
    opened = _run(open_job(str(path)))
    assert opened.source == "file" and isinstance(opened.solution, TreeSolution)
    assert _mix(opened.solution, "QJs", "BB vs SB open") == \
        pytest.approx(_mix(more, "QJs", "BB vs SB open"))
