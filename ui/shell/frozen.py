"""Start-up of the standalone app, the folder that ``scripts/build_app`` makes with PyInstaller.

A frozen app must not write into its own install folder (it may be read-only, and is shared by
every user of the machine), so its numba cache goes to the user cache directory
(``NUMBA_CACHE_DIR``) instead of ``__pycache__`` beside the bundled sources. numba reads that
variable once, when it is first imported: this module therefore imports neither the app nor the
library at the top, and :func:`main` sets the variable before anything else.

Two switches check an installed bundle without a person at the screen:

``--self-test``
    solve heads-up Hold'em jam-fold at 10 big blinds (SB 5, BB 10, stacks 100) without a
    window, print the push and call ranges and exit 0.
``--quit-after-start``
    open the main window and quit as soon as the event loop runs: exit 0 if the window was
    shown, 1 if not. Run it with ``QT_QPA_PLATFORM=offscreen`` on a machine without a screen.

Without a switch the app starts as ``omahanash-gui`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import MutableMapping, Sequence
from pathlib import Path

NUMBA_CACHE_VARIABLE = "NUMBA_CACHE_DIR"


def is_frozen() -> bool:
    """True inside the PyInstaller bundle (its bootloader sets ``sys.frozen``).

    >>> is_frozen()
    False
    """
    return bool(getattr(sys, "frozen", False))


def numba_cache_dir() -> Path:
    """Where the frozen app keeps numba's compiled kernels: ``numba`` in the user cache directory.

    >>> numba_cache_dir().parts[-2:]
    ('omahanash', 'numba')
    """
    import platformdirs

    return Path(platformdirs.user_cache_dir("omahanash", appauthor=False)) / "numba"


def use_user_cache_for_numba(environ: MutableMapping[str, str], frozen: bool) -> None:
    """Point numba's cache at :func:`numba_cache_dir` when ``frozen``, unless the user already
    chose a folder. Must run before numba is imported.

    >>> env: dict[str, str] = {}
    >>> use_user_cache_for_numba(env, frozen=False)
    >>> env
    {}
    >>> use_user_cache_for_numba(env, frozen=True)
    >>> env["NUMBA_CACHE_DIR"] == str(numba_cache_dir())
    True
    """
    if frozen:
        environ.setdefault(NUMBA_CACHE_VARIABLE, str(numba_cache_dir()))


def self_test() -> int:
    """Solve Hold'em jam-fold at 10 bb with the library, print the ranges; the exit status.

    >>> self_test()  # doctest: +ELLIPSIS
    Hold'em jam-fold SB 5 / BB 10 / stacks 100: push 58.4%, call 37.4% (... iterations)
    0
    """
    import omahanash

    params = omahanash.JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100)
    summary = omahanash.solve_jamfold(params).summary()
    print(f"Hold'em jam-fold SB 5 / BB 10 / stacks 100: push {summary['range_pu']:.1f}%, "
          f"call {summary['range_ca']:.1f}% ({summary['iterations']} iterations)")
    return 0


def start_and_quit() -> int:
    """Run the app until its event loop starts, then quit: 0 if the main window was shown."""
    # Imported here, for start-up: numba's cache folder is set (main) before the app imports it.
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import ui.shell.app

    # Created first so that the timer has an event loop to wait for; ui.shell.app.main() takes
    # it over.
    app = QApplication.instance() or QApplication(sys.argv)

    def quit_if_shown() -> None:
        shown = any(widget.objectName() == "mainWindow" and widget.isVisible()
                    for widget in QApplication.topLevelWidgets())
        print("main window shown" if shown else "main window NOT shown")
        app.exit(0 if shown else 1)

    # Fires once ui.shell.app.main() has shown the window and entered the event loop.
    QTimer.singleShot(0, quit_if_shown)
    return ui.shell.app.main()


def main(argv: Sequence[str] | None = None) -> int:
    """The bundle's entry point (``scripts/omahanash_app.py``); the exit status."""
    use_user_cache_for_numba(os.environ, is_frozen())
    parser = argparse.ArgumentParser(prog="OmahaNash", description="The Omaha Nash desktop app.")
    checks = parser.add_mutually_exclusive_group()
    checks.add_argument("--self-test", action="store_true",
                        help="solve Hold'em jam-fold at 10 bb without a window, print the ranges")
    checks.add_argument("--quit-after-start", action="store_true",
                        help="open the window and quit at once (exit 0 if it was shown)")
    # Anything else is for Qt (e.g. -platform offscreen), which reads it from sys.argv.
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.self_test:
        return self_test()
    if args.quit_after_start:
        return start_and_quit()
    import ui.shell.app  # (start-up: after numba's cache folder is set, see the module)

    return ui.shell.app.main()
