"""The range cells' labels fit their cell at every size (issue 35: "93" above "3 %" was drawn
"933%", "88" above "1 %" "881%"): the text the delegate draws is measured with the font it is
drawn in against the cell's rectangle, on the Omaha map and the Hold'em grid at several sizes,
and one cell is painted and its ink read back."""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QApplication, QHeaderView, QStyleOptionViewItem, QTableView

from omahanash.hands import canonical_hands, class_cards
from ui.kit.omaha_range_map import OmahaRangeMap
from ui.kit.range_cells import (
    CELL_TEXT_ROLE,
    FrequencyDelegate,
    keep_cells_readable,
    layout_cell,
    minimum_cell_size,
)
from ui.kit.range_view import HoldemGridModel

SIZES = [(180, 160), (260, 240), (330, 300), (420, 380), (560, 520), (900, 820)]


def omaha_page(qtbot) -> tuple[OmahaRangeMap, QTableView]:
    rng = np.random.default_rng(3)
    rows = [{"id": i, "combos": 24, "push_pct": float(rng.uniform(0, 100))}
            for i in range(len(canonical_hands("omaha")))]
    page = OmahaRangeMap()
    qtbot.addWidget(page)
    page.model.set_rows("omaha-hi", rows, "push_pct")
    return page, page.view


def holdem_view(qtbot) -> tuple[QTableView, QTableView]:
    rng = np.random.default_rng(4)
    model = HoldemGridModel()
    model.set_rows([{"cards": class_cards("holdem", i), "combos": 6, "call_pct": 0.0,
                     "push_pct": float(rng.uniform(0, 100))} for i in range(169)], "push_pct")
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setItemDelegate(FrequencyDelegate(view))
    for header in (view.horizontalHeader(), view.verticalHeader()):
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    keep_cells_readable(view)
    return view, view


def allowed(text: str, lines: list[str]) -> bool:
    """The drawn lines are the name and the number apart, on one line with a space, or the
    number alone (the headers name the cell): never run together, and a cell with a number
    always shows it (the view scrolls before its cells get too small for it)."""
    name, _, number = text.partition("\n")
    if not number:
        return lines in ([name], [])
    return lines in ([name, number], [f"{name} {number}"], [number])


def check_cells(view: QTableView, where: object) -> tuple[str, ...]:
    """Every cell of ``view``: its drawn lines allowed, each measured with the font it is
    drawn in inside its cell's rectangle, one above the other; the formats seen (one per
    view: a map never mixes "AJ 94%" with a bare "A9")."""
    delegate = view.itemDelegate()
    assert isinstance(delegate, FrequencyDelegate)
    model = view.model()
    formats: set[tuple[int, bool]] = set()
    fonts: set[float] = set()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            text = index.data(CELL_TEXT_ROLE)
            if text is None:
                continue
            option = QStyleOptionViewItem()
            option.initFrom(view)
            option.rect = view.visualRect(index)
            layout = delegate.layout(option, index)
            assert layout is not None
            lines = layout.texts
            assert allowed(text, lines), (where, text, lines)
            metrics = QFontMetrics(layout.font)
            previous_bottom = option.rect.top()
            for line, rect in layout.lines:
                assert option.rect.contains(rect), (where, text, rect, option.rect)
                assert metrics.horizontalAdvance(line) <= rect.width(), (where, line)
                assert metrics.height() <= rect.height()
                assert rect.top() >= previous_bottom, "lines overlap"
                previous_bottom = rect.bottom() + 1
            if "\n" in text:
                formats.add((len(lines), " " in lines[0]))
                fonts.add(layout.font.pointSizeF())
    assert len(formats) <= 1 and len(fonts) <= 1, (where, formats, fonts)
    return tuple(f"{n} line{'s' if n > 1 else ''}{' spaced' if spaced else ''}"
                 for n, spaced in formats)


