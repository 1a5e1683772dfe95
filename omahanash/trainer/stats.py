"""Answered spots and what they add up to: accuracy, EV lost, answer time and weak spots.

An :class:`AnswerRecord` is one answered spot as the history stores it (a flat row).
:func:`summarize` turns any list of them (a session, the whole history) into
:class:`Statistics`. **Weak spots** are the cells (variant, position, stack band, hand group;
see :mod:`omahanash.trainer.groups`) holding at least one wrong answer, worst first: most EV
lost, then lowest accuracy; "drill my leaks" deals from them.

>>> rows = [example_record(correct=True), example_record(correct=False, ev_lost_bb=0.75)]
>>> stats = summarize(rows)
>>> stats.spots, stats.accuracy, stats.ev_lost_bb, stats.weak_spots[0].group
(2, 0.5, 0.75, "Texas Hold'em · SB · 6-10 bb · offsuit A")
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, NamedTuple

from omahanash.cards import Variant
from omahanash.trainer.groups import stack_band

__all__ = ["WEAK_SPOTS", "AnswerRecord", "Cell", "Statistics", "WeakSpot", "example_record",
           "summarize"]

#: How many weak spots the statistics list.
WEAK_SPOTS = 10


class Cell(NamedTuple):
    """Where weak spots are counted: variant, position (``sb``/``bb``; at a table the seat,
    e.g. ``btn``), stack band, hand group and, at a table of 3 or more (``players``), the
    decision node (``BB vs BTN+SB``).

    >>> Cell("omaha-hi", "bb", "6-10 bb", "pairs").label
    'Omaha Hi · BB · 6-10 bb · pairs'
    >>> Cell("holdem", "bb", "6-10 bb", "pairs TT+", 3, "BB vs BTN+SB").label
    "Texas Hold'em · 3 players · BB vs BTN+SB calls · 6-10 bb · pairs TT+"
    """

    variant: str
    position: str
    stack_band: str
    hand_group: str
    players: int = 2
    node: str = ""

    @property
    def label(self) -> str:
        """The cell as a player reads it (the ``group`` of the statistics' JSON)."""
        name = Variant.parse(self.variant).display_name
        if self.players > 2 and self.node:
            verb = "calls" if " vs " in self.node else "pushes"
            return " · ".join((name, f"{self.players} players", f"{self.node} {verb}",
                               self.stack_band, self.hand_group))
        return " · ".join((name, self.position.upper(), self.stack_band, self.hand_group))


@dataclass(frozen=True)
class AnswerRecord:
    """One answered spot (EVs in big blinds; ``action``/``best_action`` are ``allin`` or
    ``fold``; ``seconds`` the answer time, None when not measured; ``close`` whether it was
    dealt in close-spots mode; ``answered_at`` an ISO 8601 UTC time).

    Spots at a table of 3 or more (:mod:`omahanash.trainer.table`) also fill ``players``,
    ``node`` (``BB vs BTN+SB``), ``payouts`` (``50/30/20``, ``chips``), ``stacks`` (every
    seat's stack in big blinds, preflop order: ``10/15/8``) and, with payouts, the EVs and the
    EV lost in prize equity as % of the prize pool (``*_pct``); their ``*_bb`` figures are
    the prize equity in big blinds at the table's average chip value. Heads-up answers keep
    the defaults (2 players, empty texts, no ``*_pct``).

    >>> example_record().cell.label
    "Texas Hold'em · SB · 6-10 bb · offsuit A"
    """

    answered_at: str
    session: str
    variant: str
    position: str
    stack_bb: float
    ante_bb: float
    class_id: int
    hand: str
    hand_group: str
    action: str
    best_action: str
    frequency: float
    allin_ev_bb: float
    fold_ev_bb: float
    ev_lost_bb: float
    correct: bool
    seconds: float | None
    close: bool
    players: int = 2
    node: str = ""
    payouts: str = ""
    stacks: str = ""
    allin_ev_pct: float | None = None
    fold_ev_pct: float | None = None
    ev_lost_pct: float | None = None

    @property
    def cell(self) -> Cell:
        if self.players > 2:
            return Cell(self.variant, self.position, stack_band(self.stack_bb),
                        self.hand_group, self.players, self.node)
        return Cell(self.variant, self.position, stack_band(self.stack_bb), self.hand_group)

    @classmethod
    def columns(cls) -> tuple[str, ...]:
        """The field names, in order (the history's columns and the CSV header).

        >>> AnswerRecord.columns()[:3]
        ('answered_at', 'session', 'variant')
        """
        return tuple(f.name for f in fields(cls))

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def example_record(**changes: Any) -> AnswerRecord:
    """A made-up record (A9o pushed from the SB at 10 bb) with ``changes``: for examples and
    tests.

    >>> example_record(correct=False).correct
    False
    """
    record = AnswerRecord(answered_at="2026-01-01T00:00:00+00:00", session="example",
                          variant="holdem", position="sb", stack_bb=10.0, ante_bb=0.0,
                          class_id=18, hand="Ah 9c", hand_group="offsuit A", action="allin",
                          best_action="allin", frequency=1.0, allin_ev_bb=0.3,
                          fold_ev_bb=-0.5, ev_lost_bb=0.0, correct=True, seconds=2.0,
                          close=False)
    return replace(record, **changes)


@dataclass(frozen=True)
class WeakSpot:
    """A cell's tally: answers, accuracy (0..1) and EV lost (big blinds)."""

    cell: Cell
    spots: int
    accuracy: float
    ev_lost_bb: float

    @property
    def group(self) -> str:
        return self.cell.label

    def as_dict(self) -> dict[str, Any]:
        """``group`` (the label), ``spots``, ``accuracy``, ``ev_lost_bb`` and the cell's parts.

        >>> summarize([example_record(correct=False)]).weak_spots[0].as_dict()["hand_group"]
        'offsuit A'
        """
        return {"group": self.group, "spots": self.spots, "accuracy": self.accuracy,
                "ev_lost_bb": self.ev_lost_bb, **self.cell._asdict()}


@dataclass(frozen=True)
class Statistics:
    """Totals over answered spots: ``accuracy`` 0..1 (None without spots), EV lost in big
    blinds (total and per spot), mean answer time in seconds (None when none was measured)
    and the weak spots, worst first."""

    spots: int
    correct: int
    ev_lost_bb: float
    mean_seconds: float | None
    weak_spots: tuple[WeakSpot, ...]

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.spots if self.spots else None

    @property
    def mean_ev_lost_bb(self) -> float | None:
        return self.ev_lost_bb / self.spots if self.spots else None

    def as_dict(self) -> dict[str, Any]:
        """What ``omahanash train --stats --json`` prints.

        >>> summarize([]).as_dict()
        {'spots': 0, 'accuracy': None, 'ev_lost_bb': 0.0, 'mean_ev_lost_bb': None, \
'mean_seconds': None, 'weak_spots': []}
        """
        return {"spots": self.spots, "accuracy": self.accuracy, "ev_lost_bb": self.ev_lost_bb,
                "mean_ev_lost_bb": self.mean_ev_lost_bb, "mean_seconds": self.mean_seconds,
                "weak_spots": [spot.as_dict() for spot in self.weak_spots]}


def summarize(records: Iterable[AnswerRecord], weak_spots: int = WEAK_SPOTS) -> Statistics:
    """The :class:`Statistics` of ``records``, listing at most ``weak_spots`` weak spots.

    >>> summarize([example_record(seconds=1.0), example_record(seconds=3.0)]).mean_seconds
    2.0
    """
    records = list(records)
    cells: dict[Cell, list[AnswerRecord]] = {}
    for record in records:
        cells.setdefault(record.cell, []).append(record)
    tallies = [WeakSpot(cell, len(rows), sum(r.correct for r in rows) / len(rows),
                        sum(r.ev_lost_bb for r in rows))
               for cell, rows in cells.items() if not all(r.correct for r in rows)]
    tallies.sort(key=lambda spot: (-spot.ev_lost_bb, spot.accuracy, spot.cell))
    times = [r.seconds for r in records if r.seconds is not None]
    return Statistics(spots=len(records), correct=sum(r.correct for r in records),
                      ev_lost_bb=float(sum(r.ev_lost_bb for r in records)),
                      mean_seconds=sum(times) / len(times) if times else None,
                      weak_spots=tuple(tallies[:max(0, weak_spots)]))
