"""The Jam-fold tab without Qt: what the inputs ask for, what a run shows, when it is stale.

The tab (:mod:`ui.jamfold.tab`) is a view over this module: it hands over what its fields
hold (:class:`JamFoldInputs`) and shows what comes back. Nothing here imports Qt, so every rule
of the tab is tested on plain values (``tests/ui_models/jamfold/test_model.py``).

* :func:`check_inputs` reads the typed amounts (chips or big blinds, :mod:`ui.kit.units`), builds
  :class:`omahanash.jamfold.JamFoldParams` — the one place of the game's defaults and rules —
  and puts the library's :class:`~omahanash.errors.InputError` beside the field it names
  (:data:`ARGUMENT_FIELDS`). Only what the library cannot see is checked here: text that is
  not a number, and the iteration count.
* :class:`LiveHistory` keeps a running job's Epsilon curve (only the new reports are read).
* :func:`report_texts`, :func:`read_hand`, :func:`stale_text` format the results block, the
  hand lookup (the hand as typed, with its class name) and the stale mark.

>>> checked = check_inputs(JamFoldInputs("holdem", "chips", "0", "5", "10", "100", "8", ""))
>>> checked.request is None, checked.errors
(True, {'player2': 'stack S2 must exceed BB + ante (10), got stacks[1]=8'})
>>> check_inputs(JamFoldInputs("holdem", "big blinds", "0", "0.5", "10", "10", "10", "")).request
SolveRequest(params=JamFoldParams(variant=<Variant.HOLDEM: 'holdem'>, sb=5.0, bb=10.0, ante=0.0, \
stacks=(100.0, 100.0), dead_money=0.0), solver='cfr+', iterations=0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from omahanash.errors import InputError
from ui.jamfold.words import (  # noqa: F401 (the model's words, re-exported)
    CA_WORDS,
    FILTER_PLACEHOLDERS,
    LOOKUP_PLACEHOLDERS,
    PLAYERS,
    PU_WORDS,
    SOLVERS,
    VARIANTS,
    WORDS,
)
from ui.kit.fields import parse_positive_int
from ui.kit.units import BIG_BLINDS, amount_text, amount_tooltip, played_text, to_chips

if TYPE_CHECKING:
    from omahanash.jamfold import IterationReport, JamFoldParams, JamFoldSolution

#: The fields of the form, as :attr:`JamFoldChecked.errors` names them ("params": no one field).
FIELDS = ("ante", "sb", "bb", "player1", "player2", "iterations", "params")
#: The argument a :class:`~omahanash.errors.InputError` of JamFoldParams names -> its field.
ARGUMENT_FIELDS = {"ante": "ante", "sb": "sb", "bb": "bb", "stacks[0]": "player1",
                   "stacks[1]": "player2"}
MAX_ITERATIONS = 10_000_000
#: The Epsilon plot shows at most about this many points (log-spaced), however long the run.
PLOT_POINTS = 600
#: The results block's labels, in order (the thesis's words).
RESULT_LABELS = ("Iterations", "Range PU: Player1", "Range CA: Player2", "PostEV Player1",
                 "PostEV Player2", "Epsilon")


def format_percent(value: float) -> str:
    """A range share already in %: ``58.3`` -> ``'58.30%'``."""
    return f"{value:.2f}%"


def format_played(probability: float) -> str:
    """How often a hand is played, as the lookup shows it (:func:`ui.kit.units.played_text`).

    >>> format_played(0.99999), format_played(0.425), format_played(0.9994)
    ('100%', '42.5%', '99.94%')
    """
    return played_text(probability)


def plot_indices(n: int, points: int = PLOT_POINTS) -> np.ndarray:
    """At most about ``points`` indices of ``0..n-1``, log-spaced (dense at the start, as the
    log₂ x axis shows them), always with the last one.

    >>> plot_indices(5).tolist(), int(plot_indices(10**5)[-1])
    ([0, 1, 2, 3, 4], 99999)
    """
    if n <= points:
        return np.arange(n)
    return np.unique(np.concatenate([np.geomspace(1, n, points).astype(np.int64) - 1, [n - 1]]))


def parse_number(text: str, what: str) -> float:
    """A number typed in a field (``1,000`` and ``1_000`` too); ValueError when it is not one.
    Its sign and size are the library's business (:class:`~omahanash.jamfold.JamFoldParams`).

    >>> parse_number(" 1,000 ", "SB"), parse_number("-2", "ante")
    (1000.0, -2.0)
    >>> parse_number("lots", "Player1 stack")
    Traceback (most recent call last):
    ...
    ValueError: the Player1 stack must be a number, not 'lots'
    """
    cleaned = text.strip().replace("_", "").replace(",", "")
    if not cleaned:
        raise ValueError(f"enter the {what}")
    try:
        return float(cleaned)
    except ValueError:
        raise ValueError(f"the {what} must be a number, not {text.strip()!r}") from None


def parse_iterations(text: str) -> int:
    """NumIterations: a positive whole number, or 0 for an empty field (to the target)."""
    if not text.strip():
        return 0
    return parse_positive_int(text, "number of iterations", MAX_ITERATIONS)


def same_game(a: JamFoldParams, b: JamFoldParams) -> bool:
    """Whether two parameter sets are the same game (amounts equal up to the rounding of a
    chips ↔ big blinds conversion)."""
    amounts = ((a.sb, b.sb), (a.bb, b.bb), (a.ante, b.ante), (a.stacks[0], b.stacks[0]),
               (a.stacks[1], b.stacks[1]), (a.dead_money, b.dead_money))
    return a.variant == b.variant and all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
                                          for x, y in amounts)


@dataclass(frozen=True)
class JamFoldInputs:
    """What the form holds, as typed (amounts in ``unit``; BB always in chips)."""

    variant: str
    unit: str
    ante: str
    sb: str
    bb: str
    player1: str
    player2: str
    iterations: str
    solver: str = "cfr+"


class SolveRequest(NamedTuple):
    """What Calculate runs: the game, the solver, the iterations (0: CFR+ to the target)."""

    params: JamFoldParams
    solver: str
    iterations: int


@dataclass(frozen=True)
class JamFoldChecked:
    """:func:`check_inputs`'s answer: the request (None when something is wrong), each
    field's message, and the blinds in chips when they read as numbers (the Nash chart's)."""

    request: SolveRequest | None
    errors: dict[str, str] = field(default_factory=dict)
    blinds: tuple[float, float, float] | None = None


def check_inputs(inputs: JamFoldInputs) -> JamFoldChecked:
    """Read the fields, let :class:`~omahanash.jamfold.JamFoldParams` judge the game, and say
    what is wrong beside the field the library names. In big blinds a message about amounts
    says how many chips 1 bb is (the library speaks chips)."""
    from omahanash.jamfold import JamFoldParams

    errors: dict[str, str] = {}
    numbers: dict[str, float] = {}
    for name, what in (("bb", "BB"), ("ante", "ante"), ("sb", "SB"),
                       ("player1", "Player1 stack"), ("player2", "Player2 stack")):
        try:
            numbers[name] = parse_number(getattr(inputs, name), what)
        except ValueError as exc:
            errors[name] = str(exc)
    try:
        iterations = parse_iterations(inputs.iterations)
    except ValueError as exc:
        errors["iterations"] = str(exc)
    bb = numbers.get("bb")
    big_blinds = inputs.unit == BIG_BLINDS
    if big_blinds and bb is not None and not bb > 0:
        errors["bb"] = "the BB (the chips of 1 bb) must be above 0 to read amounts in big blinds"
        bb = None
    if big_blinds and bb is None:
        return JamFoldChecked(None, errors)  # nothing converts to chips without the size of 1 bb
    chips = {name: to_chips(value, inputs.unit, bb or 1.0) if name != "bb" else value
             for name, value in numbers.items()}
    blinds = (chips["sb"], chips["bb"], chips["ante"]) \
        if {"sb", "bb", "ante"} <= chips.keys() else None
    if errors:
        return JamFoldChecked(None, errors, blinds)
    try:
        params = JamFoldParams(inputs.variant, sb=chips["sb"], bb=chips["bb"],
                               ante=chips["ante"], stacks=(chips["player1"], chips["player2"]))
    except InputError as exc:
        message = str(exc)
        if big_blinds:
            message += f" (in chips: 1 bb = {bb:g} chips)"
        return JamFoldChecked(None, {ARGUMENT_FIELDS.get(exc.argument or "", "params"): message},
                       blinds)
    return JamFoldChecked(SolveRequest(params, inputs.solver, iterations), {}, blinds)


class LiveHistory:
    """The Epsilon curve of a running job: reports come as growing snapshots; only the new
    ones are read, and the plot gets at most :data:`PLOT_POINTS` of them.

    >>> from omahanash.jamfold import IterationReport
    >>> live = LiveHistory(4)
    >>> reports = tuple(IterationReport(i, 0, 0, 1 / i, 50, 40) for i in (1, 2, 3))
    >>> live.update(reports[:2]).iteration, live.update(reports[:2]), live.points()[-1]
    (2, None, [2.0, 0.5])
    >>> live.update(reports).iteration, len(live.points())
    (3, 3)
    """

    def __init__(self, iterations: int) -> None:
        self.seen = 0
        self._x = np.zeros(min(max(iterations, 1), 256))  # grown as the run goes
        self._y = np.zeros(self._x.size)

    def update(self, reports: tuple) -> IterationReport | None:
        """Read a snapshot; its last report when there is something new, else None."""
        n = len(reports)
        if n <= self.seen:
            return None
        if n > self._y.size:
            size = max(n, 2 * self._y.size)
            self._x = np.resize(self._x, size)
            self._y = np.resize(self._y, size)
        new = reports[self.seen:n]
        self._x[self.seen:n] = [r.iteration for r in new]
        self._y[self.seen:n] = [r.epsilon for r in new]
        self.seen = n
        return new[-1]

    def points(self) -> list:
        """``[iteration, epsilon]`` pairs to plot (log-spaced when there are many)."""
        keep = plot_indices(self.seen)
        return np.column_stack([self._x[keep], self._y[keep]]).tolist()


def history_points(history: list) -> list:
    """A finished solution's Epsilon curve, as :meth:`LiveHistory.points` gives it."""
    live = LiveHistory(len(history))
    live.update(tuple(history))
    return live.points()


