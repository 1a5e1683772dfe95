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
from collections.abc import Callable, Iterable

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

#: The verdicts' entry (the Review's and the Trainer's one word set).
VERDICTS = "Verdicts: correct, correct either way, small mistake, mistake, blunder"
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
                   "from the hijack and the small blind. In a pot-limit or no-limit tree the "
                   "action is named too: \"BTN open\" is the button's first action (raise, "
                   "limp or fold), \"SB vs BTN open\" the small blind facing the button's "
                   "raise, \"BB vs BTN open, SB call\" the big blind after the small blind "
                   "called it, \"BTN vs SB re-raise\" the button facing a re-raise."),
    ("Seats: UTG, UTG+1, UTG+2, MP, LJ, HJ, CO, BTN, SB, BB",
     "The seats in the order they act before the flop: under the gun (UTG, then UTG+1, "
     "UTG+2), middle position (MP), lojack (LJ), hijack (HJ), cutoff (CO), the button (BTN, "
     "the dealer), the small blind (SB) and the big blind (BB). A table of fewer players "
     "drops the earliest seats: 6-max is UTG, HJ, CO, BTN, SB, BB."),
    ("Play %", "The share of all a seat's hands that take the node's action (push, call, "
               "raise), weighted by combos; Push % and Call % in the class tables."),
    ("Combos", "How many card combinations a hand class holds (Hold'em: 6 for a pair, 4 "
               "suited, 12 offsuit); ranges are weighted by them."),
    ("Id", "A hand class's number in the equity table (Omaha: one per suit pattern of four "
           "cards); type it, or the cards, in a lookup."),
    ("Push EV, Call EV, fold EV", "The class tables' EVs: what pushing, calling or folding "
                                  "a class wins on average against the other seat's "
                                  "strategy (Play and Fold in the Table tab's hand list)."),
    ("Locked %", "How often a seat locked to a range (Lock) plays the class: the range you "
                 "typed, which the others' best response answers."),
    ("Nash freq", "How often the equilibrium (its average strategy) plays the action taken "
                  "with the hand; 100 % or 0 % for a pure decision."),
    ("Best", "The better action by EV against the opponents' strategies (the review's "
             "answer), which the verdict compares with the action taken."),
    (VERDICTS,
     "Correct: within the solve's precision of the best action's EV; "
     "correct either way: both EVs are equal within it; small mistake: loses up to 0.2 bb; "
     "mistake: up to 1 bb; blunder: more. The same words in the Review tab, its report and "
     "the Trainer."),
    ("Run status: converged, stalled, iterations, stopped",
     "How a run ended. Converged: NashConv reached its target; stalled: NashConv stopped "
     "falling above the target (more iterations would not help: more deals would); "
     "iterations: the iterations asked for are done, the target was not reached (Continue "
     "goes on); stopped: Stop pressed, what was computed is kept (\"not measured\" when "
     "Stop came before its NashConv was measured)."),
    ("PostEV", "Jam-fold: what a player wins on average per hand with the best reply to "
               "the other's current strategy (Epsilon is the two PostEVs' average)."),
    ("Class", "A hand class: the hands that play alike (Hold'em AKs, AKo, AA; Omaha the ranks "
              "and the suit pattern); the solver gives one strategy to each."),
    ("BB ante", "An ante the big blind pays for the whole table (instead of every seat "
                "paying its own), as most tournaments now play."),
    ("Locks", "Fix a seat's range (\"BTN=top 20%\"; a node: \"SB vs BTN=QQ+\"): the other "
              "seats then play their best response to it instead of the equilibrium."),
    ("Betting", "The preflop betting a spot is played with: push/fold (fold or all in; later "
                "players call or fold), pot-limit (fold, call, or raise the pot; facing a "
                "re-raise fold, call or raise again, up to Max raises), pot-limit with limps, "
                "no-limit (fold, limp, raise to the open size, all in), or a tree file of your "
                "own sizes. Omaha starts on pot-limit, Hold'em on push/fold."),
    ("Open (bb)", "The no-limit tree's open raise, in big blinds (2 by default)."),
    ("Max raises", "How many raises a pot-limit or no-limit hand may take before the players "
                   "may only call or fold (3 by default)."),
    ("After preflop", "What happens to the chips behind once the preflop betting ends: all in "
                      "on the flop when the stack behind is at most twice the pot (the usual "
                      "short-stack model), else the pot goes to showdown as it stands; check "
                      "down: the pot as it stands always goes to showdown."),
    ("Tree file", "A TOML file describing a betting tree: the sizes of each raise, the number "
                  "of raises, limps and all ins (the manual's betting-trees page shows one)."),
    ("After", "In the node list of a betting tree: the action that leads to the node "
              "(\"SB raise 3\": the small blind raised to 3 bb)."),
    ("Seed", "The random draw of the sampled deals: the same seed gives the same result; "
             "empty, a new draw each time."),
    ("Iterations", "The solver's rounds: each plays every seat's strategy against the "
                   "others' and improves it; the average of the rounds is the answer."),
    ("Hi/Lo results: win high, win low, wins ¾, split ½, scooped",
     "The Equity tab's Hi/Lo columns: how often a hand wins the high half, the low half, "
     "three quarters of the pot (one half and a share of the other), splits the pot, or "
     "is scooped (loses both halves)."),
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


