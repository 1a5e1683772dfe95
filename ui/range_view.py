"""Range views of a jam-fold solution: the Hold'em 13×13 grid and the sortable, filterable
class table (every game), both Qt models (no widget per hand).

* :class:`HoldemGridModel` — 13×13 cells (pairs on the diagonal, suited above, offsuit below),
  each coloured from white (never) to green (always) by the push or call probability.
* :class:`ClassTableModel` + :func:`class_proxy` — one row per class (id, cards, combos,
  push %, call %, EVs), sorted by value and filtered by the cards text.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor

RANKS = "AKQJT98765432"
CLASS_COLUMNS = (("id", "Id"), ("cards", "Cards"), ("combos", "Combos"),
                 ("push_pct", "Push %"), ("call_pct", "Call %"), ("push_ev", "Push EV"),
                 ("pu_fold_ev", "PU fold EV"), ("call_ev", "Call EV"),
                 ("ca_fold_ev", "CA fold EV"))


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


class HoldemGridModel(QAbstractTableModel):
    """The Hold'em range grid; :meth:`set_probabilities` takes ``{(row, col): p}``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._p: dict[tuple[int, int], float] = {}

    def set_rows(self, rows: Sequence[dict], key: str) -> None:
        """Fill from :meth:`JamFoldSolution.class_rows` (``key``: push_pct or call_pct)."""
        self.beginResetModel()
        self._p = {grid_cell(r["cards"]): r[key] / 100.0 for r in rows}
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
        if role == Qt.ItemDataRole.DisplayRole:
            return grid_name(*cell)
        if role == Qt.ItemDataRole.ToolTipRole:
            return grid_name(*cell) + ("" if p is None else f": {100 * p:.1f}%")
        if role == Qt.ItemDataRole.BackgroundRole and p is not None:
            return probability_colour(p)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor("black")
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
    """Every class of a solution, one row each (values sort under ``Qt.UserRole``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple] = []

    def set_rows(self, rows: Sequence[dict]) -> None:
        self.beginResetModel()
        self._rows = [tuple(r[key] for key, _ in CLASS_COLUMNS) for r in rows]
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(CLASS_COLUMNS)

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
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

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(CLASS_COLUMNS):
            return CLASS_COLUMNS[section][1]
        return None


def class_proxy(model: ClassTableModel, parent: QObject | None = None) -> QSortFilterProxyModel:
    """Sorts by value and filters on the cards column (case-insensitive substring)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    proxy.setFilterKeyColumn(1)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
