"""The Jam-fold tab: the thesis GUI (Figures 3–7) and more, as a view over
:mod:`ui.jamfold_model`.

Inputs as in the thesis (Ante, Type, SB, BB, Player1/Player2 stack, NumIterations, Solver;
:mod:`ui.jamfold_form`), checked as they are typed: :class:`omahanash.jamfold.JamFoldParams`
judges the game and its message appears beside the field it names. **Calculate** loads the
equity table and solves in a worker (:class:`~ui.workers.JobRunner`): with no iteration count,
the spot's equilibrium from the cache of equilibria (the numbers ``omahanash solve`` shows);
with a count, or fictitious play, a fresh run. **Stop** ends the run between iterations and
keeps what was computed. The results and the Epsilon plot follow the run live
(:class:`~ui.jamfold_model.LiveHistory`; at most ~20 updates a second, each reading only the
new iterations). Afterwards: the hand lookup (:mod:`ui.jamfold_results`), the range views
(:mod:`ui.jamfold_ranges`), save / open / export. An Omaha game whose equity table is not
built yet offers to build it (:mod:`ui.table_build_panel`). Below the lookup, the exploit panel
(:mod:`ui.exploit_panel`); beside the range views, the Nash chart (:mod:`ui.sweep_panel`).

Results of another game than the inputs are marked stale; the lookup's read-out always answers
the text in its field (editing the field, or *Open in Jam-fold* filling it, clears it), and a
change of Type clears a message about the other game's hands.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.common import Tab
from ui.exploit_panel import ExploitPanel
from ui.export import ask_path
from ui.jamfold_form import GameForm
from ui.jamfold_model import (
    FILTER_PLACEHOLDERS,
    LOOKUP_PLACEHOLDERS,
    WORDS,
    LiveHistory,
    Request,
    check_inputs,
    format_played,
    history_points,
    plot_indices,
    read_hand,
    report_texts,
    same_game,
    stale_text,
)
from ui.jamfold_ranges import RangeViews
from ui.jamfold_results import STALE_STYLE, HandBox, ResultsBox
from ui.range_view import played_range_text
from ui.sweep_panel import SweepPanel
from ui.table_build_panel import TableBuildPanel, precision_note
from ui.units import CHIPS, field_text, from_chips, to_chips

if TYPE_CHECKING:
    from omahanash.jamfold import IterationReport, JamFoldSolution
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

__all__ = ["JamFoldTab", "format_played", "plot_indices"]


def _rows(solution: JamFoldSolution) -> list[dict]:
    """The class rows of a solution (none before its first iteration: a run stopped at once)."""
    return solution.class_rows() if solution.iterations else []


class JamFoldTab(Tab):
    title = "Jam-fold"
    settings_group = "jamfold"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = self.make_runner(
            progressed=self._on_progressed, succeeded=self._on_succeeded,
            failed=self._on_failed, stopped=self._on_stopped, finished=self._on_finished)
        self.solution: JamFoldSolution | None = None
        self.class_rows: list[dict] = []
        self._tables: dict[str, object] = {}  # variant -> loaded equity table (reused by runs)
        self._request: Request | None = None
        self._target = 0
        self._to_target = False  # the running job runs to the target (no iteration count)
        self._live = LiveHistory(0)
        self._opening = False
        self._got_result = False  # the running job brought a solution to show
        self._unit = CHIPS  # the unit the amount fields hold now
        self._restoring = False  # settings being restored: the unit switch converts nothing
        self._shown_bb = 10.0  # chips of 1 bb of the results shown (EVs in bb divide by it)
        self.stale = False
        #: GUI-thread seconds spent on each live update (measured; see the README).
        self.update_times: list[float] = []

        self.form = GameForm()
        self.build_panel = TableBuildPanel(self.make_runner)
        self.results = ResultsBox()
        self.hand = HandBox()
        self.ranges = RangeViews()
        self.sweep_panel = SweepPanel(self.make_runner, self._tables)
        self.ranges.range_tabs.addTab(self.sweep_panel, "Nash chart")
        self.exploit_panel = ExploitPanel(self.make_runner, self._tables,
                                          self.ranges.grid_model, self.ranges.class_model)
        self.ranges.range_tabs.addTab(self.exploit_panel.width_plot, "Width curve")
        self._alias_widgets()
        self._lay_out()
        self._wire()
        self._show_placeholders()
        self._validate()
        self._show_solution()

    def _alias_widgets(self) -> None:
        """The widgets other code and the tests reach through the tab."""
        form, hand, ranges = self.form, self.hand, self.ranges
        self.units_combo, self.type_combo, self.solver_combo = \
            form.units_combo, form.type_combo, form.solver_combo
        self.ante_edit, self.sb_edit, self.bb_edit = form.ante_edit, form.sb_edit, form.bb_edit
        self.player1_edit, self.player2_edit, self.iterations_edit = \
            form.player1_edit, form.player2_edit, form.iterations_edit
        self.run_error, self.calculate_button = form.run_error, form.calculate_button
        self.continue_button, self.save_button, self.open_button = \
            form.continue_button, form.save_button, form.open_button
        self.export_button, self.export_json_button = form.export_button, form.export_json_button
        self.player_combo, self.lookup_edit, self.show_button = \
            hand.player_combo, hand.lookup_edit, hand.show_button
        self.plot, self.range_tabs, self.grid_page = ranges.plot, ranges.range_tabs, \
            ranges.grid_page
        self.grid_model, self.class_model, self.omaha_map = \
            ranges.grid_model, ranges.class_model, ranges.omaha_map
        self.class_filter_edit, self.copy_range_button = \
            ranges.class_filter_edit, ranges.copy_range_button

    def _lay_out(self) -> None:
        left = QVBoxLayout()
        for widget in (self.form, self.build_panel, self.results, self.hand,
                       self.exploit_panel):
            left.addWidget(widget)
        left.addStretch(1)
        left_cell = QWidget()
        left_cell.setLayout(left)
        left_scroll = QScrollArea()  # the exploit panel makes the column taller than a laptop
        left_scroll.setWidget(left_cell)
        left_scroll.setWidgetResizable(True)
        left_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        left_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left_scroll.setMinimumWidth(left_cell.minimumSizeHint().width()
                                    + left_scroll.verticalScrollBar().sizeHint().width())
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left_scroll)
        splitter.addWidget(self.ranges)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        QHBoxLayout(self).addWidget(splitter)

    def _wire(self) -> None:
        form, hand, ranges = self.form, self.hand, self.ranges
        for edit in form.edits():
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(self.calculate)
        form.type_combo.currentIndexChanged.connect(self._on_type_changed)
        form.units_combo.currentIndexChanged.connect(self._on_units_changed)
        form.solver_combo.currentIndexChanged.connect(self._validate)
        form.calculate_button.drive(self.runner, self.calculate)
        form.continue_button.clicked.connect(self.continue_run)
        form.save_button.clicked.connect(self._on_save_clicked)
        form.open_button.clicked.connect(self._on_open_clicked)
        form.export_button.clicked.connect(self._on_export_clicked)
        form.export_json_button.clicked.connect(lambda: self._on_export_clicked(fmt="json"))
        hand.show_button.clicked.connect(self.show_hand)
        hand.lookup_edit.returnPressed.connect(self.show_hand)
        hand.lookup_edit.textChanged.connect(self._on_lookup_edited)
        hand.player_combo.currentIndexChanged.connect(self._refresh_lookup)
        ranges.grid_player_combo.currentIndexChanged.connect(self._fill_grid)
        ranges.class_filter_edit.textChanged.connect(self._apply_filter)
        ranges.copy_range_button.clicked.connect(self.copy_range)
        self.build_panel.building.connect(self._on_building)
        self.build_panel.built.connect(self._on_table_built)
        self.build_panel.status_message.connect(self.status_message)
        self.exploit_panel.status_message.connect(self.status_message)
        self.sweep_panel.status_message.connect(self.status_message)

    # -- validation ----------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The poker variant chosen in Type."""
        return self.form.variant

    @property
    def solver(self) -> str:
        return self.form.solver

    @property
    def unit(self) -> str:
        """The unit the amount fields are in: ``chips`` or ``big blinds``."""
        return self._unit

    def _validate(self) -> bool:
        """Check the inputs (:func:`~ui.jamfold_model.check_inputs`), say what is wrong beside
        each field, enable Calculate only when all is well; remembers the request."""
        checked = check_inputs(self.form.inputs(self._unit))
        self.form.show_errors(checked.errors)
        self._request = checked.request
        if checked.blinds is not None:
            self.sweep_panel.set_blinds(*checked.blinds)
        valid = checked.request is not None
        table_ready = self._check_table()
        self.calculate_button.set_inputs_valid(valid and table_ready)
        self.exploit_panel.set_game(self.variant, checked.request.params
                                    if checked.request is not None and table_ready else None)
        self._show_staleness()
        return valid and table_ready

    def _check_table(self) -> bool:
        """Whether the chosen variant's equity table is there; if not, offer to build it."""
        if self.variant in self._tables:
            self.build_panel.setVisible(self.build_panel.runner.running)
            return True
        return self.build_panel.check(self.variant, self.type_combo.currentText())

    # -- units, staleness, placeholders ----------------------------------------------------

    def _on_type_changed(self) -> None:
        """Another game: its examples in the fields, and no message about the other game's
        hands beside the lookup (its read-out stays, marked stale with the results)."""
        self.hand.lookup_error.clear_error()
        self._show_placeholders()
        self._validate()

    def _on_units_changed(self) -> None:
        """Convert the amount fields to the chosen unit (by the BB, which stays in chips)."""
        from ui.jamfold_model import parse_number

        unit = self.units_combo.currentText()
        if unit == self._unit:
            return
        if self._restoring:  # the fields are restored as they were saved, in this unit
            self._unit = unit
            return
        try:
            bb = parse_number(self.bb_edit.text(), "BB")
            if not bb > 0:
                raise ValueError("enter the BB (in chips) to switch units")
        except ValueError:
            self.units_combo.blockSignals(True)
            self.units_combo.setCurrentText(self._unit)
            self.units_combo.blockSignals(False)
            self.form.bb_error.show_error("enter the BB (in chips) to switch units")
            return
        for edit in self.form.amount_edits():
            try:
                value = parse_number(edit.text(), "amount")
            except ValueError:
                continue  # not a number: left as typed, its error stays
            edit.setText(field_text(from_chips(to_chips(value, self._unit, bb), unit, bb)))
        self._unit = unit
        self._validate()
        self._show_solution()

    def restore_settings(self, settings: QSettings) -> None:
        """Restore the inputs; the amounts were saved in the saved unit, so nothing converts."""
        self._restoring = True
        try:
            super().restore_settings(settings)
        finally:
            self._restoring = False
        self._unit = self.units_combo.currentText()
        self._validate()
        self._show_solution()

    def _show_placeholders(self) -> None:
        variant = self.variant
        self.lookup_edit.setPlaceholderText(LOOKUP_PLACEHOLDERS[variant])
        self.class_filter_edit.setPlaceholderText(FILTER_PLACEHOLDERS[variant])

    def _show_staleness(self) -> None:
        """Mark the results stale when they belong to another game than the inputs."""
        solution = self.solution
        self.stale = (solution is not None and not self.runner.running
                      and (self._request is None
                           or not same_game(self._request.params, solution.params)))
        self.results.set_stale(stale_text(solution.params)
                               if self.stale and solution is not None else "")
        for widget in self.hand.values.values():
            widget.setStyleSheet(STALE_STYLE if self.stale else "")
        self._update_buttons()

    # -- running -------------------------------------------------------------------------------

    def calculate(self) -> bool:
        """Start a run (in the worker); False when the inputs are invalid."""
        if self.runner.running or not self._validate():
            return False
        assert self._request is not None
        params, solver, iterations = self._request
        tables = self._tables
        # No count with CFR+: the spot's equilibrium, through the cache of equilibria (the
        # numbers `omahanash solve` shows); a count, or fictitious play, runs afresh.
        cached_policy = iterations == 0 and solver == "cfr+"

        def job(report: ProgressReporter, cancel: CancelFlag) -> tuple:
            from copy import deepcopy

            from omahanash.jamfold import JamFoldSolution

            report.phase("loading table")
            table = tables.get(params.variant)
            if table is None:
                from omahanash.equity.tables import load_table

                table = load_table(params.variant)
            if cancel.cancelled:  # stopped while the table loaded: nothing was computed
                return None, [], True, "none"
            live: list = []  # this job's reports; the GUI gets snapshots (tuples)
            report.phase("solving", detail=lambda: tuple(live))
            if cached_policy:
                from omahanash.jamfold.nash_cache import equilibrium

                found = equilibrium(params, table, progress=report, cancel=cancel,
                                    on_iteration=live.append)
                # a copy: Continue must not change the equilibrium kept in the cache
                solution = JamFoldSolution(found.solution.game, deepcopy(found.solution.state),
                                           found.solution.history)
                return solution, _rows(solution), found.stopped, found.source
            solution = JamFoldSolution.create(params, solver, table)
            solution.run(iterations or None, progress=report, cancel=cancel,
                         on_iteration=live.append)
            if solution.iterations == 0:  # Stop came between the check above and iteration 1
                return None, [], True, "none"
            stopped = solution.outcome is not None and solution.outcome.stopped
            return solution, solution.class_rows(), stopped, "fresh"

        from omahanash.jamfold.solvers import FP_DEFAULT_ITERATIONS
        from omahanash.jamfold.solvers import MAX_ITERATIONS as CAP

        self._to_target = iterations == 0
        total = iterations or (CAP if solver == "cfr+" else FP_DEFAULT_ITERATIONS)
        self._start_live(total, params.bb)
        self.runner.start(job)
        self._after_start(f"Solving {self.type_combo.currentText()} jam-fold with "
                          f"{self.solver_combo.currentText()}…")
        return True

    def continue_run(self) -> bool:
        """Run NumIterations more iterations of the current solution (live, like Calculate)."""
        if self.runner.running or self.solution is None or self.stale \
                or not self._validate():
            return False
        assert self._request is not None
        more = self._request.iterations
        if not more:
            self.form.iterations_error.show_error("enter the number of iterations to continue")
            return False
        solution = self.solution
        before = tuple(solution.history)

        def job(report: ProgressReporter, cancel: CancelFlag) -> tuple:
            live = list(before)  # this job's reports; the GUI gets snapshots (tuples)
            report.phase("solving", detail=lambda: tuple(live))
            solution.run(more, progress=report, cancel=cancel, on_iteration=live.append)
            stopped = solution.outcome is not None and solution.outcome.stopped
            return solution, solution.class_rows(), stopped, "fresh"

        self._to_target = False
        self._start_live(solution.iterations + more, solution.params.bb)
        self.runner.start(job)
        self._after_start(f"Continuing for {more} more iterations…")
        return True

    def _after_start(self, message: str) -> None:
        self.calculate_button.set_running(True)
        self.form.set_inputs_enabled(False)
        self._show_staleness()
        self.status_message.emit(message)

    def _start_live(self, iterations: int, bb: float) -> None:
        """Reset the live view for a run of ``iterations`` in all (a Continue's snapshots
        start with the reports it continues)."""
        self._opening = False
        self._got_result = False
        self._target = iterations
        self._shown_bb = bb
        self._live = LiveHistory(iterations)
        self.update_times = []
        self.run_error.clear_error()
        self.results.clear(f"0/{iterations}")
        self.plot.set_history([])

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        started = time.perf_counter()
        if phase == "solving" and isinstance(detail, tuple):
            first = self._live.seen == 0
            last = self._live.update(detail)
            if last is not None:
                if first:
                    self.status_message.emit("Solving…")
                self._show_report(last, self._target)
                self.plot.set_history(self._live.points())
        elif phase == "loading table":
            self.status_message.emit("Loading the equity table…")
        self.update_times.append(time.perf_counter() - started)

    def _show_report(self, report: IterationReport, target: int) -> None:
        self.results.show_texts(report_texts(report, target, self.units_combo.currentText(),
                                             self._shown_bb, WORDS["Epsilon"]))

    def _on_succeeded(self, result: object) -> None:
        solution, rows, stopped, source = result  # type: ignore[misc]  # the jobs' 4-tuple
        if solution is None or solution.iterations == 0 and not self._opening:
            self.status_message.emit("Stopped before the first iteration: nothing was computed.")
            return  # the finished handler shows what was there before
        if self._opening:
            self.form.fill(solution.params, solution.solver, self._unit)
        self._got_result = True
        target = solution.iterations if self._to_target or self._opening \
            else self._target or solution.iterations
        self.solution = solution
        self.class_rows = rows
        self._tables[solution.params.variant] = solution.game.table
        self._show_solution(target)
        last = solution.last_report
        if last is not None and source in ("memory", "disk"):
            self.status_message.emit(
                f"The spot's equilibrium from the cache of equilibria: {solution.iterations} "
                f"CFR+ iterations, Epsilon {last.epsilon:.6g}")
        elif last is not None:
            missed = self._to_target and not stopped and solution.solver == "cfr+" \
                and not solution.at_target()
            self.status_message.emit(
                f"{'Stopped' if stopped else 'Done'} after {solution.iterations} iterations: "
                f"Epsilon {last.epsilon:.6g}"
                + (" (above the target: not the equilibrium, not cached)" if missed else ""))

    def _show_solution(self, target: int | None = None) -> None:
        """Show :attr:`solution` (or nothing) everywhere: results, plot, range views, lookup;
        what a finished, stopped or failed job leaves, and a switch of units."""
        solution = self.solution
        if solution is None:
            self.results.clear()
            self.plot.set_history([])
            self.class_rows = []
        else:
            self._shown_bb = solution.params.bb
            history = solution.history
            target = target or solution.iterations
            if history:
                self._show_report(history[-1], target)
                self.plot.set_history(history_points(history))
            else:
                self.results.clear(f"0/{target}")
        variant = None if solution is None else str(solution.params.variant)
        self.ranges.show_rows(variant, self.class_rows, self.units_combo.currentText(),
                              self._shown_bb)
        self._refresh_lookup()
        self._show_staleness()
        self.results.set_precision("" if solution is None
                                   else precision_note(solution.game.table))

    def _on_failed(self, message: str) -> None:
        self.run_error.show_error(message)
        self.status_message.emit("Jam-fold failed: " + message)

    def _on_stopped(self) -> None:
        self.status_message.emit("Stopped before the first iteration: nothing was computed."
                                 if not self._opening else "Stopped opening the solution.")

    def _on_finished(self) -> None:
        self.calculate_button.set_running(False)
        self.form.set_inputs_enabled(True)
        self._validate()
        if not self._got_result:  # stopped, failed or nothing computed: what was there before
            self._show_solution()
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.solution is not None
        for button in (self.show_button, self.save_button, self.export_button,
                       self.export_json_button, self.copy_range_button):
            button.setEnabled(idle and have)
        self.continue_button.setEnabled(idle and have and not self.stale)
        self.open_button.setEnabled(idle)

    # -- hand lookup and range view ------------------------------------------------------------

    def show_hand(self) -> bool:
        """Look the typed id, class or cards up for the chosen player; False (and the
        library's message beside the field) when it is not a hand of this game."""
        if self.solution is None or self.runner.running:
            return False
        text = self.lookup_edit.text().strip()
        try:
            hand = read_hand(self.solution, text, self.hand.player)
        except InputError as exc:
            self.hand.show_error(str(exc))
            return False
        self.hand.show_hand(hand, self.units_combo.currentText(), self._shown_bb)
        return True

    def _on_lookup_edited(self, text: str) -> None:
        """The field holds other text than the read-out answers: the read-out (or error)
        goes, so it never shows another hand than the field."""
        if text.strip() != self.hand.shown_text:
            self.hand.clear()

    def _refresh_lookup(self) -> None:
        if self.solution is None:
            self.hand.clear()
        elif self.hand.shown_text and self.hand.shown_text == self.lookup_edit.text().strip():
            self.show_hand()

    def _fill_grid(self) -> None:
        variant = None if self.solution is None else str(self.solution.params.variant)
        self.ranges.fill_maps(variant, self.class_rows)

    def _apply_filter(self) -> None:
        self.ranges.apply_filter(None if self.solution is None
                                 else str(self.solution.params.variant))

    def copy_range(self) -> str:
        """Put the shown player's range (classes played ≥ 50 %) on the clipboard as range
        text; the text ("" without a solution)."""
        if self.solution is None:
            return ""
        key = self.ranges.range_key
        text = played_range_text(self.solution.params.variant, self.class_rows, key)
        QGuiApplication.clipboard().setText(text)
        who = "push" if key == "push_pct" else "call"
        self.status_message.emit(f"Copied the {who} range ({len(text):,} characters)")
        return text

    # -- save / open / export ------------------------------------------------------------------

    def save_solution(self, path: str) -> bool:
        if self.solution is None:
            return False
        try:
            saved = self.solution.save(path)
        except InputError as exc:
            self.run_error.show_error(str(exc))
            return False
        self.status_message.emit(f"Saved {saved}")
        return True

    def export_csv(self, path: str) -> bool:
        return self.export_solution(path, "csv")

    def export_json(self, path: str) -> bool:
        return self.export_solution(path, "json")

    def export_solution(self, path: str, fmt: str) -> bool:
        """Write the solution's class rows as ``csv`` or ``json`` (the library's export)."""
        if self.solution is None:
            return False
        try:
            written = self.solution.export(path, fmt)
        except InputError as exc:
            self.run_error.show_error(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True

    def open_solution(self, path: str) -> bool:
        """Reopen a saved solution (in the worker: its table may take a moment to load)."""
        if self.runner.running:
            return False
        tables = self._tables

        def job(report: ProgressReporter, cancel: CancelFlag) -> tuple:
            from omahanash.jamfold import JamFoldSolution, read_solution_file

            header, _ = read_solution_file(path)
            variant = header["params"]["game"]
            table = tables.get(variant) if header["table"].get("class_ids") is None else None
            solution = JamFoldSolution.load(path, table=table)
            return solution, solution.class_rows(), False, "file"

        self._target = 0
        self._got_result = False
        self.run_error.clear_error()
        self.runner.start(job, cancellable=False)
        self._opening = True
        self._after_start(f"Opening {path}…")
        return True

    def _on_save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the solution", "",
                                              "Jam-fold solutions (*.jamfold);;All files (*)")
        if path:
            self.save_solution(path)

    def _on_open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a solution", "",
                                              "Jam-fold solutions (*.jamfold);;All files (*)")
        if path:
            self.open_solution(path)

    def _on_export_clicked(self, _checked: bool = False, fmt: str = "csv") -> None:
        path = ask_path(self, f"Export {fmt.upper()}", fmt)
        if path:
            self.export_solution(path, fmt)

    # -- building an Omaha table ---------------------------------------------------------------

    def _on_building(self, active: bool) -> None:
        """A build has started or ended: the offer and Calculate follow."""
        if not active:
            self._validate()

    def _on_table_built(self, variant: str) -> None:
        """A table was (re)built: the one loaded before (a coarse one) is not used again."""
        self._tables.pop(Variant.parse(variant), None)
        self._validate()
