"""Text from files, made safe for where it goes: a terminal, or a spreadsheet cell.

Hand histories, PHH files and file names are written by others: a player called
``ESC]0;owned BEL`` retitles a terminal, ``ESC[2J`` clears it, a newline forges a line of
output, and a hand id ``=HYPERLINK(...)`` is a formula once a spreadsheet opens the CSV.

- :func:`printable` is used by every path that prints file-derived text (the command line's
  text output and its error line): control characters, lone surrogates (a file name's
  undecodable bytes) and bidirectional overrides are shown as escapes.
- :func:`spreadsheet_cell` is used by the one CSV writer (:func:`omahanash.savefile.write_csv`):
  a string that a spreadsheet would read as a formula gets a leading ``'``; numbers stay
  numbers.

>>> printable("Vill\\x1b]0;owned\\x07ain\\n")
'Vill\\\\x1b]0;owned\\\\x07ain\\\\n'
>>> spreadsheet_cell("=HYPERLINK(\\"http://x\\")"), spreadsheet_cell(-1.5), spreadsheet_cell("-1.5")
('\\'=HYPERLINK("http://x")', -1.5, '-1.5')
"""

from __future__ import annotations

import re

__all__ = ["FORMULA_STARTS", "printable", "printable_lines", "spreadsheet_cell"]

# C0 and C1 controls and DEL, lone surrogates, and the bidirectional embeddings, overrides and
# isolates (which reorder what follows them on screen).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}

#: First characters that make a spreadsheet read a cell as a formula (OWASP's list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A plain number written as text ("-1.5", "+3", "-2e-3", "-12%"): no formula, left alone.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by surrogateescape: the byte
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object) -> str:
    """``text`` (any object, as ``str``) on one line with nothing a terminal would act on:
    control characters as ``\\n``, ``\\x1b``, …, an undecodable byte of a file name as
    ``\\xff``, bidirectional overrides as ``\\u202e``. Ordinary text, accents and other
    scripts included, is unchanged.

    >>> printable("Hero — Ålesund ♠")
    'Hero — Ålesund ♠'
    >>> printable("a\\udcffb"), printable("\\u202eevil")
    ('a\\\\xffb', '\\\\u202eevil')
    """
    return _UNSAFE.sub(_escape, str(text))


def printable_lines(text: object) -> str:
    """:func:`printable` for text of several lines: its line breaks are kept, everything
    else a terminal would act on is escaped.

    >>> print(printable_lines("node \\x1b[2J\\n  1) call"))
    node \\x1b[2J
      1) call
    """
    return "\n".join(printable(line) for line in str(text).split("\n"))


def spreadsheet_cell(value: object) -> object:
    """``value`` as a CSV cell that no spreadsheet runs: a string starting with ``= + - @``,
    a tab or a carriage return gets a leading ``'`` unless it is a plain number; numbers and
    other values are returned as they are.

    >>> spreadsheet_cell("@SUM(A1)"), spreadsheet_cell("+1"), spreadsheet_cell("AA")
    ("'@SUM(A1)", '+1', 'AA')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) \
            and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
