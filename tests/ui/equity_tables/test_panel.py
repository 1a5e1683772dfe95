"""The app's one queue of table builds: coarse then full, a second request joins
the running build instead of starting another, Cancel empties the queue, every panel shows the
same queue, and the time left comes from the build's own reports."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QWidget

import omahanash.equity.table_build as table_build
import omahanash.equity.tables as tables
from omahanash.cards import Variant
from omahanash.errors import Cancelled
from ui.equity_tables.panel import TableBuildPanel, passes_for, precision_note, table_builds
from ui.kit.common import Tab


@pytest.fixture
def fake_builds(monkeypatch, tmp_path):
    """build_table replaced: records (variant, samples), waits for ``release`` (so a test
    can act while a pass runs), writes nothing."""
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    calls: list[tuple[str, int]] = []
    release = threading.Event()

    def fake(variant, samples=None, progress=None, cancel=None, **kwargs):
        calls.append((str(variant), samples))
        for done in range(1000):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("interrupted")
            if progress:
                progress(done, 1000)
            if release.wait(0.002) and done > 10:
                break
        return tables.table_path(variant)

    monkeypatch.setattr(table_build, "build_table", fake)
    builds = table_builds()
    assert not builds.running
    yield builds, calls, release
    release.set()
    builds.cancel()


def test_a_missing_table_is_built_coarse_then_full(fake_builds, monkeypatch):
    builds, calls, release = fake_builds
    coarse, full = table_build.COARSE_SAMPLES, tables.DEFAULT_SAMPLES[Variant.OMAHA_HI]
    assert [(p.variant, p.samples, p.coarse) for p in passes_for(Variant.OMAHA_HI)] == [
        (Variant.OMAHA_HI, coarse, True), (Variant.OMAHA_HI, full, False)]
    # an interrupted full-precision build is resumed, not preceded by a coarse one
    monkeypatch.setattr(table_build, "partial_settings", lambda v: {"samples": full})
    assert [p.samples for p in passes_for(Variant.OMAHA_HI)] == [full]


def test_a_second_request_joins_and_panels_share_the_queue(qtbot, fake_builds):
    builds, calls, release = fake_builds
    first = TableBuildPanel(Tab().make_runner)
    second = TableBuildPanel(Tab().make_runner)
    qtbot.addWidget(first)
    qtbot.addWidget(second)
    assert not first.check(Variant.OMAHA_HI, "Omaha Hi")
    assert not second.check([Variant.OMAHA_HI, Variant.OMAHA_HILO])
    built = []
    builds.built.connect(built.append)
    assert first.build()
    assert second.build()  # joins Omaha Hi, queues Hi/Lo behind it
    assert [(p.variant, p.coarse) for p in [builds.current, *builds.queue]] == [
        (Variant.OMAHA_HI, True), (Variant.OMAHA_HI, False),
        (Variant.OMAHA_HILO, True), (Variant.OMAHA_HILO, False)]
    assert "Building the Omaha Hi equity table" in second.label.text()  # same queue shown
    assert first.cancel_button.isEnabled() and second.cancel_button.isEnabled()
    release.set()
    qtbot.waitUntil(lambda: not builds.running and not builds.queue, timeout=30_000)
    coarse = table_build.COARSE_SAMPLES
    assert calls == [("omaha-hi", coarse), ("omaha-hi", 12), ("omaha-hilo", coarse),
                     ("omaha-hilo", 16)]
    assert built == ["omaha-hi", "omaha-hi", "omaha-hilo", "omaha-hilo"]


def test_cancel_empties_the_queue_and_says_so(qtbot, fake_builds):
    builds, calls, release = fake_builds
    panel = TableBuildPanel(Tab().make_runner)
    qtbot.addWidget(panel)
    messages = []
    panel.status_message.connect(messages.append)
    panel.check(Variant.OMAHA_HILO)
    assert panel.build()
    qtbot.waitUntil(lambda: builds.done > 20, timeout=20_000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not builds.running, timeout=20_000)
    assert calls == [("omaha-hilo", table_build.COARSE_SAMPLES)] and not builds.queue
    assert "Building" not in messages[-1] and "cancelled" in messages[-1]
    assert "resumes" in panel.eta.text()
    assert panel.build_button.isEnabled()


def test_the_time_left_is_measured_on_the_build(fake_builds):
    builds, calls, release = fake_builds
    builds.total = 1000.0
    builds._reports.clear()
    assert builds.eta_seconds() is None  # nothing promised before the reports
    builds._reports.extend([(100.0, 100.0), (110.0, 200.0)])
    assert builds.eta_seconds() == pytest.approx(80.0)  # 800 units left at 10 a second


def test_a_coarse_table_is_named_next_to_its_results():
    class Coarse:
        info = {"game": "omaha-hi", "samples": 1, "cell_stderr": 0.1, "exact": False}

    class Full:
        info = {"game": "omaha-hi", "samples": 12, "cell_stderr": 0.03, "exact": False}

    note = precision_note(Coarse())
    assert "coarse Omaha Hi table: 1 sample per cell" in note and "±10 pp" in note
    assert precision_note(Full()) == "" and precision_note(QWidget) == ""


def test_a_coarse_table_is_usable_and_offered_for_refining(qtbot, fake_builds, monkeypatch):
    """After a restart between the two passes the coarse table works, and the panel offers
    to finish the job."""
    import ui.equity_tables.panel as panel_module

    builds, calls, release = fake_builds
    monkeypatch.setattr(panel_module, "table_state",
                        lambda v: "coarse" if v is Variant.OMAHA_HI else "full")
    panel = TableBuildPanel(Tab().make_runner)
    qtbot.addWidget(panel)
    assert panel.check([Variant.HOLDEM, Variant.OMAHA_HI])  # usable now
    assert panel.missing == [] and panel.variants == [Variant.OMAHA_HI]
    assert not panel.isHidden() and panel.build_button.text() == "Refine table"
    assert "coarse" in panel.label.text()
    assert panel.build()
    release.set()
    qtbot.waitUntil(lambda: not builds.running, timeout=20_000)
    assert calls == [("omaha-hi", tables.DEFAULT_SAMPLES[Variant.OMAHA_HI])]  # refine only


def test_after_cancel_no_status_bar_still_says_building(qtbot, fake_builds, make_window):
    """Issue 27: after Cancel the status bar still said "Building the omaha-hi equity
    table…". The window's status bar, on the tab that cancelled and on another tab that shows
    the same queue, says it was cancelled; no panel still says "Building"."""
    from ui.tournament.tab import TournamentTab
    from ui.trainer.tab import TrainerTab

    builds, calls, release = fake_builds
    window = make_window(factories=[TrainerTab, TournamentTab])
    trainer, tournament = window.tab("Trainer"), window.tab("Tournament")
    window.tab_widget.setCurrentWidget(trainer)
    assert not trainer.build_panel.check(Variant.OMAHA_HI)
    assert trainer.build_panel.build()
    assert window.statusBar().currentMessage().startswith("Building a coarse Omaha Hi table")
    qtbot.waitUntil(lambda: builds.done > 20, timeout=20_000)
    trainer.build_panel.cancel_button.click()
    qtbot.waitUntil(lambda: not builds.running, timeout=20_000)
    for tab in (trainer, tournament):
        window.tab_widget.setCurrentWidget(tab)
        message = window.statusBar().currentMessage()
        assert "Building" not in message and "cancelled" in message, message
        assert "Building" not in tab.build_panel.label.text()
        assert not tab.build_panel.cancel_button.isEnabled()
