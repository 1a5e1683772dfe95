"""Grading one answer against the Nash equilibrium of its spot, by the one decision rule of
:mod:`omahanash.jamfold.decision` (the review of played hands uses the same one).

The two actions are **all in** (push from the small blind, call from the big blind) and
**fold**. Against the equilibrium opponent the hand has two EVs (chips, as
:meth:`~omahanash.jamfold.solution.JamFoldSolution.lookup` gives them; shown in big blinds):

- the **best action** is the one with the higher EV (on an exact tie, the answer: both are);
- an answer is **correct** when its EV is within the solve's precision (``tolerance``: the
  equilibrium's NashConv, in big blinds ``tolerance_bb``) of the best action's, and loses
  nothing; a hand whose two EVs are that close and which the equilibrium plays both ways at
  least :data:`MIXED_MIN_FREQUENCY` (5 %) of the time is **mixed**: both answers are correct;
- any other answer is **wrong**, losing ``EV(best) - EV(answer)`` in big blinds, however
  often the average strategy plays it (a mix whose EVs differ by more than the tolerance is
  the solve's **noise**: ``Grade.noise``).

>>> grade("fold", frequency=1.0, allin_ev=12.0, fold_ev=-5.0, bb=10).ev_lost_bb
1.7
>>> g = grade("allin", frequency=0.4, allin_ev=-5.0001, fold_ev=-5.0, bb=10, tolerance=0.002)
>>> g.correct, g.mixed, g.best_action, g.ev_lost_bb
(True, True, 'fold', 0.0)
>>> g = grade("allin", frequency=0.05, allin_ev=-32.0, fold_ev=-5.0, bb=10, tolerance=0.002)
>>> g.correct, g.noise, g.ev_lost_bb
(False, True, 2.7)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from omahanash.errors import InputError
from omahanash.jamfold.decision import ACTIONS, MIXED_MIN_FREQUENCY, best_action, judge

__all__ = ["ACTIONS", "MIXED_MIN_FREQUENCY", "Grade", "action_word", "best_action", "grade",
           "parse_action", "verdict_words"]

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
    tolerance_bb: float = 0.0
    noise: bool = False

    @property
    def diff_ev_bb(self) -> float:
        """AllIn_EV − Fold_EV in big blinds."""
        return self.allin_ev_bb - self.fold_ev_bb


def grade(action: str, frequency: float, allin_ev: float, fold_ev: float,
          bb: float, tolerance: float = 0.0) -> Grade:
    """Grade ``action`` (see :func:`parse_action`) for a hand the equilibrium puts all in with
    probability ``frequency``, with EVs ``allin_ev`` and ``fold_ev`` in chips, big blind
    ``bb``, and the solve's precision ``tolerance`` (chips: its NashConv).

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
    decision = judge(action, allin_ev, fold_ev, frequency, tolerance)
    return Grade(action=action, best_action=decision.best_action, correct=decision.correct,
                 mixed=decision.mixed, frequency=float(frequency), allin_ev_bb=allin_ev / bb,
                 fold_ev_bb=fold_ev / bb, ev_lost_bb=decision.ev_lost / bb,
                 tolerance_bb=decision.tolerance / bb, noise=decision.noise)


def verdict_words(g: Grade, allin_word: str, chosen_word: str) -> str:
    """The trainer's verdict line for ``g`` (``allin_word``: push or call; ``chosen_word``:
    the answer's word), the same in the heads-up and the table drills: correct, both correct
    (a mix: the EVs equal within the solve's precision), or wrong with the better action and
    by how much; a mix of the average strategy beyond the precision is called noise.

    >>> g = grade("allin", frequency=0.05, allin_ev=-32.0, fold_ev=-5.0, bb=10, tolerance=0.002)
    >>> print(verdict_words(g, "call", "call"))
    Wrong: fold is better by 2.7 bb, more than the solve's precision (0.0002 bb). The average \
strategy calls 5 % of the time, but fold is better by more than the solve's precision \
(0.0002 bb): that mix is noise of the solve.
    >>> close = grade("fold", frequency=1.0, allin_ev=-4.999, fold_ev=-5.0, bb=10,
    ...               tolerance=0.02)
    >>> print(verdict_words(close, "push", "fold"))
    Correct: fold (its EV is within the solve's precision, 0.002 bb, of push's).
    """
    share = f"{allin_word}es" if allin_word == "push" else f"{allin_word}s"
    best = allin_word if g.best_action == "allin" else "fold"
    gap_bb = abs(g.allin_ev_bb - g.fold_ev_bb)
    if g.mixed:
        text = (f"Both actions are correct: their EVs are equal within the solve's precision "
                f"({g.tolerance_bb:.3g} bb); the equilibrium {share} "
                f"{100 * g.frequency:.0f} % of the time.")
    elif g.correct and g.action != g.best_action and gap_bb > 0:
        text = (f"Correct: {chosen_word} (its EV is within the solve's precision, "
                f"{g.tolerance_bb:.3g} bb, of {best}'s).")
    elif g.correct:
        text = f"Correct: {chosen_word}."
    else:
        text = (f"Wrong: {best} is better by {gap_bb:.3g} bb, more than the solve's "
                f"precision ({g.tolerance_bb:.3g} bb).")
    if g.noise:
        text += (f" The average strategy {share} {100 * g.frequency:.0f} % of the time, but "
                 f"{best} is better by more than the solve's precision "
                 f"({g.tolerance_bb:.3g} bb): that mix is noise of the solve.")
    return text
