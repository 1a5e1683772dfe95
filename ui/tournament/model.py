"""What the Tournament tab shows, without Qt: its selectors, the default spot, the form read
into the request of a run (each library :class:`~omahanash.errors.InputError` beside the part of
the form it is about), the answer of a run, the stacks line, the result panel's HTML, the
payouts field and the same-strategy rule (:mod:`ui.tournament.tab` lays them out,
:mod:`ui.tournament.jobs` runs the match).

>>> parse_payouts("100, 0"), same_strategy("30%", "nash")
((100.0, 0.0), False)
>>> check(TournamentInputs()).request.stacks
(4000, 4000)
>>> check(TournamentInputs(stack=8000)).errors
{'structure': 'stacks[1] must be at least 1, got 0'}
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import NamedTuple, TypedDict

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.tournament import MethodResult, Structure, TournamentResult, parse_strategy
from omahanash.tournament.match import DEFAULT_TRIALS, MAX_TRIALS
from omahanash.tournament.structure import MAX_HANDS_PER_LEVEL

#: The game selector: caption -> the variants it runs.
GAMES: dict[str, tuple[Variant, ...]] = {
    "Hold'em": (Variant.HOLDEM,), "Omaha Hi": (Variant.OMAHA_HI,),
    "Omaha Hi/Lo": (Variant.OMAHA_HILO,),
    "All three": (Variant.HOLDEM, Variant.OMAHA_HI, Variant.OMAHA_HILO)}
#: Each variant's caption and colour in the results and plots.
CAPTIONS = {Variant.HOLDEM: "Hold'em", Variant.OMAHA_HI: "Omaha Hi",
            Variant.OMAHA_HILO: "Omaha Hi/Lo"}
COLOURS = {Variant.HOLDEM: "#1f5fbf", Variant.OMAHA_HI: "#b00020",
           Variant.OMAHA_HILO: "#0a7a0a"}
BLINDS = ("Fixed blinds", "Level schedule")
#: The button selector: caption -> ``button_first`` of the library.
BUTTONS = {"Average over both": None, "Player 1": 1, "Player 2": 2}
METHODS = {"Markov chain": "markov", "Simulation": "simulate", "Both": "both"}
STRATEGY_PRESETS = ("nash", "best", "10%", "30%", "50%", "100%")
STRATEGY_TIP = ("nash (the equilibrium at every stack), best (the chip-EV best response to the "
                "other player at every stack), P% (push and call with the top P % of hands; "
                "100% plays everything) or range text such as 'TT+, AKs'")
#: The histogram shows match lengths up to this share of the matches.
LENGTH_SHOWN = 0.999
#: Results whose inputs have changed since the run are drawn at this opacity.
STALE_OPACITY = 0.35
STALE_STYLE = "color: #808080;"
MAX_CHIPS = 100_000_000
#: The spot the tab opens on: the Miltersen–Sørensen structure (blinds 300/600, 8,000 chips,
#: equal stacks: 6.7 bb) with Nash against a player who pushes and calls the top 30 %.
class DefaultSpot(TypedDict):
    chips: int
    stack: int
    sb: int
    bb: int
    p1: str
    p2: str


DEFAULT_SPOT: DefaultSpot = {"chips": 8000, "stack": 4000, "sb": 300, "bb": 600, "p1": "nash",
                             "p2": "30%"}
#: A level schedule to start from (the field's first text) and its hands per level.
DEFAULT_LEVELS, DEFAULT_HANDS_PER_LEVEL = "10/20,15/30,25/50,50/100,100/200", 10
#: The trials spin's range: the library's, within what a spin box holds.
TRIALS_RANGE = (1, min(MAX_TRIALS, 2**31 - 1))
HANDS_PER_LEVEL_RANGE = (1, MAX_HANDS_PER_LEVEL)
PAYOUTS_TIP = ("What the winner and the loser of the match are paid (1st, 2nd), e.g. 65, 35: "
               "the results then show each player's prize equity, P(win) × 1st + "
               "(1 − P(win)) × 2nd. Empty: chips only")
#: The P(win) curve is called equal to the chip share within this (the button's edge).
SAME_STRATEGY_TOLERANCE = 0.005


def parse_payouts(text: str) -> tuple[float, float] | None:
    """The payouts field: empty (None) or two numbers, 1st and 2nd, 1st ≥ 2nd ≥ 0.

    >>> parse_payouts("65, 35"), parse_payouts(" ")
    ((65.0, 35.0), None)
    >>> parse_payouts("35, 65")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: payouts: 1st (35) must be at least 2nd (65)
    """
    import math

    cleaned = text.replace(";", ",").replace("/", ",").strip()
    if not cleaned:
        return None
    parts = [part.strip() for part in cleaned.split(",")]
    try:
        values = [float(part) for part in parts]
    except ValueError:
        raise InputError(f"payouts: two numbers, 1st and 2nd (like 65, 35), not {text!r}") \
            from None
    if len(values) != 2 or not all(math.isfinite(v) and v >= 0 for v in values):
        raise InputError("payouts: two numbers at least 0, 1st and 2nd (like 65, 35)")
    if values[0] < values[1]:
        raise InputError(f"payouts: 1st ({values[0]:g}) must be at least 2nd ({values[1]:g})")
    return values[0], values[1]


def same_strategy(p1: str, p2: str) -> bool:
    """Whether both players play the same strategy (``best`` depends on the other player, so
    it is never "the same").

    >>> same_strategy("nash", " NASH"), same_strategy("30%", "30 %"), same_strategy("best", "best")
    (True, True, False)
    """
    a, b = ("".join(p.lower().split()) for p in (p1, p2))
    return a == b and a != "best"


@dataclass(frozen=True)
class TournamentRequest:
    """Everything a run depends on: equal requests give the same results."""

    variants: tuple[Variant, ...]
    structure: Structure
    stacks: tuple[int, int]
    p1: str
    p2: str
    button_first: int | None
    method: str
    trials: int
    seed: int


@dataclass(frozen=True)
class TournamentAnswer:
    """A run's results by variant, why the variants left out could not run, and whether Stop
    ended the run (the variants finished before it are kept)."""

    results: dict[Variant, TournamentResult]
    missing: dict[Variant, str]
    stopped: bool = False


@dataclass(frozen=True)
class TournamentInputs:
    """The form as typed: the selectors' captions, the spins' values, the fields' texts. The
    defaults are the tab's opening spot (:data:`DEFAULT_SPOT`) and the library's defaults
    (button, method, trials, seed, no ante)."""

    game: str = "Hold'em"
    chips: int = DEFAULT_SPOT["chips"]
    stack: int = DEFAULT_SPOT["stack"]
    blinds: str = BLINDS[0]
    sb: int = DEFAULT_SPOT["sb"]
    bb: int = DEFAULT_SPOT["bb"]
    levels: str = DEFAULT_LEVELS
    hands_per_level: int = DEFAULT_HANDS_PER_LEVEL
    ante: int = 0
    p1: str = DEFAULT_SPOT["p1"]
    p2: str = DEFAULT_SPOT["p2"]
    button: str = "Average over both"
    method: str = "Markov chain"
    trials: int = DEFAULT_TRIALS
    seed: int = 0

    @property
    def variants(self) -> tuple[Variant, ...]:
        return GAMES[self.game]

    @property
    def schedule(self) -> bool:
        """Whether the blinds are a schedule of levels (else one fixed level)."""
        return self.blinds == BLINDS[1]


class TournamentChecked(NamedTuple):
    """The form read: the run's request (None when a part is bad) and the message of each
    bad part: ``structure`` (chips, stacks, blinds, levels), ``p1``, ``p2``."""

    request: TournamentRequest | None
    errors: dict[str, str]


def check_strategy(text: str, variants: tuple[Variant, ...]) -> str:
    """The strategy typed, parsed by the library for every variant the run plays (with
    several, the message names the variant).

    >>> check_strategy("AA**", (Variant.HOLDEM, Variant.OMAHA_HI))[:9]
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: Hold'em: ...
    """
    text = text.strip()
    for variant in variants:
        try:
            parse_strategy(text, variant)
        except InputError as exc:
            if len(variants) > 1:
                raise InputError(f"{CAPTIONS[variant]}: {exc}") from None
            raise
    return text


def check(inputs: TournamentInputs) -> TournamentChecked:
    """Read the form into a run's request; the library checks every part."""
    errors: dict[str, str] = {}
    chips, stack = inputs.chips, inputs.stack
    stacks = (stack, chips - stack)
    try:
        if inputs.schedule:
            structure = Structure.parse(chips, inputs.levels, inputs.hands_per_level,
                                        inputs.ante)
        else:
            structure = Structure.fixed(chips, inputs.sb, inputs.bb, inputs.ante)
        structure.start_units(stacks)
    except InputError as exc:
        errors["structure"] = str(exc)
    strategies = {}
    for key in ("p1", "p2"):
        try:
            strategies[key] = check_strategy(getattr(inputs, key), inputs.variants)
        except InputError as exc:
            errors[key] = str(exc)
    if errors:
        return TournamentChecked(None, errors)
    return TournamentChecked(TournamentRequest(
        inputs.variants, structure, stacks, strategies["p1"], strategies["p2"],
        BUTTONS[inputs.button], METHODS[inputs.method], inputs.trials, inputs.seed), {})


