"""The Review tab's widgets, small and without behaviour: the controls row, the spots panel and
the session panel. :class:`ui.review.tab.ReviewTab` joins them and runs the reviews; the
text they show comes from :mod:`ui.review.model`.
"""

from __future__ import annotations

from collections.abc import Callable

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui.kit.common import named
from ui.kit.export import add_save_image_action, export_buttons
from ui.kit.plots import NoDataPlaceholder
from ui.review.spots_table import SpotTableModel, spot_proxy


def _column(*widgets: QWidget) -> QVBoxLayout:
    layout = QVBoxLayout()
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return layout


class ReviewControls(QWidget):
    """Open files / folder, the hero, Stop, the progress; the opponent model and the payouts
    of table spots."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.open_button = named(QPushButton("Open files…"), "reviewOpenButton")
        self.open_button.setToolTip("Review PokerStars hand histories or PHH files "
                                    "(you can also drop them on the window)")
        self.open_folder_button = named(QPushButton("Open folder…"), "reviewOpenFolderButton")
        self.hero_combo = named(QComboBox(), "reviewHeroCombo")
        self.hero_combo.setProperty("persist", False)  # its players come from the files
        self.hero_combo.setMinimumContentsLength(12)
        self.hero_combo.setEnabled(False)
        self.vs_edit = named(QLineEdit(), "reviewVsEdit")
        self.vs_edit.setPlaceholderText("Nash — or a range the opponent pushes/calls, "
                                        "e.g. 22+,A2s+")
        self.vs_edit.setToolTip("Judge the hero against an opponent who pushes and calls this "
                                "range (Hold'em 22+,A2s+ · Omaha AA**,KK** · top 20% · "
                                "nash@15 · file:PATH); empty: the Nash equilibrium. Enter "
                                "reviews the files again.")
        self.payouts_edit = named(QLineEdit(), "reviewPayoutsEdit")
        self.payouts_edit.setPlaceholderText("from the file, else chips")
        self.payouts_edit.setToolTip(
            "Payouts of the tournament for decisions at 3-10 players (ICM): 50/30/20, 65/35, "
            "1 (winner takes all) or chips. Empty: the file's for a recognised sit-and-go "
            "(3-max Spin & Go: 1, 6-max: 65/35, 9- or 10-max: 50/30/20), else chip EV. Enter "
            "reviews the files again.")
        self.stop_button = named(QPushButton("Stop"), "reviewStopButton")
        self.stop_button.setEnabled(False)
        self.progress = named(QProgressBar(), "reviewProgress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.phase_label = named(QLabel(""), "reviewPhaseLabel")
        top = QHBoxLayout()
        for widget in (self.open_button, self.open_folder_button, QLabel("Hero"),
                       self.hero_combo, self.stop_button):
            top.addWidget(widget)
        top.addWidget(self.progress, 1)
        top.addWidget(self.phase_label)
        models = QHBoxLayout()  # a row of its own: the tab stays as narrow as before
        models.addWidget(QLabel("Opponent"))
        models.addWidget(self.vs_edit, 2)
        models.addWidget(QLabel("Payouts"))
        models.addWidget(self.payouts_edit, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(models)


class SpotsPanel(QWidget):
    """The filter, the sortable spots table (:mod:`ui.review.spots_table`), the selected spot's
    details and "Open in Jam-fold"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filter_edit = named(QLineEdit(), "reviewFilterEdit")
        self.filter_edit.setPlaceholderText("filter: blunder, SB, Ah, a hand number…")
        self.filter_edit.setProperty("persist", False)
        self.model = SpotTableModel(self)
        self.proxy = spot_proxy(self.model, self)
        self.table = named(QTableView(), "reviewTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.details = named(QLabel("Select a spot to see it here."), "reviewDetails")
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_spot_button = named(QPushButton("Open in Jam-fold"), "reviewOpenSpotButton")
        self.open_spot_button.setToolTip("Fill the Jam-fold tab with this spot's game (in big "
                                         "blinds, the stack the review judged it at) and the "
                                         "hero's hand")
        self.open_spot_button.setEnabled(False)
        self.open_table_button = named(QPushButton("Open in Table"), "reviewOpenTableButton")
        self.open_table_button.setToolTip("Open this table spot in the Table tab: its seats, "
                                          "stacks, blinds, ante and payouts, solved as the "
                                          "review did, its node selected and the hand looked up")
        self.open_table_button.setEnabled(False)
        layout = _column(self.filter_edit, self.table, self.details)
        layout.setStretch(1, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_spot_button)
        buttons.addWidget(self.open_table_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.setLayout(layout)


class SessionPanel(QWidget):
    """The summary, the cumulative EV-lost plot and the export buttons; ``export_table``
    writes the spots shown, ``status`` shows a message (the image export's)."""

    def __init__(self, export_table: Callable[..., bool], status: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = named(QTextBrowser(), "reviewSummary")
        self.summary.setOpenLinks(False)
        self.summary.setPlaceholderText("Open hand histories to review them.")
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("reviewPlot")
        self.plot.setBackground("w")
        self.plot.setMinimumHeight(180)
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        item.setLabel("bottom", "spot")
        item.setLabel("left", "cumulative EV lost (bb)")
        item.getAxis("left").enableAutoSIPrefix(False)  # no "(x0.001)" over a flat zero line
        self.curve = item.plot([], [], pen=pg.mkPen("#c8102e", width=2))
        self.plot_placeholder = NoDataPlaceholder(item, [self.curve])
        add_save_image_action(self.plot, status)
        self.csv_button = named(QPushButton("Export CSV…"), "reviewCsvButton")
        self.html_button = named(QPushButton("Export HTML…"), "reviewHtmlButton")
        self.json_button = export_buttons(self, export_table,
                                          title="Export the spots shown")[0]
        exports = QHBoxLayout()
        for button in (self.csv_button, self.json_button, self.html_button):
            exports.addWidget(button)
        exports.addStretch(1)
        layout = _column(self.summary, self.plot)
        layout.setStretch(0, 3)
        layout.setStretch(1, 2)
        layout.addLayout(exports)
        self.setLayout(layout)
