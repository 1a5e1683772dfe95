"""The Trainer tab driven like a user: a seeded Hold'em drill (the shipped table, so it runs in
CI), answers by key and button, feedback, statistics and plot, close spots, drill my leaks,
Stop during a solve, a damaged history, CSV export, and the cards drawn by the app."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton

from omahanash.errors import Cancelled
from omahanash.trainer import CLOSE_THRESHOLD_BB, Drill, History
from ui.kit.cards_widget import SUIT_COLOURS, CardsWidget
from ui.trainer.tab import TrainerTab

TIMEOUT_MS = 300_000  # liveness: a cold numba cache on a loaded machine
SEED = 7


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The trainer history of every test lives in a folder of its own, never the user's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("OMAHANASH_DATA", str(folder))
    return folder


@pytest.fixture
def tab(window, qtbot) -> TrainerTab:
    tab = window.tab("Trainer")
    assert isinstance(tab, TrainerTab) and tab.objectName() == "trainerTab"
    window.tab_widget.setCurrentWidget(tab)
    window.activateWindow()
    qtbot.waitActive(window)
    tab.seed = SEED
    return tab


def configure(tab, drive, game="Hold'em", stack="10", position="Both", close=False,
              leaks=False) -> None:
    drive.choose(drive.find(tab, QComboBox, "trainerGameCombo"), game)
    drive.type_into(drive.find(tab, QLineEdit, "trainerStackEdit"), stack)
    drive.choose(drive.find(tab, QComboBox, "trainerPositionCombo"), position)
    drive.find(tab, QCheckBox, "trainerCloseSpotsCheck").setChecked(close)
    drive.find(tab, QCheckBox, "trainerLeaksCheck").setChecked(leaks)


def wait_for_spot(qtbot, drive, tab) -> None:
    push = drive.find(tab, QPushButton, "trainerPushButton")
    qtbot.waitUntil(push.isEnabled, timeout=TIMEOUT_MS)
    assert tab.spot is not None


def start(qtbot, drive, tab) -> None:
    button = drive.find(tab, QPushButton, "trainerStartButton")
    assert button.isEnabled() and button.text() == "Start"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_for_spot(qtbot, drive, tab)


def text(drive, tab, name: str) -> str:
    return drive.find(tab, QLabel, name).text()


def press(qtbot, tab, key: Qt.Key) -> None:
    qtbot.keyClick(tab, key)


def answer_best(qtbot, tab) -> None:
    """Answer the current spot with the equilibrium's action, by key."""
    assert tab.spot is not None
    press(qtbot, tab, Qt.Key.Key_P if tab.spot.best_action == "allin" else Qt.Key.Key_F)


def test_holdem_drill_answer_by_key_then_next_spot(qtbot, window, drive, tab):
    titles = [window.tab_widget.tabText(i) for i in range(window.tab_widget.count())]
    assert titles.index("Trainer") < titles.index("CFR games")  # a player's tab
    configure(tab, drive)
    start(qtbot, drive, tab)
    spot = tab.spot
    assert spot.number == 1
    assert text(drive, tab, "trainerSpotLabel") == spot.description
    assert spot.description in ("Texas Hold'em · 10 bb · you are SB",
                                "Texas Hold'em · 10 bb · you are BB")
    cards = drive.find(tab, CardsWidget, "trainerCards")
    assert " ".join(cards.cards) == spot.hand and len(cards.cards) == 2
    push = drive.find(tab, QPushButton, "trainerPushButton")
    assert push.text() == ("Push" if spot.position == "sb" else "Call")
    assert text(drive, tab, "trainerFeedback") == ""

    press(qtbot, tab, Qt.Key.Key_P)
    feedback = text(drive, tab, "trainerFeedback")
    assert "AllIn_EV" in feedback and "Fold_EV" in feedback and "EV lost" in feedback
    assert any(word in feedback for word in ("Correct", "Wrong", "Both actions are correct"))
    assert f"{spot.allin_ev_bb:+.3f} bb" in feedback and f"{spot.fold_ev_bb:+.3f} bb" in feedback
    assert "Session: 1 spot · accuracy" in text(drive, tab, "trainerStats")
    assert not push.isEnabled() and tab.spot is None
    press(qtbot, tab, Qt.Key.Key_P)  # answered already: nothing more is counted
    assert len(tab.drill.answers) == 1

    press(qtbot, tab, Qt.Key.Key_Space)  # solved: the next spot is dealt at once
    assert tab.spot is not None and tab.spot.number == 2
    assert push.isEnabled() and text(drive, tab, "trainerFeedback") == ""
    assert text(drive, tab, "trainerSpotLabel") == tab.spot.description
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerFoldButton"),
                     Qt.MouseButton.LeftButton)
    assert "Session: 2 spots" in text(drive, tab, "trainerStats")


