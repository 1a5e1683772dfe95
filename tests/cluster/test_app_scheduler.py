"""The app's compute-engine setting (ui.shell.scheduler_setting): Settings > Compute engine… keeps a
scheduler in QSettings and makes it the one of every library job the app runs without an
explicit scheduler; a job started in the app's worker thread then runs on the Dask workers."""

from __future__ import annotations

import os
import sys

import cloudpickle
import pytest
from PySide6.QtCore import QSettings

from omahanash.cluster import SCHEDULER_ENV, run_blocks
from ui.kit.workers import JobRunner
from ui.shell import scheduler_setting
from ui.shell.main_window import MainWindow

cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import us


def where(item: int) -> int:
    """The process that computed the item."""
    return os.getpid()


@pytest.fixture
def settings(tmp_path, monkeypatch):
    monkeypatch.setenv(SCHEDULER_ENV, "local")  # restored after the test
    monkeypatch.setattr(scheduler_setting, "ENV_AT_START", "local:3")
    return QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)


def test_the_setting_is_kept_and_app_jobs_run_on_it(qtbot, settings, cluster):
    window = MainWindow(factories=[], settings=settings)
    qtbot.addWidget(window)
    assert os.environ[SCHEDULER_ENV] == "local"  # nothing kept: the environment as it was
    window.scheduler_action.trigger()
    dialog = window.scheduler_dialog
    edit = dialog.findChild(type(dialog.edit), "schedulerEdit")
    assert edit is dialog.edit and edit.text() == "local:3"  # the environment's at start
    edit.setText("local:0")
    dialog.accept()  # refused: stays open with the reason, nothing kept
    assert dialog.isVisible() and "--scheduler" in dialog.error.text()
    assert settings.value(scheduler_setting.SETTINGS_KEY) is None
    edit.setText(cluster.scheduler_address)
    dialog.accept()
    assert not dialog.isVisible()
    assert settings.value(scheduler_setting.SETTINGS_KEY) == cluster.scheduler_address
    assert os.environ[SCHEDULER_ENV] == cluster.scheduler_address

    # a job of the app (its worker thread, no scheduler named) runs on the cluster's workers
    runner = JobRunner()
    with qtbot.waitSignal(runner.succeeded, timeout=60_000) as done:
        runner.start(lambda report, cancel: run_blocks(where, [0, 1, 2, 3],
                                                       result_dtype="<i8"))
    pids = set(done.args[0].tolist())
    assert os.getpid() not in pids and 1 <= len(pids) <= 2

    # a new window (the next launch) applies the kept value
    os.environ[SCHEDULER_ENV] = "local"
    again = MainWindow(factories=[], settings=settings)
    qtbot.addWidget(again)
    assert os.environ[SCHEDULER_ENV] == cluster.scheduler_address


def test_the_table_tab_s_nash_chart_runs_on_the_app_s_engine(qtbot, cluster, monkeypatch):
    """The app's chart of more than two players (the Table tab's Nash chart) runs on the Dask
    workers of the Compute engine setting, and its chart is the one computed in this process
    (the same bits)."""
    import distributed

    from omahanash.pushfold.chart import solve_chart
    from ui.table.tab import TableTab

    def chart_imported() -> bool:
        return "omahanash.pushfold.chart" in sys.modules

    monkeypatch.setenv(SCHEDULER_ENV, cluster.scheduler_address)
    tab = TableTab()
    qtbot.addWidget(tab)
    form = tab.form
    for edit, text in ((form.iterations_edit, "2"), (form.deals_edit, "1000"),
                       (form.seed_edit, "9"), (form.payouts_edit, "50/30/20")):
        edit.setText(text)
    panel = tab.chart_panel
    panel.stacks_edit.setText("5, 9")
    with distributed.Client(cluster.scheduler_address) as client:
        before = client.run(chart_imported)
        assert panel.run()
        qtbot.waitUntil(lambda: not panel.runner.running, timeout=120_000)
        after = client.run(chart_imported)
    assert not any(before.values()) and any(after.values()), "the workers solved it"
    assert panel.error.text() == "" and panel.chart is not None
    expected = solve_chart("holdem", 3, [5.0, 9.0], sb=50, bb=100, payouts="50/30/20",
                           iterations=2, deals=1000, seed=9)
    assert panel.chart.rows.tobytes() == expected.rows.tobytes()
