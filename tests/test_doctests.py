"""Every example in a docstring of the library runs and shows what it claims."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import omahanash


def _modules_with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    names = []
    for info in pkgutil.walk_packages(omahanash.__path__, "omahanash."):
        if info.name == "omahanash.__main__":  # importing it runs the command line
            continue
        module = importlib.import_module(info.name)
        if any(test.examples for test in finder.find(module)):
            names.append(info.name)
    return names


MODULES = _modules_with_examples()


def test_the_core_modules_have_examples():
    for name in ("omahanash.cards", "omahanash.equity.exact", "omahanash.hands",
                 "omahanash.evaluate", "omahanash.perfect.grundy"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
