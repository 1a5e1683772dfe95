"""The CFR games tab, driven offscreen as a user would: solve, watch, stop, browse, save."""

from __future__ import annotations

import math

import pytest
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTreeView,
)

from omahanash.cfr import TreeBrowser, solve
from omahanash.games.domino import make_domino_game
from omahanash.games.kuhn import KuhnPoker
from ui.kit.plots import ConvergencePlot, power_of_two_label

THESIS_TILES = "[0|0][0|1][0|2][1|2]"
RUN_TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine


def cfr_tab(window):
    tab = window.tab("CFR games")
    window.tab_widget.setCurrentWidget(tab)
    return tab


def setup_run(drive, tab, game: str, iterations: int, algorithm: str = "CFR+") -> None:
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), game)
    drive.choose(drive.find(tab, QComboBox, "cfrAlgorithmCombo"), algorithm)
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), str(iterations))


def click_run_and_wait(qtbot, drive, tab) -> None:
    button = drive.find(tab, QPushButton, "cfrRunButton")
    assert button.text().startswith("Run") and button.isEnabled()
    qtbot.mouseClick(button, qtbot_left())
    assert button.text() == "Stop"
    qtbot.waitUntil(lambda: button.text().startswith("Run"), timeout=RUN_TIMEOUT_MS)


def qtbot_left():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def test_domino_thesis_setting_solves_and_browses(qtbot, window, drive):
    """The thesis's first domino setting with CFR+: the root's strategy table lists every hand
    of player 0 with the library's average probabilities, and the tree can be browsed."""
    tab = cfr_tab(window)
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Dominoes")
    drive.type_into(drive.find(tab, QLineEdit, "dominoTilesEdit"), THESIS_TILES)
    drive.find(tab, QSpinBox, "dominoPlayersSpin").setValue(2)
    drive.find(tab, QSpinBox, "dominoHandSpin").setValue(2)
    setup_run(drive, tab, "Dominoes", 500)
    click_run_and_wait(qtbot, drive, tab)

    result = drive.find(tab, QLabel, "cfrResultLabel").text()
    assert "Done: 500 iterations." in result
    assert "Tree: 41 nodes, 14 information sets" in result

    tree = drive.find(tab, QTreeView, "treeView")
    root = tree.model().index(0, 0)
    assert root.data() == "root"
    drive.click_index(tree, root)
    table = drive.find(tab, QTableView, "strategyTable")
    assert drive.table_header(table) == ["Information set", "[0|0]", "[0|1]", "[0|2]", "[1|2]"]

    expected = TreeBrowser(solve(make_domino_game(THESIS_TILES, 2, 2), "cfr+", 500)).node()
    rows = drive.table_rows(table)
    hands = [row[0] for row in rows]
    assert sorted(hands) == ["[0|0][0|1]", "[0|0][0|2]", "[0|0][1|2]",
                             "[0|1][0|2]", "[0|1][1|2]", "[0|2][1|2]"]
    for row in rows:
        hand = row[0]
        for column, transition in enumerate(expected.transitions, start=1):
            probability = transition.probabilities.get(hand)
            shown = "" if probability is None else f"{probability:.5f}"
            assert row[column] == shown
        played = [float(cell) for cell in row[1:] if cell]
        assert len(played) == 2 and math.isclose(sum(played), 1.0, abs_tol=1e-4)
    assert "player 0 acts" in drive.find(tab, QLabel, "nodeInfoLabel").text()

    # Step into a child: player 1's hands are listed there.
    tree.expand(root)
    child = tree.model().index(1, 0, root)
    assert child.data() == "[0|1]"
    drive.click_index(tree, child)
    assert "player 1 acts" in drive.find(tab, QLabel, "nodeInfoLabel").text()
    assert all("[0|1]" not in row[0] for row in drive.table_rows(table))


