"""The review's spot pane marks a mix of the average strategy as noise when one action is
better by more than the solve's precision, and as a true mix when the EVs are equal within it
(issue 35: "played 32 %" beside an EV difference of −0.187 % of the pool)."""

from __future__ import annotations

from omahanash.history.report import SpotReview
from ui.review.model import details_html, noise_note


def _spot(**changes) -> SpotReview:
    fields = dict(hand_id="1", file="f.txt", line=1, variant="holdem", position="BB", sb=0.5,
                  bb=1, ante=0, dead_money=0, stack_bb=10, grid_stack_bb=10, cards="Kd Ts",
                  action="call", nash_action="fold", nash_frequency=0.68, allin_ev=-2.9,
                  fold_ev=-1.0, ev_lost_bb=1.9, severity="blunder", best_action="fold",
                  verdict="mistake", tolerance_bb=0.01)
    fields.update(changes)
    return SpotReview(**fields)


def test_a_mix_with_evs_apart_is_noise_and_names_the_better_action():
    spot = _spot()  # folds 68 %, calls 32 %: but the call loses 1.9 bb
    note = noise_note(spot)
    assert "noise of the solve" in note and "fold is better by 1.9 bb" in note
    assert note.strip() in details_html(spot)


def test_a_mix_with_equal_evs_is_a_true_mix():
    spot = _spot(allin_ev=-1.004, fold_ev=-1.0, ev_lost_bb=0.0, severity="none",
                 verdict="mixed")  # 0.004 bb apart, within 0.01 bb
    assert noise_note(spot) == " (a mix: both EVs within the solve's precision)"
    # the precision is the line: the same gap over a finer solve is noise
    assert "noise" in noise_note(_spot(allin_ev=-1.004, fold_ev=-1.0, tolerance_bb=0.001))


def test_a_pure_or_nearly_pure_decision_has_no_note():
    for frequency in (1.0, 0.96):
        assert noise_note(_spot(nash_frequency=frequency)) == ""
