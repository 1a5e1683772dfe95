"""The run loop's argument checks: iteration counts, targets, report cadences.

>>> check_run_iterations(50)
50
>>> check_run_iterations(10**100)
Traceback (most recent call last):
...
omahanash.errors.InputError: iterations must be at most 1000000000 (one run), got 10**100
>>> check_target(0.001), check_report_every(16), check_report_every(0.5)
(0.001, (16, inf), (1000000000, 0.5))
>>> report_hook(print) is print, report_hook(None)
(True, None)
"""

from __future__ import annotations

import math
import numbers
import warnings
from collections.abc import Callable
from typing import Any

from omahanash.errors import InputError

__all__ = ["MAX_CHIPS", "MAX_RUN_ITERATIONS", "check_chips", "check_report_every",
           "check_run_iterations", "check_target", "report_hook"]

#: Largest amount of chips a parameter may hold (jam-fold, push/fold, betting trees). Beyond it
#: the per-deal sums (stacks times up to 7e10 pairs of Omaha hands) lose the precision that
#: Epsilon targets of 0.0001 BB need, and at 1e308 they overflow to inf and NaN.
MAX_CHIPS = 1e12

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


def check_chips(name: str, value: object, argument: str | None = None, *,
                minimum: float | None = None, positive: bool = False) -> float:
    """The one chip checker: ``value`` as a float, a real number (not a bool or a string),
    finite, at most :data:`MAX_CHIPS` in size (a whole number too large for a float, such as
    ``10**400``, included), at least ``minimum`` and above 0 if ``positive``; else an
    :class:`InputError` naming ``name`` (the word the user knows) and the Python
    ``argument`` that held it.

    >>> check_chips("SB", 5)
    5.0
    >>> check_chips("SB", "5", "sb")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: SB must be a number of chips, got sb='5'
    >>> check_chips("BB", 10**400, "bb")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: BB must be at most 1e+12 chips, got bb=10**400
    >>> check_chips("SB", 0, "sb", positive=True)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: SB must be a finite number of chips > 0, got sb=0
    """
    def given() -> str:
        shown = repr(value)
        if isinstance(value, numbers.Integral) and abs(int(value)) >= 10**15:
            shown = f"10**{len(str(abs(int(value)))) - 1}"
        return f"{argument}={shown}" if argument else shown

    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputError.naming(argument, f"{name} must be a number of chips, got {given()}")
    try:
        number = float(value)
    except OverflowError:  # a whole number beyond any float
        raise InputError.naming(argument, f"{name} must be at most {MAX_CHIPS:g} chips, got "
                                          f"{given()}") from None
    floor = 0.0 if positive and minimum is None else minimum
    if not math.isfinite(number) or (floor is not None and number < floor) \
            or (positive and number == 0):
        need = " > 0" if positive else "" if minimum is None else f" >= {minimum:g}"
        raise InputError.naming(argument, f"{name} must be a finite number of chips{need}, "
                                          f"got {given()}")
    if abs(number) > MAX_CHIPS:
        raise InputError.naming(argument, f"{name} must be at most {MAX_CHIPS:g} chips, got "
                                          f"{given()}")
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


def report_hook(on_report: Callable[[Any], None] | None = None, *,
                stacklevel: int = 3, **deprecated: Callable[[Any], None] | None,
                ) -> Callable[[Any], None] | None:
    """The one report hook of a run wrapper: ``on_report``, or the deprecated name it was
    given by (``on_iteration=`` of the jam-fold runs, ``progress=`` of
    :func:`~omahanash.trees.solve.solve_preflop`), which still works with a
    :class:`DeprecationWarning`; both at once is an :class:`InputError`.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     hook = report_hook(None, on_iteration=print)
    >>> hook is print, caught[0].category.__name__
    (True, 'DeprecationWarning')
    >>> report_hook(print, on_iteration=print)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: give on_report only (on_iteration is its old name)
    """
    hook = on_report
    for name, old in deprecated.items():
        if old is None:
            continue
        if hook is not None:
            raise InputError.naming(name, f"give on_report only ({name} is its old name)")
        warnings.warn(f"{name}= is deprecated: the report hook is on_report=",
                      DeprecationWarning, stacklevel=stacklevel)
        hook = old
    if hook is not None and not callable(hook):
        raise InputError.naming("on_report", f"on_report must be callable, got {hook!r}")
    return hook
