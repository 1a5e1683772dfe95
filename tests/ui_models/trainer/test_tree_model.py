"""The Trainer tab's betting-tree choices without Qt: the Betting captions and what the form
reads into (the library's TreeDrillConfig), its messages beside their fields, the position
captions, the situation line of a tree spot, and when every spot is solved."""

from __future__ import annotations

from omahanash.trainer.tree_cache import tree_equilibrium
from omahanash.trainer.tree_drill import TreeDrill, TreeDrillConfig
from ui.trainer.jobs import status_text
from ui.trainer.model import (
    TrainerInputs,
    all_solved,
    check,
    drill_notes,
    position_captions,
    situation_text,
)
from ui.trainer.tree_drills import TREES


def test_the_betting_choice_reads_into_a_tree_drill():
    assert list(TREES) == ["Push/fold", "Pot-limit", "Pot-limit with limps", "No-limit"]
    checked = check(TrainerInputs(game="Omaha Hi", players=3, tree="Pot-limit",
                                  payouts="65/35", stack="12/10/8", position="BTN"))
    assert checked.errors == {}
    assert checked.config == TreeDrillConfig("omaha-hi", "pl", players=3, payouts="65/35",
                                             stacks="12/10/8", position="btn")
    # heads-up tree drills are in chips whatever the (disabled) payouts field holds
    heads_up = check(TrainerInputs(tree="No-limit", payouts="50/30/20", stack=""))
    assert heads_up.config == TreeDrillConfig("holdem", "nl")
    assert check(TrainerInputs()).config.__class__.__name__ == "DrillConfig"  # push/fold


def test_bad_tree_fields_are_said_beside_them():
    assert check(TrainerInputs(tree="Pot-limit", players=3, payouts="fifty")).errors.keys() \
        == {"payouts"}
    assert "3 stacks" in check(TrainerInputs(tree="Pot-limit", players=3,
                                             stack="10/12")).errors["stack"]
    assert check(TrainerInputs(game="Mixed", tree="Pot-limit")).errors["stack"] == (
        "Mixed is for heads-up push/fold drills; a betting tree plays Hold'em, Omaha Hi or "
        "Omaha Hi/Lo")


def test_position_captions_on_a_tree():
    assert position_captions(2, "Pot-limit") == ["Every node", "SB", "BB"]
    assert position_captions(2) == ["SB pusher", "BB caller", "Both"]
    assert position_captions(4, "No-limit")[:2] == ["Every node", "CO"]


def test_a_tree_spot_in_the_tabs_words():
    quick = lambda spot, progress, cancel: tree_equilibrium(spot, iterations=5,  # noqa: E731
                                                            persist=False)
    drill = TreeDrill(TreeDrillConfig("holdem", "pl", stacks="10"), seed=4, solve=quick)
    assert not all_solved(drill) and "pot limit" in status_text(drill)
    spot = drill.next_spot()
    assert all_solved(drill)
    line = situation_text(spot)
    assert line.startswith("Spot 1 · ") and line.endswith(spot.situation)
    assert f"pot {spot.pot_bb:g} bb" in line
    assert drill_notes(drill).startswith("Seed 4 · pot limit · 2 players, chips · tables "
                                         "(bb): 10/10")
