"""Every tab fits a 1280×800 window or scrolls (issue 35: the Table tab's form lost its combo
and spin arrows when the equity-table panel appeared, with no way to see them): at 1280×800,
with no Omaha table built (the build panels show), in every tab and with the Table tab on
Omaha Hi, no field or button is squeezed below its minimum, no widget sticks out of its
parent, and what a scroll area holds is no wider than it when it does not scroll sideways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QWidget,
)

from ui.shell.main_window import MainWindow

SIZE = (1280, 800)
FIELDS = (QComboBox, QAbstractSpinBox, QLineEdit, QAbstractButton)


def _internal(widget: QWidget, root: QWidget) -> bool:
    """A part of an item view, a scroll bar, a spin box or a combo box (Qt lays those out)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if isinstance(parent, (QAbstractItemView, QAbstractSpinBox, QComboBox)) or (
                isinstance(parent, QAbstractScrollArea) and not isinstance(parent, QScrollArea)):
            return True
        parent = parent.parentWidget()
    return False


def clipped(root: QWidget) -> list[str]:
    """What is cut in ``root`` as shown: squeezed fields, widgets outside their parent."""
    found = []
    for child in root.findChildren(QWidget):
        if child.isWindow() or not child.isVisibleTo(root) or _internal(child, root):
            continue
        name = f"{type(child).__name__} {child.objectName()!r}"
        if isinstance(child, FIELDS) or (isinstance(child, QLabel) and not child.wordWrap()):
            hint = child.minimumSizeHint()
            if child.width() < hint.width() or child.height() < hint.height():
                found.append(f"{name} squeezed to {child.size().toTuple()} < {hint.toTuple()}")
        parent = child.parentWidget()
        if parent is None:
            continue
        area = parent.parentWidget()
        if isinstance(area, QScrollArea) and parent is area.viewport():
            if area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff \
                    and child.geometry().right() > parent.rect().right():
                found.append(f"{name} {child.width()} px wide in a scroll area of "
                             f"{parent.width()} that does not scroll sideways")
            continue
        if not parent.rect().contains(child.geometry()):
            found.append(f"{name} {child.geometry().getRect()} outside its parent "
                         f"{type(parent).__name__} {parent.objectName()!r} "
                         f"{parent.rect().getRect()}")
    return found


@pytest.fixture
def big_window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "no-tables"))
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*SIZE)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_every_tab_fits_1280_by_800_or_scrolls(big_window):
    window = big_window
    assert window.size().toTuple() == SIZE
    problems = {}
    for index in range(window.tab_widget.count()):
        window.tab_widget.setCurrentIndex(index)
        QApplication.processEvents()
        found = clipped(window.tab_widget.widget(index))
        if found:
            problems[window.tab_widget.tabText(index)] = found
    table = window.tab("Table")
    window.tab_widget.setCurrentWidget(table)
    table.form.type_combo.setCurrentText("Omaha Hi")  # the build panel appears
    QApplication.processEvents()
    assert table.build_panel.isVisible()
    found = clipped(table)
    if found:
        problems["Table (Omaha Hi)"] = found
    assert not problems, problems


def test_every_tabs_minimum_size_fits_1280_by_800(big_window):
    """Each tab's minimum size hint fits the page a 1280×800 window gives it (what is taller
    or wider sits in a scroll area, whose minimum is small), with the Table tab on Omaha Hi
    too and its equity-table line showing a coarse table's long note."""
    window = big_window
    table = window.tab("Table")
    pages = []
    for index in range(window.tab_widget.count()):
        window.tab_widget.setCurrentIndex(index)
        QApplication.processEvents()
        page = window.tab_widget.widget(index)
        pages.append((window.tab_widget.tabText(index), page, page.size()))
    window.tab_widget.setCurrentWidget(table)
    table.form.type_combo.setCurrentText("Omaha Hi")
    table.form.show_equity_table("Equity table: Omaha Hi, COARSE. Computed on the coarse "
                                 "first-launch table (2 samples per cell): its EVs may be "
                                 "off by about 1 % of the pot until the full table is built",
                                 True)
    QApplication.processEvents()
    pages.append(("Table (Omaha Hi)", table, table.size()))
    too_big = {name: (page.minimumSizeHint().toTuple(), size.toTuple())
               for name, page, size in pages
               if page.minimumSizeHint().width() > size.width()
               or page.minimumSizeHint().height() > size.height()}
    assert not too_big, too_big
