"""The Nash chart page of the Jam-fold tab: push % and call % against the
stack for one or all three variants, Stop, skipped variants, hover values and exports."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton

from ui.jamfold.sweep.panel import SweepPanel, parse_stacks_text
from ui.jamfold.tab import JamFoldTab


@pytest.fixture
def panel(window, drive) -> SweepPanel:
    tab = window.tab("Jam-fold")
    assert isinstance(tab, JamFoldTab)
    window.tab_widget.setCurrentWidget(tab)
    tab.range_tabs.setCurrentWidget(tab.sweep_panel)
    return tab.sweep_panel


def run(panel, drive, qtbot, choice: str, stacks: str) -> None:
    drive.choose(drive.find(panel, QComboBox, "sweepVariantsCombo"), choice)
    drive.type_into(drive.find(panel, QLineEdit, "sweepStacksEdit"), stacks)
    button = drive.find(panel, QPushButton, "sweepRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(panel.runner.finished, timeout=300_000):
        pass
    assert button.text() == "Run sweep" and button.isEnabled()


def test_holdem_sweep_plots_push_and_call_and_exports(panel, drive, qtbot, tmp_path):
    combo = drive.find(panel, QComboBox, "sweepVariantsCombo")
    assert [combo.itemText(i) for i in range(combo.count())] == \
        ["Hold'em", "Omaha Hi", "Omaha Hi/Lo", "All three"]
    assert not drive.find(panel, QPushButton, "sweepExportCsvButton").isEnabled()
    assert panel.plot.objectName() == "sweepPlot"
    # heads-up here; the full table's chart is elsewhere, and the page says where
    assert "Table tab's Nash chart" in drive.find(panel, QLabel, "sweepScopeLabel").text()
    run(panel, drive, qtbot, "Hold'em", "2-6")
    assert sorted(panel.curves) == [("holdem", "call"), ("holdem", "push")]
    push = panel.curves[("holdem", "push")]
    assert list(push.xData) == [2.0, 3.0, 4.0, 5.0, 6.0]
    assert all(a > b for a, b in zip(push.yData, push.yData[1:], strict=False))  # narrows
    call = panel.curves[("holdem", "call")].yData
    assert all(0 < c < 100 for c in call) and call[0] > call[-1]
    legend = [label.text for _, label in panel.legend.items]
    assert legend == ["Texas Hold'em push %", "Texas Hold'em call %"]
    # push and call were the same blue, and the legend sat over the curves
    colours = {what: panel.curves[("holdem", what)].opts["pen"].color().name()
               for what in ("push", "call")}
    assert colours["push"] != colours["call"]
    view = panel.plot.getPlotItem().getViewBox()
    qtbot.waitUntil(lambda: panel.legend.sceneBoundingRect().top()
                    >= view.sceneBoundingRect().bottom(), timeout=10_000)  # laid out below
    hover = panel.values_at(4.2)
    assert hover.startswith("Texas Hold'em at 4 bb: push ") and "call" in hover
    assert "5 stacks solved" in drive.find(panel, QLabel, "sweepStatus").text()
    assert panel.export(str(tmp_path / "sweep.csv"))
    with open(tmp_path / "sweep.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 5 and rows[0]["game"] == "holdem" and float(rows[0]["stack_bb"]) == 2
    assert float(rows[0]["push_pct"]) == pytest.approx(push.yData[0])
    assert panel.export(str(tmp_path / "sweep.json"))
    assert len(json.loads((tmp_path / "sweep.json").read_text())["rows"]) == 5
    assert drive.find(panel, QPushButton, "sweepExportJsonButton").isEnabled()


def test_sweep_stops_and_keeps_the_finished_stacks(panel, drive, qtbot):
    drive.type_into(drive.find(panel, QLineEdit, "sweepStacksEdit"), "2-150")
    button = drive.find(panel, QPushButton, "sweepRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop"
    qtbot.waitUntil(lambda: "Running… " in panel.status_label.text(), timeout=300_000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(panel.runner.finished, timeout=300_000):
        pass
    assert button.text() == "Run sweep" and button.isEnabled()
    solved = len(panel.results.get("holdem", []))
    assert solved < 149
    assert f"{solved} stacks solved" in panel.status_label.text()
    assert drive.find(panel, QLineEdit, "sweepStacksEdit").isEnabled()


def test_all_three_skips_variants_without_a_table(panel, drive, qtbot, monkeypatch,
                                                  tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "empty-cache"))
    run(panel, drive, qtbot, "All three", "3, 8")
    assert sorted(panel.curves) == [("holdem", "call"), ("holdem", "push")]
    status = drive.find(panel, QLabel, "sweepStatus").text()
    assert "Omaha Hi skipped" in status and "Omaha Hi/Lo skipped" in status
    assert "not built" in status


def test_stacks_are_checked_as_typed(panel, drive):
    edit = drive.find(panel, QLineEdit, "sweepStacksEdit")
    drive.type_into(edit, "2-x")
    assert drive.find(panel, QLabel, "sweepStacksError").isVisible()
    assert not drive.find(panel, QPushButton, "sweepRunButton").isEnabled()
    drive.type_into(edit, "2, 4")
    assert drive.find(panel, QPushButton, "sweepRunButton").isEnabled()
    for bad in ("1-1000", "5-3", "0, 2", ""):
        with pytest.raises(ValueError):
            parse_stacks_text(bad)
