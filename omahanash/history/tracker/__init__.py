"""Hands where players keep them: a PokerTracker 4 or Hold'em Manager 2 database (PostgreSQL).

* :mod:`~omahanash.history.tracker.schema`: the trackers' tables, the fixed queries (every value
  a bound parameter), which tracker a database is (by the tables present).
* :mod:`~omahanash.history.tracker.source`: the connection (the password from ``PGPASSWORD``,
  a ``.pgpass`` file or a prompt, never said back), a read-only transaction, the rows streamed
  through a server-side cursor as :class:`~omahanash.history.hands.Hand` objects.
* :mod:`~omahanash.history.tracker.review`: :func:`~omahanash.history.tracker.review.
  review_database`, the review of a database's hands (the files' review, same judging).
* :mod:`~omahanash.history.tracker.tournaments`: the whole-tournament report (per tournament:
  the hero's decisions in order, EV lost, the grade, the costliest decisions).

The driver is psycopg 3 (the ``tracker`` extra); this package itself imports nothing, so the
report (which renders the tournaments) never loads the driver.
"""
