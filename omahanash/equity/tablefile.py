"""Where equity tables are kept and what their save files are called.

The files themselves are :mod:`omahanash.savefile` containers of two kinds:

* :data:`EQUITY_TABLE`: one variant's table. Hold'em's is exact, written at once and shipped
  (``resources/holdem.table``: the equity triangle as float64, pairs as uint32). Omaha's are
  built by Monte Carlo into the cache directory, block by block (a ``.partial`` file that a
  later build resumes): equity as uint16 and the per-cell spread as uint8, one triangle each,
  plus the pairs of a class-subset table;
* :data:`PAIRS_TABLE`: the exact pairs triangle of all Omaha classes, shared by Omaha Hi and
  Hi/Lo (``omaha-pairs.table`` in the cache directory);
* :data:`RANKS_STORE`: the exact suit-blind part of a build, piece by piece
  (``<table>.ranks``, :func:`ranks_path`), kept until a full-precision table is finished, so
  that a resumed or refining build never computes a finished piece again.

A build holds :class:`BuildLock` (``<table>.lock``); :func:`disk_error` turns a file-system
error of the cache folder (full disk, read-only, no permission) into one line.

A table file that cannot be used is refused with the container's one message, which ends with
the command that rebuilds it (:func:`rebuild_hint`).
"""

from __future__ import annotations

import errno
import hashlib
import os
from pathlib import Path

import numpy as np
import platformdirs

from omahanash.errors import InputError
from omahanash.savefile import FileKind

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

EQUITY_TABLE = FileKind("equity-table", 2, "omahanash equity table",
                        meta_types=(("game", str), ("classes", int)),
                        array_dtypes=(("equity", ("<f8", "<u2")),))
PAIRS_TABLE = FileKind("pairs-table", 2, "omahanash pairs table",
                       meta_types=(("classes", int),), array_dtypes=(("pairs", ("<u2",)),))
RANKS_STORE = FileKind("rank-equity", 1, "omahanash suit-blind equity store")
HOLDEM_RESOURCE = "holdem.table"
PAIRS_FILE = "omaha-pairs.table"


def rebuild_hint(variant: str) -> str:
    """The remedy a refused table's message ends with.

    >>> rebuild_hint("omaha-hi")
    "rebuild it with 'omahanash table build --game omaha-hi'"
    """
    exact = " --exact" if variant == "holdem" else ""
    return f"rebuild it with 'omahanash table build --game {variant}{exact}'"


def resolve_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    """``cache_dir`` if given, else ``$OMAHANASH_CACHE``, else the user cache directory.

    Raises :class:`InputError` when the folder named is an existing file.

    >>> resolve_cache_dir("/tmp/tables")
    PosixPath('/tmp/tables')
    """
    if cache_dir:
        path, source = Path(cache_dir).expanduser(), "cache_dir"
    elif os.environ.get("OMAHANASH_CACHE"):
        path, source = Path(os.environ["OMAHANASH_CACHE"]).expanduser(), "OMAHANASH_CACHE"
    else:
        path = Path(platformdirs.user_cache_dir("omahanash", appauthor=False))
        source = "the user cache directory"
    if path.exists() and not path.is_dir():
        raise InputError(f"{source} {str(path)!r} is a file, not a folder")
    return path


def make_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    """:func:`resolve_cache_dir`, created if missing (:class:`InputError` if it cannot be)."""
    path = resolve_cache_dir(cache_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the cache folder {str(path)!r}: "
                         f"{exc.strerror or exc}") from None
    return path


def subset_tag(class_ids: np.ndarray | None) -> str:
    """The part of a file name that tells a class-subset table from the full one."""
    if class_ids is None:
        return ""
    digest = hashlib.blake2b(class_ids.astype("<i4").tobytes(), digest_size=6).hexdigest()
    return f"-subset{class_ids.size}-{digest}"


def partial_path(path: Path) -> Path:
    """The file an unfinished build of ``path`` is kept in."""
    return path.with_name(path.name + ".partial")


def ranks_path(path: Path) -> Path:
    """The file the exact suit-blind part of a build of ``path`` is kept in, piece by piece,
    until the full-precision table is finished (a resumed or refining build reuses it)."""
    return path.with_name(path.name + ".ranks")


