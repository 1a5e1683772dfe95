"""``-q`` silences every progress line, the solve command's per-iteration line included
."""

from __future__ import annotations

from types import SimpleNamespace

from omahanash.commands.solve.headsup import IterationPrinter
from omahanash.runs import StderrProgress


def _run(capsys, quiet: bool) -> str:
    was = StderrProgress.quiet
    StderrProgress.quiet = quiet
    try:
        printer = IterationPrinter("holdem cfr+", interval=0.0)
        for iteration in range(1, 4):
            printer(SimpleNamespace(iteration=iteration, epsilon=0.5 / iteration))
        printer.close()
    finally:
        StderrProgress.quiet = was
    return capsys.readouterr().err


def test_the_iteration_line_honours_quiet(capsys):
    assert _run(capsys, quiet=True) == ""
    shown = _run(capsys, quiet=False)
    assert "holdem cfr+: iteration 3  epsilon 0.166667" in shown and shown.endswith("\n")
