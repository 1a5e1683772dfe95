"""The Jam-fold tab: the thesis GUI (Figures 3–7) and more, a view over :mod:`ui.jamfold.model`.

The form (:mod:`ui.jamfold.form`) is checked as it is typed: JamFoldParams judges the game and
its message appears beside the field it names. **Calculate** runs a job of
:mod:`ui.jamfold.jobs` in the worker: with no iteration count, the spot's equilibrium from the
cache of equilibria (the numbers ``omahanash solve`` shows); with a count, or fictitious play,
a fresh run. **Stop** keeps what was computed. Results and the Epsilon plot follow the run live
(:mod:`ui.jamfold.results`); then the lookup, the range views (:mod:`ui.jamfold.ranges`),
save / open / export (:mod:`ui.jamfold.files`), the table build offer, the exploit panel and
the Nash chart. Results of another game than the inputs are marked stale; the lookup's
read-out always answers the text in its field; a change of Type clears a message about the
other game's hands.

Size: ~430 lines, the wiring of eight parts (form, results, lookup, range views, build offer,
exploit and sweep panels, files) and the run cycle; the rules live in the model and the jobs.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QSplitter,
    QWidget,
)

from omahanash.cards import Variant
from ui.equity_tables.panel import TableBuildPanel
from ui.jamfold.exploit.panel import ExploitPanel
from ui.jamfold.files import SolutionFiles
from ui.jamfold.form import GameForm
from ui.jamfold.jobs import JamFoldOutcome, continue_job, finished_message, open_job, solve_job
from ui.jamfold.model import (
    FILTER_PLACEHOLDERS,
    LOOKUP_PLACEHOLDERS,
    WORDS,
    JamFoldModel,
    SolveRequest,
    format_played,
    history_points,
    plot_indices,
    report_texts,
    stale_text,
)
from ui.jamfold.ranges import RangeViews
from ui.jamfold.results import HandBox, ResultsBox
from ui.jamfold.sweep.panel import SweepPanel
from ui.kit.common import Tab, grey_out, scrolling_column
from ui.kit.units import BIG_BLINDS
from ui.table.model import equity_table_text

if TYPE_CHECKING:
    from omahanash.jamfold import IterationReport, JamFoldSolution

__all__ = ["JamFoldTab", "format_played", "plot_indices"]


class JamFoldTab(Tab):
    title = "Jam-fold"
    settings_group = "jamfold"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = self.make_runner(
            progressed=self._on_progressed, succeeded=self._on_succeeded,
            failed=self._on_failed, stopped=self._on_stopped, finished=self._on_finished)
        self.model = JamFoldModel()
        self._tables: dict[str, object] = {}  # variant -> loaded equity table (reused by runs)
        self._restoring = False  # settings being restored: the unit switch converts nothing
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

    @property
    def solution(self) -> JamFoldSolution | None:
        """The solution shown (None: none)."""
        return self.model.solution

    @property
    def class_rows(self) -> list[dict]:
        return self.model.class_rows

    @property
    def _request(self) -> SolveRequest | None:
        return self.model.request

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
        splitter = QSplitter(Qt.Orientation.Horizontal)
        # a scrolled column: the exploit panel makes it taller than a laptop's screen
        splitter.addWidget(scrolling_column(self.form, self.build_panel, self.results,
                                            self.hand, self.exploit_panel))
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
        self.files = SolutionFiles(self, lambda: self.solution, self.run_error,
                                   self.status_message.emit, self.open_solution)
        form.save_button.clicked.connect(self.files.ask_save)
        form.open_button.clicked.connect(self.files.ask_open)
        form.export_button.clicked.connect(lambda: self.files.ask_export("csv"))
        form.export_json_button.clicked.connect(lambda: self.files.ask_export("json"))
        hand.show_button.clicked.connect(self.show_hand)
        hand.lookup_edit.returnPressed.connect(self.show_hand)
        hand.lookup_edit.textChanged.connect(hand.forget_other_text)
        hand.player_combo.currentIndexChanged.connect(self._refresh_lookup)
        ranges.grid_player_combo.currentIndexChanged.connect(
            lambda: ranges.fill_maps(self._variant_shown, self.class_rows))
        ranges.class_filter_edit.textChanged.connect(
            lambda: ranges.apply_filter(self._variant_shown))
        ranges.copy_range_button.clicked.connect(self.copy_range)
        # a build that ended: the offer and Calculate follow
        self.build_panel.building.connect(lambda active: active or self._validate())
        self.build_panel.built.connect(self._on_table_built)
        self.build_panel.status_message.connect(self.status_message)
        self.exploit_panel.status_message.connect(self.status_message)
        self.sweep_panel.status_message.connect(self.status_message)

    # -- validation ----------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The poker variant chosen in Type."""
        return self.form.variant

    def _validate(self) -> bool:
        """Check the inputs (:func:`~ui.jamfold.model.check_inputs`), say what is wrong beside
        each field, enable Calculate only when all is well; remembers the request."""
        checked = self.model.check(self.form.inputs(self.model.unit))
        self.form.show_errors(checked.errors)
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
        unit = self.units_combo.currentText()
        if unit == self.model.unit:
            return
        if not self._restoring:  # restored fields were saved in this unit: nothing converts
            if not self.form.convert_amounts(self.model.unit, unit):
                return
        self.model.unit = unit
        if not self._restoring:
            self._validate()
            self._show_solution()

    def restore_settings(self, settings: QSettings) -> None:
        """Restore the inputs; the amounts were saved in the saved unit, so nothing converts."""
        self._restoring = True
        try:
            super().restore_settings(settings)
        finally:
            self._restoring = False
        self.model.unit = self.units_combo.currentText()
        self._validate()
        self._show_solution()

    def _show_placeholders(self) -> None:
        variant = self.variant
        self.lookup_edit.setPlaceholderText(LOOKUP_PLACEHOLDERS[variant])
        self.class_filter_edit.setPlaceholderText(FILTER_PLACEHOLDERS[variant])

    def _show_staleness(self) -> None:
        """Mark the results stale when they belong to another game than the inputs."""
        solution = self.solution
        self.stale = self.model.stale(self.runner.running)
        self.results.set_stale(stale_text(solution.params)
                               if self.stale and solution is not None else "")
        self.hand.set_stale(self.stale)
        self._update_buttons()

    # -- running -------------------------------------------------------------------------------

    def calculate(self) -> bool:
        """Start a run (in the worker); False when the inputs are invalid."""
        if self.runner.running or not self._validate():
            return False
        assert self._request is not None
        params, solver, iterations = self._request
        self._start_live(*self.model.plan())
        self.runner.start(solve_job(params, solver, iterations, self._tables))
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
        self.model.to_target = False
        self._start_live(solution.iterations + more, solution.params.bb)
        self.runner.start(continue_job(solution, more))
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
        # the ranges and the lookup shown answer the last run: greyed until this one ends
        grey_out(self.result_views, self.solution is not None)
        self.model.start_run(iterations, bb)
        self.update_times = []
        self.run_error.clear_error()
        self.results.clear(f"0/{iterations}")
        self.plot.set_history([])

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        started = time.perf_counter()
        if phase == "solving" and isinstance(detail, tuple):
            live = self.model.live
            first = live.seen == 0
            last = live.update(detail)
            if last is not None:
                if first:
                    self.status_message.emit("Solving…")
                self._show_report(last, self.model.target)
                self._plot(live.points())
        elif phase == "loading table":
            self.status_message.emit("Loading the equity table…")
        self.update_times.append(time.perf_counter() - started)

    def _plot(self, points: list) -> None:
        """The Epsilon curve in the unit the results are in (chips or big blinds, the axis
        says which: the one unit the player reads)."""
        in_bb = self.units_combo.currentText() == BIG_BLINDS
        bb = self.model.shown_bb or 1.0
        self.plot.set_y_label(f"Epsilon ({'bb' if in_bb else 'chips'})")
        self.plot.set_history([(x, y / bb) for x, y in points] if in_bb else points)

    def _show_report(self, report: IterationReport, target: int) -> None:
        self.results.show_texts(report_texts(report, target, self.units_combo.currentText(),
                                             self.model.shown_bb, WORDS["Epsilon"]))

    def _on_succeeded(self, result: object) -> None:
        assert isinstance(result, JamFoldOutcome)
        solution, rows, stopped, source = result
        if solution is None or solution.iterations == 0 and not self.model.opening:
            self.status_message.emit("Stopped before the first iteration: nothing was computed.")
            return  # the finished handler shows what was there before
        if self.model.opening:
            self.form.fill(solution.params, solution.solver, self.model.unit)
        target = self.model.accept(solution, rows)
        self._tables[solution.params.variant] = solution.game.table
        self._show_solution(target)
        message = finished_message(solution, stopped, source, self.model.to_target)
        if message:
            self.status_message.emit(message)

    @property
    def result_views(self) -> list[QWidget]:
        """The views of a result that a new run greys until it ends (not the live plot)."""
        ranges = self.ranges
        return [ranges.grid_page, ranges.class_view, ranges.omaha_map, self.hand]

    def _show_solution(self, target: int | None = None) -> None:
        """Show :attr:`solution` (or nothing) everywhere: results, plot, range views, lookup;
        what a finished, stopped or failed job leaves, and a switch of units."""
        grey_out(self.result_views, False)
        solution = self.solution
        if solution is None:
            self.results.clear()
            self.plot.set_history([])
            self.model.class_rows = []
        else:
            self.model.shown_bb = solution.params.bb
            history = solution.history
            target = target or solution.iterations
            if history:
                self._show_report(history[-1], target)
                self._plot(history_points(history))
            else:
                self.results.clear(f"0/{target}")
        self.ranges.show_rows(self._variant_shown, self.class_rows, self.units_combo.currentText(),
                              self.model.shown_bb)
        self._refresh_lookup()
        self._show_staleness()
        self.results.set_precision(*(("", False) if solution is None
                                     else equity_table_text(solution.game.table)))

    def _on_failed(self, message: str) -> None:
        self.run_error.show_error(message)
        self.status_message.emit("Jam-fold failed: " + message)

    def _on_stopped(self) -> None:
        self.status_message.emit("Stopped before the first iteration: nothing was computed."
                                 if not self.model.opening else "Stopped opening the solution.")

    def _on_finished(self) -> None:
        self.calculate_button.set_running(False)
        self.form.set_inputs_enabled(True)
        self._validate()
        if not self.model.got_result:  # stopped, failed or nothing computed: what was there before
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
        return self.hand.look_up(self.solution, self.units_combo.currentText(),
                                 self.model.shown_bb)

    def _refresh_lookup(self) -> None:
        if self.solution is None:
            self.hand.clear()
        elif self.hand.shown_text and self.hand.shown_text == self.lookup_edit.text().strip():
            self.show_hand()

    @property
    def _variant_shown(self) -> str | None:
        return None if self.solution is None else str(self.solution.params.variant)

    def copy_range(self) -> str:
        """Put the shown player's range (classes played ≥ 50 %) on the clipboard as range
        text; the text ("" without a solution)."""
        if self.solution is None:
            return ""
        text = self.ranges.copy_range(str(self._variant_shown), self.class_rows)
        who = "push" if self.ranges.range_key == "push_pct" else "call"
        self.status_message.emit(f"Copied the {who} range ({len(text):,} characters)")
        return text

    # -- save / open / export ------------------------------------------------------------------

    def save_solution(self, path: str) -> bool:
        return self.files.save(path)

    def export_csv(self, path: str) -> bool:
        return self.files.export(path, "csv")

    def export_json(self, path: str) -> bool:
        return self.files.export(path, "json")

    def export_solution(self, path: str, fmt: str) -> bool:
        """Write the solution's class rows as ``csv`` or ``json`` (the library's export)."""
        return self.files.export(path, fmt)

    def open_solution(self, path: str) -> bool:
        """Reopen a saved solution (in the worker: its table may take a moment to load)."""
        if self.runner.running:
            return False
        self.model.start_open()
        self.run_error.clear_error()
        self.runner.start(open_job(path, self._tables), cancellable=False)
        self._after_start(f"Opening {path}…")
        return True

    # -- a spot sent by another tab ------------------------------------------------------------

    def open_spot(self, game: str, inputs: Mapping[str, str], side: str,
                  message: str) -> str | None:
        """Fill the form with a spot another tab sends (the main window routes the Review
        tab's "Open in Jam-fold" here): ``game`` a Type caption, ``inputs`` texts keyed by the
        inputs' object names (``anteEdit``, ``sbEdit``, ``bbEdit``, ``player1Edit``,
        ``player2Edit``, ``lookupEdit``), ``side`` the start of a Player caption (``PU`` or
        ``CA``), ``message`` said in this tab's status. None when done, else why not (a run
        is going on, an unknown game, side or input).
        """
        if not self.type_combo.isEnabled():
            return "the Jam-fold tab is busy: stop its run first"
        edits = {edit.objectName(): edit for edit in (
            self.ante_edit, self.sb_edit, self.bb_edit, self.player1_edit, self.player2_edit,
            self.lookup_edit)}
        game_index = self.type_combo.findText(game)
        side_index = next((i for i in range(self.player_combo.count())
                           if self.player_combo.itemText(i).startswith(side)), -1)
        unknown = sorted(set(inputs) - set(edits))
        if game_index < 0 or side_index < 0 or unknown:
            return (f"the Jam-fold tab cannot open this spot (game {game!r}, side {side!r}, "
                    f"inputs {', '.join(unknown) or 'known'})")
        self.type_combo.setCurrentIndex(game_index)
        for name, text in inputs.items():
            edits[name].setText(text)
        self.player_combo.setCurrentIndex(side_index)
        # Said in the Jam-fold tab, where the user now is (messages belong to their tab).
        self.status_message.emit(message)
        return None

    # -- building an Omaha table ---------------------------------------------------------------

    def _on_table_built(self, variant: str) -> None:
        """A table was (re)built: the one loaded before (a coarse one) is not used again."""
        self._tables.pop(Variant.parse(variant), None)
        self._validate()
