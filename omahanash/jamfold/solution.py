"""A jam-fold solution: parameters, table identity, solver state, history; run, look up,
save, reopen, export.

This is what the CLI and the GUI drive::

    solution = JamFoldSolution.create(JamFoldParams(variant="holdem"), solver="cfr+")
    solution.run(progress=..., cancel=flag, on_report=plot_point)   # default stopping rule
    solution.lookup("AKo", player="pusher").diff_ev
    solution.save("hu10bb.jamfold"); JamFoldSolution.load("hu10bb.jamfold").run(iterations=50)
    solution.export("hu10bb.csv", "csv")

Save files are :mod:`omahanash.savefile` containers (:data:`JAMFOLD_SOLUTION`: parameters,
solver, table identity in the meta; float64 solver state and history as arrays), written
atomically. A file that is foreign, truncated or damaged, of another kind or format version is
refused with the container's one message; one made on another equity table (game, samples,
seed, checksum, classes) with an :class:`InputError`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from omahanash.equity.tables import EquityTable, load_table, table_identity
from omahanash.errors import InputError
from omahanash.hands import class_cards, parse_class
from omahanash.jamfold.game import JamFoldGame, JamFoldParams
from omahanash.jamfold.solvers import (
    DEFAULT_SOLVER,
    FP_DEFAULT_ITERATIONS,
    MAX_ITERATIONS,
    SOLVERS,
    TARGET_EPSILON_BB,
    IterationReport,
    JamFoldSolver,
    SolverState,
    check_iterations,
    check_solver,
    check_target_epsilon,
    run_solver,
    start_state,
)
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.savefile import FileKind, atomic_write, read, write, write_csv
from omahanash.solving import Outcome
from omahanash.solving.checks import report_hook

# Version 1 was a file of its own (magic, JSON header, arrays, blake2b digest).
JAMFOLD_SOLUTION = FileKind("jamfold-solution", 2, "omahanash jam-fold solution",
                            meta_types=(("params", dict), ("solver", str), ("iteration", int),
                                        ("table", dict)),
                            array_dtypes=(("history", ("<f8",)),))
PLAYERS = ("pusher", "caller")
# The thesis's names of the players (the CLI's --player and JSON, the GUI) and other spellings.
PLAYER_ALIASES = {"pu": "pusher", "1": "pusher", "player1": "pusher",
                  "ca": "caller", "2": "caller", "player2": "caller"}
THESIS_PLAYER = {"pusher": "pu", "caller": "ca"}
EXPORT_FORMATS = ("csv", "json")
HISTORY_COLUMNS = ("iteration", "post_ev_pusher", "post_ev_caller", "epsilon", "pusher_range",
                   "caller_range")


@dataclass(frozen=True)
class HandLookup:
    """One class of one player against the opponent's current average strategy (chips).

    ``player`` is ``"pusher"`` or ``"caller"``; ``played`` the push or call probability. The
    pusher's EVs are over all deals holding the class; the caller's are given that the pusher
    pushed, so the caller's ``fold_ev`` is ``-(BB + A)``.

    >>> hand = HandLookup("caller", 0, "2s 2h", 0.25, -9.0, -10.0, 1.0)
    >>> hand.diff_ev == hand.allin_ev - hand.fold_ev, hand.as_dict()["player"]
    (True, 'ca')
    """

    player: str
    id: int
    cards: str
    played: float
    allin_ev: float
    fold_ev: float
    diff_ev: float

    def as_dict(self) -> dict:
        """The fields for the CLI's JSON, where the player keeps the thesis's name (pu, ca)."""
        return {**asdict(self), "player": THESIS_PLAYER[self.player]}


def check_player(player: object) -> str:
    """``"pusher"`` or ``"caller"``; also takes the thesis's ``pu``/``ca``, 1/2 and
    player1/player2, in any case.

    >>> check_player("PU"), check_player("caller"), check_player("2")
    ('pusher', 'caller', 'caller')
    """
    key = str(player).strip().lower().replace(" ", "")
    key = PLAYER_ALIASES.get(key, key)
    if key not in PLAYERS:
        raise InputError(f"player must be pu or ca (pusher or caller), got {player!r}")
    return key


def solve_jamfold(
    params: JamFoldParams,
    solver: str = DEFAULT_SOLVER,
    iterations: int | None = None,
    target_epsilon: float | None = None,
    table: EquityTable | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> JamFoldSolution:
    """Solve the jam-fold game of ``params``: the one call behind ``omahanash.solve_jamfold``.

    ``solver`` is ``"cfr+"`` (default) or ``"fp"`` (fictitious play). Without ``iterations``
    CFR+ runs until Epsilon ≤ ``target_epsilon`` chips (default 0.0001 big blinds) and
    fictitious play for 100 iterations; ``table`` defaults to the variant's built equity table
    (:func:`~omahanash.equity.tables.load_table`). ``progress(done, total)`` counts iterations;
    a set ``cancel`` flag stops the run between iterations, keeping what was done. The solution
    can be looked up, continued (:meth:`JamFoldSolution.run`), saved and exported.

    >>> sol = solve_jamfold(JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100))
    >>> hand = sol.lookup("Ah Kd", player="pusher")
    >>> hand.cards, round(hand.played, 3), round(hand.allin_ev, 2), hand.fold_ev
    ('As Kh', 1.0, 16.71, -5.0)
    >>> round(hand.diff_ev, 2)  # pushing AKo gains 21.71 chips over folding
    21.71
    """
    solution = JamFoldSolution.create(params, solver, table=table)
    solution.run(iterations, progress=progress, cancel=cancel, target_epsilon=target_epsilon)
    return solution


class JamFoldSolution(JamFoldSolver):
    """A solver run on one game and table; every method works between iterations. It is a
    :class:`omahanash.solving.Solver` (see :class:`~omahanash.jamfold.solvers.JamFoldSolver`);
    :attr:`outcome` is how the last :meth:`run` ended (None before one).

    >>> solution = JamFoldSolution.create(JamFoldParams(variant="holdem", stacks=60), "fp")
    >>> len(solution.run(iterations=20)), solution.iterations
    (20, 20)
    >>> round(solution.lookup("AA", player="caller").played, 2)
    1.0
    """

    def __init__(self, game: JamFoldGame, state: SolverState,
                 history: Sequence[IterationReport] = ()) -> None:
        super().__init__(game, state, history)
        self.outcome: Outcome | None = None

    @classmethod
    def create(cls, params: JamFoldParams, solver: str = DEFAULT_SOLVER, table=None,
               cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> JamFoldSolution:
        """A fresh run; ``table`` defaults to :func:`~omahanash.equity.tables.load_table`.

        >>> solution = JamFoldSolution.create(JamFoldParams(variant="holdem"))
        >>> solution.run()[-1].epsilon <= 1e-3
        True
        """
        if not isinstance(params, JamFoldParams):
            raise InputError(f"params must be a JamFoldParams, got {params!r}")
        solver = check_solver(solver)
        if table is None:
            table = load_table(params.variant, cache_dir, class_ids)
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
    def last_report(self) -> IterationReport | None:
        return self.history[-1] if self.history else None

    @property
    def push_strategy(self) -> np.ndarray:
        """The pusher's average push probability per class position (``game.class_ids``)."""
        return self.state.average_push()

    @property
    def call_strategy(self) -> np.ndarray:
        """The caller's average call probability per class position."""
        return self.state.average_call()

    def target_epsilon(self) -> float:
        """The default stopping point of CFR+: 0.0001 big blinds, in chips."""
        return TARGET_EPSILON_BB * self.params.bb

    def at_target(self, target_epsilon: float | None = None) -> bool:
        """Whether the last report's Epsilon is at most ``target_epsilon`` (chips; default
        :meth:`target_epsilon`): a CFR+ run that stopped at its iteration cap is not.

        >>> solution = JamFoldSolution.create(JamFoldParams(variant="holdem"))
        >>> _ = solution.run(iterations=2)
        >>> solution.at_target(), (solution.run(), solution.at_target())[1]
        (False, True)
        """
        target = self.target_epsilon() if target_epsilon is None else target_epsilon
        last = self.last_report
        return last is not None and last.epsilon <= target

    # -- running -----------------------------------------------------------------------------

    def run(self, iterations: int | None = None, progress: ProgressCallback | None = None,
            cancel: CancelFlag | None = None,
            on_report: Callable[[IterationReport], None] | None = None,
            target_epsilon: float | None = None, *,
            on_iteration: Callable[[IterationReport], None] | None = None,
            ) -> list[IterationReport]:
        """Continue the run and return the new reports (also appended to :attr:`history`).

        ``iterations``: exactly that many more. Without it CFR+ runs until Epsilon ≤
        ``target_epsilon`` (default 0.0001 BB; at most 20,000 more iterations) and fictitious
        play until it has done 100 iterations in all. Stops early, keeping every finished
        iteration, when ``cancel`` is set. ``on_report(report)`` after every iteration
        (``on_iteration`` is its deprecated name).
        """
        on_report = report_hook(on_report, on_iteration=on_iteration)
        if iterations is None and self.solver == "fp" and target_epsilon is None:
            iterations = max(0, FP_DEFAULT_ITERATIONS - self.iterations)
        before = len(self.history)
        if iterations is None:
            target = self.target_epsilon() if target_epsilon is None \
                else check_target_epsilon(target_epsilon)
            if self.last_report is not None and self.last_report.epsilon <= target:
                return []
            self.outcome = run_solver(self, None, target, progress, cancel, on_report,
                                      MAX_ITERATIONS)
        else:
            self.outcome = run_solver(self, check_iterations(iterations), None, progress,
                                      cancel, on_report)
        return self.history[before:]

    # -- per hand ----------------------------------------------------------------------------

    def position_of(self, hand: int | str) -> int:
        """Table position of a class id, cards or Hold'em name (:class:`InputError` if bad)."""
        return self.game.table.position(parse_class(hand, self.params.variant))

    def values(self, player: str) -> tuple[np.ndarray, np.ndarray]:
        """``(allin_ev, fold_ev)`` per class position of ``player`` (see :func:`check_player`)
        against the opponent's average strategy."""
        player = check_player(player)
        gq, gtp = self.state.average_products()
        if player == "pusher":
            values = self.game.pusher_values(gq)
        else:
            values = self.game.caller_values(self.push_strategy, gtp)
        return values.allin_ev, values.fold_ev

    def lookup(self, hand: int | str, player: str = "pusher") -> HandLookup:
        """Id, canonical cards, played probability and EVs of one class for the pusher or the
        caller (``player``: see :func:`check_player`; ``"pu"``/``"ca"`` work too).

        >>> solution = JamFoldSolution.create(JamFoldParams(variant="holdem"))
        >>> _ = solution.run()
        >>> [round(solution.lookup(hand, player="caller").played, 3) for hand in ("AA", "7h 2d")]
        [1.0, 0.0]
        """
        player = check_player(player)
        position = self.position_of(hand)
        allin, fold = self.values(player)
        strategy = self.push_strategy if player == "pusher" else self.call_strategy
        class_id = int(self.game.class_ids[position])
        return HandLookup(player, class_id, class_cards(self.params.variant, class_id),
                          float(strategy[position]), float(allin[position]),
                          float(fold[position]), float(allin[position] - fold[position]))

    def class_rows(self) -> list[dict]:
        """Per class: id, cards, combos, push %, call %, and both players' EVs (chips), under
        the column names of the exports (the thesis's ``pu``/``ca``)."""
        push_ev, pusher_fold = self.values("pusher")
        call_ev, caller_fold = self.values("caller")
        push, call = self.push_strategy, self.call_strategy
        variant = self.params.variant
        return [{"id": int(c), "cards": class_cards(variant, int(c)),
                 "combos": int(self.game.combos[k]),
                 "push_pct": round(100 * float(push[k]), 4),
                 "call_pct": round(100 * float(call[k]), 4),
                 "push_ev": round(float(push_ev[k]), 6), "pu_fold_ev": float(pusher_fold[k]),
                 "call_ev": round(float(call_ev[k]), 6), "ca_fold_ev": float(caller_fold[k])}
                for k, c in enumerate(self.game.class_ids)]

    def summary(self) -> dict:
        """Game, iterations, ranges, PostEVs, Epsilon and history: the CLI's JSON, under the
        thesis's names."""
        last = self.last_report
        return {"game": str(self.params.variant), "solver": self.solver,
                "iterations": self.iterations,
                "range_pu": last.pusher_range if last else None,
                "range_ca": last.caller_range if last else None,
                "postev1": last.post_ev_pusher if last else None,
                "postev2": last.post_ev_caller if last else None,
                "epsilon": last.epsilon if last else None,
                "history": [[r.iteration, r.post_ev_pusher, r.post_ev_caller, r.epsilon]
                            for r in self.history]}

    # -- export ------------------------------------------------------------------------------

    def export(self, path: str | os.PathLike, fmt: str) -> Path:
        """Write :meth:`class_rows` as ``csv`` or ``json`` (with parameters and table)."""
        fmt = str(fmt).lower()
        if fmt not in EXPORT_FORMATS:
            raise InputError(f"export format must be csv or json, got {fmt!r}")
        path = Path(path)
        rows = self.class_rows()
        last = self.last_report
        if fmt == "csv":
            return write_csv(path, list(rows[0]), rows)
        document = {"params": self.params.as_dict(), "solver": self.solver,
                    "table": table_identity(self.game.table), "iterations": self.iterations,
                    "epsilon": last.epsilon if last else None, "classes": rows}
        try:
            with atomic_write(path, "w", encoding="utf-8") as out:
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
        meta = {"params": self.params.as_dict(), "solver": self.solver,
                "iteration": self.iterations, "table": table_identity(self.game.table)}
        try:
            write(path, JAMFOLD_SOLUTION, meta,
                  {name: np.asarray(value, dtype=np.float64) for name, value in arrays.items()})
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror}") from None
        return path

    @classmethod
    def load(cls, path: str | os.PathLike, table=None,
             cache_dir: str | os.PathLike | None = None) -> JamFoldSolution:
        """Reopen a saved solution on its table (loaded from ``cache_dir`` unless given)."""
        header, arrays = read_solution_file(path)
        params = JamFoldParams.from_dict(header["params"])
        saved_table = header["table"]
        if table is None:
            table = load_table(params.variant, cache_dir, saved_table["class_ids"])
        if table_identity(table) != saved_table:
            raise InputError(f"{path}: saved on another {saved_table['game']} equity table "
                             f"(samples {saved_table['samples']}, seed {saved_table['seed']}, "
                             f"checksum {saved_table['checksum']}) than the one loaded")
        game = JamFoldGame(table, params)
        state_class = SOLVERS[check_solver(header["solver"])]
        state = state_class({k: arrays[k] for k in state_class.array_names},
                            header["iteration"])
        if state.n != game.n:
            raise InputError(f"{path}: strategies for {state.n} classes, table has {game.n}")
        history = [IterationReport(int(row[0]), *map(float, row[1:]))
                   for row in arrays["history"]]
        return cls(game, state, history)


def read_solution_file(path: str | os.PathLike) -> tuple[dict, dict[str, np.ndarray]]:
    """Meta (params, solver, iteration, table) and arrays of a save file, verified; a
    :class:`~omahanash.savefile.SaveFileError` (an :class:`InputError`) says what is wrong.

    >>> read_solution_file("/no/such.jamfold")
    Traceback (most recent call last):
    ...
    omahanash.savefile.SaveFileError: cannot read /no/such.jamfold: not an ... (no such file)
    """
    saved = read(path, JAMFOLD_SOLUTION)
    return saved.meta, saved.arrays
