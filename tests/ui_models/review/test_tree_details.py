"""The Review tab's details of a spot judged on a betting tree: the tree and node, the hero's
action with its size (and the size played when the tree lacks it), the node's frequencies
and every action's frequency and EV for the hand."""

from __future__ import annotations

from omahanash.history.report import SpotReview
from ui.review.model import details_html, table_request


def _spot(**extra) -> SpotReview:
    fields = dict(hand_id="252000000156", file="f.txt", line=1, variant="omaha-hi",
                  position="BB", sb=75, bb=150, ante=0, dead_money=0, stack_bb=11.3,
                  grid_stack_bb=11.3, cards="Kc Kd 8s 3h", action="raise",
                  nash_action="raise", nash_frequency=0.9, allin_ev=0.8, fold_ev=-0.2,
                  ev_lost_bb=0.0, severity="none", best_action="raise", verdict="correct",
                  players=3, node="BB vs SB limp", model="icm", payouts="65/35",
                  unit="prize", stacks=(3450.0, 2350.0, 1700.0), precision="full", tree="pl",
                  tree_actions=(("call", 1.0, 10.0, 31.2, -0.2), ("raise", 3.0, 90.0, 32.1, 0.8)),
                  node_actions=(("call", 1.0, 62.5), ("raise", 3.0, 37.5)), action_to=3.0,
                  played_to=2.0, note="the hero's raise to 2 bb is judged as the tree's "
                  "nearest size, raise to 3 bb")
    fields.update(extra)
    return SpotReview(**fields)


def test_a_tree_spot_shows_its_node_action_and_every_action_s_ev():
    page = details_html(_spot())
    assert "pl, node BB vs SB limp" in page
    assert "raise to 3 bb (played to 2 bb: the tree&#x27;s nearest size)" in page
    assert "call 1 bb 62.5% · raise to 3 bb 37.5%" in page  # the node's frequencies
    assert "<b>raise to 3 bb: 90.0%, EV +0.800 bb (32.1 prize)</b>" in page  # the hand's row
    assert "call 1 bb: 10.0%, EV -0.200 bb (31.2 prize)" in page
    assert "AllIn_EV" not in page  # the push/fold rows are for push/fold spots
    assert table_request(_spot()).tree == "pl"


def test_a_push_fold_spot_keeps_its_rows():
    page = details_html(_spot(tree="", tree_actions=(), node_actions=(), node="BB vs BTN+SB",
                              action="fold", action_to=None, played_to=None, note=""))
    assert "AllIn_EV" in page and "Fold_EV" in page and "Tree" not in page
