"""The Jam-fold tab (SPEC §5, §8 item 1): the thesis GUI (Figures 3–7) and more.

Inputs as in the thesis (Ante, Type, SB, BB, Player1/Player2 stack, NumIterations, Solver),
checked as they are typed with the message beside the field. **Calculate** loads the equity
table and runs :class:`omahanash.jamfold.JamFoldSolution` in a worker (:class:`JobRunner`);
while it runs it reads **Stop**, which ends the run between iterations and keeps what was
computed. The results block and the Epsilon plot follow the run live (throttled: at most ~20
updates a second, each touching only the new iterations). Afterwards: hand lookup (PU/CA, an
id or cards), the range view (Hold'em 13×13 grid; a sortable, filterable class table for every
game), save / open a solution and CSV export. An Omaha game whose equity table is not built
yet offers to build it (:mod:`ui.table_build_panel`: progress, ETA, Cancel; a cancelled build
resumes next time). Below the lookup, the exploit panel (:mod:`ui.exploit_panel`): lock one
player to a range, best-respond with the other, and its width curve (a page of the range
view).

The tab is one screen whose inputs, runs, lookup and range views share its state, so they stay
in one module (~1,000 lines); the parts that stand alone live beside it: the range grid and
class table in :mod:`ui.range_view`, the plot in :mod:`ui.plots`, the worker in
:mod:`ui.workers`, the exploit and sweep panels in :mod:`ui.exploit_panel` and
:mod:`ui.sweep_panel`, the table build offer in :mod:`ui.table_build_panel`.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.common import ErrorLabel, RunStopButton, Tab, parse_positive_int, with_error
from ui.exploit_panel import ExploitPanel
from ui.export import ask_path
from ui.omaha_range_map import OmahaRangeMap
from ui.plots import ConvergencePlot
from ui.range_view import (
    ClassFilterProxy,
    ClassTableModel,
    FrequencyDelegate,
    FrequencyLegend,
    HoldemGridModel,
    played_range_text,
)
from ui.sweep_panel import SweepPanel
from ui.table_build_panel import TableBuildPanel, precision_note
from ui.units import (
    BIG_BLINDS,
    CHIPS,
    UNITS,
    amount_text,
    amount_tooltip,
    field_text,
    from_chips,
    to_chips,
)

if TYPE_CHECKING:
    from omahanash.jamfold import JamFoldParams, JamFoldSolution
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

#: The Type selector, in the thesis's order (its names come from the library).
VARIANTS = (Variant.OMAHA_HI, Variant.OMAHA_HILO, Variant.HOLDEM)
SOLVERS = {"Fictitious play": "fp", "CFR+": "cfr+"}
PLAYERS = {"PU: Player1": "pusher", "CA: Player2": "caller"}
#: The thesis's labels in plain words (issue 19 item 6), shown on hover.
PU_WORDS = "PU = Player1, the small blind, who pushes (goes all-in) or folds"
CA_WORDS = "CA = Player2, the big blind, who calls the all-in or folds"
WORDS = {
    "Range PU: Player1": PU_WORDS + ". The share of all hands Player1 pushes.",
    "Range CA: Player2": CA_WORDS + ". The share of all hands Player2 calls with.",
    "PostEV Player1": "The expected result of a best response: what Player1 wins on average "
                      "per hand by playing the best reply to Player2's current strategy.",
    "PostEV Player2": "The expected result of a best response: what Player2 wins on average "
                      "per hand by playing the best reply to Player1's current strategy.",
    "Epsilon": "How far from an equilibrium: the average of the two PostEVs, what a player "
               "could gain by switching to a best response (0 at a Nash equilibrium).",
    "Iterations": "Solver iterations done / asked for.",
    "AllIn_EV": "The expected result of going all-in (PU) or calling (CA) with this hand.",
    "Fold_EV": "The expected result of folding this hand (losing the blind and ante put in).",
    "Diff_EV": "AllIn_EV − Fold_EV: above 0, all-in is the better play.",
    "Played": "How often the player goes all-in (PU) or calls (CA) with this hand.",
    "Ante": "Each player's ante, put in before the blinds.",
    "NumIterations": "How many solver iterations Calculate (or Continue) runs. Empty: CFR+ "
                     "to Epsilon ≤ 0.0001 BB, the spot's equilibrium from the cache of "
                     "equilibria (solved and kept there the first time), the same numbers as "
                     "`omahanash solve`; a number (or fictitious play) runs afresh, as "
                     "`omahanash solve --iterations` does.",
    "Player1 stack": "Player1's (the small blind's) stack before the blinds and ante.",
    "Player2 stack": "Player2's (the big blind's) stack before the blinds and ante.",
}
#: The lookup field's examples per variant.
LOOKUP_PLACEHOLDERS = {Variant.HOLDEM: "a class (AKs) or cards (Ah Kd)",
                       Variant.OMAHA_HI: "an id (12025) or cards (2s 4s 3c 9c)",
                       Variant.OMAHA_HILO: "an id (12025) or cards (2s 4s 3c 9c)"}
FILTER_PLACEHOLDERS = {Variant.HOLDEM: "a range (TT+, AKo) or cards (As)",
                       Variant.OMAHA_HI: "a range (AA**, AxKx**) or cards (As Kh)",
                       Variant.OMAHA_HILO: "a range (AA**, A2**) or cards (As 2h)"}
STALE_STYLE = "color: #808080;"
MAX_ITERATIONS = 10_000_000
#: The Epsilon plot shows at most about this many points (log-spaced), however long the run.
PLOT_POINTS = 600


def format_percent(value: float) -> str:
    """A range share already in %: ``58.3`` -> ``'58.30%'``."""
    return f"{value:.2f}%"


def format_played(probability: float) -> str:
    """``0.99999`` -> ``'100%'``, ``0.425`` -> ``'42.5%'``, ``0`` -> ``'0%'``."""
    text = f"{100 * probability:.2f}".rstrip("0").rstrip(".")
    return ("0" if text in ("-0", "") else text) + "%"


def word_label(text: str) -> QLabel:
    """A form label with its meaning in plain words on hover (:data:`WORDS`)."""
    label = QLabel(text)
    label.setToolTip(WORDS.get(text, ""))
    return label


def same_game(a: JamFoldParams, b: JamFoldParams) -> bool:
    """Whether two parameter sets are the same game (amounts equal up to the rounding of a
    chips ↔ big blinds conversion)."""
    amounts = ((a.sb, b.sb), (a.bb, b.bb), (a.ante, b.ante), (a.stacks[0], b.stacks[0]),
               (a.stacks[1], b.stacks[1]), (a.dead_money, b.dead_money))
    return a.variant == b.variant and all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
                                          for x, y in amounts)


def parse_chips(text: str, what: str, allow_zero: bool) -> float:
    """A non-negative (or positive) amount typed in a field (chips or big blinds); ValueError
    says why."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    if not cleaned:
        raise ValueError(f"enter the {what}")
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(f"the {what} must be a number, not {text.strip()!r}") from None
    if not np.isfinite(value):
        raise ValueError(f"the {what} must be a finite number")
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"the {what} must be {'at least 0' if allow_zero else 'above 0'}")
    return value


