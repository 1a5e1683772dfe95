"""``review --db`` on a real PostgreSQL server (tests/tracker/conftest.py): the same report as
the files, the filters, the whole-tournament report, read-only, Stop."""

from __future__ import annotations

import json
import re

import psycopg
import pytest

from omahanash.cli import main
from omahanash.history import Hand, read_hands, review
from omahanash.history.grading import bootstrap_interval
from omahanash.history.tracker.review import review_database
from omahanash.history.tracker.source import Filters, open_database
from omahanash.runs import CancelFlag
from tests.tracker.conftest import HAND_FILES, create_hm2, create_pt4, split_hands


def _comparable(report) -> dict:
    """A report without where its hands came from (a file and line, a row), and without the
    grade's bootstrap interval, which depends on the order of the spots (files: the files'
    order; a database: the order played); see :func:`_same_interval`."""
    summary = report.summary()
    summary.pop("unparsed")
    summary.pop("grade_interval")
    spots = sorted(({k: v for k, v in spot.as_dict().items() if k not in ("file", "line")}
                    for spot in report.spots), key=lambda spot: spot["hand_id"])
    outside = sorted((item.hand_id, item.reason) for item in report.outside)
    unparsed = sorted(re.sub(r"line \d+", "line N", item.reason) for item in report.unparsed)
    return {"summary": summary, "spots": spots, "outside": outside, "unparsed": unparsed}


@pytest.fixture(scope="module")
def stored():
    return split_hands()


@pytest.fixture(scope="module")
def pt4(pg_server, stored):
    ids = create_pt4(pg_server, "PT4 DB", stored)
    return pg_server.url("PT4 DB"), ids


@pytest.fixture(scope="module")
def files_report(tracker_cache, tracker_tables):
    return review(HAND_FILES, hero="Hero", cache_dir=tracker_cache, tables=tracker_tables)


def test_pt4_gives_the_files_report(pt4, files_report, tracker_cache, tracker_tables, stored,
                                    pg_env):
    url, ids = pt4
    # the hero: PokerTracker 4's flg_hero
    report = review_database(url, cache_dir=tracker_cache, tables=tracker_tables)
    assert report.hero == "Hero" and "flg_hero" in report.hero_note
    assert report.hands == files_report.hands > 15 and len(report.spots) >= 6
    assert _comparable(report) == _comparable(files_report)
    # the spots in the order played (tournaments, then cash games; by date), each named by
    # its row
    order = {hand.hand_no: k for k, hand in enumerate(sorted(
        stored, key=lambda h: (h.tournament is None, h.played)))}
    assert [order[spot.hand_id] for spot in report.spots] == \
        sorted(order[spot.hand_id] for spot in report.spots)
    # the grade's interval: the files' spots' bootstrap, taken in the order played
    played = sorted(files_report.spots, key=lambda spot: order[spot.hand_id])
    assert report.grade_interval == bootstrap_interval([spot.ev_lost_bb for spot in played])
    assert all(re.fullmatch(r"(tourney|cash)_hand_histories#\d+", spot.file)
               for spot in report.spots)
    # the rows that are not hands are listed with their id
    truncated = [item for item in report.unparsed if "truncated" in item.reason]
    assert len(truncated) == 1 and truncated[0].file.startswith("tourney_hand_histories#")


def test_hm2_gives_the_files_report(pg_server, stored, files_report, tracker_cache,
                                    tracker_tables, pg_env):
    create_hm2(pg_server, "hm2", stored)
    report = review_database(pg_server.url("hm2"), cache_dir=tracker_cache,
                             tables=tracker_tables)
    assert report.hero == "Hero" and "dealt cards in" in report.hero_note  # counted
    assert _comparable(report) == _comparable(files_report)
    order = {hand.hand_no: k for k, hand in enumerate(sorted(stored, key=lambda h: h.played))}
    assert [order[spot.hand_id] for spot in report.spots] == \
        sorted(order[spot.hand_id] for spot in report.spots)  # by date, whatever the game
    played = sorted(files_report.spots, key=lambda spot: order[spot.hand_id])
    assert report.grade_interval == bootstrap_interval([spot.ev_lost_bb for spot in played])
    assert all(spot.file.startswith("handhistories#") for spot in report.spots)


