"""Judging the hero's decisions on a betting tree (the review's tree half): each
:class:`~omahanash.history.tree_spots.TreeSpot` against the equilibrium of its own table's
tree, :func:`omahanash.trees.solve_preflop` of the
:class:`~omahanash.trees.PreflopSpot` with the hand's stacks (chips, preflop order), the
header's blinds, the ante or big-blind ante, the tree and the payouts — solved with the
settings of ``omahanash solve --tree T --stacks ... --payouts P [--iterations N --deals D
--seed S]``, so a spot's EVs are those ``solve ... --lookup CARDS --node NODE`` prints.

**The cache of tree equilibria** (:func:`tree_equilibrium`): a table solved before answers
from this process's memory at once, or from ``<cache>/nash/trees/KEY.npz``
(:class:`TreeAnswers`: every decision's strategy and EVs per class, so no pass over the deals
is needed); else it is solved and kept when the run ended by itself (converged or stalled) or
ran a given number of iterations. The key is everything the equilibrium depends on: the
table and its tree (a tree file by its text), the deals, the seed, the run and the equity
table's identity.

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
import math
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tablefile import resolve_cache_dir
from omahanash.equity.tables import table_identity
from omahanash.errors import Cancelled, InputError
from omahanash.hands import parse_class
from omahanash.history.grading import severity
from omahanash.history.tree_spots import TreeSpot
from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY, tolerance_of
from omahanash.runs import CancelFlag, cancel_scope
from omahanash.savefile import atomic_write
from omahanash.trees import BettingTree, PreflopSpot, TreeSolution, build_tree, solve_preflop
from omahanash.trees.solver import default_tree_deals

logger = logging.getLogger(__name__)

#: In every key: an entry of another engine version is never an answer.
TREE_ENGINE = 1

_MEMORY: dict[str, TreeAnswers] = {}
_LOCK = threading.Lock()
#: The kept answers' file format (in the file: another is solved again).
ANSWERS_FORMAT = 1


@dataclass
class TreeAnswers:
    """What the review reads of a solved tree, kept in memory and on disk
    (``<cache>/nash/trees/KEY.npz``) instead of the solver: per decision, class and action
    the average strategy's probability (``probs``) and EV (``ev``, the model's unit; NaN where
    never reached), each node's action frequencies over the hands that reach it
    (``node_percent``), the NashConv and the unit — a spot seen before answers without a pass
    over the deals. ``game`` and ``table`` give the tree (its nodes' names and actions) and the
    classes' order."""

    game: PreflopSpot
    table: Any
    probs: np.ndarray
    ev: np.ndarray
    node_percent: np.ndarray
    nash_conv: float
    unit: str
    tree: BettingTree = field(init=False)

    def __post_init__(self) -> None:
        self.tree = build_tree(self.game, self.game.settings())

    @classmethod
    def of(cls, solution: TreeSolution) -> TreeAnswers:
        """The answers of a solved tree (one pass under its average strategy)."""
        decisions = solution.solver.tree.decisions()
        width = max(len(node.actions) for node in decisions)
        classes = solution.solver.table.n
        probs = np.full((len(decisions), classes, width), np.nan)
        ev = np.full_like(probs, np.nan)
        percent = np.full((len(decisions), width), np.nan)
        average = solution.solver.class_average()
        views = {view.name: view for view in solution.nodes}
        for k, node in enumerate(decisions):
            p, v = solution.class_values(node, average)
            probs[k, :, :p.shape[1]] = p
            ev[k, :, :v.shape[1]] = v
            percent[k, :len(node.actions)] = [a["percent"] for a in views[node.name].actions]
        return cls(solution.spot, solution.solver.table, probs, ev, percent,
                   float(solution.nash_conv), solution.unit)

    def node_actions(self, name: str) -> list[dict[str, Any]]:
        """The node's actions: ``{"action", "to" (bb), "percent"}`` each."""
        node = self.tree.find(name)
        k = node.slot
        return [{"action": action.kind, "to": action.to / self.game.bb,
                 "percent": float(self.node_percent[k, a])}
                for a, action in enumerate(node.actions)]

    def lookup(self, hand: str, name: str) -> dict[str, Any]:
        """As :meth:`omahanash.trees.TreeSolution.lookup`: the node's actions for ``hand``
        with their ``to`` (bb), ``percent`` and ``ev`` (None where never reached)."""
        node = self.tree.find(name)
        game = "holdem" if self.game.variant is Variant.HOLDEM else "omaha"
        position = self.table.position(parse_class(hand, game))
        out = []
        for a, action in enumerate(node.actions):
            value = float(self.ev[node.slot, position, a])
            out.append({"action": action.kind, "to": action.to / self.game.bb,
                        "percent": 100.0 * float(self.probs[node.slot, position, a]),
                        "ev": value if math.isfinite(value) else None})
        return {"node": node.name, "unit": self.unit, "actions": out}

    def save(self, path: Path, key: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, "wb") as handle:
            np.savez(handle, probs=self.probs, ev=self.ev, node_percent=self.node_percent,
                     meta=np.array(json.dumps({"key": key, "format": ANSWERS_FORMAT,
                                               "nash_conv": self.nash_conv,
                                               "unit": self.unit})))

    @classmethod
    def load(cls, path: Path, key: str, game: PreflopSpot, table: Any) -> TreeAnswers | None:
        """The answers kept at ``path`` when they are whole and of ``key`` (else None)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = data["probs"], data["ev"], data["node_percent"]
        except (OSError, ValueError, KeyError, json.JSONDecodeError) as error:
            logger.warning("the kept tree answers %s are not usable (%s)", path, error)
            return None
        if meta.get("key") != key or meta.get("format") != ANSWERS_FORMAT:
            return None
        found = cls(game, table, *arrays, float(meta["nash_conv"]), str(meta["unit"]))
        if found.probs.shape[:2] != (found.tree.slots, table.n):
            return None
        return found


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
    """Forget the tree answers kept in this process (the files stay)."""
    with _LOCK:
        _MEMORY.clear()


def tree_equilibrium(game: PreflopSpot, table: Any, *, deals: int | None = None,
                     seed: int = 0, iterations: int | None = None,
                     cache_dir: str | os.PathLike | None = None, persist: bool = True,
                     cancel: CancelFlag | None = None) -> TreeAnswers:
    """The answers of ``game``'s equilibrium on its tree (:class:`TreeAnswers`): from memory,
    from disk (unless ``persist`` is False), or solved by
    :func:`~omahanash.trees.solve_preflop` and kept (see the module). A Stop raises
    :class:`~omahanash.errors.Cancelled` (nothing kept)."""
    spelled = default_tree_deals(game, table) if deals is None else deals
    key = tree_key(game, table, spelled, seed, iterations)
    path = resolve_cache_dir(cache_dir) / "nash" / "trees" / f"{key}.npz"
    with _LOCK:
        found = _MEMORY.get(key)
    if found is not None:
        if persist and not path.is_file():  # kept for another folder: this one too
            _write(found, path, key)
        return found
    if persist and path.is_file():
        found = TreeAnswers.load(path, key, game, table)
        if found is not None:
            with _LOCK:
                return _MEMORY.setdefault(key, found)
    solution = solve_preflop(game, iterations=iterations, deals=deals, seed=seed,
                             table=table, cancel=cancel)
    if solution.status == "stopped":
        raise Cancelled("the review was cancelled")
    with cancel_scope(cancel):
        answers = TreeAnswers.of(solution)
    if iterations is None and solution.status not in ("converged", "stalled"):
        return answers  # hit the iteration cap: an answer, not kept
    if persist:
        _write(answers, path, key)
    with _LOCK:
        return _MEMORY.setdefault(key, answers)


def _write(answers: TreeAnswers, path: Path, key: str) -> None:
    try:
        answers.save(path, key)
    except (OSError, InputError) as error:  # a full or read-only disk: kept in memory
        logger.warning("could not keep the tree answers in %s: %s", path, error)


def judge_tree_spot(spot: TreeSpot, game: PreflopSpot, solution: TreeAnswers,
                    source: str) -> dict[str, Any]:
    """The fields of the spot's :class:`~omahanash.history.review.SpotReview` on the solved
    tree's answers ``solution`` (see the module)."""
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
    view = solution.node_actions(spot.node)
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
        "node_actions": tuple((a["action"], a["to"], a["percent"]) for a in view),
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
        for index, (other, source) in enumerate(self.assigned):
            if other == game:
                try:
                    self.done[index] = judge_tree_spot(self.spots[index], game, solution,
                                                       source)
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
