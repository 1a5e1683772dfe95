"""A tracker's database as a source of hands: connect, check, stream.

* **Connecting.** ``url`` is a PostgreSQL URL (``postgresql://postgres@localhost:5432/PT4%20DB``)
  or a libpq connection string (``host=localhost dbname='PT4 DB' user=postgres``). The password
  comes from ``PGPASSWORD`` or a ``.pgpass`` file (libpq reads both), or from ``ask`` (the
  command line's prompt, the app's dialog) when the server wants one and neither has it. A
  failed connection is one :class:`~omahanash.errors.InputError` naming the host, port,
  database and user, never the password (any text that could hold it is not repeated).
* **Read-only.** The session is ``read_only`` (every transaction is ``BEGIN READ ONLY``: the
  server refuses any write) and only the constant queries of
  :mod:`~omahanash.history.tracker.schema` run, their values bound by the driver.
* **Streamed.** The hands come through a server-side (named) cursor, :data:`FETCH_ROWS` rows
  at a time, so a database of a million hands is never in memory at once. Each row's text is
  read as bytes and decoded as a file's lines are (:class:`~omahanash.history.textlines.
  LineReader`: UTF-8, else Windows-1252; over-long lines cut), then read by the PokerStars
  reader: a row becomes its hands, or :class:`~omahanash.history.hands.Unparsed` entries named
  ``TABLE#ID`` (the row's id) with the reason. A server that goes away mid-read is one
  :class:`~omahanash.errors.InputError`.

The driver is psycopg 3 (``pip install 'omahanash[tracker]'``); without it, connecting says
how to install it.
"""

from __future__ import annotations

import contextlib
import getpass
import io
import logging
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.history.hands import Hand, Unparsed
from omahanash.history.pokerstars import read_pokerstars_lines
from omahanash.history.textlines import LineReader
from omahanash.history.tracker import schema

try:  # the "tracker" extra: a plain file review never needs the driver
    import psycopg
    from psycopg.adapt import Loader
    from psycopg.conninfo import conninfo_to_dict, make_conninfo
except ImportError:  # pragma: no cover - the extra is installed in the tests
    psycopg = None  # type: ignore[assignment]
    Loader = object  # type: ignore[assignment,misc]

logger = logging.getLogger(__name__)

#: A row read: (table, id, length of the text in bytes, the text or None, the tournament).
Row = tuple[str, int, int, bytes | None, str | None]
#: Rows fetched from the server-side cursor at a time.
FETCH_ROWS = 200
#: ``--game`` names and the variants they select.
GAMES = {"holdem": Variant.HOLDEM, "omaha": Variant.OMAHA_HI, "omaha-hilo": Variant.OMAHA_HILO}
ARGUMENT = "--db"
NOT_A_HAND = "not a PokerStars hand history (no hand header in the row)"
INSTALL = "pip install 'omahanash[tracker]'"


class _BytesLoader(Loader):
    """Text columns as the bytes the server sent: decoded here as a file is."""

    def load(self, data: Any) -> bytes:
        return bytes(data)


