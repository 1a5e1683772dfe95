"""Correct states, plots and words in the CFR, Equity and Perfect-information tabs:
every job ends in a consistent idle state, stale results are marked or cleared, messages stay
with their tab, plots show no ticks without data, tree labels read in full, and a game hides
what it cannot show."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableView,
    QTreeView,
    QWidget,
)

import omahanash
from omahanash.errors import InputError
from ui.cfr.tab import NO_TREE_TEXT
from ui.kit.plots import ConvergencePlot

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine
HUGE_SEED = "99999999999999999999999"


@pytest.fixture
def window(make_window):
    """The window with the tabs these checks are about (not the Jam-fold tab, whose checks
    live in test_jamfold_tab.py)."""
    from ui.cfr.tab import CfrTab
    from ui.equity.tab import EquityTab
    from ui.perfect.tab import PerfectTab
    from ui.review.tab import ReviewTab
    from ui.tournament.tab import TournamentTab
    from ui.trainer.tab import TrainerTab

    return make_window(factories=[CfrTab, EquityTab, PerfectTab, ReviewTab, TournamentTab,
                                  TrainerTab])


def show(window, title: str):
    tab = window.tab(title)
    window.tab_widget.setCurrentWidget(tab)
    return tab


def wait_idle(qtbot, button: QPushButton, idle_text: str) -> None:
    qtbot.waitUntil(lambda: button.text() == idle_text, timeout=TIMEOUT_MS)


def assert_cfr_idle(tab, drive) -> None:
    """Nothing on the CFR tab says a run is going on, and the buttons match what is there."""
    assert drive.find(tab, QPushButton, "cfrRunButton").text() == "Run"
    assert "Running" not in drive.find(tab, QLabel, "nodeInfoLabel").text()
    bar = drive.find(tab, QProgressBar, "cfrProgressBar")
    assert bar.format() == "%p%"
    has_solution = tab.solution is not None
    assert drive.find(tab, QPushButton, "cfrSaveButton").isEnabled() == has_solution
    assert drive.find(tab, QPushButton, "cfrContinueButton").isEnabled() == has_solution
    assert drive.find(tab, QPushButton, "cfrOpenButton").isEnabled()
    for name in ("cfrGameCombo", "cfrAlgorithmCombo"):
        assert drive.find(tab, QComboBox, name).isEnabled()
    if has_solution:
        assert tab.tree_model.browser is not None
    else:
        assert bar.value() == 0
        assert drive.find(tab, QLabel, "nodeInfoLabel").text() == NO_TREE_TEXT
        assert tab.tree_model.rowCount() == 0


# -- 1. correct states ---------------------------------------------------------------------------


def test_a_seed_beyond_64_bits_is_refused_beside_the_field(window, drive):
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrAlgorithmCombo"), "MCCFR (chance sampling)")
    drive.type_into(drive.find(tab, QLineEdit, "cfrSeedEdit"), HUGE_SEED)
    error = drive.find(tab, QLabel, "cfrSeedError")
    assert error.isVisible() and "at most 18,446,744,073,709,551,615" in error.text()
    assert not drive.find(tab, QPushButton, "cfrRunButton").isEnabled()
    assert not tab.run()
    drive.type_into(drive.find(tab, QLineEdit, "cfrSeedEdit"), str(2**64 - 1))
    assert not error.isVisible()
    assert drive.find(tab, QPushButton, "cfrRunButton").isEnabled()

    equity = show(window, "Equity")
    drive.choose(drive.find(equity, QComboBox, "equityMethodCombo"), "Monte Carlo")
    drive.type_into(drive.find(equity, QLineEdit, "equitySeedEdit"), HUGE_SEED)
    assert "at most" in drive.find(equity, QLabel, "equitySeedError").text()
    assert not drive.find(equity, QPushButton, "equityRunButton").isEnabled()


def test_a_failing_run_leaves_the_cfr_tab_idle(qtbot, window, drive, monkeypatch):
    """A job that fails after building the tree (as the 2⁶⁴ seed once did): the message is
    in the tab, the tree pane no longer says "Running…", the progress bar is reset."""
    import omahanash.cfr.solvers as solvers

    def failing(*_args, **_kwargs):
        raise InputError("seed must be a whole number from 0 to 18446744073709551615")

    monkeypatch.setattr(solvers, "new_solution", failing)
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    assert tab.run()
    wait_idle(qtbot, drive.find(tab, QPushButton, "cfrRunButton"), "Run")
    error = drive.find(tab, QLabel, "cfrErrorLabel")
    assert error.isVisible() and "seed must be" in error.text()
    assert_cfr_idle(tab, drive)
    assert "failed" in window.statusBar().currentMessage().lower()


def test_stop_at_once_leaves_the_cfr_tab_idle(qtbot, window, drive):
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Leduc")
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "50000000")
    button = drive.find(tab, QPushButton, "cfrRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # Stop, at once
    wait_idle(qtbot, button, "Run")
    assert_cfr_idle(tab, drive)


def test_a_stale_equity_is_marked_when_the_variant_changes(qtbot, window, drive):
    tab = show(window, "Equity")
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Texas Hold'em")
    drive.choose(drive.find(tab, QComboBox, "equityMethodCombo"), "Exact")
    drive.type_into(drive.find(tab, QLineEdit, "equityHand1Edit"), "As Ah")
    drive.type_into(drive.find(tab, QLineEdit, "equityHand2Edit"), "Ks Kd")
    button = drive.find(tab, QPushButton, "equityRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_idle(qtbot, button, "Calculate")
    stale = drive.find(tab, QLabel, "equityStaleLabel")
    assert not stale.isVisible() and "81.95%" in drive.find(tab, QLabel, "equityHeadline").text()

    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Omaha Hi/Lo")
    assert stale.isVisible() and "previous inputs" in stale.text()
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Texas Hold'em")
    assert not stale.isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "equityHand2Edit"), "Qs Qd")
    assert stale.isVisible()


def test_stop_at_once_in_the_equity_tab_leaves_nothing_exportable(qtbot, window, drive):
    tab = show(window, "Equity")
    drive.choose(drive.find(tab, QComboBox, "equityMethodCombo"), "Monte Carlo")
    drive.type_into(drive.find(tab, QLineEdit, "equityTrialsEdit"), "1000000000")
    button = drive.find(tab, QPushButton, "equityRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_idle(qtbot, button, "Calculate")
    exports = [b for b in tab.export_buttons]
    assert all(b.isEnabled() == (tab.result is not None) for b in exports)
    assert "Calculating" not in drive.find(tab, QLabel, "equityHeadline").text()


def test_each_tab_keeps_its_own_message(qtbot, window, drive):
    ready = f"Omaha Nash {omahanash.__version__} — ready"
    perfect = show(window, "Perfect information")
    drive.type_into(drive.find(perfect, QLineEdit, "perfectInputEdit"), "3 4 5")
    perfect.solve()
    qtbot.waitUntil(lambda: "Heaps 3 4 5: Win" in window.statusBar().currentMessage())

    cfr = show(window, "CFR games")
    assert window.statusBar().currentMessage() == ready  # the CFR tab has said nothing
    cfr.status_message.emit("CFR news")
    assert window.statusBar().currentMessage() == "CFR news"
    perfect.status_message.emit("Perfect news, while the CFR tab is shown")
    assert window.statusBar().currentMessage() == "CFR news"

    show(window, "Perfect information")
    assert window.statusBar().currentMessage() == "Perfect news, while the CFR tab is shown"
    show(window, "CFR games")
    assert window.statusBar().currentMessage() == "CFR news"


def test_a_jump_to_error_does_not_survive_a_game_change(qtbot, window, drive):
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "100")
    assert tab.run()
    wait_idle(qtbot, drive.find(tab, QPushButton, "cfrRunButton"), "Run")
    drive.type_into(drive.find(tab, QLineEdit, "infosetEdit"), "no such set")
    tab.jump_to_infoset()
    error = drive.find(tab, QLabel, "infosetError")
    assert error.isVisible()
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Leduc")
    assert not error.isVisible()
    assert tab.solution is None and tab.tree_model.rowCount() == 0  # Kuhn's results went


def test_changed_settings_mark_a_cfr_result_stale(qtbot, window, drive):
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "100")
    assert tab.run()
    wait_idle(qtbot, drive.find(tab, QPushButton, "cfrRunButton"), "Run")
    stale = drive.find(tab, QLabel, "cfrStaleLabel")
    assert not stale.isVisible()
    players = drive.find(tab, QSpinBox, "kuhnPlayersSpin")
    players.setValue(3)
    assert stale.isVisible()
    players.setValue(2)
    assert not stale.isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "200")  # Continue's
    assert not stale.isVisible()


# -- 5. plots and trees --------------------------------------------------------------------------


def plot_items(window) -> list[pg.PlotItem]:
    items = [plot.getPlotItem() for plot in window.findChildren(pg.PlotWidget)]
    for layout in window.findChildren(pg.GraphicsLayoutWidget):
        items.extend(i for i in layout.ci.items if isinstance(i, pg.PlotItem))
    return items


@pytest.mark.parametrize("title", ["CFR games", "Review", "Tournament", "Trainer"])
def test_no_tick_labels_before_data(window, title):
    tab = window.tab(title)
    items = plot_items(tab)
    assert items
    for item in items:
        for name in ("left", "bottom"):
            assert not item.getAxis(name).style["showValues"], (title, name)


def test_the_convergence_plot_shows_ticks_once_it_has_data(qtbot):
    plot = ConvergencePlot("exploitability")
    qtbot.addWidget(plot)
    assert plot.placeholder.empty and plot.placeholder.label.isVisible()
    plot.set_history([(1, 0.5), (2, 0.25), (4, 0.1)])
    assert not plot.placeholder.empty and not plot.placeholder.label.isVisible()
    assert plot.getPlotItem().getAxis("left").style["showValues"]
    plot.set_history([])
    assert plot.placeholder.empty


def test_the_cfr_plot_is_log_y_by_default(window, drive):
    tab = window.tab("CFR games")
    plot = drive.find(tab, ConvergencePlot, "exploitabilityPlot")
    assert drive.find(tab, QCheckBox, "exploitabilityLogCheck").isChecked()
    assert plot.getPlotItem().getAxis("left").logMode
    assert plot.getPlotItem().ctrl.logYCheck.isChecked()


def test_tree_labels_root_and_long_labels(qtbot, window, drive):
    tab = show(window, "CFR games")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Dominoes")
    drive.type_into(drive.find(tab, QLineEdit, "dominoTilesEdit"), "double-2")
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "10")
    assert tab.run()
    wait_idle(qtbot, drive.find(tab, QPushButton, "cfrRunButton"), "Run")
    tree = drive.find(tab, QTreeView, "treeView")
    model = tree.model()
    root = model.index(0, 0)
    assert root.data() == "root"
    assert "root" in drive.find(tab, QLabel, "nodeInfoLabel").text()
    assert tree.textElideMode() == Qt.TextElideMode.ElideMiddle
    tree.expand(root)
    labels = [model.index(row, 0, root) for row in range(model.rowCount(root))]
    assert labels
    for index in labels:  # the whole label on hover, however narrow the column
        assert index.data(Qt.ItemDataRole.ToolTipRole).splitlines()[0] == index.data()
    # A label too long for its column keeps both ends ("draw [0|2] … [1|2]").
    long_label = "draw [0|0] [0|1] [0|2] [1|1] [1|2] [2|2]"
    shown = tree.fontMetrics().elidedText(long_label, tree.textElideMode(), 120)
    assert shown.startswith("draw") and shown.endswith("[2|2]") and "…" in shown
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


def test_a_matrix_game_hides_the_tree_browser(qtbot, window, drive):
    tab = show(window, "CFR games")
    tree = drive.find(tab, QTreeView, "treeView")
    jump = drive.find(tab, QLineEdit, "infosetEdit")
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    assert tree.isVisible() and jump.isVisible()
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Matrix game")
    assert not tree.isVisible() and not jump.isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "cfrIterationsEdit"), "64")
    assert tab.run()
    wait_idle(qtbot, drive.find(tab, QPushButton, "cfrRunButton"), "Run")
    assert tab.matrix_result is not None
    assert not tree.isVisible()
    assert drive.find(tab, QTableView, "strategyTable").isVisible()  # the mixes are shown
    drive.choose(drive.find(tab, QComboBox, "cfrGameCombo"), "Kuhn")
    assert tree.isVisible()


def test_nim_hides_the_empty_result_table(qtbot, window, drive):
    tab = show(window, "Perfect information")
    table = drive.find(tab, QTableView, "perfectTable")
    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Nim")
    button = drive.find(tab, QPushButton, "perfectSolveButton")
    assert tab.solve()
    wait_idle(qtbot, button, "Solve")
    assert "Win" in drive.find(tab, QLabel, "perfectResult").text()
    assert not table.isVisible() and not tab.table_panel.isVisible()

    drive.choose(drive.find(tab, QComboBox, "perfectGameCombo"), "Game graph")
    assert not table.isVisible()  # nothing solved yet: no empty table either
    assert tab.solve()
    wait_idle(qtbot, button, "Solve")
    assert table.isVisible() and table.model().rowCount() == 5
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "a b; b c")
    assert not table.isVisible()  # the table was of other moves: cleared
    assert drive.find(tab, QLabel, "perfectResult").text() == ""


# -- 6. words ------------------------------------------------------------------------------------


def test_equity_placeholders_follow_the_variant(window, drive):
    tab = show(window, "Equity")
    hand = drive.find(tab, QLineEdit, "equityHand1Edit")
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Texas Hold'em")
    assert hand.placeholderText() == "e.g. Ah Kd"
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Omaha Hi")
    assert hand.placeholderText() == "e.g. As Ks Qd Jd"
    hand.clear()
    assert "As Ks Qd Jd" in drive.find(tab, QLabel, "equityHand1Error").text()


@pytest.mark.parametrize(("title", "names"), [
    ("CFR games", ["exploitabilityPlot", "cfrResultLabel", "infosetEdit",
                   "exploitabilityLogCheck"]),
    ("Equity", ["equitySummary"]),
    ("Perfect information", ["perfectResult"]),
])
def test_thesis_terms_have_plain_tooltips(window, drive, title, names):
    tab = window.tab(title)
    for name in names:
        assert drive.find(tab, QWidget, name).toolTip(), name


def test_result_columns_explain_themselves(qtbot, window, drive):
    tab = show(window, "Equity")
    drive.choose(drive.find(tab, QComboBox, "equityGameCombo"), "Texas Hold'em")
    drive.choose(drive.find(tab, QComboBox, "equityMethodCombo"), "Exact")
    drive.type_into(drive.find(tab, QLineEdit, "equityHand1Edit"), "As Ah")
    drive.type_into(drive.find(tab, QLineEdit, "equityHand2Edit"), "Ks Kd")
    assert tab.calculate()
    wait_idle(qtbot, drive.find(tab, QPushButton, "equityRunButton"), "Calculate")
    model = drive.find(tab, QTableView, "equityResultTable").model()
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    tip = model.headerData(header.index("Equity"), Qt.Orientation.Horizontal,
                           Qt.ItemDataRole.ToolTipRole)
    assert tip and "pot" in tip
