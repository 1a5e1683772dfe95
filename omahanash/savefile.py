"""The one save-file container: equity tables, jam-fold and CFR solutions; atomic writes.

Every file the library saves has this layout::

    0      8 bytes   magic b"\\x89OMNASH\\n"
    8      u32       container version
    12     u32       length L of the JSON header
    16     u32       crc32 of the JSON header
    20     L bytes   JSON header: kind, version, meta, arrays, blocks, complete, array_crc
    ...    zero padding up to the first array
    ...    the arrays, each at the offset the header gives (64-byte aligned, little-endian)

``kind`` says what the file holds (``"cfr-solution"``, ``"equity-table"``, ...) and ``version``
the format of that kind's payload, so each kind evolves on its own (:class:`FileKind`).

Small files (solutions) are written at once by :func:`write` and read back by :func:`read`. Big
tables are built in place, block by block, through a :class:`BlockedFile`: a ``blocked`` array
is cut into blocks of ``block_cells`` cells along its first axis; the ``block_crc`` array holds
a crc32 of each finished block's bytes in every blocked array, and 0 for a block not finished
yet (a crc that comes out as 0 is stored as 1, so 0 always means "not finished"). A block's
data is flushed before its crc, so a crash leaves either a verified block or one that is
computed again, and a later run resumes. Arrays not cut into blocks get one crc each in the
header of a complete file. crc32 (a few GB/s) rather than a cryptographic hash, because the
Omaha tables (hundreds of MB) are verified on every load.

Writes are durable before they count: a complete file is written to a temporary file, fsynced,
renamed over the old one and the directory fsynced (:func:`atomic_write`), so a crash at any
moment leaves the old complete file or the new one. Files are memory-mapped; checksums are
computed in slices whose pages are then let go (:func:`release_pages`), so verifying or
building a table of hundreds of MB does not keep it resident.

Every file the program writes goes through this module - containers, exports, the one CSV
writer (:func:`write_csv`) - and every read of a container is checked here, header schema
included (:func:`_header_problem`): the writers, the layout and its validation are kept in one
module (~800 lines) so that no file is written or read by a second, unchecked path.

Reading verifies every byte before returning anything. Whatever is wrong - a missing file, a
directory, an empty, foreign, truncated or damaged file, another kind, another format version,
an unfinished build, settings other than expected - raises :class:`SaveFileError` with one
message shape: ``cannot read PATH: not a[n] DESCRIPTION (REASON)[; REMEDY]``.

>>> import tempfile, pathlib
>>> kind = FileKind("example", 1, "example file")
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.save"
>>> _ = write(path, kind, {"note": "hi"}, {"x": np.arange(3)})
>>> saved = read(path, kind)
>>> saved.meta, saved.arrays["x"].tolist()
({'note': 'hi'}, [0, 1, 2])
>>> read(path, FileKind("other", 1, "other thing"))
Traceback (most recent call last):
...
omahanash.savefile.SaveFileError: cannot read ...: not an other thing (a file of kind 'example')
"""

from __future__ import annotations

import csv
import errno
import json
import mmap
import os
import re
import stat
import struct
import sys
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

import numpy as np

try:
    import fcntl
except ImportError:  # Windows: no descriptor paths either
    fcntl = None  # type: ignore[assignment]

from omahanash.errors import InputError
from omahanash.safetext import spreadsheet_cell

MAGIC = b"\x89OMNASH\n"
CONTAINER_VERSION = 1
_PREFIX = struct.Struct("<8sIII")
_ALIGN = 64
Mode = Literal["r", "r+"]
# Big files reserve this much for the header, so that finishing rewrites it in place.
BLOCKED_HEADER_BYTES = 4096
_HEADER_KEYS = {"kind", "version", "meta", "arrays", "blocks", "complete", "array_crc"}
# Files of earlier releases, recognised to say so rather than "foreign file".
_OLDER_FORMATS = {
    b"OMNTABLE": "a file of an older version of omahanash",
    b"OMAHANASH JAMFOLD": "a file of an older version of omahanash",
    b"PK\x03\x04": "a zip archive (older versions of omahanash saved solutions so)",
}


# A path that names an open file descriptor: /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N.
_DESCRIPTOR_PATH = re.compile(r"/(?:dev/fd|proc/(self|thread-self|\d+)(?:/task/\d+)?/fd)/(\d+)")


def _descriptor_path(path: Path) -> tuple[int | None, int] | None:
    """``(pid or None for this process, descriptor)`` when ``path`` names an open file
    descriptor (``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``, a bash process
    substitution, or a symbolic link to one of them), else None. The chain of symbolic links
    is followed one link at a time: resolved all the way, such a path names the file behind
    the descriptor (``log.txt`` for ``/dev/stdout >> log.txt``) or nothing (a pipe), and
    either hides that the write must go through the descriptor."""
    text = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit of links in a chain
        folder, name = os.path.split(text)
        match = _DESCRIPTOR_PATH.fullmatch(os.path.join(os.path.realpath(folder), name)) \
            or _DESCRIPTOR_PATH.fullmatch(text)
        if match:
            owner = match.group(1)
            pid = None if owner in (None, "self", "thread-self") or int(owner) == os.getpid() \
                else int(owner)
            return pid, int(match.group(2))
        try:
            link = os.readlink(text)
        except OSError:
            return None
        text = os.path.normpath(os.path.join(folder, link))
    return None


