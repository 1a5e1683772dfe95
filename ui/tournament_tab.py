"""The Tournament tab: a heads-up match of jam-fold hands, P(win) by chip share and
how long the match lasts.

The tab only presents :func:`omahanash.tournament.run_tournament`: the inputs describe the
match (game, total chips, player 1's stack — player 2 has the rest —, a fixed level of blinds
or a schedule of levels, ante), each player's strategy (``nash``, ``best``, ``P%`` or range
text, checked as it is typed with the library's parser), who has the button first and the
method (the exact Markov chain, the simulator, or both). **Run** works in a worker with a
progress bar and **Stop**; the first Nash grid of a structure takes seconds in Hold'em and
minutes in Omaha (the library caches it on disk). An Omaha game whose equity table is not built
shows the shared build panel (:mod:`ui.table_build_panel`): **Build** builds it here.

"All three" runs the three variants one after the other and overlays their P(win) curves;
a variant whose table is not built yet is named in the tab with the offer to build it, the
others are shown.
The tab opens on a spot that teaches something: the Miltersen–Sørensen structure (300/600,
8,000 chips, equal stacks) with Nash against a player pushing and calling the top 30 %
(:data:`DEFAULT_SPOT`). Stacks read in big blinds (chips on hover); with **Payouts** (1st, 2nd)
the results add player 1's prize equity. When both players play the same strategy the P(win)
curve is the chip share, and the tab says so rather than leave a bare diagonal.
The results: P(win) with its standard error, the expected number of hands, the quantiles of
the match length and the chance of a one-hand match (side by side for each variant and
method), the P(win) curve against player 1's chip share with the chip share itself as the
reference diagonal, and the histogram of the match length. When an input changes after a run,
the results are greyed out and marked stale until they are run again.

What needs no Qt (the selectors, the default spot, a run's request and answer, the result
panel's HTML, the payouts and the same-strategy rule) lives in :mod:`ui.tournament_model`; the
tab is one screen (structure, players, method, results, two plots, exports) sharing its
inputs and results, so it stays one module (~620 lines).
"""

from __future__ import annotations

import html
import os
from typing import TYPE_CHECKING

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
from omahanash.errors import InputError
from omahanash.tournament import (
    Structure,
    TournamentResult,
    parse_strategy,
    run_tournament,
)
from ui.common import ErrorLabel, RunStopButton, Tab, named, with_error
from ui.export import add_save_image_action, export_buttons, write_json
from ui.plots import IntegerAxis, NoDataPlaceholder, legend_below
from ui.table_build_panel import TableBuildPanel
from ui.tournament_model import (  # noqa: F401 (re-exported: the tab's names)
    BLINDS,
    BUTTONS,
    CAPTIONS,
    COLOURS,
    DEFAULT_SPOT,
    GAMES,
    LENGTH_SHOWN,
    MAX_CHIPS,
    METHODS,
    PAYOUTS_TIP,
    SAME_STRATEGY_TOLERANCE,
    STALE_OPACITY,
    STALE_STYLE,
    STRATEGY_PRESETS,
    STRATEGY_TIP,
    TournamentAnswer,
    TournamentRequest,
    format_results,
    method_results,
    parse_payouts,
    same_strategy,
    shown_lengths,
)

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

