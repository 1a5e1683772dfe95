"""One decision rule: the review of played hands and the trainer judge the same
decisions alike: the same verdict and the same EV lost."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.hands import class_cards, parse_class
from omahanash.history.pokerstars import read_pokerstars_lines
from omahanash.history.review import review_hands
from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY, judge
from omahanash.trainer.drill import Drill, DrillConfig, Spot


def _hand_text(number: int, position: str, cards: str, action: str) -> str:
    """A heads-up PokerStars hand at 5/10 with 100-chip stacks (10 bb): the hero in
    ``position`` goes all in or folds (in the big blind, facing the small blind's push)."""
    if position == "SB":
        seats = "Seat 1: Hero (100 in chips)\nSeat 2: Villain (100 in chips)\n"
        blinds = "Hero: posts small blind 5\nVillain: posts big blind 10\n"
        play = ("Hero: raises 90 to 100 and is all-in\nVillain: folds\n" if action == "allin"
                else "Hero: folds\n")
    else:
        seats = "Seat 1: Villain (100 in chips)\nSeat 2: Hero (100 in chips)\n"
        blinds = "Villain: posts small blind 5\nHero: posts big blind 10\n"
        play = "Villain: raises 90 to 100 and is all-in\n" + (
            "Hero: calls 90\n" if action == "allin" else "Hero: folds\n")
    return (f"PokerStars Hand #{number}: Tournament #5, $1+$0 Hold'em No Limit - Level I "
            f"(5/10) - 2024/01/01 10:00:00 ET\nTable '5 1' 2-max Seat #1 is the button\n"
            f"{seats}{blinds}*** HOLE CARDS ***\nDealt to Hero [{cards}]\n{play}"
            "*** SUMMARY ***\n")


def _decisions(drill: Drill) -> list[tuple[str, int, str]]:
    """(position, class id, action): J3s and, for each position, hands the equilibrium plays
    always, never, almost always, rarely and mixed, each answered both ways."""
    from omahanash.cards import Variant

    situation = drill._situation(Variant.HOLDEM, 10.0, None, None)
    chosen: list[tuple[str, int]] = [("sb", parse_class("J3s", "holdem"))]
    for position in ("sb", "bb"):
        frequency = situation.frequency[position]
        for low, high in ((0.999999, 1.1), (-0.1, 1e-6), (0.9, 0.999), (1e-4, 0.1),
                          (MIXED_MIN_FREQUENCY, 1 - MIXED_MIN_FREQUENCY)):
            found = np.nonzero((frequency > low) & (frequency < high))[0]
            if found.size:
                chosen.append((position, int(situation.class_ids[found[0]])))
    return [(position, class_id, action) for position, class_id in chosen
            for action in ("allin", "fold")]


def test_review_and_trainer_give_the_same_verdicts_and_ev_lost(tmp_path):
    drill = Drill(DrillConfig("holdem", stacks=(10, 10), position="both"), seed=1,
                  persist=False, cache_dir=tmp_path)
    decisions = _decisions(drill)
    from omahanash.cards import Variant

    situation = drill._situation(Variant.HOLDEM, 10.0, None, None)
    frequencies = {(p, int(c)): float(situation.frequency[p][k]) for p in ("sb", "bb")
                   for k, c in enumerate(situation.class_ids)}
    assert any(0 < 1 - f < MIXED_MIN_FREQUENCY for f in frequencies.values())  # a J3s case
    text = "\n\n".join(_hand_text(n, position.upper(), class_cards("holdem", class_id), act)
                       for n, (position, class_id, act) in enumerate(decisions, 1))
    report = review_hands(read_pokerstars_lines(text.splitlines(), "x.txt"), hero="Hero",
                          cache_dir=tmp_path, persist=False)
    assert len(report.spots) == len(decisions)
    verdicts = set()
    for spot, (position, class_id, action) in zip(report.spots, decisions, strict=True):
        k = int(np.searchsorted(situation.class_ids, class_id))
        drill.current = Spot(
            number=1, variant=Variant.HOLDEM, position=position, stack_bb=10.0, ante_bb=0.0,
            class_id=class_id, hand=class_cards("holdem", class_id), hand_group="",
            frequency=frequencies[position, class_id],
            allin_ev_bb=float(situation.allin_bb[position][k]),
            fold_ev_bb=float(situation.fold_bb[position][k]), close=False)
        grade = drill.answer(action, seconds=1.0).grade
        verdicts.add(spot.verdict)
        what = (position, class_cards("holdem", class_id), action)
        assert grade.correct == (spot.verdict != "mistake"), what
        assert grade.mixed == (spot.verdict == "mixed") or spot.verdict == "mistake", what
        assert grade.ev_lost_bb == pytest.approx(spot.ev_lost_bb, abs=1e-6), what
        assert (spot.severity == "none") == (spot.verdict != "mistake"), what
    assert {"correct", "mistake"} <= verdicts
    # J3s folded in the small blind (the equilibrium pushes it ~98 %): a mistake in both.
    j3s = report.spots[1]
    assert (j3s.cards, j3s.action, j3s.verdict) == ("Js 3s", "fold", "mistake")
    assert j3s.ev_lost_bb > 0 and drill.answers[1].grade.correct is False
    assert drill.answers[1].grade.ev_lost_bb == pytest.approx(j3s.ev_lost_bb, abs=1e-6)


#: The tolerance of the rule's cases: the solve's NashConv (bb).
TOLERANCE = 0.0002


@pytest.mark.parametrize(("action", "frequency", "allin", "fold", "verdict", "lost"), [
    ("fold", 0.984, -0.477, -0.5, "mistake", 0.023),   # rarely folded: EV decides
    ("fold", 0.95, -0.477, -0.5, "mistake", 0.023),    # folded 5 % by the average: still EV
    ("allin", 0.97, -0.5001, -0.5, "correct", 0.0),    # within the precision: not a loss
    ("allin", 0.4, -0.5001, -0.5, "mixed", 0.0),       # both ways, EVs equal: mixed
    ("allin", 0.4, -0.6, -0.5, "mistake", 0.1),        # both ways, EVs apart: noise
    ("allin", 0.05, -0.545, -0.5, "mistake", 0.045),   # the call at 5 %
    ("allin", 0.0, -0.6, -0.5, "mistake", 0.1),
    ("fold", 0.0, -0.6, -0.5, "correct", 0.0),
    ("allin", 0.01, -0.5, -0.5, "correct", 0.0),       # equal EVs lose nothing
    ("fold", None, 3.0, -0.5, "mistake", 3.5),         # a best response: pure
])
def test_the_rule(action, frequency, allin, fold, verdict, lost):
    """A decision is correct when its EV is within the solve's precision of the best
    action's, whatever the average strategy's frequency."""
    decision = judge(action, allin, fold, frequency, TOLERANCE)
    assert decision.verdict == verdict and decision.ev_lost == pytest.approx(lost)
    assert decision.correct == (lost == 0.0)
    mixes = frequency is not None and min(frequency, 1 - frequency) >= MIXED_MIN_FREQUENCY
    assert decision.noise == (mixes and abs(allin - fold) > TOLERANCE)


def test_the_tolerance_is_the_line():
    """Just inside the tolerance is correct (no EV lost), just outside a mistake losing the
    whole gap."""
    inside = judge("fold", -0.5 + 0.99 * TOLERANCE, -0.5, 0.5, TOLERANCE)
    outside = judge("fold", -0.5 + 1.01 * TOLERANCE, -0.5, 0.5, TOLERANCE)
    assert inside.verdict == "mixed" and inside.ev_lost == 0.0
    assert outside.verdict == "mistake"
    assert outside.ev_lost == pytest.approx(1.01 * TOLERANCE)


@pytest.mark.parametrize("arguments", [("push", 1.0, 0.0), ("allin", float("nan"), 0.0),
                                       ("allin", 1.0, 0.0, 1.5), ("fold", 1.0, None),
                                       ("fold", 1.0, 0.0, 0.5, -1.0)])
def test_bad_decisions_are_refused(arguments):
    with pytest.raises(InputError):
        judge(*arguments)
