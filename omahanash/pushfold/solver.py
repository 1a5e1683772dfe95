"""The equilibrium engine of push/fold tables: CFR+ over the deals and NashConv
(:class:`PushFoldSolver`, the registry's ``pushfold`` row); :func:`~omahanash.pushfold.solve.
solve_pushfold` runs it into a :class:`~omahanash.pushfold.solution.PushFoldSolution`.

Every iteration walks every deal once under the current strategies (:func:`~omahanash.
pushfold.kernels.deal_pass`) and updates every player's regrets at once (regret matching+ of
:mod:`omahanash.regret`, linear averaging of the strategies from the third iteration on:
:data:`AVERAGE_DELAY`). For more than two players no method is guaranteed to reach a Nash
equilibrium, so the measure of "how close" is honest: after a run each player's
**best-response gain** (what they would win by the best reply to the others' average
strategies, a sum over their decisions of the best action's value minus the strategy's —
exact, since each player acts once) and their sum, **NashConv**. It is in the model's unit:
chips (chip EV) or prize (ICM, the payouts' unit).

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> from omahanash.solving import run
>>> spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
>>> solver = PushFoldSolver.from_problem(spot, deals=20_000)
>>> outcome = run(solver, iterations=60)
>>> [node.name for node in solver.nodes][:3], outcome.report.iteration
(['BTN', 'SB', 'SB vs BTN'], 60)
>>> outcome.report.nash_conv < 0.5, outcome.report.players   # prize units of a 100 pool
(True, 3)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.hands import num_classes
from omahanash.pushfold.bounty import Bounties
from omahanash.pushfold.deals import Deals, default_deal_count, exact_deals, sampled_deals
from omahanash.pushfold.kernels import PATH_WALK_MAX, deal_pass, terminal_values
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.pushfold.triples import FRESH_SEED, TriplePass, triple_deals
from omahanash.regret import match_two_action_rows, update_two_action_rows
from omahanash.runs import kernel_flag, raise_if_stopped
from omahanash.solving import Report, Result, Stall, TabularPolicy, result_of

#: NashConv a table run of 3 or more players stops at by default: this share of what is at
#: stake, the prize pool (ICM) or the chips in play (chip EV: every stack) — one rule for
#: both models.
TARGET_SHARE = 0.001
#: The ICM name of the same share (kept for callers of earlier versions).
TARGET_POOL_SHARE = TARGET_SHARE
#: Heads-up keeps its exact chip-EV target: this many big blinds.
TARGET_BB = 0.001
DEFAULT_MAX_ITERATIONS = 5000
MAX_ITERATIONS = 1_000_000
#: NashConv is measured every this many iterations of a run to a target.
REPORT_EVERY = 10
#: ``valuation(final, start)``: every seat's value from the stacks after the hand and before
#: it (in place of ICM: the tournament equilibrium's continuation values).
Valuation = Callable[[np.ndarray, np.ndarray], np.ndarray]
#: The average strategy weighs iteration ``t`` by ``max(t - AVERAGE_DELAY, 0)`` (linear
#: averaging, delayed): the first iterates (the uniform start, then the first reply to it) are
#: left out, so the average keeps no trace of the start's ½ everywhere — a trace that keeps
#: every branch of the tree alive in a pass over the average at 5 or more players. A run of
#: at most AVERAGE_DELAY iterations averages all of them (linear weights), as before: its
#: current strategy alone can leave nodes unreached.
AVERAGE_DELAY = 2
#: The first iteration (the reply to the start's ½ everywhere, left out of the average) walks
#: every action path of every deal: at 9 players ~40 times an ordinary iteration. At 5 or more
#: players it walks every FIRST_PASS_STRIDE-th deal instead (rows are in class order, so that
#: is a sample spread over every class), when there are at least FIRST_PASS_MIN_ROWS of them.
FIRST_PASS_STRIDE = 8
FIRST_PASS_MIN_ROWS = 2_000
#: The seed of the deals a run's fresh NashConv is measured on: its own plus this.
FRESH_SEED_OFFSET = 1_000_003
#: The fresh deals are measured in two halves, split by a coin per deal of this seed (a coin
#: that does not look at the deal, so each half is a sample of its own). A best reply
#: measured on a sample fits the sample's noise too — it finds gains the game does not have —
#: so the gains measured on every fresh deal (:meth:`PushFoldSolver.fresh_gains`) read high;
#: the best reply chosen on one half and valued on the other
#: (:meth:`PushFoldSolver.fresh_low_gains`) is a reply the game really has, valued without
#: the noise it was chosen on, so it reads low. The game's NashConv lies between the two (in
#: expectation); the sample's own noise is the distance between them.
FRESH_SPLIT_SEED = 7
#: Pieces a pass is cut into (summed in a fixed order: results do not depend on threads).
CHUNKS = 16
#: The same for a pass over every class triple (pieces of the button's classes).
TRIPLE_CHUNKS = 13


def push_fold_report(iteration: int, gains: np.ndarray, positions: tuple[str, ...]) -> Report:
    """The protocol's :class:`~omahanash.solving.Report`: ``nash_conv`` is the sum of the
    players' best-response gains (``exploitability`` that per player), ``figures`` each
    position's gain."""
    return Report(iteration, float(gains.sum()),
                  {f"gain {pos}": float(g) for pos, g in zip(positions, gains)},
                  len(positions))


