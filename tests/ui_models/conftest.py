"""What the tests of the tabs' jobs share: a job's reporter without a window.

The test folders are not packages (pytest runs with ``--import-mode=importlib``), so the one
:class:`Recorder` reaches the tests through the ``make_recorder`` fixture, not an import.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from omahanash.runs import CancelFlag


class Recorder:
    """A job's reporter (:class:`ui.kit.fields.Reporter`) without a window: it keeps the phases
    started, the reports ``(done, total)`` and the last phase's ``detail``; given a ``cancel``
    flag it presses Stop as the phase ``stop_at_phase`` starts, or at the first report for which
    ``stop_when(done, total)`` is true.
    """

    def __init__(self, cancel: CancelFlag | None = None, *, stop_at_phase: str | None = None,
                 stop_when: Callable[[float, float], bool] | None = None) -> None:
        if cancel is None and (stop_at_phase is not None or stop_when is not None):
            raise ValueError("a Recorder stops a job only through a cancel flag")
        self.phases: list[str] = []
        self.reports: list[tuple[float, float]] = []
        self.detail: Callable[[], object] | None = None
        self._cancel = cancel
        self._stop_at_phase = stop_at_phase
        self._stop_when = stop_when

    def __call__(self, done: float, total: float) -> None:
        self.reports.append((done, total))
        if self._stop_when is not None and self._stop_when(done, total):
            assert self._cancel is not None
            self._cancel.cancel()

    def phase(self, name: str, detail: Callable[[], object] | None = None) -> None:
        self.phases.append(name)
        self.detail = detail
        if self._stop_at_phase is not None and name == self._stop_at_phase:
            assert self._cancel is not None
            self._cancel.cancel()


@pytest.fixture
def make_recorder() -> type[Recorder]:
    """The :class:`Recorder` class: ``make_recorder()`` only records;
    ``make_recorder(cancel, stop_at_phase=...)`` or ``make_recorder(cancel, stop_when=...)``
    also presses Stop."""
    return Recorder
