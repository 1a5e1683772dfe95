"""The width curve of the exploit panel: against the locked player's width (top x % of hands),
the best response's range % and its gain over Nash in bb/100, on two y axes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from ui.export import add_save_image_action

if TYPE_CHECKING:
    from omahanash.jamfold.exploit import WidthPoint

BR_COLOUR = "#1f5fbf"
GAIN_COLOUR = "#c0392b"


class WidthCurvePlot(pg.PlotWidget):
    """Against the locked player's width (top x % of hands): the best response's range % (left
    axis, blue) and its gain over Nash in bb/100 (right axis, red)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setBackground("w")
        item = self.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        item.setLabel("bottom", "locked player's range: top x % of hands")
        item.setLabel("left", "best response range (%)", color=BR_COLOUR)
        item.setLabel("right", "gain over Nash (bb/100)", color=GAIN_COLOUR)
        item.setXRange(0, 100)
        add_save_image_action(self)
        item.addLegend(offset=(10, 10))
        self.range_curve = item.plot([], [], pen=pg.mkPen(BR_COLOUR, width=2), symbol="o",
                                     symbolSize=5, symbolBrush=BR_COLOUR, symbolPen=None,
                                     name="best response %")
        # The gain has its own y axis: a second view box on the right, sharing x.
        self.gain_box = pg.ViewBox()
        item.scene().addItem(self.gain_box)
        item.getAxis("right").linkToView(self.gain_box)
        self.gain_box.setXLink(item)
        self.gain_curve = pg.PlotDataItem([], [], pen=pg.mkPen(GAIN_COLOUR, width=2),
                                          symbol="t", symbolSize=6, symbolBrush=GAIN_COLOUR,
                                          symbolPen=None, name="gain (bb/100)")
        self.gain_box.addItem(self.gain_curve)
        item.legend.addItem(self.gain_curve, "gain (bb/100)")
        item.vb.sigResized.connect(self._align_boxes)
        #: Why the curve shown is another spot's ("" when it is the tab's).
        self.stale_text = ""

    def _align_boxes(self) -> None:
        self.gain_box.setGeometry(self.getPlotItem().vb.sceneBoundingRect())

    def set_points(self, points: list[WidthPoint], bb: float) -> None:
        """Show a width curve (the gain converted to bb/100 with the big blind ``bb``); an
        empty list clears the plot."""
        x = np.array([p.percent for p in points], dtype=np.float64)
        self.range_curve.setData(x, np.array([p.best_response_percent for p in points]))
        self.gain_curve.setData(x, np.array([100.0 * p.gain / bb for p in points]))
        self.gain_box.enableAutoRange()

    def set_stale(self, text: str) -> None:
        """Title the plot with ``text`` (why the curve is another spot's) and fade the
        curves; "" shows them plainly."""
        self.getPlotItem().setTitle(f"<i>stale: {text}</i>" if text else None, size="9pt")
        for curve in (self.range_curve, self.gain_curve):
            curve.setOpacity(0.35 if text else 1.0)
        self.stale_text = text

    def points(self) -> list[tuple[float, float, float]]:
        """The points shown: ``(width %, best response %, gain bb/100)``."""
        x, y = self.range_curve.xData, self.range_curve.yData
        if x is None or self.gain_curve.yData is None:
            return []
        return list(zip(x.tolist(), y.tolist(), self.gain_curve.yData.tolist(), strict=True))
