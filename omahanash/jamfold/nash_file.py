"""The files of the cache of equilibria, and the answer one holds, read without the game.

:mod:`omahanash.jamfold.nash_cache` keeps each spot's CFR+ equilibrium in
``<cache>/nash/<file_name(spot_key)>`` (a :data:`~omahanash.jamfold.solution.JAMFOLD_SOLUTION`
save file: parameters, solver, iteration count, the equity table's identity, the solver's
arrays and the run's history). What ``omahanash solve`` prints of a spot — iterations, both
ranges, both PostEVs, Epsilon and the history — is all in that history, so a spot solved
before is answered from its file here without the numba game, the equity table or the
solver: :func:`cached_answer` (numpy and the save container only; no numba).

It answers only when the cache itself would (:func:`~omahanash.jamfold.nash_cache.cached_solution`
reads the same file and would return that solution): the file is sound, holds this spot, is a
CFR+ run at the default target, and was made on the equity table that is built now (its
identity read from the table file's verified header: :func:`table_identity_on_disk`).
Anything else — a spot not cached, bad input, another table, a table not built — is
``None``, and the caller takes the solving path, which says what is wrong. What it does not
do: verify every byte of an Omaha table (a 400 MB checksum; the solving path does, and
refuses a damaged table that the cached answer never reads).

>>> cached_answer("holdem", stacks=(100.0, 250.0), cache_dir="/no/such/folder") is None
True
>>> file_name(("omaha-hi", 10.0, 20.0, 0.0, 300.0, 0.0))
'omaha-hi_sb10_bb20_ante0_stack300.jamfold'
"""

from __future__ import annotations

import math
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from omahanash import savefile
from omahanash.cards import Variant
from omahanash.equity.tablefile import EQUITY_TABLE, HOLDEM_RESOURCE, resolve_cache_dir, subset_tag
from omahanash.errors import InputError
from omahanash.hands import num_classes
from omahanash.resources import resource_path

__all__ = ["CachedAnswer", "cached_answer", "file_name", "table_identity_on_disk"]

#: :class:`~omahanash.jamfold.game.JamFoldParams`' defaults (sb, bb, ante, stacks, dead
#: money), :data:`~omahanash.jamfold.game.MAX_CHIPS`, the solvers' default target in big
#: blinds (:data:`~omahanash.jamfold.solvers.TARGET_EPSILON_BB`) and the methods of the equity
#: tables that load (:mod:`omahanash.equity.tables`): the same values (tested), here without
#: importing their numba modules.
DEFAULTS = {"sb": 5.0, "bb": 10.0, "ante": 0.0, "stacks": 100.0, "dead_money": 0.0}
MAX_CHIPS = 1e12
TARGET_EPSILON_BB = 1e-4
TABLE_METHODS = ("suit-blind exact + flush correction sampled on flush boards",
                 "exact enumeration (suit-blind + flush correction enumerated)")
#: The kind of a jam-fold solution file and the arrays of a CFR+ state: those of
#: :data:`~omahanash.jamfold.solution.JAMFOLD_SOLUTION` and
#: :class:`~omahanash.jamfold.solvers.CFRPlus` (tested).
JAMFOLD_SOLUTION = savefile.FileKind("jamfold-solution", 2, "omahanash jam-fold solution",
                                     meta_types=(("params", dict), ("solver", str),
                                                 ("iteration", int), ("table", dict)),
                                     array_dtypes=(("history", ("<f8",)),))
CFR_ARRAYS = ("pusher_regrets", "caller_regrets", "push_sum", "call_sum", "push_products_sum",
              "call_products_sum", "call_products_current", "weight_sum")
#: At most this many classes in a class-subset table
#: (:func:`omahanash.equity.tables.normalize_subset`).
MAX_SUBSET = 512

SpotKey = tuple[str, float, float, float, float, float]