@pytest.mark.parametrize("make", [omaha_page, holdem_view], ids=["omaha", "holdem"])
def test_every_cell_label_fits_its_cell_at_every_size(qtbot, make):
    widget, view = make(qtbot)
    widget.show()
    seen: set[str] = set()
    cell_widths: set[int] = set()
    minimum = minimum_cell_size(view.font())
    for width, height in SIZES:
        widget.resize(width, height)
        QApplication.processEvents()  # the layout follows the resize
        cell_widths.add(view.columnWidth(5))
        assert view.columnWidth(5) >= minimum.width() and view.rowHeight(5) >= minimum.height()
        seen.update(check_cells(view, (width, height)))
    # the sizes cover the layouts: big cells carry both lines, the smallest the number
    assert len(cell_widths) >= 4, cell_widths
    assert "2 lines" in seen and "1 line" in seen, seen


def test_too_small_a_map_scrolls_and_keeps_its_numbers(qtbot):
    page, view = omaha_page(qtbot)
    page.resize(150, 140)
    page.show()
    QApplication.processEvents()
    assert view.horizontalScrollBar().maximum() > 0 or view.verticalScrollBar().maximum() > 0
    check_cells(view, "150x140")


def omaha_rows() -> list[dict]:
    rng = np.random.default_rng(5)
    return [{"id": i, "rank": i + 1, "name": str(i), "combos": 24,
             "play_pct": float(rng.uniform(0, 100)), "play_bb": 0.0, "fold_bb": 0.0,
             "play_pool": None, "fold_pool": None}
            for i in range(len(canonical_hands("omaha")))]


@pytest.mark.parametrize("size", [(460, 560), (460, 660), (520, 760), (620, 900)])
def test_the_table_tabs_map_fits_after_a_lookup(qtbot, size):
    """The Table tab's result column at several sizes, before and after a lookup's four
    lines took room from the map (it shrank and its cells read "AA …", or a bare "AK"
    beside "AJ 94%" in a tiny font)."""
    from types import SimpleNamespace

    from ui.table.results import TableResults

    results = TableResults()
    qtbot.addWidget(results)
    results.resize(*size)
    results.show()
    results.show_rows(SimpleNamespace(spot=SimpleNamespace(variant="omaha-hi")), omaha_rows())
    results.range_tabs.setCurrentWidget(results.omaha_map)
    QApplication.processEvents()
    view = results.omaha_map.view
    before = view.rowHeight(5)
    check_cells(view, (size, "before"))
    results.lookup_result.setText("Ks As Kc Ac (id 7513) at SB: push 100.00%\nEV push: "
                                  "34.148% of the prize pool\nEV fold: 32.971% of the prize "
                                  "pool\nDifference: 1.177% of the prize pool")
    QApplication.processEvents()
    assert view.rowHeight(5) <= before
    check_cells(view, (size, "after a lookup"))


def ink_rows(image: QImage, rect: QRect) -> list[int]:
    """The rows of ``rect`` in ``image`` holding dark (text) pixels."""
    return [y for y in range(rect.top(), rect.bottom() + 1)
            if any(QColor(image.pixel(x, y)).lightness() < 90
                   for x in range(rect.left(), rect.right() + 1))]


def bands(rows: list[int]) -> int:
    return sum(1 for i, y in enumerate(rows) if i == 0 or y != rows[i - 1] + 1)


