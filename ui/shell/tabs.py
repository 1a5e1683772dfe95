"""The tabs of the main window, in order: the one place to add a tab. The player's tabs
(Jam-fold, Table, Review, Trainer, Tournament, Equity) come first, the research tabs (CFR games,
Perfect information) after them.

Each entry is a factory (a :class:`ui.kit.common.Tab` subclass, or any callable returning one)
called once when the window is built. The window adds the tabs in this order, wires their
status messages to the status bar and saves/restores their inputs under their
``settings_group``; nothing else needs to know a tab exists.

Adding a tab: write a module with a ``Tab`` subclass (a ``title``, a ``settings_group``, inputs
with object names so they are remembered, runs through :meth:`ui.kit.common.Tab.make_runner`),
its rules in a model without Qt (docs/app.md), then import it below and put it in the list.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.kit.common import Tab

TabFactory = Callable[[], Tab]


def tab_factories() -> list[TabFactory]:
    """The main window's tabs, left to right."""
    # Imported here, when the window is built, not with this module (start-up time): importing
    # ui.shell.main_window loads no tab but the Review tab (it takes dropped files), nor the
    # library modules the tabs import.
    from ui.cfr.tab import CfrTab
    from ui.equity.tab import EquityTab
    from ui.jamfold.tab import JamFoldTab
    from ui.perfect.tab import PerfectTab
    from ui.review.tab import ReviewTab
    from ui.table.tab import TableTab
    from ui.tournament.tab import TournamentTab
    from ui.trainer.tab import TrainerTab

    return [
        # the player's tabs first ...
        JamFoldTab,
        TableTab,
        ReviewTab,
        TrainerTab,
        TournamentTab,
        EquityTab,
        # ... then the research tabs
        CfrTab,
        PerfectTab,
    ]
