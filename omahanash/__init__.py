"""Omaha Nash: Nash equilibria of games of imperfect information.

The library behind the ``omahanash`` command and the ``omahanash-gui`` app; nothing in it
imports Qt. Everything a user needs is exported flat from here (``import omahanash as on``);
the names load lazily, on first use, so ``import omahanash`` is instant and compiles no numba
kernel.

>>> import omahanash as on
>>> result = on.equity("Ah Ad", "Kh Kd", variant="holdem")   # exact enumeration
>>> round(result.equity[0], 4), result.exact
(0.8264, True)
>>> on.parse_class("2s 4s 3c 9c", on.Variant.OMAHA_HI)          # the thesis's class ids
4527
>>> game = on.make_game("kuhn")
>>> solution = on.solve_cfr(game, algorithm="cfr+", iterations=256)
>>> on.exploitability(game, solution) < 0.01
True
>>> params = on.JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100)
>>> hand = on.solve_jamfold(params).lookup("Ah Kd", player="pusher")
>>> round(hand.played, 3), hand.diff_ev > 0
(1.0, True)
>>> on.make_game("domino", tiles="[9|9]")
Traceback (most recent call last):
...
omahanash.errors.InputError: ...[9|9]...

Where things live (each name below is documented, with an example, in its module):

=====================  ===========================================================
cards and classes      ``omahanash.cards``, ``omahanash.hands``
ranges                 ``omahanash.ranges`` (Hold'em notation, ProPokerTools syntax)
equity                 ``omahanash.equity`` (exact, Monte Carlo, cluster tables)
jam-fold               ``omahanash.jamfold`` (the equilibrium, locks and best responses)
played hands           ``omahanash.history`` (PokerStars and PHH files, review, grade)
tournaments            ``omahanash.tournament`` (Markov chain, simulator)
trainer                ``omahanash.trainer`` (drills, grading, SQLite history)
CFR and its games      ``omahanash.cfr``, ``omahanash.games``, ``omahanash.game``
perfect information    ``omahanash.perfect``
long work              ``omahanash.runs`` (progress, cancel), ``omahanash.savefile``
=====================  ===========================================================
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

# numba's OpenMP threads wait passively (asleep, not spinning) between parallel kernels, unless
# the user says otherwise: read once, when the first parallel kernel starts them. Spinning
# threads of a busy machine starve the thread a kernel's end waits for: a Stop inside a pass
# over the deals then waited ~1.4 s at load 10 on 2 cores instead of ~0.01 s (and the pass was
# slower too). See omahanash.stopflag.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__version__ = "0.1.0"

# Public name -> module that defines it. Kept in one table so that ``__all__``, ``dir()`` and
# the lazy loader can never disagree.
_EXPORTS: dict[str, str] = {
    # errors and long work
    "InputError": "omahanash.errors",
    "Cancelled": "omahanash.errors",
    "CardError": "omahanash.cards",
    "CancelFlag": "omahanash.runs",
    "iterate": "omahanash.runs",
    # cards, hands and hand classes
    "Variant": "omahanash.cards",
    "parse_cards": "omahanash.cards",
    "parse_hand": "omahanash.cards",
    "format_cards": "omahanash.cards",
    "num_classes": "omahanash.hands",
    "parse_class": "omahanash.hands",
    "class_of": "omahanash.hands",
    "class_cards": "omahanash.hands",
    "class_name": "omahanash.hands",
    "class_members": "omahanash.hands",
    "class_combos": "omahanash.hands",
    # ranges
    "Range": "omahanash.ranges",
    "RangeError": "omahanash.ranges",
    "parse_range": "omahanash.ranges",
    "top_percent": "omahanash.ranges",
    # equity
    "equity": "omahanash",  # the package omahanash.equity, callable: see its docstring
    "EquityTable": "omahanash.equity.tables",
    "load_table": "omahanash.equity.tables",
    "build_table": "omahanash.equity.table_build",
    # the heads-up jam-fold game
    "JamFoldParams": "omahanash.jamfold",
    "JamFoldSolution": "omahanash.jamfold",
    "HandLookup": "omahanash.jamfold",
    "solve_jamfold": "omahanash.jamfold",
    "best_response": "omahanash.jamfold",
    "width_curve": "omahanash.jamfold",
    "lock_strategy": "omahanash.jamfold",
    "ExploitReport": "omahanash.jamfold",
    # push/fold at a table of 2 to 10 players, ICM
    "PushFoldSpot": "omahanash.pushfold",
    "PushFoldSolution": "omahanash.pushfold",
    "solve_pushfold": "omahanash.pushfold",
    "icm": "omahanash.pushfold.icm",
    "bubble_factors": "omahanash.pushfold.icm",
    # preflop betting trees (pot limit, no limit, push/fold) at 2 to 10 players
    "PreflopSpot": "omahanash.trees",
    "TreeSolution": "omahanash.trees",
    "solve_preflop": "omahanash.trees",
    # played hands, tournaments, the trainer
    "review": "omahanash.history",
    "ReviewReport": "omahanash.history",
    "run_tournament": "omahanash.tournament",
    "Structure": "omahanash.tournament",
    "Drill": "omahanash.trainer",
    "DrillConfig": "omahanash.trainer",
    # CFR and its games
    "make_game": "omahanash.games",
    "solve_cfr": "omahanash.cfr.solvers",
    "exploitability": "omahanash.cfr.exploitability",
    # every solver's frozen answer (its ``result()``)
    "Result": "omahanash.solving",
    "TreeBrowser": "omahanash.cfr",
    "save_solution": "omahanash.cfr",
    "load_solution": "omahanash.cfr",
    # perfect information
    "nim": "omahanash.perfect.grundy",
    "subtraction_game": "omahanash.perfect.grundy",
    "GameGraph": "omahanash.perfect.retrograde",
    "retrograde": "omahanash.perfect.retrograde",
    "alphabeta": "omahanash.perfect.search",
    "mcts": "omahanash.perfect.mcts",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:  # what the lazy loader returns, for type checkers and editors
    from omahanash.cards import CardError, Variant, format_cards, parse_cards, parse_hand
    from omahanash.cfr import (
        TreeBrowser,
        exploitability,
        load_solution,
        save_solution,
        solve_cfr,
    )
    from omahanash.equity.calculator import equity
    from omahanash.equity.table_build import build_table
    from omahanash.equity.tables import EquityTable, load_table
    from omahanash.errors import Cancelled, InputError
    from omahanash.games import make_game
    from omahanash.hands import (
        class_cards,
        class_combos,
        class_members,
        class_name,
        class_of,
        num_classes,
        parse_class,
    )
    from omahanash.history.review import ReviewReport, review
    from omahanash.jamfold import (
        ExploitReport,
        HandLookup,
        JamFoldParams,
        JamFoldSolution,
        best_response,
        lock_strategy,
        solve_jamfold,
        width_curve,
    )
    from omahanash.perfect.grundy import nim, subtraction_game
    from omahanash.perfect.mcts import mcts
    from omahanash.perfect.retrograde import GameGraph, retrograde
    from omahanash.perfect.search import alphabeta
    from omahanash.pushfold import PushFoldSolution, PushFoldSpot, solve_pushfold
    from omahanash.pushfold.icm import bubble_factors, icm
    from omahanash.ranges import Range, RangeError, parse_range, top_percent
    from omahanash.runs import CancelFlag, iterate
    from omahanash.solving import Result
    from omahanash.tournament import Structure, run_tournament
    from omahanash.trainer import Drill, DrillConfig
    from omahanash.trees import PreflopSpot, TreeSolution, solve_preflop


def __getattr__(name: str) -> Any:
    from omahanash.face import guard  # the argument check of every public name

    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'omahanash' has no attribute {name!r}")
    if module == __name__:  # a subpackage that is itself the public name (omahanash.equity)
        return guard(importlib.import_module(f"{__name__}.{name}"), name)
    value = guard(getattr(importlib.import_module(module), name), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
