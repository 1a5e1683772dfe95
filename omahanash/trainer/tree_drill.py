"""Drills on a preflop betting tree: pot limit (Omaha as it is played), pot limit with limps,
no limit, or a tree file (:mod:`omahanash.trees`) — every decision a player meets, answered
with the node's own actions: fold, call (check), raise (the pot, or the no-limit size) or all
in.

A :class:`TreeDrill` deals spots of :class:`TreeDrillConfig`: the game, the tree and its
settings (``open_size``, ``max_raises``, ``postflop``), the table (``players`` 2 to
:data:`MAX_PLAYERS`; stacks as in :mod:`omahanash.trainer.table`: ``"15"`` every seat at
15 bb — the default —, ``"10/15/8"`` one per seat, ``"5-15"`` three tables drawn at random),
the payouts (heads-up: chips; at 3 or more: ``50/30/20`` unless given) and the ante. Blinds are
50/100 chips.

A spot is a table, a decision node of its tree that the equilibrium reaches at least
:data:`MIN_REACH` of the time (``BTN open``, ``SB vs BTN open``, ``BTN vs SB re-raise``), and
a hand dealt as often as the equilibrium brings it there (every seat's play before it and the
deals' card removal). Each table is solved once to the engine's default target
(:func:`omahanash.trainer.tree_cache.tree_equilibrium`: progress, Stop, kept in memory and on
disk), so only the first spot at a table waits.

An answer is graded by the one decision rule (:func:`~omahanash.trainer.grading.grade_tree`,
through :func:`omahanash.jamfold.decision.judge`): correct when its EV is within the solve's
precision (its NashConv) of the best action's. The feedback gives every action's equilibrium
frequency and EV — in big blinds and, with payouts, in % of the prize pool (big blinds then
at the table's average chip value, as the push/fold table drills) — and the EV lost.

>>> from omahanash.trainer.tree_cache import tree_equilibrium
>>> quick = lambda spot, progress, cancel: tree_equilibrium(spot, iterations=10,
...                                                         persist=False)
>>> drill = TreeDrill(TreeDrillConfig("holdem", "pl", stacks="10"), seed=3, solve=quick)
>>> spot = drill.next_spot()
>>> spot.node in drill.table(0).names, spot.kinds[0]
(True, 'fold')
>>> drill.answer(spot.best_action).grade.correct
True
"""

from __future__ import annotations

import functools
import json
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from omahanash.cards import Variant, format_cards
from omahanash.errors import InputError
from omahanash.hands import class_members
from omahanash.jamfold.decision import tolerance_of
from omahanash.pushfold.payouts import parse_payouts
from omahanash.pushfold.spot import POSITIONS
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.trainer.drill import CLOSE_THRESHOLD_BB
from omahanash.trainer.grading import TreeGrade, grade_tree, tree_verdict_words
from omahanash.trainer.groups import group_index, group_names, stack_band
from omahanash.trainer.stats import TREE_WORDS, Statistics, TreeAnswerRecord, TreeCell, summarize
from omahanash.trainer.table import _structures
from omahanash.trainer.tree_cache import TreeTable, tree_equilibrium
from omahanash.trees import PRESETS, PreflopSpot

if TYPE_CHECKING:
    from omahanash.trainer.history import History

__all__ = ["BB_CHIPS", "DEFAULT_STACKS", "MAX_PLAYERS", "MIN_REACH", "TREES", "TreeAnswer",
           "TreeDrill", "TreeDrillConfig", "TreeSpot", "action_label", "default_solve",
           "tree_leak_cells", "tree_spot_json"]

#: The trees a drill takes by name (a ``.toml`` tree file too); ``pushfold`` is the push/fold
#: trainer's (:mod:`omahanash.trainer.drill`, :mod:`omahanash.trainer.table`).
TREES = tuple(tree for tree in PRESETS if tree != "pushfold")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
SB_CHIPS, BB_CHIPS = 50.0, 100.0
#: Every seat's stack when none is given, in big blinds.
DEFAULT_STACKS = "15"
#: Heads-up drills are in chips, tables of 3 or more with these payouts unless given.
DEFAULT_PAYOUTS = "50/30/20"
#: A node is drilled when the equilibrium reaches it at least this often.
MIN_REACH = 0.01
#: ``solve(spot, progress, cancel)``: the equilibrium of a table's tree.
Solve = Callable[[PreflopSpot, ProgressCallback | None, CancelFlag | None], TreeTable]


