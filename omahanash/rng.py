"""The one random-number generator of the numba kernels: SplitMix64.

SplitMix64 (Steele, Lea & Flood 2014) is a 64-bit counter passed through a mixing function: its
whole state is one ``uint64``, a step is a handful of multiplies, and streams started from
different seeds are independent for every purpose of this program. Every kernel that draws
random numbers uses these functions, so a seeded result is reproducible across runs, machines
and thread counts (kernels that split work give each piece its own stream, see
:func:`stream`).

Two ways to hold the state:

* as a value, threaded through the loop: ``state, bits = next_bits(state)`` (the Monte Carlo
  equity and table kernels: the state stays in a register);
* in a one-element ``uint64`` array that the caller keeps between kernel calls:
  ``uniform(rng)`` (the CFR samplers and matrix-game fictitious play: a solution saves its
  generator and continues the same stream after a reload).

The streams are the ones this program has always drawn (tables built before this module
existed are bit-identical); only the matrix-game fictitious play, which used an xorshift64*
generator for its tie-breaking, draws from a different stream since.

>>> import numpy as np
>>> state = np.uint64(1)
>>> state, bits = next_bits(state)
>>> int(bits)
10451216379200822465
>>> rng = np.array([1], dtype=np.uint64)
>>> round(uniform(rng), 6)
0.566562
"""

from __future__ import annotations

import numpy as np
from numba import njit

from omahanash.errors import InputError

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_STREAM_SALT = np.uint64(0xD1B54A32D192ED03)
_DOUBLE_UNIT = 1.0 / 9007199254740992.0  # 2**-53

#: Largest seed the generators take (seeds are unsigned 64-bit integers).
MAX_SEED = 2**64 - 1


@njit(cache=True, inline="always")
def mix(z: np.uint64) -> np.uint64:
    """The SplitMix64 output function: 64 well-mixed bits from a counter value."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def next_bits(state: np.uint64) -> tuple:
    """One step: ``(new state, 64 random bits)``."""
    state = state + GOLDEN
    return state, mix(state)


@njit(cache=True, inline="always")
def below(bits: np.uint64, bound: int) -> int:
    """A number in ``[0, bound)`` from 64 random bits (multiply-shift; bias < 2**-32)."""
    return int(((bits >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


@njit(cache=True, inline="always")
def unit_float(bits: np.uint64) -> float:
    """A uniform float in ``[0, 1)`` from 64 random bits (their top 53)."""
    return float(bits >> np.uint64(11)) * _DOUBLE_UNIT


@njit(cache=True)
def stream(seed: int, index: int) -> np.uint64:
    """Initial state of stream ``index`` of generator ``seed`` (e.g. one per table cell).

    Streams of different ``(seed, index)`` pairs start far apart in the 2**64 cycle.
    """
    state = np.uint64(seed) * GOLDEN ^ np.uint64(index) * _STREAM_SALT
    state, bits = next_bits(state)
    return bits


@njit(cache=True)
def uniform(rng: np.ndarray) -> float:
    """A uniform float in ``[0, 1)``; the state is ``rng[0]`` (a ``uint64`` array), advanced."""
    rng[0] += GOLDEN
    return unit_float(mix(rng[0]))


@njit(cache=True)
def random_below(rng: np.ndarray, bound: int) -> int:
    """A uniform integer in ``[0, bound)``; the state is ``rng[0]``, advanced."""
    rng[0] += GOLDEN
    return below(mix(rng[0]), bound)


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` as an int in ``0 .. 2**64 - 1``, else :class:`~omahanash.errors.InputError`.

    >>> check_seed(2014)
    2014
    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: seed must be a whole number from 0 to 1844...615, not 1844...616
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not (
            0 <= int(seed) <= MAX_SEED):
        raise InputError(f"{name} must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return int(seed)


def generator_state(seed: int | None) -> np.ndarray:
    """A fresh one-element ``uint64`` state for :func:`uniform`: from ``seed``, or from the
    operating system's entropy when ``seed`` is None."""
    if seed is None:
        return np.random.SeedSequence().generate_state(1, dtype=np.uint64)
    return np.array([check_seed(seed)], dtype=np.uint64)
