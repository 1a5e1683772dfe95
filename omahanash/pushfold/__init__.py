"""Push/fold at a table of 2 to 10 players, with ICM prize payouts.

:class:`PushFoldSpot` describes the table (game, stacks in preflop order, blinds, antes,
payouts), :func:`solve_pushfold` solves it (:mod:`~omahanash.pushfold.solve`, on the engine of
:mod:`~omahanash.pushfold.solver`), :func:`icm`
values chips as prize money and :func:`bubble_factors` prices the risk between two players.

The names load on first use (as ``import omahanash``'s do): importing a light submodule
(:mod:`~omahanash.pushfold.chart_defaults`, which ``omahanash --help`` reads) does not load
the numba engine.

>>> from omahanash.pushfold import PushFoldSpot, icm
>>> spot = PushFoldSpot("holdem", [1500, 1500, 1500], sb=50, bb=100, payouts="50/30/20")
>>> [round(float(x), 4) for x in icm(spot.stacks, spot.payout_amounts)]
[33.3333, 33.3333, 33.3333]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omahanash.lazy import keep_function_names, lazy_names

# Public name -> the submodule that defines it.
_EXPORTS = {
    "PushFoldSolution": "omahanash.pushfold.solution",
    "PushFoldSpot": "omahanash.pushfold.spot",
    "bubble_factors": "omahanash.pushfold.icm",
    "icm": "omahanash.pushfold.icm",
    "icm_detail": "omahanash.pushfold.icm",
    "parse_payouts": "omahanash.pushfold.payouts",
    "solve_pushfold": "omahanash.pushfold.solve",
}

__all__ = ["PushFoldSolution", "PushFoldSpot", "bubble_factors", "icm", "icm_detail",
           "parse_payouts", "solve_pushfold"]  # the keys of _EXPORTS (tested)

if TYPE_CHECKING:  # what the lazy loader returns, for type checkers and editors
    from omahanash.pushfold.icm import bubble_factors, icm, icm_detail
    from omahanash.pushfold.payouts import parse_payouts
    from omahanash.pushfold.solution import PushFoldSolution
    from omahanash.pushfold.solve import solve_pushfold
    from omahanash.pushfold.spot import PushFoldSpot


__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, __all__)


keep_function_names(__name__, _EXPORTS)
