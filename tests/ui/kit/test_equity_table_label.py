"""Every face shows the equity table its result stands on, with one widget
(:class:`ui.kit.equity_table.EquityTableLabel`), and a result on the coarse first-launch Omaha
table is marked coarse (issue 35: the README promises "say so next to them"): the Tournament,
Review and Trainer tabs each with Omaha's table on disk a coarse one (its header says so), the
Table tab with a solution on a coarse table (``tests/ui/table/test_equity_table_mark.py``
measures its words)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

import omahanash.equity.table_build as table_build
from omahanash.cards import Variant
from omahanash.equity.table_build import COARSE_SAMPLES
from omahanash.history import review
from ui.kit.equity_table import EquityTableLabel
from ui.table.form import TableForm
from ui.tournament.model import TournamentAnswer

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine
HOLDEM_HISTORY = Path(__file__).resolve().parents[2] / "data" / "history" \
    / "ps_hu_tournament_holdem.txt"


@pytest.fixture
def coarse_omaha(monkeypatch, tmp_path):
    """Omaha's tables on disk read as coarse ones (their header's samples per cell), in a
    cache of the test's own."""
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("OMAHANASH_DATA", str(tmp_path / "data"))
    real = table_build.table_samples

    def samples(variant, *args, **kwargs):
        if Variant.parse(str(variant)) is not Variant.HOLDEM:
            return COARSE_SAMPLES
        return real(variant, *args, **kwargs)

    monkeypatch.setattr(table_build, "table_samples", samples)


def label_of(tab, name: str) -> EquityTableLabel:
    label = tab.findChild(EquityTableLabel, name)
    assert label is not None, name
    return label


def assert_marked(label: EquityTableLabel, marked: bool) -> None:
    assert not label.isHidden() and label.text().startswith("Equity table")
    assert label.coarse is marked and ("COARSE" in label.text()) is marked, label.text()
    assert ("bold" in label.styleSheet()) is marked


def test_the_table_tab_uses_the_shared_label(window):
    form = window.tab("Table").findChild(TableForm)
    label = label_of(window.tab("Table"), "tableEquityTableLabel")
    assert form.equity_table_label is label and label.isHidden()
    form.show_equity_table("Equity table: Omaha Hi, COARSE. …", True)
    assert_marked(label, True)
    form.show_equity_table("Equity table: Omaha Hi, full precision (12 samples per cell).",
                           False)
    assert_marked(label, False)


def test_the_tournament_tab_marks_a_coarse_table(qtbot, window, drive, coarse_omaha):
    tab = window.tab("Tournament")
    window.tab_widget.setCurrentWidget(tab)
    label = label_of(tab, "tournamentEquityTableLabel")
    assert label.isHidden()
    drive.find(tab, QComboBox, "tournamentGameCombo").setCurrentText("Hold'em")
    tab.chips_spin.setValue(400)
    tab.stack_spin.setValue(200)
    drive.choose(drive.find(tab, QComboBox, "tournamentBlindsCombo"), "Fixed blinds")
    tab.sb_spin.setValue(10)
    tab.bb_spin.setValue(20)
    qtbot.mouseClick(drive.find(tab, QPushButton, "tournamentRunButton"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=TIMEOUT_MS)
    assert tab.answer is not None
    assert_marked(label, False)  # Hold'em's table is exact
    result = tab.answer.results[Variant.HOLDEM]
    tab._on_succeeded(TournamentAnswer({Variant.OMAHA_HI: result}, {}))
    assert_marked(label, True)
    assert "Omaha Hi" in label.text()


def test_the_review_tab_marks_a_coarse_table(qtbot, window, coarse_omaha):
    tab = window.tab("Review")
    window.tab_widget.setCurrentWidget(tab)
    label = label_of(tab, "reviewEquityTableLabel")
    assert label.isHidden()
    report = review([HOLDEM_HISTORY])
    tab._show_report(report)
    assert_marked(label, False)
    report.spots = [dataclasses.replace(spot, variant="omaha-hi") for spot in report.spots]
    tab._show_report(report)
    assert_marked(label, True)


def test_the_trainer_tab_marks_a_coarse_table(qtbot, window, drive, coarse_omaha,
                                              monkeypatch):
    tab = window.tab("Trainer")
    window.tab_widget.setCurrentWidget(tab)
    label = label_of(tab, "trainerEquityTableLabel")
    assert label.isHidden()
    monkeypatch.setattr(tab, "next_spot", lambda: True)  # the label, not the dealing
    for game, marked in (("Hold'em", False), ("Omaha Hi", True)):
        drive.choose(drive.find(tab, QComboBox, "trainerGameCombo"), game)
        assert tab.start()
        assert_marked(label, marked)


def test_the_jamfold_tab_uses_the_shared_label(window):
    tab = window.tab("Jam-fold")
    label = label_of(tab, "jamfoldPrecisionLabel")
    assert tab.results.precision_label is label
    tab.results.set_precision("Equity table: Omaha Hi, COARSE. …", True)
    assert_marked(label, True)
    tab.results.set_precision("Equity table: Texas Hold'em, exact.", False)
    assert_marked(label, False)
