"""What a user types for a perfect-information game: heap sizes and move sets.

Shared by the ``omahanash perfect`` command and the app's Perfect-information tab.
"""

from __future__ import annotations

import json
from typing import Any

from omahanash.errors import InputError

__all__ = ["load_json", "parse_count", "parse_moves"]


def load_json(text: str, what: str = "JSON") -> Any:
    """``json.loads(text)``, every failure an :class:`InputError`: bad syntax (line and
    column), nesting too deep for the parser (a 100,000-deep ``[[[…``) and integers longer
    than Python converts (4,300 digits).

    >>> load_json('{"a": ["b"]}')
    {'a': ['b']}
    >>> load_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: JSON nested too deeply to read
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid {what} at line {exc.lineno}, column {exc.colno}: "
                         f"{exc.msg}") from None
    except RecursionError:
        raise InputError(f"{what} nested too deeply to read") from None
    except ValueError as exc:  # an integer of more digits than int() converts
        raise InputError(f"cannot read the {what}: {exc}") from None


def parse_count(token: str, what: str) -> int:
    """A non-negative integer typed by the user, or :class:`InputError` naming the token.

    >>> parse_count("12", "heap")
    12
    >>> parse_count("-1", "heap")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: heap must be a non-negative integer, got '-1'
    """
    text = token.strip()
    if not text.isdigit() or not text.isascii():
        raise InputError(f"{what} must be a non-negative integer, got {token!r}")
    return int(text)


def parse_moves(text: str) -> list[int]:
    """A comma-separated move set such as ``1,2,3``.

    >>> parse_moves("1, 3,4")
    [1, 3, 4]
    """
    if not text.strip():
        raise InputError("the move set is empty: give at least one number, e.g. --moves 1,2,3")
    moves = []
    for token in text.split(","):
        token = token.strip()
        if not token.isdigit() or not token.isascii() or int(token) == 0:
            raise InputError(f"each move must be a positive integer, got {token!r}")
        moves.append(int(token))
    return moves
