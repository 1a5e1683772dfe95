"""The Table tab's result views: the Hold'em 13×13 grid of one node (:class:`NodeGridModel`,
each cell's play % shaded as in the Jam-fold grid, the EVs in its tooltip) and the bubble
factor heat map (:class:`HeatModel`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from ui.kit.range_cells import CELL_TEXT_ROLE, probability_colour
from ui.kit.range_view import RANKS, grid_cell, grid_name

_INDEX = QModelIndex | QPersistentModelIndex  # Qt passes either


def _ev(value: float | None, suffix: str) -> str:
    return "never reached" if value is None else f"{value:+.3f}{suffix}"


class NodeGridModel(QAbstractTableModel):
    """The 13×13 Hold'em grid of one node: :meth:`set_rows` takes
    :func:`ui.table.model.hand_rows`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: dict[tuple[int, int], dict] = {}

    def set_rows(self, rows: Sequence[dict]) -> None:
        self.beginResetModel()
        self._rows = {grid_cell(r["cards"]): r for r in rows}
        self.endResetModel()

    def probability(self, row: int, column: int) -> float | None:
        found = self._rows.get((row, column))
        return None if found is None else found["play_pct"] / 100.0

    def rowCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008 (Qt API)
        return 0 if parent.isValid() else 13

    def columnCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 13

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        cell = (index.row(), index.column())
        name = grid_name(*cell)
        found = self._rows.get(cell)
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == CELL_TEXT_ROLE:
            return name if found is None else f"{name}\n{found['play_pct']:.0f}%"
        if role == Qt.ItemDataRole.BackgroundRole and found is not None:
            return probability_colour(found["play_pct"] / 100.0)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor("black")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole and found is not None:
            tip = (f"{name}: play {found['play_pct']:.1f}%\n"
                   f"EV play {_ev(found['play_bb'], ' bb')} · fold {_ev(found['fold_bb'], ' bb')}")
            if found["play_pool"] is not None or found["fold_pool"] is not None:
                tip += (f"\nEV play {_ev(found['play_pool'], '% pool')} · "
                        f"fold {_ev(found['fold_pool'], '% pool')}")
            if found.get("note"):
                tip += f"\n{found['note']}"
            return tip
        if role == Qt.ItemDataRole.UserRole:
            return None if found is None else found["play_pct"] / 100.0
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < 13:
            return RANKS[section]
        return None


def heat_colour(factor: float) -> QColor:
    """White at a bubble factor of 1 (chip EV), deep red at 2 and above."""
    t = min(max(factor - 1.0, 0.0), 1.0)
    return QColor(255, int(255 - 170 * t), int(255 - 170 * t))


class HeatModel(QAbstractTableModel):
    """A square matrix with row and column labels, each cell shaded by its value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._values = np.zeros((0, 0))
        self._labels: list[str] = []

    def set_matrix(self, labels: Sequence[str], values: np.ndarray) -> None:
        self.beginResetModel()
        self._labels, self._values = list(labels), np.asarray(values, dtype=np.float64)
        self.endResetModel()

    def value(self, row: int, column: int) -> float:
        return float(self._values[row, column])

    def rowCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._labels)

    def columnCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._labels)

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        value = float(self._values[index.row(), index.column()])
        if role == Qt.ItemDataRole.DisplayRole:
            return "" if math.isnan(value) else f"{value:.2f}"
        if role == CELL_TEXT_ROLE:  # drawn to fit the cell (ui.kit.range_cells.layout_cell)
            return None if math.isnan(value) else f"{value:.2f}"
        if role == Qt.ItemDataRole.BackgroundRole and not math.isnan(value):
            return heat_colour(value)
        if role == Qt.ItemDataRole.ToolTipRole and not math.isnan(value):
            return (f"{self._labels[index.row()]} against {self._labels[index.column()]}: "
                    f"bubble factor {value:.3f}")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return None if math.isnan(value) else value
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._labels):
            return self._labels[section]
        return None
