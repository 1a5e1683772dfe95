"""The Review tab (issue 15): import played hands, find the hero's jam-fold mistakes, grade
the player.

**Open files…** / **Open folder…** (or files dropped on the window, see
:class:`ui.main_window.MainWindow`) start a review in a worker (:meth:`Tab.make_runner`): the
players of the files are listed first (the hero combo; the default hero is the library's, the
player with the most hands), then :func:`omahanash.history.review` reads and judges them, with
a progress bar and **Stop**. Picking another hero re-runs the review for that player (the
equilibria are cached, so a re-run is quick). **Opponent** is the model the decisions are
judged against: empty for the Nash equilibrium, or a range the opponent pushes and calls
(``22+,A2s+``, ``AA**``, ``top 20%``, ``nash@15``, ``file:PATH``; see
:mod:`omahanash.history.opponent`); Enter re-runs the review against it, and a bad range is
shown in the tab (the results shown stay).

The results: a sortable, filterable spots table (:mod:`ui.review_models`: a row with EV lost
is coloured by its severity), the selected spot's details (the cards drawn in the four-colour
deck, the action, the best action against the model, the Nash action and its frequency,
AllIn_EV / Fold_EV, EV lost, severity) with **Open in Jam-fold**, which fills the Jam-fold
tab's inputs with the game the spot was judged on, the summary (the opponent model, hands,
spots, outside the model by reason, unparsed hands with their reasons, mistakes by severity,
EV lost, accuracy by position and stack band, the grade and its interval) and the cumulative
EV-lost plot. **Export** writes the library's CSV and HTML reports.

The tab is one screen (files, hero, table, details, summary, plot, exports) sharing its report,
so it stays one module (~650 lines); the table model is in :mod:`ui.review_models`.
"""

from __future__ import annotations

import html
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.common import ErrorLabel, Tab
from ui.export import add_save_image_action, export_buttons
from ui.plots import NoDataPlaceholder
from ui.review_models import SpotTableModel, cards_html, spot_proxy
from ui.table_build_panel import TableBuildPanel

if TYPE_CHECKING:
    from omahanash.history import ReviewReport, SpotReview
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

#: The summary lists at most this many unparsed hands (the tooltip repeats them).
UNPARSED_SHOWN = 50
#: ... and this many reasons for hands outside the model, the most frequent first.
REASONS_SHOWN = 12
#: Hands counted between two looks at the Stop flag while listing the players.
_HANDS_PER_CHECK = 200
# Names of the Jam-fold tab's public widgets that "Open in Jam-fold" fills.
JAMFOLD_TITLE = "Jam-fold"
JAMFOLD_FIELDS = ("anteEdit", "sbEdit", "bbEdit", "player1Edit", "player2Edit", "lookupEdit")


@dataclass(frozen=True)
class ReviewResult:
    """What a review job hands back: the files reviewed, their players (most hands first,
    with their hand counts), the library's report and the opponent model as typed."""

    paths: tuple[str, ...]
    players: tuple[tuple[str, int], ...]
    report: ReviewReport
    vs: str | None = None


def list_players(paths: Sequence[str | os.PathLike], progress: ProgressReporter | None = None,
                 cancel: CancelFlag | None = None) -> tuple[tuple[str, int], ...]:
    """Every player seated in the hands under ``paths`` with the number of their hands, most
    hands first (then by name); ``cancel`` is looked at every few hundred hands.

    >>> from pathlib import Path
    >>> data = Path(__file__).resolve().parents[1] / "tests" / "data" / "history"
    >>> list_players([data / "ps_hu_tournament_holdem.txt"])
    (('Hero', 5), ('Villain', 5))
    """
    from omahanash.history import Hand
    from omahanash.history.sources import hand_files, read_file

    files = hand_files(paths)
    total = max(1, sum(path.stat().st_size for path in files))
    read = [0]  # characters read so far (read_file adds to it)
    seated: Counter[str] = Counter()
    for path in files:
        for count, item in enumerate(read_file(path, read)):
            if isinstance(item, Hand):
                seated.update(item.players)  # names: a mapping would add chips
            if count % _HANDS_PER_CHECK == 0:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                if progress is not None:
                    progress(min(read[0], total), total)
    return tuple(sorted(seated.items(), key=lambda pair: (-pair[1], pair[0])))


