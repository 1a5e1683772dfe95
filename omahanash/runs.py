"""The one run loop of long work: :func:`iterate`, with progress and cancellation.

Long work (a table build, a jam-fold or CFR solve, a perfect-information solve, ...) is a plain
function that takes ``progress(done, total)`` and a :class:`CancelFlag`, and drives its steps
through :func:`iterate`, which checks the flag before every step and reports progress at most
every few hundredths of a second (and always at the end). The CLI passes
:class:`StderrProgress`; the GUI's one worker class passes a callback that emits a Qt signal.

>>> squares = []
>>> run = iterate(lambda done: squares.append(done * done), 4)
>>> run.done, run.cancelled, squares
(4, False, [0, 1, 4, 9])
>>> flag = CancelFlag()
>>> def step(done):
...     if done == 1:
...         flag.cancel()  # as a Stop button would, from another thread
>>> run = iterate(step, 10, cancel=flag)
>>> run.done, run.cancelled
(2, True)
"""

from __future__ import annotations

import logging
import numbers
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar, TextIO, TypeVar

import numpy as np

from omahanash.errors import Cancelled, InputError

logger = logging.getLogger(__name__)

ProgressCallback = Callable[[float, float], None]
T = TypeVar("T")


class CancelFlag:
    """A thread-safe flag that long work polls between steps (a Stop button sets it).

    numba kernels cannot poll it: inside a :func:`cancel_scope` block they poll a one-byte
    array (:func:`kernel_flag`) that :meth:`cancel` sets too.

    >>> flag = CancelFlag()
    >>> flag.cancelled
    False
    >>> flag.cancel()
    >>> flag.cancelled
    True
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._arrays: list[np.ndarray] = []  # the kernel flags of the scopes watching it
        self._callbacks: list[Callable[[], None]] = []  # told once, at the first cancel
        self._at: float | None = None  # time.monotonic() of the first cancel

    def cancel(self) -> None:
        with self._lock:
            first = self._at is None
            if first:
                self._at = time.monotonic()
            self._event.set()
            for array in self._arrays:
                array[0] = 1
            callbacks = list(self._callbacks) if first else []
        for callback in callbacks:
            callback()

    @property
    def cancelled_at(self) -> float | None:
        """When :meth:`cancel` was first called (``time.monotonic()``), None before."""
        return self._at

    def _on_cancel(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` at the first :meth:`cancel` (at once if it was called)."""
        with self._lock:
            if self._at is None:
                self._callbacks.append(callback)
                return
        callback()

    def _forget(self, callback: Callable[[], None]) -> None:
        with self._lock:
            self._callbacks = [c for c in self._callbacks if c is not callback]

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        """Raise :class:`Cancelled` once :meth:`cancel` has been called."""
        if self._event.is_set():
            raise Cancelled("cancelled")

    def _watch(self, array: np.ndarray) -> None:
        with self._lock:
            self._arrays.append(array)
            if self._event.is_set():
                array[0] = 1

    def _unwatch(self, array: np.ndarray) -> None:
        with self._lock:
            self._arrays = [a for a in self._arrays if a is not array]


# The cancel_scope blocks open in each thread: (flags watched, their kernel flag), innermost last.
_SCOPES = threading.local()


@contextmanager
def cancel_scope(cancel: CancelFlag | None) -> Iterator[None]:
    """Long numba kernels called in this block, in this thread, stop within a fraction of a
    second once ``cancel`` (or the flag of an enclosing block) is set: their caller polls
    :func:`kernel_flag` and raises :class:`Cancelled` (the kernel's partial work thrown away).
    The solvers' run loop opens one around each step and report, so a Stop does not wait for
    a pass over the deals to end; ``None`` adds no flag (the enclosing ones still count).

    >>> flag = CancelFlag()
    >>> with cancel_scope(flag):
    ...     before = int(kernel_flag()[0])
    ...     flag.cancel()
    ...     after = int(kernel_flag()[0])
    >>> before, after, int(kernel_flag()[0])   # outside any block: never set
    (0, 1, 0)
    """
    stack: list[tuple[tuple[CancelFlag, ...], np.ndarray]] = _SCOPES.__dict__.setdefault(
        "stack", [])
    outer = stack[-1][0] if stack else ()
    flags = outer + ((cancel,) if cancel is not None and cancel not in outer else ())
    array = np.zeros(1, np.uint8)
    for flag in flags:
        flag._watch(array)
    stack.append((flags, array))
    try:
        yield
    finally:
        stack.pop()
        for flag in flags:
            flag._unwatch(array)


