"""Progress reporting and cancellation for long work.

Long work is a plain function that takes ``progress(done, total)`` and a :class:`CancelFlag`.
The CLI passes :class:`StderrProgress`; the GUI passes a callback that emits a Qt signal.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from omahanash.errors import Cancelled

ProgressCallback = Callable[[float, float], None]


class CancelFlag:
    """A thread-safe flag that long work polls between steps."""

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


def format_duration(seconds: float) -> str:
    """``75.2`` -> ``'1:15'``; ``3725`` -> ``'1:02:05'``."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class StderrProgress:
    """``progress(done, total)`` that redraws one line on stderr with percent and ETA.

    Redraws at most every ``interval`` seconds (and always at the end) so that tight loops can
    call it freely. The ETA uses the rate since the first call, so a resumed job (whose first
    call already reports work done earlier) gets an honest estimate.
    """

    def __init__(self, label: str, stream: TextIO | None = None, interval: float = 0.5) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self.start = time.perf_counter()
        self._last = -1.0
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
        now = time.perf_counter()
        finished = total > 0 and done >= total
        if not finished and now - self._last < self.interval:
            return
        self._last = now
        fraction = done / total if total > 0 else 0.0
        eta_text = "" if eta is None or finished else f"  ETA {format_duration(eta)}"
        elapsed = format_duration(now - self.start)
        self.stream.write(f"\r{self.label}: {100 * fraction:5.1f}%  {elapsed}{eta_text}   ")
        if finished:
            self.stream.write("\n")
        self.stream.flush()
