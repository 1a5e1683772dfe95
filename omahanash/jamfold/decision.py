"""One rule for judging a jam-fold decision: the review of played hands and the trainer both
call :func:`judge`, so a decision gets the same verdict and the same EV lost in both.

A decision is a hand, at a spot, where the player went **all in** (pushed from the small
blind, called from the big blind) or **folded**. Against the opponent's strategy (the
equilibrium's, or a locked opponent model) the hand has two EVs, ``allin_ev`` and ``fold_ev``;
the solution also says how often the equilibrium goes all in with it (``frequency``; None for
a best response, which is pure).

**The rule.** Let ``played`` be how often the equilibrium takes the action the player took.

1. ``played`` ≥ :data:`MIXED_MIN_FREQUENCY` (5 %): the action is equilibrium play and loses
   nothing (``ev_lost`` 0): at an exact equilibrium every action in the support has the same
   EV, so what the two EVs differ by there is the solver's residual, not the player's loss.
   The verdict is ``mixed`` when the hand is mixed (the equilibrium takes *both* actions at
   least 5 % of the time: both answers are correct), else ``correct``.
2. Otherwise (or without a frequency) the action is judged by its EV: ``correct`` with
   ``ev_lost`` 0 when it is a best action (its EV is the larger one, ties included), else a
   ``mistake`` that loses ``ev_lost = max(allin_ev, fold_ev) − EV(action)`` (> 0).

``best_action`` is the action with the larger EV (on an exact tie, the action taken: both are
best). A mistake always loses EV and a correct or mixed decision never does, so "no EV lost"
and "not a mistake" are the same thing in the review's accuracy table and the trainer's.

Example, Hold'em 0.5/1 at 10 bb, where the equilibrium pushes J3s 98.4 % of the time with a
Diff_EV of +0.023 bb: folding it (1.6 % < 5 %) is a mistake losing 0.023 bb in the review and
in the trainer alike.

>>> d = judge("fold", allin_ev=-0.477, fold_ev=-0.5, frequency=0.984)
>>> d.verdict, round(d.ev_lost, 3), d.best_action
('mistake', 0.023, 'allin')
>>> judge("fold", allin_ev=-0.5001, fold_ev=-0.5, frequency=0.4).verdict
'mixed'
>>> judge("allin", allin_ev=-0.5001, fold_ev=-0.5, frequency=0.97).verdict   # solver noise
'correct'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from omahanash.errors import InputError

__all__ = ["ACTIONS", "MIXED_MIN_FREQUENCY", "VERDICTS", "Decision", "best_action", "judge"]

#: The two actions of a jam-fold decision: going all in (push or call) and folding.
ACTIONS = ("allin", "fold")
#: The verdicts, from good to bad.
VERDICTS = ("correct", "mixed", "mistake")
#: An action the equilibrium takes at least this often is equilibrium play: it loses nothing.
MIXED_MIN_FREQUENCY = 0.05


@dataclass(frozen=True)
class Decision:
    """The verdict on one decision (EVs and ``ev_lost`` in the unit they were given in).

    >>> d = judge("allin", allin_ev=-9.0, fold_ev=-5.0, frequency=0.0)
    >>> d.correct, d.mixed, d.verdict, d.ev_lost
    (False, False, 'mistake', 4.0)
    """

    action: str
    verdict: str
    best_action: str
    frequency: float | None
    allin_ev: float
    fold_ev: float
    ev_lost: float

    @property
    def correct(self) -> bool:
        """Not a mistake (correct or mixed)."""
        return self.verdict != "mistake"

    @property
    def mixed(self) -> bool:
        """The equilibrium takes both actions with this hand at least
        :data:`MIXED_MIN_FREQUENCY` of the time."""
        return self.frequency is not None \
            and min(self.frequency, 1.0 - self.frequency) >= MIXED_MIN_FREQUENCY


def best_action(frequency: float, allin_ev: float, fold_ev: float) -> str:
    """The action a pure equilibrium strategy takes before anything was answered: the higher
    EV, ties by the frequency.

    >>> best_action(0.0, 1.0, 0.5), best_action(0.7, 1.0, 1.0)
    ('allin', 'allin')
    """
    if allin_ev != fold_ev:
        return "allin" if allin_ev > fold_ev else "fold"
    return "allin" if frequency >= 0.5 else "fold"


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value):
        raise InputError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def judge(action: str, allin_ev: float, fold_ev: float,
          frequency: float | None = None) -> Decision:
    """Judge ``action`` (``"allin"`` or ``"fold"``) for a hand whose EVs are ``allin_ev`` and
    ``fold_ev`` and which the equilibrium puts all in with probability ``frequency`` (None:
    judge by the EVs alone, as against a best response). See the module for the rule.

    >>> judge("allin", 12.0, -5.0, frequency=1.0).verdict
    'correct'
    >>> judge("fold", 12.0, -5.0).ev_lost
    17.0
    """
    if action not in ACTIONS:
        raise InputError(f"action must be allin or fold, got {action!r}")
    allin = _number("allin_ev", allin_ev)
    fold = _number("fold_ev", fold_ev)
    if frequency is not None:
        frequency = _number("frequency", frequency)
        if not 0.0 <= frequency <= 1.0:
            raise InputError(f"frequency must lie in [0, 1], got {frequency!r}")
    chosen = allin if action == "allin" else fold
    best = max(allin, fold)
    best_name = action if allin == fold else "allin" if allin > fold else "fold"
    if frequency is not None:
        played = frequency if action == "allin" else 1.0 - frequency
        if played >= MIXED_MIN_FREQUENCY:
            mixed = min(frequency, 1.0 - frequency) >= MIXED_MIN_FREQUENCY
            return Decision(action, "mixed" if mixed else "correct", best_name, frequency,
                            allin, fold, 0.0)
    if chosen >= best:
        return Decision(action, "correct", best_name, frequency, allin, fold, 0.0)
    return Decision(action, "mistake", best_name, frequency, allin, fold, best - chosen)
