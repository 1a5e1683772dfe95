"""A real PostgreSQL server for the tracker tests (never a mock), and trackers' databases on it.

The server is Debian's ``postgresql`` package (``apt-get install -y postgresql``; ``.ci/run``
installs it when ``initdb`` is missing): its binaries are found in ``$OMAHANASH_PG_BIN``, on
the ``PATH`` or under ``/usr/lib/postgresql/*/bin`` (the newest), and without them the tests
fail saying how to install them. One server per test session: ``initdb`` on a fresh temporary
folder, ``postgres`` on a free port of 127.0.0.1 (password logins, scram-sha-256) with its
unix socket in that folder, stopped and removed at the end. PostgreSQL refuses to run as
root: as root the server runs as the ``postgres`` system user (else ``nobody``) through
``runuser`` (else ``setpriv``), the folder given to that user.

The databases: :func:`create_pt4` makes PokerTracker 4's tables (``tourney_hand_histories``,
``cash_hand_histories``, the hand and tournament summaries, ``player``, the per-hand
statistics with ``flg_hero``, ``lookup_sites``) and :func:`create_hm2` Hold'em Manager 2's
(``handhistories`` with ``handhistory``, ``pokerhands``, ``players``), with the columns the
importer reads and some others a real database has; :func:`split_hands` cuts the test data's
PokerStars files into the hands a tracker stores one per row.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import load_table
from omahanash.hands import parse_class

DATA = Path(__file__).resolve().parents[1] / "data"
#: The PokerStars files loaded into the databases (the review's test data and this one's).
HAND_FILES = sorted((DATA / "history").glob("ps_*.txt")) + sorted((DATA / "tracker").glob("*.txt"))
SUPERUSER = "tracker_admin"
#: The test server's password (a test server's only; the tests check it is never printed).
PASSWORD = "Pa55-w0rd-xyzzy-7431"
INSTALL = ("PostgreSQL's server binaries (initdb, pg_ctl, postgres) were not found: install "
           "Debian's postgresql package (sudo apt-get install -y postgresql; .ci/run does it) "
           "or set OMAHANASH_PG_BIN to the folder that holds them")
SUBSET_HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
                "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc", "9s 8s 7h 2c", "Kc Kd 8s 3h",
                "As 2s Th 4d", "Td 9c 5h 3s"]


def server_bin() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``, or None."""
    candidates = [os.environ.get("OMAHANASH_PG_BIN", "")]
    found = shutil.which("initdb")
    candidates.append(str(Path(found).parent) if found else "")

    def version(path: str) -> tuple[int, ...]:
        number = re.search(r"postgresql/(\d+)", path)
        return (int(number.group(1)),) if number else (0,)

    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
    for folder in candidates:
        if folder and all((Path(folder) / name).is_file() for name in
                          ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_user() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a program as an unprivileged user (root only), with the
    user's uid and gid (None when not root)."""
    if os.geteuid() != 0:
        return [], None, None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        if shutil.which("runuser"):
            return ["runuser", "-u", name, "--"], entry.pw_uid, entry.pw_gid
        if shutil.which("setpriv"):
            return ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}",
                    "--clear-groups", "--"], entry.pw_uid, entry.pw_gid
    pytest.fail("running as root with neither runuser nor setpriv, or no postgres/nobody "
                "user: PostgreSQL refuses to run as root", pytrace=False)


