"""The Equity tab: heads-up equity, exact or Monte Carlo, Hi/Lo breakdown.

Size: ~470 lines, one calculation's form (live card checks beside each field), job and Hi/Lo
breakdown table; its rules are few and live beside the widgets.

Mirrors ``omahanash equity``: two concrete hands go to
:func:`omahanash.equity.exact.exact_equity` (every board); with Monte Carlo either side may be a
range (``AA; AKs; 7h 2d``, a class name or id) and the work goes to
:func:`omahanash.equity.montecarlo.range_equity` (exact anyway when that is no more work).
Cards are checked as they are typed, each message beside its field; the calculation runs in a
worker. Stop reaches the library: Monte Carlo stops within about 0.1 s and shows the deals made
so far; an exact enumeration of ranges stops between pairs of hands (two concrete hands take a
few hundredths of a second and simply finish). A result whose inputs were changed afterwards is
greyed and marked stale; the hand fields' examples follow the selected game.

Omaha Hi/Lo results use the words players use (:data:`HILO_COLUMNS`, each with a tooltip):
how often each hand scoops, wins the high, wins the low, wins three quarters, splits, is
quartered or is scooped.
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

from omahanash.cards import (
    Variant,
    check_disjoint,
    hole_cards,
    parse_cards,
    parse_hand,
)
from omahanash.errors import InputError
from ui.common import (
    ErrorLabel,
    RunStopButton,
    Tab,
    named,
    parse_positive_int,
    parse_seed,
    with_error,
)
from ui.export import export_buttons
from ui.models import TableModel

if TYPE_CHECKING:
    from omahanash.equity.exact import EquityResult
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

EXACT, MONTE_CARLO = "Exact", "Monte Carlo"
DEFAULT_TRIALS = 200_000
MAX_TRIALS = 1_000_000_000
#: An example hand of each game, for the fields' placeholders and messages.
EXAMPLE_HANDS = {Variant.HOLDEM: ("Ah Kd", "Qs Qc"), Variant.OMAHA_HI: ("As Ks Qd Jd",
                                                                       "Ah Ad 7c 6c"),
                 Variant.OMAHA_HILO: ("As Ks Qd Jd", "Ah 2h 3c 6c")}
STALE_TEXT = ("The inputs changed since this calculation: the result shown is for the "
              "previous inputs. Press Calculate for the ones typed.")
#: Plain words for the result table's column titles.
COLUMN_TIPS = {
    "Equity": "The share of the pot the hand wins on average (wins, plus its part of split "
              "pots)",
    "Win": "How often the hand wins the whole pot",
    "Lose": "How often the hand wins nothing",
    "Scoop": "Omaha Hi/Lo: how often the hand takes the whole pot alone (both halves, or the "
             "whole pot when no low qualifies)",
    "Wins ¾": "Omaha Hi/Lo: how often the hand wins one half and splits the other, taking "
              "three quarters of the pot (it quarters the other hand)",
    "Split ½": "Omaha Hi/Lo: how often the pot is chopped in two: one hand wins high, the "
               "other low, or both halves (or the whole pot) are split",
    "Quartered": "Omaha Hi/Lo: how often the hand gets only a quarter of the pot (it splits "
                 "one half and loses the other)",
    "Scooped": "Omaha Hi/Lo: how often the hand wins nothing (the other hand scoops)",
    "Win high": "Omaha Hi/Lo: how often the hand wins the high side alone (half the pot, "
                "or all of it when no low qualifies)",
    "Win low": "Omaha Hi/Lo: how often the hand wins the low half alone (five cards 8 or "
               "lower)",
}
#: The Hi/Lo result columns after Player, Hand and Equity: how often the hand scoops, wins
#: the high and the low alone, then what its pot came to (Scoop, Wins ¾, Split ½, Quartered
#: and Scooped add up to 100 %).
HILO_COLUMNS = ["Scoop", "Win high", "Win low", "Wins ¾", "Split ½", "Quartered", "Scooped"]


def hilo_outcomes(result: EquityResult, player: int) -> list[float]:
    """Player ``player``'s Hi/Lo outcomes in the order of :data:`HILO_COLUMNS`: how often it
    scoops, wins high, wins low, then wins ¾, splits, is quartered, is scooped (these last
    four and the scoop add up to 1).

    >>> from omahanash.equity.exact import exact_equity
    >>> result = exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s 9d",
    ...                       game="omaha-hilo")
    >>> shares = hilo_outcomes(result, 0)
    >>> round(shares[0] + sum(shares[3:]), 12)
    1.0
    """
    assert result.scoop is not None and result.win_high is not None \
        and result.win_low is not None
    other = 1 - player
    scoop, scooped = result.scoop[player], result.scoop[other]
    three_quarters = result.win[player] - scoop  # more than half, not all
    quartered = result.lose[player] - scooped  # less than half, not nothing
    return [scoop, result.win_high[player], result.win_low[player], three_quarters,
            result.tie, quartered, scooped]


def format_percent(share: float) -> str:
    """``0.8194605`` -> ``'81.95%'``."""
    return f"{100 * share:.2f}%"


def range_items(text: str) -> list[str]:
    """The items of a hand field: one hand, or a range with ``;`` between items."""
    return [item.strip() for item in text.split(";") if item.strip()]


class EquityTab(Tab):
    """Equity of two hands (or a hand and a range, or two ranges)."""

    title = "Equity"
    settings_group = "equity"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("equityTab")
        self.runner = self.make_runner(progressed=self._on_progressed,
                                       succeeded=self._on_succeeded, failed=self._on_failed,
                                       stopped=self._on_stopped, finished=self._on_finished)
        self.result: EquityResult | None = None
        #: The request of the result shown (None: no result).
        self._result_request: tuple | None = None
        self._stopping = False
        self._request: tuple | None = None
        self._running: tuple[str, str, int] = ("", "", 0)  # hands and seed being calculated

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
        self.summary.setToolTip("tie: how often the pot is split evenly; standard error: the "
                                "Monte Carlo estimate is within about two of these of the "
                                "true equity 95% of the time")
        self.table_model = TableModel(self, number_format=format_percent,
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

    def _check_hand(self, text: str, number: int, error: ErrorLabel) -> tuple[int, ...] | None:
        """Check one hand field; returns its cards for a concrete hand, None for a range (or
        when invalid: then the message is beside the field and ``error`` is visible)."""
        from omahanash.equity.ranges import is_class_item

        items = range_items(text)
        what = f"hand {number}"
        try:
            if not items:
                example = EXAMPLE_HANDS[Variant(self.game)][number - 1]
                raise InputError(f"type {what}, e.g. {example}")
            if not self.monte_carlo:
                if len(items) > 1 or is_class_item(items[0]):
                    raise InputError("exact enumeration takes one concrete hand; choose Monte "
                                     "Carlo for a range or a hand class")
                cards = parse_hand(items[0], self.game, what=what)
                error.clear_error()
                return cards
            k = hole_cards(self.game)
            for item in items:
                if not is_class_item(item):  # classes are looked up in the worker
                    parse_cards(item, k, what=what)
            error.clear_error()
            if len(items) == 1 and not is_class_item(items[0]):
                return parse_cards(items[0], k, what=what)
            return None
        except InputError as exc:
            error.show_error(str(exc))
            return None

    def _validate(self) -> bool:
        """Check every field, say what is wrong beside it, enable Calculate only when all is
        well; remembers the request Calculate will run."""
        self._request = None
        monte_carlo = self.monte_carlo
        for widget in (self.trials_edit, self.seed_edit):
            widget.setEnabled(monte_carlo and not self.runner.running)
        game = self.game
        hand1 = self._check_hand(self.hand1_edit.text(), 1, self.hand1_error)
        hand2 = self._check_hand(self.hand2_edit.text(), 2, self.hand2_error)
        valid = not (self.hand1_error.text() or self.hand2_error.text())
        groups: dict[str, tuple[int, ...]] = {}
        for name, edit, error, counts in (("board", self.board_edit, self.board_error,
                                           (0, 3, 4, 5)),
                                          ("dead cards", self.dead_edit, self.dead_error, None)):
            try:
                groups[name] = parse_cards(edit.text(), counts, what=name)
                error.clear_error()
            except InputError as exc:
                error.show_error(str(exc))
                valid = False
        trials, seed = DEFAULT_TRIALS, 0
        if monte_carlo:
            try:
                trials = parse_positive_int(self.trials_edit.text(), "number of trials",
                                            MAX_TRIALS)
                self.trials_error.clear_error()
            except ValueError as exc:
                self.trials_error.show_error(str(exc))
                valid = False
            try:
                seed = parse_seed(self.seed_edit.text())
                self.seed_error.clear_error()
            except ValueError as exc:
                self.seed_error.show_error(str(exc))
                valid = False
        else:
            self.trials_error.clear_error()
            self.seed_error.clear_error()
        if valid:
            concrete = {f"hand {i}": cards for i, cards in ((1, hand1), (2, hand2))
                        if cards is not None}
            try:
                check_disjoint({**concrete, **groups})
                self.deal_error.clear_error()
            except InputError as exc:
                self.deal_error.show_error(str(exc))
                valid = False
        else:
            self.deal_error.clear_error()
        if valid:
            self._request = (monte_carlo, self.hand1_edit.text().strip(),
                             self.hand2_edit.text().strip(), self.board_edit.text().strip(),
                             self.dead_edit.text().strip(), game, trials, seed)
        self.run_button.set_inputs_valid(valid)
        self._mark_stale()
        return valid

    def _mark_stale(self) -> None:
        """Grey the result (and say so) when the inputs are no longer the ones it was
        calculated from."""
        stale = (self.result is not None and not self.runner.running
                 and self._request != self._result_request)
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
        monte_carlo, hand1, hand2, board, dead, game, trials, seed = self._request

        def job(report: ProgressReporter, cancel: CancelFlag) -> EquityResult:
            if monte_carlo:
                from omahanash.equity.montecarlo import range_equity

                report.phase("sampling")
                return range_equity(hand1, hand2, board, dead, game, trials=trials, seed=seed,
                                    progress=report, cancel=cancel)
            from omahanash.equity.exact import exact_equity

            result = exact_equity(hand1, hand2, board, dead, game)
            cancel.raise_if_cancelled()  # Stop pressed meanwhile: no result, as asked
            return result

        self._running = (hand1, hand2, seed)
        self.result = None
        self._result_request = self._request
        self._mark_stale()
        self.deal_error.clear_error()
        from ui.startup import kernels_ready  # the first run waits for its kernel's compile

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

    def _on_succeeded(self, result: object) -> None:
        from omahanash.equity.exact import EquityResult

        assert isinstance(result, EquityResult)
        self.result = result
        hand1, hand2, seed = self._running
        self.headline.setText(f"Player 1: {format_percent(result.equity[0])}   ·   "
                              f"Player 2: {format_percent(result.equity[1])}")
        if result.exact:
            how = f"Exact: {result.boards:,} boards"
            if result.matchups > 1:
                how += f" for each of {result.matchups:,} pairs of hands"
        else:
            how = (f"Monte Carlo: {result.boards:,} trials, seed {seed}, "
                   f"standard error {100 * result.stderr:.2f}%")
            if self._stopping:
                how = "Stopped. " + how
        parts = [how, f"split pots {format_percent(result.tie)}"]
        if result.low_boards is not None:
            parts.append(f"boards with a qualifying low {format_percent(result.low_boards)}")
        self.summary.setText(" · ".join(parts))
        hands = (hand1, hand2)
        if result.scoop is not None and result.win_high is not None:
            # Hi/Lo in the words players use: scoop, ¾, split, quartered, scooped
            columns = ["Player", "Hand", "Equity", *HILO_COLUMNS]
            rows: list[list] = [[f"Player {i + 1}", hand, result.equity[i],
                                 *hilo_outcomes(result, i)] for i, hand in enumerate(hands)]
        else:
            columns = ["Player", "Hand", "Equity", "Win", "Lose"]
            rows = [[f"Player {i + 1}", hand, result.equity[i], result.win[i],
                     result.lose[i]] for i, hand in enumerate(hands)]
        self.table_model.set_table(columns, rows)
        self.status_message.emit(f"Equity: {self.headline.text()}")

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total > 0 and not self._stopping:
            self.headline.setText(f"Calculating… {100 * done / total:.0f}%")

    def _on_failed(self, message: str) -> None:
        self.headline.setText("")
        self.deal_error.show_error(message)
        self.status_message.emit("Equity failed: " + message)

    def _on_stopped(self) -> None:
        self.headline.setText("Stopped.")
        self.summary.setText("Stopped before any result: nothing to show.")
        self.status_message.emit("Equity: stopped")

    def _on_finished(self) -> None:
        self.run_button.set_running(False)
        self._set_inputs_enabled(True)
        self._validate()
