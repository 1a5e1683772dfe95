"""Qt models behind the app's tables and trees (no widget per row, ever).

* :class:`RowsModel` — a read-only table of text and numbers (strategies, equities, graph
  positions); numbers keep their value under ``Qt.UserRole`` and sort by it.
* :class:`PublicTreeModel` — the decision-tree browser's public tree (thesis Figure 2.3) over an
  :class:`omahanash.cfr.TreeBrowser`, built lazily: a node's children are created only when the
  view expands it, so trees with millions of public nodes stay responsive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

if TYPE_CHECKING:
    from omahanash.cfr.browser import NodeView, TreeBrowser

Cell = str | float | int | None
_INDEX = QModelIndex | QPersistentModelIndex  # Qt passes either


def format_probability(value: float) -> str:
    """Five decimals, as the thesis's browser prints them."""
    return f"{value:.5f}"


class RowsModel(QAbstractTableModel):
    """A read-only table set in one go by :meth:`set_table`.

    Cells are text, numbers (shown through ``number_format``) or None (empty: e.g. an action
    that an information set does not have). ``column_tips`` explains column titles in plain
    words (the header's tooltip).

    >>> model = RowsModel(column_tips={"Equity": "share of the pot"})
    >>> model.set_table(["Hand", "Equity"], [["AA", 0.82]])
    >>> model.index(0, 1).data(), model.headerData(1, Qt.Orientation.Horizontal,
    ...                                            Qt.ItemDataRole.ToolTipRole)
    ('0.82000', 'share of the pot')
    """

    def __init__(self, parent: QObject | None = None,
                 number_format: Callable[[float], str] = format_probability,
                 column_tips: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self._columns: list[str] = []
        self._rows: list[list[Cell]] = []
        self._format = number_format
        self._tips = dict(column_tips or {})

    def set_table(self, columns: Sequence[str], rows: Sequence[Sequence[Cell]]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self._rows = [list(row) for row in rows]
        self.endResetModel()

    def clear(self) -> None:
        self.set_table([], [])

    @property
    def columns(self) -> list[str]:
        return list(self._columns)

    def row_values(self, row: int) -> list[Cell]:
        """The raw cells of one row."""
        return list(self._rows[row])

    def rowCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008 (Qt API)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        value = self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if value is None:
                return ""
            if isinstance(value, float):
                return self._format(value)
            return str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self._columns)):
            return self._tips.get(self._columns[section])
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            return self._columns[section]
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1)
        return None


def strategy_rows(view: NodeView) -> tuple[list[str], list[list[Cell]]]:
    """The strategy table of one public node: (columns, rows).

    Decision node: one row per information set of the acting player there (labelled by its
    private information: a card, a domino hand), one column per action, the cell the average
    probability of that action (empty when the set does not have it). Chance node: one row per
    public outcome with its probability. Terminal node: no rows.
    """
    if view.type == "decision":
        actions = [t.action for t in view.transitions]
        labels: list[str] = []
        for transition in view.transitions:
            labels.extend(label for label in transition.probabilities if label not in labels)
        rows: list[list[Cell]] = [
            [label, *(t.probabilities.get(label) for t in view.transitions)] for label in labels
        ]
        return ["Information set", *actions], rows
    if view.type == "chance":
        return ["Outcome", "Probability"], [
            [t.action, t.probabilities.get("chance", 0.0)] for t in view.transitions
        ]
    return ["Information set"], []


ROOT_LABEL = "root"


def describe_node(view: NodeView) -> str:
    """One line about a public node: where it is, its type and who acts."""
    where = " ".join(view.path) if view.path else ROOT_LABEL
    text = f"Node: {where} · type: {view.type}"
    if view.player is not None:
        text += f" · player {view.player} acts"
    return text


@dataclass
class _Item:
    path: tuple[str, ...]
    label: str
    parent: int  # item id of the parent, -1 for the root
    row: int
    children: list[int] | None = None  # None: not fetched yet
    view: NodeView | None = field(default=None, repr=False)


