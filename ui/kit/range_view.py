"""Range views of a jam-fold solution: the Hold'em 13×13 grid and the sortable, filterable
class table (every game), both Qt models (no widget per hand).

* :class:`HoldemGridModel` — 13×13 cells (pairs on the diagonal, suited above, offsuit below),
  each shaded from white (never) to green (always) by the push or call frequency and printing
  it under the hand's name (``"AKs\n87%"``, :data:`CELL_TEXT_ROLE`, drawn by
  :class:`FrequencyDelegate`); the tooltip gives both players' frequencies and EVs (AllIn_EV /
  Fold_EV). :class:`FrequencyLegend` is the gradient bar (0 % … 100 %) beside it.
* :class:`ClassTableModel` + :class:`ClassFilterProxy` — one row per class (Hold'em: the name,
  ``AKo``, as the row header; id, cards, combos, push %, call %, EVs, and its strength rank,
  :data:`RANK_COLUMN`: the order ``top N%`` takes classes in, which the views sort by at
  first and show as their first column), sorted by value and
  filtered either by a range (text that parses as a range of the game, e.g. ``TT+`` or
  ``AKo``: the classes in it) or, when it does not parse, by the name and cards text.

A betting tree's ranges are coloured by each hand's action mix (:data:`MIX_ROLE`: fold /
call / raise / all in in :data:`ACTION_COLOURS`, drawn side by side by :class:`MixDelegate`,
or as a thin bar under a text: :data:`MIX_BAR_ROLE`); :class:`ActionLegend` is their key.

Both also mark a *locked* range (the exploit panel's, :mod:`ui.jamfold.exploit.panel`), given as one
weight per class id (``set_locked``): the grid writes the locked cells in bold blue (and, while
it shows no solution, colours them from white to blue by their weight); the class table shows
the weight in its last column, "Locked %", coloured the same way. EVs are shown in chips or big
blinds (``set_units``, :mod:`ui.kit.units`), the other unit on hover. The cells' places and the
words are the Qt-free :mod:`ui.kit.range_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from ui.kit.range_cells import (  # noqa: F401 (re-exported: the range views' cells)
    CELL_TEXT_ROLE,
    FrequencyDelegate,
    FrequencyLegend,
    cell_text,
    probability_colour,
)
from ui.kit.range_text import (  # noqa: F401 (re-exported: the range views' words)
    CLASS_COLUMNS,
    EV_COLUMNS,
    HOLDEM_CLASSES,
    LOCKED_HEADER,
    RANK_HEADER,
    RANKS,
    Units,
    class_pattern,
    grid_cell,
    grid_name,
    hand_tooltip,
    played_range_text,
    strength_ranks,
    weighted_range_text,
)
from ui.kit.range_text import holdem_cells as _holdem_cells
from ui.kit.units import CHIPS, percent_text

#: The colour of each action kind of a betting tree (HRC's habit: fold blue, call green,
#: raise orange, all in red), light enough for black text over it.
ACTION_COLOURS = {"fold": QColor("#9cc3e6"), "call": QColor("#8fd48f"),
                  "raise": QColor("#f5b06b"), "allin": QColor("#e57373")}
#: The legend's words of the action kinds.
ACTION_WORDS = {"fold": "fold", "call": "call / check", "raise": "raise", "allin": "all in"}
#: The data role of a cell's action mix: ``[(kind, share), ...]`` (shares 0..1, summing to
#: 1), drawn as side-by-side stripes by :class:`MixDelegate`.
MIX_ROLE = Qt.ItemDataRole.UserRole + 3
#: The data role of a mix drawn as a thin bar under the cell's text (a node list's name),
#: from where the text begins (after its leading spaces) to where it ends.
MIX_BAR_ROLE = Qt.ItemDataRole.UserRole + 4


def paint_mix(painter: QPainter, rect: QRect, mix: Sequence[tuple[str, float]]) -> None:
    """Fill ``rect`` with the mix's stripes, left to right, each as wide as its share."""
    total = sum(max(share, 0.0) for _, share in mix)
    if total <= 0:
        return
    left = float(rect.left())
    for k, (kind, share) in enumerate(mix):
        width = rect.width() * max(share, 0.0) / total
        right = rect.left() + rect.width() if k == len(mix) - 1 else left + width
        painter.fillRect(QRectF(left, rect.top(), right - left, rect.height()),
                         ACTION_COLOURS.get(kind, QColor("#cccccc")))
        left = right


