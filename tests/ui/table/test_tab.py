"""The Table tab driven like a user: seats follow the Players spin box, bad input beside its
field, Calculate in the worker (the lookup equals ``solve_pushfold`` and ``omahanash solve``),
the ICM panel, stale marks, Stop keeps the work, Continue, save / open / export."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox, QTableView

from omahanash.hands import class_name
from omahanash.pushfold import PushFoldSpot, bubble_factors, icm, solve_pushfold
from omahanash.ranges import parse_range, ranking
from ui.kit.plots import ConvergencePlot
from ui.table.model import parse_locks
from ui.table.tab import TableTab

STACKS = ("1500", "1000", "800")
DEALS, SEED, ITERATIONS = 4000, 3, 8


@pytest.fixture
def tab(window) -> TableTab:
    tab = window.tab("Table")
    assert isinstance(tab, TableTab)
    assert window.tab_widget.indexOf(tab) == 1, "the Table tab comes right after Jam-fold"
    window.tab_widget.setCurrentWidget(tab)
    return tab


def fill(tab, drive, stacks=STACKS, iterations=str(ITERATIONS), payouts="50/30/20") -> None:
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(len(stacks))
    for i, stack in enumerate(stacks):
        drive.type_into(drive.find(tab, QLineEdit, f"seatStackEdit{i}"), stack)
    drive.type_into(drive.find(tab, QLineEdit, "tableSbEdit"), "50")
    drive.type_into(drive.find(tab, QLineEdit, "tableBbEdit"), "100")
    drive.type_into(drive.find(tab, QLineEdit, "payoutsEdit"), payouts)
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "ICM")
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), iterations)
    drive.type_into(drive.find(tab, QLineEdit, "tableDealsEdit"), str(DEALS))
    drive.type_into(drive.find(tab, QLineEdit, "tableSeedEdit"), str(SEED))


def calculate(tab, drive, qtbot) -> None:
    button = drive.find(tab, QPushButton, "tableCalculateButton")
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=120_000)
    assert tab.solution is not None, tab.run_error.text()


def look_up(tab, drive, qtbot, hand: str, node: str) -> None:
    assert tab.select_node(node)
    drive.type_into(drive.find(tab, QLineEdit, "tableLookupEdit"), hand)
    qtbot.mouseClick(drive.find(tab, QPushButton, "tableLookupButton"),
                     Qt.MouseButton.LeftButton)


def test_seats_follow_the_players_spin_box(tab, drive):
    spin = drive.find(tab, QSpinBox, "tableSeatsSpin")
    assert (spin.minimum(), spin.maximum()) == (2, 10)
    spin.setValue(6)
    shown = [drive.find(tab, QLineEdit, f"seatStackEdit{i}").isVisibleTo(tab)
             for i in range(10)]
    assert shown == [True] * 6 + [False] * 4
    labels = [drive.find(tab, QLabel, f"seatPositionLabel{i}").text() for i in range(6)]
    assert [text.split("</b>")[0].removeprefix("<b>") for text in labels] == \
        ["UTG", "HJ", "CO", "BTN", "SB", "BB"]
    assert "D" in labels[3].split("</b>")[1], "the button sits at the BTN"
    assert drive.find(tab, QTableView, "icmTable").model().rowCount() == 6
    spin.setValue(2)
    assert drive.find(tab, QLineEdit, "seatStackEdit1").isVisibleTo(tab)
    assert not drive.find(tab, QLineEdit, "seatStackEdit2").isVisibleTo(tab)


def test_bad_input_is_shown_beside_its_field(tab, drive):
    fill(tab, drive)
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit1"), "0")
    error = drive.find(tab, QLabel, "seatStackError1")
    assert error.isVisibleTo(tab) and "stack 2" in error.text()
    assert not drive.find(tab, QPushButton, "tableCalculateButton").isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit1"), "1000")
    drive.type_into(drive.find(tab, QLineEdit, "payoutsEdit"), "40/30/20/10")
    payouts_error = drive.find(tab, QLabel, "tablePayoutsError")
    assert "4 places" in payouts_error.text() and "3 players" in payouts_error.text()
    assert not error.isVisibleTo(tab)
    drive.choose(drive.find(tab, QComboBox, "payoutPresetCombo"), "6-max SNG 65/35")
    drive.find(tab, QComboBox, "payoutPresetCombo").activated.emit(1)
    assert drive.find(tab, QLineEdit, "payoutsEdit").text() == "65/35"
    assert drive.find(tab, QPushButton, "tableCalculateButton").isEnabled()


def test_icm_panel_equals_the_library(tab, drive):
    fill(tab, drive, stacks=("5000", "3000", "2000", "1000"))
    model = drive.find(tab, QTableView, "icmTable").model()
    shown = [model.index(r, 3).data(Qt.ItemDataRole.UserRole) for r in range(4)]
    assert shown == pytest.approx(icm([5000, 3000, 2000, 1000], [50, 30, 20]), abs=1e-4)
    heat = drive.find(tab, QTableView, "bubbleFactorView").model()
    expected = bubble_factors([5000, 3000, 2000, 1000], "50/30/20")
    assert heat.index(0, 1).data(Qt.ItemDataRole.UserRole) == pytest.approx(expected[0, 1])
    assert heat.index(3, 0).data(Qt.ItemDataRole.UserRole) == pytest.approx(expected[3, 0])
    assert heat.index(2, 2).data(Qt.ItemDataRole.UserRole) is None


def test_lookup_equals_the_library_and_the_command_line(tab, drive, qtbot, capsys):
    """Three solves of 8 iterations over 4,000 deals (~0.3 s each warm); the first push/fold
    solve of a test session also loads the kernels (~10 s on a loaded machine), which any of
    this file's solving tests would pay."""
    fill(tab, drive)
    calculate(tab, drive, qtbot)
    plot = tab.findChild(ConvergencePlot, "tableNashConvPlot")
    assert plot is not None and plot.history(), "the NashConv plot shows the run"
    look_up(tab, drive, qtbot, "AKo", "SB vs BTN")
    spot = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
    direct = solve_pushfold(spot, iterations=ITERATIONS, deals=DEALS, seed=SEED)
    expected = direct.lookup("AKo", "SB vs BTN")
    assert tab.lookup_data == pytest.approx(expected)
    assert f"{expected['play_pct']:.2f}%" in drive.find(tab, QLabel, "tableLookupResult").text()
    from omahanash.cli import main

    assert main(["solve", "--game", "holdem", "--stacks", *STACKS, "--sb", "50", "--bb", "100",
                 "--payouts", "50/30/20", "--iterations", str(ITERATIONS), "--deals",
                 str(DEALS), "--seed", str(SEED), "--lookup", "AKo", "--node", "SB vs BTN",
                 "--json", "--quiet"]) == 0
    cli = json.loads(capsys.readouterr().out)["lookup"]
    assert cli["play_pct"] == pytest.approx(tab.lookup_data["play_pct"])
    assert cli["play_ev"] == pytest.approx(tab.lookup_data["play_ev"])
    assert cli["fold_ev"] == pytest.approx(tab.lookup_data["fold_ev"])
    # the node list, the seats and the grid
    nodes = drive.table_rows(drive.find(tab, QTableView, "tableNodeList"))
    summary = direct.node_summary()
    assert [row[0] for row in nodes] == [s["node"] for s in summary]
    assert float(nodes[0][3]) == pytest.approx(100 * summary[0]["reach"], abs=1e-3)
    assert drive.find(tab, QLabel, "seatPushLabel0").text() == \
        f"pushes {summary[0]['percent']:.1f}%"
    grid = drive.find(tab, QTableView, "tableRangeView").model()
    assert grid.index(0, 1).data() == "AKs"
    aks = direct.lookup("AKs", "SB vs BTN")["play_pct"] / 100
    assert grid.index(0, 1).data(Qt.ItemDataRole.UserRole) == pytest.approx(aks)
    hands = tab.hands_model
    assert hands.columns[:2] == ["Strength", "Hand"]
    row = next(r for r in range(hands.rowCount()) if hands.row_values(r)[1] == "AKo")
    assert hands.row_values(row)[7] == pytest.approx(expected["play_ev"], abs=1e-3)
    # strongest first, in the order 'top N%' takes classes (AA, KK, QQ, ...)
    order = [hands.row_values(r)[1] for r in range(hands.rowCount())]
    ranked = [class_name("holdem", int(c)) for c in ranking("holdem")]
    assert order == ranked and order[:3] == ["AA", "KK", "QQ"]
    # Copy range: the node's frequencies as a lock that reads back (within the rounding)
    qtbot.mouseClick(drive.find(tab, QPushButton, "tableCopyRangeButton"),
                     Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    locks = parse_locks(copied)
    assert list(locks) == ["SB vs BTN"]
    weights = parse_range(locks["SB vs BTN"], "holdem").weights
    node = direct.spot.find_node("SB vs BTN").index
    per_id = np.zeros(169)
    per_id[direct.solver.table.class_ids] = direct.strategy()[node]
    assert np.abs(weights - per_id).max() <= 0.005 + 1e-9
    assert 0 < weights.sum() < 169
    # a hand of no game: the message beside the field
    look_up(tab, drive, qtbot, "Xx9", "BTN")
    assert drive.find(tab, QLabel, "tableLookupError").isVisibleTo(tab)


def test_the_plot_has_its_first_point_after_the_first_iteration(tab, drive, qtbot):
    fill(tab, drive)
    lines: list[str] = []
    label = tab.form.summary_label
    tab.runner.progressed.connect(lambda *_: lines.append(label.text()))
    calculate(tab, drive, qtbot)
    plot = drive.find(tab, ConvergencePlot, "tableNashConvPlot")
    assert [at for at, _ in plot.history()] == [1, 3, 5, ITERATIONS]
    spot = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
    first = solve_pushfold(spot, iterations=1, deals=DEALS, seed=SEED).nash_conv
    assert plot.history()[0][1] == pytest.approx(first)
    assert any(line.startswith("Iteration ") for line in lines), lines


def test_nash_conv_has_one_unit_whatever_the_payouts_scale(tab, drive, qtbot):
    """Payouts 50/30/20 and 0.5/0.3/0.2 are the same pool: the library's NashConv (prize
    units) is 100x apart, the player's (% of the prize pool) the same, on the plot's axis
    too; chip EV is in big blinds."""
    texts, plots = [], []
    for payouts in ("50/30/20", "0.5/0.3/0.2"):
        fill(tab, drive, payouts=payouts)
        calculate(tab, drive, qtbot)
        plot = drive.find(tab, ConvergencePlot, "tableNashConvPlot")
        assert plot.y_label == "NashConv (% pool)"
        plots.append(plot.history())
        pool = tab.solution.spot.prize_pool
        assert plot.history()[-1][1] == pytest.approx(100 * tab.solution.nash_conv / pool)
        texts.append(tab.run_status.text())
        assert "% of the prize pool" in tab.form.summary_label.text()
    assert texts[0] == texts[1] and "% of the prize pool" in texts[0], texts
    assert [y for _, y in plots[0]] == pytest.approx([y for _, y in plots[1]], rel=1e-6)
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "Chips")
    calculate(tab, drive, qtbot)
    plot = drive.find(tab, ConvergencePlot, "tableNashConvPlot")
    assert plot.y_label == "NashConv (bb)"
    assert plot.history()[-1][1] == pytest.approx(tab.solution.nash_conv / 100)
    assert f"NashConv {tab.solution.nash_conv / 100:.4g} bb" in tab.run_status.text()


