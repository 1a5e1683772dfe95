"""A game's settings page, built from the registry (:data:`omahanash.games.GAME_CHOICES`):
one field per setting and run option — a spin box for a whole number (its range), a combo
box for choices, a line edit for text — with its description on hover and an error line
beside it, the game's presets and note, and a line for messages that name no field.

Object names follow :func:`ui.cfr.model.object_name`: ``kuhnPlayersSpin``, ``dominoTilesEdit``,
``dominoRulesCombo``, ``matrixPayoffEdit`` / ``matrixPayoffError``, ``dominoPresetCombo``,
and ``dominoError`` for the page (the settings store remembers the fields by them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from ui.cfr.model import PAGE, object_name, widget_kind
from ui.kit.common import ErrorLabel, with_error
from ui.kit.settings import PERSIST_PROPERTY

if TYPE_CHECKING:
    from omahanash.games import GameChoice, GameSetting

PRESET_PROMPT = "Pick a preset…"
SPIN_LIMIT = 1_000_000  # a whole-number setting without a maximum


class GameSettingsPage(QWidget):
    """The page of one game; :attr:`changed` fires on every edit."""

    changed = Signal()

    def __init__(self, choice: GameChoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = choice
        self.setObjectName(f"{choice.name}SettingsPage")
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        if choice.note:
            note = QLabel(choice.note)
            note.setWordWrap(True)
            form.addRow(note)
        self.fields: dict[str, QSpinBox | QComboBox | QLineEdit] = {}
        self.errors: dict[str, ErrorLabel] = {}
        for setting in (*choice.settings, *choice.options):
            widget = self._field(setting)
            error = ErrorLabel(object_name(choice.name, setting.name, "Error"))
            self.fields[setting.name] = widget
            self.errors[setting.name] = error
            form.addRow(setting.caption, with_error(widget, error))
        self.preset_combo: QComboBox | None = None
        if choice.presets:
            self.preset_combo = QComboBox()
            self.preset_combo.setObjectName(f"{choice.name}PresetCombo")
            self.preset_combo.addItem(PRESET_PROMPT)
            self.preset_combo.addItems([caption for caption, _ in choice.presets])
            self.preset_combo.setProperty(PERSIST_PROPERTY, False)
            self.preset_combo.activated.connect(self.apply_preset)
            form.addRow("Presets", self.preset_combo)
        self.page_error = ErrorLabel(f"{choice.name}Error")
        form.addRow(self.page_error)

    def _field(self, setting: GameSetting) -> QSpinBox | QComboBox | QLineEdit:
        kind = widget_kind(setting)
        widget: QSpinBox | QComboBox | QLineEdit
        if kind == "Spin":
            spin = QSpinBox()
            spin.setRange(setting.minimum if setting.minimum is not None else -SPIN_LIMIT,
                          setting.maximum if setting.maximum is not None else SPIN_LIMIT)
            spin.setValue(int(setting.default))
            spin.valueChanged.connect(self.changed)
            widget = spin
        elif kind == "Combo":
            combo = QComboBox()
            combo.addItems(list(setting.choices))
            combo.setCurrentText(str(setting.default))
            combo.currentIndexChanged.connect(self.changed)
            widget = combo
        else:
            edit = QLineEdit(str(setting.default))
            edit.textChanged.connect(self.changed)
            widget = edit
        widget.setObjectName(object_name(self.choice.name, setting.name, kind))
        widget.setToolTip(setting.description)
        return widget

    def _read(self, name: str) -> int | str:
        widget = self.fields[name]
        if isinstance(widget, QSpinBox):
            return widget.value()
        if isinstance(widget, QComboBox):
            return widget.currentText()
        return widget.text()

    def values(self) -> dict[str, int | str]:
        """The game's settings as the fields hold them."""
        return {s.name: self._read(s.name) for s in self.choice.settings}

    def options(self) -> dict[str, str]:
        """The run options as typed."""
        return {s.name: str(self._read(s.name)) for s in self.choice.options}

    def set_value(self, name: str, value: int | str) -> None:
        widget = self.fields[name]
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentText(str(value))
        else:
            widget.setText(str(value))

    def apply_preset(self, index: int) -> None:
        """Fill the fields with the preset picked (index 1 on; 0 is the prompt)."""
        if 1 <= index <= len(self.choice.presets):
            for name, value in self.choice.presets[index - 1][1].items():
                self.set_value(name, value)
        if self.preset_combo is not None:
            self.preset_combo.setCurrentIndex(0)

    def show_errors(self, errors: dict[str, str]) -> None:
        """Each field's message beside it, :data:`~ui.cfr.model.PAGE`'s on the page line."""
        for name, label in (*self.errors.items(), (PAGE, self.page_error)):
            if name in errors:
                label.show_error(errors[name])
            else:
                label.clear_error()
