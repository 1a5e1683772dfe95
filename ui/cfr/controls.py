"""The left column of the CFR games tab: the game and its settings page (one per game of the
registry, :mod:`ui.cfr.settings_form`), the solver (algorithm, iterations, seed), Run /
Continue / Save / Open, the progress bar and the status, stale, result and error lines.
The tab (:mod:`ui.cfr.tab`) wires them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from omahanash import games
from ui.cfr.model import ALGORITHMS, EXPLOITABILITY_TIP, STALE_TEXT
from ui.cfr.settings_form import GameSettingsPage
from ui.kit.common import ErrorLabel, RunStopButton, error_row, named


class CfrControls(QWidget):
    """The widgets, under the object names the tests and the settings store know."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)

        game_box = QGroupBox("Game")
        form = QFormLayout(game_box)
        self.game_combo = named(QComboBox(), "cfrGameCombo")
        form.addRow("Game", self.game_combo)
        self.settings_stack = named(QStackedWidget(), "cfrSettingsStack")
        #: One settings page per game of the registry, by game name.
        self.pages: dict[str, GameSettingsPage] = {}
        for choice in games.GAME_CHOICES:  # the library's list: a new game shows up here
            page = GameSettingsPage(choice)
            self.pages[choice.name] = page
            self.game_combo.addItem(choice.title, choice.name)
            self.settings_stack.addWidget(page)
        form.addRow(self.settings_stack)
        column.addWidget(game_box)

        run_box = QGroupBox("Solver")
        form = QFormLayout(run_box)
        self.algorithm_combo = named(QComboBox(), "cfrAlgorithmCombo")
        self.algorithm_combo.addItems(list(ALGORITHMS))
        self.algorithm_combo.setCurrentText("CFR+")
        self.algorithm_error = error_row(form, "Algorithm", self.algorithm_combo,
                                         "cfrAlgorithmError")
        self.iterations_edit = named(QLineEdit("1000"), "cfrIterationsEdit")
        self.iterations_error = error_row(form, "Iterations", self.iterations_edit,
                                          "cfrIterationsError")
        self.seed_edit = named(QLineEdit(), "cfrSeedEdit")
        self.seed_edit.setPlaceholderText("random")
        self.seed_edit.setToolTip("Seed of the sampling (MCCFR, fictitious play); empty: random")
        self.seed_error = error_row(form, "Seed", self.seed_edit, "cfrSeedError")
        column.addWidget(run_box)

        buttons = QHBoxLayout()
        self.run_button = RunStopButton("Run", "cfrRunButton")
        self.continue_button = named(QPushButton("Continue"), "cfrContinueButton")
        self.continue_button.setToolTip("Run the number of iterations above once more on the "
                                        "current solution")
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.continue_button)
        column.addLayout(buttons)
        files = QHBoxLayout()
        self.save_button = named(QPushButton("Save…"), "cfrSaveButton")
        self.open_button = named(QPushButton("Open…"), "cfrOpenButton")
        files.addWidget(self.save_button)
        files.addWidget(self.open_button)
        column.addLayout(files)

        self.progress_bar = named(QProgressBar(), "cfrProgressBar")
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setValue(0)
        self.progress_bar.setTextVisible(True)
        column.addWidget(self.progress_bar)
        self.status_label = named(QLabel(""), "cfrStatusLabel")
        self.status_label.setWordWrap(True)
        column.addWidget(self.status_label)
        self.stale_label = named(QLabel(STALE_TEXT), "cfrStaleLabel")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        column.addWidget(self.stale_label)
        self.result_label = named(QLabel(""), "cfrResultLabel")
        self.result_label.setToolTip(
            "Values: each player's expected winnings per game under the average strategies. "
            + EXPLOITABILITY_TIP)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.result_label)
        self.error_label = ErrorLabel("cfrErrorLabel")
        column.addWidget(self.error_label)
        column.addStretch(1)

