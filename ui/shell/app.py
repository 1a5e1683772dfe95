"""``omahanash-gui``: start the Omaha Nash desktop application.

Before Qt is touched, :func:`ui.shell.qt_platform.platform_problem` checks that the system
libraries Qt needs are there; if not, ``main`` prints which are missing and the
``apt-get install`` line that provides them, and returns 1 (Qt itself would abort). Then the
window opens, the numba kernels warm up in the background, and on the very first launch the
window opens the guide (:mod:`ui.shell.help`) and offers to build the Omaha tables (both once,
remembered in QSettings; :mod:`ui.shell.startup`).
``--quit-after-start`` opens the window and quits at once (exit 0 if it was shown).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow


def create_main_window() -> QMainWindow:
    """The main window with all its tabs, inputs restored from the last launch."""
    from ui.shell.main_window import MainWindow  # (start-up: see main)

    return MainWindow()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app; the exit status."""
    # Imports here, not at the top, for start-up: Qt (and the app, which imports it) only once
    # the platform check passed (an unloadable Qt plugin aborts the process), and
    # ``omahanash-gui`` stays quick to say what is missing.
    from ui.shell.qt_platform import platform_problem

    argv = list(sys.argv if argv is None else argv)
    problem = platform_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui.kit import crash
    from ui.kit.settings import APPLICATION, ORGANIZATION
    from ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication(argv)
    assert isinstance(app, QApplication)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    window = create_main_window()
    assert isinstance(window, MainWindow)
    crash.install(window)  # errors: a dialog and the log file, never silence
    window.show()
    from ui.kit.settings import app_settings
    from ui.kit.warmup import start_warmup
    from ui.shell.help import show_guide_once
    from ui.shell.startup import offer_tables

    start_warmup(window)  # compiles in the background; the window stays usable
    show_guide_once(window.show_guide, app_settings())  # the first launch only
    offer_tables(window, app_settings())  # the first launch only; never blocks
    if "--quit-after-start" in argv[1:]:
        QTimer.singleShot(0, lambda: app.exit(0 if window.isVisible() else 1))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
