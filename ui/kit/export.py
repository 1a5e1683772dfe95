"""Export what the user sees: result tables as CSV or JSON, plots as PNG or SVG.

Tables: :func:`table_contents` reads the rows a view shows (through its model, so a sorting or
filtering proxy exports its order and its rows; hidden columns and rows are left out) as the
text of each cell, with the header; :func:`write_table` writes them as CSV (a header row, then
the rows) or JSON (``{"columns": [...], "rows": [[...], ...]}``), atomically.
:func:`export_buttons` makes the "Export CSV…" / "Export JSON…" buttons of a table.

Plots: :func:`save_plot` writes a pyqtgraph plot through pyqtgraph's exporters (``.png``:
``ImageExporter``, ``.svg``: ``SVGExporter``, or Qt's ``QSvgGenerator`` where that exporter
fails on this Qt's SVG output); :func:`add_save_image_action` puts a direct
"Save image…" entry in a plot's context menu (pyqtgraph's own menu hides it under Export…).

>>> from ui.kit.item_models import RowsModel
>>> import json, pathlib, tempfile
>>> model = RowsModel()
>>> model.set_table(["Hand", "Share"], [["AA", "85%"], ["KK", "82%"]])
>>> table_contents(model)
(['Hand', 'Share'], [['AA', '85%'], ['KK', '82%']])
>>> path = write_table(pathlib.Path(tempfile.mkdtemp()) / "t.json", *table_contents(model))
>>> json.loads(path.read_text())["rows"][1]
['KK', '82%']
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QPainter
from PySide6.QtWidgets import QAbstractItemView, QFileDialog, QPushButton, QTableView, QWidget

from omahanash.errors import InputError
from omahanash.savefile import atomic_write, write_csv

TABLE_FORMATS = {"csv": "CSV (*.csv)", "json": "JSON (*.json)"}
IMAGE_FORMATS = {"png": "PNG image (*.png)", "svg": "SVG image (*.svg)"}
#: Width of a saved PNG in pixels when the plot has no size yet (e.g. never shown).
DEFAULT_IMAGE_WIDTH = 1200

Cell = str | int | float | None


def _text(value: object) -> Cell:
    """A cell as the user reads it: text (numbers the model gives as numbers stay numbers)."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)


def table_contents(source: QAbstractItemModel | QAbstractItemView,
                   ) -> tuple[list[str], list[list[Cell]]]:
    """``(header, rows)`` of what ``source`` shows: a view's visible rows and columns in the
    view's order, or every top-level row of a model; each cell its displayed value."""
    view = source if isinstance(source, QAbstractItemView) else None
    model = view.model() if view is not None else source
    assert isinstance(model, QAbstractItemModel)
    hidden_column = view.isColumnHidden if isinstance(view, QTableView) else lambda _c: False
    hidden_row = view.isRowHidden if isinstance(view, QTableView) else lambda _r: False
    columns = [c for c in range(model.columnCount(QModelIndex())) if not hidden_column(c)]
    header = [str(model.headerData(c, Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.DisplayRole) or "") for c in columns]
    rows = [[_text(model.index(r, c, QModelIndex()).data(Qt.ItemDataRole.DisplayRole))
             for c in columns]
            for r in range(model.rowCount(QModelIndex())) if not hidden_row(r)]
    return header, rows


def write_table(path: str | os.PathLike, columns: Sequence[str],
                rows: Sequence[Sequence[Cell]], fmt: str | None = None) -> Path:
    """Write a table as CSV or JSON (``fmt``; default: from the file's suffix) atomically;
    :class:`~omahanash.errors.InputError` when it cannot be written."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "csv").lower()
    if fmt not in TABLE_FORMATS:
        raise InputError(f"export format must be csv or json, got {fmt!r}")
    if fmt == "csv":  # the library's one CSV writer (cells that look like formulas neutralised)
        return write_csv(path, columns, rows)
    try:
        with atomic_write(path, "w", encoding="utf-8") as out:
            json.dump({"columns": list(columns), "rows": [list(row) for row in rows]},
                      out, indent=1, ensure_ascii=False)
            out.write("\n")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    return path


def write_json(path: str | os.PathLike, document: object) -> Path:
    """Write a JSON document (a result that is not a table) atomically; only valid JSON (no
    NaN); :class:`~omahanash.errors.InputError` when it cannot be written."""
    path = Path(path)
    try:
        with atomic_write(path, "w", encoding="utf-8") as out:
            json.dump(document, out, indent=1, ensure_ascii=False, allow_nan=False)
            out.write("\n")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise InputError(f"cannot write {path}: {error}") from None
    return path


def export_view(path: str | os.PathLike, view: QAbstractItemView,
                fmt: str | None = None) -> Path:
    """Write what ``view`` shows (:func:`table_contents`) to ``path`` as CSV or JSON."""
    return write_table(path, *table_contents(view), fmt=fmt)


def ask_path(parent: QWidget, title: str, fmt: str, formats: dict[str, str] = TABLE_FORMATS,
             ) -> str:
    """A save-file dialog for one format (``fmt``) or, with ``fmt=""``, any of ``formats``;
    the path chosen ("" when cancelled), with the format's suffix added if missing."""
    filters = ";;".join(formats.values()) if not fmt else formats[fmt]
    path, chosen = QFileDialog.getSaveFileName(parent, title, "", filters)
    if path and not Path(path).suffix:
        suffix = fmt or next((k for k, v in formats.items() if v == chosen), "")
        path = f"{path}.{suffix}" if suffix else path
    return path


