"""The main window's routing of the Review tab's requests to other tabs (tabs never reach
into each other: the window connects a tab's signal to the tab that answers it).

:func:`connect_review` connects :attr:`ui.review_tab.ReviewTab.open_spot_requested` to
:func:`open_in_jamfold`, which fills the Jam-fold tab's public inputs (its object names,
:data:`JAMFOLD_FIELDS`) and shows it, and answers the Review tab with why it could not
(:meth:`~ui.review_tab.ReviewTab.spot_open_failed`). When the Jam-fold tab grows a slot of its
own for a request, only this module changes.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QLineEdit

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.review_state import JamfoldRequest
    from ui.review_tab import ReviewTab

JAMFOLD_TITLE = "Jam-fold"
JAMFOLD_FIELDS = ("anteEdit", "sbEdit", "bbEdit", "player1Edit", "player2Edit", "lookupEdit")


def connect_review(window: MainWindow) -> None:
    """Route the Review tab's "Open in Jam-fold" requests in ``window`` (if it has both)."""
    from ui.review_tab import ReviewTab  # noqa: F811 (at run time: the tab imports Qt)

    for tab in window.tabs:
        if isinstance(tab, ReviewTab):
            tab.open_spot_requested.connect(partial(_route, window, tab))


def _route(window: MainWindow, review: ReviewTab, request: JamfoldRequest) -> None:
    review.spot_open_failed(open_in_jamfold(window, request))


def open_in_jamfold(window: MainWindow, request: JamfoldRequest) -> str | None:
    """Fill the Jam-fold tab with ``request`` and show it; None when done, else why not."""
    try:
        jamfold = window.tab(JAMFOLD_TITLE)
    except KeyError:
        return "there is no Jam-fold tab to open the spot in"
    type_combo = jamfold.findChild(QComboBox, "typeCombo")
    player_combo = jamfold.findChild(QComboBox, "playerCombo")
    edits = {name: jamfold.findChild(QLineEdit, name) for name in JAMFOLD_FIELDS}
    if type_combo is None or player_combo is None or None in edits.values():
        return "the Jam-fold tab does not have the expected inputs"
    if not type_combo.isEnabled():
        return "the Jam-fold tab is busy: stop its run first"
    type_combo.setCurrentIndex(type_combo.findText(request.game))
    for name, text in request.inputs.items():
        edit = edits[name]
        assert edit is not None
        edit.setText(text)
    player_combo.setCurrentIndex(next(i for i in range(player_combo.count())
                                      if player_combo.itemText(i).startswith(request.side)))
    window.tab_widget.setCurrentWidget(jamfold)
    # Said in the Jam-fold tab, where the user now is (messages belong to their tab).
    jamfold.status_message.emit(request.message)
    return None