def _deals_for(spot: PushFoldSpot, table, deals: int | str | Deals | None, seed: int
               ) -> Deals:
    if isinstance(deals, Deals):
        if deals.classes.shape[1] != spot.players:
            raise InputError(f"the deals are for {deals.classes.shape[1]} players, the table "
                             f"has {spot.players}")
        return deals
    subset = None if table.n == _num_classes(Variant.parse(spot.variant)) else table.class_ids
    if deals == "exact" or (deals is None and spot.players in (2, 3)
                            and spot.variant is Variant.HOLDEM and subset is None):
        if spot.variant is not Variant.HOLDEM:
            raise InputError("exact deals are for Hold'em (Omaha deals are sampled)")
        if spot.players == 3:
            if subset is not None:
                raise InputError("exact 3-handed deals need the full Hold'em table")
            return triple_deals(seed)
        return _exact_cached(spot.players, seed)
    if isinstance(deals, str):
        raise InputError(f"deals must be a number of deals or 'exact', got {deals!r}")
    count = default_deal_count(spot.variant, spot.players, subset is not None) \
        if deals is None else deals
    return sampled_deals(spot.variant, spot.players, count, seed, subset)


def default_deals(spot: PushFoldSpot, table) -> int | str:
    """What ``deals=None`` means for ``spot`` on ``table``: ``"exact"`` (Hold'em with 2 or 3
    players: every class tuple; 3-handed pots settled on many boards, :mod:`omahanash.
    pushfold.triples`) or a number of sampled deals
    (:func:`~omahanash.pushfold.deals.default_deal_count`)."""
    variant = Variant.parse(spot.variant)
    subset = table.n != _num_classes(variant)
    if spot.players in (2, 3) and variant is Variant.HOLDEM and not subset:
        return "exact"
    return default_deal_count(variant, spot.players, subset)


_EXACT: dict[tuple[int, int], Deals] = {}


def _exact_cached(players: int, seed: int) -> Deals:
    key = (players, seed)
    if key not in _EXACT:
        _EXACT[key] = exact_deals("holdem", players, seed)
    return _EXACT[key]


def _num_classes(variant: Variant) -> int:
    return num_classes("holdem" if variant is Variant.HOLDEM else "omaha")


@dataclass
class PushFoldState:
    """A push/fold CFR+ run's state, arrays only (what a save file keeps, what a continued run
    starts from): per node slot and class the cumulative regrets of playing and folding, the
    current chance to play ``sigma``, the weighted sum of the strategies played ``avg_sum``
    (over ``avg_weight``), which slots are ``locked``; the ``iterations`` done.

    >>> import numpy as np
    >>> state = PushFoldState(*(np.zeros((2, 3)) for _ in range(4)), np.zeros(2, bool), 0, 0.0)
    >>> copy = state.copy(); copy.sigma[0, 0] = 1.0
    >>> float(state.sigma[0, 0]), copy.iterations
    (0.0, 0)
    """

    regret_play: np.ndarray
    regret_fold: np.ndarray
    sigma: np.ndarray
    avg_sum: np.ndarray
    locked: np.ndarray
    iterations: int
    avg_weight: float

    #: The arrays, by name (a save file's array names).
    ARRAYS = ("regret_play", "regret_fold", "sigma", "avg_sum", "locked")

    def copy(self) -> PushFoldState:
        """A deep copy (its arrays are its own)."""
        return PushFoldState(self.regret_play.copy(), self.regret_fold.copy(),
                             self.sigma.copy(), self.avg_sum.copy(), self.locked.copy(),
                             int(self.iterations), float(self.avg_weight))