def lock_path(path: Path) -> Path:
    """The lock file of a build of ``path`` (it holds the builder's process id)."""
    return path.with_name(path.name + ".lock")


#: The errors of a disk or a folder that cannot take the file: one clean line each.
DISK_ERRORS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
               errno.EROFS: "the folder is on a read-only file system",
               errno.EACCES: "no permission to write there",
               errno.EPERM: "no permission to write there"}


def disk_error(exc: OSError, what: str, folder: Path) -> InputError | None:
    """One line for an ``OSError`` of the file system (the classes of :data:`DISK_ERRORS` in
    words, any other by its ``strerror``: a folder of /proc says "no such file or directory");
    None for an error without an ``errno``.

    >>> error = disk_error(OSError(errno.ENOSPC, "No space left"), "build the omaha-hi table",
    ...                    Path("/tmp/c"))
    >>> str(error).split(" (")[0]
    "cannot build the omaha-hi table in '/tmp/c': the disk is full"
    """
    if exc.errno is None:
        return None
    reason = DISK_ERRORS.get(exc.errno) or (exc.strerror or str(exc)).lower()
    return InputError(f"cannot {what} in {str(folder)!r}: {reason} (free some space, or "
                      "choose another folder with --cache-dir or OMAHANASH_CACHE)"
                      if exc.errno in (errno.ENOSPC, errno.EDQUOT) else
                      f"cannot {what} in {str(folder)!r}: {reason} (choose another folder "
                      "with --cache-dir or OMAHANASH_CACHE)")


class TableBusy(InputError):
    """Another build of the same table holds its lock."""


class BuildLock:
    """An exclusive lock on the build of one table: ``<table>.lock`` holding the builder's
    process id, locked with ``flock`` (POSIX; the lock dies with its process, so a killed
    build never leaves a stale one) or created exclusively (elsewhere; a lock whose process
    is gone is taken over). A second build, in this process or another, gets
    :class:`TableBusy` with one line naming the running builder. The file is removed on
    release.

    >>> import tempfile
    >>> table = Path(tempfile.mkdtemp()) / "omaha-hi.table"
    >>> with BuildLock(table, "omaha-hi"):
    ...     try:
    ...         BuildLock(table, "omaha-hi").acquire()
    ...     except TableBusy as busy:
    ...         print(str(busy).split(" (")[0])
    another build of the omaha-hi table is running
    >>> lock_path(table).exists()
    False
    """

    def __init__(self, table: Path, name: str) -> None:
        self.path = lock_path(table)
        self.name = name
        self._fd: int | None = None

    def _busy(self) -> TableBusy:
        try:
            pid = self.path.read_text().strip() or "?"
        except OSError:
            pid = "?"
        return TableBusy(f"another build of the {self.name} table is running (process {pid}, "
                         f"lock {str(self.path)!r}): wait for it to finish, or stop it first")

    def acquire(self) -> BuildLock:
        """Take the lock or raise :class:`TableBusy` (never waits)."""
        while True:
            if fcntl is None:  # pragma: no cover - Windows
                fd = self._acquire_exclusive()
            else:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(fd)
                    raise self._busy() from None
                # The holder before us may have removed the file after we opened it: then
                # our lock is on a dead inode; try again on the file that is there now.
                try:
                    same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
                except FileNotFoundError:
                    same = False
                if not same:
                    os.close(fd)
                    continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            self._fd = fd
            return self

    def _acquire_exclusive(self) -> int:  # pragma: no cover - Windows
        for _ in range(2):
            try:
                return os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                try:
                    pid = int(self.path.read_text().strip())
                except (OSError, ValueError):
                    pid = 0
                if pid and _process_alive(pid):
                    raise self._busy() from None
                self.path.unlink(missing_ok=True)  # its builder is gone
        raise self._busy()

    def release(self) -> None:
        """Remove the lock file and let the lock go (the file first: see :meth:`acquire`)."""
        if self._fd is None:
            return
        self.path.unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> BuildLock:
        return self.acquire()

    def __exit__(self, *_: object) -> None:
        self.release()


def _process_alive(pid: int) -> bool:  # pragma: no cover - Windows
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
