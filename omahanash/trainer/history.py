"""The trainer's history: every answered spot, kept across launches in an SQLite database.

One table, ``answers``, one row per :class:`~omahanash.trainer.stats.AnswerRecord` (its
fields are the columns); the schema version is the database's ``PRAGMA user_version``
(:data:`SCHEMA_VERSION`) and the file says it is this program's by its ``PRAGMA
application_id`` (:data:`APPLICATION_ID`, in the file's header). The file is
``trainer.sqlite`` in ``$OMAHANASH_DATA`` or else the platform's user data folder
(``platformdirs.user_data_dir("omahanash")``), unless a path is given.

**Betting-tree answers** (:class:`~omahanash.trainer.stats.TreeAnswerRecord`: the node, its
actions, the answer and its size) go to a second table, ``tree_answers``, in the same file.
The ``answers`` table and the schema version stay as they were, so a history with tree answers
is still read by a release before them (which does not see the tree answers), and a history
of such a release gains the table, empty, when it is opened for drilling — nothing else of it
changes, no migration and no backup needed.

Every answer is committed when it is added (write-ahead log, ``synchronous=FULL``), so killing
the program loses no answered spot. The history never destroys a file and never pretends:

- only a file that is recognisably a trainer history (its application id, or for files of
  earlier releases its schema) is ever changed or moved aside; anything else given as the
  history - a folder, a text file, another application's SQLite database - is an
  :class:`~omahanash.errors.InputError` naming it, and is left untouched;
- ``History(path, read_only=True)`` (the command line's ``--stats`` and ``--export``) opens
  the file read-only (``mode=ro``) and never writes, creates or moves anything; a history
  locked by another program, or damaged, is an ``InputError`` saying so, never an empty one;
- when drilling, a trainer history that cannot be read (damaged, from a newer version) is
  kept aside as ``trainer.damaged-<time>.sqlite`` and a new history is started; one that
  cannot be written (a read-only file or folder) is read and this session's answers are kept
  in memory; one locked by another program is left alone and this session's answers are kept
  in memory (no new files beside it); if no file can be written at all, answers are kept in
  memory for the session.

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
>>> _ = (folder / "notes.txt").write_text("my notes")
>>> History(folder / "notes.txt")
Traceback (most recent call last):
...
omahanash.errors.InputError: .../notes.txt is not a trainer history (not an SQLite database); ...
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sqlite3
import stat
import time
import urllib.parse
from pathlib import Path
from typing import Any

import platformdirs

from omahanash.errors import InputError
from omahanash.savefile import refuse_overwriting_inputs, write_csv
from omahanash.trainer.stats import (
    WEAK_SPOTS,
    AnswerRecord,
    Statistics,
    TreeAnswerRecord,
    summarize,
)

__all__ = ["APPLICATION_ID", "DATA_ENV", "FILE_NAME", "SCHEMA_VERSION", "TREE_TABLE", "History",
           "default_path"]

logger = logging.getLogger(__name__)

#: Environment variable naming the folder of the history (tests, portable installs).
DATA_ENV = "OMAHANASH_DATA"
FILE_NAME = "trainer.sqlite"
SCHEMA_VERSION = 2
#: The columns of schema 1 (heads-up answers only); schema 2 adds the table spots' columns
#: (players, node, payouts, stacks and the prize-equity EVs). A history of schema 1 is
#: migrated when it is opened for drilling (its rows become 2-player answers) and read as it
#: is when opened read-only.
V1_COLUMNS = ("answered_at", "session", "variant", "position", "stack_bb", "ante_bb",
              "class_id", "hand", "hand_group", "action", "best_action", "frequency",
              "allin_ev_bb", "fold_ev_bb", "ev_lost_bb", "correct", "seconds", "close")
#: The table of the betting-tree answers (one row per TreeAnswerRecord), beside ``answers``:
#: created when missing, it never changes the schema version.
TREE_TABLE = "tree_answers"
#: ``PRAGMA application_id`` of a trainer history ("OmNa"): stored in the SQLite header.
APPLICATION_ID = 0x4F6D4E61
# Seconds to wait for another writer (two sessions share the file: each commit is short).
BUSY_TIMEOUT = 2.0

_SQL_TYPES = {"float": "REAL", "float | None": "REAL", "int": "INTEGER", "bool": "INTEGER",
              "str": "TEXT"}
_SQLITE_MAGIC = b"SQLite format 3\x00"


def default_path() -> Path:
    """``$OMAHANASH_DATA/trainer.sqlite``, else ``trainer.sqlite`` in the user data folder.

    >>> default_path().name
    'trainer.sqlite'
    """
    folder = os.environ.get(DATA_ENV)
    if not folder:
        folder = platformdirs.user_data_dir("omahanash", appauthor=False)
    return Path(folder) / FILE_NAME


class _Unusable(Exception):
    """The file is not a trainer database this version can use (the reason is the text)."""


def _is_locked(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        word in str(error).lower() for word in ("locked", "busy"))


def _is_read_only(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        words in str(error).lower() for words in ("readonly", "read-only",
                                                  "unable to open database file"))


def _schema() -> str:
    columns = ", ".join(f"{f} {_SQL_TYPES[str(t)]}" for f, t in _column_types().items())
    return f"CREATE TABLE answers (id INTEGER PRIMARY KEY, {columns})"


def _column_types(record: type = AnswerRecord) -> dict[str, Any]:
    return dict(record.__annotations__)


def _add_tree_table(connection: sqlite3.Connection) -> None:
    """The tree answers' table, if the file has none yet (its columns are
    :class:`~omahanash.trainer.stats.TreeAnswerRecord`'s)."""
    columns = ", ".join(f"{f} {_SQL_TYPES[str(t)]}"
                        for f, t in _column_types(TreeAnswerRecord).items())
    with connection:
        connection.execute(f"CREATE TABLE IF NOT EXISTS {TREE_TABLE} "
                           f"(id INTEGER PRIMARY KEY, {columns})")


