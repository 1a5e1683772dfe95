"""The Jam-fold tab's words, without Qt: the Type and Solver selectors, the players, the
thesis's labels in plain words (shown on hover) and the fields' examples.
"""

from __future__ import annotations

from omahanash.cards import Variant

#: The Type selector, in the thesis's order (its names come from the library).
VARIANTS = (Variant.OMAHA_HI, Variant.OMAHA_HILO, Variant.HOLDEM)
SOLVERS = {"Fictitious play": "fp", "CFR+": "cfr+"}
PLAYERS = {"PU: Player1": "pusher", "CA: Player2": "caller"}
#: The thesis's labels in plain words, shown on hover.
PU_WORDS = "PU = Player1, the small blind, who pushes (goes all-in) or folds"
CA_WORDS = "CA = Player2, the big blind, who calls the all-in or folds"
WORDS = {
    "Range PU: Player1": PU_WORDS + ". The share of all hands Player1 pushes.",
    "Range CA: Player2": CA_WORDS + ". The share of all hands Player2 calls with.",
    "PostEV Player1": "The expected result of a best response: what Player1 wins on average "
                      "per hand by playing the best reply to Player2's current strategy.",
    "PostEV Player2": "The expected result of a best response: what Player2 wins on average "
                      "per hand by playing the best reply to Player1's current strategy.",
    "Epsilon": "How far from an equilibrium: the average of the two PostEVs, what a player "
               "could gain by switching to a best response (0 at a Nash equilibrium).",
    "Iterations": "Solver iterations done / asked for.",
    "AllIn_EV": "The expected result of going all-in (PU) or calling (CA) with this hand.",
    "Fold_EV": "The expected result of folding this hand (losing the blind and ante put in).",
    "Diff_EV": "AllIn_EV − Fold_EV: above 0, all-in is the better play.",
    "Class": "The hand's class in players' words: Hold'em AKo / AKs / AA; Omaha the ranks "
             "from the highest and the suit pattern (double-suited, single-suited, rainbow)",
    "Cards": "The hand as typed (for an id or a class name: the class's own cards)",
    "Played": "How often the player goes all-in (PU) or calls (CA) with this hand.",
    "Ante": "Each player's ante, put in before the blinds.",
    "NumIterations": "How many solver iterations Calculate (or Continue) runs. Empty: CFR+ "
                     "to Epsilon ≤ 0.0001 BB, the spot's equilibrium from the cache of "
                     "equilibria (solved and kept there the first time: the Review and the "
                     "Trainer read the same one); a number (or fictitious play) runs "
                     "afresh.",
    "Player1 stack": "Player1's (the small blind's) stack before the blinds and ante.",
    "Player2 stack": "Player2's (the big blind's) stack before the blinds and ante.",
}
#: The lookup field's examples per variant.
LOOKUP_PLACEHOLDERS = {Variant.HOLDEM: "a class (AKs) or cards (Ah Kd)",
                       Variant.OMAHA_HI: "an id (12025) or cards (2s 4s 3c 9c)",
                       Variant.OMAHA_HILO: "an id (12025) or cards (2s 4s 3c 9c)"}
FILTER_PLACEHOLDERS = {Variant.HOLDEM: "a range (TT+, AKo) or cards (As)",
                       Variant.OMAHA_HI: "a range (AA**, AxKx**) or cards (As Kh)",
                       Variant.OMAHA_HILO: "a range (AA**, A2**) or cards (As 2h)"}
