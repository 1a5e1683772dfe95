"""The Trainer tab's model and job without Qt: the form read into the library's drill
configuration (defaults and every message the library's, beside the field its argument names),
the verdict on an answer against ``judge()``, the deal job against the drill dealing directly,
Stop as an outcome, leaks and the session plot's points."""

from __future__ import annotations

import importlib

import pytest

from omahanash.jamfold.decision import judge
from omahanash.runs import CancelFlag
from omahanash.trainer import Drill, DrillConfig, History
from omahanash.trainer.table import TableDrillConfig
from ui.trainer.jobs import Dealt, deal_job
from ui.trainer.model import (
    TrainerInputs,
    all_solved,
    check,
    drill_notes,
    running_totals,
    situation_text,
    verdict,
    with_leaks,
)

CONFIG = DrillConfig("holdem", stacks=(10, 10), position="both")


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("OMAHANASH_DATA", str(tmp_path / "data"))


def test_the_modules_import_no_qt():
    for name in ("ui.trainer.model", "ui.trainer.jobs", "ui.trainer.table_drills"):
        module = importlib.import_module(name)
        assert not any(line.startswith(("from PySide6", "import PySide6", "import pyqtgraph"))
                       for line in open(module.__file__).read().splitlines())


def test_the_form_starts_at_the_librarys_defaults():
    assert check(TrainerInputs()) == (DrillConfig(), {})


def test_a_table_form_is_the_librarys_table_config():
    checked = check(TrainerInputs(game="Omaha Hi", players=6, payouts="65/35", stack="12",
                                  position="Calls", ante="0.5", close=True))
    assert checked.config == TableDrillConfig("omaha-hi", players=6, payouts="65/35",
                                              stacks="12", position="call", ante=0.5,
                                              close=True)


@pytest.mark.parametrize(("inputs", "field", "words"), [
    (TrainerInputs(stack="5-x"), "stack", "stacks must be big blinds"),
    (TrainerInputs(stack="15-5"), "stack", "low <= high"),
    (TrainerInputs(stack="3", ante="2"), "stack", "must exceed 1 bb plus the ante (3 bb)"),
    (TrainerInputs(ante="-1"), "ante", "ante must be >= 0"),
    (TrainerInputs(ante="inf"), "ante", "finite"),
    (TrainerInputs(ante="x"), "ante", "a number of big blinds"),
    (TrainerInputs(players=6, payouts="fifty"), "payouts", "payouts"),
    (TrainerInputs(players=4, stack="10/12"), "stack", "4 stacks"),
    (TrainerInputs(players=4, ante="-2"), "ante", ">= 0"),
])
def test_bad_input_is_the_librarys_message_beside_its_field(inputs, field, words):
    checked = check(inputs)
    assert checked.config is None and list(checked.errors) == [field]
    assert words in checked.errors[field]


@pytest.fixture(scope="module")
def solved_drill():
    """A 10 bb Hold'em drill whose equilibrium is solved (the spots after it are instant)."""
    drill = Drill(CONFIG, seed=11, persist=False)
    drill.next_spot()
    return drill


def test_the_verdict_is_judge_of_the_library(solved_drill):
    for number in range(12):
        spot = solved_drill.current or solved_drill.next_spot()
        action = ("allin", "fold")[number % 2]
        shown = verdict(solved_drill.answer(action))
        decision = judge(action, spot.allin_ev_bb, spot.fold_ev_bb, spot.frequency)
        assert shown.correct == (decision.verdict != "mistake")
        assert f"EV lost {decision.ev_lost:.3f} bb" in shown.feedback
        assert shown.feedback.startswith(f"{spot.hand}: ")
        assert ("correct" if shown.correct else "wrong") in shown.status


def test_the_deal_job_deals_what_the_drill_deals(solved_drill, make_recorder):
    twin = Drill(CONFIG, seed=5, persist=False)
    dealt = deal_job(Drill(CONFIG, seed=5, persist=False))(make_recorder(), CancelFlag())
    assert dealt == Dealt(twin.next_spot(), False)
    assert dealt.spot is not None
    assert situation_text(dealt.spot).startswith("Spot 1 · ")


def test_a_cancelled_deal_is_a_stopped_outcome(make_recorder):
    drill = Drill(DrillConfig("holdem", stacks=(7, 7), ante=0.15), seed=1, persist=False)
    assert not all_solved(drill)
    flag = CancelFlag()
    flag.cancel()
    assert deal_job(drill)(make_recorder(), flag) == Dealt(None, True)
    assert drill.current is None


def test_all_solved_follows_the_drill(solved_drill):
    assert all_solved(solved_drill)
    assert not all_solved(Drill(DrillConfig("holdem", stacks=(10, 11)), seed=1, persist=False))


def test_leaks_come_from_the_historys_wrong_answers():
    history = History.in_memory()
    config = check(TrainerInputs()).config
    assert config is not None
    with pytest.raises(ValueError, match="No leaks yet: the history has no wrong answer in "
                                         "Hold'em"):
        with_leaks(config, history, "Hold'em")
    drill = Drill(CONFIG, seed=11, history=history, persist=False)
    while not drill.answers or drill.answers[-1].grade.correct:
        spot = drill.next_spot()
        drill.answer("fold" if spot.best_action == "allin" else "allin")
    focused = with_leaks(config, history, "Hold'em")
    assert focused.focus and focused.focus[0].hand_group == drill.answers[-1].spot.hand_group
    assert drill_notes(Drill(focused, seed=2, persist=False)).splitlines() == \
        ["Seed 2", f"Drilling leak: {focused.focus[0].label}"]


def test_the_session_plot_points_are_running_totals(solved_drill):
    for action in ("allin", "fold", "fold"):
        solved_drill.current or solved_drill.next_spot()
        solved_drill.answer(action)
    answers = solved_drill.answers
    numbers, accuracy, lost = running_totals(answers)
    assert numbers == list(range(1, len(answers) + 1))
    assert accuracy[-1] == pytest.approx(100 * sum(a.grade.correct for a in answers)
                                         / len(answers))
    assert lost[-1] == pytest.approx(sum(a.grade.ev_lost_bb for a in answers))


def test_the_window_speaks_the_players_words():
    """No command-line names in the window (issue 35): a table drill of the Mixed game is
    refused in the selector's words, and a table of 5 is "5 left", never "5-max" (a 6-max
    sit-and-go with 5 left is not a 5-max table)."""
    from omahanash.cards import Variant
    from omahanash.trainer.table import TableSpot
    from ui.trainer.model import TrainerInputs, check

    message = next(iter(check(TrainerInputs(game="Mixed", players=5)).errors.values()))
    assert "Hold'em, Omaha Hi or Omaha Hi/Lo" in message and "Mixed" in message
    for word in ("holdem", "omaha-hi", "game mixed", "--", "omahanash"):
        assert word not in message, (word, message)
    spot = TableSpot(number=1, variant=Variant.HOLDEM, position="bb", stack_bb=10,
                     ante_bb=0, class_id=0, hand="As Ah", hand_group="", frequency=1.0,
                     allin_ev_bb=1.0, fold_ev_bb=-1.0, close=False, players=5,
                     payouts="65/35", stacks_bb=(10, 10, 10, 10, 10))
    assert "5 left, payouts 65/35" in spot.description and "-max" not in spot.description
