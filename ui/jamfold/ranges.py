"""The right half of the Jam-fold tab: whose range is shown (with Copy range) over a set of
pages — the Epsilon plot, the Hold'em 13×13 grid, the sortable and filterable class table,
the Omaha map; the tab adds the Nash chart and the width curve of its panels.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.jamfold.model import CA_WORDS, PU_WORDS
from ui.kit.common import read_only_table
from ui.kit.omaha_range_map import OmahaRangeMap
from ui.kit.plots import ConvergencePlot
from ui.kit.range_cells import keep_cells_readable
from ui.kit.range_view import (
    RANK_COLUMN,
    ClassFilterProxy,
    ClassTableModel,
    FrequencyDelegate,
    FrequencyLegend,
    HoldemGridModel,
    played_range_text,
)


def _plot_page() -> tuple[QWidget, ConvergencePlot, QCheckBox]:
    plot = ConvergencePlot("Epsilon (chips)")
    plot.setObjectName("epsilonPlot")
    plot.setMinimumHeight(220)
    plot.curve.setSymbol(None)  # a line: hundreds of markers cost ~40 ms a repaint
    log_y = QCheckBox("log scale for Epsilon")
    log_y.setObjectName("epsilonLogCheck")
    log_y.setChecked(True)
    plot.set_log_y(True)
    log_y.toggled.connect(plot.set_log_y)
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(log_y)
    layout.addWidget(plot, 1)
    return page, plot, log_y


class RangeViews(QWidget):
    """The player picker, Copy range and the pages (object names: ``gridPlayerCombo``,
    ``copyRangeButton``, ``rangeTabs``, ``rangeGrid``, ``classFilterEdit``,
    ``classFilterMode``, ``classTable``, ``epsilonPlot``, ``epsilonLogCheck``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid_player_combo = QComboBox()
        self.grid_player_combo.setObjectName("gridPlayerCombo")
        self.grid_player_combo.addItems(["Push (PU: Player1)", "Call (CA: Player2)"])
        for index, words in enumerate((PU_WORDS, CA_WORDS)):
            self.grid_player_combo.setItemData(index, words, Qt.ItemDataRole.ToolTipRole)
        self.copy_range_button = QPushButton("Copy range")
        self.copy_range_button.setObjectName("copyRangeButton")
        self.copy_range_button.setToolTip("Copy the shown player's range (the hands played at "
                                          "least half the time) as range text")
        range_bar = QHBoxLayout()
        range_bar.addWidget(self.grid_player_combo, 1)
        range_bar.addWidget(self.copy_range_button)

        plot_page, self.plot, self.log_y_check = _plot_page()
        self.grid_model = HoldemGridModel(self)
        self.grid_view = read_only_table("rangeGrid", self.grid_model, row_header=True)
        self.grid_view.setItemDelegate(FrequencyDelegate(self.grid_view))
        for header in (self.grid_view.horizontalHeader(), self.grid_view.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        keep_cells_readable(self.grid_view)  # too small for every frequency: it scrolls
        self.grid_page = QWidget()
        grid_layout = QVBoxLayout(self.grid_page)
        grid_layout.addWidget(self.grid_view, 1)
        grid_layout.addWidget(FrequencyLegend())

        self.class_filter_edit = QLineEdit()
        self.class_filter_edit.setObjectName("classFilterEdit")
        self.class_filter_edit.setToolTip("Range text of the game (TT+, AKo, AA**) shows the "
                                          "classes of that range; other text filters the "
                                          "cards (As, AKo)")
        self.class_filter_edit.setProperty("persist", False)
        self.class_filter_mode = QLabel("")
        self.class_filter_mode.setObjectName("classFilterMode")
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.class_filter_edit, 1)
        filter_row.addWidget(self.class_filter_mode)
        self.class_model = ClassTableModel(self)
        self.class_proxy = ClassFilterProxy(self.class_model, self)
        self.class_view = read_only_table("classTable", self.class_proxy)
        self.class_view.setSortingEnabled(True)
        # strongest first (the order of 'top N%'), the strength column shown first
        self.class_view.horizontalHeader().moveSection(RANK_COLUMN, 0)
        self.class_view.sortByColumn(RANK_COLUMN, Qt.SortOrder.AscendingOrder)
        classes_page = QWidget()
        classes_layout = QVBoxLayout(classes_page)
        classes_layout.addLayout(filter_row)
        classes_layout.addWidget(self.class_view, 1)

        self.range_tabs = QTabWidget()
        self.range_tabs.setObjectName("rangeTabs")
        self.range_tabs.addTab(plot_page, "Epsilon")
        self.range_tabs.addTab(self.grid_page, "Range grid")
        self.range_tabs.addTab(classes_page, "Classes")
        self.omaha_map = OmahaRangeMap()
        self.range_tabs.addTab(self.omaha_map, "Omaha map")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(range_bar)
        layout.addWidget(self.range_tabs, 1)

    @property
    def range_key(self) -> str:
        """The class rows' column of the player shown: ``push_pct`` or ``call_pct``."""
        return "push_pct" if self.grid_player_combo.currentIndex() == 0 else "call_pct"

    def show_rows(self, variant: str | None, rows: list[dict], unit: str, bb: float) -> None:
        """Show a solution's class rows (``variant`` None: no solution) on every page."""
        for model in (self.grid_model, self.class_model):
            model.set_units(unit, bb)
        self.class_model.set_rows(rows, variant)
        self.class_view.verticalHeader().setVisible(self.class_model.has_names)
        holdem = variant == "holdem"
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.grid_page), holdem)
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.omaha_map),
                                      variant is not None and not holdem)
        self.apply_filter(variant)
        self.fill_maps(variant, rows)

    def fill_maps(self, variant: str | None, rows: list[dict]) -> None:
        """The grid (Hold'em) or the Omaha map of the player shown."""
        holdem = variant == "holdem"
        self.grid_model.set_rows(rows if holdem else [], self.range_key)
        self.omaha_map.model.set_rows("omaha-hi", rows if variant is not None and not holdem
                                      else [], self.range_key)

    def copy_range(self, variant: str, rows: list[dict]) -> str:
        """Put the shown player's range (classes played at least half the time) on the
        clipboard as range text of ``variant``; the text."""
        text = played_range_text(variant, rows, self.range_key)
        QGuiApplication.clipboard().setText(text)
        return text

    def apply_filter(self, variant: str | None) -> None:
        """Filter the class table by the typed range or text (of the solution's game)."""
        text = self.class_filter_edit.text()
        by_range = self.class_proxy.set_filter(text, variant)
        self.class_filter_mode.setText("" if not text.strip()
                                       else "as a range" if by_range else "as text")
