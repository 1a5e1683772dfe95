"""The Trainer tab's betting-tree drills: the **Betting** selector (``trainerTreeCombo``) turns
a push/fold drill into one on a preflop betting tree (:mod:`omahanash.trainer.tree_drill`):
pot limit, pot limit with limps or no limit, at 2 to 6 players. The answer buttons then are
the node's actions (Fold, Call or Check, Raise pot or Raise to X, All in); the stack field
takes every seat's stack (empty: 15 bb each), the payouts field the prize structure at 3
players or more (empty: 50/30/20; heads-up drills are in chips, as the push/fold ones), the
position list "Every node" or a seat.

>>> tree_config("omaha-hi", "pl", 2, "50/30/20", "", "Every node", 0.0, False).payouts
'chips'
>>> tree_config("holdem", "nl", 3, "", "12", "BTN", 0.0, False).position
'btn'
"""

from __future__ import annotations

from omahanash.pushfold.spot import POSITIONS
from omahanash.trainer.tree_drill import TreeDrillConfig

#: The Betting selector: caption -> the tree (push/fold: today's drills).
TREES = {"Push/fold": "pushfold", "Pot-limit": "pl", "Pot-limit with limps": "pl-limp",
         "No-limit": "nl"}
EVERY_NODE = "Every node"
TREE_TIP = ("The betting: push/fold (fold or all in), pot-limit (fold, call, raise the pot), "
            "pot-limit with limps, or no-limit (fold, limp, raise to 2 bb, all in); a "
            "betting tree deals every node the equilibrium reaches, answered with its actions")

__all__ = ["EVERY_NODE", "TREES", "TREE_TIP", "tree_config", "tree_position_captions"]


def tree_position_captions(players: int) -> list[str]:
    """The position selector on a tree: every node, or one seat's (preflop order)."""
    return [EVERY_NODE, *POSITIONS[max(2, min(players, 10))]]


def tree_config(game: str, tree: str, players: int, payouts: str, stacks: str,
                position: str, ante: float, close: bool) -> TreeDrillConfig:
    """The tree drill of the tab's fields (``position``: :data:`EVERY_NODE` or a seat);
    :class:`~omahanash.errors.InputError` for a bad one."""
    seat = "both" if position == EVERY_NODE or position not in POSITIONS[max(2, min(
        players, 10))] else position.lower()
    chosen = payouts.strip() or None if players > 2 else None  # heads-up: chips
    return TreeDrillConfig(game, tree, players=players, payouts=chosen,
                           stacks=stacks.strip() or None, position=seat, ante=ante,
                           close=close)
