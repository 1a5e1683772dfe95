"""The drill: dealing (real frequencies, close spots, leaks, seeds) and grading against the
equilibrium, checked against the jam-fold solution's own lookups."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.hands import class_combos, class_of
from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.nash_cache import nash_solution
from omahanash.trainer import Cell, Drill, DrillConfig, parse_stacks

HOLDEM_MIXED = DrillConfig("holdem", stacks=(5, 15), position="both")


def _lookup(spot, table=None):
    """The solution's own view of a dealt spot (chips)."""
    params = JamFoldParams(spot.variant, sb=5, bb=10, ante=10 * spot.ante_bb,
                           stacks=10 * spot.stack_bb)
    solution = nash_solution(params, table=table, persist=False)
    return solution.lookup(spot.class_id, "pusher" if spot.position == "sb" else "caller")


def _session(drill, count, choose):
    answers = []
    for _ in range(count):
        spot = drill.next_spot()
        answers.append(drill.answer(choose(spot), seconds=1.0))
    return answers


def test_answering_with_the_equilibrium_scores_everything():
    drill = Drill(HOLDEM_MIXED, seed=11, persist=False)
    _session(drill, 200, lambda spot: spot.best_action)
    stats = drill.statistics()
    assert (stats.spots, stats.accuracy, stats.ev_lost_bb, stats.weak_spots) == (200, 1.0, 0.0, ())


def test_always_folding_loses_the_positive_diff_evs():
    drill = Drill(HOLDEM_MIXED, seed=12, persist=False)
    answers = _session(drill, 200, lambda spot: "f")
    # The one decision rule: folding loses the positive Diff_EV when it is larger than the
    # solve's precision (its NashConv), however often the average strategy folds the hand.
    gains = [_lookup(a.spot).diff_ev / 10 for a in answers]
    expected = sum(gain if gain > a.spot.tolerance_bb else 0.0
                   for gain, a in zip(gains, answers, strict=True))
    assert expected > 0 and all(0 < a.spot.tolerance_bb < 1e-3 for a in answers)
    # a hand the average strategy folds 5 % or more and whose Diff_EV is beyond the
    # precision: the 5 % no longer excuses it
    assert any(1.0 - a.spot.frequency >= MIXED_MIN_FREQUENCY and gain > a.spot.tolerance_bb
               for gain, a in zip(gains, answers, strict=True))
    assert drill.statistics().ev_lost_bb == pytest.approx(expected, rel=1e-12, abs=1e-12)
    assert drill.statistics().accuracy < 1.0


def test_spots_carry_the_equilibrium_of_their_spot():
    drill = Drill(HOLDEM_MIXED, seed=13, persist=False)
    for _ in range(30):
        spot = drill.next_spot()
        hand = _lookup(spot)
        assert class_of("holdem", spot.hand) == spot.class_id == hand.id
        assert spot.frequency == pytest.approx(hand.played)
        assert spot.allin_ev_bb == pytest.approx(hand.allin_ev / 10)
        assert spot.fold_ev_bb == pytest.approx(hand.fold_ev / 10)
        assert spot.stack_bb in HOLDEM_MIXED.stack_values and spot.position in ("sb", "bb")
        drill.answer("p")


@pytest.mark.parametrize("threshold", [0.25, 0.05])
def test_close_spots_stay_within_the_threshold(threshold):
    config = DrillConfig("holdem", stacks=(4, 12), position="both", close=True,
                         close_threshold_bb=threshold)
    drill = Drill(config, seed=14, persist=False)
    for _ in range(150):
        spot = drill.next_spot()
        assert abs(_lookup(spot).diff_ev / 10) <= threshold
        assert spot.close
        drill.answer("f")


