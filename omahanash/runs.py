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
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar, TextIO

from omahanash.errors import Cancelled, InputError

logger = logging.getLogger(__name__)

ProgressCallback = Callable[[float, float], None]


class CancelFlag:
    """A thread-safe flag that long work polls between steps (a Stop button sets it).

    >>> flag = CancelFlag()
    >>> flag.cancelled
    False
    >>> flag.cancel()
    >>> flag.cancelled
    True
    """

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        """Raise :class:`Cancelled` once :meth:`cancel` has been called."""
        if self._event.is_set():
            raise Cancelled("cancelled")


@contextmanager
def cancel_on_interrupt() -> Iterator[CancelFlag]:
    """A :class:`CancelFlag` that Ctrl-C (SIGINT) sets while the block runs.

    Long work then stops at its next check, keeping what it finished, instead of a
    ``KeyboardInterrupt`` landing wherever the program happens to be (inside a numba kernel
    it becomes a ``SystemError``). The command line wraps its long runs in it. Outside the
    main thread (where signals cannot be caught) the flag is only set by :meth:`~CancelFlag.cancel`.

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
    try:
        yield flag
    finally:
        _INTERRUPT_FLAGS.remove(flag)
        signal.signal(signal.SIGINT, previous)


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
