"""One rule for judging a jam-fold decision: the review of played hands and the trainer both
call :func:`judge`, so a decision gets the same verdict and the same EV lost in both.

A decision is a hand, at a spot, where the player went **all in** (pushed from the small
blind, called from the big blind) or **folded**. Against the opponent's strategy (the
equilibrium's, or a locked opponent model) the hand has two EVs, ``allin_ev`` and ``fold_ev``;
the solution also says how often the equilibrium goes all in with it (``frequency``; None for
a best response, which is pure).

**The rule.** A decision is **correct** when its EV is within the solve's precision
(``tolerance``, in the EVs' unit) of the best action's: ``max(allin_ev, fold_ev) − EV(action)
≤ tolerance``; it then loses nothing (``ev_lost`` 0). Else it is a **mistake** losing
``ev_lost = max(allin_ev, fold_ev) − EV(action)`` (> tolerance). How often the average
strategy takes the action does not excuse it: at a node rarely reached the average strategy
keeps what it played early (a call 5 % of the time that loses 4.5 % of the prize pool is a
mistake, not a mix).

The tolerance is the solve's **NashConv** (the players' summed best-response gains, in the
EVs' unit; :func:`tolerance_of`): how far the solved strategies are from an equilibrium.
A verdict is ``mixed`` when both actions are correct (their EVs differ by at most the
tolerance) and the equilibrium takes both at least :data:`MIXED_MIN_FREQUENCY` (5 %) of the
time: a real mix. Where the average strategy mixes but the EVs differ by more than the
tolerance, the mix is the average strategy's **noise** (:attr:`Decision.noise`): the better
action is the one to play, by ``abs(allin_ev − fold_ev)``.

``best_action`` is the action with the larger EV (on an exact tie, the action taken: both are
best). A mistake always loses EV and a correct or mixed decision never does, so "no EV lost"
and "not a mistake" are the same thing in the review's accuracy table and the trainer's.

Example, Hold'em 0.5/1 at 10 bb, where the equilibrium pushes J3s 98.4 % of the time with a
Diff_EV of +0.023 bb and a NashConv of 0.0002 bb: folding it is a mistake losing 0.023 bb in
the review and in the trainer alike.

>>> d = judge("fold", allin_ev=-0.477, fold_ev=-0.5, frequency=0.984, tolerance=0.0002)
>>> d.verdict, round(d.ev_lost, 3), d.best_action
('mistake', 0.023, 'allin')
>>> judge("fold", allin_ev=-0.5001, fold_ev=-0.5, frequency=0.4, tolerance=0.0002).verdict
'mixed'
>>> judge("allin", -0.5001, -0.5, frequency=0.97, tolerance=0.0002).verdict  # within precision
'correct'
>>> noisy = judge("allin", -0.6, -0.5, frequency=0.32, tolerance=0.01)
>>> noisy.verdict, noisy.noise, round(noisy.ev_lost, 2)
('mistake', True, 0.1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from omahanash.errors import InputError

__all__ = ["ACTIONS", "MIXED_MIN_FREQUENCY", "VERDICTS", "Decision", "best_action",
           "jamfold_tolerance", "judge", "tolerance_of"]

#: The two actions of a jam-fold decision: going all in (push or call) and folding.
ACTIONS = ("allin", "fold")
#: The verdicts, from good to bad.
VERDICTS = ("correct", "mixed", "mistake")
#: A hand the equilibrium plays both ways at least this often, with equal EVs within the
#: tolerance, is mixed: both answers are correct.
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
    tolerance: float = 0.0

    @property
    def correct(self) -> bool:
        """Not a mistake (correct or mixed)."""
        return self.verdict != "mistake"

    @property
    def mixed(self) -> bool:
        """Both actions are correct and the equilibrium takes both with this hand at least
        :data:`MIXED_MIN_FREQUENCY` of the time."""
        return self.verdict == "mixed"

    @property
    def noise(self) -> bool:
        """The average strategy plays the hand both ways (each at least
        :data:`MIXED_MIN_FREQUENCY`) but one action is better by more than the tolerance:
        the mix is the solve's noise, not a mix of the equilibrium."""
        return self.frequency is not None \
            and min(self.frequency, 1.0 - self.frequency) >= MIXED_MIN_FREQUENCY \
            and abs(self.allin_ev - self.fold_ev) > self.tolerance


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


def tolerance_of(nash_conv: float | None) -> float:
    """The tolerance of a solve whose NashConv is ``nash_conv`` (in the EVs' unit): the
    NashConv itself; 0 when it is unknown or not finite (judged by the EVs alone).

    >>> tolerance_of(0.0002), tolerance_of(None), tolerance_of(float("inf"))
    (0.0002, 0.0, 0.0)
    """
    if nash_conv is None or isinstance(nash_conv, bool) or not math.isfinite(nash_conv) \
            or nash_conv < 0:
        return 0.0
    return float(nash_conv)


def jamfold_tolerance(solution: object) -> float:
    """The tolerance of a heads-up jam-fold equilibrium, in its chips: its NashConv, twice
    its last Epsilon (0 without a report).

    >>> from types import SimpleNamespace
    >>> jamfold_tolerance(SimpleNamespace(last_report=SimpleNamespace(epsilon=0.0001)))
    0.0002
    """
    last = getattr(solution, "last_report", None)
    return tolerance_of(None if last is None else 2.0 * float(last.epsilon))


def judge(action: str, allin_ev: float, fold_ev: float,
          frequency: float | None = None, tolerance: float = 0.0) -> Decision:
    """Judge ``action`` (``"allin"`` or ``"fold"``) for a hand whose EVs are ``allin_ev`` and
    ``fold_ev`` and which the equilibrium puts all in with probability ``frequency`` (None:
    a best response, which is pure), with the solve's precision ``tolerance`` (its NashConv
    in the EVs' unit, :func:`tolerance_of`). See the module for the rule.

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
    tolerance = _number("tolerance", tolerance)
    if tolerance < 0:
        raise InputError(f"tolerance must be >= 0, got {tolerance!r}")
    chosen = allin if action == "allin" else fold
    best = max(allin, fold)
    best_name = action if allin == fold else "allin" if allin > fold else "fold"
    if best - chosen <= tolerance:
        mixed = frequency is not None and abs(allin - fold) <= tolerance \
            and min(frequency, 1.0 - frequency) >= MIXED_MIN_FREQUENCY
        return Decision(action, "mixed" if mixed else "correct", best_name, frequency,
                        allin, fold, 0.0, tolerance)
    return Decision(action, "mistake", best_name, frequency, allin, fold, best - chosen,
                    tolerance)
