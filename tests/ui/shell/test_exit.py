"""Exiting Python without closing the window: a script that used the Trainer tab,
or left a job running, or drew a plot, ends with exit code 0 - not a segmentation fault in
PySide6's teardown (see :mod:`ui`: the runners are stopped and the posted events delivered
before it)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

PRELUDE = textwrap.dedent("""
    import os, sys, time
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from PySide6.QtTest import QTest
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    app = QApplication.instance() or QApplication(sys.argv[:1])
""")

TRAINER = PRELUDE + textwrap.dedent("""
    from ui.shell.main_window import MainWindow
    from ui.trainer.tab import TrainerTab
    window = MainWindow()
    window.show()
    tab = next(t for t in window.tabs if isinstance(t, TrainerTab))
    window.tab_widget.setCurrentWidget(tab)
    if sys.argv[2] == "running":  # two stacks: the next spot is dealt in the worker
        tab.stack_edit.setText("9-10")
    assert tab.start()
    deadline = time.monotonic() + 240
    while tab.spot is None and time.monotonic() < deadline:
        QTest.qWait(20)
    assert tab.spot is not None, "no spot dealt"
    assert tab.push() is not None   # the answer redraws the session plot: events pending
    if sys.argv[2] == "running":
        assert tab.next_spot()      # and a job still running at exit
        assert tab.runner.running, "the next spot was dealt at once: no job at exit"
    print("exiting", flush=True)
""")

PLOT = PRELUDE + textwrap.dedent("""
    from types import SimpleNamespace as NS
    from ui.trainer.tab import SessionPlot
    plot = SessionPlot()
    plot.show()
    QTest.qWait(50)
    plot.set_answers([NS(grade=NS(correct=True, ev_lost_bb=0.1))] * 3)
    print("exiting", flush=True)
""")


def _exit_code(script: str, tmp_path: Path, *args: str) -> tuple[int, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "OMAHANASH_DATA": str(tmp_path / "data"), "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "settings"), *args],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("state", ["answered", "running"])
def test_exiting_without_closing_the_window_after_the_trainer(tmp_path, state):
    code, output = _exit_code(TRAINER, tmp_path, state)
    assert "exiting" in output, output
    assert code == 0, output[-3000:]


def test_exiting_with_a_plot_just_redrawn(tmp_path):
    code, output = _exit_code(PLOT, tmp_path)
    assert "exiting" in output and code == 0, output[-3000:]
