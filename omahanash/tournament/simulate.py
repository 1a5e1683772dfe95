"""Monte Carlo matches: hand after hand until one player has every chip.

Each hand draws its outcome from the same per-hand probabilities as the Markov chain
(:class:`~omahanash.tournament.markov.OutcomeTables`: the cards are in those probabilities),
moves the chips (the odd chip of a split to either player with probability ½), passes the
button and moves to the next level after ``hands_per_level`` hands. It checks the chain's
bookkeeping independently and gives the match-length distribution directly. One numba kernel;
chunk ``c`` of the trials draws from stream (``seed``, ``c``), so a seeded result does not
depend on the number of threads.

**Stopping.** A batch of a million matches takes seconds in the kernel, and a numba call
that holds the interpreter never lets Python's Ctrl-C handler run. With a ``cancel`` flag
the kernel runs without the interpreter lock in a helper thread while the calling thread
waits in short steps (so the handler runs and sets the flag); the kernel reads a one-cell
stop array before every match and every 1,024 hands of a match (a match of deep stacks and
tight ranges lasts up to a million hands, about a second) and returns early when it is set,
and the call raises :class:`~omahanash.errors.Cancelled` within microseconds of the flag.
A run that is not stopped gives exactly the matches of the plain call.

>>> from omahanash.tournament.markov import OutcomeTables
>>> tables = OutcomeTables.fair(units=10, quarters=np.array([0.5, 0, 0, 0, 0.5]))
>>> wins, lengths = simulate_matches(tables, start=5, button=None, trials=20_000, seed=1)
>>> round(wins / 20_000, 1), int(lengths.min())
(0.5, 1)
"""

from __future__ import annotations

import threading

import numpy as np
from numba import njit, prange, types
from numba.extending import intrinsic

from omahanash.errors import Cancelled, InputError
from omahanash.rng import next_bits, stream, unit_float
from omahanash.runs import CancelFlag
from omahanash.tournament.markov import OutcomeTables
from omahanash.tournament.transitions import SHOWDOWN

CHUNKS = 64
#: A match still running after this many hands makes the simulation fail (strategies that
#: never put the chips at risk).
MAX_MATCH_HANDS = 1_000_000


# Seconds between two looks at the cancel flag while a kernel runs in its thread.
_WAIT_STEP_S = 0.02


@intrinsic
def stop_requested(typingctx, cell):  # noqa: ANN001, ANN201, ARG001 (numba's intrinsic API)
    """``cell[0] != 0`` read from memory every time (an atomic load): a plain read of an array
    that the loop never writes is hoisted out of it by the compiler inside a ``prange``, so
    the stop would never be seen (measured: a stopped parallel loop ran to its end)."""
    sig = types.boolean(cell)

    def codegen(context, builder, signature, args):  # noqa: ANN001, ANN202
        array = context.make_array(signature.args[0])(context, builder, args[0])
        value = builder.load_atomic(array.data, "monotonic", 8)
        return builder.icmp_signed("!=", value, value.type(0))

    return sig, codegen


@njit(cache=True, parallel=True, nogil=True)
def simulate_kernel(cumulative, folds, hands_per_level, units, start, button, trials, seed,
                    chunks, max_hands, stop):
    """``(wins of player 1 per chunk, int64[trials] match lengths)``; ``cumulative`` is the
    running sum of ``OutcomeTables.probabilities`` over the outcomes, ``button`` -1 to
    alternate who is the small blind first (trial by trial), else 0 (player 1) or 1.
    A length of ``-1`` marks a match cut at ``max_hands``. A nonzero ``stop[0]`` (read
    before every match and every 1,024 hands of one) ends every chunk early: the result is
    then partial."""
    wins = np.zeros(chunks, dtype=np.int64)
    lengths = np.empty(trials, dtype=np.int64)
    levels = cumulative.shape[0]
    for chunk in prange(chunks):
        state = stream(seed, chunk)
        won = 0
        for trial in range(trials * chunk // chunks, trials * (chunk + 1) // chunks):
            if stop_requested(stop):
                break
            x = start
            b = button if button >= 0 else trial & 1
            hand = 0
            while 0 < x < units and hand < max_hands:
                if hand & 1023 == 1023 and stop_requested(stop):  # a long match stops too
                    break
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
                     seed: int = 0,
                     cancel: CancelFlag | None = None) -> tuple[int, np.ndarray]:
    """``trials`` matches from player 1's ``start`` units: (player 1's wins, the lengths in
    hands). ``button`` 0 / 1: player 1 / 2 is the small blind first; None alternates. A set
    ``cancel`` raises :class:`~omahanash.errors.Cancelled` within a match of it (module)."""
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise InputError(f"trials must be a whole number >= 1, got {trials!r}")
    n = tables.units
    if not 0 <= start <= n:
        raise InputError(f"start must be 0..{n} units, got {start}")
    cumulative = np.ascontiguousarray(np.cumsum(tables.probabilities, axis=-1))
    arguments = (cumulative, np.ascontiguousarray(tables.folds, np.int64),
                 max(1, tables.hands_per_level), n, int(start),
                 -1 if button is None else int(button), int(trials), int(seed), CHUNKS,
                 MAX_MATCH_HANDS)
    wins, lengths = run_stoppable(simulate_kernel, arguments, cancel)
    if (lengths < 0).any():
        raise InputError(f"a match was still running after {MAX_MATCH_HANDS:,} hands: these "
                         "strategies hardly ever put the chips at risk")
    return int(wins.sum()), lengths


def run_stoppable(kernel, arguments: tuple, cancel: CancelFlag | None):  # noqa: ANN001, ANN201
    """``kernel(*arguments, stop)``, where ``kernel`` is a ``nogil`` numba function that
    returns early when ``stop[0]`` is set; with a ``cancel`` flag it runs in a helper thread
    and a set flag stops it and raises :class:`~omahanash.errors.Cancelled` (module).

    >>> import numpy as np
    >>> from numba import njit
    >>> @njit(nogil=True)
    ... def count(n, stop):
    ...     done = 0
    ...     for _ in range(n):
    ...         if stop_requested(stop):
    ...             break
    ...         done += 1
    ...     return done
    >>> run_stoppable(count, (10,), None), run_stoppable(count, (10,), CancelFlag())
    (10, 10)
    >>> flag = CancelFlag()
    >>> flag.cancel()
    >>> run_stoppable(count, (10**12,), flag)
    Traceback (most recent call last):
    ...
    omahanash.errors.Cancelled: the simulation was cancelled
    """
    stop = np.zeros(1, dtype=np.int64)
    if cancel is None:
        return kernel(*arguments, stop)
    if cancel.cancelled:
        raise Cancelled("the simulation was cancelled")
    box: dict[str, object] = {}

    def work() -> None:
        try:
            box["result"] = kernel(*arguments, stop)
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = error

    thread = threading.Thread(target=work, name="omahanash-kernel", daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(_WAIT_STEP_S)  # the caller's signal handlers run between the waits
        if cancel.cancelled:
            stop[0] = 1
    thread.join()
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    if stop[0]:
        raise Cancelled("the simulation was cancelled")
    return box["result"]
