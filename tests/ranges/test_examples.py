"""Every example of the range table (docs/cli/range.md, the range language's page), checked
against brute force over concrete hands, and the page lists each one.

Each row has a plain-Python predicate over one concrete hand (cards 0..51, rank = card // 4
with 2 = 0 … A = 12, suit = card % 4 as c d h s), so the expected combos never come from the
parser. Percent rows give the combos directly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from omahanash.ranges import parse_range

A, K, Q, J, T = 12, 11, 10, 9, 8


def ranks(hand):
    return Counter(c // 4 for c in hand)


def suits(hand):
    return sorted(Counter(c % 4 for c in hand).values(), reverse=True)


def card(text):
    return "23456789TJQKA".index(text[0]) * 4 + "cdhs".index(text[1])


def has_suited(hand, r1, r2):
    return any(a // 4 == r1 and b // 4 == r2 and a % 4 == b % 4 for a in hand for b in hand)


def rundown(hand):
    rs = sorted(c // 4 for c in hand)
    return all(rs[i + 1] == rs[i] + 1 for i in range(3))


def exactly_one_pair_two_singles(hand):
    return sorted(ranks(hand).values()) == [1, 1, 2]


def two_pair(hand):
    return sorted(ranks(hand).values()) == [2, 2]


HOLDEM = [
    # text, meaning, predicate
    ("AA", "a pair of aces", lambda h: ranks(h)[A] == 2),
    ("AKs", "ace-king suited", lambda h: ranks(h)[A] == ranks(h)[K] == 1 and suits(h) == [2]),
    ("AKo", "ace-king offsuit", lambda h: ranks(h)[A] == ranks(h)[K] == 1 and suits(h) == [1, 1]),
    ("AK", "ace-king, suited or not", lambda h: ranks(h)[A] == ranks(h)[K] == 1),
    ("TT+", "tens or better: TT JJ QQ KK AA", lambda h: len(ranks(h)) == 1 and h[0] // 4 >= T),
    ("A2s+", "suited ace with any kicker: A2s … AKs",
     lambda h: ranks(h)[A] == 1 and suits(h) == [2]),
    ("KTo-K7o", "KTo, K9o, K8o, K7o",
     lambda h: ranks(h)[K] == 1 and suits(h) == [1, 1] and min(c // 4 for c in h) in (5, 6, 7, 8)),
    ("22-77", "pairs 22 to 77", lambda h: len(ranks(h)) == 1 and h[0] // 4 <= 5),
    ("AhKh", "exactly ace and king of hearts", lambda h: set(h) == {card("Ah"), card("Kh")}),
    ("QQ+, AKs, AhKd", "union: pairs QQ+, AKs, and one offsuit combo",
     lambda h: (len(ranks(h)) == 1 and h[0] // 4 >= Q)
     or (ranks(h)[A] == ranks(h)[K] == 1 and suits(h) == [2])
     or set(h) == {card("Ah"), card("Kd")}),
    ("JJ+!KK", "JJ, QQ, AA (exclusion)", lambda h: len(ranks(h)) == 1 and h[0] // 4 in (J, Q, A)),
    ("random", "every hand", lambda h: True),
    ("$s", "any suited hand (= xx)", lambda h: suits(h) == [2]),
]

OMAHA = [
    ("AA", "at least two aces (padded: AA**)", lambda h: ranks(h)[A] >= 2),
    ("AKQ*", "an ace, a king and a queen", lambda h: ranks(h)[A] and ranks(h)[K] and ranks(h)[Q]),
    ("As Ks 3d 2d", "one exact hand",
     lambda h: set(h) == {card("As"), card("Ks"), card("3d"), card("2d")}),
    ("AxKx**", "an ace and a king of the same suit", lambda h: has_suited(h, A, K)),
    ("AxKxQyJy", "AK suited and QJ suited in another suit",
     lambda h: sorted(c // 4 for c in h) == [J, Q, K, A] and has_suited(h, A, K)
     and has_suited(h, Q, J) and not has_suited(h, A, Q)),
    ("sshh", "two spades and two hearts",
     lambda h: [c % 4 for c in h].count(3) == 2 and [c % 4 for c in h].count(2) == 2),
    ("wxy", "at least three suits", lambda h: len(suits(h)) >= 3),
    ("RR", "at least one pair (of any rank)", lambda h: max(ranks(h).values()) >= 2),
    ("RRON", "exactly one pair and two unpaired side cards", exactly_one_pair_two_singles),
    ("AARR", "two aces and a pair of another rank",
     lambda h: ranks(h)[A] == 2 and sorted(ranks(h).values()) == [2, 2]),
    ("RxRyOxOy", "two pair, double-suited in the pairs",
     lambda h: two_pair(h) and suits(h) == [2, 2]),
    ("AA:xxyy, JJ!JJJ, KK", "double-suited aces, or exactly two jacks, or at least two kings",
     lambda h: (ranks(h)[A] >= 2 and suits(h) == [2, 2]) or ranks(h)[J] == 2
     or ranks(h)[K] >= 2),
    ("AA**!AAA*", "exactly two aces", lambda h: ranks(h)[A] == 2),
    ("TT+", "a pair (at least) of tens or better", lambda h: any(
        ranks(h)[r] >= 2 for r in range(T, A + 1))),
    ("A-T", "at least one card A, K, Q, J or T", lambda h: any(c // 4 >= T for c in h)),
    ("[K-T][K-T]", "at least two cards from K, Q, J, T",
     lambda h: sum(T <= c // 4 <= K for c in h) >= 2),
    ("*", "every hand", lambda h: True),
    ("$ds", "double-suited (= xxyy)", lambda h: suits(h) == [2, 2]),
    ("$ss", "single-suited (= xxyz)", lambda h: suits(h) == [2, 1, 1]),
    ("$r", "rainbow (= wxyz)", lambda h: suits(h) == [1, 1, 1, 1]),
    ("$np", "no pair (= *!RR)", lambda h: max(ranks(h).values()) == 1),
    ("$R", "a rundown (= AKQJ-5432)", rundown),
    ("$B$B$B$B", "four broadway cards ($B = [A-T])", lambda h: all(c // 4 >= T for c in h)),
    ("$W$W", "two wheel cards ($W = [A,2-5])",
     lambda h: sum(c // 4 in (A, 0, 1, 2, 3) for c in h) >= 2),
    ("$L$L$L", "three low cards ($L = [A,2-8])",
     lambda h: sum(c // 4 in (A, 0, 1, 2, 3, 4, 5, 6) for c in h) >= 3),
    ("$F$N", "a face card and another K-9 card ($F = [K-J], $N = [K-9])",
     lambda h: any(J <= a // 4 <= K and 7 <= b // 4 <= K for a in h for b in h if a != b)),
    ("AA@0.5", "at least two aces, each combo at weight 1/2", None),
]

# (game, text, exact combos): percentages of all 1,326 / 270,725 hands.
PERCENT = [
    ("holdem", "top 15%", 1326 * 0.15),
    ("omaha", "top 15%", 270725 * 0.15),
    ("omaha", "5%-10%", 270725 * 0.05),
    ("omaha-hilo", "top 30%", 270725 * 0.30),
]


PAGE = (Path(__file__).parents[2] / "docs" / "cli" / "range.md").read_text(encoding="utf-8")
ALL = {"holdem": list(combinations(range(52), 2)), "omaha": None}


def _hands(game: str) -> list[tuple[int, ...]]:
    if ALL[game] is None:
        ALL[game] = list(combinations(range(52), 4))
    return ALL[game]  # type: ignore[return-value]


@pytest.mark.parametrize(("text", "meaning", "predicate"), HOLDEM, ids=[r[0] for r in HOLDEM])
def test_holdem_example(text, meaning, predicate):
    expected = sum(1 for hand in _hands("holdem") if predicate(hand))
    assert parse_range(text, "holdem").combos == expected


@pytest.mark.parametrize(("text", "meaning", "predicate"), OMAHA, ids=[r[0] for r in OMAHA])
def test_omaha_example(text, meaning, predicate):
    if predicate is None:  # the weighted row: half of AA
        expected = sum(1 for hand in _hands("omaha") if ranks(hand)[12] >= 2) / 2
    else:
        expected = sum(1 for hand in _hands("omaha") if predicate(hand))
    assert parse_range(text, "omaha").combos == expected


def test_omaha_aa_is_the_issue_count():
    assert parse_range("AA", "omaha").combos == 6 * 1128 + 4 * 48 + 1 == 6961


@pytest.mark.parametrize(("game", "text", "combos"), PERCENT)
def test_percent_examples(game, text, combos):
    assert parse_range(text, game).combos == pytest.approx(combos, abs=1e-6)


@pytest.mark.parametrize("text", [row[0] for row in HOLDEM + OMAHA] + [row[1] for row in PERCENT])
def test_every_example_is_on_the_range_page(text):
    assert f"`{text}`" in PAGE