def default_solve(spot: PreflopSpot, progress: ProgressCallback | None,
                  cancel: CancelFlag | None, *, cache_dir: str | os.PathLike | None = None,
                  persist: bool = True) -> TreeTable:
    """The equilibrium of ``spot`` to the engine's default target, from the trainer's cache
    (:func:`~omahanash.trainer.tree_cache.tree_equilibrium`)."""
    return tree_equilibrium(spot, cache_dir=cache_dir, persist=persist, progress=progress,
                            cancel=cancel)


@dataclass(frozen=True)
class TreeDrillConfig:
    """Which betting-tree spots a drill deals (see the module). ``position``: ``both`` (every
    node) or a seat (``btn``, ``sb``, ...): that seat's nodes only.

    >>> TreeDrillConfig("omaha-hi", "pl").payouts, TreeDrillConfig("holdem", players=3).payouts
    ('chips', '50/30/20')
    >>> TreeDrillConfig("holdem", "fixed")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: tree must be one of pl, pl-limp, nl or a tree file ...
    """

    game: str = "omaha-hi"
    tree: str = "pl"
    players: int = 2
    payouts: str | None = None
    stacks: str | None = None
    position: str = "both"
    ante: float = 0.0
    open_size: float = 2.0
    max_raises: int = 3
    postflop: str = "commit"
    close: bool = False
    close_threshold_bb: float = CLOSE_THRESHOLD_BB
    focus: tuple[TreeCell, ...] = field(default=())

    def __post_init__(self) -> None:
        if str(self.game).strip().lower() == "mixed":
            raise InputError.naming("game", "game mixed is for heads-up push/fold drills; a "
                                    "tree drill takes holdem, omaha-hi or omaha-hilo")
        object.__setattr__(self, "game", str(Variant.parse(str(self.game))))
        tree = str(self.tree).strip()
        if tree not in TREES and not tree.endswith(".toml"):
            raise InputError.naming("tree", f"tree must be one of {', '.join(TREES)} or a "
                                    f"tree file (.toml), got {self.tree!r}")
        object.__setattr__(self, "tree", tree)
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InputError.naming("players", f"players must be {MIN_PLAYERS} to "
                                    f"{MAX_PLAYERS} at a tree drill, got {self.players!r}")
        if self.payouts is None:
            object.__setattr__(self, "payouts",
                               "chips" if self.players == 2 else DEFAULT_PAYOUTS)
        try:
            parse_payouts(str(self.payouts), self.players)
        except InputError as error:
            error.argument = error.argument or "payouts"
            raise
        seats = [p.lower() for p in POSITIONS[self.players]]
        position = str(self.position).strip().lower()
        if position != "both" and position not in seats:
            raise InputError.naming("position", f"position must be both or a seat of the "
                                    f"table ({', '.join(seats)}), got {self.position!r}")
        object.__setattr__(self, "position", position)
        for name in ("ante", "close_threshold_bb"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not np.isfinite(value) or value < 0:
                raise InputError.naming(name, f"{name} must be a number >= 0, got {value!r}")
        if self.close_threshold_bb <= 0:
            raise InputError(f"close_threshold_bb must be > 0, got {self.close_threshold_bb!r}")
        structures = _structures(self.stacks or DEFAULT_STACKS, self.players,
                                 np.random.default_rng(0))
        self.spot(structures[0])  # the tree and its settings checked now, naming them
        object.__setattr__(self, "focus", tuple(TreeCell(*cell) for cell in self.focus))

    @property
    def variants(self) -> tuple[Variant, ...]:
        return (Variant.parse(self.game),)

    @property
    def tree_words(self) -> str:
        """The tree as players name it: ``pot limit``."""
        return TREE_WORDS.get(self.tree, os.path.basename(self.tree))

    def spot(self, stacks_bb: tuple[float, ...]) -> PreflopSpot:
        """The :class:`~omahanash.trees.PreflopSpot` of a table (stacks in big blinds)."""
        payouts = None if self.payouts == "chips" else self.payouts
        return PreflopSpot(self.game, [s * BB_CHIPS for s in stacks_bb], SB_CHIPS, BB_CHIPS,
                           self.ante * BB_CHIPS, payouts, tree=self.tree,
                           postflop=self.postflop, open_size=float(self.open_size),
                           max_raises=self.max_raises)


def action_label(kind: str, to_bb: float, facing_bb: float, tree_kind: str) -> str:
    """An action as players say it: ``Fold``, ``Check``, ``Call 2.5 bb`` (``Call 0.5 bb
    (limp)``: calling only the big blind), ``Raise pot (to 9 bb)`` (a pot-limit tree; else
    ``Raise to 2.2 bb``), ``All in (15 bb)``.

    >>> action_label("raise", 3.5, 1, "pot"), action_label("call", 1, 0, "pot")
    ('Raise pot (to 3.5 bb)', 'Check')
    >>> action_label("call", 1, 0.5, "pot")
    'Call 0.5 bb (limp)'
    >>> action_label("call", 3.5, 2.5, "pot"), action_label("allin", 15, 3.5, "nl")
    ('Call 2.5 bb', 'All in (15 bb)')
    """
    if kind == "fold":
        return "Fold"
    if kind == "call":
        if facing_bb <= 0:
            return "Check"
        return f"Call {facing_bb:g} bb" + (" (limp)" if abs(to_bb - 1.0) < 1e-9 else "")
    if kind == "raise":
        return f"Raise pot (to {to_bb:g} bb)" if tree_kind == "pot" else \
            f"Raise to {to_bb:g} bb"
    return f"All in ({to_bb:g} bb)"


@dataclass(frozen=True)
class TreeAction:
    """One action of a dealt spot: ``kind``, ``to_bb`` (chips in after it), the player's
    ``label``, the equilibrium ``frequency`` of the hand (0..1), its EV in the model's unit,
    in big blinds and (with payouts) in % of the prize pool."""

    kind: str
    to_bb: float
    label: str
    frequency: float
    ev: float
    ev_bb: float
    ev_pct: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.kind, "to": self.to_bb, "label": self.label,
                "percent": 100.0 * self.frequency, "ev_bb": self.ev_bb, "ev_pct": self.ev_pct}


