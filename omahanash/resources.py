"""The one way to find shipped data files (``resources/``).

From a source checkout (or an editable install) the files are in the repository's top-level
``resources/`` folder; in an installed wheel they are packaged as ``omahanash/_resources``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def resources_dir() -> Path:
    """The folder that holds the shipped data files."""
    installed = _PACKAGE_DIR / "_resources"
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / "resources"


def resource_path(name: str) -> Path:
    """Path of a shipped file, e.g. ``resource_path("holdem.table")``.

    Raises FileNotFoundError with the folders searched when the file is missing.
    """
    path = resources_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"shipped resource {name!r} not found in {resources_dir()}")
    return path
