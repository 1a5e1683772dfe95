"""The Tournament tab driven like a user: Hold'em matches with the shipped table (so they run
in CI) on small structures, Nash against Nash, all in against all in, both methods side by
side, a bad strategy, Stop during a run, stale results, "all three" without the Omaha tables,
and the inputs kept between launches."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

import ui.tournament.jobs as tournament_jobs
import ui.tournament.tab as tournament_tab
from omahanash.cards import Variant
from omahanash.errors import Cancelled
from ui.tournament.tab import TournamentTab

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine


@pytest.fixture(autouse=True)
def cache_folder(tmp_path, monkeypatch):
    """Equity tables and Nash solutions of every test live in a folder of its own: no Omaha
    table is built there, and the user's cache is never touched."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("OMAHANASH_CACHE", str(folder))
    return folder


@pytest.fixture
def tab(window) -> TournamentTab:
    tab = window.tab("Tournament")
    assert isinstance(tab, TournamentTab) and tab.objectName() == "tournamentTab"
    window.tab_widget.setCurrentWidget(tab)
    return tab


def configure(tab, drive, game="Hold'em", chips=400, stack=200, sb=10, bb=20, p1="nash",
              p2="nash", button="Average over both", method="Markov chain", trials=20_000,
              seed=3) -> None:
    drive.choose(drive.find(tab, QComboBox, "tournamentGameCombo"), game)
    drive.find(tab, QSpinBox, "tournamentChipsSpin").setValue(chips)
    drive.find(tab, QSpinBox, "tournamentStackSpin").setValue(stack)
    drive.choose(drive.find(tab, QComboBox, "tournamentBlindsCombo"), "Fixed blinds")
    drive.find(tab, QSpinBox, "tournamentSbSpin").setValue(sb)
    drive.find(tab, QSpinBox, "tournamentBbSpin").setValue(bb)
    drive.find(tab, QSpinBox, "tournamentAnteSpin").setValue(0)
    drive.type_into(drive.find(tab, QComboBox, "tournamentP1Combo").lineEdit(), p1)
    drive.type_into(drive.find(tab, QComboBox, "tournamentP2Combo").lineEdit(), p2)
    drive.choose(drive.find(tab, QComboBox, "tournamentButtonCombo"), button)
    drive.choose(drive.find(tab, QComboBox, "tournamentMethodCombo"), method)
    drive.find(tab, QSpinBox, "tournamentTrialsSpin").setValue(trials)
    drive.find(tab, QSpinBox, "tournamentSeedSpin").setValue(seed)


def run(qtbot, drive, tab) -> None:
    button = drive.find(tab, QPushButton, "tournamentRunButton")
    assert button.isEnabled() and button.text() == "Run"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=TIMEOUT_MS)
    assert button.text() == "Run"


def result_text(drive, tab) -> str:
    return drive.find(tab, QLabel, "tournamentResult").text()


