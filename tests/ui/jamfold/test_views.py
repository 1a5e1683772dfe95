"""The Jam-fold tab's states and views: consistent idle states after Stop, stale results, the
chips / big blinds switch, the readable range views (grid, legend, class names, range filter,
copy range), the Omaha range map and the plain-words tooltips."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QTableView

from omahanash.ranges import parse_range
from ui.jamfold.tab import JamFoldTab
from ui.kit.range_view import CELL_TEXT_ROLE, FrequencyLegend, probability_colour

from .test_tab import set_inputs, value


@pytest.fixture
def tab(window) -> JamFoldTab:
    tab = window.tab("Jam-fold")
    assert isinstance(tab, JamFoldTab)
    window.tab_widget.setCurrentWidget(tab)
    return tab


def messages(tab) -> list[str]:
    seen: list[str] = []
    tab.status_message.connect(seen.append)
    return seen


def solve(tab, drive, qtbot, **inputs) -> None:
    set_inputs(tab, drive, **inputs)
    assert tab.calculate()
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass


def idle_buttons(tab, drive) -> dict[str, bool]:
    return {name: drive.find(tab, QPushButton, name).isEnabled()
            for name in ("calculateButton", "continueButton", "saveButton", "exportButton",
                         "exportJsonButton", "copyRangeButton", "openButton")}


class HeldTables(dict):
    """The tab's loaded tables, whose lookup (the job's first step) waits until Stop: a run
    stopped "at once" is stopped before its first iteration however slow the machine (without
    it, a loaded machine let the worker finish an iteration between the two clicks)."""

    def __init__(self, tab: JamFoldTab) -> None:
        super().__init__(tab._tables)
        self.tab = tab

    def get(self, key, default=None):  # noqa: ANN001, ANN201 - dict's signature
        import time

        deadline = time.monotonic() + 300
        while not self.tab.runner._cancel.cancelled and time.monotonic() < deadline:
            time.sleep(0.001)
        return super().get(key, default)


def calculate_and_stop_at_once(tab, qtbot, button) -> None:
    tables, tab._tables = tab._tables, HeldTables(tab)
    try:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # Stop at once
        with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
            pass
    finally:
        tab._tables = tables


def test_stop_at_once_leaves_a_consistent_idle_state(tab, drive, qtbot):
    said = messages(tab)
    set_inputs(tab, drive, iterations="200000")
    button = drive.find(tab, QPushButton, "calculateButton")
    calculate_and_stop_at_once(tab, qtbot, button)
    assert button.text() == "Calculate"
    assert "Loading" not in said[-1] and "nothing was computed" in said[-1]
    assert value(tab, "iterationsValue") == "" and value(tab, "rangePuValue") == ""
    assert tab.solution is None
    assert idle_buttons(tab, drive) == {"calculateButton": True, "continueButton": False,
                                        "saveButton": False, "exportButton": False,
                                        "exportJsonButton": False, "copyRangeButton": False,
                                        "openButton": True}
    # With a solution on screen, a Calculate stopped at once shows that solution again.
    solve(tab, drive, qtbot, iterations="200")
    shown = value(tab, "rangePuValue")
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "200000")
    calculate_and_stop_at_once(tab, qtbot, button)
    assert value(tab, "rangePuValue") == shown and value(tab, "iterationsValue") == "200/200"
    assert all(idle_buttons(tab, drive).values())


def test_failure_returns_to_idle(tab, drive, qtbot, monkeypatch):
    import omahanash.jamfold as jamfold
    from omahanash.errors import InputError

    def broken(*args, **kwargs):
        raise InputError("the table is damaged")

    monkeypatch.setattr(jamfold.JamFoldSolution, "create", broken)
    set_inputs(tab, drive)
    assert tab.calculate()
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert "damaged" in drive.find(tab, QLabel, "jamfoldError").text()
    assert value(tab, "iterationsValue") == ""
    assert not idle_buttons(tab, drive)["continueButton"]
    assert drive.find(tab, QLineEdit, "sbEdit").isEnabled()


def test_results_of_other_inputs_are_marked_stale(tab, drive, qtbot):
    solve(tab, drive, qtbot)
    stale = drive.find(tab, QLabel, "jamfoldStale")
    assert not stale.isVisible() and not tab.stale
    drive.type_into(drive.find(tab, QLineEdit, "iterationsEdit"), "50")  # not the game
    assert not tab.stale
    drive.type_into(drive.find(tab, QLineEdit, "bbEdit"), "20")
    assert stale.isVisible() and "BB 10" in stale.text() and tab.stale
    assert not drive.find(tab, QPushButton, "continueButton").isEnabled()
    assert drive.find(tab, QPushButton, "saveButton").isEnabled()  # saves what it shows
    drive.type_into(drive.find(tab, QLineEdit, "bbEdit"), "10")
    assert not stale.isVisible()
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Omaha Hi")
    assert tab.stale and "Texas Hold'em" in stale.text()


def test_lookup_placeholder_follows_the_variant(tab, drive):
    lookup = drive.find(tab, QLineEdit, "lookupEdit")
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Texas Hold'em")
    assert "AKs" in lookup.placeholderText() and "Ah Kd" in lookup.placeholderText()
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Omaha Hi")
    assert "12025" in lookup.placeholderText() and "2s 4s 3c 9c" in lookup.placeholderText()


def test_units_switch_converts_and_is_remembered(make_window, drive, qtbot):
    first = make_window()
    tab = first.tab("Jam-fold")
    set_inputs(tab, drive, sb="5", bb="10", s1="100", s2="150", ante="1")
    units = drive.find(tab, QComboBox, "unitsCombo")
    assert [units.itemText(i) for i in range(units.count())] == ["chips", "big blinds"]
    drive.choose(units, "big blinds")
    fields = ("sbEdit", "bbEdit", "anteEdit", "player1Edit", "player2Edit")
    assert [drive.find(tab, QLineEdit, n).text() for n in fields] == \
        ["0.5", "10", "0.1", "10", "15"]
    assert tab._request[0].stacks == (100.0, 150.0) and tab._request[0].ante == 1.0
    # The library's message speaks chips; in big blinds it says what 1 bb is.
    drive.type_into(drive.find(tab, QLineEdit, "player2Edit"), "1")
    error = drive.find(tab, QLabel, "player2Error").text()
    assert "BB + ante (11)" in error and "1 bb = 10 chips" in error
    drive.type_into(drive.find(tab, QLineEdit, "player2Edit"), "15")
    assert tab.calculate()
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    ev = drive.find(tab, QLabel, "postEv1Value")
    assert ev.text().endswith(" bb") and ev.toolTip().endswith(" chips")
    chips = float(ev.toolTip().split()[0])
    assert float(ev.text().split()[0]) == pytest.approx(chips / 10, abs=1e-4)
    drive.find(tab, QLineEdit, "lookupEdit").setText("7h 2d")
    assert tab.show_hand()
    assert drive.find(tab, QLabel, "foldEvValue").text() == "-0.6000 bb"  # SB 0.5 + ante 0.1
    assert drive.find(tab, QLabel, "foldEvValue").toolTip() == "-6.0000 chips"
    classes = drive.find(tab, QTableView, "classTable").model()
    assert classes.headerData(5, Qt.Orientation.Horizontal) == "Push EV (bb)"
    first.close()
    second = make_window()
    tab = second.tab("Jam-fold")
    assert drive.find(tab, QComboBox, "unitsCombo").currentText() == "big blinds"
    assert [drive.find(tab, QLineEdit, n).text() for n in fields] == \
        ["0.5", "10", "0.1", "10", "15"]
    assert tab._request[0].stacks == (100.0, 150.0)
    drive.choose(drive.find(tab, QComboBox, "unitsCombo"), "chips")
    assert [drive.find(tab, QLineEdit, n).text() for n in fields] == \
        ["5", "10", "1", "100", "150"]


def test_grid_cells_legend_and_tooltips(tab, drive, qtbot):
    solve(tab, drive, qtbot, iterations="2000")
    grid = drive.find(tab, QTableView, "rangeGrid")
    model = grid.model()
    aa = model.index(0, 0)
    assert aa.data() == "AA" and aa.data(CELL_TEXT_ROLE) == "AA\n100%"
    assert aa.data(Qt.ItemDataRole.BackgroundRole).name() == probability_colour(1.0).name()
    seven_two = model.index(12, 7)
    assert seven_two.data(CELL_TEXT_ROLE) == "72o\n0%"
    assert seven_two.data(Qt.ItemDataRole.BackgroundRole).name() == "#ffffff"
    mixed = next(model.index(r, c) for r in range(13) for c in range(13)
                 if 0.05 < model.index(r, c).data(Qt.ItemDataRole.UserRole) < 0.95)
    p = mixed.data(Qt.ItemDataRole.UserRole)
    assert mixed.data(CELL_TEXT_ROLE).endswith(f"\n{100 * p:.0f}%")
    tip = aa.data(Qt.ItemDataRole.ToolTipRole)
    assert "Push (PU): 100.0%" in tip and "Call (CA): 100.0%" in tip
    assert "AllIn_EV" in tip and "Fold_EV -5.0000" in tip
    legend = tab.grid_page.findChild(FrequencyLegend, "rangeLegend")
    assert legend is not None and legend.labels()[:3] == ["0 %", "50 %", "100 %"]
    grid.grab()  # the delegate paints the two-line cells without error


def test_class_table_names_and_range_filter(tab, drive, qtbot):
    solve(tab, drive, qtbot)
    table = drive.find(tab, QTableView, "classTable")

    def names() -> list[str]:
        model = table.model()
        return sorted(model.headerData(r, Qt.Orientation.Vertical)
                      for r in range(model.rowCount()))

    assert not table.verticalHeader().isHidden() and "AKo" in names() and len(names()) == 169
    edit = drive.find(tab, QLineEdit, "classFilterEdit")
    drive.type_into(edit, "AKo")
    assert names() == ["AKo"] and table.model().index(0, 1).data() == "As Kh"
    drive.type_into(edit, "TT+")
    assert names() == ["AA", "JJ", "KK", "QQ", "TT"]
    assert drive.find(tab, QLabel, "classFilterMode").text() == "as a range"
    drive.type_into(edit, "Qo Ks")  # not a range: the plain text filter ("KQo Ks Qh")
    assert drive.find(tab, QLabel, "classFilterMode").text() == "as text"
    assert table.model().rowCount() == 1
    edit.clear()
    assert table.model().rowCount() == 169


def test_class_table_lists_the_strongest_first(tab, drive, qtbot):
    """By default the classes come in the order 'top N%' takes them (not by id), with the
    strength rank as the first column the player sees."""
    from omahanash.ranges import ranking

    solve(tab, drive, qtbot, iterations="50")
    table = drive.find(tab, QTableView, "classTable")
    model = table.model()
    header = table.horizontalHeader()
    first = header.logicalIndex(0)
    assert model.headerData(first, Qt.Orientation.Horizontal) == "Strength"
    ids = [model.index(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(model.rowCount())]
    assert ids == ranking("holdem").tolist()
    assert [model.index(r, first).data() for r in range(3)] == ["1", "2", "3"]
    assert [model.headerData(r, Qt.Orientation.Vertical) for r in range(3)] == \
        ["AA", "KK", "QQ"]


def test_copy_range_puts_the_pushed_classes_on_the_clipboard(tab, drive, qtbot):
    solve(tab, drive, qtbot, iterations="2000")
    for index, key in ((0, "push_pct"), (1, "call_pct")):
        drive.find(tab, QComboBox, "gridPlayerCombo").setCurrentIndex(index)
        qtbot.mouseClick(drive.find(tab, QPushButton, "copyRangeButton"),
                         Qt.MouseButton.LeftButton)
        text = QGuiApplication.clipboard().text()
        copied = parse_range(text, "holdem")
        played = {r["id"] for r in tab.class_rows if r[key] >= 50}
        assert set(copied.class_ids.tolist()) == played
        assert copied.combos == sum(r["combos"] for r in tab.class_rows if r["id"] in played)


def test_labels_explain_the_thesis_words(tab):
    tips = {label.text(): label.toolTip() for label in tab.findChildren(QLabel)}
    assert "small blind" in tips["Range PU: Player1"] and "pushes" in tips["Range PU: Player1"]
    assert "big blind" in tips["Range CA: Player2"] and "calls" in tips["Range CA: Player2"]
    assert "best response" in tips["PostEV Player1"]
    assert "equilibrium" in tips["Epsilon"]
    combo = tab.player_combo
    assert "small blind" in combo.itemData(0, Qt.ItemDataRole.ToolTipRole)


@pytest.fixture(scope="module")
def omaha_subset_table(tmp_path_factory):
    from omahanash.equity.table_build import build_table
    from omahanash.equity.tables import load_table
    from omahanash.hands import parse_class

    hands = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
             "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc"]
    ids = sorted(parse_class(hand, "omaha") for hand in hands)
    cache = tmp_path_factory.mktemp("omaha-subset")
    build_table("omaha-hi", samples=16, seed=7, cache_dir=cache, class_ids=ids)
    return load_table("omaha-hi", cache, ids)


def test_omaha_range_map_on_a_subset_table(tab, drive, qtbot, omaha_subset_table):
    tab._tables["omaha-hi"] = omaha_subset_table
    solve(tab, drive, qtbot, game="Omaha Hi", iterations="300")
    assert tab.solution is not None and tab.solution.params.variant == "omaha-hi"
    view = drive.find(tab, QTableView, "omahaRangeMap")
    tab.range_tabs.setCurrentWidget(tab.omaha_map)
    assert tab.range_tabs.isTabEnabled(tab.range_tabs.indexOf(tab.omaha_map))
    assert not tab.range_tabs.isTabEnabled(tab.range_tabs.indexOf(tab.grid_page))
    model = view.model()
    corner = model.index(0, 0)  # AAxx: AAKK double-suited and AA72
    assert corner.data(CELL_TEXT_ROLE).startswith("AA\n")
    aakk = next(r for r in tab.class_rows if r["cards"].count("A") == 2
                and r["cards"].count("K") == 2)
    aa72 = next(r for r in tab.class_rows if "7" in r["cards"] and "A" in r["cards"])
    expected = (aakk["push_pct"] * aakk["combos"] + aa72["push_pct"] * aa72["combos"]) / (
        100 * (aakk["combos"] + aa72["combos"]))
    assert corner.data(Qt.ItemDataRole.UserRole) == pytest.approx(expected)
    assert "combos" in corner.data(Qt.ItemDataRole.ToolTipRole)
    drive.choose(drive.find(tab, QComboBox, "omahaStructureCombo"), "double-suited")
    assert model.index(0, 0).data(Qt.ItemDataRole.UserRole) == pytest.approx(
        aakk["push_pct"] / 100)
    assert model.index(5, 5).data(Qt.ItemDataRole.UserRole) is None  # no 88xx in the subset
    view.grab()
    # Copying an Omaha range: one suit pattern per class, parsing back to those classes.
    text = tab.copy_range()
    played = {r["id"] for r in tab.class_rows if r["push_pct"] >= 50}
    assert set(parse_range(text, "omaha").class_ids.tolist()) == played
    # The lookup reads an Omaha hand as typed, with its class id and in players' words.
    drive.find(tab, QLineEdit, "lookupEdit").setText("Qh Qs Jd Tc")
    assert tab.show_hand()
    assert value(tab, "cardsValue") == "Qh Qs Jd Tc"
    assert value(tab, "classValue") == "Q-Q-J-T rainbow"
    assert value(tab, "idValue") == str(tab.solution.lookup("Qs Qh Jd Tc").id)


def test_a_card_error_goes_when_the_type_changes(tab, drive, qtbot):
    """"has 4 cards, expected 2" stayed beside the lookup after switching Type to
    Omaha Hi. The message spoke of the other game's hands: a change of Type clears it."""
    solve(tab, drive, qtbot, iterations="20")
    drive.type_into(drive.find(tab, QLineEdit, "lookupEdit"), "Qh Jh Tc 9c")
    assert not tab.show_hand()
    error = drive.find(tab, QLabel, "lookupError")
    assert error.isVisible() and "has 4 cards, expected 2" in error.text()
    drive.choose(drive.find(tab, QComboBox, "typeCombo"), "Omaha Hi")
    assert not error.isVisible() and error.text() == ""