def test_equilibrium_answers_score_100_percent_and_persist(qtbot, drive, tab, data_folder):
    configure(tab, drive, position="Both")
    start(qtbot, drive, tab)
    hands = []
    for index in range(5):
        if index:
            press(qtbot, tab, Qt.Key.Key_Space)
        hands.append(tab.spot.hand)
        answer_best(qtbot, tab)
    stats = text(drive, tab, "trainerStats")
    assert "Session: 5 spots · accuracy 100.0 %" in stats
    assert "EV lost 0.000 bb total · 0.000 bb per spot" in stats
    assert "Mean answer time" in stats and "Weak spots" not in stats
    assert list(tab.plot.accuracy_curve.yData) == [100.0] * 5
    assert list(tab.plot.ev_curve.xData) == [1, 2, 3, 4, 5]
    assert list(tab.plot.ev_curve.yData) == [0.0] * 5
    with History(data_folder / "trainer.sqlite") as history:
        assert [r.hand for r in history.records()] == hands

    # The same seed deals the same spots again.
    start(qtbot, drive, tab)
    assert tab.spot.hand == hands[0]
    assert "no spots answered yet" in text(drive, tab, "trainerStats")


def test_close_spots_deal_only_close_decisions(qtbot, drive, tab):
    configure(tab, drive, stack="8-10", close=True)
    start(qtbot, drive, tab)
    for index in range(8):
        if index:
            press(qtbot, tab, Qt.Key.Key_Space)
            wait_for_spot(qtbot, drive, tab)  # a stack of the range not solved yet: the worker
        spot = tab.spot
        assert spot.close and abs(spot.diff_ev_bb) <= CLOSE_THRESHOLD_BB
        assert spot.stack_bb in (8.0, 9.0, 10.0)
        press(qtbot, tab, Qt.Key.Key_F)
    assert "Session: 8 spots" in text(drive, tab, "trainerStats")


def test_wrong_answers_show_the_loss_then_drill_my_leaks(qtbot, drive, tab):
    configure(tab, drive, position="SB pusher")
    start(qtbot, drive, tab)
    while tab.spot.best_action != "allin" or tab.spot.frequency < 0.95:  # a clear push
        answer_best(qtbot, tab)
        press(qtbot, tab, Qt.Key.Key_Space)
    wrong = tab.spot
    press(qtbot, tab, Qt.Key.Key_F)
    feedback = text(drive, tab, "trainerFeedback")
    assert feedback.splitlines()[0].startswith(f"{wrong.hand}: Wrong")
    assert f"EV lost {wrong.diff_ev_bb:.3f} bb" in feedback
    stats = text(drive, tab, "trainerStats")
    assert "Weak spots:" in stats and f"SB · 6-10 bb · {wrong.hand_group}" in stats

    configure(tab, drive, position="SB pusher", leaks=True)
    start(qtbot, drive, tab)
    assert f"Drilling leak: Texas Hold'em · SB · 6-10 bb · {wrong.hand_group}" in text(
        drive, tab, "trainerDrillInfo").splitlines()
    for index in range(3):
        if index:
            press(qtbot, tab, Qt.Key.Key_Space)
            wait_for_spot(qtbot, drive, tab)
        assert tab.spot.hand_group == wrong.hand_group and tab.spot.position == "sb"
        answer_best(qtbot, tab)


