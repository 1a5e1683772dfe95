"""The Equity tab without Qt: what Calculate asks for (:func:`check_inputs`: a message per
field, or the :class:`EquityRequest`), when a result is stale, and the headline, summary and
table of a finished calculation (:func:`result_view`). The tab (:mod:`ui.equity.tab`) is the
view; its job is :mod:`ui.equity.jobs`. Tested without a window
(``tests/ui_models/equity/test_model.py``).

Omaha Hi/Lo results use the words players use (:data:`HILO_COLUMNS`, each with a tooltip):
how often each hand scoops, wins the high, wins the low, wins three quarters, splits, is
quartered or is scooped.

>>> checked = check_inputs(EquityInputs("holdem", EXACT, "As Ah", "Ks Kd", "", "", "", ""))
>>> checked.errors, checked.request.hand1, checked.request.monte_carlo
({}, 'As Ah', False)
>>> check_inputs(EquityInputs("holdem", EXACT, "As Ah", "As Kd", "", "", "", "")).errors
{'deal': "card 'As' is in both hand 1 and hand 2"}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.cards import Variant, check_disjoint, hole_cards, parse_cards, parse_hand
from omahanash.errors import InputError
from ui.kit.fields import parse_positive_int, parse_seed

if TYPE_CHECKING:
    from omahanash.equity.exact import EquityResult

EXACT, MONTE_CARLO = "Exact", "Monte Carlo"
DEFAULT_TRIALS = 200_000
MAX_TRIALS = 1_000_000_000
#: An example hand of each game, for the fields' placeholders and messages.
EXAMPLE_HANDS = {Variant.HOLDEM: ("Ah Kd", "Qs Qc"), Variant.OMAHA_HI: ("As Ks Qd Jd",
                                                                       "Ah Ad 7c 6c"),
                 Variant.OMAHA_HILO: ("As Ks Qd Jd", "Ah 2h 3c 6c")}
STALE_TEXT = ("The inputs changed since this calculation: the result shown is for the "
              "previous inputs. Press Calculate for the ones typed.")
SUMMARY_TIP = ("tie: how often the pot is split evenly; standard error: the Monte Carlo "
               "estimate is within about two of these of the true equity 95% of the time")
#: Plain words for the result table's column titles.
COLUMN_TIPS = {
    "Equity": "The share of the pot the hand wins on average (wins, plus its part of split "
              "pots)",
    "Win": "How often the hand wins the whole pot",
    "Lose": "How often the hand wins nothing",
    "Scoop": "Omaha Hi/Lo: how often the hand takes the whole pot alone (both halves, or the "
             "whole pot when no low qualifies)",
    "Wins ¾": "Omaha Hi/Lo: how often the hand wins one half and splits the other, taking "
              "three quarters of the pot (it quarters the other hand)",
    "Split ½": "Omaha Hi/Lo: how often the pot is chopped in two: one hand wins high, the "
               "other low, or both halves (or the whole pot) are split",
    "Quartered": "Omaha Hi/Lo: how often the hand gets only a quarter of the pot (it splits "
                 "one half and loses the other)",
    "Scooped": "Omaha Hi/Lo: how often the hand wins nothing (the other hand scoops)",
    "Win high": "Omaha Hi/Lo: how often the hand wins the high side alone (half the pot, "
                "or all of it when no low qualifies)",
    "Win low": "Omaha Hi/Lo: how often the hand wins the low half alone (five cards 8 or "
               "lower)",
}
#: The Hi/Lo result columns after Player, Hand and Equity: how often the hand scoops, wins
#: the high and the low alone, then what its pot came to (Scoop, Wins ¾, Split ½, Quartered
#: and Scooped add up to 100 %).
HILO_COLUMNS = ["Scoop", "Win high", "Win low", "Wins ¾", "Split ½", "Quartered", "Scooped"]
#: The fields a message may belong to (``deal``: the form's own line: cards in two places).
FIELDS = ("hand1", "hand2", "board", "dead", "trials", "seed", "deal")


class EquityRequest(NamedTuple):
    """What Calculate runs: the method, the fields as typed (stripped), the game, and the
    trials and seed (used by Monte Carlo only)."""

    monte_carlo: bool
    hand1: str
    hand2: str
    board: str
    dead: str
    game: str
    trials: int
    seed: int


class EquityOutcome(NamedTuple):
    """A calculation that ended: what it was asked (``request``), the library's result (None:
    stopped before any result) and whether Stop cut it short (a stopped Monte Carlo result
    holds the deals made so far)."""

    request: EquityRequest
    result: EquityResult | None
    stopped: bool


class EquityInputs(NamedTuple):
    """The form as typed: the game (a :class:`~omahanash.cards.Variant` value), the method
    (:data:`EXACT` or :data:`MONTE_CARLO`) and the texts of the fields."""

    game: str
    method: str
    hand1: str
    hand2: str
    board: str
    dead: str
    trials: str
    seed: str


@dataclass(frozen=True)
class EquityChecked:
    """The form judged: a message per field of :data:`FIELDS` that is wrong, and the request
    when none is."""

    errors: dict[str, str] = field(default_factory=dict)
    request: EquityRequest | None = None


class ResultView(NamedTuple):
    """What the tab shows of a result: the headline, the summary line, the table."""

    headline: str
    summary: str
    columns: list[str]
    rows: list[list[Any]]


def hilo_outcomes(result: EquityResult, player: int) -> list[float]:
    """Player ``player``'s Hi/Lo outcomes in the order of :data:`HILO_COLUMNS`: how often it
    scoops, wins high, wins low, then wins ¾, splits, is quartered, is scooped (these last
    four and the scoop add up to 1).

    >>> from omahanash.equity.exact import exact_equity
    >>> result = exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s 9d",
    ...                       game="omaha-hilo")
    >>> shares = hilo_outcomes(result, 0)
    >>> round(shares[0] + sum(shares[3:]), 12)
    1.0
    """
    assert result.scoop is not None and result.win_high is not None \
        and result.win_low is not None
    other = 1 - player
    scoop, scooped = result.scoop[player], result.scoop[other]
    three_quarters = result.win[player] - scoop  # more than half, not all
    quartered = result.lose[player] - scooped  # less than half, not nothing
    return [scoop, result.win_high[player], result.win_low[player], three_quarters,
            result.tie, quartered, scooped]


def format_percent(share: float) -> str:
    """``0.8194605`` -> ``'81.95%'``.

    >>> format_percent(0.8194605)
    '81.95%'
    """
    return f"{100 * share:.2f}%"


def range_items(text: str) -> list[str]:
    """The items of a hand field: one hand, or a range with ``;`` between items.

    >>> range_items(" AA; AKs ;; 7h 2d")
    ['AA', 'AKs', '7h 2d']
    """
    return [item.strip() for item in text.split(";") if item.strip()]


def check_hand(text: str, number: int, game: str, monte_carlo: bool) -> tuple[int, ...] | None:
    """Hand ``number``'s field: its cards for a concrete hand, None for a range (classes are
    looked up in the job); an :class:`InputError` says what is wrong."""
    from omahanash.equity.ranges import is_class_item

    items = range_items(text)
    what = f"hand {number}"
    if not items:
        raise InputError(f"type {what}, e.g. {EXAMPLE_HANDS[Variant(game)][number - 1]}")
    if not monte_carlo:
        if len(items) > 1 or is_class_item(items[0]):
            raise InputError("exact enumeration takes one concrete hand; choose Monte Carlo "
                             "for a range or a hand class")
        return parse_hand(items[0], game, what=what)
    k = hole_cards(game)
    for item in items:
        if not is_class_item(item):
            parse_cards(item, k, what=what)
    if len(items) == 1 and not is_class_item(items[0]):
        return parse_cards(items[0], k, what=what)
    return None


def check_inputs(inputs: EquityInputs) -> EquityChecked:
    """Judge the form: each field's message, and the request when every field is right (the
    cards of the concrete hands, the board and the dead cards must be disjoint).

    >>> checked = check_inputs(EquityInputs("holdem", MONTE_CARLO, "AA; KK", "7h 2d", "Qs 7h 2c",
    ...                               "", "0", "x"))
    >>> sorted(checked.errors), checked.request
    (['seed', 'trials'], None)
    """
    monte_carlo = inputs.method == MONTE_CARLO
    game = inputs.game
    errors: dict[str, str] = {}
    hands: dict[str, tuple[int, ...]] = {}
    for number, text in ((1, inputs.hand1), (2, inputs.hand2)):
        try:
            cards = check_hand(text, number, game, monte_carlo)
        except InputError as exc:
            errors[f"hand{number}"] = str(exc)
        else:
            if cards is not None:
                hands[f"hand {number}"] = cards
    groups: dict[str, tuple[int, ...]] = {}
    for name, key, text, counts in (("board", "board", inputs.board, (0, 3, 4, 5)),
                                    ("dead cards", "dead", inputs.dead, None)):
        try:
            groups[name] = parse_cards(text, counts, what=name)
        except InputError as exc:
            errors[key] = str(exc)
    trials, seed = DEFAULT_TRIALS, 0
    if monte_carlo:
        try:
            trials = parse_positive_int(inputs.trials, "number of trials", MAX_TRIALS)
        except ValueError as exc:
            errors["trials"] = str(exc)
        try:
            seed = parse_seed(inputs.seed)
        except ValueError as exc:
            errors["seed"] = str(exc)
    if errors:
        return EquityChecked(errors)
    try:
        check_disjoint({**hands, **groups})
    except InputError as exc:
        return EquityChecked({"deal": str(exc)})
    return EquityChecked({}, EquityRequest(monte_carlo, inputs.hand1.strip(), inputs.hand2.strip(),
                                     inputs.board.strip(), inputs.dead.strip(), game, trials,
                                     seed))


def is_stale(shown: EquityRequest | None, typed: EquityRequest | None) -> bool:
    """Whether a result calculated for ``shown`` (None: no result) is not for the inputs
    typed now (``typed``: None when they are invalid).

    >>> request = EquityRequest(False, "As Ah", "Ks Kd", "", "", "holdem", 1, 0)
    >>> is_stale(request, request), is_stale(request, request._replace(board="2c 3c 4c"))
    (False, True)
    """
    return shown is not None and shown != typed


def headline_text(result: EquityResult) -> str:
    """The headline: both players' equity."""
    return (f"Player 1: {format_percent(result.equity[0])}   ·   "
            f"Player 2: {format_percent(result.equity[1])}")


