#!/usr/bin/env python3
"""Take the README's screenshots: ``python scripts/screenshots.py [FOLDER]`` (from the checkout,
with the app installed: ``pip install -e .``), offscreen by default or in a real window under
Xvfb (``Xvfb :99 -screen 0 1600x1000x24 &`` then ``DISPLAY=:99 QT_QPA_PLATFORM=xcb python
scripts/screenshots.py``); ``--omaha-and-review-table`` takes only the Omaha map, the class
table and the review spot opened in the Table tab (issue 35), at 1600×1000.

Drives the real window like a user (Hold'em jam-fold 5/10, stacks 100/100 with CFR+ and the
lookup of Ad Ac, the shaded push grid, a caller locked to a range and the best response with
its width curve, the Hold'em Nash chart 2-20 bb, the Table tab (4-handed) and its Nash chart
(3-handed, 2-20 bb), the thesis's second domino setting solved
with CFR+, an Omaha Hi/Lo equity, nim 3 4 5, the review of a heads-up Hold'em tournament file,
a heads-up match at Miltersen and Sorensen's structure against a 30 % player, a few trainer
answers, then Help → Guide) and saves one PNG per view (default folder ``docs/screenshots``).
Uses a throw-away settings store, cache folder and trainer history, so the user's own are left
alone.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QTabWidget  # noqa: E402

from ui.cfr.tab import CfrTab  # noqa: E402
from ui.equity.tab import EquityTab  # noqa: E402
from ui.jamfold.tab import JamFoldTab  # noqa: E402
from ui.kit.workers import JobRunner  # noqa: E402
from ui.perfect.tab import PerfectTab  # noqa: E402
from ui.review.tab import ReviewTab  # noqa: E402
from ui.shell.main_window import MainWindow  # noqa: E402
from ui.table.tab import TableTab  # noqa: E402
from ui.tournament.tab import TournamentTab  # noqa: E402
from ui.trainer.tab import TrainerTab  # noqa: E402

SIZE = (1280, 820)
#: The Omaha map, the class table, the Table tab's Nash chart and the review spot in the
#: Table tab: a larger window, so the class table's columns, the chart's legend and the
#: Table tab's ICM panel show whole.
BIG = (1600, 1000)


def wait_for(runner: JobRunner) -> None:
    """Run the event loop until ``runner``'s job has finished."""
    if runner.running:
        loop = QEventLoop()
        runner.finished.connect(loop.quit)
        loop.exec()
        runner.finished.disconnect(loop.quit)
    QApplication.processEvents()


