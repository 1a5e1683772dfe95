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

__all__ = ["ACTIONS", "MIXED_MIN_FREQUENCY", "TREE_ACTIONS", "TREE_KEYS", "Grade", "TreeGrade",
           "action_word", "best_action", "grade", "grade_tree", "parse_action",
           "parse_tree_action", "tree_verdict_words", "verdict_words"]

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


# -- betting-tree decisions: several actions ------------------------------------------------

#: The answers of a betting-tree decision, by the words players type: fold, call (check when
#: nothing is owed), raise (the tree's size: the pot, or the no-limit size) and all in.
TREE_ACTIONS = ("fold", "call", "raise", "allin")
_TREE_ALIASES = {"f": "fold", "fold": "fold", "c": "call", "call": "call", "k": "call",
                 "check": "call", "x": "call", "r": "raise", "raise": "raise", "pot": "raise",
                 "bet": "raise", "a": "allin", "allin": "allin", "all-in": "allin",
                 "all in": "allin", "jam": "allin", "shove": "allin", "push": "allin",
                 "p": "allin"}
#: The key of each tree answer on the command line and in the app.
TREE_KEYS = {"fold": "f", "call": "c", "raise": "r", "allin": "a"}


def parse_tree_action(text: object, actions: tuple[str, ...] = TREE_ACTIONS) -> str:
    """The tree action (``fold``, ``call``, ``raise`` or ``allin``) an answer names, among the
    node's ``actions``: ``f``/``fold``, ``c``/``call``/``check``, ``r``/``raise``/``pot``,
    ``a``/``allin``/``all in``/``jam``/``push`` (any case); else :class:`InputError` listing
    the node's answers.

    >>> parse_tree_action("R", ("fold", "call", "raise")), parse_tree_action("check")
    ('raise', 'call')
    >>> parse_tree_action("a", ("fold", "call", "raise"))
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: answer f (fold), c (call), r (raise) here, got 'a'
    """
    key = " ".join(text.strip().lower().split()) if isinstance(text, str) else None
    action = _TREE_ALIASES.get(key or "")
    if action is None or action not in actions:
        choices = ", ".join(f"{TREE_KEYS[a]} ({'all in' if a == 'allin' else a})"
                            for a in actions)
        shown = text.strip() if isinstance(text, str) else text
        raise InputError(f"answer {choices} here, got {shown!r}")
    return action


@dataclass(frozen=True)
class TreeGrade:
    """The verdict on one answer at a betting-tree node: per action (in the node's order)
    the equilibrium ``frequencies`` (0..1) and the EVs in big blinds (``evs_bb``); the answer,
    the best action, the decision rule's verdict and the EV lost in big blinds.

    >>> g = grade_tree("call", {"fold": 0.7, "call": 0.3}, {"fold": -0.5, "call": -0.2})
    >>> g.correct, g.best_action, g.ev_lost_bb
    (True, 'call', 0.0)
    """

    action: str
    best_action: str
    correct: bool
    mixed: bool
    noise: bool
    frequencies: dict[str, float]
    evs_bb: dict[str, float]
    ev_lost_bb: float
    tolerance_bb: float = 0.0

    @property
    def verdict(self) -> str:
        """``correct``, ``mixed`` or ``mistake`` (the decision rule's words)."""
        return "mistake" if not self.correct else "mixed" if self.mixed else "correct"


