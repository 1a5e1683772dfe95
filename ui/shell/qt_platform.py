"""Can Qt open a window here? Checked before ``QApplication`` (which aborts the process).

On Linux, Qt draws through its ``xcb`` platform plugin (``PySide6/Qt/plugins/platforms/
libqxcb.so``), which needs about twenty system libraries that a fresh Debian or Ubuntu lacks
(``libxcb-cursor0``, ``libxcb-icccm4``, ...). Without them Qt prints
``Could not load the Qt platform plugin "xcb"`` and aborts. :func:`platform_problem` asks the
dynamic linker first (``ldd`` on the plugin and on the Qt modules the app imports) and, when a
library is missing, returns a message naming the missing files and the one ``apt-get install``
line that provides them (:data:`APT_PACKAGES`); ``omahanash-gui`` prints it and exits with
status 1. macOS and Windows need nothing: PySide6's wheels carry everything there.

>>> message = problem_message(["libxcb-icccm.so.4"])
>>> "libxcb-icccm.so.4" in message, "libxcb-icccm4" in message.splitlines()[-1]
(True, True)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

#: The Debian/Ubuntu package of each system library that Qt's widgets and its xcb plugin load
#: (from ``ldd`` of ``libqxcb.so``, ``QtWidgets`` and ``QtGui`` of PySide6 6.x, mapped with
#: ``dpkg -S`` on Debian 12). Libraries of every base system (libc, libstdc++, zlib, ...)
#: are left out.
PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libgl1",
    "libGLdispatch.so.0": "libgl1",
    "libOpenGL.so.0": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
}
#: Libraries that the packages above pull in (apt installs them with those): named when
#: missing, left out of the line.
DEPENDENCIES: dict[str, str] = {
    "libXau.so.6": "libxau6", "libXdmcp.so.6": "libxdmcp6", "libexpat.so.1": "libexpat1",
    "libpng16.so.16": "libpng16-16", "libbrotlicommon.so.1": "libbrotli1",
    "libbrotlidec.so.1": "libbrotli1", "libbsd.so.0": "libbsd0", "libmd.so.0": "libmd0",
    "libpcre2-8.so.0": "libpcre2-8-0", "libsystemd.so.0": "libsystemd0",
    "libgcrypt.so.20": "libgcrypt20", "libgpg-error.so.0": "libgpg-error0",
    "liblz4.so.1": "liblz4-1", "liblzma.so.5": "liblzma5", "libzstd.so.1": "libzstd1",
    "libcap.so.2": "libcap2",
}
#: Every package above, in one line (what the README's set-up names).
APT_PACKAGES: tuple[str, ...] = tuple(dict.fromkeys(PACKAGES.values()))
APT_LINE = "sudo apt-get install " + " ".join(APT_PACKAGES)

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")

Ldd = Callable[[Path], str]


def pyside_dir() -> Path | None:
    """The installed PySide6 package folder, found without importing any Qt module."""
    from importlib.util import find_spec

    spec = find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def wants_xcb(environ: Mapping[str, str]) -> bool:
    """Whether Qt will use its xcb plugin: ``QT_QPA_PLATFORM`` unset (or naming xcb first)
    and no Wayland session that Qt would take instead.

    >>> wants_xcb({"QT_QPA_PLATFORM": "offscreen"}), wants_xcb({"DISPLAY": ":0"})
    (False, True)
    """
    chosen = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if chosen:
        return chosen == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def run_ldd(path: Path) -> str:
    """``ldd PATH``'s output ("" when there is no ``ldd`` or it fails)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    try:
        return subprocess.run([ldd, str(path)], capture_output=True, text=True,
                              timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def missing_libraries(files: Sequence[Path], ldd: Ldd | None = None) -> list[str]:
    """The shared libraries ``files`` need that the dynamic linker cannot find, in order.

    >>> fake = lambda path: "\\tlibxcb1.so => /usr/lib/libxcb1.so (0x1)\\n" \\
    ...                      "\\tlibxcb-icccm.so.4 => not found\\n"
    >>> missing_libraries([Path("libqxcb.so")], fake)
    ['libxcb-icccm.so.4']
    """
    missing: dict[str, None] = {}
    for path in files:
        for line in (ldd or run_ldd)(path).splitlines():
            found = _NOT_FOUND.match(line)
            if found:
                missing[found.group(1)] = None
    return list(missing)


def checked_files(pyside: Path, xcb: bool) -> list[Path]:
    """The files whose libraries decide whether the window opens."""
    files = [pyside / name for name in ("QtWidgets.abi3.so", "QtGui.abi3.so")]
    if xcb:
        files.append(pyside / "Qt" / "plugins" / "platforms" / "libqxcb.so")
    return [path for path in files if path.exists()]


def problem_message(missing: Sequence[str]) -> str:
    """What ``omahanash-gui`` prints when libraries are missing: their names and the
    ``apt-get install`` line (with the package of a missing dependency added to it)."""
    extra = [DEPENDENCIES[name] for name in missing
             if name in DEPENDENCIES and DEPENDENCIES[name] not in APT_PACKAGES]
    return ("omahanash-gui: Qt cannot open a window: the system libraries "
            + ", ".join(missing) + " are missing.\n"
            "Install what Qt needs (Debian/Ubuntu; other systems: the packages that provide "
            "these files), then start it again:\n    "
            + " ".join([APT_LINE, *dict.fromkeys(extra)]))


def platform_problem(environ: Mapping[str, str] | None = None, ldd: Ldd | None = None,
                     platform: str | None = None) -> str | None:
    """The message to print instead of Qt's abort, or None when Qt can load what it needs
    (or when the check does not apply: not Linux, a frozen app, PySide6 not found)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux") or getattr(sys, "frozen", False):
        return None
    pyside = pyside_dir()
    if pyside is None:
        return None
    missing = missing_libraries(checked_files(pyside, wants_xcb(environ)), ldd)
    if missing:
        return problem_message(missing)
    if wants_xcb(environ) and not environ.get("DISPLAY"):
        return ("omahanash-gui: no display to open a window on (DISPLAY is not set): start "
                "it from a desktop session (or over ssh -X); QT_QPA_PLATFORM=offscreen runs it "
                "without a screen")
    return None
