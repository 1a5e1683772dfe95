"""The Equity tab: heads-up equity, exact or Monte Carlo, Hi/Lo breakdown (a view).

Mirrors ``omahanash equity``: two concrete hands go to
:func:`omahanash.equity.exact.exact_equity` (every board); with Monte Carlo either side may be a
range (``AA; AKs; 7h 2d``, a class name or id) and the work goes to
:func:`omahanash.equity.montecarlo.range_equity` (exact anyway when that is no more work).
Cards are checked as they are typed, each message beside its field; the calculation runs in a
worker. Stop reaches the library: Monte Carlo stops within about 0.1 s and shows the deals made
so far; an exact enumeration of ranges stops between pairs of hands (two concrete hands take a
few hundredths of a second and simply finish). A result whose inputs were changed afterwards is
greyed and marked stale; the hand fields' examples follow the selected game.

The rules (what the fields ask for, staleness, the texts and rows of a result) are the Qt-free
:mod:`ui.equity.model`; the job is :mod:`ui.equity.jobs`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from ui.equity.jobs import equity_job
from ui.equity.model import (  # noqa: F401 (re-exported: the tab's names before the split)
    COLUMN_TIPS,
    DEFAULT_TRIALS,
    EXACT,
    EXAMPLE_HANDS,
    HILO_COLUMNS,
    MAX_TRIALS,
    MONTE_CARLO,
    STALE_TEXT,
    SUMMARY_TIP,
    EquityInputs,
    EquityOutcome,
    EquityRequest,
    check_inputs,
    format_percent,
    hilo_outcomes,
    is_stale,
    progress_text,
    range_items,
    result_view,
)
from ui.kit.common import ErrorLabel, RunStopButton, Tab, named, with_error
from ui.kit.export import export_buttons
from ui.kit.item_models import RowsModel
from ui.kit.warmup import kernels_ready

if TYPE_CHECKING:
    from omahanash.equity.exact import EquityResult


class EquityTab(Tab):
    """Equity of two hands (or a hand and a range, or two ranges)."""

    title = "Equity"
    settings_group = "equity"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("equityTab")
        self.runner = self.make_runner(progressed=self._on_progressed,
                                       succeeded=self._on_succeeded, failed=self._on_failed,
                                       finished=self._on_finished)
        #: The library's result shown (None: none).
        self.result: EquityResult | None = None
        #: The request of the result shown, or of the calculation running (None: neither).
        self._result_request: EquityRequest | None = None
        self._stopping = False
        #: The request the inputs typed ask for (None: they are invalid).
        self._request: EquityRequest | None = None

        box = QGroupBox("Deal")
        form = QFormLayout(box)
        self.game_combo = named(QComboBox(), "equityGameCombo")
        for variant in Variant:
            self.game_combo.addItem(variant.display_name, variant)
        form.addRow("Game", self.game_combo)
        self.hand1_edit = named(QLineEdit("As Ah"), "equityHand1Edit")
        self.hand1_error = ErrorLabel("equityHand1Error")
        form.addRow("Player 1", with_error(self.hand1_edit, self.hand1_error))
        self.hand2_edit = named(QLineEdit("Ks Kd"), "equityHand2Edit")
        self.hand2_error = ErrorLabel("equityHand2Error")
        form.addRow("Player 2", with_error(self.hand2_edit, self.hand2_error))
        self.board_edit = named(QLineEdit(), "equityBoardEdit")
        self.board_edit.setPlaceholderText("0, 3, 4 or 5 cards, e.g. Qs 7h 2c")
        self.board_error = ErrorLabel("equityBoardError")
        form.addRow("Board", with_error(self.board_edit, self.board_error))
        self.dead_edit = named(QLineEdit(), "equityDeadEdit")
        self.dead_edit.setPlaceholderText("cards out of play (optional)")
        self.dead_error = ErrorLabel("equityDeadError")
        form.addRow("Dead cards", with_error(self.dead_edit, self.dead_error))
        self.method_combo = named(QComboBox(), "equityMethodCombo")
        self.method_combo.addItems([EXACT, MONTE_CARLO])
        self.method_combo.setToolTip("Exact: every board, two concrete hands. Monte Carlo: "
                                     "random deals, ranges allowed.")
        form.addRow("Method", self.method_combo)
        self.trials_edit = named(QLineEdit(str(DEFAULT_TRIALS)), "equityTrialsEdit")
        self.trials_error = ErrorLabel("equityTrialsError")
        form.addRow("Trials", with_error(self.trials_edit, self.trials_error))
        self.seed_edit = named(QLineEdit("0"), "equitySeedEdit")
        self.seed_error = ErrorLabel("equitySeedError")
        form.addRow("Seed", with_error(self.seed_edit, self.seed_error))
        self.deal_error = ErrorLabel("equityError")
        form.addRow(self.deal_error)
        #: Where each field's message goes (the fields of :func:`ui.equity.model.check_inputs`).
        self._errors = {"hand1": self.hand1_error, "hand2": self.hand2_error,
                        "board": self.board_error, "dead": self.dead_error,
                        "trials": self.trials_error, "seed": self.seed_error,
                        "deal": self.deal_error}
        buttons = QHBoxLayout()
        self.run_button = RunStopButton("Calculate", "equityRunButton")
        buttons.addWidget(self.run_button)
        buttons.addStretch(1)
        form.addRow(buttons)

        self.headline = named(QLabel(""), "equityHeadline")
        self.headline.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.summary = named(QLabel(""), "equitySummary")
        self.summary.setWordWrap(True)
        self.stale_label = named(QLabel(STALE_TEXT), "equityStaleLabel")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        self.summary.setToolTip(SUMMARY_TIP)
        self.table_model = RowsModel(self, number_format=format_percent,
                                      column_tips=COLUMN_TIPS)
        self.table = named(QTableView(), "equityResultTable")
        self.table.setModel(self.table_model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)

        exports = QHBoxLayout()
        self.export_buttons = export_buttons(self, self.export_table,
                                             csv_name="exportCsvButton",
                                             title="Export the equity table")
        for button in self.export_buttons:
            exports.addWidget(button)
        exports.addStretch(1)

        results = QVBoxLayout()
        results.addWidget(self.stale_label)
        results.addWidget(self.headline)
        results.addWidget(self.summary)
        results.addWidget(self.table, 1)
        results.addLayout(exports)
        inputs = QVBoxLayout()
        inputs.addWidget(box)
        inputs.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(inputs, 2)
        layout.addLayout(results, 3)

        for edit in (self.hand1_edit, self.hand2_edit, self.board_edit, self.dead_edit,
                     self.trials_edit, self.seed_edit):
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(self.calculate)
        self.game_combo.currentIndexChanged.connect(self._on_game_changed)
        self.method_combo.currentIndexChanged.connect(self._validate)
        self.run_button.clicked.connect(self._on_run_clicked)
        self._set_inputs_enabled(True)
        self._on_game_changed()

    def _on_game_changed(self) -> None:
        """The hand fields' examples follow the game."""
        for edit, example in zip((self.hand1_edit, self.hand2_edit),
                                 EXAMPLE_HANDS[Variant(self.game)]):
            edit.setPlaceholderText(f"e.g. {example}")
            edit.setToolTip(f"A hand, e.g. {example}; with Monte Carlo also a range: items "
                            "separated by ';', e.g. AA; AKs; 7h 2d, or a class id")
        self._validate()

    # -- validation ---------------------------------------------------------------------

    @property
    def game(self) -> str:
        return Variant(self.game_combo.currentData())

    @property
    def monte_carlo(self) -> bool:
        return self.method_combo.currentText() == MONTE_CARLO

    def _validate(self) -> bool:
        """Check every field (:func:`ui.equity.model.check_inputs`), say what is wrong beside
        it, enable Calculate only when all is well; remembers the request Calculate will run."""
        monte_carlo = self.monte_carlo
        for widget in (self.trials_edit, self.seed_edit):
            widget.setEnabled(monte_carlo and not self.runner.running)
        checked = check_inputs(EquityInputs(
            self.game, self.method_combo.currentText(), self.hand1_edit.text(),
            self.hand2_edit.text(), self.board_edit.text(), self.dead_edit.text(),
            self.trials_edit.text(), self.seed_edit.text()))
        for name, label in self._errors.items():
            message = checked.errors.get(name)
            if message:
                label.show_error(message)
            else:
                label.clear_error()
        self._request = checked.request
        self.run_button.set_inputs_valid(checked.request is not None)
        self._mark_stale()
        return checked.request is not None

    def _mark_stale(self) -> None:
        """Grey the result (and say so) when the inputs are no longer the ones it was
        calculated from."""
        stale = (self.result is not None and not self.runner.running
                 and is_stale(self._result_request, self._request))
        self.stale_label.setVisible(stale)
        style = "color: #808080;" if stale else ""
        self.headline.setStyleSheet("font-size: 15pt; font-weight: bold;" + style)
        self.summary.setStyleSheet(style)
        self.table.setStyleSheet(style)

    # -- running --------------------------------------------------------------------------

    def _on_run_clicked(self) -> None:
        if self.runner.running:
            self.stop()
        else:
            self.calculate()

    def stop(self) -> None:
        """Stop the calculation: Monte Carlo keeps the deals made so far."""
        if self.runner.running:
            self._stopping = True
            self.runner.stop()
            self.run_button.set_stopping()
            self.status_message.emit("Stopping…")

    def calculate(self) -> bool:
        """Start the calculation (in the worker); False when the inputs are invalid."""
        if self.runner.running or not self._validate():
            return False
        assert self._request is not None
        job = equity_job(self._request)
        self.result = None
        self._result_request = self._request
        self._mark_stale()
        self.deal_error.clear_error()
        # the first run waits for its kernel's compile
        self.headline.setText("Calculating…" if kernels_ready() else
                              "Calculating… (the first run compiles the equity kernels once: "
                              "up to a minute)")
        self.summary.setText("")
        self.table_model.clear()
        self._stopping = False
        self.runner.start(job)
        self.run_button.set_running(True)
        self._set_inputs_enabled(False)
        self.status_message.emit("Calculating equity…")
        return True

    def _set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.game_combo, self.hand1_edit, self.hand2_edit, self.board_edit,
                       self.dead_edit, self.method_combo):
            widget.setEnabled(enabled)
        for button in self.export_buttons:  # nothing to export without a result
            button.setEnabled(enabled and self.result is not None)

    def export_table(self, path: str, fmt: str | None = None) -> bool:
        """Write the result table as CSV or JSON (``fmt``; default: the file's suffix)."""
        return self.export_view(self.table, path, fmt, self.deal_error)

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, EquityOutcome)
        self.result = outcome.result
        view = result_view(outcome)
        self.headline.setText(view.headline)
        self.summary.setText(view.summary)
        self.table_model.set_table(view.columns, view.rows)
        self.status_message.emit("Equity: stopped" if outcome.result is None
                                 else f"Equity: {view.headline}")

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        text = progress_text(done, total)
        if text is not None and not self._stopping:
            self.headline.setText(text)

    def _on_failed(self, message: str) -> None:
        self.headline.setText("")
        self.deal_error.show_error(message)
        self.status_message.emit("Equity failed: " + message)

    def _on_finished(self) -> None:
        self.run_button.set_running(False)
        self._set_inputs_enabled(True)
        self._validate()
