"""The Omaha Nash desktop application (PySide6). Imports omahanash, never the reverse.

**Quitting cleanly.** :func:`quit_cleanly` runs the cleanups registered with
:func:`at_quit` (every :class:`~ui.kit.workers.JobRunner` stops its job and waits for its threads),
then delivers the events still posted (a plot's pending layout events, a finished job's
signals) while Python is fully alive. It runs when the application quits (``aboutToQuit``,
hooked by :func:`hook_application`) and when Python exits: this package imports PySide6
before registering it with ``atexit``, so it runs before PySide6's own teardown. A script that
exits without closing its windows - after drawing a plot, or with a job still running - ends
with exit code 0, not a segmentation fault in that teardown (pyqtgraph items deleted with
events pending for them).
"""

from __future__ import annotations

import atexit
import weakref
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

_cleanups: list[Callable[[], None]] = []
_hooked: weakref.WeakSet[QCoreApplication] = weakref.WeakSet()


def at_quit(cleanup: Callable[[], None]) -> None:
    """Run ``cleanup`` (once registered, every time) when the application quits or Python
    exits, before the posted events are delivered."""
    if cleanup not in _cleanups:
        _cleanups.append(cleanup)


def quit_cleanly() -> None:
    """Run the registered cleanups, then deliver the posted events (see the module).
    Running it twice (both hooks fire) finds nothing left to do."""
    for cleanup in list(_cleanups):
        cleanup()
    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents()


def hook_application() -> None:
    """Run :func:`quit_cleanly` when the current application quits (``aboutToQuit``)."""
    app = QCoreApplication.instance()
    if app is not None and app not in _hooked:
        _hooked.add(app)
        app.aboutToQuit.connect(quit_cleanly)


atexit.register(quit_cleanly)