class PushFoldSolver:
    """CFR+ on a push/fold table, a :class:`~omahanash.solving.Solver`: ``step(n)``,
    ``report()`` (NashConv, a pass over the deals: made every :attr:`report_every`
    iterations of a run), ``average_policy()``.

    ``locks`` maps node slots to fixed play probabilities per class (the node-lock of
    :func:`solve_pushfold`); seats all in by force are locked to play.
    """

    def __init__(self, spot: PushFoldSpot, table, deals: Deals,
                 locks: Mapping[int, np.ndarray] | None = None,
                 valuation: Valuation | None = None, bounty: Bounties | None = None) -> None:
        self.spot = spot
        self.table = table
        self.deals = deals
        self.stacks = spot.stack_array()
        self.antes, self.blinds = spot.posts()
        pay = spot.payout_amounts
        if valuation is not None and pay is None:
            raise InputError("a valuation replaces ICM: give the spot its payouts")
        self.icm = pay is not None
        self.payouts = pay if pay is not None else np.zeros(1)
        self.hilo = spot.variant is Variant.OMAHA_HILO
        if bounty is not None and not isinstance(bounty, Bounties):
            raise InputError(f"bounty must be a Bounties, got {bounty!r}")
        #: the bounties (:mod:`~omahanash.pushfold.bounty`), None for none
        self.bounty = bounty
        self.values = terminal_values(self.stacks, self.antes, self.blinds, self.payouts,
                                      self.icm, self.hilo, valuation,
                                      self._bounty_spec(self.icm))
        self._chip_values: tuple | None = None
        self._triples: TriplePass | None = None
        self._fresh_deals: Deals | None = None
        #: (iteration, gains, lower gains or None) on fresh deals
        self._fresh: tuple[int, np.ndarray, np.ndarray | None] | None = None
        #: Answer with the big blind's best reply (:meth:`polished`) at 3 or more players;
        #: heads-up the average is the heads-up engine's answer, and with a valuation (the
        #: tournament equilibrium's) the values are those of the average strategies: kept.
        self.polish = spot.players >= 3 and valuation is None
        self._choice: tuple[int, bool] | None = None  # (iteration, polished?)
        self._saved_polished = False  # what a reopened file chose
        storage, scale = table.equity_storage()
        self.storage = np.asarray(storage)
        self.scale = float(scale)
        self.classes_n = int(table.n)
        self.nodes = spot.nodes()
        slots = spot.node_count()
        self.regret_play = np.zeros((slots, self.classes_n))
        self.regret_fold = np.zeros((slots, self.classes_n))
        self.sigma = np.full((slots, self.classes_n), 0.5)
        self.avg_sum = np.zeros((slots, self.classes_n))
        self.avg_weight = 0.0
        self.iterations = 0
        self.locked = np.zeros(slots, bool)
        forced = spot.forced()
        for node in self.nodes:
            if forced[node.player]:
                self._lock(node.index, np.ones(self.classes_n))
        for index, probs in (locks or {}).items():
            self._lock(int(index), np.asarray(probs, np.float64))
        self._last: Report | None = None
        self._evaluated: dict[bool, dict] = {}  # the average strategy's, by model
        self._first: Report | None = None  # NashConv measured by the first iteration's pass

    @classmethod
    def from_problem(cls, problem: PushFoldSpot, *, deals: int | str | Deals | None = None,
               seed: int = 0, table: EquityTable | None = None,
               cache_dir: str | None = None) -> PushFoldSolver:
        """A fresh CFR+ run on the spot ``problem`` (the registry's ``create``): its equity
        table (loaded from ``cache_dir`` unless given) and deals as :func:`solve_pushfold`
        makes them."""
        if not isinstance(problem, PushFoldSpot):
            raise InputError(f"spot must be a PushFoldSpot, got {problem!r}")
        table = load_table(problem.variant, cache_dir) if table is None else table
        return cls(problem, table, _deals_for(problem, table, deals, seed))

    def _bounty_spec(self, icm: bool) -> np.ndarray | None:
        """The kernels' bounty spec for the model (prize, or chips: the bounties converted
        at the chips in play per unit of the prize pool), None without bounties."""
        if self.bounty is None:
            return None
        return self.bounty.spec(self.stacks, self.spot.prize_pool, icm)

    def state(self, *, copy: bool = True) -> PushFoldState:
        """The run's state now: a copy (stepping on does not change it), or with
        ``copy=False`` views of the solver's own arrays, for a reader that is done with it
        before the next step (a save: a 9-max Omaha state is four arrays of ~67 MB)."""
        state = PushFoldState(self.regret_play, self.regret_fold, self.sigma, self.avg_sum,
                              self.locked, self.iterations, self.avg_weight)
        return state.copy() if copy else state

    def restore(self, state: PushFoldState) -> None:
        """Go on from ``state`` (its arrays are copied in; they must fit this spot and table):
        the iterations, regrets, strategies and average are the state's, and what was
        measured of the earlier state is forgotten."""
        for name in PushFoldState.ARRAYS:
            mine, theirs = getattr(self, name), np.asarray(getattr(state, name))
            if theirs.shape != mine.shape:
                raise InputError(f"{name} of shape {theirs.shape} does not fit this spot and "
                                 f"table ({mine.shape})")
            mine[...] = theirs
        self.iterations = int(state.iterations)
        self.avg_weight = float(state.avg_weight)
        self._last = None
        self._evaluated = {}
        self._first = None
        self._fresh = None
        self._choice = None

    def copy(self) -> PushFoldSolver:
        """Another solver on the same spot, table and deals (shared, read-only) with a copy of
        this one's state and measurements: running it leaves this one as it is."""
        clone = copy.copy(self)
        for name in PushFoldState.ARRAYS:
            setattr(clone, name, getattr(self, name).copy())
        clone._evaluated = dict(self._evaluated)
        return clone

    def evaluations(self) -> dict[bool, dict]:
        """The average strategy's evaluations made at this iteration count, by model (True:
        prize, False: chips): what a save file keeps so that a reopened solution answers
        without a pass over the deals."""
        return {model: values for model, values in self._evaluated.items()
                if values["iteration"] == self.iterations}

    def restore_evaluations(self, evaluations: Mapping[bool, Mapping[str, np.ndarray]],
                            polished: bool = False) -> None:
        """Take evaluations of the average strategy at this iteration count (a reopened
        file's), each with ``cfv``, ``reach``, ``root`` and ``gains``; ``polished``: the
        file's average was the polished one (:meth:`polished`)."""
        self._choice = None
        self._saved_polished = bool(polished)
        for model, values in evaluations.items():
            self._evaluated[bool(model)] = {**values, "iteration": self.iterations}

    def _lock(self, index: int, probs: np.ndarray) -> None:
        if probs.shape != (self.classes_n,):
            raise InputError(f"a lock needs one probability per class ({self.classes_n})")
        self.locked[index] = True
        self.sigma[index] = probs

    # -- one pass -----------------------------------------------------------------------

    def _pass(self, sigma: np.ndarray, icm: bool | None = None, d: Deals | None = None
              ) -> tuple:
        stop = kernel_flag()  # set by a Stop in the run loop's cancel_scope: Cancelled
        raise_if_stopped(stop)  # before the terminal values a chip pass makes first
        d = self.deals if d is None else d
        model_icm = self.icm if icm is None else icm
        if model_icm == self.icm:
            values, payouts = self.values, self.payouts
        elif model_icm:
            raise InputError("prize equity needs the spot's payouts")
        else:  # chip EVs of an ICM run
            payouts = np.zeros(1)
            if self._chip_values is None:
                self._chip_values = terminal_values(self.stacks, self.antes, self.blinds,
                                                    payouts, False, self.hilo,
                                                    bounty=self._bounty_spec(False))
            values = self._chip_values
        if d.settle is not None:  # every class triple, three-way pots on many boards
            if self._triples is None:
                self._triples = TriplePass(self.table, self.storage, self.scale)
            result = self._triples.run(d, values, model_icm, sigma, TRIPLE_CHUNKS, stop)
        else:
            result = deal_pass(d.classes, d.weights, d.hi, d.lo, self.hilo, sigma,
                               self.storage, self.scale, self.classes_n, values, self.stacks,
                               self.antes, self.blinds, payouts, model_icm, CHUNKS, stop)
        raise_if_stopped(stop)  # a partial pass: nothing of it is kept
        return result

    def step(self, n: int = 1) -> None:
        """``n`` more CFR+ iterations (simultaneous updates of every player)."""
        for _ in range(n):
            cfv, _, _ = self._pass(self.sigma, d=self._first_pass_deals())
            play = np.ascontiguousarray(cfv[:, :, 1])
            fold = np.ascontiguousarray(cfv[:, :, 0])
            if self.iterations == 0:  # the start is the average after this iteration
                value = self.sigma * play + (1.0 - self.sigma) * fold
                self._first = push_fold_report(1, self._gains(play, fold, value),
                                               self.spot.positions)
            done = self.iterations + 1
            if done <= AVERAGE_DELAY:  # a run this short: every iterate, linear
                t = float(done)
            else:
                if done == AVERAGE_DELAY + 1:  # from here on, the delayed average
                    self.avg_sum[...] = 0.0
                    self.avg_weight = 0.0
                t = float(done - AVERAGE_DELAY)
            self.avg_sum += t * self.sigma  # the strategy played this iteration
            self.avg_weight += t
            # regret matching+ of every free node and class (omahanash.regret); it leaves the
            # next iteration's strategy in sigma
            update_two_action_rows(self.regret_fold, self.regret_play, fold, play,
                                   self.sigma, self._free_rows(), True)
            self.iterations = done
        self._last = None

    def _free_rows(self) -> np.ndarray:
        """The node slots that learn (not locked)."""
        return np.flatnonzero(~self.locked).astype(np.int64)

    def _match_regrets(self) -> None:
        """The current strategy from the regrets (regret matching; ½ where none is
        positive); locked nodes keep their lock."""
        match_two_action_rows(self.regret_fold, self.regret_play, self.sigma,
                              self._free_rows())

    def set_regrets(self, play: np.ndarray, fold: np.ndarray, iterations: int) -> None:
        """Go on from these cumulative regrets after ``iterations`` iterations (a warm
        start): the current strategy is theirs; the average is left as it is."""
        self.regret_play[...] = play
        self.regret_fold[...] = fold
        self.iterations = int(iterations)
        self._match_regrets()
        self._last = None

    def _first_pass_deals(self) -> Deals | None:
        """The deals of this iteration's pass: every :data:`FIRST_PASS_STRIDE`-th sampled
        deal (weights summing to 1 again) for the first iteration of a table of 5 or more;
        None (all of them) otherwise."""
        d = self.deals
        if self.iterations or self.spot.players <= PATH_WALK_MAX or d.exact \
                or d.rows < FIRST_PASS_STRIDE * FIRST_PASS_MIN_ROWS:
            return None
        return d.take(np.arange(0, d.rows, FIRST_PASS_STRIDE))

    def raw_average(self) -> np.ndarray:
        """The average of the strategies played (chance to play per node slot and class);
        locked nodes keep their lock."""
        if self.avg_weight == 0:
            return self.sigma.copy()
        avg = self.avg_sum / self.avg_weight
        avg[self.locked] = self.sigma[self.locked]
        return avg

    def average(self) -> np.ndarray:
        """The strategy the run answers with: :meth:`raw_average`, its big blind's nodes
        replaced by the big blind's best reply to it when that lowers NashConv
        (:meth:`polished`)."""
        raw = self.raw_average()
        if self.polish and self._polish_choice():
            return self._best_reply_rows(raw, self._evaluated[self.icm]["cfv"])
        return raw

    def polished(self) -> bool:
        """Whether :meth:`average` is the polished average: the big blind acts last at every
        node of theirs, so their best reply to the others' average strategies is exact and
        cheap (one pass), and it ends the lag of an average of the replies to the others'
        earlier strategies (3-handed chip EV at 10 BB after 30 iterations: the big blind's
        call against both 18.6 % averaged, 14.3 % replied, 13.1 % at the equilibrium). The
        polished average is kept only when its NashConv is below the raw average's, and
        only after :data:`AVERAGE_DELAY` iterations (before, the average is the start's, and
        its NashConv is the first iteration's own figure, :meth:`first_report`)."""
        return bool(self.polish and self._polish_choice())

    def _polish_choice(self) -> bool:
        """Choose between the raw and the polished average at this iteration count (two
        passes, once): the kept evaluation of the run's model is the chosen one's."""
        choice = self._choice
        if choice is not None and choice[0] == self.iterations:
            return choice[1]
        model = self.icm
        kept = self._evaluated.get(model)
        if kept is not None and kept["iteration"] == self.iterations and choice is None:
            # a reopened file's evaluation: of the profile it chose (its big blind's values
            # do not depend on the big blind's own strategy)
            self._choice = (self.iterations, bool(self._saved_polished))
            return self._choice[1]
        raw = self.raw_average()
        first = self._evaluation(raw, model)
        chosen, polished = first, False
        if self.iterations > AVERAGE_DELAY:  # (not the start's ½ everywhere: see first_report)
            better = self._best_reply_rows(raw, first["cfv"])
            if not np.array_equal(better, raw):
                second = self._evaluation(better, model)
                if float(second["gains"].sum()) < float(first["gains"].sum()):
                    chosen, polished = second, True
        self._evaluated[model] = chosen
        self._choice = (self.iterations, polished)
        return polished

    def _best_reply_rows(self, sigma: np.ndarray, cfv: np.ndarray) -> np.ndarray:
        """``sigma`` with the big blind's free nodes replaced by the best reply to it (play
        where playing is worth more, fold where less, ``sigma`` where equal: unreached)."""
        out = sigma.copy()
        last = self.spot.players - 1
        for node in self.nodes:
            if node.player == last and not self.locked[node.index]:
                play, fold = cfv[node.index, :, 1], cfv[node.index, :, 0]
                row = out[node.index]
                row[play > fold] = 1.0
                row[play < fold] = 0.0
        return out

    def _evaluation(self, sigma: np.ndarray, model: bool, deals: Deals | None = None) -> dict:
        cfv, reach, root = self._pass(sigma, model, deals)
        play, fold = cfv[:, :, 1], cfv[:, :, 0]
        gains = self._gains(play, fold, sigma * play + (1.0 - sigma) * fold)
        return {"cfv": cfv, "reach": reach, "root": root, "gains": gains,
                "iteration": self.iterations}

    def evaluate(self, sigma: np.ndarray | None = None, icm: bool | None = None) -> dict:
        """Counterfactual values, reach, EVs and best-response gains of a strategy (the
        average strategy by default; that one is computed once per iteration count and
        model: prize and chips)."""
        model = self.icm if icm is None else icm
        default = sigma is None
        if default:
            if self.polish and model == self.icm:
                self._polish_choice()  # evaluates the chosen average
            kept = self._evaluated.get(model)
            if kept is not None and kept["iteration"] == self.iterations:
                return kept
        values = self._evaluation(self.average() if sigma is None else sigma, model)
        if default:
            self._evaluated[model] = values
        return values

    def fresh_deals(self) -> Deals | None:
        """Deals the run did not train on, as many as its own, of seed ``seed +``
        :data:`FRESH_SEED_OFFSET` (sampled deals; for every class triple, the triple table of
        :data:`~omahanash.pushfold.triples.FRESH_SEED`); None when nothing was sampled (exact
        heads-up deals: the fresh figure is the figure)."""
        d = self.deals
        if self._fresh_deals is None and (d.settle is not None or not d.exact):
            raise_if_stopped(kernel_flag())  # a stopped run's measuring past its grace
            seed = int(d.seed) + FRESH_SEED_OFFSET
            if d.settle is not None:
                self._fresh_deals = triple_deals(seed, table_seed=FRESH_SEED)
            else:
                full = self.table.n == _num_classes(Variant.parse(self.spot.variant))
                self._fresh_deals = sampled_deals(self.spot.variant, self.spot.players,
                                                  int(d.count), seed,
                                                  None if full else self.table.class_ids)
        return self._fresh_deals

    def fresh_gains(self) -> np.ndarray:
        """Each player's best-response gain against the average strategy measured on
        :meth:`fresh_deals` (the precision of the game, not of the sample the run trained
        on; the gains themselves with exact deals), once per iteration count. It reads high
        by the fresh sample's own noise (see :data:`FRESH_SPLIT_SEED`;
        :meth:`fresh_low_gains` reads low)."""
        return self._fresh_measure()[0]

    def fresh_low_gains(self) -> np.ndarray:
        """Each player's gain from a best reply chosen on one half of :meth:`fresh_deals`
        and valued on the other (both ways, averaged; at least 0): a lower figure of the
        game's gains beside :meth:`fresh_gains`' upper one (:data:`FRESH_SPLIT_SEED`). The
        same as :meth:`fresh_gains` where the fresh deals have no sampled classes (exact
        heads-up deals; every class triple of 3-handed Hold'em, whose pots of three are
        settled on many boards each)."""
        return self._fresh_measure()[1]

    def _fresh_measure(self) -> tuple[np.ndarray, np.ndarray]:
        kept = self._fresh
        if kept is not None and kept[0] == self.iterations and kept[2] is not None:
            return kept[1], kept[2]
        fresh = self.fresh_deals()
        if fresh is None:
            gains = low = self.evaluate()["gains"]
        elif fresh.settle is not None:
            gains = low = self._evaluation(self.average(), self.icm, fresh)["gains"]
        else:
            sigma = self.average()
            (wa, one), (wb, other) = fresh.halves(FRESH_SPLIT_SEED)
            a, b = self._pass(sigma, d=one)[0], self._pass(sigma, d=other)[0]
            pooled = wa * a + wb * b
            gains = self._gains(pooled[:, :, 1], pooled[:, :, 0],
                                sigma * pooled[:, :, 1] + (1.0 - sigma) * pooled[:, :, 0])
            low = 0.5 * (self._replied_gains(sigma, a, b) + self._replied_gains(sigma, b, a))
            low = np.minimum(np.maximum(low, 0.0), gains)
        if kept is not None and kept[0] == self.iterations and kept[2] is None:
            gains = kept[1]  # a reopened file's figure stands (the same deals, the same pass)
        self._fresh = (self.iterations, gains, low)
        return gains, low

    def _replied_gains(self, sigma: np.ndarray, chosen_on: np.ndarray, valued_on: np.ndarray
                       ) -> np.ndarray:
        """Each player's gain, valued on the pass ``valued_on``, from the best reply chosen on
        the pass ``chosen_on`` (play where playing was worth more there, fold where less,
        the strategy where equal)."""
        play, fold = valued_on[:, :, 1], valued_on[:, :, 0]
        value = sigma * play + (1.0 - sigma) * fold
        up, down = chosen_on[:, :, 1], chosen_on[:, :, 0]
        reply = np.where(up > down, play, np.where(up < down, fold, value))
        regret = reply - value
        regret[self.locked] = 0.0
        gains = np.zeros(self.spot.players)
        for node in self.nodes:
            gains[node.player] += float(regret[node.index].sum())
        return gains

    def fresh_measured(self) -> tuple[np.ndarray, np.ndarray | None] | None:
        """The fresh gains and lower gains if measured at this iteration count (what a save
        file keeps)."""
        kept = self._fresh
        return (kept[1], kept[2]) if kept is not None and kept[0] == self.iterations else None

    def restore_fresh_gains(self, gains: np.ndarray, low: np.ndarray | None = None) -> None:
        """Take the fresh gains (and lower gains) measured at this iteration count (a reopened
        file's; a file without the lower gains measures them again when asked)."""
        self._fresh = (self.iterations, np.asarray(gains, np.float64),
                       None if low is None else np.asarray(low, np.float64))

    def _gains(self, play: np.ndarray, fold: np.ndarray, value: np.ndarray) -> np.ndarray:
        """Each player's best-response gain from a pass's values of playing and folding and
        the strategy's value (locked nodes gain nothing)."""
        regret = np.maximum(play, fold) - value
        regret[self.locked] = 0.0
        gains = np.zeros(self.spot.players)
        for node in self.nodes:
            gains[node.player] += float(regret[node.index].sum())
        return np.maximum(gains, 0.0)

    def first_report(self) -> Report | None:
        """NashConv after the first iteration, at no cost: the first iteration's own pass
        was over the strategy that is then the average (the start). On every deal it is
        :meth:`report`'s figure, bit for bit; at 5 or more players the first pass walks every
        :data:`FIRST_PASS_STRIDE`-th deal only, and the figure is measured on that sample
        (an estimate; :meth:`report` measures every deal, at the cost of several
        iterations). None before the first iteration (or for a solver set up otherwise)."""
        return self._first

    report_every = REPORT_EVERY

    def report(self) -> Report:
        if self._last is None or self._last.iteration != self.iterations:
            if self.iterations == 0 and self.avg_weight == 0:
                return Report(0, math.inf, {})
            self._last = push_fold_report(self.iterations, self.evaluate()["gains"],
                                          self.spot.positions)
        return self._last

    def average_policy(self) -> TabularPolicy:
        """One row per node and class (``"BB vs BTN+SB:AKo"``-style keys with the class id),
        columns fold and play."""
        avg = self.average()
        ids = self.table.class_ids
        keys = tuple(f"{node.name}:{int(c)}" for node in self.nodes for c in ids)
        play = np.concatenate([avg[node.index] for node in self.nodes])
        return TabularPolicy(keys, ("fold", "play"), np.stack([1.0 - play, play], axis=1))

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` now: the average policy
        (read-only), :meth:`report`, family ``pushfold``, solver ``cfr+`` and the table's
        :class:`~omahanash.pushfold.spot.PushFoldSpot` as its ``spot``.

        >>> from omahanash.pushfold.spot import PushFoldSpot
        >>> spot = PushFoldSpot("holdem", [600, 700, 800], 50, 100)
        >>> solver = PushFoldSolver.from_problem(spot, deals=4_000, seed=5)
        >>> solver.step(10)
        >>> result = solver.result()
        >>> result.family, result.iterations, result.report.players, result.spot is spot
        ('pushfold', 10, 3, True)
        """
        return result_of(self, "pushfold", "cfr+", self.spot)


def stake(spot: PushFoldSpot) -> float:
    """What is at stake at ``spot``, in the model's unit: the prize pool (ICM) or the chips in
    play (chip EV: the sum of the stacks).

    >>> stake(PushFoldSpot("holdem", [10, 10, 10], 0.5, 1))
    30.0
    >>> stake(PushFoldSpot("holdem", [10, 10, 10], 0.5, 1, payouts="50/30/20"))
    100.0
    """
    return spot.prize_pool if spot.model == "icm" else float(sum(spot.stacks))


def bounty_stake(spot: PushFoldSpot, bounty: Bounties | None) -> float:
    """:func:`stake` with the bounties in play (converted to the model's unit: the prize
    pool's money, or chips — :meth:`~omahanash.pushfold.bounty.Bounties.rate`).

    >>> spot = PushFoldSpot("holdem", [10, 10, 10], 0.5, 1, payouts="50/30/20")
    >>> bounty_stake(spot, Bounties((10.0, 10.0, 10.0), "pko"))
    130.0
    """
    whole = stake(spot)
    if bounty is None:
        return whole
    rate = bounty.rate(float(sum(spot.stacks)), spot.prize_pool, spot.model == "icm")
    return whole + rate * bounty.total


def default_target(spot: PushFoldSpot, bounty: Bounties | None = None) -> float:
    """NashConv a run to the default target stops at: :data:`TARGET_SHARE` (0.1 %) of what is
    at stake (:func:`stake`: the prize pool, or the chips in play); heads-up chip EV keeps
    its exact 0.001 BB. With ``bounty``, the share is of the pool and the bounties
    (:func:`bounty_stake`).

    >>> default_target(PushFoldSpot("holdem", [10, 10, 10], 0.5, 1))
    0.03
    >>> default_target(PushFoldSpot("holdem", [10, 10], 0.5, 1))
    0.001
    """
    if spot.model == "chips" and spot.players == 2 and bounty is None:
        return TARGET_BB * spot.bb
    return TARGET_SHARE * bounty_stake(spot, bounty)


def default_stall(spot: PushFoldSpot) -> Stall | None:
    """The stall rule of a run to a target at ``spot``: :class:`~omahanash.solving.run.Stall`'s
    default for 3 or more players (CFR+ need not converge there: a run that stopped gaining
    ends "stalled" instead of at its cap), none heads-up (two-player CFR+ converges).

    >>> default_stall(PushFoldSpot("holdem", [10, 10, 10], 0.5, 1))
    Stall(gain=0.01, share=0.5, least=20)
    >>> default_stall(PushFoldSpot("holdem", [10, 10], 0.5, 1)) is None
    True
    """
    return Stall() if spot.players >= 3 else None
