"""Range views of a jam-fold solution: the Hold'em 13×13 grid and the sortable, filterable
class table (every game), both Qt models (no widget per hand).

* :class:`HoldemGridModel` — 13×13 cells (pairs on the diagonal, suited above, offsuit below),
  each coloured from white (never) to green (always) by the push or call probability.
* :class:`ClassTableModel` + :func:`class_proxy` — one row per class (id, cards, combos,
  push %, call %, EVs), sorted by value and filtered by the cards text.

Both also mark a *locked* range (the exploit panel's, :mod:`ui.exploit_panel`), given as one
weight per class id (``set_locked``): the grid writes the locked cells in bold blue (and, while
it shows no solution, colours them from white to blue by their weight); the class table shows
the weight in its last column, "Locked %", coloured the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QFont

RANKS = "AKQJT98765432"
CLASS_COLUMNS = (("id", "Id"), ("cards", "Cards"), ("combos", "Combos"),
                 ("push_pct", "Push %"), ("call_pct", "Call %"), ("push_ev", "Push EV"),
                 ("pu_fold_ev", "PU fold EV"), ("call_ev", "Call EV"),
                 ("ca_fold_ev", "CA fold EV"))
LOCKED_HEADER = "Locked %"
HOLDEM_CLASSES = 169
#: The text colour of a locked cell of the grid.
LOCKED_TEXT = QColor("#0b3d91")


def grid_cell(cards: str) -> tuple[int, int]:
    """Row and column of a Hold'em class in the 13×13 grid: ``'As Ks'`` -> (0, 1) (suited,
    above the diagonal), ``'Ks As'``/``'As Kh'`` -> (1, 0) (offsuit, below)."""
    first, second = cards.split()
    a, b = RANKS.index(first[0].upper()), RANKS.index(second[0].upper())
    high, low = min(a, b), max(a, b)
    if a == b:
        return a, a
    suited = first[1].lower() == second[1].lower()
    return (high, low) if suited else (low, high)


def grid_name(row: int, column: int) -> str:
    """``(0, 1)`` -> ``'AKs'``, ``(1, 0)`` -> ``'AKo'``, ``(0, 0)`` -> ``'AA'``."""
    if row == column:
        return RANKS[row] * 2
    high, low = min(row, column), max(row, column)
    return RANKS[high] + RANKS[low] + ("s" if row < column else "o")


def probability_colour(p: float) -> QColor:
    """White at 0, a strong green at 1."""
    p = min(max(p, 0.0), 1.0)
    return QColor(int(255 - 200 * p), int(255 - 80 * p), int(255 - 200 * p))


def locked_colour(weight: float) -> QColor:
    """White at 0, a strong blue at 1: the weight of a class in a locked range.

    >>> locked_colour(1.0).name(), locked_colour(0.0).name()
    ('#417dff', '#ffffff')
    """
    weight = min(max(weight, 0.0), 1.0)
    return QColor(int(255 - 190 * weight), int(255 - 130 * weight), 255)


def _bold() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


@functools.cache
def _holdem_cells() -> tuple[tuple[int, int], ...]:
    """The grid cell of each Hold'em class id (0..168)."""
    from omahanash.hands import class_cards

    return tuple(grid_cell(class_cards("holdem", i)) for i in range(HOLDEM_CLASSES))


class HoldemGridModel(QAbstractTableModel):
    """The Hold'em range grid: :meth:`set_rows` fills it from a solution, :meth:`set_locked`
    marks a locked range (its weight under ``LOCKED_ROLE``)."""

    #: The data role of a cell's locked weight (None: not in the locked range).
    LOCKED_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._p: dict[tuple[int, int], float] = {}
        self._locked: dict[tuple[int, int], float] = {}

    def set_rows(self, rows: Sequence[dict], key: str) -> None:
        """Fill from :meth:`JamFoldSolution.class_rows` (``key``: push_pct or call_pct)."""
        self.beginResetModel()
        self._p = {grid_cell(r["cards"]): r[key] / 100.0 for r in rows}
        self.endResetModel()

    def set_locked(self, weights: np.ndarray | None) -> None:
        """Mark the classes of a locked Hold'em range: ``weights`` per class id (169), None
        clears the marks."""
        self.beginResetModel()
        self._locked = {} if weights is None else {
            cell: float(w) for cell, w in zip(_holdem_cells(), weights, strict=True) if w > 0}
        self.endResetModel()

    def probability(self, row: int, column: int) -> float | None:
        return self._p.get((row, column))

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008 (Qt API)
        return 0 if parent.isValid() else 13

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 13

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        cell = (index.row(), index.column())
        p = self._p.get(cell)
        locked = self._locked.get(cell)
        if role == Qt.ItemDataRole.DisplayRole:
            return grid_name(*cell)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (grid_name(*cell) + ("" if p is None else f": {100 * p:.1f}%")
                    + ("" if locked is None else f" (locked: {100 * locked:.1f}%)"))
        if role == Qt.ItemDataRole.BackgroundRole:
            if p is not None:
                return probability_colour(p)
            return None if locked is None or self._p else locked_colour(locked)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor("black") if locked is None else LOCKED_TEXT
        if role == Qt.ItemDataRole.FontRole and locked is not None:
            return _bold()
        if role == self.LOCKED_ROLE:
            return locked
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return p
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < 13:
            return RANKS[section]
        return None


class ClassTableModel(QAbstractTableModel):
    """Every class of a solution, one row each (values sort under ``Qt.UserRole``), and the
    weight of each class in a locked range (:meth:`set_locked`) in the last column."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple] = []
        self._cards_per_row = 0  # 2: Hold'em rows, 4: Omaha rows
        self._locked: np.ndarray | None = None

    def set_locked(self, weights: np.ndarray | None) -> None:
        """Show a locked range: ``weights`` per class id of the solution's variant; None
        empties the column."""
        self._locked = None if weights is None else np.asarray(weights, dtype=np.float64)
        if self._rows:
            column = len(CLASS_COLUMNS)
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    def _locked_percent(self, row: int) -> float | None:
        # Hold'em and Omaha class ids overlap: a lock of the other game marks nothing.
        if self._locked is None or (self._locked.size == HOLDEM_CLASSES) != (
                self._cards_per_row == 2):
            return None
        return 100.0 * float(self._locked[self._rows[row][0]])

    def set_rows(self, rows: Sequence[dict]) -> None:
        self.beginResetModel()
        self._rows = [tuple(r[key] for key, _ in CLASS_COLUMNS) for r in rows]
        self._cards_per_row = len(rows[0]["cards"].split()) if rows else 0
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(CLASS_COLUMNS) + 1

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if index.column() == len(CLASS_COLUMNS):
            return self._locked_data(index.row(), role)
        value = self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if isinstance(value, float):
                return f"{value:.2f}" if index.column() in (3, 4) else f"{value:.4f}"
            return str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() != 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and index.column() in (3, 4):
            return probability_colour(value / 100.0)
        return None

    def _locked_data(self, row: int, role: int) -> object:
        percent = self._locked_percent(row)
        if percent is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{percent:.2f}"
        if role == Qt.ItemDataRole.UserRole:
            return percent
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return locked_colour(percent / 100.0)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(CLASS_COLUMNS):
            return CLASS_COLUMNS[section][1]
        if orientation == Qt.Orientation.Horizontal and section == len(CLASS_COLUMNS):
            return LOCKED_HEADER
        return None


def class_proxy(model: ClassTableModel, parent: QObject | None = None) -> QSortFilterProxyModel:
    """Sorts by value and filters on the cards column (case-insensitive substring)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    proxy.setFilterKeyColumn(1)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
