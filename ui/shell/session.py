"""File → Save session / Open session: every tab's inputs, and the results of the tabs that
save results (Jam-fold's solution, the CFR game's), in one file.

The file is the project's save container (:mod:`omahanash.savefile`, kind
:data:`SESSION_KIND`): the inputs go in its JSON header (``meta["tabs"]``: each tab's settings
group -> input object name -> value, the same inputs QSettings remembers between launches);
each result is the tab's own save file (a ``.jamfold`` or ``.cfr`` container), kept whole as a
byte array ``result/<group>``, so a session reads back exactly what the tab's Save wrote and
the tab's Open checks it as it checks any file.

Opening sets the inputs first, then reopens each result through the tab (in its worker, as
its Open does), from a temporary copy that lives as long as the :class:`Sessions` object.

>>> SESSION_KIND.name, SESSION_SUFFIX
('app-session', '.onsession')
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.errors import InputError
from omahanash.savefile import FileKind, read, write
from ui.kit.common import Tab
from ui.kit.settings import input_values, set_input_values

SESSION_KIND = FileKind("app-session", 1, "Omaha Nash session",
                        meta_types=(("tabs", dict), ("current", str)))
SESSION_SUFFIX = ".onsession"
#: Tab settings group -> (the tab's result attribute, the file suffix of its save).
RESULT_TABS = {"jamfold": ("solution", ".jamfold"), "cfr": ("solution", ".cfr"),
               "table": ("solution", ".pushfold")}


def _save_result(tab: Tab, path: Path) -> bool:
    """Write ``tab``'s result to ``path`` with the tab's own format; False: nothing to save."""
    solution = getattr(tab, RESULT_TABS[tab.settings_group][0], None)
    if solution is None:
        return False
    if tab.settings_group == "cfr":
        from omahanash.cfr.storage import save_solution

        save_solution(solution, path)
    else:
        solution.save(path)
    return True


def _open_result(tab: Tab, path: Path) -> bool:
    """Reopen a result saved by :func:`_save_result` through the tab's Open."""
    opener = getattr(tab, "open_from" if tab.settings_group == "cfr" else "open_solution")
    return bool(opener(str(path)))


def _bad_value(tabs_meta: object) -> str | None:
    """What in a session's inputs no field could hold (a number that is not finite, such as
    ``1e400``, a value that is not text, a number or a check), or None."""
    if not isinstance(tabs_meta, dict):
        return "damaged header (its tabs are not a table)"
    for group, values in tabs_meta.items():
        if not isinstance(values, dict):
            continue  # a tab's entry of another shape: that tab is left as it is
        for name, value in values.items():
            if isinstance(value, float) and not math.isfinite(value):
                return f"the {group} field {name} holds {value}, not a finite number"
            if not isinstance(value, (str, int, float, bool)):
                return f"the {group} field {name} holds {type(value).__name__}"
    return None


class Sessions:
    """Saves and opens sessions of ``tabs`` (the window's tabs)."""

    def __init__(self, tabs: Sequence[Tab]) -> None:
        self.tabs = list(tabs)
        self._files: tempfile.TemporaryDirectory | None = None

    def save(self, path: str | os.PathLike, current: str = "") -> Path:
        """Write the session to ``path`` (atomically); the path written. Raises
        :class:`~omahanash.errors.InputError` when it cannot be written."""
        target = Path(path)
        tabs_meta: dict[str, dict[str, Any]] = {}
        arrays: dict[str, np.ndarray] = {}
        with tempfile.TemporaryDirectory() as folder:
            for tab in self.tabs:
                group = tab.settings_group
                tabs_meta[group] = input_values(tab)
                if group in RESULT_TABS:
                    result = Path(folder) / f"{group}{RESULT_TABS[group][1]}"
                    if _save_result(tab, result):
                        arrays[f"result/{group}"] = np.frombuffer(result.read_bytes(),
                                                                  dtype=np.uint8).copy()
            try:
                return write(target, SESSION_KIND, {"tabs": tabs_meta, "current": current},
                             arrays)
            except OSError as exc:
                raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None

    def open(self, path: str | os.PathLike) -> tuple[str, list[str]]:
        """Set every tab's inputs from the session at ``path`` and reopen its results; the
        title of the tab that was current, and the groups whose result is being reopened.
        Raises :class:`~omahanash.errors.InputError` (a damaged or foreign file) before
        anything is changed."""
        saved = read(path, SESSION_KIND)
        tabs_meta = saved.meta["tabs"]
        problem = _bad_value(tabs_meta)
        if problem is not None:  # refused before any tab is changed
            raise SESSION_KIND.refuse(path, problem)
        results = {name.split("/", 1)[1]: bytes(np.asarray(array, dtype=np.uint8))
                   for name, array in saved.arrays.items() if name.startswith("result/")}
        if self._files is not None:
            self._files.cleanup()
        self._files = tempfile.TemporaryDirectory(prefix="omahanash-session-")
        reopened = []
        for tab in self.tabs:
            group = tab.settings_group
            values = tabs_meta.get(group)
            if isinstance(values, dict):
                set_input_values(tab, values)
            if group in results and group in RESULT_TABS:
                copy = Path(self._files.name) / f"{group}{RESULT_TABS[group][1]}"
                copy.write_bytes(results[group])
                if _open_result(tab, copy):
                    reopened.append(group)
        return str(saved.meta.get("current", "")), reopened
