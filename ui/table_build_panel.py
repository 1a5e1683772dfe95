"""The offer to build an Omaha equity table, shown where a table is missing (the Jam-fold tab).

:class:`TableBuildPanel` says that the chosen variant's table is not built (or that an
interrupted build can resume), builds it in a worker on **Build table** with a progress bar
and an estimate of the time left, and **Cancel** stops it between steps (the next build
resumes where it stopped). The tab asks :meth:`TableBuildPanel.check` whether a variant's
table is there before it runs anything; ``building`` tells it when a build starts and ends,
so it can lock the variant meanwhile.

>>> from PySide6.QtWidgets import QApplication
>>> from ui.common import Tab
>>> app = QApplication.instance() or QApplication([])
>>> panel = TableBuildPanel(Tab().make_runner)
>>> panel.check("holdem", "Hold'em"), panel.isHidden()
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from omahanash.cards import Variant
from omahanash.runs import CancelFlag
from ui.common import ErrorLabel
from ui.workers import JobRunner, ProgressReporter


class TableBuildPanel(QGroupBox):
    """The build offer (object names ``buildLabel``, ``buildTableButton``, ``buildProgress``,
    ``buildCancelButton``, ``buildEtaLabel``, ``buildError``); ``make_runner`` is the tab's
    :meth:`~ui.common.Tab.make_runner`."""

    #: A line for the window's status bar.
    status_message = Signal(str)
    #: True when a build starts, False when it has ended (built, cancelled or failed).
    building = Signal(bool)

    def __init__(self, make_runner: Callable[..., JobRunner],
                 parent: QWidget | None = None) -> None:
        super().__init__("Equity table", parent)
        self.runner = make_runner(progressed=self._on_progressed,
                                  succeeded=self._on_succeeded, failed=self._on_failed,
                                  stopped=self._on_stopped, finished=self._on_finished)
        self.variant: Variant | None = None  # what the offer is for
        self._started: tuple[float, float] | None = None  # (time, done) of the first report
        box = QVBoxLayout(self)
        self.label = QLabel("", objectName="buildLabel")
        self.label.setWordWrap(True)
        box.addWidget(self.label)
        row = QHBoxLayout()
        self.build_button = QPushButton("Build table", objectName="buildTableButton")
        self.progress = QProgressBar(objectName="buildProgress")
        self.progress.setRange(0, 1000)
        self.cancel_button = QPushButton("Cancel", objectName="buildCancelButton")
        row.addWidget(self.build_button)
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        self.eta = QLabel("", objectName="buildEtaLabel")
        box.addWidget(self.eta)
        self.error = ErrorLabel("buildError")
        box.addWidget(self.error)
        self.cancel_button.setEnabled(False)
        self.hide()
        self.build_button.clicked.connect(self.build)
        self.cancel_button.clicked.connect(self.runner.stop)

    def check(self, variant: Variant | str, display_name: str) -> bool:
        """Whether ``variant``'s equity table is built; if not, show the offer to build it
        (``display_name`` is how the tab names the variant). The panel stays visible while a
        build runs."""
        variant = Variant.parse(variant)
        if variant == Variant.HOLDEM or _table_exists(variant):
            self.setVisible(self.runner.running)
            return True
        if not self.runner.running:
            from omahanash.equity.table_build import partial_settings

            self.variant = variant
            resume = partial_settings(variant) is not None
            self.label.setText(
                f"The {display_name} equity table is not built yet. Building it takes a few "
                "minutes, once; "
                + ("an interrupted build resumes where it stopped." if resume
                   else "a cancelled build resumes next time."))
            self.build_button.setText("Resume building" if resume else "Build table")
        self.show()
        return False

    def build(self) -> bool:
        """Build (or resume building) the table offered in a worker; False when there is
        nothing to build or a build runs already."""
        variant = self.variant
        if variant is None or variant == Variant.HOLDEM or self.runner.running:
            return False

        def job(report: ProgressReporter, cancel: CancelFlag) -> str:
            from omahanash.equity.table_build import build_table

            report.phase("building table")
            return str(build_table(variant, progress=report, cancel=cancel))

        self._started = None
        self.error.clear_error()
        self.runner.start(job)
        self.build_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.eta.setText("Starting…")
        self.building.emit(True)
        self.status_message.emit(f"Building the {variant} equity table…")
        return True

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total <= 0:
            return
        now = time.perf_counter()
        if self._started is None:
            self._started = (now, done)
        self.progress.setValue(int(1000 * done / total))
        start, first = self._started
        rate = (done - first) / (now - start) if now > start else 0.0
        if rate > 0:
            left = (total - done) / rate
            self.eta.setText(f"{100 * done / total:.1f}% · about "
                             f"{int(left // 60)} min {int(left % 60):02d} s left")
        else:
            self.eta.setText(f"{100 * done / total:.1f}%")

    def _on_succeeded(self, result: object) -> None:
        self.eta.setText("Built.")
        self.status_message.emit(f"Equity table built: {result}")

    def _on_stopped(self) -> None:
        self.eta.setText("Cancelled: the next build resumes where this one stopped.")

    def _on_failed(self, message: str) -> None:
        self.error.show_error(message)

    def _on_finished(self) -> None:
        self.build_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.building.emit(False)


def _table_exists(variant: Variant) -> bool:
    from omahanash.equity.tables import table_path

    return table_path(variant).exists()
