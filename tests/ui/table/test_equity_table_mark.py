"""Every result says which equity table it stands on, and one on the coarse first-launch
Omaha table is marked (issue 35: the Table tab did not say so): the Table tab's and the
Jam-fold tab's line for a solution on a coarse subset table, a full one and Hold'em's."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import load_table
from omahanash.hands import parse_class
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from ui.table.model import equity_table_text
from ui.table.tab import TableTab

HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
         "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc"]


@pytest.fixture(scope="module")
def subset_tables(tmp_path_factory):
    ids = sorted(parse_class(hand, "omaha") for hand in HANDS)
    tables = {}
    for name, samples in (("coarse", 2), ("full", 12)):
        cache = tmp_path_factory.mktemp(f"omaha-{name}")
        build_table("omaha-hi", samples=samples, seed=7, cache_dir=cache, class_ids=ids)
        tables[name] = load_table("omaha-hi", cache, ids)
    return tables


def test_the_words_name_the_table(subset_tables):
    coarse, is_coarse = equity_table_text(subset_tables["coarse"])
    assert is_coarse and "COARSE" in coarse and "2 samples per cell" in coarse
    full, is_coarse = equity_table_text(subset_tables["full"])
    assert not is_coarse and "full precision (12 samples per cell, 8 classes only)" in full
    assert equity_table_text(load_table("holdem")) == ("Equity table: Texas Hold'em, exact.", False)


def test_the_table_tab_marks_a_result_on_a_coarse_table(window, subset_tables):
    tab = window.tab("Table")
    assert isinstance(tab, TableTab)
    window.tab_widget.setCurrentWidget(tab)
    label = tab.findChild(QLabel, "tableEquityTableLabel")
    assert label is not None and label.text() == ""
    spot = PushFoldSpot("omaha-hi", [1000, 1000], 50, 100)
    for name, marked in (("coarse", True), ("full", False)):
        solution = solve_pushfold(spot, iterations=5, deals=2000, table=subset_tables[name])
        tab.model.accept(solution, None)
        tab._show_solution()
        assert ("COARSE" in label.text()) == marked, label.text()
        assert label.text().startswith("Equity table: Omaha Hi")
        assert ("bold" in label.styleSheet()) == marked
