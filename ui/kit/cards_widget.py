"""Large playing cards drawn by the app: a rounded white card, its rank and suit symbol.

A four-colour deck (spades black, hearts red, diamonds blue, clubs green), so that a suited
Omaha hand reads at a glance. Nothing comes from image files: the card is a rounded rectangle,
the rank is text and each suit symbol is a path built here from circles, curves and polygons
(so a missing font never loses a suit).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from omahanash.cards import RANKS, SUITS, card_rank, card_suit, parse_cards

#: Suit letter -> colour of the four-colour deck.
SUIT_COLOURS = {"s": QColor("#111111"), "h": QColor("#d01010"), "d": QColor("#1040d0"),
                "c": QColor("#108a10")}
#: Card height / width, as a real card (63 × 88 mm).
ASPECT = 88 / 63
CARD_WIDTH = 110  # preferred width of one card in pixels
GAP = 0.12  # the space between two cards, as a share of a card's width
CARD_BORDER = QColor("#9a9a9a")


def suit_path(suit: str, box: QRectF) -> QPainterPath:
    """The symbol of ``suit`` (``s``, ``h``, ``d`` or ``c``) filling the square ``box``."""
    x, y, w = box.x(), box.y(), box.width()

    def at(u: float, v: float) -> QPointF:  # a point in units of the box (0..1)
        return QPointF(x + u * w, y + v * w)

    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    if suit == "d":
        path.addPolygon(QPolygonF([at(0.5, 0.0), at(0.9, 0.5), at(0.5, 1.0), at(0.1, 0.5)]))
        path.closeSubpath()
    elif suit in ("h", "s"):
        # A heart (lobes at the top, the point at the bottom); a spade is one upside down,
        # in the upper 80 % of the box, above its stem.
        def p(u: float, v: float) -> QPointF:
            return at(u, v) if suit == "h" else at(u, 0.8 * (1.0 - v))

        path.moveTo(p(0.5, 1.0))
        path.cubicTo(p(0.15, 0.7), p(-0.05, 0.45), p(0.05, 0.25))
        path.cubicTo(p(0.15, 0.02), p(0.45, 0.0), p(0.5, 0.25))
        path.cubicTo(p(0.55, 0.0), p(0.85, 0.02), p(0.95, 0.25))
        path.cubicTo(p(1.05, 0.45), p(0.85, 0.7), p(0.5, 1.0))
        path.closeSubpath()
    elif suit == "c":
        radius = 0.22 * w
        for u, v in ((0.5, 0.27), (0.27, 0.55), (0.73, 0.55)):
            path.addEllipse(at(u, v), radius, radius)
        path.addRect(QRectF(at(0.44, 0.4), at(0.56, 0.7)))
    else:
        raise ValueError(f"unknown suit {suit!r}")
    if suit in ("s", "c"):  # the stem
        path.addPolygon(QPolygonF([at(0.5, 0.55), at(0.68, 1.0), at(0.32, 1.0)]))
        path.closeSubpath()
    return path


def rank_corner(rect: QRectF, rank: str) -> tuple[QRectF, QFont, str]:
    """Where a card's rank goes (the top left corner of ``rect``), the font and the text
    (``T`` is written ``10``): the font shrinks until the text fits the corner's width, so a
    bold "10" is never clipped.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> corner, font, label = rank_corner(QRectF(0, 0, 100, 140), "T")
    >>> label, QFontMetricsF(font).horizontalAdvance(label) <= corner.width()
    ('10', True)
    """
    unit = rect.width()
    label = "10" if rank == "T" else rank
    corner = QRectF(rect.x() + 0.04 * unit, rect.y() + 0.04 * unit, 0.34 * unit, 0.34 * unit)
    font = QFont()
    font.setBold(True)
    size = max(6, int(0.3 * unit))
    font.setPixelSize(size)
    while size > 6 and QFontMetricsF(font).horizontalAdvance(label) > corner.width():
        size -= 1
        font.setPixelSize(size)
    return corner, font, label


class CardsWidget(QWidget):
    """A row of face-up cards (:meth:`set_cards`), as large as the widget allows."""

    def __init__(self, parent: QWidget | None = None, object_name: str = "") -> None:
        super().__init__(parent)
        if object_name:
            self.setObjectName(object_name)
        self._cards: tuple[str, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(int(0.5 * CARD_WIDTH * ASPECT))

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards shown, as text like ``("As", "Kd")``."""
        return self._cards

    def set_cards(self, cards: str | Sequence[int] | Sequence[str]) -> None:
        """Show ``cards`` (text like ``"As Kd"``, card strings or codes; empty clears)."""
        codes = parse_cards(cards) if cards else ()
        self._cards = tuple(RANKS[card_rank(c)] + SUITS[card_suit(c)] for c in codes)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        count = max(len(self._cards), 2)
        width = CARD_WIDTH * (count + GAP * (count - 1))
        return QSize(int(width) + 8, int(CARD_WIDTH * ASPECT) + 8)

    def _card_width(self) -> float:
        """The largest card width that fits every card in the widget."""
        count = max(len(self._cards), 1)
        by_width = (self.width() - 8) / (count + GAP * (count - 1))
        by_height = (self.height() - 8) / ASPECT
        return max(8.0, min(by_width, by_height, 1.6 * CARD_WIDTH))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        if not self._cards:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self._card_width()
        height = width * ASPECT
        count = len(self._cards)
        total = width * (count + GAP * (count - 1))
        left = (self.width() - total) / 2
        top = (self.height() - height) / 2
        for index, card in enumerate(self._cards):
            self._paint_card(painter, QRectF(left + index * width * (1 + GAP), top, width,
                                             height), card)
        painter.end()

    @staticmethod
    def _paint_card(painter: QPainter, rect: QRectF, card: str) -> None:
        rank, suit = card[0], card[1]
        colour = SUIT_COLOURS[suit]
        radius = 0.08 * rect.width()
        painter.setPen(QPen(CARD_BORDER, max(1.0, rect.width() / 90)))
        painter.setBrush(QColor("white"))
        painter.drawRoundedRect(rect, radius, radius)
        # The rank and a small suit in the top left corner, a large suit in the middle.
        unit = rect.width()
        corner, font, label = rank_corner(rect, rank)
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(corner, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextDontClip, label)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        small = 0.18 * unit
        painter.drawPath(suit_path(suit, QRectF(corner.center().x() - small / 2,
                                                corner.bottom() + 0.02 * unit, small, small)))
        big = 0.56 * unit
        painter.drawPath(suit_path(suit, QRectF(rect.center().x() - big / 2 + 0.06 * unit,
                                                rect.center().y() - big / 2 + 0.12 * unit,
                                                big, big)))
