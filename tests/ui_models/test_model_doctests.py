"""The examples in the docstrings of the app's Qt-free modules run and show what they claim
(the library's are run by tests/test_doctests.py)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("ui.kit.units", "ui.kit.fields", "ui.jamfold.model", "ui.cfr.model",
           "ui.jamfold.exploit.model", "ui.table.model", "ui.tournament.model",
           "ui.tournament.jobs", "ui.trainer.model", "ui.trainer.jobs", "ui.equity.model",
           "ui.equity.jobs", "ui.perfect.model", "ui.perfect.jobs", "ui.review.model",
           "ui.review.jobs", "ui.jamfold.sweep.model", "ui.equity_tables.model",
           "ui.kit.range_text", "ui.table.chart.model")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