def first_bb(inputs: TournamentInputs) -> int | None:
    """The big blind of the first hand (None when the schedule does not parse).

    >>> first_bb(TournamentInputs(blinds=BLINDS[1], levels="25/50, 50/100"))
    50
    """
    if not inputs.schedule:
        return inputs.bb
    first = inputs.levels.split(",")[0].split("/")
    try:
        return int(first[1]) if len(first) > 1 and int(first[1]) > 0 else None
    except ValueError:
        return None


def stacks_text(inputs: TournamentInputs) -> tuple[str, str]:
    """The line beside player 1's stack (player 2's stack, both in big blinds of the first
    level) and its tooltip (the chips).

    >>> stacks_text(TournamentInputs(stack=3000))[0]
    '= 5.0 bb · player 2: 8.3 bb'
    """
    stack, rest = inputs.stack, inputs.chips - inputs.stack
    if rest <= 0:
        return "", ""
    bb = first_bb(inputs)
    text = f"player 2: {rest:,}" if bb is None else \
        f"= {stack / bb:.1f} bb · player 2: {rest / bb:.1f} bb"
    return text, (f"Player 1: {stack:,} chips, player 2: {rest:,} chips"
                  + (f"; big blind {bb:,} chips" if bb else ""))


def same_note(answer: TournamentAnswer, request: TournamentRequest) -> str:
    """Why P(win) is the chip share, when it is because both play the same strategy ("" if
    not)."""
    if not same_strategy(request.p1, request.p2):
        return ""
    deviation = max(float(np.max(np.abs(np.asarray(r.curve)[:, 1] - np.asarray(r.curve)[:, 0])))
                    for r in answer.results.values())
    if deviation > SAME_STRATEGY_TOLERANCE:
        return ""
    return (f"P(win) equals the chip share (within {deviation:.4f}): both players play the "
            "same strategy, so neither has an edge and every hand is a fair bet on average; "
            "only the button moves it. Try another strategy for player 2 to see who gains.")


