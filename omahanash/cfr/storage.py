"""Save and reopen solved games: one ``.npz`` file with a JSON header.

The file holds the compiled tree, the solver state and the exploitability curve, so a reopened
solution can be browsed, evaluated and trained further without the game's code. The header
(format name, version, game, settings, algorithm, ...) carries a SHA-256 checksum over itself
and every array; a file that is not ours, was written by a newer format, or whose content
changed is refused with an :class:`~omahanash.errors.InputError`. Writes go to a temporary file
in the same folder, renamed over the target only when complete, so a failed save never leaves a
half-written file behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path

import numpy as np

from omahanash.cfr.compiler import GameTree
from omahanash.cfr.solvers import ALGORITHMS, Solution
from omahanash.errors import InputError
from omahanash.savefile import atomic_write

FORMAT = "omahanash-cfr-solution"
VERSION = 1

_TREE_ARRAYS = (
    "player", "parent", "action_index", "edge_prob", "infoset", "terminal", "public",
    "subtree_size", "child_start", "children", "returns", "infoset_player", "infoset_offset",
    "public_parent",
)
_SOLUTION_ARRAYS = ("regrets", "strategy_sum", "rng")


def _checksum(header: dict, arrays: dict[str, np.ndarray]) -> str:
    digest = hashlib.sha256()
    digest.update(json.dumps(header, sort_keys=True).encode())
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def save_solution(solution: Solution, path: str | os.PathLike) -> Path:
    """Write ``solution`` to ``path`` atomically; returns the path written."""
    path = Path(path)
    tree = solution.tree
    arrays = {name: getattr(tree, name) for name in _TREE_ARRAYS}
    arrays.update({name: getattr(solution, name) for name in _SOLUTION_ARRAYS})
    header = {
        "format": FORMAT,
        "version": VERSION,
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
    header["checksum"] = _checksum(header, arrays)
    encoded = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
    with atomic_write(path) as handle:
        np.savez(handle, header=encoded, **arrays)
    return path


def load_solution(path: str | os.PathLike) -> Solution:
    """Reopen a file written by :func:`save_solution`.

    Raises :class:`~omahanash.errors.InputError` when the file is missing, is not a saved CFR
    solution, comes from a newer format version, or is damaged (checksum mismatch).
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    try:
        data = np.load(path, allow_pickle=False)
        if not isinstance(data, np.lib.npyio.NpzFile):
            raise InputError(f"{path}: not a saved CFR solution")
        with data:
            contents = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError(f"{path}: not a saved CFR solution, or damaged ({exc})") from None
    try:
        header = json.loads(contents.pop("header").tobytes().decode())
    except (KeyError, UnicodeDecodeError, json.JSONDecodeError):
        raise InputError(f"{path}: not a saved CFR solution (no header)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InputError(f"{path}: not a saved CFR solution")
    if header.get("version") != VERSION:
        raise InputError(
            f"{path}: saved in format version {header.get('version')!r}; "
            f"this program reads version {VERSION}"
        )
    expected = header.pop("checksum", None)
    if set(contents) != set(_TREE_ARRAYS + _SOLUTION_ARRAYS) or expected != _checksum(
        header, contents
    ):
        raise InputError(f"{path}: damaged (checksum mismatch)")
    try:
        return _solution_from(header, contents)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{path}: damaged or foreign header ({exc})") from None


def _solution_from(header: dict, contents: dict[str, np.ndarray]) -> Solution:
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
