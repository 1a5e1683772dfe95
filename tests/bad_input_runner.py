"""Run many bad-input cases in one process, each under an alarm (used by test_bad_input.py).

A process costs about half a second to start (numpy, numba), so the bad-input suite runs its
cases here, in one process: each case is either a command line, run in-process through
``omahanash.cli.main(argv)``, or Python code run with ``on`` (``import omahanash as on``),
``np``, ``main`` and ``descriptor`` (a shell redirection) in scope. Cases come as a JSON list
on stdin (``{"id", "argv" | "code", "stdin"?}``);
for each one this prints one JSON line: ``exit`` (a command's exit code), ``exception`` and
``message`` (what the code raised, or ``None``), ``stderr`` and ``stdout``, or ``timeout``
when the case ran past its alarm (so a hang fails its own case, not the suite). ``{tmp}`` in
arguments and code is replaced by the directory given as the first argument.

Run: ``python tests/bad_input_runner.py TMPDIR < cases.json``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import time
import traceback

# A case's alarm: a liveness bound, not a speed limit (the refused 820-tile domino game once
# took over 10 s to refuse on a loaded 2-core machine); a hang still fails its case.
TIMEOUT_SECONDS = 30.0


class CaseTimeout(BaseException):
    """The case ran past its alarm (a BaseException: no ``except Exception`` swallows it)."""


def _alarm(*_: object) -> None:
    raise CaseTimeout


@contextlib.contextmanager
def descriptor(fd: int, target: str | int, flags: int = os.O_WRONLY | os.O_APPEND | os.O_CREAT):
    """In the block, descriptor ``fd`` (1: stdout, 2: stderr, or a new number such as 63, a
    bash process substitution's) is ``target`` - a path opened with ``flags`` (appending, as
    the shell's ``>>``) or a descriptor (a pipe's end) - as a shell redirection makes it;
    restored after. The data-loss rows write to ``/dev/stdout``, ``/dev/fd/N`` through it."""
    opened = os.open(target, flags, 0o644) if isinstance(target, str) else None
    try:
        saved = os.dup(fd)
    except OSError:
        saved = None
    os.dup2(opened if opened is not None else int(target), fd)
    try:
        yield fd
    finally:
        if saved is not None:
            os.dup2(saved, fd)
            os.close(saved)
        else:
            os.close(fd)
        if opened is not None:
            os.close(opened)


def run_case(case: dict, tmp: str) -> dict:
    import numpy as np

    import omahanash as on
    from omahanash.cli import main

    out, err = io.StringIO(), io.StringIO()
    result: dict = {"id": case["id"], "exit": None, "exception": None, "message": None}
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(case.get("stdin", ""))
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, case.get("timeout", TIMEOUT_SECONDS))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if "argv" in case:
                try:
                    result["exit"] = main([arg.replace("{tmp}", tmp) for arg in case["argv"]])
                except SystemExit as stop:  # argparse usage errors and --help
                    result["exit"] = stop.code if isinstance(stop.code, int) else 2
            else:
                exec(case["code"].replace("{tmp}", tmp),  # noqa: S102
                     {"on": on, "np": np, "descriptor": descriptor, "main": main})
    except CaseTimeout:
        result["timeout"] = True
    except Exception as exc:  # what the suite checks: the type and the message
        result["exception"] = type(exc).__name__
        result["mro"] = [cls.__name__ for cls in type(exc).__mro__]
        result["message"] = str(exc)
        result["traceback"] = traceback.format_exc(limit=-3)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdin = old_stdin
    result["seconds"] = round(time.perf_counter() - started, 3)
    result["stdout"] = out.getvalue()[-2000:]
    result["stderr"] = err.getvalue()[-2000:]
    return result


def main() -> None:
    tmp = sys.argv[1]
    cases = json.load(sys.stdin)
    signal.signal(signal.SIGALRM, _alarm)
    for case in cases:
        print(json.dumps(run_case(case, tmp)), flush=True)


if __name__ == "__main__":
    main()