@dataclass(frozen=True)
class TreeSpot:
    """A dealt betting-tree spot: the table (``stacks_bb`` preflop order, ``stack_bb`` the
    hero's effective stack), the node (its name, the hero's ``position``, the ``pot`` and
    what the hero ``facing`` owes, in big blinds), the hand, its ``actions`` and the solve's
    precision ``tolerance_bb``; ``unit_per_bb`` converts big blinds to the model's unit."""

    number: int
    variant: Variant
    tree: str
    tree_words: str
    players: int
    payouts: str
    stacks_bb: tuple[float, ...]
    stack_bb: float
    ante_bb: float
    node: str
    position: str
    pot_bb: float
    facing_bb: float
    class_id: int
    hand: str
    hand_group: str
    actions: tuple[TreeAction, ...]
    tolerance_bb: float
    unit_per_bb: float
    prize_pool: float
    close: bool = False

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(action.kind for action in self.actions)

    @property
    def best_action(self) -> str:
        """The action with the highest EV (on a tie, the more frequent)."""
        return max(self.actions, key=lambda a: (a.ev, a.frequency)).kind

    def action(self, kind: str) -> TreeAction:
        for action in self.actions:
            if action.kind == kind:
                return action
        raise InputError(f"no {kind} at {self.node}: answer {', '.join(self.kinds)}")

    @property
    def description(self) -> str:
        """``"Omaha Hi · pot limit · heads-up · SB 15, BB 15 bb · you are BB"``."""
        seats = ", ".join(f"{pos} {stack:g}" for pos, stack in
                          zip(POSITIONS[self.players], self.stacks_bb))
        table = "heads-up" if self.players == 2 else \
            f"{self.players} left, payouts {self.payouts}"
        ante = f" · ante {self.ante_bb:g} bb" if self.ante_bb else ""
        return (f"{self.variant.display_name} · {self.tree_words} · {table} · {seats} bb"
                f"{ante} · you are {self.position.upper()}")

    @property
    def situation(self) -> str:
        """``"SB vs BTN open · pot 5 bb, 2.5 bb to call"``."""
        owes = f"{self.facing_bb:g} bb to call" if self.facing_bb > 0 else "nothing to call"
        return f"{self.node} · pot {self.pot_bb:g} bb, {owes}"


