"""The Jam-fold tab driven like a user: inputs, Calculate/Stop in a worker, live results and
Epsilon plot, hand lookup, range view, save / open / export, the Omaha table offer."""

from __future__ import annotations

import csv
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QTableView

from ui.jamfold.tab import JamFoldTab, format_played, plot_indices
from ui.kit.plots import ConvergencePlot
from ui.kit.workers import Worker


@pytest.fixture
def tab(window, drive) -> JamFoldTab:
    tab = window.tab("Jam-fold")
    assert isinstance(tab, JamFoldTab)
    assert window.tab_widget.indexOf(tab) == 0, "the Jam-fold tab comes first"
    window.tab_widget.setCurrentWidget(tab)
    return tab


def set_inputs(tab, drive, game="Texas Hold'em", sb="5", bb="10", s1="100", s2="100",
               iterations="300", solver="CFR+", ante="0") -> None:
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), game)
    drive.type_into(drive.find(tab, QLineEdit, "anteEdit"), ante)
    drive.type_into(drive.find(tab, QLineEdit, "sbEdit"), sb)
    drive.type_into(drive.find(tab, QLineEdit, "bbEdit"), bb)
    drive.type_into(drive.find(tab, QLineEdit, "player1Edit"), s1)
    drive.type_into(drive.find(tab, QLineEdit, "player2Edit"), s2)
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), iterations)
    drive.choose(drive.find(tab, QComboBox, "solverCombo"), solver)


def value(tab, name: str) -> str:
    return Driver_find_label(tab, name).text()


def Driver_find_label(tab, name: str) -> QLabel:  # noqa: N802
    label = tab.findChild(QLabel, name)
    assert label is not None, f"no label {name!r}"
    return label


def counter(tab) -> tuple[int, int]:
    done, total = value(tab, "iterationsValue").split("/")
    return int(done), int(total)


def look_up(tab, drive, qtbot, text: str, player: str) -> None:
    combo = drive.find(tab, QComboBox, "playerCombo")
    drive.choose(combo, next(combo.itemText(i) for i in range(combo.count())
                             if player in combo.itemText(i)))
    drive.type_into(drive.find(tab, QLineEdit, "lookupEdit"), text)
    qtbot.mouseClick(drive.find(tab, QPushButton, "showButton"), Qt.MouseButton.LeftButton)


RUN = 20_000  # CFR+ iterations of the live run


