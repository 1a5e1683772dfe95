"""The trainer's history: every answered spot, kept across launches in an SQLite database.

One table, ``answers``, one row per :class:`~omahanash.trainer.stats.AnswerRecord` (its
fields are the columns); the schema version is the database's ``PRAGMA user_version``
(:data:`SCHEMA_VERSION`). The file is ``trainer.sqlite`` in ``$OMAHANASH_DATA`` or else the
platform's user data folder (``platformdirs.user_data_dir("omahanash")``), unless a path is
given.

Every answer is committed when it is added (write-ahead log, ``synchronous=FULL``), so killing
the program loses no answered spot. The history never stops a session:

- a file that is not a readable trainer database (damaged, foreign, from a newer version) is
  kept aside as ``trainer.damaged-<time>.sqlite`` and a new history is started;
- a database locked by another program is left alone and this session writes to
  ``trainer-<time>.sqlite`` beside it;
- if no file can be written at all, answers are kept in memory for the session.

Each of these is reported in :attr:`History.notices` (the command line prints them, the app
shows them).

>>> import tempfile, pathlib
>>> from omahanash.trainer.stats import example_record
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with History(folder / "trainer.sqlite") as history:
...     history.add(example_record())
...     len(history), history.statistics().accuracy
(1, 1.0)
>>> with History(folder / "trainer.sqlite") as history:   # the next launch
...     history.records()[0].hand, history.notices
('Ah 9c', [])
"""

from __future__ import annotations

import csv
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from omahanash.errors import InputError
from omahanash.trainer.stats import WEAK_SPOTS, AnswerRecord, Statistics, summarize

__all__ = ["DATA_ENV", "FILE_NAME", "SCHEMA_VERSION", "History", "default_path"]

logger = logging.getLogger(__name__)

#: Environment variable naming the folder of the history (tests, portable installs).
DATA_ENV = "OMAHANASH_DATA"
FILE_NAME = "trainer.sqlite"
SCHEMA_VERSION = 1
# Seconds to wait for another writer (two sessions share the file: each commit is short).
BUSY_TIMEOUT = 2.0

_SQL_TYPES = {"float": "REAL", "float | None": "REAL", "int": "INTEGER", "bool": "INTEGER",
              "str": "TEXT"}


def default_path() -> Path:
    """``$OMAHANASH_DATA/trainer.sqlite``, else ``trainer.sqlite`` in the user data folder.

    >>> default_path().name
    'trainer.sqlite'
    """
    folder = os.environ.get(DATA_ENV)
    if not folder:
        import platformdirs

        folder = platformdirs.user_data_dir("omahanash", appauthor=False)
    return Path(folder) / FILE_NAME


class _Unusable(Exception):
    """The file is not a trainer database this version can use (the reason is the text)."""


def _is_locked(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        word in str(error).lower() for word in ("locked", "busy"))


def _schema() -> str:
    columns = ", ".join(f"{f} {_SQL_TYPES[str(t)]}" for f, t in _column_types().items())
    return f"CREATE TABLE answers (id INTEGER PRIMARY KEY, {columns})"


def _column_types() -> dict[str, Any]:
    return dict(AnswerRecord.__annotations__)


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _aside(path: Path, tag: str) -> Path:
    """A free name beside ``path``: ``<stem>.<tag>-<time>[-n]<suffix>``."""
    base = f"{path.stem}{tag}-{_stamp()}"
    candidate = path.with_name(base + path.suffix)
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{base}-{number}{path.suffix}")
    return candidate


