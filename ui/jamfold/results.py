"""The Jam-fold tab's read-outs: the results block (thesis Figure 4) and the hand lookup
(Figures 5–7). They show what :mod:`ui.jamfold.model` formats; the lookup shows the hand as
typed with its class in players' words (``AKo``; Omaha ``Q-J-T-9 double-suited``), and
forgets its answer as soon as the field holds other text (so the read-out always belongs to
the field).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from omahanash.errors import InputError
from ui.jamfold.form import word_label
from ui.jamfold.model import (
    CA_WORDS,
    PLAYERS,
    PU_WORDS,
    RESULT_LABELS,
    WORDS,
    format_played,
    read_hand,
)
from ui.kit.common import ErrorLabel, with_error
from ui.kit.equity_table import EquityTableLabel
from ui.kit.units import amount_text, amount_tooltip

if TYPE_CHECKING:
    from omahanash.jamfold import JamFoldSolution
    from ui.jamfold.model import HandReadout

STALE_STYLE = "color: #808080;"
NOTE_STYLE = "color: #8a5a00;"


def value_label(name: str) -> QLabel:
    """A selectable read-out called ``name``."""
    label = QLabel("")
    label.setObjectName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ResultsBox(QGroupBox):
    """Iterations, both ranges, both PostEVs and Epsilon, with the stale mark and the note of
    a coarse table above them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Results", parent)
        form = QFormLayout(self)
        self.stale_label = QLabel("")
        self.stale_label.setObjectName("jamfoldStale")
        self.stale_label.setStyleSheet(NOTE_STYLE + " font-style: italic;")
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        form.addRow(self.stale_label)
        # results computed on a coarse table say so (ui.equity_tables.panel.precision_note)
        self.precision_label = EquityTableLabel("jamfoldPrecisionLabel")
        form.addRow(self.precision_label)
        names = ("iterationsValue", "rangePuValue", "rangeCaValue", "postEv1Value",
                 "postEv2Value", "epsilonValue")
        self.values = {label: value_label(name) for label, name in zip(RESULT_LABELS, names,
                                                                        strict=True)}
        for label, widget in self.values.items():
            widget.setToolTip(WORDS[label])
            form.addRow(word_label(label), widget)

    def show_texts(self, texts: dict[str, tuple[str, str | None]]) -> None:
        """Fill from :func:`ui.jamfold.model.report_texts` (labels not given keep theirs)."""
        for label, (text, tooltip) in texts.items():
            self.values[label].setText(text)
            self.values[label].setToolTip(WORDS[label] if tooltip is None else tooltip)

    def clear(self, iterations: str = "") -> None:
        """Empty read-outs (``iterations``: what the counter shows, e.g. ``0/300``)."""
        for label, widget in self.values.items():
            widget.setText(iterations if label == "Iterations" else "")

    def set_stale(self, text: str) -> None:
        """Mark the read-outs as another game's (``text`` says which); "" unmarks them."""
        self.stale_label.setText(text)
        self.stale_label.setVisible(bool(text))
        for widget in self.values.values():
            widget.setStyleSheet(STALE_STYLE if text else "")

    def set_precision(self, note: str, coarse: bool = True) -> None:
        """Say which equity table the result stands on (``coarse``: the first-launch table,
        in bold: :func:`ui.table.model.equity_table_text`; the shared
        :class:`~ui.kit.equity_table.EquityTableLabel`)."""
        self.precision_label.show_table(note, coarse)


class HandBox(QGroupBox):
    """Player, the id / class / cards field with Show, and the read-out of one hand."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Hand", parent)
        form = QFormLayout(self)
        self.player_combo = QComboBox()
        self.player_combo.setObjectName("playerCombo")
        self.player_combo.addItems(list(PLAYERS))
        for index, words in enumerate((PU_WORDS, CA_WORDS)):
            self.player_combo.setItemData(index, words, Qt.ItemDataRole.ToolTipRole)
        form.addRow("Player", self.player_combo)
        self.lookup_edit = QLineEdit()
        self.lookup_edit.setObjectName("lookupEdit")
        self.lookup_error = ErrorLabel("lookupError")
        self.show_button = QPushButton("Show")
        self.show_button.setObjectName("showButton")
        field = QHBoxLayout()
        field.addWidget(self.lookup_edit, 1)
        field.addWidget(self.show_button)
        field.setContentsMargins(0, 0, 0, 0)
        field_cell = QWidget()
        field_cell.setLayout(field)
        form.addRow("Id or cards", with_error(field_cell, self.lookup_error))
        names = {"Id": "idValue", "Class": "classValue", "Cards": "cardsValue",
                 "Played": "playedValue", "AllIn_EV": "allinEvValue", "Fold_EV": "foldEvValue",
                 "Diff_EV": "diffEvValue"}
        self.values = {label: value_label(name) for label, name in names.items()}
        for label, widget in self.values.items():
            form.addRow(word_label(label), widget)
        #: The text the read-out answers ("": none shown).
        self.shown_text = ""

    @property
    def player(self) -> str:
        return PLAYERS[self.player_combo.currentText()]

    def show_hand(self, hand: HandReadout, unit: str, bb: float) -> None:
        self.lookup_error.clear_error()
        self.shown_text = hand.text
        for label, text in (("Id", str(hand.id)), ("Class", hand.name), ("Cards", hand.cards),
                            ("Played", format_played(hand.played))):
            self.values[label].setText(text)
        for label, chips in (("AllIn_EV", hand.allin_ev), ("Fold_EV", hand.fold_ev),
                             ("Diff_EV", hand.diff_ev)):
            self.values[label].setText(amount_text(chips, unit, bb))
            self.values[label].setToolTip(amount_tooltip(chips, unit, bb))

    def look_up(self, solution: JamFoldSolution, unit: str, bb: float) -> bool:
        """Answer the field for the chosen player (:func:`~ui.jamfold.model.read_hand`); False
        and the library's message beside the field when it is not a hand of the game."""
        text = self.lookup_edit.text().strip()
        try:
            hand = read_hand(solution, text, self.player)
        except InputError as exc:
            self.show_error(str(exc))
            return False
        self.show_hand(hand, unit, bb)
        return True

    def forget_other_text(self, text: str) -> None:
        """The field holds other text than the read-out answers (typed, or filled by *Open in
        Jam-fold*): the read-out (or message) goes, so it never shows another hand."""
        if text.strip() != self.shown_text:
            self.clear()

    def set_stale(self, stale: bool) -> None:
        """Grey the read-out when it is of another game than the inputs."""
        for widget in self.values.values():
            widget.setStyleSheet(STALE_STYLE if stale else "")

    def show_error(self, message: str) -> None:
        self.clear()
        self.lookup_error.show_error(message)

    def clear(self) -> None:
        """No read-out (and no error): nothing answers the field."""
        self.shown_text = ""
        self.lookup_error.clear_error()
        for widget in self.values.values():
            widget.setText("")
