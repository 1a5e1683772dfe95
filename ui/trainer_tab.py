"""The Trainer tab: drill push/fold and call/fold decisions against the equilibrium.

The tab only presents :mod:`omahanash.trainer`: **Start** builds a
:class:`~omahanash.trainer.Drill` from the inputs (game, effective stack or range, position,
ante, close spots, drill my leaks) and deals its first spot. The first spot at a stack whose
equilibrium is not solved yet is dealt in the worker (progress bar, the button reads **Stop**);
once every stack the drill deals is solved, spots are dealt in the GUI thread, so the next one
appears at once. The spot is described as a player reads it, above the cards
(:class:`ui.cards_widget.CardsWidget`, high card first); **P** pushes or calls (**C** too),
**F** folds, **Space** deals the next spot. Each answer is graded and stored by the library;
the tab shows the feedback, the session statistics with the weak spots, and a running
accuracy and EV-lost plot. The players spin and the payouts field make it a drill at a table
of 3 to 9 with ICM (:mod:`ui.trainer_table`; 2 players: the heads-up trainer).

The history is the library's :class:`~omahanash.trainer.History` (``$OMAHANASH_DATA`` or the
platform data folder, unless a ``db_path`` is given), opened when first needed; what it did
with a damaged or locked file (:attr:`~omahanash.trainer.History.notices`) is shown in the tab.

The tab is one screen (drill inputs, the spot, answers, feedback, statistics, plots, history)
sharing its drill, so it stays one module (~650 lines); the cards are drawn by
:mod:`ui.cards_widget`.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from omahanash.savefile import refuse_overwriting_inputs
from omahanash.trainer import (
    CLOSE_THRESHOLD_BB,
    Answer,
    Drill,
    DrillConfig,
    History,
    Spot,
    Statistics,
    leak_cells,
    parse_stacks,
    summarize,
)
from omahanash.trainer.table import (
    Solve,
    TableAnswer,
    TableDrill,
    TableDrillConfig,
    TableSpot,
    table_leak_cells,
)
from ui.cards_widget import CardsWidget
from ui.common import ErrorLabel, RunStopButton, Tab, named, with_error
from ui.export import add_save_image_action, export_buttons, write_table
from ui.plots import IntegerAxis, NoDataPlaceholder
from ui.table_build_panel import TableBuildPanel
from ui.trainer_table import (
    DEFAULT_PAYOUTS,
    PAYOUTS_TIP,
    TABLE_POSITIONS,
    TABLE_STACKS_TIP,
    table_config,
)

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

#: The game selector: caption -> the library's game name.
GAMES = {"Hold'em": "holdem", "Omaha Hi": "omaha-hi", "Omaha Hi/Lo": "omaha-hilo",
         "Mixed": "mixed"}
#: The position selector: caption -> the library's position.
POSITIONS = {"SB pusher": "sb", "BB caller": "bb", "Both": "both"}
#: "Drill my leaks" deals from this many of the worst weak spots of the history.
LEAK_CELLS = 3
CORRECT_STYLE = "color: #0a7a0a; font-size: 12pt;"
WRONG_STYLE = "color: #b00020; font-size: 12pt;"


def parse_ante(text: str) -> float:
    """The ante field: a finite number of big blinds, at least 0 (empty: 0)."""
    cleaned = text.strip()
    try:
        ante = float(cleaned) if cleaned else 0.0
    except ValueError:
        raise InputError(f"the ante must be a number of big blinds, not {cleaned!r}") from None
    if not math.isfinite(ante) or ante < 0:
        raise InputError("the ante must be a finite number of big blinds, at least 0")
    return ante


def format_statistics(stats: Statistics, title: str = "Session") -> str:
    """The statistics panel's text: totals, then the weak spots, worst first."""
    if not stats.spots:
        return f"{title}: no spots answered yet."
    assert stats.accuracy is not None and stats.mean_ev_lost_bb is not None
    timing = "" if stats.mean_seconds is None else \
        f"\nMean answer time {stats.mean_seconds:.1f} s"
    lines = [f"{title}: {stats.spots} spot{'s' * (stats.spots != 1)} · accuracy "
             f"{100 * stats.accuracy:.1f} %\nEV lost {stats.ev_lost_bb:.3f} bb total · "
             f"{stats.mean_ev_lost_bb:.3f} bb per spot{timing}"]
    if stats.weak_spots:
        lines.append("Weak spots:")
    lines.extend(f"  {spot.group}: {spot.spots} spot{'s' * (spot.spots != 1)}, "
                 f"{100 * spot.accuracy:.0f} % correct, {spot.ev_lost_bb:.3f} bb lost"
                 for spot in stats.weak_spots)
    return "\n".join(lines)