def test_kuhn_exploitability_falls_on_the_plot(qtbot, window, drive):
    tab = cfr_tab(window)
    setup_run(drive, tab, "Kuhn", 1000)
    click_run_and_wait(qtbot, drive, tab)

    plot = drive.find(tab, ConvergencePlot, "exploitabilityPlot")
    x, y = plot.curve.xData.tolist(), plot.curve.yData.tolist()
    assert x == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000]
    assert y[-1] < 0.002 < y[0] / 10
    assert y[-1] == min(y)
    # The x axis is logarithmic with ticks at powers of two, as in the thesis figures.
    axis = plot.getPlotItem().getAxis("bottom")
    assert axis.logMode
    assert axis.logTickStrings([10 * math.log10(2)], 1.0, None) == [power_of_two_label(10)]
    assert power_of_two_label(10) == "2¹⁰"

    result = drive.find(tab, QLabel, "cfrResultLabel").text()
    value = solve(KuhnPoker(), "cfr+", 1000).values()[0]
    assert f"player 0: {value:+.5f}" in result
    assert abs(value + 1 / 18) < 1e-3

    log_check = drive.find(tab, QCheckBox, "exploitabilityLogCheck")
    log_check.setChecked(True)
    assert plot.getPlotItem().getAxis("left").logMode
    assert plot.curve.xData.tolist() == x


def test_stop_keeps_the_iterations_done_and_continue_adds_more(qtbot, window, drive):
    tab = cfr_tab(window)
    setup_run(drive, tab, "Leduc", 50_000_000)
    button = drive.find(tab, QPushButton, "cfrRunButton")
    plot = drive.find(tab, ConvergencePlot, "exploitabilityPlot")
    qtbot.mouseClick(button, qtbot_left())
    assert button.text() == "Stop"
    # The curve grows while the run goes on.
    qtbot.waitUntil(lambda: len(plot.history()) >= 6, timeout=RUN_TIMEOUT_MS)
    assert button.text() == "Stop"
    qtbot.mouseClick(button, qtbot_left())
    qtbot.waitUntil(lambda: button.text().startswith("Run"), timeout=RUN_TIMEOUT_MS)

    solution = tab.solution
    assert solution is not None and 32 <= solution.iterations < 50_000_000
    result = drive.find(tab, QLabel, "cfrResultLabel").text()
    assert f"Stopped after {solution.iterations:,} iterations (kept)." in result
    assert plot.history()[-1][0] == solution.iterations
    tree = drive.find(tab, QTreeView, "treeView")
    assert tree.model().rowCount() == 1 and tree.currentIndex().isValid()

    done = solution.iterations
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "64")
    continue_button = drive.find(tab, QPushButton, "cfrContinueButton")
    assert continue_button.isEnabled()
    qtbot.mouseClick(continue_button, qtbot_left())
    qtbot.waitUntil(lambda: button.text().startswith("Run") and tab.tree_model.browser
                    is not None, timeout=RUN_TIMEOUT_MS)
    assert tab.solution is solution and solution.iterations == done + 64
    assert plot.history()[-1][0] == done + 64


@pytest.mark.parametrize(("tiles", "players", "hand", "message"), [
    ("[0|0][0|1]", 2, 2, "the tile set has only 2"),
    ("[0|0][0|1", 2, 1, "cannot read tile set"),
    ("[0|0][0|0][1|1]", 2, 1, "appears twice"),
])
def test_invalid_domino_settings_disable_run(window, drive, tiles, players, hand, message):
    tab = cfr_tab(window)
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Dominoes")
    run = drive.find(tab, QPushButton, "cfrRunButton")
    error = drive.find(tab, QLabel, "dominoError")
    drive.type_into(drive.find(tab, QLineEdit, "dominoTilesEdit"), THESIS_TILES)
    assert run.isEnabled() and not error.isVisible()

    drive.find(tab, QSpinBox, "dominoPlayersSpin").setValue(players)
    drive.find(tab, QSpinBox, "dominoHandSpin").setValue(hand)
    drive.type_into(drive.find(tab, QLineEdit, "dominoTilesEdit"), tiles)
    assert not run.isEnabled()
    assert error.isVisible() and message in error.text()

    drive.type_into(drive.find(tab, QLineEdit, "dominoTilesEdit"), "double-2")
    assert run.isEnabled() and not error.isVisible()