def test_leaks_without_history_say_so(qtbot, drive, tab):
    configure(tab, drive, leaks=True)
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerStartButton"),
                     Qt.MouseButton.LeftButton)
    error = drive.find(tab, QLabel, "trainerError")
    assert error.isVisible() and "No leaks yet" in error.text()
    assert tab.drill is None


def test_shortcuts_only_while_the_tab_is_current(qtbot, window, drive, tab):
    configure(tab, drive)
    start(qtbot, drive, tab)
    window.tab_widget.setCurrentWidget(window.tab("Equity"))
    qtbot.keyClick(window.tab_widget.currentWidget(), Qt.Key.Key_P)
    assert tab.spot is not None and not tab.drill.answers
    window.tab_widget.setCurrentWidget(tab)
    qtbot.keyClick(window.tab_widget.currentWidget(), Qt.Key.Key_P)
    assert tab.spot is None and len(tab.drill.answers) == 1


def test_stop_during_the_first_solve_returns_to_idle(qtbot, drive, tab, monkeypatch):
    # A Hold'em equilibrium solves in milliseconds, too quick to catch: stand in for a long
    # first solve that reports progress and honours the cancel flag, as the library does.
    def slow_next_spot(self, progress=None, cancel=None):
        total = 10**9
        for done in range(total):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("solving was cancelled")
            progress(done, total)

    monkeypatch.setattr(Drill, "next_spot", slow_next_spot)
    configure(tab, drive)
    button = drive.find(tab, QPushButton, "trainerStartButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop" and tab.runner.running
    assert not drive.find(tab, QLineEdit, "trainerStackEdit").isEnabled()
    progress = tab.progress
    qtbot.waitUntil(lambda: progress.isVisible() and progress.value() > 0, timeout=TIMEOUT_MS)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Start", timeout=TIMEOUT_MS)
    assert not tab.runner.running and not progress.isVisible()
    assert button.isEnabled() and drive.find(tab, QLineEdit, "trainerStackEdit").isEnabled()
    assert not drive.find(tab, QPushButton, "trainerPushButton").isEnabled()
    assert text(drive, tab, "trainerSpotLabel").startswith("Stopped")


def test_a_damaged_history_is_reported_and_replaced(qtbot, drive, tab, data_folder):
    from tests.trainer.test_history import damaged_history

    data_folder.mkdir()
    damaged_history(data_folder / "trainer.sqlite")
    configure(tab, drive)
    start(qtbot, drive, tab)
    notice = drive.find(tab, QLabel, "trainerNotice")
    assert notice.isVisible() and "could not be read" in notice.text()
    assert "a new history started" in notice.text()
    press(qtbot, tab, Qt.Key.Key_F)
    assert len(list(data_folder.glob("trainer.damaged-*.sqlite"))) == 1
    with History(data_folder / "trainer.sqlite") as history:
        assert len(history) == 1 and not history.notices


def test_a_file_that_is_not_a_history_is_left_untouched(qtbot, drive, tab, data_folder):
    """The app drills with answers kept in memory and says why; the file stays as it was."""
    data_folder.mkdir()
    foreign = data_folder / "trainer.sqlite"
    foreign.write_bytes(b"this is not a database" * 100)
    configure(tab, drive)
    start(qtbot, drive, tab)
    notice = drive.find(tab, QLabel, "trainerNotice")
    assert notice.isVisible() and "is not a trainer history" in notice.text()
    assert "kept in memory only" in notice.text()
    press(qtbot, tab, Qt.Key.Key_F)
    assert tab.history is not None and len(tab.history) == 1
    assert foreign.read_bytes() == b"this is not a database" * 100
    assert [p.name for p in data_folder.iterdir()] == ["trainer.sqlite"]


def test_export_history_as_csv(qtbot, drive, tab, tmp_path):
    configure(tab, drive)
    start(qtbot, drive, tab)
    press(qtbot, tab, Qt.Key.Key_P)
    press(qtbot, tab, Qt.Key.Key_Space)
    press(qtbot, tab, Qt.Key.Key_F)
    assert tab.export_csv(tmp_path / "history.csv")
    with open(tmp_path / "history.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["action"] for row in rows] == ["allin", "fold"]
    assert [row["hand"] for row in rows] == [a.spot.hand for a in tab.drill.answers]
    assert not tab.export_csv(tmp_path)  # a folder: said beside the button, no crash
    assert drive.find(tab, QLabel, "trainerError").isVisible()


@pytest.mark.parametrize(("stack", "message"), [
    ("5-x", "stacks must be big blinds"), ("", "stacks must be big blinds"),
    ("15-5", "low <= high"), ("1", "must exceed 1 bb"),
])
def test_bad_stacks_disable_start_and_say_why(drive, tab, stack, message):
    edit = drive.find(tab, QLineEdit, "trainerStackEdit")
    drive.type_into(edit, stack) if stack else edit.clear()
    error = drive.find(tab, QLabel, "trainerStackError")
    assert error.isVisible() and message in error.text()
    assert not drive.find(tab, QPushButton, "trainerStartButton").isEnabled()
    drive.type_into(edit, "5-15")
    assert not error.isVisible()
    assert drive.find(tab, QPushButton, "trainerStartButton").isEnabled()


def test_selectors_offer_every_game_and_position(drive, tab):
    games = drive.find(tab, QComboBox, "trainerGameCombo")
    positions = drive.find(tab, QComboBox, "trainerPositionCombo")
    assert [games.itemText(i) for i in range(games.count())] == [
        "Hold'em", "Omaha Hi", "Omaha Hi/Lo", "Mixed"]
    assert [positions.itemText(i) for i in range(positions.count())] == [
        "SB pusher", "BB caller", "Both"]


def _colours(widget: CardsWidget) -> np.ndarray:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    pixels = data.reshape(height, image.bytesPerLine() // 4, 4)[:, :width, :3]
    # BGRA in memory -> RGB; a copy, as the image's memory goes with it.
    return pixels.reshape(-1, 3)[:, ::-1].copy()


def test_cards_are_painted_in_four_colours(qtbot):
    widget = CardsWidget(object_name="cards")
    qtbot.addWidget(widget)
    widget.resize(520, 200)
    widget.set_cards("As Kh Qd Jc")
    assert widget.cards == ("As", "Kh", "Qd", "Jc")
    pixels = _colours(widget)
    white = (pixels == 255).all(axis=1).mean()
    assert white > 0.2, "the cards are white"
    colours = {suit: QColor(colour) for suit, colour in SUIT_COLOURS.items()}
    assert len({c.name() for c in colours.values()}) == 4
    for suit, colour in colours.items():
        rgb = np.array([colour.red(), colour.green(), colour.blue()])
        painted = (np.abs(pixels.astype(int) - rgb).sum(axis=1) <= 6).sum()
        assert painted > 300, f"the {suit} symbol is painted in its colour"

    widget.set_cards("Ah Kh")  # one suit: only its colour appears
    pixels = _colours(widget)
    for suit in "sdc":
        colour = colours[suit]
        rgb = np.array([colour.red(), colour.green(), colour.blue()])
        assert (np.abs(pixels.astype(int) - rgb).sum(axis=1) <= 6).sum() == 0

    widget.set_cards("")
    assert widget.cards == ()
    assert len(np.unique(_colours(widget), axis=0)) == 1, "no card: nothing painted"


def test_omaha_without_its_table_offers_the_build_here(qtbot, drive, tab, monkeypatch,
                                                       tmp_path):
    """Issue 27: an Omaha drill without its table shows the shared build panel in the tab,
    and Mixed names the variants it leaves out with that offer, never a command line."""
    from omahanash.cards import Variant

    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "empty-cache"))
    configure(tab, drive, game="Omaha Hi/Lo")
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerStartButton"),
                     Qt.MouseButton.LeftButton)
    error = drive.find(tab, QLabel, "trainerError")
    assert error.isVisible() and "Build it in the panel below" in error.text()
    assert tab.build_panel.isVisible() and tab.build_panel.variants == [Variant.OMAHA_HILO]
    assert tab.drill is None
    configure(tab, drive, game="Mixed")
    start(qtbot, drive, tab)
    notes = text(drive, tab, "trainerDrillInfo")
    assert "Mixed without Omaha Hi: its equity table is not built yet (Build it below)" in notes
    assert "Mixed without Omaha Hi/Lo" in notes and "omahanash" not in notes
    assert tab.build_panel.variants == [Variant.OMAHA_HI, Variant.OMAHA_HILO]


