"""The CFR games tab (SPEC §8 item 2): Kuhn, Leduc, dominoes and matrix games.

Pick a game and its settings, an algorithm and a number of iterations, press **Run**: the game
is compiled and solved in a worker thread (:mod:`ui.workers`), the exploitability curve grows
live on a log₂ axis, and when the run ends (or is stopped: the iterations done are kept) the
decision-tree browser of the thesis (Figure 2.3) shows the public tree (lazily, a
:class:`~ui.models.PublicTreeModel`) and, for the selected public node, the average probability
of every action in each of the acting player's information sets. A finished run can be
continued, saved and reopened.

Mirrors ``omahanash cfr``: :func:`omahanash.cfr.compile_game`, :func:`~omahanash.cfr.new_solution`
and :func:`~omahanash.cfr.train` for tree games, :func:`omahanash.games.matrix.run_matrix` for
matrix games.

The tab is one screen whose layout, validation, runs and result views share its state, so they
stay in one module (~900 lines); the reusable parts live beside it: the tree and strategy models
in :mod:`ui.models`, the plot in :mod:`ui.plots`, the worker in :mod:`ui.workers`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from omahanash.games import GAME_CHOICES
from ui.common import (
    ErrorLabel,
    RunStopButton,
    Tab,
    parse_optional_seed,
    parse_positive_int,
    with_error,
)
from ui.export import export_buttons
from ui.models import PublicTreeModel, TableModel, describe_node, strategy_rows
from ui.plots import ConvergencePlot
from ui.settings import PERSIST_PROPERTY

if TYPE_CHECKING:
    from omahanash.cfr.browser import TreeBrowser
    from omahanash.cfr.solvers import Solution
    from omahanash.game import Game
    from omahanash.runs import CancelFlag
    from ui.workers import ProgressReporter

#: Algorithm selector: caption -> library name (tree games use the first four, matrix games
#: read cfr / cfr+ as regret matching / regret matching+ and also offer fictitious play).
ALGORITHMS = {
    "CFR": "cfr",
    "CFR+": "cfr+",
    "MCCFR (chance sampling)": "mccfr-chance",
    "MCCFR (external sampling)": "mccfr-external",
    "Fictitious play": "fp",
}
TREE_ONLY = {"mccfr-chance", "mccfr-external"}
MATRIX_ONLY = {"fp"}
#: Tile-set picker: caption -> (tiles, hand size) — the thesis's three settings and double-N.
TILE_PRESETS = {
    "Thesis example 1 (4 tiles, hand 2)": ("[0|0][0|1][0|2][1|2]", 2),
    "Thesis example 2 (6 tiles, hand 2)": ("[0|0][0|1][0|2][1|1][1|2][2|2]", 2),
    "Thesis example 3 (10 tiles, hand 3)": ("[0|0][0|1][0|2][1|1][1|2][2|2][0|3][1|3][2|3][3|3]",
                                           3),
    **{f"double-{n}": (f"double-{n}", None) for n in range(1, 7)},
}
MAX_ITERATIONS = 1_000_000_000
SOLUTION_FILTER = "Solved games (*.npz);;All files (*)"
NO_TREE_TEXT = "Run a game to browse its decision tree."
STALE_TEXT = ("The inputs changed since this run: the results shown are for the previous "
              "inputs. Run again to solve what is typed.")
STALE_OPACITY = 0.45
EXPLOITABILITY_TIP = (
    "Exploitability (NashConv / players): how much a player could gain on average by "
    "switching to the best reply against the others' average strategies. 0 means a Nash "
    "equilibrium: nobody gains by deviating. The thesis's convergence figures plot it.")
#: Plain words for the strategy table's column titles (thesis terms).
STRATEGY_COLUMN_TIPS = {
    "Information set": "What the acting player knows here: their own private cards or "
                       "tiles (the public history is the node selected on the left)",
    "Outcome": "A public chance event: a card or tile dealt face up",
    "Probability": "How likely the chance event is",
    "Average probability": "How often the player takes the action in the average strategy "
                           "(the part of CFR that converges to equilibrium)",
}


@dataclass(frozen=True)
class RunSettings:
    """What Run starts: a tree game (``game``) or a matrix game (``payoff``, ``opponent``)."""

    game_key: str
    algorithm: str
    iterations: int
    seed: int | None
    game: Game | None = None
    payoff: str = ""
    opponent: str | None = None


@dataclass(frozen=True)
class TreeOutcome:
    """A tree-game run that ended: the solution (all iterations done so far), a browser over
    it, the players' values, and whether Stop ended it early."""

    solution: Solution
    browser: TreeBrowser
    values: list[float]
    stopped: bool
    note: str = ""


