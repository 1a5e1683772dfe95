"""The Trainer tab: drill push/fold and call/fold decisions against the equilibrium.

The tab only presents :mod:`omahanash.trainer`: **Start** builds a
:class:`~omahanash.trainer.Drill` from the inputs (game, effective stack or range, position,
ante, close spots, drill my leaks) and deals its first spot. The first spot at a stack whose
equilibrium is not solved yet is dealt in the worker (progress bar, the button reads **Stop**);
once every stack the drill deals is solved, spots are dealt in the GUI thread, so the next one
appears at once. The spot is described as a player reads it, above the cards
(:class:`ui.kit.cards_widget.CardsWidget`, high card first); **P** pushes or calls (**C** too),
**F** folds, **Space** deals the next spot. Each answer is graded and stored by the library;
the tab shows the feedback, the session statistics with the weak spots, and a running
accuracy and EV-lost plot. The players spin and the payouts field make it a drill at a table
of 3 to 9 with ICM (:mod:`ui.trainer.table_drills`; 2 players: the heads-up trainer). The
**Betting** selector (Push/fold, Pot-limit, Pot-limit with limps, No-limit) makes it a drill
on a preflop betting tree (:mod:`ui.trainer.tree_drills`): the answer buttons become the
node's actions (``trainerActionButton_fold``, ``_call``, ``_raise``, ``_allin``; keys F, C, R,
A), the first spot of a table solves its tree in the worker (progress, Stop), later ones come
from the trainer's cache of tree equilibria.

The history is the library's :class:`~omahanash.trainer.History` (``$OMAHANASH_DATA`` or the
platform data folder, unless a ``db_path`` is given), opened when first needed; what it did
with a damaged or locked file (:attr:`~omahanash.trainer.History.notices`) is shown in the tab.

A view: the form's defaults, checks and texts are :mod:`ui.trainer.model` (no Qt), the
worker's job :mod:`ui.trainer.jobs`, the widgets :mod:`ui.trainer.views`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from omahanash.errors import InputError
from omahanash.pushfold.live import TimeLeft, duration_text
from omahanash.savefile import refuse_overwriting_inputs
from omahanash.trainer import Answer, Drill, DrillConfig, History, Spot, summarize
from omahanash.trainer.table import Solve, TableAnswer, TableDrill, TableDrillConfig
from omahanash.trainer.tree_drill import Solve as TreeSolve
from omahanash.trainer.tree_drill import TreeAnswer, TreeDrill, TreeDrillConfig, TreeSpot
from ui.equity_tables.panel import TableBuildPanel
from ui.kit.common import Tab, named
from ui.kit.equity_table import EquityTableLabel
from ui.kit.export import add_save_image_action, export_buttons, write_table
from ui.table.model import tables_mark
from ui.trainer.jobs import Dealt, deal_job, status_text
from ui.trainer.model import (  # noqa: F401 (GAMES, POSITIONS: re-exported, the tab's names)
    GAMES,
    POSITIONS,
    all_solved,
    check,
    drill_notes,
    format_statistics,
    player_message,
    position_captions,
    situation_text,
    verdict,
    with_leaks,
)
from ui.trainer.views import DrillForm, SessionPlot, SpotPanel

__all__ = ["GAMES", "POSITIONS", "SessionPlot", "TrainerTab", "format_statistics"]


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
        self.drill: Drill | TableDrill | TreeDrill | None = None
        self.spot: Spot | TreeSpot | None = None
        self._config: DrillConfig | TableDrillConfig | TreeDrillConfig | None = None
        #: ``solve(spot, progress, cancel)`` of table drills (None: the cache of equilibria).
        self.table_solve: Solve | None = None
        #: ... of betting-tree drills (None: the trainer's cache of tree equilibria).
        self.tree_solve: TreeSolve | None = None
        self.runner = self.make_runner(progressed=self._on_progressed,
                                       succeeded=self._on_dealt, failed=self._on_failed,
                                       finished=self._on_finished)
        self.form = form = DrillForm()
        self.game_combo, self.stack_edit = form.game_combo, form.stack_edit
        self.progress, self.error_label = form.progress, form.error_label
        self.progress_text = form.progress_text
        #: the time of the equilibrium solved now (a table's: about how long is left too)
        self._time_left: TimeLeft | None = None
        self._estimate = False
        self._tick = QTimer(self)  # the progress line's time, once a second
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._show_time)
        self.export_json_button = export_buttons(self, self.export_history,
                                                 title="Export the trainer history")[0]
        self.export_json_button.setToolTip("Write every answered spot of the history to a "
                                           "JSON file")
        form.buttons.addWidget(self.export_json_button)
        form.buttons.addStretch(1)
        # An Omaha game whose table is not built: the shared build panel offers it here.
        self.build_panel = TableBuildPanel(self.make_runner)
        self.build_panel.status_message.connect(self.status_message)
        form.layout_.addRow(self.build_panel)
        form.layout_.addRow(form.drill_label)
        self.equity_table_label = EquityTableLabel("trainerEquityTableLabel")
        form.layout_.addRow(self.equity_table_label)
        self.panel = SpotPanel()
        self.stats_label = named(QLabel(format_statistics(summarize([]))), "trainerStats")
        self.stats_label.setWordWrap(True)
        self.stats_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.plot = SessionPlot()
        self.plot.setObjectName("trainerPlot")
        add_save_image_action(self.plot, self.status_message.emit)
        left = QVBoxLayout()
        left.addWidget(form)
        left.addWidget(self.stats_label, 1)
        right = QVBoxLayout()
        right.addWidget(self.panel, 3)
        right.addWidget(self.plot, 2)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 5)

        for key, slot in (("P", self.push), ("C", self.call), ("F", self.fold),
                          ("R", self.raise_bet), ("A", self.all_in), ("Space", self.next_spot)):
            # Window-wide, but a shortcut of a hidden widget never fires: active while this
            # tab is the current one. A focused line edit still takes the letters typed.
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)
        self.panel.push_button.clicked.connect(self.push)
        self.panel.fold_button.clicked.connect(self.fold)
        for kind, button in self.panel.action_buttons.items():
            button.clicked.connect(lambda _=False, kind=kind: self.answer(kind))
        self.panel.next_button.clicked.connect(self.next_spot)
        form.start_button.drive(self.runner, self.start)
        form.export_button.clicked.connect(self._on_export_clicked)
        for edit in (form.stack_edit, form.ante_edit, form.payouts_edit):
            edit.textChanged.connect(self._validate)
        for combo in (form.game_combo, form.position_combo):
            combo.currentIndexChanged.connect(self._validate)
        form.players_spin.valueChanged.connect(self._on_players_changed)
        form.tree_combo.currentIndexChanged.connect(self._on_players_changed)
        self._on_players_changed()
        form.close_check.toggled.connect(self._validate)
        self._validate()
        self._update_buttons()

    # -- inputs ------------------------------------------------------------------------------

    def _on_players_changed(self) -> None:
        players = self.form.players_spin.value()
        self.form.set_table(players > 2, position_captions(players,
                                                           self.form.tree_combo.currentText()))
        self._validate()

    def _validate(self) -> bool:
        """Read the fields as they are typed; the library's message beside the field it
        names; keep the drill's configuration when valid."""
        checked = check(self.form.inputs())
        self._config = checked.config
        self.form.show_errors(checked.errors)
        self.form.start_button.set_inputs_valid(self._config is not None)
        return self._config is not None

    def _update_buttons(self) -> None:
        solving = self.runner.running
        answering = self.spot is not None and not solving
        self.panel.set_answering(answering)
        self.panel.next_button.setEnabled(self.drill is not None and not answering
                                          and not solving)
        self.form.start_button.set_running(solving)
        self.form.set_enabled(not solving, [self.export_json_button])

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
            self.form.notice_label.show_error("\n".join(self.history.notices))

    def export_csv(self, path: str | os.PathLike) -> bool:
        """Write the whole history to ``path`` as CSV (the betting-tree answers beside it, in
        ``<name>-trees.csv``); False (with the reason shown) if not."""
        def write(history: History) -> Path:
            written = history.export_csv(path)
            if history.tree_records():
                history.export_tree_csv(History.tree_csv_path(path))
            return written

        return self._export(write)

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
            self.error_label.show_error(player_message(str(exc)))
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
        config, game = self._config, self.game_combo.currentText()
        try:
            if self.form.leaks_check.isChecked():
                config = with_leaks(config, history, game)
        except InputError as exc:
            self.error_label.show_error(player_message(str(exc)))
            return False
        table = isinstance(config, (TableDrillConfig, TreeDrillConfig))
        ready = self.build_panel.check(config.variants)
        if not ready and (table or len(self.build_panel.missing) == len(config.variants)):
            self.error_label.show_error(f"{game}: the equity table is not built yet. Build "
                                        "it in the panel below, then Start.")
            return False
        if isinstance(config, TreeDrillConfig):
            self.drill = TreeDrill(config, seed=self.seed, history=history,
                                   solve=self.tree_solve)
        elif isinstance(config, TableDrillConfig):
            self.drill = TableDrill(config, seed=self.seed, history=history,
                                    solve=self.table_solve)
        else:
            self.drill = Drill(config, seed=self.seed, history=history)
        self.spot = None
        # Mixed deals the variants whose table is built meanwhile
        self.form.drill_label.setText(drill_notes(self.drill, self.build_panel.missing))
        drill = self.drill
        self.equity_table_label.show_table(*tables_mark(
            drill.variants if isinstance(drill, Drill) else config.variants))
        self.panel.feedback_label.setText("")
        self.plot.set_answers([])
        self._show_statistics()
        self.status_message.emit(f"Trainer started (seed {self.drill.seed}).")
        return self.next_spot()

    def next_spot(self) -> bool:
        """Deal the next spot (Space): at once when its equilibrium is solved, else solve it in
        the worker first. False when there is nothing to deal now."""
        drill = self.drill
        if drill is None or self.runner.running or self.spot is not None:
            return False
        self.error_label.clear_error()
        if all_solved(drill):
            try:
                spot = drill.next_spot()
            except InputError as exc:
                self._on_failed(player_message(str(exc)))
                return False
            self._show_spot(spot)
            return True
        self.panel.spot_label.setText("Solving the equilibrium…")
        self.panel.cards.set_cards("")
        self.progress.setRange(0, 0)
        self.progress.show()
        self._time_left = TimeLeft()
        # heads-up push/fold: seconds, no estimate
        self._estimate = isinstance(drill, (TableDrill, TreeDrill))
        self._show_time()
        self.progress_text.show()
        self._tick.start()
        self.runner.start(deal_job(drill))
        self._update_buttons()
        self.status_message.emit(status_text(drill))
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setRange(0, int(total))
            self.progress.setValue(int(done))
        if self._time_left is not None:
            self._time_left.tick(done, total)  # the table solve's guess of its last iteration
            self._show_time()

    def _show_time(self) -> None:
        """The progress line under the bar: seconds elapsed (a table's solve: and about how
        long is left, from the time per iteration and the solve's own projection)."""
        clock = self._time_left
        if clock is None:
            return
        self.progress_text.setText(clock.line() if self._estimate
                                   else f"{duration_text(clock.elapsed())} elapsed")

    def _on_dealt(self, dealt: object) -> None:
        assert isinstance(dealt, Dealt)
        if dealt.spot is None:
            self.panel.spot_label.setText("Stopped. Press Start (or Space) to deal again.")
            self.status_message.emit("Stopped.")
        else:
            self._show_spot(dealt.spot)

    def _show_spot(self, spot: Spot | TreeSpot) -> None:
        """Show ``spot`` (dealt in the worker or at once): the labels, the cards and the
        status bar all follow it."""
        self.spot = spot
        self.status_message.emit(f"Spot {spot.number}: {spot.description}")
        self.panel.spot_label.setText(spot.description)
        self.panel.situation_label.setText(situation_text(spot))
        self.panel.cards.set_cards(spot.hand)
        if isinstance(spot, TreeSpot):
            self.panel.set_actions(spot.actions)
        else:
            self.panel.set_actions(None)
            self.panel.push_button.setText(spot.actions[0].capitalize())
        self.panel.feedback_label.setText("")
        self._update_buttons()

    def _on_failed(self, message: str) -> None:
        self.panel.spot_label.setText("No spot.")
        self.error_label.show_error(message)
        self.status_message.emit("Trainer: " + message)

    def _on_finished(self) -> None:
        self._tick.stop()
        self._time_left = None
        self.progress.hide()
        self.progress_text.hide()
        self._update_buttons()

    # -- answering ---------------------------------------------------------------------------

    def push(self) -> Answer | TableAnswer | TreeAnswer | None:
        """Push (SB) or call (BB) the current spot (key P; on a tree: all in)."""
        return self.answer("allin")

    def call(self) -> Answer | TableAnswer | TreeAnswer | None:
        """Key C: call (push/fold: the big blind's call all in; on a tree: call or check)."""
        return self.answer("call" if isinstance(self.spot, TreeSpot) else "allin")

    def raise_bet(self) -> TreeAnswer | None:
        """Key R: raise (a betting tree's size)."""
        return self._tree_answer("raise")

    def all_in(self) -> TreeAnswer | None:
        """Key A: all in (a betting tree's node)."""
        return self._tree_answer("allin")

    def _tree_answer(self, kind: str) -> TreeAnswer | None:
        if not isinstance(self.spot, TreeSpot):
            return None
        result = self.answer(kind)
        return result if isinstance(result, TreeAnswer) else None

    def fold(self) -> Answer | TableAnswer | TreeAnswer | None:
        """Fold the current spot (key F)."""
        return self.answer("fold")

    def answer(self, action: str) -> Answer | TableAnswer | TreeAnswer | None:
        """Grade ``action`` (``allin`` or ``fold``; on a tree one of the node's actions) for
        the current spot and show the verdict; None when no spot is waiting for an answer
        (or the node has no such action)."""
        if self.drill is None or self.spot is None or self.runner.running:
            return None
        if isinstance(self.spot, TreeSpot) and action not in self.spot.kinds:
            return None
        result = self.drill.answer(action)
        self.spot = None
        shown = verdict(result)
        self.panel.show_feedback(shown.correct, shown.feedback)
        self._show_statistics()
        self.plot.set_answers(self.drill.answers)
        self.status_message.emit(shown.status)
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
