"""Where the app's big jobs run: the compute-engine setting (Settings ▸ Compute engine…).

The library's distributed jobs (:func:`omahanash.cluster.run_blocks`: charts over many
stacks, the 3-player tournament equilibrium, exact Omaha tables) run where their
``scheduler`` argument says, and without one where ``$OMAHANASH_SCHEDULER`` says: ``local``
(this process, numba's threads; the default), ``local:N`` (a Dask LocalCluster of N worker
processes) or ``tcp://HOST:8786`` (a running Dask cluster, README "Beyond one machine").

This module makes that visible and persistent in the app: a dialog (``schedulerDialog``) with
one field (``schedulerEdit``), checked by :func:`omahanash.cluster.parse_scheduler` (a bad
value is said in ``schedulerError`` and not kept). The value is kept in QSettings under
:data:`SETTINGS_KEY`; when none is kept the field shows the environment variable the app was
started with (or ``local``). Applying it sets ``$OMAHANASH_SCHEDULER`` of the app's own
process, so every library job the app runs without an explicit scheduler — in any tab's worker
thread — goes there.

>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> dialog = SchedulerDialog("local:2")
>>> dialog.edit.objectName(), dialog.edit.text()
('schedulerEdit', 'local:2')
>>> dialog.check("local:0") is None, dialog.error.text().startswith("--scheduler")
(True, True)
"""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from omahanash.cluster import SCHEDULER_ENV, parse_scheduler
from omahanash.errors import InputError
from ui.kit.common import ErrorLabel, named

__all__ = ["SETTINGS_KEY", "SchedulerDialog", "add_scheduler_menu", "apply_scheduler",
           "restore_scheduler", "stored_scheduler"]

SETTINGS_KEY = "engine/scheduler"
#: ``$OMAHANASH_SCHEDULER`` as the app found it (the default of the setting).
ENV_AT_START = os.environ.get(SCHEDULER_ENV, "")
HELP_TEXT = ("Where the big jobs (charts over many stacks, the 3-player tournament "
             "equilibrium, exact Omaha tables) run: <b>local</b> (this computer, one "
             "process), <b>local:N</b> (N worker processes here) or "
             "<b>tcp://HOST:8786</b> (a Dask cluster started with <code>dask scheduler</code> "
             "and <code>dask worker</code>). The same answer on every engine.")


def stored_scheduler(settings: QSettings) -> str:
    """The kept value, else the environment's at start, else ``local``."""
    value = settings.value(SETTINGS_KEY)
    text = str(value).strip() if value is not None else ""
    return text or ENV_AT_START.strip() or "local"


def apply_scheduler(text: str) -> str:
    """Make ``text`` the scheduler of every library job of this process that names none
    (``$OMAHANASH_SCHEDULER``); its normal form. :class:`InputError` for a bad value.

    >>> import os
    >>> before = os.environ.pop("OMAHANASH_SCHEDULER", None)
    >>> apply_scheduler(" local:3 "), os.environ.pop("OMAHANASH_SCHEDULER")
    ('local:3', 'local:3')
    >>> if before is not None:
    ...     os.environ["OMAHANASH_SCHEDULER"] = before
    """
    value = text.strip() or "local"
    parse_scheduler(value)
    os.environ[SCHEDULER_ENV] = value
    return value


def restore_scheduler(settings: QSettings) -> str | None:
    """At start: apply the kept value, if any (the environment stays as it is otherwise; a
    kept value that no longer parses is dropped). The value applied, or None."""
    if settings.value(SETTINGS_KEY) is None:
        return None
    try:
        return apply_scheduler(stored_scheduler(settings))
    except InputError:
        settings.remove(SETTINGS_KEY)
        return None


class SchedulerDialog(QDialog):
    """The setting's dialog: ``schedulerEdit``, ``schedulerError``, OK / Cancel."""

    def __init__(self, current: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("schedulerDialog")
        self.setWindowTitle("Compute engine")
        layout = QVBoxLayout(self)
        intro = QLabel(HELP_TEXT)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.edit = named(QLineEdit(current), "schedulerEdit")
        self.edit.setPlaceholderText("local, local:2 or tcp://HOST:8786")
        layout.addWidget(self.edit)
        self.error = ErrorLabel("schedulerError")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.value: str | None = None

    def check(self, text: str) -> str | None:
        """The normal form of ``text``, or None with the reason shown."""
        try:
            parse_scheduler(text.strip() or "local")
        except InputError as exc:
            self.error.show_error(str(exc))
            return None
        self.error.clear_error()
        return text.strip() or "local"

    def accept(self) -> None:
        value = self.check(self.edit.text())
        if value is None:
            return  # stays open with the reason
        self.value = value
        super().accept()


def add_scheduler_menu(window: QMainWindow, settings: QSettings) -> QAction:
    """A Settings menu with **Compute engine…** (``schedulerAction``) on ``window``; the
    kept value is applied now. Accepting the dialog keeps and applies the new value."""
    restore_scheduler(settings)
    action = QAction("&Compute engine…", window)
    action.setObjectName("schedulerAction")

    def open_dialog() -> None:
        dialog = SchedulerDialog(stored_scheduler(settings), window)
        window.scheduler_dialog = dialog  # type: ignore[attr-defined]  # tests find it

        def accepted() -> None:
            if dialog.value is not None:
                settings.setValue(SETTINGS_KEY, apply_scheduler(dialog.value))
                settings.sync()
                window.statusBar().showMessage(
                    f"Big jobs run on {parse_scheduler(dialog.value).describe()}", 5000)

        dialog.accepted.connect(accepted)
        dialog.open()

    action.triggered.connect(open_dialog)
    window.menuBar().addMenu("&Settings").addAction(action)
    return action