def test_bad_iterations_and_algorithm_disable_run(window, drive):
    tab = cfr_tab(window)
    run = drive.find(tab, QPushButton, "cfrRunButton")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "12x")
    assert not run.isEnabled()
    assert "whole number" in drive.find(tab, QLabel, "cfrIterationsError").text()
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "100")
    assert run.isEnabled()
    drive.choose(drive.find(tab, QComboBox, "cfrAlgorithmCombo"), "Fictitious play")
    assert not run.isEnabled()
    assert "matrix games only" in drive.find(tab, QLabel, "cfrAlgorithmError").text()
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Matrix game")
    assert run.isEnabled()


def test_matrix_game_against_a_fixed_mix(qtbot, window, drive):
    """The classic exercise: against (0.4, 0.3, 0.3) the best reply is the second action."""
    tab = cfr_tab(window)
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Matrix game")
    drive.type_into(drive.find(tab, QLineEdit, "matrixPayoffEdit"), "rps")
    drive.type_into(drive.find(tab, QLineEdit, "matrixOpponentEdit"), "0.4,0.3")
    assert "3" in drive.find(tab, QLabel, "matrixOpponentError").text()
    assert not drive.find(tab, QPushButton, "cfrRunButton").isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "matrixOpponentEdit"), "0.4,0.3,0.3")
    setup_run(drive, tab, "Matrix game", 1000, algorithm="CFR")
    click_run_and_wait(qtbot, drive, tab)
    result = drive.find(tab, QLabel, "cfrResultLabel").text()
    assert "Best response to the opponent's mix: paper (worth 0.1)" in result
    rows = drive.table_rows(drive.find(tab, QTableView, "strategyTable"))
    assert [row[:2] for row in rows][:3] == [["row player", "rock"], ["row player", "paper"],
                                            ["row player", "scissors"]]
    assert float(rows[1][2]) > 0.99


def test_jump_to_an_information_set_and_save_open(qtbot, window, drive, tmp_path,
                                                  monkeypatch):
    tab = cfr_tab(window)
    setup_run(drive, tab, "Kuhn", 256)
    click_run_and_wait(qtbot, drive, tab)

    edit = drive.find(tab, QLineEdit, "infosetEdit")
    drive.type_into(edit, "K/zz")
    qtbot.mouseClick(drive.find(tab, QPushButton, "infosetGoButton"), qtbot_left())
    assert "no information set 'K/zz'" in drive.find(tab, QLabel, "infosetError").text()
    drive.type_into(edit, "K/pb")
    qtbot.mouseClick(drive.find(tab, QPushButton, "infosetGoButton"), qtbot_left())
    assert not drive.find(tab, QLabel, "infosetError").isVisible()
    tree = drive.find(tab, QTreeView, "treeView")
    assert tab.tree_model.path_at(tree.currentIndex()) == ("pass", "bet")
    table = drive.find(tab, QTableView, "strategyTable")
    selected = table.selectionModel().selectedRows()
    assert [table.model().index(i.row(), 0).data() for i in selected] == ["K"]
    strategy = tab.solution.strategy("K/pb")
    assert f"bet {strategy['bet']:.5f}" in drive.find(tab, QLabel, "nodeInfoLabel").text()

    # Save through the button (the file dialog answers with a path), then open it again.
    target = tmp_path / "kuhn.npz"
    monkeypatch.setattr("ui.cfr.tab.QFileDialog.getSaveFileName",
                        lambda *args, **kwargs: (str(target), ""))
    monkeypatch.setattr("ui.cfr.tab.QFileDialog.getOpenFileName",
                        lambda *args, **kwargs: (str(target), ""))
    run = drive.find(tab, QPushButton, "cfrRunButton")
    qtbot.mouseClick(drive.find(tab, QPushButton, "cfrSaveButton"), qtbot_left())
    qtbot.waitUntil(lambda: run.text().startswith("Run"), timeout=RUN_TIMEOUT_MS)
    assert target.is_file()
    before = tab.solution.strategies()
    qtbot.mouseClick(drive.find(tab, QPushButton, "cfrOpenButton"), qtbot_left())
    qtbot.waitUntil(lambda: run.text().startswith("Run") and tab.solution is not None,
                    timeout=RUN_TIMEOUT_MS)
    assert "Opened kuhn.npz. Done: 256 iterations." in \
        drive.find(tab, QLabel, "cfrResultLabel").text()
    assert tab.solution.strategies() == before

    # A damaged file is refused with the library's message, in the window.
    target.write_bytes(b"not a solution")
    qtbot.mouseClick(drive.find(tab, QPushButton, "cfrOpenButton"), qtbot_left())
    error = drive.find(tab, QLabel, "cfrErrorLabel")
    qtbot.waitUntil(lambda: error.isVisible(), timeout=RUN_TIMEOUT_MS)
    assert "not a saved CFR solution" in error.text()


