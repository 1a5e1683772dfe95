"""The Review tab's spots table draws a long hand number and a long node name whole (issue 35:
PokerStars' 12-digit hand numbers were clipped in the Hand column): the text each cell is drawn
with, measured with the view's font against the room the style gives it in the column."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from ui.review.spots_table import COLUMNS
from ui.review.tab import ReviewTab

from .test_tab import _table_spot

HAND = [name for name, _, _ in COLUMNS].index("Hand")
NODE = [name for name, _, _ in COLUMNS].index("Node")


def drawn_room(view: QTableView, index: QModelIndex) -> tuple[int, int]:
    """(the width of the text the cell draws, the width the style gives that text): the
    item's option as the view paints it, the text rectangle less the style's text margins
    (what QCommonStyle elides against)."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualRect(index)
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    style = view.style()
    rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return option.fontMetrics.horizontalAdvance(option.text), rect.width() - 2 * margin


def test_long_hand_numbers_and_nodes_are_drawn_whole(qtbot):
    tab = ReviewTab()
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    tab.show()
    qtbot.waitExposed(tab)
    spots = [_table_spot(hand_id="254936212345", node="BB vs SB"),
             _table_spot(hand_id="7", node="SB vs HJ+CO+BTN")]
    tab.model.set_spots(spots)
    # a running review adds rows: a longer number and node later still fit
    tab.model.add_spots([_table_spot(hand_id="98765432109876543", players=6,
                                     node="BB vs UTG+HJ+CO+BTN+SB")])
    view = tab.table
    texts = []
    for row in range(tab.proxy.rowCount()):
        for column in (HAND, NODE):
            index = tab.proxy.index(row, column)
            width, room = drawn_room(view, index)
            texts.append(index.data())
            assert width <= room, (index.data(), width, room)
    assert "98765432109876543" in texts and "BB vs UTG+HJ+CO+BTN+SB" in texts
    # the measure is the one that clipped: the same 17 digits in a column of the default
    # width do not fit
    view.horizontalHeader().setSectionResizeMode(HAND, view.horizontalHeader().ResizeMode
                                                 .Interactive)
    view.setColumnWidth(HAND, view.horizontalHeader().defaultSectionSize())
    width, room = drawn_room(view, tab.proxy.index(2, HAND))
    assert width > room