@dataclass(frozen=True)
class TreeAnswer:
    """An answered tree spot: the spot, the grade, the answer time and the stored record."""

    spot: TreeSpot
    grade: TreeGrade
    seconds: float | None
    record: TreeAnswerRecord

    @property
    def grade_verdict(self) -> str:
        return self.grade.verdict

    def feedback(self) -> str:
        """The verdict, then every action's equilibrium frequency and EV (big blinds, and %
        of the prize pool with payouts), then the EV lost."""
        spot, g = self.spot, self.grade
        words = {a.kind: a.label.split(" (")[0].lower() for a in spot.actions}
        lines = [tree_verdict_words(g, words)]
        for action in spot.actions:
            mark = "←" if action.kind == g.action else " "
            # chips: the change of the stack; prize: the prize equity, in big blinds too
            value = f"EV {action.ev_bb:+.3f} bb" if action.ev_pct is None else \
                f"EV {action.ev_pct:.2f} % of the pool = {action.ev_bb:.3f} bb"
            lines.append(f"{mark} {action.label}: {100 * action.frequency:.0f} % · {value}")
        lost = self.record.ev_lost_pct
        pct = "" if lost is None else f" = {lost:.3f} % of the pool"
        lines.append(f"EV lost {g.ev_lost_bb:.3f} bb{pct}")
        return "\n".join(lines)