def take(folder: Path, scratch: str, omaha: object = None) -> list[Path]:
    """Build the window, run the examples and save one PNG per view (``scratch``: a folder
    for the trainer's throw-away history; ``omaha``: the Omaha Hi table of the Omaha
    pictures, None to skip them)."""
    folder.mkdir(parents=True, exist_ok=True)
    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    saved = []

    jamfold = window.tab("Jam-fold")
    assert isinstance(jamfold, JamFoldTab)
    window.tab_widget.setCurrentWidget(jamfold)
    jamfold.type_combo.setCurrentText("Texas Hold'em")
    for edit, text in ((jamfold.ante_edit, "0"), (jamfold.sb_edit, "5"), (jamfold.bb_edit, "10"),
                       (jamfold.player1_edit, "100"), (jamfold.player2_edit, "100"),
                       (jamfold.iterations_edit, "1000")):
        edit.setText(text)
    jamfold.solver_combo.setCurrentText("CFR+")
    assert jamfold.calculate(), "the jam-fold inputs were refused"
    wait_for(jamfold.runner)
    jamfold.player_combo.setCurrentIndex(0)
    jamfold.lookup_edit.setText("Ad Ac")
    assert jamfold.show_hand(), "the lookup of Ad Ac failed"
    saved.append(_save(window, folder / "jamfold_tab.png"))
    _show_page(jamfold.range_tabs, "Range grid")
    saved.append(_save(window, folder / "jamfold_range.png"))
    caller = jamfold.exploit_panel.rows["caller"]
    caller.check.setChecked(True)
    caller.edit.setText("22+, A2s+, K9s+, ATo+, KJo+")
    assert jamfold.exploit_panel.run(), "the locked range was refused"
    wait_for(jamfold.exploit_panel.runner)
    _show_page(jamfold.range_tabs, "Width curve")
    saved.append(_save(window, folder / "jamfold_exploit.png"))
    caller.check.setChecked(False)
    _show_page(jamfold.range_tabs, "Nash chart")
    jamfold.sweep_panel.variants_combo.setCurrentText("Hold'em")
    jamfold.sweep_panel.stacks_edit.setText("2-20")
    assert jamfold.sweep_panel.run(), "the sweep was refused"
    wait_for(jamfold.sweep_panel.runner)
    saved.append(_save(window, folder / "jamfold_sweep.png"))
    _show_page(jamfold.range_tabs, "Epsilon")

    table = window.tab("Table")
    assert isinstance(table, TableTab)
    window.tab_widget.setCurrentWidget(table)
    table.seats_spin.setValue(4)
    for edit, text in zip(table.stack_edits, ("3200", "1800", "2600", "1400"), strict=False):
        edit.setText(text)
    for edit, text in ((table.sb_edit, "100"), (table.bb_edit, "200"), (table.ante_edit, "25"),
                       (table.payouts_edit, "50/30/20"), (table.iterations_edit, ""),
                       (table.deals_edit, ""), (table.locks_edit, "")):
        edit.setText(text)
    table.payout_model_combo.setCurrentText("ICM")
    assert table.calculate(), "the table inputs were refused"
    wait_for(table.runner)
    table.select_node("BTN")
    table.lookup_edit.setText("A9o")
    assert table.show_hand(), "the lookup of A9o failed"
    saved.append(_save(window, folder / "table_tab.png"))
    # its Nash chart at 3 players, 50/30/20: sizes for a picture (100 CFR+ iterations on
    # 20,000 deals a stack), not a converged chart
    table.seats_spin.setValue(3)
    for edit, text in ((table.sb_edit, "50"), (table.bb_edit, "100"), (table.ante_edit, "0"),
                       (table.iterations_edit, "100"), (table.deals_edit, "20000")):
        edit.setText(text)
    for edit in table.stack_edits[:3]:
        edit.setText("1500")
    assert table.calculate(), "the 3-handed inputs were refused"
    wait_for(table.runner)
    table.select_node("BTN")
    _show_page(table.results.range_tabs, "Nash chart")
    table.chart_panel.stacks_edit.setText("2:20:1")
    assert table.chart_panel.run(), "the chart was refused"
    wait_for(table.chart_panel.runner)
    window.resize(*BIG)  # the chart and its legend whole
    saved.append(_save(window, folder / "table_chart.png"))
    window.resize(*SIZE)

    cfr = window.tab("CFR games")
    assert isinstance(cfr, CfrTab)
    window.tab_widget.setCurrentWidget(cfr)
    cfr.game_combo.setCurrentText("Dominoes")
    for name, value in (("tiles", "[0|0][0|1][0|2][1|1][1|2][2|2]"), ("players", 2),
                        ("hand", 2), ("rules", "thesis")):
        cfr.pages["domino"].set_value(name, value)
    cfr.algorithm_combo.setCurrentText("CFR+")
    cfr.iterations_edit.setText("2000")
    cfr.seed_edit.setText("")
    cfr.results.log_y_check.setChecked(True)
    assert cfr.run(), "the domino settings were refused"
    wait_for(cfr.runner)
    saved.append(_save(window, folder / "cfr_tab.png"))

    equity = window.tab("Equity")
    assert isinstance(equity, EquityTab)
    window.tab_widget.setCurrentWidget(equity)
    equity.game_combo.setCurrentText("Omaha Hi/Lo")
    equity.method_combo.setCurrentText("Exact")
    equity.hand1_edit.setText("Ah Kh 5c 4c")
    equity.hand2_edit.setText("Qs Qd Jc Tc")
    equity.board_edit.setText("Qh 3c 2s")
    equity.dead_edit.setText("")
    assert equity.calculate(), "the equity inputs were refused"
    wait_for(equity.runner)
    saved.append(_save(window, folder / "equity_tab.png"))

    perfect = window.tab("Perfect information")
    assert isinstance(perfect, PerfectTab)
    window.tab_widget.setCurrentWidget(perfect)
    perfect.game_combo.setCurrentText("Nim")
    perfect.input_edit.setText("3 4 5")
    assert perfect.solve(), "the nim heaps were refused"
    wait_for(perfect.runner)
    saved.append(_save(window, folder / "perfect_tab.png"))

    review = window.tab("Review")
    assert isinstance(review, ReviewTab)
    window.tab_widget.setCurrentWidget(review)
    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "history"
    assert review.open_paths([data / "ps_hu_tournament_holdem.txt"]), "the review was refused"
    while review.runner.running:  # it lists the players, then reviews the hero's spots
        wait_for(review.runner)
    review.select_row(0)
    saved.append(_save(window, folder / "review_tab.png"))

    tournament = window.tab("Tournament")
    assert isinstance(tournament, TournamentTab)
    window.tab_widget.setCurrentWidget(tournament)
    tournament.game_combo.setCurrentText("Hold'em")
    tournament.chips_spin.setValue(8000)
    tournament.stack_spin.setValue(4000)
    tournament.blinds_combo.setCurrentText("Fixed blinds")
    tournament.sb_spin.setValue(300)
    tournament.bb_spin.setValue(600)
    tournament.p1_combo.setCurrentText("nash")
    tournament.p2_combo.setCurrentText("30%")
    assert tournament.run(), "the match was refused"
    wait_for(tournament.runner)
    saved.append(_save(window, folder / "tournament_tab.png"))

    trainer = window.tab("Trainer")
    assert isinstance(trainer, TrainerTab)
    window.tab_widget.setCurrentWidget(trainer)
    trainer.seed = 7
    trainer.db_path = Path(scratch) / "trainer.sqlite"
    trainer.game_combo.setCurrentText("Hold'em")
    trainer.stack_edit.setText("8-12")
    assert trainer.start(), "the drill was refused"
    wait_for(trainer.runner)
    for action in ("push", "fold", "push", "push", "fold", "push"):
        trainer.answer(action)
        trainer.next_spot()
        wait_for(trainer.runner)
    trainer.answer("push")
    saved.append(_save(window, folder / "trainer_tab.png"))

    saved += take_omaha_and_review_table(window, folder, scratch, omaha)

    guide = window.show_guide()
    guide.resize(720, 960)  # the tabs' answers and the first entries of the glossary
    QApplication.processEvents()
    if not guide.grab().save(str(folder / "guide.png")):
        raise OSError(f"cannot write {folder / 'guide.png'}")
    saved.append(folder / "guide.png")
    guide.close()
    window.close()
    return saved


