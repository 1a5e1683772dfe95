"""The app never dies silently: uncaught errors go to a dialog and to a log file.

:func:`install` replaces :data:`sys.excepthook` (errors that escape a slot or a virtual method
reach it: PySide6 prints them through the hook) and :data:`threading.excepthook` (errors that
escape a plain thread). Each error is written with its traceback to the log file
(:func:`log_path`: ``omahanash.log`` in the platform log directory, or in ``$OMAHANASH_LOG_DIR``;
rotated at 1 MB, three old files kept) through the standard :mod:`logging` module, and shown in
an :class:`ErrorDialog` (object name ``errorDialog``) with a "Copy details" button that puts
the traceback on the clipboard. The dialog is window-modal and opened with ``open()``, so the
event loop keeps running and the window stays usable.

A job that raises in a worker is reported the same way by :class:`ui.kit.workers.Worker` (through
:func:`report`), and its tab hears ``failed`` from the runner, so the tab goes back to idle.
Errors from other threads travel to the GUI thread through a queued signal.

>>> import os, tempfile
>>> os.environ["OMAHANASH_LOG_DIR"] = tempfile.mkdtemp()
>>> log_path().name
'omahanash.log'
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

LOG_DIR_VARIABLE = "OMAHANASH_LOG_DIR"
LOG_NAME = "omahanash.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
#: The logger of the app's errors (its file handler is attached by :func:`logger`).
LOGGER_NAME = "omahanash.app"


def log_dir() -> Path:
    """``$OMAHANASH_LOG_DIR`` if set, else the platform's log directory for the app."""
    configured = os.environ.get(LOG_DIR_VARIABLE)
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_log_dir("omahanash", appauthor=False))


def log_path() -> Path:
    """The log file errors are written to."""
    return log_dir() / LOG_NAME


def logger() -> logging.Logger:
    """The app's error logger, writing to :func:`log_path` (the handler follows the path if
    ``$OMAHANASH_LOG_DIR`` changes, as it does between tests)."""
    log = logging.getLogger(LOGGER_NAME)
    path = log_path()
    for handler in list(log.handlers):
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) != path:
            log.removeHandler(handler)
            handler.close()
    if not log.handlers:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                          encoding="utf-8", delay=True)
        except OSError:  # no writable log folder: the dialog still shows the error
            return log
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return log


def describe(kind: type[BaseException], error: BaseException,
             tb: TracebackType | None) -> tuple[str, str]:
    """``(one-line message, full traceback)`` of an exception.

    >>> describe(ValueError, ValueError("bad"), None)
    ('ValueError: bad', 'ValueError: bad\\n')
    """
    return f"{kind.__name__}: {error}", "".join(traceback.format_exception(kind, error, tb))


class ErrorDialog(QDialog):
    """Says what went wrong; "Copy details" puts the traceback on the clipboard."""

    def __init__(self, message: str, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorDialog")
        self.setWindowTitle("Omaha Nash: internal error")
        self.details = details
        layout = QVBoxLayout(self)
        text = QLabel(f"<b>Something went wrong.</b><br>{_escape(message)}<br><br>The window "
                      f"keeps working. The details were written to<br>{_escape(str(log_path()))}")
        text.setObjectName("errorMessage")
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(text)
        view = QPlainTextEdit(details)
        view.setObjectName("errorDetails")
        view.setReadOnly(True)
        layout.addWidget(view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy details")
        self.copy_button.setObjectName("copyDetailsButton")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 360)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ErrorReporter(QObject):
    """Logs errors (from any thread) and shows them in the GUI thread, one dialog each."""

    reported = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._window = parent
        self.dialogs: list[ErrorDialog] = []
        # Queued: an error of a worker thread is shown by the GUI thread.
        self.reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def report(self, kind: type[BaseException], error: BaseException,
               tb: TracebackType | None, where: str = "") -> None:
        """Log the error with its traceback and have the dialog shown."""
        message, details = describe(kind, error, tb)
        if where:
            message = f"{message} (in {where})"
        logger().error("%s\n%s", message, details.rstrip())
        sys.stderr.write(details)
        self.reported.emit(message, details)

    @Slot(str, str)
    def _show(self, message: str, details: str) -> None:
        dialog = ErrorDialog(message, details, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _result, d=dialog: self._forget(d))
        self.dialogs.append(dialog)
        dialog.open()
        if self._window is not None and hasattr(self._window, "statusBar"):
            self._window.statusBar().showMessage(f"Internal error: {message}")

    def _forget(self, dialog: ErrorDialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)


_installed: ErrorReporter | None = None


def report(error: BaseException, where: str = "") -> bool:
    """Report ``error`` (being handled) through the installed hooks; False when none is
    installed (the caller then prints it itself)."""
    if _installed is None:
        return False
    _installed.report(type(error), error, error.__traceback__, where)
    return True


class Hooks:
    """What :func:`install` replaced; :meth:`uninstall` puts it back."""

    def __init__(self, reporter: ErrorReporter) -> None:
        self.reporter = reporter
        self._previous = (sys.excepthook, threading.excepthook)

    def uninstall(self) -> None:
        global _installed
        sys.excepthook, threading.excepthook = self._previous
        if _installed is self.reporter:
            _installed = None


def install(window: QWidget | None) -> Hooks:
    """Send uncaught errors (slots, the GUI thread, other threads, jobs) to the log and a
    dialog over ``window``."""
    global _installed
    reporter = ErrorReporter(window)
    hooks = Hooks(reporter)

    def excepthook(kind: type[BaseException], error: BaseException,
                   tb: TracebackType | None) -> None:
        reporter.report(kind, error, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "a thread"
        reporter.report(args.exc_type, args.exc_value, args.exc_traceback, name)

    sys.excepthook = excepthook
    threading.excepthook = thread_hook
    _installed = reporter
    return hooks