def test_the_whole_tournament_report(pt4, files_report, tracker_cache, tracker_tables,
                                     tmp_path, pg_env, capsys):
    url, _ = pt4
    report = review_database(url, filters=Filters.parse(tournament="4100000001"),
                             cache_dir=tracker_cache, tables=tracker_tables)
    assert report.hands == 2
    (tournament,) = report.tournaments
    by_hand = {spot.hand_id: spot for spot in files_report.spots}
    assert tournament.tournament == "4100000001"
    assert [spot.hand_id for spot in tournament.spots] == ["410001", "410002"]  # as played
    assert tournament.ev_lost_bb == pytest.approx(by_hand["410001"].ev_lost_bb
                                                  + by_hand["410002"].ev_lost_bb)
    assert tournament.ev_lost_bb > 5 and tournament.grade == "F"  # two blunders
    assert [spot.hand_id for spot in tournament.costliest()] == ["410001", "410002"]
    assert tournament.ev_lost_pool_pct is None  # heads-up between the blinds: chip EV
    # pot-limit Omaha at 3 bb (a pot raise is all in), on the small Omaha table
    omaha = review_database(url, filters=Filters.parse(tournament="4100000002"),
                            cache_dir=tracker_cache, tables=tracker_tables)
    (plo,) = omaha.tournaments
    assert [spot.hand_id for spot in plo.spots] == ["410101", "410102", "410103"]
    assert plo.as_dict()["ev_lost_bb"] == pytest.approx(
        sum(by_hand[h].ev_lost_bb for h in ("410101", "410102", "410103")), abs=1e-5)
    assert plo.grade == files_report.__class__(hero="Hero", spots=plo.spots).grade
    # the command line: text, JSON and the HTML section (it loads the full Omaha table, not
    # built here: the Omaha tournament's hands are outside the model there)
    page = tmp_path / "review.html"
    assert main(["review", "--db", url, "--cache-dir", str(tracker_cache),
                 "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert "tournament #4100000001: 2 decisions, EV lost " \
        f"{tournament.ev_lost_bb:.3f} bb, prize equity -, grade F" in text
    assert f"costliest: #410001 {by_hand['410001'].ev_lost_bb:.3f} bb, #410002 " \
        f"{by_hand['410002'].ev_lost_bb:.3f} bb" in text, text
    html = page.read_text()
    full = review_database(url, cache_dir=tracker_cache)  # the tables the command line has
    assert html.count('<h3 class="tournament">') == len(full.tournaments) >= 3
    assert "Tournament #4100000001" in html
    assert main(["review", "--db", url, "--cache-dir", str(tracker_cache), "--json",
                 "--tournament", "4100000001"]) == 0
    data = json.loads(capsys.readouterr().out)
    (entry,) = data["tournaments"]
    assert entry["tournament"] == "4100000001" and entry["decisions"] == 2
    assert [d["hand_id"] for d in entry["decisions_detail"]] == ["410001", "410002"]
    assert entry["costliest"] == ["410001", "410002"]
    assert entry["ev_lost_bb"] == pytest.approx(tournament.ev_lost_bb, abs=1e-6)


def test_filters(pt4, tracker_cache, tracker_tables, stored, pg_env):
    url, _ = pt4
    omaha = review_database(url, filters=Filters.parse(game="omaha"), cache_dir=tracker_cache,
                            tables=tracker_tables)
    hands = [item for item in read_hands(HAND_FILES) if isinstance(item, Hand)]
    assert omaha.hands == sum(hand.variant == "omaha-hi" for hand in hands) >= 4
    assert {spot.variant for spot in omaha.spots} == {"omaha-hi"}
    day = review_database(url, filters=Filters.parse(since="2024-06-03", until="2024-06-03"),
                          cache_dir=tracker_cache, tables=tracker_tables)
    assert day.hands == sum(hand.played.date().isoformat() == "2024-06-03" for hand in stored)
    assert {t.tournament for t in day.tournaments} == {"4100000001", "4100000002"}
    limited = review_database(url, hero="Hero", filters=Filters.parse(limit=3),
                              cache_dir=tracker_cache, tables=tracker_tables)
    assert limited.hands + len(limited.unparsed) == 3


def test_read_only_transaction(pt4, pg_env):
    url, _ = pt4
    with open_database(url) as database:
        assert database.tracker == "pt4"
        connection = database.connection
        assert connection.execute("SHOW transaction_read_only").fetchone()[0] == "on"
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            connection.execute("DELETE FROM player")
    with psycopg.connect(url) as check:
        assert check.execute("SELECT count(*) FROM player").fetchone()[0] > 0


def test_stop_keeps_what_was_judged(pt4, files_report, tracker_cache, tracker_tables,
                                    pg_env):
    url, _ = pt4
    flag = CancelFlag()

    def progress(done: float, total: float) -> None:
        if done >= 0.5:  # the reading is over: a Stop while judging
            flag.cancel()

    report = review_database(url, cache_dir=tracker_cache, progress=progress, cancel=flag,
                             keep_stopped=True)
    assert report.stopped and report.hands == files_report.hands
    judged = {spot.hand_id: spot.as_dict() for spot in files_report.spots}
    for spot in report.spots:
        mine = spot.as_dict()
        assert {k: v for k, v in mine.items() if k not in ("file", "line")} == \
            {k: v for k, v in judged[spot.hand_id].items() if k not in ("file", "line")}
