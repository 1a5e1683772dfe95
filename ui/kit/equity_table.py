"""The line every face shows under its result: which equity table the result stands on
(:class:`EquityTableLabel`), a coarse first-launch Omaha table marked in bold in the warning
colour until a result on the full table replaces it (the README's promise: "say so next to
them"). The Table, Tournament, Review and Trainer tabs each have one
(``tableEquityTableLabel``, ``tournamentEquityTableLabel``, ``reviewEquityTableLabel``,
``trainerEquityTableLabel``); the words come from :func:`ui.table.model.equity_table_text`
(a solution's own table) or :func:`ui.table.model.tables_mark` (the tables on disk).

>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> label = EquityTableLabel("exampleEquityTableLabel")
>>> label.show_table("Equity table: Omaha Hi, COARSE.", True)
>>> label.coarse, label.property("coarse"), label.isHidden()
(True, True, False)
>>> label.show_table("", False); label.isHidden()
True
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

#: The look of a coarse table's line (the warning colour of the stale marks, in bold).
COARSE_STYLE = "color: #8a5a00; font-weight: bold;"
#: The look of a full or exact table's line (a quiet note).
PLAIN_STYLE = "color: #555555;"


class EquityTableLabel(QLabel):
    """Which equity table the result shown stands on; hidden while there is none. Its
    ``coarse`` property (and :attr:`coarse`) says whether it is marked coarse."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setToolTip("The class-versus-class equity table the result is computed on: "
                        "a coarse one (the first-launch table) is marked until the full "
                        "one is built and the result is computed again")
        self.show_table("", False)

    @property
    def coarse(self) -> bool:
        return bool(self.property("coarse"))

    def show_table(self, text: str, coarse: bool) -> None:
        """Say ``text``; ``coarse`` marks it (bold, the warning colour). "" hides it."""
        self.setText(text)
        self.setStyleSheet(COARSE_STYLE if coarse else PLAIN_STYLE)
        self.setProperty("coarse", bool(coarse and text))
        self.setVisible(bool(text))