def test_nash_against_nash_at_equal_stacks_wins_half(qtbot, window, drive, tab):
    configure(tab, drive)
    run(qtbot, drive, tab)
    assert not drive.find(tab, QLabel, "tournamentError").isVisible()
    result = tab.answer.results[Variant.HOLDEM]
    assert result.p_win == pytest.approx(0.5, abs=1e-9)
    text = result_text(drive, tab)
    assert "P(win), player 1" in text and "0.5000 ± 0.0000" in text
    assert "Expected hands" in text and "median / 90 % / 99 %" in text
    assert "P(decided in one hand)" in text and "Markov chain (exact)" in text
    quantiles = result.main.hands_quantiles
    assert f"{quantiles['50']} / {quantiles['90']} / {quantiles['99']}" in text
    assert "Tournament: P(win) of player 1 0.5000" in window.statusBar().currentMessage()

    assert list(tab.pwin_curves) == [Variant.HOLDEM]
    x, y = tab.pwin_curves[Variant.HOLDEM].getData()
    assert x[0] == 0 and x[-1] == 1 and y[0] == 0 and y[-1] == 1
    assert np.all(np.diff(y) >= -1e-9) and y[len(y) // 4] < 0.5 < y[3 * len(y) // 4]
    names = [label.text for _, label in tab.pwin_plot.getPlotItem().legend.items]
    assert names == ["chip share", "Hold'em"]
    bars = tab.length_bars[Variant.HOLDEM].opts
    pmf = result.main.hands_pmf
    assert list(bars["x"][:3]) == [1, 2, 3]  # one variant: bars centred on the lengths
    assert np.allclose(bars["height"][:5], pmf[1:6])
    assert 0.99 < float(np.sum(bars["height"])) <= 1.0 + 1e-9


def test_all_in_every_hand_wins_the_chip_share(qtbot, drive, tab):
    configure(tab, drive, stack=100, p1="100%", p2="100%")
    run(qtbot, drive, tab)
    result = tab.answer.results[Variant.HOLDEM]
    assert result.p_win == pytest.approx(0.25, abs=1e-6)
    assert "0.2500 ± 0.0000" in result_text(drive, tab)
    x, y = tab.pwin_curves[Variant.HOLDEM].getData()
    assert np.allclose(y, x, atol=1e-6)


def test_both_methods_side_by_side_agree(qtbot, drive, tab):
    configure(tab, drive, stack=120, p2="30%", method="Both", trials=20_000)
    run(qtbot, drive, tab)
    result = tab.answer.results[Variant.HOLDEM]
    markov, simulate = result.markov, result.simulate
    assert abs(markov.p_win - simulate.p_win) <= 3 * simulate.p_win_stderr
    text = result_text(drive, tab)
    assert "Hold'em · markov" in text and "Hold'em · simulate" in text
    assert "Markov chain (exact)" in text and "Monte Carlo simulation" in text
    assert f"{markov.p_win:.4f} ± 0.0000" in text
    assert f"{simulate.p_win:.4f} ± {simulate.p_win_stderr:.4f}" in text
    names = [label.text for _, label in tab.pwin_plot.getPlotItem().legend.items]
    assert names == ["chip share", "Hold'em", "Hold'em (simulated)"]


def test_a_bad_strategy_says_why_and_disables_run(drive, tab):
    configure(tab, drive)
    edit = drive.find(tab, QComboBox, "tournamentP2Combo").lineEdit()
    drive.type_into(edit, "AA**")
    error = drive.find(tab, QLabel, "tournamentP2Error")
    assert error.isVisible() and "a Texas Hold'em hand has 2" in error.text()
    button = drive.find(tab, QPushButton, "tournamentRunButton")
    assert not button.isEnabled() and not tab.run()
    drive.type_into(edit, "QQ+, AKs")
    assert not error.isVisible() and button.isEnabled()


def test_a_bad_structure_says_why_and_disables_run(drive, tab):
    configure(tab, drive, chips=400, stack=400)
    error = drive.find(tab, QLabel, "tournamentStructureError")
    assert error.isVisible() and "stacks[1] must be at least 1" in error.text()  # the library's
    assert not drive.find(tab, QPushButton, "tournamentRunButton").isEnabled()
    drive.find(tab, QSpinBox, "tournamentStackSpin").setValue(150)
    assert not error.isVisible()
    stacks = drive.find(tab, QLabel, "tournamentStack2Label")
    assert stacks.text() == "= 7.5 bb · player 2: 12.5 bb" and "250 chips" in stacks.toolTip()
    drive.choose(drive.find(tab, QComboBox, "tournamentBlindsCombo"), "Level schedule")
    drive.type_into(drive.find(tab, QLineEdit, "tournamentLevelsEdit"), "10/20,x")
    assert error.isVisible() and "SB/BB" in error.text()
    assert not drive.find(tab, QPushButton, "tournamentRunButton").isEnabled()


def test_a_level_schedule_runs(qtbot, drive, tab):
    configure(tab, drive, p1="nash", p2="20%")
    drive.choose(drive.find(tab, QComboBox, "tournamentBlindsCombo"), "Level schedule")
    drive.type_into(drive.find(tab, QLineEdit, "tournamentLevelsEdit"), "10/20,20/40")
    drive.find(tab, QSpinBox, "tournamentHandsPerLevelSpin").setValue(5)
    assert drive.find(tab, QLineEdit, "tournamentLevelsEdit").isVisible()
    assert not drive.find(tab, QSpinBox, "tournamentSbSpin").isVisible()
    run(qtbot, drive, tab)
    result = tab.answer.results[Variant.HOLDEM]
    assert 0.5 < result.p_win < 1 and len(result.tables.probabilities) == 2


def test_changed_inputs_mark_the_results_stale(qtbot, drive, tab):
    configure(tab, drive, p1="100%", p2="100%")
    run(qtbot, drive, tab)
    stale = drive.find(tab, QLabel, "tournamentStale")
    assert not stale.isVisible() and not tab.stale
    chips = drive.find(tab, QSpinBox, "tournamentChipsSpin")
    chips.setValue(600)
    assert tab.stale and stale.isVisible() and "press Run" in stale.text()
    assert "#808080" in drive.find(tab, QLabel, "tournamentResult").styleSheet()
    assert tab.pwin_plot.getPlotItem().opacity() < 1
    chips.setValue(400)  # back to what was run: current again
    assert not tab.stale and not stale.isVisible()
    assert tab.pwin_plot.getPlotItem().opacity() == 1


def test_stop_during_a_run_returns_to_idle(qtbot, drive, tab, monkeypatch):
    # A small Hold'em match is over in a blink: stand in for a long run that reports progress
    # and honours the cancel flag, as the library does.
    def slow_run(*args, progress=None, cancel=None, **kwargs):
        total = 10**9
        for done in range(total):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("the tournament run was cancelled")
            progress(done, total)

    monkeypatch.setattr(tournament_jobs, "run_tournament", slow_run)
    configure(tab, drive)
    button = drive.find(tab, QPushButton, "tournamentRunButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop" and tab.runner.running
    assert not drive.find(tab, QSpinBox, "tournamentChipsSpin").isEnabled()
    qtbot.waitUntil(lambda: tab.progress.isVisible() and tab.progress.value() > 0,
                    timeout=TIMEOUT_MS)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Run", timeout=TIMEOUT_MS)
    assert not tab.runner.running and not tab.progress.isVisible() and button.isEnabled()
    assert drive.find(tab, QSpinBox, "tournamentChipsSpin").isEnabled()
    assert tab.answer is None and not drive.find(tab, QLabel, "tournamentError").isVisible()


def test_all_three_without_omaha_tables_plots_holdem_and_offers_the_rest(qtbot, drive, tab):
    """Hi/Lo is never dropped silently nor sent to a terminal: the tab names both
    Omaha games and its build panel offers to build both tables, here."""
    configure(tab, drive, game="All three", p2="100%")
    run(qtbot, drive, tab)
    assert list(tab.pwin_curves) == [Variant.HOLDEM]
    error = drive.find(tab, QLabel, "tournamentError")
    assert error.isVisible()
    for name in ("Omaha Hi", "Omaha Hi/Lo"):
        assert f"{name} left out" in error.text()
    assert "not built yet: Build it" in error.text()
    assert "omahanash" not in error.text()
    panel = tab.build_panel
    assert panel.isVisible() and panel.variants == [Variant.OMAHA_HI, Variant.OMAHA_HILO]
    assert "Omaha Hi and Omaha Hi/Lo equity tables are not built" in panel.label.text()
    assert drive.find(tab, QPushButton, "buildTableButton").isEnabled()
    assert "Hold'em" in result_text(drive, tab)


def test_omaha_without_its_table_offers_to_build_it(qtbot, drive, tab):
    configure(tab, drive, game="Omaha Hi", p2="100%")
    run(qtbot, drive, tab)
    error = drive.find(tab, QLabel, "tournamentError")
    assert error.isVisible() and "Build it in the panel" in error.text()
    assert "omahanash table build" not in error.text()
    assert tab.build_panel.isVisible() and tab.build_panel.variants == [Variant.OMAHA_HI]
    assert tab.answer is None


def test_inputs_survive_a_restart(make_window, drive):
    first = make_window()
    tab = first.tab("Tournament")
    configure(tab, drive, chips=600, stack=250, p1="best", p2="QQ+, AKs",
              button="Player 2", method="Both", trials=5000, seed=11)
    drive.choose(drive.find(tab, QComboBox, "tournamentBlindsCombo"), "Level schedule")
    drive.type_into(drive.find(tab, QLineEdit, "tournamentLevelsEdit"), "10/20,20/40")
    first.close()
    second = make_window()
    tab = second.tab("Tournament")
    assert drive.find(tab, QSpinBox, "tournamentChipsSpin").value() == 600
    assert drive.find(tab, QSpinBox, "tournamentStackSpin").value() == 250
    assert drive.find(tab, QComboBox, "tournamentP1Combo").currentText() == "best"
    assert drive.find(tab, QComboBox, "tournamentP2Combo").currentText() == "QQ+, AKs"
    assert drive.find(tab, QComboBox, "tournamentButtonCombo").currentText() == "Player 2"
    assert drive.find(tab, QComboBox, "tournamentMethodCombo").currentText() == "Both"
    assert drive.find(tab, QSpinBox, "tournamentTrialsSpin").value() == 5000
    assert drive.find(tab, QSpinBox, "tournamentSeedSpin").value() == 11
    assert drive.find(tab, QComboBox, "tournamentBlindsCombo").currentText() == \
        "Level schedule"
    assert drive.find(tab, QLineEdit, "tournamentLevelsEdit").text() == "10/20,20/40"
    assert drive.find(tab, QPushButton, "tournamentRunButton").isEnabled()


def test_game_selector_offers_the_three_variants_and_all_three(drive, tab):
    games = drive.find(tab, QComboBox, "tournamentGameCombo")
    assert [games.itemText(i) for i in range(games.count())] == [
        "Hold'em", "Omaha Hi", "Omaha Hi/Lo", "All three"]


def test_the_results_export_as_json(qtbot, drive, tab, tmp_path):
    import json

    button = drive.find(tab, QPushButton, "exportJsonButton")
    configure(tab, drive)
    assert not button.isEnabled()  # nothing to export before a run
    assert not tab.export_results(tmp_path / "none.json")
    run(qtbot, drive, tab)
    assert button.isEnabled()
    assert tab.export_results(tmp_path / "match.json")
    document = json.loads((tmp_path / "match.json").read_text())
    assert list(document) == ["holdem"]
    assert document["holdem"]["p_win"] == tab.answer.results[Variant.HOLDEM].p_win
    assert len(document["holdem"]["curve"]) > 5


def test_the_default_spot_teaches_and_says_why_same_strategies_are_fair(qtbot, window, drive,
                                                                      tab):
    """Issue 27: the tab opens on the Miltersen–Sørensen spot (300/600, 8,000 chips, Nash
    against a 30 % player), stacks in big blinds with the chips on hover, prize equity with
    payouts, and a P(win) on the diagonal is explained (both play the same strategy)."""
    spin = lambda name: drive.find(tab, QSpinBox, name).value()  # noqa: E731
    assert (spin("tournamentChipsSpin"), spin("tournamentStackSpin"), spin("tournamentSbSpin"),
            spin("tournamentBbSpin")) == (8000, 4000, 300, 600)
    assert drive.find(tab, QComboBox, "tournamentP1Combo").currentText() == "nash"
    assert drive.find(tab, QComboBox, "tournamentP2Combo").currentText() == "30%"
    stacks = drive.find(tab, QLabel, "tournamentStack2Label")
    assert stacks.text() == "= 6.7 bb · player 2: 6.7 bb" and "4,000 chips" in stacks.toolTip()

    run(qtbot, drive, tab)
    result = tab.answer.results[Variant.HOLDEM]
    assert result.p_win == pytest.approx(0.587, abs=0.002)  # docs/cli/tournament.md's 0.587
    assert tab.same_note == ""
    text = result_text(drive, tab)
    assert "Player 1 6.7 bb, player 2 6.7 bb" in text and "Prize equity" not in text
    drive.type_into(drive.find(tab, QLineEdit, "tournamentPayoutsEdit"), "65, 35")
    text = result_text(drive, tab)
    assert f"{result.p_win * 65 + (1 - result.p_win) * 35:.2f} of 100" in text
    assert not tab.stale  # payouts change how it reads, not what was run
    drive.type_into(drive.find(tab, QLineEdit, "tournamentPayoutsEdit"), "35, 65")
    assert "must be at least 2nd" in drive.find(tab, QLabel, "tournamentPayoutsError").text()

    drive.type_into(drive.find(tab, QComboBox, "tournamentP2Combo").lineEdit(), "nash")
    run(qtbot, drive, tab)
    assert "same strategy" in tab.same_note and "same strategy" in result_text(drive, tab)
    x, y = tab.pwin_curves[Variant.HOLDEM].getData()
    assert np.max(np.abs(y - x)) <= tournament_tab.SAME_STRATEGY_TOLERANCE


def test_legends_sit_below_the_plots(qtbot, drive, tab):
    configure(tab, drive)
    run(qtbot, drive, tab)
    for plot in (tab.pwin_plot, tab.length_plot):
        item = plot.getPlotItem()
        qtbot.waitUntil(lambda item=item: item.legend.sceneBoundingRect().top()
                        >= item.getViewBox().sceneBoundingRect().bottom(), timeout=10_000)
        assert item.legend.sceneBoundingRect().height() > 0
