"""The CFR family on a compiled tree: vanilla CFR, CFR+, chance- and external-sampling MCCFR.

Conventions (those of OpenSpiel's solvers, so that figures can be compared):

* ``cfr``: alternating updates (player 0's regrets, then player 1's with player 0's new
  strategy, ...), regret matching, uniform averaging of the current strategies weighted by the
  player's own reach (``CFRSolver``);
* ``cfr+``: the same with regret matching+ (cumulative regrets clipped at 0) and linear
  averaging (iteration t weighs t) (``CFRPlusSolver``);
* ``mccfr-chance``: chance-sampled MCCFR, the thesis's method: every player's pass samples one
  outcome at each chance node and walks every action below it;
* ``mccfr-external``: external-sampling MCCFR: each pass samples chance and the other players'
  actions and walks the updating player's; the average strategy is OpenSpiel's "simple" one,
  accumulated at player (i + 1) mod n's nodes during player i's pass.

Any number of players. Exploitability (see :mod:`omahanash.cfr.exploitability`) is recorded
after every power-of-two iteration and after the last one.

>>> from omahanash.games import make_game
>>> solution = solve_cfr(make_game("kuhn"), algorithm="cfr+", iterations=1000)
>>> round(solution.values()[0], 3)  # the game value: -1/18
-0.056
>>> solution.history[-1][0], solution.exploitability() < 1e-3
(1000, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from omahanash.cfr.compiler import DEFAULT_MAX_NODES, GameTree, as_tree
from omahanash.cfr.exploitability import best_response_values
from omahanash.cfr.kernels import TRAVERSALS, run_iterations
from omahanash.errors import Cancelled, InputError
from omahanash.game import CHANCE, Game
from omahanash.rng import check_seed, generator_state
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.solving import (
    MAX_RUN_ITERATIONS,
    REGISTRY,
    Outcome,
    Report,
    Result,
    TabularPolicy,
    check_run_iterations,
    result_of,
    run,
)

#: The CFR algorithms of the one registry (``REGISTRY["cfr"]``), each with how the kernel runs
#: it, read from the row's options: name -> (traversal mode, regret matching+, linear
#: averaging). Every row runs as a :class:`CFRSolver`; a new variant is a traversal mode in
#: :mod:`omahanash.cfr.kernels` (:data:`~omahanash.cfr.kernels.TRAVERSALS`) and a registry
#: row naming it.
ALGORITHMS: dict[str, tuple[int, bool, bool]] = {
    name: (TRAVERSALS[entry.options["traversal"]], bool(entry.options["regret_plus"]),
           bool(entry.options["linear"]))
    for name, entry in REGISTRY["cfr"].items()}

def check_algorithm(algorithm: str) -> str:
    """``algorithm`` if it is one of :data:`ALGORITHMS`, else an InputError naming it."""
    if not isinstance(algorithm, str) or algorithm not in ALGORITHMS:
        raise InputError(
            f"unknown algorithm {algorithm!r} (choose from {', '.join(ALGORITHMS)})"
        )
    return algorithm


@dataclass
class Solution:
    """A CFR run on a tree: solver state, the exploitability curve, and what it implies.

    ``history`` holds ``(iteration, exploitability)`` pairs (powers of two and the last
    iteration). ``regrets`` and ``strategy_sum`` are flat per-action arrays (see
    :class:`GameTree`); ``rng`` is the sampling generator's state, so a run continued with
    :func:`train` is the same as one run in one go.
    """

    tree: GameTree
    algorithm: str
    seed: int
    iterations: int
    regrets: np.ndarray
    strategy_sum: np.ndarray
    rng: np.ndarray
    history: list[tuple[int, float]] = field(default_factory=list)
    _evaluated: tuple[int, np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    @property
    def num_infosets(self) -> int:
        return self.tree.num_infosets

    def average_policy(self) -> np.ndarray:
        """The average strategy as a flat policy (uniform where nothing was accumulated)."""
        offsets = self.tree.infoset_offset
        counts = np.diff(offsets)
        if counts.size == 0:
            return np.zeros(0, dtype=np.float64)
        totals = np.add.reduceat(self.strategy_sum, offsets[:-1])
        totals = np.repeat(totals, counts)
        uniform = np.repeat(1.0 / counts, counts)
        with np.errstate(invalid="ignore", divide="ignore"):
            policy = np.where(totals > 0, self.strategy_sum / totals, uniform)
        return policy.astype(np.float64)

    def _evaluate(self) -> tuple[np.ndarray, np.ndarray]:
        if self._evaluated is None or self._evaluated[0] != self.iterations:
            best, on_policy = best_response_values(self.tree, self.average_policy())
            self._evaluated = (self.iterations, best, on_policy)
        return self._evaluated[1], self._evaluated[2]

    def exploitability(self) -> float:
        """NashConv / players of the average strategy now (two players: (BR₁ + BR₂)/2)."""
        best, on_policy = self._evaluate()
        return float(np.sum(best - on_policy)) / self.tree.num_players

    def values(self) -> list[float]:
        """Expected return of every player when all play the average strategy."""
        return [float(v) for v in self._evaluate()[1]]

    def strategy(self, key: str) -> dict[str, float]:
        """Average strategy of the information set ``key``: action name -> probability."""
        try:
            index = self.tree.infoset_index(key)
        except KeyError:
            raise InputError(f"no information set {key!r} in this game") from None
        policy = self.average_policy()
        lo = int(self.tree.infoset_offset[index])
        names = self.tree.infoset_actions[index]
        return {name: float(policy[lo + a]) for a, name in enumerate(names)}

    def result(self) -> Result:
        """The run's :class:`~omahanash.solving.Result` now (see :meth:`CFRSolver.result`)."""
        return CFRSolver(self).result()

    def strategies(self) -> dict[str, dict[str, float]]:
        """Average strategy of every information set: key -> {action name: probability}."""
        policy = self.average_policy()
        offsets = self.tree.infoset_offset
        return {
            key: {name: float(policy[offsets[i] + a])
                  for a, name in enumerate(self.tree.infoset_actions[i])}
            for i, key in enumerate(self.tree.infoset_keys)
        }


