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
    verdict = grade(action, frequency=0.5, allin_ev=-5.00001, fold_ev=-5.0, bb=10,
                    tolerance=0.002)
    assert verdict.correct and verdict.mixed and not verdict.noise
    assert verdict.ev_lost_bb == 0.0 and verdict.tolerance_bb == pytest.approx(0.0002)


def test_an_answer_within_the_precision_is_correct_whatever_the_frequency():
    # The equilibrium pushes; the EVs say fold by less than the solve's precision: correct.
    assert grade("p", 1.0, -5.00001, -5.0, 10, tolerance=0.002).correct
    # The call: the average strategy calls 5 %, the call loses 2.7 bb: wrong, and
    # the 5 % is the solve's noise.
    call = grade("p", MIXED_MIN_FREQUENCY, -32.0, -5.0, 10, tolerance=0.002)
    assert not call.correct and call.noise and call.ev_lost_bb == pytest.approx(2.7)
    assert not grade("p", 0.4, -6.0, -5.0, 10, tolerance=0.002).correct


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
