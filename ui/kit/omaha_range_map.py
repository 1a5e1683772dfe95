"""The Omaha range map (``omahaRangeMap``): the shape of a range over 16,432 classes at a glance.

A list of 16,432 classes hides the shape of a range, so the map folds it onto the chart a
Hold'em player already reads. **Rows are the highest rank of the hand, columns its second
highest** (A … 2; the cells right of the diagonal are used, the diagonal holds hands topped by a
pair: ``AAxx`` in the corner, ``KQxx`` at row K, column Q). Each cell prints and is shaded by
the **push (or call) frequency of its hands, weighted by combos** — the share of those hands
played — and its tooltip gives the frequency, the combos and the number of classes. The
**suit structure** picker (``omahaStructureCombo``) restricts the map to one structure: all
hands, double-suited (``aabb``), single-suited (``aabc``), rainbow (``abcd``), three of a
suit (``aaab``) or four of a suit (``aaaa``), the groups players use to talk about Omaha
starting hands. The legend under it is the grid's (white = never, green = always). Cells with
no class of the solution (a subset table, or the structure cannot occur: ``AAAA``
double-suited) stay blank. A betting tree's node (:meth:`OmahaMapModel.set_mixes`) stripes
each cell by the action mix of its hands instead, weighted by combos (fold / call / raise /
all in, :data:`~ui.kit.range_view.ACTION_COLOURS`).

>>> freq, combos, classes = aggregate("omaha", [7513, 4527], [6, 24], [1.0, 0.0])
>>> cell = (0, 0)  # the two highest ranks of AAKK: A and A, the corner
>>> float(freq[STRUCTURES.index("double-suited")][cell]), int(classes[0][cell])
(1.0, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.kit.common import named
from ui.kit.range_cells import keep_cells_readable
from ui.kit.range_view import (
    CELL_TEXT_ROLE,
    MIX_ROLE,
    RANKS,
    FrequencyLegend,
    MixDelegate,
    percent_text,
    probability_colour,
)

#: The suit structures of the picker, "all hands" first (index 0).
STRUCTURES = ("all hands", "double-suited", "single-suited", "rainbow", "three of a suit",
              "four of a suit")
#: Sorted suit counts -> structure index.
_BY_COUNTS = {(2, 2, 0, 0): 1, (2, 1, 1, 0): 2, (1, 1, 1, 1): 3, (3, 1, 0, 0): 4,
              (4, 0, 0, 0): 5}


@functools.cache
def class_features(variant: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per Omaha class id: row (highest rank, 0 = A), column (second highest) and suit
    structure (index into :data:`STRUCTURES`)."""
    from omahanash.hands import canonical_hands

    cards = canonical_hands(variant).astype(np.int64)
    ranks = np.sort(cards // 4, axis=1)[:, ::-1]
    suit_counts = np.sort((cards[:, :, None] % 4 == np.arange(4)).sum(axis=1), axis=1)[:, ::-1]
    structure = np.array([_BY_COUNTS[tuple(row)] for row in suit_counts.tolist()],
                         dtype=np.int64)
    return 12 - ranks[:, 0], 12 - ranks[:, 1], structure


def aggregate(variant: str, class_ids: Sequence[int], combos: Sequence[float],
              frequency: Sequence[float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(frequency, combos, classes)``, each ``(len(STRUCTURES), 13, 13)``: per structure and
    cell the combo-weighted frequency (NaN where empty), the combos and the number of classes
    of the given classes (``frequency`` in 0..1)."""
    rows, columns, structures = class_features(variant)
    ids = np.asarray(class_ids, dtype=np.int64)
    weight = np.asarray(combos, dtype=np.float64)
    played = weight * np.asarray(frequency, dtype=np.float64)
    shape = (len(STRUCTURES), 13, 13)
    totals, sums, counts = np.zeros(shape), np.zeros(shape), np.zeros(shape, dtype=np.int64)
    for layer in (np.zeros(ids.size, dtype=np.int64), structures[ids]):
        where = (layer, rows[ids], columns[ids])
        np.add.at(totals, where, weight)
        np.add.at(sums, where, played)
        np.add.at(counts, where, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        freq = np.where(totals > 0, sums / totals, np.nan)
    return freq, totals, counts


class OmahaMapModel(QAbstractTableModel):
    """The 13×13 cells of one suit structure (:meth:`set_structure`) of :func:`aggregate`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        empty = np.full((len(STRUCTURES), 13, 13), np.nan)
        self._freq, self._combos, self._classes = empty, np.zeros_like(empty), np.zeros_like(empty)
        self._structure = 0
        self._what = "Push"
        #: a betting tree's action mix per kind (:meth:`set_mixes`): kind -> frequencies
        self._mixes: dict[str, np.ndarray] = {}

    def set_rows(self, variant: str, rows: Sequence[dict], key: str,
                 what: str | None = None) -> None:
        """Fill from :meth:`JamFoldSolution.class_rows` of an Omaha solution (``key``:
        push_pct or call_pct, or another share with ``what`` its word in the tooltips:
        ``"Play"``); no rows empties the map."""
        self.beginResetModel()
        if rows:
            self._freq, self._combos, self._classes = aggregate(
                variant, [r["id"] for r in rows], [r["combos"] for r in rows],
                [r[key] / 100.0 for r in rows])
        else:
            self._freq = np.full((len(STRUCTURES), 13, 13), np.nan)
            self._combos, self._classes = np.zeros_like(self._freq), np.zeros_like(self._freq)
        self._what = what or ("Push" if key == "push_pct" else "Call")
        self._mixes = {}
        self.endResetModel()

    def set_mixes(self, variant: str, rows: Sequence[dict],
                  shares: dict[str, Sequence[float]]) -> None:
        """A betting tree's node: the map shaded by how often its hands play (``rows``:
        ``id``, ``combos``, ``play_pct``) and each cell striped by the action mix of its
        hands (``shares``: action kind -> each row's frequency, 0..1; combo-weighted per
        cell, as the play share)."""
        self.set_rows(variant, rows, "play_pct", "Play")
        if not rows:
            return
        self.beginResetModel()
        ids, combos = [r["id"] for r in rows], [r["combos"] for r in rows]
        self._mixes = {kind: aggregate(variant, ids, combos, values)[0]
                       for kind, values in shares.items()}
        self.endResetModel()

    def mix(self, row: int, column: int) -> list[tuple[str, float]] | None:
        """A cell's action mix (a tree's node), None without one."""
        if not self._mixes or self.frequency(row, column) is None:
            return None
        return [(kind, float(values[self._structure, row, column]))
                for kind, values in self._mixes.items()]

    def set_structure(self, index: int) -> None:
        self.beginResetModel()
        self._structure = index
        self.endResetModel()

    def frequency(self, row: int, column: int) -> float | None:
        """The shown frequency of a cell (0..1), None when it holds no class."""
        value = self._freq[self._structure, row, column]
        return None if np.isnan(value) else float(value)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008 (Qt API)
        return 0 if parent.isValid() else 13

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 13

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.column() < index.row():
            return None
        row, column = index.row(), index.column()
        p = self.frequency(row, column)
        name = RANKS[row] + RANKS[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == CELL_TEXT_ROLE:
            return name if p is None else f"{name}\n{percent_text(p)}"
        if role == Qt.ItemDataRole.UserRole:
            return p
        if role == MIX_ROLE:
            return self.mix(row, column)
        if role == Qt.ItemDataRole.BackgroundRole and p is not None and not self._mixes:
            return probability_colour(p)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            top = f"highest {RANKS[row]}, then {RANKS[column]} · {STRUCTURES[self._structure]}"
            if p is None:
                return top + ": no hand of the solution"
            combos = int(self._combos[self._structure, row, column])
            classes = int(self._classes[self._structure, row, column])
            mix = self.mix(row, column) or []
            return (f"{top}\n{self._what}: {100 * p:.1f}% of {combos:,} combos "
                    f"({classes:,} classes)"
                    + "".join(f"\n{kind.replace('allin', 'all in')}: {100 * share:.1f}%"
                              for kind, share in mix))
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < 13:
            return RANKS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return "highest rank" if orientation == Qt.Orientation.Vertical \
                else "second highest rank"
        return None


class OmahaRangeMap(QWidget):
    """The page of the range view: structure picker, the map (``omahaRangeMap``), legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("omahaMapPage")
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Suit structure"))
        self.structure_combo = named(QComboBox(), "omahaStructureCombo")
        self.structure_combo.addItems(list(STRUCTURES))
        self.structure_combo.setToolTip("Show the hands of one suit structure only")
        row.addWidget(self.structure_combo, 1)
        layout.addLayout(row)
        self.model = OmahaMapModel(self)
        self.view = named(QTableView(), "omahaRangeMap")
        self.view.setModel(self.model)
        self.view.setItemDelegate(MixDelegate(self.view))  # a tree's mixes striped
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setToolTip("")
        for header in (self.view.horizontalHeader(), self.view.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        keep_cells_readable(self.view)  # too small for every frequency: the map scrolls
        layout.addWidget(self.view, 1)
        note = QLabel("Rows: highest rank · columns: second highest · cell: share of the "
                      "hands played, weighted by combos")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(FrequencyLegend())
        self.structure_combo.currentIndexChanged.connect(self.model.set_structure)