def new_solution(tree: GameTree, algorithm: str = "cfr+", seed: int | None = None) -> Solution:
    """A fresh run of ``algorithm`` on ``tree`` (no iterations yet); ``seed`` (``0 .. 2**64 - 1``,
    None: fresh entropy) fixes the sampling of the MCCFR variants."""
    check_algorithm(algorithm)
    rng = generator_state(seed)
    return Solution(
        tree=tree,
        algorithm=algorithm,
        seed=int(rng[0]) if seed is None else check_seed(seed),
        iterations=0,
        regrets=np.zeros(tree.num_actions, dtype=np.float64),
        strategy_sum=np.zeros(tree.num_actions, dtype=np.float64),
        rng=rng,
    )


def _is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


class Workspace:
    """What :func:`run_iterations` needs besides the tree and the solver state: per-node
    arrays derived from the tree and scratch arrays, allocated once per run."""

    def __init__(self, tree: GameTree) -> None:
        n = tree.num_nodes
        derived = tree.cache.get("iteration_arrays")
        if derived is None:
            parent_player = np.full(n, CHANCE, dtype=np.int8)
            parent_player[1:] = tree.player[tree.parent[1:]]
            edge_slot = np.full(n, tree.num_actions, dtype=np.int64)
            decided = np.nonzero(parent_player >= 0)[0]
            edge_slot[decided] = (tree.infoset_offset[tree.infoset[tree.parent[decided]]]
                                  + tree.action_index[decided])
            padded_returns = np.vstack([tree.returns, np.zeros((1, tree.num_players))])
            derived = tree.cache["iteration_arrays"] = (parent_player, edge_slot, padded_returns)
        self.parent_player: np.ndarray
        self.edge_slot: np.ndarray
        self.padded_returns: np.ndarray
        self.parent_player, self.edge_slot, self.padded_returns = derived
        self.current = np.empty(tree.num_actions + 1, dtype=np.float64)
        self.stamp = np.full(tree.num_infosets, -1, dtype=np.int64)
        self.arrays = (
            np.empty(n, dtype=np.int32),
            np.empty(n, dtype=np.float64),
            np.empty(n, dtype=np.float64),
            np.empty(n, dtype=np.float64),
            np.empty(n, dtype=np.float64),
            np.empty(n, dtype=np.float64),
            np.full(n, -1, dtype=np.int32),
        )