def result_view(outcome: EquityOutcome) -> ResultView:
    """What the tab shows of a finished calculation: the headline, the summary (how it was
    computed; "Stopped." when Stop cut it short) and the table (Hi/Lo in players' words)."""
    result, request = outcome.result, outcome.request
    if result is None:
        return ResultView("Stopped.", "Stopped before any result: nothing to show.", [], [])
    if result.exact:
        how = f"Exact: {result.boards:,} boards"
        if result.matchups > 1:
            how += f" for each of {result.matchups:,} pairs of hands"
    else:
        how = (f"Monte Carlo: {result.boards:,} trials, seed {request.seed}, "
               f"standard error {100 * result.stderr:.2f}%")
        if outcome.stopped:
            how = "Stopped. " + how
    parts = [how, f"split pots {format_percent(result.tie)}"]
    if result.low_boards is not None:
        parts.append(f"boards with a qualifying low {format_percent(result.low_boards)}")
    hands = (request.hand1, request.hand2)
    if result.scoop is not None and result.win_high is not None:
        columns = ["Player", "Hand", "Equity", *HILO_COLUMNS]
        rows: list[list[Any]] = [[f"Player {i + 1}", hand, result.equity[i],
                                  *hilo_outcomes(result, i)] for i, hand in enumerate(hands)]
    else:
        columns = ["Player", "Hand", "Equity", "Win", "Lose"]
        rows = [[f"Player {i + 1}", hand, result.equity[i], result.win[i], result.lose[i]]
                for i, hand in enumerate(hands)]
    return ResultView(headline_text(result), " · ".join(parts), columns, rows)


def progress_text(done: float, total: float) -> str | None:
    """The headline while a calculation runs (None: no share to say yet).

    >>> progress_text(1, 4), progress_text(0, 0)
    ('Calculating… 25%', None)
    """
    return f"Calculating… {100 * done / total:.0f}%" if total > 0 else None
