"""The examples in the docstrings of the app's Qt-free modules run and show what they claim
(the library's are run by tests/test_doctests.py)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("ui.units", "ui.fields", "ui.jamfold_model", "ui.cfr_model", "ui.exploit_model",
           "ui.table_model", "ui.tournament_model", "ui.tournament_jobs", "ui.trainer_model",
           "ui.trainer_jobs", "ui.equity_model", "ui.equity_jobs",
           "ui.perfect_model", "ui.perfect_jobs", "ui.review_state",
           "ui.review_jobs", "ui.sweep_model", "ui.table_build_model",
           "ui.range_text")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