class MixDelegate(FrequencyDelegate):
    """A :class:`FrequencyDelegate` that first paints a cell's action mix
    (:data:`MIX_ROLE`, when it has one) as stripes, then its text over them."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        mix = index.data(MIX_ROLE)
        if mix:
            painter.save()
            try:
                paint_mix(painter, option.rect, mix)
            finally:
                painter.restore()
        super().paint(painter, option, index)
        bar = index.data(MIX_BAR_ROLE)
        if bar:
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            metrics = option.fontMetrics
            name = text.lstrip(" ")
            left = option.rect.left() + 4 + metrics.horizontalAdvance(text[:len(text) - len(name)])
            width = max(metrics.horizontalAdvance(name), 24)
            height = max(4, option.rect.height() // 6)
            strip = QRect(left, option.rect.bottom() - height - 1,
                          min(width, option.rect.right() - left), height)
            painter.save()
            try:
                paint_mix(painter, strip, bar)
            finally:
                painter.restore()


class ActionLegend(QWidget):
    """The key of the action colours: a swatch and the word of each kind (``rangeActionLegend``)."""

    SWATCH = 12

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rangeActionLegend")
        self.setMinimumHeight(self.fontMetrics().height() + 6)
        self.setToolTip("Each hand is coloured by its action mix: the share of each colour is "
                        "how often the hand takes that action")

    def labels(self) -> list[str]:
        return [ACTION_WORDS[kind] for kind in ACTION_COLOURS]

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        metrics = self.fontMetrics()
        width = sum(self.SWATCH + 10 + metrics.horizontalAdvance(t) for t in self.labels())
        return QSize(width, self.minimumHeight())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        try:
            metrics = self.fontMetrics()
            x = 4
            top = (self.height() - self.SWATCH) // 2
            for kind, colour in ACTION_COLOURS.items():
                painter.fillRect(QRect(x, top, self.SWATCH, self.SWATCH), colour)
                painter.setPen(QColor("#808080"))
                painter.drawRect(QRect(x, top, self.SWATCH, self.SWATCH))
                painter.setPen(self.palette().windowText().color())
                x += self.SWATCH + 4
                text = ACTION_WORDS[kind]
                painter.drawText(x, top + self.SWATCH - 1, text)
                x += metrics.horizontalAdvance(text) + 10
        finally:
            painter.end()


#: The text colour of a locked cell of the grid.
LOCKED_TEXT = QColor("#0b3d91")


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


class HoldemGridModel(QAbstractTableModel):
    """The Hold'em range grid: :meth:`set_rows` fills it from a solution, :meth:`set_locked`
    marks a locked range (its weight under ``LOCKED_ROLE``)."""

    #: The data role of a cell's locked weight (None: not in the locked range).
    LOCKED_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._p: dict[tuple[int, int], float] = {}
        self._rows: dict[tuple[int, int], dict] = {}
        self._locked: dict[tuple[int, int], float] = {}
        self.units = Units()

    def set_rows(self, rows: Sequence[dict], key: str) -> None:
        """Fill from :meth:`JamFoldSolution.class_rows` (``key``: push_pct or call_pct)."""
        self.beginResetModel()
        self._rows = {grid_cell(r["cards"]): r for r in rows}
        self._p = {cell: r[key] / 100.0 for cell, r in self._rows.items()}
        self.endResetModel()

    def set_units(self, unit: str, chips_per_bb: float) -> None:
        """Show the EVs of the tooltips in ``unit`` (:mod:`ui.kit.units`)."""
        self.units.unit, self.units.chips_per_bb = unit, chips_per_bb

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
        name = grid_name(*cell)
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == CELL_TEXT_ROLE:
            return name if p is None else f"{name}\n{percent_text(p)}"
        if role == Qt.ItemDataRole.ToolTipRole:
            row = self._rows.get(cell)
            return ((name if row is None else hand_tooltip(name, row, self.units))
                    + ("" if locked is None else f"\nLocked: {100 * locked:.1f}%"))
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


#: The class table's column of the strength rank (1 = the strongest class), after the
#: :data:`CLASS_COLUMNS`; the locked weight is the last column.
RANK_COLUMN = len(CLASS_COLUMNS)
LOCKED_COLUMN = RANK_COLUMN + 1


class ClassTableModel(QAbstractTableModel):
    """Every class of a solution, one row each (values sort under ``Qt.UserRole``), its
    strength rank (:data:`RANK_COLUMN`, given the variant) and the weight of each class in a
    locked range (:meth:`set_locked`) in the last column. Hold'em rows carry their name
    (``AKo``) as the row header; EVs in the unit of :meth:`set_units`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple] = []
        self._cards_per_row = 0  # 2: Hold'em rows, 4: Omaha rows
        self._locked: np.ndarray | None = None
        self._names: list[str] = []  # Hold'em names of the rows (AKo), the row headers
        self._ranks: list[int | None] = []  # strength rank of each row
        self.units = Units()

    def set_units(self, unit: str, chips_per_bb: float) -> None:
        """Show the EV columns in ``unit`` (:mod:`ui.kit.units`), the other unit on hover."""
        self.units.unit, self.units.chips_per_bb = unit, chips_per_bb
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        if self._rows:
            self.dataChanged.emit(self.index(0, min(EV_COLUMNS)),
                                  self.index(len(self._rows) - 1, max(EV_COLUMNS)))

    def set_locked(self, weights: np.ndarray | None) -> None:
        """Show a locked range: ``weights`` per class id of the solution's variant; None
        empties the column."""
        self._locked = None if weights is None else np.asarray(weights, dtype=np.float64)
        if self._rows:
            column = LOCKED_COLUMN
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    def _locked_percent(self, row: int) -> float | None:
        # Hold'em and Omaha class ids overlap: a lock of the other game marks nothing.
        if self._locked is None or (self._locked.size == HOLDEM_CLASSES) != (
                self._cards_per_row == 2):
            return None
        return 100.0 * float(self._locked[self._rows[row][0]])

    def set_rows(self, rows: Sequence[dict], variant: str | None = None) -> None:
        """Show :meth:`JamFoldSolution.class_rows` of a solution of ``variant`` (None: no
        strength ranks)."""
        from omahanash.hands import class_name

        self.beginResetModel()
        self._cards_per_row = len(rows[0]["cards"].split()) if rows else 0
        self._rows = [tuple(r[key] for key, _ in CLASS_COLUMNS) for r in rows]
        self._names = [class_name("holdem", r["id"]) for r in rows] \
            if self._cards_per_row == 2 else []
        ranks = strength_ranks(variant) if variant is not None and rows else None
        self._ranks = [None if ranks is None else int(ranks[r["id"]]) for r in rows]
        self.endResetModel()

    def rank(self, row: int) -> int | None:
        """The strength rank of a row (1 = the strongest class)."""
        return self._ranks[row] if row < len(self._ranks) else None

    @property
    def has_names(self) -> bool:
        """Whether the rows have Hold'em names (shown as the row headers)."""
        return bool(self._names)

    def class_id(self, row: int) -> int:
        """The class id of a row."""
        return int(self._rows[row][0])

    def search_text(self, row: int) -> str:
        """What the text filter searches: the Hold'em name (if any) and the cards."""
        return (f"{self._names[row]} " if self._names else "") + str(self._rows[row][1])

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else LOCKED_COLUMN + 1

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if index.column() == LOCKED_COLUMN:
            return self._locked_data(index.row(), role)
        if index.column() == RANK_COLUMN:
            rank = self.rank(index.row())
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole):
                return rank if role == Qt.ItemDataRole.UserRole or rank is None \
                    else str(rank)
            if role == Qt.ItemDataRole.ToolTipRole and rank is not None:
                return (f"Strength rank {rank:,}: 1 is the strongest class, in the order "
                        "'top N%' takes them (equity against a random hand)")
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        value = self._rows[index.row()][index.column()]
        ev = index.column() in EV_COLUMNS
        if role == Qt.ItemDataRole.DisplayRole:
            if ev:
                return self.units.text(value).removesuffix(" bb")
            if isinstance(value, float):
                return f"{value:.2f}" if index.column() in (3, 4) else f"{value:.4f}"
            return str(value)
        if role == Qt.ItemDataRole.ToolTipRole and ev:
            return self.units.tooltip(value)
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
            header = CLASS_COLUMNS[section][1]
            return f"{header} (bb)" if section in EV_COLUMNS and self.units.unit != CHIPS \
                else header
        if orientation == Qt.Orientation.Horizontal and section == RANK_COLUMN:
            return RANK_HEADER
        if orientation == Qt.Orientation.Horizontal and section == LOCKED_COLUMN:
            return LOCKED_HEADER
        if orientation == Qt.Orientation.Vertical and 0 <= section < len(self._names):
            return self._names[section]
        return None


