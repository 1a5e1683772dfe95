"""The main window: one tab per job, a status bar, a guide and an About box, settings kept
between launches, sessions saved and opened (File menu, :mod:`ui.shell.session`).

Messages belong to their tab: the status bar shows the current tab's last message and switches
with the tab (a tab without a message of its own shows the window's "ready" line), so one tab
never shows another's news.

The tabs come from :func:`ui.shell.tabs.tab_factories` (the one place to add a tab). On close the
window saves its geometry, the current tab and every tab's inputs to QSettings, and stops any
running work, waiting for the worker threads so that none outlives the window. Files dropped
on the window go to the Review tab, which reviews them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, QSettings
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QTabWidget, QWidget

import omahanash
from omahanash.errors import InputError
from ui.equity_tables.panel import table_builds
from ui.kit.common import Tab
from ui.kit.settings import app_settings
from ui.review.model import JamfoldRequest
from ui.review.tab import ReviewTab
from ui.shell.help import GuideDialog
from ui.shell.scheduler_setting import add_scheduler_menu
from ui.shell.session import SESSION_SUFFIX, Sessions
from ui.shell.tabs import TabFactory, tab_factories

if TYPE_CHECKING:
    from ui.jamfold.tab import JamFoldTab
    from ui.table.tab import TableTab

WINDOW_TITLE = "Omaha Nash"
DEFAULT_SIZE = (1280, 820)
STATUS_TIMEOUT_MS = 0  # status messages stay until the next one

ABOUT_TEXT = f"""<h3>Omaha Nash {omahanash.__version__}</h3>
<p>Nash equilibria of games of imperfect information: heads-up jam-fold poker (Omaha Hi,
Omaha Hi/Lo, Texas Hold'em), the CFR family on Kuhn, Leduc, dominoes and matrix games, equities,
and games of perfect information.</p>
<p>Version {omahanash.__version__}. The same library runs the <code>omahanash</code>
command.</p>"""


class MainWindow(QMainWindow):
    """The application window. ``factories`` defaults to :func:`ui.shell.tabs.tab_factories`;
    ``settings`` to the application's store (:func:`ui.kit.settings.app_settings`)."""

    def __init__(self, factories: Sequence[TabFactory] | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(WINDOW_TITLE)
        self.resize(*DEFAULT_SIZE)
        self._settings = settings if settings is not None else app_settings()

        self.tab_widget = QTabWidget(self)
        self.tab_widget.setObjectName("mainTabs")
        self.tab_widget.setDocumentMode(True)
        self.setCentralWidget(self.tab_widget)
        self.tabs: list[Tab] = []
        self._messages: dict[int, str] = {}  # id(tab) -> its last message
        self._ready = f"Omaha Nash {omahanash.__version__} — ready"
        for factory in factories if factories is not None else tab_factories():
            tab = factory()
            self.tabs.append(tab)
            self.tab_widget.addTab(tab, tab.title)
            tab.status_message.connect(partial(self._on_tab_message, tab))

        self.statusBar().setObjectName("statusBar")
        self.about_box = QMessageBox(QMessageBox.Icon.Information, f"About {WINDOW_TITLE}",
                                     ABOUT_TEXT, QMessageBox.StandardButton.Ok, self)
        self.about_box.setObjectName("aboutBox")
        self.guide: GuideDialog | None = None
        self.sessions = Sessions(self.tabs)
        self._build_menus()
        self.setAcceptDrops(True)
        self._connect_tabs()
        self._restore()
        self.tab_widget.currentChanged.connect(self._show_current_message)
        self._show_current_message()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_session_action = QAction("&Open session…", self)
        self.open_session_action.setObjectName("openSessionAction")
        self.open_session_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_session_action.triggered.connect(self._on_open_session)
        self.save_session_action = QAction("&Save session…", self)
        self.save_session_action.setObjectName("saveSessionAction")
        self.save_session_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_session_action.triggered.connect(self._on_save_session)
        file_menu.addAction(self.open_session_action)
        file_menu.addAction(self.save_session_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setObjectName("quitAction")
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        # Settings > Compute engine…
        self.scheduler_action = add_scheduler_menu(self, self._settings)
        help_menu = self.menuBar().addMenu("&Help")
        self.guide_action = QAction("&Guide", self)
        self.guide_action.setObjectName("guideAction")
        self.guide_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.guide_action.triggered.connect(self.show_guide)
        help_menu.addAction(self.guide_action)
        self.about_action = QAction("&About Omaha Nash", self)
        self.about_action.setObjectName("aboutAction")
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def show_about(self) -> None:
        """Open the About box (window-modal, does not block the event loop)."""
        self.about_box.open()

    def show_guide(self) -> GuideDialog:
        """Open the guide (what each tab answers, the glossary) beside the window."""
        if self.guide is None:
            self.guide = GuideDialog(self)
        self.guide.show()
        self.guide.raise_()
        return self.guide

    # -- sessions -------------------------------------------------------------------------

    def save_session(self, path: str) -> bool:
        """Write every tab's inputs and results to ``path``; False (said in the status bar)
        when it cannot."""
        current = self.tab_widget.currentWidget()
        try:
            written = self.sessions.save(path, current.title if isinstance(current, Tab)
                                         else "")
        except InputError as exc:
            self.statusBar().showMessage(f"Session not saved: {exc}", STATUS_TIMEOUT_MS)
            return False
        self.statusBar().showMessage(f"Session saved to {written}", STATUS_TIMEOUT_MS)
        return True

    def open_session(self, path: str) -> bool:
        """Set every tab from the session at ``path`` (results reopen in the tabs' workers);
        False (said in the status bar) when the file cannot be used."""
        if any(tab_busy(tab) for tab in self.tabs):
            self.statusBar().showMessage("Stop the running work before opening a session.",
                                         STATUS_TIMEOUT_MS)
            return False
        try:
            current, _ = self.sessions.open(path)
        except InputError as exc:
            self.statusBar().showMessage(f"Session not opened: {exc}", STATUS_TIMEOUT_MS)
            return False
        titles = [tab.title for tab in self.tabs]
        if current in titles:
            self.tab_widget.setCurrentIndex(titles.index(current))
        self.statusBar().showMessage(f"Session opened from {path}", STATUS_TIMEOUT_MS)
        return True

    def _on_save_session(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save session", f"session{SESSION_SUFFIX}",
                                              f"Omaha Nash session (*{SESSION_SUFFIX})")
        if path:
            self.save_session(path)

    def _on_open_session(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open session", "",
                                              f"Omaha Nash session (*{SESSION_SUFFIX});;"
                                              "All files (*)")
        if path:
            self.open_session(path)

    def tab(self, title: str) -> Tab:
        """The tab with this caption."""
        for tab in self.tabs:
            if tab.title == title:
                return tab
        raise KeyError(title)

    def message_of(self, tab: Tab) -> str:
        """The last message of ``tab`` ("" when it has said nothing yet)."""
        return self._messages.get(id(tab), "")

    def _on_tab_message(self, tab: Tab, message: str) -> None:
        self._messages[id(tab)] = message
        if self.tab_widget.currentWidget() is tab:
            self._show_current_message()

    def _show_current_message(self) -> None:
        current = self.tab_widget.currentWidget()
        message = self.message_of(current) if isinstance(current, Tab) else ""
        self.statusBar().showMessage(message or self._ready, STATUS_TIMEOUT_MS)

    # -- tabs talking to tabs ------------------------------------------------------------

    def _connect_tabs(self) -> None:
        """Route one tab's requests to the tab that answers them (a tab never reaches into
        another): the Review tab's "Open in Jam-fold" goes to :meth:`JamFoldTab.open_spot`,
        its "Open in Table" to :meth:`TableTab.open_spot`."""
        # Imported here, for start-up time, as ui.shell.tabs imports the tabs: importing this
        # module loads no other tab than the Review tab.
        from ui.jamfold.tab import JamFoldTab
        from ui.table.tab import TableTab

        review = self._review_tab()
        jamfold = next((tab for tab in self.tabs if isinstance(tab, JamFoldTab)), None)
        table = next((tab for tab in self.tabs if isinstance(tab, TableTab)), None)
        if review is not None:
            review.open_spot_requested.connect(partial(self._open_in_jamfold, review, jamfold))
            review.open_table_requested.connect(partial(self._open_in_table, review, table))

    def _open_in_jamfold(self, review: ReviewTab, jamfold: JamFoldTab | None,
                         request: JamfoldRequest) -> None:
        """Fill the Jam-fold tab with the Review tab's ``request`` and show it; the Review tab
        hears why not when it cannot be done (:meth:`ReviewTab.spot_open_failed`)."""
        if jamfold is None:
            review.spot_open_failed("there is no Jam-fold tab to open the spot in")
            return
        reason = jamfold.open_spot(request.game, request.inputs, request.side, request.message)
        if reason is None:
            self.tab_widget.setCurrentWidget(jamfold)
        review.spot_open_failed(reason)

    def _open_in_table(self, review: ReviewTab, table: TableTab | None,
                       request: object) -> None:
        """Open the Review tab's table spot in the Table tab and show it; the Review tab hears
        why not when it cannot be done."""
        if table is None:
            review.spot_open_failed("there is no Table tab to open the spot in")
            return
        reason = table.open_spot(request)
        if reason is None:
            self.tab_widget.setCurrentWidget(table)
        review.spot_open_failed(reason)

    # -- dropped files --------------------------------------------------------------------

    def _review_tab(self) -> ReviewTab | None:
        return next((tab for tab in self.tabs if isinstance(tab, ReviewTab)), None)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt API)
        if self._review_tab() is not None and dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt API)
        """Hand the dropped files (or folders) to the Review tab and show it."""
        review = self._review_tab()
        paths = dropped_paths(event.mimeData())
        if review is None or not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.tab_widget.setCurrentWidget(review)
        if not review.open_paths(paths):
            review.status_message.emit("A review is running: stop it before dropping more "
                                       "files.")

    # -- settings -----------------------------------------------------------------------

    def _restore(self) -> None:
        settings = self._settings
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        for tab in self.tabs:
            tab.restore_settings(settings)
        current = settings.value("window/tab")
        if current is not None:
            titles = [tab.title for tab in self.tabs]
            if str(current) in titles:
                self.tab_widget.setCurrentIndex(titles.index(str(current)))

    def save_settings(self) -> None:
        """Write geometry, the current tab and every tab's inputs to the settings store."""
        settings = self._settings
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        current = self.tab_widget.currentWidget()
        if isinstance(current, Tab):
            settings.setValue("window/tab", current.title)
        for tab in self.tabs:
            tab.save_settings(settings)
        settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt API)
        self.save_settings()
        for tab in self.tabs:
            tab.shutdown()
        super().closeEvent(event)


def tab_busy(tab: Tab) -> bool:
    """Whether ``tab`` runs a job of its own (the app's shared table build does not count)."""
    shared = table_builds().runner
    return any(runner.running for runner in tab.__dict__.get("_runners", [])
               if runner is not shared)


def dropped_paths(mime: QMimeData) -> list[str]:
    """The local files and folders of a drag (URLs of other kinds are left out)."""
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