def jamfold_inputs(spot: SpotReview) -> dict[str, str]:
    """The Jam-fold tab's inputs for the game a spot was judged on: in big blinds (SB/BB,
    1, ante/BB), both stacks the effective stack on the review's grid, the hero's cards; so
    the tab shows the same AllIn_EV / Fold_EV as the review. Keys are the widgets' object
    names."""
    def bb(chips: float) -> str:
        return f"{round(chips / spot.bb, 9):g}"

    stack = f"{spot.grid_stack_bb:g}"
    return {"anteEdit": bb(spot.ante), "sbEdit": bb(spot.sb), "bbEdit": "1",
            "player1Edit": stack, "player2Edit": stack, "lookupEdit": spot.cards}


class ReviewTab(Tab):
    title = "Review"
    settings_group = "review"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewTab")
        self.runner = self.make_runner(
            progressed=self._on_progressed, succeeded=self._on_succeeded,
            stopped=self._on_stopped, failed=self._on_failed, finished=self._on_finished)
        self.report: ReviewReport | None = None
        self.paths: tuple[str, ...] = ()
        self.players: tuple[tuple[str, int], ...] = ()
        self.reviewed_vs: str | None = None  # the opponent model of the report shown, as typed
        self._filling_heroes = False

        # -- open, hero, progress --------------------------------------------------------------
        self.open_button = QPushButton("Open files…", objectName="reviewOpenButton")
        self.open_button.setToolTip("Review PokerStars hand histories or PHH files "
                                    "(you can also drop them on the window)")
        self.open_folder_button = QPushButton("Open folder…",
                                              objectName="reviewOpenFolderButton")
        self.hero_combo = QComboBox(objectName="reviewHeroCombo")
        self.hero_combo.setProperty("persist", False)  # its players come from the files
        self.hero_combo.setMinimumContentsLength(12)
        self.hero_combo.setEnabled(False)
        self.vs_edit = QLineEdit(objectName="reviewVsEdit")
        self.vs_edit.setPlaceholderText("Nash — or a range the opponent pushes/calls, "
                                        "e.g. 22+,A2s+")
        self.vs_edit.setToolTip("Judge the hero against an opponent who pushes and calls this "
                                "range (Hold'em 22+,A2s+ · Omaha AA**,KK** · top 20% · "
                                "nash@15 · file:PATH); empty: the Nash equilibrium. Enter "
                                "reviews the files again.")
        self.stop_button = QPushButton("Stop", objectName="reviewStopButton")
        self.stop_button.setEnabled(False)
        self.progress = QProgressBar(objectName="reviewProgress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.phase_label = QLabel("", objectName="reviewPhaseLabel")
        top = QHBoxLayout()
        for widget in (self.open_button, self.open_folder_button, QLabel("Hero"),
                       self.hero_combo, self.stop_button):
            top.addWidget(widget)
        top.addWidget(self.progress, 1)
        top.addWidget(self.phase_label)
        opponent_row = QHBoxLayout()  # a row of its own: the tab stays as narrow as before
        opponent_row.addWidget(QLabel("Opponent"))
        opponent_row.addWidget(self.vs_edit, 1)
        self.error = ErrorLabel("reviewError")
        # Omaha hands whose table is not built: the shared build panel offers it here.
        self.build_panel = TableBuildPanel(self.make_runner)
        self.build_panel.status_message.connect(self.status_message)
        self.build_panel.built.connect(self._on_table_built)

        # -- spots table and details -----------------------------------------------------------
        self.filter_edit = QLineEdit(objectName="reviewFilterEdit")
        self.filter_edit.setPlaceholderText("filter: blunder, SB, Ah, a hand number…")
        self.filter_edit.setProperty("persist", False)
        self.model = SpotTableModel(self)
        self.proxy = spot_proxy(self.model, self)
        self.table = QTableView(objectName="reviewTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.details = QLabel("Select a spot to see it here.", objectName="reviewDetails")
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_spot_button = QPushButton("Open in Jam-fold",
                                            objectName="reviewOpenSpotButton")
        self.open_spot_button.setToolTip("Fill the Jam-fold tab with this spot's game (in big "
                                         "blinds, the stack the review judged it at) and the "
                                         "hero's hand")
        self.open_spot_button.setEnabled(False)
        left_cell = QWidget()
        left = QVBoxLayout(left_cell)
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.filter_edit)
        left.addWidget(self.table, 1)
        left.addWidget(self.details)
        left.addWidget(self.open_spot_button, 0, Qt.AlignmentFlag.AlignLeft)

        # -- summary, plot, export -------------------------------------------------------------
        self.summary = QTextBrowser(objectName="reviewSummary")
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
        add_save_image_action(self.plot, self.status_message.emit)
        self.csv_button = QPushButton("Export CSV…", objectName="reviewCsvButton")
        self.html_button = QPushButton("Export HTML…", objectName="reviewHtmlButton")
        self.json_button = export_buttons(self, self.export_table,
                                          title="Export the spots shown")[0]
        exports = QHBoxLayout()
        exports.addWidget(self.csv_button)
        exports.addWidget(self.json_button)
        exports.addWidget(self.html_button)
        exports.addStretch(1)
        right_cell = QWidget()
        right = QVBoxLayout(right_cell)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.summary, 3)
        right.addWidget(self.plot, 2)
        right.addLayout(exports)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left_cell)
        splitter.addWidget(right_cell)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([600, 400])  # the table's columns need the room more than the text
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(opponent_row)
        layout.addWidget(self.error)
        layout.addWidget(self.build_panel)
        layout.addWidget(splitter, 1)

        # -- wiring ------------------------------------------------------------------------------
        self.open_button.clicked.connect(self._on_open_clicked)
        self.open_folder_button.clicked.connect(self._on_open_folder_clicked)
        self.stop_button.clicked.connect(self.stop)
        self.hero_combo.currentIndexChanged.connect(self._on_hero_changed)
        self.vs_edit.editingFinished.connect(self._on_vs_edited)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.proxy.modelReset.connect(self._show_selected)
        self.proxy.layoutChanged.connect(self._show_selected)
        self.proxy.rowsRemoved.connect(self._show_selected)
        self.open_spot_button.clicked.connect(self.open_selected_spot)
        self.csv_button.clicked.connect(self._on_csv_clicked)
        self.html_button.clicked.connect(self._on_html_clicked)
        self._update_buttons()

    # -- running ---------------------------------------------------------------------------------

    def open_paths(self, paths: Sequence[str | os.PathLike]) -> bool:
        """Review these files or folders (their players listed anew, the default hero); False
        when a review is already running or nothing was given."""
        if self.runner.running or not paths:
            return False
        return self._start(tuple(os.fspath(path) for path in paths), hero=None, players=None)

    def review_hero(self, hero: str) -> bool:
        """Review the current files again for ``hero``; False when there are no files or a
        review is running."""
        if self.runner.running or not self.paths:
            return False
        return self._start(self.paths, hero=hero, players=self.players)

    def review_again(self) -> bool:
        """Review the current files again for the hero shown, against the opponent model
        typed now; False when there are no files or a review is running."""
        if self.runner.running or not self.paths:
            return False
        hero = self.report.hero if self.report is not None else None
        return self._start(self.paths, hero=hero, players=self.players)

    def opponent_text(self) -> str | None:
        """The opponent model typed (None: empty, the equilibrium)."""
        return self.vs_edit.text().strip() or None

    def stop(self) -> None:
        """Stop the running review (the previous results stay)."""
        if self.runner.running:
            self.stop_button.setEnabled(False)
            self.phase_label.setText("Stopping…")
            self.runner.stop()

    def _start(self, paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None) -> bool:
        vs = self.opponent_text()

        def job(report: ProgressReporter, cancel: CancelFlag) -> ReviewResult:
            from omahanash.history import review
            from omahanash.history.opponent import opponent_model

            opponent = opponent_model(vs)  # a bad range fails before the files are read
            found = players
            if found is None:
                report.phase("listing players")
                found = list_players(paths, report, cancel)
            report.phase("reviewing")
            cancel.raise_if_cancelled()
            return ReviewResult(paths, found, review(paths, hero=hero, progress=report,
                                                     cancel=cancel, vs=opponent), vs)

        self.error.clear_error()
        self.progress.setValue(0)
        self.runner.start(job)
        self._update_buttons()
        what = ", ".join(os.path.basename(path) or path for path in paths)
        self.status_message.emit(f"Reviewing {what}" + (f" for {hero}…" if hero else "…"))
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setValue(int(1000 * min(done, total) / total))
        self.phase_label.setText(phase.capitalize() + "…" if phase else "")

    def _on_succeeded(self, result: object) -> None:
        assert isinstance(result, ReviewResult)
        report = result.report
        self.progress.setValue(self.progress.maximum())
        self.paths, self.players = result.paths, result.players
        self.reviewed_vs = result.vs
        self._show_report(report)
        self._fill_heroes()
        self.build_panel.check(missing_tables(report))
        if report.hands == 0:
            reasons = "; ".join(f"{os.path.basename(item.file)}:{item.line}: {item.reason}"
                                for item in report.unparsed[:3])
            self.error.show_error("No hand could be read" + (f" ({reasons})" if reasons
                                                             else "."))
            self.status_message.emit("Review: no hand could be read.")
            return
        against = "" if report.opponent.is_nash else f" against {report.opponent.describe()}"
        self.status_message.emit(
            f"Reviewed {report.hands} hands for {report.hero}{against}: "
            f"{len(report.spots)} spots, grade {report.grade or '-'}")

    def _on_stopped(self) -> None:
        self.progress.setValue(0)
        self.status_message.emit("Stopped.")

    def _on_table_built(self, variant: str) -> None:
        """A table the last review lacked is built at full precision: review again, so its
        hands are judged (a coarse table first only says so)."""
        from ui.table_build_panel import table_state

        wanted = self.report is not None and Variant.parse(variant) in missing_tables(
            self.report)
        if wanted and table_state(Variant.parse(variant)) == "full":
            self.review_again()
        elif wanted:
            self.status_message.emit(f"A coarse {Variant.parse(variant).display_name} table "
                                     "is ready; the review runs again when the full one is "
                                     "built.")

    def _on_failed(self, message: str) -> None:
        self.progress.setValue(0)
        self.error.show_error(message)
        self.status_message.emit("Review failed: " + message)

    def _on_finished(self) -> None:
        self.phase_label.setText("")
        self._fill_heroes()  # after a Stop, back to the hero of the report shown
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.report is not None
        self.open_button.setEnabled(idle)
        self.vs_edit.setReadOnly(not idle)
        self.open_folder_button.setEnabled(idle)
        self.stop_button.setEnabled(not idle)
        self.hero_combo.setEnabled(idle and self.hero_combo.count() > 0)
        self.csv_button.setEnabled(idle and have)
        self.json_button.setEnabled(idle and have)
        self.html_button.setEnabled(idle and have)
        self.open_spot_button.setEnabled(self.selected_spot() is not None)

    # -- hero ------------------------------------------------------------------------------------

    def _fill_heroes(self) -> None:
        """The players of the files shown, the report's hero selected (no re-run)."""
        self._filling_heroes = True
        try:
            self.hero_combo.clear()
            for name, hands in self.players:
                self.hero_combo.addItem(name, name)
                self.hero_combo.setItemData(self.hero_combo.count() - 1, f"{hands} hands",
                                            Qt.ItemDataRole.ToolTipRole)
            hero = self.report.hero if self.report is not None else None
            index = self.hero_combo.findData(hero) if hero is not None else -1
            self.hero_combo.setCurrentIndex(index)
        finally:
            self._filling_heroes = False

    def _on_hero_changed(self, index: int) -> None:
        if self._filling_heroes or index < 0:
            return
        hero = self.hero_combo.itemData(index)
        if self.report is None or hero != self.report.hero:
            self.review_hero(hero)

    def _on_vs_edited(self) -> None:
        if self.opponent_text() != self.reviewed_vs:  # Enter or leaving the field: a change
            self.review_again()

    # -- results ---------------------------------------------------------------------------------

    def _show_report(self, report: ReviewReport) -> None:
        self.report = report
        self.model.set_spots(report.spots)
        cumulative = report.cumulative_ev_lost_bb()
        self.curve.setData(list(range(1, len(cumulative) + 1)), cumulative)
        self.plot.getPlotItem().enableAutoRange()
        self.summary.setHtml(summary_html(report))
        self.summary.setToolTip(unparsed_text(report) or "")

    def plot_points(self) -> list[tuple[float, float]]:
        """The points of the cumulative EV-lost plot: ``(spot number, EV lost so far)``."""
        x, y = self.curve.xData, self.curve.yData
        return [] if x is None or y is None else list(zip(x.tolist(), y.tolist()))

    def selected_spot(self) -> SpotReview | None:
        """The spot of the table's selected row (None: no selection)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        source = self.proxy.mapToSource(rows[0])
        return self.model.spot(source.row()) if source.isValid() else None

    def select_row(self, row: int) -> None:
        """Select the ``row``-th row of the table as shown (sorted and filtered)."""
        self.table.selectRow(row)

    def _on_selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        self._show_selected()

    def _show_selected(self, *_: object) -> None:
        spot = self.selected_spot()
        self.details.setText("Select a spot to see it here." if spot is None
                             else details_html(spot))
        self.open_spot_button.setEnabled(spot is not None)

    # -- open in the Jam-fold tab ----------------------------------------------------------------

    def open_selected_spot(self) -> bool:
        """Switch to the Jam-fold tab and fill its inputs with the selected spot (see
        :func:`jamfold_inputs`) and the hero's side; False (and why, in the tab) when there
        is no spot or the Jam-fold tab is busy."""
        from ui.main_window import MainWindow

        spot = self.selected_spot()
        window = self.window()
        if spot is None or not isinstance(window, MainWindow):
            return False
        try:
            jamfold = window.tab(JAMFOLD_TITLE)
        except KeyError:
            self.error.show_error("there is no Jam-fold tab to open the spot in")
            return False
        type_combo = jamfold.findChild(QComboBox, "typeCombo")
        player_combo = jamfold.findChild(QComboBox, "playerCombo")
        edits = {name: jamfold.findChild(QLineEdit, name) for name in JAMFOLD_FIELDS}
        if type_combo is None or player_combo is None or None in edits.values():
            self.error.show_error("the Jam-fold tab does not have the expected inputs")
            return False
        if not type_combo.isEnabled():
            self.error.show_error("the Jam-fold tab is busy: stop its run first")
            return False
        self.error.clear_error()
        type_combo.setCurrentIndex(type_combo.findText(Variant(spot.variant).display_name))
        for name, text in jamfold_inputs(spot).items():
            edit = edits[name]
            assert edit is not None
            edit.setText(text)
        side = "PU" if spot.position == "SB" else "CA"  # the pusher is the small blind
        player_combo.setCurrentIndex(next(i for i in range(player_combo.count())
                                          if player_combo.itemText(i).startswith(side)))
        window.tab_widget.setCurrentWidget(jamfold)
        note = "" if spot.dead_money == 0 else \
            f" (without the {spot.dead_money / spot.bb:g} bb of dead money it does not model)"
        # Said in the Jam-fold tab, where the user now is (messages belong to their tab).
        jamfold.status_message.emit(f"Hand #{spot.hand_id} from the Review tab{note}: press "
                                    "Calculate, then Show.")
        return True

    # -- export ----------------------------------------------------------------------------------

    def export_csv(self, path: str | os.PathLike) -> bool:
        """Write the spots as CSV (the library's :meth:`ReviewReport.write_csv`)."""
        return self._export(path, "csv")

    def export_html(self, path: str | os.PathLike) -> bool:
        """Write the self-contained HTML report (:meth:`ReviewReport.write_html`)."""
        return self._export(path, "html")

    def export_table(self, path: str | os.PathLike, fmt: str | None = None) -> bool:
        """Write the spots the table shows (filtered and sorted as shown) as JSON or CSV."""
        if self.report is None:
            return False
        return self.export_view(self.table, path, fmt, self.error)

    def _export(self, path: str | os.PathLike, kind: str) -> bool:
        if self.report is None:
            return False
        writer = self.report.write_csv if kind == "csv" else self.report.write_html
        try:
            written = writer(path)
        except InputError as exc:
            self.error.show_error(str(exc))
            return False
        self.error.clear_error()
        self.status_message.emit(f"Exported {written}")
        return True

    # -- dialogs ---------------------------------------------------------------------------------

    def _on_open_clicked(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Open hand histories", "",
            "Hand histories (*.txt *.phh *.phhs);;All files (*)")
        if paths:
            self.open_paths(paths)

    def _on_open_folder_clicked(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open a folder of hand histories")
        if folder:
            self.open_paths([folder])

    def _on_csv_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the spots as CSV", "",
                                              "CSV (*.csv)")
        if path:
            self.export_csv(path)

    def _on_html_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the report as HTML", "",
                                              "HTML (*.html)")
        if path:
            self.export_html(path)


