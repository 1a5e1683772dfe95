"""``omahanash-gui``: start the Omaha Nash desktop application."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMainWindow

from ui import crash
from ui.main_window import MainWindow
from ui.settings import APPLICATION, ORGANIZATION


def create_main_window() -> QMainWindow:
    """The main window with all its tabs, inputs restored from the last launch."""
    return MainWindow()


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    window = create_main_window()
    assert isinstance(window, MainWindow)
    crash.install(window)  # errors: a dialog and the log file, never silence
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
