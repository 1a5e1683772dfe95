"""The Tournament tab's model and job without Qt: the form read into the library's structure
(each bad part named), the job's answer against the library's function called directly, Stop as
an outcome that keeps the variants finished, and the result panel's figures."""

from __future__ import annotations

import importlib

import pytest

import ui.tournament.jobs as tournament_jobs
from omahanash.cards import Variant
from omahanash.errors import Cancelled
from omahanash.runs import CancelFlag
from omahanash.tournament import Structure, run_tournament
from omahanash.tournament.match import DEFAULT_TRIALS
from ui.tournament.jobs import NOT_BUILT, match_job
from ui.tournament.model import (
    TournamentAnswer,
    TournamentInputs,
    answer_messages,
    check,
    result_panel,
    stacks_text,
)

SMALL = dict(chips=400, stack=100, sb=10, bb=20, p1="100%", p2="30%")


def test_the_modules_import_no_qt():
    for name in ("ui.tournament.model", "ui.tournament.jobs"):
        module = importlib.import_module(name)
        assert not any(line.startswith(("from PySide6", "import PySide6", "import pyqtgraph"))
                       for line in open(module.__file__).read().splitlines())


def test_the_form_starts_at_the_librarys_defaults():
    request = check(TournamentInputs()).request
    assert request is not None
    assert (request.method, request.button_first, request.trials, request.seed) == \
        ("markov", None, DEFAULT_TRIALS, 0)
    assert request.structure == Structure.fixed(8000, 300, 600)
    assert request.stacks == (4000, 4000) and (request.p1, request.p2) == ("nash", "30%")


def test_a_schedule_is_the_librarys_structure():
    inputs = TournamentInputs(chips=3000, stack=1000, blinds="Level schedule",
                              levels="10/20, 15/30/5", hands_per_level=7)
    request = check(inputs).request
    assert request is not None
    assert request.structure == Structure.parse(3000, "10/20,15/30/5", 7)
    assert request.stacks == (1000, 2000)
    assert stacks_text(inputs)[0] == "= 50.0 bb · player 2: 100.0 bb"


@pytest.mark.parametrize(("change", "part", "words"), [
    ({"stack": 400}, "structure", "stacks[1] must be at least 1"),
    ({"sb": 30}, "structure", "BB must be at least SB"),
    ({"blinds": "Level schedule", "levels": "10/20,x"}, "structure", "SB/BB"),
    ({"p1": "AA**"}, "p1", ""),
    ({"p2": "150%"}, "p2", ""),
])
def test_bad_input_is_the_librarys_message_at_its_part(change, part, words):
    checked = check(TournamentInputs(**{**SMALL, **change}))
    assert checked.request is None and list(checked.errors) == [part]
    assert words in checked.errors[part] and checked.errors[part]


def test_a_strategy_is_checked_for_every_variant_played():
    checked = check(TournamentInputs(**{**SMALL, "game": "All three", "p2": "AA**"}))
    assert checked.errors["p2"].startswith("Hold'em: ")


def test_the_job_answers_what_the_library_answers(make_recorder):
    request = check(TournamentInputs(**SMALL)).request
    assert request is not None
    reporter = make_recorder()
    answer = match_job(request)(reporter, CancelFlag())
    direct = run_tournament("holdem", Structure.fixed(400, 10, 20), (100, 300), "100%", "30%")
    result = answer.results[Variant.HOLDEM]
    assert not answer.stopped and answer.missing == {}
    assert result.p_win == direct.p_win
    assert result.main.expected_hands == direct.main.expected_hands
    assert reporter.phases == ["Hold'em"] and reporter.reports[-1][0] == pytest.approx(1.0)


def test_a_cancelled_job_returns_a_stopped_outcome(make_recorder):
    request = check(TournamentInputs(**SMALL)).request
    assert request is not None
    flag = CancelFlag()
    flag.cancel()
    assert match_job(request)(make_recorder(), flag) == TournamentAnswer({}, {}, stopped=True)


def test_stop_in_the_second_variant_keeps_the_first(monkeypatch, make_recorder):
    """The second variant (its library call stands in for one stopped midway) is stopped: the
    first's result is kept, the unbuilt third is named."""
    def stopped_in_omaha(variant, *args, **kwargs):
        if variant == Variant.OMAHA_HI:
            raise Cancelled("the tournament run was cancelled")
        return run_tournament(variant, *args, **kwargs)

    monkeypatch.setattr(tournament_jobs, "run_tournament", stopped_in_omaha)
    request = check(TournamentInputs(**{**SMALL, "game": "All three"})).request
    assert request is not None
    answer = match_job(request, unbuilt=[Variant.OMAHA_HILO])(make_recorder(), CancelFlag())
    assert answer.stopped and list(answer.results) == [Variant.HOLDEM]
    assert answer.missing == {Variant.OMAHA_HILO: NOT_BUILT}
    left_out, status = answer_messages(answer)
    assert left_out.startswith("Omaha Hi/Lo left out") and "stopped" in status


def test_the_result_panel_adds_prize_equity_and_the_same_strategy_note(make_recorder):
    request = check(TournamentInputs(**{**SMALL, "p2": "100%"})).request
    assert request is not None
    answer = match_job(request)(make_recorder(), CancelFlag())
    p_win = answer.results[Variant.HOLDEM].p_win
    assert p_win == pytest.approx(0.25, abs=1e-9)  # all in every hand: the chip share
    text, tip, note = result_panel(answer, request, (65.0, 35.0))
    assert f"{p_win * 65 + (1 - p_win) * 35:.2f} of 100" in text
    assert "Player 1 5.0 bb, player 2 15.0 bb" in text and "100 and 300 of 400" in tip
    assert "same strategy" in note and note in text
    other = check(TournamentInputs(**SMALL)).request
    assert other is not None
    assert result_panel(answer, other, None)[2] == ""