class PublicTreeModel(QAbstractItemModel):
    """The public tree of a solved game, one row per public node, fetched lazily.

    Columns: the transition leading to the node (the root is ``root``), its type, the acting
    player. A label's tooltip is its whole text and the public history (views elide long
    labels). Items are addressed by their id in an append-only list (``internalId``), so
    indexes stay valid while the tree grows.
    """

    COLUMNS = ("Public node", "Type", "Player")
    COLUMN_TIPS = (
        "A public node: a point of the game that every player sees the same way (the moves "
        "made so far, without anyone's private cards or tiles)",
        "decision: a player acts; chance: a card or tile is dealt; terminal: the game is over",
        "The player who acts at a decision node (0 is the first)",
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._browser: TreeBrowser | None = None
        self._items: list[_Item] = []

    # -- content ------------------------------------------------------------------------

    def set_browser(self, browser: TreeBrowser | None) -> None:
        """Show this browser's tree (None: empty)."""
        self.beginResetModel()
        self._browser = browser
        self._items = [] if browser is None else [_Item((), ROOT_LABEL, -1, 0)]
        self.endResetModel()

    @property
    def browser(self) -> TreeBrowser | None:
        return self._browser

    def view_at(self, index: QModelIndex) -> NodeView | None:
        """The browser's view of the public node at ``index`` (None when invalid)."""
        if not index.isValid() or self._browser is None:
            return None
        return self._view(int(index.internalId()))

    def path_at(self, index: QModelIndex) -> tuple[str, ...] | None:
        if not index.isValid() or self._browser is None:
            return None
        return self._items[int(index.internalId())].path

    def index_for_path(self, path: Sequence[str]) -> QModelIndex:
        """The index of the public node with this history, fetching the way down; invalid if
        there is none."""
        target = tuple(path)
        if not self._items:
            return QModelIndex()
        current = 0
        while self._items[current].path != target:
            self._fetch(current)
            following = None
            for child in self._items[current].children or []:
                child_path = self._items[child].path
                if target[:len(child_path)] == child_path:
                    following = child
                    break
            if following is None:
                return QModelIndex()
            current = following
        return self.createIndex(self._items[current].row, 0, current)

    def _view(self, item_id: int) -> NodeView:
        item = self._items[item_id]
        if item.view is None:
            assert self._browser is not None
            item.view = self._browser.goto(item.path)
        return item.view

    def _fetch(self, item_id: int) -> None:
        item = self._items[item_id]
        if item.children is not None:
            return
        transitions = self._view(item_id).transitions
        if not transitions:
            item.children = []
            return
        parent_index = self.createIndex(item.row, 0, item_id)
        self.beginInsertRows(parent_index, 0, len(transitions) - 1)
        item.children = []
        for row, transition in enumerate(transitions):
            child_path = item.path + tuple(transition.step.split())
            label = transition.action
            if "chance" in transition.probabilities:
                label += f"  (p = {transition.probabilities['chance']:.4f})"
            self._items.append(_Item(child_path, label, item_id, row))
            item.children.append(len(self._items) - 1)
        self.endInsertRows()

    # -- QAbstractItemModel ---------------------------------------------------------------

    def index(self, row: int, column: int,
              parent: _INDEX = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self._items or not 0 <= column < len(self.COLUMNS):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(0, column, 0) if row == 0 else QModelIndex()
        children = self._items[int(parent.internalId())].children or []
        if not 0 <= row < len(children):
            return QModelIndex()
        return self.createIndex(row, column, children[row])

    def parent(self, index: _INDEX | None = None  # type: ignore[override]
               ) -> QModelIndex | QObject | None:
        if index is None:  # QObject.parent()
            return super().parent()
        if not index.isValid():
            return QModelIndex()
        parent_id = self._items[int(index.internalId())].parent
        if parent_id < 0:
            return QModelIndex()
        return self.createIndex(self._items[parent_id].row, 0, parent_id)

    def rowCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        if not self._items:
            return 0
        if not parent.isValid():
            return 1
        if parent.column() != 0:
            return 0
        return len(self._items[int(parent.internalId())].children or [])

    def columnCount(self, parent: _INDEX = QModelIndex()) -> int:  # noqa: N802, B008
        return len(self.COLUMNS)

    def hasChildren(self, parent: _INDEX = QModelIndex()) -> bool:  # noqa: N802, B008
        if not parent.isValid():
            return bool(self._items)
        if parent.column() != 0:
            return False
        item_id = int(parent.internalId())
        children = self._items[item_id].children
        if children is not None:
            return bool(children)
        return self._view(item_id).type != "terminal"

    def canFetchMore(self, parent: _INDEX) -> bool:  # noqa: N802
        if not parent.isValid() or parent.column() != 0:
            return False
        item_id = int(parent.internalId())
        return self._items[item_id].children is None and self.hasChildren(parent)

    def fetchMore(self, parent: _INDEX) -> None:  # noqa: N802
        if parent.isValid():
            self._fetch(int(parent.internalId()))

    def data(self, index: _INDEX, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        item_id = int(index.internalId())
        item = self._items[item_id]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{item.label}\npublic history: " + (" ".join(item.path) or ROOT_LABEL)
        if index.column() == 0:
            return item.label
        view = self._view(item_id)
        if index.column() == 1:
            return view.type
        return "" if view.player is None else str(view.player)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.COLUMN_TIPS[section]
        return None
