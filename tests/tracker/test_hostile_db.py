"""Hostile rows and bad connections, on the real test server (tests/tracker/conftest.py)."""

from __future__ import annotations

import logging
import subprocess
import sys
from datetime import datetime

import psycopg
import pytest

from omahanash.cli import main
from omahanash.history.review import EXAMPLE_HAND
from omahanash.history.review_progress import ReviewPrinter
from omahanash.history.tracker.review import review_database
from omahanash.history.tracker.source import Filters, open_database
from tests.tracker.conftest import (
    HM2_TABLES,
    PASSWORD,
    SUPERUSER,
    StoredHand,
    _free_port,
    create_hm2,
    create_pt4,
    split_hands,
)

SQL_NAME = "Robert'); DROP TABLE player;--"


def _hand(text: str | bytes, number: str, tournament: str | None = "777") -> StoredHand:
    return StoredHand(text, number, tournament, datetime(2024, 7, 1, 12, int(number) % 60),
                      ["Hero", "Villain"])


def _good(number: str) -> str:
    return EXAMPLE_HAND.replace("PokerStars Hand #1:", f"PokerStars Hand #{number}:")


def test_hostile_rows_are_listed_with_their_ids(pg_server, pg_env, tracker_cache):
    """A SQL_ASCII database (its text holds any byte but NUL) with a 10 MB history, bytes that
    are not UTF-8, another game, an SQL-looking player name and a truncated hand, between good
    hands: each bad row listed as unparsed with its id, the good ones reviewed as alone."""
    huge = _good("902").replace("*** SUMMARY ***", "Hero said, \"" + "x" * (10 << 20) + "\"\n"
                                "*** SUMMARY ***")
    not_utf8 = b"PokerStars Hand #903: \xff\xfe\x80 Hold'em \xc3\x28 No Limit\n\xff\xff\n"
    razz = _good("904").replace("Hold'em No Limit", "Razz Fixed Limit")
    sql = _good("905").replace("Villain", SQL_NAME)
    truncated = _good("906").split("*** HOLE CARDS ***")[0]
    cp1252 = _good("907").replace("Villain", "Jos\u00e9").encode("cp1252")  # read as a file is
    rows = [_hand(_good("901"), "901"), _hand(huge, "902"), _hand(not_utf8, "903"),
            _hand(razz, "904"), _hand(sql, "905"), _hand(truncated, "906"),
            _hand(cp1252, "907"), _hand(_good("908"), "908")]
    ids = create_pt4(pg_server, "hostile", rows, encoding="SQL_ASCII")
    report = review_database(pg_server.url("hostile"), hero="Hero", cache_dir=tracker_cache)
    unparsed = {item.file: item.reason for item in report.unparsed}
    bad = {f"tourney_hand_histories#{ids[k]}" for k in (1, 2, 3, 5)}
    assert set(unparsed) == bad
    assert "longer than 1,048,576" in unparsed[f"tourney_hand_histories#{ids[1]}"]
    assert "unsupported game" in unparsed[f"tourney_hand_histories#{ids[3]}"]
    assert "truncated" in unparsed[f"tourney_hand_histories#{ids[5]}"]
    # the good hands, the SQL-looking name's and the Windows-1252 one: judged as the example
    assert sorted(spot.hand_id for spot in report.spots) == ["901", "905", "907", "908"]
    first = report.spots[0].as_dict()
    assert all({k: v for k, v in spot.as_dict().items() if k not in ("hand_id", "file")}
               == {k: v for k, v in first.items() if k not in ("hand_id", "file")}
               for spot in report.spots)
    with pg_server.admin("hostile") as connection:  # nothing written, nothing dropped
        assert connection.execute("SELECT count(*) FROM player").fetchone()[0] >= 2
        assert connection.execute("SELECT count(*) FROM tourney_hand_histories"
                                  ).fetchone()[0] == len(rows)
    # a hero named like SQL is a bound value too
    sneaky = review_database(pg_server.url("hostile"), hero=SQL_NAME, cache_dir=tracker_cache)
    assert sneaky.hero == SQL_NAME and sneaky.hands == report.hands
    assert "905" in {item.hand_id for item in sneaky.outside}  # its big blind: no decision


