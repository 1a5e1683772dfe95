"""The lines of a hand-history file: bounded, decoded, streamed — the one place files are read.

* **Bounded.** No line is ever held whole past :data:`MAX_LINE_CHARS` characters (10,000; a
  real hand history's longest lines, chat and summaries, are a few hundred): the rest of an
  over-long line is read in fixed chunks and dropped, and the line is yielded cut to
  ``MAX_LINE_CHARS + 1`` characters so the reader can tell (:func:`too_long`) and report the
  hand as unparsed. So a crafted line of megabytes costs neither memory nor the readers'
  regular expressions any time.
* **Decoded.** UTF-8 (a byte-order mark is dropped wherever a line starts with one: files
  exported separately and concatenated carry one per export). A line that is not UTF-8 is
  read as Windows-1252 (cp1252, what older PokerStars clients on Windows write: ``€`` as
  byte 0x80) and the file's :class:`LineReader` says so once in :attr:`LineReader.note`.
* **Streamed.** A file is read once, front to back, so a FIFO or ``/dev/stdin`` works as well
  as a regular file.

>>> import io
>>> raw = io.BytesIO(b"\\xef\\xbb\\xbfPokerStars Hand #1\\r\\nSeat 1: Jos\\xe9 (\\x80100 in chips)\\n")
>>> reader = LineReader(raw, "x.txt")
>>> list(reader), reader.note
(['PokerStars Hand #1', 'Seat 1: José (€100 in chips)'], 'x.txt is not UTF-8: read as Windows-1252 (cp1252)')
>>> [too_long(line) for line in LineReader(io.BytesIO(b"a" * 20_000 + b"\\nb\\n"), "y")]
[True, False]
"""  # noqa: E501

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import BinaryIO

#: Longest line a hand history may have, in characters (README "Reviewing played hands").
MAX_LINE_CHARS = 10_000
_BOM = "\ufeff"
_CHUNK = 1 << 16


def too_long(line: str) -> bool:
    """Whether ``line`` was cut because it was longer than :data:`MAX_LINE_CHARS`."""
    return len(line) > MAX_LINE_CHARS


def describe_too_long(number: int) -> str:
    """The reason an over-long line gives its hand.

    >>> describe_too_long(7)
    'line 7 is longer than 10,000 characters (not a hand history line)'
    """
    return f"line {number} is longer than {MAX_LINE_CHARS:,} characters (not a hand history line)"


class LineReader:
    """The decoded lines (no end-of-line characters, no leading BOM) of the binary stream
    ``raw``; ``name`` names it in :attr:`note`; ``counter[0]`` grows by the bytes read."""

    def __init__(self, raw: BinaryIO, name: str, counter: list[int] | None = None) -> None:
        self.raw = raw
        self.name = name
        self.counter = counter
        self.note: str | None = None

    def _decode(self, data: bytes) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            if self.note is None:
                self.note = f"{self.name} is not UTF-8: read as Windows-1252 (cp1252)"
            return data.decode("cp1252", errors="replace")

    def __iter__(self) -> Iterator[str]:
        # A UTF-8 character is at most 4 bytes: this many bytes hold more than the limit.
        limit = 4 * (MAX_LINE_CHARS + 1)
        while True:
            data = self.raw.readline(limit)
            if not data:
                return
            if self.counter is not None:
                self.counter[0] += len(data)
            if not data.endswith(b"\n") and len(data) >= limit:  # over-long: drop the rest
                while True:
                    more = self.raw.readline(_CHUNK)
                    if self.counter is not None:
                        self.counter[0] += len(more)
                    if not more or more.endswith(b"\n"):
                        break
                # cut (and padded with NULs, which no stripping removes) past the limit
                head = data.decode("utf-8", errors="replace")[:MAX_LINE_CHARS + 1]
                yield head.ljust(MAX_LINE_CHARS + 1, "\0")
                continue
            text = self._decode(data.rstrip(b"\r\n"))
            if "\r" in text:  # old Mac line ends
                for part in text.split("\r"):
                    yield _line(part)
            else:
                yield _line(text)


def _line(text: str) -> str:
    if text.startswith(_BOM):
        text = text.lstrip(_BOM)
    return text if len(text) <= MAX_LINE_CHARS else text[:MAX_LINE_CHARS + 1]


def is_stream(path: str | os.PathLike) -> bool:
    """Whether ``path`` exists but is neither a regular file nor a folder (a FIFO, a
    terminal, ``/dev/stdin``): read once, as a stream.

    >>> is_stream("/no/such/file"), is_stream(__file__)
    (False, False)
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))