def file_name(key: SpotKey) -> str:
    """The file of the spot ``key`` (``(variant, sb, bb, ante, effective stack, dead money)``,
    :func:`~omahanash.jamfold.nash_cache.spot_key`) in ``<cache>/nash/``.

    >>> file_name(("holdem", 0.5, 1.0, 0.0, 10.0, 2.0))
    'holdem_sb0.5_bb1_ante0_stack10_dead2.jamfold'
    """
    variant, sb, bb, ante, stack, dead = key
    # No dead money: the name files had before dead money existed (they stay valid).
    dead_part = f"_dead{dead:g}" if dead else ""
    return f"{variant}_sb{sb:g}_bb{bb:g}_ante{ante:g}_stack{stack:g}{dead_part}.jamfold"


def nash_path(key: SpotKey, cache_dir: str | os.PathLike | None = None) -> Path:
    """Where the equilibrium of the spot ``key`` is kept.

    >>> nash_path(("holdem", 5.0, 10.0, 0.0, 100.0, 0.0), "/tmp/c").as_posix()
    '/tmp/c/nash/holdem_sb5_bb10_ante0_stack100.jamfold'
    """
    return resolve_cache_dir(cache_dir) / "nash" / file_name(key)


@dataclass(frozen=True)
class CachedAnswer:
    """A cached equilibrium as ``omahanash solve`` shows it: its parameters (the saved
    ``as_dict``), solver, iterations and history (rows of ``iteration, post_ev_pusher,
    post_ev_caller, epsilon, pusher_range, caller_range``).

    >>> answer = CachedAnswer({"game": "holdem"}, "cfr+", 2,
    ...                       np.array([[1, -0.5, 0.6, 0.05, 60.0, 40.0],
    ...                                 [2, -0.4, 0.4, 0.0, 58.0, 37.0]]))
    >>> summary = answer.summary()
    >>> summary["iterations"], summary["range_pu"], summary["history"][-1]
    (2, 58.0, [2, -0.4, 0.4, 0.0])
    """

    params: dict
    solver: str
    iterations: int
    history: np.ndarray

    @property
    def epsilon(self) -> float:
        """The last report's Epsilon (chips)."""
        return float(self.history[-1][3])

    def summary(self) -> dict:
        """:meth:`~omahanash.jamfold.solution.JamFoldSolution.summary` of the solution: the
        same keys and the same numbers (each read back as :class:`IterationReport` does)."""
        rows = [(int(row[0]), *map(float, row[1:])) for row in self.history]
        last = rows[-1]
        return {"game": str(self.params["game"]), "solver": self.solver,
                "iterations": self.iterations, "range_pu": last[4], "range_ca": last[5],
                "postev1": last[1], "postev2": last[2], "epsilon": last[3],
                "history": [[row[0], row[1], row[2], row[3]] for row in rows]}


def _class_subset(variant: Variant, class_ids: Sequence[int] | None) -> list[int] | None | bool:
    """The class ids the loaded table is of: None for the full table, the sorted subset, or
    False when the solving path must judge them (bad ids: it says why)."""
    if class_ids is None or variant is Variant.HOLDEM:  # Hold'em's table has every class
        return None
    n = num_classes("omaha")
    ids = sorted({int(c) for c in class_ids})
    if not ids or ids[0] < 0 or ids[-1] >= n:
        return False
    if len(ids) == n:
        return None
    return ids if len(ids) <= MAX_SUBSET else False


def table_identity_on_disk(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
                           class_ids: Sequence[int] | None = None) -> dict[str, Any] | None:
    """:func:`~omahanash.equity.tables.table_identity` of the table
    :func:`~omahanash.equity.tables.load_table` would load, read from the file (its verified
    header; Hold'em's small shipped file whole) without loading the table; None when there is
    none that would load (not built, damaged, made otherwise).

    >>> table_identity_on_disk("holdem")["classes"]
    169
    >>> table_identity_on_disk("omaha", "/no/such/folder") is None
    True
    """
    variant = Variant.parse(variant)
    subset = _class_subset(variant, class_ids)
    if subset is False:
        return None
    try:
        if variant is Variant.HOLDEM:
            saved = savefile.read(resource_path(HOLDEM_RESOURCE), EQUITY_TABLE,
                                  {"game": "holdem"})
            equity, pairs = saved.arrays["equity"], saved.arrays["pairs"]
            checksum = zlib.crc32(pairs.data, zlib.crc32(equity.data))
            return {"game": "holdem", "samples": None, "seed": None, "checksum": checksum,
                    "classes": 169, "class_ids": None}
        ids = None if subset is None else np.asarray(subset, dtype=np.int64)
        path = resolve_cache_dir(cache_dir) / f"{variant}{subset_tag(ids)}.table"
        header = savefile.read_header(path, EQUITY_TABLE, {"game": str(variant)})
    except (InputError, OSError):
        return None
    meta = header["meta"]
    if not header["complete"] or meta.get("method") not in TABLE_METHODS \
            or meta.get("class_ids") != subset:
        return None
    crcs = header["array_crc"]
    return {"game": str(variant), "samples": meta.get("samples"), "seed": meta.get("seed"),
            "checksum": crcs.get("block_crc", crcs.get("equity")),
            "classes": int(meta["classes"]), "class_ids": subset}


