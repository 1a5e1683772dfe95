"""The Review tab's spots table (a Qt model, no widget per row) and its card drawing.

* :class:`SpotTableModel` — one row per reviewed spot (:class:`omahanash.history.SpotReview`),
  in file order; values sort under ``Qt.UserRole`` (severity by gravity, not alphabetically)
  and a row with EV lost is coloured by its severity (:data:`SEVERITY_COLOURS`).
* :func:`spot_proxy` — sorts by value and filters on every column's text.
* :func:`fit_columns` — the columns whose text has no bound (hand numbers of 12 digits and
  more, node names) sized to their content, so no cell is clipped.
* :func:`cards_html` — cards as rich text in the four-colour deck (♠ black, ♥ red, ♦ blue,
  ♣ green), from :mod:`ui.review.model` (Qt-free).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QTableView

from omahanash.cards import Variant
from ui.review.model import (  # noqa: F401 (the deck, drawn; re-exported)
    SUITS,
    VERDICT_WORDS,
    cards_html,
    verdict_word,
)

if TYPE_CHECKING:
    from omahanash.history import SpotReview

_INDEX = QModelIndex | QPersistentModelIndex  # Qt passes either

#: Row colour of a spot by severity (``none``: no colour). Yellow, orange, red: the worse,
#: the hotter.
SEVERITY_COLOURS = {"small": QColor("#fff3bf"), "mistake": QColor("#ffc98a"),
                    "blunder": QColor("#ff8f8f")}
#: Severities from harmless to worst (the Verdict column sorts by
#: :data:`~ui.review.model.VERDICT_WORDS`, the same order).
SEVERITY_ORDER = ("none", "small", "mistake", "blunder")


def _two(value: float) -> str:
    return f"{value:.2f}"


def _three(value: float) -> str:
    return f"{value:.3f}"


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


# (header, value of a spot, text of the value or None for str()); the first column is the
# spot's number in file order (its x on the cumulative EV-lost plot).
Column = tuple[str, Callable[[int, "SpotReview"], str | float],
               Callable[[float], str] | None]
COLUMNS: tuple[Column, ...] = (
    ("#", lambda number, spot: number, None),
    ("Hand", lambda number, spot: spot.hand_id, None),
    ("Game", lambda number, spot: Variant.parse(spot.variant).display_name, None),
    ("Position", lambda number, spot: spot.position, None),
    ("Players", lambda number, spot: spot.players, None),
    ("Node", lambda number, spot: spot.node, None),
    ("Stack (bb)", lambda number, spot: spot.stack_bb, _two),
    ("Cards", lambda number, spot: spot.cards, None),
    ("Action", lambda number, spot: spot.action, None),
    ("Best", lambda number, spot: spot.best_action, None),
    ("Nash", lambda number, spot: spot.nash_action, None),
    ("Nash freq", lambda number, spot: spot.nash_frequency, _percent),
    ("AllIn_EV (bb)", lambda number, spot: spot.allin_ev, _three),
    ("Fold_EV (bb)", lambda number, spot: spot.fold_ev, _three),
    ("EV lost (bb)", lambda number, spot: spot.ev_lost_bb, _three),
    ("Verdict", lambda number, spot: verdict_word(spot), None),
)
SEVERITY_COLUMN = len(COLUMNS) - 1
EV_LOST_COLUMN = SEVERITY_COLUMN - 1
#: The columns sized to their content by :func:`fit_columns`: a hand number (PokerStars'
#: have 12 digits, a tracker's or a PHH file's more) and a node name have no bound.
FIT_COLUMNS = tuple(index for index, (name, _, _) in enumerate(COLUMNS)
                    if name in ("Hand", "Node"))


class SpotTableModel(QAbstractTableModel):
    """The reviewed spots, one row each, set in one go by :meth:`set_spots`, or added as
    they are judged by :meth:`add_spots`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._spots: list[SpotReview] = []

    def set_spots(self, spots: Sequence[SpotReview]) -> None:
        self.beginResetModel()
        self._spots = list(spots)
        self.endResetModel()

    def add_spots(self, spots: Sequence[SpotReview]) -> None:
        """Rows for ``spots`` after the others (a running review's newly judged spots)."""
        if not spots:
            return
        first = len(self._spots)
        self.beginInsertRows(QModelIndex(), first, first + len(spots) - 1)
        self._spots.extend(spots)
        self.endInsertRows()

    def spot(self, row: int) -> SpotReview:
        """The spot of a source row."""
        return self._spots[row]

    def rowCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008 (Qt API)
        return 0 if parent.isValid() else len(self._spots)

    def columnCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        spot = self._spots[row]
        _, value_of, text_of = COLUMNS[column]
        value = value_of(row + 1, spot)
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value) if text_of is None else text_of(float(value))
        if role == Qt.ItemDataRole.UserRole:
            return VERDICT_WORDS.index(verdict_word(spot)) if column == SEVERITY_COLUMN \
                else value
        if role == Qt.ItemDataRole.BackgroundRole:
            return SEVERITY_COLOURS.get(spot.severity)
        if role == Qt.ItemDataRole.ForegroundRole and spot.severity in SEVERITY_COLOURS:
            return QColor("black")  # readable on the colour whatever the theme
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{spot.file}:{spot.line}"
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            return COLUMNS[section][0]
        return None


def fit_columns(view: QTableView) -> None:
    """Size :data:`FIT_COLUMNS` of ``view`` to their content (rows added later too)."""
    header = view.horizontalHeader()
    for column in FIT_COLUMNS:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)


def spot_proxy(model: SpotTableModel, parent: QObject | None = None) -> QSortFilterProxyModel:
    """Sorts by value and keeps the rows where any cell's text contains the filter
    (case-insensitive): ``blunder``, ``SB``, ``Ah``, a hand number."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    proxy.setFilterKeyColumn(-1)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