def test_holdem_cfr_run_live_then_lookup(tab, drive, qtbot, tmp_path, monkeypatch):
    set_inputs(tab, drive, iterations=str(RUN))
    button = drive.find(tab, QPushButton, "calculateButton")
    assert button.isEnabled() and button.text() == "Calculate"
    # The counter must move while it runs: two distinct live values below the end. Left
    # alone, whether the window gets to show any depends on timing (quiet, 20,000 iterations
    # ran before it handled a second signal; loaded, 4,000 once ran before it was scheduled
    # at all), so the worker waits, twice, after a progress signal until the window has
    # shown a new live value (a handshake, no clock: the wait's limit only stops a hang).
    seen: list[tuple[int, int]] = []
    shown = threading.Event()
    waits: list[float] = []
    report = Worker._report

    def report_and_wait(self, done, total, phase, detail):
        wait = phase == "solving" and 0 < done < RUN and len(waits) < 2
        if wait:
            waits.append(done)
            shown.clear()
        report(self, done, total, phase, detail)
        if wait:
            shown.wait(timeout=300)

    def on_progress(*_):
        now = counter(tab)
        if 0 < now[0] < RUN and all(now[0] != done for done, _ in seen):
            shown.set()
        seen.append(now)

    monkeypatch.setattr(Worker, "_report", report_and_wait)
    tab.runner.progressed.connect(on_progress)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop"
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert button.text() == "Calculate"
    live = sorted({done for done, _ in seen if 0 < done < RUN})
    assert len(waits) == 2 and len(live) >= 2, seen
    assert all(total == RUN for _, total in seen)
    assert counter(tab) == (RUN, RUN)
    # The thesis's 5/10, 100/100 Hold'em equilibrium: PU pushes ~58%, CA calls ~37%.
    pu = float(value(tab, "rangePuValue").rstrip("%"))
    ca = float(value(tab, "rangeCaValue").rstrip("%"))
    assert value(tab, "rangePuValue").endswith("%") and 57.0 < pu < 60.0
    assert 36.0 < ca < 39.0
    ev1, ev2 = float(value(tab, "postEv1Value")), float(value(tab, "postEv2Value"))
    eps = float(value(tab, "epsilonValue"))
    assert eps == pytest.approx((ev1 + ev2) / 2, abs=1e-3) and 0 <= eps < 0.01
    plot = drive.find(tab, ConvergencePlot, "epsilonPlot")
    points = plot.history()
    assert len(points) >= 300 and points[-1][0] == RUN
    assert points[-1][1] == pytest.approx(eps, rel=1e-3)
    assert points[-1][1] < points[0][1]  # it converged
    # The live updates happened in the GUI thread; what each costs is printed, not asserted
    # (no timing assertion in a test: 0.053 s once failed a 0.05 s bound on a loaded machine).
    assert len(tab.update_times) >= 2
    print(f"\nlive update: max {max(tab.update_times):.4f} s over {len(tab.update_times)}")

    look_up(tab, drive, qtbot, "Ad Ac", "PU")
    assert value(tab, "playedValue") == "100%"
    assert value(tab, "idValue") == "0"
    # the hand as typed, with its class name, not the class's canonical cards
    assert value(tab, "cardsValue") == "Ad Ac" and value(tab, "classValue") == "AA"
    allin, fold, diff = (float(value(tab, n)) for n in ("allinEvValue", "foldEvValue",
                                                        "diffEvValue"))
    assert fold == -5.0 and allin > 20 and diff == pytest.approx(allin - fold, abs=1e-3)
    look_up(tab, drive, qtbot, "7h 2d", "CA")
    assert value(tab, "playedValue") == "0%"
    assert float(value(tab, "foldEvValue")) == -10.0
    assert float(value(tab, "diffEvValue")) < 0
    # Bad cards / a bad id: the library's message beside the field.
    error = drive.find(tab, QLabel, "lookupError")
    look_up(tab, drive, qtbot, "Zz 2d", "CA")
    assert error.isVisible() and "unknown rank 'Z'" in error.text()
    assert value(tab, "playedValue") == ""
    look_up(tab, drive, qtbot, "99999", "PU")
    assert "out of range" in error.text() and error.isVisible()
    look_up(tab, drive, qtbot, "163", "CA")
    assert not error.isVisible() and value(tab, "idValue") == "163"

    # Range view: the grid (AA always pushed, 72o never) and the sortable, filterable table.
    grid = drive.find(tab, QTableView, "rangeGrid")
    model = grid.model()
    assert model.index(0, 0).data() == "AA"
    assert model.index(0, 0).data(Qt.ItemDataRole.UserRole) > 0.99
    seven_two = model.index(12, 7)  # row 2, column 7: offsuit below the diagonal
    assert seven_two.data() == "72o" and seven_two.data(Qt.ItemDataRole.UserRole) < 0.01
    table = drive.find(tab, QTableView, "classTable")
    assert table.model().rowCount() == 169
    drive.type_into(drive.find(tab, QLineEdit, "classFilterEdit"), "As Ah")
    assert table.model().rowCount() == 1
    drive.find(tab, QLineEdit, "classFilterEdit").clear()
    table.sortByColumn(3, Qt.SortOrder.AscendingOrder)  # push %: the least pushed first
    pushes = [table.model().index(r, 3).data(Qt.ItemDataRole.UserRole) for r in range(169)]
    assert pushes == sorted(pushes) and pushes[0] < 1 and pushes[-1] > 99

    # Save, export, open again.
    assert tab.save_solution(str(tmp_path / "hu.jamfold"))
    assert tab.export_csv(str(tmp_path / "hu.csv"))
    with open(tmp_path / "hu.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 169 and rows[0]["cards"] == "As Ah" and float(rows[0]["push_pct"]) > 99
    drive.type_into(drive.find(tab, QLineEdit, "bbEdit"), "20")
    drive.choose(drive.find(tab, QComboBox, "solverCombo"), "Fictitious play")
    assert tab.open_solution(str(tmp_path / "hu.jamfold"))
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert drive.find(tab, QLineEdit, "bbEdit").text() == "10"
    assert drive.find(tab, QComboBox, "solverCombo").currentText() == "CFR+"
    assert counter(tab) == (RUN, RUN)
    assert float(value(tab, "epsilonValue")) == pytest.approx(eps, rel=1e-6)
    look_up(tab, drive, qtbot, "Ad Ac", "PU")
    assert value(tab, "playedValue") == "100%"
    assert tab.open_solution(str(tmp_path / "missing.jamfold"))
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert "cannot read" in drive.find(tab, QLabel, "jamfoldError").text()


def test_invalid_inputs_disable_calculate(tab, drive):
    set_inputs(tab, drive)
    button = drive.find(tab, QPushButton, "calculateButton")
    assert button.isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "sbEdit"), "20")
    assert not button.isEnabled()
    # JamFoldParams' own message, beside the field it names (bb: "BB must be at least SB")
    bb_error = drive.find(tab, QLabel, "bbError")
    assert bb_error.isVisible() and "at least SB (20)" in bb_error.text()
    assert not drive.find(tab, QLabel, "sbError").isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "sbEdit"), "5")
    assert button.isEnabled() and not bb_error.isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "player2Edit"), "10")
    error = drive.find(tab, QLabel, "player2Error")
    assert not button.isEnabled() and "exceed BB + ante (10)" in error.text()
    drive.type_into(drive.find(tab, QLineEdit, "player2Edit"), "100")
    drive.type_into(drive.find(tab, QLineEdit, "anteEdit"), "95")
    assert not button.isEnabled()
    assert drive.find(tab, QLabel, "player1Error").isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "anteEdit"), "1")
    assert button.isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "player1Edit"), "lots")
    error = drive.find(tab, QLabel, "player1Error")
    assert not button.isEnabled() and "number" in error.text() and error.isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "player1Edit"), "100")
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "1.5")
    assert not button.isEnabled()
    assert drive.find(tab, QLabel, "iterationsError").isVisible()
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "50")
    assert button.isEnabled()