# -- rich text ---------------------------------------------------------------------------------


def details_html(spot: SpotReview) -> str:
    """The selected spot, as rich text: where it was played, the cards drawn, the decision
    and its values."""
    grid = "" if spot.grid_stack_bb == round(spot.stack_bb, 9) else \
        f" (judged at {spot.grid_stack_bb:g} bb)"
    ante = f", ante {spot.ante:g}" if spot.ante else ""
    dead = f", dead money {spot.dead_money:g}" if spot.dead_money else ""
    lost = f"{spot.ev_lost_bb:.3f} bb ({spot.ev_lost:g} in chips)"
    rows = (("Hand", f"#{html.escape(spot.hand_id)} · {html.escape(os.path.basename(spot.file))}"
                     f":{spot.line}"),
            ("Game", f"{html.escape(Variant(spot.variant).display_name)}, blinds "
                     f"{spot.sb:g}/{spot.bb:g}{ante}{dead}"),
            ("Position", f"{spot.position}, effective stack {spot.stack_bb:.2f} bb{grid}"),
            ("Cards", cards_html(spot.cards)),
            ("Action", html.escape(spot.action)),
            ("Best", f"{html.escape(spot.best_action)} against "
                     f"{html.escape(_opponent_name(spot.opponent))}"),
            ("Nash", f"{html.escape(spot.nash_action)} {100 * spot.nash_frequency:.1f}%"),
            ("AllIn_EV", f"{spot.allin_ev:.3f} bb"),
            ("Fold_EV", f"{spot.fold_ev:.3f} bb"),
            ("EV lost", lost),
            ("Verdict", html.escape(spot.verdict)),  # the one rule: jamfold.decision.judge
            ("Severity", html.escape(spot.severity)))
    return "<table>" + "".join(f"<tr><td><b>{name}</b>&nbsp;&nbsp;</td><td>{value}</td></tr>"
                               for name, value in rows) + "</table>"


