"""The betting-tree answers in the trainer history, beside the push/fold ones: a history made
with today's schema (written out here: schema 2, its exact columns) gains the tree table when
opened for drilling and keeps every old answer; its ``answers`` table and schema version stay
what today's release reads (its check, written out here: schema at most 2 and exactly these
columns), so no migration and no backup; a read-only opening changes nothing."""

from __future__ import annotations

import hashlib
import sqlite3

from omahanash.trainer import History
from omahanash.trainer.stats import TreeCell, example_record, example_tree_record

# today's (schema 2) answers table, written out as today's release creates it
TODAY_COLUMNS = (
    ("answered_at", "TEXT"), ("session", "TEXT"), ("variant", "TEXT"), ("position", "TEXT"),
    ("stack_bb", "REAL"), ("ante_bb", "REAL"), ("class_id", "INTEGER"), ("hand", "TEXT"),
    ("hand_group", "TEXT"), ("action", "TEXT"), ("best_action", "TEXT"),
    ("frequency", "REAL"), ("allin_ev_bb", "REAL"), ("fold_ev_bb", "REAL"),
    ("ev_lost_bb", "REAL"), ("correct", "INTEGER"), ("seconds", "REAL"), ("close", "INTEGER"),
    ("players", "INTEGER"), ("node", "TEXT"), ("payouts", "TEXT"), ("stacks", "TEXT"),
    ("allin_ev_pct", "REAL"), ("fold_ev_pct", "REAL"), ("ev_lost_pct", "REAL"))
OLD_ROW = ("2026-11-30T10:00:00+00:00", "old", "holdem", "bb", 9.0, 0.0, 40, "Kd 7c",
           "offsuit K", "fold", "allin", 0.8, 0.1, -1.0, 1.1, 0, 3.5, 0, 2, "", "", "",
           None, None, None)


def make_todays_history(path) -> None:
    """A trainer history as today's release writes it, with one wrong push/fold answer."""
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("PRAGMA application_id = 1332563553")  # 0x4F6D4E61, "OmNa"
        connection.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, " + ", ".join(
            f"{name} {kind}" for name, kind in TODAY_COLUMNS) + ")")
        connection.execute("PRAGMA user_version = 2")
        connection.execute(f"INSERT INTO answers ({', '.join(n for n, _ in TODAY_COLUMNS)}) "
                           f"VALUES ({', '.join('?' * len(TODAY_COLUMNS))})", OLD_ROW)
    connection.close()


def todays_release_reads(path) -> bool:
    """What today's release checks before it reads a history: its application id, a schema
    version it knows (at most 2) and the answers table with exactly its columns."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        application = connection.execute("PRAGMA application_id").fetchone()[0]
        columns = [row[1] for row in connection.execute("PRAGMA table_info(answers)")]
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        connection.close()
    return (application == 0x4F6D4E61 and version <= 2 and check == "ok"
            and columns == ["id", *(name for name, _ in TODAY_COLUMNS)])


def test_a_history_of_today_gains_the_tree_answers_and_stays_readable(tmp_path):
    path = tmp_path / "trainer.sqlite"
    make_todays_history(path)
    assert todays_release_reads(path)
    tree = example_tree_record(correct=False, ev_lost_bb=0.6, best_action="call",
                               action="fold", node="BB vs SB open", position="bb")
    with History(path) as history:
        assert history.notices == []  # nothing to say: no migration, nothing moved
        history.add(tree)
        history.add(example_record(session="new"))
        assert len(history) == 3
    assert sorted(p.name for p in tmp_path.iterdir() if "-wal" not in p.name
                  and "-shm" not in p.name) == ["trainer.sqlite"]  # no backup needed
    assert todays_release_reads(path)
    connection = sqlite3.connect(path)
    try:
        old = connection.execute(f"SELECT {', '.join(n for n, _ in TODAY_COLUMNS)} FROM "
                                 "answers ORDER BY id").fetchall()
        trees = connection.execute("SELECT node, action, best_action FROM tree_answers"
                                   ).fetchall()
    finally:
        connection.close()
    assert old[0] == OLD_ROW and len(old) == 2  # today's rows as they were, and the new one
    assert trees == [("BB vs SB open", "fold", "call")]
    with History(path, read_only=True) as history:
        assert [r.session for r in history.records()] == ["old", "new"]
        assert history.tree_records() == [tree]
        stats = history.statistics()
    assert stats.spots == 3 and stats.correct == 1
    cells = {spot.cell for spot in stats.weak_spots}
    assert TreeCell("holdem", "pl", 2, "6-10 bb", "BB vs SB open", "call") in cells
    assert any(spot.group == "Texas Hold'em · BB · 6-10 bb · offsuit K"
               for spot in stats.weak_spots)


def test_reading_a_history_of_today_changes_nothing(tmp_path):
    path = tmp_path / "trainer.sqlite"
    make_todays_history(path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with History(path, read_only=True) as history:
        assert history.tree_records() == [] and len(history) == 1
        assert history.statistics().spots == 1
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["trainer.sqlite"]


def test_tree_answers_export_beside_the_csv(tmp_path):
    with History(tmp_path / "h.sqlite") as history:
        history.add(example_tree_record())
        written = history.export_tree_csv(tmp_path / "trees.csv")
    header, row = written.read_text().splitlines()
    assert header.split(",")[:4] == ["answered_at", "session", "variant", "tree"]
    assert ",SB open,sb," in row


def test_tree_weak_spots_stay_out_of_the_push_fold_leaks():
    """"Drill my leaks" of a push/fold drill deals from push/fold cells only; a tree drill's
    from its own tree's."""
    from omahanash.trainer import leak_cells, summarize
    from omahanash.trainer.table import table_leak_cells
    from omahanash.trainer.tree_drill import TreeDrillConfig, tree_leak_cells

    stats = summarize([example_tree_record(correct=False, ev_lost_bb=2.0),
                       example_record(correct=False, ev_lost_bb=0.5)])
    assert [cell.hand_group for cell in leak_cells(stats, 3, "holdem")] == ["offsuit A"]
    assert table_leak_cells(stats, 3, "holdem", 2) == (example_record().cell,)
    assert [c.node for c in tree_leak_cells(stats, 3, TreeDrillConfig("holdem", stacks="10"))
            ] == ["SB open"]
    assert tree_leak_cells(stats, 3, TreeDrillConfig("holdem", "nl", stacks="10")) == ()
