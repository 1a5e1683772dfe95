"""Heads-up tournaments: a match as a sequence of jam-fold hands.

Each hand is the jam-fold game at the current effective stack and blinds, played by each
player's strategy (Nash at that stack, a locked range, or the top P % of hands); the match
ends when one player has every chip. :func:`run_tournament` gives player 1's P(win) (and its
curve over the starting chip share), the expected number of hands, their quantiles and the
chance the match is decided in the first hand, by an exact Markov chain over chip counts, a
Monte Carlo simulator, or both.

>>> from omahanash.tournament import Structure, run_tournament
>>> result = run_tournament("holdem", Structure.fixed(400, sb=10, bb=20), (100, 300),
...                         p1="100%", p2="100%", persist=False)
>>> round(result.p_win, 6)  # all-in every hand: a fair bet, P(win) = the chip share
0.25
"""

from omahanash.tournament.markov import OutcomeTables, solve_chain
from omahanash.tournament.match import (
    METHODS,
    MethodResult,
    TournamentResult,
    outcome_tables,
    run_tournament,
)
from omahanash.tournament.nash_grid import NashGrid, solve_grid
from omahanash.tournament.simulate import simulate_matches
from omahanash.tournament.strategies import Strategy, parse_strategy
from omahanash.tournament.structure import Level, Structure
from omahanash.tournament.transitions import HandOutcomes, hand_outcomes

__all__ = [
    "METHODS",
    "HandOutcomes",
    "Level",
    "MethodResult",
    "NashGrid",
    "OutcomeTables",
    "Strategy",
    "Structure",
    "TournamentResult",
    "hand_outcomes",
    "solve_grid",
    "outcome_tables",
    "parse_strategy",
    "run_tournament",
    "simulate_matches",
    "solve_chain",
]