def _opponent_name(text: str) -> str:
    """A spot's opponent model as the details say it (the library's ``nash``: Nash)."""
    return "Nash" if text == "nash" else text


def unparsed_text(report: ReviewReport) -> str:
    """The unparsed hands, one ``file:line: reason`` a line (at most :data:`UNPARSED_SHOWN`)."""
    lines = [f"{os.path.basename(item.file)}:{item.line}: {item.reason}"
             for item in report.unparsed[:UNPARSED_SHOWN]]
    more = len(report.unparsed) - UNPARSED_SHOWN
    return "\n".join(lines + ([f"… and {more} more"] if more > 0 else []))


def summary_html(report: ReviewReport) -> str:
    """The session summary as rich text: counts, mistakes, EV lost, the grade with its
    interval, accuracy by position and stack band, why hands were outside the model or
    unparsed."""
    from omahanash.history.grading import FEW_SPOTS, STACK_BANDS, stack_band

    # Accuracy rows in a natural order: SB before BB, stack bands from short to deep.
    order = ["SB", "BB"] + [stack_band(high) for high in STACK_BANDS] \
        + [stack_band(float("inf"))]

    def rank(name: str) -> int:
        return order.index(name) if name in order else len(order)

    spots = len(report.spots)
    parts = [f"<p><b>Hero:</b> {html.escape(report.hero or '-')}<br>"
             f"<b>Opponent:</b> {html.escape(report.opponent.describe())}<br>"
             f"<b>Hands read:</b> {report.hands} · <b>Spots:</b> {spots} · "
             f"<b>Outside the model:</b> {len(report.outside)} · "
             f"<b>Unparsed:</b> {len(report.unparsed)}</p>"]
    if spots:
        mistakes = ", ".join(f"{name} {count}" for name, count in report.by_severity().items()
                             if name != "none")
        per_100 = report.ev_lost_bb_per_100
        interval = report.grade_interval
        mean = report.mean_ev_lost_bb
        assert per_100 is not None and interval is not None and mean is not None
        provisional = f" — <i>provisional: fewer than {FEW_SPOTS} spots</i>" \
            if spots < FEW_SPOTS else ""
        parts.append(
            f"<p><b>Mistakes:</b> {mistakes}<br>"
            f"<b>EV lost:</b> {report.ev_lost_bb:.3f} bb ({per_100:.2f} bb per 100 spots)<br>"
            f"<b>Grade: {report.grade}</b> (mean EV lost per decision {mean:.3f} bb, 95% "
            f"interval {interval[0]:.3f}–{interval[1]:.3f} bb){provisional}</p>")
        accuracy = report.accuracy()
        for title, rows in (("By position", accuracy["position"]),
                            ("By stack", accuracy["stack_band"])):
            parts.append(f"<p><b>{title}</b></p><table cellspacing='0' cellpadding='2'>"
                         "<tr><th align='left'></th><th>spots</th><th>correct</th>"
                         "<th>accuracy</th><th>EV lost (bb)</th></tr>")
            for name in sorted(rows, key=rank):
                row = rows[name]
                parts.append(f"<tr><td>{html.escape(name)}</td>"
                             f"<td align='right'>{row['spots']:g}</td>"
                             f"<td align='right'>{row['correct']:g}</td>"
                             f"<td align='right'>{100 * row['accuracy']:.0f}%</td>"
                             f"<td align='right'>{row['ev_lost_bb']:.3f}</td></tr>")
            parts.append("</table>")
    if report.outside:
        reasons = Counter(item.reason for item in report.outside).most_common()
        others = sum(count for _, count in reasons[REASONS_SHOWN:])
        parts.append("<p><b>Outside the model</b></p><ul>" + "".join(
            f"<li>{html.escape(player_reason(reason))}: {count}</li>" for reason, count in
            reasons[:REASONS_SHOWN])
            + (f"<li>other reasons: {others}</li>" if others else "") + "</ul>")
    if report.unparsed:
        parts.append("<p><b>Unparsed</b></p><ul>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in unparsed_text(report).splitlines())
            + "</ul>")
    return "".join(parts)



_NO_TABLE = re.compile(r"^no (omaha-hi|omaha-hilo) equity table\b")


def missing_tables(report: ReviewReport) -> list[Variant]:
    """The Omaha variants whose hands the review left out for want of a table.

    >>> from types import SimpleNamespace as N
    >>> missing_tables(N(outside=[N(reason="no omaha-hilo equity table: not built")]))
    [<Variant.OMAHA_HILO: 'omaha-hilo'>]
    """
    found = (_NO_TABLE.match(item.reason) for item in report.outside)
    return [Variant.parse(name) for name in dict.fromkeys(m.group(1) for m in found if m)]


def player_reason(reason: str) -> str:
    """A reason as the tab says it: a missing table is built here, not in a terminal.

    >>> player_reason("no omaha-hilo equity table: run 'omahanash table build ...'")
    'no Omaha Hi/Lo equity table yet: Build it in the panel above, then review again'
    """
    found = _NO_TABLE.match(reason)
    if found is None:
        return reason
    return (f"no {Variant.parse(found.group(1)).display_name} equity table yet: Build it in "
            "the panel above, then review again")
