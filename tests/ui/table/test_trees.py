"""The Table tab on a betting tree, driven like a user: Pot-limit for a heads-up Hold'em
spot, Calculate, the node list holds the tree (each node under the action that leads to
it), the range is coloured by each hand's action mix, the lookup shows every action's
frequency and EV (the library's lookup of the same solve), the seats their open %, and
Save / Open / Export of the tree's solution."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox, QTableView

from omahanash.trees import PreflopSpot, TreeSolution, solve_preflop
from ui.kit.range_view import MIX_BAR_ROLE, MIX_ROLE
from ui.table.tab import TableTab

ITERATIONS = 6


@pytest.fixture
def tab(window) -> TableTab:
    tab = window.tab("Table")
    assert isinstance(tab, TableTab)
    window.tab_widget.setCurrentWidget(tab)
    return tab


def fill_heads_up(tab, drive) -> None:
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Hold'em")
    drive.find(tab, QSpinBox, "tableSeatsSpin").setValue(2)
    for i in range(2):
        drive.type_into(drive.find(tab, QLineEdit, f"seatStackEdit{i}"), "1500")
    drive.type_into(drive.find(tab, QLineEdit, "tableSbEdit"), "50")
    drive.type_into(drive.find(tab, QLineEdit, "tableBbEdit"), "100")
    drive.choose(drive.find(tab, QComboBox, "payoutModelCombo"), "Chips")
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), str(ITERATIONS))


def test_the_betting_choice_and_its_settings(tab, drive):
    betting = drive.find(tab, QComboBox, "tableTreeCombo")
    assert [betting.itemText(i) for i in range(betting.count())] == \
        ["Push/fold", "Pot-limit", "Pot-limit with limps", "No-limit", "Tree file…"]
    assert betting.currentText() == "Push/fold"  # Hold'em's default
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Omaha Hi")
    assert betting.currentText() == "Pot-limit"
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Omaha Hi/Lo")
    assert betting.currentText() == "Pot-limit"
    open_size = drive.find(tab, QLineEdit, "tableOpenSizeEdit")
    raises = drive.find(tab, QSpinBox, "tableMaxRaisesSpin")
    postflop = drive.find(tab, QComboBox, "tablePostflopCombo")
    locks = drive.find(tab, QLineEdit, "tableLocksEdit")
    assert (open_size.isEnabled(), raises.isEnabled(), postflop.isEnabled(),
            locks.isEnabled()) == (False, True, True, False)
    drive.choose(betting, "No-limit")
    assert (open_size.isEnabled(), raises.isEnabled(), postflop.isEnabled()) == \
        (True, True, True)
    drive.type_into(open_size, "1")
    assert "more than 1 big blind" in drive.find(tab, QLabel, "tableOpenSizeError").text()
    assert not drive.find(tab, QPushButton, "tableCalculateButton").isEnabled()
    drive.choose(betting, "Push/fold")
    assert (open_size.isEnabled(), raises.isEnabled(), postflop.isEnabled(),
            locks.isEnabled()) == (False, False, False, True)
    assert drive.find(tab, QLabel, "tableOpenSizeError").text() == ""
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Hold'em")
    assert betting.currentText() == "Push/fold"


def test_a_pot_limit_solve_shows_the_tree(tab, drive, qtbot, tmp_path):
    fill_heads_up(tab, drive)
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "Pot-limit")
    button = drive.find(tab, QPushButton, "tableCalculateButton")
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=180_000)
    solution = tab.solution
    assert isinstance(solution, TreeSolution), tab.run_error.text()
    assert tab.plot.history(), "the NashConv plot shows the run"
    direct = solve_preflop(PreflopSpot("holdem", [1500, 1500], 50, 100, tree="pl"),
                           iterations=ITERATIONS)
    # the node list: the tree, each node indented under the action that leads to it
    nodes = drive.find(tab, QTableView, "tableNodeList")
    rows = drive.table_rows(nodes)
    assert [row[0].strip() for row in rows] == [view.name for view in direct.nodes]
    shown = {row[0].strip(): row for row in rows}
    assert shown["SB open"][0] == "SB open" and shown["SB open"][3] == ""
    assert shown["BB vs SB open"][0] == "    BB vs SB open"
    assert shown["BB vs SB open"][3] == "SB raise 3"
    assert shown["SB vs BB re-raise"][0] == "        SB vs BB re-raise"
    bb_open = next(v for v in direct.nodes if v.name == "BB vs SB open")
    assert float(shown["BB vs SB open"][1]) == pytest.approx(100 * bb_open.reach, abs=1e-3)
    fold = bb_open.actions[0]["percent"]
    assert f"Fold {fold:.1f}%" in shown["BB vs SB open"][2]
    for role, column in ((MIX_BAR_ROLE, 0), (MIX_ROLE, 2)):  # the bar under the name
        bar = nodes.model().index(5, column).data(role)
        assert [kind for kind, _ in bar] == ["fold", "call", "raise"]
        assert [share for _, share in bar] == pytest.approx(
            [a["percent"] / 100 for a in bb_open.actions])
    # the seats: the open % at each seat's first node
    sb_open = {a["action"]: a["percent"] for a in direct.nodes[0].actions}
    assert drive.find(tab, QLabel, "seatPushLabel0").text().startswith(
        f"opens {100 - sb_open['fold']:.1f}%")
    # the range: the grid coloured by each hand's mix at the selected node
    assert tab.select_node("BB vs SB open")
    grid = drive.find(tab, QTableView, "tableRangeView").model()
    assert grid.index(0, 1).data() == "AKs"
    aks = direct.lookup("AKs", "BB vs SB open")["actions"]
    assert [share for _, share in grid.index(0, 1).data(MIX_ROLE)] == pytest.approx(
        [a["percent"] / 100 for a in aks])
    tip = grid.index(0, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert "Fold" in tip and "Call" in tip and "Raise 9" in tip and "bb" in tip
    assert tab.results.action_legend.isVisibleTo(tab)
    # the lookup: every action's frequency and EV, the library's
    drive.type_into(drive.find(tab, QLineEdit, "tableLookupEdit"), "AKo")
    qtbot.mouseClick(drive.find(tab, QPushButton, "tableLookupButton"),
                     Qt.MouseButton.LeftButton)
    expected = direct.lookup("AKo", "BB vs SB open")["actions"]
    assert [a["percent"] for a in tab.lookup_data["actions"]] == pytest.approx(
        [a["percent"] for a in expected])
    assert [a["ev"] for a in tab.lookup_data["actions"]] == pytest.approx(
        [a["ev"] for a in expected])
    text = drive.find(tab, QLabel, "tableLookupResult").text()
    for label, action in zip(("Fold", "Call", "Raise 9"), expected, strict=True):
        assert f"{label}: {action['percent']:.2f}% · EV {action['ev'] / 100:+.3f} bb" in text
    # save, export, open
    path = tmp_path / "hu.tree"
    assert tab.save_solution(str(path))
    assert tab.export_solution(str(tmp_path / "hu.json"), "json")
    document = json.loads((tmp_path / "hu.json").read_text())
    assert len(document["rows"]) == sum(169 * len(v.actions) for v in direct.nodes)
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "No-limit")
    assert tab.stale
    assert tab.open_solution(str(path))
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert drive.find(tab, QComboBox, "tableTreeCombo").currentText() == "Pot-limit"
    assert not tab.stale and isinstance(tab.solution, TreeSolution)
    assert tab.select_node("BB vs SB open") and tab.show_hand()
    assert [a["percent"] for a in tab.lookup_data["actions"]] == pytest.approx(
        [a["percent"] for a in expected])


def _omaha_rows(variant: str, tree: bool) -> list[dict]:
    """Rows of an Omaha node as the views take them, with the widest numbers a 3-handed ICM
    solve shows (EVs in bb and in % of the pool)."""
    from omahanash.hands import class_cards
    from ui.kit.range_text import strength_ranks

    ranks = strength_ranks(variant)
    rows = []
    for k, class_id in enumerate((7513, 7486, 7511, 7452, 6811, 5918, 7101, 7272)):
        cards = class_cards("omaha", class_id)
        base = {"id": class_id, "cards": cards, "name": cards, "rank": int(ranks[class_id]),
                "combos": 12}
        if tree:
            base["actions"] = [
                {"action": "fold", "label": "Fold", "to": 0.5, "percent": 1.25 + k,
                 "bb": -0.5, "pool": 32.9331},
                {"action": "call", "label": "Call", "to": 3.5, "percent": 37.3,
                 "bb": -1.8504, "pool": 33.4502},
                {"action": "allin", "label": "All in 12", "to": 12.0,
                 "percent": 61.45 - k, "bb": -2.5371, "pool": 34.1163}]
        else:
            base.update(play_pct=58.78 - k, play_bb=-6.0912, fold_bb=-0.5,
                        play_pool=-33.1422, fold_pool=-31.2482)
        rows.append(base)
    return rows


def test_the_omaha_class_table_fits_a_1280_window(tab, window, qtbot):
    """At 1280 px wide the class table's last column does not make it scroll sideways
    (push/fold's and a tree's, ICM's widest numbers); its cells are never cut, only a
    header may be narrowed (its whole text on hover)."""
    from types import SimpleNamespace

    window.resize(1280, 820)
    qtbot.waitUntil(lambda: window.width() == 1280)
    results = tab.results
    results.range_tabs.setCurrentWidget(results.range_view)
    omaha = SimpleNamespace(spot=SimpleNamespace(variant="omaha-hi"))
    view = results.range_view
    for show, tree in ((results.show_rows, False), (results.show_tree_rows, True)):
        show(omaha, _omaha_rows("omaha-hi", tree))
        qtbot.wait(20)
        header = view.horizontalHeader()
        last = view.model().columnCount() - 1
        assert header.sectionViewportPosition(last) + header.sectionSize(last) <= \
            view.viewport().width()
        assert view.horizontalScrollBar().maximum() == 0
        for column in range(last + 1):
            assert view.columnWidth(column) >= view.sizeHintForColumn(column), column


def test_a_tree_stopped_before_its_pass_shows_the_mixes_unmeasured(tab, drive, qtbot,
                                                                   monkeypatch):
    """Stop past the measuring grace (the passes not made: certain, no timing): the nodes
    keep their action mixes without a reach, nothing that needs a pass is offered or made in
    the window, Continue runs on from the iterations kept."""
    import ui.table.jobs as jobs

    monkeypatch.setattr(jobs, "measure_tree", lambda solution, cancel, per_pass=None: False)
    fill_heads_up(tab, drive)
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "No-limit")
    qtbot.mouseClick(drive.find(tab, QPushButton, "tableCalculateButton"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=180_000)
    solution = tab.solution
    assert isinstance(solution, TreeSolution) and solution.iterations == ITERATIONS
    assert "not measured" in tab.run_status.text()
    rows = drive.table_rows(drive.find(tab, QTableView, "tableNodeList"))
    assert [row[0].strip() for row in rows] == [node.name for node in
                                                solution.solver.tree.decisions()]
    assert all(row[1] == "" and "%" in row[2] for row in rows), rows[:2]
    assert not drive.find(tab, QPushButton, "tableLookupButton").isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "tableLookupEdit"), "AKo")
    assert not tab.show_hand()
    assert drive.find(tab, QLabel, "seatPushLabel0").text().startswith("opens ")
    assert tab.hands_model.rowCount() == 0, "no hands: they need the pass"
    monkeypatch.undo()
    drive.type_into(drive.find(tab, QLineEdit, "tableIterationsEdit"), "3")
    assert tab.continue_run()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert tab.solution.iterations == ITERATIONS + 3
    assert "not measured" not in tab.run_status.text()
    assert float(drive.table_rows(drive.find(tab, QTableView, "tableNodeList"))[0][1]) == \
        pytest.approx(100.0)


def test_a_session_keeps_a_tree(window, drive, qtbot, tmp_path):
    """A session saves the tree's solution and its Betting settings; reopened, both come
    back (the game's default betting does not override the saved one)."""
    tab = window.tab("Table")
    fill_heads_up(tab, drive)
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "No-limit")
    drive.type_into(drive.find(tab, QLineEdit, "tableOpenSizeEdit"), "2.5")
    assert tab.calculate()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=180_000)
    before = tab.solution.lookup("KQs", "SB open")["actions"]
    path = tmp_path / "s.onsession"
    window.sessions.save(path)
    drive.choose(drive.find(tab, QComboBox, "tableTypeCombo"), "Omaha Hi")
    assert drive.find(tab, QComboBox, "tableTreeCombo").currentText() == "Pot-limit"
    _, reopened = window.sessions.open(path)
    assert "table" in reopened
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert drive.find(tab, QComboBox, "tableTypeCombo").currentText() == "Hold'em"
    assert drive.find(tab, QComboBox, "tableTreeCombo").currentText() == "No-limit"
    assert drive.find(tab, QLineEdit, "tableOpenSizeEdit").text() == "2.5"
    assert isinstance(tab.solution, TreeSolution) and not tab.stale
    assert tab.solution.spot.open_size == 2.5
    assert [a["percent"] for a in tab.solution.lookup("KQs", "SB open")["actions"]] == \
        pytest.approx([a["percent"] for a in before])