def test_invalid_inputs_do_not_start(tab, drive):
    set_inputs(tab, drive, sb="20")
    assert not tab.calculate() and not tab.runner.running


def test_stop_keeps_computed_values(tab, drive, qtbot):
    set_inputs(tab, drive, solver="Fictitious play", iterations="1000000")
    button = drive.find(tab, QPushButton, "calculateButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: counter(tab)[0] >= 20, timeout=300_000)
    assert button.text() == "Stop"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert button.text() == "Calculate" and button.isEnabled()
    done, total = counter(tab)
    assert total == 1_000_000 and 20 <= done < 1_000_000
    assert tab.solution is not None and tab.solution.iterations == done
    qtbot.wait(300)
    assert counter(tab) == (done, total)  # the counter stopped
    last = tab.solution.last_report
    assert value(tab, "rangePuValue") == f"{last.pusher_range:.2f}%"
    assert float(value(tab, "epsilonValue")) == pytest.approx(last.epsilon, rel=1e-5)
    assert drive.find(tab, ConvergencePlot, "epsilonPlot").history()[-1][0] == done
    look_up(tab, drive, qtbot, "Ad Ac", "PU")
    assert value(tab, "playedValue") == "100%"
    # Continue the stopped run for 30 more iterations: the history goes on from where it was.
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "30")
    qtbot.mouseClick(drive.find(tab, QPushButton, "continueButton"), Qt.MouseButton.LeftButton)
    assert button.text() == "Stop"
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert counter(tab) == (done + 30, done + 30)
    assert tab.solution.iterations == done + 30 and len(tab.solution.history) == done + 30
    points = drive.find(tab, ConvergencePlot, "epsilonPlot").history()
    assert points[0][0] == 1 and points[-1][0] == done + 30


