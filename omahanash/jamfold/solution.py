"""A jam-fold solution: parameters, table identity, solver state, history; run, look up,
save, reopen, export.

This is what the CLI and the GUI drive::

    solution = JamFoldSolution.create(JamFoldParams("holdem"), solver="cfr+")
    solution.run(progress=..., cancel=flag, on_iteration=plot_point)   # default stopping rule
    solution.lookup("AKo", "pu").diff_ev
    solution.save("hu10bb.jamfold"); JamFoldSolution.load("hu10bb.jamfold").run(iterations=50)
    solution.export("hu10bb.csv", "csv")

Save files are ``MAGIC | u64 header length | JSON header | float64 arrays | blake2b-256 of all
before``, written to a temporary file and renamed into place. A file that is foreign,
truncated or damaged, of another format version, or made on another equity table (game,
samples, seed, checksum, classes) is refused with an :class:`InputError`.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import struct
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from omahanash.errors import InputError
from omahanash.jamfold.game import JamFoldGame, JamFoldParams
from omahanash.jamfold.solvers import (
    FP_DEFAULT_ITERATIONS,
    MAX_ITERATIONS,
    STATE_CLASSES,
    TARGET_EPSILON_BB,
    IterationReport,
    SolverState,
    check_solver,
    run_iterations,
    start_state,
)
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.savefile import atomic_write

MAGIC = b"OMAHANASH JAMFOLD SOLUTION\n"
FORMAT_VERSION = 1
DIGEST_BYTES = 32
PLAYERS = ("pu", "ca")
EXPORT_FORMATS = ("csv", "json")
HISTORY_COLUMNS = ("iteration", "postev1", "postev2", "epsilon", "range_pu", "range_ca")


@dataclass(frozen=True)
class HandLookup:
    """One class of one player against the opponent's current average strategy (chips).

    ``played`` is the push (PU) or call (CA) probability. PU's EVs are over all deals holding
    the class; CA's are given that PU pushed, so CA's ``fold_ev`` is ``-(BB + A)``.
    """

    player: str
    id: int
    cards: str
    played: float
    allin_ev: float
    fold_ev: float
    diff_ev: float

    def as_dict(self) -> dict:
        return asdict(self)


def check_player(player: str) -> str:
    """``"pu"`` or ``"ca"`` (also accepts 1/2, player1/player2, any case).

    >>> check_player("PU"), check_player("2")
    ('pu', 'ca')
    """
    key = str(player).strip().lower().replace(" ", "")
    key = {"1": "pu", "player1": "pu", "2": "ca", "player2": "ca"}.get(key, key)
    if key not in PLAYERS:
        raise InputError(f"player must be pu or ca, got {player!r}")
    return key


def table_identity(table) -> dict:
    """What a save file records about its equity table (and checks on reopening)."""
    from omahanash.hands import num_classes

    full = table.n == num_classes(table.game)
    info = table.info
    return {"game": table.game, "samples": info.get("samples"), "seed": info.get("seed"),
            "checksum": info.get("checksum"), "classes": int(table.n),
            "class_ids": None if full else [int(c) for c in table.class_ids]}


class JamFoldSolution:
    """A solver run on one game and table; every method works between iterations."""

    def __init__(self, game: JamFoldGame, state: SolverState,
                 history: Sequence[IterationReport] = ()) -> None:
        self.game = game
        self.state = state
        self.history: list[IterationReport] = list(history)

    @classmethod
    def create(cls, params: JamFoldParams, solver: str = "cfr+", table=None,
               cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> JamFoldSolution:
        """A fresh run; ``table`` defaults to :func:`~omahanash.equity.tables.load_table`.

        >>> solution = JamFoldSolution.create(JamFoldParams("holdem"))
        >>> solution.run()[-1].epsilon <= 1e-3
        True
        """
        solver = check_solver(solver)
        if table is None:
            from omahanash.equity.tables import load_table

            table = load_table(params.game, cache_dir, class_ids)
        game = JamFoldGame(table, params)
        return cls(game, start_state(solver, game))

    # -- properties --------------------------------------------------------------------------

    @property
    def params(self) -> JamFoldParams:
        return self.game.params

    @property
    def solver(self) -> str:
        return self.state.name

    @property
    def iterations(self) -> int:
        return self.state.iteration

    @property
    def last_report(self) -> IterationReport | None:
        return self.history[-1] if self.history else None

    @property
    def push_strategy(self) -> np.ndarray:
        """PU's average push probability per class position (``game.class_ids``)."""
        return self.state.average_push()

    @property
    def call_strategy(self) -> np.ndarray:
        """CA's average call probability per class position."""
        return self.state.average_call()

    def target_epsilon(self) -> float:
        """The default stopping point of CFR+: 0.0001 big blinds, in chips."""
        return TARGET_EPSILON_BB * self.params.bb

    # -- running -----------------------------------------------------------------------------

    def run(self, iterations: int | None = None, progress: ProgressCallback | None = None,
            cancel: CancelFlag | None = None,
            on_iteration: Callable[[IterationReport], None] | None = None,
            target_epsilon: float | None = None) -> list[IterationReport]:
        """Continue the run and return the new reports (also appended to :attr:`history`).

        ``iterations``: exactly that many more. Without it CFR+ runs until Epsilon ≤
        ``target_epsilon`` (default 0.0001 BB; at most 20,000 more iterations) and fictitious
        play until it has done 100 iterations in all. Stops early, keeping every finished
        iteration, when ``cancel`` is set.
        """
        if iterations is None and self.solver == "fp" and target_epsilon is None:
            iterations = max(0, FP_DEFAULT_ITERATIONS - self.iterations)
        if iterations is None:
            target = self.target_epsilon() if target_epsilon is None else float(target_epsilon)
            if self.last_report is not None and self.last_report.epsilon <= target:
                return []
            reports = run_iterations(self.game, self.state, None, target, progress, cancel,
                                     on_iteration, MAX_ITERATIONS)
        else:
            reports = run_iterations(self.game, self.state, int(iterations), None, progress,
                                     cancel, on_iteration)
        self.history.extend(reports)
        return reports

    # -- per hand ----------------------------------------------------------------------------

    def position_of(self, hand: int | str) -> int:
        """Table position of a class id, cards or Hold'em name (:class:`InputError` if bad)."""
        from omahanash.hands import parse_class

        return self.game.table.position(parse_class(hand, self.params.game))

    def values(self, player: str) -> tuple[np.ndarray, np.ndarray]:
        """``(allin_ev, fold_ev)`` per class position of ``player`` vs the opponent's average."""
        player = check_player(player)
        gq, gtp = self.state.average_products()
        if player == "pu":
            values = self.game.pu_values(gq)
        else:
            values = self.game.ca_values(self.push_strategy, gtp)
        return values.allin_ev, values.fold_ev

    def lookup(self, hand: int | str, player: str = "pu") -> HandLookup:
        """Id, canonical cards, played probability and EVs of one class for PU or CA.

        >>> solution = JamFoldSolution.create(JamFoldParams("holdem"))
        >>> _ = solution.run()
        >>> [round(solution.lookup(hand, "ca").played, 3) for hand in ("AA", "7h 2d")]
        [1.0, 0.0]
        """
        from omahanash.hands import class_cards

        player = check_player(player)
        position = self.position_of(hand)
        allin, fold = self.values(player)
        strategy = self.push_strategy if player == "pu" else self.call_strategy
        class_id = int(self.game.class_ids[position])
        return HandLookup(player, class_id, class_cards(self.params.game, class_id),
                          float(strategy[position]), float(allin[position]),
                          float(fold[position]), float(allin[position] - fold[position]))

    def class_rows(self) -> list[dict]:
        """Per class: id, cards, combos, push %, call %, and both players' EVs (chips)."""
        from omahanash.hands import class_cards

        push_ev, pu_fold = self.values("pu")
        call_ev, ca_fold = self.values("ca")
        push, call = self.push_strategy, self.call_strategy
        game = self.params.game
        return [{"id": int(c), "cards": class_cards(game, int(c)),
                 "combos": int(self.game.combos[k]),
                 "push_pct": round(100 * float(push[k]), 4),
                 "call_pct": round(100 * float(call[k]), 4),
                 "push_ev": round(float(push_ev[k]), 6), "pu_fold_ev": float(pu_fold[k]),
                 "call_ev": round(float(call_ev[k]), 6), "ca_fold_ev": float(ca_fold[k])}
                for k, c in enumerate(self.game.class_ids)]

    def summary(self) -> dict:
        """Game, iterations, ranges, PostEVs, Epsilon and history (the CLI's JSON)."""
        last = self.last_report
        return {"game": self.params.game, "solver": self.solver, "iterations": self.iterations,
                "range_pu": last.range_pu if last else None,
                "range_ca": last.range_ca if last else None,
                "postev1": last.postev1 if last else None,
                "postev2": last.postev2 if last else None,
                "epsilon": last.epsilon if last else None,
                "history": [[r.iteration, r.postev1, r.postev2, r.epsilon]
                            for r in self.history]}

    # -- export ------------------------------------------------------------------------------

    def export(self, path: str | os.PathLike, fmt: str) -> Path:
        """Write :meth:`class_rows` as ``csv`` or ``json`` (with parameters and table)."""
        fmt = str(fmt).lower()
        if fmt not in EXPORT_FORMATS:
            raise InputError(f"export format must be csv or json, got {fmt!r}")
        path = Path(path)
        rows = self.class_rows()
        try:
            with atomic_write(path, "w", newline="", encoding="utf-8") as out:
                if fmt == "csv":
                    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
                    writer.writeheader()
                    writer.writerows(rows)
                else:
                    document = {"params": self.params.as_dict(), "solver": self.solver,
                                "table": table_identity(self.game.table),
                                "iterations": self.iterations,
                                "epsilon": self.last_report.epsilon if self.history else None,
                                "classes": rows}
                    json.dump(document, out)
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror}") from None
        return path

    # -- save / load -------------------------------------------------------------------------

    def save(self, path: str | os.PathLike) -> Path:
        """Write the solution atomically (temporary file + rename)."""
        path = Path(path)
        arrays = dict(self.state.arrays)
        arrays["history"] = np.array([r.as_row() for r in self.history],
                                     dtype=np.float64).reshape(-1, len(HISTORY_COLUMNS))
        header = {"format_version": FORMAT_VERSION, "params": self.params.as_dict(),
                  "solver": self.solver, "iteration": self.iterations,
                  "table": table_identity(self.game.table),
                  "arrays": [{"name": k, "shape": list(v.shape)} for k, v in arrays.items()]}
        head = json.dumps(header).encode()
        digest = hashlib.blake2b(digest_size=DIGEST_BYTES)
        try:
            with atomic_write(path) as out:
                for chunk in [MAGIC, struct.pack("<Q", len(head)), head] + [
                        np.ascontiguousarray(v, dtype="<f8").tobytes() for v in arrays.values()]:
                    digest.update(chunk)
                    out.write(chunk)
                out.write(digest.digest())
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror}") from None
        return path

    @classmethod
    def load(cls, path: str | os.PathLike, table=None,
             cache_dir: str | os.PathLike | None = None) -> JamFoldSolution:
        """Reopen a saved solution on its table (loaded from ``cache_dir`` unless given)."""
        header, arrays = read_solution_file(path)
        params = JamFoldParams(**{**header["params"], "stacks": tuple(header["params"]["stacks"])})
        saved_table = header["table"]
        if table is None:
            from omahanash.equity.tables import load_table

            table = load_table(params.game, cache_dir, saved_table["class_ids"])
        if table_identity(table) != saved_table:
            raise InputError(f"{path}: saved on another {saved_table['game']} equity table "
                             f"(samples {saved_table['samples']}, seed {saved_table['seed']}, "
                             f"checksum {saved_table['checksum']}) than the one loaded")
        game = JamFoldGame(table, params)
        state_class = STATE_CLASSES[check_solver(header["solver"])]
        state = state_class({k: arrays[k] for k in state_class.array_names},
                            header["iteration"])
        if state.n != game.n:
            raise InputError(f"{path}: strategies for {state.n} classes, table has {game.n}")
        history = [IterationReport(int(row[0]), *map(float, row[1:]))
                   for row in arrays["history"]]
        return cls(game, state, history)