def test_a_tree_file_solves_and_reopens_as_that_file(tab, drive, qtbot, tmp_path):
    tree = tmp_path / "half.toml"
    tree.write_text('kind = "pot"\nsizes = [1.0, 0.5]\nmax_raises = 2\n')
    fill_heads_up(tab, drive)
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "Tree file…")
    assert drive.find(tab, QLineEdit, "tableTreeFileEdit").isEnabled()
    assert not drive.find(tab, QSpinBox, "tableMaxRaisesSpin").isEnabled()
    drive.type_into(drive.find(tab, QLineEdit, "tableTreeFileEdit"), str(tree))
    assert tab.calculate()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=180_000)
    solution = tab.solution
    assert isinstance(solution, TreeSolution) and solution.settings.sizes == (1.0, 0.5)
    # the half-pot re-raise of the file: the SB's open to 3 bb, the BB's re-raise to 6
    bb_open = next(v for v in solution.nodes if v.name == "BB vs SB open")
    assert [a["to"] for a in bb_open.actions] == [1.0, 3.0, 6.0]
    path = tmp_path / "half.tree"
    assert tab.save_solution(str(path))
    drive.choose(drive.find(tab, QComboBox, "tableTreeCombo"), "Push/fold")
    assert tab.open_solution(str(path))
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=60_000)
    assert drive.find(tab, QComboBox, "tableTreeCombo").currentText() == "Tree file…"
    assert drive.find(tab, QLineEdit, "tableTreeFileEdit").text() == str(tree)
    assert not tab.stale and tab.solution.settings.sizes == (1.0, 0.5)


def test_the_omaha_map_stripes_each_cell_by_its_hands_mix(qtbot):
    """A tree's Omaha map: each cell's mix is the combo-weighted mix of its hands."""
    from types import SimpleNamespace

    from ui.kit.omaha_range_map import class_features
    from ui.table.results import TableResults

    results = TableResults()
    qtbot.addWidget(results)
    rows = _omaha_rows("omaha-hi", True)
    results.show_tree_rows(SimpleNamespace(spot=SimpleNamespace(variant="omaha-hi")), rows)
    highest, second, _ = class_features("omaha-hi")
    model = results.omaha_map.model
    for row in rows:
        cell = (int(highest[row["id"]]), int(second[row["id"]]))
        members = [r for r in rows if (highest[r["id"]], second[r["id"]]) == cell]
        weight = sum(r["combos"] for r in members)
        expected = [sum(r["combos"] * r["actions"][k]["percent"] for r in members)
                    / weight / 100 for k in range(3)]
        mix = model.mix(*cell)
        assert [kind for kind, _ in mix] == ["fold", "call", "allin"]
        assert [share for _, share in mix] == pytest.approx(expected)
        assert model.index(*cell).data(MIX_ROLE) == mix
