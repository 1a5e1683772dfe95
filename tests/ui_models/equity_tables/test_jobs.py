"""The equity-table builds without Qt: a pass's job (:mod:`ui.equity_tables.jobs`) builds the
library's table, and Cancel is its stopped outcome with the finished blocks kept (the next
build resumes them); the model (:mod:`ui.equity_tables.model`) says which passes a table needs
and words the panel."""

from __future__ import annotations

import functools

import pytest

from omahanash.cards import Variant
from omahanash.equity import table_build, tables
from omahanash.runs import CancelFlag
from ui.equity_tables.jobs import BuildOutcome, build_job
from ui.equity_tables.model import BuildPass, building_text, offer_text, passes_for, table_state

CLASSES = [0, 16431]  # two Omaha classes: a real build in a moment


@pytest.fixture
def small_builds(monkeypatch, tmp_path):
    """The library's build of two classes, a block per cell, in an empty cache."""
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(table_build, "build_table",
                        functools.partial(table_build.build_table, class_ids=CLASSES,
                                          block_cells=1))


def test_cancel_is_the_stopped_outcome_and_the_next_pass_finishes_the_table(small_builds,
                                                                             make_recorder):
    """About 3 s alone on a loaded machine, most of it loading the build's compiled kernels
    once (cached by numba); the build itself takes a fraction of a second."""
    build = BuildPass(Variant.OMAHA_HI, 2)
    cancel = CancelFlag()
    recorder = make_recorder(cancel, stop_when=lambda done, total: done >= 1)
    outcome = build_job(build)(recorder, cancel)
    assert outcome == BuildOutcome(None, True)
    assert not tables.table_path(Variant.OMAHA_HI, None, CLASSES).exists()
    # the finished blocks wait in the partial file: the next build resumes from them
    assert table_build.partial_settings(Variant.OMAHA_HI, None, CLASSES)["samples"] == 2
    resumed = make_recorder()
    outcome = build_job(build)(resumed, CancelFlag())
    assert resumed.reports[0][0] >= 1  # it starts where the first pass stopped
    path = tables.table_path(Variant.OMAHA_HI, None, CLASSES)
    assert outcome == BuildOutcome(str(path), False) and path.is_file()
    assert resumed.phases == ["building table"]
    assert table_build.table_samples(Variant.OMAHA_HI, None, CLASSES) == 2
    assert tables.load_table("omaha-hi", None, CLASSES).n == 2


def test_which_passes_a_table_needs_and_what_the_panel_says(monkeypatch, tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))
    assert table_state(Variant.OMAHA_HILO) == "missing" and table_state(Variant.HOLDEM) == "full"
    coarse, full = passes_for(Variant.OMAHA_HILO)
    assert (coarse.samples, coarse.coarse) == (table_build.COARSE_SAMPLES, True)
    assert (full.samples, full.coarse) == (tables.DEFAULT_SAMPLES[Variant.OMAHA_HILO], False)
    assert passes_for(Variant.OMAHA_HILO, "coarse") == [full]
    assert building_text(coarse, "Omaha Hi").startswith(
        "Building the Omaha Hi/Lo equity table: a coarse table first")
    assert building_text(full, "").endswith("(any coarse table stays in use meanwhile).")
    text, caption = offer_text("Omaha Hi and Omaha Hi/Lo", True, True, True)
    assert text.startswith("The Omaha Hi and Omaha Hi/Lo equity tables are not built yet.")
    assert caption == "Resume building"
