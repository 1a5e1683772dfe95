"""The perfect-information tab: nim, subtraction games, small game graphs.

Mirrors ``omahanash games``: :func:`omahanash.perfect.grundy.nim`,
:func:`~omahanash.perfect.grundy.subtraction_game` and
:func:`omahanash.perfect.retrograde.retrograde` on
:func:`~omahanash.perfect.retrograde.parse_graph`. In every game the player who cannot move
loses. Solving runs in a worker like everything else (a subtraction game with a strange move
set may scan millions of positions); the library calls take no cancel flag, so Stop abandons
the run (its result is dropped) instead of waiting for it. The result table appears only when
there is one to show (a game graph's positions); nim and subtraction games answer in a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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

from omahanash.errors import InputError
from omahanash.perfect.notation import parse_count, parse_moves
from ui.common import ErrorLabel, RunStopButton, Tab, named, with_error
from ui.export import export_buttons
from ui.models import TableModel

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

NIM, SUBTRACTION, GRAPH = "Nim", "Subtraction game", "Game graph"
PLACEHOLDERS = {
    NIM: "heap sizes, e.g. 3 4 5",
    SUBTRACTION: "stones in the heap, e.g. 10",
    GRAPH: "moves, e.g. a b; b c; c a d  (position, then where it can move; ';' between)",
}
EXAMPLES = {NIM: "3 4 5", SUBTRACTION: "10", GRAPH: "a b c; b d; c d e; e a"}
RESULT_TIP = (
    "Win / Loss: whether the player to move wins with best play by both sides. Grundy value: "
    "the number that sums games (0 exactly when the player to move loses; for nim, the "
    "binary XOR of the heaps).")
COLUMN_TIPS = {
    "Status": "win: the player to move there wins with best play; loss: loses; draw: play "
              "can go on forever",
    "Moves to the end": "How many moves the game lasts with best play (the winner hurries, "
                        "the loser delays)",
    "Best move": "The position to move to with best play",
}


@dataclass(frozen=True)
class PerfectOutcome:
    """What a solve produced: a sentence for ``perfectResult`` and, for graphs, a table."""

    summary: str
    columns: list[str]
    rows: list[list[Any]]


def parse_heaps(text: str) -> list[int]:
    """Nim heaps typed with spaces or commas."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise InputError("type the heap sizes, e.g. 3 4 5")
    return [parse_count(token, "a heap size") for token in tokens]


def graph_text(text: str) -> str:
    """The one-line graph notation to the library's text format (``;`` ends a line); JSON is
    passed through."""
    return text if text.lstrip().startswith("{") else text.replace(";", "\n")


def solve_nim(heaps: list[int]) -> PerfectOutcome:
    from omahanash.perfect.grundy import nim

    result = nim(heaps)
    shown = " ".join(map(str, heaps))
    status = "Win" if result.status == "win" else "Loss"
    text = (f"Heaps {shown}: {status} for the player to move (Grundy value {result.grundy}).")
    if result.move is None:
        text += " Every move loses against best play."
    else:
        before = heaps[result.move.heap]
        left = " ".join(map(str, result.move.heaps))
        text += (f"\nWinning move: take {result.move.take} from heap {result.move.heap + 1} "
                 f"({before} → {before - result.move.take}), leaving {left}.")
    return PerfectOutcome(text, [], [])


def solve_subtraction(n: int, moves: list[int],
                      cancel: CancelFlag | None = None) -> PerfectOutcome:
    from omahanash.perfect.grundy import subtraction_game

    result = subtraction_game(n, moves, cancel)
    status = "Win" if result.status == "win" else "Loss"
    text = (f"Heap of {n}, moves {','.join(map(str, moves))}: {status} for the player to move "
            f"(Grundy value {result.grundy}).")
    if result.take is None:
        text += " Every move loses against best play."
    else:
        text += f"\nWinning move: take {result.take}, leaving {result.left}."
    return PerfectOutcome(text, [], [])