def test_stale_marks_when_inputs_change(tab, drive, qtbot):
    fill(tab, drive)
    calculate(tab, drive, qtbot)
    stale = drive.find(tab, QLabel, "tableStaleLabel")
    assert not tab.stale and stale.text() == ""
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit2"), "900")
    assert tab.stale and "Stale" in stale.text()
    assert not drive.find(tab, QPushButton, "tableContinueButton").isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit2"), "800")
    assert not tab.stale
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "Chips")
    assert tab.stale
    # another table size: the seats do not show the 3-handed pushes under other positions
    pushes = [drive.find(tab, QLabel, f"seatPushLabel{i}").text() for i in range(3)]
    assert pushes[0].startswith("pushes ") and pushes[2].startswith("calls ")
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(4)
    assert [drive.find(tab, QLabel, f"seatPushLabel{i}").text() for i in range(4)] == [""] * 4
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(3)
    assert [drive.find(tab, QLabel, f"seatPushLabel{i}").text() for i in range(3)] == pushes


def test_stop_keeps_the_work_and_continue_runs_on(tab, drive, qtbot):
    fill(tab, drive, iterations="100000")
    button = drive.find(tab, QPushButton, "tableCalculateButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab._live_seen >= 1, timeout=120_000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # Stop
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    solution = tab.solution
    assert solution is not None and solution.stopped
    assert 1 <= solution.iterations < 100_000
    assert tab.node_model.rowCount() == 6, "the nodes of the work kept are shown"
    done = solution.iterations
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), "4")
    assert not tab.stale
    assert tab.continue_run()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert tab.solution.iterations == done + 4
    assert solution.iterations == done, "Continue runs on a copy"


