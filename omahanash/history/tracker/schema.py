"""The trackers' tables and the fixed queries that read them.

**PokerTracker 4** keeps every imported hand's text in ``tourney_hand_histories(id_hand,
id_site, history)`` and ``cash_hand_histories(id_hand, id_site, history)``; ``id_hand`` is the
key of ``tourney_hand_summary`` / ``cash_hand_summary`` (``date_played``, ``id_tourney``),
``tourney_summary(id_tourney, tourney_no)`` names the site's tournament number. The hero is
the player PokerTracker marks ``flg_hero`` in its per-hand statistics
(``tourney_hand_player_statistics`` / ``cash_hand_player_statistics``, ``id_player`` →
``player.player_name``): the players of its *Settings → Hero* list (the statistics tables
are what PokerTracker's own reports read the hero from). Its defaults: host ``localhost``,
port 5432, database ``PT4 DB``, user ``postgres``.

**Hold'em Manager 2** keeps a hand's text in ``handhistories.handhistory`` (with
``pokerhand_id``, ``gamenumber`` and ``handtimestamp``); its hero is in no documented table,
so the review chooses one as for files (the player dealt cards in the most hands). Its
tournament number is read from each hand's text. **Hold'em Manager 3** keeps its database in
another engine with a schema that is not public: its hands are reached through its archive
folder of text files, which ``omahanash review FOLDER`` reads.

Every query is a constant here; the values (dates, a tournament number, a size limit) are
bound by the driver, never put into SQL text. A history longer than
:data:`MAX_HISTORY_BYTES` is not sent by the server at all (its length is, and the row is
listed as unparsed).

>>> detect({"tourney_hand_histories", "cash_hand_histories", "player"})
'pt4'
>>> detect({"handhistories", "pokerhands"})
'hm2'
>>> detect({"orders"}) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from omahanash.errors import InputError

#: The trackers read, by the name ``--tracker`` takes.
TRACKERS = {"pt4": "PokerTracker 4", "hm2": "Hold'em Manager 2"}
#: PokerTracker 4's connection defaults (its installer's).
PT4_DEFAULTS = {"host": "localhost", "port": 5432, "dbname": "PT4 DB", "user": "postgres"}
#: The largest hand text read (bytes); a real hand is a few kilobytes.
MAX_HISTORY_BYTES = 1 << 20

# The tables that say which tracker made a database.
_MARKERS = {"pt4": ("tourney_hand_histories", "cash_hand_histories"),
            "hm2": ("handhistories",)}
#: Every table a query here may read (looked up in the database's search path).
KNOWN_TABLES = ("tourney_hand_histories", "cash_hand_histories", "tourney_hand_summary",
                "cash_hand_summary", "tourney_summary", "player",
                "tourney_hand_player_statistics", "cash_hand_player_statistics",
                "handhistories")

#: Which of :data:`KNOWN_TABLES` the connected database has (bound: a text array).
TABLES_PRESENT = ("SELECT name FROM unnest(%(names)s::text[]) AS name "
                  "WHERE to_regclass(quote_ident(name)) IS NOT NULL")

# The filters every hand query shares, as bound parameters: %(since)s, %(until)s (dates,
# until exclusive), %(tournament)s (text), %(max_bytes)s.
_PT4_TOURNEY = """
SELECT h.id_hand, octet_length(h.history),
       CASE WHEN octet_length(h.history) <= %(max_bytes)s THEN h.history END,
       t.tourney_no
FROM tourney_hand_histories AS h
JOIN tourney_hand_summary AS s ON s.id_hand = h.id_hand
LEFT JOIN tourney_summary AS t ON t.id_tourney = s.id_tourney
WHERE (%(since)s::timestamp IS NULL OR s.date_played >= %(since)s::timestamp)
  AND (%(until)s::timestamp IS NULL OR s.date_played < %(until)s::timestamp)
  AND (%(tournament)s::text IS NULL OR t.tourney_no::text = %(tournament)s::text)
"""
_PT4_CASH = """
SELECT h.id_hand, octet_length(h.history),
       CASE WHEN octet_length(h.history) <= %(max_bytes)s THEN h.history END,
       NULL::text
