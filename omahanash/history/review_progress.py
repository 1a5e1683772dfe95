"""A review's progress as a player reads it: how many spots are judged, and the time left.

:class:`ReviewPace` keeps the pace of the spots judged (the mean time per spot since the
judging began, so one slow spot moves the estimate by its share, not by all of it) and gives
the time left: none before :data:`MIN_SPOTS` spots are judged (the first ones pay for the
equity tables and the compiled kernels), then the mean pace times the spots left, counting
down between spots but never below the spots left but one. The command line's
:class:`ReviewPrinter` and the Review tab read the same figures, with the same words
(:func:`count_text`, :func:`stopped_text`).

The clock is injectable (``clock``: a function giving seconds), so the tests drive it:

>>> now = [0.0]
>>> pace = ReviewPace(clock=lambda: now[0])
>>> pace.start()
>>> for seconds in (10, 10, 10):
...     now[0] += seconds
...     pace.judged_one()
>>> pace.eta(10) is None, pace.count
(True, 3)
>>> for seconds in (10, 10):
...     now[0] += seconds
...     pace.judged_one()
>>> pace.eta(10)   # 5 spots in 50 s: 10 s a spot, 5 left
50.0
>>> now[0] += 4
>>> pace.eta(10)   # counting down, 4 s into the next spot
46.0
>>> count_text(5, 10, pace.eta(10))
'judged 5 of 10 spots, about 0:46 left'
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from omahanash.runs import format_duration

#: No time left is shown before this many spots are judged.
MIN_SPOTS = 5

Clock = Callable[[], float]


class ReviewPace:
    """The pace of a review's judged spots and the time left (see the module)."""

    def __init__(self, clock: Clock = time.monotonic, min_spots: int = MIN_SPOTS) -> None:
        self.clock = clock
        self.min_spots = min_spots
        self.started: float | None = None
        self.last: float | None = None
        self.count = 0

    def start(self) -> None:
        """The judging begins (the first spot's time counts from here); idempotent."""
        if self.started is None:
            self.started = self.last = self.clock()

    def judged_one(self) -> None:
        """One more spot judged, now."""
        self.start()
        self.count += 1
        self.last = self.clock()

    @property
    def pace(self) -> float | None:
        """Mean seconds per judged spot (None before :attr:`min_spots` spots)."""
        if self.count < self.min_spots or self.started is None or self.last is None:
            return None
        return (self.last - self.started) / self.count

    def eta(self, total: int) -> float | None:
        """Seconds left to judge ``total`` spots in all; None before :attr:`min_spots`
        spots are judged.

        >>> ReviewPace(clock=lambda: 0.0).eta(10) is None
        True
        """
        pace = self.pace
        if pace is None or self.last is None:
            return None
        return time_left(pace, total - self.count, self.clock() - self.last)


def time_left(pace: float, left: int, since: float) -> float:
    """The time left with ``left`` spots to judge at ``pace`` seconds a spot, ``since``
    seconds after the last judged spot: it counts down, but never below the spots left but
    one (a spot slower than the pace holds the estimate there).

    >>> time_left(10.0, 5, 4.0), time_left(10.0, 5, 25.0), time_left(10.0, 0, 3.0)
    (46.0, 40.0, 0.0)
    """
    left = max(0, left)
    if left == 0:
        return 0.0
    return max(pace * left - since, pace * (left - 1))


def count_text(judged: int, total: int, eta: float | None) -> str:
    """``judged 37 of 97 spots, about 3:39 left`` (no time left when ``eta`` is None).

    >>> count_text(1, 1, None)
    'judged 1 of 1 spot'
    """
    text = f"judged {judged} of {total} spot{'' if total == 1 else 's'}"
    return text if eta is None or judged >= total else f"{text}, about {format_duration(eta)} left"


def stopped_text(judged: int, total: int) -> str:
    """The line a stopped review shows.

    >>> stopped_text(37, 97)
    'stopped: 37 of 97 spots judged'
    """
    return f"stopped: {judged} of {total} spot{'' if total == 1 else 's'} judged"