def test_hands_come_with_their_real_frequency():
    drill = Drill(DrillConfig("holdem", stacks=(10, 10), position="sb"), seed=15, persist=False)
    deals = 4000
    counts = np.zeros(169)
    for _ in range(deals):
        counts[drill.next_spot().class_id] += 1
    combos = class_combos("holdem")
    pairs, offsuit = combos == 6, combos == 12
    # Pairs are 78 of 1,326 hands (5.9 %), offsuit hands 936 (70.6 %): 4 standard errors.
    for mask in (pairs, offsuit):
        share = combos[mask].sum() / combos.sum()
        assert abs(counts[mask].sum() / deals - share) < 4 * np.sqrt(share * (1 - share) / deals)


def test_a_seed_deals_the_same_spots():
    def hands(seed):
        drill = Drill(HOLDEM_MIXED, seed=seed, persist=False)
        return [(s.stack_bb, s.position, s.hand) for s in (drill.next_spot() for _ in range(20))]

    assert hands(5) == hands(5) != hands(6)


def test_leaks_deal_from_their_cells():
    cell = Cell("holdem", "bb", "6-10 bb", "offsuit K")
    drill = Drill(DrillConfig("holdem", stacks=(5, 15), focus=(cell,)), seed=16, persist=False)
    for _ in range(40):
        spot = drill.next_spot()
        assert (spot.position, spot.hand_group) == ("bb", "offsuit K")
        assert 6 <= spot.stack_bb <= 10


def test_answering_needs_a_spot():
    drill = Drill(HOLDEM_MIXED, seed=1, persist=False)
    with pytest.raises(InputError, match="next_spot"):
        drill.answer("p")
    drill.next_spot()
    drill.answer("p")
    with pytest.raises(InputError, match="next_spot"):
        drill.answer("p")


@pytest.mark.parametrize("changes", [{"position": "utg"}, {"stacks": (1, 5)}, {"stacks": (9, 8)},
                                     {"stacks": (5, float("nan"))}, {"stacks": 10},
                                     {"ante": -1}, {"game": "razz"}, {"close_threshold_bb": 0}])
def test_bad_configs_are_refused(changes):
    with pytest.raises(InputError):
        DrillConfig(**{"game": "holdem", **changes})


def test_parse_stacks():
    assert parse_stacks("5-15") == (5.0, 15.0) and parse_stacks("7.5") == (7.5, 7.5)
    with pytest.raises(InputError, match="stacks"):
        parse_stacks("five")


def test_omaha_on_a_subset_table(omaha_subset):
    config = DrillConfig("omaha-hi", stacks=(8, 10), position="both")
    drill = Drill(config, seed=17, tables={"omaha-hi": omaha_subset}, persist=False)
    answers = _session(drill, 60, lambda spot: spot.best_action)
    assert drill.statistics().accuracy == 1.0 and drill.statistics().ev_lost_bb == 0.0
    for answer in answers:
        spot = answer.spot
        assert spot.class_id in omaha_subset.class_ids
        assert class_of("omaha", spot.hand) == spot.class_id
        assert spot.allin_ev_bb == pytest.approx(_lookup(spot, omaha_subset).allin_ev / 10)


def test_mixed_deals_every_available_variant(omaha_subset):
    config = DrillConfig("mixed", stacks=(10, 10))
    drill = Drill(config, seed=18, tables={"omaha-hi": omaha_subset}, persist=False,
                  cache_dir="/nonexistent-omahanash-cache")
    assert [str(v) for v in drill.variants] == ["holdem", "omaha-hi"]
    assert drill.skipped and "Omaha Hi/Lo" in drill.skipped[0]
    seen = {drill.next_spot().variant for _ in range(30)}
    assert seen == set(drill.variants)


def test_leak_cells_keep_the_drilled_game():
    from omahanash.trainer import leak_cells, summarize
    from omahanash.trainer.stats import example_record

    stats = summarize([example_record(correct=False, ev_lost_bb=1.0),
                       example_record(correct=False, variant="omaha-hi", hand_group="aces",
                                      ev_lost_bb=2.0)])
    assert [c.variant for c in leak_cells(stats)] == ["omaha-hi", "holdem"]
    assert [c.variant for c in leak_cells(stats, game="holdem")] == ["holdem"]
    assert leak_cells(stats, count=1) == (Cell("omaha-hi", "sb", "6-10 bb", "aces"),)
