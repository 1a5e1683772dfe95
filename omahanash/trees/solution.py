"""A solved betting tree: every node's actions with their frequencies, each hand's action
frequencies and EVs, NashConv on the solve's deals and on fresh ones; export, save, reopen.

>>> from omahanash.trees import PreflopSpot, solve_preflop
>>> spot = PreflopSpot("holdem", [15, 15], 0.5, 1, tree="nl")
>>> solution = solve_preflop(spot, iterations=50)
>>> first = solution.nodes[0]
>>> first.name, [action["action"] for action in first.actions]
('SB open', ['fold', 'call', 'raise', 'allin'])
>>> hand = solution.lookup("AA", "SB open")
>>> max(hand["actions"], key=lambda a: a["ev"])["action"] != "fold"
True
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.hands import class_cards, class_combos, class_name, num_classes, parse_class
from omahanash.pushfold.deals import Deals, exact_deals, sampled_deals
from omahanash.pushfold.solver import FRESH_SEED_OFFSET
from omahanash.savefile import FileKind, atomic_write, read, write, write_csv
from omahanash.solving import STATUS, Outcome, Report, Result
from omahanash.trees.betting import TreeNode, TreeSettings
from omahanash.trees.solver import TreeSolver, own_reach
from omahanash.trees.spot import PreflopSpot

TREE_SOLUTION = FileKind(
    "tree-solution", 1, "omahanash betting-tree solution",
    meta_types=(("spot", dict), ("settings", dict), ("iterations", int), ("deals", dict),
                ("table", dict)),
    array_dtypes=(("regrets", ("<f8",)), ("sigma", ("<f8",)), ("avg_sum", ("<f8",)),
                  ("avg_weight", ("<f8",))))
EXPORT_FORMATS = ("csv", "json")


def _game(spot: PreflopSpot) -> str:
    return "holdem" if spot.variant is Variant.HOLDEM else "omaha"


def _number(value: float) -> float | None:
    return None if value is None or not math.isfinite(value) else float(value)


@dataclass(frozen=True)
class NodeView:
    """A decision as the player reads it: ``name``, ``position``, ``pot`` and ``facing``
    (what the player owes) in big blinds, ``reach`` (the chance the hand gets here under the
    equilibrium) and ``actions``: ``{"action", "to" (big blinds), "percent"}`` each (the
    share of the hands that reach the node, by their combos, that take it)."""

    name: str
    position: str
    slot: int
    pot: float
    facing: float
    reach: float
    actions: list[dict]

    def to_json(self, pushfold: bool) -> dict:
        out: dict[str, Any] = {"node": self.name, "position": self.position,
                               "facing": self.facing, "pot": self.pot, "reach": self.reach,
                               "actions": self.actions}
        if pushfold:  # today's readers: the play action and its percent
            play = self.actions[-1]
            out["action"] = "call" if self.facing > 0 and " vs " in self.name else "push"
            out["percent"] = play["percent"]
        return out


@dataclass
class TreeSolution:
    """A solved tree: ``nodes`` (:class:`NodeView`), :meth:`lookup`, ``ev``, ``gains``,
    ``nash_conv``, ``nash_conv_fresh``, :meth:`export`, :meth:`save`, :meth:`load`.

    >>> from omahanash.trees import PreflopSpot, solve_preflop
    >>> solution = solve_preflop(PreflopSpot("holdem", [10, 10], 0.5, 1, tree="pl"),
    ...                          iterations=20)
    >>> solution.status, [node.name for node in solution.nodes][:2]
    ('iterations', ['SB open', 'BB vs SB limp'])
    """

    spot: PreflopSpot
    solver: TreeSolver
    history: list[Report] = field(default_factory=list)
    outcome: Outcome | None = None
    saved_status: str | None = None
    _fresh: np.ndarray | None = None
    _fresh_low: np.ndarray | None = None

    @property
    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.status
        return self.saved_status or "iterations"

    @property
    def iterations(self) -> int:
        return self.solver.iterations

    @property
    def settings(self) -> TreeSettings:
        return self.solver.settings

    @property
    def unit(self) -> str:
        return "prize" if self.spot.model == "icm" else "chips"

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` of the solution now (its solver's:
        :meth:`~omahanash.trees.solver.TreeSolver.result`)."""
        return self.solver.result()

    def _evaluated(self) -> dict:
        return self.solver.evaluate()

    @property
    def gains(self) -> np.ndarray:
        return self._evaluated()["gains"]

    @property
    def nash_conv(self) -> float:
        return float(self.gains.sum())

    def fresh_deals(self) -> Deals | None:
        """Deals the run did not train on (None: the solve's deals are exact, every class
        tuple, so a fresh sample would be the same)."""
        d = self.solver.deals
        seed = d.seed + FRESH_SEED_OFFSET
        if d.exact and self.spot.players == 2:
            return None
        if d.exact:
            return exact_deals(self.spot.variant, self.spot.players, seed)
        ids = self.solver.table.class_ids
        subset = None if ids.size == num_classes(_game(self.spot)) else ids
        return sampled_deals(self.spot.variant, self.spot.players, d.count, seed, subset)

    def _fresh_pair(self) -> tuple[np.ndarray, np.ndarray]:
        if self._fresh is None or self._fresh_low is None:
            fresh = self.fresh_deals()
            self._fresh, self._fresh_low = (self.gains, self.gains) if fresh is None else \
                self.solver.fresh_bracket(fresh)
        return self._fresh, self._fresh_low

    @property
    def fresh_gains(self) -> np.ndarray:
        return self._fresh_pair()[0]

    @property
    def nash_conv_fresh(self) -> float:
        """NashConv of the average strategies on deals the run did not train on; it reads
        high by the fresh sample's own noise (:meth:`~omahanash.trees.solver.TreeSolver.
        fresh_bracket`): the game's lies between :attr:`nash_conv_fresh_low` and it."""
        return float(self._fresh_pair()[0].sum())

    @property
    def nash_conv_fresh_low(self) -> float:
        """The lower figure beside :attr:`nash_conv_fresh`: best responses chosen on one half
        of the fresh deals, valued on the other."""
        return float(self._fresh_pair()[1].sum())

    @property
    def ev(self) -> list[dict]:
        """Each position's EV: the change of its stack (chips) and, with payouts, its prize
        equity."""
        icm = self.spot.model == "icm"
        chips = self.solver.evaluate(icm=False)["root"] if icm else self._evaluated()["root"]
        prize = self._evaluated()["root"] if icm else None
        return [{"position": pos, "chips": float(chips[i]),
                 "prize": None if prize is None else float(prize[i])}
                for i, pos in enumerate(self.spot.positions)]

    def _combos(self) -> np.ndarray:
        return class_combos(_game(self.spot))[self.solver.table.class_ids].astype(np.float64)

    @property
    def nodes(self) -> list[NodeView]:
        avg = self.solver.class_average()
        reach_own = own_reach(self.solver.arrays, avg)
        node_reach = self._evaluated()["node_reach"]
        combos = self._combos()
        bb = self.spot.bb
        out = []
        for node in self.solver.tree.decisions():
            weight = combos * reach_own[node.slot]
            total = weight.sum()
            actions = []
            for a, action in enumerate(node.actions):
                share = float(weight @ avg[node.slot, :, a] / total) if total > 0 else 0.0
                actions.append({"action": action.kind, "to": action.to / bb,
                                "percent": 100.0 * share})
            out.append(NodeView(node.name, self.spot.positions[node.player], node.slot,
                                node.pot / bb, node.to_call / bb,
                                float(node_reach[node.slot]), actions))
        return out

    def node(self, name: str) -> TreeNode:
        return self.solver.tree.find(name)

    def class_values(self, node: TreeNode, average: np.ndarray | None = None
                     ) -> tuple[np.ndarray, np.ndarray]:
        """Per class at ``node``: every action's probability and EV (NaN where the node is
        never reached with the class), ``(classes, actions)`` each; ``average``: the
        solver's :meth:`~omahanash.trees.solver.TreeSolver.class_average`, when the caller
        has it already."""
        values = self._evaluated()
        reach = values["cfreach"][node.slot]
        k = len(node.actions)
        with np.errstate(invalid="ignore", divide="ignore"):
            ev = np.where(reach[:, None] > 0, values["cfv"][node.slot, :, :k] /
                          reach[:, None], np.nan)
        if average is None:
            average = self.solver.class_average()
        return average[node.slot, :, :k], ev

    def lookup(self, hand: str | int, node: str) -> dict[str, Any]:
        """One hand at the node called ``node``: every action with its ``to`` (big blinds),
        ``percent`` and ``ev`` (in ``unit``: chips or prize; None where never reached)."""
        game = _game(self.spot)
        decision = self.node(node)
        class_id = parse_class(hand, game)
        position = self.solver.table.position(class_id)
        probs, ev = self.class_values(decision)
        bb = self.spot.bb
        data: dict[str, Any] = {
            "hand": str(hand), "id": class_id, "cards": class_cards(game, class_id),
            "node": decision.name, "position": self.spot.positions[decision.player],
            "unit": self.unit,
            "actions": [{"action": action.kind, "to": action.to / bb,
                         "percent": 100.0 * float(probs[position, a]),
                         "ev": _number(float(ev[position, a]))}
                        for a, action in enumerate(decision.actions)]}
        if game == "holdem":
            data["name"] = class_name(game, class_id)
        return data

    # -- export, save, load ------------------------------------------------------------

    def class_rows(self) -> list[dict[str, Any]]:
        """A row per node × class × action."""
        game = _game(self.spot)
        ids = self.solver.table.class_ids
        combos = self._combos()
        cards = [class_cards(game, int(c)) for c in ids]
        bb = self.spot.bb
        rows = []
        average = self.solver.class_average()  # once, not once a node
        for node in self.solver.tree.decisions():
            probs, ev = self.class_values(node, average)
            for k, c in enumerate(ids):
                for a, action in enumerate(node.actions):
                    rows.append({"node": node.name,
                                 "position": self.spot.positions[node.player],
                                 "id": int(c), "cards": cards[k], "combos": int(combos[k]),
                                 "action": action.kind, "to": action.to / bb,
                                 "percent": 100.0 * float(probs[k, a]),
                                 "ev": _number(float(ev[k, a]))})
        return rows

    def export(self, path: str | os.PathLike, fmt: str) -> Path:
        """Every node × class × action as ``csv`` (a row each) or ``json``."""
        fmt = str(fmt).lower()
        if fmt not in EXPORT_FORMATS:
            raise InputError.naming("export", f"export format must be csv or json, got "
                                              f"{fmt!r}")
        path = Path(path)
        rows = self.class_rows()
        if fmt == "json":
            document = {"params": self.spot.describe(), "unit": self.unit,
                        "iterations": self.iterations, "nash_conv": self.nash_conv,
                        "rows": rows}
            with atomic_write(path, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(document, allow_nan=False) + "\n")
            return path
        columns = ["node", "position", "id", "cards", "combos", "action", "to", "percent",
                   "ev"]
        return write_csv(path, columns, (
            [r["node"], r["position"], r["id"], r["cards"], r["combos"], r["action"],
             f"{r['to']:.4f}", f"{r['percent']:.4f}",
             None if r["ev"] is None else f"{r['ev']:.6f}"] for r in rows))

    def save(self, path: str | os.PathLike) -> Path:
        solver = self.solver
        d = solver.deals
        s = solver.settings
        settings = {"preset": s.preset, "postflop": s.postflop, "open_size": s.open_size,
                    "max_raises": s.max_raises, "allin_share": s.allin_share,
                    "limp": s.limp, "kind": s.kind, "sizes": list(s.sizes),
                    "allin": s.allin}
        meta = {"spot": self.spot.table_spot().describe(), "settings": settings,
                "iterations": solver.iterations,
                "deals": {"exact": d.exact, "seed": d.seed, "count": d.count,
                          "batch": solver.batch},
                "table": {"game": solver.table.game,
                          "class_ids": [int(c) for c in solver.table.class_ids]
                          if solver.table.n != num_classes(_game(self.spot)) else None,
                          "checksum": solver.table.info.get("checksum")},
                "status": self.status, "buckets": solver.bucket_request}
        arrays = {"regrets": solver.regrets, "sigma": solver.sigma,
                  "avg_sum": solver.avg_sum, "avg_weight": solver.avg_weight}
        return write(path, TREE_SOLUTION, meta, arrays)

    @classmethod
    def load(cls, path: str | os.PathLike, table: EquityTable | None = None,
             cache_dir: str | None = None) -> TreeSolution:
        saved = read(path, TREE_SOLUTION)
        meta = saved.meta
        try:
            spec, st, deal_spec = meta["spot"], meta["settings"], meta["deals"]
            settings = TreeSettings(st["preset"], postflop=st["postflop"],
                                    open_size=st["open_size"], max_raises=st["max_raises"],
                                    allin_share=st["allin_share"], limp=st["limp"],
                                    kind=st["kind"], sizes=tuple(st["sizes"]),
                                    allin=st["allin"])
            preset = st["preset"] if st["preset"] in ("pushfold", "pl", "pl-limp", "nl") \
                else "pl"
            spot = PreflopSpot(spec["game"], spec["stacks"], spec["sb"], spec["bb"],
                               spec["ante"], None if spec["payouts"] == "chips"
                               else spec["payouts"], spec["bb_ante"], tree=preset,
                               postflop=st["postflop"], open_size=st["open_size"],
                               max_raises=st["max_raises"])
            ids = meta["table"]["class_ids"]
        except (KeyError, TypeError) as error:
            raise InputError(f"cannot read {path}: not a complete tree solution "
                             f"({error})") from None
        if table is None:
            table = load_table(spot.variant, cache_dir, ids)
        saved_sum = meta["table"].get("checksum")
        if saved_sum is not None and table.info.get("checksum") not in (None, saved_sum):
            raise InputError(f"cannot read {path}: it was solved on another {table.game} "
                             f"equity table; solve the spot again")
        batch = deal_spec.get("batch") or 0
        deals: int | str = "exact" if deal_spec["exact"] else int(batch or deal_spec["count"])
        buckets = meta.get("buckets")
        solver = TreeSolver(spot, settings, table, deals, int(deal_spec["seed"]),
                            buckets if isinstance(buckets, int) else None,
                            resample=bool(batch))
        arrays = saved.arrays
        for name in ("regrets", "sigma", "avg_sum", "avg_weight"):
            mine = getattr(solver, name)
            if arrays[name].shape != mine.shape:
                raise InputError(f"cannot read {path}: {name} does not fit this tree")
            mine[...] = arrays[name]
        solver.iterations = int(meta["iterations"])
        status = meta.get("status")
        return cls(spot, solver, saved_status=status if status in STATUS.values() else None)
