"""Run library work in a worker thread and turn its callbacks into Qt signals.

Every long computation of the app goes through :class:`JobRunner`: a *job* is a plain function
``job(report, cancel) -> result`` that calls library code, passing ``report`` wherever the
library takes ``progress(done, total)`` and ``cancel`` (an
:class:`omahanash.runs.CancelFlag`) wherever it takes a cancel flag. The runner moves a
:class:`Worker` to a fresh :class:`QThread`, starts it, and re-emits the worker's signals from
the GUI thread, so the tabs only ever touch widgets there.

**One step.** A job's outcome (``succeeded``, ``stopped`` or ``failed``) and ``finished`` are
emitted together, in the GUI thread, once the worker thread has ended: no turn of the event
loop ever sees a job's result shown while its runner still says :attr:`JobRunner.running`.
(Relayed as it came, the result reached a tab one event before the thread's end did, and on a
loaded machine the worker thread could be descheduled in between: the Trainer tab then showed
a dealt spot whose Push and Space did nothing, ``running`` still true.)

Progress is throttled in the worker thread (at most one signal per
:data:`PROGRESS_INTERVAL` seconds, plus the last one), so however often the library reports, the
GUI thread handles at most ~20 updates a second.

**Quitting.** Every runner registers :func:`shutdown_all` with :func:`ui.at_quit`: when the
application quits or Python exits, every job is stopped and its threads are waited for before
PySide6 tears the objects down (see :mod:`ui`).
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

import ui
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag
from ui.kit import crash

#: Least time between two progress signals (seconds): at most 20 GUI updates a second.
PROGRESS_INTERVAL = 0.05
#: Longest wait for one runner's worker threads when the application quits (milliseconds).
QUIT_WAIT_MS = 10_000

logger = logging.getLogger(__name__)

# Every JobRunner alive (weakly: a runner deleted with its tab leaves by itself).
_RUNNERS: weakref.WeakSet[JobRunner] = weakref.WeakSet()


class _GuiThreadCollector:
    """Python's cyclic garbage collector, run in the GUI thread only while the app has job
    runners.

    Left automatic, a collection runs in whichever thread happens to allocate - a worker
    thread compiling numba kernels, say - and may free garbage that holds Qt objects (a
    closed window's widgets, a finished job's thread and worker) there: Qt aborts (an object
    deleted from another thread, a ``QThread`` destroyed while running). So the automatic
    collector is switched off and a timer in the GUI thread collects whenever the counts pass
    the usual thresholds (the scheme pyqtgraph's ``GarbageCollector`` uses).
    """

    INTERVAL_MS = 100

    def __init__(self) -> None:
        self._timer: QTimer | None = None
        self._threshold = gc.get_threshold()

    def start(self) -> None:
        app = QCoreApplication.instance()
        if self._timer is not None or app is None \
                or QThread.currentThread() is not app.thread():
            return
        self._timer = QTimer(app)
        self._timer.timeout.connect(self.check)
        self._timer.start(self.INTERVAL_MS)
        gc.disable()
        app.destroyed.connect(self._stopped)

    def _stopped(self) -> None:
        self._timer = None
        gc.enable()

    def check(self) -> None:
        """Collect the generations whose counts passed their thresholds (GUI thread)."""
        counts = gc.get_count()
        if counts[0] > self._threshold[0]:
            gc.collect(0)
            if counts[1] > self._threshold[1]:
                gc.collect(1)
                if counts[2] > self._threshold[2]:
                    gc.collect(2)


_collector = _GuiThreadCollector()


def shutdown_all() -> None:
    """Stop every runner's job and wait for its threads (when the application quits: the
    cleanup every runner registers with :func:`ui.at_quit`)."""
    for runner in list(_RUNNERS):
        try:
            runner.shutdown(QUIT_WAIT_MS)
            alive = runner.threads_alive()
        except RuntimeError:  # its C++ object is gone already
            continue
        if alive:
            logger.warning("a job did not stop within %d s at exit", QUIT_WAIT_MS // 1000)


class ProgressReporter:
    """The ``progress(done, total)`` callback handed to library code, in the worker thread.

    ``detail`` (optional) is called only when a signal is actually emitted, to attach a
    snapshot of the work's state (e.g. a copy of the exploitability history) to it; ``phase``
    names what is running ("building tree", "solving").
    """

    def __init__(self, emit: Callable[[float, float, str, object], None],
                 interval: float = PROGRESS_INTERVAL) -> None:
        self._emit = emit
        self._interval = interval
        self._last = float("-inf")
        self.phase_name = ""
        self.detail: Callable[[], object] | None = None

    def phase(self, name: str, detail: Callable[[], object] | None = None) -> None:
        """Start a new phase of the job: announced at once, with its own detail snapshot."""
        self.phase_name = name
        self.detail = detail
        self._last = float("-inf")
        self(0, 0)

    def __call__(self, done: float, total: float) -> None:
        now = time.perf_counter()
        finished = total > 0 and done >= total
        if not finished and now - self._last < self._interval:
            return
        self._last = now
        snapshot = self.detail() if self.detail is not None else None
        self._emit(float(done), float(total), self.phase_name, snapshot)


Job = Callable[[ProgressReporter, CancelFlag], Any]


class Worker(QObject):
    """Runs one job in the thread it was moved to; reports through signals only.

    Exactly one of ``succeeded`` (the return value is then in :attr:`result`), ``stopped``
    (the job raised :class:`~omahanash.errors.Cancelled`), ``failed`` (an
    :class:`~omahanash.errors.InputError`: its message) or ``crashed`` (anything else: a short
    description; the traceback goes to the error dialog and the log through
    :func:`ui.kit.crash.report`, or to stderr when no hook is installed) is emitted, then
    ``done``.

    The outcome is also kept in :attr:`outcome` (the signal's name and its message), which
    the :class:`JobRunner` reads once the thread has ended.

    Python objects never travel through the queued signals (PySide6 has mishandled reference
    counts of ``object`` arguments across threads, e.g. ``None``): results and progress
    snapshots are handed over through attributes guarded by a lock, and the signals only say
    that they are there.
    """

    progressed = Signal(float, float, str)
    succeeded = Signal()
    stopped = Signal()
    failed = Signal(str)
    crashed = Signal(str)
    done = Signal()

    def __init__(self, job: Job, cancel: CancelFlag) -> None:
        super().__init__()
        self._job = job
        self._cancel = cancel
        self._lock = threading.Lock()
        self._detail: object = None
        self.result: object = None
        #: ``("succeeded" | "stopped" | "failed", message)`` once the job is over, else None.
        self.outcome: tuple[str, str] | None = None

    def latest_detail(self) -> object:
        """The snapshot attached to the latest progress signal (None: none)."""
        with self._lock:
            return self._detail

    def _report(self, done: float, total: float, phase: str, detail: object) -> None:
        with self._lock:
            self._detail = detail
        self.progressed.emit(done, total, phase)

    @Slot()
    def run(self) -> None:
        reporter = ProgressReporter(self._report)
        try:
            result = self._job(reporter, self._cancel)
        except Cancelled:
            self.outcome = ("stopped", "")
            self.stopped.emit()
        except InputError as exc:
            self.outcome = ("failed", str(exc))
            self.failed.emit(str(exc))
        except MemoryError:
            self.outcome = ("failed", "not enough memory for this computation")
            self.failed.emit(self.outcome[1])
        except Exception as exc:  # a bug: the error dialog and the log get the traceback
            if not crash.report(exc, "a job"):
                traceback.print_exc(file=sys.stderr)
            self.outcome = ("failed", f"internal error: {type(exc).__name__}: {exc}")
            self.crashed.emit(self.outcome[1])
        else:
            self.result = result
            self.outcome = ("succeeded", "")
            self.succeeded.emit()
        finally:
            self.done.emit()


class JobRunner(QObject):
    """Starts jobs in worker threads and relays their signals in the GUI thread.

    One job at a time per runner. Its outcome (``succeeded``, ``stopped`` or ``failed``), then
    ``finished``, are emitted in one step once the worker thread has ended (see the module);
    ``running`` stays true until ``finished``, so a tab flips its Stop button back to Run on
    ``finished``.

    :meth:`stop` ends a run: a *cancellable* job (one that passes the cancel flag to the
    library, which checks it between steps) stops there and reports what it kept; a job that
    cannot be interrupted (a single library call without a cancel flag) is *abandoned*: the
    runner emits ``stopped`` and ``finished`` at once, drops the job's result, and lets its
    thread end on its own.
    """

    progressed = Signal(float, float, str, object)
    succeeded = Signal(object)
    stopped = Signal()
    failed = Signal(str)
    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: Worker | None = None
        self._cancel: CancelFlag | None = None
        self._cancellable = True
        # Abandoned jobs whose threads are still running: kept alive until they end.
        self._retired: list[tuple[QThread, Worker]] = []
        _RUNNERS.add(self)
        ui.at_quit(shutdown_all)
        ui.hook_application()
        _collector.start()

    def threads_alive(self) -> bool:
        """Whether a worker thread of this runner (current or abandoned) still runs."""
        threads = [self._thread] if self._thread is not None else []
        return any(thread.isRunning() for thread in threads + [t for t, _ in self._retired])

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self, job: Job, cancellable: bool = True) -> None:
        """Run ``job`` in a new worker thread; ``cancellable``: the job honours the cancel
        flag (else :meth:`stop` abandons it)."""
        if self.running:
            raise RuntimeError("a job is already running")
        self._cancel = CancelFlag()
        self._cancellable = cancellable
        thread = QThread()
        worker = Worker(job, self._cancel)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        # The receivers are this object's slots (GUI thread): queued connections. The outcome
        # is read from the worker when its thread has ended (_collect), not relayed as it comes.
        worker.progressed.connect(self._on_progressed)
        # Direct: QThread.quit is thread-safe, and shutdown() blocks the GUI thread in wait().
        worker.done.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._worker = thread, worker
        thread.start()

    def stop(self) -> None:
        """Stop the running job (see the class docstring)."""
        if self._thread is None:
            return
        assert self._cancel is not None
        self._cancel.cancel()
        if not self._cancellable:
            self._abandon()

    def _abandon(self) -> None:
        thread, worker = self._thread, self._worker
        assert thread is not None and worker is not None
        self._thread = self._worker = None  # its late signals fail the sender checks
        self._retired.append((thread, worker))
        self.stopped.emit()
        self.finished.emit()

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Stop the running job and wait for every worker thread (the window is closing):
        ``finished`` is emitted, the job's outcome dropped."""
        if self._thread is not None:
            assert self._cancel is not None
            self._cancel.cancel()
            if self._thread.wait(timeout_ms):
                self._collect(self._thread, deliver=False)
        for thread, _worker in list(self._retired):
            if thread.wait(timeout_ms):
                self._collect(thread)

    def _current(self) -> bool:
        """True when the signal being handled comes from the current job's worker."""
        return self._worker is not None and self.sender() is self._worker

    @Slot(float, float, str)
    def _on_progressed(self, done: float, total: float, phase: str) -> None:
        if self._current():
            assert self._worker is not None
            self.progressed.emit(done, total, phase, self._worker.latest_detail())

    @Slot()
    def _on_thread_finished(self) -> None:
        sender = self.sender()
        if isinstance(sender, QThread):
            self._collect(sender)

    def _collect(self, thread: QThread, deliver: bool = True) -> None:
        """Release an ended thread and its worker; if it was the current job, emit its
        outcome (unless not ``deliver``) and ``finished``, with no event handled between."""
        if thread is self._thread:
            worker = self._worker
            if deliver and worker is not None and worker.outcome is not None:
                self._deliver(*worker.outcome, worker.result)
                if thread is not self._thread:  # a handler stopped or shut the runner down
                    self._collect(thread)
                    return
            self._thread = self._worker = None
            current = True
        else:
            found = [pair for pair in self._retired if pair[0] is thread]
            if not found:
                return  # already collected
            self._retired.remove(found[0])
            current = False
        # Dropping the last references deletes both (the thread has ended).
        thread.finished.disconnect(self._on_thread_finished)
        if current:
            self.finished.emit()

    def _deliver(self, kind: str, message: str, result: object) -> None:
        """Emit a job's outcome (``running`` is still true: ``finished`` comes right after)."""
        if kind == "succeeded":
            self.succeeded.emit(result)
        elif kind == "stopped":
            self.stopped.emit()
        else:
            self.failed.emit(message)
