"""Save, open and export of the Jam-fold tab's solution: the library's
:meth:`~omahanash.jamfold.JamFoldSolution.save` / ``export`` behind the tab's buttons and file
dialogs; a failure's message in the tab's error line, a success in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QWidget

from omahanash.errors import InputError
from ui.kit.export import ask_path

if TYPE_CHECKING:
    from omahanash.jamfold import JamFoldSolution
    from ui.kit.common import ErrorLabel

FILTER = "Jam-fold solutions (*.jamfold);;All files (*)"


class SolutionFiles:
    """The file actions over ``solution()`` (the tab's current solution or None)."""

    def __init__(self, parent: QWidget, solution: Callable[[], JamFoldSolution | None],
                 error: ErrorLabel, say: Callable[[str], None],
                 open_solution: Callable[[str], bool]) -> None:
        self._parent, self._solution, self._error, self._say = parent, solution, error, say
        self._open = open_solution

    def save(self, path: str) -> bool:
        solution = self._solution()
        if solution is None:
            return False
        try:
            saved = solution.save(path)
        except InputError as exc:
            self._error.show_error(str(exc))
            return False
        self._say(f"Saved {saved}")
        return True

    def export(self, path: str, fmt: str) -> bool:
        """Write the class rows as ``csv`` or ``json`` (with the parameters)."""
        solution = self._solution()
        if solution is None:
            return False
        try:
            written = solution.export(path, fmt)
        except InputError as exc:
            self._error.show_error(str(exc))
            return False
        self._say(f"Exported {written}")
        return True

    def ask_save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self._parent, "Save the solution", "", FILTER)
        if path:
            self.save(path)

    def ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self._parent, "Open a solution", "", FILTER)
        if path:
            self._open(path)

    def ask_export(self, fmt: str) -> None:
        path = ask_path(self._parent, f"Export {fmt.upper()}", fmt)
        if path:
            self.export(path, fmt)
