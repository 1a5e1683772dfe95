"""The **From tracker database…** dialog: where the database is (host, port, database, user,
the password), which tracker, the filters (a tournament, dates, a game, at most N hands).

The settings keep host, port, database and user (``review/tracker/…``); the password field
is never saved (nor written anywhere: it goes to the job, then to the connection). Its
placeholder says that ``PGPASSWORD`` or a ``.pgpass`` file serve when it is left empty.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from ui.kit.common import ErrorLabel, named
from ui.review.jobs import Job
from ui.review.tracker.jobs import tracker_review_job
from ui.review.tracker.model import GAME_CHOICES, SETTINGS_KEYS, TRACKER_CHOICES, TrackerForm

SETTINGS_GROUP = "review/tracker"


class TrackerDialog(QDialog):
    """The dialog; :meth:`form` is what was typed, :meth:`password` the password field."""

    def __init__(self, parent: QWidget | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewTrackerDialog")
        self.setWindowTitle("Review a tracker's database")
        self.settings = settings if settings is not None else QSettings()
        self.host_edit = named(QLineEdit(), "trackerHostEdit")
        self.port_edit = named(QLineEdit(), "trackerPortEdit")
        self.database_edit = named(QLineEdit(), "trackerDatabaseEdit")
        self.user_edit = named(QLineEdit(), "trackerUserEdit")
        self.password_edit = named(QLineEdit(), "trackerPasswordEdit")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setProperty("persist", False)  # never saved
        self.password_edit.setPlaceholderText("empty: PGPASSWORD or .pgpass (never saved)")
        self.tracker_combo = named(QComboBox(), "trackerKindCombo")
        for label, value in TRACKER_CHOICES:
            self.tracker_combo.addItem(label, value)
        self.tournament_edit = named(QLineEdit(), "trackerTournamentEdit")
        self.tournament_edit.setPlaceholderText("every tournament (or a number: 3500000001)")
        self.since_edit = named(QLineEdit(), "trackerSinceEdit")
        self.until_edit = named(QLineEdit(), "trackerUntilEdit")
        for edit in (self.since_edit, self.until_edit):
            edit.setPlaceholderText("YYYY-MM-DD")
        self.game_combo = named(QComboBox(), "trackerGameCombo")
        for label, value in GAME_CHOICES:
            self.game_combo.addItem(label, value)
        self.limit_edit = named(QLineEdit(), "trackerLimitEdit")
        self.limit_edit.setPlaceholderText("every hand")
        self.error = ErrorLabel("trackerError")
        form = QFormLayout()
        for label, widget in (("Host", self.host_edit), ("Port", self.port_edit),
                              ("Database", self.database_edit), ("User", self.user_edit),
                              ("Password", self.password_edit), ("Tracker", self.tracker_combo),
                              ("Tournament", self.tournament_edit), ("Since", self.since_edit),
                              ("Until", self.until_edit), ("Game", self.game_combo),
                              ("At most N hands", self.limit_edit)):
            form.addRow(label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Review")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._restore()

    def _restore(self) -> None:
        self.settings.beginGroup(SETTINGS_GROUP)
        try:
            saved = {key: self.settings.value(key) for key in SETTINGS_KEYS}
        finally:
            self.settings.endGroup()
        form = TrackerForm.from_settings(saved)
        for edit, value in ((self.host_edit, form.host), (self.port_edit, form.port),
                            (self.database_edit, form.database), (self.user_edit, form.user)):
            edit.setText(value)

    def form(self) -> TrackerForm:
        """What was typed."""
        return TrackerForm(self.host_edit.text(), self.port_edit.text(),
                           self.database_edit.text(), self.user_edit.text(),
                           self.tracker_combo.currentData(), self.tournament_edit.text(),
                           self.since_edit.text(), self.until_edit.text(),
                           self.game_combo.currentData(), self.limit_edit.text())

    def password(self) -> str | None:
        return self.password_edit.text() or None

    def accept(self) -> None:
        """Check the fields (an error stays in the dialog), save host, port, database and
        user, close."""
        form = self.form()
        try:
            form.url()
            form.filters()
        except InputError as error:
            self.error.show_error(str(error))
            return
        self.settings.beginGroup(SETTINGS_GROUP)
        try:
            for key, value in form.settings_values().items():
                self.settings.setValue(key, value)
        finally:
            self.settings.endGroup()
        self.error.clear_error()
        super().accept()

    def job(self, hero: str | None, vs: str | None, payouts: str | None) -> Job:
        """The review of what the dialog says (after :meth:`accept`)."""
        return tracker_review_job(self.form(), self.password(), hero, vs, payouts)


def add_tracker_button(controls: QWidget, clicked: Callable[[], None]) -> QPushButton:
    """The **From tracker database…** button, put after the controls' "Open folder…",
    calling ``clicked``."""
    button = named(QPushButton("From tracker database…"), "reviewTrackerButton")
    button.clicked.connect(clicked)
    button.setToolTip("Review the hands of a PokerTracker 4 or Hold'em Manager 2 database "
                      "(PostgreSQL), read-only, with a report per tournament")
    anchor = getattr(controls, "open_folder_button", None)
    layout = controls.layout()
    row = _row_of(layout, anchor) if layout is not None and isinstance(anchor, QWidget) \
        else None
    if row is not None and isinstance(anchor, QWidget):
        row.insertWidget(row.indexOf(anchor) + 1, button)
    elif layout is not None:
        layout.addWidget(button)
    return button


def _row_of(layout: QLayout, widget: QWidget) -> QHBoxLayout | None:
    """The row layout (inside ``layout``) that holds ``widget``."""
    for index in range(layout.count()):
        item = layout.itemAt(index)
        child = item.layout() if item is not None else None
        if isinstance(child, QHBoxLayout) and child.indexOf(widget) >= 0:
            return child
    return None


def review_from_tracker(parent: QWidget, vs: str | None, payouts: str | None) -> Job | None:
    """Show the dialog; the review job when the user asked for one (None: cancelled)."""
    dialog = TrackerDialog(parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.job(None, vs, payouts)