def test_nul_bytes(pg_server, pg_env, tracker_cache):
    """PostgreSQL's text holds no NUL byte (the server refuses one in any encoding), so a NUL
    can only come from a bytea column: read as bytes, the row with NULs is unparsed."""
    with pg_server.admin() as connection, pytest.raises(psycopg.Error, match="0x00"):
        connection.execute("SELECT convert_from('\\x41004200'::bytea, 'UTF8')")
    nul = _good("912").replace("Seat 2: Villain", "Seat 2: Vil\0lain\0\0").encode()
    header_nul = b"\0" + _good("913").encode()
    ids = create_hm2(pg_server, "hm2_bytea", [_good("911").encode(), nul, header_nul,
                                              _good("914").encode()], history_type="bytea")
    report = review_database(pg_server.url("hm2_bytea"), hero="Hero", cache_dir=tracker_cache)
    unparsed = {item.file: item.reason for item in report.unparsed}
    assert set(unparsed) == {f"handhistories#{ids[1]}", f"handhistories#{ids[2]}"}
    assert "without a seat" in unparsed[f"handhistories#{ids[1]}"]  # the NUL-named seat
    assert "no hand header" in unparsed[f"handhistories#{ids[2]}"]  # a NUL before it
    assert [spot.hand_id for spot in report.spots] == ["911", "914"]


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == ""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("omahanash review: error: ")
    assert "Traceback" not in err and PASSWORD not in err and "hunter2" not in err
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def small(pg_server):
    create_pt4(pg_server, "small", split_hands()[:4])
    return pg_server.url("small")


def test_bad_connections(pg_server, small, capsys, caplog, monkeypatch, tmp_path):
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    monkeypatch.setenv("PGPASSWORD", "not-" + PASSWORD)  # wrong password
    _one_line_error(*_cli(capsys, "--db", small), "the password was refused", "'small'",
                    f"{pg_server.host}:{pg_server.port}", repr(SUPERUSER))
    url = pg_server.url("small", password="hunter2")  # wrong, in the URL
    _one_line_error(*_cli(capsys, "--db", url), "the password was refused")
    with caplog.at_level(logging.DEBUG):  # --verbose: debug logging, the password in none
        assert _cli(capsys, "--db", url, "--verbose")[0] == 2
        monkeypatch.setenv("PGPASSWORD", PASSWORD)
        assert _cli(capsys, "--db", small, "--verbose", "--hero", "Hero")[0] == 0
        monkeypatch.setenv("PGPASSWORD", "not-" + PASSWORD)
    assert "hunter2" not in caplog.text and PASSWORD not in caplog.text
    monkeypatch.delenv("PGPASSWORD")  # none at all, no terminal to ask at
    _one_line_error(*_cli(capsys, "--db", small), "wants a password")
    monkeypatch.setenv("PGPASSWORD", PASSWORD)
    nobody = f"postgresql://{SUPERUSER}@127.0.0.1:{_free_port()}/small"
    _one_line_error(*_cli(capsys, "--db", nobody), "nothing is listening there")
    pg_server.create_database("empty")
    _one_line_error(*_cli(capsys, "--db", pg_server.url("empty")), "no PokerTracker 4 or "
                    "Hold'em Manager 2 tables")
    _one_line_error(*_cli(capsys, "--db", pg_server.url("empty"), "--tracker", "hm2"),
                    "no Hold'em Manager 2 tables")
    _one_line_error(*_cli(capsys, "--db", pg_server.url("nosuch")), "no such database")
    _one_line_error(*_cli(capsys, "--db", "postgresql://u:hunter2@host/x?nosuch=1"),
                    "not a PostgreSQL URL")
    _one_line_error(*_cli(capsys, "--db", small, "--since", "yesterday"), "--since")
    _one_line_error(*_cli(capsys, "--db", small, "tests/data/history"), "not both")
    _one_line_error(*_cli(capsys, "--tournament", "1", "tests/data/history"), "--db")
    # both trackers' tables: --tracker says which
    create_pt4(pg_server, "both", split_hands()[:2])
    with pg_server.admin("both") as connection:
        connection.execute(HM2_TABLES.format(history_type="text"))
    _one_line_error(*_cli(capsys, "--db", pg_server.url("both")), "--tracker pt4|hm2")
    with open_database(pg_server.url("both"), tracker="hm2") as database:
        assert database.tracker == "hm2" and database.count(Filters()) == 0
    # .pgpass: the password from the file libpq reads
    monkeypatch.delenv("PGPASSWORD")
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"127.0.0.1:{pg_server.port}:*:{SUPERUSER}:{PASSWORD}\n")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    with open_database(small) as database:
        assert database.tracker == "pt4"
    # a prompt (the app's dialog, the terminal): asked once, never kept
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    asked = []
    with open_database(small, ask=lambda target: asked.append(target) or PASSWORD) as database:
        assert database.tables
    assert [target.dbname for target in asked] == ["small"]


