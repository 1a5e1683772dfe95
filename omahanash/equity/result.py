"""The numba-free half of exact equity: deal validation, hand features, the accumulator layout
and :class:`EquityResult`.

Both enumerations use it: the numba kernels of :mod:`omahanash.equity.exact` and the plain
numpy one of :mod:`omahanash.equity.vectorized` (which the command line uses, because
``import numba`` plus numba's first dispatch cost ~0.5 s per process). Importing this module
loads numpy only; :mod:`omahanash.equity.exact` re-exports every name defined here.

>>> game, hand1, hand2, board, dead = parse_deal("As Ah", "Ks Kd", board="2c 7d 9h",
...                                              game="holdem")
>>> str(game), hand1, board
('holdem', (51, 50), (0, 21, 30))
>>> result_from_counts("holdem", np.array([6, 0, 2, 0, 1, 0, 1, 1, 0, 0, 20, 1, 0, 0, 0]),
...                    2).equity
(0.75, 0.25)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import comb

import numpy as np

from omahanash.cards import (
    NUM_CARDS,
    CardError,
    check_disjoint,
    format_cards,
    normalize_game,
    parse_cards,
    parse_hand,
    remaining_deck,
)
from omahanash.errors import InputError
from omahanash.evaluate.tables import lookup_table

GAME_CODES = {"holdem": 0, "omaha-hi": 1, "omaha-hilo": 2}

# Accumulator layout (int64, quarter-pot units for the pot shares; board counts otherwise):
# HI1 .. SQUARES1, then the boards on which each player wins the high half (the whole high
# side) alone and the low half alone (Hi/Lo: what players call "win high" / "win low").
(HI1, LO1, HI2, LO2, WIN1, WIN2, TIE, SCOOP1, SCOOP2, LOW_BOARDS, SQUARES1, WINHI1, WINHI2,
 WINLO1, WINLO2) = range(15)
NUM_ACC = 15

# A Monte Carlo standard error needs a sample variance, hence two trials at least.
MIN_TRIALS = 2
MAX_TRIALS = 10**12

Cards = str | Sequence[int]
# (variant, hands int8[2, k], known board int8, deck int8) -> int64[15] outcome counts
DealEnumerator = Callable[[str, np.ndarray, np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class EquityResult:
    """Heads-up equity (see :mod:`omahanash.equity.exact` for the meaning of each share).

    ``boards`` is the number of boards enumerated (exact) or the number of trials (Monte
    Carlo, then ``exact`` is False and ``stderr`` is the standard error of ``equity[0]``).
    ``hi``, ``lo``, ``scoop``, ``low_boards``, ``win_high`` and ``win_low`` are None outside
    Hi/Lo.
    """

    game: str
    equity: tuple[float, float]
    win: tuple[float, float]
    tie: float
    lose: tuple[float, float]
    boards: int
    hi: tuple[float, float] | None = None
    lo: tuple[float, float] | None = None
    scoop: tuple[float, float] | None = None
    low_boards: float | None = None
    exact: bool = True
    stderr: float = 0.0
    matchups: int = 1
    win_high: tuple[float, float] | None = None
    win_low: tuple[float, float] | None = None

    def to_dict(self) -> dict:
        """Plain JSON-ready dict (tuples become lists; None fields are dropped)."""
        return {k: list(v) if isinstance(v, tuple) else v
                for k, v in asdict(self).items() if v is not None}


def result_from_counts(game: str, acc: np.ndarray, boards: int, *, exact: bool = True,
                       stderr: float = 0.0, matchups: int = 1) -> EquityResult:
    """Turn accumulated counts (``int64[15]``, layout ``HI1 .. WINLO2``) into shares."""
    pot = 4.0 * boards
    equity = ((acc[HI1] + acc[LO1]) / pot, (acc[HI2] + acc[LO2]) / pot)
    win = (acc[WIN1] / boards, acc[WIN2] / boards)
    hilo = game == "omaha-hilo"
    return EquityResult(
        game=game,
        equity=(float(equity[0]), float(equity[1])),
        win=(float(win[0]), float(win[1])),
        tie=float(acc[TIE] / boards),
        lose=(float(win[1]), float(win[0])),
        boards=int(boards),
        hi=(float(acc[HI1] / pot), float(acc[HI2] / pot)) if hilo else None,
        lo=(float(acc[LO1] / pot), float(acc[LO2] / pot)) if hilo else None,
        scoop=(float(acc[SCOOP1] / boards), float(acc[SCOOP2] / boards)) if hilo else None,
        low_boards=float(acc[LOW_BOARDS] / boards) if hilo else None,
        exact=exact,
        stderr=float(stderr),
        matchups=int(matchups),
        win_high=(float(acc[WINHI1] / boards), float(acc[WINHI2] / boards)) if hilo else None,
        win_low=(float(acc[WINLO1] / boards), float(acc[WINLO2] / boards)) if hilo else None,
    )


def parse_deal(
    hand1: Cards, hand2: Cards, board: Cards = "", dead: Cards = "", game: str = "omaha-hi"
) -> tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Validate a heads-up deal: (game, hand 1, hand 2, board, dead cards) as card codes.

    Raises :class:`~omahanash.cards.CardError` naming the bad token (wrong count, a card
    twice, a card in two places).
    """
    game = normalize_game(game)
    first = parse_hand(hand1, game, what="hand 1")
    second = parse_hand(hand2, game, what="hand 2")
    known = parse_cards(board, (0, 3, 4, 5), what="board")
    gone = parse_cards(dead, what="dead cards")
    check_disjoint({"hand 1": first, "hand 2": second, "board": known, "dead cards": gone})
    left = NUM_CARDS - len(first) - len(second) - len(known) - len(gone)
    if left < 5 - len(known):
        raise CardError(f"only {left} cards left for the board: too many dead cards "
                        f"({format_cards(gone)!r})")
    return game, first, second, known, gone