def report_texts(report: IterationReport, target: int, unit: str, bb: float,
                 epsilon_words: str = "") -> dict[str, tuple[str, str | None]]:
    """The results block for one report: label -> (text, tooltip; None keeps the label's).
    EVs in ``unit`` with the other unit on hover.

    >>> from omahanash.jamfold import IterationReport
    >>> texts = report_texts(IterationReport(7, 2.5, -1.0, 0.75, 58.3, 37.1), 10,
    ...                      "big blinds", 10.0)
    >>> texts["Iterations"][0], texts["Range PU: Player1"][0], texts["Epsilon"]
    ('7/10', '58.30%', ('0.075 bb', '0.75 chips'))
    >>> texts["PostEV Player1"]
    ('0.2500 bb', '2.5000 chips')
    """
    if unit == BIG_BLINDS:
        epsilon = (f"{report.epsilon / bb:.6g} bb", f"{report.epsilon:.6g} chips")
    else:
        epsilon = (f"{report.epsilon:.6g}", epsilon_words)
    return {
        "Iterations": (f"{report.iteration}/{target}", None),
        "Range PU: Player1": (format_percent(report.pusher_range), None),
        "Range CA: Player2": (format_percent(report.caller_range), None),
        "PostEV Player1": (amount_text(report.post_ev_pusher, unit, bb),
                           amount_tooltip(report.post_ev_pusher, unit, bb)),
        "PostEV Player2": (amount_text(report.post_ev_caller, unit, bb),
                           amount_tooltip(report.post_ev_caller, unit, bb)),
        "Epsilon": epsilon,
    }


