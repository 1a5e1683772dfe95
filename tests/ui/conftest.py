"""Fixtures for the GUI tests: every test gets its own settings store in a temporary folder
(never the user's), a main window shown offscreen, and a ``drive`` helper that finds widgets by
object name and types, picks and clicks like a user."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QLineEdit, QWidget

from ui.shell.main_window import MainWindow

W = TypeVar("W", bound=QWidget)


@pytest.fixture(autouse=True)
def settings_folder(tmp_path: Path) -> Iterator[Path]:
    """Point QSettings (INI format, user scope) at a folder of this test's own."""
    folder = tmp_path / "settings"
    folder.mkdir()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    yield folder


@pytest.fixture
def make_window(qtbot) -> Callable[..., MainWindow]:
    """Build a shown main window (closed, with its settings saved, after the test)."""

    def make(**kwargs) -> MainWindow:
        window = MainWindow(**kwargs)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def window(make_window) -> MainWindow:
    return make_window()


class Driver:
    """Acts on widgets the way a user does (typing, picking, clicking)."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot

    @staticmethod
    def find(root: QWidget, cls: type[W], name: str) -> W:
        """The widget of type ``cls`` called ``name`` below ``root`` (fails when missing)."""
        widget = root.findChild(cls, name)
        assert widget is not None, f"no {cls.__name__} named {name!r}"
        return widget

    def type_into(self, edit: QLineEdit, text: str) -> None:
        """Clear ``edit`` and type ``text`` key by key."""
        edit.setFocus()
        edit.selectAll()
        self.qtbot.keyClick(edit, Qt.Key.Key_Backspace)
        self.qtbot.keyClicks(edit, text)
        assert edit.text() == text

    @staticmethod
    def choose(combo: QComboBox, text: str) -> None:
        """Pick the item ``text`` (fails when it is not offered)."""
        index = combo.findText(text)
        items = [combo.itemText(i) for i in range(combo.count())]
        assert index >= 0, f"{text!r} not in {items}"
        combo.setCurrentIndex(index)

    def click_index(self, view: QAbstractItemView, index: QModelIndex) -> None:
        """Click the cell at ``index`` in ``view``."""
        view.scrollTo(index)
        rect = view.visualRect(index)
        assert rect.isValid() and not rect.isEmpty(), "the cell is not visible"
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    @staticmethod
    def table_rows(view: QAbstractItemView) -> list[list[str]]:
        """The displayed text of every cell of a table view, row by row."""
        model = view.model()
        return [[model.index(r, c).data() for c in range(model.columnCount())]
                for r in range(model.rowCount())]

    @staticmethod
    def table_header(view: QAbstractItemView) -> list[str]:
        model = view.model()
        return [model.headerData(c, Qt.Orientation.Horizontal)
                for c in range(model.columnCount())]


@pytest.fixture
def drive(qtbot) -> Driver:
    return Driver(qtbot)
