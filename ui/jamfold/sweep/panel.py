"""The Nash chart of the Jam-fold tab: push % and call % against the stack.

The command line's ``omahanash jamfold --sweep`` as a page of the tab: pick the game
(``sweepVariantsCombo``: Hold'em, Omaha Hi, Omaha Hi/Lo or all three overlaid), the stacks in
big blinds (``sweepStacksEdit``: ``2-20`` for every whole stack from 2 to 20, or a list ``2, 5,
10``), and **Run** (``sweepRunButton``, a Run/Stop button): :func:`omahanash.jamfold.sweep`
solves each equal effective stack in the tab's worker (:meth:`ui.kit.common.Tab.make_runner`) with
the tab's blinds and ante. Stop keeps the stacks finished so far. A variant whose equity table
is not built is skipped and named in ``sweepStatus``; the others still run. It is the
heads-up chart (``sweepScopeLabel`` says so); 3 to 10 players with payouts are the Table tab's
Nash chart (:mod:`ui.table.chart.panel`).

``sweepPlot`` draws per variant two curves, push % (solid) and call % (dashed), with a legend;
hovering shows the values of the nearest stack (``sweepHoverLabel``). The points export as CSV
or JSON (``sweepExportCsvButton``, ``sweepExportJsonButton``) and the plot as an image (its
context menu).

What the inputs ask for, the exported rows and the texts are the Qt-free
:mod:`ui.jamfold.sweep.model`; the job is :mod:`ui.jamfold.sweep.jobs`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.jamfold.sweep.jobs import SweepOutcome, sweep_job
from ui.jamfold.sweep.model import (  # noqa: F401 (re-exported: the page's names before the split)
    CHOICES,
    EXPORT_COLUMNS,
    MAX_STACKS,
    export_rows,
    finished_text,
    hover_text,
    parse_stacks_text,
)
from ui.kit.common import ErrorLabel, RunStopButton, named
from ui.kit.export import export_buttons, write_table
from ui.kit.plots import CALL_COLOUR, PUSH_COLOUR, hover_readout, percent_plot

if TYPE_CHECKING:
    from omahanash.jamfold import SweepRow
    from ui.kit.workers import JobRunner

COLOURS = {Variant.HOLDEM: "#1f5fbf", Variant.OMAHA_HI: "#c0392b", Variant.OMAHA_HILO: "#27864a"}
#: The call line of each variant when all three are shown: a hue of its own, never the push
#: line's colour.
CALL_COLOURS = {Variant.HOLDEM: "#e07000", Variant.OMAHA_HI: "#8e44ad",
                Variant.OMAHA_HILO: "#8a6d00"}


def line_colour(variant: Variant, what: str, several: bool) -> str:
    """The colour of ``variant``'s ``push`` or ``call`` line: push and call always differ
    (one variant: :data:`ui.kit.plots.PUSH_COLOUR` and :data:`ui.kit.plots.CALL_COLOUR`).

    >>> line_colour(Variant.HOLDEM, "push", False) != line_colour(Variant.HOLDEM, "call", False)
    True
    """
    if not several:
        return PUSH_COLOUR if what == "push" else CALL_COLOUR
    return COLOURS[variant] if what == "push" else CALL_COLOURS[variant]


class SweepPanel(QWidget):
    """The sweep page: inputs, Run/Stop, the plot, exports (see the module docstring)."""

    status_message = Signal(str)

    def __init__(self, make_runner: Callable[..., JobRunner], tables: dict,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sweepPanel")
        self.runner = make_runner(progressed=self._on_progressed, succeeded=self._on_succeeded,
                                  failed=self._on_failed, finished=self._on_finished)
        self._tables = tables
        from omahanash.jamfold import JamFoldParams

        defaults = JamFoldParams()  # until the tab's game says (set_blinds)
        self._blinds: tuple[float, float, float] = (defaults.sb, defaults.bb, defaults.ante)
        #: The finished stacks per variant (what the plot shows and the exports write).
        self.results: dict[str, list[SweepRow]] = {}
        self.skipped: dict[str, str] = {}

        inputs = QHBoxLayout()
        self.variants_combo = named(QComboBox(), "sweepVariantsCombo")
        self.variants_combo.addItems(list(CHOICES))
        self.variants_combo.setToolTip("The game, or all three overlaid")
        self.stacks_edit = named(QLineEdit("2-20"), "sweepStacksEdit")
        self.stacks_edit.setPlaceholderText("stacks in bb: 2-20")
        self.stacks_edit.setMinimumWidth(60)
        self.stacks_edit.setToolTip("Equal effective stacks in big blinds: 2-20 (every whole "
                                    "stack) or 2, 5, 10")
        self.run_button = RunStopButton("Run sweep", "sweepRunButton")
        self.run_button.setToolTip("Solve the equilibrium at each stack with the blinds and "
                                   "ante above (Omaha: about half a minute per stack)")
        inputs.addWidget(self.variants_combo)
        inputs.addWidget(self.stacks_edit, 1)
        inputs.addWidget(self.run_button)
        self.stacks_error = ErrorLabel("sweepStacksError")
        self.error = ErrorLabel("sweepError")
        self.status_label = named(QLabel(""), "sweepStatus")
        self.status_label.setWordWrap(True)
        self.scope_label = named(QLabel("Heads-up. For 3 to 10 players, with payouts: the "
                                        "Table tab's Nash chart."), "sweepScopeLabel")
        self.scope_label.setWordWrap(True)

        self.plot, self.legend = percent_plot(
            "sweepPlot", "effective stack (big blinds)", "range (% of hands)", legend_columns=3,
            report=self.status_message.emit)
        item = self.plot.getPlotItem()
        item.getAxis("bottom").setStyle(showValues=False)  # no ticks without data
        item.getAxis("left").setStyle(showValues=False)
        self.curves: dict[tuple[str, str], pg.PlotDataItem] = {}
        self.hover_label = named(QLabel(""), "sweepHoverLabel")
        self.hover_label.setWordWrap(True)
        hover_readout(self.plot, self.hover_label, self.values_at, lambda: bool(self.curves))

        exports = QHBoxLayout()
        self.export_buttons = export_buttons(self, self.export, json_name="sweepExportJsonButton",
                                             csv_name="sweepExportCsvButton",
                                             title="Export the sweep")
        for button in self.export_buttons:
            exports.addWidget(button)
        exports.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
        layout.addWidget(self.scope_label)
        layout.addWidget(self.stacks_error)
        layout.addWidget(self.error)
        layout.addWidget(self.status_label)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.hover_label)
        layout.addLayout(exports)

        self.stacks_edit.textChanged.connect(self._validate)
        self.run_button.drive(self.runner, self.run)
        self._validate()
        self._update_buttons()

    # -- inputs ------------------------------------------------------------------------------

    def set_blinds(self, sb: float, bb: float, ante: float) -> None:
        """The blinds and ante (chips) the next sweep uses: the tab's valid inputs."""
        self._blinds = (sb, bb, ante)

    def _validate(self) -> list[float] | None:
        try:
            stacks = parse_stacks_text(self.stacks_edit.text())
        except ValueError as exc:
            self.stacks_error.show_error(str(exc))
            self.run_button.set_inputs_valid(False)
            return None
        self.stacks_error.clear_error()
        self.run_button.set_inputs_valid(True)
        return stacks

    def _update_buttons(self) -> None:
        have = any(self.results.values())
        for button in self.export_buttons:
            button.setEnabled(have and not self.runner.running)

    # -- running -----------------------------------------------------------------------------


    def run(self) -> bool:
        """Start the sweep in the worker; False when the stacks are invalid or it runs."""
        stacks = self._validate()
        if stacks is None or self.runner.running:
            return False
        variants = CHOICES[self.variants_combo.currentText()]
        job = sweep_job(variants, stacks, self._blinds, self._tables)
        self.results, self.skipped = {}, {}
        self._show()
        self.error.clear_error()
        self.status_label.setText("Running…")
        self.runner.start(job)
        self.run_button.set_running(True)
        self.variants_combo.setEnabled(False)
        self.stacks_edit.setEnabled(False)
        self._update_buttons()
        self.status_message.emit(f"Sweeping {len(stacks)} stacks for "
                                 f"{self.variants_combo.currentText()}…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if isinstance(detail, dict) and len(detail) != len(self.results):
            self.results = detail
            self._show()
        if total > 0:
            self.status_label.setText(f"Running… {int(done)}/{int(total)} stacks")

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, SweepOutcome)
        self.results, self.skipped = outcome.results, outcome.skipped
        self._show()
        if outcome.stopped:
            self.status_message.emit("Sweep stopped.")

    def _on_failed(self, message: str) -> None:
        self.error.show_error(message)
        self.status_message.emit("Sweep failed: " + message)

    def _on_finished(self) -> None:
        self.run_button.set_running(False)
        self.variants_combo.setEnabled(True)
        self.stacks_edit.setEnabled(True)
        self._validate()
        self._update_buttons()
        self.status_label.setText(finished_text(self.results, self.skipped))
        self.status_message.emit(self.status_label.text())

    # -- the plot ----------------------------------------------------------------------------

    def _show(self) -> None:
        """Redraw the curves of :attr:`results` (push solid, call dashed, each line its own
        colour)."""
        item = self.plot.getPlotItem()
        for curve in self.curves.values():
            item.removeItem(curve)
        self.curves = {}
        self.legend.clear()
        for variant, rows in self.results.items():
            if not rows:
                continue
            name = Variant(variant).display_name
            x = [r.stack_bb for r in rows]
            for what, values, style in (("push", [r.pusher_range for r in rows],
                                         Qt.PenStyle.SolidLine),
                                        ("call", [r.caller_range for r in rows],
                                         Qt.PenStyle.DashLine)):
                colour = line_colour(Variant(variant), what, len(self.results) > 1)
                self.curves[(variant, what)] = item.plot(
                    x, values, pen=pg.mkPen(colour, width=2, style=style), symbol="o",
                    symbolSize=5, symbolBrush=colour, symbolPen=None,
                    name=f"{name} {what} %")
        shown = bool(self.curves)
        item.getAxis("bottom").setStyle(showValues=shown)
        item.getAxis("left").setStyle(showValues=shown)

    def values_at(self, stack: float) -> str:
        """The hover text: each variant's push and call % at the stack nearest ``stack``."""
        return hover_text(self.results, stack)

    # -- export ------------------------------------------------------------------------------

    def table(self) -> list[list]:
        """The exported rows: game, stack, push %, call %, Epsilon (chips), iterations."""
        return export_rows(self.results)

    def export(self, path: str, fmt: str | None = None) -> bool:
        """Write the sweep as CSV or JSON; False (and the reason shown) when it cannot."""
        try:
            written = write_table(path, EXPORT_COLUMNS, self.table(), fmt)
        except InputError as exc:
            self.error.show_error(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True
