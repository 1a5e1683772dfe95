"""A solved push/fold table: strategies per node and class, EVs, NashConv; lookups, export,
save and reopen.

>>> from omahanash.pushfold import PushFoldSpot, solve_pushfold
>>> spot = PushFoldSpot("holdem", [1000, 800, 1200], 50, 100, payouts="65/35")
>>> solution = solve_pushfold(spot, iterations=30, deals=20_000)
>>> hand = solution.lookup("AKo", "BTN")
>>> hand["node"], hand["play_pct"] > 99, hand["unit"]
('BTN', True, 'prize')
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.hands import class_cards, class_combos, class_name, num_classes, parse_class
from omahanash.pushfold.deals import Deals, exact_deals, sampled_deals
from omahanash.pushfold.solver import PushFoldSolver, PushFoldState, default_target
from omahanash.pushfold.spot import Node, PushFoldSpot
from omahanash.pushfold.triples import triple_deals
from omahanash.savefile import FileKind, atomic_write, read, write, write_csv
from omahanash.solving import STATUS, Outcome, Report, Result

PUSHFOLD_SOLUTION = FileKind(
    "pushfold-solution", 1, "omahanash push/fold table solution",
    meta_types=(("spot", dict), ("iterations", int), ("avg_weight", (int, float)),
                ("deals", dict), ("table", dict)),
    array_dtypes=(("regret_play", ("<f8",)), ("regret_fold", ("<f8",)), ("sigma", ("<f8",)),
                  ("avg_sum", ("<f8",)), ("locked", ("|u1",))))
EXPORT_FORMATS = ("csv", "json")


def _game(spot: PushFoldSpot) -> str:
    return "holdem" if spot.variant is Variant.HOLDEM else "omaha"


def _number(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


@dataclass
class PushFoldSolution:
    """A solved table: the spot, the average strategy of every node, values, NashConv.

    ``nodes`` lists the decisions; :meth:`lookup` one hand at one node; ``ev`` each player's
    EV (chips, and prize with payouts); ``exploitability`` each player's best-response gain;
    ``nash_conv`` their sum; :meth:`export`, :meth:`save` and :meth:`load`.

    >>> from omahanash.pushfold import PushFoldSpot, solve_pushfold
    >>> spot = PushFoldSpot("holdem", [600, 600, 600], 50, 100)
    >>> solution = solve_pushfold(spot, iterations=20, deals=20_000)
    >>> [row["position"] for row in solution.ev], solution.spot.model
    (['BTN', 'SB', 'BB'], 'chips')
    """

    spot: PushFoldSpot
    solver: PushFoldSolver
    history: list[Report] = field(default_factory=list)
    stopped: bool = False
    outcome: Outcome | None = None

    #: How a reopened solution's run ended (its file's ``status``), when no outcome is here.
    saved_status: str | None = None

    @property
    def status(self) -> str:
        """How the run ended, in the player's words: ``"converged"`` (NashConv reached the
        target), ``"stalled"`` (it stopped falling above it), ``"iterations"`` (the count
        asked, or the cap) or ``"stopped"`` (Stop). A reopened file says what it saved; a
        solution made otherwise (a hand-built solver) is judged by the default target."""
        if self.outcome is not None:
            return self.outcome.status
        if self.stopped:
            return "stopped"
        if self.saved_status is not None:
            return self.saved_status
        return "converged" if self.nash_conv <= default_target(self.spot) else "iterations"

    @property
    def nodes(self) -> list[Node]:
        return self.solver.nodes

    @property
    def iterations(self) -> int:
        return self.solver.iterations

    def _evaluated(self) -> dict:
        return self.solver.evaluate()

    @property
    def gains(self) -> np.ndarray:
        return self._evaluated()["gains"]

    @property
    def nash_conv(self) -> float:
        return float(self.gains.sum())

    @property
    def nash_conv_fresh(self) -> float:
        """NashConv of the average strategies measured on deals the run did not train on
        (:meth:`~omahanash.pushfold.solver.PushFoldSolver.fresh_gains`; a pass over them, made
        once): the precision of the game, where :attr:`nash_conv` is the precision on the
        run's own deals. It reads high by the fresh sample's own noise; the game's NashConv
        lies between :attr:`nash_conv_fresh_low` and it."""
        return float(self.solver.fresh_gains().sum())

    @property
    def nash_conv_fresh_low(self) -> float:
        """The lower figure beside :attr:`nash_conv_fresh`: the best replies chosen on one
        half of the fresh deals, valued on the other (:meth:`~omahanash.pushfold.solver.
        PushFoldSolver.fresh_low_gains`)."""
        return float(self.solver.fresh_low_gains().sum())

    @property
    def exploitability(self) -> list[dict]:
        """Each position's best-response gain, in the model's unit."""
        return [{"position": pos, "gain": float(g)}
                for pos, g in zip(self.spot.positions, self.gains)]

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` of the solution now (its solver's:
        :meth:`~omahanash.pushfold.solver.PushFoldSolver.result`)."""
        return self.solver.result()

    def strategy(self) -> np.ndarray:
        """Chance to play (push or call) per node slot and class position."""
        return self.solver.average()

    @property
    def ev(self) -> list[dict]:
        """Each position's expected value: the change of its stack (chips) and, with
        payouts, its prize equity."""
        icm = self.spot.model == "icm"
        chips = self.solver.evaluate(icm=False)["root"] if icm else self._evaluated()["root"]
        prize = self._evaluated()["root"] if icm else None
        return [{"position": pos, "chips": float(chips[i]),
                 "prize": None if prize is None else float(prize[i])}
                for i, pos in enumerate(self.spot.positions)]

    def node_summary(self) -> list[dict]:
        """Every node: name, position, action, play % of all starting hands, reach."""
        avg = self.strategy()
        reach = self._evaluated()["reach"]
        combos = self._combos()
        return [{"node": node.name, "position": node.position, "action": node.action,
                 "percent": 100.0 * float(np.dot(combos, avg[node.index]) / combos.sum()),
                 "reach": float(reach[node.index].sum())} for node in self.nodes]

    def _combos(self) -> np.ndarray:
        return class_combos(_game(self.spot))[self.solver.table.class_ids].astype(np.float64)

    def class_values(self, node: Node) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per class at ``node``: chance to play, EV of playing, EV of folding (NaN where the
        node is never reached with that class), in the model's unit."""
        values = self._evaluated()
        reach = values["reach"][node.index]
        cfv = values["cfv"][node.index]
        with np.errstate(invalid="ignore", divide="ignore"):
            play = np.where(reach > 0, cfv[:, 1] / reach, np.nan)
            fold = np.where(reach > 0, cfv[:, 0] / reach, np.nan)
        return self.strategy()[node.index], play, fold

    def lookup(self, hand: str | int, node: str) -> dict[str, Any]:
        """One hand (class id, cards or a Hold'em name) at the node called ``node``: chance
        to play in %, EV of playing and of folding (None where never reached), their
        difference, in ``unit`` (chips or prize)."""
        spot = self.spot
        game = _game(spot)
        decision = spot.find_node(node)
        class_id = parse_class(hand, game)
        position = self.solver.table.position(class_id)
        play, play_ev, fold_ev = self.class_values(decision)
        data: dict[str, Any] = {
            "hand": str(hand), "id": class_id, "cards": class_cards(game, class_id),
            "node": decision.name, "position": decision.position, "action": decision.action,
            "play_pct": 100.0 * float(play[position]), "play_ev": _number(play_ev[position]),
            "fold_ev": _number(fold_ev[position]),
            "unit": "prize" if spot.model == "icm" else "chips"}
        if game == "holdem":
            data["name"] = class_name(game, class_id)
        both = data["play_ev"] is not None and data["fold_ev"] is not None
        data["diff_ev"] = data["play_ev"] - data["fold_ev"] if both else None
        return data

    # -- export, save, load ------------------------------------------------------------

    def class_rows(self) -> list[dict[str, Any]]:
        """Every node with every class: id, cards, combos, play %, EVs."""
        game = _game(self.spot)
        ids = self.solver.table.class_ids
        combos = self._combos()
        cards = [class_cards(game, int(c)) for c in ids]
        nodes: list[dict[str, Any]] = []
        for node in self.nodes:
            play, play_ev, fold_ev = self.class_values(node)
            nodes.append({"node": node.name, "position": node.position,
                          "action": node.action,
                          "classes": [{"id": int(c), "cards": cards[k],
                                       "combos": int(combos[k]),
                                       "play_pct": 100.0 * float(play[k]),
                                       "play_ev": _number(play_ev[k]),
                                       "fold_ev": _number(fold_ev[k])}
                                      for k, c in enumerate(ids)]})
        return nodes

    def export(self, path: str | os.PathLike, fmt: str) -> Path:
        """Every node × class as ``csv`` (a row each) or ``json`` (``params``, ``unit``,
        ``iterations``, ``nash_conv``, ``nodes``)."""
        fmt = str(fmt).lower()
        if fmt not in EXPORT_FORMATS:
            raise InputError(f"export format must be csv or json, got {fmt!r}")
        path = Path(path)
        nodes = self.class_rows()
        if fmt == "json":
            document = {"params": self.spot.describe(),
                        "unit": "prize" if self.spot.model == "icm" else "chips",
                        "iterations": self.iterations, "nash_conv": self.nash_conv,
                        "nodes": nodes}
            text = json.dumps(document, allow_nan=False)
            with atomic_write(path, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            return path
        columns = ["node", "position", "action", "id", "cards", "combos", "play_pct",
                   "play_ev", "fold_ev"]
        return write_csv(path, columns, (
            [entry["node"], entry["position"], entry["action"], row["id"], row["cards"],
             row["combos"], f"{row['play_pct']:.4f}",
             None if row["play_ev"] is None else f"{row['play_ev']:.6f}",
             None if row["fold_ev"] is None else f"{row['fold_ev']:.6f}"]
            for entry in nodes for row in entry["classes"]))

    def save(self, path: str | os.PathLike) -> Path:
        """The spot, the deals' identity, the table's identity, the solver's state and the
        average strategy's evaluations made so far (a reopened solution answers from them
        without a pass over the deals)."""
        solver = self.solver
        deals = solver.deals
        state = solver.state(copy=False)  # written out at once: no copy of the arrays
        polished = solver.polished()  # first: choosing evaluates the chosen average
        evaluated = {_MODEL_TAGS[model]: values
                     for model, values in solver.evaluations().items()}
        deal_meta: dict[str, object] = {"exact": deals.exact, "seed": deals.seed,
                                        "count": deals.count, "rows": deals.rows}
        if isinstance(deals, _LazyDeals):  # a reopened file's: not made again to be saved
            settle = deals.settle_tag
        else:
            settle = None if deals.settle is None else f"triples-{deals.settle.samples}"
        if settle is not None:
            deal_meta["settle"] = settle
        meta = {"spot": self.spot.describe(), "iterations": state.iterations,
                "avg_weight": state.avg_weight, "deals": deal_meta,
                "table": {"game": solver.table.game,
                          "class_ids": [int(c) for c in solver.table.class_ids]
                          if solver.table.n != _full_classes(self.spot) else None,
                          "checksum": solver.table.info.get("checksum")},
                "evaluated": sorted(evaluated), "status": self.status,
                "polished": polished}
        fresh = solver.fresh_measured()
        if fresh is not None:
            meta["fresh_gains"] = [float(g) for g in fresh[0]]
            if fresh[1] is not None:
                meta["fresh_low_gains"] = [float(g) for g in fresh[1]]
        arrays = {name: getattr(state, name) for name in PushFoldState.ARRAYS}
        arrays["locked"] = state.locked.astype(np.uint8)
        for tag, values in evaluated.items():
            for name in _EVALUATED:
                arrays[f"{tag}_{name}"] = np.asarray(values[name], np.float64)
        return write(path, PUSHFOLD_SOLUTION, meta, arrays)

    @classmethod
    def load(cls, path: str | os.PathLike, table: EquityTable | None = None,
             cache_dir: str | None = None) -> PushFoldSolution:
        """Reopen a saved solution: what its file kept answers at once; its deals are made
        again from their seed only when a pass needs them."""
        saved = read(path, PUSHFOLD_SOLUTION)
        meta = saved.meta
        try:
            spec = meta["spot"]
            spot = PushFoldSpot(spec["game"], spec["stacks"], spec["sb"], spec["bb"],
                                spec["ante"], None if spec["payouts"] == "chips"
                                else spec["payouts"], spec["bb_ante"])
            ids = meta["table"]["class_ids"]
            deal_spec = meta["deals"]
        except (KeyError, TypeError) as error:
            raise InputError(f"cannot read {path}: not a complete push/fold solution "
                             f"({error})") from None
        if table is None:
            table = load_table(spot.variant, cache_dir, ids)
        saved_sum = meta["table"].get("checksum")
        if saved_sum is not None and table.info.get("checksum") not in (None, saved_sum):
            raise InputError(f"cannot read {path}: it was solved on another "
                             f"{table.game} equity table (checksum {saved_sum}); solve the "
                             "spot again")
        def make() -> Deals:
            if deal_spec.get("settle") is not None:
                return triple_deals(deal_spec["seed"])
            if deal_spec["exact"]:
                return exact_deals(spot.variant, spot.players, deal_spec["seed"])
            return sampled_deals(spot.variant, spot.players, deal_spec["count"],
                                 deal_spec["seed"], None if ids is None else np.asarray(ids))

        deals = _LazyDeals(make, bool(deal_spec["exact"]), deal_spec["seed"],
                           deal_spec["count"], deal_spec.get("rows"),
                           deal_spec.get("settle"))
        solver = PushFoldSolver(spot, table, cast(Deals, deals))
        arrays = saved.arrays
        for name in PushFoldState.ARRAYS:
            if arrays[name].shape != getattr(solver, name).shape:
                raise InputError(f"cannot read {path}: {name} does not fit this table")
        solver.restore(PushFoldState(arrays["regret_play"], arrays["regret_fold"],
                                     arrays["sigma"], arrays["avg_sum"],
                                     arrays["locked"].astype(bool), int(meta["iterations"]),
                                     float(meta["avg_weight"])))
        solver.restore_evaluations(_saved_evaluations(solver, meta.get("evaluated"), arrays),
                                   meta.get("polished") is True)
        fresh = _saved_gains(meta.get("fresh_gains"), spot.players)
        if fresh is not None:
            solver.restore_fresh_gains(fresh, _saved_gains(meta.get("fresh_low_gains"),
                                                           spot.players))
        status = meta.get("status")
        return cls(spot, solver, saved_status=status if status in STATUS.values() else None)


#: The models of a saved evaluation: prize (ICM, a valuation) or chips.
_MODEL_TAGS = {True: "prize", False: "chips"}
_EVALUATED = ("cfv", "reach", "root", "gains")


def _saved_evaluations(solver: PushFoldSolver, tags: object, arrays: dict[str, np.ndarray]
                       ) -> dict[bool, dict[str, np.ndarray]]:
    """A file's saved evaluations, by model (those that fit the solver; others are made again
    when asked for)."""
    if not isinstance(tags, list):
        return {}
    slots, classes, players = solver.sigma.shape + (solver.spot.players,)
    shapes = {"cfv": (slots, classes, 2), "reach": (slots, classes), "root": (players,),
              "gains": (players,)}
    kept: dict[bool, dict[str, np.ndarray]] = {}
    for model, tag in _MODEL_TAGS.items():
        if tag not in tags:
            continue
        found = {name: arrays.get(f"{tag}_{name}") for name in _EVALUATED}
        if all(a is not None and a.dtype == np.float64 and a.shape == shapes[name]
               and np.isfinite(a).all() for name, a in found.items()):
            kept[model] = cast(dict[str, np.ndarray], found)
    return kept


class _LazyDeals:
    """A reopened solution's deals, made again from their seed only when a pass needs them
    (a solution answered from its saved evaluations never does)."""

    def __init__(self, make: Callable[[], Deals], exact: bool, seed: int, count: int,
                 rows: int | None, settle_tag: str | None = None) -> None:
        self._make = make
        self._deals: Deals | None = None
        self.exact, self.seed, self.count = exact, seed, count
        self.settle_tag = settle_tag
        if rows is not None:
            self.rows = rows

    def describe(self) -> str:
        if self.settle_tag is not None or (self.exact and "rows" not in self.__dict__):
            return self._built().describe()
        return Deals.describe(cast(Deals, self))

    def _built(self) -> Deals:
        if self._deals is None:
            self._deals = self._make()
        return self._deals

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._built(), name)


def _saved_gains(gains: object, players: int) -> np.ndarray | None:
    """A save file's list of per-player gains, or None where it is missing or not one."""
    if isinstance(gains, list) and len(gains) == players and all(
            isinstance(g, (int, float)) and not isinstance(g, bool) and math.isfinite(g)
            for g in gains):
        return np.array(gains, np.float64)
    return None


def _full_classes(spot: PushFoldSpot) -> int:
    return num_classes(_game(spot))
