"""``run_matrix``: a typed matrix game solved iteratively (and exactly when small), as the
JSON-ready dict of ``omahanash cfr --game matrix`` and the GUI's CFR tab.

>>> result = run_matrix("prisoners-dilemma", "rm", 100)
>>> result["equilibria"]  # defect, defect: the only equilibrium
[{'strategies': [[0.0, 1.0], [0.0, 1.0]], 'payoffs': [1.0, 1.0]}]
>>> result["strategies"][0][1] > 0.99  # regret matching learns to defect
True
"""

from __future__ import annotations

from typing import Any

from omahanash.errors import InputError
from omahanash.games.matrix.exact import (
    EXACT_LP_MAX_ACTIONS,
    MAX_SUPPORT_PAIRS,
    Equilibrium,
    best_response,
    nash_equilibria,
    solve_zero_sum,
    support_pair_count,
)
from omahanash.games.matrix.game import expected_payoffs
from omahanash.games.matrix.iterative import (
    ALGORITHMS,
    MatrixSolver,
    check_iterations,
    run_solver,
)
from omahanash.games.matrix.notation import parse_matrix_game, parse_mix
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.solving import Outcome


def _normalize_algorithm(algorithm: str) -> tuple[type[MatrixSolver], bool]:
    key = str(algorithm).strip().lower()
    if key not in ALGORITHMS:
        known = ", ".join(ALGORITHMS)
        raise InputError(f"unknown matrix-game algorithm {algorithm!r} (expected one of: {known})")
    return ALGORITHMS[key]


def run_matrix(
    payoff: str,
    algorithm: str,
    iterations: int,
    opponent: str | None = None,
    seed: int | None = None,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> dict[str, Any]:
    """Solve a typed matrix game iteratively (and exactly when small); a JSON-ready dict.

    ``payoff``: a preset name or a matrix (:mod:`~omahanash.games.matrix.notation`).
    ``algorithm``: ``rm`` / ``cfr`` (regret matching), ``cfr+`` / ``rm+`` (regret matching+),
    ``fp`` (fictitious play; the only one that uses ``seed``, ``0 .. 2**64 - 1``, for
    tie-breaking). ``opponent``: a column mix like ``0.4,0.3,0.3``;
    then only the row player learns, ``exploitability`` is his shortfall from a best response,
    and ``best_response`` (action name), ``best_response_index`` and ``best_response_value``
    (exact best reply to the mix, lowest index on ties) are added.

    Keys: ``game``, ``algorithm``, ``iterations``, ``infosets`` (rows + columns, the contract
    of ``omahanash cfr``), ``actions`` (names), ``exploitability`` (``[[1, x], [2, x], [4, x],
    ..., [N, x]]``), ``values`` (expected payoffs of the average profile), ``strategies``
    (average mixes); ``value`` (zero-sum, exact) and ``equilibria`` (zero-sum: one optimal
    pair from the LP; general-sum: all, by support enumeration) when the game is small enough;
    ``cancelled: true`` if ``cancel`` stopped the run early (then ``iterations`` is what ran;
    the JSON's word for :attr:`Outcome.stopped <omahanash.solving.Outcome.stopped>`, which
    :func:`solve_matrix` returns).

    >>> result = run_matrix("rps", "cfr", 1000, opponent="0.4,0.3,0.3")
    >>> result["best_response"], result["best_response_value"], result["value"]
    ('paper', 0.1, 0.0)
    """
    return solve_matrix(payoff, algorithm, iterations, opponent, seed, progress=progress,
                        cancel=cancel)[0]


def solve_matrix(
    payoff: str,
    algorithm: str,
    iterations: int,
    opponent: str | None = None,
    seed: int | None = None,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> tuple[dict[str, Any], Outcome]:
    """:func:`run_matrix`'s dict and the run's :class:`~omahanash.solving.Outcome` (``stopped``
    when ``cancel`` stopped it; the work done is in the dict).

    >>> result, outcome = solve_matrix("rps", "cfr", 1000, opponent="0.4,0.3,0.3")
    >>> result["best_response"], outcome.stopped, outcome.reason
    ('paper', False, 'iterations')
    """
    solver_class, plus = _normalize_algorithm(algorithm)
    check_iterations(iterations)
    if seed is not None:
        check_seed(seed)
    game = parse_matrix_game(payoff)
    rows, columns = game.shape
    exact_mix = None if opponent is None else parse_mix(opponent, columns)
    mix = None if exact_mix is None else [float(p) for p in exact_mix]
    solver = solver_class(game, plus=plus, opponent=mix, seed=seed)
    run = run_solver(solver, iterations, progress, cancel)
    assert run.outcome is not None
    result: dict[str, Any] = {
        "game": "matrix",
        "algorithm": str(algorithm).strip().lower(),
        "iterations": run.iterations,
        "infosets": rows + columns,
        "actions": [list(game.row_actions), list(game.column_actions)],
        "exploitability": [[t, x] for t, x in run.exploitability],
        "values": list(expected_payoffs(game, run.row_strategy, run.column_strategy)),
        "strategies": [run.row_strategy.tolist(), run.column_strategy.tolist()],
    }
    if game.is_zero_sum:
        if max(rows, columns) <= EXACT_LP_MAX_ACTIONS:
            solution = solve_zero_sum(game)
            result["value"] = float(solution.value)
            result["equilibria"] = [
                Equilibrium(
                    solution.row_strategy, solution.column_strategy,
                    (solution.value, -solution.value),
                ).to_json()
            ]  # fmt: skip
    elif support_pair_count(rows, columns) <= MAX_SUPPORT_PAIRS:
        result["equilibria"] = [e.to_json() for e in nash_equilibria(game)]
    if exact_mix is not None:
        action, value = best_response(game, exact_mix)
        result["best_response"] = game.row_actions[action]
        result["best_response_index"] = action
        result["best_response_value"] = float(value)
    if run.outcome.stopped:
        result["cancelled"] = True
    return result, run.outcome
