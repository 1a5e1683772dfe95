"""Grading: the best action, the EV lost, mixed hands."""

from __future__ import annotations

import pytest

from omahanash.errors import InputError
from omahanash.trainer.grading import MIXED_MIN_FREQUENCY, grade, parse_action


def test_folding_loses_the_positive_diff_ev():
    verdict = grade("f", frequency=1.0, allin_ev=7.0, fold_ev=-5.0, bb=10)
    assert (verdict.correct, verdict.best_action, verdict.ev_lost_bb) == (False, "allin", 1.2)


def test_pushing_loses_the_negative_diff_ev():
    verdict = grade("push", frequency=0.0, allin_ev=-8.0, fold_ev=-5.0, bb=10)
    assert (verdict.correct, verdict.best_action) == (False, "fold")
    assert verdict.ev_lost_bb == pytest.approx(0.3)


def test_the_best_action_loses_nothing():
    assert grade("p", 1.0, 7.0, -5.0, 10).ev_lost_bb == 0.0
    assert grade("f", 0.0, -8.0, -5.0, 10).ev_lost_bb == 0.0


@pytest.mark.parametrize("action", ["p", "f"])
def test_a_mixed_hand_takes_both_answers(action):
    verdict = grade(action, frequency=0.5, allin_ev=-5.00001, fold_ev=-5.0, bb=10)
    assert verdict.correct and verdict.mixed
    assert verdict.ev_lost_bb == pytest.approx(0.0, abs=1e-5)


def test_an_action_the_equilibrium_plays_often_enough_is_correct():
    # The equilibrium pushes; the EVs (solver precision) say fold by a hair: pushing is right.
    assert grade("p", 1.0, -5.00001, -5.0, 10).correct
    assert not grade("p", MIXED_MIN_FREQUENCY / 2, -6.0, -5.0, 10).correct


@pytest.mark.parametrize("text", ["", "x", "pp", None, 1])
def test_bad_actions_are_refused(text):
    with pytest.raises(InputError, match="action"):
        parse_action(text)


@pytest.mark.parametrize(("name", "value"),
                         [("frequency", 1.5), ("bb", 0), ("allin_ev", float("nan"))])
def test_bad_numbers_are_refused(name, value):
    arguments = {"frequency": 0.5, "allin_ev": 1.0, "fold_ev": 0.0, "bb": 10.0, name: value}
    with pytest.raises(InputError, match=name):
        grade("p", **arguments)
