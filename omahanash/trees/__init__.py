"""Preflop betting trees at 2–10 players: push/fold, pot limit (Omaha), no limit (Hold'em),
or a tree file (:mod:`omahanash.trees.betting`); one CFR+ engine over deals for every tree
(:mod:`omahanash.trees.solver`), solved by :func:`solve_preflop` into a
:class:`TreeSolution`."""

from omahanash.trees.betting import (
    ALLIN_SHARE,
    POSTFLOP,
    PRESETS,
    BettingTree,
    TreeSettings,
    build_tree,
    pot_raise_to,
    read_tree_file,
)
from omahanash.trees.solution import NodeView, TreeSolution
from omahanash.trees.solve import default_tree_target, solve_preflop
from omahanash.trees.solver import TreeSolver
from omahanash.trees.spot import PreflopSpot, default_tree

__all__ = ["ALLIN_SHARE", "POSTFLOP", "PRESETS", "BettingTree", "NodeView", "PreflopSpot",
           "TreeSettings", "TreeSolution", "TreeSolver", "build_tree", "default_tree",
           "default_tree_target", "pot_raise_to", "read_tree_file", "solve_preflop"]