@dataclass
class Server:
    """The running test server."""

    host: str
    port: int
    folder: Path

    def url(self, dbname: str = "postgres", user: str = SUPERUSER,
            password: str | None = None) -> str:
        secret = f":{quote(password, safe='')}" if password else ""
        return f"postgresql://{quote(user, safe='')}{secret}@{self.host}:{self.port}/" \
            f"{quote(dbname, safe='')}"

    def admin(self, dbname: str = "postgres") -> psycopg.Connection:
        return psycopg.connect(self.url(dbname, password=PASSWORD), autocommit=True)

    def create_database(self, name: str, encoding: str = "UTF8") -> None:
        with self.admin() as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
            connection.execute(f"CREATE DATABASE \"{name}\" ENCODING '{encoding}' "
                               "LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A PostgreSQL server of this test session (see the module)."""
    binaries = server_bin()
    if binaries is None:
        pytest.fail(INSTALL, pytrace=False)
    prefix, uid, gid = _as_user()
    folder = Path(tempfile.mkdtemp(prefix="omahanash-pg-"))
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir()
    (folder / "password").write_text(PASSWORD + "\n")
    if uid is not None:
        for path in (folder, sockets, folder / "password"):
            os.chown(path, uid, gid)
    run = dict(capture_output=True, text=True, timeout=120, cwd=folder)
    made = subprocess.run(prefix + [str(binaries / "initdb"), "-D", str(data), "-U", SUPERUSER,
                                    f"--pwfile={folder / 'password'}", "-E", "UTF8",
                                    "--locale=C", "--auth-host=scram-sha-256",
                                    "--auth-local=trust", "--no-sync"], **run)
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"initdb failed: {made.stderr.strip()[-2000:]}", pytrace=False)
    log = folder / "server.log"
    started = None
    for _ in range(3):  # a free port can be taken between the probe and the start
        port = _free_port()
        options = (f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off")
        started = subprocess.run(prefix + [str(binaries / "pg_ctl"), "-D", str(data), "-l",
                                           str(log), "-w", "-t", "60", "-o", options,
                                           "start"], **run)
        if started.returncode == 0:
            break
    if started is None or started.returncode != 0:
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"the PostgreSQL test server did not start: {tail}", pytrace=False)
    try:
        yield Server("127.0.0.1", port, folder)
    finally:
        subprocess.run(prefix + [str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                 "-w", "stop"], **run)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The password in PGPASSWORD (as a user sets it), no .pgpass of the machine's."""
    monkeypatch.setenv("PGPASSWORD", PASSWORD)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    monkeypatch.delenv("PGSERVICE", raising=False)


@pytest.fixture(scope="session")
def tracker_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache with a 12-class Omaha Hi table (the full one is not built in CI)."""
    cache = tmp_path_factory.mktemp("tracker-cache")
    build_table("omaha-hi", samples=32, seed=7, cache_dir=cache,
                class_ids=sorted(parse_class(hand, "omaha") for hand in SUBSET_HANDS))
    return cache


@pytest.fixture(scope="session")
def tracker_tables(tracker_cache: Path) -> dict:
    """The reviews' tables: the 12-class Omaha Hi table (Hold'em's is loaded as usual)."""
    return {"omaha-hi": load_table("omaha-hi", tracker_cache, sorted(
        parse_class(hand, "omaha") for hand in SUBSET_HANDS))}


# -- hand texts as trackers store them ------------------------------------------------------

_HEADER = re.compile(r"^\ufeff?PokerStars (?:Hand|Game) #(\d+)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_DATE = re.compile(r"(\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2})")
_SEAT = re.compile(r"^Seat \d+: (.+?) \((?:[$€£]?[\d.,]+) in chips")


@dataclass
class StoredHand:
    text: str | bytes
    hand_no: str
    tournament: str | None
    played: datetime
    players: list[str]


def split_hands(paths: list[Path] = HAND_FILES) -> list[StoredHand]:
    """Every hand of the files, cut at its header line (the text as a tracker keeps it)."""
    hands: list[StoredHand] = []
    for path in paths:
        block: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines() + ["PokerStars Hand #0"]:
            if _HEADER.match(line) and block:
                text = "\n".join(block).strip().lstrip("\ufeff") + "\n"
                head = block[0].lstrip("\ufeff")
                number = _HEADER.match(head)
                tournament = _TOURNAMENT.search(head)
                played = _DATE.search(head)
                hands.append(StoredHand(
                    text, number.group(1) if number else "0",
                    tournament.group(1) if tournament else None,
                    datetime.strptime(played.group(1), "%Y/%m/%d %H:%M:%S") if played
                    else datetime(2020, 1, 1) + (len(hands) * (datetime(2020, 1, 2)
                                                               - datetime(2020, 1, 1))),
                    [m.group(1) for m in map(_SEAT.match, block) if m]))
                block = []
            block.append(line)
    return hands


