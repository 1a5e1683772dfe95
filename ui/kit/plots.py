"""Convergence plots: exploitability against iterations on a log₂ axis, as in the thesis.

The thesis plots every curve against "exponential marks of the number of iterations, base 2"
(Figures 2.2, 2.5, 2.8, 2.10). :class:`ConvergencePlot` keeps the curve's data in plain
iterations (``curve.xData``) and shows the x axis in pyqtgraph's log mode with ticks at powers
of two labelled 2⁰, 2¹, … (:class:`Log2Axis`); the y axis is logarithmic by default too (an
error that falls like 1/√T looks flat on a linear axis after a few powers of two), linear on
request.

Counted axes (answers, hands, spots) never show fractional ticks: :class:`IntegerAxis`.
Legends sit below the plot, never over its curves (:func:`legend_below`), and lines that
mean different things get different colours (:data:`PUSH_COLOUR`, :data:`CALL_COLOUR`).

Every plot of the app starts empty; :class:`NoDataPlaceholder` keeps it from showing the
meaningless ticks of an empty range: no tick labels and a grey "no data yet" until there is
something to show.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, QPointF
from PySide6.QtWidgets import QLabel, QWidget

from ui.kit.export import add_save_image_action

LOG10_2 = math.log10(2.0)
_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
#: At most about one labelled tick per this many pixels.
_PIXELS_PER_TICK = 45


def power_of_two_label(exponent: int) -> str:
    """``10`` -> ``'2¹⁰'``."""
    return "2" + str(exponent).translate(_SUPERSCRIPTS)


class Log2Axis(pg.AxisItem):
    """An axis in log mode whose ticks sit at powers of two (2⁰, 2¹, 2², …), thinned to every
    second, fourth, … power when the axis is short."""

    def logTickValues(self, minVal: float, maxVal: float, size: float,  # noqa: N802 (Qt API)
                      stdTicks: list) -> list:  # noqa: N803
        low = math.ceil(minVal / LOG10_2 - 1e-9)
        high = math.floor(maxVal / LOG10_2 + 1e-9)
        if high < low:
            return [(None, [])]
        step = 1
        room = max(1, int(size // _PIXELS_PER_TICK))
        while (high - low) // step + 1 > room:
            step *= 2
        exponents = [k for k in range(low, high + 1) if k % step == 0]
        minor = [k for k in range(low, high + 1) if k % step != 0] if step <= 4 else []
        return [(None, [k * LOG10_2 for k in exponents]), (None, [k * LOG10_2 for k in minor])]

    def logTickStrings(self, values: list[float], scale: float,  # noqa: N802 (Qt API)
                       spacing: float | None) -> list[str]:
        return [power_of_two_label(round(v / LOG10_2)) for v in values]


def decade_label(value: float) -> str:
    """A log axis's tick text: short, without pyqtgraph's ``1e-05`` for round values.

    >>> [decade_label(v) for v in (1e-5, 0.002, 0.05, 1.0, 20.0, 3e5)]
    ['1e-5', '0.002', '0.05', '1', '20', '3e5']
    """
    if value <= 0:
        return ""
    exponent = math.floor(math.log10(value) + 1e-9)
    mantissa = value / 10.0 ** exponent
    if -3 <= exponent <= 4:
        return f"{value:.{max(0, -exponent)}f}"
    return f"{mantissa:.0f}e{exponent}"


class LogValueAxis(pg.AxisItem):
    """A value axis in log mode whose labels never overlap: labelled ticks at powers of ten
    (every second, third, … decade on a short axis; 1-2-5 steps inside a span of under two
    decades), each at least :data:`LABEL_GAP` line heights from the next; unlabelled minor
    ticks at the 2…9 multiples when there is room. :meth:`labelled` says what is labelled
    (pyqtgraph's own log ticks labelled the minor ones too, piling numbers up on a short
    axis)."""

    #: The least distance between two labels, in lines of the axis's font.
    LABEL_GAP = 1.6

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._labelled: list[float] = []

    def _line(self) -> float:
        font = self.style.get("tickFont") or pg.QtGui.QFont()
        return float(pg.QtGui.QFontMetrics(font).height())

    def labelled(self, low: float, high: float, size: float) -> list[float]:
        """The log10 values labelled on an axis from ``low`` to ``high`` (log10) over
        ``size`` pixels."""
        if not (math.isfinite(low) and math.isfinite(high)) or high <= low or size <= 0:
            return []
        per_decade = size / (high - low)
        room = self._line() * self.LABEL_GAP
        first, last = math.ceil(low - 1e-9), math.floor(high + 1e-9)
        for mantissas in ((1, 2, 5), (1, 3), (1,)):
            values = [math.log10(m) + k for k in range(first - 1, last + 1) for m in mantissas
                      if low - 1e-9 <= math.log10(m) + k <= high + 1e-9]
            gaps = [b - a for a, b in zip(values, values[1:], strict=False)]
            if len(values) >= 2 and min(gaps) * per_decade >= room:
                return values
        step = 1
        while step * per_decade < room:
            step += 1
        decades = [float(k) for k in range(first, last + 1) if k % step == 0]
        if decades:
            return decades
        # less than one labelled decade fits: the two ends, if they are apart enough
        return [low, high] if (high - low) * per_decade >= room else [low]

    def logTickValues(self, minVal: float, maxVal: float, size: float,  # noqa: N802 (Qt API)
                      stdTicks: list) -> list:  # noqa: N803
        self._labelled = self.labelled(minVal, maxVal, size)
        minor: list[float] = []
        if maxVal - minVal > 0 and size / (maxVal - minVal) >= 60:
            minor = [math.log10(m) + k for k in range(math.floor(minVal), math.ceil(maxVal) + 1)
                     for m in range(2, 10) if minVal <= math.log10(m) + k <= maxVal
                     and not any(abs(math.log10(m) + k - v) < 1e-9 for v in self._labelled)]
        return [(None, self._labelled), (None, minor)]

    def logTickStrings(self, values: list[float], scale: float,  # noqa: N802 (Qt API)
                       spacing: float | None) -> list[str]:
        return [decade_label(10.0 ** v) if any(abs(v - w) < 1e-9 for w in self._labelled)
                else "" for v in values]


#: Push and call lines: two colours, never the same blue (the call line is also dashed).
PUSH_COLOUR = "#1f5fbf"
CALL_COLOUR = "#e07000"


class IntegerAxis(pg.AxisItem):
    """An axis of counted things: ticks only at whole numbers, at least 1 apart (no "spot 1.5").

    >>> app = pg.mkQApp()
    >>> axis = IntegerAxis("bottom")
    >>> [values for _, values in axis.tickValues(0.6, 3.4, 400)]
    [[1.0, 2.0, 3.0]]
    """

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:  # noqa: N802,N803
        levels = super().tickValues(minVal, maxVal, size)
        whole = [(max(1.0, float(spacing)),
                  [float(v) for v in values if abs(v - round(v)) < 1e-9])
                 for spacing, values in levels if spacing >= 1 - 1e-9]
        if not whole or not any(values for _, values in whole):
            low, high = math.ceil(minVal), math.floor(maxVal)
            return [(1.0, [float(v) for v in range(low, high + 1)])] if high >= low else []
        return [(spacing, values) for spacing, values in whole if values]


class FittingLegend(pg.LegendItem):
    """A legend of up to ``columns`` columns that takes fewer when its plot is too narrow for
    them: every entry stays whole (two columns of "BB vs SB call %" were cut at the right
    edge of the Table tab's Nash chart at 1280 px)."""

    def __init__(self, columns: int) -> None:
        super().__init__(colCount=columns)
        self.most_columns = max(1, columns)
        self._plot: pg.PlotItem | None = None

    def follow(self, item: pg.PlotItem) -> None:
        """Refit whenever ``item`` (the plot it sits under) changes size."""
        self._plot = item
        item.geometryChanged.connect(self.fit)

    def addItem(self, item: object, name: str) -> None:  # noqa: N802 - pyqtgraph's name
        super().addItem(item, name)
        self.fit()

    def entry_width(self) -> float:
        """The widest entry: its sample and its label, with the layout's spacing."""
        spacing = self.layout.horizontalSpacing()
        # the label's text (its LabelItem is stretched to the column it sits in)
        return max((sample.boundingRect().width() + label.item.boundingRect().width()
                    + 2 * max(spacing, 0.0) for sample, label in self.items), default=0.0)

    def fit(self) -> None:
        """As many columns (up to :attr:`most_columns`) as the plot's width holds whole."""
        if self._plot is None or not self.items:
            return
        # the legend's column: the plot's width but its left axis, less the legend's margins
        room = self._plot.geometry().width() - self._plot.getAxis("left").geometry().width() \
            - 10.0
        widest = self.entry_width()
        columns = self.most_columns if widest <= 0 else \
            max(1, min(self.most_columns, int(room // widest)))
        if columns != self.columnCount:
            self.setColumnCount(columns)


def legend_below(item: pg.PlotItem, columns: int = 4) -> pg.LegendItem:
    """A legend in the row under ``item``'s bottom axis (never over its curves), laid out in
    up to ``columns`` columns — fewer when the plot is too narrow for its entries whole
    (:class:`FittingLegend`); ``item.plot(..., name=...)`` adds to it as to
    ``addLegend``'s."""
    legend = FittingLegend(columns)
    legend.setParentItem(item)
    item.layout.addItem(legend, 4, 1)
    item.legend = legend
    legend.follow(item)
    return legend


def percent_plot(object_name: str, bottom: str, left: str, *, legend_columns: int,
                 report: Callable[[str], object] | None = None,
                 ) -> tuple[pg.PlotWidget, pg.LegendItem]:
    """A white plot of percentages (0-100) against ``bottom`` with a grid, the legend below
    (:func:`legend_below`) and "Save image…" in its menu (``report`` hears where it went): the
    Nash charts' plots.

    >>> app = pg.mkQApp()
    >>> plot, legend = percent_plot("p", "stack", "plays (%)", legend_columns=2)
    >>> plot.objectName(), plot.getPlotItem().getAxis("left").labelText
    ('p', 'plays (%)')
    """
    plot = pg.PlotWidget()
    plot.setObjectName(object_name)
    plot.setBackground("w")
    item = plot.getPlotItem()
    item.showGrid(x=True, y=True, alpha=0.25)
    item.setLabel("bottom", bottom)
    item.setLabel("left", left)
    item.setYRange(0, 100)
    add_save_image_action(plot, report)
    return plot, legend_below(item, columns=legend_columns)


def hover_readout(plot: pg.PlotWidget, label: QLabel, text_at: Callable[[float], str],
                  active: Callable[[], bool]) -> None:
    """While ``active()``, moving the mouse over ``plot``'s view shows ``text_at(x)`` (x in
    data units) in ``label`` and as the plot's tooltip."""
    view = plot.getPlotItem().getViewBox()

    def moved(position: QPointF) -> None:
        if not active() or not view.sceneBoundingRect().contains(position):
            return
        text = text_at(view.mapSceneToView(position).x())
        label.setText(text)
        plot.setToolTip(text)

    plot.scene().sigMouseMoved.connect(moved)


class NoDataPlaceholder(QObject):
    """Hides the ticks of a plot while it has no data and writes ``text`` in its middle.

    With ``watched`` curves the placeholder follows them (empty while every one is); without,
    the owner says when the plot has data (:meth:`set_empty`). The axes keep their labels
    (what is plotted), only the numbers of an empty range go.

    >>> import pyqtgraph as pg
    >>> app = pg.mkQApp()
    >>> item = pg.PlotItem()
    >>> curve = item.plot([], [])
    >>> placeholder = NoDataPlaceholder(item, [curve])
    >>> placeholder.empty, item.getAxis("left").style["showValues"]
    (True, False)
    >>> curve.setData([1, 2], [3, 4])
    >>> placeholder.empty, item.getAxis("bottom").style["showValues"]
    (False, True)
    """

    AXES = ("left", "bottom")

    def __init__(self, item: pg.PlotItem, watched: Sequence[pg.PlotDataItem] = (),
                 text: str = "no data yet") -> None:
        super().__init__(item)
        self.item = item
        self._watched = list(watched)
        self.label = pg.TextItem(text, color="#8a8a8a", anchor=(0.5, 0.5))
        self.label.setParentItem(item.getViewBox())  # view pixels: not part of the data range
        item.getViewBox().sigResized.connect(self._centre)
        for curve in self._watched:
            curve.sigPlotChanged.connect(self._follow)
        self.empty = False
        self.set_empty(not self._watched_have_data())

    def set_empty(self, empty: bool) -> None:
        """Show the placeholder (``empty``) or the plot's ticks."""
        self.empty = empty
        for name in self.AXES:
            axis = self.item.getAxis(name)
            axis.setStyle(showValues=not empty)
            axis.setTicks([[], []] if empty else None)  # no tick marks or grid lines either
        self.label.setVisible(empty)
        self._centre()

    def _watched_have_data(self) -> bool:
        return any(curve.xData is not None and len(curve.xData) > 0 for curve in self._watched)

    def _follow(self, *_args: object) -> None:
        has_data = self._watched_have_data()
        if has_data == self.empty:
            self.set_empty(not has_data)

    def _centre(self, *_args: object) -> None:
        self.label.setPos(self.item.getViewBox().boundingRect().center())


class ConvergencePlot(pg.PlotWidget):
    """A plot of one quantity against iterations (log₂ x axis, log y by default);
    :meth:`set_history` replaces the curve with ``(iteration, value)`` pairs; "no data yet"
    while there are none; its context menu saves it as PNG or SVG."""

    def __init__(self, y_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, axisItems={"bottom": Log2Axis("bottom"),
                                                   "left": LogValueAxis("left")})
        self.setBackground("w")
        item = self.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        item.setLabel("bottom", "iterations (log₂ scale)")
        item.setLabel("left", y_label)
        item.getAxis("left").enableAutoSIPrefix(False)  # no "(x0.001)" on a log axis
        item.setLogMode(x=True, y=True)
        self.curve = item.plot([], [], pen=pg.mkPen("#1f5fbf", width=2), symbol="o",
                               symbolSize=5, symbolBrush="#1f5fbf", symbolPen=None)
        self._history: list[tuple[int, float]] = []
        self.placeholder = NoDataPlaceholder(item, [self.curve])
        add_save_image_action(self)

    def set_history(self, history: Sequence[tuple[int, float]]) -> None:
        """Show these points (iterations ≥ 1); an empty history clears the plot."""
        self._history = list(history)
        if not history:
            self.curve.setData([], [])
            return
        data = np.asarray(history, dtype=np.float64)
        if self.getPlotItem().ctrl.logYCheck.isChecked():
            data = data[data[:, 1] > 0]  # a log axis cannot show 0 (an exact equilibrium)
        self.curve.setData(data[:, 0], data[:, 1])

    def set_y_label(self, text: str) -> None:
        """Name the y axis (the quantity and its unit)."""
        self.getPlotItem().setLabel("left", text)

    @property
    def y_label(self) -> str:
        return str(self.getPlotItem().getAxis("left").labelText)

    def set_log_y(self, on: bool) -> None:
        """Switch the y axis between linear and log; the data stays as it is."""
        self.getPlotItem().setLogMode(x=True, y=on)
        self.set_history(self._history)

    def history(self) -> list[tuple[float, float]]:
        """The points shown: ``(iteration, value)``."""
        x, y = self.curve.xData, self.curve.yData
        if x is None:
            return []
        return list(zip(x.tolist(), y.tolist()))