def test_status_bar_follows_the_spot_and_c_calls(qtbot, window, drive, tab):
    """Issue 27: the status bar said "Spot 1: … you are SB" at spot 5 where the player was
    the BB (spots dealt at once never updated it); C did not call (only P did); cards were
    shown low card first ("4c Td")."""
    configure(tab, drive, position="Both")
    start(qtbot, drive, tab)
    called = False
    for number in range(1, 9):
        spot = tab.spot
        assert spot.number == number
        assert window.statusBar().currentMessage() == f"Spot {number}: {spot.description}"
        ranks = [card[0] for card in spot.hand.split()]
        assert [RANK_ORDER.index(r) for r in ranks] == sorted(
            (RANK_ORDER.index(r) for r in ranks), reverse=True), spot.hand
        if spot.position == "bb" and not called:
            press(qtbot, tab, Qt.Key.Key_C)  # C calls
            assert tab.drill.answers[-1].grade.action == "allin"
            called = True
        else:
            answer_best(qtbot, tab)
        assert len(tab.drill.answers) == number
        assert window.statusBar().currentMessage().startswith(f"Spot {number} answered")
        press(qtbot, tab, Qt.Key.Key_Space)
    assert called, "the seeded drill deals a BB spot in its first 8"
    # the answers are counted: the plot's ticks are whole numbers
    axis = tab.plot.ev_plot.getAxis("bottom")
    ticks = [v for _, values in axis.tickValues(0.5, 8.5, 400) for v in values]
    assert ticks and all(float(v).is_integer() for v in ticks)