FROM cash_hand_histories AS h
JOIN cash_hand_summary AS s ON s.id_hand = h.id_hand
WHERE (%(since)s::timestamp IS NULL OR s.date_played >= %(since)s::timestamp)
  AND (%(until)s::timestamp IS NULL OR s.date_played < %(until)s::timestamp)
  AND %(tournament)s::text IS NULL
"""
_HM2 = """
SELECT h.pokerhand_id, octet_length(h.handhistory),
       CASE WHEN octet_length(h.handhistory) <= %(max_bytes)s THEN h.handhistory END,
       NULL::text
FROM handhistories AS h
WHERE (%(since)s::timestamp IS NULL OR h.handtimestamp >= %(since)s::timestamp)
  AND (%(until)s::timestamp IS NULL OR h.handtimestamp < %(until)s::timestamp)
"""
_PT4_ORDER = " ORDER BY s.date_played, h.id_hand"
_HM2_ORDER = " ORDER BY h.handtimestamp, h.pokerhand_id"

# The hero PokerTracker 4 marks (flg_hero), the most hands first; %(tournament)s as above.
_PT4_HERO_TOURNEY = """
SELECT s.id_player FROM tourney_hand_player_statistics AS s
WHERE s.flg_hero AND (%(tournament)s::text IS NULL OR s.id_tourney IN (
    SELECT t.id_tourney FROM tourney_summary AS t
    WHERE t.tourney_no::text = %(tournament)s::text))
"""
_PT4_HERO_CASH = """
SELECT s.id_player FROM cash_hand_player_statistics AS s
WHERE s.flg_hero AND %(tournament)s::text IS NULL
"""
_PT4_HERO = """
SELECT p.player_name, count(*) AS hands FROM ({rows}) AS heroes
JOIN player AS p ON p.id_player = heroes.id_player
GROUP BY p.player_name ORDER BY hands DESC, p.player_name LIMIT 1
"""


@dataclass(frozen=True)
class HandQuery:
    """One table's hands: the query of its rows (id, length of the text, the text or NULL when
    too long, the tournament number), the query counting them, the table's name."""

    table: str
    rows: str
    count: str


def detect(tables: Iterable[str]) -> str | None:
    """The tracker whose tables these are (``"pt4"``, ``"hm2"``), or None; both sets of tables
    raise :class:`InputError` (``--tracker`` says which)."""
    present = set(tables)
    found = [name for name, markers in _MARKERS.items() if present & set(markers)]
    if len(found) > 1:
        raise InputError.naming("--tracker", "the database has both PokerTracker 4 and "
                                "Hold'em Manager 2 tables: say which with --tracker pt4|hm2")
    return found[0] if found else None


def marker_tables(tracker: str) -> tuple[str, ...]:
    """The tables whose presence makes a database ``tracker``'s.

    >>> marker_tables("hm2")
    ('handhistories',)
    """
    return _MARKERS[tracker]


def hand_queries(tracker: str, tables: Iterable[str]) -> list[HandQuery]:
    """The queries reading ``tracker``'s hands from the tables present, tournaments first.

    >>> [query.table for query in hand_queries("pt4", KNOWN_TABLES)]
    ['tourney_hand_histories', 'cash_hand_histories']
    """
    present = set(tables)
    if tracker == "hm2":
        parts = [("handhistories", _HM2, _HM2_ORDER)] if "handhistories" in present else []
    else:
        parts = [(table, sql, _PT4_ORDER) for table, sql in
                 (("tourney_hand_histories", _PT4_TOURNEY), ("cash_hand_histories", _PT4_CASH))
                 if table in present]
    return [HandQuery(table, sql + order, f"SELECT count(*) FROM ({sql}) AS hands")
            for table, sql, order in parts]


def hero_query(tables: Iterable[str]) -> str | None:
    """PokerTracker 4's query of its hero (name, hands), None without the tables it reads."""
    present = set(tables)
    rows = [sql for table, sql in (("tourney_hand_player_statistics", _PT4_HERO_TOURNEY),
                                   ("cash_hand_player_statistics", _PT4_HERO_CASH))
            if table in present]
    if not rows or "player" not in present:
        return None
    return _PT4_HERO.format(rows=" UNION ALL ".join(rows))
