"""Review the hands of a tracker's database: :func:`review_database`.

The rows are read once (twice when the hero must be counted: no ``hero`` given and the
tracker marks none) and judged exactly as :func:`omahanash.history.review` judges files (the
same :func:`~omahanash.history.review.review_hands`), so a database review of some hands gives
the report a review of the same hands in files gives; each spot's ``file`` is the row
(``tourney_hand_histories#1234``). The spots are in the order played (by date, then the
row's id), grouped per tournament into ``report.tournaments``
(:mod:`~omahanash.history.tracker.tournaments`).

Progress: the reading takes the first half of the bar (rows read of the rows selected), the
judging the rest. A Stop while the rows are read raises :class:`~omahanash.errors.Cancelled`
(nothing is judged yet); once the judging began, ``keep_stopped`` keeps every spot judged
(``report.stopped``), as for files.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from omahanash.errors import InputError
from omahanash.history.hands import Hand, Unparsed
from omahanash.history.report import ReviewReport
from omahanash.history.review import SpotCallback, hero_from_hands, review_hands
from omahanash.history.spots import DEFAULT_MAX_BB, NOT_IN_HAND
from omahanash.history.table_review import TableSettings
from omahanash.history.tracker.source import (
    Filters,
    Target,
    TrackerDatabase,
    open_database,
    read_rows,
)
from omahanash.history.tracker.tournaments import group_spots
from omahanash.runs import CancelFlag, ProgressCallback

# The share of the progress bar the reading takes.
_READ_SHARE = 0.5
_ROWS_PER_PROGRESS = 100


def review_database(url: str, tracker: str | None = None, filters: Filters | None = None,
                    hero: str | None = None, password: str | None = None,
                    ask: Callable[[Target], str | None] | None = None,
                    max_bb: float = DEFAULT_MAX_BB, tables: Mapping[str, Any] | None = None,
                    cache_dir: str | os.PathLike | None = None, persist: bool = True,
                    progress: ProgressCallback | None = None, cancel: CancelFlag | None = None,
                    vs: Any = None, payouts: str | None = None,
                    table_settings: TableSettings | None = None,
                    keep_stopped: bool = False,
                    on_spot: SpotCallback | None = None,
                    tree: str | None = None) -> ReviewReport:
    """Review the hands of the PokerTracker 4 or Hold'em Manager 2 database at ``url``
    (:func:`~omahanash.history.tracker.source.open_database`: ``tracker`` detected unless
    given; ``password`` or ``ask`` when ``PGPASSWORD`` and ``.pgpass`` have none) that
    ``filters`` select, for ``hero`` (default: the tracker's hero, else the player dealt cards
    in the most hands); the other arguments as :func:`omahanash.history.review`'s."""
    filters = filters or Filters()
    with open_database(url, tracker, password=password, ask=ask) as database:
        note = None
        if hero is None:
            hero, note = _hero(database, filters, cancel)
        total = database.count(filters)
        if filters.limit is not None:
            total = min(total, filters.limit)
        order = _Order()
        items = _items(database, filters, order, total, progress)
        solving = None if progress is None else (
            lambda done, all_: progress(_READ_SHARE + (1 - _READ_SHARE) * done
                                        / max(all_, 1), 1.0))
        report = review_hands(items, hero=hero or "", max_bb=max_bb, tables=tables,
                              cache_dir=cache_dir, persist=persist, progress=solving,
                              cancel=cancel, vs=vs, payouts=payouts,
                              table_settings=table_settings, keep_stopped=keep_stopped,
                              on_spot=on_spot, tree=tree)
        report.hero = hero
        report.hero_note = note
        if report.hands and not report.spots and all(
                item.reason == NOT_IN_HAND for item in report.outside):
            raise InputError.naming("--hero", f"{hero!r} plays no hand of those read from "
                                    f"{database.target.describe()}")
        order.arrange(report)
        return report


def _hero(database: TrackerDatabase, filters: Filters,
          cancel: CancelFlag | None) -> tuple[str | None, str]:
    """The tracker's hero, else the player dealt cards in the most hands (one more pass)."""
    marked = database.hero(filters)
    if marked is not None:
        name, hands = marked
        return name, (f"hero not given: {name!r}, the {database.name} database's hero "
                      f"(flg_hero, {hands} hands)")
    hero, note = hero_from_hands(read_rows(database.rows(filters), filters,
                                           tournament_in_text=database.tracker == "hm2"),
                                 cancel)
    return hero, note.replace("in the files", "in the database")


class _Order:
    """Where each row read came in the reading (its key in a compact array: a million rows
    hold 16 MB) and its tournament, to put the spots back in play order and group them."""

    def __init__(self) -> None:
        self.tables: dict[str, int] = {}
        self.keys = array("q")
        self.tournaments = array("l")
        self.names: dict[str | None, int] = {}

    def seen(self, table: str, key: int, tournament: str | None) -> None:
        index = self.tables.setdefault(table, len(self.tables))
        self.keys.append((index << 48) | (key & ((1 << 48) - 1)))
        self.tournaments.append(self.names.setdefault(tournament, len(self.names)))

    def arrange(self, report: ReviewReport) -> None:
        """``report.spots`` in the order played and ``report.tournaments`` from them."""
        wanted = {self._key(spot.file) for spot in report.spots}
        position: dict[int, tuple[int, int]] = {}
        for index, key in enumerate(self.keys):
            if key in wanted and key not in position:
                position[key] = (index, self.tournaments[index])
        names = {index: name for name, index in self.names.items()}
        report.spots.sort(key=lambda spot: (position.get(self._key(spot.file), (-1, 0))[0],
                                            spot.line))
        report.tournaments = group_spots(
            report.spots, [names.get(position.get(self._key(spot.file), (-1, -1))[1])
                           for spot in report.spots])

    def _key(self, source: str) -> int:
        table, _, key = source.rpartition("#")
        index = self.tables.get(table)
        if index is None or not key.lstrip("-").isdigit():
            return -1
        return (index << 48) | (int(key) & ((1 << 48) - 1))


def _items(database: TrackerDatabase, filters: Filters, order: _Order, total: int,
           progress: ProgressCallback | None) -> Iterator[Hand | Unparsed]:
    """The selected rows' hands, reporting the rows read as the first part of the bar."""
    rows = database.rows(filters)
    count = [0]

    def counted() -> Iterator[Any]:
        for row in rows:
            count[0] += 1
            if progress is not None and count[0] % _ROWS_PER_PROGRESS == 0:
                progress(_READ_SHARE * min(count[0], total) / max(total, 1), 1.0)
            yield row

    try:
        yield from read_rows(counted(), filters, order.seen,
                             tournament_in_text=database.tracker == "hm2")
    finally:  # the server-side cursor closed now, while the connection is open
        rows.close()
    if progress is not None:
        progress(_READ_SHARE, 1.0)