def test_save_open_and_export(tab, drive, qtbot, tmp_path):
    """One solve and one reopen (its deals made again from their seed): ~5 s loaded."""
    fill(tab, drive)
    calculate(tab, drive, qtbot)
    look_up(tab, drive, qtbot, "QJs", "BB vs BTN+SB")
    before = dict(tab.lookup_data)
    path = tmp_path / "t.pushfold"
    assert tab.save_solution(str(path))
    assert tab.export_solution(str(tmp_path / "t.csv"), "csv")
    assert tab.export_solution(str(tmp_path / "t.json"), "json")
    assert tab.export_solution(str(tmp_path / "t.png"), "png")
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"
    rows = list(csv.DictReader((tmp_path / "t.csv").open()))
    assert len(rows) == 6 * 169 and rows[0]["node"] == "BTN"
    document = json.loads((tmp_path / "t.json").read_text())
    assert document["nash_conv"] == pytest.approx(tab.solution.nash_conv)
    # change the inputs, then open: the form and the results come back
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(5)
    drive.type_into(drive.find(tab, QLineEdit, "tableBbEdit"), "200")
    assert tab.open_solution(str(path))
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert drive.find(tab, QSpinBox, "tableSeatsSpin").value() == 3
    assert [drive.find(tab, QLineEdit, f"seatStackEdit{i}").text() for i in range(3)] == \
        list(STACKS)
    assert drive.find(tab, QLineEdit, "tableBbEdit").text() == "100"
    assert not tab.stale
    assert tab.select_node("BB vs BTN+SB") and tab.show_hand()
    assert tab.lookup_data == pytest.approx(before)
    assert np.isfinite(tab.solution.nash_conv)


