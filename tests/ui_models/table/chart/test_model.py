"""The Table tab's Nash chart without a window (ui.table.chart.model): the stacks field, the
chart a form asks for, the job (its chart equals the library's, Stop keeps the finished stacks
and the same chart run again continues from them), the exported rows and the texts."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.chart import solve_chart
from omahanash.runs import CancelFlag
from ui.table.chart.model import (
    ChartOutcome,
    chart_job,
    chart_request,
    default_nodes,
    export_rows,
    finished_text,
    parse_chart_stacks,
)

SPOT = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, ante=10, payouts="50/30/20")
ITERATIONS, DEALS, SEED = 3, 1_500, 4


@pytest.mark.parametrize(("text", "stacks"), [
    ("2:3:0.5", [2.0, 2.5, 3.0]), ("3-5", [3.0, 4.0, 5.0]), (" 10, 5,5 ", [5.0, 10.0]),
    ("7", [7.0])])
def test_stacks_field(text, stacks):
    assert parse_chart_stacks(text) == stacks


@pytest.mark.parametrize(("text", "words"), [
    ("", "enter big blinds"), ("5-2", "FROM <= TO"), ("a-b", "is not FROM-TO"),
    ("2:20", "stacks:"), ("0, 5", "> 0"), ("1:300:1", "at most 200")])
def test_bad_stacks_say_why_in_the_field_s_words(text, words):
    with pytest.raises(InputError, match=words) as caught:
        parse_chart_stacks(text)
    assert "--stacks-bb" not in str(caught.value)


def test_the_request_takes_the_table_and_the_form_s_solve():
    request = chart_request(SPOT, [4.0, 6.0], ITERATIONS, DEALS, SEED)
    assert (request.game, request.players, request.sb, request.bb, request.ante) == \
        ("holdem", 3, 50.0, 100.0, 10.0)
    assert (request.payouts, request.iterations, request.deals, request.seed) == \
        ("50/30/20", ITERATIONS, DEALS, SEED)
    chips = PushFoldSpot("omaha-hi", [1500] * 4, 50, 100)  # no payouts: chip EV
    defaults = chart_request(chips, [5.0], None, None, 0)
    assert (defaults.game, defaults.players, defaults.payouts) == ("omaha-hi", 4, None)
    assert (defaults.iterations, defaults.deals) == (200, 50_000)
    with pytest.raises(InputError, match="samples its deals"):
        chart_request(SPOT, [5.0], None, "exact", 0)
    # one store per chart: another seed or stack list is another file
    assert request.store_path("/x") == chart_request(SPOT, [4, 6], ITERATIONS, DEALS,
                                                     SEED).store_path("/x")
    assert request.store_path("/x") != chart_request(SPOT, [4, 6], ITERATIONS, DEALS,
                                                     SEED + 1).store_path("/x")


def test_default_nodes_are_the_open_pushes_and_the_big_blind_s_single_calls():
    six = PushFoldSpot("holdem", [1000] * 6, 50, 100).nodes()
    shown = default_nodes(six)
    assert shown[:5] == ["UTG", "HJ", "CO", "BTN", "SB"]
    assert shown[5:] == ["BB vs UTG", "BB vs HJ", "BB vs CO", "BB vs BTN", "BB vs SB"]


class Recorder:
    """The worker's reporter as the job uses it: progress calls, and the phase's detail."""

    def __init__(self, cancel: CancelFlag | None = None, stop_after: int | None = None):
        self.calls: list[tuple[float, float]] = []
        self.details: list[object] = []
        self.detail = None
        self.cancel, self.stop_after = cancel, stop_after

    def phase(self, name, detail=None):
        assert name == "chart"
        self.detail = detail

    def __call__(self, done, total):
        self.calls.append((done, total))
        self.details.append(self.detail() if self.detail else None)
        if self.stop_after is not None and done >= self.stop_after:
            self.cancel.cancel()


def test_the_job_stops_keeps_and_continues_to_the_library_s_chart(tmp_path):
    stacks = [3.0, 5.0, 8.0]
    request = chart_request(SPOT, stacks, ITERATIONS, DEALS, SEED)
    expected = solve_chart("holdem", 3, stacks, sb=50, bb=100, ante=10, payouts="50/30/20",
                           iterations=ITERATIONS, deals=DEALS, seed=SEED)

    cancel = CancelFlag()
    first = Recorder(cancel, stop_after=1)
    outcome = chart_job(request, tmp_path)(first, cancel)
    assert outcome.stopped and outcome.chart is not None
    assert outcome.chart.stacks_bb == [(3.0, 3.0, 3.0)]  # the stack finished before Stop
    assert np.array_equal(outcome.chart.rows, expected.rows[:1])
    assert first.calls == [(0, 3), (1, 3)]
    assert finished_text(outcome, 3).startswith("Stopped: 1 of 3 stacks solved")

    again = Recorder()
    outcome = chart_job(request, tmp_path)(again, CancelFlag())
    assert not outcome.stopped
    assert again.calls[0] == (1, 3), "the stack kept on disk is not solved again"
    assert again.details[0].stacks_bb == [(3.0, 3.0, 3.0)]  # shown at once
    assert [len(d.stacks_bb) for d in again.details[1:]] == [2, 3]  # the curves grow
    assert np.array_equal(outcome.chart.rows, expected.rows)  # the same bits as the library
    assert "3 stacks solved; largest NashConv" in finished_text(outcome, 3)
    assert "% of the prize pool" in finished_text(outcome, 3)

    # a chart seen before answers from its finished store, without solving
    third = Recorder()
    done = chart_job(request, tmp_path)(third, CancelFlag())
    assert np.array_equal(done.chart.rows, expected.rows) and third.calls == []


def test_export_rows_are_every_stack_and_node():
    chart = solve_chart("holdem", 3, [4.0, 6.0], iterations=2, deals=800)
    rows = export_rows(chart)
    assert len(rows) == 2 * 6
    assert rows[0][:4] == ["4/4/4", "BTN", "BTN", "push"]
    assert rows[0][4] == pytest.approx(chart.percent(0, "BTN"))
    assert rows[-1][:2] == ["6/6/6", "BB vs BTN+SB"]
    assert rows[-1][6] == pytest.approx(chart.nash_conv(1)) and rows[-1][7] == 2
    assert finished_text(ChartOutcome(chart, False), 2).endswith(" chips.")
