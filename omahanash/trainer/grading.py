"""Grading one answer against the Nash equilibrium of its spot.

The two actions are **all in** (push from the small blind, call from the big blind) and
**fold**. Against the equilibrium opponent the hand has two EVs (chips, as
:meth:`~omahanash.jamfold.solution.JamFoldSolution.lookup` gives them; shown in big blinds):

- the **best action** is the one with the higher EV (at equal EVs, the one the equilibrium
  plays more often): it is what a pure equilibrium strategy does with the hand;
- the **EV lost** is ``max(0, EV(best) - EV(answer))`` in big blinds, so folding loses
  exactly the hand's positive Diff_EV and pushing exactly its negative part;
- the answer is **correct** when it is the best action or the equilibrium plays it at least
  :data:`MIXED_MIN_FREQUENCY` of the time. A hand the equilibrium plays both ways that often
  is **mixed**: both actions are correct (its EVs differ by next to nothing), and the feedback
  says so with the equilibrium frequency.

>>> grade("fold", frequency=1.0, allin_ev=12.0, fold_ev=-5.0, bb=10).ev_lost_bb
1.7
>>> g = grade("allin", frequency=0.4, allin_ev=-5.0001, fold_ev=-5.0, bb=10)
>>> g.correct, g.mixed, g.best_action, round(g.ev_lost_bb, 6)
(True, True, 'fold', 1e-05)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from omahanash.errors import InputError

__all__ = ["ACTIONS", "MIXED_MIN_FREQUENCY", "Grade", "action_word", "best_action", "grade",
           "parse_action"]

#: The two answers, as stored: going all in (push or call) and folding.
ACTIONS = ("allin", "fold")
#: An action the equilibrium plays at least this often is a correct answer (a mixed hand).
MIXED_MIN_FREQUENCY = 0.05

_ALIASES = {"p": "allin", "push": "allin", "c": "allin", "call": "allin", "a": "allin",
            "allin": "allin", "all-in": "allin", "all in": "allin", "jam": "allin",
            "f": "fold", "fold": "fold"}


def parse_action(text: object) -> str:
    """``"allin"`` or ``"fold"`` from an answer: ``p``/``push``/``c``/``call``/``a``/``allin``
    or ``f``/``fold`` (any case); else :class:`InputError`.

    >>> parse_action("P"), parse_action("call"), parse_action(" f ")
    ('allin', 'allin', 'fold')
    """
    key = text.strip().lower() if isinstance(text, str) else None
    if key not in _ALIASES:
        raise InputError(f"action must be p (push or call) or f (fold), got {text!r}")
    return _ALIASES[key]


def action_word(action: str, position: str) -> str:
    """How a player names ``action`` in ``position``: push (SB) or call (BB), or fold.

    >>> action_word("allin", "sb"), action_word("allin", "bb"), action_word("fold", "bb")
    ('push', 'call', 'fold')
    """
    if action == "fold":
        return "fold"
    return "push" if position == "sb" else "call"


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer (EVs in big blinds; ``frequency`` is the equilibrium's all-in
    probability for the hand).

    >>> g = grade("allin", frequency=0.0, allin_ev=-9.0, fold_ev=-5.0, bb=10)
    >>> g.correct, g.best_action, g.ev_lost_bb, g.diff_ev_bb
    (False, 'fold', 0.4, -0.4)
    """

    action: str
    best_action: str
    correct: bool
    mixed: bool
    frequency: float
    allin_ev_bb: float
    fold_ev_bb: float
    ev_lost_bb: float

    @property
    def diff_ev_bb(self) -> float:
        """AllIn_EV − Fold_EV in big blinds."""
        return self.allin_ev_bb - self.fold_ev_bb


def best_action(frequency: float, allin_ev: float, fold_ev: float) -> str:
    """The action a pure equilibrium strategy takes: the higher EV, ties by frequency.

    >>> best_action(0.0, 1.0, 0.5), best_action(0.7, 1.0, 1.0)
    ('allin', 'allin')
    """
    if allin_ev != fold_ev:
        return "allin" if allin_ev > fold_ev else "fold"
    return "allin" if frequency >= 0.5 else "fold"


def grade(action: str, frequency: float, allin_ev: float, fold_ev: float,
          bb: float) -> Grade:
    """Grade ``action`` (see :func:`parse_action`) for a hand the equilibrium puts all in with
    probability ``frequency``, with EVs ``allin_ev`` and ``fold_ev`` in chips, big blind
    ``bb``.

    >>> grade("p", frequency=1.0, allin_ev=12.0, fold_ev=-5.0, bb=10).correct
    True
    """
    action = parse_action(action)
    for name, value in (("frequency", frequency), ("allin_ev", allin_ev),
                        ("fold_ev", fold_ev), ("bb", bb)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise InputError(f"{name} must be a finite number, got {value!r}")
    if not 0.0 <= frequency <= 1.0:
        raise InputError(f"frequency must lie in [0, 1], got {frequency!r}")
    if bb <= 0:
        raise InputError(f"bb must be > 0, got {bb!r}")
    best = best_action(frequency, allin_ev, fold_ev)
    chosen_ev, best_ev = (allin_ev, fold_ev)[action == "fold"], max(allin_ev, fold_ev)
    played = frequency if action == "allin" else 1.0 - frequency
    mixed = min(frequency, 1.0 - frequency) >= MIXED_MIN_FREQUENCY
    return Grade(action=action, best_action=best,
                 correct=action == best or played >= MIXED_MIN_FREQUENCY, mixed=mixed,
                 frequency=float(frequency), allin_ev_bb=allin_ev / bb, fold_ev_bb=fold_ev / bb,
                 ev_lost_bb=(best_ev - chosen_ev) / bb)