class TreeDrill:
    """Deals betting-tree spots of ``config`` and grades the answers (see the module); the
    face of the other drills: ``next_spot``, ``answer``, ``statistics``, ``seed``,
    ``history``, ``answers``, ``current``, ``structures``.

    ``solve(spot, progress, cancel)`` gives a table's :class:`~omahanash.trainer.tree_cache.
    TreeTable` (default :func:`default_solve` with ``cache_dir`` and ``persist``; tests pass a
    quick one).
    """

    def __init__(self, config: TreeDrillConfig | None = None, seed: int | None = None,
                 history: History | None = None, solve: Solve | None = None,
                 cache_dir: str | os.PathLike | None = None, persist: bool = True) -> None:
        self.config = config if config is not None else TreeDrillConfig()
        if not isinstance(self.config, TreeDrillConfig):
            raise InputError(f"config must be a TreeDrillConfig, got {config!r}")
        self.seed = check_seed(seed) if seed is not None \
            else int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self.history = history
        self.session = uuid.uuid4().hex[:12]
        self.answers: list[TreeAnswer] = []
        self.current: TreeSpot | None = None
        self.skipped: list[str] = []
        self._rng = np.random.default_rng(self.seed)
        self._solve = solve if solve is not None else functools.partial(
            default_solve, cache_dir=cache_dir, persist=persist)
        self.structures = _structures(self.config.stacks or DEFAULT_STACKS,
                                      self.config.players, np.random.default_rng(self.seed))
        self._tables: dict[int, TreeTable] = {}
        self._shown_at = 0.0

    @property
    def variant(self) -> Variant:
        return Variant.parse(self.config.game)

    @property
    def variants(self) -> tuple[Variant, ...]:
        return (self.variant,)

    def spot(self, structure: int) -> PreflopSpot:
        return self.config.spot(self.structures[structure])

    def table(self, structure: int, progress: ProgressCallback | None = None,
              cancel: CancelFlag | None = None) -> TreeTable:
        """The equilibrium of structure ``structure`` (solved on first use)."""
        if structure not in self._tables:
            self._tables[structure] = self._solve(self.spot(structure), progress, cancel)
        return self._tables[structure]

    def is_solved(self, structure: int) -> bool:
        return structure in self._tables

    def _candidates(self, table: TreeTable) -> list[tuple[int, TreeCell | None]]:
        position = self.config.position
        nodes = [d for d, node in enumerate(table.nodes)
                 if position == "both" or node["position"].lower() == position]
        if not self.config.focus:
            return [(d, None) for d in nodes]
        return [(d, cell) for cell in self.config.focus for d in nodes
                if table.nodes[d]["node"] == cell.node]

    def next_spot(self, progress: ProgressCallback | None = None,
                  cancel: CancelFlag | None = None) -> TreeSpot:
        """Deal the next spot (solving its table first if needed: ``progress(done, total)`` in
        iterations; a set ``cancel`` raises :class:`~omahanash.errors.Cancelled`)."""
        config = self.config
        for structure in self._rng.permutation(len(self.structures)):
            structure = int(structure)
            table = self.table(structure, progress, cancel)
            candidates = self._candidates(table)
            for pick in self._rng.permutation(len(candidates)) if candidates else []:
                decision, cell = candidates[int(pick)]
                weights = self._weights(table, decision, structure, cell)
                if weights is not None:
                    return self._deal(table, structure, decision, weights)
        raise InputError("no hand fits: no node of this drill has a hand within "
                         f"{config.close_threshold_bb:g} bb of its best action"
                         if config.close else "no spots to deal: no node of this drill is "
                         "reached often enough" + (" among the leaks" if config.focus else ""))

    def _weights(self, table: TreeTable, decision: int, structure: int,
                 cell: TreeCell | None) -> np.ndarray | None:
        """The dealing weights of the classes at ``decision`` (None: nothing to deal)."""
        node = table.nodes[decision]
        if node["reach"] < MIN_REACH:
            return None
        k = len(node["actions"])
        ev = table.ev[decision, :, :k]
        weights = np.where(np.isfinite(ev).all(axis=1), table.weight[decision], 0.0)
        scale = self._unit_per_bb(table.spot)
        if self.config.close:
            ordered = np.sort(np.nan_to_num(ev, nan=-np.inf), axis=1)
            gap = (ordered[:, -1] - ordered[:, -2]) / scale if k > 1 else np.zeros(len(ev))
            weights[~(gap <= self.config.close_threshold_bb)] = 0.0
        if cell is not None:
            best = np.argmax(np.nan_to_num(ev, nan=-np.inf), axis=1)
            kinds = np.asarray(table.kinds(decision))
            stack = self._effective(structure, node["player"])
            if stack_band(stack) != cell.stack_band:
                return None
            weights[kinds[best] != cell.action] = 0.0
        total = weights.sum()
        return weights / total if total > 0 else None

    def _effective(self, structure: int, player: int) -> float:
        stacks = self.structures[structure]
        others = [s for k, s in enumerate(stacks) if k != player]
        return float(min(stacks[player], max(others)))

    @staticmethod
    def _unit_per_bb(spot: PreflopSpot) -> float:
        """The model's unit per big blind: chips, or prize at the average chip value."""
        if spot.model != "icm":
            return spot.bb
        return spot.prize_pool * spot.bb / float(sum(spot.stacks))

    def _deal(self, table: TreeTable, structure: int, decision: int,
              weights: np.ndarray) -> TreeSpot:
        variant, config = self.variant, self.config
        index = int(self._rng.choice(len(weights), p=weights))
        class_id = int(table.class_ids[index])
        members = class_members(variant, class_id)
        cards = members[int(self._rng.integers(len(members)))]
        node = table.nodes[decision]
        spot = table.spot
        scale = self._unit_per_bb(spot)
        icm = spot.model == "icm"
        tree_kind = "pot" if config.tree in ("pl", "pl-limp") else "nl"  # "Raise pot"
        actions = tuple(
            TreeAction(kind=a["action"], to_bb=float(a["to"]),
                       label=action_label(a["action"], float(a["to"]), float(node["facing"]),
                                          tree_kind),
                       frequency=float(np.clip(table.probs[decision, index, k], 0.0, 1.0)),
                       ev=float(table.ev[decision, index, k]),
                       ev_bb=float(table.ev[decision, index, k]) / scale,
                       ev_pct=100.0 * float(table.ev[decision, index, k]) / spot.prize_pool
                       if icm else None)
            for k, a in enumerate(node["actions"]))
        groups = group_index(variant)
        self.current = TreeSpot(
            number=len(self.answers) + 1, variant=variant, tree=config.tree,
            tree_words=config.tree_words, players=spot.players, payouts=str(config.payouts),
            stacks_bb=tuple(float(s) for s in self.structures[structure]),
            stack_bb=self._effective(structure, int(node["player"])), ante_bb=config.ante,
            node=node["node"], position=node["position"].lower(), pot_bb=float(node["pot"]),
            facing_bb=float(node["facing"]), class_id=class_id,
            hand=format_cards(sorted(cards, reverse=True)),
            hand_group=group_names(variant)[int(groups[class_id])], actions=actions,
            tolerance_bb=tolerance_of(table.nash_conv) / scale, unit_per_bb=scale,
            prize_pool=spot.prize_pool if icm else 0.0, close=config.close)
        self._shown_at = time.monotonic()
        return self.current

    def answer(self, action: str, seconds: float | None = None) -> TreeAnswer:
        """Grade ``action`` (``fold``, ``call``, ``raise`` or ``allin``: one of the node's) for
        the current spot by the decision rule, store it in the history and return it."""
        spot = self.current
        if spot is None:
            raise InputError("no spot to answer: deal one with next_spot() first")
        chosen = spot.action(action)
        scale = spot.unit_per_bb
        verdict = grade_tree(chosen.kind, {a.kind: a.frequency for a in spot.actions},
                             {a.kind: a.ev for a in spot.actions}, bb=scale,
                             tolerance=spot.tolerance_bb * scale)
        if seconds is None:
            seconds = time.monotonic() - self._shown_at
        elif isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not np.isfinite(seconds) or seconds < 0:
            raise InputError(f"seconds must be a number >= 0, got {seconds!r}")
        lost_pct = 100.0 * verdict.ev_lost_bb * scale / spot.prize_pool \
            if spot.prize_pool > 0 else None
        record = TreeAnswerRecord(
            answered_at=datetime.now(UTC).isoformat(timespec="seconds"),
            session=self.session, variant=str(spot.variant), tree=spot.tree,
            players=spot.players, payouts=spot.payouts,
            stacks="/".join(f"{s:g}" for s in spot.stacks_bb), stack_bb=spot.stack_bb,
            ante_bb=spot.ante_bb, node=spot.node, position=spot.position,
            class_id=spot.class_id, hand=spot.hand, hand_group=spot.hand_group,
            action=chosen.kind, to_bb=chosen.to_bb, best_action=verdict.best_action,
            frequency=chosen.frequency, ev_bb=chosen.ev_bb,
            best_ev_bb=max(a.ev_bb for a in spot.actions), ev_lost_bb=verdict.ev_lost_bb,
            ev_lost_pct=lost_pct, correct=verdict.correct, seconds=float(seconds),
            close=spot.close,
            actions=json.dumps([a.as_dict() for a in spot.actions], allow_nan=False))
        if self.history is not None:
            self.history.add(record)
        result = TreeAnswer(spot, verdict, float(seconds), record)
        self.answers.append(result)
        self.current = None
        return result

    def statistics(self) -> Statistics:
        """This session's statistics (weak spots by node and best action)."""
        return summarize(answer.record for answer in self.answers)


