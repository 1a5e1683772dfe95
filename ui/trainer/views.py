"""The Trainer tab's widgets: the drill form (:class:`DrillForm`), the spot with its answer
buttons (:class:`SpotPanel`) and the session plot (:class:`SessionPlot`). They hold no rules:
the defaults, the checks and the texts come from :mod:`ui.trainer.model`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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

from omahanash.trainer import CLOSE_THRESHOLD_BB
from omahanash.trainer.table import DEFAULT_PAYOUTS
from ui.kit.cards_widget import CardsWidget
from ui.kit.common import ErrorLabel, RunStopButton, error_row, named
from ui.kit.plots import IntegerAxis, NoDataPlaceholder
from ui.trainer.model import (
    GAMES,
    LEAK_CELLS,
    PLAYERS,
    POSITIONS,
    STACK_TIP,
    TrainerInputs,
    default_position_caption,
    running_totals,
)
from ui.trainer.table_drills import PAYOUTS_TIP, TABLE_STACKS_TIP
from ui.trainer.tree_drills import TREE_TIP, TREES

if TYPE_CHECKING:
    from omahanash.trainer import Answer
    from omahanash.trainer.table import TableAnswer
    from omahanash.trainer.tree_drill import TreeAction, TreeAnswer

CORRECT_STYLE = "color: #0a7a0a; font-size: 12pt;"
#: A betting tree's answer buttons and their keys (the object names end in the action).
ACTION_KEYS = {"fold": "F", "call": "C", "raise": "R", "allin": "A"}
WRONG_STYLE = "color: #b00020; font-size: 12pt;"


class DrillForm(QGroupBox):
    """The drill's inputs (at the library's defaults), Start and the history's exports, the
    progress bar and the messages under them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Drill", parent)
        defaults = TrainerInputs()
        form = QFormLayout(self)
        self.game_combo = named(QComboBox(), "trainerGameCombo")
        self.game_combo.addItems(list(GAMES))
        form.addRow("Game", self.game_combo)
        self.players_spin = named(QSpinBox(), "trainerPlayersSpin")
        self.players_spin.setRange(*PLAYERS)
        self.players_spin.setToolTip("Players at the table: 2 drills heads-up blind vs blind, "
                                     f"3 to {PLAYERS[1]} a table with ICM payouts")
        form.addRow("Players", self.players_spin)
        self.tree_combo = named(QComboBox(), "trainerTreeCombo")
        self.tree_combo.addItems(list(TREES))
        self.tree_combo.setToolTip(TREE_TIP)
        form.addRow("Betting", self.tree_combo)
        self.payouts_edit = named(QLineEdit(DEFAULT_PAYOUTS), "trainerPayoutsEdit")
        self.payouts_edit.setToolTip(PAYOUTS_TIP)
        self.stack_edit = named(QLineEdit(defaults.stack), "trainerStackEdit")
        self.stack_edit.setToolTip(STACK_TIP)
        self.ante_edit = named(QLineEdit(defaults.ante), "trainerAnteEdit")
        self.ante_edit.setToolTip("Ante of each player in big blinds")
        #: Each field's message, by the key of :func:`ui.trainer.model.check`'s errors.
        self.errors = {key: error_row(form, caption, edit, f"trainer{key.title()}Error")
                       for key, caption, edit in (("payouts", "Payouts", self.payouts_edit),
                                                  ("stack", "Stack (bb)", self.stack_edit),
                                                  ("ante", "Ante (bb)", self.ante_edit))}
        self.position_combo = named(QComboBox(), "trainerPositionCombo")
        self.position_combo.addItems(list(POSITIONS))
        self.position_combo.setCurrentText(default_position_caption())
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
        self.buttons = QHBoxLayout()
        self.buttons.addWidget(self.start_button)
        self.buttons.addWidget(self.export_button)
        form.addRow(self.buttons)
        self.progress = named(QProgressBar(), "trainerProgress")
        self.progress.hide()
        form.addRow(self.progress)
        #: the time elapsed and about how long is left, under the bar
        self.progress_text = named(QLabel(""), "trainerProgressText")
        self.progress_text.hide()
        form.addRow(self.progress_text)
        self.error_label = ErrorLabel("trainerError")
        form.addRow(self.error_label)
        self.notice_label = ErrorLabel("trainerNotice")
        form.addRow(self.notice_label)
        self.drill_label = named(QLabel(""), "trainerDrillInfo")
        self.drill_label.setWordWrap(True)
        self.layout_ = form

    def inputs(self) -> TrainerInputs:
        """The form as typed."""
        return TrainerInputs(self.game_combo.currentText(), self.players_spin.value(),
                             self.tree_combo.currentText(),
                             self.payouts_edit.text(), self.stack_edit.text(),
                             self.ante_edit.text(), self.position_combo.currentText(),
                             self.close_check.isChecked())

    def show_errors(self, errors: dict[str, str]) -> None:
        """Each message beside its field; the others cleared."""
        for key, label in self.errors.items():
            label.show_error(errors.get(key, ""))

    def set_table(self, table: bool, captions: list[str]) -> None:
        """Heads-up or a table: the payouts field, the position captions and the stack
        field's meaning follow the players spin."""
        self.payouts_edit.setEnabled(table)
        combo = self.position_combo
        if [combo.itemText(k) for k in range(combo.count())] != captions:
            index = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(captions)
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)
        self.stack_edit.setToolTip(TABLE_STACKS_TIP if table else STACK_TIP)

    def set_enabled(self, enabled: bool, extra: Sequence[QWidget] = ()) -> None:
        """The inputs (and ``extra``) enabled or not; payouts only at a table."""
        for widget in (self.game_combo, self.stack_edit, self.ante_edit, self.position_combo,
                       self.close_check, self.leaks_check, self.export_button,
                       self.players_spin, self.tree_combo, *extra):
            widget.setEnabled(enabled)
        self.payouts_edit.setEnabled(enabled and self.players_spin.value() > 2)