@dataclass(frozen=True)
class Filters:
    """Which hands to read: one tournament (the site's number), a date range (``until``
    included), a game, at most ``limit`` hands (None: no bound).

    >>> Filters.parse(since="2024-05-01", until="2024-05-02", game="omaha").until_exclusive()
    datetime.date(2024, 5, 3)
    >>> Filters.parse(limit=0)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --limit must be >= 1, got 0
    """

    tournament: str | None = None
    since: date | None = None
    until: date | None = None
    game: Variant | None = None
    limit: int | None = None

    @classmethod
    def parse(cls, tournament: str | None = None, since: str | date | None = None,
              until: str | date | None = None, game: str | None = None,
              limit: int | None = None) -> Filters:
        """The filters as typed (``--since 2024-05-01``), each checked."""
        first, last = _date("--since", since), _date("--until", until)
        if first is not None and last is not None and last < first:
            raise InputError.naming("--until", f"--until {last} is before --since {first}")
        if game is not None and str(game).lower() not in GAMES:
            raise InputError.naming("--game", f"--game must be one of {', '.join(GAMES)}, "
                                    f"got {game!r}")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise InputError.naming("--limit", f"--limit must be >= 1, got {limit!r}")
        number = None if tournament is None else str(tournament).strip().lstrip("#")
        if number is not None and not number:
            raise InputError.naming("--tournament", "--tournament needs a tournament number")
        return cls(number, first, last, None if game is None else GAMES[str(game).lower()],
                   limit)

    def until_exclusive(self) -> date | None:
        return None if self.until is None else self.until + timedelta(days=1)

    def params(self) -> dict[str, Any]:
        """The queries' bound parameters."""
        return {"since": self.since, "until": self.until_exclusive(),
                "tournament": self.tournament, "max_bytes": schema.MAX_HISTORY_BYTES}


