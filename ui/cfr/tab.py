"""The CFR games tab: every game of :data:`omahanash.games.GAME_CHOICES` (Kuhn, Leduc,
dominoes, matrix games, and any game added there), solved and browsed.

Pick a game and its settings (a page per game, built from the registry:
:mod:`ui.cfr.settings_form`), an algorithm and a number of iterations, press **Run**: the
game is compiled and solved in a worker thread (:mod:`ui.kit.workers`), the exploitability curve
grows live on a log₂ axis, and when the run ends (or is stopped: the iterations done are kept)
the decision-tree browser of the thesis (Figure 2.3, :mod:`ui.cfr.results`) shows the public
tree and, for the selected public node, the average probability of every action in each of
the acting player's information sets. A finished run can be continued, saved and reopened.
What Run asks for, which field a message belongs to and when a result is stale are decided
without Qt in :mod:`ui.cfr.model`.

Mirrors ``omahanash cfr``: :func:`omahanash.cfr.compile_game`, :func:`~omahanash.cfr.new_solution`
and :func:`~omahanash.cfr.solvers.run_cfr` for tree games,
:func:`omahanash.games.matrix.solve_matrix` for matrix games.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.cfr.controls import CfrControls
from ui.cfr.jobs import (
    MatrixOutcome,
    TreeOutcome,
    continue_job,
    matrix_job,
    open_job,
    save_job,
    train_job,
    tree_job,
)
from ui.cfr.model import (
    ALGORITHMS,
    NO_TREE_TEXT,
    RunSettings,
    check_run,
    inputs_key,
    matrix_result_lines,
    matrix_strategy_rows,
    progress_text,
    run_head,
    tree_result_lines,
)
from ui.cfr.results import CfrResults
from ui.cfr.settings_form import GameSettingsPage
from ui.kit.common import Tab

if TYPE_CHECKING:
    from omahanash.cfr.solvers import Solution

__all__ = ["ALGORITHMS", "NO_TREE_TEXT", "CfrTab", "MatrixOutcome", "TreeOutcome", "train_job"]

SOLUTION_FILTER = "Solved games (*.npz);;All files (*)"
STALE_OPACITY = 0.45


class CfrTab(Tab):
    """Solve a game of imperfect information and browse its decision tree."""

    title = "CFR games"
    settings_group = "cfr"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cfrTab")
        self.runner = self.make_runner(
            progressed=self._on_progress, succeeded=self._on_succeeded,
            stopped=self._on_stopped, failed=self._on_failed, finished=self._on_finished)
        self.solution: Solution | None = None
        self.matrix_result: dict[str, Any] | None = None
        self._settings: RunSettings | None = None
        #: The inputs the shown result was computed from (None: opened from a file).
        self._result_key: tuple | None = None
        #: The progress bar's value once idle: how far the shown result got (0: none).
        self._result_progress = 0

        self.results = CfrResults(self.export_table)
        self.plot, self.tree_model, self.tree_view = \
            self.results.plot, self.results.tree_model, self.results.tree_view
        self.strategy_model, self.strategy_table = \
            self.results.strategy_model, self.results.strategy_table
        self.select_path, self.jump_to_infoset = \
            self.results.select_path, self.results.jump_to_infoset
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_controls())
        splitter.addWidget(self.results)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([380, 900])
        QVBoxLayout(self).addWidget(splitter)
        self._on_game_changed()

    # -- layout -------------------------------------------------------------------------

    def _build_controls(self) -> QWidget:
        controls = self.controls = CfrControls()
        self.game_combo, self.settings_stack, self.pages = \
            controls.game_combo, controls.settings_stack, controls.pages
        self.algorithm_combo, self.iterations_edit, self.seed_edit = \
            controls.algorithm_combo, controls.iterations_edit, controls.seed_edit
        self.algorithm_error, self.iterations_error, self.seed_error = \
            controls.algorithm_error, controls.iterations_error, controls.seed_error
        self.run_button, self.continue_button = controls.run_button, controls.continue_button
        self.save_button, self.open_button = controls.save_button, controls.open_button
        self.progress_bar, self.status_label = controls.progress_bar, controls.status_label
        self.stale_label, self.result_label, self.error_label = \
            controls.stale_label, controls.result_label, controls.error_label
        for page in self.pages.values():
            page.changed.connect(self._validate)
        self.game_combo.currentIndexChanged.connect(self._on_game_changed)
        self.algorithm_combo.currentIndexChanged.connect(self._validate)
        self.iterations_edit.textChanged.connect(self._validate)
        self.seed_edit.textChanged.connect(self._validate)
        self.run_button.clicked.connect(self._on_run_clicked)
        self.continue_button.clicked.connect(self.continue_run)
        self.save_button.clicked.connect(self._on_save_clicked)
        self.open_button.clicked.connect(self._on_open_clicked)

        return controls

    # -- validation ---------------------------------------------------------------------

    @property
    def game_key(self) -> str:
        return str(self.game_combo.currentData())

    @property
    def page(self) -> GameSettingsPage:
        """The settings page of the chosen game."""
        return self.pages[self.game_key]

    def _on_game_changed(self) -> None:
        """Another game: the results (and a Jump-to message) of the last one go."""
        self.settings_stack.setCurrentWidget(self.page)
        if self.solution is not None or self.matrix_result is not None:
            self._clear_results()
        self.results.infoset_error.clear_error()
        self._validate()

    def _validate(self) -> RunSettings | None:
        """Check every input (:func:`~ui.cfr.model.check_run`), say what is wrong next to the
        field, and enable Run only when all is well; returns the run's settings."""
        page = self.page
        checked = check_run(page.choice, page.values(), page.options(),
                            self.algorithm_combo.currentText(), self.iterations_edit.text(),
                            self.seed_edit.text())
        for name, label in (("algorithm", self.algorithm_error),
                            ("iterations", self.iterations_error), ("seed", self.seed_error)):
            if name in checked.errors:
                label.show_error(checked.errors[name])
            else:
                label.clear_error()
        page.show_errors(checked.errors)
        self._settings = checked.settings
        self.run_button.set_inputs_valid(checked.settings is not None)
        self._refresh_buttons()
        self._refresh_views()
        return checked.settings

    def _inputs_key(self) -> tuple:
        page = self.page
        return inputs_key(self.game_key, page.values(), page.options(),
                          self.algorithm_combo.currentText())

    def _refresh_views(self) -> None:
        """Show what the game can show (a matrix game has no tree to browse) and mark results
        of other inputs as stale."""
        has_result = self.solution is not None or self.matrix_result is not None
        self.results.show_tree(self.solution is not None or (
            self.matrix_result is None and self.page.choice.kind != "matrix"))
        stale = (has_result and not self.runner.running and self._result_key is not None
                 and self._result_key != self._inputs_key())
        self.stale_label.setVisible(stale)
        self.result_label.setStyleSheet("color: #808080;" if stale else "")
        self.plot.getPlotItem().setOpacity(STALE_OPACITY if stale else 1.0)

    def _refresh_buttons(self) -> None:
        busy = self.runner.running
        has_tree = self.solution is not None
        self.continue_button.setEnabled(
            not busy and has_tree and self._settings is not None
            and not self.iterations_error.text())
        self.save_button.setEnabled(not busy and has_tree)
        self.open_button.setEnabled(not busy)
        for widget in (self.game_combo, self.settings_stack, self.algorithm_combo,
                       self.iterations_edit, self.seed_edit):
            widget.setEnabled(not busy)

    # -- running --------------------------------------------------------------------------

    def _on_run_clicked(self) -> None:
        if self.runner.running:
            self.stop()
        else:
            self.run()

    def run(self) -> bool:
        """Start a new run with the current settings; False when they are invalid."""
        settings = self._validate()
        if settings is None or self.runner.running:
            return False
        self._clear_results()
        self._result_key = self._inputs_key()
        algorithm, iterations, seed = settings.algorithm, settings.iterations, settings.seed
        if settings.game is not None:
            job = tree_job(settings.game, algorithm, iterations, seed)
            label = f"{self.game_combo.currentText()}, {self.algorithm_combo.currentText()}"
        else:
            job = matrix_job(settings.payoff, algorithm, iterations, settings.opponent, seed)
            label = f"matrix game, {self.algorithm_combo.currentText()}"
        self._start(job, f"Running {label}: {settings.iterations:,} iterations…")
        return True

    def export_table(self, path: str, fmt: str | None = None) -> bool:
        """Write the strategy table shown as CSV or JSON (``fmt``; default: the suffix)."""
        return self.export_view(self.strategy_table, path, fmt, self.error_label)

    def continue_run(self) -> bool:
        """Train the current solution for the number of iterations typed once more."""
        settings = self._validate()
        solution = self.solution
        if solution is None or settings is None or self.runner.running:
            return False
        self.results.detach()
        self.error_label.clear_error()
        self._start(continue_job(solution, settings.iterations),
                    f"Continuing: {settings.iterations:,} more iterations…")
        return True

    def stop(self) -> None:
        """Stop the run between iterations; what was computed is kept."""
        if self.runner.running:
            self.runner.stop()
            self.run_button.set_stopping()
            self.status_message.emit("Stopping…")

    def _start(self, job: Any, message: str) -> None:
        self.runner.start(job)
        self.run_button.set_running(True)
        self._refresh_buttons()
        self.status_label.setText(message)
        self.status_message.emit(message)

    def _clear_results(self) -> None:
        self.solution = None
        self.matrix_result = None
        self._result_progress = 0
        self.results.clear()
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat("%p%")
        self.result_label.setText("")
        self.error_label.clear_error()

    def _on_progress(self, done: float, total: float, phase: str, detail: object) -> None:
        fraction = done / total if total > 0 else 0.0
        self.progress_bar.setValue(int(1000 * min(max(fraction, 0.0), 1.0)))
        self.progress_bar.setFormat(f"{phase} %p%")
        if isinstance(detail, tuple) and detail[1]:  # (iterations so far, history)
            self.plot.set_history(detail[1])
        text = progress_text(phase, fraction, detail)
        if text:
            self.status_label.setText(text)

    def _on_succeeded(self, outcome: object) -> None:
        if isinstance(outcome, TreeOutcome):
            self._show_tree_outcome(outcome)
        elif isinstance(outcome, MatrixOutcome):
            self._show_matrix_outcome(outcome.result, outcome.stopped)
        elif isinstance(outcome, Path):
            self.status_message.emit(f"Saved {outcome}")
            self.result_label.setText(self.result_label.text() + f"\nSaved to {outcome}.")

    def _on_stopped(self) -> None:
        self.status_label.setText("Stopped before the first iteration: nothing to keep.")
        self.status_message.emit("Stopped")

    def _on_failed(self, message: str) -> None:
        self.error_label.show_error(message)
        self.status_label.setText("")
        self.status_message.emit("Failed: " + message)

    def _on_finished(self) -> None:
        """Back to idle, whatever ended the job (done, stopped at any moment, failed): no
        "Running…" or progress phase is left behind."""
        self.run_button.set_running(False)
        if self.solution is not None and self.tree_model.browser is None:
            # A Continue that failed part-way: the solution is in an unknown state.
            message = self.error_label.text()
            self._clear_results()
            self.error_label.show_error(message)
        if self.solution is None and self.matrix_result is None:
            self.results.node_label.setText(NO_TREE_TEXT)
        self.progress_bar.setFormat("%p%")
        self.progress_bar.setValue(self._result_progress)
        self._validate()

    # -- showing results --------------------------------------------------------------------

    def _show_tree_outcome(self, outcome: TreeOutcome) -> None:
        solution = outcome.solution
        self.solution = solution
        self.matrix_result = None
        tree = solution.tree
        self.plot.set_history(solution.history)
        self._result_progress = 1000 if not outcome.stopped else self.progress_bar.value()
        last = solution.history[-1][1] if solution.history else float("nan")
        head = run_head(solution.iterations, outcome.stopped, outcome.note)
        sizes = (tree.num_nodes, tree.num_infosets, len(tree.public_histories))
        self.result_label.setText("\n".join(tree_result_lines(
            head, tree.game_name, tree.settings, solution.algorithm, sizes, outcome.values,
            last)))
        self.status_label.setText("")
        self.status_message.emit(head)
        self.results.show_browser(outcome.browser)

    def _show_matrix_outcome(self, result: dict[str, Any], stopped: bool) -> None:
        self.solution = None
        self.matrix_result = result
        self.plot.set_history([tuple(point) for point in result["exploitability"]])
        self._result_progress = self.progress_bar.value() if stopped else 1000
        head = run_head(result["iterations"], stopped)
        self.result_label.setText("\n".join(matrix_result_lines(result, head)))
        self.status_label.setText("")
        self.status_message.emit(head)
        self.strategy_model.set_table(["Player", "Action", "Average probability"],
                                      matrix_strategy_rows(result))
        self.results.node_label.setText("Matrix game: one simultaneous decision; average "
                                        "strategies below.")

    # -- save / open ------------------------------------------------------------------------

    def _on_save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save solved game", "solution.npz",
                                              SOLUTION_FILTER)
        if path:
            self.save_to(path)

    def _on_open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open solved game", "", SOLUTION_FILTER)
        if path:
            self.open_from(path)

    def save_to(self, path: str | Path) -> bool:
        """Save the current solution (in the worker); errors appear in the window."""
        solution = self.solution
        if solution is None or self.runner.running:
            return False
        self.error_label.clear_error()
        self._start(save_job(solution, Path(path)), f"Saving {Path(path)}…")
        return True

    def open_from(self, path: str | Path) -> bool:
        """Open a saved solution (in the worker) and browse it."""
        if self.runner.running:
            return False
        self._clear_results()
        self._result_key = None
        self._start(open_job(Path(path)), f"Opening {Path(path)}…")
        return True
