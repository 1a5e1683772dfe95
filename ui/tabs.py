"""The tabs of the main window, in order: the one place to add a tab. The player's tabs
(Jam-fold, Review, Trainer, Tournament, Equity) come first, the research tabs (CFR games,
Perfect information) after them.

Each entry is a factory (a :class:`ui.common.Tab` subclass, or any callable returning one)
called once when the window is built. The window adds the tabs in this order, wires their
status messages to the status bar and saves/restores their inputs under their
``settings_group``; nothing else needs to know a tab exists.

Adding the Jam-fold tab (SPEC §8 item 1, which comes first): write ``ui/jamfold_tab.py`` with
``class JamFoldTab(Tab)`` (``title = "Jam-fold"``, ``settings_group = "jamfold"``, its inputs
named as in issue 7, its runs through :class:`ui.workers.JobRunner`), then import it below and
put it at the marked place at the head of the list.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.common import Tab

TabFactory = Callable[[], Tab]


def tab_factories() -> list[TabFactory]:
    """The main window's tabs, left to right."""
    from ui.cfr_tab import CfrTab
    from ui.equity_tab import EquityTab
    from ui.jamfold_tab import JamFoldTab
    from ui.perfect_tab import PerfectTab
    from ui.review_tab import ReviewTab
    from ui.tournament_tab import TournamentTab
    from ui.trainer_tab import TrainerTab

    return [
        # the player's tabs first ...
        JamFoldTab,
        ReviewTab,
        TrainerTab,
        TournamentTab,
        EquityTab,
        # ... then the research tabs
        CfrTab,
        PerfectTab,
    ]
