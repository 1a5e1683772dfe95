"""The run loop's argument checks: iteration counts, targets, report cadences.

>>> check_run_iterations(50)
50
>>> check_run_iterations(10**100)
Traceback (most recent call last):
...
omahanash.errors.InputError: iterations must be at most 1000000000 (one run), got 10**100
>>> check_target(0.001), check_report_every(16), check_report_every(0.5)
(0.001, (16, inf), (1000000000, 0.5))
"""

from __future__ import annotations

import math
import numbers

from omahanash.errors import InputError

__all__ = ["MAX_RUN_ITERATIONS", "check_report_every", "check_run_iterations", "check_target"]

#: The largest number of iterations one run (or any solver call that runs one) does; more is
#: an :class:`~omahanash.errors.InputError` (10**100 would never end).
MAX_RUN_ITERATIONS = 10**9


def check_run_iterations(value: object, name: str = "iterations", minimum: int = 0) -> int:
    """A number of iterations for one run: a whole number from ``minimum`` to
    :data:`MAX_RUN_ITERATIONS`, else an :class:`InputError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InputError(f"{name} must be a whole number, got {value!r}")
    number = int(value)
    if number < minimum:
        raise InputError(f"{name} must be >= {minimum}, got {number}")
    if number > MAX_RUN_ITERATIONS:
        shown = f"10**{len(str(number)) - 1}" if number >= 10**12 else str(number)
        raise InputError(f"{name} must be at most {MAX_RUN_ITERATIONS} (one run), got {shown}")
    return number


def check_target(target: object) -> float:
    """A target exploitability: a finite number >= 0, else an :class:`InputError`."""
    if isinstance(target, bool) or not isinstance(target, numbers.Real) \
            or not 0 <= float(target) < math.inf:
        raise InputError(f"target must be a finite number >= 0, got {target!r}")
    return float(target)


def check_report_every(value: object) -> tuple[int, float]:
    """``(every iterations, every seconds)``: an int is a count, a float a duration."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputError(f"report_every must be a whole number of iterations or a number of "
                         f"seconds, got {value!r}")
    if isinstance(value, numbers.Integral):
        return check_run_iterations(value, "report_every", minimum=1), math.inf
    seconds = float(value)
    if not 0 <= seconds < math.inf:
        raise InputError(f"report_every must be >= 0 seconds, got {value!r}")
    return MAX_RUN_ITERATIONS, seconds