#: Seconds the measuring of a result (NashConv on fresh deals, EVs, a lookup, an export) may
#: take after a Stop (:func:`grace_after`): past it the result is returned unmeasured.
MEASURE_GRACE = 0.25


@contextmanager
def grace_after(flag: CancelFlag | None, seconds: float | None = None
                ) -> Iterator[CancelFlag]:
    """A flag that trips ``seconds`` after ``flag`` is set (the user's Stop or Ctrl-C): the
    measuring of a stopped run's result runs in its :func:`cancel_scope` (see
    :func:`measured`), so a Stop is over within ``seconds`` of being asked for, whatever is
    left to measure. Set long enough before the block, it trips at once; never set, never
    (the measuring of a finished run takes what it takes). ``None``: a flag never set.
    ``seconds`` defaults to :data:`MEASURE_GRACE` (read at the call).

    >>> user = CancelFlag()
    >>> with grace_after(user, 0.01) as grace:
    ...     before = grace.cancelled
    ...     user.cancel()
    ...     _ = grace._event.wait(5)   # the grace runs out in the background
    ...     after = grace.cancelled
    >>> before, after
    (False, True)
    """
    grace = CancelFlag()
    if flag is None:
        yield grace
        return
    seconds = MEASURE_GRACE if seconds is None else seconds
    timers: list[threading.Timer] = []

    def start() -> None:
        at = flag.cancelled_at
        left = seconds if at is None else seconds - (time.monotonic() - at)
        if left <= 0:
            grace.cancel()
            return
        if left == float("inf"):  # no limit: never trips
            return
        timer = threading.Timer(left, grace.cancel)
        timer.daemon = True
        timers.append(timer)
        timer.start()

    flag._on_cancel(start)
    try:
        yield grace
    finally:
        flag._forget(start)
        for timer in timers:
            timer.cancel()


def measured(compute: Callable[[], T], grace: CancelFlag | None) -> T | None:
    """``compute()``, or None when ``grace`` (a :func:`grace_after` flag) trips first: it
    runs in the flag's :func:`cancel_scope`, so its long kernels stop within a fraction of a
    second (their partial work thrown away) and the figure is left unmeasured; a figure
    made already (no kernel to run) is returned even past the grace.

    >>> grace = CancelFlag()
    >>> measured(lambda: 42, grace)
    42
    >>> grace.cancel()
    >>> def long_pass():
    ...     raise_if_stopped(kernel_flag())   # as a long kernel's caller does
    ...     return 42
    >>> measured(long_pass, grace) is None
    True
    """
    try:
        with cancel_scope(grace):
            return compute()
    except Cancelled:
        if grace is not None and grace.cancelled:
            return None
        raise


def kernel_flag() -> np.ndarray:
    """The one-byte array a long kernel polls (stopping early where it is non-zero): set
    once a flag of this thread's enclosing :func:`cancel_scope` blocks is set; outside any
    block a fresh zero (never set). A caller checks it after the kernel with
    :func:`raise_if_stopped`.

    >>> kernel_flag().tolist()
    [0]
    """
    stack = _SCOPES.__dict__.get("stack")
    return stack[-1][1] if stack else np.zeros(1, np.uint8)


def raise_if_stopped(flag: np.ndarray) -> None:
    """Raise :class:`Cancelled` when the kernel flag ``flag`` is set (a kernel that polled it
    may have stopped part way: its result is to be thrown away).

    >>> raise_if_stopped(kernel_flag())   # not set: returns
    """
    if flag[0]:
        raise Cancelled("stopped")