class History:
    """The answered spots in the database at ``path`` (default :func:`default_path`).

    Opening never fails: see the module's description for what happens to a damaged or
    locked file; :attr:`notices` says what was done and :attr:`path` is the file in use
    (``None`` when answers are only kept in memory).
    """

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path: Path | None = Path(path) if path is not None else default_path()
        self.notices: list[str] = []
        self._connection = self._open()

    # -- opening -----------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        try:
            return self._connect(self.path)
        except OSError as error:
            return self._in_memory(f"cannot open the trainer history {self.path}: "
                                   f"{error.strerror or error}")
        except (sqlite3.DatabaseError, _Unusable) as error:
            if _is_locked(error):
                side = _aside(self.path, "")
                self._notice(f"the trainer history {self.path} is locked by another program "
                             f"({error}); this session's answers go to {side}")
                self.path = side
            elif not self._put_aside(str(error)):
                return self._in_memory(f"cannot replace the trainer history {self.path}")
        try:
            return self._connect(self.path)
        except (sqlite3.DatabaseError, _Unusable, OSError) as error:
            return self._in_memory(f"cannot start a trainer history at {self.path}: {error}")

    def _connect(self, path: Path) -> sqlite3.Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
        try:
            self._prepare(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    @staticmethod
    def _prepare(connection: sqlite3.Connection) -> None:
        """Check the file is a trainer database of this schema, creating it when empty."""
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _Unusable(f"made by a newer omahanash (schema {version}, this one reads "
                            f"{SCHEMA_VERSION})")
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise _Unusable(f"damaged ({check})")
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and not tables:
            with connection:
                connection.execute(_schema())
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return
        columns = [row[1] for row in connection.execute("PRAGMA table_info(answers)")]
        if version != SCHEMA_VERSION or columns != ["id", *AnswerRecord.columns()]:
            raise _Unusable("not a trainer history")

    def _put_aside(self, reason: str) -> bool:
        """Rename the unusable database (and its journal files) out of the way; False if
        that failed."""
        assert self.path is not None
        kept = _aside(self.path, ".damaged")
        try:
            for extra in ("", "-wal", "-shm", "-journal"):
                old = Path(f"{self.path}{extra}")
                if old.exists():
                    old.replace(f"{kept}{extra}")
        except OSError as error:
            self._notice(f"the trainer history {self.path} could not be read ({reason}) "
                         f"nor moved aside ({error.strerror or error})")
            return False
        self._notice(f"the trainer history {self.path} could not be read ({reason}): kept as "
                     f"{kept}, a new history started")
        return True

    def _in_memory(self, message: str) -> sqlite3.Connection:
        self._notice(f"{message}; this session's answers are kept in memory only")
        self.path = None
        connection = sqlite3.connect(":memory:")
        self._prepare(connection)
        return connection

    def _notice(self, message: str) -> None:
        logger.info(message)  # the command line and the app show the notices
        self.notices.append(message)

    # -- use ---------------------------------------------------------------------------------

    def add(self, record: AnswerRecord) -> None:
        """Store ``record`` and commit at once. A database that breaks or locks meanwhile is
        handled as at opening, and the record goes to the new one."""
        if not isinstance(record, AnswerRecord):
            raise InputError(f"record must be an AnswerRecord, got {record!r}")
        columns = AnswerRecord.columns()
        statement = (f"INSERT INTO answers ({', '.join(columns)}) "
                     f"VALUES ({', '.join('?' * len(columns))})")
        values = [getattr(record, name) for name in columns]
        try:
            with self._connection:
                self._connection.execute(statement, values)
        except sqlite3.DatabaseError as error:
            self._notice(f"could not write to the trainer history {self.path}: {error}")
            self._connection.close()
            self._connection = self._open()
            with self._connection:
                self._connection.execute(statement, values)

    def records(self) -> list[AnswerRecord]:
        """Every stored answer, oldest first."""
        columns = AnswerRecord.columns()
        flags = [name for name, kind in _column_types().items() if kind == "bool"]
        records = []
        for row in self._connection.execute(
                f"SELECT {', '.join(columns)} FROM answers ORDER BY id"):
            values: dict[str, Any] = dict(zip(columns, row, strict=True))
            values.update((name, bool(values[name])) for name in flags)  # stored as 0/1
            records.append(AnswerRecord(**values))
        return records

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def statistics(self, weak_spots: int = WEAK_SPOTS) -> Statistics:
        """:func:`~omahanash.trainer.stats.summarize` of every stored answer."""
        return summarize(self.records(), weak_spots)

    def export_csv(self, path: str | os.PathLike) -> Path:
        """Write every answer to ``path`` as CSV (a header row of the column names).

        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> with History(folder / "h.sqlite") as history:
        ...     out = history.export_csv(folder / "h.csv")
        >>> out.read_text().split(",")[:2]
        ['answered_at', 'session']
        """
        from omahanash.savefile import atomic_write

        path = Path(path)
        try:
            with atomic_write(path, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(AnswerRecord.columns())
                for record in self.records():
                    writer.writerow(record.as_dict().values())
        except OSError as error:
            raise InputError(f"cannot write {path}: {error.strerror or error}") from None
        return path

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
