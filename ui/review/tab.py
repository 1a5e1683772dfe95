"""The Review tab (a view over :mod:`ui.review.model`): import played hands, find the hero's
push/fold mistakes (heads-up and at tables of 3 to 10 players), grade the player.

**Open files…** / **Open folder…** (or a drop) start a review in a worker: the players are
listed (the hero combo), then :func:`omahanash.history.review` judges the spots, shown as they
come with the count and the time left, counted down every second (**Stop** keeps them).
**Opponent** (heads-up model: Nash, a range, ``file:PATH``) and **Payouts**
(``reviewPayoutsEdit``: ICM for table spots; empty, the file's or chip EV) re-run it on Enter.
The results (widgets of :mod:`ui.review.views`): the spots table (:mod:`ui.review.spots_table`),
the selected spot's details, **Open in Jam-fold** (heads-up spots) and **Open in Table** (table
spots) — :attr:`ReviewTab.open_spot_requested` / :attr:`ReviewTab.open_table_requested`, which
the main window routes —, the summary, the cumulative EV-lost plot and the exports.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QSplitter, QVBoxLayout, QWidget

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.equity_tables import panel
from ui.equity_tables.panel import TableBuildPanel
from ui.kit.common import ErrorLabel, Tab
from ui.kit.equity_table import EquityTableLabel
from ui.review.jobs import Job, ReviewOutcome, review_job, run_review  # noqa: F401 (re-exported)
from ui.review.model import (  # noqa: F401 (re-exported: the tab's names before the split)
    JamfoldRequest,
    LiveSnapshot,
    ReviewResult,
    details_html,
    jamfold_inputs,
    jamfold_request,
    list_players,
    missing_tables,
    summary_html,
    unparsed_text,
)
from ui.review.opening import SpotOpening
from ui.review.spots_table import fit_columns
from ui.review.tracker.dialog import add_tracker_button, review_from_tracker
from ui.review.views import ReviewControls, SessionPanel, SpotsPanel
from ui.table.model import tables_mark

if TYPE_CHECKING:
    from omahanash.history import ReviewReport, SpotReview


class ReviewTab(SpotOpening, Tab):
    title = "Review"
    settings_group = "review"
    #: "Open in Jam-fold": a :class:`~ui.review.model.JamfoldRequest` for the main window to
    #: route; it answers through :meth:`spot_open_failed` when the spot cannot be opened.
    open_spot_requested = Signal(object)
    #: "Open in Table": a :class:`~ui.review.model.TableRequest`, answered the same way.
    open_table_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewTab")
        self.runner = self.make_runner(
            progressed=self._on_progressed, succeeded=self._on_succeeded,
            failed=self._on_failed, finished=self._on_finished)
        self.report: ReviewReport | None = None
        self.paths: tuple[str, ...] = ()
        self.players: tuple[tuple[str, int], ...] = ()
        self.reviewed_vs: str | None = None  # the opponent model of the report shown, as typed
        self.reviewed_payouts: str | None = None
        self._filling_heroes = False
        self._open_failure: str | None = None
        self._live = False  # the table shows a running review's spots as they are judged
        #: The line of the last review's end ("stopped: 37 of 97 spots judged"), or "".
        self.end_line = ""
        self.clock, self._count = time.monotonic, cast("LiveSnapshot | None", None)  # tests' too
        self.countdown = QTimer(self, interval=1000)  # "about 3:39 left", every second
        self.countdown.timeout.connect(self._show_count)

        controls = ReviewControls(self)
        spots = SpotsPanel(self)
        session = SessionPanel(self.export_table, self.status_message.emit, self)
        # The widgets under their names of before the split (the tests and the settings).
        self.open_button, self.open_folder_button = controls.open_button, \
            controls.open_folder_button
        self.hero_combo, self.vs_edit = controls.hero_combo, controls.vs_edit
        self.payouts_edit, self.stop_button = controls.payouts_edit, controls.stop_button
        self.progress, self.phase_label = controls.progress, controls.phase_label
        self.filter_edit, self.model, self.proxy = spots.filter_edit, spots.model, spots.proxy
        self.table, self.details = spots.table, spots.details
        fit_columns(self.table)  # a hand number or a node drawn whole
        self.open_spot_button, self.open_table_button = spots.open_spot_button, \
            spots.open_table_button
        self.summary, self.plot, self.curve = session.summary, session.plot, session.curve
        self.plot_placeholder = session.plot_placeholder
        self.csv_button, self.html_button, self.json_button = \
            session.csv_button, session.html_button, session.json_button
        self.error = ErrorLabel("reviewError")
        # Omaha hands whose table is not built: the shared build panel offers it here.
        self.build_panel = TableBuildPanel(self.make_runner)
        self.build_panel.status_message.connect(self.status_message)
        self.build_panel.built.connect(self._on_table_built)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        for index, (pane, stretch) in enumerate(((spots, 3), (session, 2))):
            splitter.addWidget(pane)
            splitter.setStretchFactor(index, stretch)
        splitter.setSizes([600, 400])  # the table's columns need the room more than the text
        layout = QVBoxLayout(self)
        self.equity_table_label = EquityTableLabel("reviewEquityTableLabel")
        for widget in (controls, self.error, self.build_panel, self.equity_table_label):
            layout.addWidget(widget)
        layout.addWidget(splitter, 1)

        self.open_button.clicked.connect(self._on_open_clicked)
        self.tracker_button = add_tracker_button(controls, self._on_tracker_clicked)
        self.open_folder_button.clicked.connect(self._on_open_folder_clicked)
        self.stop_button.clicked.connect(self.stop)
        self.hero_combo.currentIndexChanged.connect(self._on_hero_changed)
        self.vs_edit.editingFinished.connect(self._on_vs_edited)
        self.payouts_edit.editingFinished.connect(self._on_vs_edited)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        for signal in (self.proxy.modelReset, self.proxy.layoutChanged,
                       self.proxy.rowsRemoved):
            signal.connect(self._show_selected)
        self.open_spot_button.clicked.connect(self.open_selected_spot)
        self.open_table_button.clicked.connect(self.open_selected_in_table)
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

    def payouts_text(self) -> str | None:
        """The payouts typed (None: empty, the file's or chip EV)."""
        return self.payouts_edit.text().strip() or None

    def stop(self) -> None:  # Stop: what is judged so far stays
        if self.runner.running:
            self.stop_button.setEnabled(False)
            self.phase_label.setText("Stopping…")
            self.runner.stop()

    def _start(self, paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None, job: Job | None = None) -> bool:
        job = job or review_job(paths, hero, players, self.opponent_text(), self.payouts_text())
        self.error.clear_error()
        self.progress.setValue(0)
        self._live, self.end_line = False, ""
        self.runner.start(job)
        self._update_buttons()
        what = ", ".join(os.path.basename(path) or path for path in paths)
        self.status_message.emit(f"Reviewing {what}" + (f" for {hero}…" if hero else "…"))
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setValue(int(1000 * min(done, total) / total))
        text = phase.capitalize() + "…" if phase else ""
        if isinstance(detail, LiveSnapshot) and detail.total:  # the bar counts the spots
            self._count = detail
            text = detail.text_at(self.clock()).capitalize()
            self.progress.setValue(int(1000 * detail.judged / detail.total))
            if detail.pace is not None and not self.countdown.isActive():
                self.countdown.start()
        self.phase_label.setText(text)  # the count first: it reads with the rows it counts
        if isinstance(detail, LiveSnapshot):  # the spots judged so far, as they come
            if not self._live:  # the first of this run: the table is this review's now
                self._live = True
                self.model.set_spots(detail.spots)
                self.curve.setData([], [])  # the last review's curve and summary go too
                self.summary.setHtml("<p>Reviewing: the summary and the grade come when "
                                     "every spot is judged, or at Stop.</p>")
            else:
                self.model.add_spots(detail.spots[self.model.rowCount():])

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, ReviewOutcome)
        result = outcome.result
        if result is None:  # stopped: the report shown stays
            self.progress.setValue(0)
            self.status_message.emit("Stopped.")
            return
        report = result.report
        if not outcome.stopped:
            self.progress.setValue(self.progress.maximum())
        elif outcome.judged_share is not None:  # a Stop: the bar says how far it came
            self.progress.setValue(int(1000 * outcome.judged_share))
        self.end_line = outcome.stopped_text or ""
        self.paths, self.players = result.paths, result.players
        self.reviewed_vs, self.reviewed_payouts = result.vs, result.payouts
        self._show_report(report, self.end_line)
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
        spots = len(report.spots)
        head = f"{self.end_line.capitalize()}. " if outcome.stopped else ""  # what Stop kept
        self.status_message.emit(f"{head}Reviewed {report.hands} hands for {report.hero}"
                                 f"{against}: {spots} spots, grade {report.grade or '-'}")

    def _on_table_built(self, variant: str) -> None:
        """A table the last review lacked is built at full precision: review again, so its
        hands are judged (a coarse table first only says so)."""
        wanted = self.report is not None and Variant.parse(variant) in missing_tables(
            self.report)
        if wanted and panel.table_state(Variant.parse(variant)) == "full":
            self.review_again()
        elif wanted:
            self.status_message.emit(f"A coarse {Variant.parse(variant).display_name} table "
                                     "is ready; the review runs again when the full one is "
                                     "built.")

    def _on_failed(self, message: str) -> None:
        self.progress.setValue(0)
        self.error.show_error(message)
        self.status_message.emit("Review failed: " + message)

    def _show_count(self) -> None:  # the countdown's second: the count, the time left now
        if self._count is not None and self.stop_button.isEnabled():  # not after a Stop
            self.phase_label.setText(self._count.text_at(self.clock()).capitalize())

    def _on_finished(self) -> None:
        self.countdown.stop()
        self.phase_label.setText(self.end_line.capitalize())  # a Stop says what it kept
        self._live = False
        self._fill_heroes()  # after a Stop, back to the hero of the report shown
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.report is not None
        for button in (self.open_button, self.open_folder_button):
            button.setEnabled(idle)
        self.vs_edit.setReadOnly(not idle)
        self.payouts_edit.setReadOnly(not idle)
        self.stop_button.setEnabled(not idle)
        self.hero_combo.setEnabled(idle and self.hero_combo.count() > 0)
        for button in (self.csv_button, self.json_button, self.html_button):
            button.setEnabled(idle and have)
        self._enable_opening(self.selected_spot())

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
        """Enter in (or leaving) the opponent or the payouts field: a change re-runs."""
        if (self.opponent_text(), self.payouts_text()) != (self.reviewed_vs, self.reviewed_payouts):
            self.review_again()

    # -- results ---------------------------------------------------------------------------------

    def _show_report(self, report: ReviewReport, end_line: str = "") -> None:
        self.report = report
        self.model.set_spots(report.spots)
        cumulative = report.cumulative_ev_lost_bb()
        self.curve.setData(list(range(1, len(cumulative) + 1)), cumulative)
        self.plot.getPlotItem().enableAutoRange()
        self.summary.setHtml(summary_html(report, end_line))
        self.equity_table_label.show_table(*tables_mark(s.variant for s in report.spots))
        self.summary.setToolTip(unparsed_text(report) or "")

    def plot_points(self) -> list[tuple[float, float]]:
        """The points of the cumulative EV-lost plot: ``(spot number, EV lost so far)``."""
        x, y = self.curve.xData, self.curve.yData
        return [] if x is None or y is None else list(zip(x.tolist(), y.tolist()))

    def selected_spot(self) -> SpotReview | None:
        """The spot of the table's selected row (None: no selection)."""
        rows = self.table.selectionModel().selectedRows()
        source = self.proxy.mapToSource(rows[0]) if rows else None
        return self.model.spot(source.row()) if source is not None and source.isValid() else None

    def select_row(self, row: int) -> None:
        """Select the ``row``-th row of the table as shown (sorted and filtered)."""
        self.table.selectRow(row)

    def _on_selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        self._show_selected()

    def _show_selected(self, *_: object) -> None:
        spot = self.selected_spot()
        self.details.setText("Select a spot to see it here." if not spot else details_html(spot))
        self._enable_opening(spot)

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

    def _on_tracker_clicked(self) -> None:
        job = review_from_tracker(self, self.opponent_text(), self.payouts_text())
        if job is not None and not self.runner.running:
            self._start((), None, None, job)

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