def _date(option: str, value: str | date | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError.naming(option, f"{option} must be a date YYYY-MM-DD, got {value!r}") \
            from None


@dataclass(frozen=True)
class Target:
    """Where the database is, as said in messages (never the password)."""

    host: str
    port: str
    dbname: str
    user: str

    def describe(self) -> str:
        """``database 'PT4 DB' on localhost:5432 as user 'postgres'``."""
        return f"database {self.dbname!r} on {self.host}:{self.port} as user {self.user!r}"


def target_of(url: str) -> Target:
    """The host, port, database and user ``url`` names (libpq's defaults for the others).

    >>> target_of("postgresql://postgres:hunter2@localhost/PT4%20DB").describe()
    "database 'PT4 DB' on localhost:5432 as user 'postgres'"
    """
    parts = _conninfo(url)
    user = parts.get("user") or os.environ.get("PGUSER") or _login()
    host = parts.get("host") or os.environ.get("PGHOST") or "localhost"
    port = parts.get("port") or os.environ.get("PGPORT") or "5432"
    dbname = parts.get("dbname") or os.environ.get("PGDATABASE") or user
    return Target(str(host), str(port), str(dbname), str(user))


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "postgres"


def _conninfo(url: str) -> dict[str, Any]:
    _need_driver()
    if not isinstance(url, str) or not url.strip():
        raise InputError.naming(ARGUMENT, "--db needs a PostgreSQL URL, e.g. "
                                "postgresql://postgres@localhost:5432/PT4%20DB")
    try:
        return dict(conninfo_to_dict(url))
    except psycopg.Error:  # libpq's message repeats the string, which may hold a password
        raise InputError.naming(ARGUMENT, "--db is not a PostgreSQL URL or connection string "
                                "(postgresql://USER@HOST:PORT/DATABASE)") from None


def connection_url(host: str, port: int | str, dbname: str, user: str) -> str:
    """A connection string for these (the app's dialog), quoted as libpq wants.

    >>> connection_url("localhost", 5432, "PT4 DB", "postgres")
    "host=localhost port=5432 dbname='PT4 DB' user=postgres"
    """
    _need_driver()
    return make_conninfo(host=host, port=str(port), dbname=dbname, user=user)


def _need_driver() -> None:
    if psycopg is None:
        raise InputError.naming(ARGUMENT, "reading a tracker's database needs the PostgreSQL "
                                f"driver: {INSTALL}")


def _why(error: Exception, secrets: tuple[str, ...]) -> str:
    """A failed connection's reason in a few words (libpq's message, the password never)."""
    text = str(error)
    low = text.lower()
    if "password authentication failed" in low:
        return "the password was refused"
    if "no password supplied" in low or "password is required" in low:
        return ("the server wants a password: set PGPASSWORD, put it in a .pgpass file or "
                "type it when asked")
    if "does not exist" in low and "database" in low:
        return "there is no such database"
    if "does not exist" in low and "role" in low:
        return "there is no such user"
    if "connection refused" in low or "no such file or directory" in low \
            or "could not connect" in low and "refused" in low:
        return "nothing is listening there (is PostgreSQL running?)"
    if "timeout" in low or "timed out" in low:
        return "the server did not answer in time"
    if "could not translate host name" in low or "name or service not known" in low:
        return "no such host"
    first = next((line.strip() for line in text.splitlines() if line.strip()), type(error).__name__)
    for secret in secrets:
        if secret:
            first = first.replace(secret, "***")
    return first.removeprefix("connection failed: ")


@dataclass
class TrackerDatabase:
    """An open, read-only connection to a tracker's database (a context manager)."""

    connection: Any
    target: Target
    tracker: str
    tables: set[str] = field(default_factory=set)

    def __enter__(self) -> TrackerDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.connection.close()
        except psycopg.Error:  # already gone
            pass

    @property
    def name(self) -> str:
        return schema.TRACKERS[self.tracker]

    def hero(self, filters: Filters) -> tuple[str, int] | None:
        """The player the tracker marks as the hero (PokerTracker 4: ``flg_hero``) and in how
        many hands, None when it marks none."""
        query = schema.hero_query(self.tables) if self.tracker == "pt4" else None
        if query is None:
            return None
        row = self._execute(query, {"tournament": filters.tournament}).fetchone()
        return None if row is None else (_text(row[0]), int(row[1]))

    def count(self, filters: Filters) -> int:
        """How many rows the filters select (before ``game`` and ``limit``)."""
        total = 0
        for query in schema.hand_queries(self.tracker, self.tables):
            row = self._execute(query.count, filters.params()).fetchone()
            total += int(row[0]) if row is not None else 0
        return total

    def rows(self, filters: Filters) -> Generator[Row, None, None]:
        """``(table, id, bytes, text or None, tournament)`` of every selected row, in order
        (tournaments, then cash games; by date), through a server-side cursor."""
        for query in schema.hand_queries(self.tracker, self.tables):
            cursor = self.connection.cursor(name="omahanash_hands")
            try:
                for kind in ("text", "varchar", "bpchar"):
                    cursor.adapters.register_loader(kind, _BytesLoader)
                cursor.itersize = FETCH_ROWS
                cursor.execute(query.rows, filters.params())
                for key, size, text, tournament in cursor:
                    yield (query.table, int(key), int(size or 0),
                           None if text is None else bytes(text),
                           None if tournament is None else _text(tournament))
            except psycopg.Error as error:
                raise self._lost(error) from None
            finally:  # also when the reader stops early (a limit, a Stop, a lost server)
                with contextlib.suppress(psycopg.Error):
                    cursor.close()

    def _execute(self, query: str, params: dict[str, Any]) -> Any:
        try:
            return self.connection.execute(query, params)
        except psycopg.Error as error:
            raise self._lost(error) from None

    def _lost(self, error: Exception) -> InputError:
        if isinstance(error, psycopg.OperationalError) or self.connection.closed:
            why = _why(error, ())
            return InputError.naming(ARGUMENT, f"the connection to {self.target.describe()} "
                                     f"was lost while reading: {why}")
        first = next((line for line in str(error).splitlines() if line.strip()), "")
        return InputError.naming(ARGUMENT, f"cannot read the hands of {self.target.describe()} "
                                 f"as a {self.name} database: {first}")


def _text(value: object) -> str:
    """A text value (bytes in a SQL_ASCII database) as str: UTF-8, else Windows-1252."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("cp1252", errors="replace")
    return str(value)


def open_database(url: str, tracker: str | None = None,
                  password: str | None = None,
                  ask: Callable[[Target], str | None] | None = None,
                  connect_timeout: int = 10) -> TrackerDatabase:
    """Connect to the database at ``url`` read-only and tell its tracker (``tracker``: ``pt4``
    or ``hm2`` to say it); every failure is one :class:`InputError` (``argument="--db"``) that
    names the host, port, database and user but never the password."""
    if tracker is not None and tracker not in schema.TRACKERS:
        raise InputError.naming("--tracker", f"--tracker must be pt4 or hm2, got {tracker!r}")
    parts = _conninfo(url)
    target = target_of(url)
    secrets: tuple[str, ...] = tuple(s for s in (parts.get("password"), password) if s)

    def connect(secret: str | None) -> Any:
        return psycopg.connect(url, connect_timeout=connect_timeout,
                               application_name="omahanash review", password=secret or None)

    try:
        try:
            connection = connect(password)
        except psycopg.OperationalError as error:
            low = str(error).lower()
            wanted = "no password supplied" in low or "password is required" in low
            typed = ask(target) if wanted and ask is not None and not password else None
            if not typed:
                raise
            secrets += (typed,)
            connection = connect(typed)
    except psycopg.Error as error:
        raise InputError.naming(ARGUMENT, f"cannot connect to {target.describe()}: "
                                f"{_why(error, secrets)}") from None
    connection.read_only = True  # every transaction BEGIN READ ONLY: no write is possible
    database = TrackerDatabase(connection, target, tracker or "pt4")
    try:
        found = database._execute(schema.TABLES_PRESENT,
                                  {"names": list(schema.KNOWN_TABLES)}).fetchall()
        database.tables = {_text(row[0]) for row in found}
        database.tracker = tracker or schema.detect(database.tables) or "pt4"
        if not database.tables & set(schema.marker_tables(database.tracker)):
            looked = ", ".join(schema.marker_tables(database.tracker) if tracker else
                               [t for name in schema.TRACKERS
                                for t in schema.marker_tables(name)])
            what = schema.TRACKERS[tracker] if tracker else \
                "PokerTracker 4 or Hold'em Manager 2"
            raise InputError.naming(ARGUMENT, f"{target.describe()} has no {what} tables "
                                    f"(looked for {looked})")
    except BaseException:
        database.close()
        raise
    return database


def read_rows(rows: Iterable[Row],
              filters: Filters, seen: Callable[[str, int, str | None], None] | None = None,
              tournament_in_text: bool = False) -> Iterator[Hand | Unparsed]:
    """The hands of the rows (see the module), filtered by game (and, with
    ``tournament_in_text``, by the tournament number the text says: Hold'em Manager 2) and
    counted to ``filters.limit`` (hands and unparsed rows alike); ``seen(table, id,
    tournament)`` is called once per row used.

    >>> from omahanash.history.review import EXAMPLE_HAND
    >>> text = EXAMPLE_HAND.encode()
    >>> [type(item).__name__ for item in read_rows([("t", 1, len(text), text, None),
    ...                                             ("t", 2, 9, b"hello", None)], Filters())]
    ['Hand', 'Unparsed']
    """
    used = 0
    for table, key, size, data, tournament in rows:
        if filters.limit is not None and used >= filters.limit:
            return
        source = f"{table}#{key}"
        if data is None:
            items: list[Hand | Unparsed] = [Unparsed(
                source, 1, f"the hand text is {size:,} bytes, longer than "
                f"{schema.MAX_HISTORY_BYTES:,} (not a hand history)")]
        else:
            items = list(read_pokerstars_lines(LineReader(io.BytesIO(data), source), source))
            if not items:
                items = [Unparsed(source, 1, NOT_A_HAND)]
        if filters.game is not None:
            items = [item for item in items
                     if isinstance(item, Unparsed) or item.variant == filters.game]
        if filters.tournament is not None and tournament_in_text:
            items = [item for item in items if isinstance(item, Unparsed)
                     or item.tournament_id == filters.tournament]
        if not items:
            continue
        used += 1
        if seen is not None:
            hand = next((item for item in items if isinstance(item, Hand)), None)
            seen(table, key, tournament or (hand.tournament_id if hand is not None else None))
        yield from items