def tree_leak_cells(statistics: Statistics, count: int, config: TreeDrillConfig
                    ) -> tuple[TreeCell, ...]:
    """The cells of the ``count`` worst weak spots of this game, tree and table size: the
    ``focus`` of "drill my leaks" on a tree.

    >>> from omahanash.trainer.stats import example_tree_record, summarize
    >>> stats = summarize([example_tree_record(correct=False, ev_lost_bb=0.5)])
    >>> [c.node for c in tree_leak_cells(stats, 3, TreeDrillConfig("holdem", stacks="10"))]
    ['SB open']
    """
    cells = [s.cell for s in statistics.weak_spots if isinstance(s.cell, TreeCell)
             and s.cell.tree == config.tree and s.cell.players == config.players
             and Variant.parse(s.cell.variant) is Variant.parse(config.game)]
    return tuple(cells[:max(0, count)])


def tree_spot_json(answer: TreeAnswer) -> dict[str, Any]:
    """One answered tree spot as JSON-ready values (an entry of ``answers`` in ``omahanash
    train --tree pl --json``): the node, its actions (each with its size, equilibrium
    percent and EVs) and the answer with its verdict."""
    spot, record = answer.spot, answer.record
    return {"number": spot.number, "tree": spot.tree, "players": spot.players,
            "payouts": spot.payouts, "stacks_bb": list(spot.stacks_bb), "node": spot.node,
            "position": spot.position, "pot": spot.pot_bb, "facing": spot.facing_bb,
            "hand": spot.hand, "actions": [a.as_dict() for a in spot.actions],
            "action": record.action, "to": record.to_bb, "best_action": record.best_action,
            "verdict": answer.grade_verdict, "ev_lost_bb": record.ev_lost_bb,
            "ev_lost_pct": record.ev_lost_pct, "tolerance_bb": spot.tolerance_bb}
