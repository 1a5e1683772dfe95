"""The default hero: the player with the most hands, counted in hands (not chips)."""

from __future__ import annotations

from omahanash.history.review import choose_hero

HAND = """PokerStars Hand #{n}: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/0{d} 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Rich ($500 in chips)
Seat 2: Often ($2 in chips)
Often: posts small blind $0.01
Rich: posts big blind $0.02
*** HOLE CARDS ***
Often: folds
Uncalled bet ($0.01) returned to Rich
Rich collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0

"""

EXTRA = """PokerStars Hand #9: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/09 10:00:00 ET
Table 'U' 6-max Seat #1 is the button
Seat 1: Often ($2 in chips)
Seat 2: Other ($2 in chips)
Often: posts small blind $0.01
Other: posts big blind $0.02
*** HOLE CARDS ***
Often: folds
Uncalled bet ($0.01) returned to Other
Other collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0

"""


def test_the_hero_plays_most_hands_whatever_the_stacks(tmp_path):
    path = tmp_path / "no_dealt_to.txt"
    path.write_text("".join(HAND.format(n=n, d=n) for n in range(1, 4)) + EXTRA)
    # No "Dealt to" lines: Often sits in 4 hands, Rich in 3 with far more chips.
    assert choose_hero([path]) == "Often"
