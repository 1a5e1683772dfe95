"""Push/fold at a table of 2 to 10 players, with ICM prize payouts.

:class:`PushFoldSpot` describes the table (game, stacks in preflop order, blinds, antes,
payouts), :func:`solve_pushfold` solves it (:mod:`~omahanash.pushfold.solve`, on the engine of
:mod:`~omahanash.pushfold.solver`), :func:`icm`
values chips as prize money and :func:`bubble_factors` prices the risk between two players.

>>> spot = PushFoldSpot("holdem", [1500, 1500, 1500], sb=50, bb=100, payouts="50/30/20")
>>> [round(float(x), 4) for x in icm(spot.stacks, spot.payout_amounts)]
[33.3333, 33.3333, 33.3333]
"""

from omahanash.pushfold.icm import bubble_factors, icm, icm_detail
from omahanash.pushfold.payouts import parse_payouts
from omahanash.pushfold.solution import PushFoldSolution
from omahanash.pushfold.solve import solve_pushfold
from omahanash.pushfold.spot import PushFoldSpot

__all__ = ["PushFoldSolution", "PushFoldSpot", "bubble_factors", "icm", "icm_detail",
           "parse_payouts", "solve_pushfold"]