def test_the_read_out_always_answers_the_field(tab, drive, qtbot):
    """After *Open in Jam-fold* the field showed ``Qh Jh Tc 9c`` while the read-out
    still showed another hand. The Review tab fills the field with ``setText``: the read-out
    of the previous text goes at once, and Show answers the new text."""
    solve(tab, drive, qtbot, iterations="20")
    lookup = drive.find(tab, QLineEdit, "lookupEdit")
    lookup.setText("Ah Kd")
    assert tab.show_hand()
    assert value(tab, "cardsValue") == "Ah Kd" and value(tab, "classValue") == "AKo"
    assert value(tab, "idValue") == "13"
    lookup.setText("7h 2d")  # as Open in Jam-fold fills it
    assert all(value(tab, name) == "" for name in ("idValue", "classValue", "cardsValue",
                                                   "playedValue", "diffEvValue"))
    assert tab.show_hand()
    assert value(tab, "cardsValue") == "7h 2d" and value(tab, "classValue") == "72o"
    # the read-out follows a new solution of the same text (and the player switch)
    drive.choose(drive.find(tab, QComboBox, "playerCombo"), "CA: Player2")
    assert value(tab, "foldEvValue") == "-10.0000" and value(tab, "cardsValue") == "7h 2d"


def test_grid_and_lookup_round_alike(tab, drive, qtbot):
    """The grid showed ">99%" where the lookup said 100 %. One rule: a hand reads
    as pure in both or in neither."""
    solve(tab, drive, qtbot, iterations="300")
    model = drive.find(tab, QTableView, "rangeGrid").model()
    for r in range(13):
        for c in range(13):
            name = model.index(r, c).data()
            drive.find(tab, QLineEdit, "lookupEdit").setText(name)
            assert tab.show_hand()
            played = value(tab, "playedValue")
            cell = model.index(r, c).data(CELL_TEXT_ROLE).split("\n")[1]
            assert (played == "100%") == (cell == "100%"), (name, played, cell)
            assert (played == "0%") == (cell == "0%"), (name, played, cell)