@pytest.fixture(scope="module")
def many(pg_server):
    """A PokerTracker 4 database of 1,002 hands."""
    create_pt4(pg_server, "many", split_hands()[:2])
    with pg_server.admin("many") as connection:  # 1,000 more rows like the first
        connection.execute(
            "INSERT INTO tourney_hand_summary (id_site, hand_no, id_tourney, date_played) "
            "SELECT 100, 'x' || n, id_tourney, date_played + n * interval '1 minute' "
            "FROM tourney_hand_summary, generate_series(1, 1000) AS n WHERE id_hand = 1")
        connection.execute(
            "INSERT INTO tourney_hand_histories SELECT s.id_hand, 100, h.history "
            "FROM tourney_hand_summary AS s, tourney_hand_histories AS h "
            "WHERE s.id_hand > 2 AND h.id_hand = 1")
    return pg_server.url("many")


def test_rows_come_through_a_server_side_cursor(pg_server, many, pg_env, tracker_cache):
    """While the rows are read, the review's session fetches from its named cursor, 200 rows
    at a time, in a read-only transaction (a million rows are never held at once)."""
    seen = []

    def progress(done: float, total: float) -> None:
        if not seen and 0 < done < 0.5:
            with pg_server.admin() as admin:
                seen.append(admin.execute(
                    "SELECT query, state FROM pg_stat_activity "
                    "WHERE application_name = 'omahanash review'").fetchall())

    report = review_database(many, hero="Hero", cache_dir=tracker_cache, progress=progress)
    assert report.hands == 1002
    ((query, state),) = seen[0]
    assert query.startswith('FETCH FORWARD 200 FROM "omahanash_hands"')
    assert state == "idle in transaction"


def test_server_gone_mid_read(pg_server, many, pg_env, capsys, monkeypatch, tracker_cache):
    """The server ends the connection after the first rows: one line, exit 2."""

    class Killer(ReviewPrinter):  # the first progress of the reading ends the server process
        killed = False

        def __init__(self, label: str, **options: object) -> None:
            super().__init__(label, quiet=True)  # the error alone on stderr, as the test reads

        def __call__(self, done: float, total: float) -> None:
            if not self.killed and 0 < done < 0.5:
                self.killed = True
                with pg_server.admin() as admin:
                    admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE application_name = 'omahanash review'")
            super().__call__(done, total)

    monkeypatch.setattr("omahanash.commands.review.ReviewPrinter", Killer)
    _one_line_error(*_cli(capsys, "--db", many, "--hero", "Hero",
                          "--cache-dir", str(tracker_cache)),
                    "was lost while reading", "'many'")


def test_without_the_driver(tmp_path):
    """Without psycopg (the tracker extra not installed) files are reviewed as ever and
    --db says how to install the driver, in one line."""
    code = ("import sys; sys.modules['psycopg'] = None\n"
            "from omahanash.cli import main\n"
            "sys.exit(main(['review', '--db', 'postgresql://u@localhost/x']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "pip install 'omahanash[tracker]'" in done.stderr.strip().splitlines()[-1]
