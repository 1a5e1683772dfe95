"""A mixed hand's note follows the decision rule (issue 35: "played 32 %" with an EV
difference of -0.187 % of the pool was shown as a mix): a real mix when the two EVs are
equal within the solve's precision (its NashConv), else noise, with the better action and
by how much."""

from __future__ import annotations

import re

import pytest

from omahanash.pushfold import PushFoldSpot, solve_pushfold
from ui.table.model import hand_rows, mix_note


@pytest.fixture(scope="module")
def solution():
    spot = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
    return solve_pushfold(spot, iterations=8, deals=4000, seed=3)


def test_mixed_hands_are_called_a_mix_or_noise_by_the_precision(solution):
    tolerance = 100 * solution.nash_conv / solution.spot.prize_pool
    seen = {"noise": 0, "mix": 0}
    for node in ("BTN", "SB vs BTN", "BB vs SB"):
        for row in hand_rows(solution, node):
            share = row["play_pct"] / 100
            note = row["note"]
            if min(share, 1 - share) < 0.05 or row["play_pool"] is None:
                assert note == "", (node, row)
                continue
            gap = row["play_pool"] - row["fold_pool"]
            if abs(gap) > tolerance:
                seen["noise"] += 1
                better = "fold" if gap < 0 else ("push" if node == "BTN" else "call")
                assert note.startswith("Noise:") and f"{better} is better by" in note
                found = re.search(r"better by ([0-9.e-]+)%", note)
                assert found and float(found.group(1)) == pytest.approx(abs(gap), rel=1e-2)
            else:
                seen["mix"] += 1
                assert note.startswith("A mix:")
    assert seen["noise"] > 0, seen  # 8 iterations: the average strategy is mostly noise


def test_a_pure_hand_has_no_note():
    assert mix_note(100.0, 2.0, 0.1, "push") == ""
    assert mix_note(0.0, -2.0, 0.1, "call") == ""
    assert mix_note(50.0, -0.05, 0.1, "call").startswith("A mix:")