class ReviewPrinter:
    """The command line's review progress: ``progress(done, total)`` for the reading and
    :meth:`spot` for each judged spot (``on_spot`` of :func:`omahanash.history.review`).
    A line every ``interval`` seconds (5) or every 10 % of the work, whichever comes first,
    and one at the end; the work is the share of the file read until the judging begins,
    then the share of the spots judged. The time left is :class:`ReviewPace`'s. In a
    ``with`` block a thread calls :meth:`tick` every quarter second, so the 5-second lines
    come while a long spot is solved too; the tests call :meth:`tick` with a fake clock.

    >>> import io
    >>> now, out = [0.0], io.StringIO()
    >>> printer = ReviewPrinter(stream=out, clock=lambda: now[0])
    >>> printer(0.25, 1.0)
    >>> out.getvalue()
    'review: reading 50%  0:00\\n'
    """

    def __init__(self, label: str = "review", stream: TextIO | None = None,
                 clock: Clock = time.monotonic, interval: float = 5.0,
                 quiet: bool = False) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.interval = interval
        self.quiet = quiet
        self.began = clock()
        self.pace = ReviewPace(clock)
        self.judged = 0
        self.total: int | None = None  # spots to judge, once the judging begins
        self.read = 0.0
        self._last_line: float | None = None
        self._last_state: tuple[int, int | None] = (0, None)
        self._next_tenth = 0.1
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: The lines written (their time, the fraction done, the time left): for the tests.
        self.lines: list[tuple[float, float, float | None]] = []

    def fraction(self) -> float:
        if self.total is None:
            return self.read
        return self.judged / self.total if self.total else 1.0

    def __call__(self, done: float, total: float) -> None:
        """The review's ``progress``: only its reading share is shown (the spots say the
        rest)."""
        with self._lock:
            if self.total is None and total > 0:
                self.read = min(1.0, 2 * done / total)  # reading is the first half
                if self.read >= 1.0:
                    self.pace.start()  # the judging begins: its pace counts from here
            self._maybe_print()

    def spot(self, spot: object, judged: int, total: int) -> None:
        """A spot judged (``on_spot``)."""
        with self._lock:
            if self.total is None:  # the first spot: the tenths count the spots now
                self._next_tenth = 0.1
            self.pace.judged_one()
            self.judged, self.total = judged, total
            self._maybe_print()

    def tick(self) -> None:
        """A line when one is due by the clock alone."""
        with self._lock:
            self._maybe_print()

    def finish(self) -> None:
        """The last line (written once: not again when the last spot wrote it; none when
        nothing was read — a review that failed at its start says only its error)."""
        with self._lock:
            if not self.lines and self.fraction() == 0 and self.total is None:
                return
            if not self.lines or self.lines[-1][1] < self.fraction() \
                    or self._last_state != (self.judged, self.total):
                self._print()

    def _maybe_print(self) -> None:
        # the start counts as a line: the first comes after 5 s or at 10 %, not "0%" at once
        now = self.clock()
        fraction = self.fraction()
        last = self.began if self._last_line is None else self._last_line
        due = now - last >= self.interval or fraction >= self._next_tenth - 1e-9
        if due:
            self._print()

    def _print(self) -> None:
        now = self.clock()
        fraction = self.fraction()
        self._last_line = now
        self._last_state = (self.judged, self.total)
        self._next_tenth = (int(fraction * 10 + 1e-9) + 1) / 10
        eta = None if self.total is None else self.pace.eta(self.total)
        self.lines.append((now, fraction, eta))
        if self.quiet:
            return
        elapsed = format_duration(now - self.began)
        if self.total is None and fraction >= 1.0:
            text = f"{self.label}: hands read, judging the first spot  {elapsed}"
        elif self.total is None:
            text = f"{self.label}: reading {100 * fraction:.0f}%  {elapsed}"
        else:
            text = f"{self.label}: {count_text(self.judged, self.total, eta)}  " \
                f"({100 * fraction:.0f}%, {elapsed})"
        self.stream.write(text + "\n")
        self.stream.flush()

    def __enter__(self) -> ReviewPrinter:
        def beat() -> None:
            while not self._stop.wait(0.25):
                self.tick()

        self._thread = threading.Thread(target=beat, name="review-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if kind is None:  # an error says itself, without a progress line beside it
            self.finish()
