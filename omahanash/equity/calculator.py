"""``equity(...)``: heads-up equity of two hands or ranges, in any variant — the one entry point.

>>> r = equity("Ah Ad", "Kh Kd", variant="holdem")
>>> r.exact, round(r.equity[0], 4), round(r.win[0], 4), round(r.tie, 4)
(True, 0.8264, 0.8236, 0.0054)
>>> r = equity("As Ah 2c 3d", "Ks Kd Qc Jd", variant="omaha-hilo", board="Kh 7c 4d")
>>> r.boards, round(r.hi[0] + r.lo[0], 6) == round(r.equity[0], 6)
(820, True)
>>> r = equity("AA; KK", "QQ", variant="holdem", trials=20_000, seed=1)
>>> r.exact, r.stderr < 0.01
(False, True)
>>> from omahanash.ranges import parse_range
>>> r = equity("As Ks", parse_range("QQ", "holdem"), variant="holdem")  # 6 pairs: exact
>>> r.exact, round(r.equity[0], 4)
(True, 0.4605)

Importing this module loads numpy only: two concrete hands are enumerated by the numpy
enumeration (:mod:`omahanash.equity.vectorized`); the numba kernels of Monte Carlo
(:mod:`omahanash.equity.montecarlo`) are imported on the first range.
"""

from __future__ import annotations

import secrets
from typing import Protocol, cast

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.ranges import RangeSpec, is_range
from omahanash.equity.result import Cards, EquityResult, check_trials
from omahanash.equity.vectorized import exact_equity_numpy
from omahanash.errors import InputError
from omahanash.runs import CancelFlag, ProgressCallback

__all__ = ["EXACT_SHOWDOWNS", "equity"]

#: A range is enumerated exactly (when ``trials`` is not given) if that takes at most this many
#: showdowns: about a second on this program's reference machine (2 cores).
EXACT_SHOWDOWNS = 50_000_000


def equity(
    hand1: RangeSpec | WeightedRange,
    hand2: RangeSpec | WeightedRange,
    variant: Variant | str = Variant.OMAHA_HI,
    board: Cards | None = None,
    dead: Cards | None = None,
    trials: int | None = None,
    seed: int | None = None,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> EquityResult:
    """Heads-up equity of ``hand1`` against ``hand2``.

    Each side is a concrete hand (``"Ah Ad"``, ``"As Ks 7d 7c"`` or card codes), a range of
    the range language (an :class:`omahanash.ranges.Range` from
    :func:`~omahanash.ranges.parse_range`: ``AA**, $ds``; its hands count by their weights),
    or a list of items (:mod:`omahanash.equity.ranges`: ``"AA; AKs; 7h 2d"``, a class name or
    id). ``variant`` is a :class:`~omahanash.cards.Variant` or a name or alias
    (``"holdem"``, ``"omaha"``, ``"hilo"``, ...). ``board`` holds 0, 3, 4 or 5 known cards;
    ``dead`` cards are out of play.

    * Two concrete hands and no ``trials``: exact enumeration of every completion of the board
      (``exact=True``, ``stderr=0``).
    * A range on either side, or ``trials`` given: Monte Carlo over ``trials`` deals (default
      :data:`~omahanash.equity.montecarlo.DEFAULT_TRIALS`), ``stderr`` = the standard error of
      ``equity[0]``; exact anyway when enumerating takes no more showdowns than ``trials``, or
      (``trials`` not given, every hand of equal weight) than :data:`EXACT_SHOWDOWNS`, about a
      second of enumeration.
      ``trials`` is a whole number >= 2 (one trial has no standard error). ``seed`` (0 ..
      2**64 - 1) makes the result reproducible; None draws a fresh seed. (An exact result
      ignores ``seed``.)

    The result has ``equity``, ``win``, ``tie`` and ``lose`` shares, and in Omaha Hi/Lo
    ``hi``, ``lo``, ``scoop`` and ``low_boards`` (see :mod:`omahanash.equity.exact`).

    ``progress(done, total)`` and ``cancel`` (a :class:`~omahanash.runs.CancelFlag`, e.g. from
    :func:`~omahanash.runs.cancel_on_interrupt`) reach the long paths (ranges, Monte Carlo),
    which see the flag about every 0.1 s: a cancelled Monte Carlo run returns the deals made
    so far (``boards`` of them), a cancelled enumeration raises
    :class:`~omahanash.errors.Cancelled`. Two concrete hands take a few hundredths of a
    second and are not interrupted. Bad
    input raises :class:`~omahanash.errors.InputError` (a
    :class:`~omahanash.cards.CardError` for cards) naming the bad token or argument.
    """
    variant = Variant.parse(variant)
    board = "" if board is None else board
    dead = "" if dead is None else dead
    side1, weights1 = _split(hand1, variant)
    side2, weights2 = _split(hand2, variant)
    if trials is not None:
        trials = check_trials(trials)
    concrete = weights1 is None and weights2 is None and not is_range(side1) \
        and not is_range(side2)
    if trials is None and concrete:
        # numpy only: omahanash.rng and the Monte Carlo kernels would import numba (~0.5 s)
        return exact_equity_numpy(_hand(side1), _hand(side2), board, dead, variant)
    # not at the top: numba (below), which two concrete hands never need (tested)
    from omahanash.equity.montecarlo import DEFAULT_TRIALS, range_equity
    from omahanash.rng import check_seed  # numba too: not at the top (the line above)

    return range_equity(
        side1, side2, board, dead, variant,
        trials=DEFAULT_TRIALS if trials is None else trials,
        seed=_fresh_seed() if seed is None else check_seed(seed),
        weights1=weights1, weights2=weights2,
        exact_budget=EXACT_SHOWDOWNS if trials is None else None,
        progress=progress, cancel=cancel)


class WeightedRange(Protocol):
    """What :func:`equity` needs of an :class:`omahanash.ranges.Range` (named by its shape:
    this package sits beside ``omahanash.ranges``, which imports it)."""

    @property
    def variant(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def hand_weights(self) -> np.ndarray: ...

    def hands(self) -> np.ndarray: ...


def _split(side: RangeSpec | WeightedRange,
           variant: Variant) -> tuple[RangeSpec, np.ndarray | None]:
    """``(hands, weights)`` of a :class:`WeightedRange`; any other side with None."""
    if not (hasattr(side, "hand_weights") and callable(getattr(side, "hands", None))):
        return cast(RangeSpec, side), None
    weighted = cast(WeightedRange, side)
    if weighted.variant != variant:
        raise InputError(f"the range {weighted.text!r} is a {weighted.variant} range, "
                         f"not {variant}")
    return weighted.hands(), weighted.hand_weights[weighted.hand_weights > 0]


def _hand(side: RangeSpec) -> Cards:
    """A side that :func:`~omahanash.equity.ranges.is_range` calls concrete, typed as cards."""
    if isinstance(side, str):
        return side
    return [int(card) for card in side]  # type: ignore[arg-type]  # card codes (is_range)


def _fresh_seed() -> int:
    return secrets.randbits(63)