@dataclass(frozen=True)
class HandReadout:
    """The lookup's read-out: the text it answers, the class id, the class in players' words
    (``AKo``; Omaha ``Q-J-T-9 double-suited``), the cards as typed (the class's own cards
    for an id or a name), how often it is played and its three EVs (chips)."""

    text: str
    id: int
    name: str
    cards: str
    played: float
    allin_ev: float
    fold_ev: float
    diff_ev: float


def read_hand(solution: JamFoldSolution, text: str, player: str) -> HandReadout:
    """Look ``text`` (an id, a class name or cards) up for ``player``; the library's
    :class:`~omahanash.errors.InputError` when it is not a hand of the solution's game.

    >>> from omahanash.jamfold import JamFoldParams, JamFoldSolution
    >>> solution = JamFoldSolution.create(JamFoldParams("holdem"))
    >>> _ = solution.run(3)
    >>> hand = read_hand(solution, "ah kd", "pusher")
    >>> hand.cards, hand.name, hand.id
    ('Ah Kd', 'AKo', 13)
    >>> read_hand(solution, "AKo", "caller").cards
    'As Kh'
    """
    from omahanash.cards import CardError, format_cards, parse_hand
    from omahanash.hands import class_description

    hand = solution.lookup(text, player)
    variant = solution.params.variant
    try:
        cards = format_cards(parse_hand(text, variant))
    except CardError:  # an id or a class name: the class's own cards
        cards = hand.cards
    return HandReadout(text, hand.id, class_description(variant, hand.id), cards,
                       hand.played, hand.allin_ev, hand.fold_ev, hand.diff_ev)