def test_omaha_map_cells_keep_label_and_number_apart(qtbot):
    """Omaha map cells read "A967%": in a cell too short for two lines, Qt dropped
    the line break. The delegate lays the lines out itself (tests/ui/kit/test_range_cells.py
    measures every size): a space between them on one line, or two lines."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QStyleOptionViewItem

    from ui.kit.omaha_range_map import OmahaRangeMap

    page = OmahaRangeMap()
    qtbot.addWidget(page)
    page.model.set_rows("omaha-hi", [{"id": 7513, "combos": 6, "push_pct": 67.0}], "push_pct")
    index = page.model.index(0, 0)
    assert index.data(CELL_TEXT_ROLE) == "AA\n67%"
    delegate = page.view.itemDelegate()
    line = page.view.fontMetrics().height()
    for height, expected in ((line + 3, ["AA 67%"]), (200, ["AA", "67%"])):
        option = QStyleOptionViewItem()
        option.initFrom(page.view)
        option.rect = QRect(0, 0, 80, height)
        layout = delegate.layout(option, index)
        assert layout is not None and layout.texts == expected


def test_the_form_starts_at_the_librarys_defaults(qtbot, monkeypatch):
    """JamFoldParams is the one place of the spot's defaults: the form's first values are
    its own (changed here, they follow)."""
    from omahanash.cards import Variant
    from omahanash.jamfold import JamFoldParams
    from ui.jamfold.form import GameForm

    form = GameForm()
    qtbot.addWidget(form)
    shipped = JamFoldParams()
    texts = [form.ante_edit.text(), form.sb_edit.text(), form.bb_edit.text(),
             form.player1_edit.text(), form.player2_edit.text()]
    assert texts == [f"{v:g}" for v in (shipped.ante, shipped.sb, shipped.bb, *shipped.stacks)]
    assert form.variant == shipped.variant
    class OtherDefaults(JamFoldParams):
        def __init__(self, variant: str = "omaha-hi", sb: float = 2.0, bb: float = 4.0,
                     ante: float = 0.5, stacks: float = 60.0) -> None:
            super().__init__(variant, sb=sb, bb=bb, ante=ante, stacks=stacks)

    import omahanash.jamfold

    monkeypatch.setattr(omahanash.jamfold, "JamFoldParams", OtherDefaults)
    other = GameForm()
    qtbot.addWidget(other)
    assert [other.ante_edit.text(), other.sb_edit.text(), other.bb_edit.text(),
            other.player1_edit.text()] == ["0.5", "2", "4", "60"]
    assert other.variant == Variant.OMAHA_HI


def test_a_new_run_greys_the_previous_ranges(tab, drive, qtbot):
    """The previous result's ranges and lookup are greyed while a new run computes, back
    when it ends (issue 35)."""
    from ui.kit.common import veil_of

    solve(tab, drive, qtbot, iterations="200")
    assert all(view.property("greyed") is False for view in tab.result_views)
    set_inputs(tab, drive, iterations="300")
    assert tab.calculate()
    assert all(view.property("greyed") is True and veil_of(view).isVisibleTo(view)
               for view in tab.result_views)
    with qtbot.waitSignal(tab.runner.finished, timeout=300_000):
        pass
    assert all(view.property("greyed") is False and not veil_of(view).isVisibleTo(view)
               for view in tab.result_views)


def test_the_epsilon_plot_is_in_the_unit_of_the_results(tab, drive, qtbot):
    """One unit on the screen: the Epsilon plot's points and axis follow chips / big blinds
    as the Epsilon value does (issue 35)."""
    from ui.kit.plots import ConvergencePlot

    drive.choose(drive.find(tab, QComboBox, "unitsCombo"), "chips")
    solve(tab, drive, qtbot, iterations="200")
    plot = drive.find(tab, ConvergencePlot, "epsilonPlot")
    epsilon = tab.solution.history[-1].epsilon
    assert plot.y_label == "Epsilon (chips)"
    assert plot.history()[-1][1] == pytest.approx(epsilon)
    drive.choose(drive.find(tab, QComboBox, "unitsCombo"), "big blinds")
    assert plot.y_label == "Epsilon (bb)"
    assert plot.history()[-1][1] == pytest.approx(epsilon / tab.solution.params.bb)
    assert value(tab, "epsilonValue").startswith(f"{epsilon / tab.solution.params.bb:.6g}")