PT4_TABLES = """
CREATE TABLE lookup_sites (id_site smallint PRIMARY KEY, site_name varchar(50) NOT NULL,
    site_abbrev varchar(10));
CREATE TABLE player (id_player serial PRIMARY KEY, id_site smallint NOT NULL,
    player_name varchar(50) NOT NULL, player_name_search varchar(50), id_player_alias integer,
    flg_note boolean DEFAULT false, flg_tag boolean DEFAULT false);
CREATE TABLE tourney_summary (id_tourney serial PRIMARY KEY, id_site smallint NOT NULL,
    tourney_no varchar(50) NOT NULL, date_start timestamp, cnt_players integer,
    amt_buyin numeric, amt_fee numeric, id_table_type integer);
CREATE TABLE tourney_hand_summary (id_hand serial PRIMARY KEY, id_site smallint NOT NULL,
    hand_no varchar(50) NOT NULL, id_tourney integer REFERENCES tourney_summary,
    date_played timestamp NOT NULL, id_gametype integer, cnt_players smallint,
    amt_pot numeric, str_aggressors_p varchar(40));
CREATE TABLE tourney_hand_histories (id_hand integer PRIMARY KEY
    REFERENCES tourney_hand_summary, id_site smallint NOT NULL, history text NOT NULL);
CREATE TABLE tourney_hand_player_statistics (id_hand integer NOT NULL, id_player integer
    NOT NULL, id_tourney integer, id_gametype integer, date_played timestamp,
    flg_hero boolean NOT NULL DEFAULT false, position smallint, amt_won numeric,
    amt_before numeric, PRIMARY KEY (id_hand, id_player));
CREATE TABLE cash_hand_summary (id_hand serial PRIMARY KEY, id_site smallint NOT NULL,
    hand_no varchar(50) NOT NULL, id_limit integer, date_played timestamp NOT NULL,
    cnt_players smallint, amt_pot numeric);
CREATE TABLE cash_hand_histories (id_hand integer PRIMARY KEY REFERENCES cash_hand_summary,
    id_site smallint NOT NULL, history text NOT NULL);
CREATE TABLE cash_hand_player_statistics (id_hand integer NOT NULL, id_player integer
    NOT NULL, id_limit integer, date_played timestamp, flg_hero boolean NOT NULL DEFAULT false,
    amt_won numeric, PRIMARY KEY (id_hand, id_player));
INSERT INTO lookup_sites VALUES (100, 'PokerStars', 'PS');
"""

HM2_TABLES = """
CREATE TABLE players (player_id serial PRIMARY KEY, pokersite_id smallint NOT NULL,
    playername varchar(100) NOT NULL, cashhands integer, tourneyhands integer);
CREATE TABLE pokerhands (pokerhand_id serial PRIMARY KEY, pokersite_id smallint NOT NULL,
    gamenumber bigint NOT NULL, handtimestamp timestamp NOT NULL, gametype_id integer,
    numberofplayers smallint);
CREATE TABLE handhistories (handhistory_id serial PRIMARY KEY, pokerhand_id integer NOT NULL
    REFERENCES pokerhands, pokersite_id smallint NOT NULL, gamenumber bigint NOT NULL,
    handtimestamp timestamp NOT NULL, handhistory {history_type} NOT NULL);
"""