def read_solution_file(path: str | os.PathLike) -> tuple[dict, dict[str, np.ndarray]]:
    """Header and arrays of a save file, verified; :class:`InputError` says what is wrong."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None
    if not data.startswith(MAGIC):
        raise InputError(f"{path}: not an omahanash jam-fold solution file")
    fixed = len(MAGIC) + 8
    if len(data) < fixed + DIGEST_BYTES:
        raise InputError(f"{path}: truncated solution file")
    body, stored_digest = data[:-DIGEST_BYTES], data[-DIGEST_BYTES:]
    if hashlib.blake2b(body, digest_size=DIGEST_BYTES).digest() != stored_digest:
        raise InputError(f"{path}: truncated or damaged solution file (checksum mismatch)")
    (head_length,) = struct.unpack("<Q", data[len(MAGIC):fixed])
    try:
        header = json.loads(body[fixed:fixed + head_length])
    except ValueError:
        raise InputError(f"{path}: damaged solution header") from None
    if header.get("format_version") != FORMAT_VERSION:
        raise InputError(f"{path}: solution format version {header.get('format_version')} "
                         f"is not supported (this build reads version {FORMAT_VERSION})")
    arrays: dict[str, np.ndarray] = {}
    offset = fixed + head_length
    for spec in header["arrays"]:
        count = int(np.prod(spec["shape"]))
        end = offset + 8 * count
        if end > len(body):
            raise InputError(f"{path}: truncated solution file")
        arrays[spec["name"]] = np.frombuffer(body[offset:end], dtype="<f8").reshape(
            spec["shape"]).astype(np.float64)
        offset = end
    if offset != len(body):
        raise InputError(f"{path}: damaged solution file (unexpected length)")
    return header, arrays
