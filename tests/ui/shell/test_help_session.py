"""Help → Guide (what each tab answers, the glossary), opened once on the first launch, and
File → Save session / Open session: every tab's inputs and the Jam-fold and CFR results in one
save container, read back exactly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QTextBrowser

from omahanash.savefile import SaveFileError, read
from ui.shell.help import GLOSSARY, GUIDE_SHOWN_KEY, TAB_ANSWERS, GuideDialog, show_guide_once
from ui.shell.session import SESSION_KIND

TIMEOUT_MS = 120_000


def test_the_guide_names_every_tab_and_the_glossary(qtbot, window):
    titles = [window.tab_widget.tabText(i) for i in range(window.tab_widget.count())]
    assert list(TAB_ANSWERS) == titles  # one line per tab, in the tabs' order
    window.guide_action.trigger()
    dialog = window.findChild(GuideDialog, "guideDialog")
    assert dialog is not None and dialog.isVisible()
    text = dialog.findChild(QTextBrowser, "guideText").toPlainText()
    for title in titles:
        assert title in text
    for word in ("PU", "CA", "Epsilon", "ICM", "bb/100"):
        assert any(word in entry for entry, _ in GLOSSARY) and word in text
    # every term the Table and Review tabs show (issue 35) has its entry
    for word in ("NashConv", "Best-response gain", "Bubble factor", "Prize equity at a table",
                 "Node names", "Reach", "Deals", "Coarse and full tables", "Provisional",
                 "Correct decision", "Mixed, noise", "Strength"):
        assert word in dict(GLOSSARY) and word in text, word
    assert "BB vs HJ+SB" in dict(GLOSSARY)["Node names"]


def test_the_guide_opens_once_on_the_first_launch(tmp_path):
    settings = QSettings(str(tmp_path / "first.ini"), QSettings.Format.IniFormat)
    opened = []
    assert show_guide_once(lambda: opened.append(1), settings)
    assert settings.value(GUIDE_SHOWN_KEY, False, type=bool)
    again = QSettings(str(tmp_path / "first.ini"), QSettings.Format.IniFormat)
    assert not show_guide_once(lambda: opened.append(2), again)  # remembered
    assert opened == [1]


def test_a_session_round_trips_inputs_and_results(qtbot, make_window, drive, tmp_path):
    window = make_window()
    jamfold, cfr = window.tab("Jam-fold"), window.tab("CFR games")
    # results: a short Hold'em jam-fold run and a Kuhn CFR+ run
    drive.type_into(drive.find(jamfold, QLineEdit, "player1Edit"), "60")
    drive.type_into(drive.find(jamfold, QLineEdit, "player2Edit"), "60")
    drive.type_into(drive.find(jamfold, QLineEdit, "iterationsEdit"), "30")
    with qtbot.waitSignal(jamfold.runner.finished, timeout=TIMEOUT_MS):
        assert jamfold.calculate()
    drive.choose(drive.find(cfr, QComboBox, "cfrGameCombo"), "Kuhn")
    drive.type_into(drive.find(cfr, QLineEdit, "cfrIterationsEdit"), "64")
    with qtbot.waitSignal(cfr.runner.finished, timeout=TIMEOUT_MS):
        cfr.run_button.click()
    assert jamfold.solution is not None and cfr.solution is not None
    jamfold_iterations = jamfold.solution.iterations
    # inputs of other tabs
    tournament, equity = window.tab("Tournament"), window.tab("Equity")
    drive.find(tournament, QSpinBox, "tournamentChipsSpin").setValue(12_000)
    drive.type_into(drive.find(equity, QLineEdit, "equityHand1Edit"), "Ah Kd")
    window.tab_widget.setCurrentWidget(tournament)

    path = tmp_path / "evening.onsession"
    assert window.save_session(str(path))
    saved = read(path, SESSION_KIND)
    assert saved.meta["current"] == "Tournament"
    assert saved.meta["tabs"]["tournament"]["tournamentChipsSpin"] == 12_000
    assert saved.meta["tabs"]["equity"]["equityHand1Edit"] == "Ah Kd"
    assert set(saved.arrays) == {"result/jamfold", "result/cfr"}

    other = make_window()  # a second window: another evening, with other inputs
    drive.find(other.tab("Tournament"), QSpinBox, "tournamentChipsSpin").setValue(5000)
    drive.type_into(drive.find(other.tab("Equity"), QLineEdit, "equityHand1Edit"), "2c 2d")
    other.tab_widget.setCurrentWidget(other.tab("Equity"))
    other_jamfold, other_cfr = other.tab("Jam-fold"), other.tab("CFR games")
    assert other.open_session(str(path))
    qtbot.waitUntil(lambda: other_jamfold.solution is not None
                    and other_cfr.solution is not None
                    and not other_jamfold.runner.running, timeout=TIMEOUT_MS)
    assert drive.find(other.tab("Tournament"), QSpinBox, "tournamentChipsSpin").value() == 12_000
    assert drive.find(other.tab("Equity"), QLineEdit, "equityHand1Edit").text() == "Ah Kd"
    assert other.tab_widget.currentWidget() is other.tab("Tournament")
    assert other_jamfold.solution.iterations == jamfold_iterations
    assert other_jamfold.solution.params.stacks[0] == jamfold.solution.params.stacks[0]


def test_a_file_that_is_not_a_session_changes_nothing(window, drive, tmp_path):
    bad = tmp_path / "notes.onsession"
    bad.write_text("not a session")
    spin = drive.find(window.tab("Tournament"), QSpinBox, "tournamentChipsSpin")
    before = spin.value()
    assert not window.open_session(str(bad))
    assert "Session not opened" in window.statusBar().currentMessage()
    assert spin.value() == before
    with pytest.raises(SaveFileError):
        read(bad, SESSION_KIND)


def test_a_session_with_a_value_no_field_holds_is_refused_before_any_change(
        window, drive, tmp_path):
    """A spin-box value of ``1e400`` (read as infinity) was an OverflowError with the tabs
    before it already changed: the whole session is refused first (issue 40)."""
    from omahanash.savefile import write

    tournament = window.tab("Tournament")
    spin = drive.find(tournament, QSpinBox, "tournamentChipsSpin")
    before = spin.value()
    tabs = {tab.settings_group: {} for tab in window.tabs}
    tabs[tournament.settings_group] = {"tournamentChipsSpin": before + 100}
    tabs[window.tabs[-1].settings_group] = {"anyField": float("inf")}  # json: Infinity
    path = write(tmp_path / "huge.onsession", SESSION_KIND, {"tabs": tabs, "current": ""}, {})
    assert not window.open_session(str(path))
    assert "Session not opened" in window.statusBar().currentMessage()
    assert spin.value() == before  # nothing applied, not even the tabs before the bad one
