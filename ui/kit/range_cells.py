"""How a frequency cell of a range view looks: its shade (:func:`probability_colour`), its
two-line text (name and frequency, :data:`CELL_TEXT_ROLE`, laid out by :func:`layout_cell`
and drawn by :class:`FrequencyDelegate`) and the legend of the shading
(:class:`FrequencyLegend`). Shared by the Hold'em grid and the Omaha map.

The delegate draws the text itself, line by line, where :func:`layout_cell` put it: Qt's own
item drawing elides a two-line text that does not fit by dropping the line break, so "93"
above "3%" was drawn "933%" and "88" above "1%" "881%". A cell shows, in this order of
preference, each at the largest font size (down to :data:`MIN_POINT_SIZE`) that fits inside
it: name above frequency, then name and frequency on one line with a space between, then the
frequency alone (the row and column headers name the cell), then the name alone, then
nothing. Every line fits the cell's width and the lines never overlap.

A view's cells share one format and one font (:func:`plan_cells`): the choice is measured on
the widest name of the view and the widest frequency (``100%``) in its smallest cell, so the
map never mixes "AJ 94%" in a tiny font with a bare "A9" beside it (as it did after a lookup
shrank it). :func:`keep_cells_readable` gives a view's sections the
:func:`minimum_cell_size` that still shows every frequency: below it the view scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

#: The data role of the text a frequency cell prints: its name and frequency (``"AKs\\n87%"``).
CELL_TEXT_ROLE = Qt.ItemDataRole.UserRole + 2


def probability_colour(p: float) -> QColor:
    """White at 0, a strong green at 1: the shade of a frequency (the legend's gradient).

    >>> probability_colour(0.0).name(), probability_colour(1.0).name()
    ('#ffffff', '#37af37')
    """
    p = min(max(p, 0.0), 1.0)
    return QColor(int(255 - 200 * p), int(255 - 80 * p), int(255 - 200 * p))



def cell_text(text: str, two_lines: bool) -> str:
    r"""A cell's name and frequency (``"A9\n67%"``) as drawn: on two lines when the cell is
    tall enough, else on one line with a space between, never run together (``"A967%"``:
    Qt drops the line break of text that does not fit).

    >>> cell_text("A9\n67%", True), cell_text("A9\n67%", False)
    ('A9\n67%', 'A9 67%')
    """
    return text if two_lines else text.replace("\n", " ")


#: The smallest font a cell's text shrinks to (points); below it the frequency is dropped.
MIN_POINT_SIZE = 6.0
#: The room kept free on each side of a cell's text (pixels).
CELL_MARGIN = 1


@dataclass
class CellLayout:
    """Where a cell's text goes: the font and each line with its rectangle (no line: the
    cell is too small for any text)."""

    font: QFont
    lines: list[tuple[str, QRect]] = field(default_factory=list)

    @property
    def texts(self) -> list[str]:
        return [text for text, _ in self.lines]


def _font_sizes(font: QFont) -> list[QFont]:
    """``font`` and smaller copies of it, largest first, down to :data:`MIN_POINT_SIZE`."""
    fonts = [QFont(font)]
    points = font.pointSizeF()
    if points <= 0:  # a font sized in pixels
        points = QFontMetrics(font).height() * 0.75
    size = points
    while size - 0.5 >= MIN_POINT_SIZE:
        size -= 0.5
        smaller = QFont(font)
        smaller.setPointSizeF(size)
        fonts.append(smaller)
    return fonts


#: The widest frequency texts a cell prints (:func:`ui.kit.units.percent_text`).
NUMBER_SAMPLES = ("100%", ">99%", "<1%", "88%")
#: The formats of a cell's text, in the order of preference (:func:`plan_cells`).
FORMATS = ("two lines", "one line", "number", "name", "nothing")


@dataclass(frozen=True)
class CellPlan:
    """The format (one of :data:`FORMATS`) and font every cell of a view is drawn in."""

    format: str
    font: QFont


def _format_lines(fmt: str, name: str, number: str) -> list[str]:
    if fmt == "two lines":
        return [name, number] if number else [name]
    if fmt == "one line":
        return [f"{name} {number}"] if number else [name]
    if fmt == "number":
        return [number] if number else []
    return [name] if fmt == "name" else []


def plan_cells(names: list[str], size: QSize, font: QFont,
               numbers: bool = True) -> CellPlan:
    r"""The format and font of every cell of a view whose smallest cell is ``size``: the
    first of :data:`FORMATS` whose widest texts (the widest of ``names``, the widest of
    :data:`NUMBER_SAMPLES` when the cells print ``numbers``) fit it at some font, and the
    largest such font.

    >>> app = QApplication.instance() or QApplication([])
    >>> font = QFont(); font.setPointSizeF(9)
    >>> plan_cells(["AA", "KQ"], QSize(80, 60), font).format
    'two lines'
    >>> plan_cells(["AA", "KQ"], QSize(26, 14), font).format
    'number'
    """
    inner = QRect(0, 0, size.width(), size.height()).adjusted(
        CELL_MARGIN, CELL_MARGIN, -CELL_MARGIN, -CELL_MARGIN)
    fonts = _font_sizes(font)
    formats = FORMATS[:-1] if numbers else ("name",)
    for fmt in formats:
        for chosen in fonts:
            metrics = QFontMetrics(chosen)
            widest_name = max((metrics.horizontalAdvance(n) for n in names), default=0)
            widest_number = max(metrics.horizontalAdvance(n) for n in NUMBER_SAMPLES)
            space = metrics.horizontalAdvance(" ")
            width = {"two lines": max(widest_name, widest_number),
                     "one line": widest_name + space + widest_number,
                     "number": widest_number, "name": widest_name}[fmt]
            rows = 2 if fmt == "two lines" else 1
            if width <= inner.width() and rows * metrics.height() <= inner.height():
                return CellPlan(fmt, chosen)
    return CellPlan("nothing", QFont(font))


def minimum_cell_size(font: QFont) -> QSize:
    """The smallest cell that still shows the widest frequency (the ``number`` format at
    :data:`MIN_POINT_SIZE`): a view's sections never go below it (:func:`keep_cells_readable`).

    >>> app = QApplication.instance() or QApplication([])
    >>> size = minimum_cell_size(QFont())
    >>> 10 < size.width() < 40 and 8 < size.height() < 20
    True
    """
    smallest = _font_sizes(font)[-1]
    metrics = QFontMetrics(smallest)
    width = max(metrics.horizontalAdvance(n) for n in NUMBER_SAMPLES)
    return QSize(width + 2 * CELL_MARGIN + 1, metrics.height() + 2 * CELL_MARGIN + 1)


def keep_cells_readable(view: QTableView) -> QSize:
    """Give ``view``'s rows and columns :func:`minimum_cell_size` (of its font) as their
    minimum: a view too small for them scrolls instead of dropping the frequencies."""
    size = minimum_cell_size(view.font())
    view.horizontalHeader().setMinimumSectionSize(size.width())
    view.verticalHeader().setMinimumSectionSize(size.height())
    return size


def layout_cell(text: str, rect: QRect, font: QFont,
                plan: CellPlan | None = None) -> CellLayout:
    r"""Lay a cell's ``"name\nfrequency"`` text out inside ``rect`` (the module's order of
    preference: two lines, one line, the name alone, nothing; the largest font that fits).

    >>> app = QApplication.instance() or QApplication([])
    >>> font = QFont(); font.setPointSizeF(9)
    >>> layout_cell("93\n3%", QRect(0, 0, 80, 60), font).texts
    ['93', '3%']
    >>> layout_cell("93\n3%", QRect(0, 0, 80, 12), font).texts
    ['93 3%']
    """
    name, _, number = text.partition("\n")
    inner = rect.adjusted(CELL_MARGIN, CELL_MARGIN, -CELL_MARGIN, -CELL_MARGIN)
    if inner.width() <= 0 or inner.height() <= 0:
        return CellLayout(QFont(font))
    if plan is not None:  # the view's format and font (they fit its smallest cell)
        lines = _format_lines(plan.format, name, number)
        if not lines:
            return CellLayout(plan.font)
        laid = _place(lines, inner, plan.font)
        if laid is not None:
            return laid
        # a cell smaller than the view's smallest (a rectangle of its own): its own layout
    fonts = _font_sizes(font)
    candidates = [[name, number], [f"{name} {number}"], [number]] if number else []
    for lines in [*candidates, [name]]:
        for chosen in fonts:
            laid = _place(lines, inner, chosen)
            if laid is not None:
                return laid
    return CellLayout(QFont(font))


def _place(lines: list[str], inner: QRect, font: QFont) -> CellLayout | None:
    """The lines centred in ``inner`` one under the other, or None when they do not fit."""
    metrics = QFontMetrics(font)
    height = metrics.height()
    if height * len(lines) > inner.height() or any(
            metrics.horizontalAdvance(line) > inner.width() for line in lines):
        return None
    top = inner.top() + (inner.height() - height * len(lines)) // 2
    return CellLayout(font, [(line, QRect(inner.left(), top + i * height, inner.width(), height))
                             for i, line in enumerate(lines)])


class FrequencyDelegate(QStyledItemDelegate):
    """Draws a cell's :data:`CELL_TEXT_ROLE` (name and frequency) where :func:`layout_cell`
    puts it, over the cell the style draws without text; the display text stays the bare
    name for lookups and exports."""

    def layout(self, option: QStyleOptionViewItem,
               index: QModelIndex | QPersistentModelIndex) -> CellLayout | None:
        """The layout of the cell's text (None: a cell without :data:`CELL_TEXT_ROLE`)."""
        text = index.data(CELL_TEXT_ROLE)
        if text is None:
            return None
        styled = QStyleOptionViewItem(option)
        super().initStyleOption(styled, index)
        view = styled.widget if styled.widget is not None else self.parent()
        return layout_cell(str(text), styled.rect, styled.font, self.plan(view, styled.font))

    def plan(self, view: object, font: QFont) -> CellPlan | None:
        """The :class:`CellPlan` of ``view``'s cells (None: not a table view): measured on
        its smallest row and column and the widest name it shows, kept until those change."""
        if not isinstance(view, QTableView) or view.model() is None:
            return None
        model = view.model()
        horizontal, vertical = view.horizontalHeader(), view.verticalHeader()
        sizes = [horizontal.sectionSize(c) for c in range(model.columnCount())
                 if not view.isColumnHidden(c)]
        heights = [vertical.sectionSize(r) for r in range(model.rowCount())
                   if not view.isRowHidden(r)]
        if not sizes or not heights:
            return None
        grid = 1 if view.showGrid() else 0  # a cell's rectangle leaves out its grid line
        sizes, heights = [w - grid for w in sizes], [h - grid for h in heights]
        names, numbers = self._texts(model)
        key = (id(model), self._generation, min(sizes), min(heights), font.key())
        if self._plan_key != key:
            self._plan_key = key
            self._plan = plan_cells(names, QSize(min(sizes), min(heights)), font, numbers)
        return self._plan

    def _texts(self, model: QAbstractItemModel) -> tuple[list[str], bool]:
        """The names ``model``'s cells print and whether they print frequencies, read again
        only when the model changes (its reset, layout or data signals)."""
        if self._texts_of is not model:
            self._texts_of, self._names = model, None
            for signal in (model.modelReset, model.layoutChanged, model.dataChanged):
                signal.connect(self._forget_texts)
        if self._names is None:
            texts = [str(t) for r in range(model.rowCount())
                     for c in range(model.columnCount())
                     if (t := model.index(r, c).data(CELL_TEXT_ROLE)) is not None]
            self._names = (sorted({t.partition("\n")[0] for t in texts}),
                           any("\n" in t for t in texts))
            self._generation += 1
        return self._names

    def _forget_texts(self, *_: object) -> None:
        self._names = None

    _plan_key: tuple | None = None
    _plan: CellPlan | None = None
    _texts_of: QAbstractItemModel | None = None
    _names: tuple[list[str], bool] | None = None
    _generation = 0

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        layout = self.layout(option, index)
        if layout is None:
            super().paint(painter, option, index)
            return
        styled = QStyleOptionViewItem(option)
        self.initStyleOption(styled, index)
        styled.text = ""
        style = styled.widget.style() if styled.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, styled, painter, styled.widget)
        selected = bool(styled.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        try:
            painter.setClipRect(styled.rect)
            painter.setFont(layout.font)
            painter.setPen(styled.palette.color(role))
            for text, rect in layout.lines:
                painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        finally:
            painter.restore()

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt API)
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        text = index.data(CELL_TEXT_ROLE)
        if text is not None:
            lines = 2 * option.fontMetrics.lineSpacing()
            option.text = cell_text(text, option.rect.height() >= lines)


