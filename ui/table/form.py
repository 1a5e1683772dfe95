"""The Table tab's form (:class:`TableForm`): type, players, the unit of the stacks, blinds and
antes, payouts, iterations, deals, seed, locks, the buttons and the run's messages. Its first
texts are :class:`ui.table.model.TableInputs`'s (the tab's opening spot and the library's
defaults); the stacks live in the seats of the oval (:mod:`ui.table.seats`), reached through
``stack_edits``. No rules here: :mod:`ui.table.model` checks what is typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from omahanash.pushfold.spot import MAX_PLAYERS, MIN_PLAYERS
from ui.kit.common import ErrorLabel, RunStopButton, named, with_error
from ui.kit.equity_table import EquityTableLabel
from ui.table.betting.model import (
    BETTING,
    POSTFLOP_TIPS,
    POSTFLOP_WORDS,
    default_betting,
    used_settings,
)
from ui.table.model import MODELS, PAYOUT_PRESETS, STACK_UNITS, VARIANTS, TableInputs


def _edit(name: str, text: str = "", width: int = 110) -> QLineEdit:
    edit = named(QLineEdit(text), name)
    edit.setMaximumWidth(width)
    return edit


class TableForm(QGroupBox):
    """The form of the Table tab (see the module)."""

    def __init__(self, stack_edits: Callable[[], list[QLineEdit]],
                 parent: QWidget | None = None) -> None:
        super().__init__("Table", parent)
        self.stack_edits = stack_edits
        self._unit = self._unit_before = "chips"  # the unit of the stack fields (and before)
        d = TableInputs()
        self.type_combo = named(QComboBox(), "tableTypeCombo")
        self.type_combo.addItems(list(VARIANTS))
        self.type_combo.setCurrentText(d.variant)
        self.seats_spin = named(QSpinBox(), "tableSeatsSpin")
        self.seats_spin.setRange(MIN_PLAYERS, MAX_PLAYERS)
        self.seats_spin.setValue(len(d.stacks))
        self.units_combo = named(QComboBox(), "tableUnitsCombo")
        self.units_combo.addItems(list(STACK_UNITS))
        self.sb_edit, self.bb_edit = _edit("tableSbEdit", d.sb), _edit("tableBbEdit", d.bb)
        self.ante_edit = _edit("tableAnteEdit", d.ante)
        self.bb_ante_edit = _edit("tableBbAnteEdit", d.bb_ante)
        self.preset_combo = named(QComboBox(), "payoutPresetCombo")
        self.preset_combo.addItems(list(PAYOUT_PRESETS))
        self.preset_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.preset_combo.setMinimumContentsLength(12)
        self.payouts_edit = _edit("payoutsEdit", d.payouts, 160)
        self.payout_model_combo = named(QComboBox(), "payoutModelCombo")
        self.payout_model_combo.addItems(list(MODELS))
        self.payout_model_combo.setCurrentText(d.model)
        self.iterations_edit = _edit("tableIterationsEdit", d.iterations)
        self.iterations_edit.setPlaceholderText("to the target")
        self.deals_edit = _edit("tableDealsEdit", d.deals)
        self.deals_edit.setPlaceholderText("default")
        self.seed_edit = _edit("tableSeedEdit", d.seed)
        self.locks_edit = _edit("tableLocksEdit", d.locks, 260)
        self.locks_edit.setPlaceholderText("BTN=top 20%; SB vs BTN=22+")
        # the betting tree and its settings (those the chosen tree does not read disabled)
        self.tree_combo = named(QComboBox(), "tableTreeCombo")
        self.tree_combo.addItems(list(BETTING))
        self.tree_combo.setCurrentText(d.tree)
        self.tree_combo.setToolTip(
            "The preflop betting: push/fold (fold or all in), pot limit (fold, call, raise "
            "the pot; with limps: every seat may limp), no limit (fold, limp, raise to the "
            "open size, all in), or a tree file (.toml)")
        self.open_size_edit = _edit("tableOpenSizeEdit", d.open_size, 70)
        self.open_size_edit.setToolTip("No limit: the open raise, in big blinds")
        self.max_raises_spin = named(QSpinBox(), "tableMaxRaisesSpin")
        self.max_raises_spin.setRange(1, 6)
        self.max_raises_spin.setValue(int(d.max_raises))
        self.max_raises_spin.setToolTip("The most raises in a hand (the open counts); then "
                                        "calls only")
        self.postflop_combo = named(QComboBox(), "tablePostflopCombo")
        self.postflop_combo.addItems(list(POSTFLOP_WORDS))
        self.postflop_combo.setCurrentText(d.postflop)
        for k, model in enumerate(POSTFLOP_WORDS.values()):
            self.postflop_combo.setItemData(k, POSTFLOP_TIPS[model],
                                            Qt.ItemDataRole.ToolTipRole)
        self.postflop_combo.setToolTip("What happens after the preflop betting when two "
                                       "players or more still have chips behind")
        self.tree_file_edit = _edit("tableTreeFileEdit", d.tree_file, 170)
        self.tree_file_edit.setPlaceholderText("a .toml tree file")
        self.tree_file_button = named(QPushButton("Browse…"), "tableTreeFileButton")
        self.errors = {key: ErrorLabel(f"table{key.title().replace('_', '')}Error")
                       for key in ("sb", "bb", "ante", "bb_ante", "payouts", "iterations",
                                   "deals", "seed", "locks", "tree", "open_size",
                                   "max_raises", "tree_file")}
        self.calculate_button = RunStopButton("Calculate", "tableCalculateButton")
        self.continue_button = named(QPushButton("Continue"), "tableContinueButton")
        self.save_button = named(QPushButton("Save…"), "tableSaveButton")
        self.open_button = named(QPushButton("Open…"), "tableOpenButton")
        self.export_csv_button = named(QPushButton("Export CSV…"), "tableExportCsvButton")
        self.export_json_button = named(QPushButton("Export JSON…"), "tableExportJsonButton")
        self.export_png_button = named(QPushButton("Save image…"), "tableExportPngButton")
        self.run_error = ErrorLabel("tableRunError")
        self.stale_label = named(QLabel(), "tableStaleLabel")
        self.stale_label.setWordWrap(True)
        self.stale_label.setStyleSheet("color: #8a5a00;")
        self.summary_label = named(QLabel(), "tableSummaryLabel")
        self.summary_label.setWordWrap(True)
        #: a running job's provisional mark, then how the run ended (converged, stalled,
        #: iterations, stopped)
        self.run_status = named(QLabel(), "tableRunStatus")
        self.run_status.setWordWrap(True)
        #: which equity table the result stands on (a coarse one marked)
        self.equity_table_label = EquityTableLabel("tableEquityTableLabel")

        form = QFormLayout()
        form.addRow("Type", self.type_combo)
        form.addRow("Players", self.seats_spin)
        form.addRow("Stacks in", self.units_combo)
        for label, key, edit in (("SB", "sb", self.sb_edit), ("BB", "bb", self.bb_edit),
                                 ("Ante", "ante", self.ante_edit),
                                 ("BB ante", "bb_ante", self.bb_ante_edit)):
            form.addRow(label, with_error(edit, self.errors[key]))
        form.addRow("Preset", self.preset_combo)
        form.addRow("Payouts", with_error(self.payouts_edit, self.errors["payouts"]))
        form.addRow("Model", self.payout_model_combo)
        form.addRow("Betting", with_error(self.tree_combo, self.errors["tree"]))
        tree_row = QHBoxLayout()
        tree_row.addWidget(self.open_size_edit)
        tree_row.addWidget(QLabel("max raises"))
        tree_row.addWidget(self.max_raises_spin)
        tree_row.addStretch(1)
        form.addRow("Open (bb)", tree_row)
        form.addRow("", self.errors["open_size"])
        form.addRow("", self.errors["max_raises"])
        form.addRow("After preflop", self.postflop_combo)
        file_row = QHBoxLayout()
        file_row.addWidget(self.tree_file_edit, 1)
        file_row.addWidget(self.tree_file_button)
        form.addRow("Tree file", file_row)
        form.addRow("", self.errors["tree_file"])
        form.addRow("Iterations", with_error(self.iterations_edit, self.errors["iterations"]))
        form.addRow("Deals", with_error(self.deals_edit, self.errors["deals"]))
        form.addRow("Seed", with_error(self.seed_edit, self.errors["seed"]))
        form.addRow("Locks", with_error(self.locks_edit, self.errors["locks"]))
        buttons = QGridLayout()
        for k, button in enumerate((self.calculate_button, self.continue_button,
                                    self.save_button, self.open_button, self.export_csv_button,
                                    self.export_json_button, self.export_png_button)):
            buttons.addWidget(button, k // 2, k % 2)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addLayout(buttons)
        for widget in (self.run_error, self.stale_label, self.summary_label, self.run_status,
                       self.equity_table_label):
            column.addWidget(widget)
        self.preset_combo.activated.connect(self._on_preset)
        self.units_combo.currentIndexChanged.connect(self._on_units_changed)
        self.type_combo.currentIndexChanged.connect(self._on_type_changed)
        self.tree_combo.currentIndexChanged.connect(self._on_tree_changed)
        self.tree_file_button.clicked.connect(self._ask_tree_file)
        self._on_tree_changed()

    def _on_type_changed(self) -> None:
        """A game opens on its betting: Omaha on Pot-limit, Hold'em on Push/fold."""
        self.tree_combo.setCurrentText(default_betting(self.type_combo.currentText()))

    def _on_tree_changed(self) -> None:
        """Enable the settings the chosen tree reads, disable the others (their messages
        go)."""
        used = used_settings(self.tree_combo.currentText())
        for key, widgets in (("open_size", (self.open_size_edit,)),
                             ("max_raises", (self.max_raises_spin,)),
                             ("postflop", (self.postflop_combo,)),
                             ("tree_file", (self.tree_file_edit, self.tree_file_button)),
                             ("locks", (self.locks_edit,))):
            for widget in widgets:
                widget.setEnabled(key in used)
            if key not in used and key in self.errors:
                self.errors[key].show_error("")

    def _ask_tree_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "A tree file", "",
                                              "Tree files (*.toml);;All files (*)")
        if path:
            self.tree_file_edit.setText(path)
    def fill_request(self, variant: str, stacks: tuple[float, ...], sb: float, bb: float,
                     ante: float, bb_ante: float, payouts: str) -> None:
        """Put a spot opened from another tab in the form (stacks in chips; payouts "" for
        chip EV); iterations, deals and locks go back to their defaults (the equilibrium from
        the cache of equilibria, as the review solved it)."""
        self.type_combo.setCurrentText(next(k for k, v in VARIANTS.items() if v == variant))
        self.tree_combo.setCurrentText("Push/fold")  # the review's model
        self.seats_spin.setValue(len(stacks))
        self.units_combo.setCurrentText("chips")
        for edit, stack in zip(self.stack_edits(), stacks, strict=False):
            edit.setText(f"{stack:g}")
        for edit, value in ((self.sb_edit, sb), (self.bb_edit, bb), (self.ante_edit, ante),
                            (self.bb_ante_edit, bb_ante)):
            edit.setText(f"{value:g}")
        self.payout_model_combo.setCurrentText("ICM" if payouts else "Chips")
        if payouts:
            self.payouts_edit.setText(payouts)
            # the preset that pays so (a 6-max sit-and-go's 65/35 with 5 left), if one does
            preset = next((k for k, v in PAYOUT_PRESETS.items() if v == payouts), None)
            if preset is not None:
                self.preset_combo.setCurrentText(preset)
        for edit in (self.iterations_edit, self.deals_edit, self.locks_edit):
            edit.clear()
        self.seed_edit.setText("0")

    def show_equity_table(self, text: str, coarse: bool) -> None:
        """Say which equity table the result stands on; a coarse one in the warning colour."""
        self.equity_table_label.show_table(text, coarse)

    def edits(self) -> list[QLineEdit]:
        """Every text field of the form, the seats' stacks last."""
        return [self.sb_edit, self.bb_edit, self.ante_edit, self.bb_ante_edit,
                self.payouts_edit, self.iterations_edit, self.deals_edit, self.seed_edit,
                self.locks_edit, self.open_size_edit, self.tree_file_edit] + self.stack_edits()

    def inputs(self) -> TableInputs:
        """The form as typed (the stacks of the seats in play)."""
        n = self.seats_spin.value()
        return TableInputs(
            variant=self.type_combo.currentText(),
            stacks=[e.text() for e in self.stack_edits()[:n]],
            unit=self.units_combo.currentText(), sb=self.sb_edit.text(),
            bb=self.bb_edit.text(), ante=self.ante_edit.text(),
            bb_ante=self.bb_ante_edit.text(), payouts=self.payouts_edit.text(),
            model=self.payout_model_combo.currentText(), iterations=self.iterations_edit.text(),
            deals=self.deals_edit.text(), seed=self.seed_edit.text(),
            locks=self.locks_edit.text(), tree=self.tree_combo.currentText(),
            open_size=self.open_size_edit.text(), max_raises=str(self.max_raises_spin.value()),
            postflop=self.postflop_combo.currentText(), tree_file=self.tree_file_edit.text())

    def show_errors(self, errors: dict[str, str]) -> None:
        for key, label in self.errors.items():
            label.show_error(errors.get(key, ""))

    def fill(self, spot: object, deals: object, settings: object = None) -> None:
        """Put an opened solution's spot in the form (stacks in chips; ``settings``: a
        betting tree's :class:`~omahanash.trees.TreeSettings`, as it was solved — a tree
        file's path too)."""
        from omahanash.pushfold import PushFoldSpot

        assert isinstance(spot, PushFoldSpot)
        self.type_combo.setCurrentText(next(k for k, v in VARIANTS.items()
                                            if v == str(spot.variant)))
        self.seats_spin.setValue(spot.players)
        self.units_combo.setCurrentText("chips")
        for edit, stack in zip(self.stack_edits(), spot.stacks, strict=False):
            edit.setText(f"{stack:g}")
        for edit, value in ((self.sb_edit, spot.sb), (self.bb_edit, spot.bb),
                            (self.ante_edit, spot.ante), (self.bb_ante_edit, spot.bb_ante)):
            edit.setText(f"{value:g}")
        self.payout_model_combo.setCurrentText("ICM" if spot.model == "icm" else "Chips")
        if spot.model == "icm":
            self.payouts_edit.setText(spot.payouts_text)
        self.deals_edit.setText("exact" if getattr(deals, "exact", False)
                                else str(getattr(deals, "count", "")))
        self.seed_edit.setText(str(getattr(deals, "seed", 0)))
        self.locks_edit.clear()
        self._fill_tree(settings)

    def _fill_tree(self, tree: Any) -> None:
        """An opened solution's betting tree and its settings (None: Push/fold)."""
        if tree is None:
            self.tree_combo.setCurrentText("Push/fold")
            return
        label = next((k for k, v in BETTING.items() if v == tree.preset), "Tree file…")
        self.tree_combo.setCurrentText(label)
        if label == "Tree file…":  # the file's path (TreeSettings.preset)
            self.tree_file_edit.setText(str(tree.preset))
        self.open_size_edit.setText(f"{tree.open_size:g}")
        self.max_raises_spin.setValue(tree.max_raises)
        self.postflop_combo.setCurrentText(next(k for k, v in POSTFLOP_WORDS.items()
                                                if v == tree.postflop))

    def _on_preset(self) -> None:
        text = PAYOUT_PRESETS[self.preset_combo.currentText()]
        if text:
            self.payouts_edit.setText(text)
            self.payout_model_combo.setCurrentText("ICM")

    def _on_units_changed(self) -> None:
        """The unit changed (by the user, or by code: restored, a session, an opened file,
        whose stacks are already in it); :meth:`convert_units` follows at once when it was
        the user."""
        self._unit_before, self._unit = self._unit, self.units_combo.currentText()
        QTimer.singleShot(0, self._forget_unit_change)

    def _forget_unit_change(self) -> None:
        self._unit_before = self._unit

    def convert_units(self) -> None:
        """The user switched chips / big blinds: the stacks are converted by the BB (a
        stack that is not a number stays as typed)."""
        unit, before = self.units_combo.currentText(), self._unit_before
        self._unit_before = unit
        if unit == before:
            return
        try:
            bb = float(self.bb_edit.text().replace(",", ""))
        except ValueError:
            bb = 0.0
        if bb > 0:
            for edit in self.stack_edits():
                try:
                    value = float(edit.text().replace(",", ""))
                except ValueError:
                    continue
                value = value / bb if unit == "bb" else value * bb
                edit.setText(f"{round(value, 4):g}")
