"""The Table tab: push/fold at a table of 2 to 10 players with ICM payouts, a view over
:mod:`ui.table_model` (the rules, without Qt) and :mod:`ui.table_jobs` (the worker's jobs).

The form (left) is checked as it is typed; the library's message appears beside the field it
names (a seat's stack under that seat). **Calculate** runs in the worker: with no iteration
count and no locks, the spot's equilibrium from the cache of equilibria (a spot seen before
answers at once); else a fresh CFR+ run with the count and the locks (a node locked to a
range, the others best-respond). The NashConv plot follows the run live; **Stop** keeps what
was computed, **Continue** runs more iterations. Then the table (each seat's push %), the
nodes with their reach, the range of the selected node (the 13×13 grid for Hold'em, the class
table for Omaha), the EV of playing and folding per hand in big blinds and in % of the prize
pool, the hand lookup, the ICM panel (prize equity per seat, bubble factors as a heat map),
Save / Open / Export (CSV, JSON, PNG). Results of another spot than the inputs are marked
stale.

Size: ~560 lines, the wiring of the form (read and filled back), the oval, six result views,
the Omaha table's build offer and the run cycle; the rules are in :mod:`ui.table_model`, the
jobs in :mod:`ui.table_jobs`, the files in :mod:`ui.table_files`.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from omahanash.pushfold.spot import MAX_PLAYERS, MIN_PLAYERS
from ui.common import ErrorLabel, RunStopButton, Tab, named, scrolling_column, with_error
from ui.models import TableModel as RowsModel
from ui.omaha_range_map import OmahaRangeMap
from ui.plots import ConvergencePlot
from ui.range_cells import FrequencyDelegate
from ui.table_build_panel import TableBuildPanel
from ui.table_files import TableFiles
from ui.table_jobs import JobResult, continue_job, finished_message, open_job, solve_job
from ui.table_model import (
    HAND_COLUMNS,
    ICM_COLUMNS,
    MODELS,
    NODE_COLUMNS,
    PAYOUT_PRESETS,
    STACK_UNITS,
    VARIANTS,
    TableInputs,
    TableModel,
    bubble_matrix,
    ev_rows,
    hand_rows,
    hand_table,
    history_points,
    icm_rows,
    lookup_text,
    node_rows,
    open_push,
    stale_text,
)
from ui.table_seats import TableView
from ui.table_views import HeatModel, NodeGridModel


def _number_format(value: float) -> str:
    return f"{value:g}"


class TableTab(TableFiles, Tab):
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
        self._live_seen = 0
        self.lookup_data: dict | None = None
        self._unit = self._unit_before = "chips"  # the unit of the stack fields (and before)
        self._build_form()
        self.build_panel = TableBuildPanel(self.make_runner)
        self._build_results()
        self._lay_out()
        self._wire()
        self._on_seats_changed()
        self._show_solution()

    # -- building ------------------------------------------------------------------------------

    def _edit(self, name: str, text: str = "", width: int = 110) -> QLineEdit:
        edit = named(QLineEdit(text), name)
        edit.setMaximumWidth(width)
        return edit

    def _build_form(self) -> None:
        self.type_combo = named(QComboBox(), "tableTypeCombo")
        self.type_combo.addItems(list(VARIANTS))
        self.seats_spin = named(QSpinBox(), "tableSeatsSpin")
        self.seats_spin.setRange(MIN_PLAYERS, MAX_PLAYERS)
        self.seats_spin.setValue(3)
        self.units_combo = named(QComboBox(), "tableUnitsCombo")
        self.units_combo.addItems(list(STACK_UNITS))
        self.sb_edit, self.bb_edit = self._edit("tableSbEdit", "50"), self._edit("tableBbEdit",
                                                                                  "100")
        self.ante_edit = self._edit("tableAnteEdit", "0")
        self.bb_ante_edit = self._edit("tableBbAnteEdit", "0")
        self.preset_combo = named(QComboBox(), "payoutPresetCombo")
        self.preset_combo.addItems(list(PAYOUT_PRESETS))
        self.preset_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.preset_combo.setMinimumContentsLength(12)
        self.payouts_edit = self._edit("payoutsEdit", "50/30/20", 160)
        self.payout_model_combo = named(QComboBox(), "payoutModelCombo")
        self.payout_model_combo.addItems(list(MODELS))
        self.iterations_edit = self._edit("tableIterationsEdit")
        self.iterations_edit.setPlaceholderText("to the target")
        self.deals_edit = self._edit("tableDealsEdit")
        self.deals_edit.setPlaceholderText("default")
        self.seed_edit = self._edit("tableSeedEdit", "0")
        self.locks_edit = self._edit("tableLocksEdit", "", 260)
        self.locks_edit.setPlaceholderText("BTN=top 20%; SB vs BTN=22+")
        self.errors = {key: ErrorLabel(f"table{key.title().replace('_', '')}Error")
                       for key in ("sb", "bb", "ante", "bb_ante", "payouts", "iterations",
                                   "deals", "seed", "locks")}
        self.calculate_button = RunStopButton("Calculate", "tableCalculateButton")
        self.continue_button = named(QPushButton("Continue"), "tableContinueButton")
        self.save_button = named(QPushButton("Save…"), "tableSaveButton")
        self.open_button = named(QPushButton("Open…"), "tableOpenButton")
        self.export_csv_button = named(QPushButton("Export CSV…"), "tableExportCsvButton")
        self.export_json_button = named(QPushButton("Export JSON…"), "tableExportJsonButton")
        self.export_png_button = named(QPushButton("Save image…"), "tableExportPngButton")
        self.run_error = ErrorLabel("tableRunError")
        self.stale_label = named(QLabel(), "tableStaleLabel")
        self.stale_label.setWordWrap(True)
        self.stale_label.setStyleSheet("color: #8a5a00;")
        self.summary_label = named(QLabel(), "tableSummaryLabel")
        self.summary_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Type", self.type_combo)
        form.addRow("Players", self.seats_spin)
        form.addRow("Stacks in", self.units_combo)
        for label, key, edit in (("SB", "sb", self.sb_edit), ("BB", "bb", self.bb_edit),
                                 ("Ante", "ante", self.ante_edit),
                                 ("BB ante", "bb_ante", self.bb_ante_edit)):
            form.addRow(label, with_error(edit, self.errors[key]))
        form.addRow("Preset", self.preset_combo)
        form.addRow("Payouts", with_error(self.payouts_edit, self.errors["payouts"]))
        form.addRow("Model", self.payout_model_combo)
        form.addRow("Iterations", with_error(self.iterations_edit, self.errors["iterations"]))
        form.addRow("Deals", with_error(self.deals_edit, self.errors["deals"]))
        form.addRow("Seed", with_error(self.seed_edit, self.errors["seed"]))
        form.addRow("Locks", with_error(self.locks_edit, self.errors["locks"]))
        buttons = QGridLayout()
        for k, button in enumerate((self.calculate_button, self.continue_button,
                                    self.save_button, self.open_button, self.export_csv_button,
                                    self.export_json_button, self.export_png_button)):
            buttons.addWidget(button, k // 2, k % 2)
        self.form_box = QGroupBox("Table")
        column = QVBoxLayout(self.form_box)
        column.addLayout(form)
        column.addLayout(buttons)
        for widget in (self.run_error, self.stale_label, self.summary_label):
            column.addWidget(widget)

    def _build_results(self) -> None:
        self.oval = TableView()
        self.plot = named(ConvergencePlot("NashConv"), "tableNashConvPlot")
        self.plot.setMinimumHeight(180)
        self.node_model = RowsModel(number_format=_number_format)
        self.node_list = self._table_view("tableNodeList", self.node_model)
        self.node_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.node_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid_model = NodeGridModel(self)
        self.class_model = RowsModel(number_format=_number_format)
        self.range_view = named(QTableView(), "tableRangeView")
        self.range_view.setItemDelegate(FrequencyDelegate(self.range_view))
        self.range_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        font = self.range_view.font()
        font.setPointSizeF(max(font.pointSizeF() - 2, 6))
        self.range_view.setFont(font)
        self.hands_model = RowsModel(number_format=_number_format)
        self.hands_view = self._table_view("tableHandsView", self.hands_model)
        self.hands_view.setSortingEnabled(False)
        self.range_tabs = named(QTabWidget(), "tableRangeTabs")
        self.range_tabs.addTab(self.range_view, "Range")
        self.range_tabs.addTab(self.hands_view, "EV per hand")
        self.omaha_map = OmahaRangeMap()
        self.range_tabs.addTab(self.omaha_map, "Omaha map")
        self.lookup_edit = self._edit("tableLookupEdit", "", 200)
        self.lookup_edit.setPlaceholderText("AKo, As Kd, or a class id")
        self.lookup_button = named(QPushButton("Show"), "tableLookupButton")
        self.lookup_error = ErrorLabel("tableLookupError")
        self.lookup_result = named(QLabel(), "tableLookupResult")
        self.lookup_result.setWordWrap(True)
        self.lookup_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.icm_model = RowsModel(number_format=_number_format)
        self.icm_table = self._table_view("icmTable", self.icm_model)
        self.heat_model = HeatModel(self)
        self.bubble_view = self._table_view("bubbleFactorView", self.heat_model)
        self.bubble_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Stretch)
        self.icm_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.node_list.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)

    def _table_view(self, name: str, model: object) -> QTableView:
        view = named(QTableView(), name)
        view.setModel(model)  # type: ignore[arg-type]
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().setVisible(False)
        return view

    def _lay_out(self) -> None:
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.addWidget(self.oval, 3)
        column.addWidget(self.plot, 2)
        icm_box = QGroupBox("ICM: prize equity and bubble factors (row against column)")
        icm_layout = QHBoxLayout(icm_box)
        icm_layout.addWidget(self.icm_table, 3)
        icm_layout.addWidget(self.bubble_view, 2)
        column.addWidget(icm_box, 2)
        right = QWidget()
        side = QVBoxLayout(right)
        side.addWidget(QLabel("Nodes (select one to see its range)"))
        side.addWidget(self.node_list, 2)
        side.addWidget(self.range_tabs, 4)
        lookup = QHBoxLayout()
        lookup.addWidget(QLabel("Hand"))
        lookup.addWidget(self.lookup_edit)
        lookup.addWidget(self.lookup_button)
        side.addLayout(lookup)
        side.addWidget(self.lookup_error)
        side.addWidget(self.lookup_result)
        # the window may be narrower than the three columns' natural minimum (the splitter
        # shares what there is; the views scroll)
        middle.setMinimumWidth(220)
        right.setMinimumWidth(200)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(scrolling_column(self.form_box, self.build_panel))
        splitter.addWidget(middle)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        splitter.setStretchFactor(2, 3)
        splitter.setSizes([290, 500, 490])
        QHBoxLayout(self).addWidget(splitter)

    def _wire(self) -> None:
        for edit in self._form_edits():
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(self.calculate)
        for combo in (self.type_combo, self.units_combo, self.payout_model_combo):
            combo.currentIndexChanged.connect(self._validate)
        self.preset_combo.activated.connect(self._on_preset)
        self.units_combo.currentIndexChanged.connect(self._on_units_changed)
        self.units_combo.activated.connect(self._on_units_chosen)
        self.seats_spin.valueChanged.connect(self._on_seats_changed)
        self.calculate_button.drive(self.runner, self.calculate)
        self.continue_button.clicked.connect(self.continue_run)
        self.save_button.clicked.connect(self._ask_save)
        self.open_button.clicked.connect(self._ask_open)
        self.export_csv_button.clicked.connect(lambda: self._ask_export("csv"))
        self.export_json_button.clicked.connect(lambda: self._ask_export("json"))
        self.export_png_button.clicked.connect(lambda: self._ask_export("png"))
        self.node_list.selectionModel().selectionChanged.connect(self._show_node)
        self.lookup_button.clicked.connect(self.show_hand)
        self.lookup_edit.returnPressed.connect(self.show_hand)
        # an Omaha table built (or its build ended): Calculate follows
        self.build_panel.building.connect(lambda active: active or self._validate())
        self.build_panel.built.connect(lambda _variant: self._validate())
        self.build_panel.status_message.connect(self.status_message)

    def _form_edits(self) -> list[QLineEdit]:
        return [self.sb_edit, self.bb_edit, self.ante_edit, self.bb_ante_edit,
                self.payouts_edit, self.iterations_edit, self.deals_edit, self.seed_edit,
                self.locks_edit] + [seat.stack_edit for seat in self.oval.seats]

    # -- the form ------------------------------------------------------------------------------

    @property
    def stack_edits(self) -> list[QLineEdit]:
        return [seat.stack_edit for seat in self.oval.seats]

    def inputs(self) -> TableInputs:
        n = self.seats_spin.value()
        return TableInputs(
            variant=self.type_combo.currentText(),
            stacks=[e.text() for e in self.stack_edits[:n]], unit=self.units_combo.currentText(),
            sb=self.sb_edit.text(), bb=self.bb_edit.text(), ante=self.ante_edit.text(),
            bb_ante=self.bb_ante_edit.text(), payouts=self.payouts_edit.text(),
            model=self.payout_model_combo.currentText(), iterations=self.iterations_edit.text(),
            deals=self.deals_edit.text(), seed=self.seed_edit.text(), locks=self.locks_edit.text())

    def _on_preset(self) -> None:
        text = PAYOUT_PRESETS[self.preset_combo.currentText()]
        if text:
            self.payouts_edit.setText(text)
            self.payout_model_combo.setCurrentText("ICM")

    def _on_units_changed(self) -> None:
        """The unit changed (by the user, or by code: restored, a session, an opened file,
        whose stacks are already in it); :meth:`_on_units_chosen` follows at once when it
        was the user."""
        self._unit_before, self._unit = self._unit, self.units_combo.currentText()
        QTimer.singleShot(0, self._forget_unit_change)

    def _forget_unit_change(self) -> None:
        self._unit_before = self._unit

    def _on_units_chosen(self) -> None:
        """The user switched chips / big blinds: the stacks are converted by the BB (a
        stack that is not a number stays as typed)."""
        unit, before = self.units_combo.currentText(), self._unit_before
        self._unit_before = unit
        if unit == before:
            return
        try:
            bb = float(self.bb_edit.text().replace(",", ""))
        except ValueError:
            bb = 0.0
        if bb > 0:
            for edit in self.stack_edits:
                try:
                    value = float(edit.text().replace(",", ""))
                except ValueError:
                    continue
                value = value / bb if unit == "bb" else value * bb
                edit.setText(f"{round(value, 4):g}")
        self._validate()

    def _on_seats_changed(self) -> None:
        self.oval.set_players(self.seats_spin.value())
        self._validate()

    def _validate(self) -> bool:
        """Check the form, show each message beside its field, enable Calculate when valid;
        the ICM panel follows the inputs."""
        checked = self.model.check(self.inputs())
        errors = checked.errors
        for key, label in self.errors.items():
            label.show_error(errors.get(key, ""))
        for i, seat in enumerate(self.oval.seats):
            seat.error.show_error(errors.get(f"stack{i}", ""))
        table_ready = self.build_panel.check(VARIANTS[self.type_combo.currentText()],
                                             self.type_combo.currentText())
        self.calculate_button.set_inputs_valid(checked.request is not None and table_ready)
        spot = checked.spot
        if spot is not None:
            self.icm_model.set_table(ICM_COLUMNS, icm_rows(spot))
            self.heat_model.set_matrix(list(spot.positions), bubble_matrix(spot))
            self.oval.set_centre(f"Blinds {spot.sb:g}/{spot.bb:g}"
                                 + (f" ante {spot.ante:g}" if spot.ante else "")
                                 + (f" BB ante {spot.bb_ante:g}" if spot.bb_ante else "")
                                 + f"\n{self.type_combo.currentText()}"
                                 + (f"\npayouts {spot.payouts_text}" if spot.model == "icm"
                                    else "\nchip EV"))
        self._show_staleness()
        return checked.request is not None and table_ready

    def restore_settings(self, settings: QSettings) -> None:
        super().restore_settings(settings)
        self._on_seats_changed()

    def _fill(self, spot: object, deals: object) -> None:
        """Put an opened solution's spot in the form (stacks in chips)."""
        from omahanash.pushfold import PushFoldSpot

        assert isinstance(spot, PushFoldSpot)
        self.type_combo.setCurrentText(next(k for k, v in VARIANTS.items()
                                            if v == str(spot.variant)))
        self.seats_spin.setValue(spot.players)
        self.units_combo.setCurrentText("chips")
        for edit, stack in zip(self.stack_edits, spot.stacks, strict=False):
            edit.setText(f"{stack:g}")
        for edit, value in ((self.sb_edit, spot.sb), (self.bb_edit, spot.bb),
                            (self.ante_edit, spot.ante), (self.bb_ante_edit, spot.bb_ante)):
            edit.setText(f"{value:g}")
        self.payout_model_combo.setCurrentText("ICM" if spot.model == "icm" else "Chips")
        if spot.model == "icm":
            self.payouts_edit.setText(spot.payouts_text)
        self.deals_edit.setText("exact" if getattr(deals, "exact", False)
                                else str(getattr(deals, "count", "")))
        self.seed_edit.setText(str(getattr(deals, "seed", 0)))
        self.locks_edit.clear()
        self._validate()

    def _show_staleness(self) -> None:
        self.stale = self.model.stale()
        solution = self.model.solution
        self.stale_label.setText(stale_text(solution.spot)
                                 if self.stale and solution is not None else "")
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.model.solution is not None
        for button in (self.save_button, self.export_csv_button, self.export_json_button,
                       self.lookup_button):
            button.setEnabled(idle and have)
        self.continue_button.setEnabled(idle and have and not self.stale
                                        and self.model.request is not None
                                        and self.model.request.iterations is not None)
        self.open_button.setEnabled(idle)

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
        self._start(solve_job(request), f"Solving the {request.spot.players}-handed table…")
        return True

    def continue_run(self) -> bool:
        """Run the Iterations field's count more on the shown solution."""
        request = self.model.request
        solution = self.model.solution
        if self.runner.running or solution is None or self.stale or request is None:
            return False
        if request.iterations is None:
            self.errors["iterations"].show_error("enter the number of iterations to continue")
            return False
        self._start(continue_job(solution, request.iterations, self.model.solution_key),
                    f"Continuing for {request.iterations} more iterations…")
        return True

    def open_solution(self, path: str) -> bool:
        """Reopen a saved table solution (in the worker)."""
        if self.runner.running:
            return False
        self.model.opening = True
        self._start(open_job(path), f"Opening {path}…", cancellable=False)
        return True

    def _start(self, job: object, message: str, cancellable: bool = True) -> None:
        self.run_error.clear_error()
        self.summary_label.setText(message)
        self._live_seen = 0
        self.runner.start(job, cancellable=cancellable)  # type: ignore[arg-type]
        self.calculate_button.set_running(True)
        self._update_buttons()
        self.status_message.emit(message)

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if self._live_seen == 0 and not self.summary_label.text().startswith("Iteration"):
            self.summary_label.setText("Solving: making the deals and the first iterations…")
        if phase == "solving" and isinstance(detail, tuple) and len(detail) != self._live_seen:
            self._live_seen = len(detail)
            points = history_points(list(detail))
            self.plot.set_history(points)
            if points:
                self.summary_label.setText(f"Iteration {points[-1][0]} (of at most "
                                           f"{int(total):,}): NashConv {points[-1][1]:.4g}")

    def _on_succeeded(self, result: object) -> None:
        assert isinstance(result, JobResult)
        self.status_message.emit(finished_message(result))
        if result.solution is None:
            return
        if self.model.opening:
            self._fill(result.solution.spot, result.solution.solver.deals)
            key = None if self.model.request is None else self.model.request.key()
        else:
            key = result.key
        self.model.accept(result.solution, key)
        self._show_solution()

    def _on_failed(self, message: str) -> None:
        self.run_error.show_error(message)
        self.status_message.emit("Table failed: " + message)

    def _on_finished(self) -> None:
        self.model.opening = False
        self.calculate_button.set_running(False)
        self._validate()

    # -- showing -------------------------------------------------------------------------------

    def _show_solution(self) -> None:
        solution = self.model.solution
        if solution is None:
            self.node_model.clear()
            self.plot.set_history([])
            self.summary_label.clear()
            self.oval.set_push_texts([])
            self._show_rows([])
            self._show_staleness()
            return
        self.oval.set_push_texts(open_push(solution))
        points = history_points(solution.history)
        if not points and solution.iterations:  # a solution kept without its reports
            points = [(solution.iterations, solution.nash_conv)]
        self.plot.set_history(points)
        unit = "prize" if solution.spot.model == "icm" else "chips"
        evs = ", ".join(f"{row['position']} {row[unit]:.3g}" for row in ev_rows(solution))
        self.summary_label.setText(f"{solution.iterations} iterations, NashConv "
                                   f"{solution.nash_conv:.4g} ({unit}). EV: {evs}")
        self.node_model.set_table(NODE_COLUMNS, node_rows(solution))
        self.node_list.selectRow(0)
        self._show_node()
        if self.lookup_edit.text().strip():
            self.show_hand()
        self._show_staleness()

    @property
    def selected_node(self) -> str | None:
        rows = self.node_list.selectionModel().selectedRows()
        if not rows or self.model.solution is None:
            return None
        return str(self.node_model.row_values(rows[0].row())[0])

    def select_node(self, name: str) -> bool:
        """Select the node called ``name`` in the node list."""
        for row in range(self.node_model.rowCount()):
            if self.node_model.row_values(row)[0] == name:
                self.node_list.selectRow(row)
                return True
        return False

    def _show_node(self) -> None:
        node = self.selected_node
        solution = self.model.solution
        self._show_rows([] if node is None or solution is None else hand_rows(solution, node))
        if self.lookup_result.text() and self.lookup_edit.text().strip():
            self.show_hand()

    def _show_rows(self, rows: list[dict]) -> None:
        solution = self.model.solution
        holdem = solution is not None and str(solution.spot.variant) == "holdem"
        self.hands_model.set_table(HAND_COLUMNS, hand_table(rows))
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.omaha_map),
                                      solution is not None and not holdem)
        node = self.selected_node
        key = "call_pct" if node is not None and " vs " in node else "push_pct"
        self.omaha_map.model.set_rows(
            "omaha-hi", [] if holdem or solution is None else
            [{"id": r["id"], "combos": r["combos"], key: r["play_pct"]} for r in rows], key)
        if holdem:
            self.grid_model.set_rows(rows)
            self.range_view.setModel(self.grid_model)
            self.range_view.horizontalHeader().setSectionResizeMode(
                QHeaderView.ResizeMode.Stretch)
            self.range_view.verticalHeader().setSectionResizeMode(
                QHeaderView.ResizeMode.Stretch)
        else:
            ordered = sorted(rows, key=lambda r: -r["play_pct"])
            self.class_model.set_table(HAND_COLUMNS, hand_table(ordered))
            self.range_view.setModel(self.class_model)
            self.range_view.verticalHeader().setSectionResizeMode(
                QHeaderView.ResizeMode.Interactive)

    def show_hand(self) -> bool:
        """Look the typed hand up at the selected node (the library's lookup); False (and
        the message beside the field) when it is not a hand of this game."""
        solution = self.model.solution
        node = self.selected_node
        if solution is None or node is None:
            return False
        try:
            self.lookup_data, text = lookup_text(solution, self.lookup_edit.text().strip(), node)
        except InputError as exc:
            self.lookup_error.show_error(str(exc))
            self.lookup_result.clear()
            return False
        self.lookup_error.clear_error()
        self.lookup_result.setText(text)
        return True