def _has_tree_table(connection: sqlite3.Connection) -> bool:
    return connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                              (TREE_TABLE,)).fetchone() is not None


def _known_schema(version: int, columns: list[str]) -> bool:
    """Whether ``columns`` (``id`` first) are the answers table of schema ``version``."""
    if version == 1:
        return columns == ["id", *V1_COLUMNS]
    return version == SCHEMA_VERSION and columns == ["id", *AnswerRecord.columns()]


def _migrate(connection: sqlite3.Connection) -> None:
    """Bring a schema-1 answers table to :data:`SCHEMA_VERSION`: the new columns, with the
    values of a heads-up answer (2 players, empty texts, no prize figures), in one
    transaction."""
    defaults = {f.name: f.default for f in dataclasses.fields(AnswerRecord)}
    types = _column_types()
    with connection:
        for name in AnswerRecord.columns()[len(V1_COLUMNS):]:
            default = defaults[name]
            value = "NULL" if default is None else repr(default) if isinstance(
                default, (int, float)) else "'" + str(default).replace("'", "''") + "'"
            connection.execute(f"ALTER TABLE answers ADD COLUMN {name} "
                               f"{_SQL_TYPES[str(types[name])]} DEFAULT {value}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


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


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that writes nothing beside the file. A history no program has
    open has no write-ahead log beside it (the last connection folds it in): it is read as
    an immutable file, which creates no ``-wal``/``-shm`` files (and works in a read-only
    folder). One in use is read through the log it shares with its writer."""
    uri = f"file:{urllib.parse.quote(str(path.absolute()))}?mode=ro"
    in_use = Path(f"{path}-wal").exists()
    return sqlite3.connect(uri if in_use else uri + "&immutable=1", uri=True,
                           timeout=BUSY_TIMEOUT)


def identify(path: str | os.PathLike) -> str | None:
    """What ``path`` is: ``"missing"``, ``"empty"`` (a 0-byte file, which a new history may
    fill), ``"ours"`` (a trainer history, maybe damaged) or None when it is something else -
    then :func:`foreign_reason` says what. Reads the file's first bytes only (and, for a file
    of an earlier release without the application id, its schema, read-only).

    >>> identify("/no/such/trainer.sqlite")
    'missing'
    """
    return _identify(Path(path))[0]


def _identify(path: Path) -> tuple[str | None, str]:
    """``(kind, reason)``: see :func:`identify`; ``reason`` says why a foreign file is one."""
    try:
        status = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return "missing", ""
    except OSError as error:
        return None, error.strerror or str(error)
    if stat.S_ISDIR(status.st_mode):
        return None, "a folder"
    if not stat.S_ISREG(status.st_mode):
        return None, "not a regular file"
    if status.st_size == 0:
        return "empty", ""
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
    except OSError as error:
        return None, error.strerror or str(error)
    if not head.startswith(_SQLITE_MAGIC) or len(head) < 100:
        return None, "not an SQLite database"
    application = int.from_bytes(head[68:72], "big")
    if application == APPLICATION_ID:
        return "ours", ""
    if application != 0:
        return None, f"another application's SQLite database (application id {application:#x})"
    # an earlier release wrote no application id: its schema says whose it is
    try:
        connection = _connect_read_only(path)
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            columns = [row[1] for row in connection.execute("PRAGMA table_info(answers)")]
        finally:
            connection.close()
    except sqlite3.Error as error:
        if _is_locked(error):
            return "ours", ""  # cannot be checked now; opening it will say it is locked
        return None, f"an SQLite database that cannot be read ({error})"
    if _known_schema(version, columns):
        return "ours", ""
    return None, "an SQLite database without the trainer's answers"


class History:
    """The answered spots in the database at ``path`` (default :func:`default_path`).

    ``read_only``: only read the file (statistics, exports): nothing is created, changed or
    moved, and a locked or damaged file is an :class:`InputError`. Otherwise opening a
    trainer history never fails: see the module's description for what happens to a damaged,
    read-only or locked one; :attr:`notices` says what was done and :attr:`path` is the file
    in use (``None`` when answers are only kept in memory). A file that is not a trainer
    history is always an :class:`InputError` naming it, and is left untouched.
    """

    def __init__(self, path: str | os.PathLike | None = None, read_only: bool = False) -> None:
        self.path: Path | None = Path(path) if path is not None else default_path()
        self.read_only = bool(read_only)
        self.notices: list[str] = []
        self._connection = self._open_read_only() if self.read_only else self._open()

    @classmethod
    def in_memory(cls, notice: str = "") -> History:
        """A history kept in memory only (for a session whose file cannot be used: the app
        shows ``notice``, why).

        >>> history = History.in_memory("no file")
        >>> history.path, len(history), history.notices
        (None, 0, ['no file'])
        """
        history = cls.__new__(cls)
        history.path, history.read_only, history.notices = None, False, []
        if notice:
            history._notice(notice)
        history._connection = history._memory()
        return history

    # -- opening -----------------------------------------------------------------------------

    def _refuse_foreign(self) -> str:
        """The kind of the file at :attr:`path`; :class:`InputError` if it is not ours."""
        assert self.path is not None
        kind, reason = _identify(self.path)
        if kind is None:
            raise InputError(f"{self.path} is not a trainer history ({reason}); it is left "
                             "untouched: give another file")
        return kind

    def _open_read_only(self) -> sqlite3.Connection:
        assert self.path is not None
        if self._refuse_foreign() != "ours":  # none yet: an empty history, nothing created
            return self._memory()
        try:
            connection = _connect_read_only(self.path)
        except sqlite3.Error as error:
            raise InputError(f"cannot read the trainer history {self.path}: {error}") from None
        try:
            self._check(connection)
        except (sqlite3.DatabaseError, _Unusable) as error:
            connection.close()
            if _is_locked(error):
                raise InputError(f"the trainer history {self.path} is locked by another "
                                 f"program ({error}): try again when it is closed") from None
            raise InputError(f"cannot read the trainer history {self.path}: {error}") from None
        return connection

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        self._refuse_foreign()
        try:
            return self._connect(self.path)
        except OSError as error:
            return self._in_memory(f"cannot open the trainer history {self.path}: "
                                   f"{error.strerror or error}")
        except (sqlite3.DatabaseError, _Unusable) as error:
            if _is_locked(error):
                return self._in_memory(f"the trainer history {self.path} is locked by another "
                                       f"program ({error}): its answers cannot be read now")
            if _is_read_only(error):
                return self._read_into_memory(error)
            if not self._put_aside(str(error)):
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
    def _check(connection: sqlite3.Connection) -> int:
        """The schema version of a trainer database, checked (read-only); 0 for a new one."""
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
            return 0
        columns = [row[1] for row in connection.execute("PRAGMA table_info(answers)")]
        if not _known_schema(version, columns):
            raise _Unusable("not a trainer history")
        return version

    @classmethod
    def _prepare(cls, connection: sqlite3.Connection) -> None:
        """Check the file is a trainer database of this schema, creating it when empty (the
        application id first, while the file has no write-ahead log, so that it is in the
        file's header at once)."""
        version = cls._check(connection)
        if version == 0:
            with connection:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(_schema())
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            _add_tree_table(connection)
            cls._journal(connection)
            return
        if connection.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            with connection:  # a history of an earlier release: say whose file it is
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        if version < SCHEMA_VERSION:
            _migrate(connection)
        _add_tree_table(connection)
        cls._journal(connection)

    @staticmethod
    def _journal(connection: sqlite3.Connection) -> None:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")

    def _put_aside(self, reason: str) -> bool:
        """Rename the unusable trainer database (and its journal files) out of the way; False
        if that failed. Only ever called for a file :func:`identify` says is ours."""
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

    def _read_into_memory(self, error: BaseException) -> sqlite3.Connection:
        """A history that cannot be written: its answers read (read-only) into memory, where
        this session's go too."""
        assert self.path is not None
        path = self.path
        try:
            stored = _connect_read_only(path)
            try:
                version = self._check(stored)
                memory = self._memory()
                stored.backup(memory)
                if 0 < version < SCHEMA_VERSION:
                    _migrate(memory)
                _add_tree_table(memory)
            finally:
                stored.close()
        except (sqlite3.DatabaseError, _Unusable) as reading:
            return self._in_memory(f"the trainer history {path} cannot be written ({error}) "
                                   f"nor read ({reading})")
        self._notice(f"the trainer history {path} cannot be written ({error}): its "
                     f"{memory.execute('SELECT COUNT(*) FROM answers').fetchone()[0]} answers "
                     "are read and this session's answers are kept in memory only")
        self.path = None
        return memory

    def _memory(self) -> sqlite3.Connection:
        connection = sqlite3.connect(":memory:")
        self._prepare(connection)
        return connection

    def _in_memory(self, message: str) -> sqlite3.Connection:
        self._notice(f"{message}; this session's answers are kept in memory only")
        self.path = None
        return self._memory()

    def _notice(self, message: str) -> None:
        logger.info(message)  # the command line and the app show the notices
        self.notices.append(message)

    # -- use ---------------------------------------------------------------------------------

    def add(self, record: AnswerRecord | TreeAnswerRecord) -> None:
        """Store ``record`` (a push/fold answer in ``answers``, a tree answer in
        :data:`TREE_TABLE`) and commit at once. A database that breaks or locks meanwhile is
        handled as at opening, and the record goes to the new one."""
        if not isinstance(record, (AnswerRecord, TreeAnswerRecord)):
            raise InputError(f"record must be an AnswerRecord, got {record!r}")
        if self.read_only:
            raise InputError(f"the trainer history {self.path} was opened read-only")
        columns = record.columns()
        into = "answers" if isinstance(record, AnswerRecord) else TREE_TABLE
        statement = (f"INSERT INTO {into} ({', '.join(columns)}) "
                     f"VALUES ({', '.join('?' * len(columns))})")
        values = [getattr(record, name) for name in columns]
        try:
            with self._connection:
                self._connection.execute(statement, values)
        except sqlite3.DatabaseError as error:
            self._notice(f"could not write to the trainer history {self.path}: {error}")
            self._connection.close()
            if self.path is not None and _is_locked(error):  # its answers read, ours kept
                self._connection = self._read_into_memory(error)
            else:
                self._connection = self._open() if self.path is not None else self._memory()
            try:
                with self._connection:
                    self._connection.execute(statement, values)
            except sqlite3.DatabaseError as again:  # never lose the answer: memory then
                self._connection.close()
                self._connection = self._in_memory(f"the trainer history {self.path} cannot "
                                                   f"be written ({again})")
                with self._connection:
                    self._connection.execute(statement, values)

    def records(self) -> list[AnswerRecord]:
        """Every stored answer, oldest first (a schema-1 history opened read-only: its
        answers with the heads-up values of the newer columns)."""
        stored = {row[1] for row in self._connection.execute("PRAGMA table_info(answers)")}
        columns = tuple(name for name in AnswerRecord.columns() if name in stored)
        flags = [name for name, kind in _column_types().items() if kind == "bool"]
        records = []
        for row in self._connection.execute(
                f"SELECT {', '.join(columns)} FROM answers ORDER BY id"):
            values: dict[str, Any] = dict(zip(columns, row, strict=True))
            values.update((name, bool(values[name])) for name in flags)  # stored as 0/1
            records.append(AnswerRecord(**values))
        return records

    def tree_records(self) -> list[TreeAnswerRecord]:
        """Every stored betting-tree answer, oldest first (none in a history of a release
        before them)."""
        if not _has_tree_table(self._connection):
            return []
        stored = {row[1] for row in self._connection.execute(
            f"PRAGMA table_info({TREE_TABLE})")}
        wanted = TreeAnswerRecord.columns()
        if not set(wanted) <= stored:
            raise InputError(f"the trainer history {self.path}: its tree answers lack "
                             f"{', '.join(sorted(set(wanted) - stored))}")
        flags = [name for name, kind in _column_types(TreeAnswerRecord).items()
                 if kind == "bool"]
        records = []
        for row in self._connection.execute(
                f"SELECT {', '.join(wanted)} FROM {TREE_TABLE} ORDER BY id"):
            values: dict[str, Any] = dict(zip(wanted, row, strict=True))
            values.update((name, bool(values[name])) for name in flags)
            records.append(TreeAnswerRecord(**values))
        return records

    def __len__(self) -> int:
        """The answers stored: push/fold and betting-tree ones."""
        count = int(self._connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
        if _has_tree_table(self._connection):
            count += int(self._connection.execute(
                f"SELECT COUNT(*) FROM {TREE_TABLE}").fetchone()[0])
        return count

    def statistics(self, weak_spots: int = WEAK_SPOTS) -> Statistics:
        """:func:`~omahanash.trainer.stats.summarize` of every stored answer, the push/fold
        and the betting-tree ones (weak spots of both kinds)."""
        return summarize([*self.records(), *self.tree_records()], weak_spots)

    @staticmethod
    def tree_csv_path(path: str | os.PathLike) -> Path:
        """Where an export to ``path`` puts the betting-tree answers: ``-trees`` before the
        suffix.

        >>> History.tree_csv_path("answers.csv").name
        'answers-trees.csv'
        """
        path = Path(path)
        return path.with_name(f"{path.stem}-trees{path.suffix}")

    def export_tree_csv(self, path: str | os.PathLike) -> Path:
        """Write every betting-tree answer to ``path`` as CSV (a header row of the column
        names; ``actions`` is the node's actions as JSON text)."""
        refuse_overwriting_inputs({"path": path}, [self.path] if self.path else [])
        return write_csv(path, TreeAnswerRecord.columns(),
                         (record.as_dict() for record in self.tree_records()))

    def export_csv(self, path: str | os.PathLike) -> Path:
        """Write every answer to ``path`` as CSV (a header row of the column names).

        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> with History(folder / "h.sqlite") as history:
        ...     out = history.export_csv(folder / "h.csv")
        >>> out.read_text().split(",")[:2]
        ['answered_at', 'session']
        """
        refuse_overwriting_inputs({"path": path}, [self.path] if self.path else [])
        return write_csv(path, AnswerRecord.columns(),
                         (record.as_dict() for record in self.records()))

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
