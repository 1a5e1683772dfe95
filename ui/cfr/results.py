"""The result side of the CFR games tab: the exploitability plot (log₂ x axis, optional log y)
above the decision-tree browser of the thesis (Figure 2.3): the public tree (lazily, a
:class:`~ui.kit.item_models.PublicTreeModel`) and, for the selected public node, the average
probability of every action in each of the acting player's information sets, with a jump to
an information set and the table's exports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from ui.cfr.model import EXPLOITABILITY_TIP, NO_TREE_TEXT, STRATEGY_COLUMN_TIPS
from ui.kit.common import ErrorLabel, named
from ui.kit.export import export_buttons
from ui.kit.item_models import PublicTreeModel, RowsModel, describe_node, strategy_rows
from ui.kit.plots import ConvergencePlot

if TYPE_CHECKING:
    from omahanash.cfr.browser import TreeBrowser


class CfrResults(QSplitter):
    """The plot above the browser. ``export_table(path, fmt)`` is the tab's export of the
    strategy table (its buttons sit under the table)."""

    def __init__(self, export_table: Callable[..., bool], parent: QWidget | None = None
                 ) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self._export_table = export_table

        plot_panel = QWidget()
        plot_layout = QVBoxLayout(plot_panel)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        self.plot = ConvergencePlot("exploitability")
        self.plot.setObjectName("exploitabilityPlot")
        self.plot.setMinimumHeight(180)
        self.plot.setToolTip(EXPLOITABILITY_TIP)
        plot_layout.addWidget(self.plot)
        self.log_y_check = named(QCheckBox("log scale for exploitability"),
                                 "exploitabilityLogCheck")
        self.log_y_check.setChecked(True)  # the plot's default: the curve keeps falling
        self.log_y_check.setToolTip("Exploitability on a logarithmic axis: each step down is "
                                    "ten times closer to equilibrium")
        self.log_y_check.toggled.connect(self.plot.set_log_y)
        plot_layout.addWidget(self.log_y_check)
        self.addWidget(plot_panel)

        browser = QSplitter(Qt.Orientation.Horizontal)
        self.tree_model = PublicTreeModel(self)
        self.tree_view = named(QTreeView(), "treeView")
        self.tree_view.setModel(self.tree_model)
        self.tree_view.setUniformRowHeights(True)
        # Long labels ("draw [0|2] [1|2] …") keep both ends; the tooltip has the whole text.
        self.tree_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree_view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.tree_view.setColumnWidth(0, 220)
        self.tree_view.setColumnWidth(1, 70)
        self.tree_view.selectionModel().currentChanged.connect(self._on_tree_current_changed)
        browser.addWidget(self.tree_view)

        strategy_panel = QWidget()
        strategy_layout = QVBoxLayout(strategy_panel)
        strategy_layout.setContentsMargins(0, 0, 0, 0)
        self.node_label = named(QLabel(NO_TREE_TEXT), "nodeInfoLabel")
        self.node_label.setWordWrap(True)
        strategy_layout.addWidget(self.node_label)
        self.jump_row = QWidget()
        jump = QHBoxLayout(self.jump_row)
        jump.setContentsMargins(0, 0, 0, 0)
        self.infoset_edit = named(QLineEdit(), "infosetEdit")
        self.infoset_edit.setPlaceholderText("information set (key, or a hand / card here)")
        self.infoset_edit.setToolTip("An information set is what one player knows at a "
                                     "decision: the public history plus their private cards "
                                     "or tiles. Type its key, or just the private part to "
                                     "find it at the selected node.")
        self.infoset_button = named(QPushButton("Go"), "infosetGoButton")
        jump.addWidget(QLabel("Jump to"))
        jump.addWidget(self.infoset_edit, 1)
        jump.addWidget(self.infoset_button)
        strategy_layout.addWidget(self.jump_row)
        self.infoset_error = ErrorLabel("infosetError")
        strategy_layout.addWidget(self.infoset_error)
        self.strategy_model = RowsModel(self, column_tips=STRATEGY_COLUMN_TIPS)
        self.strategy_table = named(QTableView(), "strategyTable")
        self.strategy_table.setModel(self.strategy_model)
        self.strategy_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.strategy_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.strategy_table.verticalHeader().setVisible(False)
        header = self.strategy_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(40)  # fit to the first rows, not to thousands
        strategy_layout.addWidget(self.strategy_table, 1)
        exports = QHBoxLayout()
        for button in export_buttons(self, self._export_table, csv_name="exportCsvButton",
                                     title="Export the strategy table"):
            exports.addWidget(button)
        exports.addStretch(1)
        strategy_layout.addLayout(exports)
        browser.addWidget(strategy_panel)
        browser.setSizes([340, 560])
        self.addWidget(browser)
        self.setSizes([320, 480])

        self.infoset_button.clicked.connect(self.jump_to_infoset)
        self.infoset_edit.returnPressed.connect(self.jump_to_infoset)

    def clear(self) -> None:
        """No result: an empty plot, tree and table."""
        self.tree_model.set_browser(None)
        self.strategy_model.clear()
        self.node_label.setText(NO_TREE_TEXT)
        self.plot.set_history([])
        self.infoset_error.clear_error()

    def detach(self) -> None:
        """The solution is about to change in the worker: stop browsing it."""
        self.tree_model.set_browser(None)
        self.strategy_model.clear()
        self.infoset_error.clear_error()
        self.node_label.setText("Running…")

    def show_browser(self, browser: TreeBrowser) -> None:
        """Browse a finished run's tree, its root selected."""
        self.tree_model.set_browser(browser)
        root = self.tree_model.index(0, 0)
        self.tree_view.expand(root)
        self.tree_view.setCurrentIndex(root)

    def show_tree(self, shown: bool) -> None:
        """Show the tree and the jump row (a matrix game has no tree to browse)."""
        self.tree_view.setVisible(shown)
        self.jump_row.setVisible(shown)
        if not shown:
            self.infoset_error.clear_error()

    def _on_tree_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        view = self.tree_model.view_at(current)
        if view is None:
            return
        columns, rows = strategy_rows(view)
        self.strategy_model.set_table(columns, rows)
        self.node_label.setText(describe_node(view))

    def select_path(self, path: tuple[str, ...] | str) -> bool:
        """Select the public node with this history in the tree view (expanding the way)."""
        if isinstance(path, str):
            path = tuple(path.split())
        index = self.tree_model.index_for_path(path)
        if not index.isValid():
            return False
        parent = index.parent()
        while parent.isValid():
            self.tree_view.expand(parent)
            parent = parent.parent()
        self.tree_view.setCurrentIndex(index)
        self.tree_view.scrollTo(index)
        return True

    def jump_to_infoset(self) -> None:
        """Go to the information set typed in the jump field: its public node, its row."""
        browser = self.tree_model.browser
        text = self.infoset_edit.text().strip()
        if browser is None:
            self.infoset_error.show_error("solve or open a game first")
            return
        if not text:
            self.infoset_error.show_error("type an information set key or a private label")
            return
        current = self.tree_model.path_at(self.tree_view.currentIndex())
        if current is not None:
            browser.goto(current)  # a label is looked up at the selected node
        try:
            found = browser.find_infoset(text)
        except InputError as exc:
            self.infoset_error.show_error(str(exc))
            return
        self.infoset_error.clear_error()
        self.select_path(found.path)
        for row in range(self.strategy_model.rowCount()):
            if self.strategy_model.row_values(row)[0] in (found.label, found.key):
                self.strategy_table.selectionModel().select(
                    self.strategy_model.index(row, 0),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows)
                self.strategy_table.scrollTo(self.strategy_model.index(row, 0))
                break
        shown = ", ".join(f"{name} {p:.5f}" for name, p in found.strategy.items())
        self.node_label.setText(f"{describe_node(browser.node())}\nInformation set "
                                f"{found.key} (player {found.player}): {shown}")

