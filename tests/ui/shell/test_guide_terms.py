"""The Guide (F1) explains every term the app shows (issue 35): the words the issue names, and
every label the poker tabs' widgets show — their form labels and table headers read off the
window, the result views' columns, the run statuses and the verdict words — has an entry (or
is a player's everyday word)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QTableView, QTextBrowser, QTreeView

from omahanash.pushfold.spot import POSITIONS
from ui.equity.model import HILO_COLUMNS
from ui.jamfold.model import RESULT_LABELS
from ui.kit.range_text import CLASS_COLUMNS, LOCKED_HEADER, RANK_HEADER
from ui.review.model import VERDICT_WORDS
from ui.review.spots_table import COLUMNS
from ui.shell.help import EVERYDAY_WORDS, GLOSSARY, SEE, GuideDialog, entry_for, unexplained
from ui.table.jobs import STATUS_WORDS
from ui.table.model import HAND_COLUMNS, ICM_COLUMNS, NODE_COLUMNS

POKER_TABS = ("Jam-fold", "Table", "Review", "Trainer")


def guide_text(window) -> str:
    window.guide_action.trigger()
    dialog = window.findChild(GuideDialog, "guideDialog")
    assert dialog is not None and dialog.isVisible()
    return dialog.findChild(QTextBrowser, "guideText").toPlainText()


def shown_labels(window) -> set[str]:
    """The form labels and the table headers the poker tabs show (read off the widgets)."""
    labels: set[str] = set()
    for title in POKER_TABS:
        tab = window.tab(title)
        for form in tab.findChildren(QFormLayout):
            for row in range(form.rowCount()):
                item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
                if item is not None and isinstance(item.widget(), QLabel):
                    labels.add(item.widget().text())
        views = tab.findChildren(QTableView) + tab.findChildren(QTreeView)
        for model in (view.model() for view in views if view.model() is not None):
            for column in range(model.columnCount()):
                header = model.headerData(column, Qt.Orientation.Horizontal)
                if isinstance(header, str):
                    labels.add(header)
    return labels


def test_the_terms_the_issue_names_are_in_the_guide(window):
    text = guide_text(window)
    glossary = dict(GLOSSARY)
    for word in ("NashConv", "Best-response gain", "Bubble factor", "Prize equity at a table",
                 "Node names", "Reach", "Deals", "Coarse and full tables", "Provisional"):
        assert word in glossary and word in text, word
    assert "BB vs HJ+SB" in glossary["Node names"]
    assert "SB vs BTN open" in glossary["Node names"]  # the trees' names
    # the run statuses and the verdict words, each explained, and the rule's tolerance said
    for status in ("converged", "stalled", "iterations", "stopped"):
        entry = entry_for(status)
        assert entry is not None and status in glossary[entry].lower(), status
    for verdict in VERDICT_WORDS:
        entry = entry_for(verdict)
        assert entry is not None and verdict in glossary[entry].lower(), verdict
    assert "0.2 bb" in glossary[entry_for("blunder")]
    # every entry is drawn in the guide, its meaning too
    for word, meaning in GLOSSARY:
        assert word in text and meaning[:40] in text, word


def test_every_label_the_poker_tabs_show_has_an_entry(window):
    labels = shown_labels(window)
    # what the walk finds: the review's columns and the Jam-fold results' labels among them
    assert {"Verdict", "Nash freq", "PostEV Player1", "Deals", "Locks", "BB ante"} <= labels
    labels |= {name for name, _, _ in COLUMNS} | set(NODE_COLUMNS) | set(HAND_COLUMNS)
    labels |= set(ICM_COLUMNS) | {header for _, header in CLASS_COLUMNS}
    labels |= {RANK_HEADER, LOCKED_HEADER} | set(HILO_COLUMNS) | set(RESULT_LABELS)
    labels |= set(STATUS_WORDS.values()) | set(VERDICT_WORDS) | set(POSITIONS[10])
    missing = unexplained(sorted(labels))
    assert missing == [], missing
    # the cross-references lead to entries, and an everyday word is not a glossary entry
    glossary = dict(GLOSSARY)
    assert all(entry in glossary for entry in SEE.values())
    assert not EVERYDAY_WORDS & set(glossary)
    # an unknown label is caught: the check is not vacuous
    assert unexplained(["Reach %", "Bounty EV (bb)"]) == ["Bounty EV (bb)"]
