"""The views of a betting tree's result in the Table tab, Qt models over the rows of
:mod:`ui.table.betting.model`:

* :class:`NodeListModel` — the node list (``tableNodeList``): push/fold's rows as before
  (:meth:`~ui.kit.item_models.RowsModel.set_table`), or a tree's (:meth:`set_tree`): each
  node indented under the action that leads to it (named in the ``After`` column), a bar of
  its action mix under its name (:data:`~ui.kit.range_view.MIX_BAR_ROLE`), its reach and
  the mix in words (the ``Actions`` cell, striped by :data:`~ui.kit.range_view.MIX_ROLE`).
* :class:`TreeGridModel` — the Hold'em 13×13 grid of one node, each cell striped by the
  hand's action mix (fold / call / raise / all in), the mix and EVs on hover.
* :class:`TreeClassModel` — the class table of one node: one column per action, the hand's
  cell striped by its mix, each action's cell shaded by its share in its colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from ui.kit.item_models import RowsModel
from ui.kit.range_view import (
    ACTION_COLOURS,
    CELL_TEXT_ROLE,
    MIX_BAR_ROLE,
    MIX_ROLE,
    RANKS,
    grid_cell,
    grid_name,
    percent_text,
)
from ui.table.betting.model import mix_text

_INDEX = QModelIndex | QPersistentModelIndex  # Qt passes either
#: The node list's columns of a tree.
TREE_NODE_COLUMNS = ["Node", "Reach %", "Actions", "After"]
INDENT = "    "


def mix_of(actions: Sequence[dict]) -> list[tuple[str, float]]:
    """The ``(kind, share)`` stripes of an action mix (shares 0..1)."""
    return [(a["action"], max(float(a["percent"]), 0.0) / 100.0) for a in actions]


def play_share(actions: Sequence[dict]) -> float:
    """How often a hand plays (0..1): it does not fold; where it cannot fold, it raises."""
    kinds = [a["action"] for a in actions]
    if "fold" in kinds:
        return sum(a["percent"] for a in actions if a["action"] != "fold") / 100.0
    return sum(a["percent"] for a in actions if a["action"] in ("raise", "allin")) / 100.0


def hand_tip(name: str, actions: Sequence[dict]) -> str:
    """A hand's mix on hover: every action's frequency and EV (bb, % of the pool)."""
    lines = [name]
    for a in actions:
        line = f"{a['label']}: {a['percent']:.1f}%"
        if a.get("bb") is not None:
            line += f" · EV {a['bb']:+.3f} bb"
        if a.get("pool") is not None:
            line += f" · {a['pool']:.3f}% pool"
        if a.get("bb") is None and a.get("pool") is None:
            line += " · never reached"
        lines.append(line)
    return "\n".join(lines)


class NodeListModel(RowsModel):
    """The node list: push/fold's table, or a tree's nodes (:meth:`set_tree`)."""

    def __init__(self, parent: QObject | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._depths: list[int] = []
        self._mixes: list[list[dict]] = []

    def set_table(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self._depths, self._mixes = [], []
        super().set_table(columns, rows)

    def set_tree(self, rows: list[dict]) -> None:
        """A tree's nodes (:func:`~ui.table.betting.model.tree_node_rows`)."""
        table = [[r["node"], None if r["reach"] is None else round(r["reach"], 3),
                  mix_text(r["actions"]), r["after"]] for r in rows]
        super().set_table(TREE_NODE_COLUMNS, table)
        self._depths = [r["depth"] for r in rows]
        self._mixes = [r["actions"] for r in rows]

    @property
    def tree(self) -> bool:
        """Whether the rows are a tree's."""
        return bool(self._mixes)

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not self._mixes:
            return super().data(index, role)
        row, column = index.row(), index.column()
        if column == 0 and role == Qt.ItemDataRole.DisplayRole:
            return INDENT * self._depths[row] + str(super().data(index, role))
        if column == 0 and role == MIX_BAR_ROLE:
            return mix_of(self._mixes[row])
        if column == 2 and role == MIX_ROLE:
            return mix_of(self._mixes[row])
        if role == Qt.ItemDataRole.ToolTipRole:
            name = str(self.row_values(row)[0])
            return f"{name}\n" + "\n".join(f"{a['label']}: {a['percent']:.2f}% of the hands "
                                           "that reach it" for a in self._mixes[row])
        return super().data(index, role)


class TreeGridModel(QAbstractTableModel):
    """The 13×13 Hold'em grid of one node of a tree: each cell's mix (:data:`MIX_ROLE`),
    its name and how often it plays, the mix and EVs in its tooltip."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: dict[tuple[int, int], dict] = {}

    def set_rows(self, rows: Sequence[dict]) -> None:
        """:func:`~ui.table.betting.model.tree_hand_rows` of a Hold'em node."""
        self.beginResetModel()
        self._rows = {grid_cell(r["cards"]): r for r in rows}
        self.endResetModel()

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
        if found is None:
            return None
        if role == CELL_TEXT_ROLE:
            return f"{name}\n{percent_text(play_share(found['actions']))}"
        if role == MIX_ROLE:
            return mix_of(found["actions"])
        if role == Qt.ItemDataRole.UserRole:
            return play_share(found["actions"])
        if role == Qt.ItemDataRole.ToolTipRole:
            return hand_tip(name, found["actions"])
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor("black")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < 13:
            return RANKS[section]
        return None


def _shade(kind: str, share: float) -> QColor:
    """An action's colour, from white at 0 to its full colour at 1."""
    full = ACTION_COLOURS[kind]
    t = min(max(share, 0.0), 1.0)
    return QColor(int(255 - (255 - full.red()) * t), int(255 - (255 - full.green()) * t),
                  int(255 - (255 - full.blue()) * t))


class TreeClassModel(RowsModel):
    """The class table of one node of a tree (:func:`~ui.table.betting.model.
    tree_class_table`): the hand's cell striped by its mix, each action's cell shaded by its
    share in the action's colour, the mix and EVs on hover."""

    #: The first action column (after strength, hand, combos).
    FIRST_ACTION = 3

    def __init__(self, parent: QObject | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._hands: list[dict] = []

    def set_tree(self, columns: Sequence[str], table: Sequence[Sequence[Any]],
                 rows: Sequence[dict]) -> None:
        """The table's ``columns`` and cells and the hand rows they show (in its order)."""
        self._hands = sorted(rows, key=lambda r: (r["rank"], r["id"]))
        self.set_table(columns, table)

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self._hands):
            return super().data(index, role)
        hand = self._hands[index.row()]
        column = index.column()
        if role == MIX_ROLE and column == 1:
            return mix_of(hand["actions"])
        if role == Qt.ItemDataRole.ToolTipRole:
            return hand_tip(str(hand["name"]), hand["actions"])
        if role == Qt.ItemDataRole.BackgroundRole and column >= self.FIRST_ACTION:
            action = hand["actions"][column - self.FIRST_ACTION]
            return _shade(action["action"], action["percent"] / 100.0)
        return super().data(index, role)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(self.columns):
            return self.columns[section]  # a header narrowed to fit, whole
        return super().headerData(section, orientation, role)