def _real(value: object) -> float | None:
    """A finite number of at most :data:`MAX_CHIPS` chips as a float, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and abs(number) <= MAX_CHIPS else None


def cached_answer(variant: Variant | str, sb: float | None = None, bb: float | None = None,
                  ante: float | None = None, stacks: Sequence[float] | float | None = None,
                  dead_money: float | None = None, *,
                  cache_dir: str | os.PathLike | None = None,
                  class_ids: Sequence[int] | None = None) -> CachedAnswer | None:
    """The cached equilibrium of the heads-up spot (an option left None takes the default
    of :class:`~omahanash.jamfold.game.JamFoldParams`), read from its file, or None when the
    cache of equilibria would not answer (see the module's docstring).

    >>> cached_answer("holdem", stacks=float("nan")) is None
    True
    """
    try:
        variant = Variant.parse(variant)
    except InputError:
        return None
    def value(given: object, name: str) -> float | None:
        return _real(DEFAULTS[name] if given is None else given)

    spot = [value(sb, "sb"), value(bb, "bb"), value(ante, "ante"),
            value(dead_money, "dead_money")]
    given = DEFAULTS["stacks"] if stacks is None else stacks
    pair = [given, given] if isinstance(given, (int, float)) else list(given)
    chips = [_real(s) for s in pair]
    if len(chips) != 2:
        return None
    sb_, bb_, ante_, dead_, s1, s2 = (*spot, *chips)
    if sb_ is None or bb_ is None or ante_ is None or dead_ is None or s1 is None \
            or s2 is None:
        return None  # the solving path says what is wrong
    stack = min(s1, s2)
    key: SpotKey = (str(variant), sb_, bb_, ante_, stack, dead_)
    path = nash_path(key, cache_dir)
    identity = table_identity_on_disk(variant, cache_dir, class_ids) if path.is_file() else None
    if identity is None:
        return None
    try:
        saved = savefile.read(path, JAMFOLD_SOLUTION)
    except InputError:
        return None
    meta = saved.meta
    params = meta["params"]
    try:
        saved_key = (Variant.parse(params["game"]).value, float(params["sb"]),
                     float(params["bb"]), float(params["ante"]),
                     *map(float, params["stacks"]), float(params.get("dead_money", 0.0)))
    except (InputError, KeyError, TypeError, ValueError):
        return None
    # the file's own spot (both stacks at the effective one: the only valid spot of this key,
    # so the asked stacks, both at least it, are valid too)
    if saved_key != (*key[:4], stack, stack, dead_) or meta["table"] != identity:
        return None
    history = np.asarray(saved.arrays.get("history", np.empty((0, 6))), dtype=np.float64)
    if meta["solver"] != "cfr+" or history.ndim != 2 or history.shape[0] == 0 \
            or history.shape[1] != 6 or not history[-1][3] <= TARGET_EPSILON_BB * bb_:
        return None
    regrets = saved.arrays.get("pusher_regrets")  # CFR+'s first array: its classes
    if not set(CFR_ARRAYS) <= set(saved.arrays) or regrets is None or regrets.ndim != 2 \
            or regrets.shape[0] != identity["classes"]:
        return None  # not a CFR+ state of this table's classes: the solving path says so
    return CachedAnswer(dict(params), str(meta["solver"]), int(meta["iteration"]), history)