def writes_in_place(path: str | os.PathLike) -> bool:
    """True when a write to ``path`` goes in place (through an open descriptor, to a device,
    a pipe or a FIFO) rather than to a regular file replaced atomically: then there is no
    folder to keep a temporary or resumable file beside it.

    >>> writes_in_place("/dev/stdout"), writes_in_place("/tmp/new-file.csv")
    (True, False)
    """
    if _descriptor_path(Path(path)) is not None:
        return True
    _, status = _target(Path(path))
    return status is not None and not stat.S_ISREG(status.st_mode) \
        and not stat.S_ISDIR(status.st_mode)


@contextmanager
def _through_descriptor(path: Path, pid: int | None, fd: int, mode: str,
                        **open_args: Any) -> Iterator[IO]:
    """Write through the open descriptor ``fd`` (of this process; of process ``pid``: the
    file behind it opened again, never truncated) at its offset - appending where it is open
    for appending, as the shell's ``>>`` opened it - never through a temporary file."""
    if pid is not None:
        flags = os.O_WRONLY | (os.O_APPEND if _foreign_appends(pid, fd) else 0)
        own = os.open(path, flags)
    else:
        try:
            access = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE if fcntl is not None \
                else os.O_WRONLY
        except OSError:
            raise OSError(errno.EBADF, f"descriptor {fd} is not open in this process",
                          str(path)) from None
        if access == os.O_RDONLY:
            raise OSError(errno.EBADF, f"descriptor {fd} is open for reading only", str(path))
        for stream in (sys.stdout, sys.stderr):  # what was printed comes first
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        own = os.dup(fd)
    with os.fdopen(own, mode, **open_args) as stream:
        yield stream


def _foreign_appends(pid: int, fd: int) -> bool:
    """Whether descriptor ``fd`` of process ``pid`` is open for appending (its fdinfo)."""
    try:
        info = Path(f"/proc/{pid}/fdinfo/{fd}").read_text()
    except OSError:
        return False
    flags = next((line.split()[1] for line in info.splitlines() if line.startswith("flags:")),
                 "0")
    return bool(int(flags, 8) & os.O_APPEND)


