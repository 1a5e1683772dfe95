"""The betting-tree equilibria the trainer drills, solved once and kept: :func:`tree_equilibrium`
gives a spot's :class:`TreeTable` — for every decision of the tree, each hand class's action
frequencies, EVs and how often the equilibrium brings it there — from memory, from disk
(``<cache>/trainer/trees/``) or solved by :func:`omahanash.trees.solve_preflop` and kept.

A table is what a drill reads and nothing more: a lookup needs no pass over the deals, so a
spot seen before answers at once (a few milliseconds from memory, a file read from disk).
The frequencies and EVs are the solution's own (:meth:`~omahanash.trees.TreeSolution.
class_values`, the numbers of its :meth:`~omahanash.trees.TreeSolution.lookup`).

The key is everything the equilibrium depends on: the spot with its tree's settings, the
deals, the seed, the run (to the default target, or a number of iterations), the equity
table's identity and :data:`ENGINE`. Only a run that ended by itself is kept — converged, or
stalled above the target (solving again would stall again) — or one of a fixed number of
iterations (reproducible); a stopped run raises :class:`~omahanash.errors.Cancelled` and
leaves nothing behind.

>>> from omahanash.trees import PreflopSpot
>>> spot = PreflopSpot("holdem", [1000, 1000], 50, 100, tree="pl")
>>> first = tree_equilibrium(spot, iterations=10, persist=False)
>>> tree_equilibrium(spot, iterations=10, persist=False) is first
True
>>> first.names[:2], first.kinds(0)
(['SB open', 'BB vs SB limp'], ('fold', 'call', 'raise'))
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.equity.tablefile import resolve_cache_dir
from omahanash.equity.tables import EquityTable, load_table, table_identity, table_path
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.savefile import FileKind, read, write
from omahanash.solving import Report
from omahanash.trees import PreflopSpot, TreeSolution, default_tree_target, solve_preflop
from omahanash.trees.solver import REPORT_EVERY, default_tree_deals, own_reach

__all__ = ["ENGINE", "TREE_TABLE", "TreeTable", "cache_path", "from_solution",
           "tree_equilibrium"]

logger = logging.getLogger(__name__)

#: The answer version in every key: a table made by another engine is never an answer.
ENGINE = 1
TREE_TABLE = FileKind(
    "trainer-tree", 1, "omahanash trainer betting-tree equilibrium",
    meta_types=(("key", str), ("spot", dict), ("nodes", list), ("nash_conv", (int, float)),
                ("iterations", int), ("status", str)),
    array_dtypes=(("probs", ("<f8",)), ("ev", ("<f8",)), ("weight", ("<f8",)),
                  ("class_ids", ("<i8",))))

_MEMORY: dict[str, TreeTable] = {}
#: A spot asked before in this process, by its inputs and the equity table file's stamp (its
#: path, size and time: a table rebuilt meanwhile is another stamp) -> its key: a spot seen
#: before answers without loading the equity table again (about 0.5 s for Omaha).
_SEEN: dict[tuple, str] = {}
_LOCK = threading.Lock()  # the app's worker and its GUI thread may both ask


@dataclass
class TreeTable:
    """A solved tree as a drill reads it. Per decision ``d`` (the tree's order): ``nodes[d]``
    (``node``, ``position``, ``player``, ``pot`` and ``facing`` in big blinds, ``reach``, and
    ``actions``: ``{"action", "to" (big blinds)}`` each); ``probs[d, k, a]`` and
    ``ev[d, k, a]`` (the model's unit; NaN where class ``k`` never gets there) for the classes
    ``class_ids``; ``weight[d, k]``: how often the equilibrium brings class ``k`` to the
    decision (every seat's play and the deals; the hands dealt at the node follow it).
    ``nash_conv`` (the solve's precision), ``unit`` (chips or prize), ``status``."""

    spot: PreflopSpot
    nodes: list[dict[str, Any]]
    probs: np.ndarray
    ev: np.ndarray
    weight: np.ndarray
    class_ids: np.ndarray
    nash_conv: float
    iterations: int
    status: str

    @property
    def names(self) -> list[str]:
        return [node["node"] for node in self.nodes]

    @property
    def unit(self) -> str:
        return "prize" if self.spot.model == "icm" else "chips"

    def index(self, name: str) -> int:
        """The decision called ``name`` (exactly as the tree names it)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise InputError.naming("node", f"no node {name!r} in this tree") from None

    def kinds(self, decision: int) -> tuple[str, ...]:
        return tuple(action["action"] for action in self.nodes[decision]["actions"])

    def position(self, class_id: int) -> int:
        """The row of ``class_id`` (InputError when the table has no such class)."""
        found = np.flatnonzero(self.class_ids == class_id)
        if not found.size:
            raise InputError(f"class {class_id} is not in this equilibrium's table")
        return int(found[0])


def from_solution(solution: TreeSolution) -> TreeTable:
    """The :class:`TreeTable` of a solved tree (one pass over its evaluation deals if the
    solution has not measured itself at its last iteration yet)."""
    solver, spot = solution.solver, solution.spot
    average = solver.class_average()
    reach_own = own_reach(solver.arrays, average)
    values = solver.evaluate()
    decisions = solver.tree.decisions()
    classes, width = average.shape[1], average.shape[2]
    probs = np.zeros((len(decisions), classes, width))
    ev = np.full((len(decisions), classes, width), np.nan)
    weight = np.zeros((len(decisions), classes))
    nodes = []
    bb = spot.bb
    for d, node in enumerate(decisions):
        p, v = solution.class_values(node, average)
        k = len(node.actions)
        probs[d, :, :k], ev[d, :, :k] = p, v
        weight[d] = values["cfreach"][node.slot] * reach_own[node.slot]
        nodes.append({"node": node.name, "position": spot.positions[node.player],
                      "player": int(node.player), "pot": node.pot / bb,
                      "facing": node.to_call / bb,
                      "reach": float(values["node_reach"][node.slot]),
                      "actions": [{"action": a.kind, "to": a.to / bb} for a in node.actions]})
    return TreeTable(spot, nodes, probs, ev, weight,
                     np.asarray(solver.table.class_ids, dtype=np.int64),
                     float(values["nash_conv"]), int(solution.iterations), solution.status)


def spot_key(spot: PreflopSpot, table: EquityTable, deals: int | str | None, seed: int,
             iterations: int | None) -> str:
    """The cache key: a hash of the spot and its tree, the deals, the seed, the run and the
    equity table's identity."""
    text = json.dumps({"spot": spot.describe(), "deals": deals, "seed": seed,
                       "iterations": iterations, "table": table_identity(table),
                       "engine": ENGINE}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def cache_path(key: str, cache_dir: str | os.PathLike | None = None) -> Path:
    """Where the table of ``key`` is kept: ``<cache>/trainer/trees/<key>.tree-table``."""
    return resolve_cache_dir(cache_dir) / "trainer" / "trees" / f"{key}.tree-table"


#: Before its first NashConv report, a run to the target is expected to take this many
#: iterations (Omaha Hi pot limit: heads-up 15 bb converged after 50, 3-handed after 40).
FIRST_GUESS = 5 * REPORT_EVERY


def _progress_of(progress: ProgressCallback | None, goal: float, cap: int,
                 iterations: int | None
                 ) -> tuple[Callable[[Report], None], Callable[[float, float], None]]:
    """``(on_report, counter)`` of a solve, turning its iterations into ``progress(done,
    total)``: ``total`` the count asked, or for a run to a target where NashConv (falling
    about as 1/t) should meet it — :data:`FIRST_GUESS` before the first report — capped, and
    never below the iterations done."""
    expected = [float(iterations if iterations is not None else FIRST_GUESS)]
    ran = [0.0]  # the iterations done so far

    def seen(report: Report) -> None:
        done = report.iteration
        ran[0] = max(ran[0], done)
        if iterations is not None:
            return
        if report.nash_conv <= goal:
            expected[0] = done
        elif done and np.isfinite(report.nash_conv):
            expected[0] = float(min(cap, max(done + REPORT_EVERY,
                                             np.ceil(done * report.nash_conv / goal))))
        if progress is not None:
            progress(done, expected[0])

    def count(done: float, total: float) -> None:
        if progress is None:
            return
        if iterations is None and done >= total:  # the run loop's last word: its end
            progress(ran[0], ran[0])  # (a run to a target says its cap when it reached it)
            return
        ran[0] = max(ran[0], done)
        progress(done, max(expected[0], done + 1 if done < total else done))

    return seen, count


def tree_equilibrium(spot: PreflopSpot, *, iterations: int | None = None,
                     deals: int | str | None = None, seed: int = 0,
                     table: EquityTable | None = None,
                     cache_dir: str | os.PathLike | None = None, persist: bool = True,
                     progress: ProgressCallback | None = None,
                     cancel: CancelFlag | None = None,
                     max_iterations: int = 2000) -> TreeTable:
    """The :class:`TreeTable` of ``spot``'s equilibrium: from memory, from disk (unless
    ``persist`` is False), or solved by :func:`~omahanash.trees.solve_preflop` — to the
    default target, or ``iterations`` exactly — on ``deals`` with ``seed``, and kept when the
    run ended by itself. ``progress(done, total)`` in iterations; a Stop through ``cancel``
    raises :class:`~omahanash.errors.Cancelled` (nothing kept)."""
    if not isinstance(spot, PreflopSpot):
        raise InputError.naming("spot", f"spot must be a PreflopSpot, got {spot!r}")
    seen = None if table is not None else _seen_key(spot, deals, seed, iterations, cache_dir)
    with _LOCK:
        found = _MEMORY.get(_SEEN.get(seen, "")) if seen is not None else None
    if found is not None:
        return found
    if table is None:
        table = load_table(spot.variant, None if cache_dir is None else str(cache_dir))
    # the default spelled out: a changed default is another key, never an old answer
    key = spot_key(spot, table, default_tree_deals(spot, table) if deals is None else deals,
                   seed, iterations)
    with _LOCK:
        found = _MEMORY.get(key)
    if found is not None:
        return _remember(seen, key, found)
    path = cache_path(key, cache_dir)
    if persist:
        found = _read(path, key, spot)
        if found is not None:
            with _LOCK:
                return _remember(seen, key, _MEMORY.setdefault(key, found))
    if progress is not None:
        progress(0, iterations or FIRST_GUESS)
    on_report, counter = _progress_of(progress, default_tree_target(spot), max_iterations,
                                      iterations)
    solution = solve_preflop(spot, iterations=iterations, deals=deals, seed=seed, table=table,
                             max_iterations=max_iterations, on_report=on_report,
                             cancel=cancel, counter=counter)
    if solution.status == "stopped" or (cancel is not None and cancel.cancelled):
        raise Cancelled("the betting-tree equilibrium was stopped")
    made = from_solution(solution)
    if iterations is None and solution.status not in ("converged", "stalled"):
        return made  # it hit the iteration cap: an answer now, never kept
    if persist:
        _write(made, path, key)
    with _LOCK:
        return _remember(seen, key, _MEMORY.setdefault(key, made))


def _seen_key(spot: PreflopSpot, deals: int | str | None, seed: int, iterations: int | None,
              cache_dir: str | os.PathLike | None) -> tuple | None:
    """The inputs of an ask and the stamp of the equity table file it would load (None when
    the file cannot be looked at: the full key is then made)."""
    try:
        path = table_path(spot.variant, cache_dir)
        stat = path.stat()
    except (OSError, InputError):
        return None
    return (json.dumps(spot.describe(), sort_keys=True, default=str), deals, seed, iterations,
            str(path), stat.st_size, stat.st_mtime_ns)


def _remember(seen: tuple | None, key: str, made: TreeTable) -> TreeTable:
    if seen is not None:
        _SEEN[seen] = key
    return made


def _write(made: TreeTable, path: Path, key: str) -> None:
    """Keep ``made`` on disk; a cache that cannot be written only costs time later."""
    meta = {"key": key, "spot": made.spot.describe(), "nodes": made.nodes,
            "nash_conv": made.nash_conv, "iterations": made.iterations,
            "status": made.status}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path, TREE_TABLE, meta, {"probs": made.probs, "ev": made.ev,
                                       "weight": made.weight, "class_ids": made.class_ids})
    except (OSError, InputError) as error:
        logger.warning("could not keep the trainer's tree equilibrium in %s: %s", path, error)


def _read(path: Path, key: str, spot: PreflopSpot) -> TreeTable | None:
    """The table kept at ``path`` if it is sound and made for this key and spot (checked in
    the file, never trusted from its name); else None (solved again)."""
    if not path.is_file():
        return None
    try:
        saved = read(path, TREE_TABLE)
        meta, arrays = saved.meta, saved.arrays
        if meta["key"] != key or meta["spot"] != json.loads(json.dumps(spot.describe())):
            raise InputError("made for another spot")
        made = TreeTable(spot, list(meta["nodes"]), arrays["probs"], arrays["ev"],
                         arrays["weight"], arrays["class_ids"], float(meta["nash_conv"]),
                         int(meta["iterations"]), str(meta["status"]))
    except (InputError, OSError, KeyError, TypeError) as error:
        logger.info("not using the trainer's tree equilibrium %s: %s", path, error)
        return None
    if made.probs.shape[0] != len(made.nodes) or made.weight.shape != made.probs.shape[:2]:
        return None
    return made


def forget() -> None:
    """Empty the memory cache (tests: the next ask reads the disk)."""
    with _LOCK:
        _MEMORY.clear()
        _SEEN.clear()
