"""The table drawn as players see it: an oval felt with 2–10 seats around it, each with its
position, its stack field (``seatStackEdit0`` … ``seatStackEdit9``, preflop order), the
message of a bad stack, the seat's push % after a solve, and the dealer button. Seats are
placed by :func:`ui.table.model.seat_places` (the big blind at the bottom)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit, QVBoxLayout, QWidget

from omahanash.pushfold.spot import MAX_PLAYERS
from ui.kit.common import ErrorLabel, named
from ui.table.model import TableInputs, button_seat, positions, seat_places

FELT = QColor("#2e7d4f")
RAIL = QColor("#5d4037")


class Seat(QFrame):
    """One seat: position (and the button), stack field, error, push %."""

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"seat{index}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"#seat{index} {{ background: #fafafa; border-radius: 6px; }}")
        self.position_label = named(QLabel(), f"seatPositionLabel{index}")
        self.position_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack_edit = named(QLineEdit(TableInputs().stacks[0]), f"seatStackEdit{index}")
        self.stack_edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack_edit.setMaximumWidth(90)
        self.error = ErrorLabel(f"seatStackError{index}")
        self.error.setMaximumWidth(150)
        self.push_label = named(QLabel(), f"seatPushLabel{index}")
        self.push_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(1)
        for widget in (self.position_label, self.stack_edit, self.error, self.push_label):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignHCenter)

    def set_position(self, name: str, button: bool) -> None:
        self.position_label.setText(f"<b>{name}</b>" + (" · D" if button else ""))


class TableView(QWidget):
    """The oval and its seats; :meth:`set_players` shows the first ``n`` seats."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableOval")
        self.setMinimumSize(220, 240)
        self.seats = [Seat(i, self) for i in range(MAX_PLAYERS)]
        self.players = 3
        self.centre_text = ""
        self.set_players(3)

    def set_players(self, players: int) -> None:
        self.players = players
        names = positions(players)
        button = button_seat(players)
        for i, seat in enumerate(self.seats):
            seat.setVisible(i < players)
            if i < players:
                seat.set_position(names[i], i == button)
        self._place()

    def set_push_texts(self, texts: list[str]) -> None:
        """Each seat's line under its stack (empty: cleared); the seats grow to fit."""
        for i, seat in enumerate(self.seats):
            seat.push_label.setText(texts[i] if i < len(texts) else "")
        self._place()

    def set_centre(self, text: str) -> None:
        """The text in the middle of the felt (blinds, payouts)."""
        self.centre_text = text
        self.update()

    def _oval(self) -> QRectF:
        margin_x, margin_y = 70.0, 45.0
        return QRectF(margin_x, margin_y, max(self.width() - 2 * margin_x, 10),
                      max(self.height() - 2 * margin_y, 10))

    def _place(self) -> None:
        oval = self._oval()
        centre = oval.center()
        for seat, (x, y) in zip(self.seats, seat_places(self.players), strict=False):
            hint = seat.sizeHint()
            point = QPointF(centre.x() + x * oval.width() / 2, centre.y() + y * oval.height() / 2)
            left = min(max(point.x() - hint.width() / 2, 0), self.width() - hint.width())
            top = min(max(point.y() - hint.height() / 2, 0), self.height() - hint.height())
            seat.setGeometry(int(left), int(top), hint.width(), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self._place()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(RAIL, 10))
        painter.setBrush(QBrush(FELT))
        oval = self._oval()
        painter.drawEllipse(oval)
        painter.setPen(QColor("white"))
        painter.drawText(oval, int(Qt.AlignmentFlag.AlignCenter), self.centre_text)
        painter.end()