def result_panel(answer: TournamentAnswer, request: TournamentRequest,
                 payouts: tuple[float, float] | None) -> tuple[str, str, str]:
    """The result panel of an answer: its HTML (stacks in big blinds, the table with prize
    equity when there are payouts, the same-strategy note), its tooltip (the stacks in
    chips) and the note alone."""
    bb = request.structure.levels[0].bb
    head = ""
    if bb:
        head = (f"<p>Player 1 {request.stacks[0] / bb:.1f} bb, player 2 "
                f"{request.stacks[1] / bb:.1f} bb (big blind {bb:,} chips)</p>")
    tip = (f"Stacks in chips: {request.stacks[0]:,} and {request.stacks[1]:,} of "
           f"{request.structure.chips:,}")
    note = same_note(answer, request)
    shown = f"<p><i>{html.escape(note)}</i></p>" if note else ""
    return head + format_results(answer.results, payouts) + shown, tip, note


def answer_messages(answer: TournamentAnswer) -> tuple[str, str]:
    """The error line (variants left out) and the status bar's line of an answer."""
    left_out = "\n".join(f"{CAPTIONS[v]} left out: {message}"
                         for v, message in answer.missing.items())
    if not answer.results:
        return left_out, "Tournament: stopped"
    first = next(iter(answer.results.values()))
    status = (f"Tournament: P(win) of player 1 {first.p_win:.4f} ({CAPTIONS[first.game]}), "
              f"{first.main.expected_hands:.1f} hands expected")
    return left_out, status + (" (stopped: the variants finished are shown)"
                               if answer.stopped else "")