class TournamentTab(Tab):
    """Describe a heads-up match, run it, show P(win) and the match length.

    ``cache_dir`` is where equity tables and Nash solutions are cached (None: the library's
    default, ``$OMAHANASH_CACHE`` or the user cache folder).
    """

    title = "Tournament"
    settings_group = "tournament"

    def __init__(self, parent: QWidget | None = None, *,
                 cache_dir: str | os.PathLike | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tournamentTab")
        self.cache_dir = cache_dir
        self._request: TournamentRequest | None = None
        self._running_request: TournamentRequest | None = None
        self._shown_request: TournamentRequest | None = None
        self.answer: TournamentAnswer | None = None
        #: Why P(win) is the chip share, when it is because both play the same strategy.
        self.same_note = ""
        self.runner = self.make_runner(progressed=self._on_progressed,
                                       succeeded=self._on_succeeded, failed=self._on_failed,
                                       stopped=self._on_stopped, finished=self._on_finished)
        self.build_panel = TableBuildPanel(self.make_runner)
        self.build_panel.status_message.connect(self.status_message)

        # -- the match ------------------------------------------------------------------------
        match_box = QGroupBox("Match")
        form = QFormLayout(match_box)
        self.game_combo = named(QComboBox(), "tournamentGameCombo")
        self.game_combo.addItems(list(GAMES))
        self.game_combo.setToolTip("\"All three\" overlays the three variants' P(win) curves")
        form.addRow("Game", self.game_combo)
        self.chips_spin = self._spin("tournamentChipsSpin", 2, MAX_CHIPS, DEFAULT_SPOT["chips"],
                                     "Total chips in play")
        form.addRow("Total chips", self.chips_spin)
        self.stack_spin = self._spin("tournamentStackSpin", 1, MAX_CHIPS, DEFAULT_SPOT["stack"],
                                     "Player 1's starting stack; player 2 has the rest")
        self.stack2_label = named(QLabel(""), "tournamentStack2Label")
        stacks = QHBoxLayout()
        stacks.addWidget(self.stack_spin, 1)
        stacks.addWidget(self.stack2_label, 1)
        form.addRow("Player 1's stack", stacks)
        self.blinds_combo = named(QComboBox(), "tournamentBlindsCombo")
        self.blinds_combo.addItems(list(BLINDS))
        form.addRow("Blinds", self.blinds_combo)
        self.fixed_blinds = QWidget()
        fixed = QHBoxLayout(self.fixed_blinds)
        fixed.setContentsMargins(0, 0, 0, 0)
        self.sb_spin = self._spin("tournamentSbSpin", 1, MAX_CHIPS, DEFAULT_SPOT["sb"],
                                  "Small blind (chips)")
        self.bb_spin = self._spin("tournamentBbSpin", 1, MAX_CHIPS, DEFAULT_SPOT["bb"],
                                  "Big blind (chips)")
        fixed.addWidget(QLabel("SB"))
        fixed.addWidget(self.sb_spin, 1)
        fixed.addWidget(QLabel("BB"))
        fixed.addWidget(self.bb_spin, 1)
        form.addRow(self.fixed_blinds)
        self.schedule = QWidget()
        schedule = QFormLayout(self.schedule)
        schedule.setContentsMargins(0, 0, 0, 0)
        self.levels_edit = named(QLineEdit("10/20,15/30,25/50,50/100,100/200"),
                                 "tournamentLevelsEdit")
        self.levels_edit.setToolTip("SB/BB of each level, separated by commas (SB/BB/ANTE for "
                                     "a level with its own ante); the last level lasts")
        schedule.addRow("Levels", self.levels_edit)
        self.hands_spin = self._spin("tournamentHandsPerLevelSpin", 1, 1_000_000, 10,
                                     "Hands played at each level")
        schedule.addRow("Hands per level", self.hands_spin)
        form.addRow(self.schedule)
        self.ante_spin = self._spin("tournamentAnteSpin", 0, MAX_CHIPS, 0,
                                    "Ante of each player (chips)")
        form.addRow("Ante", self.ante_spin)
        self.structure_error = ErrorLabel("tournamentStructureError")
        form.addRow(self.structure_error)

        # -- the players ----------------------------------------------------------------------
        players_box = QGroupBox("Players")
        players = QFormLayout(players_box)
        self.p1_combo = self._strategy_combo("tournamentP1Combo")
        self.p1_error = ErrorLabel("tournamentP1Error")
        players.addRow("Player 1", with_error(self.p1_combo, self.p1_error))
        self.p2_combo = self._strategy_combo("tournamentP2Combo")
        self.p2_combo.setCurrentText(DEFAULT_SPOT["p2"])
        self.p2_error = ErrorLabel("tournamentP2Error")
        players.addRow("Player 2", with_error(self.p2_combo, self.p2_error))
        self.button_combo = named(QComboBox(), "tournamentButtonCombo")
        self.button_combo.addItems(list(BUTTONS))
        self.button_combo.setToolTip("Who is the small blind of the first hand (average: "
                                     "P(win) averaged over both)")
        players.addRow("Button first", self.button_combo)
        self.payouts_edit = named(QLineEdit(""), "tournamentPayoutsEdit")
        self.payouts_edit.setPlaceholderText("none: chips only (e.g. 65, 35)")
        self.payouts_edit.setToolTip(PAYOUTS_TIP)
        self.payouts_error = ErrorLabel("tournamentPayoutsError")
        players.addRow("Payouts", with_error(self.payouts_edit, self.payouts_error))

        # -- the method -----------------------------------------------------------------------
        method_box = QGroupBox("Method")
        method = QFormLayout(method_box)
        self.method_combo = named(QComboBox(), "tournamentMethodCombo")
        self.method_combo.addItems(list(METHODS))
        self.method_combo.setToolTip("The exact Markov chain over chip counts, a Monte Carlo "
                                     "simulation of whole matches, or both side by side")
        method.addRow("Method", self.method_combo)
        self.trials_spin = self._spin("tournamentTrialsSpin", 1, 100_000_000, 100_000,
                                      "Simulated matches")
        self.trials_spin.setSingleStep(10_000)
        method.addRow("Trials", self.trials_spin)
        self.seed_spin = self._spin("tournamentSeedSpin", 0, 2**31 - 1, 0,
                                    "Seed of the Monte Carlo parts (the same seed gives the "
                                    "same answer)")
        method.addRow("Seed", self.seed_spin)
        self.run_button = RunStopButton("Run", "tournamentRunButton")
        method.addRow(self.run_button)
        self.progress = named(QProgressBar(), "tournamentProgress")
        self.progress.setRange(0, 1000)
        self.progress.hide()
        method.addRow(self.progress)
        self.error_label = ErrorLabel("tournamentError")
        method.addRow(self.error_label)

        # -- the results ----------------------------------------------------------------------
        self.stale_label = named(QLabel(""), "tournamentStale")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        self.result_label = named(QLabel("Press Run to play the match."), "tournamentResult")
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label.setWordWrap(True)
        self.pwin_plot = named(pg.PlotWidget(), "pwinPlot")
        self.length_plot = named(pg.PlotWidget(axisItems={"bottom": IntegerAxis("bottom")}),
                                 "lengthPlot")
        self._setup_plots()
        for plot in (self.pwin_plot, self.length_plot):
            add_save_image_action(plot, self.status_message.emit)
        self.export_buttons = export_buttons(self, self.export_results, title="Export the match")
        #: The P(win) curve of each variant shown (the main method's).
        self.pwin_curves: dict[Variant, pg.PlotDataItem] = {}
        #: The match-length histogram of each variant shown.
        self.length_bars: dict[Variant, pg.BarGraphItem] = {}

        inputs = QVBoxLayout()
        inputs.addWidget(match_box)
        inputs.addWidget(players_box)
        inputs.addWidget(method_box)
        inputs.addWidget(self.build_panel)
        inputs.addStretch(1)
        results = QVBoxLayout()
        results.addWidget(self.stale_label)
        results.addWidget(self.result_label)
        plots = QHBoxLayout()
        plots.addWidget(self.pwin_plot, 1)
        plots.addWidget(self.length_plot, 1)
        results.addLayout(plots, 1)
        export_row = QHBoxLayout()
        for button in self.export_buttons:
            export_row.addWidget(button)
        export_row.addStretch(1)
        results.addLayout(export_row)
        layout = QHBoxLayout(self)
        layout.addLayout(inputs, 2)
        layout.addLayout(results, 5)

        # -- wiring ---------------------------------------------------------------------------
        self.run_button.drive(self.runner, self.run)
        for spin in (self.chips_spin, self.stack_spin, self.sb_spin, self.bb_spin,
                     self.hands_spin, self.ante_spin, self.trials_spin, self.seed_spin):
            spin.valueChanged.connect(self._validate)
        for combo in (self.game_combo, self.blinds_combo, self.button_combo,
                      self.method_combo):
            combo.currentIndexChanged.connect(self._validate)
        self.levels_edit.textChanged.connect(self._validate)
        self.payouts_edit.textChanged.connect(self._on_payouts_changed)
        for combo in (self.p1_combo, self.p2_combo):
            combo.editTextChanged.connect(self._validate)
        self._validate()
        self._update_buttons()

    @staticmethod
    def _spin(name: str, low: int, high: int, value: int, tip: str) -> QSpinBox:
        spin = named(QSpinBox(), name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setToolTip(tip)
        spin.setGroupSeparatorShown(True)
        return spin

    @staticmethod
    def _strategy_combo(name: str) -> QComboBox:
        combo = named(QComboBox(), name)
        combo.setEditable(True)
        combo.addItems(list(STRATEGY_PRESETS))
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setToolTip(STRATEGY_TIP)
        return combo

    def _setup_plots(self) -> None:
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

    def _add_diagonal(self) -> None:
        """The reference: P(win) equal to the chip share (a fair bet every hand)."""
        self.diagonal = self.pwin_plot.plot(
            [0.0, 1.0], [0.0, 1.0], name="chip share",
            pen=pg.mkPen("#808080", width=1, style=Qt.PenStyle.DashLine))

    # -- inputs ------------------------------------------------------------------------------

    @property
    def variants(self) -> tuple[Variant, ...]:
        return GAMES[self.game_combo.currentText()]

    def _structure(self) -> tuple[Structure, tuple[int, int]]:
        chips, stack = self.chips_spin.value(), self.stack_spin.value()
        if stack >= chips:
            raise InputError(f"player 1's stack must be less than the chips ({chips:,}): "
                             "player 2 needs some")
        if self.blinds_combo.currentText() == BLINDS[0]:
            structure = Structure.fixed(chips, self.sb_spin.value(), self.bb_spin.value(),
                                        self.ante_spin.value())
        else:
            structure = Structure.parse(chips, self.levels_edit.text(),
                                        self.hands_spin.value(), self.ante_spin.value())
        stacks = (stack, chips - stack)
        structure.start_units(stacks)
        return structure, stacks

    def _strategy(self, combo: QComboBox, error: ErrorLabel) -> str | None:
        """The strategy typed, checked for every variant the run plays; None when bad."""
        text = combo.currentText().strip()
        try:
            for variant in self.variants:
                try:
                    parse_strategy(text, variant)
                except InputError as exc:
                    if len(self.variants) > 1:
                        raise InputError(f"{CAPTIONS[variant]}: {exc}") from None
                    raise
        except InputError as exc:
            error.show_error(str(exc))
            return None
        error.clear_error()
        return text

    def _validate(self) -> bool:
        """Check the inputs as they change; keep the run's request when they are valid."""
        schedule = self.blinds_combo.currentText() == BLINDS[1]
        self.fixed_blinds.setVisible(not schedule)
        self.schedule.setVisible(schedule)
        simulating = METHODS[self.method_combo.currentText()] != "markov"
        self.trials_spin.setEnabled(simulating and not self.runner.running)
        self.seed_spin.setEnabled(simulating and not self.runner.running)
        self._show_stacks()
        self._request = None
        try:
            structure, stacks = self._structure()
        except InputError as exc:
            self.structure_error.show_error(str(exc))
            structure = None
        else:
            self.structure_error.clear_error()
        p1 = self._strategy(self.p1_combo, self.p1_error)
        p2 = self._strategy(self.p2_combo, self.p2_error)
        if structure is not None and p1 is not None and p2 is not None:
            self._request = TournamentRequest(
                self.variants, structure, stacks, p1, p2,
                BUTTONS[self.button_combo.currentText()],
                METHODS[self.method_combo.currentText()],
                self.trials_spin.value(), self.seed_spin.value())
        self.run_button.set_inputs_valid(self._request is not None)
        self._show_staleness()
        return self._request is not None

    def _on_payouts_changed(self) -> None:
        """Payouts only change how the result reads: no new run needed."""
        self.payouts()
        self._show_results()

    def _show_stacks(self) -> None:
        """Player 2's stack and both stacks in big blinds (of the first level); the chips
        on hover."""
        stack = self.stack_spin.value()
        rest = self.chips_spin.value() - stack
        bb = self._first_bb()
        if rest <= 0:
            self.stack2_label.setText("")
            return
        if bb is None:
            self.stack2_label.setText(f"player 2: {rest:,}")
        else:
            self.stack2_label.setText(f"= {stack / bb:.1f} bb · player 2: {rest / bb:.1f} bb")
        self.stack2_label.setToolTip(f"Player 1: {stack:,} chips, player 2: {rest:,} chips"
                                     + (f"; big blind {bb:,} chips" if bb else ""))

    def _first_bb(self) -> int | None:
        """The big blind of the first hand (None when the schedule does not parse)."""
        if self.blinds_combo.currentText() == BLINDS[0]:
            return self.bb_spin.value()
        first = self.levels_edit.text().split(",")[0].split("/")
        try:
            return int(first[1]) if len(first) > 1 and int(first[1]) > 0 else None
        except ValueError:
            return None

    def payouts(self) -> tuple[float, float] | None:
        """The payouts typed (None: none, or not valid; the reason is shown)."""
        try:
            payouts = parse_payouts(self.payouts_edit.text())
        except InputError as exc:
            self.payouts_error.show_error(str(exc))
            return None
        self.payouts_error.clear_error()
        return payouts

    def _show_results(self) -> None:
        """The result panel of the answer shown: stacks in big blinds (chips on hover),
        the table (prize equity with payouts), and the mark when P(win) is the chip share
        because both players play the same strategy."""
        answer, request = self.answer, self._shown_request
        if answer is None or request is None:
            return
        chips = request.structure.chips
        bb = request.structure.levels[0].bb
        head = ""
        if bb:
            head = (f"<p>Player 1 {request.stacks[0] / bb:.1f} bb, player 2 "
                    f"{request.stacks[1] / bb:.1f} bb (big blind {bb:,} chips)</p>")
        self.result_label.setToolTip(f"Stacks in chips: {request.stacks[0]:,} and "
                                     f"{request.stacks[1]:,} of {chips:,}")
        self.same_note = ""
        if same_strategy(request.p1, request.p2):
            deviation = max(float(np.max(np.abs(np.asarray(r.curve)[:, 1]
                                                - np.asarray(r.curve)[:, 0])))
                            for r in answer.results.values())
            if deviation <= SAME_STRATEGY_TOLERANCE:
                self.same_note = (
                    "P(win) equals the chip share (within "
                    f"{deviation:.4f}): both players play the same strategy, so neither has "
                    "an edge and every hand is a fair bet on average; only the button moves "
                    "it. Try another strategy for player 2 to see who gains.")
        note = f"<p><i>{html.escape(self.same_note)}</i></p>" if self.same_note else ""
        self.result_label.setText(head + format_results(answer.results, self.payouts())
                                  + note)

    @property
    def stale(self) -> bool:
        """Whether results are shown whose inputs have changed since they were run."""
        return self.answer is not None and self._request != self._shown_request

    def _show_staleness(self) -> None:
        stale = self.stale
        self.stale_label.setText("The inputs have changed since this run: press Run to "
                                 "update the results." if stale else "")
        self.stale_label.setVisible(stale)
        self.result_label.setStyleSheet(STALE_STYLE if stale else "")
        for plot in (self.pwin_plot, self.length_plot):
            plot.getPlotItem().setOpacity(STALE_OPACITY if stale else 1.0)

    def _set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.game_combo, self.chips_spin, self.stack_spin, self.blinds_combo,
                       self.sb_spin, self.bb_spin, self.levels_edit, self.hands_spin,
                       self.ante_spin, self.p1_combo, self.p2_combo, self.button_combo,
                       self.method_combo):
            widget.setEnabled(enabled)

    def _update_buttons(self) -> None:
        running = self.runner.running
        self.run_button.set_running(running)
        self._set_inputs_enabled(not running)
        for button in self.export_buttons:
            button.setEnabled(not running and self.answer is not None)
        self._validate()

    def export_results(self, path: str | os.PathLike, fmt: str = "json") -> bool:
        """Write the results shown as JSON (one object per variant, the shape of
        ``omahanash tournament --json``); False, with the reason shown, if not possible."""
        if self.answer is None:
            self.error_label.show_error("nothing to export yet: run a match first")
            return False
        document = {str(variant): result.as_dict()
                    for variant, result in self.answer.results.items()}
        try:
            write_json(path, document)
        except InputError as error:
            self.error_label.show_error(str(error))
            return False
        self.status_message.emit(f"Exported {path}")
        return True

    # -- running -----------------------------------------------------------------------------


    def run(self) -> bool:
        """Play the match described by the inputs in the worker; False when they are bad."""
        if self.runner.running or not self._validate():
            return False
        request = self._request
        assert request is not None
        cache_dir = self.cache_dir
        # A variant without its table is offered for building here, never sent to a terminal.
        unbuilt = [] if cache_dir is not None or self.build_panel.check(request.variants) \
            else list(self.build_panel.missing)
        if len(unbuilt) == len(request.variants):
            self.error_label.show_error(
                " and ".join(CAPTIONS[v] for v in unbuilt) + ": the equity table is not built "
                "yet. Build it in the panel on the left, then Run.")
            return False
        variants = [v for v in request.variants if v not in unbuilt]

        def job(report: ProgressReporter, cancel: CancelFlag) -> TournamentAnswer:
            results: dict[Variant, TournamentResult] = {}
            missing: dict[Variant, str] = {
                v: "its equity table is not built yet: Build it in the panel on the left, "
                   "then Run again" for v in unbuilt}
            count = len(variants)
            for index, variant in enumerate(variants):
                report.phase(CAPTIONS[variant])

                def progress(done: float, total: float, index: int = index) -> None:
                    report(index + done / max(total, 1.0), count)

                try:
                    results[variant] = run_tournament(
                        variant, request.structure, request.stacks, request.p1, request.p2,
                        request.method, request.trials, request.seed, request.button_first,
                        cache_dir=cache_dir, progress=progress, cancel=cancel)
                except InputError as exc:
                    if count == 1 and not unbuilt:
                        raise
                    missing[variant] = str(exc)
            if not results:
                raise InputError("; ".join(f"{CAPTIONS[v]}: {m}" for v, m in missing.items()))
            return TournamentAnswer(results, missing)

        self._running_request = request
        self.error_label.clear_error()
        self.progress.setValue(0)
        self.progress.show()
        self.runner.start(job)
        self._update_buttons()
        self.status_message.emit("Tournament: running…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setValue(int(1000 * done / total))
            self.progress.setFormat(f"{phase}: %p%")

    def _on_succeeded(self, answer: object) -> None:
        assert isinstance(answer, TournamentAnswer)
        self.answer = answer
        self._shown_request = self._running_request
        self._show_results()
        self._plot(answer.results)
        if answer.missing:
            self.error_label.show_error("\n".join(
                f"{CAPTIONS[v]} left out: {message}" for v, message in answer.missing.items()))
        first = next(iter(answer.results.values()))
        self.status_message.emit(f"Tournament: P(win) of player 1 {first.p_win:.4f} "
                                 f"({CAPTIONS[first.game]}), "
                                 f"{first.main.expected_hands:.1f} hands expected")

    def _on_failed(self, message: str) -> None:
        self.error_label.show_error(message)
        self.status_message.emit("Tournament: failed")

    def _on_stopped(self) -> None:
        self.status_message.emit("Tournament: stopped")

    def _on_finished(self) -> None:
        self.progress.hide()
        self._running_request = None
        self._update_buttons()

    # -- plots -------------------------------------------------------------------------------

    def _plot(self, results: dict[Variant, TournamentResult]) -> None:
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
        if self.same_note:  # the curve on the diagonal says why, on the plot itself
            mark = pg.TextItem("P(win) = chip share: same strategy", color="#555555",
                               anchor=(0, 1))
            mark.setPos(0.03, 0.9)
            self.pwin_plot.addItem(mark)
        self.pwin_plot.setXRange(0, 1)
        self.pwin_plot.setYRange(0, 1)
        self.length_plot.autoRange()
        for placeholder in self.placeholders:
            placeholder.set_empty(False)