def take_omaha_and_review_table(window: MainWindow, folder: Path, scratch: str,
                                omaha: object) -> list[Path]:
    """The Omaha map and the class table strongest first (Omaha Hi jam-fold at 10 bb on
    ``omaha``, the Omaha Hi table: skipped when None), and a 6-max sit-and-go spot with 5
    left that the review judged a mistake, opened in the Table tab."""
    from omahanash.history.synthetic import synthetic_sng

    saved = []
    window.resize(*BIG)
    jamfold = window.tab("Jam-fold")
    assert isinstance(jamfold, JamFoldTab)
    if omaha is None:
        print("no Omaha Hi table in the user's cache: the Omaha pictures are skipped")
    else:
        window.tab_widget.setCurrentWidget(jamfold)
        for row in jamfold.exploit_panel.rows.values():  # the Hold'em lock of before goes
            row.check.setChecked(False)
            row.edit.setText("")
        jamfold.lookup_edit.setText("")
        jamfold._tables["omaha-hi"] = omaha
        jamfold.type_combo.setCurrentText("Omaha Hi")
        for edit, text in ((jamfold.ante_edit, "0"), (jamfold.sb_edit, "5"),
                           (jamfold.bb_edit, "10"), (jamfold.player1_edit, "100"),
                           (jamfold.player2_edit, "100"), (jamfold.iterations_edit, "300")):
            edit.setText(text)
        jamfold.solver_combo.setCurrentText("CFR+")
        assert jamfold.calculate(), "the Omaha jam-fold inputs were refused"
        wait_for(jamfold.runner)
        jamfold.player_combo.setCurrentIndex(0)
        _show_page(jamfold.range_tabs, "Omaha map")
        saved.append(_save(window, folder / "omaha_map.png"))
        _show_page(jamfold.range_tabs, "Classes")
        saved.append(_save(window, folder / "omaha_classes.png"))

    review = window.tab("Review")
    assert isinstance(review, ReviewTab)
    window.tab_widget.setCurrentWidget(review)
    history = Path(scratch) / "sng6.txt"
    history.write_text(synthetic_sng(60, seats=6, seed=3), encoding="utf-8")
    assert review.open_paths([history]), "the sit-and-go review was refused"
    while review.runner.running:
        wait_for(review.runner)
    rows = [review.model.spot(r) for r in range(review.model.rowCount())]
    spot = next(s for s in rows if s.precision != "heads-up" and s.verdict == "mistake")
    review.select_row(next(r for r in range(review.proxy.rowCount())
                           if review.model.spot(review.proxy.mapToSource(
                               review.proxy.index(r, 0)).row()) == spot))
    assert review.open_selected_in_table(), "the table spot did not open"
    table = window.tab("Table")
    assert isinstance(table, TableTab)
    wait_for(table.runner)
    _show_page(table.results.range_tabs, "Range")  # the spot's node, not the chart of before
    saved.append(_save(window, folder / "review_table_spot.png"))
    window.resize(*SIZE)
    return saved


