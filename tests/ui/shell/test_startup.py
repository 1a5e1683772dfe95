"""Start-up work: the kernels warm up in a background thread with a status-bar label
(:mod:`ui.kit.warmup`), and the first launch offers once to build the Omaha tables in the
background (:mod:`ui.shell.startup`)."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

import omahanash.equity.table_build as table_build
from omahanash.cards import Variant
from ui.kit import warmup
from ui.shell import startup


def test_the_warm_up_runs_its_steps_off_the_gui_thread(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    seen: list[tuple[str, bool]] = []

    def step(name):
        return lambda: seen.append((name, threading.current_thread() is
                                    threading.main_thread()))

    warm = warmup.start_warmup(window, [("kernel one", step("one")),
                                         ("kernel two", step("two"))])
    label = window.statusBar().findChild(QLabel, "warmupLabel")
    assert label is not None
    # the thread may be over before anyone listens (it was, once, in CI): ``ready`` still
    # reaches a receiver connected before the event loop runs again
    assert warm.wait(20_000)
    with qtbot.waitSignal(warm.ready, timeout=20_000) as blocker:
        pass
    assert blocker.args[0] >= 0.0
    assert seen == [("one", False), ("two", False)]
    qtbot.waitUntil(lambda: label.isHidden(), timeout=5_000)


def test_a_failing_step_never_fails_the_app(qtbot):
    def broken():
        raise RuntimeError("no compiler")

    warm = warmup.WarmUp([("broken", broken)])
    with qtbot.waitSignal(warm.ready, timeout=20_000):
        warm.start()
    warm.wait()
    assert warm.errors == ["broken: RuntimeError: no compiler"]


def test_the_real_warm_up_makes_the_kernels_ready(qtbot):
    warm = warmup.WarmUp()
    with qtbot.waitSignal(warm.ready, timeout=600_000):
        warm.start()
    warm.wait()
    assert warm.errors == [] and warmup.kernels_ready()


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_the_first_launch_offers_both_tables_once(qtbot, settings, monkeypatch, tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    requested = []
    import ui.equity_tables.panel as panel

    monkeypatch.setattr(panel.TableBuilds, "request",
                        lambda self, variants: requested.append(list(variants)) or True)
    window = QMainWindow()
    qtbot.addWidget(window)
    box = startup.offer_tables(window, settings)
    assert box is not None and box.objectName() == "firstLaunchTablesBox"
    assert "Omaha Hi and Omaha Hi/Lo" in box.text() and "1.1 GB" in box.text()
    box.button(QMessageBox.StandardButton.Yes).click()
    assert requested == [[Variant.OMAHA_HI, Variant.OMAHA_HILO]]
    assert settings.value(startup.OFFERED_KEY, False, type=bool)
    assert startup.offer_tables(window, settings) is None  # asked once, ever
    assert requested == [[Variant.OMAHA_HI, Variant.OMAHA_HILO]]


def test_no_means_nothing_is_built_and_built_tables_are_not_offered(qtbot, settings,
                                                                    monkeypatch, tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    window = QMainWindow()
    qtbot.addWidget(window)
    calls = []
    monkeypatch.setattr(table_build, "build_table", lambda *a, **k: calls.append(a))
    box = startup.offer_tables(window, settings)
    assert box is not None
    box.button(QMessageBox.StandardButton.No).click()
    assert calls == []
    fresh = QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(startup, "tables_to_offer", lambda: [])
    assert startup.offer_tables(window, fresh) is None  # nothing to build: no question
