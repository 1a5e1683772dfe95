"""Save and reopen solved games: one :mod:`omahanash.savefile` container.

The file holds the compiled tree, the solver state and the exploitability curve, so a reopened
solution can be browsed, evaluated and trained further without the game's code. Its meta holds
the game, settings, algorithm, history and the tree's labels; the arrays are the tree's and the
solver's. A file that is not a saved CFR solution, of another format version, damaged or
truncated is refused with the container's one message (a
:class:`~omahanash.savefile.SaveFileError`, an ``InputError``); writes are atomic.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from omahanash import savefile
from omahanash.cfr.compiler import GameTree
from omahanash.cfr.solvers import ALGORITHMS, Solution
from omahanash.errors import InputError

# Version 1 was a numpy .npz archive with a SHA-256 in its header.
CFR_SOLUTION = savefile.FileKind(
    "cfr-solution", 2, "saved CFR solution",
    meta_types=(("game", str), ("settings", dict), ("num_players", int), ("algorithm", str),
                ("seed", int), ("iterations", int), ("history", list), ("infoset_keys", list),
                ("infoset_labels", list), ("infoset_actions", list),
                ("infoset_action_ids", list), ("public_histories", list)),
    array_dtypes=tuple((name, (dtype,)) for name, dtype in (
        ("player", "|i1"), ("parent", "<i4"), ("action_index", "<i4"), ("edge_prob", "<f8"),
        ("infoset", "<i4"), ("terminal", "<i4"), ("public", "<i4"), ("subtree_size", "<i4"),
        ("child_start", "<i8"), ("children", "<i4"), ("returns", "<f8"),
        ("infoset_player", "|i1"), ("infoset_offset", "<i8"), ("public_parent", "<i4"),
        ("regrets", "<f8"), ("strategy_sum", "<f8"), ("rng", "<u8"))))

_TREE_ARRAYS = (
    "player", "parent", "action_index", "edge_prob", "infoset", "terminal", "public",
    "subtree_size", "child_start", "children", "returns", "infoset_player", "infoset_offset",
    "public_parent",
)
_SOLUTION_ARRAYS = ("regrets", "strategy_sum", "rng")


def save_solution(solution: Solution, path: str | os.PathLike) -> Path:
    """Write ``solution`` to ``path`` atomically; returns the path written.

    >>> import tempfile, pathlib
    >>> from omahanash.cfr.solvers import solve_cfr
    >>> from omahanash.games import make_game
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "kuhn.cfr"
    >>> save_solution(solve_cfr(make_game("kuhn"), iterations=8, seed=1), path) == path
    True
    """
    if not isinstance(solution, Solution):
        raise InputError(f"solution must be a Solution (from solve_cfr), not {solution!r}")
    tree = solution.tree
    arrays = {name: getattr(tree, name) for name in _TREE_ARRAYS}
    arrays.update({name: getattr(solution, name) for name in _SOLUTION_ARRAYS})
    meta = {
        "game": tree.game_name,
        "settings": tree.settings,
        "num_players": tree.num_players,
        "algorithm": solution.algorithm,
        "seed": solution.seed,
        "iterations": solution.iterations,
        "history": [[int(i), float(x)] for i, x in solution.history],
        "infoset_keys": tree.infoset_keys,
        "infoset_labels": tree.infoset_labels,
        "infoset_actions": tree.infoset_actions,
        "infoset_action_ids": tree.infoset_action_ids,
        "public_histories": [list(h) for h in tree.public_histories],
    }
    return savefile.write(path, CFR_SOLUTION, meta, arrays)


def load_solution(path: str | os.PathLike) -> Solution:
    """Reopen a file written by :func:`save_solution`.

    Raises :class:`~omahanash.savefile.SaveFileError` (an ``InputError``) when the file is
    missing, is not a saved CFR solution, comes from another format version, or is damaged.

    >>> import tempfile, pathlib
    >>> from omahanash.cfr.solvers import solve_cfr
    >>> from omahanash.games import make_game
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "kuhn.save"
    >>> load_solution(save_solution(solve_cfr(make_game("kuhn"), "cfr", 10), path)).iterations
    10
    """
    saved = savefile.read(path, CFR_SOLUTION)
    if set(saved.arrays) != set(_TREE_ARRAYS + _SOLUTION_ARRAYS):
        raise CFR_SOLUTION.refuse(path, "damaged data (arrays missing)")
    try:
        return _solution_from(saved.meta, saved.arrays)
    except (KeyError, TypeError, ValueError) as exc:
        raise CFR_SOLUTION.refuse(path, f"damaged header ({exc})") from None


def _solution_from(header: dict[str, Any], contents: dict[str, Any]) -> Solution:
    if header["algorithm"] not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {header['algorithm']!r}")
    tree = GameTree(
        game_name=header["game"],
        settings=header["settings"],
        num_players=int(header["num_players"]),
        infoset_keys=header["infoset_keys"],
        infoset_labels=header["infoset_labels"],
        infoset_actions=header["infoset_actions"],
        infoset_action_ids=header["infoset_action_ids"],
        public_histories=[tuple(h) for h in header["public_histories"]],
        **{name: contents[name] for name in _TREE_ARRAYS},
    )
    return Solution(
        tree=tree,
        algorithm=header["algorithm"],
        seed=int(header["seed"]),
        iterations=int(header["iterations"]),
        history=[(int(i), float(x)) for i, x in header["history"]],
        **{name: contents[name].copy() for name in _SOLUTION_ARRAYS},
    )