def exact_deal_equity(enumerate_deal: DealEnumerator, hand1: Cards, hand2: Cards,
                      board: Cards, dead: Cards, game: str) -> EquityResult:
    """Validate a deal (:func:`parse_deal`) and settle it over every completion of the board
    with ``enumerate_deal`` (the numba or the numpy enumeration: same counts)."""
    game, first, second, known, gone = parse_deal(hand1, hand2, board, dead, game)
    deck = np.array(remaining_deck(first, second, known, gone), dtype=np.int8)
    acc = enumerate_deal(game, np.array([first, second], dtype=np.int8),
                         np.array(known, dtype=np.int8), deck)
    return result_from_counts(game, acc, comb(len(deck), 5 - len(known)))


def check_trials(trials: object) -> int:
    """``trials`` as an int >= :data:`MIN_TRIALS` (a standard error needs two trials), else
    :class:`~omahanash.errors.InputError`.

    >>> check_trials(1_000)
    1000
    >>> check_trials(1.5)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: trials must be a whole number >= 2 (a standard error ...), not 1.5
    """
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) \
            or trials < MIN_TRIALS:
        raise InputError(f"trials must be a whole number >= {MIN_TRIALS} (a standard error "
                         f"needs two trials), not {trials!r}")
    if trials > MAX_TRIALS:  # the kernels count in int64; this many would take weeks anyway
        raise InputError(f"trials must be at most {MAX_TRIALS:,}, not {trials!r}")
    return int(trials)


def hand_features(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hand (rows of card codes): rank mask in each suit ``int64[n, 4]`` and low-rank set
    ``int64[n]`` — what the kernels need besides the non-flush value."""
    cards = np.asarray(hands, dtype=np.int64)
    masks = np.zeros((len(cards), 4), dtype=np.int64)
    for suit in range(4):
        masks[:, suit] = np.where((cards & 3) == suit, 1 << (cards >> 2), 0).sum(axis=1)
    lows = np.bitwise_or.reduce(lookup_table("low_bit_of_card")[cards], axis=1)
    return masks, lows.astype(np.int64)
