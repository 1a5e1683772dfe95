"""The Jam-fold tab's game form (thesis Figure 3): units, ante, type, blinds, stacks,
iterations, solver, each with its error beside it, and the tab's buttons.

The form only holds text: :meth:`GameForm.inputs` hands it to :func:`ui.jamfold.model.check_inputs`
and :meth:`GameForm.show_errors` puts the answer beside each field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from omahanash.cards import Variant
from ui.jamfold.model import FIELDS, SOLVERS, VARIANTS, WORDS, JamFoldInputs, parse_number
from ui.kit.common import ErrorLabel, RunStopButton, with_error
from ui.kit.units import UNITS, field_text, from_chips, to_chips

if TYPE_CHECKING:
    from omahanash.jamfold import JamFoldParams


def word_label(text: str) -> QLabel:
    """A form label with its meaning in plain words on hover (:data:`~ui.jamfold.model.WORDS`)."""
    label = QLabel(text)
    label.setToolTip(WORDS.get(text, ""))
    return label


def _edit(text: str, name: str) -> QLineEdit:
    edit = QLineEdit(text)
    edit.setObjectName(name)
    return edit


def _button(text: str, name: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    return button


class GameForm(QGroupBox):
    """The inputs and buttons; every widget keeps the object name the tests and the
    settings store know it by."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from omahanash.jamfold import JamFoldParams

        super().__init__("Game", parent)
        defaults = JamFoldParams()  # the one place of the spot's defaults (in chips)
        form = QFormLayout(self)
        self.units_combo = QComboBox()
        self.units_combo.setObjectName("unitsCombo")
        self.units_combo.addItems(list(UNITS))
        self.units_combo.setToolTip("Enter and show SB, ante, stacks and EVs in chips or in "
                                    "big blinds (BB stays in chips: it is the size of 1 bb)")
        form.addRow("Units", self.units_combo)
        self.ante_edit = _edit(field_text(defaults.ante), "anteEdit")
        self.ante_error = ErrorLabel("anteError")
        form.addRow(word_label("Ante"), with_error(self.ante_edit, self.ante_error))
        self.type_combo = QComboBox()
        self.type_combo.setObjectName("typeCombo")
        for variant in VARIANTS:
            self.type_combo.addItem(variant.display_name, variant)
        self.type_combo.setCurrentText(defaults.variant.display_name)
        form.addRow("Type", self.type_combo)
        self.sb_edit = _edit(field_text(defaults.sb), "sbEdit")
        self.sb_error = ErrorLabel("sbError")
        self.sb_label = QLabel("SB")
        form.addRow(self.sb_label, with_error(self.sb_edit, self.sb_error))
        self.bb_edit = _edit(field_text(defaults.bb), "bbEdit")
        self.bb_error = ErrorLabel("bbError")
        self.bb_label = QLabel("BB")
        self.bb_label.setToolTip("The big blind, in chips in both units: it is 1 bb")
        form.addRow(self.bb_label, with_error(self.bb_edit, self.bb_error))
        self.player1_edit = _edit(field_text(defaults.stacks[0]), "player1Edit")
        self.player1_error = ErrorLabel("player1Error")
        form.addRow(word_label("Player1 stack"), with_error(self.player1_edit, self.player1_error))
        self.player2_edit = _edit(field_text(defaults.stacks[1]), "player2Edit")
        self.player2_error = ErrorLabel("player2Error")
        form.addRow(word_label("Player2 stack"), with_error(self.player2_edit, self.player2_error))
        self.iterations_edit = _edit("", "iterationsEdit")
        self.iterations_edit.setPlaceholderText("to the target (cached equilibrium)")
        self.iterations_error = ErrorLabel("iterationsError")
        form.addRow(word_label("NumIterations"),
                    with_error(self.iterations_edit, self.iterations_error))
        self.solver_combo = QComboBox()
        self.solver_combo.setObjectName("solverCombo")
        self.solver_combo.addItems(list(SOLVERS))
        self.solver_combo.setCurrentText("CFR+")
        form.addRow("Solver", self.solver_combo)
        self.params_error = ErrorLabel("paramsError")
        form.addRow(self.params_error)
        self.run_error = ErrorLabel("jamfoldError")
        form.addRow(self.run_error)
        buttons = QHBoxLayout()
        self.calculate_button = RunStopButton("Calculate", "calculateButton")
        self.continue_button = _button("Continue", "continueButton")
        self.continue_button.setToolTip("Run NumIterations more iterations of the current "
                                        "solution (after a run, a Stop or Open)")
        self.save_button = _button("Save…", "saveButton")
        self.open_button = _button("Open…", "openButton")
        self.export_button = _button("Export CSV…", "exportButton")
        self.export_json_button = _button("Export JSON…", "exportJsonButton")
        self.export_json_button.setToolTip("Write every class's strategy, with the parameters, "
                                           "to a JSON file")
        for button in (self.calculate_button, self.continue_button, self.save_button,
                       self.open_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        form.addRow(buttons)
        exports = QHBoxLayout()  # a row of their own: the window keeps its narrowest width
        exports.addWidget(self.export_button)
        exports.addWidget(self.export_json_button)
        exports.addStretch(1)
        form.addRow(exports)
        self.errors = {"ante": self.ante_error, "sb": self.sb_error, "bb": self.bb_error,
                       "player1": self.player1_error, "player2": self.player2_error,
                       "iterations": self.iterations_error, "params": self.params_error}
        assert tuple(self.errors) == FIELDS

    @property
    def variant(self) -> Variant:
        """The poker variant chosen in Type."""
        return Variant(self.type_combo.currentData())

    @property
    def solver(self) -> str:
        return SOLVERS[self.solver_combo.currentText()]

    def amount_edits(self) -> tuple[QLineEdit, ...]:
        """The fields that hold amounts in the chosen unit (not the BB: it is the unit)."""
        return (self.ante_edit, self.sb_edit, self.player1_edit, self.player2_edit)

    def edits(self) -> tuple[QLineEdit, ...]:
        return (self.ante_edit, self.sb_edit, self.bb_edit, self.player1_edit,
                self.player2_edit, self.iterations_edit)

    def inputs(self, unit: str) -> JamFoldInputs:
        """What the fields hold, for :func:`~ui.jamfold.model.check_inputs`."""
        return JamFoldInputs(str(self.variant), unit, self.ante_edit.text(), self.sb_edit.text(),
                      self.bb_edit.text(), self.player1_edit.text(), self.player2_edit.text(),
                      self.iterations_edit.text(), self.solver)

    def show_errors(self, errors: dict[str, str]) -> None:
        """Each field's message beside it; the others cleared."""
        for name, label in self.errors.items():
            if name in errors:
                label.show_error(errors[name])
            else:
                label.clear_error()

    def set_inputs_enabled(self, enabled: bool) -> None:
        for widget in (self.units_combo, self.type_combo, self.solver_combo, *self.edits()):
            widget.setEnabled(enabled)

    def convert_amounts(self, old: str, new: str) -> bool:
        """Convert the amount fields from unit ``old`` to ``new`` by the BB (chips of 1 bb);
        False, the unit switch put back and a message beside BB, when the BB is no number
        above 0. A field that is no number is left as typed (its message stays)."""
        try:
            bb = parse_number(self.bb_edit.text(), "BB")
        except ValueError:
            bb = 0.0
        if not bb > 0:
            self.units_combo.blockSignals(True)
            self.units_combo.setCurrentText(old)
            self.units_combo.blockSignals(False)
            self.bb_error.show_error("enter the BB (in chips) to switch units")
            return False
        for edit in self.amount_edits():
            try:
                value = parse_number(edit.text(), "amount")
            except ValueError:
                continue
            edit.setText(field_text(from_chips(to_chips(value, old, bb), new, bb)))
        return True

    def fill(self, params: JamFoldParams, solver: str, unit: str) -> None:
        """Show a solution's game (an opened file) in the fields, amounts in ``unit``."""
        self.type_combo.setCurrentIndex(self.type_combo.findData(str(params.variant)))
        self.solver_combo.setCurrentText(next(k for k, v in SOLVERS.items() if v == solver))
        self.bb_edit.setText(field_text(params.bb))
        for edit, value in ((self.ante_edit, params.ante), (self.sb_edit, params.sb),
                            (self.player1_edit, params.stacks[0]),
                            (self.player2_edit, params.stacks[1])):
            edit.setText(field_text(from_chips(value, unit, params.bb)))