class SessionPlot(pg.GraphicsLayoutWidget):
    """The running accuracy (%) and the total EV lost (bb), against the answers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setBackground("w")
        # the answers are counted: whole-number ticks only (no "answer 1.5")
        self.accuracy_plot = self.addPlot(row=0, col=0,
                                          axisItems={"bottom": IntegerAxis("bottom")})
        self.ev_plot = self.addPlot(row=1, col=0, axisItems={"bottom": IntegerAxis("bottom")})
        for plot, label in ((self.accuracy_plot, "accuracy (%)"),
                            (self.ev_plot, "EV lost (bb)")):
            plot.showGrid(x=True, y=True, alpha=0.25)
            plot.setLabel("left", label)
            plot.getAxis("left").enableAutoSIPrefix(False)
        self.ev_plot.setLabel("bottom", "answers")
        self.ev_plot.setXLink(self.accuracy_plot)
        self.accuracy_plot.setYRange(0, 100)
        self.accuracy_curve = self.accuracy_plot.plot(
            [], [], pen=pg.mkPen("#1f5fbf", width=2), symbol="o", symbolSize=4,
            symbolBrush="#1f5fbf", symbolPen=None)
        self.ev_curve = self.ev_plot.plot([], [], pen=pg.mkPen("#b00020", width=2))
        self.placeholders = [NoDataPlaceholder(self.accuracy_plot, [self.accuracy_curve]),
                             NoDataPlaceholder(self.ev_plot, [self.ev_curve], text="")]

    def set_answers(self, answers: Sequence[Answer | TableAnswer]) -> None:
        """Plot the session's answers (empty: clear)."""
        numbers, accuracy, lost = [], [], []
        correct, total = 0, 0.0
        for number, answer in enumerate(answers, start=1):
            correct += answer.grade.correct
            total += answer.grade.ev_lost_bb
            numbers.append(number)
            accuracy.append(100.0 * correct / number)
            lost.append(total)
        self.accuracy_curve.setData(numbers, accuracy)
        self.ev_curve.setData(numbers, lost)