def test_a_game_added_to_the_registry_gets_its_form(qtbot, monkeypatch, drive):
    """The settings pages come from omahanash.games.GAME_CHOICES alone: a toy game registered
    there shows up with a field per setting (its range, choices and default), its messages
    beside the field they name, and it runs."""
    import sys
    import types

    from omahanash import games
    from omahanash.errors import InputError
    from ui.cfr.tab import CfrTab

    def toy(players: int, style: str, motto: str) -> KuhnPoker:
        if style == "plain":
            raise InputError.naming("style", "a plain toy is not a game")
        return KuhnPoker(players)

    module = types.ModuleType("toy_games_for_the_cfr_tab")
    module.toy = toy
    monkeypatch.setitem(sys.modules, module.__name__, module)
    choice = games.GameChoice("toy", "Toy Kuhn", (
        games.GameSetting("players", int, 3, "players, 2 or 3", 2, 3),
        games.GameSetting("style", str, "fancy", "how it looks", choices=("plain", "fancy")),
        games.GameSetting("motto", str, "hi", "any text"),
    ), f"{module.__name__}:toy", note="Kuhn in a toy's clothes.")
    monkeypatch.setattr(games, "GAME_CHOICES", (*games.GAME_CHOICES, choice))
    tab = CfrTab()
    qtbot.addWidget(tab)
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Toy Kuhn")
    spin = drive.find(tab, QSpinBox, "toyPlayersSpin")
    assert (spin.minimum(), spin.maximum(), spin.value()) == (2, 3, 3)
    style = drive.find(tab, QComboBox, "toyStyleCombo")
    assert [style.itemText(i) for i in range(style.count())] == ["plain", "fancy"]
    assert style.currentText() == "fancy"
    assert drive.find(tab, QLineEdit, "toyMottoEdit").text() == "hi"
    run = drive.find(tab, QPushButton, "cfrRunButton")
    assert run.isEnabled()
    style.setCurrentText("plain")
    error = drive.find(tab, QLabel, "toyStyleError")
    assert not run.isEnabled() and error.text() == "a plain toy is not a game"
    style.setCurrentText("fancy")
    assert run.isEnabled() and error.text() == ""
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "20")
    with qtbot.waitSignal(tab.runner.finished, timeout=RUN_TIMEOUT_MS):
        assert tab.run()
    assert tab.solution is not None and tab.solution.tree.num_players == 3
    assert "Done: 20 iterations." in drive.find(tab, QLabel, "cfrResultLabel").text()
