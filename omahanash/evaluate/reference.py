"""A slow, obviously correct pure-Python evaluator: the yardstick the fast kernels are tested on.

It shares nothing with the fast code except the card encoding (``rank * 4 + suit``). Hands are
compared by *keys*: tuples that Python compares the way poker compares hands.

* :func:`high_key` – ``(category, tie-break ranks...)``, category 0 = high card … 8 = straight
  flush (the order of :data:`omahanash.evaluate.tables.CATEGORY_NAMES`). Bigger is better.
* :func:`low_key` – the five low ranks (ace = 1) from the highest down, or ``None`` when there
  is no 8-or-better low. *Smaller* is better.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

HighKey = tuple[int, ...]
LowKey = tuple[int, ...] | None


def high_key(cards: Sequence[int]) -> HighKey:
    """Key of a five-card high hand; compare keys with ``<``, ``==``."""
    assert len(cards) == 5 and len(set(cards)) == 5
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    straight_top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # the wheel: the ace plays low, the five is on top
            straight_top = 3
    # Ranks grouped: more copies first, then higher rank first.
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [count for _, count in groups]
    ordered = [rank for rank, _ in groups]
    if straight_top is not None and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *ordered)
    if shape == [3, 2]:
        return (6, *ordered)
    if flush:
        return (5, *ranks)
    if straight_top is not None:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *ordered)
    if shape == [2, 2, 1]:
        return (2, *ordered)
    if shape == [2, 1, 1, 1]:
        return (1, *ordered)
    return (0, *ranks)


def low_key(cards: Sequence[int]) -> LowKey:
    """Key of a five-card 8-or-better low, or None when the cards do not make one."""
    assert len(cards) == 5
    low_ranks = sorted({1 if c >> 2 == 12 else (c >> 2) + 2 for c in cards}, reverse=True)
    if len(low_ranks) < 5 or low_ranks[0] > 8:
        return None
    return tuple(low_ranks)


def best_holdem(hole: Sequence[int], board: Sequence[int]) -> HighKey:
    """Best five of the seven cards."""
    return max(high_key(five) for five in combinations([*hole, *board], 5))


def best_omaha_high(hole: Sequence[int], board: Sequence[int]) -> HighKey:
    """Exactly two hole cards with exactly three board cards."""
    return max(high_key([*two, *three])
               for two in combinations(hole, 2) for three in combinations(board, 3))


def best_omaha_low(hole: Sequence[int], board: Sequence[int]) -> LowKey:
    """Best 8-or-better low with exactly two hole and three board cards, or None."""
    lows = [low_key([*two, *three])
            for two in combinations(hole, 2) for three in combinations(board, 3)]
    qualifying = [key for key in lows if key is not None]
    return min(qualifying) if qualifying else None


def showdown_shares(
    hole_cards: Sequence[Sequence[int]], board: Sequence[int], game: str
) -> list[float]:
    """Each player's fraction of the pot on a complete board (ties split; the Hi/Lo rule:
    docs/equity-tables.md)."""
    if game == "holdem":
        highs = [best_holdem(h, board) for h in hole_cards]
    else:
        highs = [best_omaha_high(h, board) for h in hole_cards]
    lows: list[LowKey] = [None] * len(hole_cards)
    if game == "omaha-hilo":
        lows = [best_omaha_low(h, board) for h in hole_cards]
    qualified = [key for key in lows if key is not None]
    high_pot = 1.0 if not qualified else 0.5
    high_winners = [i for i, key in enumerate(highs) if key == max(highs)]
    shares = [0.0] * len(hole_cards)
    for i in high_winners:
        shares[i] += high_pot / len(high_winners)
    if qualified:
        low_winners = [i for i, key in enumerate(lows) if key == min(qualified)]
        for i in low_winners:
            shares[i] += 0.5 / len(low_winners)
    return shares


def enumerate_equity(
    hole_cards: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    game: str,
) -> tuple[list[float], int]:
    """Average pot share of each player over every completion of the board, and their count."""
    used = {*board, *dead, *(c for h in hole_cards for c in h)}
    deck = [c for c in range(52) if c not in used]
    totals = [0.0] * len(hole_cards)
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        shares = showdown_shares(hole_cards, [*board, *extra], game)
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
        boards += 1
    return [t / boards for t in totals], boards