def grade_tree(action: str, frequencies: dict[str, float], evs: dict[str, float],
               bb: float = 1.0, tolerance: float = 0.0) -> TreeGrade:
    """Grade ``action`` at a node whose actions have the equilibrium ``frequencies`` (0..1)
    and the EVs ``evs`` (the model's unit: chips or prize; ``bb`` of it per big blind), with
    the solve's precision ``tolerance`` (its NashConv, same unit), by the one decision rule
    (:func:`omahanash.jamfold.decision.judge`): the answer against the best of the other
    actions — correct when its EV is within ``tolerance`` of the best action's, else a
    mistake losing the difference. **Mixed**: correct, and the equilibrium takes the answer
    and another action as good (within the tolerance) each at least
    :data:`MIXED_MIN_FREQUENCY` of the time. **Noise**: the average strategy takes an action
    at least that often whose EV is worse than the best by more than the tolerance.

    >>> g = grade_tree("fold", {"fold": 0.1, "call": 0.0, "raise": 0.9},
    ...                {"fold": -50.0, "call": -40.0, "raise": 30.0}, bb=100, tolerance=2)
    >>> g.correct, g.best_action, g.ev_lost_bb, g.verdict
    (False, 'raise', 0.8, 'mistake')
    >>> grade_tree("call", {"fold": 0.5, "call": 0.5}, {"fold": 0.0, "call": 0.001},
    ...            tolerance=0.01).verdict
    'mixed'
    """
    if action not in evs or set(frequencies) != set(evs) or len(evs) < 2:
        raise InputError(f"action must be one of {', '.join(evs)}, got {action!r}")
    for name, value in (("bb", bb), ("tolerance", tolerance), *evs.items(),
                        *frequencies.items()):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise InputError(f"{name} must be a finite number, got {value!r}")
    if bb <= 0:
        raise InputError(f"bb must be > 0, got {bb!r}")
    others = [a for a in evs if a != action]
    rival = max(others, key=lambda a: evs[a])
    decision = judge("allin", allin_ev=evs[action], fold_ev=evs[rival],
                     frequency=float(min(max(frequencies[action], 0.0), 1.0)),
                     tolerance=tolerance)
    best = max(evs.values())
    best_action = action if decision.best_action == "allin" else rival
    tol = decision.tolerance
    mixed = decision.correct and frequencies[action] >= MIXED_MIN_FREQUENCY and any(
        frequencies[a] >= MIXED_MIN_FREQUENCY and best - evs[a] <= tol for a in others)
    noise = any(frequencies[a] >= MIXED_MIN_FREQUENCY and best - evs[a] > tol for a in evs)
    return TreeGrade(action=action, best_action=best_action, correct=decision.correct,
                     mixed=mixed, noise=noise,
                     frequencies={a: float(f) for a, f in frequencies.items()},
                     evs_bb={a: float(v) / bb for a, v in evs.items()},
                     ev_lost_bb=decision.ev_lost / bb, tolerance_bb=tol / bb)


def tree_verdict_words(g: TreeGrade, words: dict[str, str]) -> str:
    """The verdict line of a tree answer (``words``: each action as the player says it, e.g.
    ``{"raise": "raise pot"}``), in the words of :func:`verdict_words`.

    >>> words = {"fold": "fold", "raise": "raise pot"}
    >>> g = grade_tree("fold", {"fold": 0.0, "raise": 1.0}, {"fold": -50.0, "raise": 30.0},
    ...                bb=100, tolerance=2)
    >>> print(tree_verdict_words(g, words))
    Wrong: raise pot is better by 0.8 bb, more than the solve's precision (0.02 bb).
    >>> g = grade_tree("raise", {"fold": 0.1, "raise": 0.9}, {"fold": -50.0, "raise": 30.0},
    ...                bb=100, tolerance=2)
    >>> print(tree_verdict_words(g, words))
    Correct: raise pot. The average strategy also plays fold, but raise pot is better by more \
than the solve's precision: that mix is noise of the solve.
    """
    chosen, best = words.get(g.action, g.action), words.get(g.best_action, g.best_action)
    if g.mixed:
        good = [words.get(a, a) for a, f in g.frequencies.items()
                if f >= MIXED_MIN_FREQUENCY and max(g.evs_bb.values()) - g.evs_bb[a]
                <= g.tolerance_bb]
        text = (f"Correct, a mix: {' and '.join(good)} have equal EVs within the solve's "
                f"precision ({g.tolerance_bb:.3g} bb); the equilibrium plays {chosen} "
                f"{100 * g.frequencies[g.action]:.0f} % of the time.")
    elif g.correct and g.action != g.best_action:
        text = (f"Correct: {chosen} (its EV is within the solve's precision, "
                f"{g.tolerance_bb:.3g} bb, of {best}'s).")
    elif g.correct:
        text = f"Correct: {chosen}."
    else:
        text = (f"Wrong: {best} is better by {g.ev_lost_bb:.3g} bb, more than the solve's "
                f"precision ({g.tolerance_bb:.3g} bb).")
    if g.noise and not g.mixed:
        noisy = [words.get(a, a) for a, f in g.frequencies.items()
                 if f >= MIXED_MIN_FREQUENCY and a != g.best_action]
        if noisy:
            text += (f" The average strategy also plays {' and '.join(noisy)}, but {best} is "
                     "better by more than the solve's precision: that mix is noise of the "
                     "solve.")
    return text
