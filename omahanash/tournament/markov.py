"""The exact Markov chain of a match over chip counts.

A state is player 1's chips ``x`` (in the structure's units, ``0..N``) and who has the button
(the small blind): ``s = b·(N + 1) + x`` with ``b = 0`` when player 1 is the small blind. A hand
moves ``x`` by the outcome (:mod:`omahanash.tournament.transitions`) at the effective stack
``E = min(x, N − x)`` and passes the button; ``x = 0`` and ``x = N`` absorb. A showdown moves
the small blind's chips by ``E·(u − 2)/2`` for a share of ``u`` quarters; when that is half a
unit the odd chip goes to either player with probability ½ (keeping each hand's expected
result exact).

For the last level (or a fixed level) ``P(win)`` and the expected number of hands solve
``(I − P_TT) v = b`` over the transient states (a dense LU: at most 2 · 2000 states, since the
structure has at most 2000 units; a few milliseconds at 400 units, which is why scipy is not
needed); earlier levels go backwards hand by hand, ``v ← P v``. The distribution of the match
length comes from pushing the starting distribution forward until all but 1e-7 of it has
been absorbed.

>>> tables = OutcomeTables.fair(units=10, quarters=np.array([0.3, 0.1, 0.2, 0.1, 0.3]))
>>> chain = solve_chain(tables)
>>> [round(float(v), 6) for v in chain.p_win(0)[[1, 5, 9]]]  # a fair game: the chip share
[0.1, 0.5, 0.9]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from omahanash.errors import InputError
from omahanash.tournament.transitions import OUTCOMES, SHOWDOWN

# Forward iteration stops when this much of the match-length distribution is left, or after
# MAX_HANDS hands.
LENGTH_TAIL = 1e-7
MAX_HANDS = 200_000
_CHECK_EVERY = 256  # hands between two cancel checks


@dataclass(frozen=True)
class OutcomeTables:
    """Per level, the outcome probabilities of a hand by who is the small blind and the
    effective stack: ``probabilities[level, b, E]`` (float64 ``[levels, 2, N//2 + 1, 7]``,
    ``b = 0``: player 1 is the small blind); ``folds[level]`` = (SB + ante, BB + ante) in
    units, what a fold by the small / big blind costs; ``hands_per_level``."""

    units: int
    probabilities: np.ndarray
    folds: np.ndarray
    hands_per_level: int

    @classmethod
    def fair(cls, units: int, quarters: np.ndarray) -> OutcomeTables:
        """Every hand a showdown with the share distribution ``quarters`` (tests, examples)."""
        probabilities = np.zeros((1, 2, units // 2 + 1, OUTCOMES))
        probabilities[..., SHOWDOWN:] = quarters
        return cls(units, probabilities, np.ones((1, 2), dtype=np.int64), 0)

    @property
    def levels(self) -> int:
        return int(self.probabilities.shape[0])

    def level_of(self, hand: int) -> int:
        return 0 if self.levels == 1 else min(hand // self.hands_per_level, self.levels - 1)


def moves(tables: OutcomeTables, level: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The transitions of one hand at ``level`` as ``(from, to, probability)`` arrays over the
    states (absorbing states keep their mass); duplicates are summed by the users."""
    n = tables.units
    x = np.arange(1, n)
    effective = np.minimum(x, n - x)
    sb_fold, bb_fold = (int(v) for v in tables.folds[level])
    froms, tos, probs = [], [], []
    for b in (0, 1):
        sign = 1 if b == 0 else -1  # player 1's chips move with the small blind's if b == 0
        rows = tables.probabilities[level, b, effective]
        start = b * (n + 1) + x
        after = (1 - b) * (n + 1)
        deltas: list[tuple[int, np.ndarray | int, float | np.ndarray]] = [
            (0, -sb_fold, 1.0), (1, bb_fold, 1.0)]
        for u in range(5):
            twice = effective * (u - 2)  # twice the small blind's move
            deltas.append((SHOWDOWN + u, np.floor_divide(twice, 2), np.where(twice % 2, .5, 1.)))
            if u % 2:  # odd chips: the other half of the mass one unit up
                deltas.append((SHOWDOWN + u, np.floor_divide(twice, 2) + 1,
                               np.where(twice % 2, .5, 0.)))
        for outcome, delta, share in deltas:
            p = rows[:, outcome] * share
            keep = p > 0
            target = np.clip(x + sign * np.asarray(delta) * np.ones_like(x), 0, n)
            froms.append(start[keep])
            tos.append((after + target)[keep])
            probs.append(p[keep])
    for edge in (0, n):  # absorbing
        for b in (0, 1):
            froms.append(np.array([b * (n + 1) + edge]))
            tos.append(np.array([b * (n + 1) + edge]))
            probs.append(np.array([1.0]))
    return np.concatenate(froms), np.concatenate(tos), np.concatenate(probs)


@dataclass(frozen=True)
class ChainSolution:
    """``win[s]`` and ``hands[s]``: P(player 1 wins) and the expected number of hands from
    state ``s`` at the first hand of the match."""

    units: int
    win: np.ndarray
    hands: np.ndarray

    def p_win(self, button: int | None) -> np.ndarray:
        """P(win) per starting chip count ``0..N``: player 1 with the button first
        (``button=0``), player 2 (``1``) or the average of both (None)."""
        return _by_button(self.win, self.units, button)

    def expected_hands(self, button: int | None) -> np.ndarray:
        return _by_button(self.hands, self.units, button)


def _by_button(values: np.ndarray, n: int, button: int | None) -> np.ndarray:
    halves = values.reshape(2, n + 1)
    return halves.mean(axis=0) if button is None else halves[button]


def _apply(moved: tuple[np.ndarray, np.ndarray, np.ndarray], v: np.ndarray) -> np.ndarray:
    """``P @ v`` from the transition arrays."""
    froms, tos, probs = moved
    return np.bincount(froms, weights=probs * v[tos], minlength=v.size)


def solve_chain(tables: OutcomeTables, check: Callable[[], None] | None = None) -> ChainSolution:
    """P(win) and expected hands from every state at the match's first hand; ``check()``
    is called every few hundred hands of the earlier levels (it raises to stop: a cancel
    check)."""
    n = tables.units
    size = 2 * (n + 1)
    last = moves(tables, tables.levels - 1)
    dense = np.zeros((size, size))
    np.add.at(dense, (last[0], last[1]), last[2])
    x = np.arange(size) % (n + 1)
    transient = (x > 0) & (x < n)
    system = np.eye(int(transient.sum())) - dense[np.ix_(transient, transient)]
    right = np.stack([dense[np.ix_(transient, x == n)].sum(axis=1),
                      np.ones(int(transient.sum()))], axis=1)
    try:
        solved = np.linalg.solve(system, right)
    except np.linalg.LinAlgError:
        raise InputError("the match never ends with these strategies (no hand can move all "
                         "the chips)") from None
    if not np.all(np.isfinite(solved)) or solved[:, 1].max(initial=0) > 1e12:
        raise InputError("the match never ends with these strategies")
    win = (x == n).astype(np.float64)
    hands = np.zeros(size)
    win[transient] = solved[:, 0]
    hands[transient] = solved[:, 1]
    if tables.levels > 1:
        for level in range(tables.levels - 2, -1, -1):
            moved = moves(tables, level)
            for hand in range(tables.hands_per_level):
                if check is not None and hand % _CHECK_EVERY == 0:
                    check()
                win = _apply(moved, win)
                hands = np.where(transient, 1.0 + _apply(moved, hands), 0.0)
    return ChainSolution(n, win, hands)


def length_distribution(tables: OutcomeTables, start: int, button: int | None,
                        max_hands: int = MAX_HANDS,
                        check: Callable[[], None] | None = None) -> np.ndarray:
    """``P(the match is over after n hands)`` for ``n = 0, 1, …`` (float64) from player 1's
    ``start`` chips, until all but :data:`LENGTH_TAIL` is absorbed or ``max_hands``.

    >>> tables = OutcomeTables.fair(units=4, quarters=np.array([0.5, 0, 0, 0, 0.5]))
    >>> length_distribution(tables, 2, None)[:2].tolist()  # all-in at once from 2 of 4
    [0.0, 1.0]
    """
    n = tables.units
    if not 0 <= start <= n:
        raise InputError(f"start must be 0..{n} units, got {start}")
    mass = np.zeros(2 * (n + 1))
    for b in ((0, 1) if button is None else (button,)):
        mass[b * (n + 1) + start] += 0.5 if button is None else 1.0
    x = np.arange(mass.size) % (n + 1)
    absorbing = (x == 0) | (x == n)
    cdf = [float(mass[absorbing].sum())]
    moved = moves(tables, 0)
    level = 0
    for hand in range(max_hands):
        if 1.0 - cdf[-1] <= LENGTH_TAIL:
            break
        if check is not None and hand % _CHECK_EVERY == 0:
            check()
        if tables.level_of(hand) != level:
            level = tables.level_of(hand)
            moved = moves(tables, level)
        mass = np.bincount(moved[1], weights=moved[2] * mass[moved[0]],
                           minlength=mass.size).astype(np.float64)
        cdf.append(float(mass[absorbing].sum()))
    return np.minimum(np.array(cdf), 1.0)


def quantile(cdf: np.ndarray, q: float) -> int | None:
    """The smallest number of hands ``n`` with ``cdf[n] >= q`` (None if not reached).

    >>> quantile(np.array([0.0, 0.4, 0.95, 1.0]), 0.9)
    2
    """
    reached = np.flatnonzero(cdf >= q - 1e-12)
    return int(reached[0]) if reached.size else None
