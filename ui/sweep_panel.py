"""The Nash chart of the Jam-fold tab: push % and call % against the stack.

The command line's ``omahanash jamfold --sweep`` as a page of the tab: pick the game
(``sweepVariantsCombo``: Hold'em, Omaha Hi, Omaha Hi/Lo or all three overlaid), the stacks in
big blinds (``sweepStacksEdit``: ``2-20`` for every whole stack from 2 to 20, or a list ``2, 5,
10``), and **Run** (``sweepRunButton``, a Run/Stop button): :func:`omahanash.jamfold.sweep`
solves each equal effective stack in the tab's worker (:meth:`ui.common.Tab.make_runner`) with
the tab's blinds and ante. Stop keeps the stacks finished so far. A variant whose equity table
is not built is skipped and named in ``sweepStatus``; the others still run.

``sweepPlot`` draws per variant two curves, push % (solid) and call % (dashed), with a legend;
hovering shows the values of the nearest stack (``sweepHoverLabel``). The points export as CSV
or JSON (``sweepExportCsvButton``, ``sweepExportJsonButton``) and the plot as an image (its
context menu).

>>> parse_stacks_text("2-5"), parse_stacks_text("10, 2.5")
([2.0, 3.0, 4.0, 5.0], [2.5, 10.0])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from omahanash.cards import Variant
from omahanash.errors import InputError
from ui.common import ErrorLabel, RunStopButton, named
from ui.export import add_save_image_action, export_buttons, write_table

if TYPE_CHECKING:
    from omahanash.jamfold import SweepRow
    from omahanash.runs import CancelFlag
    from ui.workers import JobRunner, ProgressReporter

#: The picker's items: what each runs.
CHOICES = {"Hold'em": (Variant.HOLDEM,), "Omaha Hi": (Variant.OMAHA_HI,),
           "Omaha Hi/Lo": (Variant.OMAHA_HILO,),
           "All three": (Variant.HOLDEM, Variant.OMAHA_HI, Variant.OMAHA_HILO)}
COLOURS = {Variant.HOLDEM: "#1f5fbf", Variant.OMAHA_HI: "#c0392b", Variant.OMAHA_HILO: "#27864a"}
MAX_STACKS = 200
EXPORT_COLUMNS = ("game", "stack_bb", "push_pct", "call_pct", "epsilon", "iterations")


def parse_stacks_text(text: str) -> list[float]:
    """Stacks in big blinds: ``a-b`` (every whole stack from a to b) or a list separated by
    commas; sorted, without repeats. ValueError says what is wrong."""
    cleaned = text.replace(" ", "")
    if not cleaned:
        raise ValueError("enter the stacks in big blinds, e.g. 2-20 or 2, 5, 10")
    try:
        if "-" in cleaned and "," not in cleaned:
            low_text, high_text = cleaned.split("-", 1)
            low, high = float(low_text), float(high_text)
            if not (math.isfinite(low) and math.isfinite(high)) or high < low:
                raise ValueError
            stacks = [low + k for k in range(int(high - low) + 1)]
        else:
            stacks = [float(item) for item in cleaned.split(",") if item]
    except ValueError:
        raise ValueError(f"the stacks must read like 2-20 or 2, 5, 10, not {text.strip()!r}") \
            from None
    if not stacks or not all(math.isfinite(s) and s > 0 for s in stacks):
        raise ValueError("every stack must be a number of big blinds above 0")
    if len(stacks) > MAX_STACKS:
        raise ValueError(f"at most {MAX_STACKS} stacks at a time")
    return sorted(set(stacks))


class SweepPanel(QWidget):
    """The sweep page: inputs, Run/Stop, the plot, exports (see the module docstring)."""

    status_message = Signal(str)

    def __init__(self, make_runner: Callable[..., JobRunner], tables: dict,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sweepPanel")
        self.runner = make_runner(progressed=self._on_progressed, succeeded=self._on_succeeded,
                                  failed=self._on_failed, stopped=self._on_stopped,
                                  finished=self._on_finished)
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

        self.plot = pg.PlotWidget()
        self.plot.setObjectName("sweepPlot")
        self.plot.setBackground("w")
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        item.setLabel("bottom", "effective stack (big blinds)")
        item.setLabel("left", "range (% of hands)")
        item.setYRange(0, 100)
        item.getAxis("bottom").setStyle(showValues=False)  # no ticks without data
        item.getAxis("left").setStyle(showValues=False)
        self.legend = item.addLegend(offset=(-10, 10))
        self.curves: dict[tuple[str, str], pg.PlotDataItem] = {}
        add_save_image_action(self.plot, self.status_message.emit)
        self.hover_label = named(QLabel(""), "sweepHoverLabel")
        self.hover_label.setWordWrap(True)
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)

        exports = QHBoxLayout()
        self.export_buttons = export_buttons(self, self.export, json_name="sweepExportJsonButton",
                                             csv_name="sweepExportCsvButton",
                                             title="Export the sweep")
        for button in self.export_buttons:
            exports.addWidget(button)
        exports.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
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
        sb, bb, ante = self._blinds
        tables = dict(self._tables)
        results: dict[str, list[SweepRow]] = {}
        skipped: dict[str, str] = {}

        def job(report: ProgressReporter, cancel: CancelFlag) -> tuple[dict, dict]:
            from omahanash.jamfold import sweep

            report.phase("sweep", detail=lambda: dict(results))
            total = len(stacks) * len(variants)
            for k, variant in enumerate(variants):
                table = tables.get(variant)
                if table is None:
                    from omahanash.equity.tables import load_table

                    try:
                        table = load_table(variant)
                    except InputError as exc:
                        skipped[variant] = str(exc)
                        continue

                def progress(done: float, _total: float, offset: int = k * len(stacks)) -> None:
                    report(offset + done, total)

                results[variant] = sweep(variant, stacks, sb=sb, bb=bb, ante=ante, table=table,
                                         progress=progress, cancel=cancel)
                if cancel.cancelled:
                    break
            return results, skipped

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

    def _on_succeeded(self, result: object) -> None:
        self.results, self.skipped = result  # type: ignore[misc]
        self._show()

    def _on_failed(self, message: str) -> None:
        self.error.show_error(message)
        self.status_message.emit("Sweep failed: " + message)

    def _on_stopped(self) -> None:
        self.status_message.emit("Sweep stopped.")

    def _on_finished(self) -> None:
        self.run_button.set_running(False)
        self.variants_combo.setEnabled(True)
        self.stacks_edit.setEnabled(True)
        self._validate()
        self._update_buttons()
        done = sum(len(rows) for rows in self.results.values())
        notes = [f"{done} stacks solved" + ("" if done else " (stopped before the first)")]
        notes += [f"{Variant(v).display_name} skipped: {why}" for v, why in self.skipped.items()]
        self.status_label.setText("; ".join(notes) + ".")
        self.status_message.emit(self.status_label.text())

    # -- the plot ----------------------------------------------------------------------------

    def _show(self) -> None:
        """Redraw the curves of :attr:`results` (push solid, call dashed, one colour each)."""
        item = self.plot.getPlotItem()
        for curve in self.curves.values():
            item.removeItem(curve)
        self.curves = {}
        self.legend.clear()
        for variant, rows in self.results.items():
            if not rows:
                continue
            colour = COLOURS[Variant(variant)]
            name = Variant(variant).display_name
            x = [r.stack_bb for r in rows]
            for what, values, style in (("push", [r.pusher_range for r in rows],
                                         Qt.PenStyle.SolidLine),
                                        ("call", [r.caller_range for r in rows],
                                         Qt.PenStyle.DashLine)):
                self.curves[(variant, what)] = item.plot(
                    x, values, pen=pg.mkPen(colour, width=2, style=style), symbol="o",
                    symbolSize=5, symbolBrush=colour, symbolPen=None,
                    name=f"{name} {what} %")
        shown = bool(self.curves)
        item.getAxis("bottom").setStyle(showValues=shown)
        item.getAxis("left").setStyle(showValues=shown)

    def values_at(self, stack: float) -> str:
        """The hover text: each variant's push and call % at the stack nearest ``stack``."""
        parts = []
        for variant, rows in self.results.items():
            if rows:
                row = min(rows, key=lambda r: abs(r.stack_bb - stack))
                parts.append(f"{Variant(variant).display_name} at {row.stack_bb:g} bb: push "
                             f"{row.pusher_range:.1f}%, call {row.caller_range:.1f}%")
        return "\n".join(parts)

    def _on_mouse_moved(self, position: QPointF) -> None:
        view = self.plot.getPlotItem().getViewBox()
        if not self.curves or not view.sceneBoundingRect().contains(position):
            return
        text = self.values_at(view.mapSceneToView(position).x())
        self.hover_label.setText(text)
        self.plot.setToolTip(text)

    # -- export ------------------------------------------------------------------------------

    def table(self) -> list[list]:
        """The exported rows: game, stack, push %, call %, Epsilon (chips), iterations."""
        return [[str(variant), row.stack_bb, row.pusher_range, row.caller_range, row.epsilon,
                 row.iterations] for variant, rows in self.results.items() for row in rows]

    def export(self, path: str, fmt: str | None = None) -> bool:
        """Write the sweep as CSV or JSON; False (and the reason shown) when it cannot."""
        try:
            written = write_table(path, EXPORT_COLUMNS, self.table(), fmt)
        except InputError as exc:
            self.error.show_error(str(exc))
            return False
        self.status_message.emit(f"Exported {written}")
        return True