def _target(path: Path) -> tuple[Path, os.stat_result | None]:
    """Where a write to ``path`` lands (a symbolic link's target) and what is there now."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    try:
        return path, os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return path, None


def check_writable_target(path: str | os.PathLike) -> None:
    """Refuse to write over a directory (:class:`IsADirectoryError`, an ``OSError`` whose
    ``strerror`` the callers print as ``cannot write PATH: a directory``).

    >>> import tempfile
    >>> check_writable_target(tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] a directory, not a file: '...'
    """
    _, status = _target(Path(path))
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, "a directory, not a file", str(path))


@contextmanager
def atomic_write(path: str | os.PathLike, mode: str = "wb", **open_args: Any) -> Iterator[IO]:
    """Write ``path`` through a temporary file beside it, renamed over ``path`` at the end.

    The data is flushed to disk (fsync) before the rename, and the directory after it, so that
    after a crash or a power cut ``path`` is the old complete file or the new complete one; if
    the block raises (or the process is interrupted), the temporary file is removed and
    ``path`` is left as it was. The new file keeps the permissions of the one it replaces (a
    new one gets ``rw-r--r--``); a symbolic link stays a link and its target is replaced.

    Only a regular file (or a new path) is replaced so: a path naming an open descriptor
    (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, a process substitution ``>(cmd)``, a
    link to one) is written through that descriptor at its offset, appending where the shell
    opened it for appending (``--csv /dev/stdout >> log.txt`` adds to ``log.txt``, never
    renames over it); anything else that is not a folder - a device such as ``/dev/null``, a
    named pipe - is opened and written in place (streamed: a device node is never replaced
    by a file), and a folder is refused
    (:func:`check_writable_target`). Text modes write what they cannot encode (a file name's
    undecodable bytes, kept by Python as surrogates) as those original bytes
    (``errors="surrogateescape"``) instead of failing half-way.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> with atomic_write(target, "w") as out:
    ...     _ = out.write("done")
    >>> target.read_text()
    'done'
    """
    if "b" not in mode:
        open_args.setdefault("errors", "surrogateescape")
    descriptor = _descriptor_path(Path(path))
    if descriptor is not None:
        with _through_descriptor(Path(path), *descriptor, mode, **open_args) as stream:
            yield stream
        return
    check_writable_target(path)
    path, status = _target(Path(path))
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(path, mode, **open_args) as stream:
            yield stream
        return
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(temp, status.st_mode & 0o777 if status is not None else 0o644)
        with os.fdopen(fd, mode, **open_args) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        if error.errno in _FULL:  # the old file stays as it was
            raise disk_full(path) from None
        raise
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    fsync_directory(path.parent)


def write_csv(path: str | os.PathLike, columns: Sequence[str],
              rows: Iterable[Sequence[object] | Mapping[str, object]]) -> Path:
    """The one CSV writer: a header row of ``columns``, then ``rows`` (sequences, or mappings
    read by column name), through :func:`atomic_write` (UTF-8). Every cell goes through
    :func:`~omahanash.safetext.spreadsheet_cell`, so text from a file (a hand id, a player or
    file name) that a spreadsheet would run as a formula is written with a leading ``'``;
    ``None`` is an empty cell. :class:`InputError` when the file cannot be written.

    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "spots.csv"
    >>> print(write_csv(out, ["hand_id", "ev"], [["=1+1", -0.5], {"hand_id": "7", "ev": None}])
    ...       .read_text(), end="")
    hand_id,ev
    '=1+1,-0.5
    7,
    """
    path = Path(path)
    try:
        with atomic_write(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow([spreadsheet_cell(name) for name in columns])
            for row in rows:
                cells = [row.get(name) for name in columns] if isinstance(row, Mapping) else row
                writer.writerow(["" if cell is None else spreadsheet_cell(cell)
                                 for cell in cells])
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    return path


def fsync_directory(directory: str | os.PathLike) -> None:
    """Make renames and new files in ``directory`` durable (POSIX needs the directory itself
    fsynced; where a directory cannot be opened or synced - Windows, some file systems - the
    rename is as durable as the platform makes it).

    >>> import tempfile
    >>> fsync_directory(tempfile.mkdtemp())
    """
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # a file system that cannot sync a directory: nothing more can be done
    finally:
        os.close(fd)


def refuse_overwriting_inputs(outputs: Mapping[str, str | os.PathLike | None],
                              inputs: Iterable[str | os.PathLike]) -> None:
    """:class:`InputError` naming the option when an output file is one of the inputs.

    ``outputs`` maps an option name (``"--html"``) to the path it writes (None: not given);
    ``inputs`` are the files and folders read (every file under a folder counts). The same
    file is found by device and inode, so a symbolic or hard link to an input, or another
    spelling of its path, is refused too. Devices and pipes (``/dev/stdout``) are not files
    that a write destroys and pass. Called by every command and function that reads inputs
    and writes outputs, before any work.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "mine.txt").write_text("hands")
    >>> refuse_overwriting_inputs({"--csv": folder / "out.csv"}, [folder / "mine.txt"])
    >>> refuse_overwriting_inputs({"--html": folder / "mine.txt"}, [folder])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --html .../mine.txt is one of the inputs: refusing to overwrite it
    """
    given = {option: Path(out) for option, out in outputs.items() if out is not None}
    targets: dict[tuple[int, int], str] = {}
    for option, out in given.items():
        try:
            status = os.stat(out)
        except (OSError, ValueError):
            continue  # a new file (or one that cannot be written: the write will say so)
        if stat.S_ISREG(status.st_mode):
            targets[(status.st_dev, status.st_ino)] = option
    if not targets:
        return
    for source in inputs:
        source = Path(source)
        files = source.rglob("*") if source.is_dir() else iter([source])
        for file in files:
            try:
                status = os.stat(file)
            except (OSError, ValueError):
                continue
            hit = targets.get((status.st_dev, status.st_ino))
            if hit is not None:
                raise InputError(f"{hit} {given[hit]} is one of the inputs: refusing "
                                 "to overwrite it")


class SaveFileError(InputError):
    """A save file is missing, foreign, truncated, damaged, of another kind or version, or
    made with other settings than expected; the message says which and names the path."""


class MissingFieldError(SaveFileError, KeyError):
    """A field or array a reader asks for is not in the file (also a ``KeyError``, so code
    that tests for a field keeps working)."""

    __str__ = BaseException.__str__


class _Fields(dict):
    """The meta or arrays of an open file: asking for one that is not there is the
    container's one refusal (a damaged file), never a bare ``KeyError``."""

    def __init__(self, values: Mapping[str, Any], kind: FileKind, path: Path, what: str) -> None:
        super().__init__({key: _Fields(value, kind, path, f"field {key!r} has no field")
                          if isinstance(value, dict) else value for key, value in values.items()})
        self._refuse = (kind, path, what)

    def __missing__(self, key: str) -> Any:
        kind, path, what = self._refuse
        raise MissingFieldError(str(kind.refuse(path, f"damaged header (no {what} {key!r})")))


@dataclass(frozen=True)
class FileKind:
    """What a save file holds: ``name`` (stored in the file), the payload format ``version``
    this program reads and writes, and a ``description`` for messages."""

    name: str
    version: int
    description: str
    #: Meta fields every file of this kind has, with their JSON types (checked on reading).
    meta_types: tuple[tuple[str, type | tuple[type, ...]], ...] = ()
    #: Arrays every file of this kind has, with the dtypes they may have (``"<f8"``, ...).
    array_dtypes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def refuse(self, path: str | os.PathLike, reason: str, remedy: str = "") -> SaveFileError:
        """The one message for a file of this kind that cannot be used.

        >>> print(FileKind("x", 1, "saved CFR solution").refuse("s.npz", "truncated"))
        cannot read s.npz: not a saved CFR solution (truncated)
        """
        article = "an" if self.description[:1].lower() in "aeiou" else "a"
        message = f"cannot read {path}: not {article} {self.description} ({reason})"
        return SaveFileError(f"{message}; {remedy}" if remedy else message)