def solve_graph(text: str) -> PerfectOutcome:
    from omahanash.perfect.retrograde import parse_graph, retrograde

    result = retrograde(parse_graph(graph_text(text)))
    positions = result.as_dict()
    counts = {s: result.statuses.count(s) for s in ("win", "loss", "draw")}
    first, row = next(iter(positions.items()))
    move = "" if row["move"] is None else f"; best move to {row['move']}"
    summary = (f"{len(positions)} positions: {counts['win']} win, {counts['loss']} loss, "
               f"{counts['draw']} draw.\nFirst position {first}: {row['status']} for the "
               f"player to move{move}.")
    rows = [[name, data["status"], "" if data["distance"] is None else data["distance"],
             "" if data["move"] is None else data["move"]] for name, data in positions.items()]
    return PerfectOutcome(summary, ["Position", "Status", "Moves to the end", "Best move"], rows)


class PerfectTab(Tab):
    """Status, Grundy value and a best move for nim, subtraction games and game graphs."""

    title = "Perfect information"
    settings_group = "perfect"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("perfectTab")
        self.runner = self.make_runner(succeeded=self._on_succeeded, failed=self._on_failed,
                                       stopped=self._on_stopped, finished=self._on_finished)
        self._job: Any = None
        #: The job whose result is shown (None: no result): other inputs clear it.
        self._solved: Any = None

        box = QGroupBox("Game")
        form = QFormLayout(box)
        self.game_combo = named(QComboBox(), "perfectGameCombo")
        self.game_combo.addItems([NIM, SUBTRACTION, GRAPH])
        form.addRow("Game", self.game_combo)
        self.input_edit = named(QLineEdit(EXAMPLES[NIM]), "perfectInputEdit")
        self.input_error = ErrorLabel("perfectInputError")
        self.input_label = QLabel("Heaps")
        form.addRow(self.input_label, with_error(self.input_edit, self.input_error))
        self.moves_edit = named(QLineEdit("1,2,3"), "perfectMovesEdit")
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
        self.table_model = TableModel(self, column_tips=COLUMN_TIPS)
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
        self.input_label.setText({NIM: "Heaps", SUBTRACTION: "Stones", GRAPH: "Moves"}[game])
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
        """Check the fields (cheaply, in the GUI thread), say what is wrong beside them, and
        prepare the job that Solve will run."""
        valid = self._prepare_job()
        self._clear_if_stale()
        return valid

    def _prepare_job(self) -> bool:
        game, text = self.game, self.input_edit.text()
        self._job = None
        self.moves_error.clear_error()
        try:
            if game == NIM:
                heaps = parse_heaps(text)
                job_args: tuple = (solve_nim, heaps)
            elif game == SUBTRACTION:
                n = parse_count(text, "the number of stones")
                job_args = (solve_subtraction, n, None)
            else:
                if not text.strip():
                    raise InputError("type the moves, e.g. a b; b c")
                job_args = (solve_graph, text)
            self.input_error.clear_error()
        except InputError as exc:
            self.input_error.show_error(str(exc))
            self.solve_button.set_inputs_valid(False)
            return False
        if game == SUBTRACTION:
            try:
                moves = sorted(set(parse_moves(self.moves_edit.text())))
            except InputError as exc:
                self.moves_error.show_error(str(exc).replace("--moves ", ""))
                self.solve_button.set_inputs_valid(False)
                return False
            job_args = (solve_subtraction, job_args[1], moves)
        self._job = job_args
        self.solve_button.set_inputs_valid(True)
        return True

    def _clear_if_stale(self) -> None:
        """A result of other inputs than those typed goes (a sentence cannot be greyed out
        as clearly as it can be removed)."""
        if self._solved is not None and self._job != self._solved and not self.runner.running:
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
        function, *args = self._job

        def job(report: ProgressReporter, cancel: CancelFlag) -> PerfectOutcome:
            # Only a big subtraction game takes long (seconds): it sees the flag; nim and
            # graphs typed into the field finish in a moment.
            if function is solve_subtraction:
                return solve_subtraction(*args, cancel=cancel)
            return function(*args)

        self.error_label.clear_error()
        self._solved = self._job
        self.table_model.clear()
        self._show_table()
        self.result_label.setText("Solving…")
        self.runner.start(job)
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

    def _on_stopped(self) -> None:
        self.result_label.setText("Stopped.")

    def _on_finished(self) -> None:
        self.solve_button.set_running(False)