def _rows(solution: JamFoldSolution) -> list[dict]:
    """The class rows of a solution (none before its first iteration: a run stopped at once)."""
    return solution.class_rows() if solution.iterations else []


def _iterations(text: str) -> int:
    """NumIterations: a positive whole number, or 0 for an empty field (to the target)."""
    if not text.strip():
        return 0
    return parse_positive_int(text, "number of iterations", MAX_ITERATIONS)


def plot_indices(n: int, points: int = PLOT_POINTS) -> np.ndarray:
    """At most about ``points`` indices of ``0..n-1``, log-spaced (dense at the start, as the
    log₂ x axis shows them), always with the last one."""
    if n <= points:
        return np.arange(n)
    return np.unique(np.concatenate([np.geomspace(1, n, points).astype(np.int64) - 1, [n - 1]]))


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
        self._request: tuple | None = None
        self._target = 0
        self._to_target = False  # the running job runs to the target (no iteration count)
        self._seen = 0
        self._eps_x = np.zeros(0)
        self._eps_y = np.zeros(0)
        self._opening = False
        self._got_result = False  # the running job brought a solution to show
        self._unit = CHIPS  # the unit the amount fields hold now
        self._restoring = False  # settings being restored: the unit switch converts nothing
        self._shown_bb = 10.0  # chips of 1 bb of the results shown (EVs in bb divide by it)
        self.stale = False
        #: GUI-thread seconds spent on each live update (measured; see the README).
        self.update_times: list[float] = []

        # -- inputs (thesis Figure 3) ---------------------------------------------------------
        box = QGroupBox("Game")
        form = QFormLayout(box)
        self.units_combo = QComboBox(objectName="unitsCombo")
        self.units_combo.addItems(list(UNITS))
        self.units_combo.setToolTip("Enter and show SB, ante, stacks and EVs in chips or in "
                                    "big blinds (BB stays in chips: it is the size of 1 bb)")
        form.addRow("Units", self.units_combo)
        self.ante_edit = QLineEdit("0", objectName="anteEdit")
        self.ante_error = ErrorLabel("anteError")
        form.addRow(word_label("Ante"), with_error(self.ante_edit, self.ante_error))
        self.type_combo = QComboBox(objectName="typeCombo")
        for variant in VARIANTS:
            self.type_combo.addItem(variant.display_name, variant)
        self.type_combo.setCurrentText(Variant.HOLDEM.display_name)
        form.addRow("Type", self.type_combo)
        self.sb_edit = QLineEdit("5", objectName="sbEdit")
        self.sb_error = ErrorLabel("sbError")
        self.sb_label = QLabel("SB")
        form.addRow(self.sb_label, with_error(self.sb_edit, self.sb_error))
        self.bb_edit = QLineEdit("10", objectName="bbEdit")
        self.bb_error = ErrorLabel("bbError")
        self.bb_label = QLabel("BB")
        self.bb_label.setToolTip("The big blind, in chips in both units: it is 1 bb")
        form.addRow(self.bb_label, with_error(self.bb_edit, self.bb_error))
        self.player1_edit = QLineEdit("100", objectName="player1Edit")
        self.player1_error = ErrorLabel("player1Error")
        form.addRow(word_label("Player1 stack"), with_error(self.player1_edit, self.player1_error))
        self.player2_edit = QLineEdit("100", objectName="player2Edit")
        self.player2_error = ErrorLabel("player2Error")
        form.addRow(word_label("Player2 stack"), with_error(self.player2_edit, self.player2_error))
        self.iterations_edit = QLineEdit("", objectName="iterationsEdit")
        self.iterations_edit.setPlaceholderText("to the target (cached equilibrium)")
        self.iterations_error = ErrorLabel("iterationsError")
        form.addRow(word_label("NumIterations"),
                    with_error(self.iterations_edit, self.iterations_error))
        self.solver_combo = QComboBox(objectName="solverCombo")
        self.solver_combo.addItems(list(SOLVERS))
        self.solver_combo.setCurrentText("CFR+")
        form.addRow("Solver", self.solver_combo)
        self.params_error = ErrorLabel("paramsError")
        form.addRow(self.params_error)
        self.run_error = ErrorLabel("jamfoldError")
        form.addRow(self.run_error)
        buttons = QHBoxLayout()
        self.calculate_button = RunStopButton("Calculate", "calculateButton")
        self.continue_button = QPushButton("Continue", objectName="continueButton")
        self.continue_button.setToolTip("Run NumIterations more iterations of the current "
                                        "solution (after a run, a Stop or Open)")
        self.save_button = QPushButton("Save…", objectName="saveButton")
        self.open_button = QPushButton("Open…", objectName="openButton")
        self.export_button = QPushButton("Export CSV…", objectName="exportButton")
        self.export_json_button = QPushButton("Export JSON…", objectName="exportJsonButton")
        self.export_json_button.setToolTip("Write every class's strategy, with the parameters, "
                                           "to a JSON file")
        for button in (self.calculate_button, self.continue_button, self.save_button,
                       self.open_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        form.addRow(buttons)
        exports = QHBoxLayout()  # a row of their own: the window keeps its narrowest width
        exports.addWidget(self.export_button)
        exports.addWidget(self.export_json_button)
        exports.addStretch(1)
        form.addRow(exports)

        self.build_panel = TableBuildPanel(self.make_runner)

        # -- results (thesis Figure 4) ---------------------------------------------------------
        results_box = QGroupBox("Results")
        results = QFormLayout(results_box)
        self.stale_label = QLabel("", objectName="jamfoldStale")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        results.addRow(self.stale_label)
        # results computed on a coarse table say so (ui.table_build_panel.precision_note)
        self.precision_label = QLabel("", objectName="jamfoldPrecisionLabel")
        self.precision_label.setStyleSheet("color: #8a5a00;")
        self.precision_label.setWordWrap(True)
        self.precision_label.hide()
        results.addRow(self.precision_label)
        self.iterations_value = QLabel("", objectName="iterationsValue")
        self.pusher_range_value = QLabel("", objectName="rangePuValue")
        self.caller_range_value = QLabel("", objectName="rangeCaValue")
        self.post_ev_pusher_value = QLabel("", objectName="postEv1Value")
        self.post_ev_caller_value = QLabel("", objectName="postEv2Value")
        self.epsilon_value = QLabel("", objectName="epsilonValue")
        for label, widget in (("Iterations", self.iterations_value),
                              ("Range PU: Player1", self.pusher_range_value),
                              ("Range CA: Player2", self.caller_range_value),
                              ("PostEV Player1", self.post_ev_pusher_value),
                              ("PostEV Player2", self.post_ev_caller_value),
                              ("Epsilon", self.epsilon_value)):
            widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            widget.setToolTip(WORDS[label])
            results.addRow(word_label(label), widget)

        # -- hand lookup (thesis Figures 5–7) --------------------------------------------------
        lookup_box = QGroupBox("Hand")
        lookup = QFormLayout(lookup_box)
        self.player_combo = QComboBox(objectName="playerCombo")
        self.player_combo.addItems(list(PLAYERS))
        for index, words in enumerate((PU_WORDS, CA_WORDS)):
            self.player_combo.setItemData(index, words, Qt.ItemDataRole.ToolTipRole)
        lookup.addRow("Player", self.player_combo)
        self.lookup_edit = QLineEdit(objectName="lookupEdit")
        self.lookup_error = ErrorLabel("lookupError")
        self.show_button = QPushButton("Show", objectName="showButton")
        field = QHBoxLayout()
        field.addWidget(self.lookup_edit, 1)
        field.addWidget(self.show_button)
        field_cell = QWidget()
        field_cell.setLayout(field)
        field.setContentsMargins(0, 0, 0, 0)
        lookup.addRow("Id or cards", with_error(field_cell, self.lookup_error))
        self.id_value = QLabel("", objectName="idValue")
        self.cards_value = QLabel("", objectName="cardsValue")
        self.played_value = QLabel("", objectName="playedValue")
        self.allin_ev_value = QLabel("", objectName="allinEvValue")
        self.fold_ev_value = QLabel("", objectName="foldEvValue")
        self.diff_ev_value = QLabel("", objectName="diffEvValue")
        for label, widget in (("Id", self.id_value), ("Cards", self.cards_value),
                              ("Played", self.played_value), ("AllIn_EV", self.allin_ev_value),
                              ("Fold_EV", self.fold_ev_value), ("Diff_EV", self.diff_ev_value)):
            widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lookup.addRow(word_label(label), widget)

        # -- plot and range view ---------------------------------------------------------------
        self.plot = ConvergencePlot("Epsilon (chips)")
        self.plot.setObjectName("epsilonPlot")
        self.plot.setMinimumHeight(220)
        self.plot.curve.setSymbol(None)  # a line: hundreds of markers cost ~40 ms a repaint
        self.log_y_check = QCheckBox("log scale for Epsilon", objectName="epsilonLogCheck")
        self.log_y_check.setChecked(True)
        self.plot.set_log_y(True)
        plot_cell = QWidget()
        plot_layout = QVBoxLayout(plot_cell)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        plot_layout.addWidget(self.log_y_check)
        plot_layout.addWidget(self.plot, 1)

        self.range_tabs = QTabWidget(objectName="rangeTabs")
        grid_page = QWidget()
        grid_layout = QVBoxLayout(grid_page)
        # Above the range views: whose range they show, and copying it as range text.
        self.grid_player_combo = QComboBox(objectName="gridPlayerCombo")
        self.grid_player_combo.addItems(["Push (PU: Player1)", "Call (CA: Player2)"])
        for index, words in enumerate((PU_WORDS, CA_WORDS)):
            self.grid_player_combo.setItemData(index, words, Qt.ItemDataRole.ToolTipRole)
        self.copy_range_button = QPushButton("Copy range", objectName="copyRangeButton")
        self.copy_range_button.setToolTip("Copy the shown player's range (the hands played at "
                                          "least half the time) as range text")
        range_bar = QHBoxLayout()
        range_bar.addWidget(self.grid_player_combo, 1)
        range_bar.addWidget(self.copy_range_button)
        self.grid_model = HoldemGridModel(self)
        self.grid_view = QTableView(objectName="rangeGrid")
        self.grid_view.setModel(self.grid_model)
        self.grid_view.setItemDelegate(FrequencyDelegate(self.grid_view))
        self.grid_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for header in (self.grid_view.horizontalHeader(), self.grid_view.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            header.setMinimumSectionSize(18)
        grid_layout.addWidget(self.grid_view, 1)
        grid_layout.addWidget(FrequencyLegend())
        self.grid_page = grid_page
        classes_page = QWidget()
        classes_layout = QVBoxLayout(classes_page)
        self.class_filter_edit = QLineEdit(objectName="classFilterEdit")
        self.class_filter_edit.setToolTip("Range text of the game (TT+, AKo, AA**) shows the "
                                          "classes of that range; other text filters the "
                                          "cards (As, AKo)")
        self.class_filter_edit.setProperty("persist", False)
        self.class_filter_mode = QLabel("", objectName="classFilterMode")
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.class_filter_edit, 1)
        filter_row.addWidget(self.class_filter_mode)
        classes_layout.addLayout(filter_row)
        self.class_model = ClassTableModel(self)
        self.class_proxy = ClassFilterProxy(self.class_model, self)
        self.class_view = QTableView(objectName="classTable")
        self.class_view.setModel(self.class_proxy)
        self.class_view.setSortingEnabled(True)
        self.class_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.class_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.class_view.verticalHeader().setVisible(False)
        classes_layout.addWidget(self.class_view, 1)
        self.range_tabs.addTab(plot_cell, "Epsilon")
        self.range_tabs.addTab(grid_page, "Range grid")
        self.range_tabs.addTab(classes_page, "Classes")
        self.omaha_map = OmahaRangeMap()
        self.range_tabs.addTab(self.omaha_map, "Omaha map")
        self.sweep_panel = SweepPanel(self.make_runner, self._tables)
        self.range_tabs.addTab(self.sweep_panel, "Nash chart")
        self.exploit_panel = ExploitPanel(self.make_runner, self._tables, self.grid_model,
                                          self.class_model)
        self.range_tabs.addTab(self.exploit_panel.width_plot, "Width curve")

        left = QVBoxLayout()
        left.addWidget(box)
        left.addWidget(self.build_panel)
        left.addWidget(results_box)
        left.addWidget(lookup_box)
        left.addWidget(self.exploit_panel)
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
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(range_bar)
        right_layout.addWidget(self.range_tabs, 1)
        splitter.addWidget(left_scroll)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        layout = QHBoxLayout(self)
        layout.addWidget(splitter)

        # -- wiring ----------------------------------------------------------------------------
        for edit in (self.ante_edit, self.sb_edit, self.bb_edit, self.player1_edit,
                     self.player2_edit, self.iterations_edit):
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(self.calculate)
        self.type_combo.currentIndexChanged.connect(self._validate)
        self.type_combo.currentIndexChanged.connect(self._show_placeholders)
        self.units_combo.currentIndexChanged.connect(self._on_units_changed)
        self.solver_combo.currentIndexChanged.connect(self._validate)
        self.calculate_button.drive(self.runner, self.calculate)
        self.log_y_check.toggled.connect(self.plot.set_log_y)
        self.show_button.clicked.connect(self.show_hand)
        self.lookup_edit.returnPressed.connect(self.show_hand)
        self.player_combo.currentIndexChanged.connect(self._refresh_lookup)
        self.grid_player_combo.currentIndexChanged.connect(self._fill_grid)
        self.class_filter_edit.textChanged.connect(self._apply_filter)
        self.copy_range_button.clicked.connect(self.copy_range)
        self.continue_button.clicked.connect(self.continue_run)
        self.save_button.clicked.connect(self._on_save_clicked)
        self.open_button.clicked.connect(self._on_open_clicked)
        self.export_button.clicked.connect(self._on_export_clicked)
        self.export_json_button.clicked.connect(lambda: self._on_export_clicked(fmt="json"))
        self.build_panel.building.connect(self._on_building)
        self.build_panel.built.connect(self._on_table_built)
        self.build_panel.status_message.connect(self.status_message)
        self.exploit_panel.status_message.connect(self.status_message)
        self.sweep_panel.status_message.connect(self.status_message)
        self._show_placeholders()
        self._validate()
        self._show_solution()

    # -- validation ----------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The poker variant chosen in Type."""
        return Variant(self.type_combo.currentData())

    @property
    def solver(self) -> str:
        return SOLVERS[self.solver_combo.currentText()]

    def _field(self, edit: QLineEdit, error: ErrorLabel, parse) -> float | None:
        try:
            value = parse(edit.text())
        except ValueError as exc:
            error.show_error(str(exc))
            return None
        error.clear_error()
        return value

    @property
    def unit(self) -> str:
        """The unit the amount fields are in: ``chips`` or ``big blinds``."""
        return self._unit

    def _amount(self, edit: QLineEdit, error: ErrorLabel, what: str, allow_zero: bool,
                bb: float | None) -> float | None:
        """A field's amount in chips (None: invalid, or in big blinds without a valid BB)."""
        value = self._field(edit, error, lambda t: parse_chips(t, what, allow_zero))
        if value is None or (self._unit == BIG_BLINDS and bb is None):
            return None
        return to_chips(value, self._unit, bb or 1.0)

    def _shown(self, chips: float, bb: float) -> str:
        """An amount for a message, in the fields' unit."""
        return f"{chips:g}" if self._unit == CHIPS else f"{chips / bb:g} bb"

    def _validate(self) -> bool:
        """Check every field, say what is wrong beside it, enable Calculate only when all is
        well; remembers the request Calculate will run."""
        self._request = None
        bb = self._field(self.bb_edit, self.bb_error,
                         lambda t: parse_chips(t, "BB", allow_zero=False))
        ante = self._amount(self.ante_edit, self.ante_error, "ante", True, bb)
        sb = self._amount(self.sb_edit, self.sb_error, "SB", False, bb)
        s1 = self._amount(self.player1_edit, self.player1_error, "Player1 stack", False, bb)
        s2 = self._amount(self.player2_edit, self.player2_error, "Player2 stack", False, bb)
        iterations = self._field(self.iterations_edit, self.iterations_error, _iterations)
        if sb is not None and bb is not None and sb > bb:
            self.sb_error.show_error(
                f"SB ({self._shown(sb, bb)}) must not be above BB ({self._shown(bb, bb)})")
            sb = None
        if ante is not None and sb is not None and s1 is not None and s1 <= sb + ante \
                and bb is not None:
            self.player1_error.show_error(
                f"Player1's stack must be above SB + ante ({self._shown(sb + ante, bb)})")
            s1 = None
        if ante is not None and bb is not None and s2 is not None and s2 <= bb + ante:
            self.player2_error.show_error(
                f"Player2's stack must be above BB + ante ({self._shown(bb + ante, bb)})")
            s2 = None
        if ante is not None and sb is not None and bb is not None:
            self.sweep_panel.set_blinds(sb, bb, ante)
        values = (ante, sb, bb, s1, s2, iterations)
        valid = all(v is not None for v in values)
        if valid:
            from omahanash.jamfold import JamFoldParams

            try:
                params = JamFoldParams(self.variant, sb=sb, bb=bb, ante=ante, stacks=(s1, s2))
            except InputError as exc:
                self.params_error.show_error(str(exc))
                valid = False
            else:
                self.params_error.clear_error()
                self._request = (params, self.solver, int(iterations))
        table_ready = self._check_table()
        self.calculate_button.set_inputs_valid(valid and table_ready)
        self.exploit_panel.set_game(self.variant, self._request[0]
                                    if self._request is not None and table_ready else None)
        self._show_staleness()
        return valid and table_ready

    # -- units, staleness, placeholders ----------------------------------------------------

    def _on_units_changed(self) -> None:
        """Convert the amount fields to the chosen unit (by the BB, which stays in chips)."""
        unit = self.units_combo.currentText()
        if unit == self._unit:
            return
        if self._restoring:  # the fields are restored as they were saved, in this unit
            self._unit = unit
            return
        try:
            bb = parse_chips(self.bb_edit.text(), "BB", allow_zero=False)
        except ValueError:
            self.units_combo.blockSignals(True)
            self.units_combo.setCurrentText(self._unit)
            self.units_combo.blockSignals(False)
            self.bb_error.show_error("enter the BB (in chips) to switch units")
            return
        for edit in (self.ante_edit, self.sb_edit, self.player1_edit, self.player2_edit):
            try:
                value = parse_chips(edit.text(), "amount", allow_zero=True)
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
        """The lookup and filter examples of the chosen variant."""
        variant = self.variant
        self.lookup_edit.setPlaceholderText(LOOKUP_PLACEHOLDERS[variant])
        self.class_filter_edit.setPlaceholderText(FILTER_PLACEHOLDERS[variant])

    def _show_staleness(self) -> None:
        """Mark the results stale when they belong to another game than the inputs."""
        solution = self.solution
        stale = (solution is not None and not self.runner.running
                 and (self._request is None or not same_game(self._request[0], solution.params)))
        self.stale = stale
        if stale:
            assert solution is not None
            params = solution.params
            self.stale_label.setText(
                f"These results are for {params.variant.display_name}, SB {params.sb:g} / BB "
                f"{params.bb:g}, ante {params.ante:g}, stacks {params.stacks[0]:g} / "
                f"{params.stacks[1]:g} chips: the inputs have changed. Calculate to update them.")
        self.stale_label.setVisible(stale)
        for label in (self.iterations_value, self.pusher_range_value, self.caller_range_value,
                      self.post_ev_pusher_value, self.post_ev_caller_value,
                      self.epsilon_value):
            label.setStyleSheet(STALE_STYLE if stale else "")
        self._update_buttons()

    def _check_table(self) -> bool:
        """Whether the chosen variant's equity table is there; if not, offer to build it."""
        if self.variant in self._tables:
            self.build_panel.setVisible(self.build_panel.runner.running)
            return True
        return self.build_panel.check(self.variant, self.type_combo.currentText())

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
        self._start_live((), total, params.bb)
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
        more = self._request[2]
        if not more:
            self.iterations_error.show_error("enter the number of iterations to continue")
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
        self._start_live(before, solution.iterations + more, solution.params.bb)
        self.runner.start(job)
        self._after_start(f"Continuing for {more} more iterations…")
        return True

    def _after_start(self, message: str) -> None:
        self.calculate_button.set_running(True)
        self._show_staleness()
        self.status_message.emit(message)

    def _start_live(self, before: tuple, iterations: int, bb: float) -> None:
        """Reset the live view for a run of ``iterations`` in all; ``before``: the reports
        the run continues (they come first in the job's snapshots)."""
        self._opening = False
        self._got_result = False
        self._seen = 0
        self._target = iterations
        self._shown_bb = bb
        self._eps_x = np.zeros(min(iterations, 256))  # grown as the run goes
        self._eps_y = np.zeros(self._eps_x.size)
        self.update_times = []
        self.run_error.clear_error()
        self.iterations_value.setText(f"0/{iterations}")
        for label in (self.pusher_range_value, self.caller_range_value,
                      self.post_ev_pusher_value, self.post_ev_caller_value, self.epsilon_value):
            label.setText("")
        self.plot.set_history([])
        self._set_inputs_enabled(False)

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        started = time.perf_counter()
        if phase == "solving" and isinstance(detail, tuple):
            self._show_live(detail)
        elif phase == "loading table":
            self.status_message.emit("Loading the equity table…")
        self.update_times.append(time.perf_counter() - started)

    def _show_live(self, reports: tuple) -> None:
        """Show the running job's reports (a snapshot from the worker): only the new ones
        are read."""
        n = len(reports)
        if n <= self._seen:
            return
        if self._seen == 0:
            self.status_message.emit("Solving…")
        if n > self._eps_y.size:
            size = max(n, 2 * self._eps_y.size)
            self._eps_x = np.resize(self._eps_x, size)
            self._eps_y = np.resize(self._eps_y, size)
        new = reports[self._seen:n]
        self._eps_x[self._seen:n] = [r.iteration for r in new]
        self._eps_y[self._seen:n] = [r.epsilon for r in new]
        self._seen = n
        self._show_report(new[-1], self._target)
        keep = plot_indices(n)
        self.plot.set_history(np.column_stack([self._eps_x[keep], self._eps_y[keep]]).tolist())

    def _show_amount(self, label: QLabel, chips: float) -> None:
        """An EV in the chosen unit, the other unit on hover."""
        label.setText(amount_text(chips, self.units_combo.currentText(), self._shown_bb))
        label.setToolTip(amount_tooltip(chips, self.units_combo.currentText(), self._shown_bb))

    def _show_report(self, report, target: int) -> None:
        self.iterations_value.setText(f"{report.iteration}/{target}")
        self.pusher_range_value.setText(format_percent(report.pusher_range))
        self.caller_range_value.setText(format_percent(report.caller_range))
        self._show_amount(self.post_ev_pusher_value, report.post_ev_pusher)
        self._show_amount(self.post_ev_caller_value, report.post_ev_caller)
        if self.units_combo.currentText() == BIG_BLINDS:
            self.epsilon_value.setText(f"{report.epsilon / self._shown_bb:.6g} bb")
            self.epsilon_value.setToolTip(f"{report.epsilon:.6g} chips")
        else:
            self.epsilon_value.setText(f"{report.epsilon:.6g}")
            self.epsilon_value.setToolTip(WORDS["Epsilon"])

    def _on_succeeded(self, result: object) -> None:
        solution, rows, stopped, source = result  # type: ignore[misc]
        if solution is None or solution.iterations == 0 and not self._opening:
            self.status_message.emit("Stopped before the first iteration: nothing was computed.")
            return  # the finished handler shows what was there before
        if self._opening:
            self._fill_inputs(solution)
        self._got_result = True
        target = solution.iterations if self._to_target or self._opening \
            else self._target or solution.iterations
        self._set_solution(solution, rows, target)
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

    def _set_solution(self, solution: JamFoldSolution, rows: list[dict], target: int) -> None:
        self.solution = solution
        self.class_rows = rows
        self._tables[solution.params.variant] = solution.game.table
        self._show_solution(target)

    def _show_solution(self, target: int | None = None) -> None:
        """Show :attr:`solution` (or nothing) everywhere: results, plot, range views, lookup;
        what a finished, stopped or failed job leaves, and a switch of units."""
        solution = self.solution
        unit = self.units_combo.currentText()
        if solution is None:
            for label in (self.iterations_value, self.pusher_range_value,
                          self.caller_range_value, self.post_ev_pusher_value,
                          self.post_ev_caller_value, self.epsilon_value):
                label.setText("")
            self.plot.set_history([])
            self.class_rows = []
        else:
            self._shown_bb = solution.params.bb
            history = solution.history
            target = target or solution.iterations
            if history:
                self._show_report(history[-1], target)
                x = np.fromiter((r.iteration for r in history), float, len(history))
                y = np.fromiter((r.epsilon for r in history), float, len(history))
                keep = plot_indices(len(history))
                self.plot.set_history(np.column_stack([x[keep], y[keep]]).tolist())
            else:
                self.iterations_value.setText(f"0/{target}")
        for model in (self.grid_model, self.class_model):
            model.set_units(unit, self._shown_bb)
        self.class_model.set_rows(self.class_rows)
        self.class_view.verticalHeader().setVisible(self.class_model.has_names)
        variant = None if solution is None else solution.params.variant
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.grid_page),
                                      variant == Variant.HOLDEM)
        self.range_tabs.setTabEnabled(self.range_tabs.indexOf(self.omaha_map),
                                      variant is not None and variant.is_omaha)
        self._apply_filter()
        self._fill_grid()
        self._refresh_lookup()
        self._show_staleness()
        note = "" if solution is None else precision_note(solution.game.table)
        self.precision_label.setText(note)
        self.precision_label.setVisible(bool(note))

    def _on_failed(self, message: str) -> None:
        self.run_error.show_error(message)
        self.status_message.emit("Jam-fold failed: " + message)

    def _on_stopped(self) -> None:
        self.status_message.emit("Stopped before the first iteration: nothing was computed."
                                 if not self._opening else "Stopped opening the solution.")

    def _on_finished(self) -> None:
        self.calculate_button.set_running(False)
        self._set_inputs_enabled(True)
        self._validate()
        if not self._got_result:  # stopped, failed or nothing computed: what was there before
            self._show_solution()
        self._update_buttons()

    def _set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.units_combo, self.ante_edit, self.type_combo, self.sb_edit,
                       self.bb_edit, self.player1_edit, self.player2_edit,
                       self.iterations_edit, self.solver_combo):
            widget.setEnabled(enabled)

    def _update_buttons(self) -> None:
        idle = not self.runner.running
        have = self.solution is not None
        self.show_button.setEnabled(idle and have)
        self.save_button.setEnabled(idle and have)
        self.continue_button.setEnabled(idle and have and not self.stale)
        self.export_button.setEnabled(idle and have)
        self.export_json_button.setEnabled(idle and have)
        self.copy_range_button.setEnabled(idle and have)
        self.open_button.setEnabled(idle)

    # -- hand lookup and range view ------------------------------------------------------------

    def show_hand(self) -> bool:
        """Look the typed id or cards up for the chosen player; False (and the library's
        message beside the field) when it is not a hand of this game."""
        if self.solution is None or self.runner.running:
            return False
        player = PLAYERS[self.player_combo.currentText()]
        try:
            hand = self.solution.lookup(self.lookup_edit.text().strip(), player)
        except InputError as exc:
            self.lookup_error.show_error(str(exc))
            for label in (self.id_value, self.cards_value, self.played_value,
                          self.allin_ev_value, self.fold_ev_value, self.diff_ev_value):
                label.setText("")
            return False
        self.lookup_error.clear_error()
        self.id_value.setText(str(hand.id))
        self.cards_value.setText(hand.cards)
        self.played_value.setText(format_played(hand.played))
        self._show_amount(self.allin_ev_value, hand.allin_ev)
        self._show_amount(self.fold_ev_value, hand.fold_ev)
        self._show_amount(self.diff_ev_value, hand.diff_ev)
        return True

    def _refresh_lookup(self) -> None:
        if self.solution is None:
            for label in (self.id_value, self.cards_value, self.played_value,
                          self.allin_ev_value, self.fold_ev_value, self.diff_ev_value):
                label.setText("")
        elif self.lookup_edit.text().strip() and self.id_value.text():
            self.show_hand()

    @property
    def _range_key(self) -> str:
        return "push_pct" if self.grid_player_combo.currentIndex() == 0 else "call_pct"

    def _fill_grid(self) -> None:
        solution = self.solution
        holdem = solution is not None and solution.params.variant == Variant.HOLDEM
        self.grid_model.set_rows(self.class_rows if holdem else [], self._range_key)
        self.omaha_map.model.set_rows(
            "omaha-hi", self.class_rows if solution is not None and not holdem else [],
            self._range_key)

    def _apply_filter(self) -> None:
        """Filter the class table by the typed range or text (of the solution's game)."""
        variant = None if self.solution is None else str(self.solution.params.variant)
        text = self.class_filter_edit.text()
        by_range = self.class_proxy.set_filter(text, variant)
        self.class_filter_mode.setText("" if not text.strip()
                                       else "as a range" if by_range else "as text")

    def copy_range(self) -> str:
        """Put the shown player's range (classes played ≥ 50 %) on the clipboard as range
        text; the text ("" without a solution)."""
        if self.solution is None:
            return ""
        text = played_range_text(self.solution.params.variant, self.class_rows,
                                 self._range_key)
        QGuiApplication.clipboard().setText(text)
        who = "push" if self._range_key == "push_pct" else "call"
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
        self._set_inputs_enabled(False)
        self._opening = True
        self._after_start(f"Opening {path}…")
        return True

    def _fill_inputs(self, solution: JamFoldSolution) -> None:
        params = solution.params
        self.type_combo.setCurrentIndex(self.type_combo.findData(str(params.variant)))
        self.solver_combo.setCurrentText(
            next(k for k, v in SOLVERS.items() if v == solution.solver))
        self.bb_edit.setText(field_text(params.bb))
        for edit, value in ((self.ante_edit, params.ante), (self.sb_edit, params.sb),
                            (self.player1_edit, params.stacks[0]),
                            (self.player2_edit, params.stacks[1])):
            edit.setText(field_text(from_chips(value, self._unit, params.bb)))

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
