"""Files and directories of hand histories: which reader each file needs, streamed hands.

A directory is walked (sorted, hidden files skipped). A file's format is told from its name
(``.phh``/``.phhs``: PHH) or its first lines (a ``PokerStars Hand #`` or ``Game #`` header);
anything else is reported as an unsupported format, never guessed at.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "notes.txt").write_text("hello")
>>> [item.reason for item in read_hands([folder])]
['unsupported format: not a PokerStars hand history or a PHH file']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from omahanash.errors import InputError
from omahanash.history.hands import Hand, Unparsed
from omahanash.history.phh import read_phh
from omahanash.history.pokerstars import is_header, read_pokerstars_lines

PHH_SUFFIXES = (".phh", ".phhs")
# How much of a file is looked at to recognise a PokerStars hand history.
_SNIFF_LINES = 200
UNSUPPORTED = "unsupported format: not a PokerStars hand history or a PHH file"


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
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(f"no such file or directory: {path}")
    return files


def file_format(path: str | os.PathLike) -> str | None:
    """``"pokerstars"``, ``"phh"`` or None (unsupported).

    >>> file_format("/no/such.phh")
    'phh'
    """
    if Path(path).suffix.lower() in PHH_SUFFIXES:
        return "phh"
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as lines:
            for count, line in enumerate(lines):
                if is_header(line.strip().lstrip("\ufeff")):
                    return "pokerstars"
                if count >= _SNIFF_LINES:
                    break
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    return None


def read_file(path: str | os.PathLike,
              counter: list[int] | None = None) -> Iterator[Hand | Unparsed]:
    """Every hand of one file, streamed, whatever its format (an unsupported file yields one
    :class:`Unparsed`). ``counter[0]`` grows by the characters read (for progress)."""
    kind = file_format(path)
    if kind is None:
        yield Unparsed(os.fspath(path), 1, UNSUPPORTED)
        return
    try:
        if kind == "phh":
            yield from read_phh(path)
            return
        with open(path, encoding="utf-8-sig", errors="replace") as lines:
            counted = lines if counter is None else _counted(lines, counter)
            yield from read_pokerstars_lines(counted, os.fspath(path))
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None


def _counted(lines: Iterable[str], counter: list[int]) -> Iterator[str]:
    for line in lines:
        counter[0] += len(line)
        yield line


def read_hands(paths: Iterable[str | os.PathLike]) -> Iterator[Hand | Unparsed]:
    """Every hand of every file under ``paths`` (files or directories), in order."""
    for path in hand_files(paths):
        yield from read_file(path)