def test_a_spot_seen_before_answers_from_the_cache(tab, drive, qtbot):
    """Calculate with no count: the equilibrium to the default target (a few iterations over
    4,000 deals), then again from the cache of equilibria."""
    fill(tab, drive, stacks=("1400", "1100", "900"), iterations="")
    messages: list[str] = []
    tab.status_message.connect(messages.append)
    calculate(tab, drive, qtbot)
    first = tab.solution
    assert not first.stopped and "cache" not in messages[-1]
    calculate(tab, drive, qtbot)
    assert "from the cache of equilibria" in messages[-1]
    assert tab.solution is first
    assert drive.find(tab, QTableView, "tableNodeList").model().rowCount() == 6


def test_omaha_without_its_table_offers_the_build(tab, drive):
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Omaha Hi")
    from ui.equity_tables.panel import table_state

    usable = table_state("omaha-hi") != "missing"
    assert drive.find(tab, QPushButton, "tableCalculateButton").isEnabled() == usable
    if not usable:
        assert tab.build_panel.isVisibleTo(tab), "Build is offered in place"
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Hold'em")
    assert not tab.build_panel.isVisibleTo(tab)
    assert drive.find(tab, QPushButton, "tableCalculateButton").isEnabled()


def test_stacks_convert_when_the_unit_is_switched(tab, drive, qtbot):
    fill(tab, drive)
    combo = drive.find(tab, QComboBox, "tableUnitsCombo")
    combo.setCurrentText("bb")
    combo.activated.emit(combo.currentIndex())
    assert [drive.find(tab, QLineEdit, f"seatStackEdit{i}").text() for i in range(3)] == \
        ["15", "10", "8"]
    assert tab.model.request.spot.stacks == (1500.0, 1000.0, 800.0)
    combo.setCurrentText("chips")
    combo.activated.emit(combo.currentIndex())
    assert drive.find(tab, QLineEdit, "seatStackEdit0").text() == "1500"
    combo.setCurrentText("bb")  # by code (settings, a session): the fields are in it already
    qtbot.wait(20)
    combo.activated.emit(combo.currentIndex())  # the user picks the same unit again
    assert drive.find(tab, QLineEdit, "seatStackEdit0").text() == "1500"