class TrainerTab(Tab):
    """Deal spots, take the answers by button or key, show feedback and statistics.

    ``seed`` (also settable as :attr:`seed` before Start) makes every drill started deal the
    same spots; ``db_path`` the history file (default: the library's, see the module).
    """

    title = "Trainer"
    settings_group = "trainer"

    def __init__(self, parent: QWidget | None = None, *, seed: int | None = None,
                 db_path: str | os.PathLike | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainerTab")
        self.seed = seed
        self.db_path = db_path
        self.history: History | None = None
        self.drill: Drill | TableDrill | None = None
        self.spot: Spot | None = None
        self._config: DrillConfig | TableDrillConfig | None = None
        #: ``solve(spot, progress, cancel)`` of table drills (None: the cache of equilibria).
        self.table_solve: Solve | None = None
        self.runner = self.make_runner(progressed=self._on_progressed,
                                       succeeded=self._on_dealt, failed=self._on_failed,
                                       stopped=self._on_stopped, finished=self._on_finished)

        # -- inputs ---------------------------------------------------------------------------
        box = QGroupBox("Drill")
        form = QFormLayout(box)
        self.game_combo = named(QComboBox(), "trainerGameCombo")
        self.game_combo.addItems(list(GAMES))
        form.addRow("Game", self.game_combo)
        self.players_spin = named(QSpinBox(), "trainerPlayersSpin")
        self.players_spin.setRange(2, 9)
        self.players_spin.setToolTip("Players at the table: 2 drills heads-up blind vs blind, "
                                     "3 to 9 a table with ICM payouts")
        form.addRow("Players", self.players_spin)
        self.payouts_edit = named(QLineEdit(DEFAULT_PAYOUTS), "trainerPayoutsEdit")
        self.payouts_edit.setToolTip(PAYOUTS_TIP)
        self.payouts_error = ErrorLabel("trainerPayoutsError")
        form.addRow("Payouts", with_error(self.payouts_edit, self.payouts_error))
        self.stack_edit = named(QLineEdit("10"), "trainerStackEdit")
        self.stack_edit.setToolTip("Effective stack in big blinds: 10, or a range like 5-15 "
                                   "(dealt in steps of 1 bb)")
        self.stack_error = ErrorLabel("trainerStackError")
        form.addRow("Stack (bb)", with_error(self.stack_edit, self.stack_error))
        self.ante_edit = named(QLineEdit("0"), "trainerAnteEdit")
        self.ante_edit.setToolTip("Ante of each player in big blinds")
        self.ante_error = ErrorLabel("trainerAnteError")
        form.addRow("Ante (bb)", with_error(self.ante_edit, self.ante_error))
        self.position_combo = named(QComboBox(), "trainerPositionCombo")
        self.position_combo.addItems(list(POSITIONS))
        self.position_combo.setCurrentText("Both")
        form.addRow("Position", self.position_combo)
        self.close_check = named(QCheckBox("Close spots only"), "trainerCloseSpotsCheck")
        self.close_check.setToolTip(f"Deal only hands whose |AllIn_EV − Fold_EV| is at most "
                                    f"{CLOSE_THRESHOLD_BB:g} bb: where players lose money")
        form.addRow(self.close_check)
        self.leaks_check = named(QCheckBox("Drill my leaks"), "trainerLeaksCheck")
        self.leaks_check.setToolTip(f"Deal from the {LEAK_CELLS} worst weak spots of the "
                                    "history (variant, position, stack band, hand group)")
        form.addRow(self.leaks_check)
        self.start_button = RunStopButton("Start", "trainerStartButton")
        self.export_button = named(QPushButton("Export history…"), "trainerExportButton")
        self.export_button.setToolTip("Write every answered spot of the history to a CSV file")
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.export_button)
        self.export_json_button = export_buttons(self, self.export_history,
                                                 title="Export the trainer history")[0]
        self.export_json_button.setToolTip("Write every answered spot of the history to a "
                                           "JSON file")
        buttons.addWidget(self.export_json_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        self.progress = named(QProgressBar(), "trainerProgress")
        self.progress.hide()
        form.addRow(self.progress)
        self.error_label = ErrorLabel("trainerError")
        form.addRow(self.error_label)
        self.notice_label = ErrorLabel("trainerNotice")
        form.addRow(self.notice_label)
        # An Omaha game whose table is not built: the shared build panel offers it here.
        self.build_panel = TableBuildPanel(self.make_runner)
        self.build_panel.status_message.connect(self.status_message)
        form.addRow(self.build_panel)
        self.drill_label = named(QLabel(""), "trainerDrillInfo")
        self.drill_label.setWordWrap(True)
        form.addRow(self.drill_label)

        # -- the spot -------------------------------------------------------------------------
        self.spot_label = named(QLabel("Press Start to deal the first spot."),
                                "trainerSpotLabel")
        self.spot_label.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.situation_label = named(QLabel(""), "trainerSituation")
        self.situation_label.setStyleSheet("font-size: 12pt;")
        self.cards = CardsWidget(object_name="trainerCards")
        self.push_button = named(QPushButton("Push"), "trainerPushButton")
        self.fold_button = named(QPushButton("Fold"), "trainerFoldButton")
        self.next_button = named(QPushButton("Next spot"), "trainerNextButton")
        for button, key in ((self.push_button, "P (push) or C (call)"),
                            (self.fold_button, "F"), (self.next_button, "Space")):
            button.setToolTip(f"Key: {key}")
            button.setMinimumHeight(36)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space must not click a button
        answers = QHBoxLayout()
        answers.addWidget(self.push_button)
        answers.addWidget(self.fold_button)
        answers.addWidget(self.next_button)
        self.feedback_label = named(QLabel(""), "trainerFeedback")
        self.feedback_label.setWordWrap(True)
        self.feedback_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stats_label = named(QLabel(format_statistics(summarize([]))), "trainerStats")
        self.stats_label.setWordWrap(True)
        self.stats_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.plot = SessionPlot()
        self.plot.setObjectName("trainerPlot")
        add_save_image_action(self.plot, self.status_message.emit)

        left = QVBoxLayout()
        left.addWidget(box)
        left.addWidget(self.stats_label, 1)
        spot = QVBoxLayout()
        spot.addWidget(self.spot_label)
        spot.addWidget(self.situation_label)
        spot.addWidget(self.cards, 3)
        spot.addLayout(answers)
        spot.addWidget(self.feedback_label)
        spot.addWidget(self.plot, 2)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(spot, 5)

        # -- wiring ---------------------------------------------------------------------------
        for key, slot in (("P", self.push), ("C", self.push), ("F", self.fold),
                          ("Space", self.next_spot)):
            # Window-wide, but a shortcut of a hidden widget never fires: active while this
            # tab is the current one. A focused line edit still takes the letters typed.
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)
        self.push_button.clicked.connect(self.push)
        self.fold_button.clicked.connect(self.fold)
        self.next_button.clicked.connect(self.next_spot)
        self.start_button.drive(self.runner, self.start)
        self.export_button.clicked.connect(self._on_export_clicked)
        self.stack_edit.textChanged.connect(self._validate)
        self.ante_edit.textChanged.connect(self._validate)
        self.game_combo.currentIndexChanged.connect(self._validate)
        self.position_combo.currentIndexChanged.connect(self._validate)
        self.players_spin.valueChanged.connect(self._on_players_changed)
        self.payouts_edit.textChanged.connect(self._validate)
        self._on_players_changed()
        self.close_check.toggled.connect(self._validate)
        self._validate()
        self._update_buttons()

    # -- inputs ------------------------------------------------------------------------------

    def _on_players_changed(self) -> None:
        """Heads-up or a table: the payouts field, the position captions and the stack
        field's meaning follow the players spin."""
        table = self.players_spin.value() > 2
        self.payouts_edit.setEnabled(table)
        captions = list(TABLE_POSITIONS if table else POSITIONS)
        if [self.position_combo.itemText(k) for k in range(self.position_combo.count())] \
                != captions:
            index = self.position_combo.currentIndex()
            self.position_combo.blockSignals(True)
            self.position_combo.clear()
            self.position_combo.addItems(captions)
            self.position_combo.setCurrentIndex(max(0, index))
            self.position_combo.blockSignals(False)
        self.stack_edit.setToolTip(TABLE_STACKS_TIP if table else
                                   "Effective stack in big blinds: 10, or a range like 5-15 "
                                   "(dealt in steps of 1 bb)")
        self._validate()

    def _validate(self) -> bool:
        """Check the fields as they are typed; keep the drill's configuration when valid."""
        self._config = None
        self.stack_error.clear_error()
        self.ante_error.clear_error()
        self.payouts_error.clear_error()
        if self.players_spin.value() > 2:
            return self._validate_table()
        try:
            stacks = parse_stacks(self.stack_edit.text())
        except InputError as exc:
            self.stack_error.show_error(str(exc))
            stacks = None
        try:
            ante: float | None = parse_ante(self.ante_edit.text())
        except InputError as exc:
            self.ante_error.show_error(str(exc))
            ante = None
        if stacks is not None and ante is not None:
            try:
                self._config = DrillConfig(GAMES[self.game_combo.currentText()], stacks=stacks,
                                           position=POSITIONS[self.position_combo.currentText()],
                                           ante=ante, close=self.close_check.isChecked())
            except InputError as exc:
                self.stack_error.show_error(str(exc))
        self.start_button.set_inputs_valid(self._config is not None)
        return self._config is not None

    def _validate_table(self) -> bool:
        try:
            ante = parse_ante(self.ante_edit.text())
        except InputError as exc:
            self.ante_error.show_error(str(exc))
        else:
            try:
                self._config = table_config(
                    GAMES[self.game_combo.currentText()], self.players_spin.value(),
                    self.payouts_edit.text(), self.stack_edit.text(),
                    self.position_combo.currentText(), ante, self.close_check.isChecked())
            except InputError as exc:
                label = self.payouts_error if "payout" in str(exc) else self.stack_error
                label.show_error(str(exc))
        self.start_button.set_inputs_valid(self._config is not None)
        return self._config is not None

    def _set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.game_combo, self.stack_edit, self.ante_edit, self.position_combo,
                       self.close_check, self.leaks_check, self.export_button,
                       self.export_json_button, self.players_spin):
            widget.setEnabled(enabled)
        self.payouts_edit.setEnabled(enabled and self.players_spin.value() > 2)

    def _update_buttons(self) -> None:
        solving = self.runner.running
        answering = self.spot is not None and not solving
        self.push_button.setEnabled(answering)
        self.fold_button.setEnabled(answering)
        self.next_button.setEnabled(self.drill is not None and not answering and not solving)
        self.start_button.set_running(solving)
        self._set_inputs_enabled(not solving)

    # -- the history -------------------------------------------------------------------------

    def open_history(self) -> History:
        """The history, opened on first use; its notices (a damaged or locked file) are
        shown in the tab."""
        if self.history is None:
            try:
                self.history = History(self.db_path)
            except InputError as exc:  # not a trainer history: left untouched, none written
                self.history = History.in_memory(f"{exc}; this session's answers are kept "
                                                 "in memory only")
        self._show_notices()
        return self.history

    def _show_notices(self) -> None:
        if self.history is not None and self.history.notices:
            self.notice_label.show_error("\n".join(self.history.notices))

    def export_csv(self, path: str | os.PathLike) -> bool:
        """Write the whole history to ``path`` as CSV; False (with the reason shown) if not."""
        return self._export(lambda history: history.export_csv(path))

    def export_history(self, path: str | os.PathLike, fmt: str | None = None) -> bool:
        """Write the whole history as CSV (the library's export) or JSON (``fmt``; default:
        the file's suffix): every answer, columns as in the CSV."""
        from omahanash.trainer.stats import AnswerRecord

        if (fmt or Path(path).suffix.lstrip(".")).lower() != "json":
            return self.export_csv(path)
        def write_json(history: History) -> Path:
            refuse_overwriting_inputs({"path": path}, [history.path] if history.path else [])
            return write_table(path, AnswerRecord.columns(),
                               [list(r.as_dict().values()) for r in history.records()], "json")

        return self._export(write_json)

    def _export(self, write: Callable[[History], Path]) -> bool:
        """Run ``write(history)``; the file it wrote in the status bar, or the reason it
        could not in the tab (False)."""
        history = self.open_history()
        try:
            written = write(history)
        except InputError as exc:
            self.error_label.show_error(str(exc))
            return False
        self.error_label.clear_error()
        self.status_message.emit(f"{len(history)} answers written to {written}")
        return True

    def _on_export_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the trainer history",
                                              str(Path.home() / "trainer.csv"), "CSV (*.csv)")
        if path:
            self.export_csv(path)

    # -- dealing -----------------------------------------------------------------------------


    def start(self) -> bool:
        """Start a new drill from the inputs and deal its first spot; False if it cannot."""
        if self.runner.running or not self._validate():
            return False
        assert self._config is not None
        self.error_label.clear_error()
        history = self.open_history()
        config = self._config
        if isinstance(config, TableDrillConfig):
            return self._start_table(config, history)
        if self.leaks_check.isChecked():
            focus = leak_cells(history.statistics(weak_spots=10**6), LEAK_CELLS, config.game)
            if not focus:
                self.error_label.show_error(
                    f"No leaks yet: the history has no wrong answer in "
                    f"{self.game_combo.currentText()}. Drill without “Drill my leaks” first.")
                return False
            config = DrillConfig(config.game, config.stacks, config.position, config.ante,
                                 config.close, config.close_threshold_bb, focus)
        if not self.build_panel.check(config.variants) \
                and len(self.build_panel.missing) == len(config.variants):
            self.error_label.show_error(
                f"{self.game_combo.currentText()}: the equity table is not built yet. Build "
                "it in the panel below, then Start.")
            return False
        unbuilt = self.build_panel.missing  # Mixed deals the other variants meanwhile
        self.drill = Drill(config, seed=self.seed, history=history)
        self.spot = None
        notes = [f"Seed {self.drill.seed}"]
        notes += [f"Mixed without {v.display_name}: its equity table is not built yet "
                  "(Build it below)" for v in unbuilt]
        notes += [f"Mixed without {note}" for note in self.drill.skipped
                  if not any(note.startswith(f"{v.display_name}:") for v in unbuilt)]
        notes += [f"Drilling leak: {cell.label}" for cell in config.focus]
        self.drill_label.setText("\n".join(notes))
        self.feedback_label.setText("")
        self.plot.set_answers([])
        self._show_statistics()
        self.status_message.emit(f"Trainer started (seed {self.drill.seed}).")
        return self.next_spot()

    def _start_table(self, config: TableDrillConfig, history: History) -> bool:
        """Start a table drill (see :mod:`ui.trainer_table`)."""
        if self.leaks_check.isChecked():
            focus = table_leak_cells(history.statistics(weak_spots=10**6), LEAK_CELLS,
                                     config.game, config.players)
            if not focus:
                self.error_label.show_error(
                    f"No leaks yet: the history has no wrong answer at a {config.players}-"
                    f"handed {self.game_combo.currentText()} table. Drill without “Drill my "
                    "leaks” first.")
                return False
            config = dataclasses.replace(config, focus=focus)
        if not self.build_panel.check(config.variants):
            self.error_label.show_error(
                f"{self.game_combo.currentText()}: the equity table is not built yet. Build "
                "it in the panel below, then Start.")
            return False
        self.drill = drill = TableDrill(config, seed=self.seed, history=history,
                                        solve=self.table_solve)
        self.spot = None
        notes = [f"Seed {drill.seed} · {config.players}-max {config.payouts} · tables (bb): "
                 + "; ".join("/".join(f"{s:g}" for s in row) for row in drill.structures)]
        notes += [f"Drilling leak: {cell.label}" for cell in config.focus]
        self.drill_label.setText("\n".join(notes))
        self.feedback_label.setText("")
        self.plot.set_answers([])
        self._show_statistics()
        self.status_message.emit(f"Trainer started (seed {drill.seed}).")
        return self.next_spot()

    def _all_solved(self, drill: Drill | TableDrill) -> bool:
        """Whether every spot the drill may deal is solved, so dealing is instant. A leak
        drill's stacks follow the leaks' bands: it always deals in the worker (a few
        milliseconds once solved)."""
        if isinstance(drill, TableDrill):
            return not drill.config.focus and all(
                drill.is_solved(k) for k in range(len(drill.structures)))
        config = drill.config
        return not config.focus and all(drill.is_solved(variant, stack)
                                        for variant in drill.variants
                                        for stack in config.stack_values)

    def next_spot(self) -> bool:
        """Deal the next spot (Space): at once when its equilibrium is solved, else solve it in
        the worker first. False when there is nothing to deal now."""
        drill = self.drill
        if drill is None or self.runner.running or self.spot is not None:
            return False
        self.error_label.clear_error()
        if self._all_solved(drill):
            try:
                spot = drill.next_spot()
            except InputError as exc:
                self._on_failed(str(exc))
                return False
            self._show_spot(spot)
            return True

        def job(report: ProgressReporter, cancel: CancelFlag) -> Spot:
            return drill.next_spot(report, cancel)

        self.spot_label.setText("Solving the equilibrium…")
        self.cards.set_cards("")
        self.progress.setRange(0, 0)
        self.progress.show()
        self.runner.start(job)
        self._update_buttons()
        self.status_message.emit("Solving the equilibrium of this spot (once per "
                                 f"{'table' if isinstance(drill, TableDrill) else 'stack'})…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setRange(0, int(total))
            self.progress.setValue(int(done))

    def _on_dealt(self, spot: object) -> None:
        assert isinstance(spot, Spot)
        self._show_spot(spot)

    def _show_spot(self, spot: Spot) -> None:
        """Show ``spot`` (dealt in the worker or at once): the labels, the cards and the
        status bar all follow it."""
        self.spot = spot
        self.status_message.emit(f"Spot {spot.number}: {spot.description}")
        self.spot_label.setText(spot.description)
        push = spot.actions[0]
        situation = "Push or fold?" if spot.position == "sb" else "The SB pushes. Call or fold?"
        if isinstance(spot, TableSpot):
            situation = f"{spot.situation} {push.capitalize()} or fold?"
        if spot.variant == "holdem":
            from omahanash.hands import class_name

            situation = f"{class_name(spot.variant, spot.class_id)} · {situation}"
        self.situation_label.setText(f"Spot {spot.number} · {situation}")
        self.cards.set_cards(spot.hand)
        self.push_button.setText(push.capitalize())
        self.feedback_label.setText("")
        self._update_buttons()

    def _on_failed(self, message: str) -> None:
        self.spot_label.setText("No spot.")
        self.error_label.show_error(message)
        self.status_message.emit("Trainer: " + message)

    def _on_stopped(self) -> None:
        self.spot_label.setText("Stopped. Press Start (or Space) to deal again.")
        self.status_message.emit("Stopped.")

    def _on_finished(self) -> None:
        self.progress.hide()
        self._update_buttons()

    # -- answering ---------------------------------------------------------------------------

    def push(self) -> Answer | TableAnswer | None:
        """Push (SB) or call (BB) the current spot (key P, or C for call)."""
        return self.answer("allin")

    def fold(self) -> Answer | TableAnswer | None:
        """Fold the current spot (key F)."""
        return self.answer("fold")

    def answer(self, action: str) -> Answer | TableAnswer | None:
        """Grade ``action`` (``allin`` or ``fold``) for the current spot and show the verdict;
        None when no spot is waiting for an answer."""
        if self.drill is None or self.spot is None or self.runner.running:
            return None
        result = self.drill.answer(action)
        self.spot = None
        self.feedback_label.setStyleSheet(CORRECT_STYLE if result.grade.correct
                                          else WRONG_STYLE)
        self.feedback_label.setText(f"{result.spot.hand}: {result.feedback()}\n"
                                    "Space: next spot")
        self._show_statistics()
        self.plot.set_answers(self.drill.answers)
        verdict = "correct" if result.grade.correct else "wrong"
        self.status_message.emit(f"Spot {result.spot.number} answered: {verdict} "
                                 "(Space: next spot)")
        self._show_notices()  # the database may have broken while writing
        self._update_buttons()
        return result

    def _show_statistics(self) -> None:
        stats = self.drill.statistics() if self.drill is not None else summarize([])
        self.stats_label.setText(format_statistics(stats))

    def shutdown(self) -> None:
        super().shutdown()
        if self.history is not None:
            self.history.close()
            self.history = None
