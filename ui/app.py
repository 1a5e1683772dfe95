"""``omahanash-gui``: start the Omaha Nash desktop application."""

from __future__ import annotations

import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from ui.main_window import MainWindow
from ui.settings import APPLICATION, ORGANIZATION


def create_main_window() -> QMainWindow:
    """The main window with all its tabs, inputs restored from the last launch."""
    return MainWindow()


def _install_error_hook(window: MainWindow) -> None:
    """Show errors that escape a slot in the window (and keep the traceback on stderr)."""

    def hook(kind: type[BaseException], error: BaseException,
             tb: TracebackType | None) -> None:
        traceback.print_exception(kind, error, tb, file=sys.stderr)
        message = f"Internal error: {kind.__name__}: {error}"
        window.statusBar().showMessage(message)
        box = QMessageBox(QMessageBox.Icon.Critical, "Omaha Nash", message,
                          QMessageBox.StandardButton.Ok, window)
        box.open()

    sys.excepthook = hook


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    window = create_main_window()
    assert isinstance(window, MainWindow)
    _install_error_hook(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