def test_log_scale_and_object_names(tab, drive):
    for cls, name in ((QComboBox, "typeCombo"), (QLineEdit, "anteEdit"), (QLineEdit, "sbEdit"),
                      (QLineEdit, "bbEdit"), (QLineEdit, "player1Edit"),
                      (QLineEdit, "player2Edit"), (QLineEdit, "iterationsEdit"),
                      (QComboBox, "solverCombo"), (QPushButton, "calculateButton"),
                      (QComboBox, "playerCombo"), (QLineEdit, "lookupEdit"),
                      (QPushButton, "showButton")):
        drive.find(tab, cls, name)
    for name in ("iterationsValue", "rangePuValue", "rangeCaValue", "postEv1Value",
                 "postEv2Value", "epsilonValue", "idValue", "cardsValue", "playedValue",
                 "allinEvValue", "foldEvValue", "diffEvValue"):
        drive.find(tab, QLabel, name)
    types = drive.find(tab, QComboBox, "typeCombo")
    assert [types.itemText(i) for i in range(3)] == ["Omaha Hi", "Omaha Hi/Lo", "Texas Hold'em"]
    solvers = drive.find(tab, QComboBox, "solverCombo")
    assert [solvers.itemText(i) for i in range(2)] == ["Fictitious play", "CFR+"]
    plot = drive.find(tab, ConvergencePlot, "epsilonPlot")
    log = drive.find(tab, QCheckBox, "epsilonLogCheck")
    log.setChecked(False)
    assert not plot.getPlotItem().ctrl.logYCheck.isChecked()
    log.setChecked(True)
    assert plot.getPlotItem().ctrl.logYCheck.isChecked()


