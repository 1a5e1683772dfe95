"""The Tournament tab: a heads-up match of jam-fold hands, P(win) by chip share and
how long the match lasts.

The tab only presents :func:`omahanash.tournament.run_tournament`: the inputs describe the
match (game, total chips, player 1's stack — player 2 has the rest —, a fixed level of blinds
or a schedule of levels, ante), each player's strategy (``nash``, ``best``, ``P%`` or range
text, checked as it is typed with the library's parser), who has the button first and the
method (the exact Markov chain, the simulator, or both). **Run** works in a worker with a
progress bar and **Stop**; the first Nash grid of a structure takes seconds in Hold'em and
minutes in Omaha (the library caches it on disk). An Omaha game whose equity table is not built
shows the shared build panel (:mod:`ui.equity_tables.panel`): **Build** builds it here.

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

A view: what needs no Qt (the selectors, the defaults, the form read into a run's request with
the library's messages, the answer, the result panel's HTML, the payouts and the
same-strategy rule) lives in :mod:`ui.tournament.model`, the worker's job in
:mod:`ui.tournament.jobs`, the form and the plots in :mod:`ui.tournament.views`.
"""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.equity_tables.panel import TableBuildPanel
from ui.kit.common import Tab, named
from ui.kit.equity_table import EquityTableLabel
from ui.kit.export import add_save_image_action, export_buttons, write_json
from ui.table.model import tables_mark
from ui.tournament.jobs import match_job, unbuilt_message
from ui.tournament.model import (  # noqa: F401 (re-exported: the tab's names)
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
    answer_messages,
    check,
    format_results,
    method_results,
    parse_payouts,
    result_panel,
    same_strategy,
    shown_lengths,
)
from ui.tournament.views import MatchForm, MatchPlots


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
        self.form = form = MatchForm()
        # the form's widgets by their old names (scripts and tests use them)
        self.game_combo, self.chips_spin, self.stack_spin = \
            form.game_combo, form.chips_spin, form.stack_spin
        self.blinds_combo, self.sb_spin, self.bb_spin = \
            form.blinds_combo, form.sb_spin, form.bb_spin
        self.p1_combo, self.p2_combo = form.p1_combo, form.p2_combo
        self.progress, self.error_label = form.progress, form.error_label
        self.run_button = form.run_button

        self.stale_label = named(QLabel(""), "tournamentStale")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        self.result_label = named(QLabel("Press Run to play the match."), "tournamentResult")
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label.setWordWrap(True)
        #: which equity tables the match's Nash grids stand on (a coarse one marked)
        self.equity_table_label = EquityTableLabel("tournamentEquityTableLabel")
        self.plots = MatchPlots()
        self.pwin_plot, self.length_plot = self.plots.pwin_plot, self.plots.length_plot
        for plot in (self.pwin_plot, self.length_plot):
            add_save_image_action(plot, self.status_message.emit)
        self.export_buttons = export_buttons(self, self.export_results, title="Export the match")

        inputs = QVBoxLayout()
        inputs.addWidget(form)
        inputs.addWidget(self.build_panel)
        inputs.addStretch(1)
        results = QVBoxLayout()
        results.addWidget(self.stale_label)
        results.addWidget(self.result_label)
        results.addWidget(self.equity_table_label)
        results.addWidget(self.plots, 1)
        export_row = QHBoxLayout()
        for button in self.export_buttons:
            export_row.addWidget(button)
        export_row.addStretch(1)
        results.addLayout(export_row)
        layout = QHBoxLayout(self)
        layout.addLayout(inputs, 2)
        layout.addLayout(results, 5)

        self.run_button.drive(self.runner, self.run)
        for spin in form.spins:
            spin.valueChanged.connect(self._validate)
        for combo in form.combos:
            combo.currentIndexChanged.connect(self._validate)
        form.levels_edit.textChanged.connect(self._validate)
        form.payouts_edit.textChanged.connect(self._on_payouts_changed)
        for combo in (self.p1_combo, self.p2_combo):
            combo.editTextChanged.connect(self._validate)
        self._validate()
        self._update_buttons()

    @property
    def pwin_curves(self) -> dict[Variant, object]:
        """The P(win) curve of each variant shown (the main method's)."""
        return self.plots.pwin_curves

    @property
    def length_bars(self) -> dict[Variant, object]:
        """The match-length histogram of each variant shown."""
        return self.plots.length_bars

    @property
    def variants(self) -> tuple[Variant, ...]:
        return GAMES[self.game_combo.currentText()]

    # -- inputs ------------------------------------------------------------------------------

    def _validate(self) -> bool:
        """Read the inputs as they change: the library's messages beside their parts; keep
        the run's request when they are valid."""
        inputs = self.form.inputs()
        self.form.follow(inputs, self.runner.running)
        checked = check(inputs)
        self.form.show_errors(checked.errors)
        self._request = checked.request
        self.run_button.set_inputs_valid(self._request is not None)
        self._show_staleness()
        return self._request is not None

    def _on_payouts_changed(self) -> None:
        """Payouts only change how the result reads: no new run needed."""
        self.payouts()
        self._show_results()

    def payouts(self) -> tuple[float, float] | None:
        """The payouts typed (None: none, or not valid; the reason is shown)."""
        try:
            payouts = parse_payouts(self.form.payouts_edit.text())
        except InputError as exc:
            self.form.payouts_error.show_error(str(exc))
            return None
        self.form.payouts_error.clear_error()
        return payouts

    def _show_results(self) -> None:
        """The result panel of the answer shown (:func:`ui.tournament.model.result_panel`)."""
        answer, request = self.answer, self._shown_request
        if answer is None or request is None:
            return
        text, tip, self.same_note = result_panel(answer, request, self.payouts())
        self.result_label.setToolTip(tip)
        self.result_label.setText(text)

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
        self.plots.set_stale(stale)

    def _update_buttons(self) -> None:
        running = self.runner.running
        self.run_button.set_running(running)
        self.form.set_inputs_enabled(not running)
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
        # A variant without its table is offered for building here, never sent to a terminal.
        unbuilt = [] if self.cache_dir is not None or self.build_panel.check(request.variants) \
            else list(self.build_panel.missing)
        if len(unbuilt) == len(request.variants):
            self.error_label.show_error(unbuilt_message(unbuilt))
            return False
        self._running_request = request
        self.error_label.clear_error()
        self.progress.setValue(0)
        self.progress.show()
        self.runner.start(match_job(request, unbuilt, self.cache_dir))
        self._update_buttons()
        self.status_message.emit("Tournament: running…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0:
            self.progress.setValue(int(1000 * done / total))
            self.progress.setFormat(f"{phase}: %p%")

    def _on_succeeded(self, answer: object) -> None:
        assert isinstance(answer, TournamentAnswer)
        left_out, status = answer_messages(answer)
        if answer.results:
            self.answer = answer
            self._shown_request = self._running_request
            self._show_results()
            self.equity_table_label.show_table(*tables_mark(answer.results))
            self.plots.plot(answer.results, bool(self.same_note))
        if left_out and answer.results:
            self.error_label.show_error(left_out)
        self.status_message.emit(status)

    def _on_failed(self, message: str) -> None:
        self.error_label.show_error(message)
        self.status_message.emit("Tournament: failed")

    def _on_stopped(self) -> None:
        self.status_message.emit("Tournament: stopped")

    def _on_finished(self) -> None:
        self.progress.hide()
        self._running_request = None
        self._update_buttons()
