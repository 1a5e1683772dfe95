"""Review played hands: read PokerStars and PHH hand histories, find the hero's
jam-fold decisions, judge them against the equilibrium, grade the player.

The one call is :func:`review`; the GUI drives it with a progress callback and a cancel flag
and shows the :class:`ReviewReport` (``spots`` are the table's rows).

>>> import omahanash.history as history
>>> history.severity(0.5), history.grade(0.01)
('mistake', 'A')
"""

from omahanash.history.grading import grade, severity
from omahanash.history.hands import Action, Hand, HandParseError, Unparsed
from omahanash.history.phh import hand_from_phh, phh_text, read_phh, to_phh
from omahanash.history.pokerstars import read_pokerstars, read_pokerstars_lines
from omahanash.history.review import (
    ReviewReport,
    SpotReview,
    choose_hero,
    review,
    review_hands,
    solved_params,
)
from omahanash.history.sources import read_hands
from omahanash.history.spots import Outside, Spot, find_spot

__all__ = [
    "Action",
    "Hand",
    "HandParseError",
    "Outside",
    "ReviewReport",
    "Spot",
    "SpotReview",
    "Unparsed",
    "choose_hero",
    "find_spot",
    "grade",
    "hand_from_phh",
    "phh_text",
    "read_hands",
    "read_phh",
    "read_pokerstars",
    "read_pokerstars_lines",
    "review",
    "review_hands",
    "severity",
    "solved_params",
    "to_phh",
]
