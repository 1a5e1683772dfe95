"""``omahanash-gui`` on a machine that lacks Qt's system libraries: it names them
and prints the ``apt-get install`` line instead of Qt's abort; the README's line is that line;
and (``slow``) the README's set-up commands work in a clean virtual environment."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ui.shell.app
from ui.shell import qt_platform

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
XCB_ENV = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}


def fake_ldd(missing: str):
    def ldd(path: Path) -> str:
        return (f"\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x1)\n"
                f"\t{missing} => not found\n")
    return ldd


def test_a_missing_library_names_it_and_the_apt_line():
    message = qt_platform.platform_problem(XCB_ENV, fake_ldd("libxcb-icccm.so.4"), "linux")
    assert message is not None
    assert "libxcb-icccm.so.4" in message
    assert message.splitlines()[-1].strip() == qt_platform.APT_LINE
    assert "libxcb-icccm4" in qt_platform.APT_PACKAGES
    # a missing dependency of those packages: its package joins the line
    message = qt_platform.platform_problem(XCB_ENV, fake_ldd("libXau.so.6"), "linux")
    assert message is not None and message.endswith(" libxau6")


def test_nothing_missing_or_another_platform_is_no_problem():
    assert qt_platform.platform_problem(XCB_ENV, lambda path: "", "linux") is None
    plugin_only = fake_ldd("libxcb-icccm.so.4")

    def ldd(path: Path) -> str:
        return plugin_only(path) if path.name == "libqxcb.so" else ""

    assert qt_platform.platform_problem({"QT_QPA_PLATFORM": "offscreen"}, ldd, "linux") is None
    assert qt_platform.platform_problem(XCB_ENV, ldd, "linux") is not None
    assert qt_platform.platform_problem(XCB_ENV, fake_ldd("libxcb-icccm.so.4"),
                                        "darwin") is None
    no_display = qt_platform.platform_problem({"QT_QPA_PLATFORM": "xcb"}, lambda path: "",
                                              "linux")
    assert no_display is not None and "DISPLAY" in no_display


def test_offscreen_does_not_check_the_xcb_plugin():
    pyside = qt_platform.pyside_dir()
    assert pyside is not None
    names = [path.name for path in qt_platform.checked_files(pyside, xcb=False)]
    assert "libqxcb.so" not in names and "QtWidgets.abi3.so" in names
    names = [path.name for path in qt_platform.checked_files(pyside, xcb=True)]
    assert "libqxcb.so" in names


def test_main_prints_the_line_and_exits_1_before_qt(monkeypatch, capsys):
    monkeypatch.setattr(qt_platform, "run_ldd", fake_ldd("libxcb-cursor.so.0"))
    monkeypatch.setattr(sys, "platform", "linux")
    for name, value in XCB_ENV.items():
        monkeypatch.setenv(name, value)

    def no_window():
        raise AssertionError("the window was built although Qt cannot start")

    monkeypatch.setattr(ui.shell.app, "create_main_window", no_window)
    assert ui.shell.app.main(["omahanash-gui"]) == 1
    err = capsys.readouterr().err
    assert "libxcb-cursor.so.0" in err and qt_platform.APT_LINE in err


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                    reason="ldd (Linux) lists what the plugin links")
def test_every_library_the_plugin_links_has_its_package():
    """The table of packages covers what ``ldd`` lists for this PySide6 (a newer Qt that
    links a new library fails here)."""
    pyside = qt_platform.pyside_dir()
    assert pyside is not None
    base = re.compile(r"^(linux-vdso|ld-linux|libc\.|libm\.|libdl\.|libpthread\.|librt\.|"
                      r"libgcc_s\.|libstdc\+\+\.|libz\.)")
    unknown = set()
    for path in qt_platform.checked_files(pyside, xcb=True):
        for line in subprocess.run(["ldd", str(path)], capture_output=True,
                                   text=True).stdout.splitlines():
            parts = line.split()
            if not parts or "=>" not in parts or str(pyside) in line:
                continue
            name = parts[0]
            if not base.match(name) and name not in qt_platform.PACKAGES \
                    and name not in qt_platform.DEPENDENCIES:
                unknown.add(name)
    assert not unknown


def readme_block(marker: str) -> str:
    text = README.read_text()
    found = re.search(re.escape(marker) + r"\n```bash\n(.*?)\n```", text, re.S)
    assert found, marker
    return found.group(1)


def test_the_readme_names_the_same_packages():
    line = readme_block("<!-- apt-line -->")
    assert line == "sudo apt-get install python3-venv " + " ".join(qt_platform.APT_PACKAGES)


def setup_commands() -> list[str]:
    """The two commands of the README's set-up, in order."""
    text = README.read_text().split("## Set up", 1)[1]
    blocks = re.findall(r"```bash\n(.*?)\n```", text, re.S)
    venv = next(block for block in blocks if "-m venv" in block)
    install = next(block for block in blocks if block.startswith("pip install -e . "))
    return [venv, install]


@pytest.mark.slow
def test_the_readme_set_up_works_in_a_clean_venv(tmp_path):
    """``python3 -m venv .venv && . .venv/bin/activate`` then ``pip install -e . &&
    omahanash-gui``, as written (the window is asked to quit once shown; on a screen: Xvfb if
    there is one, else offscreen)."""
    venv, install = setup_commands()
    assert venv == "python3 -m venv .venv && . .venv/bin/activate"
    assert install == "pip install -e . && omahanash-gui"
    script = (f"set -e\ncd {ROOT}\n{venv.replace('.venv', str(tmp_path / 'venv'))}\n"
              f"{install} --quit-after-start\nwhich omahanash-gui\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "QT_QPA_PLATFORM", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep)
                                  if "venv" not in p)
    env["OMAHANASH_CACHE"] = str(tmp_path / "cache")
    env["HOME"] = str(tmp_path / "home")  # no settings, first launch
    command = ["bash", "-c", script]
    if shutil.which("xvfb-run") and sys.platform.startswith("linux"):
        command = ["xvfb-run", "-a", *command]
    else:
        env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1800)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert str(tmp_path / "venv") in done.stdout  # the venv's omahanash-gui ran
