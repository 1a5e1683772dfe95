"""Prize payouts as players write them: ``50/30/20``, ``65/35``, ``1``, presets, ``chips``.

* a list of amounts separated by ``/`` (or commas or spaces), best place first, e.g.
  ``50/30/20`` (a 9-max sit-and-go), ``65/35`` (a 6-max sit-and-go), ``1`` (winner takes all);
* a preset name: ``heads-up`` (100), ``spin`` (Spin & Go, 3-max, winner takes all: 1),
  ``6max`` (65/35), ``9max`` (50/30/20), ``don`` (double or nothing: the top half of the
  table paid equally), ``sat:N`` (a satellite: N equal seats);
* ``chips``: no prizes, every EV in chips (chip EV).

Amounts are in whatever unit the user likes (dollars, % of the pool); results come back in it.

>>> parse_payouts("50/30/20").tolist()
[50.0, 30.0, 20.0]
>>> parse_payouts("don", players=6).tolist()
[1.0, 1.0, 1.0]
>>> parse_payouts("chips") is None
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from omahanash.errors import InputError

#: Preset name -> (description, amounts or None for a rule that needs the table size).
PRESETS: dict[str, tuple[str, tuple[float, ...] | None]] = {
    "heads-up": ("heads-up: the winner takes all", (100.0,)),
    "spin": ("Spin & Go, 3-max: the winner takes all", (1.0,)),
    "6max": ("6-max sit-and-go: 65/35", (65.0, 35.0)),
    "9max": ("9-max sit-and-go: 50/30/20", (50.0, 30.0, 20.0)),
    "don": ("double or nothing: the top half of the table paid equally", None),
}
#: Text longer than this is refused before it is parsed.
MAX_TEXT = 1000
#: Most paid places.
MAX_PLACES = 1000


def number_list(name: str, values: object, *, least: int, most: int, what: str) -> np.ndarray:
    """``values`` as float64: a list of ``least..most`` finite numbers ``>= 0`` (``what``
    names one in messages); else :class:`InputError` naming ``name`` or the entry.

    >>> number_list("stacks", [100, 50], least=1, most=10, what="chip counts").tolist()
    [100.0, 50.0]
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise InputError(f"{name} must be a list of {what}, got {values!r}")
    items = list(values)
    if not least <= len(items) <= most:
        raise InputError(f"{name} must have {least} to {most} entries, got {len(items)}")
    out = np.empty(len(items))
    for i, value in enumerate(items):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer,
                                                             np.floating)):
            raise InputError(f"{name}[{i}] must be a number, got {value!r}")
        try:
            number = float(value)
        except OverflowError:
            raise InputError(f"{name}[{i}] is too large: {value!r}") from None
        if not math.isfinite(number) or number < 0:
            raise InputError(f"{name}[{i}] must be a finite number >= 0, got {value!r}")
        out[i] = number
    return out


#: The smallest first prize computed with, and the smallest share of it a prize may be.
SMALLEST_PRIZE = 1e-100
SMALLEST_SHARE = 1e-12


def check_payouts(payouts: object) -> np.ndarray:
    """A list of paid amounts as float64: finite, >= 0, summing to a positive number.

    >>> check_payouts([65, 35]).tolist()
    [65.0, 35.0]
    >>> check_payouts([0, 0])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: payouts must sum to a positive amount, got [0, 0]
    """
    out = number_list("payouts", payouts, least=1, most=MAX_PLACES, what="amounts")
    if not out.sum() > 0:
        raise InputError(f"payouts must sum to a positive amount, got {payouts!r}")
    # a subnormal or vanishing prize has no digits left to compare EVs with: the solver's
    # values underflow and an "equilibrium" of NashConv 0 is never updated
    if out.max() < SMALLEST_PRIZE:
        raise InputError(f"payouts are too small to compute with (the first is "
                         f"{out.max():g}; any unit does: 50/30/20, 0.5/0.3/0.2), got "
                         f"{payouts!r}")
    tiny = (out > 0) & (out < out.max() * SMALLEST_SHARE)
    if tiny.any():
        raise InputError(f"payouts: {out[tiny][0]:g} is under {SMALLEST_SHARE:g} of the first "
                         f"prize ({out.max():g}): write it as 0, got {payouts!r}")
    return out


def parse_payouts(text: str | Sequence[float] | None, players: int | None = None
                  ) -> np.ndarray | None:
    """Amounts per place (best first) from text or a list; None for ``chips`` (chip EV).

    ``players`` (the table size) is needed by ``don`` and checks that there are no more paid
    places than players.

    >>> parse_payouts("65 / 35", players=6).tolist()
    [65.0, 35.0]
    >>> parse_payouts("sat:2", players=5).tolist()
    [1.0, 1.0]
    >>> parse_payouts("50/30/20", players=2)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: payouts '50/30/20' pay 3 places but only 2 players are at the table
    """
    if text is None:
        return None
    if not isinstance(text, str):
        amounts = check_payouts(text)
        label = "/".join(f"{x:g}" for x in amounts)
    else:
        if len(text) > MAX_TEXT:
            raise InputError(f"payouts text is longer than {MAX_TEXT} characters")
        label = text.strip()
        key = label.lower()
        if key in ("chips", "chip", "cev", "chip-ev"):
            return None
        if key in PRESETS:
            preset = PRESETS[key][1]
            if preset is None:  # double or nothing
                if players is None:
                    raise InputError("payouts 'don' need the number of players")
                amounts = np.ones(players // 2)
            else:
                amounts = np.array(preset)
        elif key.startswith("sat:"):
            seats = key[4:]
            if not seats.isdigit() or not 1 <= int(seats) <= MAX_PLACES:
                raise InputError(f"payouts {label!r}: 'sat:N' takes a number of seats 1.."
                                 f"{MAX_PLACES}")
            amounts = np.ones(int(seats))
        else:
            parts = [p for p in re.split(r"[/,\s]+", label) if p]
            if not parts:
                raise InputError("payouts are empty: write them like 50/30/20, or 'chips'")
            numbers = []
            for part in parts:
                try:
                    numbers.append(float(part))
                except ValueError:
                    raise InputError(
                        f"payouts {label!r}: {part!r} is not an amount (write them like "
                        f"50/30/20, a preset {', '.join(PRESETS)}, sat:N or 'chips')"
                    ) from None
            amounts = check_payouts(numbers)
    if players is not None and amounts.size > players:
        raise InputError(f"payouts {label!r} pay {amounts.size} places but only {players} "
                         "players are at the table")
    return amounts


def payouts_label(amounts: np.ndarray | None) -> str:
    """``[50, 30, 20]`` -> ``'50/30/20'``; None -> ``'chips'``.

    >>> payouts_label(np.array([65.0, 35.0])), payouts_label(None)
    ('65/35', 'chips')
    """
    if amounts is None:
        return "chips"
    return "/".join(f"{x:g}" for x in amounts)
