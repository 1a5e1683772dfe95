"""The examples in the docstrings of the perfect-information modules run and are right."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "omahanash.perfect.retrograde",
    "omahanash.perfect.search",
    "omahanash.perfect.zobrist",
    "omahanash.perfect.grundy",
    "omahanash.perfect.examples",
    "omahanash.commands.games",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
