"""Sprague–Grundy theory: nim, subtraction games, sums of games, nim with increases.

Impartial games under normal play: both players have the same moves and **the player who
cannot move loses**. The Grundy value of a position is the mex (minimum excluded non-negative
integer) of the values of the positions one move away; a position is lost for the player to move
exactly when its value is 0. The value of a sum of games (a move is a move in any one
component) is the xor of the components' values — so every such game plays like nim.

* **Nim**: heaps ``a_1 … a_n``; a move makes one heap strictly smaller. Value
  ``a_1 xor … xor a_n``. Winning move (the seed's construction): take a heap ``a_i`` that has the
  top bit of the xor ``S`` set and make it ``S xor a_i``.
* **Subtraction game**: one heap, a move removes ``k`` stones for ``k`` in a fixed move set.
  With moves 1, 2, 3 (the seed's matches) the value is ``n mod 4``: lost exactly when 4 | n.
* **Nim with increases** (the seed's section is unfinished; the rule implemented here): a move
  either removes any positive number of stones from one heap, or adds any positive number of
  stones to one heap as long as it then holds at most ``max_heap`` stones; each player may make
  at most ``increases`` increasing moves in the whole game (so the game is finite). The status
  is the same as in plain nim — a win exactly when the xor is non-zero: the winner never needs
  to increase, and answers every increase by taking the added stones away again.

>>> nim([3, 4, 5])
NimAnalysis(status='win', grundy=2, move=NimMove(heap=0, take=2, heaps=(1, 4, 5)))
>>> [subtraction_grundy(n, [1, 2, 3]) for n in range(9)]
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> grundy_of_sum([subtraction_grundy(6, [1, 2, 3]), 3])      # heap of 6 matches + nim heap 3
1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Literal

from omahanash.errors import InputError
from omahanash.runs import CancelFlag

Status = Literal["win", "loss"]


def mex(values: Iterable[int]) -> int:
    """The smallest non-negative integer not in ``values``.

    >>> mex([0, 1, 3]), mex([]), mex([1, 2])
    (2, 0, 0)
    """
    present = set(values)
    m = 0
    while m in present:
        m += 1
    return m


def grundy_of_sum(values: Iterable[int]) -> int:
    """The Grundy value of a sum of games with these values: their xor (Sprague–Grundy).

    >>> grundy_of_sum([1, 2, 3]), grundy_of_sum([])
    (0, 0)
    """
    return reduce(xor, values, 0)


def status_of(grundy: int) -> Status:
    """``"loss"`` for the player to move when the Grundy value is 0, ``"win"`` otherwise."""
    return "loss" if grundy == 0 else "win"


def grundy_values(
    start: Iterable[Hashable], moves: Callable[[Hashable], Iterable[Hashable]]
) -> dict[Hashable, int]:
    """Grundy values of every position reachable from ``start`` in a finite acyclic game.

    ``moves(position)`` lists the positions one move away. Iterative (deep games do not hit the
    recursion limit); a cycle raises :class:`InputError` — Grundy values need a game that ends
    (use :mod:`omahanash.perfect.retrograde` for graphs with cycles).

    >>> values = grundy_values([(2, 1)], lambda p: [(p[0] - k, p[1]) for k in (1, 2) if k <= p[0]])
    >>> values[(2, 1)], values[(1, 1)], values[(0, 1)]
    (2, 1, 0)
    """
    values: dict[Hashable, int] = {}
    for root in start:
        if root in values:
            continue
        stack: list[tuple[Hashable, list[Hashable], int]] = [(root, list(moves(root)), 0)]
        on_path = {root}
        while stack:
            position, children, i = stack[-1]
            while i < len(children) and children[i] in values:
                i += 1
            if i < len(children):
                child = children[i]
                if child in on_path:
                    raise InputError(f"the game has a cycle through position {child!r}")
                stack[-1] = (position, children, i + 1)
                stack.append((child, list(moves(child)), 0))
                on_path.add(child)
            else:
                values[position] = mex(values[c] for c in children)
                stack.pop()
                on_path.discard(position)
    return values


def sum_moves(
    *component_moves: Callable[[Hashable], Iterable[Hashable]],
) -> Callable[[tuple[Hashable, ...]], Iterator[tuple[Hashable, ...]]]:
    """The moves of a sum of games: a position is a tuple, one entry per component, and a move
    is a move in exactly one component.

    >>> moves = sum_moves(lambda n: range(n), lambda n: range(n))   # two nim heaps
    >>> sorted(moves((1, 2)))
    [(0, 2), (1, 0), (1, 1)]
    """

    def moves(position: tuple[Hashable, ...]) -> Iterator[tuple[Hashable, ...]]:
        for i, component in enumerate(component_moves):
            for after in component(position[i]):
                yield position[:i] + (after,) + position[i + 1 :]

    return moves


# ---------------------------------------------------------------------------------------------
# Nim


@dataclass(frozen=True)
class NimMove:
    """Take ``take`` stones from heap ``heap`` (0-based), leaving ``heaps``."""

    heap: int
    take: int
    heaps: tuple[int, ...]


@dataclass(frozen=True)
class NimAnalysis:
    """Status for the player to move, Grundy value, and a winning move (``None`` when lost)."""

    status: Status
    grundy: int
    move: NimMove | None


def _check_heaps(heaps: Sequence[int]) -> tuple[int, ...]:
    if not heaps:
        raise InputError("nim needs at least one heap")
    for h in heaps:
        if isinstance(h, bool) or not isinstance(h, int):
            raise InputError(f"heap sizes must be integers, got {h!r}")
        if h < 0:
            raise InputError(f"heap sizes must be non-negative, got {h}")
    return tuple(heaps)


def nim(heaps: Sequence[int]) -> NimAnalysis:
    """Solve nim: the xor of the heaps, and the seed's winning move when it is non-zero.

    The move changes the first heap (lowest index) that has the xor's top bit set.

    >>> nim([1, 2, 3])
    NimAnalysis(status='loss', grundy=0, move=None)
    >>> nim([7]).move
    NimMove(heap=0, take=7, heaps=(0,))
    """
    heaps = _check_heaps(heaps)
    total = grundy_of_sum(heaps)
    if total == 0:
        return NimAnalysis("loss", 0, None)
    top_bit = 1 << (total.bit_length() - 1)
    i = next(i for i, h in enumerate(heaps) if h & top_bit)
    after = heaps[i] ^ total  # < heaps[i]: the top bit goes, higher bits stay
    move = NimMove(i, heaps[i] - after, heaps[:i] + (after,) + heaps[i + 1 :])
    return NimAnalysis("win", total, move)


# ---------------------------------------------------------------------------------------------
# Subtraction games

# Beyond this many positions, only a detected period can answer (memory and time stay bounded).
SUBTRACTION_LIMIT = 5_000_000
#: Positions between two looks at the cancel flag.
CANCEL_CHECK = 1 << 15


def _check_moves(moves: Iterable[int]) -> tuple[int, ...]:
    checked = set()
    for k in moves:
        if isinstance(k, bool) or not isinstance(k, int):
            raise InputError(f"moves must be integers, got {k!r}")
        if k <= 0:
            raise InputError(f"moves must be positive numbers of stones, got {k}")
        checked.add(k)
    if not checked:
        raise InputError("the move set is empty: give at least one number of stones to take")
    return tuple(sorted(checked))


def subtraction_sequence(length: int, moves: Iterable[int]) -> list[int]:
    """Grundy values of heaps ``0 .. length - 1`` of the subtraction game with ``moves``.

    >>> subtraction_sequence(10, [2, 3])
    [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
    """
    moves = _check_moves(moves)
    values: list[int] = []
    for n in range(length):
        values.append(mex(values[n - k] for k in moves if k <= n))
    return values


@dataclass(frozen=True)
class Periodicity:
    """Grundy values ``g`` of a subtraction game repeat: ``g[n + period] == g[n]`` for every
    ``n >= start``; ``values`` holds ``g[0 .. start + period - 1]``."""

    start: int
    period: int
    values: tuple[int, ...]

    def __getitem__(self, n: int) -> int:
        if n < self.start + self.period:
            return self.values[n]
        return self.values[self.start + (n - self.start) % self.period]


def _scan_subtraction(moves: tuple[int, ...], limit: int, cancel: CancelFlag | None = None,
                      ) -> tuple[Periodicity | None, list[int]]:
    """Grundy values ``g[0], g[1], …`` until their period shows or ``g[limit]`` is known.

    ``g[n]`` depends only on the previous ``max(moves)`` values, so once that window of values
    repeats the sequence repeats from there on: detection is exact, not a guess. Windows are
    compared by a rolling hash and then element by element. ``cancel`` is checked every
    :data:`CANCEL_CHECK` positions (a few hundredths of a second).
    """
    width = moves[-1]
    modulus, base = (1 << 61) - 1, 1_000_003
    top = pow(base, width - 1, modulus)
    values: list[int] = []
    window_hash = 0  # hash of values[n - width : n] once n >= width
    seen: dict[int, list[int]] = {}  # window hash -> every n whose window has it
    for n in range(limit + 1):
        if cancel is not None and n % CANCEL_CHECK == 0:
            cancel.raise_if_cancelled()
        if n >= width:
            for m in seen.get(window_hash, ()):
                if values[m - width : m] == values[n - width : n]:
                    start = m - width
                    return Periodicity(start, n - m, tuple(values[: start + n - m])), values
            seen.setdefault(window_hash, []).append(n)
            window_hash = (window_hash - (values[n - width] + 1) * top) % modulus
        g = mex(values[n - k] for k in moves if k <= n)
        values.append(g)
        window_hash = (window_hash * base + g + 1) % modulus
    return None, values


def subtraction_period(moves: Iterable[int], limit: int = SUBTRACTION_LIMIT) -> Periodicity | None:
    """Where and with what period a subtraction game's Grundy values repeat, or ``None`` if
    that does not show within ``limit`` positions (see :class:`Periodicity`).

    >>> p = subtraction_period([1, 2, 3])
    >>> p.start, p.period, p[10**18]
    (0, 4, 0)
    >>> p = subtraction_period([2, 5, 6])
    >>> p.start, p.period, p.values
    (0, 11, (0, 0, 1, 1, 0, 2, 1, 3, 0, 2, 1))
    """
    return _scan_subtraction(_check_moves(moves), limit)[0]


def _subtraction_lookup(n: int, moves: tuple[int, ...],
                        cancel: CancelFlag | None = None) -> Callable[[int], int]:
    """A function giving the Grundy value of every heap ``0 .. n``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InputError(f"the heap size must be a non-negative integer, got {n!r}")
    periodicity, values = _scan_subtraction(moves, min(n, SUBTRACTION_LIMIT), cancel)
    if periodicity is not None:
        return periodicity.__getitem__
    if n >= len(values):
        raise InputError(
            f"heap {n} is too large: no period found within {SUBTRACTION_LIMIT} positions"
        )
    return values.__getitem__


def subtraction_grundy(n: int, moves: Iterable[int]) -> int:
    """The Grundy value of a heap of ``n`` in the subtraction game with ``moves``.

    Huge ``n`` are answered through the period of the sequence.

    >>> subtraction_grundy(10**30, [1, 3, 4])   # period 7: 0 1 0 1 2 3 2, and 10**30 % 7 == 1
    1
    """
    return _subtraction_lookup(n, _check_moves(moves))(n)


@dataclass(frozen=True)
class SubtractionAnalysis:
    """Status for the player to move, Grundy value, and a winning move: take ``take`` stones
    leaving ``left`` (``None`` when lost)."""

    status: Status
    grundy: int
    take: int | None
    left: int | None


def subtraction_game(n: int, moves: Iterable[int],
                     cancel: CancelFlag | None = None) -> SubtractionAnalysis:
    """Solve one heap of the subtraction game; the winning move is the smallest one that
    leaves a position of value 0. A big heap without a short period scans up to
    :data:`SUBTRACTION_LIMIT` positions (seconds): ``cancel`` stops the scan
    (:class:`~omahanash.errors.Cancelled`).

    >>> subtraction_game(10, [1, 2, 3])
    SubtractionAnalysis(status='win', grundy=2, take=2, left=8)
    >>> subtraction_game(12, [1, 2, 3]).status
    'loss'
    """
    moves = _check_moves(moves)
    grundy_at = _subtraction_lookup(n, moves, cancel)
    grundy = grundy_at(n)
    if grundy == 0:
        return SubtractionAnalysis("loss", 0, None, None)
    take = next(k for k in moves if k <= n and grundy_at(n - k) == 0)
    return SubtractionAnalysis("win", grundy, take, n - take)


# ---------------------------------------------------------------------------------------------
# Nim with increases

NimIncreasePosition = tuple[tuple[int, ...], int, int]
"""``(heaps, increases left to the player to move, increases left to the other player)``."""


def nim_with_increases_moves(max_heap: int) -> Callable[[NimIncreasePosition], list]:
    """The moves of nim with increases (rule in the module docstring) as a function of a
    position ``(heaps, own increases left, opponent's increases left)``.

    >>> moves = nim_with_increases_moves(max_heap=2)
    >>> moves(((1,), 1, 0))
    [((0,), 0, 1), ((2,), 0, 0)]
    """

    def moves(position: NimIncreasePosition) -> list[NimIncreasePosition]:
        heaps, own, other = position
        result = []
        for i, h in enumerate(heaps):
            for after in range(h):
                result.append((heaps[:i] + (after,) + heaps[i + 1 :], other, own))
            if own > 0:
                for after in range(h + 1, max_heap + 1):
                    result.append((heaps[:i] + (after,) + heaps[i + 1 :], other, own - 1))
        return result

    return moves


def nim_with_increases(heaps: Sequence[int]) -> NimAnalysis:
    """Solve nim with increases (any heap cap, any increase budgets): the same answer as
    :func:`nim` — increasing is never needed to win and never saves a lost position.

    >>> nim_with_increases([2, 2]).status
    'loss'
    """
    return nim(heaps)


def reply_to_increase(before: Sequence[int], after: Sequence[int]) -> NimMove:
    """The winning answer when the opponent increased one heap from a lost position
    ``before`` (xor 0) to ``after``: take the added stones away again.

    >>> reply_to_increase([1, 2, 3], [1, 6, 3])
    NimMove(heap=1, take=4, heaps=(1, 2, 3))
    """
    before, after = _check_heaps(before), _check_heaps(after)
    changed = [i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
    if len(changed) != 1 or after[changed[0]] < before[changed[0]]:
        raise InputError("an increase changes exactly one heap, making it larger")
    i = changed[0]
    return NimMove(i, after[i] - before[i], before)