def create_pt4(server: Server, name: str, hands: list[StoredHand], hero: str | None = "Hero",
               encoding: str = "UTF8") -> list[int]:
    """A PokerTracker 4 database ``name`` holding ``hands`` (tournament hands in
    ``tourney_hand_histories``, the others in ``cash_hand_histories``), ``hero`` marked
    ``flg_hero``; the ids of the rows, in the order of ``hands``."""
    server.create_database(name, encoding)
    ids: list[int] = []
    with server.admin(name) as connection:
        connection.execute(PT4_TABLES)
        players: dict[str, int] = {}
        tourneys: dict[str, int] = {}
        for stored in hands:
            for player in stored.players:
                if player not in players:
                    players[player] = connection.execute(
                        "INSERT INTO player (id_site, player_name, player_name_search) "
                        "VALUES (100, %s, lower(%s)) RETURNING id_player",
                        (player, player)).fetchone()[0]
            if stored.tournament is not None:
                if stored.tournament not in tourneys:
                    tourneys[stored.tournament] = connection.execute(
                        "INSERT INTO tourney_summary (id_site, tourney_no, date_start) VALUES "
                        "(100, %s, %s) RETURNING id_tourney",
                        (stored.tournament, stored.played)).fetchone()[0]
                key = connection.execute(
                    "INSERT INTO tourney_hand_summary (id_site, hand_no, id_tourney, "
                    "date_played, cnt_players) VALUES (100, %s, %s, %s, %s) RETURNING id_hand",
                    (stored.hand_no, tourneys[stored.tournament], stored.played,
                     len(stored.players))).fetchone()[0]
                connection.execute("INSERT INTO tourney_hand_histories VALUES "
                                   "(%s, 100, convert_from(%s, %s))",
                                   (key, _raw(stored.text), encoding))
                table = "tourney_hand_player_statistics"
                extra = (tourneys[stored.tournament],)
            else:
                key = connection.execute(
                    "INSERT INTO cash_hand_summary (id_site, hand_no, date_played, "
                    "cnt_players) VALUES (100, %s, %s, %s) RETURNING id_hand",
                    (stored.hand_no, stored.played, len(stored.players))).fetchone()[0]
                connection.execute("INSERT INTO cash_hand_histories VALUES "
                                   "(%s, 100, convert_from(%s, %s))",
                                   (key, _raw(stored.text), encoding))
                table = "cash_hand_player_statistics"
                extra = ()
            for player in dict.fromkeys(stored.players):
                columns = "id_hand, id_player, flg_hero" + (", id_tourney" if extra else "")
                marks = "%s, %s, %s" + (", %s" if extra else "")
                connection.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                                   (key, players[player], player == hero, *extra))
            ids.append(int(key))
    return ids


def _raw(text: str | bytes) -> bytes:
    """A history's bytes: inserted as they are (``convert_from(bytes, encoding)``; a SQL_ASCII
    database keeps bytes that are not UTF-8)."""
    return text if isinstance(text, bytes) else text.encode()


def create_hm2(server: Server, name: str, hands: list[StoredHand | bytes],
               history_type: str = "text", encoding: str = "UTF8") -> list[int]:
    """A Hold'em Manager 2 database ``name`` holding ``hands`` (``bytes``: a raw history);
    the ``pokerhand_id`` of each, in order."""
    server.create_database(name, encoding)
    ids: list[int] = []
    with server.admin(name) as connection:
        connection.execute(HM2_TABLES.format(history_type=history_type))
        for number, stored in enumerate(hands):
            played = stored.played if isinstance(stored, StoredHand) else datetime(2024, 7, 1)
            key = connection.execute(
                "INSERT INTO pokerhands (pokersite_id, gamenumber, handtimestamp) VALUES "
                "(2, %s, %s) RETURNING pokerhand_id", (number + 1, played)).fetchone()[0]
            text: str | bytes = stored.text if isinstance(stored, StoredHand) else stored
            value = text.encode() if history_type == "bytea" and isinstance(text, str) else text
            connection.execute("INSERT INTO handhistories (pokerhand_id, pokersite_id, "
                               "gamenumber, handtimestamp, handhistory) VALUES "
                               "(%s, 2, %s, %s, %s)", (key, number + 1, played, value))
            ids.append(int(key))
    return ids