@dataclass(frozen=True)
class ArraySpec:
    """One array of a file: ``blocked`` arrays are cut into blocks along their first axis."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    blocked: bool = False

    @property
    def nbytes(self) -> int:
        return int(np.dtype(self.dtype).itemsize * np.prod(self.shape, dtype=np.int64))


def _layout(specs: list[ArraySpec], start: int) -> tuple[list[dict[str, Any]], int]:
    """The arrays' descriptions with their offsets from ``start`` on, and the file size."""
    offset, described = start, []
    for spec in specs:
        offset = -(-offset // _ALIGN) * _ALIGN
        described.append({"name": spec.name, "dtype": spec.dtype, "shape": list(spec.shape),
                          "blocked": spec.blocked, "offset": offset})
        offset += spec.nbytes
    return described, offset


def _encode_header(header: dict[str, Any], reserve: int) -> bytes:
    text = json.dumps(header, sort_keys=True).encode()
    prefix = _PREFIX.pack(MAGIC, CONTAINER_VERSION, len(text), zlib.crc32(text))
    if reserve and _PREFIX.size + len(text) > reserve:
        raise ValueError("save-file header larger than its reserved space")
    return (prefix + text).ljust(reserve, b"\0")


def _header_bytes(header: dict[str, Any]) -> int:
    """Room a file written at once gives its header: the header itself, 64-byte aligned."""
    size = _PREFIX.size + len(json.dumps(header, sort_keys=True).encode())
    return -(-size // _ALIGN) * _ALIGN


def _little_endian(array: np.ndarray) -> np.ndarray:
    array = np.asarray(array)
    if array.dtype.hasobject or array.dtype.kind not in "biufc":
        raise InputError(f"cannot save an array of dtype {array.dtype}")
    return np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))


def _crc(array: np.ndarray, value: int = 0) -> int:
    """crc32 of an array's bytes, read in place (no copy of a memory-mapped array)."""
    return zlib.crc32(np.ascontiguousarray(array).reshape(-1).view(np.uint8).data, value)


# Bytes checksummed between two releases of a mapped file's pages (see release_pages).
_CRC_SLICE = 1 << 24


