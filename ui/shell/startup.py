"""What the app does once its window is up: warm the numba kernels, and on the very first
launch offer to build the Omaha tables.

**Warm-up.** The first call of a numba kernel compiles it (or loads it from numba's disk
cache): on a fresh install the first exact equity showed "Calculating…" for up to a minute.
:class:`WarmUp` (a ``QThread``) imports and calls each kernel once on a tiny input as soon as
the window is shown, never blocking it; a label in the status bar says what is being prepared,
and :func:`kernels_ready` tells a tab whether its first run will still compile.

**First launch.** :func:`offer_tables` asks once (remembered in QSettings under
``firstLaunch/tablesOffered``) whether to build both Omaha tables in the background, with
their disk and time cost; Yes queues them in the app's build queue
(:func:`ui.equity_tables.panel.table_builds`).

>>> OFFERED_KEY
'firstLaunch/tablesOffered'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QSettings, Qt, QThread, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from omahanash.cards import Variant
from ui.kit.common import named

#: The QSettings key that remembers that the tables were offered.
OFFERED_KEY = "firstLaunch/tablesOffered"

_READY = threading.Event()


def kernels_ready() -> bool:
    """Whether the start-up warm-up has compiled (or loaded) every kernel of :data:`STEPS`."""
    return _READY.is_set()


def _exact_equity() -> None:
    from omahanash.equity.exact import exact_equity

    exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s 9d", game="omaha-hilo")


def _monte_carlo() -> None:
    from omahanash.equity.montecarlo import range_equity

    range_equity("As Ah", "Kd Kc", game="holdem", trials=2_000, seed=1)
    range_equity("As Ah Kd Kc", "Qs Qh Jd Jc", game="omaha-hilo", trials=2_000, seed=1)


def _jamfold() -> None:
    import omahanash

    params = omahanash.JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100)
    omahanash.solve_jamfold(params, iterations=2)


#: (what it is, the call that warms it): the kernels a player's first run needs.
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("the exact equity kernels", _exact_equity),
    ("the Monte Carlo equity kernels", _monte_carlo),
    ("the jam-fold solver", _jamfold),
]


class WarmUp(QThread):
    """Runs ``steps`` (default :data:`STEPS`) once in its own thread; ``step`` names each as
    it starts, ``ready`` gives the seconds it all took. :meth:`stop` skips the steps not
    started yet (the app is closing)."""

    step = Signal(str)
    ready = Signal(float)
    # emitted in the worker thread; re-emitted as ``step``/``ready`` from the GUI thread
    # (queued: this object lives there), so a receiver connected after start() but before
    # the event loop runs again never misses them
    _stepped = Signal(str)
    _done = Signal(float)

    def __init__(self, steps: list[tuple[str, Callable[[], None]]] | None = None,
                 parent: QMainWindow | None = None) -> None:
        super().__init__(parent)
        self.steps = STEPS if steps is None else steps
        self._stop = threading.Event()
        self.errors: list[str] = []
        self._stepped.connect(self.step, Qt.ConnectionType.QueuedConnection)
        self._done.connect(self.ready, Qt.ConnectionType.QueuedConnection)

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        started = time.perf_counter()
        for name, call in self.steps:
            if self._stop.is_set():
                return
            self._stepped.emit(name)
            try:
                call()
            except Exception as exc:  # a warm-up never fails the app; the real run reports
                self.errors.append(f"{name}: {type(exc).__name__}: {exc}")
        if self.steps is STEPS and not self.errors:
            _READY.set()
        self._done.emit(time.perf_counter() - started)


def start_warmup(window: QMainWindow,
                 steps: list[tuple[str, Callable[[], None]]] | None = None) -> WarmUp:
    """Start :class:`WarmUp` for ``window``: a status-bar label (``warmupLabel``) says what
    is prepared and goes when all is ready; the thread is stopped and waited for when the
    window is destroyed or the app quits."""
    from PySide6.QtCore import QCoreApplication

    label = named(QLabel(""), "warmupLabel")
    label.setToolTip("The first launch compiles the numba kernels once (cached afterwards); "
                     "everything works meanwhile, a first run just waits for its kernel")
    window.statusBar().addPermanentWidget(label)
    warm = WarmUp(steps, window)
    warm.step.connect(lambda name: label.setText(f"Preparing {name}…"))
    warm.ready.connect(lambda seconds: label.hide())

    def finish() -> None:
        warm.stop()
        warm.wait()

    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(finish)
    window.destroyed.connect(finish)
    warm.start(QThread.Priority.LowPriority)
    return warm


def tables_to_offer() -> list[Variant]:
    """The Omaha variants without a table (coarse or full)."""
    from ui.equity_tables.panel import table_state

    return [v for v in (Variant.OMAHA_HI, Variant.OMAHA_HILO) if table_state(v) == "missing"]


def offer_tables(window: QMainWindow, settings: QSettings) -> QMessageBox | None:
    """On the first launch (nothing under :data:`OFFERED_KEY`), ask once, window-modal and
    without blocking, whether to build the missing Omaha tables in the background; the box
    (None when nothing is asked). Yes queues them; the answer is remembered either way."""
    if settings.value(OFFERED_KEY, False, type=bool):
        return None
    missing = tables_to_offer()
    settings.setValue(OFFERED_KEY, True)
    settings.sync()
    if not missing:
        return None
    names = " and ".join(v.display_name for v in missing)
    box = QMessageBox(QMessageBox.Icon.Question, "Build the Omaha tables?",
                      f"Omaha jam-fold, reviews, the trainer and tournaments need the "
                      f"{names} equity table{'s' if len(missing) > 1 else ''}, computed once "
                      "on this computer. Build them now in the background?\n\n"
                      f"Disk: 405 MB per game plus 270 MB shared, "
                      f"{0.405 * len(missing) + 0.27:.1f} GB in all. Time: a coarse table "
                      "first, usable in minutes, then the full one (3 min on a quiet 2-core "
                      "machine, over an hour on one busy with other heavy jobs, per game). "
                      "Cancel keeps what is "
                      "done; every tab that needs a table also offers Build.",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.setObjectName("firstLaunchTablesBox")

    def answered(_result: int) -> None:
        if box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes:
            from ui.equity_tables.panel import table_builds

            table_builds().request(missing)

    box.finished.connect(answered)
    box.open()
    return box