@dataclass(frozen=True)
class MatrixOutcome:
    """A matrix-game run that ended: :func:`omahanash.games.matrix.solve_matrix`'s dict and
    whether Stop ended it (the run's ``Outcome.stopped``)."""

    result: dict[str, Any]
    stopped: bool = False


def train_job(solution: Solution, iterations: int, report: ProgressReporter,
              cancel: CancelFlag, note: str = "") -> TreeOutcome:
    """Train ``solution`` (worker thread); Stop keeps the iterations done. The browser and the
    values are prepared here too, so the GUI thread only displays them."""
    from omahanash.cfr.browser import TreeBrowser
    from omahanash.cfr.solvers import run_cfr

    report.phase("solving", detail=lambda: (solution.iterations, list(solution.history)))
    stopped = run_cfr(solution, iterations, progress=report, cancel=cancel).stopped
    browser = TreeBrowser(solution)
    # Build the views the tree view shows first (the root and its children) here, not in the
    # GUI thread: on a tree of millions of nodes they take a noticeable fraction of a second.
    for transition in browser.node().transitions:
        browser.goto(tuple(transition.step.split()))
    browser.goto(())
    return TreeOutcome(solution, browser, solution.values(), stopped, note)


def _format_values(values: list[float]) -> str:
    return " · ".join(f"player {i}: {v:+.5f}" for i, v in enumerate(values))


def _format_mix(mix: list[float]) -> str:
    return "(" + ", ".join(f"{p:.4f}" for p in mix) + ")"


