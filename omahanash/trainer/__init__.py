"""The trainer: drill jam/fold decisions against the equilibrium until they are automatic.

A :class:`Drill` deals spots (variant, position, effective stack, ante and a hand with its real
frequency, or only close decisions, or the player's leaks), grades each answer against the
Nash equilibrium of its spot (correct or not, both EVs, the EV lost in big blinds, the
equilibrium frequency of mixed hands) and keeps session statistics; a :class:`History` keeps
every answer across launches in an SQLite database. The command line (``omahanash train``)
and the app's Trainer tab only present it.

- :mod:`.drill`: :class:`DrillConfig`, :class:`Drill` (``next_spot``, ``answer``,
  ``statistics``), :class:`Spot`, :class:`Answer`;
- :mod:`.grading`: what is correct and what an answer loses;
- :mod:`.groups`: hand groups and stack bands (weak spots are counted by them);
- :mod:`.stats`: :class:`AnswerRecord`, :class:`Statistics`, weak spots;
- :mod:`.history`: the SQLite store;
- :mod:`.table`: drills at a table of 3 to 9 players with ICM payouts
  (:class:`~omahanash.trainer.table.TableDrill`, the same face as :class:`Drill`);
- :mod:`.tree_drill`: drills on a preflop betting tree (pot limit, no limit, a tree file) at
  2 to 6 players, answered with the node's actions (:class:`~omahanash.trainer.tree_drill.
  TreeDrill`), graded by :func:`~omahanash.trainer.grading.grade_tree`; their equilibria
  kept by :mod:`.tree_cache`.

>>> from omahanash.trainer import Drill, DrillConfig
>>> drill = Drill(DrillConfig("holdem", stacks=(8, 12), position="both"), seed=1,
...               persist=False)
>>> for _ in range(5):
...     _ = drill.answer(drill.next_spot().best_action)
>>> drill.statistics().spots, drill.statistics().accuracy, drill.statistics().ev_lost_bb
(5, 1.0, 0.0)
"""

from __future__ import annotations

from omahanash.trainer.drill import (
    CLOSE_THRESHOLD_BB,
    GAME_CHOICES,
    POSITIONS,
    Answer,
    Drill,
    DrillConfig,
    Spot,
    leak_cells,
    parse_stacks,
)
from omahanash.trainer.grading import Grade, grade, parse_action
from omahanash.trainer.history import History, default_path
from omahanash.trainer.stats import AnswerRecord, Cell, Statistics, WeakSpot, summarize

__all__ = [
    "CLOSE_THRESHOLD_BB",
    "GAME_CHOICES",
    "POSITIONS",
    "Answer",
    "AnswerRecord",
    "Cell",
    "Drill",
    "DrillConfig",
    "Grade",
    "History",
    "Spot",
    "Statistics",
    "WeakSpot",
    "default_path",
    "grade",
    "leak_cells",
    "parse_action",
    "parse_stacks",
    "summarize",
]
