"""A Stop keeps what was finished and measures the rest within a grace
(:func:`omahanash.runs.grace_after`, :data:`omahanash.runs.MEASURE_GRACE`): the table solve's
ranges are kept, figures past the grace are None (``null`` in ``--json``), the Table tab's
job says ``unmeasured``, and ``omahanash solve`` interrupted by SIGINT exits 130 with whole
JSON and no half-written export. No timing assertion: the gate trips the flag at a chosen
point, and a grace of 0 s makes "past the grace" certain."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys

import pytest

from omahanash import runs
from omahanash.commands.solve.table import table_summary
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.runs import CancelFlag, grace_after, kernel_flag, measured, raise_if_stopped

SPOT = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
FIGURES = ("ev", "exploitability", "nash_conv", "nash_conv_fresh", "nash_conv_fresh_low")


class StopGate(CancelFlag):
    """A cancel flag that a job's own callback trips: at the first report (``on_report``)
    or the first progress call after ``after`` units (``progress``), as a Stop button
    pressed then would."""

    def __init__(self, after: float = 1) -> None:
        super().__init__()
        self.after = after
        self.tripped_at: object = None

    def on_report(self, report: object) -> None:
        if not self.cancelled:
            self.tripped_at = report
            self.cancel()

    def progress(self, done: float, total: float) -> None:
        if done >= self.after and not self.cancelled:
            self.tripped_at = done
            self.cancel()


@pytest.fixture
def no_grace(monkeypatch):
    """Every measuring after a Stop is past its grace at once."""
    monkeypatch.setattr(runs, "MEASURE_GRACE", 0.0)


def test_a_grace_trips_only_after_its_flag():
    user = CancelFlag()
    with grace_after(user, 0.0) as grace:
        assert not grace.cancelled
        user.cancel()
        assert grace.cancelled  # 0 s after the stop: at once
    with grace_after(None) as never:
        assert not never.cancelled
    late = CancelFlag()
    late.cancel()
    with grace_after(late, 0.0) as grace:  # set before: trips on entry
        assert grace.cancelled


def test_measured_skips_a_pass_past_the_grace_and_keeps_what_was_made():
    grace = CancelFlag()
    grace.cancel()

    def a_pass() -> int:
        raise_if_stopped(kernel_flag())
        return 1

    assert measured(a_pass, grace) is None
    assert measured(lambda: 2, grace) == 2  # nothing to run: the figure made already
    assert measured(a_pass, CancelFlag()) == 1


def test_a_stopped_table_solve_keeps_its_ranges_and_leaves_the_rest_unmeasured(no_grace):
    gate = StopGate()
    solution = solve_pushfold(SPOT, iterations=400, deals=8000, on_report=gate.on_report,
                              cancel=gate)
    assert gate.tripped_at is not None and solution.stopped
    assert solution.iterations >= 1
    with grace_after(gate) as grace:
        data = table_summary(solution, 0.0, grace)
    assert data["status"] == "stopped" and data["measured"] is False
    assert data["nash_conv_fresh"] is None and data["nash_conv_fresh_low"] is None
    assert [row["node"] for row in data["nodes"]] == [node.name for node in solution.nodes]
    assert all(0.0 <= row["percent"] <= 100.0 for row in data["nodes"])
    json.dumps(data, allow_nan=False)  # nulls, never NaN


def test_the_same_stop_measures_everything_without_a_grace_limit():
    gate = StopGate()
    solution = solve_pushfold(SPOT, iterations=400, deals=8000, on_report=gate.on_report,
                              cancel=gate)
    assert solution.stopped
    with grace_after(gate, math.inf) as grace:
        data = table_summary(solution, 0.0, grace)
    assert data["measured"] is True and all(data[key] is not None for key in FIGURES)


def test_the_table_job_says_unmeasured_after_a_stop(no_grace):
    from ui.table.jobs import solve_job, status_text
    from ui.table.model import TableInputs, check_inputs

    request = check_inputs(TableInputs(stacks=["1500", "1000", "800"], sb="50", bb="100",
                                       payouts="50/30/20", deals="8000", seed="3",
                                       iterations="400")).request
    gate = StopGate(after=12)
    reporter = _Reporter(gate)
    result = solve_job(request)(reporter, gate)
    assert result.solution is not None and result.stopped
    assert result.unmeasured  # the views' passes were past the grace: not made
    assert result.solution.iterations < 400
    assert "not measured" in status_text(result)


def test_the_trainer_deal_stops_as_a_stop(no_grace):
    from omahanash.trainer.table import TableDrill, TableDrillConfig
    from ui.trainer.jobs import deal_job

    drill = TableDrill(TableDrillConfig("holdem", players=3), seed=1, persist=False)
    gate = StopGate(after=2)
    dealt = deal_job(drill)(gate.progress, gate)
    assert dealt.stopped and dealt.spot is None


class _Reporter:
    def __init__(self, gate: StopGate) -> None:
        self.gate = gate

    def __call__(self, done: float, total: float) -> None:
        self.gate.progress(done, total)

    def phase(self, name: str, detail: object = None) -> None:
        pass


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_at_a_table_exits_130_with_whole_json_and_no_half_export(tmp_path):
    export = tmp_path / "out.json"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-c", "from omahanash.cli import entry; entry()", "solve",
         "--game", "holdem", "--stacks", "1500", "1000", "800", "--sb", "50", "--bb", "100",
         "--deals", "100000", "--fresh", "--json",
         "--cache-dir", str(tmp_path), "--export", "json", str(export)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stderr is not None
    seen = b""
    while b"iteration" not in seen:  # the first progress line (NashConv at a report)
        chunk = child.stderr.read1(4096)
        assert chunk, f"ended before a progress line: {seen!r}"
        seen += chunk
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=600)
    assert child.returncode == 130, (seen + err).decode()
    data = json.loads(out)  # whole: one valid document
    for key in FIGURES:
        assert key in data
    assert data["measured"] == all(data[key] is not None for key in FIGURES)
    assert data["nodes"] and all(row["percent"] is not None for row in data["nodes"])
    if export.exists():  # written in time: whole
        written = json.loads(export.read_text())
        assert written["nodes"]
    else:
        assert b"not written" in err


def test_the_table_job_begins_no_pass_longer_than_the_grace_after_a_stop():
    from ui.table.jobs import measure

    gate = StopGate()
    solution = solve_pushfold(SPOT, iterations=400, deals=8000, on_report=gate.on_report,
                              cancel=gate)
    assert solution.stopped
    solution.solver.step(1)  # an iteration past the last measured one: a pass to make
    assert measure(solution, gate, per_pass=runs.MEASURE_GRACE * 10) is False
    assert measure(solution, CancelFlag(), per_pass=runs.MEASURE_GRACE * 10) is True