class ClassFilterProxy(QSortFilterProxyModel):
    """Sorts a :class:`ClassTableModel` by value and filters it (:meth:`set_filter`): by a
    range when the text parses as one for the game, else by the cards text (case-insensitive
    substring, Hold'em names included)."""

    def __init__(self, model: ClassTableModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSourceModel(model)
        self.setSortRole(Qt.ItemDataRole.UserRole)
        self._text = ""
        self._weights: np.ndarray | None = None  # per class id: the range filtered by

    @property
    def by_range(self) -> bool:
        """Whether the current filter is a range (else plain text)."""
        return self._weights is not None

    def set_filter(self, text: str, variant: str | None) -> bool:
        """Filter by ``text`` for the game ``variant`` (None: no solution, plain text); True
        when it was read as a range."""
        from omahanash.errors import InputError
        from omahanash.ranges import parse_range

        weights = None
        if text.strip() and variant is not None:
            try:
                weights = parse_range(text, variant).weights
            except InputError:
                pass  # not a range: the plain text filter
        self.beginFilterChange()
        self._text, self._weights = text.strip().lower(), weights
        self.endFilterChange()
        return weights is not None

    def filterAcceptsRow(self, source_row: int,  # noqa: N802 (Qt API)
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not self._text:
            return True
        model = self.sourceModel()
        assert isinstance(model, ClassTableModel)
        if self._weights is not None:
            class_id = model.class_id(source_row)
            return bool(class_id < self._weights.size and self._weights[class_id] > 0)
        return self._text in model.search_text(source_row).lower()
