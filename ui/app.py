"""``omahanash-gui``: start the Omaha Nash desktop application."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMainWindow


def create_main_window() -> QMainWindow:
    """The main window (tabs are added by the GUI issue)."""
    window = QMainWindow()
    window.setWindowTitle("Omaha Nash")
    window.resize(1000, 700)
    return window


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Omaha Nash")
    app.setOrganizationName("OmahaNash")
    window = create_main_window()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
