"""The Review tab's Open in Jam-fold and Open in Table (a part of
:class:`~ui.review.tab.ReviewTab`): each button is offered where it can open the selected spot
(:func:`~ui.review.model.jamfold_request` for a heads-up spot,
:func:`~ui.review.model.table_request` for a table spot) and asks through the tab's signal,
which the main window routes to the tab that opens it (a tab never reaches into another);
the router answers through :meth:`SpotOpening.spot_open_failed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal

from ui.review.model import jamfold_request, table_request

if TYPE_CHECKING:
    from omahanash.history import SpotReview


class SpotOpening:
    """The open buttons' behaviour; the tab has ``open_spot_button``, ``open_table_button``,
    ``error``, ``selected_spot()`` and the signals ``open_spot_requested`` and
    ``open_table_requested``."""

    _open_failure: str | None = None
    open_spot_button: Any
    open_table_button: Any
    error: Any
    open_spot_requested: Any
    open_table_requested: Any

    def selected_spot(self) -> SpotReview | None:  # the tab's
        raise NotImplementedError

    def _enable_opening(self, spot: SpotReview | None) -> None:
        """Each open button offered where it can open the spot: heads-up, a table."""
        for button, request in ((self.open_spot_button, jamfold_request),
                                (self.open_table_button, table_request)):
            button.setEnabled(spot is not None and not isinstance(request(spot), str))

    def open_selected_spot(self) -> bool:
        """Ask (:attr:`open_spot_requested`) for the selected heads-up spot to be opened in the
        Jam-fold tab; False, and why in this tab, when there is no spot, it is a table spot,
        nobody routes the request or the router answers that it could not
        (:meth:`spot_open_failed`)."""
        spot = self.selected_spot()
        return spot is not None and self._ask(jamfold_request(spot), self.open_spot_requested,
                                              "Jam-fold")

    def open_selected_in_table(self) -> bool:
        """Ask (:attr:`open_table_requested`) for the selected table spot to be opened in the
        Table tab; False, and why in this tab, as :meth:`open_selected_spot`."""
        spot = self.selected_spot()
        return spot is not None and self._ask(table_request(spot), self.open_table_requested,
                                              "Table")

    def _ask(self, request: object, signal: Signal, where: str) -> bool:
        """Emit ``request`` on ``signal`` (a reason instead: show it); True when opened."""
        if isinstance(request, str):
            self.error.show_error(request)
            return False
        # Unless a router answers (at once: a direct connection), nobody could open it.
        self._open_failure = f"there is no {where} tab to open the spot in"
        signal.emit(request)  # type: ignore[attr-defined]
        if self._open_failure is not None:
            self.error.show_error(self._open_failure)
            return False
        self.error.clear_error()
        return True

    def spot_open_failed(self, reason: str | None) -> None:
        """The router's answer to a request (None: opened)."""
        self._open_failure = reason

