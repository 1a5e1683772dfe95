"""The one run loop (``runs.iterate``) and the progress shown on stderr."""

from __future__ import annotations

import io
import subprocess
import sys

from omahanash.runs import CancelFlag, StderrProgress, iterate


def test_iterate_runs_every_step_and_reports_the_end():
    seen: list[int] = []
    reports: list[tuple[float, float]] = []
    run = iterate(seen.append, 5, progress=lambda d, t: reports.append((d, t)), interval=0)
    assert (run.done, run.cancelled, run.finished) == (5, False, True)
    assert seen == [0, 1, 2, 3, 4]
    assert reports[0] == (0, 5) and reports[-1] == (5, 5)


def test_iterate_counts_units_and_resumes_from_start():
    starts: list[int] = []

    def step(done: int) -> int:
        starts.append(done)
        return 3  # a chunk of three units

    run = iterate(step, 10, start=4)
    assert starts == [4, 7] and run.done == 10  # the last chunk is clipped to the total


def test_a_step_can_finish_the_work_early():
    run = iterate(lambda done: 100 - done if done == 2 else None, 100)
    assert run.done == 100 and run.finished and not run.cancelled


def test_cancel_stops_before_the_next_step_and_keeps_the_count():
    flag = CancelFlag()
    reports: list[tuple[float, float]] = []

    def step(done: int) -> None:
        if done == 3:
            flag.cancel()

    run = iterate(step, 10, progress=lambda d, t: reports.append((d, t)), cancel=flag)
    assert (run.done, run.cancelled, run.finished) == (4, True, False)
    assert reports[-1] == (4, 10)
    again = iterate(step, 10, cancel=CancelFlag(), start=run.done)
    assert again.done == 10 and again.finished


def test_progress_to_a_file_is_plain_lines():
    log = io.StringIO()
    progress = StderrProgress("table", stream=log)
    for done in range(1001):
        progress(done, 1000)
    text = log.getvalue()
    assert "\r" not in text
    lines = text.splitlines()
    assert len(lines) == 11  # 0 %, 10 %, ..., 100 %: one line per tenth, not one per call
    assert lines[5].startswith("table:  50.0%") and "ETA" in lines[5]
    assert lines[-1].startswith("table: 100.0%") and "ETA" not in lines[-1]


def test_progress_on_a_terminal_redraws_one_line():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = StderrProgress("solve", stream=screen, interval=0)
    progress(1, 2)
    progress(2, 2)
    assert screen.getvalue().count("\r") == 2 and screen.getvalue().endswith("\n")


def test_quiet_silences_progress():
    log = io.StringIO()
    try:
        StderrProgress.quiet = True
        StderrProgress("x", stream=log)(1, 1)
    finally:
        StderrProgress.quiet = False
    assert log.getvalue() == ""


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "omahanash", *args], capture_output=True,
                          text=True, timeout=300)


def test_the_command_line_takes_quiet_and_verbose_anywhere():
    loud = _cli("cfr", "--game", "kuhn", "--iterations", "64", "--seed", "1")
    assert loud.returncode == 0 and "\r" not in loud.stderr and "100.0%" in loud.stderr
    quiet = _cli("cfr", "--game", "kuhn", "--iterations", "64", "--seed", "1", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == loud.stdout
    before = _cli("-q", "perfect", "nim", "3", "4", "5")
    after = _cli("games", "nim", "3", "4", "5", "-q")
    assert before.stdout == after.stdout and "Grundy value 2" in before.stdout
    verbose = _cli("-v", "cfr", "--game", "kuhn", "--iterations", "64", "--seed", "1")
    assert verbose.returncode == 0 and verbose.stdout == loud.stdout
    # the solvers' run loop logs each run: its start and how it ended
    assert "DEBUG omahanash.solving.run: run CFRSolver: up to 64 iterations from 0" in \
        verbose.stderr and "run CFRSolver iterations after 64 iterations in " in verbose.stderr
    assert "DEBUG" not in loud.stderr
