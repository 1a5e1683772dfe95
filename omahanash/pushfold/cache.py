"""The cache of equilibria for push/fold tables: every face (the app's Table tab, the review,
the trainer, ``omahanash solve``) asks :func:`table_equilibrium`, and a spot solved before
answers from memory at once, or from disk (``<cache>/nash/tables/``: the file keeps the
average strategy's evaluations in prize and in chips, so the EVs, ranges and lookups need no
pass over the deals).

A spot's key is everything its equilibrium depends on: the spot (game, stacks, blinds,
antes, payouts), the deals (how many, or exact, and the seed) and the equity table's
identity. Only a run that ended by itself is kept: it reached the default target (NashConv ≤
0.1 % of the prize pool, or of the chips in play in chip EV) or stalled above it (the best
this method gives the spot: solving again would stall again); a stopped run or one that hit
its iteration cap is returned but never kept. Two-player spots go through the heads-up
engine and its own cache.

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> spot = PushFoldSpot("holdem", [900, 1300, 1100], 50, 100, payouts="50/30/20")
>>> first = table_equilibrium(spot, deals=20_000, persist=False)
>>> table_equilibrium(spot, deals=20_000, persist=False) is first
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from omahanash.equity.tablefile import resolve_cache_dir
from omahanash.equity.tables import load_table, table_identity
from omahanash.errors import Cancelled, InputError
from omahanash.hands import num_classes
from omahanash.pushfold.solution import PUSHFOLD_SOLUTION, PushFoldSolution
from omahanash.pushfold.solve import solve_pushfold
from omahanash.pushfold.solver import default_deals
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.runs import CancelFlag, cancel_scope
from omahanash.savefile import read_header
from omahanash.solving import Report

if TYPE_CHECKING:
    from omahanash.equity.tables import EquityTable

logger = logging.getLogger(__name__)

#: The engine's answer version, in every key: an entry solved by an earlier engine (before the
#: share-of-stake target, the stall rule, the big blind's best reply and the class-triple
#: source: 2; before antes went to the pots by contribution: 3) is never an answer now.
ENGINE = 3

_MEMORY: dict[str, PushFoldSolution] = {}
_LOCK = threading.Lock()  # the app's workers may ask from several threads


def spot_key(spot: PushFoldSpot, table: EquityTable, deals: int | str | None,
             seed: int, iterations: int | None = None) -> str:
    """The cache key: a hash of the spot, the deals, the run (to the target, or a number
    of iterations) and the table's identity."""
    text = json.dumps({"spot": spot.describe(), "deals": deals, "seed": seed,
                       "iterations": iterations, "table": table_identity(table),
                       "engine": ENGINE},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def table_equilibrium(spot: PushFoldSpot, *, deals: int | str | None = None, seed: int = 0,
                      iterations: int | None = None, table: EquityTable | None = None,
                      cache_dir: str | os.PathLike | None = None, persist: bool = True,
                      progress: Callable[[float, float], None] | None = None,
                      cancel: CancelFlag | None = None,
                      on_report: Callable[[Report], None] | None = None,
                      live: bool = False,
                      ) -> PushFoldSolution:
    """The equilibrium of ``spot``: from memory, from disk (unless ``persist`` is False), or
    solved to the default target by :func:`~omahanash.pushfold.solve.solve_pushfold` and
    kept (in memory, and on disk if ``persist``) when it reached the target. ``deals``,
    ``seed`` and ``iterations`` (a fixed number instead of the target: kept as it is, the
    run being reproducible) and ``live`` (reports for a live view) as for
    ``solve_pushfold``; a stop through ``cancel`` returns the
    work done (``solution.stopped``), never kept."""
    if not isinstance(spot, PushFoldSpot):
        raise InputError(f"spot must be a PushFoldSpot, got {spot!r}")
    if deals is not None and not isinstance(deals, (int, str)):
        raise InputError(f"deals must be a number of deals or 'exact', got {deals!r}")
    if table is None:
        table = load_table(spot.variant, None if cache_dir is None else str(cache_dir))

    # the default spelled out: a changed default is another key, never an old answer
    key = spot_key(spot, table, default_deals(spot, table) if deals is None else deals, seed,
                   iterations)
    path = _disk_path(key, cache_dir)
    with _LOCK:
        found = _MEMORY.get(key)
    if found is not None:
        if persist and spot.players > 2 and not path.is_file():  # kept for another folder
            _write(found, path)
        return found
    if persist:
        found = _read(path, table, spot, default_deals(spot, table) if deals is None else deals,
                      seed, iterations)
        if found is not None:
            with _LOCK:
                return _MEMORY.setdefault(key, found)
    solution = solve_pushfold(spot, iterations=iterations, deals=deals, seed=seed, table=table,
                              cache_dir=None if cache_dir is None else str(cache_dir),
                              progress=progress, cancel=cancel, on_report=on_report,
                              live=live)
    if solution.stopped or (iterations is None
                            and solution.status not in ("converged", "stalled")):
        return solution
    if persist and spot.players > 2:  # heads-up equilibria live in the heads-up cache
        _chip_pass(solution, cancel)
        _write(solution, path)
    with _LOCK:
        return _MEMORY.setdefault(key, solution)


def _chip_pass(solution: PushFoldSolution, cancel: CancelFlag | None) -> None:
    """The chip values of a solved spot too, so that its file answers everything; a Stop
    ends the pass at once (the run itself is finished and kept: a reopened file makes the
    chip pass when it is asked for)."""
    try:
        with cancel_scope(cancel):
            solution.solver.evaluate(icm=False)
    except Cancelled:
        logger.debug("the chip pass of a solved table was stopped: kept without it")


def clear_memory() -> None:
    """Forget the solutions kept in this process (the files on disk stay)."""
    with _LOCK:
        _MEMORY.clear()


def _disk_path(key: str, cache_dir: str | os.PathLike | None) -> Path:
    return resolve_cache_dir(cache_dir) / "nash" / "tables" / f"{key}.pushfold"


def _read(path: Path, table: EquityTable, spot: PushFoldSpot, deals: int | str, seed: int,
          iterations: int | None) -> PushFoldSolution | None:
    """The kept solution at ``path`` if it is sound and made of every input of the key - the
    spot, the deals (exact, or how many), the seed, the run (to the target, or a number of
    iterations), the equity table's classes - each verified in the file, never trusted from
    its name (a seed-7 file under the seed-0 name, a 2,000-deal file asked for 5,000); else
    None (solved again)."""
    if not path.is_file():
        return None
    try:
        solution = PushFoldSolution.load(path, table=table)
    except (InputError, OSError) as error:  # damaged or another format: solve again
        logger.info("not using the cached table equilibrium %s: %s", path, error)
        return None
    problem = _other_inputs(solution, table, spot, deals, seed, iterations) \
        or _other_classes(path, table)
    if problem is not None:  # a hash collision, a hand-made or renamed file
        logger.info("not using the cached table equilibrium %s: %s", path, problem)
        return None
    return solution


def _other_inputs(solution: PushFoldSolution, table: EquityTable, spot: PushFoldSpot,
                  deals: int | str, seed: int, iterations: int | None) -> str | None:
    """What of the key's inputs ``solution`` was not made with (None: all of them)."""
    made = solution.solver.deals
    if solution.spot.describe() != spot.describe():
        return "another spot"
    if int(made.seed) != int(seed):
        return f"deals of seed {made.seed}, not {seed}"
    if (deals == "exact") != bool(made.exact) or (deals != "exact"
                                                   and int(made.count) != int(deals)):
        return (f"{'exact' if made.exact else made.count} deals, not "
                f"{'exact' if deals == 'exact' else deals}")
    if iterations is not None and solution.iterations != iterations:
        return f"{solution.iterations} iterations, not {iterations}"
    if iterations is None and solution.status not in ("converged", "stalled"):
        return f"a run that ended {solution.status}, not at the target"
    return None


def _other_classes(path: Path, table: EquityTable) -> str | None:
    """Whether the file was solved on another class subset than ``table`` (its header's
    record: a reopened solution takes the table it is given)."""
    try:
        saved = read_header(path, PUSHFOLD_SOLUTION)["meta"]["table"]["class_ids"]
    except (InputError, OSError, KeyError, TypeError):
        return "no record of its equity table's classes"
    everyone = table.n == num_classes(table.game)
    if (saved is None) != everyone or (saved is not None and [int(c) for c in saved]
                                       != [int(c) for c in table.class_ids]):
        return "another class subset of the equity table"
    return None


def _write(solution: PushFoldSolution, path: Path) -> None:
    """Keep ``solution`` on disk; a cache that cannot be written only costs time later."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        solution.save(path)
    except (OSError, InputError) as error:
        logger.warning("could not cache the table equilibrium in %s: %s", path, error)