class CfrTab(Tab):
    """Solve a game of imperfect information and browse its decision tree."""

    title = "CFR games"
    settings_group = "cfr"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cfrTab")
        self.runner = self.make_runner(
            progressed=self._on_progress, succeeded=self._on_succeeded,
            stopped=self._on_stopped, failed=self._on_failed, finished=self._on_finished)
        self.solution: Solution | None = None
        self.matrix_result: dict[str, Any] | None = None
        self._settings: RunSettings | None = None
        self._live_iterations = 0
        #: The inputs the shown result was computed from (None: opened from a file).
        self._result_key: tuple | None = None
        #: The progress bar's value once idle: how far the shown result got (0: none).
        self._result_progress = 0

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_controls())
        splitter.addWidget(self._build_results())
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([380, 900])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        self._on_game_changed()

    # -- layout -------------------------------------------------------------------------

    def _build_controls(self) -> QWidget:
        panel = QWidget()
        column = QVBoxLayout(panel)

        game_box = QGroupBox("Game")
        form = QFormLayout(game_box)
        self.game_combo = QComboBox(objectName="cfrGameCombo")
        form.addRow("Game", self.game_combo)
        self.settings_stack = QStackedWidget(objectName="cfrSettingsStack")
        pages = {"kuhn": self._kuhn_page, "leduc": self._leduc_page,
                 "domino": self._domino_page, "matrix": self._matrix_page}
        for choice in GAME_CHOICES:  # the library's list: a new game shows up here
            self.game_combo.addItem(choice.title, choice.name)
            self.settings_stack.addWidget(pages[choice.name]())
        form.addRow(self.settings_stack)
        column.addWidget(game_box)

        run_box = QGroupBox("Solver")
        form = QFormLayout(run_box)
        self.algorithm_combo = QComboBox(objectName="cfrAlgorithmCombo")
        self.algorithm_combo.addItems(list(ALGORITHMS))
        self.algorithm_combo.setCurrentText("CFR+")
        self.algorithm_error = ErrorLabel("cfrAlgorithmError")
        form.addRow("Algorithm", with_error(self.algorithm_combo, self.algorithm_error))
        self.iterations_edit = QLineEdit("1000", objectName="cfrIterationsEdit")
        self.iterations_error = ErrorLabel("cfrIterationsError")
        form.addRow("Iterations", with_error(self.iterations_edit, self.iterations_error))
        self.seed_edit = QLineEdit(objectName="cfrSeedEdit")
        self.seed_edit.setPlaceholderText("random")
        self.seed_edit.setToolTip("Seed of the sampling (MCCFR, fictitious play); empty: random")
        self.seed_error = ErrorLabel("cfrSeedError")
        form.addRow("Seed", with_error(self.seed_edit, self.seed_error))
        column.addWidget(run_box)

        buttons = QHBoxLayout()
        self.run_button = RunStopButton("Run", "cfrRunButton")
        self.continue_button = QPushButton("Continue", objectName="cfrContinueButton")
        self.continue_button.setToolTip("Run the number of iterations above once more on the "
                                        "current solution")
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.continue_button)
        column.addLayout(buttons)
        files = QHBoxLayout()
        self.save_button = QPushButton("Save…", objectName="cfrSaveButton")
        self.open_button = QPushButton("Open…", objectName="cfrOpenButton")
        files.addWidget(self.save_button)
        files.addWidget(self.open_button)
        column.addLayout(files)

        self.progress_bar = QProgressBar(objectName="cfrProgressBar")
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setValue(0)
        self.progress_bar.setTextVisible(True)
        column.addWidget(self.progress_bar)
        self.status_label = QLabel("", objectName="cfrStatusLabel")
        self.status_label.setWordWrap(True)
        column.addWidget(self.status_label)
        self.stale_label = QLabel(STALE_TEXT, objectName="cfrStaleLabel")
        self.stale_label.setStyleSheet("color: #8a5a00; font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        column.addWidget(self.stale_label)
        self.result_label = QLabel("", objectName="cfrResultLabel")
        self.result_label.setToolTip(
            "Values: each player's expected winnings per game under the average strategies. "
            + EXPLOITABILITY_TIP)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.result_label)
        self.error_label = ErrorLabel("cfrErrorLabel")
        column.addWidget(self.error_label)
        column.addStretch(1)

        self.game_combo.currentIndexChanged.connect(self._on_game_changed)
        self.algorithm_combo.currentIndexChanged.connect(self._validate)
        self.iterations_edit.textChanged.connect(self._validate)
        self.seed_edit.textChanged.connect(self._validate)
        self.run_button.clicked.connect(self._on_run_clicked)
        self.continue_button.clicked.connect(self.continue_run)
        self.save_button.clicked.connect(self._on_save_clicked)
        self.open_button.clicked.connect(self._on_open_clicked)
        return panel

    def _kuhn_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.kuhn_players_spin = QSpinBox(objectName="kuhnPlayersSpin")
        self.kuhn_players_spin.setRange(2, 4)
        form.addRow("Players", self.kuhn_players_spin)
        form.addRow(QLabel("Cards J, Q, K (one more per extra player); ante 1, bet 1."))
        self.kuhn_players_spin.valueChanged.connect(self._validate)
        return page

    def _leduc_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        note = QLabel("Two players, six cards (J J Q Q K K), one private card each, one "
                      "public card, two betting rounds.")
        note.setWordWrap(True)
        layout.addWidget(note)
        return page

    def _domino_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.domino_tiles_edit = QLineEdit("[0|0][0|1][0|2][1|2]", objectName="dominoTilesEdit")
        self.domino_tiles_edit.setToolTip("Tiles like [0|0][0|1][1|2], or double-N")
        self.domino_preset_combo = QComboBox(objectName="dominoPresetCombo")
        self.domino_preset_combo.addItem("Pick a tile set…")
        self.domino_preset_combo.addItems(list(TILE_PRESETS))
        self.domino_preset_combo.setProperty(PERSIST_PROPERTY, False)
        tiles_cell = QWidget()
        tiles_layout = QVBoxLayout(tiles_cell)
        tiles_layout.setContentsMargins(0, 0, 0, 0)
        tiles_layout.addWidget(self.domino_tiles_edit)
        tiles_layout.addWidget(self.domino_preset_combo)
        form.addRow("Tile set", tiles_cell)
        self.domino_players_spin = QSpinBox(objectName="dominoPlayersSpin")
        self.domino_players_spin.setRange(2, 4)
        form.addRow("Players", self.domino_players_spin)
        self.domino_hand_spin = QSpinBox(objectName="dominoHandSpin")
        self.domino_hand_spin.setRange(1, 7)
        self.domino_hand_spin.setValue(2)
        form.addRow("Hand size", self.domino_hand_spin)
        self.domino_rules_combo = QComboBox(objectName="dominoRulesCombo")
        self.domino_rules_combo.addItems(["thesis", "block"])
        self.domino_rules_combo.setToolTip(
            "thesis: automatic placement, the game ends when everyone passes in a row, fewest "
            "pips wins 1 from each other player; block: choose the end, the game ends when a "
            "hand is empty or nobody can play, the losers pay their pips")
        form.addRow("End-of-game rule", self.domino_rules_combo)
        self.domino_error = ErrorLabel("dominoError")
        form.addRow(self.domino_error)
        self.domino_tiles_edit.textChanged.connect(self._validate)
        self.domino_players_spin.valueChanged.connect(self._validate)
        self.domino_hand_spin.valueChanged.connect(self._validate)
        self.domino_rules_combo.currentIndexChanged.connect(self._validate)
        self.domino_preset_combo.activated.connect(self._on_preset_picked)
        return page

    def _matrix_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.matrix_payoff_edit = QLineEdit("rps", objectName="matrixPayoffEdit")
        self.matrix_payoff_edit.setToolTip(
            "Row player's payoffs, rows separated by ';', e.g. 0,-1,1;1,0,-1;-1,1,0 (zero-sum), "
            "or row/column pairs like 3/3,0/5;5/0,1/1, or a preset: rps, prisoners-dilemma, "
            "matching-pennies, battle-of-the-sexes")
        self.matrix_payoff_error = ErrorLabel("matrixPayoffError")
        form.addRow("Payoffs", with_error(self.matrix_payoff_edit, self.matrix_payoff_error))
        self.matrix_opponent_edit = QLineEdit(objectName="matrixOpponentEdit")
        self.matrix_opponent_edit.setPlaceholderText("optional, e.g. 0.4,0.3,0.3")
        self.matrix_opponent_edit.setToolTip("A fixed column-player mix: then only the row "
                                             "player learns (seed 002's exercise)")
        self.matrix_opponent_error = ErrorLabel("matrixOpponentError")
        form.addRow("Opponent mix",
                    with_error(self.matrix_opponent_edit, self.matrix_opponent_error))
        self.matrix_payoff_edit.textChanged.connect(self._validate)
        self.matrix_opponent_edit.textChanged.connect(self._validate)
        return page

    def _build_results(self) -> QWidget:
        results = QSplitter(Qt.Orientation.Vertical)

        plot_panel = QWidget()
        plot_layout = QVBoxLayout(plot_panel)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        self.plot = ConvergencePlot("exploitability")
        self.plot.setObjectName("exploitabilityPlot")
        self.plot.setMinimumHeight(180)
        self.plot.setToolTip(EXPLOITABILITY_TIP)
        plot_layout.addWidget(self.plot)
        self.log_y_check = QCheckBox("log scale for exploitability",
                                     objectName="exploitabilityLogCheck")
        self.log_y_check.setChecked(True)  # the plot's default: the curve keeps falling
        self.log_y_check.setToolTip("Exploitability on a logarithmic axis: each step down is "
                                    "ten times closer to equilibrium")
        self.log_y_check.toggled.connect(self.plot.set_log_y)
        plot_layout.addWidget(self.log_y_check)
        results.addWidget(plot_panel)

        browser = QSplitter(Qt.Orientation.Horizontal)
        self.tree_model = PublicTreeModel(self)
        self.tree_view = QTreeView(objectName="treeView")
        self.tree_view.setModel(self.tree_model)
        self.tree_view.setUniformRowHeights(True)
        # Long labels ("draw [0|2] [1|2] …") keep both ends; the tooltip has the whole text.
        self.tree_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree_view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.tree_view.setColumnWidth(0, 220)
        self.tree_view.setColumnWidth(1, 70)
        self.tree_view.selectionModel().currentChanged.connect(self._on_tree_current_changed)
        browser.addWidget(self.tree_view)

        strategy_panel = QWidget()
        strategy_layout = QVBoxLayout(strategy_panel)
        strategy_layout.setContentsMargins(0, 0, 0, 0)
        self.node_label = QLabel(NO_TREE_TEXT, objectName="nodeInfoLabel")
        self.node_label.setWordWrap(True)
        strategy_layout.addWidget(self.node_label)
        self.jump_row = QWidget()
        jump = QHBoxLayout(self.jump_row)
        jump.setContentsMargins(0, 0, 0, 0)
        self.infoset_edit = QLineEdit(objectName="infosetEdit")
        self.infoset_edit.setPlaceholderText("information set (key, or a hand / card here)")
        self.infoset_edit.setToolTip("An information set is what one player knows at a "
                                     "decision: the public history plus their private cards "
                                     "or tiles. Type its key, or just the private part to "
                                     "find it at the selected node.")
        self.infoset_button = QPushButton("Go", objectName="infosetGoButton")
        jump.addWidget(QLabel("Jump to"))
        jump.addWidget(self.infoset_edit, 1)
        jump.addWidget(self.infoset_button)
        strategy_layout.addWidget(self.jump_row)
        self.infoset_error = ErrorLabel("infosetError")
        strategy_layout.addWidget(self.infoset_error)
        self.strategy_model = TableModel(self, column_tips=STRATEGY_COLUMN_TIPS)
        self.strategy_table = QTableView(objectName="strategyTable")
        self.strategy_table.setModel(self.strategy_model)
        self.strategy_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.strategy_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.strategy_table.verticalHeader().setVisible(False)
        header = self.strategy_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(40)  # fit to the first rows, not to thousands
        strategy_layout.addWidget(self.strategy_table, 1)
        exports = QHBoxLayout()
        for button in export_buttons(self, self.export_table, csv_name="exportCsvButton",
                                     title="Export the strategy table"):
            exports.addWidget(button)
        exports.addStretch(1)
        strategy_layout.addLayout(exports)
        browser.addWidget(strategy_panel)
        browser.setSizes([340, 560])
        results.addWidget(browser)
        results.setSizes([320, 480])

        self.infoset_button.clicked.connect(self.jump_to_infoset)
        self.infoset_edit.returnPressed.connect(self.jump_to_infoset)
        return results

    # -- validation ---------------------------------------------------------------------

    @property
    def game_key(self) -> str:
        return str(self.game_combo.currentData())

    def _on_game_changed(self) -> None:
        """Another game: the results (and a Jump-to message) of the last one go."""
        self.settings_stack.setCurrentIndex(self.game_combo.currentIndex())
        if self.solution is not None or self.matrix_result is not None:
            self._clear_results()
        self.infoset_error.clear_error()
        self._validate()

    def _on_preset_picked(self, index: int) -> None:
        caption = self.domino_preset_combo.itemText(index)
        if caption in TILE_PRESETS:
            tiles, hand = TILE_PRESETS[caption]
            self.domino_tiles_edit.setText(tiles)
            if hand is not None:
                self.domino_players_spin.setValue(2)
                self.domino_hand_spin.setValue(hand)
        self.domino_preset_combo.setCurrentIndex(0)

    def _make_tree_game(self) -> Game:
        from omahanash.games import make_game

        key = self.game_key
        if key == "kuhn":
            return make_game("kuhn", players=self.kuhn_players_spin.value())
        if key == "leduc":
            return make_game("leduc")
        from omahanash.games.domino import make_domino_game

        return make_domino_game(tiles=self.domino_tiles_edit.text(),
                                players=self.domino_players_spin.value(),
                                hand=self.domino_hand_spin.value(),
                                rules=self.domino_rules_combo.currentText())

    def _check_matrix(self) -> tuple[bool, str, str | None]:
        """Validate the matrix fields (errors shown beside them): (valid, payoff, mix)."""
        from omahanash.games.matrix import parse_matrix_game, parse_mix

        payoff = self.matrix_payoff_edit.text().strip()
        opponent = self.matrix_opponent_edit.text().strip() or None
        self.matrix_opponent_error.clear_error()
        try:
            game = parse_matrix_game(payoff)
        except InputError as exc:
            self.matrix_payoff_error.show_error(str(exc))
            return False, payoff, opponent
        self.matrix_payoff_error.clear_error()
        if opponent is not None:
            try:
                parse_mix(opponent, game.shape[1])
            except InputError as exc:
                self.matrix_opponent_error.show_error(str(exc))
                return False, payoff, opponent
        return True, payoff, opponent

    def _validate(self) -> RunSettings | None:
        """Check every input, say what is wrong next to the field, and enable Run only when
        all is well; returns the run's settings (None when invalid)."""
        valid = True
        key = self.game_key
        algorithm = ALGORITHMS[self.algorithm_combo.currentText()]
        if key == "matrix" and algorithm in TREE_ONLY:
            self.algorithm_error.show_error(
                "MCCFR samples a game tree; for a matrix game choose CFR (regret matching), "
                "CFR+ (regret matching+) or Fictitious play")
            valid = False
        elif key != "matrix" and algorithm in MATRIX_ONLY:
            self.algorithm_error.show_error("Fictitious play is for matrix games only")
            valid = False
        else:
            self.algorithm_error.clear_error()
        try:
            iterations = parse_positive_int(self.iterations_edit.text(), "number of iterations",
                                            MAX_ITERATIONS)
            self.iterations_error.clear_error()
        except ValueError as exc:
            self.iterations_error.show_error(str(exc))
            iterations, valid = 0, False
        try:
            seed = parse_optional_seed(self.seed_edit.text())
            self.seed_error.clear_error()
        except ValueError as exc:
            self.seed_error.show_error(str(exc))
            seed, valid = None, False

        settings: RunSettings | None = None
        if key == "matrix":
            matrix_ok, payoff, opponent = self._check_matrix()
            valid = valid and matrix_ok
            if valid:
                settings = RunSettings(key, algorithm, iterations, seed, payoff=payoff,
                                       opponent=opponent)
        else:
            try:
                game = self._make_tree_game()
                self.domino_error.clear_error()
            except InputError as exc:
                self.domino_error.show_error(str(exc))
                game, valid = None, False
            if valid:
                settings = RunSettings(key, algorithm, iterations, seed, game=game)
        self._settings = settings
        self.run_button.set_inputs_valid(settings is not None)
        self._refresh_buttons()
        self._refresh_views()
        return settings

    def _inputs_key(self) -> tuple:
        """What a result depends on: the game, its settings and the algorithm (not the number
        of iterations or the seed: Continue adds iterations to the same solution)."""
        key = self.game_key
        settings: tuple = {
            "kuhn": (self.kuhn_players_spin.value(),),
            "leduc": (),
            "domino": (self.domino_tiles_edit.text().strip(), self.domino_players_spin.value(),
                       self.domino_hand_spin.value(), self.domino_rules_combo.currentText()),
            "matrix": (self.matrix_payoff_edit.text().strip(),
                       self.matrix_opponent_edit.text().strip()),
        }[key]
        return key, settings, self.algorithm_combo.currentText()

    def _refresh_views(self) -> None:
        """Show what the game can show (a matrix game has no tree to browse) and mark results
        of other inputs as stale."""
        has_result = self.solution is not None or self.matrix_result is not None
        tree_shown = self.solution is not None or (self.matrix_result is None
                                                   and self.game_key != "matrix")
        self.tree_view.setVisible(tree_shown)
        self.jump_row.setVisible(tree_shown)
        if not tree_shown:
            self.infoset_error.clear_error()
        stale = (has_result and not self.runner.running and self._result_key is not None
                 and self._result_key != self._inputs_key())
        self.stale_label.setVisible(stale)
        self.result_label.setStyleSheet("color: #808080;" if stale else "")
        self.plot.getPlotItem().setOpacity(STALE_OPACITY if stale else 1.0)

    def _refresh_buttons(self) -> None:
        busy = self.runner.running
        has_tree = self.solution is not None
        self.continue_button.setEnabled(
            not busy and has_tree and self._settings is not None
            and not self.iterations_error.text())
        self.save_button.setEnabled(not busy and has_tree)
        self.open_button.setEnabled(not busy)
        for widget in (self.game_combo, self.settings_stack, self.algorithm_combo,
                       self.iterations_edit, self.seed_edit):
            widget.setEnabled(not busy)

    # -- running --------------------------------------------------------------------------

    def _on_run_clicked(self) -> None:
        if self.runner.running:
            self.stop()
        else:
            self.run()

    def run(self) -> bool:
        """Start a new run with the current settings; False when they are invalid."""
        settings = self._validate()
        if settings is None or self.runner.running:
            return False
        self._clear_results()
        self._result_key = self._inputs_key()
        if settings.game is not None:
            game, algorithm, iterations, seed = (settings.game, settings.algorithm,
                                                 settings.iterations, settings.seed)

            def job(report: ProgressReporter, cancel: CancelFlag) -> TreeOutcome:
                from omahanash.cfr.compiler import DEFAULT_MAX_NODES, compile_game
                from omahanash.cfr.solvers import new_solution

                report.phase("building the tree")
                tree = compile_game(game, DEFAULT_MAX_NODES, progress=report, cancel=cancel)
                return train_job(new_solution(tree, algorithm, seed), iterations, report, cancel)

            label = f"{self.game_combo.currentText()}, {self.algorithm_combo.currentText()}"
        else:
            payoff, opponent = settings.payoff, settings.opponent
            algorithm, iterations, seed = settings.algorithm, settings.iterations, settings.seed

            def job(report: ProgressReporter, cancel: CancelFlag) -> MatrixOutcome:
                from omahanash.games.matrix import solve_matrix

                report.phase("solving")
                result, outcome = solve_matrix(payoff, algorithm, iterations, opponent, seed,
                                               progress=report, cancel=cancel)
                return MatrixOutcome(result, outcome.stopped)

            label = f"matrix game, {self.algorithm_combo.currentText()}"
        self._start(job, f"Running {label}: {settings.iterations:,} iterations…")
        return True

    def export_table(self, path: str, fmt: str | None = None) -> bool:
        """Write the strategy table shown as CSV or JSON (``fmt``; default: the suffix)."""
        return self.export_view(self.strategy_table, path, fmt, self.error_label)

    def continue_run(self) -> bool:
        """Train the current solution for the number of iterations typed once more."""
        settings = self._validate()
        solution = self.solution
        if solution is None or settings is None or self.runner.running:
            return False
        iterations = settings.iterations
        self._detach_browser()
        self.error_label.clear_error()

        def job(report: ProgressReporter, cancel: CancelFlag) -> TreeOutcome:
            return train_job(solution, iterations, report, cancel)

        self._start(job, f"Continuing: {iterations:,} more iterations…")
        return True

    def stop(self) -> None:
        """Stop the run between iterations; what was computed is kept."""
        if self.runner.running:
            self.runner.stop()
            self.run_button.set_stopping()
            self.status_message.emit("Stopping…")

    def _start(self, job: Any, message: str) -> None:
        self.runner.start(job)
        self.run_button.set_running(True)
        self._refresh_buttons()
        self.status_label.setText(message)
        self.status_message.emit(message)

    def _clear_results(self) -> None:
        self.solution = None
        self.matrix_result = None
        self._live_iterations = 0
        self._result_progress = 0
        self.tree_model.set_browser(None)
        self.strategy_model.clear()
        self.node_label.setText(NO_TREE_TEXT)
        self.plot.set_history([])
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat("%p%")
        self.result_label.setText("")
        self.error_label.clear_error()
        self.infoset_error.clear_error()

    def _detach_browser(self) -> None:
        """The solution is about to change in the worker: stop browsing it."""
        self.tree_model.set_browser(None)
        self.strategy_model.clear()
        self.infoset_error.clear_error()
        self.node_label.setText("Running…")

    def _on_progress(self, done: float, total: float, phase: str, detail: object) -> None:
        fraction = done / total if total > 0 else 0.0
        self.progress_bar.setValue(int(1000 * min(max(fraction, 0.0), 1.0)))
        self.progress_bar.setFormat(f"{phase} %p%")
        if isinstance(detail, tuple):  # (iterations so far, exploitability history)
            iterations, history = detail
            self._live_iterations = iterations
            text = f"Iteration {iterations:,}"
            if history:
                text += f" · exploitability {history[-1][1]:.3g}"
                self.plot.set_history(history)
            self.status_label.setText(text)
        elif phase:
            self.status_label.setText(f"{phase[0].upper()}{phase[1:]}… {100 * fraction:.0f}%")

    def _on_succeeded(self, outcome: object) -> None:
        if isinstance(outcome, TreeOutcome):
            self._show_tree_outcome(outcome)
        elif isinstance(outcome, MatrixOutcome):
            self._show_matrix_outcome(outcome.result, outcome.stopped)
        elif isinstance(outcome, Path):
            self.status_message.emit(f"Saved {outcome}")
            self.result_label.setText(self.result_label.text() + f"\nSaved to {outcome}.")

    def _on_stopped(self) -> None:
        self.status_label.setText("Stopped before the first iteration: nothing to keep.")
        self.status_message.emit("Stopped")

    def _on_failed(self, message: str) -> None:
        self.error_label.show_error(message)
        self.status_label.setText("")
        self.status_message.emit("Failed: " + message)

    def _on_finished(self) -> None:
        """Back to idle, whatever ended the job (done, stopped at any moment, failed): no
        "Running…" or progress phase is left behind."""
        self.run_button.set_running(False)
        if self.solution is not None and self.tree_model.browser is None:
            # A Continue that failed part-way: the solution is in an unknown state.
            message = self.error_label.text()
            self._clear_results()
            self.error_label.show_error(message)
        if self.solution is None and self.matrix_result is None:
            self.node_label.setText(NO_TREE_TEXT)
        self.progress_bar.setFormat("%p%")
        self.progress_bar.setValue(self._result_progress)
        self._validate()

    # -- showing results --------------------------------------------------------------------

    def _show_tree_outcome(self, outcome: TreeOutcome) -> None:
        solution = outcome.solution
        self.solution = solution
        self.matrix_result = None
        tree = solution.tree
        self.plot.set_history(solution.history)
        self._result_progress = 1000 if not outcome.stopped else self.progress_bar.value()
        last = solution.history[-1][1] if solution.history else float("nan")
        head = (f"Stopped after {solution.iterations:,} iterations (kept)." if outcome.stopped
                else f"Done: {solution.iterations:,} iterations.")
        if outcome.note:
            head = outcome.note + " " + head
        settings = ", ".join(f"{k} {v}" for k, v in tree.settings.items())
        lines = [
            head,
            f"Game: {tree.game_name}" + (f" ({settings})" if settings else "")
            + f", {solution.algorithm}",
            f"Tree: {tree.num_nodes:,} nodes, {tree.num_infosets:,} information sets, "
            f"{len(tree.public_histories):,} public nodes",
            f"Values: {_format_values(outcome.values)}",
            f"Exploitability (NashConv / players): {last:.6g}",
        ]
        self.result_label.setText("\n".join(lines))
        self.status_label.setText("")
        self.status_message.emit(head)
        self.tree_model.set_browser(outcome.browser)
        root = self.tree_model.index(0, 0)
        self.tree_view.expand(root)
        self.tree_view.setCurrentIndex(root)

    def _show_matrix_outcome(self, result: dict[str, Any], stopped: bool) -> None:
        self.solution = None
        self.matrix_result = result
        self.plot.set_history([tuple(point) for point in result["exploitability"]])
        self._result_progress = self.progress_bar.value() if stopped else 1000
        head = (f"Stopped after {result['iterations']:,} iterations (kept)." if stopped
                else f"Done: {result['iterations']:,} iterations.")
        lines = [head, f"Values of the average profile: {_format_values(result['values'])}"]
        if "value" in result:
            lines.append(f"Exact game value (row player): {result['value']:.6g}")
        for equilibrium in result.get("equilibria", []):
            row_mix, column_mix = equilibrium["strategies"]
            payoffs = _format_mix(equilibrium["payoffs"])
            lines.append(f"Equilibrium: row {_format_mix(row_mix)}, column "
                         f"{_format_mix(column_mix)}, payoffs {payoffs}")
        if "best_response" in result:
            lines.append(f"Best response to the opponent's mix: {result['best_response']} "
                         f"(worth {result['best_response_value']:.6g})")
        if result["exploitability"]:
            lines.append(f"Exploitability: {result['exploitability'][-1][1]:.6g}")
        self.result_label.setText("\n".join(lines))
        self.status_label.setText("")
        self.status_message.emit(head)
        rows = []
        for player, (actions, mix) in enumerate(zip(result["actions"], result["strategies"])):
            name = "row player" if player == 0 else "column player"
            rows.extend([name, action, float(p)] for action, p in zip(actions, mix))
        self.strategy_model.set_table(["Player", "Action", "Average probability"], rows)
        self.node_label.setText("Matrix game: one simultaneous decision; average strategies "
                                "below.")

    def _on_tree_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        view = self.tree_model.view_at(current)
        if view is None:
            return
        columns, rows = strategy_rows(view)
        self.strategy_model.set_table(columns, rows)
        self.node_label.setText(describe_node(view))

    def select_path(self, path: tuple[str, ...] | str) -> bool:
        """Select the public node with this history in the tree view (expanding the way)."""
        if isinstance(path, str):
            path = tuple(path.split())
        index = self.tree_model.index_for_path(path)
        if not index.isValid():
            return False
        parent = index.parent()
        while parent.isValid():
            self.tree_view.expand(parent)
            parent = parent.parent()
        self.tree_view.setCurrentIndex(index)
        self.tree_view.scrollTo(index)
        return True

    def jump_to_infoset(self) -> None:
        """Go to the information set typed in the jump field: its public node, its row."""
        browser = self.tree_model.browser
        text = self.infoset_edit.text().strip()
        if browser is None:
            self.infoset_error.show_error("solve or open a game first")
            return
        if not text:
            self.infoset_error.show_error("type an information set key or a private label")
            return
        current = self.tree_model.path_at(self.tree_view.currentIndex())
        if current is not None:
            browser.goto(current)  # a label is looked up at the selected node
        try:
            found = browser.find_infoset(text)
        except InputError as exc:
            self.infoset_error.show_error(str(exc))
            return
        self.infoset_error.clear_error()
        self.select_path(found.path)
        for row in range(self.strategy_model.rowCount()):
            if self.strategy_model.row_values(row)[0] in (found.label, found.key):
                self.strategy_table.selectionModel().select(
                    self.strategy_model.index(row, 0),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows)
                self.strategy_table.scrollTo(self.strategy_model.index(row, 0))
                break
        shown = ", ".join(f"{name} {p:.5f}" for name, p in found.strategy.items())
        self.node_label.setText(f"{describe_node(browser.node())}\nInformation set "
                                f"{found.key} (player {found.player}): {shown}")

    # -- save / open ------------------------------------------------------------------------

    def _on_save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save solved game", "solution.npz",
                                              SOLUTION_FILTER)
        if path:
            self.save_to(path)

    def _on_open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open solved game", "", SOLUTION_FILTER)
        if path:
            self.open_from(path)

    def save_to(self, path: str | Path) -> bool:
        """Save the current solution (in the worker); errors appear in the window."""
        solution = self.solution
        if solution is None or self.runner.running:
            return False
        target = Path(path)

        def job(report: ProgressReporter, cancel: CancelFlag) -> Path:
            from omahanash.cfr.storage import save_solution

            report.phase("saving")
            try:
                return save_solution(solution, target)
            except OSError as exc:
                raise InputError(f"cannot save to {target}: {exc.strerror or exc}") from None

        self.error_label.clear_error()
        self._start(job, f"Saving {target}…")
        return True

    def open_from(self, path: str | Path) -> bool:
        """Open a saved solution (in the worker) and browse it."""
        if self.runner.running:
            return False
        source = Path(path)

        def job(report: ProgressReporter, cancel: CancelFlag) -> TreeOutcome:
            from omahanash.cfr.storage import load_solution

            report.phase("opening")
            return train_job(load_solution(source), 0, report, cancel,
                             note=f"Opened {source.name}.")

        self._clear_results()
        self._result_key = None
        self._start(job, f"Opening {source}…")
        return True