def export_buttons(parent: QWidget, write: Callable[[str, str], object], *,
                   json_name: str = "exportJsonButton", csv_name: str | None = None,
                   title: str = "Export") -> list[QPushButton]:
    """"Export JSON…" (object name ``json_name``) and, with ``csv_name``, "Export CSV…"
    buttons that ask for a file and call ``write(path, fmt)``."""
    buttons = []
    for fmt, name in (("csv", csv_name), ("json", json_name)):
        if name is None:
            continue
        button = QPushButton(f"Export {fmt.upper()}…", parent)
        button.setObjectName(name)
        button.setToolTip(f"Write the table to a {fmt.upper()} file")

        def clicked(_checked: bool = False, fmt: str = fmt) -> None:
            path = ask_path(parent, f"{title} ({fmt.upper()})", fmt)
            if path:
                write(path, fmt)

        button.clicked.connect(clicked)
        buttons.append(button)
    return buttons


# -- plots ------------------------------------------------------------------------------------


def save_plot(plot: pg.PlotWidget | pg.GraphicsLayoutWidget | pg.PlotItem,
              path: str | os.PathLike) -> Path:
    """Save a plot as PNG or SVG (by the suffix of ``path``) with pyqtgraph's exporters."""
    from pyqtgraph.exporters import ImageExporter, SVGExporter

    path = Path(path)
    fmt = path.suffix.lstrip(".").lower()
    if fmt not in IMAGE_FORMATS:
        raise InputError(f"an image is saved as .png or .svg, not {path.name!r}")
    item = plot.getPlotItem() if isinstance(plot, pg.PlotWidget) else \
        plot.ci if isinstance(plot, pg.GraphicsLayoutWidget) else plot
    exporter = ImageExporter(item) if fmt == "png" else SVGExporter(item)
    if fmt == "png":
        width = int(item.boundingRect().width()) or DEFAULT_IMAGE_WIDTH
        # pyqtgraph keeps width and height in proportion; an int avoids its float size bug
        exporter.parameters()["width"] = max(width, 2)
    # The exporters write a file by name: they draw into a private folder, and the image goes
    # to ``path`` through the library's one atomic writer (never over a device or a folder).
    with tempfile.TemporaryDirectory() as folder:
        drawn = Path(folder) / f"plot.{fmt}"
        try:
            try:
                exporter.export(str(drawn))
            except ValueError:
                # pyqtgraph 0.14's SVGExporter cannot parse the path syntax newer Qt (6.7+)
                # writes ("not enough values to unpack"): draw the item with Qt's own generator.
                _render_svg(item, drawn)
            if not drawn.exists():
                raise InputError(f"cannot write {path}")
            with atomic_write(path, "wb") as out:
                out.write(drawn.read_bytes())
        except OSError as error:
            raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    return path


def _render_svg(item: pg.GraphicsObject, path: Path) -> None:
    """Draw a scene item (and what lies on it) into an SVG file through QSvgGenerator."""
    from PySide6.QtSvg import QSvgGenerator

    source = item.sceneBoundingRect()
    target = QRectF(0, 0, source.width(), source.height())
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(max(1, int(source.width())), max(1, int(source.height()))))
    generator.setViewBox(target)
    generator.setTitle("Omaha Nash plot")
    painter = QPainter(generator)
    try:
        item.scene().render(painter, target, source)
    finally:
        painter.end()


def add_save_image_action(plot: pg.PlotWidget | pg.GraphicsLayoutWidget,
                          report: Callable[[str], object] | None = None) -> QAction:
    """Add "Save image…" (PNG or SVG) to the context menu of ``plot`` (every view box of a
    layout); ``report(message)`` hears where the image went or why it could not be saved."""
    action = QAction("Save image…", plot)
    action.setObjectName("saveImageAction")

    def save() -> None:
        path = ask_path(plot, "Save image", "", IMAGE_FORMATS)
        if not path:
            return
        try:
            written = save_plot(plot, path)
        except InputError as error:
            if report is not None:
                report(str(error))
            return
        if report is not None:
            report(f"Saved {written}")

    action.triggered.connect(save)
    items = [plot.getPlotItem()] if isinstance(plot, pg.PlotWidget) else \
        [item for item in plot.ci.items if isinstance(item, pg.PlotItem)]
    for item in items:
        menu = item.getViewBox().menu
        menu.insertAction(menu.actions()[0] if menu.actions() else None, action)
    return action
