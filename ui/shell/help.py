"""The in-app guide (Help → Guide, F1): what each tab answers and a glossary of the words the
app uses (PU, CA, Epsilon, ICM, bb/100, …). It opens by itself once, on the first launch
(remembered in QSettings under :data:`GUIDE_SHOWN_KEY`, as :mod:`ui.shell.startup` remembers the
table offer).

:data:`TAB_ANSWERS` has one entry per tab title of :func:`ui.shell.tabs.tab_factories` (a test holds
every tab to it), so a new tab comes with its line in the guide.

>>> GUIDE_SHOWN_KEY
'firstLaunch/guideShown'
>>> "Epsilon" in dict(GLOSSARY)
True
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ui.kit.common import named

#: The QSettings key that remembers that the guide was shown once.
GUIDE_SHOWN_KEY = "firstLaunch/guideShown"

#: Tab title -> the question it answers, in the tabs' order.
TAB_ANSWERS: dict[str, str] = {
    "Jam-fold": "Heads-up, all in or fold: which hands should the small blind push and the big "
                "blind call at this stack (Hold'em, Omaha Hi, Omaha Hi/Lo)? Look up any hand, "
                "see the push/call chart by stack, and what to do against an opponent who "
                "pushes or calls too much or too little (Lock, Best response).",
    "Table": "Push or fold at a final table of 2 to 10 players (a Spin & Go, a sit-and-go "
             "bubble, an MTT final table): which hands each seat pushes and calls, with ICM "
             "payouts or in chips; the EV of each hand in big blinds and in prize equity, "
             "every seat's prize equity and the bubble factors; lock a seat to a range and "
             "see how the others adjust; the Nash chart: how each seat's range changes from "
             "2 to 20 big blinds.",
    "Review": "Did I play my push/fold spots right? Open hand histories (PokerStars, PHH), "
              "drop them on the window or read a PokerTracker 4 / Hold'em Manager 2 database "
              "(From tracker database…): each push/fold decision, heads-up or at a table of "
              "3 to 10, is compared with Nash (or heads-up with the best response to the "
              "opponent you type), with the EV lost and a grade; open a spot in the Jam-fold "
              "or the Table tab to see the ranges that judged it.",
    "Trainer": "Practise: push/fold and call/fold spots dealt from the equilibrium, answered "
               "with P or C (push / call), F (fold), Space (next), with the EV each mistake "
               "costs and your weak spots.",
    "Tournament": "Who wins a heads-up match, and how long does it last? P(win) against the "
                  "chip share for two strategies (Nash, the best response, a range), in big "
                  "blinds, with prize equity when you give the payouts.",
    "Equity": "How often does a hand win against another hand or range, on any board? For "
              "Hi/Lo: how often it scoops, wins the high, wins the low, wins three quarters, "
              "splits or is quartered.",
    "CFR games": "Research: solve small games (Kuhn, Leduc, dominoes, matrix games) with the "
                 "CFR family and browse the decision tree.",
    "Perfect information": "Research: nim, subtraction games and small game graphs: who "
                           "wins, the Grundy value and a best move.",
}

#: (word, meaning): the glossary, in reading order.
GLOSSARY: list[tuple[str, str]] = [
    ("PU", "The pusher: the small blind, who acts first and goes all in or folds."),
    ("CA", "The caller: the big blind, who calls the all-in or folds."),
    ("Nash", "The equilibrium: neither player gains by changing strategy alone."),
    ("Epsilon", "How far a computed strategy pair is from the equilibrium: the most either "
                "player could gain by deviating, in chips per hand (0 is exact)."),
    ("AllIn_EV, Fold_EV, Diff_EV", "What pushing (or calling) and folding win on average with "
                                   "a hand; Diff_EV is their difference: positive means go "
                                   "all in."),
    ("EV lost", "What a decision costs against the better one, in big blinds."),
    ("bb", "Big blinds: stacks and EVs measured in big blinds, whatever the chip amounts."),
    ("bb/100", "Big blinds won per 100 hands: a cash-game rate (the gain of a strategy "
               "repeated hand after hand)."),
    ("ICM", "The Independent Chip Model: turns stacks into shares of the prize pool, so "
            "that a tournament decision is judged in money, not chips."),
    ("Prize equity", "Your expected share of the prizes: P(win) × 1st + (1 − P(win)) × 2nd "
                     "heads-up."),
    ("Scoop, quartered", "Hi/Lo: a scoop takes the whole pot; quartered means getting a "
                         "quarter of it (half of one half)."),
    ("Equity table", "The precomputed equity of every pair of hand classes the solver runs "
                     "on; Omaha's are built once on your computer (Build in any tab)."),
    ("Coarse and full tables", "Omaha's first table is coarse (a couple of sample boards per "
                               "pair of classes: usable within minutes); the full table (12 "
                               "to 16 samples per pair) replaces it when built. A result "
                               "computed on a coarse table says so in bold until you "
                               "calculate again on the full one; every result names its "
                               "table."),
    ("Best-response gain", "What one seat would win on average by changing its strategy to "
                           "the best reply against the others' (0 at an equilibrium)."),
    ("NashConv", "The seats' best-response gains added up: how far the solved strategies are "
                 "from an equilibrium. Shown in % of the prize pool with ICM payouts and in "
                 "big blinds in chip EV (heads-up it is twice Epsilon). It is the solve's "
                 "precision: EVs closer than it are equal as far as the solve can tell."),
    ("Correct decision", "A decision is correct when its EV is within the solve's precision "
                         "(its NashConv) of the better action's, in the Review and the "
                         "Trainer alike; else it is a mistake that loses the difference "
                         "(a small mistake up to 0.2 bb, a mistake up to 1 bb, a blunder "
                         "above). How often the average strategy plays it does not matter."),
    ("Mixed, noise", "A hand the equilibrium plays both ways: both actions are correct when "
                     "their EVs are equal within the precision. When the solve's average "
                     "strategy mixes a hand but one action is better by more than that, the "
                     "mix is noise of the solve: play the better action."),
    ("Node names", "A decision at the table: who acts and what happened before. \"BTN\" is "
                   "the button acting first (folded to it); \"SB vs BTN\" the small blind "
                   "facing the button's all in; \"BB vs HJ+SB\" the big blind facing all ins "
                   "from the hijack and the small blind."),
    ("Reach", "How often a node happens: the share of deals in which the earlier seats play "
              "so that this seat faces this decision. A rarely reached node's ranges are the "
              "least precise."),
    ("Deals", "The sampled hands the table solver plays out each iteration (every hand of "
              "every seat at once); more deals, more precise EVs and a slower solve. Hold'em "
              "at 2-3 seats can use every deal exactly."),
    ("Bubble factor", "Row against column in the ICM panel: how much more a seat risks than it "
                      "can win when it plays an all in against the other seat (the prize "
                      "equity lost on a loss over the prize equity won on a win). 1 is chip "
                      "EV; above 1, the seat should call tighter."),
    ("Prize equity at a table", "Each seat's expected share of the prize pool by ICM from "
                                "the stacks (in the payouts' unit and in % of the pool)."),
    ("Provisional", "While a run computes, the nodes and seats show the ranges of its latest "
                    "report, marked provisional with their NashConv: they refine until the "
                    "run ends. A new run greys the previous result until its own arrives."),
    ("Strength", "The class tables list hands strongest first: the order \"top 15%\" takes "
                 "them in (equity against a random hand). Copy range puts a node's range on "
                 "the clipboard as a lock you can paste back."),
]


def guide_html() -> str:
    """The guide's text (HTML)."""
    tabs = "".join(f"<li><b>{html.escape(title)}</b>: {html.escape(answer)}</li>"
                   for title, answer in TAB_ANSWERS.items())
    words = "".join(f"<dt><b>{html.escape(word)}</b></dt><dd>{html.escape(meaning)}</dd>"
                    for word, meaning in GLOSSARY)
    return ("<h3>What each tab answers</h3>"
            f"<ul>{tabs}</ul>"
            "<p>Every input is remembered between launches; File → Save session keeps all "
            "the tabs' inputs and results in one file. Long work runs in the background: "
            "Stop keeps what was computed.</p>"
            f"<h3>Glossary</h3><dl>{words}</dl>")


class GuideDialog(QDialog):
    """The guide in a non-modal window (``guideDialog``; its text ``guideText``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guideDialog")
        self.setWindowTitle("Omaha Nash — guide")
        self.resize(640, 560)
        self.text = named(QTextBrowser(), "guideText")
        self.text.setHtml(guide_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)


def show_guide_once(open_guide: Callable[[], object], settings: QSettings) -> bool:
    """On the first launch (nothing under :data:`GUIDE_SHOWN_KEY`) call ``open_guide()``
    and remember it; False when it was shown before."""
    if settings.value(GUIDE_SHOWN_KEY, False, type=bool):
        return False
    settings.setValue(GUIDE_SHOWN_KEY, True)
    settings.sync()
    open_guide()
    return True