class SpotPanel(QWidget):
    """The spot as a player reads it, its cards, Push / Fold / Next spot and the feedback."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spot_label = named(QLabel("Press Start to deal the first spot."),
                                "trainerSpotLabel")
        self.spot_label.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.situation_label = named(QLabel(""), "trainerSituation")
        self.situation_label.setStyleSheet("font-size: 12pt;")
        self.cards = CardsWidget(object_name="trainerCards")
        self.push_button = named(QPushButton("Push"), "trainerPushButton")
        self.fold_button = named(QPushButton("Fold"), "trainerFoldButton")
        self.next_button = named(QPushButton("Next spot"), "trainerNextButton")
        #: A betting tree's answers, by action (shown for the node's actions only)
        self.action_buttons = {kind: named(QPushButton(kind.title()),
                                           f"trainerActionButton_{kind}")
                               for kind in ACTION_KEYS}
        answers = QHBoxLayout()
        for kind, button in self.action_buttons.items():
            button.setToolTip(f"Key: {ACTION_KEYS[kind]}")
            button.setMinimumHeight(36)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.hide()
            answers.addWidget(button)
        for button, key in ((self.push_button, "P (push) or C (call)"),
                            (self.fold_button, "F"), (self.next_button, "Space")):
            button.setToolTip(f"Key: {key}")
            button.setMinimumHeight(36)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space must not click a button
            answers.addWidget(button)
        self.feedback_label = named(QLabel(""), "trainerFeedback")
        self.feedback_label.setWordWrap(True)
        self.feedback_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.spot_label)
        column.addWidget(self.situation_label)
        column.addWidget(self.cards, 3)
        column.addLayout(answers)
        column.addWidget(self.feedback_label)

    def set_actions(self, actions: Sequence[TreeAction] | None) -> None:
        """The answer buttons of a spot: a betting tree's node's actions (their labels:
        ``Raise pot (to 9 bb)``), or None: Push / Fold."""
        tree = actions is not None
        self.push_button.setVisible(not tree)
        self.fold_button.setVisible(not tree)
        shown = {action.kind: action for action in actions or ()}
        for kind, button in self.action_buttons.items():
            button.setVisible(kind in shown)
            if kind in shown:
                button.setText(shown[kind].label)

    def set_answering(self, answering: bool) -> None:
        """Every answer button enabled (a spot waits for its answer) or not."""
        for button in (self.push_button, self.fold_button, *self.action_buttons.values()):
            button.setEnabled(answering)

    def show_feedback(self, correct: bool, text: str) -> None:
        self.feedback_label.setStyleSheet(CORRECT_STYLE if correct else WRONG_STYLE)
        self.feedback_label.setText(text)


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

    def set_answers(self, answers: Sequence[Answer | TableAnswer | TreeAnswer]) -> None:
        """Plot the session's answers (empty: clear)."""
        numbers, accuracy, lost = running_totals(answers)
        self.accuracy_curve.setData(numbers, accuracy)
        self.ev_curve.setData(numbers, lost)
