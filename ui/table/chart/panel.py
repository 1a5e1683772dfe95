"""The Table tab's Nash chart: each node's push or call % against equal stacks, at a table of
2 to 10 players with the tab's game, blinds, antes and payouts (ICM or chip EV).

The app's face of ``omahanash chart`` (:func:`omahanash.pushfold.chart.solve_chart`): the
stacks in big blinds (``tableChartStacksEdit``: ``2:20:0.5``, ``2-20`` or ``5, 10, 20``), **Run
chart** (``tableChartRunButton``, a Run/Stop button) solves every stack in the tab's worker on
the Compute engine of Settings (``$OMAHANASH_SCHEDULER``: this process, or the Dask workers of
``local:N`` / ``tcp://…``), with the form's iterations and deals (empty: the chart's 200 and
50,000) and seed. The curves grow as the stacks finish; Stop keeps them, and the finished
stacks are kept on disk (the job store in the cache folder, named by the chart), so running the
same chart again continues where it stopped, and a chart seen before answers at once.

``tableChartNodeList`` ticks the nodes drawn (every open push and the big blind's calls against
one all-in at first); ``tableChartPlot`` draws push nodes solid and call nodes dashed, hovering
shows the values at the nearest stack (``tableChartHoverLabel``). Export: the rows as CSV or
the chart as JSON, the document of ``omahanash chart --out`` (``tableChartExportCsvButton``,
``tableChartExportJsonButton``); the plot's context menu saves an image.

The rules and texts are the Qt-free :mod:`ui.table.chart.model`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from omahanash.errors import InputError
from ui.kit.common import ErrorLabel, RunStopButton, named
from ui.kit.export import export_buttons, write_json, write_table
from ui.kit.plots import hover_readout, percent_plot
from ui.table.chart.model import (
    EXPORT_COLUMNS,
    ChartOutcome,
    ChartRequest,
    chart_job,
    chart_request,
    default_nodes,
    export_rows,
    finished_text,
    hover_text,
    parse_chart_stacks,
)

if TYPE_CHECKING:
    from omahanash.pushfold.chart import Chart
    from ui.kit.workers import JobRunner
    from ui.table.model import TableRequest


class TableChartPanel(QWidget):
    """The Nash chart page (see the module docstring). The tab says which table the next chart
    is of (:meth:`set_table`)."""

    status_message = Signal(str)

    def __init__(self, make_runner: Callable[..., JobRunner],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableChartPanel")
        self.runner = make_runner(progressed=self._on_progressed, succeeded=self._on_succeeded,
                                  failed=self._on_failed, finished=self._on_finished)
        self._table: TableRequest | None = None
        self._table_problem = "Fix the table's inputs first."
        #: The chart shown (the stacks finished so far while it runs) and what it was asked.
        self.chart: Chart | None = None
        self.request: ChartRequest | None = None
        self._shown_nodes: tuple[str, ...] = ()
        self._note = ""  # said while it runs (the form's locks are not used)

        inputs = QHBoxLayout()
        self.stacks_edit = named(QLineEdit("2-20"), "tableChartStacksEdit")
        self.stacks_edit.setPlaceholderText("stacks in bb: 2:20:0.5, 2-20 or 5, 10, 20")
        self.stacks_edit.setToolTip("Equal stacks in big blinds for every seat: FROM:TO:STEP, "
                                    "FROM-TO (every whole stack) or a list")
        self.run_button = RunStopButton("Run chart", "tableChartRunButton")
        self.run_button.setToolTip("Solve the table's equilibrium at each stack (the Compute "
                                   "engine of Settings runs it)")
        inputs.addWidget(QLabel("Stacks (bb)"))
        inputs.addWidget(self.stacks_edit, 1)
        inputs.addWidget(self.run_button)
        self.stacks_error = ErrorLabel("tableChartStacksError")
        self.error = ErrorLabel("tableChartError")
        self.status_label = named(QLabel(""), "tableChartStatus")
        self.status_label.setWordWrap(True)

        self.node_list = named(QListWidget(), "tableChartNodeList")
        self.node_list.setToolTip("Tick the nodes to draw")
        self.node_list.setMinimumWidth(110)
        self.plot, self.legend = percent_plot(
            "tableChartPlot", "stack (bb, every seat)", "plays (% of hands)", legend_columns=2,
            report=self.status_message.emit)
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.hover_label = named(QLabel(""), "tableChartHoverLabel")
        self.hover_label.setWordWrap(True)
        hover_readout(self.plot, self.hover_label, self.values_at, lambda: bool(self.curves))
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.node_list)
        split.addWidget(self.plot)
        split.setStretchFactor(1, 4)
        split.setSizes([130, 400])

        exports = QHBoxLayout()
        self.export_buttons = export_buttons(
            self, self.export, json_name="tableChartExportJsonButton",
            csv_name="tableChartExportCsvButton", title="Export the Nash chart")
        for button in self.export_buttons:
            exports.addWidget(button)
        exports.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
        layout.addWidget(self.stacks_error)
        layout.addWidget(self.error)
        layout.addWidget(self.status_label)
        layout.addWidget(split, 1)
        layout.addWidget(self.hover_label)
        layout.addLayout(exports)

        self.stacks_edit.textChanged.connect(self._validate)
        self.stacks_edit.returnPressed.connect(self.run)
        self.node_list.itemChanged.connect(lambda _item: self._draw())
        self.run_button.drive(self.runner, self.run)
        self._validate()
        self._update_buttons()

    # -- inputs ------------------------------------------------------------------------------

    def set_table(self, request: TableRequest | None, problem: str = "") -> None:
        """The table the next chart is of (the tab's valid form; None with the reason when it
        is not valid or its equity table is not built)."""
        self._table = request
        self._table_problem = problem or "Fix the table's inputs first."
        self._validate()

    def _validate(self) -> list[float] | None:
        try:
            stacks = parse_chart_stacks(self.stacks_edit.text())
        except InputError as exc:
            self.stacks_error.show_error(str(exc))
            self.run_button.set_inputs_valid(False)
            return None
        self.stacks_error.clear_error()
        self.run_button.set_inputs_valid(self._table is not None)
        self.run_button.setToolTip(
            "Solve the table's equilibrium at each stack (the Compute engine of Settings runs "
            "it)" if self._table is not None else self._table_problem)
        return stacks

    def _update_buttons(self) -> None:
        have = self.chart is not None and bool(self.chart.stacks_bb)
        for button in self.export_buttons:
            button.setEnabled(have and not self.runner.running)

    # -- running -----------------------------------------------------------------------------

    def run(self) -> bool:
        """Start the chart in the worker; False when the inputs are not valid or it runs."""
        stacks = self._validate()
        if stacks is None or self._table is None or self.runner.running:
            return False
        table = self._table
        try:
            request = chart_request(table.spot, stacks, table.iterations, table.deals,
                                    table.seed)
        except InputError as exc:
            self.error.show_error(str(exc))
            return False
        self.error.clear_error()
        self.request = request
        self.chart = None
        self._fill_nodes(table.spot.nodes())
        self._draw()
        self._note = " (the node locks are not used: a chart is the equilibrium)" \
            if table.locks else ""
        self.status_label.setText(f"Running… 0/{len(stacks)} stacks{self._note}")
        self.runner.start(chart_job(request))
        self.run_button.set_running(True)
        self.stacks_edit.setEnabled(False)
        self._update_buttons()
        self.status_message.emit(f"Nash chart: {request.describe()}…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if detail is not None and detail is not self.chart:
            self.chart = detail  # type: ignore[assignment]
            self._draw()
        if total > 0:
            self.status_label.setText(f"Running… {int(done)}/{int(total)} stacks{self._note}")

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, ChartOutcome)
        self.chart = outcome.chart
        self._draw()
        request = self.request
        total = len(request.stacks) if request is not None else 0
        # what the curves are of: the form may be changed after Run
        what = "" if request is None else f"\nChart of {request.describe()}."
        self.status_label.setText(finished_text(outcome, total) + what)

    def _on_failed(self, message: str) -> None:
        self.error.show_error(message)
        self.status_label.setText("The chart failed.")
        self.status_message.emit("Nash chart failed: " + message)

    def _on_finished(self) -> None:
        self.run_button.set_running(False)
        self.stacks_edit.setEnabled(True)
        self._validate()
        self._update_buttons()
        self.status_message.emit(self.status_label.text().split("\n")[0])  # the status bar's line

    # -- the plot ----------------------------------------------------------------------------

    def _fill_nodes(self, nodes: list) -> None:
        """List the table's nodes, ticked as before when the same nodes are listed again."""
        names = tuple(node.name for node in nodes)
        ticked = set(self.shown_nodes()) if names == self._shown_nodes \
            else set(default_nodes(nodes))
        self.node_list.blockSignals(True)
        self.node_list.clear()
        for name in names:
            entry = QListWidgetItem(name)
            entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            entry.setCheckState(Qt.CheckState.Checked if name in ticked
                                else Qt.CheckState.Unchecked)
            self.node_list.addItem(entry)
        self.node_list.blockSignals(False)
        self._shown_nodes = names

    def shown_nodes(self) -> list[str]:
        """The ticked nodes, preflop order."""
        return [self.node_list.item(k).text() for k in range(self.node_list.count())
                if self.node_list.item(k).checkState() == Qt.CheckState.Checked]

    def set_node_shown(self, name: str, shown: bool) -> bool:
        """Tick or untick ``name``; False when the list has no such node."""
        for k in range(self.node_list.count()):
            entry = self.node_list.item(k)
            if entry.text() == name:
                entry.setCheckState(Qt.CheckState.Checked if shown
                                    else Qt.CheckState.Unchecked)
                return True
        return False

    def curve_points(self, node: str) -> tuple[list[float], list[float]]:
        """The drawn points of ``node`` (stack, play %); empty when it is not drawn."""
        curve = self.curves.get(node)
        if curve is None:
            return [], []
        x, y = curve.getData()
        return ([] if x is None else [float(v) for v in x],
                [] if y is None else [float(v) for v in y])

    def _draw(self) -> None:
        item = self.plot.getPlotItem()
        for curve in self.curves.values():
            item.removeItem(curve)
        self.curves = {}
        self.legend.clear()
        chart = self.chart
        if chart is None or not chart.stacks_bb:
            return
        actions = {node.name: node.action for node in chart.nodes}
        shown = [name for name in self.shown_nodes() if name in actions]
        x = [stacks[0] for stacks in chart.stacks_bb]
        for k, name in enumerate(shown):
            colour = pg.intColor(k, hues=max(len(shown), 1), values=1, maxValue=200)
            style = Qt.PenStyle.SolidLine if actions[name] == "push" else Qt.PenStyle.DashLine
            y = [chart.percent(row, name) for row in range(len(x))]
            self.curves[name] = item.plot(
                x, y, pen=pg.mkPen(colour, width=2, style=style), symbol="o", symbolSize=5,
                symbolBrush=colour, symbolPen=None, name=f"{name} {actions[name]} %")

    def values_at(self, stack: float) -> str:
        """The hover text: the drawn nodes' play % at the stack nearest ``stack``."""
        if self.chart is None:
            return ""
        return hover_text(self.chart, list(self.curves), stack)

    # -- export ------------------------------------------------------------------------------

    def export(self, path: str, fmt: str | None = None) -> bool:
        """CSV: a row per stack and node; JSON: the chart's document (``omahanash chart
        --out``'s). False (and the reason shown) when it cannot be written."""
        if self.chart is None:
            return False
        try:
            if (fmt or Path(path).suffix.lstrip(".") or "csv").lower() == "json":
                written = write_json(path, self.chart.document())
            else:
                written = write_table(path, EXPORT_COLUMNS, export_rows(self.chart), fmt)
        except InputError as exc:
            self.error.show_error(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True