def method_results(result: TournamentResult) -> list[MethodResult]:
    """The methods' answers to show: the chain's and the simulator's with ``both``, else the
    one that ran.

    >>> from omahanash.tournament import Structure, run_tournament
    >>> result = run_tournament("holdem", Structure.fixed(400, sb=10, bb=20), (200, 200),
    ...                         "100%", "100%", method="both", trials=1000, persist=False)
    >>> [r.method for r in method_results(result)]
    ['markov', 'simulate']
    """
    if result.method == "both":
        assert result.markov is not None and result.simulate is not None
        return [result.markov, result.simulate]
    return [result.main]


def format_results(results: dict[Variant, TournamentResult],
                   payouts: tuple[float, float] | None = None) -> str:
    """The result panel: one column per variant and method, one row per quantity (HTML);
    with ``payouts`` (1st, 2nd) a row of player 1's prize equity.

    >>> from omahanash.tournament import Structure, run_tournament
    >>> result = run_tournament("holdem", Structure.fixed(400, sb=10, bb=20), (100, 300),
    ...                         "100%", "100%", persist=False)
    >>> text = format_results({Variant.HOLDEM: result})
    >>> "P(win), player 1" in text and "0.2500 ± 0.0000" in text
    True
    """
    columns: list[tuple[str, MethodResult]] = []
    for variant, result in results.items():
        methods = method_results(result)
        for answer in methods:
            title = CAPTIONS[variant]
            if len(methods) > 1:
                title += f" · {answer.method}"
            columns.append((title, answer))
    rows = [("", [html.escape(title, quote=False) for title, _ in columns]),
            ("P(win), player 1", [f"{a.p_win:.4f} ± {a.p_win_stderr:.4f}" for _, a in columns]),
            ("Expected hands", [f"{a.expected_hands:.2f} ± {a.expected_hands_stderr:.2f}"
                                for _, a in columns]),
            ("Hands: median / 90 % / 99 %", [" / ".join(_quantile(a.hands_quantiles.get(q))
                                                        for q in ("50", "90", "99"))
                                             for _, a in columns]),
            ("P(decided in one hand)", [f"{a.p_one_hand:.4f}" for _, a in columns]),
            ("Method", [_method_caption(a) for _, a in columns])]
    if payouts is not None:
        first, second = payouts
        rows.insert(2, ("Prize equity, player 1", [
            f"{a.p_win * first + (1 - a.p_win) * second:.2f} of {first + second:g}"
            for _, a in columns]))
    lines = []
    for index, (label, cells) in enumerate(rows):
        tag = "th" if index == 0 else "td"
        lines.append(f"<tr><td>{label}</td>"
                     + "".join(f"<{tag} align='right'>{cell}</{tag}>" for cell in cells)
                     + "</tr>")
    return "<table cellspacing='0' cellpadding='3'>" + "".join(lines) + "</table>"


def _quantile(value: int | None) -> str:
    return "—" if value is None else str(value)


def _method_caption(answer: MethodResult) -> str:
    return "Markov chain (exact)" if answer.method == "markov" else "Monte Carlo simulation"


def shown_lengths(pmf: np.ndarray, share: float = LENGTH_SHOWN) -> np.ndarray:
    """The match lengths (hands) the histogram shows: 1 up to where ``share`` of the
    matches have ended.

    >>> shown_lengths(np.array([0.0, 0.5, 0.3, 0.1999, 0.0001])).tolist()
    [1, 2, 3]
    """
    if pmf.size < 2:
        return np.arange(1, 1)
    cumulative = np.cumsum(pmf)
    last = int(np.searchsorted(cumulative, share * cumulative[-1]))  # < pmf.size
    return np.arange(1, max(last, 1) + 1)
