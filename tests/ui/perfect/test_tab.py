"""The perfect-information tab: nim, subtraction games and game graphs, typed and solved."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QTableView

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine


def perfect_tab(window):
    tab = window.tab("Perfect information")
    window.tab_widget.setCurrentWidget(tab)
    return tab


def solve(qtbot, drive, tab) -> str:
    button = drive.find(tab, QPushButton, "perfectSolveButton")
    assert button.isEnabled() and button.text() == "Solve"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Solve", timeout=TIMEOUT_MS)
    return drive.find(tab, QLabel, "perfectResult").text()


def test_nim_345_is_a_win_with_a_move(qtbot, window, drive):
    tab = perfect_tab(window)
    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Nim")
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "3 4 5")
    text = solve(qtbot, drive, tab)
    assert "Win for the player to move (Grundy value 2)" in text
    assert "Winning move: take 2 from heap 1 (3 → 1), leaving 1 4 5." in text

    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "1 2 3")
    text = solve(qtbot, drive, tab)
    assert "Loss for the player to move (Grundy value 0)" in text
    assert "Every move loses" in text


def test_subtraction_game_take_one_to_three(qtbot, window, drive):
    tab = perfect_tab(window)
    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Subtraction game")
    moves = drive.find(tab, QLineEdit, "perfectMovesEdit")
    assert moves.isVisible()
    drive.type_into(moves, "1,2,3")
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "10")
    assert "Winning move: take 2, leaving 8." in solve(qtbot, drive, tab)
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "12")
    assert "Loss for the player to move" in solve(qtbot, drive, tab)

    drive.type_into(moves, "1,0")
    assert not drive.find(tab, QPushButton, "perfectSolveButton").isEnabled()
    assert "positive integer" in drive.find(tab, QLabel, "perfectMovesError").text()


def test_game_graph_by_retrograde_analysis(qtbot, window, drive):
    tab = perfect_tab(window)
    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Game graph")
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "p q; q p; q t; d e; e d")
    text = solve(qtbot, drive, tab)
    assert "5 positions: 1 win, 2 loss, 2 draw." in text
    assert "First position p: loss for the player to move; best move to q." in text
    rows = drive.table_rows(drive.find(tab, QTableView, "perfectTable"))
    assert rows == [["p", "loss", "2", "q"], ["q", "win", "1", "t"], ["t", "loss", "0", ""],
                    ["d", "draw", "", "e"], ["e", "draw", "", "d"]]

    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), '{"a": ["zz"]}')
    qtbot.mouseClick(drive.find(tab, QPushButton, "perfectSolveButton"),
                     Qt.MouseButton.LeftButton)
    error = drive.find(tab, QLabel, "perfectInputError")
    qtbot.waitUntil(error.isVisible, timeout=TIMEOUT_MS)
    assert "zz" in error.text()


def test_bad_heaps_disable_solve_and_say_why(window, drive):
    tab = perfect_tab(window)
    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Nim")
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "3 x 5")
    assert not drive.find(tab, QPushButton, "perfectSolveButton").isEnabled()
    error = drive.find(tab, QLabel, "perfectInputError")
    assert error.isVisible() and "'x'" in error.text()
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "3 4 5")
    assert drive.find(tab, QPushButton, "perfectSolveButton").isEnabled()
    assert not error.isVisible()