def release_pages(array: np.ndarray) -> None:
    """Let the pages of a memory-mapped ``array`` (a view of a file opened here: :func:`read`
    with ``mmap=True``, a :class:`BlockedFile`) leave the process's resident memory. Nothing
    is lost: they stay in the page cache (written ones are still written back) and come back
    on the next access. A no-op for other arrays and where the platform has no ``madvise``.

    >>> import tempfile, pathlib
    >>> kind = FileKind("r", 1, "r")
    >>> path = write(pathlib.Path(tempfile.mkdtemp()) / "r.save", kind, {}, {"x": np.arange(9)})
    >>> x = read(path, kind, mmap=True).arrays["x"]
    >>> release_pages(x); int(x[8])
    8
    """
    owner: object = array
    while isinstance(owner, (np.ndarray, memoryview)):  # views, then np.frombuffer's buffer
        owner = owner.base if isinstance(owner, np.ndarray) else owner.obj
    if not isinstance(owner, mmap.mmap) or not hasattr(mmap, "MADV_DONTNEED") \
            or owner.closed:
        return
    size = len(owner)
    start = array.__array_interface__["data"][0] \
        - np.frombuffer(owner, np.uint8).__array_interface__["data"][0]
    stop = start + array.nbytes
    if not 0 <= start < stop <= size:
        return  # empty
    # whole pages: bytes around the array that share them lose nothing either
    start -= start % mmap.PAGESIZE
    stop = min(size, -(-stop // mmap.PAGESIZE) * mmap.PAGESIZE)
    owner.madvise(mmap.MADV_DONTNEED, start, stop - start)


def write(path: str | os.PathLike, kind: FileKind, meta: Mapping[str, Any],
          arrays: Mapping[str, np.ndarray]) -> Path:
    """Write a complete file of ``kind`` atomically (temporary file, fsync, rename).

    ``meta`` is any JSON-serialisable mapping; ``arrays`` are numeric numpy arrays of any
    shape. Returns the path written.
    """
    path = Path(path)
    data = {name: _little_endian(array) for name, array in arrays.items()}
    specs = [ArraySpec(name, array.dtype.str, array.shape) for name, array in data.items()]
    header: dict[str, Any] = {
        "kind": kind.name, "version": kind.version, "meta": dict(meta), "blocks": None,
        "complete": True, "array_crc": {name: _crc(array) for name, array in data.items()},
    }
    # The arrays start after the header, and the header holds their offsets: grow the start
    # until the header fits before it (offsets only grow, so this ends in a step or two).
    reserve = 0
    while True:
        header["arrays"] = _layout(specs, reserve)[0]
        if _header_bytes(header) <= reserve:
            break
        reserve = _header_bytes(header)
    with atomic_write(path) as out:
        # bytes counted here, never out.tell(): through a descriptor (/dev/stdout >> log, a
        # pipe) the stream's position is the file's, or there is none
        written = out.write(_encode_header(header, reserve))
        for desc, array in zip(header["arrays"], data.values()):
            written += out.write(b"\0" * (desc["offset"] - written))
            written += out.write(array.reshape(-1).view(np.uint8).data)
    return path


def _read_prefix(path: Path, kind: FileKind, remedy: str) -> tuple[dict[str, Any], int]:
    """The verified JSON header and the file size; every failure as :meth:`FileKind.refuse`."""
    if path.is_dir():
        raise kind.refuse(path, "a directory", remedy)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(_PREFIX.size)
            size = os.fstat(handle.fileno()).st_size
            _, container, length, crc = (_PREFIX.unpack(raw) if len(raw) == _PREFIX.size
                                         else (b"", 0, 0, 0))
            # a damaged length must not make us read a huge file into memory
            text = handle.read(min(length, size))
    except FileNotFoundError:
        raise kind.refuse(path, "no such file", remedy) from None
    except OSError as exc:
        raise kind.refuse(path, exc.strerror or "unreadable", remedy) from None
    if size == 0:
        raise kind.refuse(path, "empty file", remedy)
    if raw[:8] != MAGIC:
        if len(raw) < 8 and MAGIC.startswith(raw):
            raise kind.refuse(path, "truncated", remedy)
        older = next((note for head, note in _OLDER_FORMATS.items() if raw.startswith(head)),
                     "foreign file")
        raise kind.refuse(path, older, remedy)
    if len(raw) < _PREFIX.size or len(text) < length:
        raise kind.refuse(path, "truncated", remedy)
    if container != CONTAINER_VERSION:
        raise kind.refuse(path, f"container version {container}; this program reads "
                          f"version {CONTAINER_VERSION}", remedy)
    try:
        if zlib.crc32(text) != crc:
            raise ValueError
        header = json.loads(text)
        if not isinstance(header, dict) or not _HEADER_KEYS <= header.keys():
            raise ValueError
    except ValueError:
        raise kind.refuse(path, "damaged header", remedy) from None
    problem = _header_problem(header, _PREFIX.size + length)
    if problem is not None:
        raise kind.refuse(path, f"damaged header: {problem}", remedy)
    return header, size


# The dtypes a saved array may have: plain little-endian numbers (never objects, strings,
# records or pointers, which a crafted file could use to read memory or run code).
_DTYPES = frozenset(np.dtype(code).newbyteorder("<").str for code in
                    ("?", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "c8",
                     "c16"))
_MAX_DIMS = 32
_MAX_BYTES = 1 << 48


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _header_problem(header: dict[str, Any], text_end: int) -> str | None:
    """Why a header (whose checksum matched) cannot be what this program wrote, or None.

    Its fields and their types, every array's description (name, an allowed dtype, shape,
    offset where the layout puts it), the blocks and the checksums they need: a crafted file
    is refused here, not by a ``KeyError`` or a numpy error further on.
    """
    for key, kinds in (("kind", str), ("version", int), ("meta", dict), ("arrays", list),
                       ("complete", bool)):
        value = header[key]
        if not isinstance(value, kinds) or (kinds is int and isinstance(value, bool)):
            return f"field {key!r} is not a{'n' if kinds is int else ''} {kinds.__name__}"
    blocks = header["blocks"]
    if blocks is not None and not (
            isinstance(blocks, dict) and _is_int(blocks.get("cells"))
            and _is_int(blocks.get("block_cells")) and blocks["cells"] >= 0
            and blocks["block_cells"] >= 1):
        return "field 'blocks' is not a block layout"
    specs, names = [], set()
    for desc in header["arrays"]:
        if not (isinstance(desc, dict) and isinstance(desc.get("name"), str)
                and isinstance(desc.get("dtype"), str) and isinstance(desc.get("shape"), list)
                and isinstance(desc.get("blocked"), bool) and _is_int(desc.get("offset"))):
            return "an array description lacks a field"
        name = desc["name"]
        if name in names:
            return f"array {name!r} twice"
        names.add(name)
        if desc["dtype"] not in _DTYPES:
            return f"array {name!r} has dtype {desc['dtype'][:20]!r}, not a plain number"
        shape = desc["shape"]
        if len(shape) > _MAX_DIMS or not all(_is_int(n) and 0 <= n < _MAX_BYTES for n in shape):
            return f"array {name!r} has a bad shape"
        if desc["blocked"] and (blocks is None or not shape or shape[0] != blocks["cells"]):
            return f"array {name!r} is blocked without a matching block layout"
        specs.append(ArraySpec(name, desc["dtype"], tuple(shape), desc["blocked"]))
    if sum(np.dtype(spec.dtype).itemsize * _product(spec.shape) for spec in specs) > _MAX_BYTES:
        return "arrays too large"
    if specs:
        start = header["arrays"][0]["offset"]
        expected = _layout(specs, start)[0]
        if start < text_end or [d["offset"] for d in header["arrays"]] != \
                [d["offset"] for d in expected]:
            return "arrays not where the layout puts them"
    if blocks is not None:
        crc = next((d for d in header["arrays"] if d["name"] == "block_crc"), None)
        num_blocks = -(-blocks["cells"] // blocks["block_cells"])
        if crc is None or crc["dtype"] != "<u4" or crc["shape"] != [num_blocks] \
                or crc["blocked"]:
            return "no valid 'block_crc' array for its blocks"
    if header["complete"]:
        crcs = header["array_crc"]
        unblocked = {d["name"] for d in header["arrays"] if not d["blocked"]}
        if not isinstance(crcs, dict) or set(crcs) != unblocked \
                or not all(_is_int(v) for v in crcs.values()):
            return "field 'array_crc' does not match the arrays"
    return None


def _product(shape: tuple[int, ...]) -> int:
    total = 1
    for n in shape:
        total *= n
    return total


def _kind_problem(header: dict[str, Any], kind: FileKind) -> str | None:
    """Why a header does not have the meta fields and array dtypes of ``kind``, or None."""
    meta = header["meta"]
    for key, types in kind.meta_types:
        if key not in meta:
            return f"no {key!r} field"
        value = meta[key]
        allowed = types if isinstance(types, tuple) else (types,)
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            return f"field {key!r} is a {type(value).__name__}"
    dtypes = {d["name"]: d["dtype"] for d in header["arrays"]}
    for name, allowed_dtypes in kind.array_dtypes:
        if name not in dtypes:
            return f"no array {name!r}"
        if dtypes[name] not in allowed_dtypes:
            return f"array {name!r} has dtype {dtypes[name]!r}"
    return None


def read_header(path: str | os.PathLike, kind: FileKind,
                expect: Mapping[str, Any] | None = None, remedy: str = "") -> dict[str, Any]:
    """The verified header of a file of ``kind`` (complete or not), checked against the file
    size and against ``expect`` (meta fields that must have these values)."""
    path = Path(path)
    header, size = _read_prefix(path, kind, remedy)
    if header["kind"] != kind.name:
        raise kind.refuse(path, f"a file of kind {header['kind']!r}", remedy)
    if header["version"] != kind.version:
        raise kind.refuse(path, f"format version {header['version']}; this program reads "
                          f"version {kind.version}", remedy)
    problem = _kind_problem(header, kind)
    if problem is not None:
        raise kind.refuse(path, f"damaged header: {problem}", remedy)
    for key, value in (expect or {}).items():
        if header["meta"].get(key) != value:
            raise kind.refuse(path, f"made for {key}={header['meta'].get(key)!r}, "
                              f"expected {value!r}", remedy)
    try:
        specs = _specs(header)
        expected_size = _layout(specs, header["arrays"][0]["offset"] if specs else 0)[1]
    except (KeyError, TypeError, ValueError, IndexError):
        raise kind.refuse(path, "damaged header", remedy) from None
    if specs and size < expected_size:
        raise kind.refuse(path, f"truncated: {size} bytes, expected {expected_size}", remedy)
    if specs and size > expected_size:
        raise kind.refuse(path, f"damaged: {size} bytes, expected {expected_size}", remedy)
    return header


def _specs(header: dict[str, Any]) -> list[ArraySpec]:
    return [ArraySpec(d["name"], np.dtype(d["dtype"]).str, tuple(int(n) for n in d["shape"]),
                      bool(d["blocked"])) for d in header["arrays"]]


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


class DiskFullError(InputError):
    """:func:`disk_full`'s error; ``code`` is the system's (ENOSPC, EDQUOT, EFBIG), so that a
    caller with more to say (the table build: which table, which folder) can say it."""

    def __init__(self, message: str, code: int = errno.ENOSPC) -> None:
        super().__init__(message)
        self.code = code


def disk_full(path: str | os.PathLike, needed: int | None = None,
              code: int = errno.ENOSPC) -> DiskFullError:
    """The one message for a write that the disk has no room for.

    >>> print(disk_full("/tmp/x.job", 3 << 20))
    cannot write /tmp/x.job: the disk is full (3.1 MB needed, ... MB free)
    """
    def size(count: float) -> str:
        return f"{count / 1e6:.1f} MB" if count >= 1e5 else f"{count / 1e3:.0f} KB"

    try:
        free = os.statvfs(Path(path).parent)
        room = f", {size(free.f_bavail * free.f_frsize)} free"
    except (OSError, AttributeError):
        room = ""
    need = f"{size(needed)} needed" if needed is not None else "no space left"
    return DiskFullError(f"cannot write {path}: the disk is full ({need}{room})", code)


def reserve_space(fd: int, size: int, path: str | os.PathLike, *, new: bool = False) -> None:
    """Give the first ``size`` bytes of the open file ``fd`` real disk blocks (the data in
    it is kept), so that writing them through a memory map cannot fail later;
    :func:`disk_full` (an :class:`InputError`) when the disk has no room. Where the platform
    or the file system cannot allocate (no ``posix_fallocate``), a ``new`` (all-zero) file is
    filled with zeros instead.

    >>> import tempfile
    >>> with tempfile.TemporaryFile() as handle:
    ...     handle.truncate(1 << 16)
    ...     reserve_space(handle.fileno(), 1 << 16, "example")
    ...     os.fstat(handle.fileno()).st_blocks * 512 >= 1 << 16
    65536
    True
    """
    try:
        if not hasattr(os, "posix_fallocate"):
            raise OSError(errno.EOPNOTSUPP, "no posix_fallocate")
        if size > 0:
            os.posix_fallocate(fd, 0, size)
        return
    except OSError as error:
        if error.errno in _FULL:
            raise disk_full(path, size, error.errno) from None
        if not new:
            return  # a file system that cannot allocate: as before
    zeros = bytes(1 << 20)
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        for start in range(0, size, len(zeros)):
            os.write(fd, zeros[:min(len(zeros), size - start)])
        os.fsync(fd)
    except OSError as error:
        if error.errno in _FULL:
            raise disk_full(path, size, error.errno) from None
        raise


class SavedFile:
    """An open file: its kind, header, ``meta`` and ``arrays`` (views of one memory map)."""

    def __init__(self, path: Path, kind: FileKind, header: dict[str, Any], mode: Mode) -> None:
        self.path = path
        self.kind = kind
        self.header = header
        self.mode = mode
        self._mmap: mmap.mmap | None = None
        self._map: np.ndarray | None = None
        self.arrays: dict[str, np.ndarray] = _Fields({}, kind, path, "array")
        self._meta = _Fields(header["meta"], kind, path, "field")
        if header["arrays"]:
            # A shared mapping of the whole file (read-only for "r"): arrays handed out keep
            # it alive after close(). A file written through its map has its space reserved
            # first: a page of a sparse file that the disk has no room for is a SIGBUS when
            # it is written, a crash without a word, where a full disk must be one message.
            with open(path, "rb" if mode == "r" else "r+b") as handle:
                if mode == "r+":
                    reserve_space(handle.fileno(), os.fstat(handle.fileno()).st_size, path)
                self._mmap = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ
                                       if mode == "r" else mmap.ACCESS_WRITE)
            self._map = np.frombuffer(self._mmap, dtype=np.uint8)
        for desc in header["arrays"]:
            dtype = np.dtype(desc["dtype"])
            shape = tuple(desc["shape"])
            end = desc["offset"] + ArraySpec(desc["name"], desc["dtype"], shape).nbytes
            assert self._map is not None
            self.arrays[desc["name"]] = self._map[desc["offset"]:end].view(dtype).reshape(shape)

    def _crc(self, array: np.ndarray, value: int = 0) -> int:
        """crc32 of a view of this file, slice by slice, letting each slice's pages go."""
        flat = array.reshape(-1).view(np.uint8)
        for start in range(0, flat.size, _CRC_SLICE):
            piece = flat[start:start + _CRC_SLICE]
            value = zlib.crc32(piece.data, value)
            release_pages(piece)
        return value

    @property
    def meta(self) -> dict[str, Any]:
        """The meta fields (asking for a missing one is a :class:`MissingFieldError`)."""
        return self._meta

    def _unblocked_crcs(self) -> dict[str, int]:
        """crc32 of each array that is not cut into blocks (``block_crc`` among them)."""
        return {d["name"]: self._crc(self.arrays[d["name"]])
                for d in self.header["arrays"] if not d["blocked"]}

    def _padding_used(self) -> bool:
        """Whether a byte outside the header and the arrays (alignment padding) is not 0."""
        if self._map is None:
            return False
        start = _PREFIX.size + _PREFIX.unpack(bytes(self._map[:_PREFIX.size]))[2]
        for desc in self.header["arrays"]:
            if self._map[start:desc["offset"]].any():
                return True
            start = desc["offset"] + self.arrays[desc["name"]].nbytes
        return False

    def close(self) -> None:
        """Flush a writable file and drop the memory map (arrays already handed out keep
        their own reference to it)."""
        if self._mmap is not None and self.mode != "r":
            self._mmap.flush()
        self.arrays = {}
        self._map = None
        self._mmap = None


class BlockedFile(SavedFile):
    """A file whose blocked arrays are filled block by block, in place, resumably.

    Create one with :meth:`create`, reopen an interrupted one with :meth:`open_partial`, fill
    blocks and :meth:`mark_finished` them, then :meth:`finish` it.
    """

    @property
    def cells(self) -> int:
        return int(self.header["blocks"]["cells"])

    @property
    def block_cells(self) -> int:
        return int(self.header["blocks"]["block_cells"])

    @property
    def num_blocks(self) -> int:
        return -(-self.cells // self.block_cells)

    def block_range(self, block: int) -> tuple[int, int]:
        """Cells ``[start, stop)`` of ``block``."""
        start = block * self.block_cells
        return start, min(self.cells, start + self.block_cells)

    def block_crc(self, block: int) -> int:
        """crc32 of the block's bytes in every blocked array, never 0."""
        start, stop = self.block_range(block)
        crc = 0
        for desc in self.header["arrays"]:
            if desc["blocked"]:
                crc = self._crc(self.arrays[desc["name"]][start:stop], crc)
        return crc or 1

    def finished_blocks(self) -> np.ndarray:
        """Booleans: which blocks hold verified data (their stored crc matches)."""
        stored = self.arrays["block_crc"]
        return np.array([stored[b] != 0 and stored[b] == self.block_crc(b)
                         for b in range(self.num_blocks)], dtype=bool)

    def mark_finished(self, block: int) -> None:
        """Flush the block's data, then record its crc (in that order: see module doc). The
        block's pages leave the resident set (:func:`release_pages`): a build's memory does
        not grow with the file."""
        assert self._mmap is not None
        self._mmap.flush()
        self.arrays["block_crc"][block] = self.block_crc(block)
        self._mmap.flush()

    @classmethod
    def create(cls, path: str | os.PathLike, kind: FileKind, meta: Mapping[str, Any],
               cells: int, block_cells: int, arrays: list[ArraySpec]) -> BlockedFile:
        """A new unfinished file at ``path`` with zeroed arrays (plus ``block_crc``)."""
        path = Path(path)
        num_blocks = -(-cells // block_cells)
        specs = [*arrays, ArraySpec("block_crc", "<u4", (num_blocks,))]
        described, size = _layout(specs, BLOCKED_HEADER_BYTES)
        header = {"kind": kind.name, "version": kind.version, "meta": dict(meta),
                  "blocks": {"cells": int(cells), "block_cells": int(block_cells)},
                  "arrays": described, "complete": False, "array_crc": None}
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(path, "wb") as handle:
                handle.truncate(size)
                reserve_space(handle.fileno(), size, path, new=True)
                handle.seek(0)
                handle.write(_encode_header(header, BLOCKED_HEADER_BYTES))
        except InputError:
            path.unlink(missing_ok=True)  # nothing in it yet: no half-made file left
            raise
        except OSError as error:
            path.unlink(missing_ok=True)
            if error.errno in _FULL:
                raise disk_full(path, size) from None
            raise
        return cls(path, kind, header, "r+")

    @classmethod
    def open_partial(cls, path: str | os.PathLike, kind: FileKind,
                     expect: Mapping[str, Any] | None = None) -> BlockedFile:
        """Reopen an unfinished file to resume it; :class:`SaveFileError` if it is damaged,
        complete, or made with other settings than ``expect``."""
        path = Path(path)
        header = read_header(path, kind, expect)
        if header["complete"] or not header.get("blocks"):
            raise kind.refuse(path, "not an unfinished build")
        return cls(path, kind, header, "r+")

    def finish(self, final_path: str | os.PathLike, meta: Mapping[str, Any]) -> Path:
        """All blocks done: add ``meta`` and the crcs to the header, and rename the file to
        ``final_path`` (atomic: a reader sees no table or the whole one)."""
        if not self.finished_blocks().all():
            raise RuntimeError("finish() called before every block was finished")
        check_writable_target(final_path)
        _, status = _target(Path(final_path))
        if status is not None and not stat.S_ISREG(status.st_mode):  # never over a device
            raise OSError(errno.EEXIST, "exists and is not a regular file", str(final_path))
        header = {**self.header, "meta": {**self.header["meta"], **meta}, "complete": True,
                  "array_crc": self._unblocked_crcs()}
        path, final_path = self.path, Path(final_path)
        self.close()
        with open(path, "r+b") as handle:
            handle.write(_encode_header(header, BLOCKED_HEADER_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        final_path.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, final_path)
        fsync_directory(final_path.parent)
        return final_path


def read(path: str | os.PathLike, kind: FileKind, expect: Mapping[str, Any] | None = None,
         *, mmap: bool = False, remedy: str = "") -> SavedFile:
    """Open a complete file of ``kind`` after checking every byte of it.

    ``expect``: meta fields that must have these values. ``mmap``: keep the arrays memory-mapped
    (read-only; for big tables) instead of copying them into memory. ``remedy`` is added to
    every refusal (say, the command that rebuilds the file).
    """
    path = Path(path)
    header = read_header(path, kind, expect, remedy)
    if not header["complete"]:
        raise kind.refuse(path, "an unfinished build", remedy)
    opened = (BlockedFile if header.get("blocks") else SavedFile)(path, kind, header, "r")
    if opened._unblocked_crcs() != header["array_crc"] or opened._padding_used():
        raise kind.refuse(path, "damaged data (checksum mismatch)", remedy)
    if isinstance(opened, BlockedFile):
        bad = np.flatnonzero(~opened.finished_blocks())
        if bad.size:
            raise kind.refuse(path, f"damaged data in block {int(bad[0])} of "
                              f"{opened.num_blocks} (checksum mismatch)", remedy)
    if not mmap:
        opened.arrays = _Fields({name: np.array(array) for name, array in opened.arrays.items()},
                                kind, path, "array")
        opened._map = None
        opened._mmap = None
    return opened
