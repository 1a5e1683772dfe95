"""The Equity tab: exact and Monte Carlo equity, the Hi/Lo breakdown, card errors in place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QTableView

from omahanash.equity.exact import exact_equity

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine


def equity_tab(window):
    tab = window.tab("Equity")
    window.tab_widget.setCurrentWidget(tab)
    return tab


def fill(drive, tab, game: str, hand1: str, hand2: str, board: str = "", dead: str = "",
         method: str = "Exact") -> None:
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), game)
    drive.choose(drive.find(tab, QComboBox, "equityMethodCombo"), method)
    drive.type_into(drive.find(tab, QLineEdit, "equityHand1Edit"), hand1)
    drive.type_into(drive.find(tab, QLineEdit, "equityHand2Edit"), hand2)
    for name, text in (("equityBoardEdit", board), ("equityDeadEdit", dead)):
        edit = drive.find(tab, QLineEdit, name)
        edit.clear()
        if text:
            drive.type_into(edit, text)


def calculate(qtbot, drive, tab) -> None:
    button = drive.find(tab, QPushButton, "equityRunButton")
    assert button.isEnabled() and button.text() == "Calculate"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Calculate", timeout=TIMEOUT_MS)


def test_aces_against_kings_holdem_exact(qtbot, window, drive):
    tab = equity_tab(window)
    fill(drive, tab, "Texas Hold'em", "As Ah", "Ks Kd")
    calculate(qtbot, drive, tab)
    table = drive.find(tab, QTableView, "equityResultTable")
    assert drive.table_header(table) == ["Player", "Hand", "Equity", "Win", "Lose"]
    rows = drive.table_rows(table)
    assert rows[0][:3] == ["Player 1", "As Ah", "81.95%"]
    assert rows[1][:3] == ["Player 2", "Ks Kd", "18.05%"]
    assert drive.find(tab, QLabel, "equityHeadline").text() == \
        "Player 1: 81.95%   ·   Player 2: 18.05%"
    assert drive.find(tab, QLabel, "equitySummary").text().startswith(
        "Exact: 1,712,304 boards · split pots ")


def test_omaha_hilo_breakdown_matches_the_library(qtbot, window, drive):
    tab = equity_tab(window)
    fill(drive, tab, "Omaha Hi/Lo", "Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s")
    calculate(qtbot, drive, tab)
    expected = exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s", game="omaha-hilo")
    table = drive.find(tab, QTableView, "equityResultTable")
    # the words players use, each with a tooltip; "Win" (which equalled "Scoop")
    # and "High half" (a pot share read as P(win high)) are gone
    header = drive.table_header(table)
    assert header == ["Player", "Hand", "Equity", "Scoop", "Win high", "Win low", "Wins ¾",
                      "Split ½", "Quartered", "Scooped"]
    model = table.model()
    for column, title in enumerate(header[2:], start=2):
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert tip, title
    for i, row in enumerate(drive.table_rows(table)):
        other = 1 - i
        shares = (expected.equity[i], expected.scoop[i], expected.win_high[i],
                  expected.win_low[i], expected.win[i] - expected.scoop[i], expected.tie,
                  expected.lose[i] - expected.scoop[other], expected.scoop[other])
        assert row[2:] == [f"{100 * share:.2f}%" for share in shares]
        outcomes = [float(cell.rstrip("%")) for cell in (row[3], *row[6:10])]
        assert sum(outcomes) == pytest.approx(100.0, abs=0.03)  # every board is one of them
    assert drive.table_rows(table)[0][7] == drive.table_rows(table)[1][7]  # split: both
    summary = drive.find(tab, QLabel, "equitySummary").text()
    assert expected.boards == 820  # C(41, 2): 52 - 8 hole cards - 3 on the board
    assert "Exact: 820 boards" in summary and "qualifying low" in summary


def test_monte_carlo_hand_against_a_range(qtbot, window, drive):
    tab = equity_tab(window)
    fill(drive, tab, "Texas Hold'em", "As Ah", "Ks Kd; Qs Qd", method="Exact")
    assert not drive.find(tab, QPushButton, "equityRunButton").isEnabled()
    assert "choose Monte Carlo" in drive.find(tab, QLabel, "equityHand2Error").text()
    drive.choose(drive.find(tab, QComboBox, "equityMethodCombo"), "Monte Carlo")
    drive.type_into(drive.find(tab, QLineEdit, "equityTrialsEdit"), "20000")
    drive.type_into(drive.find(tab, QLineEdit, "equitySeedEdit"), "1")
    calculate(qtbot, drive, tab)
    result = tab.result
    assert result is not None and not result.exact and result.boards == 20_000
    assert abs(result.equity[0] - 0.82) < 0.02
    summary = drive.find(tab, QLabel, "equitySummary").text()
    assert summary.startswith("Monte Carlo: 20,000 trials, seed 1, standard error ")


def test_bad_cards_disable_calculate_and_say_why_beside_the_field(window, drive):
    tab = equity_tab(window)
    button = drive.find(tab, QPushButton, "equityRunButton")
    fill(drive, tab, "Texas Hold'em", "As Ax", "Ks Kd")
    error = drive.find(tab, QLabel, "equityHand1Error")
    assert not button.isEnabled() and error.isVisible() and "'Ax'" in error.text()

    fill(drive, tab, "Texas Hold'em", "As Ah", "Ks Kd", board="Qs 7h")
    board_error = drive.find(tab, QLabel, "equityBoardError")
    assert not button.isEnabled() and "expected 0 or 3 or 4 or 5" in board_error.text()
    assert not error.isVisible()

    fill(drive, tab, "Texas Hold'em", "As Ah", "As Kd")
    deal_error = drive.find(tab, QLabel, "equityError")
    assert not button.isEnabled()
    assert deal_error.text() == "card 'As' is in both hand 1 and hand 2"

    fill(drive, tab, "Omaha Hi", "As Ah", "Ks Kd Qc Jc")
    assert not button.isEnabled() and "expected 4" in error.text()
    fill(drive, tab, "Omaha Hi", "As Ah 2c 3d", "Ks Kd Qc Jc")
    assert button.isEnabled() and not deal_error.isVisible()
