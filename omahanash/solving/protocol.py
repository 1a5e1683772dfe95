"""The solver protocol's types: :class:`Solver`, :class:`Report`, :class:`TabularPolicy` and
:class:`Outcome` (the run loop is :mod:`omahanash.solving.run`).

A :class:`Report` means the same in every family: ``nash_conv`` is the sum over the players of
what each would gain by a best response to the others' average strategies, in the family's
unit (chips, big blinds, prize, a game's payoff), and ``exploitability`` is NashConv divided
by the number of players (OpenSpiel's convention). A target given to
:func:`~omahanash.solving.run` is an exploitability, whatever the family.

>>> report = Report(10, 0.3, {"range_pu": 58.4}, players=3)
>>> report.nash_conv, round(report.exploitability, 6), report.figures["range_pu"]
(0.3, 0.1, 58.4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from omahanash.errors import InputError

__all__ = ["REASONS", "STATUS", "Outcome", "Report", "Solver", "TabularPolicy"]

#: The stop reasons of an :class:`Outcome`.
REASONS = ("iterations", "target", "stalled", "cancelled")
#: How a run ended, in the words the command line (``"status"``) and the app show, by reason.
STATUS = {"target": "converged", "stalled": "stalled", "iterations": "iterations",
          "cancelled": "stopped"}


@dataclass(frozen=True)
class Report:
    """One solver's state after some iterations.

    ``iteration``: iterations done in all; ``nash_conv``: the players' summed best-response
    gains against the average strategies (infinite before there is an average);
    ``figures``: the family's other numbers by name (PostEV1, PostEV2, ranges, each seat's
    gain, …); ``players``: how many share the NashConv. :attr:`exploitability` is
    ``nash_conv / players``, the quantity a run's target is compared with.

    >>> Report(4, 0.5).exploitability, Report(0, float("inf")).exploitability
    (0.25, inf)
    """

    iteration: int
    nash_conv: float
    figures: Mapping[str, float] = field(default_factory=dict)
    players: int = 2

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or self.players < 1:
            raise InputError(f"players must be a whole number >= 1, got {self.players!r}")

    @property
    def exploitability(self) -> float:
        """NashConv per player: ``nash_conv / players``."""
        return self.nash_conv / self.players


@runtime_checkable
class Solver(Protocol):
    """What :func:`~omahanash.solving.run` drives: ``iterations`` (done in all, a continued run
    counting the earlier ones), ``step(n)`` with ``n >= 1`` (no cancellation inside: a step is
    short), ``report()`` (a :class:`Report` of the state now, at iteration 0 too) and
    ``average_policy()`` (a :class:`TabularPolicy`)."""

    @property
    def iterations(self) -> int: ...

    def step(self, n: int) -> None: ...

    def report(self) -> Report: ...

    def average_policy(self) -> TabularPolicy: ...


@dataclass(frozen=True)
class TabularPolicy:
    """A policy as a table: one row per decision ``keys`` (an information-set key, ``"PU:AKo"``,
    …), one column per action name ``actions``; ``table[r, a]`` the probability. ``legal`` (a
    boolean table of the same shape, None: every action everywhere) marks the actions a row
    has when rows differ (a CFR tree); an illegal action has probability 0.

    >>> policy = TabularPolicy(("PU:AA", "PU:72o"), ("fold", "push"),
    ...                        np.array([[0.0, 1.0], [1.0, 0.0]]))
    >>> policy.row("PU:AA"), policy.probability("PU:72o", "fold")
    ({'fold': 0.0, 'push': 1.0}, 1.0)
    >>> policy.to_dict()["PU:72o"]
    {'fold': 1.0, 'push': 0.0}
    """

    keys: tuple[str, ...]
    actions: tuple[str, ...]
    table: np.ndarray
    legal: np.ndarray | None = None

    def __post_init__(self) -> None:
        table = np.asarray(self.table, dtype=np.float64)
        if table.shape != (len(self.keys), len(self.actions)):
            raise InputError(f"policy table of shape {table.shape} for {len(self.keys)} keys "
                             f"and {len(self.actions)} actions")
        object.__setattr__(self, "keys", tuple(self.keys))
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "table", table)
        if self.legal is not None:
            legal = np.asarray(self.legal, dtype=bool)
            if legal.shape != table.shape:
                raise InputError(f"legal mask of shape {legal.shape} for a table of "
                                 f"shape {table.shape}")
            object.__setattr__(self, "legal", legal)

    def index(self, key: str) -> int:
        """The row of ``key``; :class:`InputError` if there is none."""
        try:
            return self._index()[key]
        except KeyError:
            raise InputError(f"no decision {key!r} in this policy") from None

    def _index(self) -> dict[str, int]:
        cached = self.__dict__.get("_rows")
        if cached is None:
            cached = {key: r for r, key in enumerate(self.keys)}
            object.__setattr__(self, "_rows", cached)
        return cached

    def row(self, key: str) -> dict[str, float]:
        """Action name → probability at ``key`` (its legal actions only)."""
        r = self.index(key)
        return {name: float(self.table[r, a]) for a, name in enumerate(self.actions)
                if self.legal is None or self.legal[r, a]}

    def probability(self, key: str, action: str) -> float:
        """The probability of ``action`` at ``key``."""
        try:
            a = self.actions.index(action)
        except ValueError:
            raise InputError(f"no action {action!r} in this policy") from None
        return float(self.table[self.index(key), a])

    def to_dict(self) -> dict[str, dict[str, float]]:
        """Every row: key → {action: probability} (legal actions only)."""
        return {key: self.row(key) for key in self.keys}

    def read_only(self) -> TabularPolicy:
        """A copy whose arrays cannot be written (``setflags(write=False)``: writing raises
        ``ValueError``); this policy is left as it is.

        >>> policy = TabularPolicy(("K/",), ("pass", "bet"), np.array([[0.5, 0.5]]))
        >>> frozen = policy.read_only()
        >>> frozen.table.flags.writeable, policy.table.flags.writeable
        (False, True)
        """
        table = self.table.copy()
        table.setflags(write=False)
        legal = None
        if self.legal is not None:
            legal = self.legal.copy()
            legal.setflags(write=False)
        return TabularPolicy(self.keys, self.actions, table, legal)


@dataclass(frozen=True)
class Outcome:
    """How a run ended. ``report``: the solver's report at the end (after a Stop, one whose
    pass the Stop interrupted is not made: NashConv ``inf``, not measured); ``iterations_run``:
    iterations of this run; ``stopped``: True only when the cancel flag stopped it (the work
    done is kept); ``reason``: ``"iterations"`` (the count, or the cap of a run to a target,
    was reached), ``"target"`` (the exploitability reached the target), ``"stalled"`` (a run
    to a target stopped improving: :class:`~omahanash.solving.run.Stall`) or
    ``"cancelled"``; ``history``: every report made during the run, in order (a live plot's
    data). :attr:`status` says it in the players' words.

    >>> done = Outcome(Report(5, 0.0), 5, False, "target")
    >>> done.reached_target, done.status, Outcome(Report(5, 1.0), 5, True, "cancelled").status
    (True, 'converged', 'stopped')
    """

    report: Report
    iterations_run: int
    stopped: bool
    reason: str
    history: tuple[Report, ...] = ()

    @property
    def reached_target(self) -> bool:
        """True when the run stopped because the measure reached the target."""
        return self.reason == "target"

    @property
    def status(self) -> str:
        """``"converged"`` (the target was reached), ``"stalled"``, ``"iterations"`` (the
        count or the cap) or ``"stopped"`` (Stop)."""
        return STATUS[self.reason]
