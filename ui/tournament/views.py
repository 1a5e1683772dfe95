"""The Tournament tab's widgets: the form (:class:`MatchForm`: the match, the players, the
method, Run and the progress bar) and the two plots (:class:`MatchPlots`: P(win) against the
chip share, the match length). They hold no rules: defaults, checks and texts come from
:mod:`ui.tournament.model`.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from omahanash.tournament import TournamentResult
from ui.kit.common import ErrorLabel, RunStopButton, error_row, named
from ui.kit.plots import IntegerAxis, NoDataPlaceholder, legend_below
from ui.tournament.model import (
    BLINDS,
    BUTTONS,
    CAPTIONS,
    COLOURS,
    GAMES,
    HANDS_PER_LEVEL_RANGE,
    MAX_CHIPS,
    METHODS,
    PAYOUTS_TIP,
    STALE_OPACITY,
    STRATEGY_PRESETS,
    STRATEGY_TIP,
    TRIALS_RANGE,
    TournamentInputs,
    shown_lengths,
    stacks_text,
)


def _spin(name: str, low: int, high: int, value: int, tip: str) -> QSpinBox:
    spin = named(QSpinBox(), name)
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setToolTip(tip)
    spin.setGroupSeparatorShown(True)
    return spin


def _strategy_combo(name: str, text: str) -> QComboBox:
    combo = named(QComboBox(), name)
    combo.setEditable(True)
    combo.addItems(list(STRATEGY_PRESETS))
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setToolTip(STRATEGY_TIP)
    combo.setCurrentText(text)
    return combo


def _combo(name: str, items: object, current: str) -> QComboBox:
    combo = named(QComboBox(), name)
    combo.addItems(list(items))  # type: ignore[call-overload]
    combo.setCurrentText(current)
    return combo


class MatchForm(QWidget):
    """The match, the players and the method, at :class:`~ui.tournament.model
    .TournamentInputs`'s defaults; Run, the progress bar and the run's messages."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        d = TournamentInputs()
        match_box = QGroupBox("Match")
        form = QFormLayout(match_box)
        self.game_combo = _combo("tournamentGameCombo", GAMES, d.game)
        self.game_combo.setToolTip("\"All three\" overlays the three variants' P(win) curves")
        form.addRow("Game", self.game_combo)
        self.chips_spin = _spin("tournamentChipsSpin", 2, MAX_CHIPS, d.chips,
                                "Total chips in play")
        form.addRow("Total chips", self.chips_spin)
        self.stack_spin = _spin("tournamentStackSpin", 1, MAX_CHIPS, d.stack,
                                "Player 1's starting stack; player 2 has the rest")
        self.stack2_label = named(QLabel(""), "tournamentStack2Label")
        stacks = QHBoxLayout()
        stacks.addWidget(self.stack_spin, 1)
        stacks.addWidget(self.stack2_label, 1)
        form.addRow("Player 1's stack", stacks)
        self.blinds_combo = _combo("tournamentBlindsCombo", BLINDS, d.blinds)
        form.addRow("Blinds", self.blinds_combo)
        self.fixed_blinds = QWidget()
        fixed = QHBoxLayout(self.fixed_blinds)
        fixed.setContentsMargins(0, 0, 0, 0)
        self.sb_spin = _spin("tournamentSbSpin", 1, MAX_CHIPS, d.sb, "Small blind (chips)")
        self.bb_spin = _spin("tournamentBbSpin", 1, MAX_CHIPS, d.bb, "Big blind (chips)")
        for caption, spin in (("SB", self.sb_spin), ("BB", self.bb_spin)):
            fixed.addWidget(QLabel(caption))
            fixed.addWidget(spin, 1)
        form.addRow(self.fixed_blinds)
        self.schedule = QWidget()
        schedule = QFormLayout(self.schedule)
        schedule.setContentsMargins(0, 0, 0, 0)
        self.levels_edit = named(QLineEdit(d.levels), "tournamentLevelsEdit")
        self.levels_edit.setToolTip("SB/BB of each level, separated by commas (SB/BB/ANTE for "
                                     "a level with its own ante); the last level lasts")
        schedule.addRow("Levels", self.levels_edit)
        self.hands_spin = _spin("tournamentHandsPerLevelSpin", *HANDS_PER_LEVEL_RANGE,
                                d.hands_per_level, "Hands played at each level")
        schedule.addRow("Hands per level", self.hands_spin)
        form.addRow(self.schedule)
        self.ante_spin = _spin("tournamentAnteSpin", 0, MAX_CHIPS, d.ante,
                               "Ante of each player (chips)")
        form.addRow("Ante", self.ante_spin)
        self.structure_error = ErrorLabel("tournamentStructureError")
        form.addRow(self.structure_error)

        players_box = QGroupBox("Players")
        players = QFormLayout(players_box)
        self.p1_combo = _strategy_combo("tournamentP1Combo", d.p1)
        self.p1_error = error_row(players, "Player 1", self.p1_combo, "tournamentP1Error")
        self.p2_combo = _strategy_combo("tournamentP2Combo", d.p2)
        self.p2_error = error_row(players, "Player 2", self.p2_combo, "tournamentP2Error")
        self.button_combo = _combo("tournamentButtonCombo", BUTTONS, d.button)
        self.button_combo.setToolTip("Who is the small blind of the first hand (average: "
                                     "P(win) averaged over both)")
        players.addRow("Button first", self.button_combo)
        self.payouts_edit = named(QLineEdit(""), "tournamentPayoutsEdit")
        self.payouts_edit.setPlaceholderText("none: chips only (e.g. 65, 35)")
        self.payouts_edit.setToolTip(PAYOUTS_TIP)
        self.payouts_error = error_row(players, "Payouts", self.payouts_edit,
                                       "tournamentPayoutsError")

        method_box = QGroupBox("Method")
        method = QFormLayout(method_box)
        self.method_combo = _combo("tournamentMethodCombo", METHODS, d.method)
        self.method_combo.setToolTip("The exact Markov chain over chip counts, a Monte Carlo "
                                     "simulation of whole matches, or both side by side")
        method.addRow("Method", self.method_combo)
        self.trials_spin = _spin("tournamentTrialsSpin", *TRIALS_RANGE, d.trials,
                                 "Simulated matches")
        self.trials_spin.setSingleStep(10_000)
        method.addRow("Trials", self.trials_spin)
        self.seed_spin = _spin("tournamentSeedSpin", 0, 2**31 - 1, d.seed,
                               "Seed of the Monte Carlo parts (the same seed gives the same "
                               "answer)")
        method.addRow("Seed", self.seed_spin)
        self.run_button = RunStopButton("Run", "tournamentRunButton")
        method.addRow(self.run_button)
        self.progress = named(QProgressBar(), "tournamentProgress")
        self.progress.setRange(0, 1000)
        self.progress.hide()
        method.addRow(self.progress)
        self.error_label = ErrorLabel("tournamentError")
        method.addRow(self.error_label)

        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        for box in (match_box, players_box, method_box):
            self.column.addWidget(box)
        self.spins = (self.chips_spin, self.stack_spin, self.sb_spin, self.bb_spin,
                      self.hands_spin, self.ante_spin, self.trials_spin, self.seed_spin)
        self.combos = (self.game_combo, self.blinds_combo, self.button_combo, self.method_combo)

    def inputs(self) -> TournamentInputs:
        """The form as typed."""
        return TournamentInputs(
            self.game_combo.currentText(), self.chips_spin.value(), self.stack_spin.value(),
            self.blinds_combo.currentText(), self.sb_spin.value(), self.bb_spin.value(),
            self.levels_edit.text(), self.hands_spin.value(), self.ante_spin.value(),
            self.p1_combo.currentText(), self.p2_combo.currentText(),
            self.button_combo.currentText(), self.method_combo.currentText(),
            self.trials_spin.value(), self.seed_spin.value())

    def show_errors(self, errors: dict[str, str]) -> None:
        for key, label in (("structure", self.structure_error), ("p1", self.p1_error),
                           ("p2", self.p2_error)):
            label.show_error(errors.get(key, ""))

    def follow(self, inputs: TournamentInputs, running: bool) -> None:
        """The blinds rows, the simulation's spins and the stacks line follow the inputs."""
        self.fixed_blinds.setVisible(not inputs.schedule)
        self.schedule.setVisible(inputs.schedule)
        simulating = METHODS[inputs.method] != "markov"
        self.trials_spin.setEnabled(simulating and not running)
        self.seed_spin.setEnabled(simulating and not running)
        text, tip = stacks_text(inputs)
        self.stack2_label.setText(text)
        if tip:
            self.stack2_label.setToolTip(tip)

    def set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.game_combo, self.chips_spin, self.stack_spin, self.blinds_combo,
                       self.sb_spin, self.bb_spin, self.levels_edit, self.hands_spin,
                       self.ante_spin, self.p1_combo, self.p2_combo, self.button_combo,
                       self.method_combo):
            widget.setEnabled(enabled)