def stale_text(params: JamFoldParams) -> str:
    """What the stale mark says about the results shown (the game they belong to)."""
    return (f"These results are for {params.variant.display_name}, SB {params.sb:g} / BB "
            f"{params.bb:g}, ante {params.ante:g}, stacks {params.stacks[0]:g} / "
            f"{params.stacks[1]:g} chips: the inputs have changed. Calculate to update them.")


class JamFoldModel:
    """The tab's state without its widgets: the request the inputs make, the solution shown
    (and its class rows), the unit, and the running job's plan and live curve.

    >>> model = JamFoldModel()
    >>> model.check(JamFoldInputs("holdem", "chips", "0", "5", "10", "100", "100", "20")).errors
    {}
    >>> model.start_run(*model.plan()), model.to_target
    ((20, 10.0), False)
    >>> from omahanash.jamfold import JamFoldParams, JamFoldSolution
    >>> solution = JamFoldSolution.create(JamFoldParams("holdem", stacks=200))
    >>> _ = solution.run(20)
    >>> model.accept(solution, solution.class_rows()), model.stale(running=False)
    (20, True)
    """

    def __init__(self) -> None:
        self.solution: JamFoldSolution | None = None
        self.class_rows: list[dict] = []
        self.request: SolveRequest | None = None
        self.unit = "chips"  # the unit the amount fields hold now
        self.shown_bb = 10.0  # chips of 1 bb of the results shown (EVs in bb divide by it)
        self.target = 0  # the running job's iterations in all
        self.to_target = False  # the running job runs to the target (no iteration count)
        self.opening = False  # the running job opens a file
        self.got_result = False  # the running job brought a solution to show
        self.live = LiveHistory(0)

    def check(self, inputs: JamFoldInputs) -> JamFoldChecked:
        """Check the inputs (:func:`check_inputs`) and remember the request they make."""
        checked = check_inputs(inputs)
        self.request = checked.request
        return checked

    def plan(self) -> tuple[int, float]:
        """Calculate's iterations in all (for the counter) and its big blind: the count, or
        with none the cap of a run to the target (CFR+) or fictitious play's default."""
        from omahanash.jamfold.solvers import FP_DEFAULT_ITERATIONS
        from omahanash.jamfold.solvers import MAX_ITERATIONS as CAP

        assert self.request is not None
        params, solver, iterations = self.request
        self.to_target = iterations == 0
        return iterations or (CAP if solver == "cfr+" else FP_DEFAULT_ITERATIONS), params.bb

    def start_run(self, iterations: int, bb: float) -> tuple[int, float]:
        """A run of ``iterations`` in all starts: a fresh live curve."""
        self.opening = self.got_result = False
        self.target, self.shown_bb = iterations, bb
        self.live = LiveHistory(iterations)
        return iterations, bb

    def start_open(self) -> None:
        self.target, self.got_result, self.opening = 0, False, True

    def accept(self, solution: JamFoldSolution, rows: list[dict]) -> int:
        """A job's solution becomes the one shown; the target its counter shows."""
        self.got_result = True
        target = solution.iterations if self.to_target or self.opening \
            else self.target or solution.iterations
        self.solution, self.class_rows = solution, rows
        return target

    def stale(self, running: bool) -> bool:
        """Whether the solution shown is of another game than the inputs ask for."""
        return (self.solution is not None and not running
                and (self.request is None
                     or not same_game(self.request.params, self.solution.params)))
