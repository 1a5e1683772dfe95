"""The Table tab's Nash chart driven like a user: the table of the form over a grid of equal
stacks (its curves equal ``omahanash.pushfold.chart.solve_chart`` of that table), the nodes ticked,
hover, Stop keeps the stacks finished, exports (CSV rows, the JSON of ``omahanash chart
--out``), and a form that is not valid keeps Run chart off."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTabWidget,
)

from omahanash.pushfold.chart import solve_chart
from ui.table.tab import TableTab

DEALS, SEED, ITERATIONS = 1_500, 5, 3


@pytest.fixture
def tab(window, drive) -> TableTab:
    tab = window.tab("Table")
    assert isinstance(tab, TableTab)
    window.tab_widget.setCurrentWidget(tab)
    tabs = drive.find(tab, QTabWidget, "tableRangeTabs")
    tabs.setCurrentWidget(tab.chart_panel)
    assert tabs.tabText(tabs.currentIndex()) == "Nash chart"
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(3)
    for i in range(3):
        drive.type_into(drive.find(tab, QLineEdit, f"seatStackEdit{i}"), "1500")
    drive.type_into(drive.find(tab, QLineEdit, "tableSbEdit"), "50")
    drive.type_into(drive.find(tab, QLineEdit, "tableBbEdit"), "100")
    drive.type_into(drive.find(tab, QLineEdit, "tableAnteEdit"), "10")
    drive.type_into(drive.find(tab, QLineEdit, "payoutsEdit"), "50/30/20")
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "ICM")
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), str(ITERATIONS))
    drive.type_into(drive.find(tab, QLineEdit, "tableDealsEdit"), str(DEALS))
    drive.type_into(drive.find(tab, QLineEdit, "tableSeedEdit"), str(SEED))
    return tab


def run_chart(tab, drive, qtbot, stacks: str) -> None:
    panel = tab.chart_panel
    drive.type_into(drive.find(panel, QLineEdit, "tableChartStacksEdit"), stacks)
    button = drive.find(panel, QPushButton, "tableChartRunButton")
    assert button.isEnabled(), drive.find(panel, QLabel, "tableChartStacksError").text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.running, timeout=120_000)
    assert button.text() == "Run chart"


def test_the_chart_of_the_table_equals_the_library_and_exports(tab, drive, qtbot, tmp_path):
    panel = tab.chart_panel
    assert not drive.find(panel, QPushButton, "tableChartExportCsvButton").isEnabled()
    run_chart(tab, drive, qtbot, "4, 7, 10")
    expected = solve_chart("holdem", 3, [4.0, 7.0, 10.0], sb=50, bb=100, ante=10,
                           payouts="50/30/20", iterations=ITERATIONS, deals=DEALS, seed=SEED)
    nodes = drive.find(panel, QListWidget, "tableChartNodeList")
    assert [nodes.item(k).text() for k in range(nodes.count())] == expected.node_names
    assert panel.shown_nodes() == ["BTN", "SB", "BB vs BTN", "BB vs SB"]
    for name in panel.shown_nodes():
        x, y = panel.curve_points(name)
        assert x == [4.0, 7.0, 10.0]
        assert y == [expected.percent(row, name) for row in range(3)]
    assert panel.curves["BTN"].opts["pen"].style() == Qt.PenStyle.SolidLine
    assert panel.curves["BB vs SB"].opts["pen"].style() == Qt.PenStyle.DashLine
    assert panel.curve_points("SB vs BTN") == ([], [])
    assert panel.set_node_shown("SB vs BTN", True)
    assert panel.curve_points("SB vs BTN")[1] == [expected.percent(r, "SB vs BTN")
                                                  for r in range(3)]
    status = drive.find(panel, QLabel, "tableChartStatus").text()
    assert status.startswith("3 stacks solved; largest NashConv") and "prize pool" in status
    # 50/30/20 is a pool of 100: the library's NashConv (prize units) is the % of the pool
    worst = max(expected.nash_conv(row) for row in range(3))
    assert f"largest NashConv {worst:.4g}% of the prize pool." in status
    assert status.endswith("\nChart of Texas Hold'em, 3 players, 3 stacks from 4 to 10 bb, "
                           "payouts 50/30/20.")
    hover = panel.values_at(6.6)
    assert hover.startswith("7 bb: BTN push ") and f"{expected.percent(1, 'BTN'):.1f}%" in hover
    # the mouse over the plot at 6.6 bb reads the same in the label under it
    view = panel.plot.getPlotItem().getViewBox()

    def laid_out() -> bool:
        # the view is sized and its range has taken the curves in (pyqtgraph sets the auto
        # range when it next paints: on a loaded machine that may come after the chart's end,
        # and a point mapped through the old range falls outside the view)
        (low, high), (bottom, top) = view.viewRange()
        return view.sceneBoundingRect().width() > 10 and low < 6.6 < high and bottom < 50 < top

    qtbot.waitUntil(laid_out, timeout=10_000)
    panel.plot.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(6.6, 50.0)))
    assert drive.find(panel, QLabel, "tableChartHoverLabel").text() == panel.values_at(6.6)
    assert panel.plot.toolTip() == panel.values_at(6.6)

    rows_file, doc_file = tmp_path / "chart.csv", tmp_path / "chart.json"
    assert panel.export(str(rows_file)) and panel.export(str(doc_file))
    with rows_file.open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:3] == ["stacks_bb", "node", "position"] and len(rows) == 1 + 3 * 6
    assert rows[1][:2] == ["4/4/4", "BTN"]
    assert float(rows[1][4]) == pytest.approx(expected.percent(0, "BTN"))
    assert json.loads(doc_file.read_text()) == json.loads(json.dumps(expected.document()))


def test_stop_keeps_the_stacks_finished(tab, drive, qtbot):
    panel = tab.chart_panel
    drive.type_into(drive.find(panel, QLineEdit, "tableChartStacksEdit"), "2:31:0.5")
    drive.type_into(drive.find(tab, QLineEdit, "tableLocksEdit"), "BTN=top 20%")
    button = drive.find(panel, QPushButton, "tableChartRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert panel.runner.running and button.text() == "Stop"
    # the form's locks are the Calculate button's; the chart says it solves without them
    assert "node locks are not used" in drive.find(panel, QLabel, "tableChartStatus").text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # at once: 59 stacks cannot be done
    qtbot.waitUntil(lambda: not panel.runner.running, timeout=120_000)
    status = drive.find(panel, QLabel, "tableChartStatus").text()
    assert status.startswith("Stopped"), status
    done = 0 if panel.chart is None else len(panel.chart.stacks_bb)
    assert done < 59
    if done:
        assert panel.curve_points("BTN")[0] == [s[0] for s in panel.chart.stacks_bb]
        assert f"{done} of 59 stacks solved (run it again to continue)" in status


def test_a_form_that_is_not_valid_keeps_run_chart_off(tab, drive):
    panel = tab.chart_panel
    button = drive.find(panel, QPushButton, "tableChartRunButton")
    assert button.isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit1"), "-5")
    assert not button.isEnabled() and "inputs" in button.toolTip()
    drive.type_into(drive.find(tab, QLineEdit, "seatStackEdit1"), "1500")
    assert button.isEnabled()
    drive.type_into(drive.find(panel, QLineEdit, "tableChartStacksEdit"), "20-2")
    assert not button.isEnabled()
    assert "FROM <= TO" in drive.find(panel, QLabel, "tableChartStacksError").text()
    drive.type_into(drive.find(panel, QLineEdit, "tableChartStacksEdit"), "2-4")
    drive.type_into(drive.find(tab, QLineEdit, "tableDealsEdit"), "exact")
    assert not panel.run()
    assert "samples its deals" in drive.find(panel, QLabel, "tableChartError").text()
