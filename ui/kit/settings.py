"""Settings kept between launches (QSettings): window geometry and every input of every tab.

The store is an INI file in the user's configuration folder (``~/.config/OmahaNash/Omaha
Nash.ini`` on Linux). Tests redirect it with ``QSettings.setPath(IniFormat, UserScope, tmp)``.

Inputs are saved generically: every line edit, text box, combo box, spin box and check box
below a tab that has an object name is saved under ``<tab group>/<object name>``, unless its
``persist`` property is ``False`` (e.g. a preset picker that only fills another field). A new
tab therefore gets persistence for free by naming its input widgets.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

ORGANIZATION = "OmahaNash"
APPLICATION = "Omaha Nash"
#: Dynamic property: set to False on an input that must not be remembered.
PERSIST_PROPERTY = "persist"

_INPUT_TYPES = (QLineEdit, QPlainTextEdit, QComboBox, QSpinBox, QDoubleSpinBox, QAbstractButton)


def app_settings() -> QSettings:
    """The application's settings store (INI format, user scope)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION,
                     APPLICATION)


def persistent_inputs(root: QWidget) -> list[QWidget]:
    """The input widgets below ``root`` that are remembered: named by us (not Qt's internal
    ``qt_*`` children) and not opted out."""
    found: list[QWidget] = []
    for widget in root.findChildren(QWidget):
        name = widget.objectName()
        if not isinstance(widget, _INPUT_TYPES) or not name or name.startswith("qt_"):
            continue
        if isinstance(widget, QAbstractButton) and not widget.isCheckable():
            continue
        if widget.property(PERSIST_PROPERTY) is False:
            continue
        found.append(widget)
    return found


def save_inputs(root: QWidget, settings: QSettings, group: str) -> None:
    """Write the value of every persistent input below ``root`` under ``group``."""
    settings.beginGroup(group)
    try:
        for widget in persistent_inputs(root):
            settings.setValue(widget.objectName(), _value_of(widget))
    finally:
        settings.endGroup()


def restore_inputs(root: QWidget, settings: QSettings, group: str) -> None:
    """Set every persistent input below ``root`` to its value saved under ``group``; values
    that no longer fit (a removed combo item, a number out of range) are ignored."""
    settings.beginGroup(group)
    try:
        for widget in persistent_inputs(root):
            value = settings.value(widget.objectName())
            if value is not None:
                _set_value(widget, value)
    finally:
        settings.endGroup()


def input_values(root: QWidget) -> dict[str, object]:
    """Object name -> value of every persistent input below ``root`` (JSON-ready)."""
    return {widget.objectName(): _value_of(widget) for widget in persistent_inputs(root)}


def set_input_values(root: QWidget, values: dict[str, object]) -> None:
    """Set the persistent inputs below ``root`` named in ``values`` (as :func:`restore_inputs`
    does: values that no longer fit are ignored)."""
    for widget in persistent_inputs(root):
        if widget.objectName() in values:
            _set_value(widget, values[widget.objectName()])


def _value_of(widget: QWidget) -> object:
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QPlainTextEdit):
        return widget.toPlainText()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QSpinBox | QDoubleSpinBox):
        return widget.value()
    assert isinstance(widget, QAbstractButton)
    return widget.isChecked()


def _set_value(widget: QWidget, value: object) -> None:
    text = str(value)
    if isinstance(widget, QLineEdit):
        widget.setText(text)
    elif isinstance(widget, QPlainTextEdit):
        widget.setPlainText(text)
    elif isinstance(widget, QComboBox):
        index = widget.findText(text)
        if index >= 0:
            widget.setCurrentIndex(index)
        elif widget.isEditable():
            widget.setEditText(text)
    elif isinstance(widget, QSpinBox):
        try:
            number = int(float(text))
        except ValueError:
            return
        if widget.minimum() <= number <= widget.maximum():
            widget.setValue(number)
    elif isinstance(widget, QDoubleSpinBox):
        try:
            widget.setValue(float(text))
        except ValueError:
            return
    elif isinstance(widget, QAbstractButton):
        widget.setChecked(text.lower() in ("true", "1"))
