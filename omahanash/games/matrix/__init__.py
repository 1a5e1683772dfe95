"""Two-player matrix games: typed payoffs, regret matching, fictitious play, exact solutions.

One module per job:

* :mod:`~omahanash.games.matrix.game`: :class:`MatrixGame` (also a game of the CFR interface),
  expected payoffs and exploitability (NashConv / 2);
* :mod:`~omahanash.games.matrix.notation`: reading payoff matrices, presets and mixes;
* :mod:`~omahanash.games.matrix.exact`: best replies, the value of a zero-sum game (simplex),
  every equilibrium of a small general-sum game (support enumeration), in rationals;
* :mod:`~omahanash.games.matrix.iterative`: regret matching(+) and fictitious play;
* :mod:`~omahanash.games.matrix.runner`: :func:`run_matrix`, all of it as one JSON-ready dict.

>>> game = parse_matrix_game("prisoners-dilemma")
>>> [(e.row_strategy, e.column_strategy) for e in nash_equilibria(game)]
[((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)))]
>>> solve_zero_sum(parse_matrix_game("rps")).value
Fraction(0, 1)
"""

from fractions import Fraction

from omahanash.games.matrix.exact import (
    EXACT_LP_MAX_ACTIONS,
    MAX_SUPPORT_PAIRS,
    Equilibrium,
    ZeroSumSolution,
    best_response,
    nash_equilibria,
    solve_zero_sum,
    support_pair_count,
)
from omahanash.games.matrix.game import MatrixGame, MatrixState, expected_payoffs, exploitability
from omahanash.games.matrix.iterative import (
    ALGORITHMS,
    FictitiousPlaySolver,
    MatrixRun,
    MatrixSolver,
    RegretMatchingSolver,
    fictitious_play,
    regret_matching,
)
from omahanash.games.matrix.notation import (
    MAX_ACTIONS,
    MAX_PAYOFF,
    PRESET_ALIASES,
    PRESETS,
    check_opponent,
    parse_matrix_game,
    parse_mix,
)
from omahanash.games.matrix.runner import run_matrix, solve_matrix

__all__ = [
    "ALGORITHMS",
    "EXACT_LP_MAX_ACTIONS",
    "MAX_ACTIONS",
    "MAX_PAYOFF",
    "MAX_SUPPORT_PAIRS",
    "PRESETS",
    "PRESET_ALIASES",
    "RegretMatchingSolver",
    "Equilibrium",
    "FictitiousPlaySolver",
    "Fraction",
    "MatrixGame",
    "MatrixRun",
    "MatrixSolver",
    "MatrixState",
    "ZeroSumSolution",
    "best_response",
    "expected_payoffs",
    "exploitability",
    "fictitious_play",
    "nash_equilibria",
    "parse_matrix_game",
    "check_opponent",
    "parse_mix",
    "regret_matching",
    "run_matrix",
    "solve_matrix",
    "solve_zero_sum",
    "support_pair_count",
]