class FrequencyLegend(QWidget):
    """The key of the frequency shading: a gradient bar from 0 % (white) to 100 % (green)."""

    BAR_HEIGHT = 12

    def __init__(self, caption: str = "frequency", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rangeLegend")
        self.caption = caption
        self.setMinimumHeight(self.BAR_HEIGHT + self.fontMetrics().height() + 6)
        self.setToolTip("Cell shade: how often the hand is played, from never (white) to "
                        "always (green)")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(240, self.minimumHeight())

    def labels(self) -> list[str]:
        """The texts under the bar, left to right."""
        return ["0 %", "50 %", "100 %", self.caption]

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        try:
            text_width = self.fontMetrics().horizontalAdvance(self.caption) + 12
            bar = QRectF(4, 2, max(40, self.width() - text_width - 8), self.BAR_HEIGHT)
            gradient = QLinearGradient(bar.topLeft(), bar.topRight())
            for stop in (0.0, 0.5, 1.0):
                gradient.setColorAt(stop, probability_colour(stop))
            painter.fillRect(bar, gradient)
            painter.setPen(QColor("#808080"))
            painter.drawRect(bar)
            painter.setPen(self.palette().windowText().color())
            baseline = bar.bottom() + self.fontMetrics().ascent() + 2
            for text, where in zip(self.labels()[:3], (0.0, 0.5, 1.0), strict=True):
                width = self.fontMetrics().horizontalAdvance(text)
                x = bar.left() + where * bar.width() - where * width
                painter.drawText(int(x), int(baseline), text)
            painter.drawText(int(bar.right() + 8), int(bar.bottom()), self.caption)
        finally:
            painter.end()
