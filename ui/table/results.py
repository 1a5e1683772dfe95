"""The Table tab's result views around the oval (:class:`TableResults`): the node list, the
range of the selected node (the 13×13 grid for Hold'em, the class table and the map for Omaha),
the EV per hand, the hand lookup, and the ICM panel (prize equity per seat, bubble factors as a
heat map). The rows and texts come from :mod:`ui.table.model`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.kit.common import ErrorLabel, named, read_only_table
from ui.kit.item_models import RowsModel
from ui.kit.omaha_range_map import OmahaRangeMap
from ui.kit.range_cells import FrequencyDelegate, keep_cells_readable
from ui.kit.range_view import ActionLegend, MixDelegate
from ui.table.betting.model import tree_class_table, tree_ev_table
from ui.table.betting.views import NodeListModel, TreeClassModel, TreeGridModel, play_share
from ui.table.model import (
    ICM_COLUMNS,
    RANKED_COLUMNS,
    bubble_matrix,
    icm_rows,
    ranked_hand_table,
)
from ui.table.views import HeatModel, NodeGridModel

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSolution, PushFoldSpot


#: The heading of the node list (a running job's provisional ranges say so there).
NODES_HEADING = "Nodes (select one to see its range)"


def _number_format(value: float) -> str:
    return f"{value:g}"


def fit_columns(view: QTableView) -> None:
    """A class table's columns as wide as their texts; where that is wider than the view,
    each column narrower by a share of what its header takes beyond its cells (the header
    elided, its whole text on hover; the cells whole), so that the last column does not
    make the table scroll sideways as long as the cells fit."""
    view.resizeColumnsToContents()
    model = view.model()
    if model is None or not view.isVisible():
        return
    count = model.columnCount()
    widths = [view.columnWidth(c) for c in range(count)]
    excess = sum(widths) - view.viewport().width()
    if excess <= 0:
        return
    smallest = view.horizontalHeader().minimumSectionSize()
    slack = [max(w - max(view.sizeHintForColumn(c), smallest), 0)
             for c, w in enumerate(widths)]
    total = sum(slack)
    if total <= 0:
        return
    cut = min(excess, total)
    for c in range(count):
        view.setColumnWidth(c, widths[c] - min(slack[c], -(-cut * slack[c] // total)))


class _RefitOnResize(QObject):
    """Fits a class table's columns again when its view is resized (a splitter moved)."""

    def __init__(self, view: QTableView, wanted: object) -> None:
        super().__init__(view)
        self.view, self.wanted = view, wanted
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and callable(self.wanted) \
                and self.wanted():
            fit_columns(self.view)
        return False


