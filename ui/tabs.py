"""The tabs of the main window, in order: the one place to add a tab.

Each entry is a factory (a :class:`ui.common.Tab` subclass, or any callable returning one)
called once when the window is built. The window adds the tabs in this order, wires their
status messages to the status bar and saves/restores their inputs under their
``settings_group``; nothing else needs to know a tab exists.

Adding a tab: write a module with a ``Tab`` subclass (a ``title``, a ``settings_group``, inputs
with object names so they are remembered, runs through :meth:`ui.common.Tab.make_runner`),
its rules in a model without Qt (docs/app.md), then import it below and put it in the list.
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
        JamFoldTab,
        CfrTab,
        EquityTab,
        PerfectTab,
        ReviewTab,
        TournamentTab,
        TrainerTab,
    ]