RANK_ORDER = "23456789TJQKA"


@pytest.mark.parametrize("width", [30, 60, 110, 176])
def test_the_ten_fits_its_corner(qtbot, width):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetricsF

    from ui.kit.cards_widget import rank_corner

    corner, font, label = rank_corner(QRectF(0, 0, width, width * 1.4), "T")
    assert label == "10"
    assert QFontMetricsF(font).horizontalAdvance("10") <= corner.width()
    assert font.pixelSize() >= 6


# -- table drills (players 3 to 9) ---------------------------------------------------------

def test_players_and_payouts_fields(qtbot, drive, tab):
    from PySide6.QtWidgets import QSpinBox

    players = drive.find(tab, QSpinBox, "trainerPlayersSpin")
    payouts = drive.find(tab, QLineEdit, "trainerPayoutsEdit")
    position = drive.find(tab, QComboBox, "trainerPositionCombo")
    button = drive.find(tab, QPushButton, "trainerStartButton")
    assert (players.minimum(), players.maximum(), players.value()) == (2, 9, 2)
    assert not payouts.isEnabled() and payouts.text() == "50/30/20"
    players.setValue(6)
    assert payouts.isEnabled()
    assert [position.itemText(k) for k in range(position.count())] == \
        ["Open pushes", "Calls", "Both"]
    drive.type_into(payouts, "fifty")
    error = drive.find(tab, QLabel, "trainerPayoutsError")
    assert "payouts" in error.text().lower() and not button.isEnabled()
    drive.type_into(payouts, "65/35")
    assert button.isEnabled() and tab._config.players == 6 and tab._config.payouts == "65/35"
    drive.type_into(drive.find(tab, QLineEdit, "trainerStackEdit"), "10/10")
    assert not button.isEnabled()  # six seats need six stacks
    players.setValue(2)
    assert not payouts.isEnabled() and position.itemText(0) == "SB pusher"


