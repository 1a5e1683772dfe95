"""Save, Open and Export of the Table tab (a mixin of :class:`ui.table.tab.TableTab`): the
library's :meth:`~omahanash.pushfold.PushFoldSolution.save` and ``export`` (a betting tree's:
:meth:`~omahanash.trees.TreeSolution.save` and ``export``; CSV, JSON) and an
image of the tab (PNG), behind its buttons and file dialogs; a failure's message in the tab's
error line, a success in the status bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QFileDialog, QWidget

from omahanash.errors import InputError

if TYPE_CHECKING:
    from ui.kit.common import ErrorLabel
    from ui.table.model import TableModel

FILTER = ("Table solutions (*.pushfold *.tree);;Push/fold table solutions (*.pushfold);;"
          "Betting-tree solutions (*.tree);;All files (*)")


class TableFiles:
    """The file actions of the Table tab (what they use of it, declared)."""

    model: TableModel
    run_error: ErrorLabel
    status_message: Any

    def open_solution(self, path: str) -> bool:
        raise NotImplementedError

    def save_solution(self, path: str) -> bool:
        solution = self.model.solution
        if solution is None:
            return False
        try:
            saved = solution.save(path)
        except (InputError, OSError) as exc:
            self.run_error.show_error(str(exc))
            return False
        self.status_message.emit(f"Saved {saved}")
        return True

    def export_solution(self, path: str, fmt: str) -> bool:
        """``csv`` / ``json``: every node × class (the library's export); ``png``: an image
        of the tab."""
        solution = self.model.solution
        if fmt == "png":
            ok = cast(QWidget, self).grab().save(path, "PNG")
            if not ok:
                self.run_error.show_error(f"cannot write {path}")
                return False
            self.status_message.emit(f"Saved the image {path}")
            return True
        if solution is None:
            return False
        try:
            written = solution.export(path, fmt)
        except (InputError, OSError) as exc:
            self.run_error.show_error(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True

    def _ask_save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(cast(QWidget, self), "Save the table", "", FILTER)
        if path:
            self.save_solution(path)

    def _ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(cast(QWidget, self), "Open a table", "", FILTER)
        if path:
            self.open_solution(path)

    def _ask_export(self, fmt: str) -> None:
        filters = {"csv": "CSV (*.csv)", "json": "JSON (*.json)", "png": "PNG image (*.png)"}
        path, _ = QFileDialog.getSaveFileName(cast(QWidget, self), f"Export ({fmt.upper()})", "",
                                              filters[fmt])
        if path:
            self.export_solution(path, fmt)
