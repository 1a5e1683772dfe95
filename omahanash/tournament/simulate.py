"""Monte Carlo matches: hand after hand until one player has every chip.

Each hand draws its outcome from the same per-hand probabilities as the Markov chain
(:class:`~omahanash.tournament.markov.OutcomeTables`: the cards are in those probabilities),
moves the chips (the odd chip of a split to either player with probability ½), passes the
button and moves to the next level after ``hands_per_level`` hands. It checks the chain's
bookkeeping independently and gives the match-length distribution directly. One numba kernel;
chunk ``c`` of the trials draws from stream (``seed``, ``c``), so a seeded result does not
depend on the number of threads.

>>> from omahanash.tournament.markov import OutcomeTables
>>> tables = OutcomeTables.fair(units=10, quarters=np.array([0.5, 0, 0, 0, 0.5]))
>>> wins, lengths = simulate_matches(tables, start=5, button=None, trials=20_000, seed=1)
>>> round(wins / 20_000, 1), int(lengths.min())
(0.5, 1)
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.errors import InputError
from omahanash.rng import next_bits, stream, unit_float
from omahanash.tournament.markov import OutcomeTables
from omahanash.tournament.transitions import SHOWDOWN

CHUNKS = 64
#: A match still running after this many hands makes the simulation fail (strategies that
#: never put the chips at risk).
MAX_MATCH_HANDS = 1_000_000


@njit(cache=True, parallel=True)
def simulate_kernel(cumulative, folds, hands_per_level, units, start, button, trials, seed,
                    chunks, max_hands):
    """``(wins of player 1 per chunk, int64[trials] match lengths)``; ``cumulative`` is the
    running sum of ``OutcomeTables.probabilities`` over the outcomes, ``button`` -1 to
    alternate who is the small blind first (trial by trial), else 0 (player 1) or 1.
    A length of ``-1`` marks a match cut at ``max_hands``."""
    wins = np.zeros(chunks, dtype=np.int64)
    lengths = np.empty(trials, dtype=np.int64)
    levels = cumulative.shape[0]
    for chunk in prange(chunks):
        state = stream(seed, chunk)
        won = 0
        for trial in range(trials * chunk // chunks, trials * (chunk + 1) // chunks):
            x = start
            b = button if button >= 0 else trial & 1
            hand = 0
            while 0 < x < units and hand < max_hands:
                level = 0
                if levels > 1:
                    level = min(hand // hands_per_level, levels - 1)
                effective = min(x, units - x)
                state, bits = next_bits(state)
                draw = unit_float(bits)
                row = cumulative[level, b, effective]
                outcome = 0
                while outcome < row.size - 1 and draw >= row[outcome]:
                    outcome += 1
                if outcome == 0:
                    delta = -folds[level, 0]
                elif outcome == 1:
                    delta = folds[level, 1]
                else:
                    twice = effective * (outcome - SHOWDOWN - 2)
                    delta = twice // 2
                    if twice % 2 != 0:
                        state, bits = next_bits(state)
                        delta += np.int64(bits >> np.uint64(63))
                x += delta if b == 0 else -delta
                x = min(max(x, 0), units)
                b = 1 - b
                hand += 1
            lengths[trial] = hand if (x == 0 or x == units) else -1
            if x == units:
                won += 1
        wins[chunk] = won
    return wins, lengths


def simulate_matches(tables: OutcomeTables, start: int, button: int | None, trials: int,
                     seed: int = 0) -> tuple[int, np.ndarray]:
    """``trials`` matches from player 1's ``start`` units: (player 1's wins, the lengths in
    hands). ``button`` 0 / 1: player 1 / 2 is the small blind first; None alternates."""
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise InputError(f"trials must be a whole number >= 1, got {trials!r}")
    n = tables.units
    if not 0 <= start <= n:
        raise InputError(f"start must be 0..{n} units, got {start}")
    cumulative = np.ascontiguousarray(np.cumsum(tables.probabilities, axis=-1))
    wins, lengths = simulate_kernel(cumulative, np.ascontiguousarray(tables.folds, np.int64),
                                    max(1, tables.hands_per_level), n, int(start),
                                    -1 if button is None else int(button), int(trials),
                                    int(seed), CHUNKS, MAX_MATCH_HANDS)
    if (lengths < 0).any():
        raise InputError(f"a match was still running after {MAX_MATCH_HANDS:,} hands: these "
                         "strategies hardly ever put the chips at risk")
    return int(wins.sum()), lengths
