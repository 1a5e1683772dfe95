"""Stop in the Table tab past the measuring grace (a 0 s grace: certain, no timing): the run's
last ranges stay shown, the status says stopped and not measured, nothing that needs a pass is
offered (lookup, save, export), and Continue runs on from the iterations kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox

from omahanash import runs
from ui.table.tab import TableTab


@pytest.fixture
def tab(window) -> TableTab:
    tab = window.tab("Table")
    assert isinstance(tab, TableTab)
    window.tab_widget.setCurrentWidget(tab)
    return tab


def test_stop_past_the_grace_keeps_the_ranges_unmeasured(tab, drive, qtbot, monkeypatch):
    monkeypatch.setattr(runs, "MEASURE_GRACE", 0.0)
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(3)
    for i, stack in enumerate(("1500", "1000", "800")):
        drive.type_into(drive.find(tab, QLineEdit, f"seatStackEdit{i}"), stack)
    drive.type_into(drive.find(tab, QLineEdit, "tableSbEdit"), "50")
    drive.type_into(drive.find(tab, QLineEdit, "tableBbEdit"), "100")
    drive.type_into(drive.find(tab, QLineEdit, "payoutsEdit"), "50/30/20")
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "ICM")
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), "100000")
    drive.type_into(drive.find(tab, QLineEdit, "tableDealsEdit"), "4000")
    drive.type_into(drive.find(tab, QLineEdit, "tableSeedEdit"), "3")
    button = drive.find(tab, QPushButton, "tableCalculateButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab._live_seen >= 1, timeout=120_000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # Stop
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    solution = tab.solution
    assert solution is not None and 1 <= solution.iterations < 100_000
    assert "not measured" in tab.run_status.text()
    assert tab.node_model.rowCount() == 6, "the run's last ranges stay"
    assert not drive.find(tab, QPushButton, "tableLookupButton").isEnabled()
    done = solution.iterations
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), "4")
    assert tab.continue_run()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert tab.solution.iterations == done + 4
    assert "not measured" not in tab.run_status.text()
