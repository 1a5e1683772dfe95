"""CFR+ over the deals on any betting tree (:class:`TreeSolver`, a
:class:`~omahanash.solving.Solver`), with an exact best response over the tree and NashConv.

Every iteration walks every deal once under the current strategies
(:func:`~omahanash.trees.kernels.tree_pass`) and updates every player's regrets at once
(regret matching+ of :mod:`omahanash.regret`, at every decision and hand class). The average
strategy weighs each iteration's strategy by the player's own chance to reach the decision
(a player may act several times in a hand) and by ``t ** AVERAGE_POWER`` (iteration ``t``).

**Best response, exact.** A player's decisions are information sets (node, own class); the
others' classes and the board are the deals. One pass under the average strategies gives,
per information set and action, the counterfactual value of the terminals reached before the
player's next decision (``lcfv``); a backward induction over the player's own decisions then
takes the best action everywhere (:func:`best_response`). NashConv is the sum over the
players of the best response's value minus the average strategies' — in the model's unit,
chips or prize.

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> from omahanash.equity.tables import load_table
>>> from omahanash.solving import run
>>> from omahanash.trees.betting import TreeSettings
>>> spot = PushFoldSpot("holdem", [10, 10], 0.5, 1)
>>> solver = TreeSolver(spot, TreeSettings("pushfold"), load_table("holdem"))
>>> outcome = run(solver, iterations=200)
>>> outcome.report.nash_conv < 0.01
True
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.hands import class_name, num_classes
from omahanash.pushfold.deals import Deals, default_deal_count, sampled_deals
from omahanash.pushfold.kernels import most_tabled
from omahanash.pushfold.solver import FRESH_SPLIT_SEED, _deals_for, _exact_cached, default_deals
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.regret import match_action_rows, update_action_rows
from omahanash.runs import kernel_flag, raise_if_stopped
from omahanash.solving import Report, Result, TabularPolicy, result_of
from omahanash.trees.betting import BettingTree, TreeSettings, build_tree
from omahanash.trees.buckets import buckets_for, default_buckets
from omahanash.trees.kernels import terminal_tables, tree_pass

#: Iteration ``t``'s strategy weighs ``t ** AVERAGE_POWER`` in the average.
AVERAGE_POWER = 2
#: Pieces a pass is cut into (summed in a fixed order: results do not depend on threads).
CHUNKS = 16
#: Most memory the solver's arrays may take (bytes): a bigger tree is refused, naming it.
MEMORY_LIMIT = 8 << 30
#: Deals NashConv is measured on when every iteration has fresh ones: a best response on a
#: small sample finds the sample's noise (3-handed Hold'em no limit, 120 iterations of
#: 100,000 fresh deals each: NashConv 0.18 % of the chips on 100,000 deals, 0.054 % on
#: 1,000,000 others; on one fixed sample of 100,000 the same run reads 0.023 % on it and
#: 0.12 % on the million).
EVALUATION_DEALS = 1_000_000
#: Sampled deals an Omaha iteration walks by default (3 players or more).
OMAHA_BATCH = 250_000
#: ... and heads-up, where a deal is only its two classes and a walk cheap: a bigger sample
#: converges in fewer iterations (Omaha Hi pl 15 bb to 0.2 % of the chips, load ~1.5:
#: 100,000 deals 410 iterations, 93 s; 250,000: 100, 34 s; 500,000: 50, 27.6 s; 1,000,000:
#: 50, 49.9 s). 3-handed gains nothing (15/12/10 bb ICM: 250,000 40 iterations, 40.8 s;
#: 500,000 30, 39.9 s).
OMAHA_HEADS_UP_BATCH = 500_000
#: The seeds of the iterations' deals (:meth:`TreeSolver.iteration_deals`) start here.
RESAMPLE_SEED = 5_000_011
#: Most memory a pass's per-piece sums may take (bytes): fewer pieces beyond it.
CHUNK_MEMORY = 3 << 30
#: NashConv is measured every this many iterations of a run to a target.
REPORT_EVERY = 10


@dataclass
class TreeArrays:
    """The tree as the kernels read it (see :mod:`omahanash.trees.kernels`)."""

    actor: np.ndarray
    first: np.ndarray
    count: np.ndarray
    children: np.ndarray
    slot: np.ndarray
    term: np.ndarray
    term_live: np.ndarray
    term_contrib: np.ndarray
    slot_actor: np.ndarray  # per slot: who acts
    slot_count: np.ndarray  # per slot: how many actions
    prev_slot: np.ndarray  # per slot: the actor's previous decision's slot (-1: none)
    prev_action: np.ndarray  # ... and the action taken there


def default_tree_deals(spot: PushFoldSpot, table) -> int | str:
    """The deals a tree is solved on by default: heads-up Hold'em every class pair with its
    exact weight; otherwise sampled deals each iteration, as many as the push/fold engine's
    default (:func:`~omahanash.pushfold.deals.default_deal_count`; Omaha at most
    :data:`OMAHA_BATCH`, heads-up :data:`OMAHA_HEADS_UP_BATCH`). Not every class triple: a tree
    walks each deal through all its nodes, and 4.8 million triples make one iteration of the
    3-handed no-limit tree about 8 s (measured: 392 s to 0.1 %)."""
    chosen = default_deals(spot, table)
    if chosen == "exact" and spot.players > 2:
        return default_deal_count(spot.variant, spot.players)
    if isinstance(chosen, int) and spot.variant is not Variant.HOLDEM:
        return min(chosen, OMAHA_HEADS_UP_BATCH if spot.players == 2 else OMAHA_BATCH)
    return chosen


def tree_arrays(tree: BettingTree) -> TreeArrays:
    nodes = tree.nodes
    total = len(nodes)
    actor = np.full(total, -1, np.int64)
    first = np.zeros(total, np.int64)
    count = np.zeros(total, np.int64)
    slot = np.full(total, -1, np.int64)
    term = np.full(total, -1, np.int64)
    children: list[int] = []
    terms = [node for node in nodes if node.terminal]
    term_row = {node.index: i for i, node in enumerate(terms)}
    slots = tree.slots
    slot_actor = np.zeros(slots, np.int64)
    slot_count = np.zeros(slots, np.int64)
    prev_slot = np.full(slots, -1, np.int64)
    prev_action = np.zeros(slots, np.int64)
    # the last decision of each seat on the way to a node, and the action taken there
    last: dict[int, dict[int, tuple[int, int]]] = {0: {}}
    for node in nodes:
        mine = last.get(node.index, {})
        if node.terminal:
            term[node.index] = term_row[node.index]
            continue
        actor[node.index] = node.player
        first[node.index] = len(children)
        count[node.index] = len(node.actions)
        slot[node.index] = node.slot
        slot_actor[node.slot] = node.player
        slot_count[node.slot] = len(node.actions)
        if node.player in mine:
            prev_slot[node.slot], prev_action[node.slot] = mine[node.player]
        for a, action in enumerate(node.actions):
            children.append(action.child)
            last[action.child] = {**mine, node.player: (node.slot, a)}
    n = tree.spot.players
    term_live = np.array([node.live for node in terms], np.int64)
    term_contrib = np.array([node.contrib for node in terms], np.float64).reshape(-1, n)
    return TreeArrays(actor, first, count, np.array(children, np.int64), slot, term,
                      term_live, term_contrib, slot_actor, slot_count, prev_slot, prev_action)


def own_reach(arrays: TreeArrays, sigma: np.ndarray) -> np.ndarray:
    """``reach[slot, class]``: the acting player's own chance to reach the decision with the
    class (the product of their probabilities at their earlier decisions on the way)."""
    slots, classes_n, _ = sigma.shape
    reach = np.ones((slots, classes_n))
    for s in range(slots):  # slots are in preorder: an earlier decision has a lower slot
        p = arrays.prev_slot[s]
        if p >= 0:
            reach[s] = reach[p] * sigma[p, :, arrays.prev_action[s]]
    return reach


def best_response(arrays: TreeArrays, lcfv: np.ndarray, rootloc: np.ndarray,
                  players: int, choice: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Each player's best-response value (from a pass's local values, :mod:`kernels`) and
    the best action per ``(slot, class)`` of the player acting there. Given ``choice`` (an
    action per ``(slot, class)``, e.g. the best response found on other deals), the value of
    each player's playing that choice instead, and the choice."""
    slots, classes_n, actions = lcfv.shape
    value = np.array(rootloc[:players], dtype=np.float64)
    acc = lcfv.copy()
    valid = np.arange(actions)[None, :] < arrays.slot_count[:, None]  # (slots, actions)
    acc[~np.broadcast_to(valid[:, None, :], acc.shape)] = -np.inf
    best = np.zeros((slots, classes_n), np.int64) if choice is None else choice
    for s in range(slots - 1, -1, -1):  # later decisions first
        row = acc[s]
        if choice is None:
            best[s] = np.argmax(row, axis=1)
        brv = row[np.arange(classes_n), best[s]]
        p = arrays.prev_slot[s]
        if p >= 0:
            acc[p, :, arrays.prev_action[s]] += brv
        else:
            value[arrays.slot_actor[s]] += float(brv.sum())
    return value, best


