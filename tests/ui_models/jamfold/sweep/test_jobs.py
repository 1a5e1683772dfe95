"""The Nash chart page without Qt: its job (:mod:`ui.jamfold.sweep.jobs`) gives the library's sweep,
keeps the finished stacks when stopped (an outcome, not an exception) and skips a game without
its table; its model (:mod:`ui.jamfold.sweep.model`) words and exports the rows."""

from __future__ import annotations

import pytest

from omahanash.jamfold import sweep
from omahanash.runs import CancelFlag
from ui.jamfold.sweep.jobs import SweepOutcome, sweep_job
from ui.jamfold.sweep.model import EXPORT_COLUMNS, export_rows, finished_text, parse_stacks_text

BLINDS = (5.0, 10.0, 0.0)
ITERATIONS = 60  # a fixed count: the same numbers as the library's, quickly


@pytest.fixture(scope="module")
def tables():
    from omahanash.equity.tables import load_table

    return {"holdem": load_table("holdem")}


def test_the_job_gives_the_librarys_sweep(tables, make_recorder):
    stacks = parse_stacks_text("8, 3")
    recorder = make_recorder()
    outcome = sweep_job(("holdem",), stacks, BLINDS, tables, ITERATIONS)(recorder, CancelFlag())
    direct = sweep("holdem", [3.0, 8.0], sb=5, bb=10, iterations=ITERATIONS,
                   table=tables["holdem"])
    assert outcome == SweepOutcome({"holdem": direct}, {}, False)
    assert recorder.reports[-1] == (2, 2) and recorder.detail() == {"holdem": direct}
    rows = export_rows(outcome.results)
    assert len(EXPORT_COLUMNS) == len(rows[0])
    assert rows[1] == ["holdem", 8.0, direct[1].pusher_range, direct[1].caller_range,
                       direct[1].epsilon, ITERATIONS]
    assert finished_text(outcome.results, outcome.skipped) == "2 stacks solved."


def test_a_stopped_sweep_keeps_the_finished_stacks(tables, make_recorder):
    cancel = CancelFlag()
    # Stop once the first stack is done: the sweep ends before the second
    recorder = make_recorder(cancel, stop_when=lambda done, total: done >= 1)
    outcome = sweep_job(("holdem",), [3.0, 8.0, 12.0], BLINDS, tables, ITERATIONS)(
        recorder, cancel)
    first = sweep("holdem", [3.0], sb=5, bb=10, iterations=ITERATIONS, table=tables["holdem"])
    assert outcome.stopped and outcome.results == {"holdem": first}


def test_a_game_without_its_table_is_skipped_with_the_librarys_message(monkeypatch, tmp_path,
                                                                       make_recorder):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "empty-cache"))
    outcome = sweep_job(("omaha-hi",), [3.0], BLINDS, {}, ITERATIONS)(make_recorder(),
                                                                      CancelFlag())
    assert outcome.results == {} and not outcome.stopped
    assert list(outcome.skipped) == ["omaha-hi"] and "not built" in outcome.skipped["omaha-hi"]
    assert finished_text(outcome.results, outcome.skipped).startswith(
        "0 stacks solved (stopped before the first); Omaha Hi skipped: ")