def _user_omaha_table() -> object:
    """The Omaha Hi table of the user's cache (read only), None when it is not built."""
    from omahanash.equity.tables import load_table

    try:
        return load_table("omaha-hi")
    except Exception:  # noqa: BLE001 - not built, or another problem: no Omaha pictures
        return None


def _show_page(tabs: QTabWidget, title: str) -> None:
    """Make the page called ``title`` of ``tabs`` current."""
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == title)
    tabs.setCurrentIndex(index)


def _save(window: MainWindow, path: Path) -> Path:
    QApplication.processEvents()
    if not window.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    only_new = "--omaha-and-review-table" in args  # just those pictures (issue 35)
    args = [a for a in args if a != "--omaha-and-review-table"]
    folder = Path(args[0]) if args else Path("docs/screenshots")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    omaha = _user_omaha_table()  # before the throw-away cache takes the user's place
    with tempfile.TemporaryDirectory() as settings_folder:
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, settings_folder)
        # Equilibria solved for the pictures go to a throw-away cache (Hold'em only: the
        # shipped table is found without the user's cache).
        os.environ["OMAHANASH_CACHE"] = str(Path(settings_folder) / "cache")
        if only_new:
            window = MainWindow()
            window.resize(*SIZE)
            window.show()
            folder.mkdir(parents=True, exist_ok=True)
            paths = take_omaha_and_review_table(window, folder, settings_folder, omaha)
            window.close()
        else:
            paths = take(folder, settings_folder, omaha)
        for path in paths:
            print(path)
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
