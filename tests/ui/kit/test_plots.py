"""The convergence plot's log value axis (issue 35): its tick labels never overlap, on short
and tall axes over narrow and wide ranges, and the plot names its unit."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QFontMetrics

from ui.kit.plots import ConvergencePlot, LogValueAxis, decade_label


@pytest.mark.parametrize("height", [60, 120, 180, 260, 400, 700])
@pytest.mark.parametrize("low, high", [(-6.3, 1.2), (-2.1, -1.4), (-4.0, 0.0), (-9.7, 3.9),
                                       (-1.05, -0.95), (0.2, 2.7)])
def test_log_axis_labels_keep_apart(qtbot, height, low, high):
    plot = ConvergencePlot("NashConv (% pool)")
    qtbot.addWidget(plot)
    axis = plot.getPlotItem().getAxis("left")
    assert isinstance(axis, LogValueAxis)
    levels = axis.logTickValues(low, high, height, [])
    labelled = [v for v, text in zip(levels[0][1], axis.logTickStrings(levels[0][1], 1, None),
                                     strict=True) if text]
    minor = axis.logTickStrings(levels[1][1], 1, None)
    assert all(text == "" for text in minor), minor
    assert labelled, "at least one label"
    line = QFontMetrics(axis.style.get("tickFont") or plot.font()).height()
    pixels = [height * (v - low) / (high - low) for v in labelled]
    gaps = [b - a for a, b in zip(pixels, pixels[1:], strict=False)]
    assert all(gap >= line for gap in gaps), (height, low, high, gaps, line)
    texts = [decade_label(10 ** v) for v in labelled]
    assert len(set(texts)) == len(texts), texts  # no two labels read the same


def test_a_tall_axis_over_a_short_span_has_1_2_5_labels(qtbot):
    axis = LogValueAxis("left")
    values = axis.labelled(math.log10(0.01), math.log10(0.6), 400)
    assert [decade_label(10 ** v) for v in values] == ["0.01", "0.02", "0.05", "0.1", "0.2",
                                                       "0.5"]


def test_the_plot_names_its_unit(qtbot):
    plot = ConvergencePlot("NashConv")
    qtbot.addWidget(plot)
    plot.set_y_label("NashConv (bb)")
    assert plot.y_label == "NashConv (bb)"


@pytest.mark.parametrize("width", [360, 520, 900])
def test_the_legend_keeps_every_entry_inside_the_plot(qtbot, width):
    """The Table tab's Nash chart at 1280 px cut "BB vs SB call %" at the plot's right edge:
    a legend under a plot takes as many columns as fit whole, two when there is room."""
    from ui.kit.plots import percent_plot

    plot, legend = percent_plot("p", "stack (bb)", "plays (%)", legend_columns=2)
    qtbot.addWidget(plot)
    for name in ("BTN push %", "SB push %", "BB vs BTN call %", "BB vs SB call %",
                 "BB vs BTN+SB call %"):
        plot.plot([1, 2], [10, 20], name=name)
    plot.resize(width, 360)
    plot.show()
    qtbot.waitExposed(plot)
    qtbot.wait(50)
    right = plot.mapFromScene(plot.getPlotItem().mapToScene(
        plot.getPlotItem().boundingRect().topRight())).x()
    for _sample, label in legend.items:
        edge = plot.mapFromScene(label.mapToScene(label.boundingRect().topRight())).x()
        assert edge <= min(right, plot.width()) + 1, (width, label.text, edge, plot.width())
    assert legend.columnCount == (2 if width >= 520 else 1)
