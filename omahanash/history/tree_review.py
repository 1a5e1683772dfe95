"""Judging the hero's decisions on a betting tree (the review's tree half): each
:class:`~omahanash.history.tree_spots.TreeSpot` against the equilibrium of its own table's
tree, :func:`omahanash.trees.solve_preflop` of the
:class:`~omahanash.trees.PreflopSpot` with the hand's stacks (chips, preflop order), the
header's blinds, the ante or big-blind ante, the tree and the payouts — solved with the
settings of ``omahanash solve --tree T --stacks ... --payouts P [--iterations N --deals D
--seed S]``, so a spot's EVs are those ``solve ... --lookup CARDS --node NODE`` prints.

**The cache of tree equilibria** (:func:`tree_equilibrium`): a table solved before answers
from this process's memory at once, or from ``<cache>/nash/trees/`` (a saved
:class:`~omahanash.trees.TreeSolution`, reopened: one pass over its deals); else it is solved
and kept when the run ended by itself (converged or stalled) or ran a given number of
iterations. The key is everything the equilibrium depends on: the table and its tree, the
deals, the seed, the run and the equity table's identity.

**The verdict** is the one decision rule's (:mod:`omahanash.jamfold.decision`) over every
action of the node: the hero's action is correct when its EV is within the solve's precision
(its NashConv, :func:`~omahanash.jamfold.decision.tolerance_of`) of the best action's, mixed
when another action is as good and the equilibrium takes both at least
:data:`~omahanash.jamfold.decision.MIXED_MIN_FREQUENCY` of the time; else a mistake losing the
difference. Units as for table spots (:mod:`~omahanash.history.table_review`): the engine's
(chips, or prize with payouts), the EV lost in % of the prize pool and in big blinds (prize
turned into chips at the table's average value of a chip). ``allin_ev`` and ``fold_ev`` (bb)
are the node's last action (its largest raise or all in) and first (the fold, or the check).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from omahanash.equity.tablefile import resolve_cache_dir
from omahanash.equity.tables import table_identity
from omahanash.errors import Cancelled, InputError
from omahanash.history.grading import severity
from omahanash.history.tree_spots import TreeSpot
from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY, tolerance_of
from omahanash.runs import CancelFlag
from omahanash.trees import PRESETS, PreflopSpot, TreeSolution, solve_preflop
from omahanash.trees.solver import default_tree_deals

logger = logging.getLogger(__name__)

#: In every key: an entry of another engine version is never an answer.
TREE_ENGINE = 1

#: A solution whose solver's arrays are larger is kept on disk only, not in memory (a
#: 6-handed Omaha ``pl`` tree takes 2 GiB).
MEMORY_KEEP = 512 << 20

_MEMORY: dict[str, TreeSolution] = {}
_LOCK = threading.Lock()


def tree_game(spot: TreeSpot, payouts: str | None) -> PreflopSpot:
    """The :class:`~omahanash.trees.PreflopSpot` a tree spot is judged on."""
    hand = spot.hand
    return PreflopSpot(hand.variant, spot.stacks, hand.sb, hand.bb, spot.ante, payouts,
                       spot.bb_ante, tree=spot.tree)


def tree_key(game: PreflopSpot, table: Any, deals: int | str, seed: int,
             iterations: int | None) -> str:
    """The cache key: a hash of the table and its tree (a tree file by its text), the deals,
    the seed, the run and the equity table's identity."""
    text = json.dumps({"spot": game.describe(), "file": game.settings().source,
                       "deals": deals, "seed": seed, "iterations": iterations,
                       "table": table_identity(table), "engine": TREE_ENGINE},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def clear_memory() -> None:
    """Forget the tree equilibria kept in this process (the files stay)."""
    with _LOCK:
        _MEMORY.clear()


def tree_equilibrium(game: PreflopSpot, table: Any, *, deals: int | None = None,
                     seed: int = 0, iterations: int | None = None,
                     cache_dir: str | os.PathLike | None = None, persist: bool = True,
                     cancel: CancelFlag | None = None) -> TreeSolution:
    """The equilibrium of ``game`` on its tree: from memory, from disk (unless ``persist`` is
    False; preset trees only), or solved by :func:`~omahanash.trees.solve_preflop` and kept
    (see the module). A Stop raises :class:`~omahanash.errors.Cancelled` (nothing kept)."""
    spelled = default_tree_deals(game, table) if deals is None else deals
    key = tree_key(game, table, spelled, seed, iterations)
    path = resolve_cache_dir(cache_dir) / "nash" / "trees" / f"{key}.tree"
    on_disk = persist and game.tree in PRESETS
    with _LOCK:
        found = _MEMORY.get(key)
    if found is not None:
        if on_disk and not path.is_file():  # kept for another folder: this one too
            _write(found, path)
        return found
    if on_disk and path.is_file():
        found = _read(path, table, game)
        if found is not None and _size(found) > MEMORY_KEEP:
            return found
        if found is not None:
            with _LOCK:
                return _MEMORY.setdefault(key, found)
    solution = solve_preflop(game, iterations=iterations, deals=deals, seed=seed,
                             table=table, cancel=cancel)
    if solution.status == "stopped":
        raise Cancelled("the review was cancelled")
    if iterations is None and solution.status not in ("converged", "stalled"):
        return solution  # hit the iteration cap: an answer, not kept
    if on_disk:
        _write(solution, path)
    if _size(solution) > MEMORY_KEEP:
        return solution
    with _LOCK:
        return _MEMORY.setdefault(key, solution)


def _write(solution: TreeSolution, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        solution.save(path)
    except (OSError, InputError) as error:  # a full or read-only disk: kept in memory
        logger.warning("could not keep the tree equilibrium in %s: %s", path, error)


def _size(solution: TreeSolution) -> int:
    solver = solution.solver
    return sum(int(getattr(solver, name).nbytes)
               for name in ("regrets", "sigma", "avg_sum", "avg_weight"))


def _read(path: Path, table: Any, game: PreflopSpot) -> TreeSolution | None:
    try:
        found = TreeSolution.load(path, table)
    except (InputError, OSError) as error:
        logger.warning("the kept tree equilibrium %s is not usable (%s): solved again",
                       path, error)
        return None
    return found if found.spot == game else None


def _nodes(solution: TreeSolution) -> dict[str, Any]:
    return {node.name: node for node in solution.nodes}


def judge_tree_spot(spot: TreeSpot, game: PreflopSpot, solution: TreeSolution,
                    source: str, nodes: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fields of the spot's :class:`~omahanash.history.review.SpotReview` on the solved
    tree ``solution`` (see the module); ``nodes``: its node views by name, when the caller
    has them."""
    found = solution.lookup(spot.cards, spot.node)
    actions = found["actions"]
    evs = [a["ev"] for a in actions]
    if any(ev is None for ev in evs):
        raise InputError(f"the node {spot.node} is never reached with {spot.cards} at this "
                         "equilibrium")
    freq = [a["percent"] / 100.0 for a in actions]
    mine = spot.index
    tolerance = tolerance_of(solution.nash_conv)
    best = max(range(len(evs)), key=lambda i: (evs[i], i == mine))
    lost = evs[best] - evs[mine]
    if lost <= tolerance:
        lost = 0.0
        mixed = any(i != mine and abs(evs[i] - evs[mine]) <= tolerance
                    and min(freq[i], freq[mine]) >= MIXED_MIN_FREQUENCY
                    for i in range(len(evs)))
        verdict = "mixed" if mixed else "correct"
    else:
        verdict = "mistake"
    hand = spot.hand
    if game.model == "icm":
        pool = game.prize_pool
        to_bb = sum(game.stacks) / pool / hand.bb
        lost_pct: float | None = 100.0 * lost / pool
        lost_prize: float | None = lost
    else:
        to_bb = 1.0 / hand.bb
        lost_pct = lost_prize = None
    nash = max(range(len(freq)), key=lambda i: freq[i])
    lost_bb = lost * to_bb
    view = (nodes if nodes is not None else _nodes(solution))[spot.node]
    return {
        "hand_id": hand.hand_id, "file": hand.source, "line": hand.line,
        "variant": str(game.variant), "position": spot.position, "sb": hand.sb,
        "bb": hand.bb, "ante": spot.ante or spot.bb_ante, "dead_money": 0.0,
        "stack_bb": spot.stack_bb, "grid_stack_bb": spot.stack_bb, "cards": spot.cards,
        "action": spot.action, "nash_action": actions[nash]["action"],
        "nash_frequency": freq[nash], "allin_ev": evs[-1] * to_bb, "fold_ev": evs[0] * to_bb,
        "ev_lost_bb": lost_bb, "severity": severity(lost_bb),
        "best_action": actions[best]["action"], "verdict": verdict,
        "players": spot.players, "node": spot.node, "model": game.model,
        "payouts": game.payouts_text, "payouts_source": source,
        "unit": solution.unit, "play_ev": evs[mine], "fold_ev_unit": evs[0],
        "ev_lost_pool_pct": lost_pct, "note": spot.note, "stacks": spot.stacks,
        "precision": "full", "ev_diff_error": None, "tolerance_bb": tolerance * to_bb,
        "bb_ante": spot.bb_ante, "tree": spot.tree,
        "tree_actions": tuple((a["action"], a["to"], a["percent"], a["ev"], a["ev"] * to_bb)
                              for a in actions),
        "node_actions": tuple((a["action"], a["to"], a["percent"]) for a in view.actions),
        "action_to": spot.action_to / hand.bb, "played_to": spot.played_to / hand.bb,
        "ev_lost_prize": lost_prize}


class TreeJudging:
    """The tree spots of a review judged one table at a time (the review's progress and
    stop run between tables): each distinct table is solved (or read from the cache), then
    each of its spots judged. ``assigned`` is, per spot, ``(its PreflopSpot, where the
    payouts came from)`` or ``(None, why it is outside the model)``; ``table(variant)`` the
    variant's equity table; ``settings`` a :class:`~omahanash.history.table_review.
    TableSettings` (its iterations, deals and seed)."""

    def __init__(self, spots: list[TreeSpot], assigned: list[tuple[Any, str]],
                 settings: Any, table: Any, cache_dir: str | os.PathLike | None,
                 persist: bool, cancel: CancelFlag | None) -> None:
        self.spots = spots
        self.assigned = assigned
        self.settings = settings
        self._table = table
        self.cache_dir = cache_dir
        self.persist = persist
        self.cancel = cancel
        self.done: dict[int, dict[str, Any] | str] = {}
        for index, (game, reason) in enumerate(assigned):
            if game is None:
                self.done[index] = reason
        self.units = list(dict.fromkeys(game for game, _ in assigned if game is not None))

    def step(self, unit: int) -> None:
        """Solve table number ``unit`` and judge its spots (a
        :class:`~omahanash.errors.Cancelled` keeps what is done)."""
        game = self.units[unit]
        try:
            solution = tree_equilibrium(game, self._table(str(game.variant)),
                                        deals=self.settings.deals, seed=self.settings.seed,
                                        iterations=self.settings.iterations,
                                        cache_dir=self.cache_dir, persist=self.persist,
                                        cancel=self.cancel)
        except InputError as error:  # a tree too big for this machine
            for index, (other, _) in enumerate(self.assigned):
                if other == game:
                    self.done[index] = f"not solved: {error}"
            return
        nodes = _nodes(solution)
        for index, (other, source) in enumerate(self.assigned):
            if other == game:
                try:
                    self.done[index] = judge_tree_spot(self.spots[index], game, solution,
                                                       source, nodes)
                except InputError as error:
                    self.done[index] = f"cannot look the cards up: {error}"

    def results(self, stopped: str | None = None
                ) -> list[tuple[TreeSpot, dict[str, Any] | str]]:
        """``(spot, review fields or the reason it is outside)`` of every spot done, in
        order; with ``stopped``, every spot not judged before the Stop too, for that
        reason."""
        done = dict(self.done)
        if stopped is not None:
            for index in range(len(self.spots)):
                done.setdefault(index, stopped)
        return [(self.spots[index], done[index]) for index in sorted(done)]
