"""Building the Omaha equity tables from any tab: one queue for the app, one panel per tab.

The app-wide queue and the panel each tab shows are one mechanism (a panel only reflects the
queue), so they stay together; the rules and words are the Qt-free
:mod:`ui.equity_tables.model`, a pass's job is :mod:`ui.equity_tables.jobs` (Cancel is its
``stopped`` outcome, the finished blocks kept).

:class:`TableBuilds` (one per application, :func:`table_builds`) is the queue: a request
for a variant whose table is missing queues two passes, a **coarse** table first
(:data:`~omahanash.equity.table_build.COARSE_SAMPLES` samples per cell: the solver can run on it
as soon as it is there) and then the full-precision one, which replaces it when done (the
exact suit-blind part is computed once for both). A request for a variant that is queued or
being built joins it; a coarse table alone queues its refinement. Cancel stops the running
pass between blocks and empties the queue; the next request resumes where it stopped.

:class:`TableBuildPanel` is what a tab shows where it needs a table (Jam-fold, Tournament,
Review, Trainer): it says which tables are missing, offers **Build** (or **Resume building**),
and while the queue works shows the pass, a progress bar and an estimate of the time left
measured on the build itself (the rate over the last minute of reports; nothing is promised
before the first reports). Every panel shows the same queue, so a build started in one tab is
seen (and can be cancelled) in all of them.

>>> from PySide6.QtWidgets import QApplication
>>> from ui.kit.common import Tab
>>> app = QApplication.instance() or QApplication([])
>>> panel = TableBuildPanel(Tab().make_runner)
>>> panel.check("holdem", "Hold'em"), panel.isHidden()
(True, True)
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QObject, Signal
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
from ui.equity_tables.jobs import BuildOutcome, build_job
from ui.equity_tables.model import (  # noqa: F401 (re-exported: the module's names before the split)
    COST_TEXT,
    ETA_WINDOW,
    BuildPass,
    building_text,
    offer_text,
    precision_note,
    progress_text,
    seconds_left,
    table_state,
)
from ui.equity_tables.model import passes_for as _passes_for
from ui.kit.common import ErrorLabel, named
from ui.kit.workers import JobRunner


def passes_for(variant: Variant) -> list[BuildPass]:
    """What building ``variant``'s table takes from where it is
    (:func:`ui.equity_tables.model.passes_for` on this module's :func:`table_state`)."""
    return _passes_for(variant, table_state(variant))


class TableBuilds(QObject):
    """The application's queue of table builds (see the module docstring)."""

    #: The queue, the running pass or a table changed: panels update themselves.
    changed = Signal()
    #: ``(done, total)`` of the running pass.
    progressed = Signal(float, float)
    #: A table of this variant is ready (coarse or full): drop what was loaded from it.
    built = Signal(str)
    #: A line for the status bar.
    status_message = Signal(str)
    #: The running pass failed: its message.
    failed = Signal(str)
    #: True when the queue starts working, False when it has stopped (done, cancelled, failed).
    building = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = JobRunner(self)
        self.runner.progressed.connect(self._on_progressed)
        self.runner.succeeded.connect(self._on_succeeded)
        self.runner.failed.connect(self._on_failed)
        self.runner.finished.connect(self._on_finished)
        self.queue: deque[BuildPass] = deque()
        self.current: BuildPass | None = None
        self.note = ""  # what the last pass ended with ("Cancelled: ...", "Built.")
        self._reports: deque[tuple[float, float]] = deque()  # (time, done) of the pass
        self.done = self.total = 0.0
        self._outcome = ""

    @property
    def running(self) -> bool:
        return self.runner.running

    def variants(self) -> list[Variant]:
        """The variants being built or queued, in order."""
        passes = ([self.current] if self.current else []) + list(self.queue)
        return list(dict.fromkeys(p.variant for p in passes))

    def request(self, variants: Iterable[Variant | str]) -> bool:
        """Queue what the ``variants`` need (joining what is queued already) and start;
        False when there is nothing to build."""
        added = False
        for variant in map(Variant.parse, variants):
            for build in passes_for(variant):
                if build != self.current and build not in self.queue:
                    self.queue.append(build)
                    added = True
        if added:
            self.note = ""
        if not self.running:
            self._start_next()
        self.changed.emit()
        return added or self.running

    def cancel(self) -> None:
        """Stop the running pass (it keeps its finished blocks) and empty the queue."""
        self.queue.clear()
        self.runner.stop()
        self.changed.emit()

    def eta_seconds(self) -> float | None:
        """Seconds left in the running pass at the rate of the last :data:`ETA_WINDOW`
        seconds of reports (None until two reports a few seconds apart)."""
        return seconds_left(self._reports, self.total)

    def _start_next(self) -> None:
        if not self.queue:
            return
        build = self.queue.popleft()
        self.current = build
        self._reports.clear()
        self.done, self.total = 0.0, 0.0
        self._outcome = ""

        self.runner.start(build_job(build))
        self.building.emit(True)
        what = (f"a coarse {build.variant.display_name} table ({build.samples} samples per "
                "cell, usable at once)" if build.coarse else
                f"the {build.variant.display_name} table at full precision")
        self.status_message.emit(f"Building {what}…")

    def _on_progressed(self, done: float, total: float, phase: str, detail: object) -> None:
        if total <= 0:
            return
        now = time.perf_counter()
        self.done, self.total = done, total
        self._reports.append((now, done))
        while len(self._reports) > 2 and now - self._reports[1][0] >= ETA_WINDOW:
            self._reports.popleft()
        self.progressed.emit(done, total)

    def _on_succeeded(self, outcome: object) -> None:
        assert isinstance(outcome, BuildOutcome)
        if outcome.stopped:
            self._outcome = "stopped"
            self._on_stopped()
            return
        self._outcome = "built"
        build = self.current
        assert build is not None
        self.built.emit(str(build.variant))
        if build.coarse:
            refining = any(p.variant is build.variant for p in self.queue)
            self.note = (f"A coarse {build.variant.display_name} table is ready: results on it "
                         "are marked; " + ("refining to full precision." if refining else
                                           "Refine table builds the full one."))
        else:
            self.note = f"The {build.variant.display_name} table is built."
        self.status_message.emit(self.note)

    def _on_stopped(self) -> None:
        self.queue.clear()
        build = self.current
        name = build.variant.display_name if build else "table"
        self.note = ("Cancelled: the next build resumes where this one stopped (every "
                     "finished block is kept).")
        self.status_message.emit(f"Build of the {name} table cancelled; Build resumes it.")

    def _on_failed(self, message: str) -> None:
        self.queue.clear()
        self.note = ""
        self.failed.emit(message)
        self.status_message.emit(f"The table build stopped: {message}")

    def _on_finished(self) -> None:
        outcome, self._outcome = self._outcome, ""
        self.current = None
        if outcome != "built":
            self.queue.clear()  # stopped, failed, or the window is closing
        if self.queue:
            self._start_next()
        else:
            self.building.emit(False)
        self.changed.emit()


_BUILDS: TableBuilds | None = None


def table_builds() -> TableBuilds:
    """The application's one :class:`TableBuilds` (created on first use, owned by the
    application object, so it lives as long as the app)."""
    global _BUILDS
    if _BUILDS is None:
        _BUILDS = TableBuilds(QCoreApplication.instance())
    return _BUILDS


class TableBuildPanel(QGroupBox):
    """A tab's view of the build queue (object names ``buildLabel``, ``buildTableButton``,
    ``buildProgress``, ``buildCancelButton``, ``buildEtaLabel``, ``buildError``).
    ``make_runner`` is the tab's :meth:`~ui.kit.common.Tab.make_runner`: its tab stops the shared
    build when the window closes."""

    #: A line for the window's status bar.
    status_message = Signal(str)
    #: True when a build starts, False when it has ended (built, cancelled or failed).
    building = Signal(bool)
    #: A table of this variant became usable (coarse or full).
    built = Signal(str)

    def __init__(self, make_runner: Callable[..., JobRunner],
                 parent: QWidget | None = None) -> None:
        super().__init__("Equity tables", parent)
        self.builds = table_builds()
        self.runner = self.builds.runner
        owner = getattr(make_runner, "__self__", None)
        if owner is not None:  # the tab's shutdown() stops the shared runner too
            owner.__dict__.setdefault("_runners", []).append(self.runner)
        self.variants: list[Variant] = []  # what this tab needs built or refined
        self.missing: list[Variant] = []  # ... of which not usable yet (no table at all)
        self.display_names: dict[Variant, str] = {}
        box = QVBoxLayout(self)
        self.label = named(QLabel(""), "buildLabel")
        self.label.setWordWrap(True)
        box.addWidget(self.label)
        row = QHBoxLayout()
        self.build_button = named(QPushButton("Build table"), "buildTableButton")
        self.progress = named(QProgressBar(), "buildProgress")
        self.progress.setRange(0, 1000)
        self.cancel_button = named(QPushButton("Cancel"), "buildCancelButton")
        row.addWidget(self.build_button)
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        self.eta = named(QLabel(""), "buildEtaLabel")
        self.eta.setWordWrap(True)
        box.addWidget(self.eta)
        self.error = ErrorLabel("buildError")
        box.addWidget(self.error)
        self.cancel_button.setEnabled(False)
        self.hide()
        self.build_button.clicked.connect(self.build)
        self.cancel_button.clicked.connect(self.builds.cancel)
        self.builds.changed.connect(self._refresh)
        self.builds.progressed.connect(self._on_progressed)
        self.builds.failed.connect(self.error.show_error)
        self.builds.status_message.connect(self.status_message)
        self.builds.building.connect(self.building)
        self.builds.built.connect(self.built)

    @property
    def variant(self) -> Variant | None:
        """The first variant this panel offers (None: none)."""
        return self.variants[0] if self.variants else None

    def check(self, variant: Variant | str | Iterable[Variant | str],
              display_name: str = "") -> bool:
        """Whether the table of ``variant`` (or of each of several) can be used now (a coarse
        one can); if not, show the offer to build it. ``display_name`` overrides how a single
        variant is named. The panel stays visible while the queue works."""
        wanted = [Variant.parse(variant)] if isinstance(variant, (str, Variant)) \
            else [Variant.parse(v) for v in variant]
        states = {v: table_state(v) for v in wanted}
        # a coarse table is usable, and offered for refining (say, after a restart)
        self.variants = [v for v in wanted if states[v] != "full"]
        self.missing = [v for v in wanted if states[v] == "missing"]
        self.display_names = {v: (display_name if display_name and len(wanted) == 1
                                  else v.display_name) for v in self.variants}
        self._refresh()
        return not self.missing

    def build(self) -> bool:
        """Queue the builds this panel offers (joining the running one); False when there is
        nothing to build."""
        if not self.variants:
            return False
        self.error.clear_error()
        return self.builds.request(self.variants)

    def _names(self, variants: Iterable[Variant]) -> str:
        return " and ".join(self.display_names.get(v, v.display_name) for v in variants)

    def _refresh(self) -> None:
        from omahanash.equity.table_build import partial_settings

        builds = self.builds
        running = builds.running
        if self.variants and not running:
            self.variants = [v for v in self.variants if table_state(v) != "full"]
            self.missing = [v for v in self.variants if table_state(v) == "missing"]
        self.build_button.setEnabled(bool(self.variants) and not (
            running and set(self.variants) <= set(builds.variants())))
        self.cancel_button.setEnabled(running)
        if running and builds.current is not None:
            queued = [v for v in builds.variants() if v != builds.current.variant]
            self.label.setText(building_text(builds.current, self._names(queued)))
        elif self.variants:
            resume = bool(self.missing) and any(partial_settings(v) is not None
                                                for v in self.variants)
            text, caption = offer_text(self._names(self.variants), len(self.variants) > 1,
                                       bool(self.missing), resume)
            self.label.setText(text)
            self.build_button.setText(caption)
        else:  # nothing running, nothing offered: no word of a build left behind
            self.label.setText("")
        if not running:
            self.eta.setText(builds.note)
            self.progress.setValue(0)
        self.setVisible(running or bool(self.variants))

    def _on_progressed(self, done: float, total: float) -> None:
        self.progress.setValue(int(1000 * done / total))
        self.eta.setText(progress_text(done, total, self.builds.eta_seconds()))