def test_omaha_without_table_offers_a_build(tab, drive, monkeypatch, tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    set_inputs(tab, drive, game="Texas Hold'em")
    box = tab.build_panel
    assert not box.isVisible()
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Omaha Hi")
    button = drive.find(tab, QPushButton, "calculateButton")
    assert box.isVisible() and not button.isEnabled()
    assert "not built" in tab.build_panel.label.text()
    assert drive.find(tab, QPushButton, "buildTableButton").isEnabled()
    assert not drive.find(tab, QPushButton, "buildCancelButton").isEnabled()
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Texas Hold'em")
    assert not box.isVisible() and button.isEnabled()


def test_helpers():
    assert format_played(0.99999) == "100%" and format_played(0.0) == "0%"
    assert format_played(0.425) == "42.5%" and format_played(1e-9) == "0%"
    idx = plot_indices(100_000)
    assert idx[0] == 0 and idx[-1] == 99_999 and len(idx) <= 601
    assert list(plot_indices(5)) == [0, 1, 2, 3, 4]


def test_build_offer_progress_eta_cancel_then_resume(tab, window, drive, qtbot, monkeypatch,
                                                     tmp_path):
    """The build runs in the worker with progress, ETA and Cancel. The real build takes minutes,
    so the library call is replaced by one that reports progress like it, honours the cancel
    flag the same way (raising Cancelled) and leaves a partial file as it does. After Cancel
    the status bar no longer says that a table is being built, and the variant was
    never locked: the coarse pass is the first one."""
    import time as _time

    import omahanash.equity.table_build as table_build
    import omahanash.equity.tables as tables
    from omahanash.errors import Cancelled

    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    calls = []

    def fake_build(game, samples=None, progress=None, cancel=None, **kwargs):
        calls.append((str(game), samples))
        path = tables.table_path(game)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + ".partial").write_bytes(b"partial")
        for done in range(0, 1000):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("interrupted; run it again to resume")
            progress(done, 1000)
            _time.sleep(0.005)
        # a loaded machine may reach the end before the test clicks Cancel: wait for it there
        # (the test asserts the cancel, not how far the fake build got)
        for _ in range(60_000):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("interrupted; run it again to resume")
            _time.sleep(0.005)
        raise AssertionError("the test cancels before the end")

    monkeypatch.setattr(table_build, "build_table", fake_build)

    def fake_partial(game):
        path = tables.table_path(game)
        return {"samples": 1} if path.with_name(path.name + ".partial").exists() else None

    monkeypatch.setattr(table_build, "partial_settings", fake_partial)
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Omaha Hi/Lo")
    build = drive.find(tab, QPushButton, "buildTableButton")
    assert build.text() == "Build table"
    assert "a few minutes" not in tab.build_panel.label.text()
    qtbot.mouseClick(build, Qt.MouseButton.LeftButton)
    assert not build.isEnabled()
    assert "Building a coarse Omaha Hi/Lo table" in window.statusBar().currentMessage()
    progress = tab.build_panel.progress
    qtbot.waitUntil(lambda: progress.value() >= 100 and "left" in tab.build_panel.eta.text(),
                    timeout=300_000)
    assert "min" in tab.build_panel.eta.text()
    qtbot.mouseClick(drive.find(tab, QPushButton, "buildCancelButton"),
                     Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(tab.build_panel.runner.finished, timeout=300_000):
        pass
    qtbot.waitUntil(lambda: not tab.build_panel.builds.running, timeout=5_000)
    assert calls == [("omaha-hilo", table_build.COARSE_SAMPLES)]  # the queue was emptied
    assert "resumes" in tab.build_panel.eta.text()
    assert build.isEnabled() and build.text() == "Resume building"
    assert not drive.find(tab, QPushButton, "calculateButton").isEnabled()
    assert drive.find(tab, QComboBox, "typeCombo").isEnabled()
    status = window.statusBar().currentMessage()
    assert "Building" not in status and "cancelled" in status


def test_inputs_are_remembered_between_launches(make_window, drive):
    first = make_window()
    tab = first.tab("Jam-fold")
    set_inputs(tab, drive, game="Omaha Hi/Lo", sb="2", bb="4", s1="60", s2="80",
               iterations="250", solver="Fictitious play", ante="0.5")
    first.close()
    second = make_window()
    tab = second.tab("Jam-fold")
    assert drive.find(tab, QComboBox, "typeCombo").currentText() == "Omaha Hi/Lo"
    assert drive.find(tab, QComboBox, "solverCombo").currentText() == "Fictitious play"
    assert [drive.find(tab, QLineEdit, n).text() for n in
            ("anteEdit", "sbEdit", "bbEdit", "player1Edit", "player2Edit", "iterationsEdit")] \
        == ["0.5", "2", "4", "60", "80", "250"]


def _solve_lookup(capsys, stack: str, hand: str) -> tuple[dict, str]:
    """``omahanash solve --lookup HAND --json`` at 5/10 with both stacks at ``stack``: the
    JSON document and what it said on stderr."""
    import json

    from omahanash.cli import main

    capsys.readouterr()
    assert main(["solve", "--game", "holdem", "--sb", "5", "--bb", "10", "--stacks", stack,
                 stack, "--lookup", hand, "--json"]) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def test_calculate_by_default_shows_the_equilibrium_solve_lookup_shows(tab, drive, qtbot,
                                                                       capsys):
    """The window and the command line read one cache of equilibria, so the same
    spot shows the same numbers; whichever solves it first keeps it for the other."""
    from omahanash.jamfold import nash_cache

    assert drive.find(tab, QLineEdit, "iterationsEdit").text() == ""  # the default
    for stack, window_first in (("73", True), ("67", False)):
        nash_cache.clear_memory()
        if not window_first:
            cli, said = _solve_lookup(capsys, stack, "J3s")
            assert "from the cache" not in said
            nash_cache.clear_memory()  # the window reads the file, as another process would
        set_inputs(tab, drive, s1=stack, s2=stack, iterations="")
        with qtbot.waitSignal(tab.runner.finished, timeout=60_000):
            qtbot.mouseClick(drive.find(tab, QPushButton, "calculateButton"),
                             Qt.MouseButton.LeftButton)
        if window_first:
            nash_cache.clear_memory()
            cli, said = _solve_lookup(capsys, stack, "J3s")
            assert "from the cache of equilibria" in said  # what the window solved and kept
        solution = tab.solution
        assert solution is not None and solution.iterations == cli["iterations"]
        assert solution.lookup("J3s", "pu").as_dict() == cli["lookup"]
        assert solution.summary()["epsilon"] == cli["epsilon"] and cli["reached_target"]
        assert counter(tab) == (cli["iterations"], cli["iterations"])
        assert float(value(tab, "epsilonValue")) == pytest.approx(cli["epsilon"], rel=1e-5)
        assert value(tab, "rangePuValue") == f"{cli['range_pu']:.2f}%"
        look_up(tab, drive, qtbot, "J3s", "PU")
        assert float(value(tab, "diffEvValue")) == pytest.approx(cli["lookup"]["diff_ev"],
                                                                 abs=1e-3)


def test_an_iteration_count_runs_afresh_and_continue_keeps_the_cache(tab, drive, qtbot):
    from omahanash.jamfold import nash_cache
    from omahanash.jamfold.game import JamFoldParams

    set_inputs(tab, drive, s1="91", s2="91", iterations="")
    with qtbot.waitSignal(tab.runner.finished, timeout=60_000):
        assert tab.calculate()
    kept = nash_cache.nash_solution(JamFoldParams("holdem", sb=5, bb=10, stacks=91))
    iterations = kept.iterations
    assert tab.solution is not None and tab.solution.iterations == iterations
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "5")
    with qtbot.waitSignal(tab.runner.finished, timeout=60_000):
        assert tab.continue_run()
    assert tab.solution.iterations == iterations + 5 and kept.iterations == iterations
    with qtbot.waitSignal(tab.runner.finished, timeout=60_000):
        assert tab.calculate()
    assert tab.solution.iterations == 5 and counter(tab) == (5, 5)  # afresh, 5 iterations