def test_a_painted_cell_shows_name_and_number_on_separate_lines(qtbot):
    """A 9-point label in a cell a little taller than two lines: Qt's own drawing joined
    them (one band of ink, "933%"); the delegate draws two bands, each inside its line."""
    page, view = omaha_page(qtbot)
    page.resize(700, 640)
    page.show()
    index = page.model.index(0, 0)
    option = QStyleOptionViewItem()
    option.initFrom(view)
    font = view.font()
    font.setPointSizeF(9)
    option.font = font
    metrics = QFontMetrics(font)
    option.rect = QRect(10, 10, 60, 2 * metrics.height() + 3)
    image = QImage(80, option.rect.bottom() + 12, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    view.itemDelegate().paint(painter, option, index)
    painter.end()
    layout = view.itemDelegate().layout(option, index)
    assert layout is not None and len(layout.lines) == 2
    assert re.fullmatch(r"\d+%", layout.lines[1][0])
    rows = ink_rows(image, option.rect)
    assert bands(rows) == 2, rows
    for _, rect in layout.lines:
        assert any(rect.top() <= y <= rect.bottom() for y in rows)
    outside = QRect(0, 0, image.width(), image.height())
    assert all(QColor(image.pixel(x, y)) == QColor("white")
               for x in range(outside.width()) for y in range(outside.height())
               if not option.rect.contains(x, y))


def test_layout_drops_the_number_before_overlapping(qtbot):
    font = QTableView().font()
    font.setPointSizeF(9)
    metrics = QFontMetrics(font)
    tall = layout_cell("A9\n67%", QRect(0, 0, 200, 4 * metrics.height()), font)
    assert tall.texts == ["A9", "67%"] and tall.font.pointSizeF() == 9
    wide = layout_cell("A9\n67%", QRect(0, 0, 200, metrics.height() + 2), font)
    assert wide.texts == ["A9 67%"]
    tiny = layout_cell("A9\n67%", QRect(0, 0, 14, 10), font)
    assert tiny.texts in (["A9"], [])
    assert layout_cell("A9\n67%", QRect(0, 0, 2, 2), font).texts == []


def test_bubble_factors_fit_their_cells(qtbot):
    """The ICM panel's bubble factors at 6 seats in a narrow view: each drawn whole, in a
    font that fits the cell (it read "1…" at 5 seats)."""
    from ui.table.views import HeatModel

    model = HeatModel()
    values = np.full((6, 6), 1.237)
    np.fill_diagonal(values, np.nan)
    model.set_matrix(["UTG", "HJ", "CO", "BTN", "SB", "BB"], values)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setItemDelegate(FrequencyDelegate(view))
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    view.resize(200, 220)
    view.show()
    QApplication.processEvents()
    for row in range(6):
        for column in range(6):
            index = model.index(row, column)
            option = QStyleOptionViewItem()
            option.initFrom(view)
            option.rect = view.visualRect(index)
            layout = view.itemDelegate().layout(option, index)
            if row == column:  # no factor against oneself: nothing drawn
                assert layout is None
                continue
            assert layout is not None and layout.texts == ["1.24"], layout.texts
            for line, rect in layout.lines:
                assert QFontMetrics(layout.font).horizontalAdvance(line) <= rect.width()
    assert view.columnWidth(0) < QFontMetrics(view.font()).horizontalAdvance("1.24") + 12


def test_a_veiled_view_draws_only_its_own_cells_under_the_veil(qtbot):
    """A greyed view (a previous result while a new run computes) is veiled, not given an
    opacity effect: the effect drew other widgets' pixels into the Omaha map when it was
    grabbed. Grabbed veiled, the map is its own picture, paler, and the veil lets clicks
    through to the cells."""
    from ui.kit.common import VEIL_ALPHA, grey_out, veil_of

    page, view = omaha_page(qtbot)
    page.resize(520, 480)
    page.show()
    QApplication.processEvents()
    before = view.grab().toImage()
    grey_out([view], True)
    QApplication.processEvents()
    veil = veil_of(view)
    assert view.property("greyed") is True and view.graphicsEffect() is None
    assert veil.isVisible() and veil.geometry() == view.rect()
    assert veil.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    page.resize(560, 500)  # the veil follows the view
    QApplication.processEvents()
    assert veil.geometry() == view.rect()
    page.resize(520, 480)
    QApplication.processEvents()
    after = view.grab().toImage()
    assert after.size() == before.size()
    # every pixel is the old one blended toward the window colour: no foreign pixels
    window = view.palette().window().color()
    alpha = VEIL_ALPHA / 255
    for x in range(0, before.width(), 7):
        for y in range(0, before.height(), 7):
            old, new = QColor(before.pixel(x, y)), QColor(after.pixel(x, y))
            for channel in ("red", "green", "blue"):
                expected = (1 - alpha) * getattr(old, channel)() + alpha * getattr(window,
                                                                                  channel)()
                assert abs(getattr(new, channel)() - expected) <= 3, (x, y, old.name(),
                                                                      new.name())
    grey_out([view], False)
    assert view.property("greyed") is False and not veil.isVisible()
