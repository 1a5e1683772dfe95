"""Pieces every tab uses: the :class:`Tab` base class, error labels and the Run/Stop button."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from PySide6.QtCore import QAbstractItemModel, QEvent, QObject, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from ui.kit import export
from ui.kit.fields import parse_optional_seed, parse_positive_int, parse_seed  # noqa: F401 (re-exported)
from ui.kit.settings import restore_inputs, save_inputs
from ui.kit.workers import JobRunner

ERROR_STYLE = "color: #b00020;"


class Tab(QWidget):
    """One job of the main window (one tab).

    Subclasses set :attr:`title` (the tab's caption) and :attr:`settings_group` (the QSettings
    group of its inputs) and emit :attr:`status_message` for the status bar. Work runs through
    :meth:`make_runner`, which wires a :class:`~ui.kit.workers.JobRunner` to the tab's slots and
    registers it, so that :meth:`shutdown` stops every job of the tab when the window closes.
    """

    title: ClassVar[str] = ""
    settings_group: ClassVar[str] = ""
    status_message = Signal(str)

    def save_settings(self, settings: QSettings) -> None:
        """Remember this tab's inputs."""
        save_inputs(self, settings, self.settings_group)

    def restore_settings(self, settings: QSettings) -> None:
        """Restore this tab's inputs (their change signals re-validate them)."""
        restore_inputs(self, settings, self.settings_group)

    def make_runner(
        self,
        *,
        progressed: Callable[[float, float, str, object], Any] | None = None,
        succeeded: Callable[[object], Any] | None = None,
        stopped: Callable[[], Any] | None = None,
        failed: Callable[[str], Any] | None = None,
        finished: Callable[[], Any] | None = None,
    ) -> JobRunner:
        """A job runner of this tab, its signals connected to the given slots."""
        runner = JobRunner(self)
        for signal, slot in ((runner.progressed, progressed), (runner.succeeded, succeeded),
                             (runner.stopped, stopped), (runner.failed, failed),
                             (runner.finished, finished)):
            if slot is not None:
                signal.connect(slot)
        self.__dict__.setdefault("_runners", []).append(runner)
        return runner

    def export_view(self, view: QAbstractItemView, path: str | os.PathLike,
                    fmt: str | None = None, error: ErrorLabel | None = None) -> bool:
        """Write what ``view`` shows to ``path`` as CSV or JSON (``fmt``, default: the
        suffix; :func:`ui.kit.export.export_view`); False, with the reason in ``error``, if not."""
        try:
            written = export.export_view(path, view, fmt)
        except InputError as exc:
            if error is not None:
                error.show_error(str(exc))
            self.status_message.emit(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True

    def shutdown(self) -> None:
        """Stop the tab's running jobs and wait for them; the window is closing."""
        for runner in self.__dict__.get("_runners", []):
            runner.shutdown()


class ErrorLabel(QLabel):
    """A red message under a field or in a result area; hidden while there is nothing to say."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setStyleSheet(ERROR_STYLE)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.hide()

    def show_error(self, message: str) -> None:
        self.setText(message)
        self.setVisible(bool(message))

    def clear_error(self) -> None:
        self.show_error("")


W = TypeVar("W", bound=QObject)


def named(widget: W, name: str) -> W:
    """``widget`` with the object name ``name`` (tests, the settings store and other code
    find widgets by it). The same as Qt's ``objectName=`` keyword, which PySide6's type stubs
    do not declare."""
    widget.setObjectName(name)
    return widget


#: How opaque the veil over a previous result is while a new run computes its replacement
#: (0: clear, 255: the window colour hides it).
VEIL_ALPHA = 165


class GreyVeil(QWidget):
    """A translucent sheet of the window colour laid over ``target`` (a previous result's
    view while a new run computes: it no longer answers the inputs). It follows the target's
    size, stays on top of its children and lets every mouse event through (the view still
    scrolls, hovers and selects). A sheet rather than a ``QGraphicsOpacityEffect``: an effect
    on an item view drew other widgets' pixels into it (the ICM table and the plot inside the
    Omaha map) whenever the view was grabbed or partly repainted."""

    def __init__(self, target: QWidget) -> None:
        super().__init__(target)
        self.setObjectName("greyVeil")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        target.installEventFilter(self)
        self._follow(target)

    def _follow(self, target: QWidget) -> None:
        self.setGeometry(target.rect())
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if watched is self.parent() and isinstance(watched, QWidget) and event.type() in (
                QEvent.Type.Resize, QEvent.Type.ChildAdded, QEvent.Type.Show):
            self._follow(watched)
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        colour = QColor(self.palette().window().color())
        colour.setAlpha(VEIL_ALPHA)
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), colour)
        finally:
            painter.end()


def veil_of(widget: QWidget) -> GreyVeil:
    """The :class:`GreyVeil` of ``widget`` (made hidden the first time)."""
    veil = widget.findChild(GreyVeil, "greyVeil", Qt.FindChildOption.FindDirectChildrenOnly)
    return veil if veil is not None else GreyVeil(widget)


def grey_out(widgets: Sequence[QWidget], greyed: bool) -> None:
    """Veil ``widgets`` (a previous result's views while a new run computes: they no longer
    answer the inputs) or lift the veil (:class:`GreyVeil`); each keeps a ``greyed``
    property saying which. The views stay usable (scrolling, hovering): only their look
    says "old"."""
    for widget in widgets:
        veil = veil_of(widget)
        if greyed:
            veil._follow(widget)
        veil.setVisible(greyed)
        widget.setProperty("greyed", greyed)


class ColumnScrollArea(QScrollArea):
    """A column that scrolls vertically, never sideways, and is never narrower than its
    content's minimum plus the vertical scroll bar: the splitter or layout it sits in gives
    it that width whatever the content becomes (a panel that appears, a longer text), so
    nothing in it is cut at the right edge (the Table tab's form lost its combo and spin
    arrows when the equity-table panel appeared and brought the scroll bar)."""

    def __init__(self, cell: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(cell)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        cell.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the content's minimum may have changed
        return super().eventFilter(watched, event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        cell = self.widget()
        width = 0 if cell is None else cell.minimumSizeHint().width()
        return QSize(width + self.verticalScrollBar().sizeHint().width(),
                     super().minimumSizeHint().height())


def scrolling_column(*widgets: QWidget) -> QScrollArea:
    """``widgets`` stacked in a column that scrolls vertically (never sideways) when the
    window is shorter than they are, as wide as their widest (:class:`ColumnScrollArea`)."""
    column = QVBoxLayout()
    for widget in widgets:
        column.addWidget(widget)
    column.addStretch(1)
    cell = QWidget()
    cell.setLayout(column)
    return ColumnScrollArea(cell)


def with_error(field: QWidget, error: ErrorLabel) -> QWidget:
    """``field`` with its error label right below it, as one form cell."""
    cell = QWidget()
    layout = QVBoxLayout(cell)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(field)
    layout.addWidget(error)
    return cell


def error_row(form: QFormLayout, caption: str | QWidget, field: QWidget,
              error_name: str) -> ErrorLabel:
    """Add the row ``caption`` of ``form``: ``field`` with a new error label (object name
    ``error_name``) right below it (:func:`with_error`); the label, for its messages."""
    error = ErrorLabel(error_name)
    form.addRow(caption, with_error(field, error))
    return error


def read_only_table(name: str, model: QAbstractItemModel | None = None, *,
                    row_header: bool = False) -> QTableView:
    """A table view named ``name`` that shows ``model`` (None: set later) and cannot edit
    it; its row header (the vertical one) only if ``row_header``."""
    view = named(QTableView(), name)
    if model is not None:
        view.setModel(model)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().setVisible(row_header)
    return view


class RunStopButton(QPushButton):
    """The button that starts a run and, while it runs, stops it.

    Idle it reads ``idle_text`` and is enabled only when the inputs are valid
    (:meth:`set_inputs_valid`); running it reads "Stop" and is always enabled; after Stop was
    pressed it reads "Stopping…" until the worker has ended.
    """

    def __init__(self, idle_text: str, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(idle_text, parent)
        self.setObjectName(object_name)
        self.idle_text = idle_text
        self._running = False
        self._inputs_valid = True

    @property
    def running(self) -> bool:
        return self._running

    def set_inputs_valid(self, valid: bool) -> None:
        self._inputs_valid = valid
        self._refresh()

    def set_running(self, running: bool) -> None:
        self._running = running
        self._refresh()

    def drive(self, runner: JobRunner, start: Callable[[], object]) -> None:
        """Clicking starts a job with ``start()`` while ``runner`` is idle, and stops it (the
        button reads "Stopping…" until the job ends) while it runs."""

        def clicked() -> None:
            if runner.running:
                self.set_stopping()
                runner.stop()
            else:
                start()

        self.clicked.connect(clicked)

    def set_stopping(self) -> None:
        self.setText("Stopping…")
        self.setEnabled(False)

    def _refresh(self) -> None:
        self.setText("Stop" if self._running else self.idle_text)
        self.setEnabled(self._running or self._inputs_valid)
