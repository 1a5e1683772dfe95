"""The one registry of solvers: ``REGISTRY[family][name]`` → :class:`SolverEntry`.

Every iterative solver of every family is a row: CFR on a compiled tree (``cfr``), the
heads-up jam-fold game (``jamfold``), matrix-game learning (``matrix``), push/fold at a
table of 2–10 players (``pushfold``) and CFR+ over the deals on a preflop betting tree
(``trees``). A name a user may type is a row, aliases included (an
alias row names its canonical ``name``). The command line and the app list the choices from
here, and the shared battery (``tests/solving/test_battery.py``) runs every row through step,
stop, resume, save and reload, and report.

Rows are data: the solver class is named by its dotted path and imported on
:meth:`SolverEntry.load`, so listing the names costs nothing (the command line's ``--help``
imports no solver) and this module, at the bottom of the layers, imports no family. Every
solver class has ``from_problem(problem, **options)`` (the family's problem: a game or tree, a
jam-fold game, a matrix game, a push/fold spot, a preflop spot with its tree), which
:meth:`SolverEntry.create` calls with the row's options.

>>> sorted(REGISTRY)
['cfr', 'jamfold', 'matrix', 'pushfold', 'trees']
>>> REGISTRY["jamfold"]["cfr-plus"].name, names("jamfold")
('cfr+', ('fp', 'cfr+'))
>>> entry = REGISTRY["matrix"]["rm+"]
>>> entry.load().__name__, dict(entry.options)
('RegretMatchingSolver', {'plus': True})
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from omahanash.errors import InputError

__all__ = ["FAMILIES", "REGISTRY", "SolverEntry", "lookup", "names"]


@dataclass(frozen=True)
class SolverEntry:
    """One row: ``family``, the canonical ``name``, the solver class's dotted path
    ``solver`` (``"module:Class"``), the ``options`` its ``create`` takes for this row, the
    ``label`` a player reads (the app's choice lists) and a one-line ``description``.
    ``alias`` is the name typed when it differs from ``name``."""

    family: str
    name: str
    solver: str
    options: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    alias: str | None = None
    label: str = ""

    def load(self) -> type:
        """The solver class (imported now)."""
        module, _, attribute = self.solver.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def create(self, problem: Any, **options: Any) -> Any:
        """A fresh solver of this row on ``problem`` (``options`` add to the row's)."""
        solver_class: Any = self.load()
        return solver_class.from_problem(problem, **{**self.options, **options})


def _rows(family: str, solver: str,
          rows: list[tuple[str, str, dict, str, tuple[str, ...]]]) -> Mapping[str, SolverEntry]:
    table: dict[str, SolverEntry] = {}
    for name, label, options, description, aliases in rows:
        for typed in (name, *aliases):
            table[typed] = SolverEntry(family, name, solver, MappingProxyType(options),
                                       description, None if typed == name else typed, label)
    return MappingProxyType(table)


def _cfr(algorithm: str, traversal: str, regret_plus: bool, linear: bool) -> dict[str, Any]:
    return {"algorithm": algorithm, "traversal": traversal, "regret_plus": regret_plus,
            "linear": linear}


#: family -> name -> row (aliases are rows).
REGISTRY: Mapping[str, Mapping[str, SolverEntry]] = MappingProxyType({
    # a CFR row's options are how the kernel runs it: the traversal (a mode of
    # omahanash.cfr.kernels.TRAVERSALS), regret matching+ or not, linear averaging or not
    "cfr": _rows("cfr", "omahanash.cfr.solvers:CFRSolver", [
        ("cfr", "CFR", _cfr("cfr", "full", False, False),
         "vanilla CFR: alternating updates, regret matching, uniform averaging", ()),
        ("cfr+", "CFR+", _cfr("cfr+", "full", True, True),
         "CFR+: regret matching+, linear averaging", ()),
        ("mccfr-chance", "MCCFR (chance sampling)",
         _cfr("mccfr-chance", "chance-sampling", False, False),
         "chance-sampled Monte Carlo CFR (the thesis's method)", ()),
        ("mccfr-external", "MCCFR (external sampling)",
         _cfr("mccfr-external", "external-sampling", False, False),
         "external-sampling Monte Carlo CFR", ()),
    ]),
    "jamfold": _rows("jamfold", "omahanash.jamfold.solvers:JamFoldSolver", [
        ("fp", "Fictitious play", {"state": "fp"},
         "Brown-Robinson fictitious play (as the thesis)", ()),
        ("cfr+", "CFR+", {"state": "cfr+"},
         "CFR+: regret matching+ per class, alternating updates, linear averaging",
         ("cfrplus", "cfr-plus")),
    ]),
    "matrix": MappingProxyType({
        **_rows("matrix", "omahanash.games.matrix.iterative:RegretMatchingSolver", [
            ("rm", "Regret matching", {"plus": False}, "regret matching", ("cfr",)),
            ("rm+", "Regret matching+", {"plus": True},
             "regret matching+ (CFR+ on a matrix game)", ("cfr+",)),
        ]),
        **_rows("matrix", "omahanash.games.matrix.iterative:FictitiousPlaySolver", [
            ("fp", "Fictitious play", {}, "simultaneous fictitious play, ties broken by a seed",
             ()),
        ]),
    }),
    "pushfold": _rows("pushfold", "omahanash.pushfold.solver:PushFoldSolver", [
        ("cfr+", "CFR+", {}, "CFR+ over the deals: simultaneous regret matching+ of every "
         "seat, delayed linear averaging", ()),
    ]),
    "trees": _rows("trees", "omahanash.trees.solver:TreeSolver", [
        ("cfr+", "CFR+", {}, "CFR+ over the deals on a preflop betting tree: simultaneous "
         "regret matching+ at every decision and hand class, quadratic averaging", ()),
    ]),
})
#: The families, in the order the registry lists them.
FAMILIES: tuple[str, ...] = tuple(REGISTRY)


def lookup(family: str, name: str) -> SolverEntry:
    """The row of ``name`` (any case, aliases too) in ``family``; an
    :class:`~omahanash.errors.InputError` naming the choices otherwise.

    >>> lookup("cfr", "CFR+").name
    'cfr+'
    >>> lookup("jamfold", "dcfr")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: unknown jamfold solver 'dcfr' (choose from fp, cfr+)
    """
    if family not in REGISTRY:
        raise InputError(f"unknown solver family {family!r} (choose from "
                         f"{', '.join(FAMILIES)})")
    rows = REGISTRY[family]
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in rows:
        raise InputError(f"unknown {family} solver {name!r} (choose from "
                         f"{', '.join(names(family))})")
    return rows[key]


def names(family: str) -> tuple[str, ...]:
    """The canonical names of ``family``'s solvers (no aliases), in registry order."""
    return tuple(name for name, entry in REGISTRY[family].items() if entry.alias is None)