def test_a_session_keeps_the_table(window, drive, qtbot, tmp_path):
    tab = window.tab("Table")
    fill(tab, drive)
    calculate(tab, drive, qtbot)
    nash_conv = tab.solution.nash_conv
    path = tmp_path / "s.onsession"
    window.sessions.save(path)
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(4)
    _, reopened = window.sessions.open(path)
    assert "table" in reopened
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert drive.find(tab, QSpinBox, "tableSeatsSpin").value() == 3
    assert tab.solution.nash_conv == pytest.approx(nash_conv)
    assert not tab.stale


def test_a_locked_node_and_the_others_best_respond(tab, drive, qtbot):
    fill(tab, drive)
    drive.type_into(drive.find(tab, QLineEdit, "tableLocksEdit"), "btn=fold")
    calculate(tab, drive, qtbot)
    nodes = {row[0]: row for row in
             drive.table_rows(drive.find(tab, QTableView, "tableNodeList"))}
    assert float(nodes["BTN"][2]) == 0.0 and float(nodes["SB vs BTN"][3]) == 0.0
    spot = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
    direct = solve_pushfold(spot, iterations=ITERATIONS, deals=DEALS, seed=SEED,
                            locks={"BTN": "fold"})
    look_up(tab, drive, qtbot, "K7o", "SB")
    assert tab.lookup_data == pytest.approx(direct.lookup("K7o", "SB"))
    drive.type_into(drive.find(tab, QLineEdit, "tableLocksEdit"), "UTG=fold")
    assert "no node" in drive.find(tab, QLabel, "tableLocksError").text()
    assert tab.stale


def test_a_run_shows_provisional_ranges_then_its_status(tab, drive, qtbot):
    """While the run goes on the nodes and seats show the latest report's ranges marked
    provisional with their NashConv; at the end the solution's, and the run's status in
    words (the outcome's own: here the count of iterations, then the default target)."""
    from ui.table.jobs import STATUS_WORDS

    fill(tab, drive, iterations="60")
    status = drive.find(tab, QLabel, "tableRunStatus")
    heading = drive.find(tab, QLabel, "tableNodesHeading")
    seen: list[tuple[str, str, int, str]] = []
    tab.runner.progressed.connect(lambda *_: seen.append(
        (status.text(), heading.text(), tab.node_model.rowCount(),
         tab.form.summary_label.text())))
    calculate(tab, drive, qtbot)
    during = [row for row in seen if row[0].startswith("Provisional")]
    assert during, seen[-3:]
    text, head, rows, line = during[-1]
    assert "NashConv " in text and "provisional" in head and rows == 6
    assert any("elapsed" in row[3] for row in seen) and not any("at most" in row[3]
                                                                 for row in seen)
    outcome = tab.solution.outcome
    assert outcome.status == "iterations"
    assert status.text().startswith(STATUS_WORDS[outcome.status] + ":")
    assert "rovisional" not in status.text() and "provisional" not in heading.text()
    assert not tab.provisional and tab.hands_model.rowCount() == 169
    # to the default target: the status is the outcome's, whichever ending it had
    fill(tab, drive, stacks=("1300", "1200", "700"), iterations="")
    calculate(tab, drive, qtbot)
    outcome = tab.solution.outcome
    assert outcome is not None and outcome.status in ("converged", "stalled", "iterations")
    assert status.text().split(":")[0] == STATUS_WORDS[outcome.status]


