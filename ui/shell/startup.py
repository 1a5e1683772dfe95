"""What the app does once its window is up, on the very first launch: offer to build the Omaha
tables (the kernels' warm-up, on every launch, is :mod:`ui.kit.warmup`).

:func:`offer_tables` asks once (remembered in QSettings under ``firstLaunch/tablesOffered``)
whether to build both Omaha tables in the background, with their disk and time cost; Yes
queues them in the app's build queue (:func:`ui.equity_tables.panel.table_builds`).

>>> OFFERED_KEY
'firstLaunch/tablesOffered'
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QMessageBox

from omahanash.cards import Variant
from ui.equity_tables.panel import table_builds, table_state

#: The QSettings key that remembers that the tables were offered.
OFFERED_KEY = "firstLaunch/tablesOffered"


def tables_to_offer() -> list[Variant]:
    """The Omaha variants without a table (coarse or full)."""
    return [v for v in (Variant.OMAHA_HI, Variant.OMAHA_HILO) if table_state(v) == "missing"]


def offer_tables(window: QMainWindow, settings: QSettings) -> QMessageBox | None:
    """On the first launch (nothing under :data:`OFFERED_KEY`), ask once, window-modal and
    without blocking, whether to build the missing Omaha tables in the background; the box
    (None when nothing is asked). Yes queues them; the answer is remembered either way."""
    if settings.value(OFFERED_KEY, False, type=bool):
        return None
    missing = tables_to_offer()
    settings.setValue(OFFERED_KEY, True)
    settings.sync()
    if not missing:
        return None
    names = " and ".join(v.display_name for v in missing)
    box = QMessageBox(QMessageBox.Icon.Question, "Build the Omaha tables?",
                      f"Omaha jam-fold, reviews, the trainer and tournaments need the "
                      f"{names} equity table{'s' if len(missing) > 1 else ''}, computed once "
                      "on this computer. Build them now in the background?\n\n"
                      f"Disk: 405 MB per game plus 270 MB shared, "
                      f"{0.405 * len(missing) + 0.27:.1f} GB in all. Time: a coarse table "
                      "first, usable in minutes, then the full one (3 min on a quiet 2-core "
                      "machine, over an hour on one busy with other heavy jobs, per game). "
                      "Cancel keeps what is "
                      "done; every tab that needs a table also offers Build.",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.setObjectName("firstLaunchTablesBox")

    def answered(_result: int) -> None:
        if box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes:
            table_builds().request(missing)

    box.finished.connect(answered)
    box.open()
    return box