class MatchPlots(QWidget):
    """P(win) of player 1 against the chip share (the diagonal is the reference) and the
    histogram of the match length, one colour per variant."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pwin_plot = named(pg.PlotWidget(), "pwinPlot")
        self.length_plot = named(pg.PlotWidget(axisItems={"bottom": IntegerAxis("bottom")}),
                                 "lengthPlot")
        for plot, bottom, left in ((self.pwin_plot, "player 1's chip share", "P(win), player 1"),
                                   (self.length_plot, "match length (hands)", "probability")):
            plot.setBackground("w")
            item = plot.getPlotItem()
            item.showGrid(x=True, y=True, alpha=0.25)
            item.setLabel("bottom", bottom)
            item.setLabel("left", left)
            item.getAxis("left").enableAutoSIPrefix(False)
            legend_below(item)
        self.pwin_plot.setXRange(0, 1)
        self.pwin_plot.setYRange(0, 1)
        self._add_diagonal()
        # The diagonal alone is no data: the placeholders stay until a match is played.
        self.placeholders = [NoDataPlaceholder(plot.getPlotItem())
                             for plot in (self.pwin_plot, self.length_plot)]
        #: The P(win) curve of each variant shown (the main method's).
        self.pwin_curves: dict[Variant, pg.PlotDataItem] = {}
        #: The match-length histogram of each variant shown.
        self.length_bars: dict[Variant, pg.BarGraphItem] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.pwin_plot, 1)
        row.addWidget(self.length_plot, 1)

    def _add_diagonal(self) -> None:
        """The reference: P(win) equal to the chip share (a fair bet every hand)."""
        self.diagonal = self.pwin_plot.plot(
            [0.0, 1.0], [0.0, 1.0], name="chip share",
            pen=pg.mkPen("#808080", width=1, style=Qt.PenStyle.DashLine))

    def set_stale(self, stale: bool) -> None:
        for plot in (self.pwin_plot, self.length_plot):
            plot.getPlotItem().setOpacity(STALE_OPACITY if stale else 1.0)

    def plot(self, results: dict[Variant, TournamentResult], same: bool = False) -> None:
        """Draw ``results``; ``same``: mark the curve that is the chip share because both
        players play the same strategy."""
        for plot in (self.pwin_plot, self.length_plot):
            plot.getPlotItem().clear()  # its legend entries go with the items
        self._add_diagonal()
        self.pwin_curves, self.length_bars = {}, {}
        width = 0.8 / len(results)
        for index, (variant, result) in enumerate(results.items()):
            colour = COLOURS[variant]
            curve = np.asarray(result.curve, dtype=np.float64)
            self.pwin_curves[variant] = self.pwin_plot.plot(
                curve[:, 0], curve[:, 1], name=CAPTIONS[variant],
                pen=pg.mkPen(colour, width=2))
            if result.method == "both":
                assert result.simulate is not None
                points = np.asarray(result.simulate.curve, dtype=np.float64)
                self.pwin_plot.plot(points[:, 0], points[:, 1], pen=None, symbol="o",
                                    symbolSize=6, symbolBrush=colour, symbolPen=None,
                                    name=f"{CAPTIONS[variant]} (simulated)")
            pmf = result.main.hands_pmf
            lengths = shown_lengths(pmf)
            bars = pg.BarGraphItem(x=lengths - 0.4 + width * (index + 0.5), height=pmf[lengths],
                                   width=width, brush=colour, pen=None)
            self.length_plot.addItem(bars)
            self.length_plot.getPlotItem().legend.addItem(bars, CAPTIONS[variant])
            self.length_bars[variant] = bars
        if same:  # the curve on the diagonal says why, on the plot itself
            mark = pg.TextItem("P(win) = chip share: same strategy", color="#555555",
                               anchor=(0, 1))
            mark.setPos(0.03, 0.9)
            self.pwin_plot.addItem(mark)
        self.pwin_plot.setXRange(0, 1)
        self.pwin_plot.setYRange(0, 1)
        self.length_plot.autoRange()
        for placeholder in self.placeholders:
            placeholder.set_empty(False)