#: Words the result views show that need no entry: a player's everyday words.
EVERYDAY_WORDS = frozenset({
    "#", "Hand", "Game", "Position", "Players", "Player", "Cards", "Action", "Seat", "Stack",
    "Push", "Call", "Play", "Fold", "Units", "Ante", "Type", "SB", "BB", "Player1 stack",
    "Player2 stack", "Solver", "Id or cards", "Stacks in", "Preset", "Payouts",
    *"AKQJT98765432"})  # the ranks heading the range maps' rows and columns
#: Words the app shows that an entry of another name explains (the entry's word).
SEE: dict[str, str] = {
    "Node": "Node names", "Reach %": "Reach", "% of pool": "Prize equity at a table",
    "Push %": "Play %", "Call %": "Play %", "Played": "Play %",
    "AllIn_EV": "AllIn_EV, Fold_EV, Diff_EV", "Fold_EV": "AllIn_EV, Fold_EV, Diff_EV",
    "PU fold EV": "Push EV, Call EV, fold EV", "CA fold EV": "Push EV, Call EV, fold EV",
    "Verdict": VERDICTS, "Scoop": "Scoop, quartered", "Quartered": "Scoop, quartered",
    "Range PU: Player1": "PU", "Range CA: Player2": "CA", "PostEV Player1": "PostEV",
    "PostEV Player2": "PostEV", "NumIterations": "Iterations", "Model": "ICM", "Lock": "Locks",
}


def entry_for(label: str) -> str | None:
    """The glossary word that explains ``label``, a word the app shows (a column header, a
    run status, a verdict): its entry, an entry listing it among its words ("Push EV,
    Call EV, fold EV"; after a colon: "Run status: converged, …"), or :data:`SEE`'s; a
    trailing unit — "(bb)", "(% pool)" — is not part of the word. None when no entry does.

    >>> entry_for("EV lost (bb)"), entry_for("Call EV"), entry_for("stalled")
    ('EV lost', 'Push EV, Call EV, fold EV', 'Run status: converged, stalled, iterations, stopped')
    >>> entry_for("Calculate") is None
    True
    """
    word = label.strip()
    for candidate in (word, word.split(" (")[0].strip()):
        if candidate in SEE:
            return SEE[candidate]
        for entry, _ in GLOSSARY:
            words = entry.split(": ", 1)[-1] if ": " in entry else entry
            if candidate.lower() == entry.lower() or candidate.lower() in (
                    part.strip().lower() for part in words.split(",")):
                return entry
    return None


def unexplained(labels: Iterable[str]) -> list[str]:
    """The ``labels`` that neither :data:`EVERYDAY_WORDS` nor :func:`entry_for` explain.

    >>> unexplained(["Hand", "Reach %", "Frobnication"])
    ['Frobnication']
    """
    return [label for label in labels if label.split(" (")[0].strip() not in EVERYDAY_WORDS
            and entry_for(label) is None]


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
