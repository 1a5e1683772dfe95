"""The numba kernels warm up once the window is up, in the background.

The first call of a numba kernel compiles it (or loads it from numba's disk cache): on a fresh
install the first exact equity showed "Calculating…" for up to a minute. :class:`WarmUp` (a
``QThread``) imports and calls each kernel once on a tiny input as soon as the window is shown,
never blocking it; a label in the status bar says what is being prepared, and
:func:`kernels_ready` tells a tab whether its first run will still compile (the app starts it:
:mod:`ui.shell.app`).

>>> [name for name, _ in STEPS]
['the exact equity kernels', 'the Monte Carlo equity kernels', 'the jam-fold solver']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, QThread, Signal
from PySide6.QtWidgets import QLabel, QMainWindow

from ui.kit.common import named

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
