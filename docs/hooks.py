"""MkDocs hook: the API reference pages, generated at build time from the code.

No page of the API reference is written by hand, and no module path is written in
``mkdocs.yml``: this hook walks the package when the site is built, so a module that moves,
appears or goes needs no edit here.

* ``api/omahanash.md``, the public face ``import omahanash as on``: every name of
  ``omahanash.__all__``, rendered from the module that defines it (found by importing it: the
  face's names are loaded lazily, and some subpackages load theirs lazily too, so reading the
  source alone would not find them all). ``on.equity`` is the package ``omahanash.equity``.
* ``api/<name>.md``, one page per top-level module or package of ``omahanash`` (packages with
  all their submodules), found by walking ``omahanash/`` on disk; the command-line modules are
  left out (the command line has its own pages).

The docstrings are plain text with doctest examples; ``docs/griffe_doctest.py`` shows the
examples as code. Used by ``mkdocs.yml`` (``hooks:``); MkDocs loads this file by path, it is no
module of the package.

>>> names = top_level_names(Path(__file__).resolve().parents[1] / "omahanash")
>>> "cards" in names and "jamfold" in names and "cli" not in names
True
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "omahanash"
#: Left out of the package pages: the command line (documented by its own pages) and the
#: entry point.
SKIP = {"cli", "commands", "__main__"}
API = "api"


def top_level_names(package_dir: Path) -> list[str]:
    """The public top-level modules and packages of ``package_dir``, sorted."""
    names = []
    for path in package_dir.iterdir():
        name = path.stem if path.suffix == ".py" else path.name
        if name.startswith("_") or name in SKIP:
            continue
        if path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists()):
            names.append(name)
    return sorted(set(names))


def face_entries() -> list[tuple[str, str, str]]:
    """``(public name, dotted path of the object it is, its docstring's first line)`` for
    every name of the face, in the order of ``omahanash.__all__``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    package = importlib.import_module(PACKAGE)
    entries = []
    for name in package.__all__:
        module = package._EXPORTS[name]
        if module == PACKAGE:  # a subpackage that is itself the public name (on.equity)
            value: Any = importlib.import_module(f"{PACKAGE}.{name}")
            path = value.__name__
        else:
            value = inspect.unwrap(getattr(importlib.import_module(module), name))
            defined_in = getattr(value, "__module__", None) or module
            path = f"{defined_in}.{getattr(value, '__qualname__', name)}"
        summary = (inspect.getdoc(value) or "").split("\n\n", 1)[0].replace("\n", " ")
        summary = re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", summary)  # reST roles: code
        entries.append((name, path, summary))
    return entries


def face_page() -> str:
    """The face: the package's docstring, then a table of every public name linking to where
    it is documented (each object is rendered once, on its package's page, so that every
    cross-reference has one target)."""
    lines = [
        "# The public face: `import omahanash as on`",
        "",
        "Every public name of `import omahanash as on`, with the first line of its docstring",
        "and a link to the object's documentation (its docstring and the example that the",
        "tests run), on the page of the package that defines it. The",
        "[Python library](../library.md) page groups them by area.",
        "",
        f"::: {PACKAGE}",
        "    options:",
        "      members: false",
        "      show_root_heading: false",
        "",
        "| `on.` name | defined as | what it is |",
        "|---|---|---|",
    ]
    for name, path, summary in face_entries():
        cell = summary.replace("|", "\\|")
        lines.append(f"| [`{name}`][{path}] | `{path}` | {cell} |")
    return "\n".join(lines) + "\n"


def package_page(name: str) -> str:
    dotted = f"{PACKAGE}.{name}"
    return "\n".join([
        f"# `{dotted}`",
        "",
        f"::: {dotted}",
        "    options:",
        "      show_root_heading: false",
        "      show_submodules: true",
        "",
    ])


def api_pages() -> dict[str, str]:
    """Site path -> Markdown of every generated page."""
    pages = {f"{API}/{PACKAGE}.md": face_page()}
    for name in top_level_names(ROOT / PACKAGE):
        pages[f"{API}/{name}.md"] = package_page(name)
    return pages


_PAGES: dict[str, str] = {}


def on_config(config: Any) -> Any:
    """Add the generated pages to the navigation (as the last section)."""
    _PAGES.clear()
    _PAGES.update(api_pages())
    face = f"{API}/{PACKAGE}.md"
    entries: list[Any] = [{"import omahanash as on": face}]
    entries += [{f"{PACKAGE}.{Path(path).stem}": path} for path in _PAGES if path != face]
    config["nav"] = [*(config["nav"] or []), {"API reference": entries}]
    return config


def on_files(files: Files, config: Any) -> Files:
    """Put the generated pages among the site's files."""
    for path, content in _PAGES.items():
        files.append(File.generated(config, path, content=content))
    return files