class TableResults(QWidget):
    """The right-hand column (nodes, range, EV per hand, lookup); :attr:`icm_box` is the ICM
    panel, laid out under the oval by the tab."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.node_model = NodeListModel(number_format=_number_format)
        self.node_list = read_only_table("tableNodeList", self.node_model)
        self.node_list.setItemDelegate(MixDelegate(self.node_list))  # a tree's action bars
        self.node_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.node_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid_model = NodeGridModel(self)
        self.class_model = RowsModel(number_format=_number_format,
                                     column_tips={c: c for c in RANKED_COLUMNS})
        self.range_view = read_only_table("tableRangeView", row_header=True)
        self.range_view.setItemDelegate(MixDelegate(self.range_view))  # a tree's mixes
        self.tree_grid_model = TreeGridModel(self)
        self.tree_class_model = TreeClassModel(number_format=_number_format)
        #: the key of a tree's action colours (shown with a tree's result)
        self.action_legend = ActionLegend()
        self.action_legend.setVisible(False)
        font = self.range_view.font()
        font.setPointSizeF(max(font.pointSizeF() - 2, 6))
        self.range_view.setFont(font)
        keep_cells_readable(self.range_view)  # the Hold'em grid scrolls before it drops numbers
        self._refit = _RefitOnResize(self.range_view, lambda: self.range_view.model() in (
            self.class_model, self.tree_class_model))
        self.hands_model = RowsModel(number_format=_number_format)
        self.hands_view = read_only_table("tableHandsView", self.hands_model)
        self.hands_view.setSortingEnabled(False)
        self.range_tabs = named(QTabWidget(), "tableRangeTabs")
        #: the Omaha map while it waits for a result to show (disabled, Qt moved the
        #: current tab on): shown again when one arrives
        self._map_wanted = False
        self.range_tabs.tabBarClicked.connect(self._forget_map_wish)
        self.range_tabs.addTab(self.range_view, "Range")
        self.range_tabs.addTab(self.hands_view, "EV per hand")
        self.omaha_map = OmahaRangeMap()
        self.range_tabs.addTab(self.omaha_map, "Omaha map")
        self.lookup_edit = named(QLineEdit(""), "tableLookupEdit")
        self.lookup_edit.setMaximumWidth(200)
        self.lookup_edit.setPlaceholderText("AKo, As Kd, or a class id")
        self.lookup_button = named(QPushButton("Show"), "tableLookupButton")
        self.copy_range_button = named(QPushButton("Copy range"), "tableCopyRangeButton")
        self.copy_range_button.setToolTip(
            "Copy the selected node's range as a lock (NODE=RANGE, each hand at its play "
            "frequency): paste it into Locks to hold this node at this range")
        self.lookup_error = ErrorLabel("tableLookupError")
        self.lookup_result = named(QLabel(), "tableLookupResult")
        self.lookup_result.setWordWrap(True)
        self.lookup_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.icm_model = RowsModel(number_format=_number_format)
        self.icm_table = read_only_table("icmTable", self.icm_model)
        self.heat_model = HeatModel(self)
        self.bubble_view = read_only_table("bubbleFactorView", self.heat_model)
        self.bubble_view.setItemDelegate(FrequencyDelegate(self.bubble_view))  # never "1…"
        self.bubble_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Stretch)
        self.icm_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.node_list.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)

        self.icm_box = QGroupBox("ICM: prize equity and bubble factors (row against column)")
        icm_layout = QHBoxLayout(self.icm_box)
        icm_layout.addWidget(self.icm_table, 3)
        icm_layout.addWidget(self.bubble_view, 2)
        side = QVBoxLayout(self)
        self.nodes_heading = named(QLabel(NODES_HEADING), "tableNodesHeading")
        heading = QHBoxLayout()
        heading.addWidget(self.nodes_heading, 1)
        heading.addWidget(self.copy_range_button)
        side.addLayout(heading)
        side.addWidget(self.node_list, 2)
        side.addWidget(self.range_tabs, 4)
        side.addWidget(self.action_legend)
        lookup = QHBoxLayout()
        lookup.addWidget(QLabel("Hand"))
        lookup.addWidget(self.lookup_edit)
        lookup.addWidget(self.lookup_button)
        side.addLayout(lookup)
        side.addWidget(self.lookup_error)
        side.addWidget(self.lookup_result)

    def _forget_map_wish(self, index: int) -> None:
        """The player picked a range tab: that one stays, not the Omaha map."""
        if self.range_tabs.widget(index) is not self.omaha_map:
            self._map_wanted = False

    @property
    def result_views(self) -> list[QWidget]:
        """The views of a result (greyed while a new run computes the next one)."""
        return [self.node_list, self.range_tabs, self.lookup_result]

    def show_icm(self, spot: PushFoldSpot) -> None:
        """The ICM panel of the spot in the form."""
        self.icm_model.set_table(ICM_COLUMNS, icm_rows(spot))
        self.heat_model.set_matrix(list(spot.positions), bubble_matrix(spot))

    @property
    def selected_node(self) -> str | None:
        rows = self.node_list.selectionModel().selectedRows()
        if not rows or self.node_model.rowCount() == 0:
            return None
        return str(self.node_model.row_values(rows[0].row())[0])

    def select_node(self, name: str) -> bool:
        """Select the node called ``name`` in the node list."""
        for row in range(self.node_model.rowCount()):
            if self.node_model.row_values(row)[0] == name:
                self.node_list.selectRow(row)
                return True
        return False

    def _show_map(self, enabled: bool) -> None:
        """The Omaha map's tab: enabled with an Omaha result, the player's tab again when it
        was theirs before the wait."""
        self._map_wanted = self._map_wanted or self.range_tabs.currentWidget() is self.omaha_map
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.omaha_map), enabled)
        if enabled and self._map_wanted:
            self.range_tabs.setCurrentWidget(self.omaha_map)
        if enabled:
            self._map_wanted = False

    def show_tree_rows(self, solution: Any, rows: list[dict]) -> None:
        """The range and the EV per hand of the selected node of a tree (``rows``:
        :func:`~ui.table.betting.model.tree_hand_rows`): each hand coloured by its action
        mix, the class table one column per action."""
        holdem = str(solution.spot.variant) == "holdem"
        self.action_legend.setVisible(True)
        self.hands_model.set_table(*tree_ev_table(rows))
        self._show_map(not holdem)
        if holdem:
            self.omaha_map.model.set_rows("omaha-hi", [], "play_pct", "Play")
        else:
            kinds = list(dict.fromkeys(a["action"] for r in rows[:1] for a in r["actions"]))
            self.omaha_map.model.set_mixes(
                "omaha-hi", [{"id": r["id"], "combos": r["combos"],
                              "play_pct": 100 * play_share(r["actions"])} for r in rows],
                {kind: [sum(a["percent"] for a in r["actions"] if a["action"] == kind) / 100
                        for r in rows] for kind in kinds})
        if holdem:
            self.tree_grid_model.set_rows(rows)
            self._show_grid(self.tree_grid_model)
        else:
            columns, table = tree_class_table(rows)
            self.tree_class_model.set_tree(columns, table, rows)
            self._show_class_table(self.tree_class_model)

    def _show_grid(self, model: object) -> None:
        self.range_view.setModel(model)  # type: ignore[arg-type]
        self.range_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.range_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.range_view.verticalHeader().setVisible(True)  # the ranks

    def _show_class_table(self, model: object) -> None:
        # strongest first: the order of 'top N%', the way players read a range; columns
        # as wide as their texts and rows one line high (stretched, the hands' play % and
        # EVs sat off to the right and eleven rows showed), no row numbers beside the
        # Strength column that says the same
        self.range_view.setModel(model)  # type: ignore[arg-type]
        vertical = self.range_view.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.range_view.fontMetrics().height() + 6)
        vertical.setVisible(False)
        self.range_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Interactive)
        fit_columns(self.range_view)

    def show_rows(self, solution: PushFoldSolution | None, rows: list[dict]) -> None:
        """The range and the EV per hand of the selected node (``rows``: its hands)."""
        self.action_legend.setVisible(False)
        holdem = solution is not None and str(solution.spot.variant) == "holdem"
        self.hands_model.set_table(RANKED_COLUMNS, ranked_hand_table(rows))
        self._show_map(solution is not None and not holdem)
        node = self.selected_node
        key = "call_pct" if node is not None and " vs " in node else "push_pct"
        self.omaha_map.model.set_rows(
            "omaha-hi", [] if holdem or solution is None else
            [{"id": r["id"], "combos": r["combos"], key: r["play_pct"]} for r in rows], key)
        if holdem:
            self.grid_model.set_rows(rows)
            self._show_grid(self.grid_model)
        else:
            self.class_model.set_table(RANKED_COLUMNS, ranked_hand_table(rows))
            self._show_class_table(self.class_model)