class TreeSolver:
    """CFR+ on the betting tree of ``spot`` under ``settings``: ``step(n)``, ``report()``
    (NashConv, a pass over the deals), ``average()`` (``(slots, classes, actions)``
    probabilities), ``evaluate()`` (the average strategy's values, per action, and the best
    responses)."""

    report_every = REPORT_EVERY

    def __init__(self, spot: PushFoldSpot, settings: TreeSettings, table,
                 deals: int | str | Deals | None = None, seed: int = 0,
                 buckets: int | None = None, resample: bool = True) -> None:
        self.spot = spot
        self.settings = settings
        self.table = table
        self.tree = build_tree(spot, settings)
        self.arrays = tree_arrays(self.tree)
        self.classes_n = int(table.n)
        self.bucket_of, self.buckets = buckets_for(table, buckets)
        #: What was asked for (the count of a save file: the same buckets again)
        self.bucket_request = default_buckets(table) if buckets is None else int(buckets)
        self._identity = np.arange(self.classes_n, dtype=np.int64)
        size = self.tree.size(self.buckets)
        if size["memory_bytes"] > MEMORY_LIMIT:
            raise InputError.naming(
                "tree", f"the {settings.preset} tree of this {spot.players}-handed table has "
                        f"{size['decisions']:,} decisions × {self.buckets:,} hand classes: "
                        f"{size['memory_bytes'] / 2**30:.1f} GiB, more than this machine's "
                        f"{MEMORY_LIMIT / 2**30:.0f} GiB limit — allow fewer raises, "
                        f"no limps, fewer players, or Hold'em")
        if deals is None:
            deals = default_tree_deals(spot, table)
        #: A fresh sample of ``batch`` deals every iteration (a count of sampled deals
        #: given or by default; see :meth:`iteration_deals`); NashConv is then measured on
        #: at least :data:`EVALUATION_DEALS` of them (:attr:`deals`)
        self.batch = deals if isinstance(deals, int) and not isinstance(deals, bool) \
            and resample else 0
        self.resample = self.batch > 0
        if self.resample:  # at least the batch, ten times it up to EVALUATION_DEALS
            deals = max(self.batch, min(EVALUATION_DEALS, 10 * self.batch))
        if spot.players == 3 and deals == "exact":
            self.deals = _exact_cached(3, seed)  # one board per class triple
        else:
            self.deals = _deals_for(spot, table, deals, seed)
        if self.deals.settle is not None:
            raise InputError("the betting-tree engine settles pots of three on the deals' "
                             "boards: give sampled deals")
        self.seed = seed
        storage, scale = table.equity_storage()
        self.storage = np.asarray(storage)
        self.scale = float(scale)
        self.stacks = spot.stack_array()
        pay = spot.payout_amounts
        self.icm = pay is not None
        self.payouts = pay if pay is not None else np.zeros(1)
        self.hilo = spot.variant is Variant.OMAHA_HILO
        self.tables = self._tables(self.icm)
        self._chip_tables: tuple | None = None
        slots = self.tree.slots
        if slots == 0:
            raise InputError("every seat is all in by force: nobody has a decision")
        actions = self.tree.max_actions
        self.regrets = np.zeros((slots, self.buckets, actions))
        self.sigma = np.zeros((slots, self.buckets, actions))
        self.avg_sum = np.zeros((slots, self.buckets, actions))
        self.avg_weight = np.zeros((slots, self.buckets))
        self.iterations = 0
        self._all_rows = np.arange(slots, dtype=np.int64)
        match_action_rows(self.regrets, self.sigma, self.arrays.slot_count, self._all_rows)
        self._evaluated: dict[tuple[int, bool], dict] = {}

    @classmethod
    def from_problem(cls, problem: PushFoldSpot, *, settings: TreeSettings | None = None,
                     deals: int | str | Deals | None = None, seed: int = 0,
                     buckets: int | None = None, resample: bool = True, table=None,
                     cache_dir: str | None = None) -> TreeSolver:
        """A fresh CFR+ run on the betting tree of ``problem`` (the registry's ``create``): a
        :class:`~omahanash.trees.spot.PreflopSpot` (its tree's settings), or a table spot with
        the tree's ``settings``; its equity table (loaded from ``cache_dir`` unless given)
        and deals as :func:`~omahanash.trees.solve.solve_preflop` makes them."""
        if settings is None:
            if not callable(getattr(problem, "settings", None)):
                raise InputError.naming("spot", f"spot must be a PreflopSpot (or give the "
                                                f"tree's settings), got {problem!r}")
            settings = problem.settings()  # type: ignore[attr-defined]
        if not isinstance(problem, PushFoldSpot):
            raise InputError.naming("spot", f"spot must be a PreflopSpot, got {problem!r}")
        if table is None:
            table = load_table(problem.variant, cache_dir)
        return cls(problem, settings, table, deals, seed, buckets, resample)

    def copy(self) -> TreeSolver:
        """Another solver on the same spot, table and deals (shared, read-only) with a copy of
        this one's state: running it leaves this one as it is."""
        clone = copy.copy(self)
        for name in ("regrets", "sigma", "avg_sum", "avg_weight"):
            setattr(clone, name, getattr(self, name).copy())
        clone._evaluated = dict(self._evaluated)
        return clone

    def _tables(self, icm: bool) -> tuple:
        most = most_tabled(self.spot.players, self.hilo)
        payouts = self.payouts if icm else np.zeros(1)
        return terminal_tables(self.arrays.term_live, self.arrays.term_contrib, self.stacks,
                               payouts, icm, self.hilo, most)

    # -- passes --------------------------------------------------------------------------

    def _pass(self, sigma: np.ndarray, local: bool, icm: bool | None = None,
              deals: Deals | None = None, per_class: bool = False) -> tuple:
        d = self.deals if deals is None else deals
        model = self.icm if icm is None else icm
        if model == self.icm:
            tables, payouts = self.tables, self.payouts
        elif model:
            raise InputError("prize equity needs the spot's payouts")
        else:
            if self._chip_tables is None:
                self._chip_tables = self._tables(False)
            tables, payouts = self._chip_tables, np.zeros(1)
        a = self.arrays
        stop = kernel_flag()
        raise_if_stopped(stop)  # stopped already: no pass begun (it would be thrown away)
        bucket_of = self._identity if per_class else self.bucket_of
        width = sigma.shape[0] * sigma.shape[1] * sigma.shape[2] * 8 * (3 if local else 2)
        chunks = int(max(1, min(CHUNKS, CHUNK_MEMORY // max(width, 1))))
        result = tree_pass(d.classes, d.weights, d.hi, d.lo, self.hilo, sigma, a.actor,
                           a.first, a.count, a.children, a.slot, a.term, a.term_live,
                           self.storage, self.scale, self.classes_n, tables, a.term_contrib,
                           self.stacks, payouts, model, local, bucket_of, chunks, stop)
        raise_if_stopped(stop)
        return result

    def step(self, n: int = 1) -> None:
        """``n`` more CFR+ iterations (simultaneous updates of every player)."""
        for _ in range(n):
            cfv = self._pass(self.sigma, False, deals=self.iteration_deals())[0]
            done = self.iterations + 1
            weight = float(done) ** AVERAGE_POWER
            reach = own_reach(self.arrays, self.sigma) * weight
            self.avg_sum += reach[:, :, None] * self.sigma
            self.avg_weight += reach
            update_action_rows(self.regrets, cfv, self.sigma, self.arrays.slot_count,
                               self._all_rows, True)
            self.iterations = done

    def iteration_deals(self) -> Deals | None:
        """The deals of the next iteration's pass: with :attr:`resample`, a fresh sample of as
        many deals (seeded by the run's seed and the iteration), so that the average
        strategy learns the game, not its sample — the NashConv measured on the run's deals
        is then a figure on deals no iteration trained on more than any other (and close to
        the one on fresh deals); None: the run's own deals every time."""
        if not self.resample:
            return None
        d = self.deals
        ids = np.asarray(self.table.class_ids)
        subset = None if ids.size == num_classes(_game(self.spot)) else ids
        return sampled_deals(self.spot.variant, self.spot.players, self.batch,
                             RESAMPLE_SEED + 7919 * self.iterations + d.seed, subset)

    def average(self) -> np.ndarray:
        """The average strategy, ``(slots, buckets, actions)`` (buckets: the classes, where
        the table is solved per class): where a player never reached a decision with a
        bucket, the current strategy."""
        with np.errstate(invalid="ignore", divide="ignore"):
            avg = self.avg_sum / self.avg_weight[:, :, None]
        empty = self.avg_weight <= 0
        avg[empty] = self.sigma[empty]
        return avg

    def class_average(self) -> np.ndarray:
        """:meth:`average` per class, ``(slots, classes, actions)``: each class plays its
        bucket's strategy."""
        avg = self.average()
        if self.buckets == self.classes_n:
            return avg
        return np.ascontiguousarray(avg[:, self.bucket_of, :])

    def evaluate(self, icm: bool | None = None, deals: Deals | None = None) -> dict:
        """The average strategy's pass: ``cfv``, ``cfreach``, ``node_reach``, ``root`` (every
        player's value), ``best`` (each player's best-response value), ``gains`` (best
        response minus value) and ``nash_conv``; kept per iteration and model."""
        model = self.icm if icm is None else bool(icm)
        key = (self.iterations, model)
        if deals is None and key in self._evaluated:
            return self._evaluated[key]
        avg = self.class_average()  # a best response knows its class, not only its bucket
        cfv, lcfv, cfreach, node_reach, root, rootloc = self._pass(avg, True, model, deals,
                                                                   per_class=True)
        best, _ = best_response(self.arrays, lcfv, rootloc, self.spot.players)
        gains = np.maximum(best - root, 0.0)
        out = {"cfv": cfv, "cfreach": cfreach, "node_reach": node_reach, "root": root,
               "best": best, "gains": gains, "nash_conv": float(gains.sum()),
               "iteration": self.iterations}
        if deals is None:
            self._evaluated = {k: v for k, v in self._evaluated.items()
                               if k[0] == self.iterations}
            self._evaluated[key] = out
        return out

    def fresh_bracket(self, deals: Deals) -> tuple[np.ndarray, np.ndarray]:
        """Each player's best-response gain against the average strategy on ``deals`` (deals
        the run did not train on), and beside it a lower figure: the best response chosen on
        one half of them (:meth:`~omahanash.pushfold.deals.Deals.halves`, the coin of
        :data:`~omahanash.pushfold.solver.FRESH_SPLIT_SEED`) valued on the other, both ways,
        averaged. A best response measured on a sample fits its noise too and reads high;
        the one valued on other deals reads low; the game's gains lie between (in
        expectation). Deals without sampled classes (exact) give the one figure twice."""
        if deals.exact or deals.settle is not None:
            gains = self.evaluate(deals=deals)["gains"]
            return gains, gains
        avg = self.class_average()
        parts = []
        for share, half in deals.halves(FRESH_SPLIT_SEED):
            _, lcfv, _, _, root, rootloc = self._pass(avg, True, self.icm, half,
                                                      per_class=True)
            _, choice = best_response(self.arrays, lcfv, rootloc, self.spot.players)
            parts.append((share, lcfv, root, rootloc, choice))
        (wa, la, ra, rla, ca), (wb, lb, rb, rlb, cb) = parts
        players = self.spot.players
        pooled, _ = best_response(self.arrays, wa * la + wb * lb, wa * rla + wb * rlb, players)
        high = np.maximum(pooled - (wa * ra + wb * rb), 0.0)
        a_on_b, _ = best_response(self.arrays, lb, rlb, players, ca)
        b_on_a, _ = best_response(self.arrays, la, rla, players, cb)
        low = 0.5 * ((a_on_b - rb) + (b_on_a - ra))
        return high, np.minimum(np.maximum(low, 0.0), high)

    def report(self) -> Report:
        if self.iterations == 0:  # no average strategy yet
            return Report(0, math.inf, {}, self.spot.players)
        gains = self.evaluate()["gains"]
        pos = self.spot.positions
        return Report(self.iterations, float(gains.sum()),
                      {f"gain {p}": float(g) for p, g in zip(pos, gains, strict=True)},
                      self.spot.players)

    def average_policy(self) -> TabularPolicy:
        avg = self.class_average()
        names = [node.name for node in self.tree.decisions()]
        labels = [class_name(_game(self.spot), int(i)) for i in self.table.class_ids]
        keys = []
        rows = []
        legal = []
        width = avg.shape[2]
        for node, name in zip(self.tree.decisions(), names, strict=True):
            for c in range(self.classes_n):
                label = labels[c]
                keys.append(f"{name}:{label}")
                rows.append(avg[node.slot, c])
                legal.append(np.arange(width) < len(node.actions))
        actions = tuple(f"action {a}" for a in range(width))
        return TabularPolicy(tuple(keys), actions, np.array(rows).reshape(-1, width),
                             np.array(legal).reshape(-1, width))

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` now: the average policy
        (read-only), :meth:`report`, family ``trees``, solver ``cfr+`` and the spot.

        >>> from omahanash.trees.spot import PreflopSpot
        >>> solver = TreeSolver.from_problem(PreflopSpot("holdem", [10, 10], 0.5, 1))
        >>> solver.step(20)
        >>> result = solver.result()
        >>> result.family, result.iterations, result.nash_conv < 0.1
        ('trees', 20, True)
        """
        return result_of(self, "trees", "cfr+", self.spot)


def _game(spot: PushFoldSpot) -> str:
    return "holdem" if spot.variant is Variant.HOLDEM else "omaha"
