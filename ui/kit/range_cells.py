"""How a frequency cell of a range view looks: its shade (:func:`probability_colour`), its
two-line text (name and frequency, :data:`CELL_TEXT_ROLE`, drawn by
:class:`FrequencyDelegate`; one line in a cell too short for two) and the legend of the shading
(:class:`FrequencyLegend`). Shared by the Hold'em grid and the Omaha map.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

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


class FrequencyDelegate(QStyledItemDelegate):
    """Draws a cell's :data:`CELL_TEXT_ROLE` (name and frequency on two lines, or on one line
    in a cell too short for two: :func:`cell_text`) instead of its display text, which stays
    the bare name for lookups and exports."""

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
