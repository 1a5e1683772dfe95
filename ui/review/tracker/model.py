"""The tracker dialog's form without Qt: what was typed, checked into a connection string and
the review's filters; what the settings keep (host, port, database and user: never the
password, which lives only in the dialog's field and the job).

>>> form = TrackerForm(database="PT4 DB", tournament="3500000001")
>>> form.url()
"host=localhost port=5432 dbname='PT4 DB' user=postgres"
>>> form.filters().tournament, sorted(form.settings_values())
('3500000001', ['database', 'host', 'port', 'user'])
>>> TrackerForm(port="x").url()
Traceback (most recent call last):
...
omahanash.errors.InputError: port must be a number from 1 to 65535, got 'x'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from omahanash.errors import InputError
from omahanash.history.tracker.schema import PT4_DEFAULTS
from omahanash.history.tracker.source import Filters, connection_url

#: The dialog's tracker choices: (shown, ``--tracker`` value; None: told from the tables).
TRACKER_CHOICES = (("Detect", None), ("PokerTracker 4", "pt4"), ("Hold'em Manager 2", "hm2"))
#: The dialog's game choices.
GAME_CHOICES = (("Any game", None), ("Hold'em", "holdem"), ("Omaha", "omaha"),
                ("Omaha Hi/Lo", "omaha-hilo"))
#: The settings' keys (the password is never one).
SETTINGS_KEYS = ("host", "port", "database", "user")


@dataclass(frozen=True)
class TrackerForm:
    """The dialog's fields as typed (text; empty: not given)."""

    host: str = str(PT4_DEFAULTS["host"])
    port: str = str(PT4_DEFAULTS["port"])
    database: str = str(PT4_DEFAULTS["dbname"])
    user: str = str(PT4_DEFAULTS["user"])
    tracker: str | None = None
    tournament: str = ""
    since: str = ""
    until: str = ""
    game: str | None = None
    limit: str = ""

    def url(self) -> str:
        """The connection string (no password in it); a bad field is an
        :class:`InputError` naming it."""
        for name in ("host", "database", "user"):
            if not getattr(self, name).strip():
                raise InputError.naming(name, f"{name} is empty")
        port = self.port.strip()
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise InputError.naming("port", f"port must be a number from 1 to 65535, "
                                    f"got {self.port!r}")
        return connection_url(self.host.strip(), int(port), self.database.strip(),
                              self.user.strip())

    def filters(self) -> Filters:
        """The review's filters (each field checked, named in the error)."""
        limit = self.limit.strip()
        if limit and not limit.isdigit():
            raise InputError.naming("--limit", f"at most N hands: N must be a whole number, "
                                    f"got {self.limit!r}")
        return Filters.parse(self.tournament.strip() or None, self.since.strip() or None,
                             self.until.strip() or None, self.game,
                             int(limit) if limit else None)

    def settings_values(self) -> dict[str, str]:
        """What the settings keep: host, port, database, user."""
        return {key: getattr(self, key) for key in SETTINGS_KEYS}

    @classmethod
    def from_settings(cls, values: Mapping[str, object]) -> TrackerForm:
        """The form with the saved host, port, database and user (defaults for the others).

        >>> TrackerForm.from_settings({"host": "db.local", "password": "x"}).host
        'db.local'
        """
        kept = {key: str(values[key]) for key in SETTINGS_KEYS
                if values.get(key) not in (None, "")}
        return cls(**kept)