def test_open_spot_fills_the_form_or_says_why_not(tab, qtbot):
    """The tab's public slot for a spot another tab sends (the window routes the Review tab's
    "Open in Jam-fold" to it): it fills the inputs by object name, picks the side, says the
    message in this tab; an unknown input or game changes nothing and says why."""
    ante_before = tab.ante_edit.text()
    refused = tab.open_spot("Texas Hold'em", {"anteEdit": "1", "noSuchEdit": "2"}, "PU", "hi")
    assert refused is not None and "noSuchEdit" in refused
    assert tab.ante_edit.text() == ante_before
    assert tab.open_spot("No such game", {}, "PU", "hi") is not None
    inputs = {"anteEdit": "0.5", "sbEdit": "0.5", "bbEdit": "1", "player1Edit": "12",
              "player2Edit": "12", "lookupEdit": "Ah Kd"}
    with qtbot.waitSignal(tab.status_message) as said:
        assert tab.open_spot("Texas Hold'em", inputs, "CA", "Hand #7 from the Review tab") is None
    assert said.args == ["Hand #7 from the Review tab"]
    assert tab.type_combo.currentText() == "Texas Hold'em"
    assert {name: tab.findChild(QLineEdit, name).text() for name in inputs} == inputs
    assert tab.player_combo.currentText().startswith("CA")