def advance(solution: Solution, count: int, work: Workspace | None = None) -> None:
    """Run ``count`` iterations on ``solution`` in place, recording nothing (see :func:`train`)."""
    mode, regret_plus, linear = ALGORITHMS[check_algorithm(solution.algorithm)]
    tree = solution.tree
    work = work if work is not None else Workspace(tree)
    run_iterations(
        tree.parent, work.parent_player, work.edge_slot, tree.action_index, tree.edge_prob,
        tree.player, tree.infoset, tree.terminal, tree.subtree_size, tree.child_start,
        tree.children, work.padded_returns, tree.infoset_player, tree.infoset_offset,
        solution.regrets, solution.strategy_sum, work.current, work.stamp,
        mode, regret_plus, linear, solution.iterations + 1, count, solution.rng, *work.arrays,
    )
    solution.iterations += count


class CFRSolver:
    """A CFR run (:class:`Solution`) as a :class:`omahanash.solving.Solver`: ``step(n)`` runs
    ``n`` iterations, recording the exploitability in ``solution.history`` at every power of
    two; ``report()`` is NashConv now (figures: ``value0``, ``value1``, … the players'
    values); ``average_policy()`` has one row per information set and the union of the
    action names as columns (``legal`` marks each row's). The algorithms are the rows of
    :data:`ALGORITHMS`.

    >>> from omahanash.games import make_game
    >>> from omahanash.cfr.compiler import compile_game
    >>> from omahanash.solving import run
    >>> solver = CFRSolver(new_solution(compile_game(make_game("kuhn")), "cfr+"))
    >>> outcome = run(solver, target=1e-3)
    >>> outcome.reason, outcome.report.exploitability <= 1e-3
    ('target', True)
    >>> sorted(solver.average_policy().row("J/"))
    ['bet', 'pass']
    """

    #: Exploitability is a best response: reported only at the end (and where a target is
    #: checked); the curve is recorded at powers of two in ``solution.history``.
    report_every = MAX_RUN_ITERATIONS

    def __init__(self, solution: Solution) -> None:
        check_algorithm(solution.algorithm)
        self.solution = solution
        self._work: Workspace | None = None

    @classmethod
    def from_problem(cls, problem: Game | GameTree, *, algorithm: str = "cfr+",
                     seed: int | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                     traversal: str | None = None, regret_plus: bool | None = None,
                     linear: bool | None = None) -> CFRSolver:
        """A fresh run of ``algorithm`` on a game or compiled tree (the registry's
        ``create``; ``seed`` fixes the sampling of the MCCFR variants). ``traversal``,
        ``regret_plus`` and ``linear`` are the registry row's kernel settings, which
        :data:`ALGORITHMS` reads: given, they must be ``algorithm``'s."""
        settings = ALGORITHMS[check_algorithm(algorithm)]
        given = {"traversal": traversal, "regret_plus": regret_plus, "linear": linear}
        mode = None if traversal is None else TRAVERSALS.get(traversal, -1)
        for (name, asked), value, kept in zip(given.items(), (mode, regret_plus, linear),
                                              settings, strict=True):
            if asked is not None and value != kept:
                raise InputError.naming(name, f"{name} {asked!r} is not that of the "
                                              f"algorithm {algorithm!r}")
        return cls(new_solution(as_tree(problem, max_nodes), algorithm, seed))

    @property
    def iterations(self) -> int:
        return self.solution.iterations

    def step(self, n: int) -> None:
        solution = self.solution
        if self._work is None:
            self._work = Workspace(solution.tree)
        done = 0
        while done < n:
            # Pieces end at every power of two, where the exploitability is recorded.
            reached = solution.iterations
            count = min(n - done, (1 << reached.bit_length()) - reached)
            advance(solution, count, self._work)
            if _is_power_of_two(solution.iterations):
                _record(solution)
            done += count

    def report(self) -> Report:
        solution = self.solution
        if solution.iterations == 0:
            return Report(0, math.inf, {}, int(solution.tree.num_players))
        _record(solution)
        values = solution.values()
        players = int(solution.tree.num_players)
        # the history's exploitability is NashConv / players
        return Report(solution.iterations, solution.history[-1][1] * players,
                      {f"value{p}": v for p, v in enumerate(values)}, players)

    def average_policy(self) -> TabularPolicy:
        tree = self.solution.tree
        policy = self.solution.average_policy()
        names: dict[str, int] = {}
        for actions in tree.infoset_actions:
            for name in actions:
                names.setdefault(name, len(names))
        table = np.zeros((tree.num_infosets, len(names)))
        legal = np.zeros(table.shape, dtype=bool)
        offsets = tree.infoset_offset
        for i, actions in enumerate(tree.infoset_actions):
            for a, name in enumerate(actions):
                table[i, names[name]] = policy[offsets[i] + a]
                legal[i, names[name]] = True
        return TabularPolicy(tuple(tree.infoset_keys), tuple(names), table, legal)

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` of the run now: the average policy
        (read-only), :meth:`report`, family ``cfr``, the algorithm's name and the compiled
        tree as its ``spot``.

        >>> from omahanash.games import make_game
        >>> solver = CFRSolver.from_problem(make_game("kuhn"), algorithm="cfr")
        >>> solver.step(32)
        >>> result = solver.result()
        >>> result.solver, result.iterations, result.spot.game_name
        ('cfr', 32, 'kuhn')
        """
        return result_of(self, "cfr", self.solution.algorithm, self.solution.tree)


def run_cfr(
    solution: Solution,
    iterations: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> Outcome:
    """Run ``iterations`` more iterations on ``solution`` in place through
    :func:`omahanash.solving.run`; a stop is ``Outcome.stopped``, never an exception.

    ``progress(done, total)`` counts the iterations of this run (about every 0.05 s).
    Exploitability is recorded in ``solution.history`` at every power-of-two iteration and at
    the last one, a stopped run's too.

    >>> from omahanash.games import make_game
    >>> from omahanash.cfr.compiler import compile_game
    >>> from omahanash.runs import CancelFlag
    >>> solution = new_solution(compile_game(make_game("kuhn")), "cfr")
    >>> flag = CancelFlag()
    >>> flag.cancel()
    >>> outcome = run_cfr(solution, 100, cancel=flag)
    >>> outcome.stopped, outcome.iterations_run, run_cfr(solution, 100).iterations_run
    (True, 0, 100)
    """
    total = check_run_iterations(iterations)
    return run(CFRSolver(solution), iterations=total, cancel=cancel, counter=progress)


def train(
    solution: Solution,
    iterations: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> Solution:
    """Run ``iterations`` more iterations on ``solution`` in place and return it.

    Exploitability is recorded in ``solution.history`` at every power-of-two iteration and at
    the last one. ``progress(done, total)`` is called between chunks of iterations (about
    every 0.05 s); when ``cancel`` is set the iterations done so far are kept, their
    exploitability recorded, and :class:`~omahanash.errors.Cancelled` is raised (the command
    line's way; :func:`run_cfr` returns an :class:`~omahanash.solving.Outcome` instead).
    """
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 0:
        raise InputError(f"iterations must be a non-negative integer, not {iterations!r}")
    check_algorithm(solution.algorithm)
    outcome = run_cfr(solution, iterations, progress, cancel)
    if outcome.stopped:
        raise Cancelled(f"cancelled after {solution.iterations} iterations")
    return solution


def _record(solution: Solution) -> None:
    if solution.iterations == 0:
        return
    if solution.history and solution.history[-1][0] == solution.iterations:
        return
    solution.history.append((solution.iterations, solution.exploitability()))


def solve_cfr(
    game: Game | GameTree,
    algorithm: str = "cfr+",
    iterations: int = 1000,
    seed: int | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> Solution:
    """Compile ``game`` (unless it is a tree already) and run ``iterations`` of ``algorithm``.

    ``algorithm`` is one of ``cfr``, ``cfr+``, ``mccfr-chance``, ``mccfr-external``; ``seed``
    (``0 .. 2**64 - 1``; None: fresh entropy) fixes the sampling of the last two. Bad arguments
    raise :class:`~omahanash.errors.InputError`. To keep a cancelled run, use
    :func:`new_solution` and :func:`train` instead.

    >>> from omahanash.games import make_game
    >>> s = solve_cfr(make_game("kuhn"), algorithm="cfr+", iterations=256)
    >>> s.iterations, s.exploitability() < 0.01
    (256, True)
    """
    check_algorithm(algorithm)
    if seed is not None:
        check_seed(seed)
    tree = as_tree(game, max_nodes, cancel)
    return train(new_solution(tree, algorithm, seed), iterations, progress, cancel)


#: The former name of :func:`solve_cfr`.
solve = solve_cfr
