"""Games of imperfect information and the CFR family of solvers.

The public API, imported lazily (``omahanash.game`` stays free of numba):

* :func:`compile_game` (game -> :class:`GameTree` of flat arrays; refuses trees too large);
* :func:`solve_cfr` (game, algorithm, iterations, seed, progress, cancel) -> :class:`Solution`
  (``solve``: its former name), or
  :func:`new_solution` + :func:`train` to keep a cancelled run and to continue one;
* :func:`exploitability` of a solution or a flat policy; :func:`nash_conv` /
  :func:`best_response_values` of a flat policy;
* :class:`TreeBrowser` (the thesis's decision-tree browser);
* :func:`save_solution` / :func:`load_solution`.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "GameTree": "omahanash.cfr.compiler",
    "compile_game": "omahanash.cfr.compiler",
    "estimate_tree_size": "omahanash.cfr.compiler",
    "ALGORITHMS": "omahanash.cfr.solvers",
    "Solution": "omahanash.cfr.solvers",
    "new_solution": "omahanash.cfr.solvers",
    "solve": "omahanash.cfr.solvers",
    "solve_cfr": "omahanash.cfr.solvers",
    "train": "omahanash.cfr.solvers",
    "best_response_values": "omahanash.cfr.exploitability",
    "exploitability": "omahanash.cfr.exploitability",
    "nash_conv": "omahanash.cfr.exploitability",
    "policy_from_strategies": "omahanash.cfr.exploitability",
    "policy_values": "omahanash.cfr.exploitability",
    "NodeView": "omahanash.cfr.browser",
    "TreeBrowser": "omahanash.cfr.browser",
    "load_solution": "omahanash.cfr.storage",
    "save_solution": "omahanash.cfr.storage",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'omahanash.cfr' has no attribute {name!r}")