def test_stop_says_stopped(tab, drive, qtbot):
    fill(tab, drive, iterations="100000")
    button = drive.find(tab, QPushButton, "tableCalculateButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    status = drive.find(tab, QLabel, "tableRunStatus")
    qtbot.waitUntil(lambda: status.text().startswith("Provisional"), timeout=120_000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # Stop
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert tab.solution.outcome.status == "stopped"
    assert status.text().startswith("Stopped after ")
    assert not tab.provisional and tab.node_model.rowCount() == 6


def test_a_new_run_greys_the_previous_result_until_its_own(tab, drive, qtbot):
    """During a new run the previous result's nodes and ranges are greyed (issue 35: they
    stayed on screen as if they answered the new inputs), back when the run ends."""
    from ui.kit.common import veil_of

    fill(tab, drive)
    assert tab.calculate()  # no result before: nothing to grey
    assert not tab.results.node_list.property("greyed")
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=120_000)
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit2"), "900")
    assert tab.calculate()
    assert all(label in tab.result_views for label in tab.push_labels)
    for view in tab.result_views:
        veil = veil_of(view)
        assert view.property("greyed") is True and veil.isVisibleTo(view)
        assert veil.geometry() == view.rect() and view.graphicsEffect() is None
    # the stale mark does not ask for the run that is computing
    stale = drive.find(tab, QLabel, "tableStaleLabel").text()
    assert "greyed until the new run's results arrive" in stale
    assert "Calculate again" not in stale
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=120_000)
    assert tab.solution.spot.stacks[2] == 900
    for view in tab.result_views:
        assert view.property("greyed") is False and not veil_of(view).isVisibleTo(view)


def test_the_omaha_map_comes_back_with_its_result(qtbot):
    """The player looks at the Omaha map; a new run (or a Hold'em result) disables it and Qt
    moves to another tab: the map is shown again when an Omaha result arrives (it came back
    on the Nash chart), unless the player picked another tab meanwhile."""
    from types import SimpleNamespace

    from ui.table.results import TableResults

    results = TableResults()
    qtbot.addWidget(results)
    tabs, omaha_map = results.range_tabs, results.omaha_map
    omaha = SimpleNamespace(spot=SimpleNamespace(variant="omaha-hi"))
    results.show_rows(omaha, [])
    tabs.setCurrentWidget(omaha_map)
    results.show_rows(None, [])  # the run's wait: no result, the map disabled
    assert tabs.currentWidget() is not omaha_map
    results.show_rows(omaha, [])
    assert tabs.currentWidget() is omaha_map
    results.show_rows(None, [])
    tabs.tabBarClicked.emit(tabs.indexOf(results.hands_view))  # the player's choice
    tabs.setCurrentWidget(results.hands_view)
    results.show_rows(omaha, [])
    assert tabs.currentWidget() is results.hands_view


def test_a_failed_run_lifts_the_veil_of_the_previous_result(tab, drive, qtbot, monkeypatch):
    """A run that fails (or stops) before its first report leaves the previous result as it
    was, not veiled for good."""
    import ui.table.tab as table_tab
    from omahanash.errors import InputError
    from ui.kit.common import veil_of

    fill(tab, drive)
    assert tab.calculate()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=120_000)

    def failing(request):
        def job(progress, cancel):
            raise InputError("the deals could not be made")
        return job

    monkeypatch.setattr(table_tab, "solve_job", failing)
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit2"), "900")
    assert tab.calculate()
    assert all(view.property("greyed") is True for view in tab.result_views)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=120_000)
    assert "the deals could not be made" in drive.find(tab, QLabel, "tableRunError").text()
    for view in tab.result_views:
        assert view.property("greyed") is False and not veil_of(view).isVisibleTo(view)
