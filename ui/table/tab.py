"""The Table tab: push/fold or a preflop betting tree (pot limit, pot limit with limps, no
limit, a tree file: the **Betting** choice) at a table of 2 to 10 players with ICM payouts, a
view over :mod:`ui.table.model` (the rules, without Qt) and :mod:`ui.table.jobs` (the worker's
jobs); a tree's rules and views are in :mod:`ui.table.betting` (how its result is shown:
:mod:`ui.table.betting.showing`).

A tree's result: the node list is the tree (each node indented under the action that leads
to it, a bar of its action mix under its name, its reach), the range coloured by each
hand's action mix (fold / call / raise / all in, the legend under it, the mix and EVs on
hover), the class table one column per action, the lookup every action's frequency and EV,
the seats each one's open % at its first node. No locks and no provisional ranges on a tree
(its live reports carry NashConv only).

Size: ~560 lines, the one cycle (form, run, show) of both models, push/fold and the trees;
what a tree shows differently is in the mixin :mod:`ui.table.betting.showing`.

The form (left) is checked as it is typed; the library's message appears beside the field it
names (a seat's stack under that seat). **Calculate** runs in the worker: with no iteration
count and no locks, the spot's equilibrium from the cache of equilibria (a spot seen before
answers at once); else a fresh CFR+ run with the count and the locks (a node locked to a
range, the others best-respond). The NashConv plot follows the run live; **Stop** keeps what
was computed, **Continue** runs more iterations. While it runs, the nodes and the seats show
the ranges of the run's latest report, marked provisional with their NashConv, and the
progress line says the time elapsed and about how long is left; when it ends, the run's status
in words (converged, stalled, iterations, stopped). Then the table (each seat's push %), the
nodes with their reach, the range of the selected node (the 13×13 grid for Hold'em, the class
table for Omaha), the EV of playing and folding per hand in big blinds and in % of the prize
pool, the hand lookup, the ICM panel (prize equity per seat, bubble factors as a heat map),
Save / Open / Export (CSV, JSON, PNG). Results of another spot than the inputs are marked
stale. The Nash chart page (:mod:`ui.table.chart.panel`) solves the same table over a grid of
equal stacks (``omahanash chart``).

A view: the rules are in :mod:`ui.table.model`, the jobs in :mod:`ui.table.jobs`, the files
in :mod:`ui.table.files`; the form is :mod:`ui.table.form`, the oval :mod:`ui.table.seats`, the
result views :mod:`ui.table.results`; the tab wires them and runs the cycle.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSplitter, QVBoxLayout, QWidget

from omahanash.errors import InputError
from omahanash.pushfold.live import provisional_nodes
from ui.equity_tables.panel import TableBuildPanel
from ui.kit.common import Tab, grey_out, named, scrolling_column
from ui.kit.plots import ConvergencePlot
from ui.table.betting.model import is_tree, seat_texts
from ui.table.betting.showing import TreeShowing
from ui.table.chart.panel import TableChartPanel
from ui.table.files import TableFiles
from ui.table.form import TableForm
from ui.table.jobs import (
    Live,
    TableOutcome,
    continue_job,
    finished_message,
    open_job,
    provisional_text,
    solve_job,
    status_text,
    tree_continue_job,
    tree_solve_job,
)
from ui.table.model import (
    NODE_COLUMNS,
    VARIANTS,
    NashConvUnit,
    TableInputs,
    TableModel,
    equity_table_text,
    ev_summary,
    hand_rows,
    history_points,
    lock_text,
    lookup_text,
    nash_conv_unit,
    node_rows,
    open_push,
    open_push_rows,
    progress_text,
    stale_text,
)
from ui.table.results import NODES_HEADING, TableResults
from ui.table.seats import TableView

#: The provisional mark's colour (the stale mark's).
PROVISIONAL_STYLE = "color: #8a5a00;"


class TableTab(TreeShowing, TableFiles, Tab):
    title = "Table"
    settings_group = "table"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableTab")
        self.runner = self.make_runner(
            progressed=self._on_progressed, succeeded=self._on_succeeded,
            failed=self._on_failed, finished=self._on_finished)
        self.model = TableModel()
        self.stale = False
        #: the run was stopped before its result was measured: its last ranges stay shown
        self._unmeasured = False
        self._live_seen = 0
        self._live_points: list[tuple[int, float]] = []
        #: the last live snapshot, when it came (monotonic) and the iteration done then
        self._live: tuple[Live, float, float] | None = None
        #: the nodes and seats show a running job's provisional ranges
        self.provisional = False
        self._running_spot: object = None
        self._clock = QTimer(self)  # the progress line's time, once a second
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._show_progress)
        self.lookup_data: dict | None = None
        #: the node to select when the solve of a spot opened from the Review tab arrives
        self._pending_node: str | None = None
        self.form = form = TableForm(lambda: self.stack_edits)
        # widgets by their old names (scripts and tests use them)
        self.seats_spin, self.payout_model_combo = form.seats_spin, form.payout_model_combo
        self.sb_edit, self.bb_edit, self.ante_edit = form.sb_edit, form.bb_edit, form.ante_edit
        self.payouts_edit, self.iterations_edit = form.payouts_edit, form.iterations_edit
        self.deals_edit, self.locks_edit = form.deals_edit, form.locks_edit
        self.run_error, self.run_status = form.run_error, form.run_status
        self.build_panel = TableBuildPanel(self.make_runner)
        self.oval = TableView()
        self.plot = named(ConvergencePlot("NashConv (% pool)"), "tableNashConvPlot")
        self.plot.setMinimumHeight(180)
        self.results = TableResults()
        self.node_model, self.hands_model = self.results.node_model, self.results.hands_model
        self.lookup_edit = self.results.lookup_edit
        self.chart_panel = TableChartPanel(self.make_runner)
        self.results.range_tabs.addTab(self.chart_panel, "Nash chart")
        self._lay_out()
        self._wire()
        self._on_seats_changed()
        self._show_solution()

    @property
    def push_labels(self) -> list[QWidget]:
        """The seats' lines under their stacks (each seat's push or call %)."""
        return [seat.push_label for seat in self.oval.seats]

    @property
    def result_views(self) -> list[QWidget]:
        """The views of a result (veiled while a new run computes the next one): the nodes,
        the ranges, the lookup and the seats' lines."""
        return [*self.results.result_views, *self.push_labels]

    def _lay_out(self) -> None:
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.addWidget(self.oval, 3)
        column.addWidget(self.plot, 2)
        column.addWidget(self.results.icm_box, 2)
        # the window may be narrower than the three columns' natural minimum (the splitter
        # shares what there is; the views scroll)
        middle.setMinimumWidth(220)
        self.results.setMinimumWidth(200)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(scrolling_column(self.form, self.build_panel))
        splitter.addWidget(middle)
        splitter.addWidget(self.results)
        splitter.setStretchFactor(1, 3)
        splitter.setStretchFactor(2, 3)
        splitter.setSizes([290, 500, 490])
        QHBoxLayout(self).addWidget(splitter)

    def _wire(self) -> None:
        form = self.form
        for edit in form.edits():
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(self.calculate)
        for combo in (form.type_combo, form.units_combo, form.payout_model_combo,
                      form.tree_combo, form.postflop_combo):
            combo.currentIndexChanged.connect(self._validate)
        form.max_raises_spin.valueChanged.connect(self._validate)
        form.units_combo.activated.connect(self._on_units_chosen)
        form.seats_spin.valueChanged.connect(self._on_seats_changed)
        form.calculate_button.drive(self.runner, self.calculate)
        form.continue_button.clicked.connect(self.continue_run)
        form.save_button.clicked.connect(self._ask_save)
        form.open_button.clicked.connect(self._ask_open)
        form.export_csv_button.clicked.connect(lambda: self._ask_export("csv"))
        form.export_json_button.clicked.connect(lambda: self._ask_export("json"))
        form.export_png_button.clicked.connect(lambda: self._ask_export("png"))
        self.results.node_list.selectionModel().selectionChanged.connect(self._show_node)
        self.results.lookup_button.clicked.connect(self.show_hand)
        self.results.copy_range_button.clicked.connect(self.copy_range)
        self.results.lookup_edit.returnPressed.connect(self.show_hand)
        # an Omaha table built (or its build ended): Calculate follows
        self.build_panel.building.connect(lambda active: active or self._validate())
        self.build_panel.built.connect(lambda _variant: self._validate())
        self.build_panel.status_message.connect(self.status_message)
        self.chart_panel.status_message.connect(self.status_message)

    # -- the form ------------------------------------------------------------------------------

    @property
    def stack_edits(self) -> list[QLineEdit]:
        return [seat.stack_edit for seat in self.oval.seats]

    def inputs(self) -> TableInputs:
        return self.form.inputs()

    def _on_units_chosen(self) -> None:
        self.form.convert_units()
        self._validate()

    def _on_seats_changed(self) -> None:
        players = self.form.seats_spin.value()
        self.oval.set_players(players)
        # a solution of another table size says nothing about these seats (its push % by seat
        # number put a CO's % under the BTN): shown again when the size is back
        solution = self.model.solution
        self.oval.set_push_texts(self._seat_texts(solution) if solution is not None
                                 and solution.spot.players == players else [])
        self._validate()

    def _seat_texts(self, solution: object) -> list[str]:
        """Each seat's line: push/fold's push %, a tree's open % at the seat's first node
        (a run stopped before its pass: from the mixes alone)."""
        if is_tree(solution):
            return seat_texts(solution, measured=not self._unmeasured)  # type: ignore[arg-type]
        return open_push(solution)  # type: ignore[arg-type]

    def _validate(self) -> bool:
        """Check the form, show each message beside its field, enable Calculate when valid;
        the ICM panel follows the inputs."""
        checked = self.model.check(self.inputs())
        errors = checked.errors
        self.form.show_errors(errors)
        for i, seat in enumerate(self.oval.seats):
            seat.error.show_error(errors.get(f"stack{i}", ""))
        variant = self.form.type_combo.currentText()
        table_ready = self.build_panel.check(VARIANTS[variant], variant)
        self.form.calculate_button.set_inputs_valid(checked.request is not None
                                                    and table_ready)
        self.chart_panel.set_table(
            checked.request if table_ready else None,
            "" if table_ready else f"Build the {variant} equity table first (on the left).")
        spot = checked.spot
        if spot is not None:
            self.results.show_icm(spot)
            self.oval.set_centre(f"Blinds {spot.sb:g}/{spot.bb:g}"
                                 + (f" ante {spot.ante:g}" if spot.ante else "")
                                 + (f" BB ante {spot.bb_ante:g}" if spot.bb_ante else "")
                                 + f"\n{variant}"
                                 + (f"\npayouts {spot.payouts_text}" if spot.model == "icm"
                                    else "\nchip EV"))
        self._show_staleness()
        return checked.request is not None and table_ready

    def restore_settings(self, settings: QSettings) -> None:
        super().restore_settings(settings)
        self._on_seats_changed()

    def _fill(self, spot: object, deals: object, settings: object = None) -> None:
        """Put an opened solution's spot in the form (stacks in chips; ``settings``: a
        tree's, as it was solved)."""
        self.form.fill(spot, deals, settings)
        self._validate()

    def _show_staleness(self) -> None:
        self.stale = self.model.stale()
        solution = self.model.solution
        self.form.stale_label.setText(stale_text(solution.spot, self.runner.running)
                                      if self.stale and solution is not None else "")
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.model.solution is not None
        form = self.form
        for button in (form.save_button, form.export_csv_button, form.export_json_button,
                       self.results.lookup_button, self.results.copy_range_button):
            button.setEnabled(idle and have and not self._unmeasured)  # no pass in the GUI
        if is_tree(self.model.solution):  # a lock is push/fold's
            self.results.copy_range_button.setEnabled(False)
        form.continue_button.setEnabled(idle and have and not self.stale
                                        and self.model.request is not None
                                        and self.model.request.iterations is not None)
        form.open_button.setEnabled(idle)

    # -- running -------------------------------------------------------------------------------

    @property
    def solution(self) -> object:
        """The solution shown (a :class:`~omahanash.pushfold.PushFoldSolution`) or None."""
        return self.model.solution

    def calculate(self) -> bool:
        """Start a solve in the worker; False when the inputs are invalid or one runs."""
        if self.runner.running or not self._validate():
            return False
        request = self.model.request
        assert request is not None
        self._running_spot = request.spot
        job = tree_solve_job(request) if request.tree else solve_job(request)
        self._start(job, f"Solving the {request.spot.players}-handed table…")
        return True

    def open_spot(self, request: object) -> str | None:
        """Open a spot the Review tab judged (a :class:`~ui.review.model.TableRequest`, routed
        by the main window): its seats, stacks, blinds, antes and payouts in the form, solved
        as the review solved it (Calculate: the cache of equilibria answers at once), its
        node selected and the hand looked up when the result arrives. The reason when it
        cannot be done (None: done)."""
        if self.runner.running:
            return "the Table tab is running a job: stop it first"
        fields = ("variant", "stacks", "sb", "bb", "ante", "bb_ante", "payouts")
        self.form.fill_request(*(getattr(request, name) for name in fields))
        self.results.lookup_edit.setText(str(getattr(request, "cards", "")))
        self._pending_node = str(getattr(request, "node", "")) or None
        self.status_message.emit(str(getattr(request, "message", "")))
        if not self.calculate():  # e.g. its Omaha table is not built yet: the form says so
            self.form.summary_label.setText(
                f"{getattr(request, 'message', '')} Press Calculate when the form is ready.")
        return None

    def continue_run(self) -> bool:
        """Run the Iterations field's count more on the shown solution."""
        request = self.model.request
        solution = self.model.solution
        if self.runner.running or solution is None or self.stale or request is None:
            return False
        if request.iterations is None:
            self.form.errors["iterations"].show_error("enter the number of iterations to continue")
            return False
        self._running_spot = solution.spot
        more = tree_continue_job if is_tree(solution) else continue_job
        self._start(more(solution, request.iterations, self.model.solution_key),  # type: ignore[arg-type]
                    f"Continuing for {request.iterations} more iterations…")
        return True

    def open_solution(self, path: str) -> bool:
        """Reopen a saved table solution (in the worker)."""
        if self.runner.running:
            return False
        self.model.opening = True
        self._running_spot = None
        self._start(open_job(path), f"Opening {path}…", cancellable=False)
        return True

    def _start(self, job: object, message: str, cancellable: bool = True) -> None:
        self.form.run_error.clear_error()
        self.form.summary_label.setText(message)
        self.run_status.setText("")
        self._live_seen = 0
        self._unmeasured = False
        self._live_points = []
        self._live = None
        # the result shown answers the last run, not this one: greyed until its replacement
        grey_out(self.result_views, self.model.solution is not None)
        self.runner.start(job, cancellable=cancellable)  # type: ignore[arg-type]
        self._clock.start()
        self.form.calculate_button.set_running(True)
        self._show_staleness()
        self.status_message.emit(message)

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if phase != "solving" or not isinstance(detail, Live):
            return
        reports = detail.reports
        if len(reports) != self._live_seen:
            self._live_seen = len(reports)
            unit = self._live_unit()
            self._live_points = history_points(list(reports),
                                               1.0 if unit is None else unit.scale)
            self.plot.set_history(self._live_points)
            self._show_provisional(reports)
        # every iteration moves the line, a NashConv point or not
        self._live = (detail, time.monotonic(), done)
        self._show_progress()

    def _show_progress(self) -> None:
        """The progress line: the iteration, the last NashConv, the time elapsed and left
        (counted on between the worker's snapshots)."""
        if self._live is None or not self.runner.running:
            return
        detail, when, done = self._live
        since = time.monotonic() - when
        left = None if detail.left is None else max(0.0, detail.left - since)
        unit = self._live_unit()
        self.form.summary_label.setText(progress_text(done, self._live_points,
                                                      detail.elapsed + since, left,
                                                      "" if unit is None else unit.words))

    def _live_unit(self) -> NashConvUnit | None:
        """The NashConv unit of the running spot (None: not known yet, an opened file)."""
        if self._running_spot is None:
            return None
        unit = nash_conv_unit(self._running_spot)
        self.plot.set_y_label(unit.axis)
        return unit

    def _show_provisional(self, reports: tuple) -> None:
        """The ranges of the run's latest report with ranges, marked provisional."""
        spot = self._running_spot
        for report in reversed(reports):
            nodes = provisional_nodes(report)
            if nodes and spot is not None:
                break
        else:
            return
        self.provisional = True
        self.run_status.setText(provisional_text(report, spot))
        self.run_status.setStyleSheet(PROVISIONAL_STYLE)
        self.results.nodes_heading.setText(f"Nodes — provisional, iteration "
                                           f"{report.iteration:,} (refining…)")
        selected = self.results.selected_node
        self.results.node_model.set_table(NODE_COLUMNS, node_rows(nodes))
        # this run's nodes and seats' lines, marked provisional
        grey_out([self.results.node_list, *self.push_labels], False)
        if selected is None or not self.results.select_node(selected):
            self.results.node_list.selectRow(0)
        self.oval.set_push_texts(open_push_rows(spot, nodes))  # type: ignore[arg-type]
        self.results.show_rows(None, [])
        self.results.lookup_result.clear()
        # the nodes and seats now show this run's ranges: no longer the old result's mark
        self.form.stale_label.setText("")

    def _on_succeeded(self, result: object) -> None:
        assert isinstance(result, TableOutcome)
        self.status_message.emit(finished_message(result))
        self.run_status.setText(status_text(result))
        self.run_status.setStyleSheet("")
        if result.solution is None:
            return
        if result.unmeasured:  # stopped past the grace: the last provisional ranges stay
            self._unmeasured = True  # (kept for Continue; nothing read that needs a pass)
            self.results.nodes_heading.setText("Nodes — stopped: the run's last ranges, "
                                               "not measured")
            self.model.accept(result.solution, result.key)
            if is_tree(result.solution):  # no provisional ranges: the mixes, unmeasured
                self._show_tree_unmeasured(result.solution)  # type: ignore[arg-type]
            self._show_staleness()
            return
        if self.model.opening:
            self._fill(result.solution.spot, _deals_of(result.solution),
                       getattr(result.solution, "settings", None)
                       if is_tree(result.solution) else None)
            key = None if self.model.request is None else self.model.request.key()
        else:
            key = result.key
        self.model.accept(result.solution, key)
        self._show_solution()

    def _on_failed(self, message: str) -> None:
        self.run_status.setText("")
        self.run_status.setStyleSheet("")
        self.form.run_error.show_error(message)
        self.status_message.emit("Table failed: " + message)

    def _on_finished(self) -> None:
        self._clock.stop()
        self.model.opening = False
        self.form.calculate_button.set_running(False)
        if self.provisional and not self._unmeasured:  # nothing came of the run: the
            self._show_solution()  # solution shown before
        elif not self.provisional:  # failed or stopped before any report: the result
            grey_out(self.result_views, False)  # shown before, unveiled
        self._validate()

    # -- showing -------------------------------------------------------------------------------

    def _show_solution(self) -> None:
        self.provisional = False
        grey_out(self.result_views, False)
        self.results.nodes_heading.setText(NODES_HEADING)
        solution = self.model.solution
        if solution is None:
            self.results.node_model.clear()
            self.plot.set_history([])
            self.form.summary_label.clear()
            self.oval.set_push_texts([])
            self.results.show_rows(None, [])
            self.form.show_equity_table("", False)
            self._show_staleness()
            return
        if is_tree(solution):
            self._show_tree_solution(solution)  # type: ignore[arg-type]
            self._show_node()
            if self.results.lookup_edit.text().strip():
                self.show_hand()
            self._show_staleness()
            return
        self.form.show_equity_table(*equity_table_text(solution.solver.table))
        self.oval.set_push_texts(open_push(solution))
        unit = nash_conv_unit(solution.spot)
        points = history_points(solution.history, unit.scale)
        if not points and solution.iterations:  # a solution kept without its reports
            points = [(solution.iterations, unit.value(solution.nash_conv))]
        self.plot.set_y_label(unit.axis)
        self.plot.set_history(points)
        self.form.summary_label.setText(f"{solution.iterations} iterations, NashConv "
                                        f"{unit.text(solution.nash_conv)}. "
                                        f"EV: {ev_summary(solution)}")
        self.results.node_model.set_table(NODE_COLUMNS, node_rows(solution))
        self.results.node_list.selectRow(0)
        if self._pending_node is not None:  # a spot opened from the Review tab
            self.results.select_node(self._pending_node)
            self._pending_node = None
        self._show_node()
        if self.results.lookup_edit.text().strip():
            self.show_hand()
        self._show_staleness()

    @property
    def selected_node(self) -> str | None:
        return None if self.model.solution is None else self.results.selected_node

    def select_node(self, name: str) -> bool:
        """Select the node called ``name`` in the node list."""
        return self.results.select_node(name)

    def _show_node(self) -> None:
        if self.provisional:  # a running job's ranges: the hands come when it ends
            self.results.show_rows(None, [])
            return
        node = self.selected_node
        solution = self.model.solution
        if is_tree(solution) and self._unmeasured:  # its hands need the pass not made
            self.results.show_rows(None, [])
        elif is_tree(solution):
            self._show_tree_node(solution, node)  # type: ignore[arg-type]
        else:
            self.results.show_rows(solution, [] if node is None or solution is None
                                   else hand_rows(solution, node))
        if self.results.lookup_result.text() and self.results.lookup_edit.text().strip():
            self.show_hand()

    def copy_range(self) -> str:
        """Put the selected node's range on the clipboard as a lock (``NODE=RANGE``, each
        class at its play frequency); the text ("" without a solution)."""
        solution = self.model.solution
        node = self.selected_node
        if solution is None or node is None or is_tree(solution):
            return ""
        text = lock_text(node, hand_rows(solution, node), str(solution.spot.variant))
        QGuiApplication.clipboard().setText(text)
        self.status_message.emit(f"Copied the range of {node} as a lock "
                                 f"({len(text):,} characters)")
        return text

    def show_hand(self) -> bool:
        """Look the typed hand up at the selected node (the library's lookup); False (and
        the message beside the field) when it is not a hand of this game."""
        solution = self.model.solution
        node = self.selected_node
        if solution is None or node is None or (self._unmeasured and is_tree(solution)):
            return False
        results = self.results
        try:
            hand = results.lookup_edit.text().strip()
            if is_tree(solution):
                text = self._look_up_tree(solution, hand, node)  # type: ignore[arg-type]
            else:
                self.lookup_data, text = lookup_text(solution, hand, node)
        except InputError as exc:
            results.lookup_error.show_error(str(exc))
            results.lookup_result.clear()
            return False
        results.lookup_error.clear_error()
        results.lookup_result.setText(text)
        return True


def _deals_of(solution: Any) -> object:
    """The deals an opened solution's form shows: a tree's sample of each iteration (not
    the deals it is measured on)."""
    from types import SimpleNamespace

    solver = solution.solver
    deals = solver.deals
    if is_tree(solution) and solver.batch:
        return SimpleNamespace(exact=False, count=solver.batch, seed=deals.seed)
    return deals
