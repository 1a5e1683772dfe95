"""Files and directories of hand histories: which reader each file needs, streamed hands.

A directory is walked (sorted, hidden files skipped; only regular files). A file's format is
told from its name (``.phh``/``.phhs``: PHH) or its first lines (a ``PokerStars Hand #`` or
``Game #`` header); anything else is reported as an unsupported format, never guessed at.
Every file is read once, front to back (:mod:`~omahanash.history.textlines`), so a FIFO or
``/dev/stdin`` named on its own is read as a stream. A file that cannot be read, an empty
file (whatever its format) and an unsupported one each become one
:class:`~omahanash.history.hands.Unparsed` naming the file, so one bad file in a folder never
stops the others; a file that is not UTF-8 is read as Windows-1252 with a warning logged.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "notes.txt").write_text("hello")
>>> [item.reason for item in read_hands([folder])]
['unsupported format: not a PokerStars hand history or a PHH file']
"""

from __future__ import annotations

import errno
import itertools
import logging
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from omahanash.errors import InputError
from omahanash.history.hands import Hand, Unparsed
from omahanash.history.phh import read_phh
from omahanash.history.pokerstars import is_header, read_pokerstars_lines
from omahanash.history.textlines import LineReader, is_stream

logger = logging.getLogger(__name__)

PHH_SUFFIXES = (".phh", ".phhs")
# How much of a file is looked at to recognise a PokerStars hand history.
_SNIFF_LINES = 200
UNSUPPORTED = "unsupported format: not a PokerStars hand history or a PHH file"
EMPTY = "the file is empty: no hand in it"


def hand_files(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The files named, with the files under each directory named (sorted); a missing path
    raises :class:`InputError`.

    >>> hand_files(["/no/such/file"])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: no such file or directory: /no/such/file
    """
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file()
                                and not any(part.startswith(".")
                                            for part in p.relative_to(path).parts)))
        elif path.is_file() or is_stream(path):  # a FIFO, /dev/stdin: read as a stream
            files.append(path)
        else:
            raise InputError(f"{_missing(path)}: {path}")
    return _each_once(files)


def _missing(path: Path) -> str:
    """Why ``path`` is no file to read, in words (a loop of links is not "no such file")."""
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "a loop of symbolic links (each points to the next, none to a file)"
        if error.errno in (errno.EACCES, errno.EPERM):
            return "not allowed to look there"
        if error.errno == errno.ENOTDIR:
            return "not a folder on the way to it"
    else:
        return "neither a file nor a folder"  # a socket, a device
    return "no such file or directory"


def _each_once(files: list[Path]) -> list[Path]:
    """``files`` without repeats of a file (by device and inode: a file named twice, a
    folder and a file in it, a link to a file named too), the first kept."""
    seen: set[tuple[int, int]] = set()
    once: list[Path] = []
    for path in files:
        try:
            status = os.stat(path)
            identity = (status.st_dev, status.st_ino)
        except OSError:  # read (and reported) as it is
            once.append(path)
            continue
        if identity not in seen:
            seen.add(identity)
            once.append(path)
    return once


def hand_key(path: str | os.PathLike, hand: Hand) -> tuple[str, ...]:
    """What makes a hand one hand: its site and hand number. PokerStars numbers its hands
    once across the site, so a hand in two files (a copy, a re-download) is one; a PHH file's
    hand is its own (PHH has no site-wide number).

    >>> h = Hand(hand_id="7", source="a.txt", line=1, variant="holdem", limit="No Limit",
    ...          sb=1, bb=2, stacks={})
    >>> hand_key("a.txt", h) == hand_key("copy.txt", h), hand_key("a.phh", h)
    (True, ('phh', 'a.phh', '7', '1'))
    """
    if Path(path).suffix.lower() in PHH_SUFFIXES:
        return ("phh", os.fspath(path), hand.hand_id, str(hand.line))
    return ("pokerstars", hand.hand_id)


def read_files(files: Iterable[str | os.PathLike],
               counter: list[int] | None = None) -> Iterator[Hand | Unparsed]:
    """Every hand of ``files`` (:func:`read_file` each), each hand once: a hand seen before
    (:func:`hand_key`: the same site and hand number) is left out."""
    seen: set[tuple[str, ...]] = set()
    for path in files:
        for item in read_file(path, counter):
            if isinstance(item, Hand):
                key = hand_key(path, item)
                if key in seen:
                    logger.info("%s:%d: hand #%s seen before: counted once", item.source,
                                item.line, item.hand_id)
                    continue
                seen.add(key)
            yield item


def file_format(path: str | os.PathLike) -> str | None:
    """``"pokerstars"``, ``"phh"`` or None (unsupported, empty or unreadable); reads the
    start of the file (so not for a stream, which :func:`read_file` reads once).

    >>> file_format("/no/such.phh")
    'phh'
    """
    if Path(path).suffix.lower() in PHH_SUFFIXES:
        return "phh"
    try:
        with open(path, "rb") as raw:
            head = itertools.islice(LineReader(raw, os.fspath(path)), _SNIFF_LINES + 1)
            return "pokerstars" if any(is_header(line.strip()) for line in head) else None
    except OSError:
        return None


def read_file(path: str | os.PathLike,
              counter: list[int] | None = None) -> Iterator[Hand | Unparsed]:
    """Every hand of one file, streamed, whatever its format; the file is opened once. An
    unsupported, empty or unreadable file yields one :class:`Unparsed` saying which.
    ``counter[0]`` grows by the bytes read (for progress)."""
    source = os.fspath(path)
    try:
        if Path(path).suffix.lower() in PHH_SUFFIXES:
            yield from read_phh(path, counter)
            return
        with open(path, "rb") as raw:
            reader = LineReader(raw, source, counter)
            lines = iter(reader)
            head: list[str] = []
            for line in lines:  # sniff: a PokerStars header in the first lines
                head.append(line)
                if is_header(line.strip()):
                    break
                if len(head) > _SNIFF_LINES:  # not a hand history: nothing more is read
                    yield Unparsed(source, 1, UNSUPPORTED)
                    return
            else:
                blank = not any(line.strip() for line in head)
                yield Unparsed(source, 1, EMPTY if blank else UNSUPPORTED)
                return
            yield from read_pokerstars_lines(itertools.chain(head, lines), source)
            if reader.note is not None:
                logger.warning("%s", reader.note)
    except OSError as error:  # unreadable (permissions, a device error): listed, not fatal
        yield Unparsed(source, 1, f"cannot read the file: {error.strerror or error}")


def read_hands(paths: Iterable[str | os.PathLike]) -> Iterator[Hand | Unparsed]:
    """Every hand of every file under ``paths`` (files or directories), in order, each file
    and each hand once (:func:`hand_files`, :func:`read_files`)."""
    yield from read_files(hand_files(paths))
