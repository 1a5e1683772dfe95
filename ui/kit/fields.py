"""Reading numbers typed in fields, without Qt: each function raises ValueError with the
message shown beside the field (:mod:`ui.kit.common` re-exports them for the tabs); and the
:class:`Reporter` a job of the tabs reports its progress to.

>>> parse_positive_int("1,000", "number of iterations")
1000
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Reporter(Protocol):
    """What a job is given to report its progress (:class:`ui.kit.workers.ProgressReporter`): the
    share done, and the phase it is in with an optional snapshot of live data."""

    def __call__(self, done: float, total: float) -> None: ...

    def phase(self, name: str, detail: Callable[[], object] | None = None) -> None: ...


def parse_positive_int(text: str, what: str, maximum: int | None = None) -> int:
    """A positive whole number typed in a field; ValueError with a message for the field."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    if not cleaned:
        raise ValueError(f"enter the {what}")
    if not cleaned.isdigit() or not cleaned.isascii():
        raise ValueError(f"the {what} must be a positive whole number, not {text.strip()!r}")
    value = int(cleaned)
    if value < 1:
        raise ValueError(f"the {what} must be at least 1")
    if maximum is not None and value > maximum:
        raise ValueError(f"the {what} must be at most {maximum:,}")
    return value


def parse_seed(text: str) -> int:
    """A seed typed in a field: a whole number from 0 to 2**64 - 1 (what the library's
    generators take); ValueError with a message for the field.

    >>> parse_seed(" 2014 ")
    2014
    >>> parse_seed("99999999999999999999999")
    Traceback (most recent call last):
    ...
    ValueError: the seed must be at most 18,446,744,073,709,551,615
    """
    from omahanash.rng import MAX_SEED

    cleaned = text.strip().replace("_", "").replace(",", "")
    if not cleaned:
        raise ValueError("enter the seed")
    if not cleaned.isdigit() or not cleaned.isascii():
        raise ValueError(f"the seed must be a non-negative whole number, not {text.strip()!r}")
    value = int(cleaned)
    if value > MAX_SEED:
        raise ValueError(f"the seed must be at most {MAX_SEED:,}")
    return value


def parse_optional_seed(text: str) -> int | None:
    """A seed field where empty means random; else as :func:`parse_seed`.

    >>> parse_optional_seed("") is None
    True
    """
    return parse_seed(text) if text.strip() else None
