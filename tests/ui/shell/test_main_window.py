"""The main window: tabs, status bar, About box, settings kept between launches, and the
extension point for the Jam-fold tab."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

import omahanash
from ui.kit.common import Tab
from ui.shell.app import create_main_window
from ui.shell.main_window import DEFAULT_SIZE, MainWindow
from ui.shell.tabs import tab_factories


def test_title_tabs_status_bar(window):
    assert window.windowTitle() == "Omaha Nash"
    titles = [window.tab_widget.tabText(i) for i in range(window.tab_widget.count())]
    # the player's tabs first, the research tabs after them
    assert titles == ["Jam-fold", "Table", "Review", "Trainer", "Tournament", "Equity",
                      "CFR games", "Perfect information"]
    names = [window.tab_widget.widget(i).objectName() for i in range(1, len(titles))]
    assert names == ["tableTab", "reviewTab", "trainerTab", "tournamentTab", "equityTab", "cfrTab",
                     "perfectTab"]  # the object names are kept
    assert window.statusBar().currentMessage() == f"Omaha Nash {omahanash.__version__} — ready"


def test_create_main_window_is_the_full_window(qtbot):
    window = create_main_window()
    qtbot.addWidget(window)
    assert isinstance(window, MainWindow) and window.windowTitle() == "Omaha Nash"
    assert window.tab_widget.count() == 8


def test_about_box_shows_the_version(qtbot, window):
    window.about_action.trigger()
    qtbot.waitUntil(window.about_box.isVisible)
    assert window.about_box.objectName() == "aboutBox"
    assert f"Omaha Nash {omahanash.__version__}" in window.about_box.text()
    window.about_box.accept()


def test_tab_messages_reach_the_status_bar(qtbot, window, drive):
    tab = window.tab("Perfect information")
    window.tab_widget.setCurrentWidget(tab)
    drive.type_into(drive.find(tab, QLineEdit, "perfectInputEdit"), "3 4 5")
    tab.solve()
    qtbot.waitUntil(lambda: "Heaps 3 4 5: Win" in window.statusBar().currentMessage())


def test_inputs_and_geometry_survive_a_restart(qtbot, make_window, drive, settings_folder):
    first = make_window()
    first.resize(760, 540)  # within the offscreen screen (800 × 800)
    cfr = first.tab("CFR games")
    drive.choose(drive.find(cfr, QComboBox, "cfrGameCombo"), "Dominoes")
    drive.type_into(drive.find(cfr, QLineEdit, "dominoTilesEdit"), "double-3")
    drive.find(cfr, QSpinBox, "dominoPlayersSpin").setValue(3)
    drive.find(cfr, QSpinBox, "dominoHandSpin").setValue(3)
    drive.choose(drive.find(cfr, QComboBox, "dominoRulesCombo"), "block")
    drive.choose(drive.find(cfr, QComboBox, "cfrAlgorithmCombo"), "MCCFR (chance sampling)")
    drive.type_into(drive.find(cfr, QLineEdit, "cfrIterationsEdit"), "1234")
    drive.type_into(drive.find(cfr, QLineEdit, "cfrSeedEdit"), "7")
    equity = first.tab("Equity")
    drive.choose(drive.find(equity, QComboBox, "equityGameCombo"), "Omaha Hi/Lo")
    drive.type_into(drive.find(equity, QLineEdit, "equityHand1Edit"), "2s 4s 3c 9c")
    drive.type_into(drive.find(equity, QLineEdit, "equityBoardEdit"), "Qh 3d 2s")
    perfect = first.tab("Perfect information")
    drive.choose(drive.find(perfect, QComboBox, "perfectGameCombo"), "Subtraction game")
    drive.type_into(drive.find(perfect, QLineEdit, "perfectInputEdit"), "21")
    first.tab_widget.setCurrentWidget(equity)
    size = (first.width(), first.height())
    assert size[0] == 760 and size != DEFAULT_SIZE
    first.close()
    assert (settings_folder / "OmahaNash" / "Omaha Nash.ini").is_file()

    second = make_window()
    assert (second.width(), second.height()) == size
    assert second.tab_widget.currentWidget() is second.tab("Equity")
    cfr = second.tab("CFR games")
    assert drive.find(cfr, QComboBox, "cfrGameCombo").currentText() == "Dominoes"
    assert drive.find(cfr, QLineEdit, "dominoTilesEdit").text() == "double-3"
    assert drive.find(cfr, QSpinBox, "dominoPlayersSpin").value() == 3
    assert drive.find(cfr, QSpinBox, "dominoHandSpin").value() == 3
    assert drive.find(cfr, QComboBox, "dominoRulesCombo").currentText() == "block"
    assert drive.find(cfr, QComboBox, "cfrAlgorithmCombo").currentText() == \
        "MCCFR (chance sampling)"
    assert drive.find(cfr, QLineEdit, "cfrIterationsEdit").text() == "1234"
    assert drive.find(cfr, QLineEdit, "cfrSeedEdit").text() == "7"
    equity = second.tab("Equity")
    assert drive.find(equity, QComboBox, "equityGameCombo").currentText() == "Omaha Hi/Lo"
    assert drive.find(equity, QLineEdit, "equityHand1Edit").text() == "2s 4s 3c 9c"
    assert drive.find(equity, QLineEdit, "equityBoardEdit").text() == "Qh 3d 2s"
    perfect = second.tab("Perfect information")
    assert drive.find(perfect, QComboBox, "perfectGameCombo").currentText() == \
        "Subtraction game"
    assert drive.find(perfect, QLineEdit, "perfectInputEdit").text() == "21"


class JamFoldStandIn(Tab):
    """What ui/jamfold/tab.py will provide: a Tab with a title, a settings group and inputs."""

    title = "Jam-fold"
    settings_group = "jamfold"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ante = QLineEdit("0", self, objectName="anteEdit")


def test_a_new_tab_goes_first_by_adding_one_factory(make_window, drive):
    # The real Jam-fold tab is registered first; the stand-in shows a factory is all it takes.
    factories = [JamFoldStandIn, *tab_factories()[1:]]
    first = make_window(factories=factories)
    assert first.tab_widget.tabText(0) == "Jam-fold"
    assert first.tab_widget.currentIndex() == 0
    drive.type_into(drive.find(first.tab("Jam-fold"), QLineEdit, "anteEdit"), "2.5")
    first.close()
    second = make_window(factories=factories)
    assert drive.find(second.tab("Jam-fold"), QLineEdit, "anteEdit").text() == "2.5"
    assert [second.tab_widget.tabText(i) for i in range(4)] == \
        ["Jam-fold", "Table", "Review", "Trainer"]


def test_closing_during_a_run_stops_it(qtbot, window, drive):
    cfr = window.tab("CFR games")
    drive.choose(drive.find(cfr, QComboBox, "cfrGameCombo"), "Leduc")
    drive.type_into(drive.find(cfr, QLineEdit, "cfrIterationsEdit"), "100000000")
    assert cfr.run()
    qtbot.waitUntil(lambda: len(cfr.plot.history()) > 0, timeout=300_000)
    window.close()
    assert not cfr.runner.running


def test_game_and_variant_lists_come_from_the_library(window, drive):
    from omahanash.cards import Variant
    from omahanash.games import GAME_CHOICES

    def items(combo: QComboBox) -> list[str]:
        return [combo.itemText(i) for i in range(combo.count())]

    cfr_games = drive.find(window.tab("CFR games"), QComboBox, "cfrGameCombo")
    assert items(cfr_games) == [choice.title for choice in GAME_CHOICES]
    assert [cfr_games.itemData(i) for i in range(cfr_games.count())] == [
        choice.name for choice in GAME_CHOICES]
    equity_games = drive.find(window.tab("Equity"), QComboBox, "equityGameCombo")
    assert items(equity_games) == [v.display_name for v in Variant]
    jamfold_types = drive.find(window.tab("Jam-fold"), QComboBox, "typeCombo")
    assert sorted(items(jamfold_types)) == sorted(v.display_name for v in Variant)


def test_every_tab_runs_its_jobs_through_make_runner(window):
    from ui.kit.workers import JobRunner

    for index in range(window.tab_widget.count()):
        tab = window.tab_widget.widget(index)
        registered = tab.__dict__.get("_runners", [])
        runners = [value for value in vars(tab).values() if isinstance(value, JobRunner)]
        assert runners and all(runner in registered for runner in runners), tab.title
