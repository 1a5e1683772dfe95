"""The perfect-information tab: nim, subtraction games, small game graphs (a view).

Mirrors ``omahanash games``: :func:`omahanash.perfect.grundy.nim`,
:func:`~omahanash.perfect.grundy.subtraction_game` and
:func:`omahanash.perfect.retrograde.retrograde` on
:func:`~omahanash.perfect.retrograde.parse_graph`. In every game the player who cannot move
loses. Solving runs in a worker like everything else (a subtraction game with a strange move
set may scan millions of positions, and Stop ends it). The result table appears only when
there is one to show (a game graph's positions); nim and subtraction games answer in a sentence.

What the fields ask for is the Qt-free :mod:`ui.perfect.model`; the job and the wording of its
answer are :mod:`ui.perfect.jobs`.
"""

from __future__ import annotations

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

from ui.kit.common import ErrorLabel, RunStopButton, Tab, named, with_error
from ui.kit.export import export_buttons
from ui.kit.item_models import RowsModel
from ui.perfect.jobs import (  # noqa: F401 (re-exported: the tab's names before the split)
    PerfectOutcome,
    solve_graph,
    solve_job,
    solve_nim,
    solve_subtraction,
)
from ui.perfect.model import (  # noqa: F401 (re-exported: the tab's names before the split)
    COLUMN_TIPS,
    DEFAULT_MOVES,
    EXAMPLES,
    GAMES,
    GRAPH,
    INPUT_LABELS,
    NIM,
    PLACEHOLDERS,
    RESULT_TIP,
    SUBTRACTION,
    PerfectRequest,
    check_inputs,
    graph_text,
    parse_heaps,
)


