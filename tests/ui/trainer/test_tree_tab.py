"""The Trainer tab on a betting tree, driven like a user: Betting "Pot-limit", Start, and the
answer buttons are the node's actions (``trainerActionButton_<action>``, labelled as players
say them) while Push / Fold are hidden; a click grades the answer by the solution's own
lookup; keys answer too; Stop during the tree's first solve (the real engine) ends it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton

from omahanash.hands import class_name
from omahanash.trainer import History
from omahanash.trainer.tree_cache import tree_equilibrium
from omahanash.trainer.tree_drill import TreeDrill
from ui.trainer.tab import TrainerTab

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine
KINDS = ("fold", "call", "raise", "allin")


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("OMAHANASH_DATA", str(folder))
    return folder


@pytest.fixture
def tab(window, qtbot) -> TrainerTab:
    tab = window.tab("Trainer")
    assert isinstance(tab, TrainerTab)
    window.tab_widget.setCurrentWidget(tab)
    window.activateWindow()
    qtbot.waitActive(window)
    tab.seed = 5
    return tab


def configure(tab, drive, tree="Pot-limit", stack="10") -> None:
    drive.choose(drive.find(tab, QComboBox, "trainerGameCombo"), "Hold'em")
    drive.choose(drive.find(tab, QComboBox, "trainerTreeCombo"), tree)
    drive.type_into(drive.find(tab, QLineEdit, "trainerStackEdit"), stack)


def shown_actions(drive, tab) -> dict[str, QPushButton]:
    buttons = {kind: drive.find(tab, QPushButton, f"trainerActionButton_{kind}")
               for kind in KINDS}
    return {kind: b for kind, b in buttons.items() if b.isVisible()}


def test_the_buttons_are_the_nodes_actions(qtbot, drive, tab, data_folder):
    tab.tree_solve = lambda spot, progress, cancel: tree_equilibrium(
        spot, iterations=20, persist=False, progress=progress, cancel=cancel)
    combo = drive.find(tab, QComboBox, "trainerTreeCombo")
    assert [combo.itemText(i) for i in range(combo.count())][:3] == [
        "Push/fold", "Pot-limit", "Pot-limit with limps"]
    configure(tab, drive)
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerStartButton"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.spot is not None and not tab.runner.running,
                    timeout=TIMEOUT_MS)
    assert isinstance(tab.drill, TreeDrill)
    answered = []
    for number in range(4):
        spot = tab.spot
        shown = shown_actions(drive, tab)
        assert list(shown) == list(spot.kinds)
        assert [b.text() for b in shown.values()] == [a.label for a in spot.actions]
        assert all(b.isEnabled() for b in shown.values())
        assert not drive.find(tab, QPushButton, "trainerPushButton").isVisible()
        assert not drive.find(tab, QPushButton, "trainerFoldButton").isVisible()
        assert spot.node in drive.find(tab, QLabel, "trainerSituation").text()
        # the best action by the library's own lookup of the same spot
        solution_ev = {a.kind: a.ev for a in spot.actions}
        best = max(solution_ev, key=solution_ev.get)
        if number % 2:
            qtbot.mouseClick(shown[best], Qt.MouseButton.LeftButton)
        else:
            qtbot.keyClick(tab, {"fold": Qt.Key.Key_F, "call": Qt.Key.Key_C,
                                 "raise": Qt.Key.Key_R, "allin": Qt.Key.Key_A}[best])
        answer = tab.drill.answers[-1]
        assert answer.record.action == best and answer.grade.correct
        feedback = drive.find(tab, QLabel, "trainerFeedback").text()
        assert feedback.startswith(f"{spot.hand}: Correct") and "EV lost 0.000 bb" in feedback
        assert not any(b.isEnabled() for b in shown_actions(drive, tab).values())
        answered.append((spot.node, class_name("holdem", spot.class_id)))
        qtbot.keyClick(tab, Qt.Key.Key_Space)  # solved: the next spot at once
        assert tab.spot is not None and not tab.runner.running
    with History(data_folder / "trainer.sqlite", read_only=True) as history:
        assert [r.node for r in history.tree_records()] == [node for node, _ in answered]
    # back to push/fold: the push/fold buttons again
    tab.spot = None
    drive.choose(drive.find(tab, QComboBox, "trainerTreeCombo"), "Push/fold")
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerStartButton"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.spot is not None and not tab.runner.running,
                    timeout=TIMEOUT_MS)
    assert drive.find(tab, QPushButton, "trainerPushButton").isVisible()
    assert shown_actions(drive, tab) == {}


def test_stop_during_the_first_tree_solve(qtbot, drive, tab):
    tab.tree_solve = lambda spot, progress, cancel: tree_equilibrium(
        spot, iterations=200_000, persist=False, progress=progress, cancel=cancel)
    configure(tab, drive, stack="11")
    button = drive.find(tab, QPushButton, "trainerStartButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop" and tab.runner.running
    assert not drive.find(tab, QComboBox, "trainerTreeCombo").isEnabled()
    qtbot.waitUntil(lambda: tab.progress.isVisible() and tab.progress.value() > 0,
                    timeout=TIMEOUT_MS)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Start", timeout=TIMEOUT_MS)
    assert drive.find(tab, QLabel, "trainerSpotLabel").text().startswith("Stopped")
    assert tab.spot is None and not tab.drill.is_solved(0)