def test_table_drill_in_the_tab(qtbot, drive, tab, data_folder):
    from PySide6.QtWidgets import QSpinBox

    from omahanash.jamfold.decision import judge
    from omahanash.trainer.table import TableSpot
    from tests.trainer.test_table import quick_solve

    tab.table_solve = quick_solve
    configure(tab, drive)
    drive.find(tab, QSpinBox, "trainerPlayersSpin").setValue(3)
    start(qtbot, drive, tab)
    spot = tab.spot
    assert isinstance(spot, TableSpot) and spot.players == 3 and spot.stacks_bb == (10,) * 3
    assert text(drive, tab, "trainerSpotLabel").startswith(
        "Texas Hold'em · 3 left, payouts 50/30/20")
    assert text(drive, tab, "trainerSituation").endswith("or fold?")
    looked = tab.drill.solution(0).lookup(spot.class_id, spot.node)
    press(qtbot, tab, Qt.Key.Key_F)
    answer = tab.drill.answers[-1]
    rule = judge("fold", looked["play_ev"], looked["fold_ev"], looked["play_pct"] / 100)
    assert answer.grade_verdict == rule.verdict
    assert "% of the prize pool" in text(drive, tab, "trainerFeedback")
    press(qtbot, tab, Qt.Key.Key_Space)  # solved: the next spot at once
    assert tab.spot is not None and not tab.runner.running
    with History(data_folder / "trainer.sqlite") as history:
        assert [(r.players, r.node) for r in history.records()] == [(3, spot.node)]


def test_stop_during_a_table_solve(qtbot, drive, tab):
    from PySide6.QtWidgets import QSpinBox

    def slow_solve(spot, progress, cancel):
        total = 10**9
        for done in range(total):
            if cancel is not None and cancel.cancelled:
                raise Cancelled("solving was cancelled")
            progress(done, total)

    tab.table_solve = slow_solve
    configure(tab, drive)
    drive.find(tab, QSpinBox, "trainerPlayersSpin").setValue(4)
    button = drive.find(tab, QPushButton, "trainerStartButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text() == "Stop" and tab.runner.running
    assert not drive.find(tab, QSpinBox, "trainerPlayersSpin").isEnabled()
    qtbot.waitUntil(lambda: tab.progress.isVisible() and tab.progress.value() > 0,
                    timeout=TIMEOUT_MS)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: button.text() == "Start", timeout=TIMEOUT_MS)
    assert text(drive, tab, "trainerSpotLabel").startswith("Stopped")
    assert drive.find(tab, QLineEdit, "trainerPayoutsEdit").isEnabled()


def test_a_table_solve_says_the_time_elapsed_and_left(qtbot, drive, tab):
    """The line under the bar: the seconds elapsed and, from the solve's own guess of its
    last iteration and the time per iteration, about how long is left; gone at the end."""
    import threading

    from PySide6.QtWidgets import QSpinBox

    from tests.trainer.test_table import quick_solve

    go_on = threading.Event()

    def paced_solve(spot, progress, cancel):
        for done in range(0, 31):
            progress(done, 400)
            go_on.wait(0.08)  # an iteration (the bar's signals come at most 20 a second)
        go_on.wait(TIMEOUT_MS / 1000)  # held until the line was read
        return quick_solve(spot, None, cancel)

    tab.table_solve = paced_solve
    configure(tab, drive)
    drive.find(tab, QSpinBox, "trainerPlayersSpin").setValue(3)
    qtbot.mouseClick(drive.find(tab, QPushButton, "trainerStartButton"),
                     Qt.MouseButton.LeftButton)
    line = drive.find(tab, QLabel, "trainerProgressText")
    try:
        qtbot.waitUntil(lambda: " left" in line.text() and "estimating" not in line.text(),
                        timeout=TIMEOUT_MS)
        assert line.isVisible() and " s elapsed, " in line.text()
    finally:
        go_on.set()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=TIMEOUT_MS)
    assert tab.spot is not None and not line.isVisible()
