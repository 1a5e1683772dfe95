"""The perfect-information tab without Qt: its job (:mod:`ui.perfect.jobs`) answers what the
library answers and turns Stop into an outcome; its model (:mod:`ui.perfect.model`) judges
the fields. ``lint-imports`` keeps both free of PySide6."""

from __future__ import annotations

import pytest

from omahanash.errors import InputError
from omahanash.perfect.grundy import nim, subtraction_game
from omahanash.perfect.retrograde import parse_graph, retrograde
from omahanash.runs import CancelFlag
from ui.perfect.jobs import STOPPED_TEXT, PerfectOutcome, solve_job
from ui.perfect.model import GRAPH, NIM, SUBTRACTION, PerfectRequest, check_inputs


@pytest.fixture
def run(make_recorder):
    """The tab's job run to its outcome, reported to a recorder without a window."""
    def run(request: PerfectRequest, cancel: CancelFlag | None = None) -> PerfectOutcome:
        return solve_job(request)(make_recorder(), cancel or CancelFlag())

    return run


def test_nim_and_subtraction_say_what_the_library_finds(run):
    request = check_inputs(NIM, "3 4 5", "").request
    assert request == PerfectRequest(NIM, heaps=(3, 4, 5))
    direct = nim([3, 4, 5])
    outcome = run(request)
    assert f"Grundy value {direct.grundy})" in outcome.summary and direct.grundy == 2
    assert f"take {direct.move.take} from heap {direct.move.heap + 1}" in outcome.summary
    assert not outcome.stopped and outcome.rows == []

    request = check_inputs(SUBTRACTION, "10", "3, 1,2").request
    assert request == PerfectRequest(SUBTRACTION, stones=10, moves=(1, 2, 3))
    direct_sub = subtraction_game(10, [1, 2, 3])
    assert f"take {direct_sub.take}, leaving {direct_sub.left}." in run(request).summary


def test_a_graph_table_is_the_librarys_positions(run):
    text = "p q; q p; q t; d e; e d"
    outcome = run(check_inputs(GRAPH, text, "").request)
    positions = retrograde(parse_graph(text.replace(";", "\n"))).as_dict()
    assert [row[0] for row in outcome.rows] == list(positions)
    assert [row[1] for row in outcome.rows] == [p["status"] for p in positions.values()]
    assert outcome.rows[0] == ["p", "loss", 2, "q"]
    assert outcome.summary.startswith("5 positions: 1 win, 2 loss, 2 draw.")


def test_a_stopped_subtraction_game_is_an_outcome_not_an_exception(run):
    cancel = CancelFlag()
    cancel.cancel()
    outcome = run(PerfectRequest(SUBTRACTION, stones=4_000_000, moves=(3, 7, 1000)), cancel)
    assert outcome == PerfectOutcome(STOPPED_TEXT, [], [], stopped=True)


def test_a_bad_graph_is_the_jobs_input_error(run):
    with pytest.raises(InputError, match="zz"):
        run(check_inputs(GRAPH, '{"a": ["zz"]}', "").request)


@pytest.mark.parametrize(("game", "text", "moves", "field", "words"), [
    (NIM, "3 x 5", "", "input", "'x'"),
    (NIM, "  ", "", "input", "type the heap sizes"),
    (SUBTRACTION, "-4", "1", "input", "non-negative integer"),
    (SUBTRACTION, "10", "", "moves", "the move set is empty"),
    (GRAPH, "", "", "input", "type the moves"),
])
def test_each_message_belongs_to_its_field(game, text, moves, field, words):
    checked = check_inputs(game, text, moves)
    assert checked.request is None
    assert list(checked.errors) == [field] and words in checked.errors[field]
    assert "--moves" not in checked.errors[field]  # the command line's flag is not a field