class PerfectTab(Tab):
    """Status, Grundy value and a best move for nim, subtraction games and game graphs."""

    title = "Perfect information"
    settings_group = "perfect"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("perfectTab")
        self.runner = self.make_runner(succeeded=self._on_succeeded, failed=self._on_failed,
                                       finished=self._on_finished)
        #: The request the fields ask for (None: they are invalid).
        self._request: PerfectRequest | None = None
        #: The request whose result is shown (None: no result): other inputs clear it.
        self._solved: PerfectRequest | None = None

        box = QGroupBox("Game")
        form = QFormLayout(box)
        self.game_combo = named(QComboBox(), "perfectGameCombo")
        self.game_combo.addItems(list(GAMES))
        form.addRow("Game", self.game_combo)
        self.input_edit = named(QLineEdit(EXAMPLES[NIM]), "perfectInputEdit")
        self.input_error = ErrorLabel("perfectInputError")
        self.input_label = QLabel("Heaps")
        form.addRow(self.input_label, with_error(self.input_edit, self.input_error))
        self.moves_edit = named(QLineEdit(DEFAULT_MOVES), "perfectMovesEdit")
        self.moves_edit.setToolTip("Numbers of stones a move may take, separated by commas")
        self.moves_error = ErrorLabel("perfectMovesError")
        self.moves_label = QLabel("Move set")
        self.moves_cell = with_error(self.moves_edit, self.moves_error)
        form.addRow(self.moves_label, self.moves_cell)
        self.rule_note = QLabel("The player who cannot move loses.")
        form.addRow(self.rule_note)
        buttons = QHBoxLayout()
        self.solve_button = RunStopButton("Solve", "perfectSolveButton")
        buttons.addWidget(self.solve_button)
        buttons.addStretch(1)
        form.addRow(buttons)

        self.result_label = named(QLabel(""), "perfectResult")
        self.result_label.setWordWrap(True)
        self.result_label.setStyleSheet("font-size: 13pt;")
        self.result_label.setToolTip(RESULT_TIP)
        self.error_label = ErrorLabel("perfectError")
        self.table_model = RowsModel(self, column_tips=COLUMN_TIPS)
        self.table = named(QTableView(), "perfectTable")
        self.table.setModel(self.table_model)
        self.table.setSortingEnabled(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table_panel = QWidget()
        table_layout = QVBoxLayout(self.table_panel)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.addWidget(self.table, 1)
        exports = QHBoxLayout()
        for button in export_buttons(self, self.export_table, csv_name="exportCsvButton",
                                     title="Export the table"):
            exports.addWidget(button)
        exports.addStretch(1)
        table_layout.addLayout(exports)

        inputs = QVBoxLayout()
        inputs.addWidget(box)
        inputs.addStretch(1)
        results = QVBoxLayout()
        results.addWidget(self.result_label)
        results.addWidget(self.error_label)
        results.addWidget(self.table_panel, 10)
        results.addStretch(1)  # takes the room while the table is hidden
        layout = QHBoxLayout(self)
        layout.addLayout(inputs, 2)
        layout.addLayout(results, 3)

        self.game_combo.currentIndexChanged.connect(self._on_game_changed)
        self.input_edit.textChanged.connect(self._validate)
        self.moves_edit.textChanged.connect(self._validate)
        self.input_edit.returnPressed.connect(self._on_solve_clicked)
        self.solve_button.clicked.connect(self._on_solve_clicked)
        self._on_game_changed(example=False)

    @property
    def game(self) -> str:
        return self.game_combo.currentText()

    def _on_game_changed(self, _index: int = 0, example: bool = True) -> None:
        game = self.game
        self.input_label.setText(INPUT_LABELS[game])
        self.input_edit.setPlaceholderText(PLACEHOLDERS[game])
        if example:
            self.input_edit.setText(EXAMPLES[game])
        for widget in (self.moves_label, self.moves_cell):
            widget.setVisible(game == SUBTRACTION)
        self.table_model.clear()
        self._show_table()
        self.result_label.setText("")
        self.error_label.clear_error()
        self._validate()

    def _show_table(self) -> None:
        """The table (and its export buttons) only when it has rows."""
        self.table_panel.setVisible(self.table_model.rowCount() > 0)

    def _validate(self) -> bool:
        """Check the fields (:func:`ui.perfect.model.check_inputs`, cheaply, in the GUI
        thread), say what is wrong beside them, and remember the request Solve will run."""
        checked = check_inputs(self.game, self.input_edit.text(), self.moves_edit.text())
        for name, label in (("input", self.input_error), ("moves", self.moves_error)):
            if name in checked.errors:
                label.show_error(checked.errors[name])
            else:
                label.clear_error()
        self._request = checked.request
        self.solve_button.set_inputs_valid(checked.request is not None)
        self._clear_if_stale()
        return checked.request is not None

    def _clear_if_stale(self) -> None:
        """A result of other inputs than those typed goes (a sentence cannot be greyed out
        as clearly as it can be removed)."""
        if self._solved is not None and self._request != self._solved \
                and not self.runner.running:
            self._solved = None
            self.result_label.setText("")
            self.table_model.clear()
            self._show_table()

    def _on_solve_clicked(self) -> None:
        if self.runner.running:
            self.runner.stop()
        else:
            self.solve()

    def solve(self) -> bool:
        """Solve the game typed (in the worker); False when the input is invalid."""
        if not self._validate() or self.runner.running:
            return False
        self.error_label.clear_error()
        self._solved = self._request
        self.table_model.clear()
        self._show_table()
        self.result_label.setText("Solving…")
        assert self._request is not None
        self.runner.start(solve_job(self._request))
        self.solve_button.set_running(True)
        return True

    def export_table(self, path: str, fmt: str | None = None) -> bool:
        """Write the result table as CSV or JSON (``fmt``; default: the file's suffix)."""
        return self.export_view(self.table, path, fmt, self.error_label)

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, PerfectOutcome)
        self.result_label.setText(outcome.summary)
        self.table_model.set_table(outcome.columns, outcome.rows)
        self._show_table()
        self.status_message.emit(outcome.summary.splitlines()[0])

    def _on_failed(self, message: str) -> None:
        self.result_label.setText("")
        self.table_model.clear()
        self._show_table()
        if self.game == GRAPH:  # the graph's parser found it: say so beside the field
            self.input_error.show_error(message)
        else:
            self.error_label.show_error(message)

    def _on_finished(self) -> None:
        self.solve_button.set_running(False)
