"""The examples in the docstrings of the CFR modules run and give what they show."""

import doctest
import importlib

import pytest

MODULES = [
    "omahanash.cfr.compiler",
    "omahanash.cfr.solvers",
    "omahanash.cfr.exploitability",
    "omahanash.cfr.browser",
    "omahanash.games",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
