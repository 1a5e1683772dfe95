"""Answered spots and what they add up to: accuracy, EV lost, answer time and weak spots.

An :class:`AnswerRecord` is one answered spot as the history stores it (a flat row).
:func:`summarize` turns any list of them (a session, the whole history) into
:class:`Statistics`. **Weak spots** are the cells (variant, position, stack band, hand group;
see :mod:`omahanash.trainer.groups`) holding at least one wrong answer, worst first: most EV
lost, then lowest accuracy; "drill my leaks" deals from them. Betting-tree answers
(:class:`TreeAnswerRecord`) are counted by their own cells (:class:`TreeCell`: variant, tree,
players, stack band, node and the equilibrium's best action there), beside the others.

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

__all__ = ["TREE_WORDS", "WEAK_SPOTS", "AnswerRecord", "Cell", "Statistics", "TreeAnswerRecord",
           "TreeCell", "WeakSpot", "example_record", "example_tree_record", "summarize"]

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


#: The betting trees as players name them (a tree file: its file name).
TREE_WORDS = {"pl": "pot limit", "pl-limp": "pot limit with limps", "nl": "no limit",
              "pushfold": "push/fold"}


class TreeCell(NamedTuple):
    """Where weak spots of betting-tree drills are counted: variant, tree, players, stack band,
    the decision node and the action the equilibrium prefers there (its best action).

    >>> TreeCell("omaha-hi", "pl", 2, "11-15 bb", "BB vs SB open", "call").label
    'Omaha Hi · pot limit · 2 players · 11-15 bb · BB vs SB open: call'
    """

    variant: str
    tree: str
    players: int
    stack_band: str
    node: str
    action: str

    @property
    def label(self) -> str:
        name = Variant.parse(self.variant).display_name
        action = "all in" if self.action == "allin" else self.action
        return " · ".join((name, TREE_WORDS.get(self.tree, self.tree),
                           f"{self.players} players", self.stack_band,
                           f"{self.node}: {action}"))


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


@dataclass(frozen=True)
class TreeAnswerRecord:
    """One answered betting-tree spot (:mod:`omahanash.trainer.tree_drill`), as the history
    keeps it beside the push/fold answers: the tree, the table (``stacks`` every seat's in big
    blinds, ``stack_bb`` the effective one), the node and the hero's seat, the hand, the
    answer and its size (``to_bb``: chips in after it, in big blinds), the best action, the
    answer's equilibrium ``frequency``, its EV and the best EV in big blinds (prize equity at
    the table's average chip value with payouts), the EV lost in big blinds and, with payouts,
    in % of the prize pool; ``actions`` every action of the node as JSON text (``action``,
    ``to``, ``percent``, ``ev_bb``, ``ev_pct``).

    >>> example_tree_record(correct=False, ev_lost_bb=0.4).cell.label
    "Texas Hold'em · pot limit · 2 players · 6-10 bb · SB open: raise"
    """

    answered_at: str
    session: str
    variant: str
    tree: str
    players: int
    payouts: str
    stacks: str
    stack_bb: float
    ante_bb: float
    node: str
    position: str
    class_id: int
    hand: str
    hand_group: str
    action: str
    to_bb: float
    best_action: str
    frequency: float
    ev_bb: float
    best_ev_bb: float
    ev_lost_bb: float
    ev_lost_pct: float | None
    correct: bool
    seconds: float | None
    close: bool
    actions: str

    @property
    def cell(self) -> TreeCell:
        return TreeCell(self.variant, self.tree, self.players, stack_band(self.stack_bb),
                        self.node, self.best_action)

    @classmethod
    def columns(cls) -> tuple[str, ...]:
        """The field names, in order (the history's ``tree_answers`` columns)."""
        return tuple(f.name for f in fields(cls))

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def example_tree_record(**changes: Any) -> TreeAnswerRecord:
    """A made-up tree answer (A9o raised from the SB at 10 bb, pot limit) with ``changes``.

    >>> example_tree_record().action
    'raise'
    """
    record = TreeAnswerRecord(
        answered_at="2026-01-01T00:00:00+00:00", session="example", variant="holdem",
        tree="pl", players=2, payouts="chips", stacks="10/10", stack_bb=10.0, ante_bb=0.0,
        node="SB open", position="sb", class_id=18, hand="Ah 9c", hand_group="offsuit A",
        action="raise", to_bb=3.0, best_action="raise", frequency=0.9, ev_bb=0.4,
        best_ev_bb=0.4, ev_lost_bb=0.0, ev_lost_pct=None, correct=True, seconds=2.0,
        close=False, actions="[]")
    return replace(record, **changes)


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

    cell: Cell | TreeCell
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


def summarize(records: Iterable[AnswerRecord | TreeAnswerRecord],
              weak_spots: int = WEAK_SPOTS) -> Statistics:
    """The :class:`Statistics` of ``records``, listing at most ``weak_spots`` weak spots.

    >>> summarize([example_record(seconds=1.0), example_record(seconds=3.0)]).mean_seconds
    2.0
    """
    records = list(records)
    cells: dict[Cell | TreeCell, list[AnswerRecord | TreeAnswerRecord]] = {}
    for record in records:
        cells.setdefault(record.cell, []).append(record)
    tallies = [WeakSpot(cell, len(rows), sum(r.correct for r in rows) / len(rows),
                        sum(r.ev_lost_bb for r in rows))
               for cell, rows in cells.items() if not all(r.correct for r in rows)]
    # (a tree's cells after the push/fold ones of equal loss: the two kinds never compared)
    tallies.sort(key=lambda spot: (-spot.ev_lost_bb, spot.accuracy,
                                   isinstance(spot.cell, TreeCell), spot.cell))
    times = [r.seconds for r in records if r.seconds is not None]
    return Statistics(spots=len(records), correct=sum(r.correct for r in records),
                      ev_lost_bb=float(sum(r.ev_lost_bb for r in records)),
                      mean_seconds=sum(times) / len(times) if times else None,
                      weak_spots=tuple(tallies[:max(0, weak_spots)]))
