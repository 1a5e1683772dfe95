"""How a review judges: the severity of a spot's EV lost, the grade of a session and its
confidence interval, the stack bands of the accuracy table.

>>> severity(0.5), grade(0.07), stack_band(12.5)
('mistake', 'C', '10-15 bb')

One vocabulary for a spot's verdict (:func:`verdict_words`): the decision rule's verdict
(:mod:`omahanash.jamfold.decision`: correct, mixed, mistake) with a mistake named by its
severity (small mistake, mistake, blunder), never "Verdict: mistake" beside "Severity:
blunder".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from omahanash.errors import InputError

#: Severity by EV lost in big blinds: the largest loss of each band (``blunder`` above).
SEVERITY_BB = (("none", 0.0), ("small", 0.2), ("mistake", 1.0))
SEVERITIES = ("none", "small", "mistake", "blunder")
#: Grade by mean EV lost per decision in big blinds (``F`` above the last).
GRADES = (("A", 0.02), ("B", 0.05), ("C", 0.10), ("D", 0.25))
#: Stack bands of the accuracy table, in bb (upper bounds; the last is open).
STACK_BANDS = (5.0, 10.0, 15.0, 20.0)
#: Fewer spots than this make a provisional grade.
FEW_SPOTS = 30
BOOTSTRAP_SAMPLES = 2000
# Most indices drawn at once by the bootstrap (16 bytes each with the values they pick).
_BOOTSTRAP_BLOCK = 1 << 16


def severity(ev_lost_bb: float) -> str:
    """The severity of a loss in big blinds (:data:`SEVERITY_BB`).

    >>> [severity(x) for x in (0, 0.1, 0.5, 3)]
    ['none', 'small', 'mistake', 'blunder']
    """
    for name, limit in SEVERITY_BB:
        if ev_lost_bb <= limit:
            return name
    return "blunder"


#: How the spot pane names a mistake by its severity.
MISTAKE_WORDS = {"none": "Mistake", "small": "Small mistake", "mistake": "Mistake",
                 "blunder": "Blunder"}


def verdict_words(verdict: str, ev_lost_bb: float, tolerance_bb: float) -> str:
    """A spot's verdict in one vocabulary, with the rule's tolerance (the solve's precision).

    >>> print(verdict_words("mistake", 2.7, 0.0002))
    Blunder: loses 2.7 bb (more than the solve's precision, 0.0002 bb)
    >>> print(verdict_words("mixed", 0.0, 0.0002))
    Correct either way: both EVs are within the solve's precision (0.0002 bb)
    >>> print(verdict_words("correct", 0.0, 0.0002))
    Correct: within the solve's precision (0.0002 bb) of the best action
    """
    precision = f"the solve's precision ({tolerance_bb:.3g} bb)"
    if verdict == "mixed":
        return f"Correct either way: both EVs are within {precision}"
    if verdict == "mistake":
        return (f"{MISTAKE_WORDS[severity(ev_lost_bb)]}: loses {ev_lost_bb:.3g} bb (more "
                f"than the solve's precision, {tolerance_bb:.3g} bb)")
    return f"Correct: within {precision} of the best action"

#: The one word set for a spot's verdict, worst last: the Review tab's "Verdict" column and
#: counts, the HTML report and the details' verdict line say the same words (a mistake is
#: named by its severity, never "mistake" beside "blunder").
VERDICT_WORDS = ("correct", "correct either way", "small mistake", "mistake", "blunder")


def verdict_word(spot: Any) -> str:
    """The spot's verdict in :data:`VERDICT_WORDS`.

    >>> from types import SimpleNamespace as N
    >>> [verdict_word(N(verdict=v, severity=s)) for v, s in
    ...  (("correct", "none"), ("mixed", "none"), ("mistake", "small"),
    ...   ("mistake", "mistake"), ("mistake", "blunder"))]
    ['correct', 'correct either way', 'small mistake', 'mistake', 'blunder']
    """
    if spot.verdict == "mixed":
        return "correct either way"
    if spot.verdict != "mistake" or spot.severity == "none":
        return "correct"
    return {"small": "small mistake"}.get(spot.severity, spot.severity)



def grade(mean_ev_lost_bb: float) -> str:
    """The grade of a mean EV lost per decision in big blinds (:data:`GRADES`).

    >>> grade(0.0), grade(0.07), grade(1.0)
    ('A', 'C', 'F')
    """
    for name, limit in GRADES:
        if mean_ev_lost_bb <= limit:
            return name
    return "F"


def bootstrap_interval(values: Sequence[float], level: float = 0.95,
                       samples: int = BOOTSTRAP_SAMPLES, seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (at least one value).

    >>> bootstrap_interval([0.0] * 10)
    (0.0, 0.0)
    >>> low, high = bootstrap_interval([0, 0, 0, 1.0])
    >>> low <= 0.25 <= high
    True
    """
    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        raise InputError("bootstrap_interval needs at least one value")
    rng = np.random.default_rng(seed)
    size = data.size
    means = np.empty(samples)
    # The resamples are drawn in blocks of at most _BOOTSTRAP_BLOCK indices (a long session's
    # resamples are cut into pieces), so the memory is bounded whatever the number of spots;
    # the draws come in the same order, so the interval does not depend on the block size.
    rows = max(1, _BOOTSTRAP_BLOCK // size)
    for start in range(0, samples, rows):
        count = min(rows, samples - start)
        if size <= _BOOTSTRAP_BLOCK:
            means[start:start + count] = data[rng.integers(0, size, (count, size))].mean(axis=1)
            continue
        total = 0.0
        for first in range(0, size, _BOOTSTRAP_BLOCK):
            total += float(data[rng.integers(0, size, min(_BOOTSTRAP_BLOCK, size - first))]
                           .sum())
        means[start] = total / size
    tail = (1.0 - level) / 2.0
    return float(np.quantile(means, tail)), float(np.quantile(means, 1.0 - tail))


def stack_band(stack_bb: float) -> str:
    """The accuracy table's band of an effective stack.

    >>> stack_band(4.0), stack_band(12.5), stack_band(30)
    ('0-5 bb', '10-15 bb', '> 20 bb')
    """
    low = 0.0
    for high in STACK_BANDS:
        if stack_bb <= high:
            return f"{low:g}-{high:g} bb"
        low = high
    return f"> {low:g} bb"