@contextmanager
def cancel_on_interrupt() -> Iterator[CancelFlag]:
    """A :class:`CancelFlag` that Ctrl-C (SIGINT) sets while the block runs.

    Long work then stops at its next check, keeping what it finished, instead of a
    ``KeyboardInterrupt`` landing wherever the program happens to be (inside a numba kernel
    it becomes a ``SystemError``). The command line wraps its long runs in it. Outside the
    main thread (where signals cannot be caught) the flag is only set by :meth:`~CancelFlag.cancel`.

    Python runs a signal handler only between two bytecodes of the main thread, so while the
    main thread is inside a kernel the handler waits for the kernel's end. So the signal is
    also seen at the C level: it writes its number to a pipe (``signal.set_wakeup_fd``), and
    a watcher thread reading the pipe sets the flag at once; a kernel that releases the GIL
    and polls its :func:`kernel_flag` (in a :func:`cancel_scope`) then stops in time.

    >>> import os, signal
    >>> with cancel_on_interrupt() as flag:
    ...     os.kill(os.getpid(), signal.SIGINT)
    ...     time.sleep(0.01)  # the handler runs between two bytecodes of the main thread
    >>> flag.cancelled
    True
    """
    flag = CancelFlag()
    try:
        previous = signal.signal(signal.SIGINT, lambda *_: flag.cancel())
    except ValueError:  # not the main thread
        yield flag
        return
    _INTERRUPT_FLAGS.append(flag)
    watcher = _InterruptWatcher(flag)
    try:
        yield flag
    finally:
        watcher.close()
        _INTERRUPT_FLAGS.remove(flag)
        signal.signal(signal.SIGINT, previous)


class _InterruptWatcher:
    """A thread that sets ``flag`` as soon as SIGINT arrives, whatever the main thread is
    doing (see :func:`cancel_on_interrupt`): Python's C-level handler writes the signal's
    number to the wakeup pipe, which this thread reads (no-op where there is no wakeup fd
    to take, e.g. another one is set)."""

    _CLOSE = b"\xff"  # no signal has this number

    def __init__(self, flag: CancelFlag) -> None:
        self._flag = flag
        self._thread: threading.Thread | None = None
        self._read, self._write = os.pipe()
        try:
            os.set_blocking(self._write, False)
            self._previous = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        except (ValueError, OSError):  # not possible here: the Python handler alone
            self._release()
            return
        if self._previous != -1:  # someone else's wakeup fd (an event loop): leave it
            signal.set_wakeup_fd(self._previous)
            self._release()
            return
        self._thread = threading.Thread(target=self._watch, name="omahanash-sigint",
                                        daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while True:
            try:
                data = os.read(self._read, 64)
            except OSError:
                return
            if not data or self._CLOSE in data:
                return
            if bytes([signal.SIGINT]) in data:
                self._flag.cancel()

    def _release(self) -> None:
        for fd in (self._read, self._write):
            os.close(fd)
        self._read = self._write = -1

    def close(self) -> None:
        if self._thread is None:
            return
        signal.set_wakeup_fd(self._previous)
        os.write(self._write, self._CLOSE)
        self._thread.join()
        self._thread = None
        self._release()


# The flags of the cancel_on_interrupt blocks running now (innermost last).
_INTERRUPT_FLAGS: list[CancelFlag] = []


def check_interrupt(cancel: CancelFlag | None = None) -> None:
    """Raise :class:`Cancelled` when ``cancel`` is set or Ctrl-C was pressed inside a
    :func:`cancel_on_interrupt` block: for long loops that no flag is passed to (a range
    parser called deep inside a command), so Ctrl-C stops them too.

    >>> check_interrupt()  # nothing pressed, no flag: returns
    """
    if (cancel is not None and cancel.cancelled) \
            or any(flag.cancelled for flag in _INTERRUPT_FLAGS):
        raise Cancelled("interrupted")


def format_duration(seconds: float) -> str:
    """``75.2`` -> ``'1:15'``; ``3725`` -> ``'1:02:05'``."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class StderrProgress:
    """``progress(done, total)`` that shows percent, elapsed time and ETA on stderr.

    On a terminal it redraws one line (``\\r``) at most every ``interval`` seconds (default
    0.5). Written to a file or a pipe (a CI log, ``2> build.log``) it prints plain lines, one
    every ``interval`` seconds (default 5) or every 10 % of the work, whichever comes first,
    never a carriage return. Always a line at the end. Tight loops may call it freely. The ETA
    uses the rate since the first call, so a resumed job (whose first call already reports
    work done earlier) gets an honest estimate. ``StderrProgress.quiet = True`` (the command
    line's ``--quiet``) silences every instance.

    >>> import io
    >>> log = io.StringIO()  # not a terminal: plain lines
    >>> progress = StderrProgress("build", stream=log)
    >>> for done in range(0, 101, 5):
    ...     progress(done, 100)
    >>> lines = log.getvalue().splitlines()
    >>> len(lines), lines[-1].split()[:2], "\\r" in log.getvalue()
    (11, ['build:', '100.0%'], False)
    """

    quiet: ClassVar[bool] = False

    def __init__(self, label: str, stream: TextIO | None = None,
                 interval: float | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.interactive = bool(isatty()) if callable(isatty) else False
        self.interval = interval if interval is not None else (0.5 if self.interactive else 5.0)
        self.start = time.perf_counter()
        self._last = -1.0
        self._next_tenth = 0.0
        self._baseline: float | None = None

    def eta(self, done: float, total: float) -> float | None:
        """Seconds left, extrapolated from the rate since the first call; None before that."""
        if self._baseline is None:
            self._baseline = done
            self.start = time.perf_counter()
        progressed = done - self._baseline
        if total <= 0 or progressed <= 0:
            return None
        elapsed = time.perf_counter() - self.start
        return elapsed * (total - done) / progressed

    def __call__(self, done: float, total: float) -> None:
        eta = self.eta(done, total)  # first, so that the first call sets the baseline
        if self.quiet:
            return
        now = time.perf_counter()
        finished = total > 0 and done >= total
        fraction = done / total if total > 0 else 0.0
        due = now - self._last >= self.interval
        if not self.interactive:
            due = due or fraction >= self._next_tenth
        if not (finished or due):
            return
        self._last = now
        self._next_tenth = (int(fraction * 10 + 1e-9) + 1) / 10
        eta_text = "" if eta is None or finished else f"  ETA {format_duration(eta)}"
        elapsed = format_duration(now - self.start)
        text = f"{self.label}: {100 * fraction:5.1f}%  {elapsed}{eta_text}"
        if self.interactive:
            self.stream.write(f"\r{text}   " + ("\n" if finished else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


@dataclass(frozen=True)
class RunResult:
    """What :func:`iterate` did: ``done`` units in all (counting ``start``); ``cancelled`` when
    it stopped because the flag was set; ``finished`` when it reached ``total`` or a step
    ended the work early."""

    done: int
    cancelled: bool
    finished: bool


def iterate(
    step: Callable[[int], int | None],
    total: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    start: int = 0,
    interval: float = 0.05,
) -> RunResult:
    """Run ``step(done)`` until ``total`` units are done, checking ``cancel`` before each step.

    ``step(done)`` does the work from unit ``done`` on and returns how many units it finished
    (None: one). A step that finishes the whole job early (say, a solver that reached its
    target) returns the units left, ``total - done``. ``progress(done, total)`` is called once at
    the start, at most every ``interval`` seconds after a step, and after the last step; a
    cancelled run reports where it stopped. Work a step finished is never undone: what to keep
    is the step's business (a solver's state, a table's finished blocks), so a cancelled run
    can be resumed by calling again with ``start=run.done``. A step that returns a negative
    or non-integral count is an :class:`~omahanash.errors.InputError` (it would never end).

    >>> chunks = []
    >>> run = iterate(lambda done: chunks.append(done) or 4, 10)  # four units a step
    >>> chunks, run.done, run.finished
    ([0, 4, 8], 10, True)
    """
    if not callable(step):
        raise InputError(f"step must be a function step(done) -> units, not {step!r}")
    for name, value in (("total", total), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(f"{name} must be a non-negative integer, not {value!r}")
    done = start
    if progress is not None:
        progress(done, total)
    started = last_report = time.perf_counter()
    name = getattr(step, "__qualname__", repr(step))
    logger.debug("run %s: units %d..%d", name, start, total)
    steps = 0
    while done < total:
        if cancel is not None and cancel.cancelled:
            if progress is not None:
                progress(done, total)
            logger.debug("run %s cancelled at %d of %d units after %.3f s (%d steps)", name,
                         done, total, time.perf_counter() - started, steps)
            return RunResult(done, cancelled=True, finished=False)
        advanced = step(done)
        steps += 1
        if advanced is None:
            advanced = 1
        elif isinstance(advanced, bool) or not isinstance(advanced, numbers.Integral) \
                or advanced < 0:
            raise InputError(f"step {name} returned {advanced!r} units: a step returns the "
                             "units it finished (a whole number >= 0) or None")
        done = min(total, done + int(advanced))
        now = time.perf_counter()
        if progress is not None and (done >= total or now - last_report >= interval):
            progress(done, total)
            last_report = now
    logger.debug("run %s finished %d units in %.3f s (%d steps)", name, total,
                 time.perf_counter() - started, steps)
    return RunResult(done, cancelled=False, finished=True)
