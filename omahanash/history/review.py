"""Review played hands: the hero's jam-fold decisions against the equilibrium, EV lost,
severity, the session report and a skill grade.

**Equilibria.** A spot is solved in big blinds (blinds ``SB/BB : 1``, ante and dead money
divided by the big blind: the game scales with the big blind) at the effective stack
**rounded** to a grid, :data:`GRID_BB` steps (0.5 bb up to 20 bb, 1 bb above), through
:func:`omahanash.jamfold.nash_cache.nash_solution`, so a file of 10,000 hands needs a few
dozen solves at most and a second review reads them from the cache. The stacks of one level
(variant, blinds, ante, dead money) are solved in increasing order, each warm-started from
the one below (:func:`~omahanash.jamfold.nash_cache.warm_start_state`: 2–6 CFR+ iterations
an Omaha stack instead of ~100). Rounding moves the stack by at most 0.25 bb (0.5 bb above
20 bb); the EVs are exactly those ``omahanash solve --lookup`` prints for the grid game
(``--sb SB/BB --bb 1 --ante A/BB --dead-money D/BB --stacks E E``): both take the spot's
equilibrium from the same cache of equilibria. A cold solve (``--fresh``) lands on another
point within the same Epsilon; the tests' spots differ from it by at most 0.006 bb.

**EVs** (the thesis's, against the opponent's equilibrium strategy, in big blinds): the small
blind's ``allin_ev`` (push) and ``fold_ev`` (``-(SB + A)``) over all its deals; the big blind's
``allin_ev`` (call) and ``fold_ev`` (``-(BB + A)``) given that the small blind pushed.

**Verdict and EV lost** by the one decision rule, :func:`omahanash.jamfold.decision.judge`
(the trainer's too): an action whose EV is within the solve's precision (the equilibrium's
NashConv, twice its Epsilon: ``SpotReview.tolerance_bb``) of the larger EV loses nothing
(``correct``, or ``mixed`` when both are and the equilibrium plays the hand both ways at
least :data:`~omahanash.jamfold.decision.MIXED_MIN_FREQUENCY` of the time); any other is a
``mistake`` losing ``max(allin_ev, fold_ev) - EV(action taken)``. **Severity** by EV lost in
big blinds: ``none`` (0), ``small`` (< 0.2 bb), ``mistake`` (< 1 bb), ``blunder`` (≥ 1 bb).
``best_action`` is the action with the larger EV (on a tie, the action taken: both are best).

**Against another opponent model** (``vs``, :mod:`omahanash.history.opponent`: a range,
``nash@STACK`` or a saved solution for the opponent's pusher and/or caller): a small-blind
hero's EVs are against the locked caller, a big-blind hero's against the locked pusher, from
:func:`~omahanash.jamfold.exploit.best_response` of the grid game (once per grid spot and
role; the same numbers ``omahanash exploit --caller RANGE --lookup CARDS`` prints for it).
The correct action is then the best response (the larger EV; both on a tie) and EV lost
``= max(allin_ev, fold_ev) - EV(action taken)``, with no mixing rule (a best response is
pure); ``nash_action`` and ``nash_frequency`` stay the equilibrium's, to compare. A variant
whose hands the model does not describe has its spots outside the model, saying why; when
that leaves no spot to judge the review is an :class:`~omahanash.errors.InputError`.

**Grade**: the mean EV lost per decision (bb), graded ``A`` (≤ 0.02: equilibrium play),
``B`` (≤ 0.05), ``C`` (≤ 0.1), ``D`` (≤ 0.25), ``F`` (above); its 95 % interval is a
percentile bootstrap of the mean (2,000 resamples, fixed seed), so 30 spots give a wide one.
Few spots that are all correct still give ``[0, 0]``: the interval cannot see mistakes that
did not happen, so read a grade from fewer than :data:`FEW_SPOTS` spots as provisional.

**Tables of 3 to 10 players.** A hand of 3 to 10 players is a table spot
(:mod:`~omahanash.history.table_spots`, judged by :mod:`~omahanash.history.table_review` on
the table's push/fold equilibrium) when payouts apply (``payouts`` given, or the file's for a
recognised sit-and-go: ICM) or when the blinds-only model above does not cover it (a player
before the blinds pushed, the hero is not in the blinds); the blinds after everyone folded, in
chip EV, stay on the heads-up model (its grid, its cache, the ``vs`` opponent models).

**Betting trees** (``tree``, :func:`choose_tree`): by default (``auto``) a pot-limit hand's
decisions are judged on its table's ``pl`` tree — every decision of the hero the tree has
(:mod:`~omahanash.history.tree_spots`, judged by :mod:`~omahanash.history.tree_review`) —
except heads-up hands the push/fold model above reads; a no-limit hand deeper than ``max_bb``
at 2-3 players on ``nl``; ``pushfold`` keeps the push/fold models, a tree name puts every hand
on that tree.

The judge and the two entry points share the spot types and the solving order, so they stay
one module (~640 lines); the results are :mod:`omahanash.history.report`, the opponent model
:mod:`omahanash.history.opponent`, the HTML page :func:`omahanash.history.report.write_html`.

>>> import tempfile
>>> from omahanash.history.pokerstars import read_pokerstars_lines
>>> lines = '''PokerStars Hand #1: Tournament #5, $1+$0 Hold'em No Limit - Level I (10/20) - x
... Table '5 1' 2-max Seat #1 is the button
... Seat 1: Hero (200 in chips)
... Seat 2: Villain (900 in chips)
... Hero: posts small blind 10
... Villain: posts big blind 20
... *** HOLE CARDS ***
... Dealt to Hero [7h 2c]
... Hero: raises 180 to 200 and is all-in
... Villain: calls 180
... *** SUMMARY ***'''.splitlines()
>>> report = review_hands(read_pokerstars_lines(lines, "x.txt"), hero="Hero",
...                       cache_dir=tempfile.mkdtemp())
>>> spot = report.spots[0]
>>> spot.position, spot.action, spot.nash_action, spot.stack_bb, spot.severity
('SB', 'push', 'fold', 10.0, 'mistake')
>>> round(spot.fold_ev - spot.allin_ev, 3) == round(spot.ev_lost_bb, 3) > 0
True
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from omahanash.equity.tables import load_table
from omahanash.errors import Cancelled, InputError
from omahanash.history.grading import severity
from omahanash.history.hands import Hand, Unparsed
from omahanash.history.opponent import OPPONENT_ROLE, Opponent, opponent_model
from omahanash.history.report import (  # noqa: F401 (the review's results, re-exported)
    CSV_COLUMNS,
    ReviewReport,
    SpotReview,
)
from omahanash.history.sources import hand_files, read_files
from omahanash.history.spots import DEFAULT_MAX_BB, NOT_IN_HAND, Outside, Spot, find_spot
from omahanash.history.table_review import (
    TableJudging,
    TableSettings,
    payouts_for,
    pushfold_spot,
)
from omahanash.history.table_spots import (
    TableSpot,
    check_payouts_text,
    file_payouts,
    find_table_spot,
)
from omahanash.history.textlines import is_stream
from omahanash.history.tree_review import TreeJudging, tree_game
from omahanash.history.tree_spots import TreeSpot, find_tree_spots
from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY, jamfold_tolerance, judge
from omahanash.jamfold.exploit import best_response
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.nash_cache import nash_solution
from omahanash.runs import CancelFlag, ProgressCallback, cancel_scope, iterate
from omahanash.trees import PRESETS, read_tree_file

#: ``--tree auto`` puts a deep no-limit hand on the ``nl`` tree at up to this many players
#: (3-handed Hold'em ``nl`` solves in about 20 s, 6-handed did not finish in 14 minutes).
AUTO_NL_PLAYERS = 3
#: Stack grid: (up to this many bb, step in bb), in order.
GRID_BB = ((20.0, 0.5), (math.inf, 1.0))
#: The former threshold of the review's own rule; the one rule's is
#: :data:`omahanash.jamfold.decision.MIXED_MIN_FREQUENCY`.
PLAYED_EPSILON = MIXED_MIN_FREQUENCY
# Progress: the share of the bar the reading takes (the solving gets the rest).
_READ_SHARE = 0.5
_HANDS_PER_STEP = 500
_HANDS_PER_CANCEL_CHECK = 200


def grid_stack(stack_bb: float, floor_bb: float = 0.0) -> float:
    """``stack_bb`` rounded to the grid (:data:`GRID_BB`), kept above ``floor_bb`` (a jam-fold
    stack must exceed the big blind plus the ante).

    >>> grid_stack(7.3), grid_stack(7.2), grid_stack(23.4), grid_stack(1.1, floor_bb=1.0)
    (7.5, 7.0, 23.0, 1.5)
    """
    step = next(step for limit, step in GRID_BB if stack_bb <= limit)
    snapped = round(stack_bb / step) * step
    while snapped <= floor_bb + 1e-9:
        snapped += step
    return float(snapped)


def solved_params(spot: Spot) -> JamFoldParams:
    """The game the spot is judged on: in big blinds, the effective stack on the grid.

    >>> from omahanash.history.spots import Spot
    >>> params = JamFoldParams("holdem", sb=10, bb=20, ante=2, stacks=(146, 400), dead_money=8)
    >>> solved_params(Spot(None, "h", "SB", "push", "Ah Kd", params)).as_dict()
    {'game': 'holdem', 'ante': 0.1, 'sb': 0.5, 'bb': 1.0, 'stacks': [7.5, 7.5], 'dead_money': 0.4}
    """
    params = spot.params
    bb = params.bb
    ante, dead = round(params.ante / bb, 9), round(params.dead_money / bb, 9)
    stack = grid_stack(params.effective_stack / bb, floor_bb=1.0 + ante)
    return JamFoldParams(params.variant, round(params.sb / bb, 9), 1.0, ante, (stack, stack),
                         dead_money=dead)


def choose_hero(paths: Iterable[str | os.PathLike],
                cancel: CancelFlag | None = None) -> str | None:
    """The player with the most hands: most often ``Dealt to`` (the file's owner), then most
    often seated, then (a tie: PHH files have no ``Dealt to``) the first one seen in the
    files; None when there are no hands. See :func:`hero_choice`."""
    return hero_choice(paths, cancel)[0]


def hero_choice(paths: Iterable[str | os.PathLike],
                cancel: CancelFlag | None = None) -> tuple[str | None, str]:
    """:func:`choose_hero`'s player and a sentence saying how it was chosen (the command
    line prints it). One streamed pass over the files, in constant memory but for the
    player counts; a set ``cancel`` raises :class:`~omahanash.errors.Cancelled` within a few
    hundred hands."""
    return hero_from_hands(read_files(hand_files(paths)), cancel)


def hero_from_hands(items: Iterable[Hand | Unparsed],
                    cancel: CancelFlag | None = None) -> tuple[str | None, str]:
    """:func:`hero_choice` over hands already read (a tracker's database, streamed)."""
    dealt: Counter[str] = Counter()
    seated: Counter[str] = Counter()
    for count, item in enumerate(items):
        if cancel is not None and count % _HANDS_PER_CANCEL_CHECK == 0 \
                and cancel.cancelled:
            raise Cancelled("the review was cancelled")
        if isinstance(item, Hand):
            seated.update(item.players)
            if item.hero is not None:
                dealt[item.hero] += 1
    if not seated:
        return None, "no hand to choose a hero from"
    # max() keeps the first of equal keys: a tie goes to the player seen first.
    hero = max(seated, key=lambda name: (dealt[name], seated[name]))
    key = (dealt[hero], seated[hero])
    tied = [name for name in seated if name != hero and (dealt[name], seated[name]) == key]
    how = "dealt cards in" if dealt[hero] else "seated in"
    note = f"hero not given: {hero!r}, {how} the most hands ({key[0] or key[1]})"
    if tied:
        shown = ", ".join(repr(name) for name in tied[:3]) + (", ..." if len(tied) > 3 else "")
        note += f", tied with {shown}: the first seen in the files; --hero picks another"
    return hero, note


class _Judge:
    """Equilibria and per-class values of the spots, solved once per grid spot; with an
    opponent model, the hero's best responses to it, once per grid spot and role."""

    def __init__(self, tables: Mapping[str, Any] | None, cache_dir: str | os.PathLike | None,
                 persist: bool, opponent: Opponent) -> None:
        self.tables = dict(tables or {})
        self.cache_dir = cache_dir
        self.persist = persist
        self.opponent = opponent
        self.values: dict[JamFoldParams, dict[str, Any]] = {}
        self.missing: dict[str, str] = {}
        # (grid spot, the opponent's role) -> the hero's ExploitReport, or why there is none
        self.responses: dict[tuple[JamFoldParams, str], Any] = {}

    def table(self, variant: str) -> Any | None:
        """The variant's equity table, or None (the reason in :attr:`missing`)."""
        if variant not in self.tables and variant not in self.missing:
            try:
                self.tables[variant] = load_table(variant, self.cache_dir)
            except InputError as error:
                self.missing[variant] = f"no {variant} equity table: {error}"
        return self.tables.get(variant)

    def solve(self, params: JamFoldParams, cancel: CancelFlag | None,
              warm_start: JamFoldParams | None = None) -> None:
        """Solve (or read from the cache) the grid spot ``params``; a spot not cached yet
        starts from the regrets of ``warm_start``'s equilibrium (solved before)."""
        if params in self.values:
            return
        neighbour = self.values[warm_start]["solution"] if warm_start in self.values else None
        solution = nash_solution(params, self.table(params.variant), self.cache_dir,
                                 cancel=cancel, persist=self.persist, warm_start=neighbour)
        push_ev, push_fold = solution.values("pusher")
        call_ev, call_fold = solution.values("caller")
        self.values[params] = {
            "solution": solution,
            "SB": (solution.push_strategy, push_ev, push_fold),
            "BB": (solution.call_strategy, call_ev, call_fold)}

    def respond(self, params: JamFoldParams, role: str, cancel: CancelFlag | None) -> None:
        """The hero's best response at the grid spot ``params`` to the opponent's ``role``
        locked to its model (its equilibrium, and a ``nash@STACK`` one, solved before)."""
        try:
            lock = {role: self.opponent.lock_spec(role, params.variant)}
            self.responses[params, role] = best_response(
                params, table=self.table(params.variant), cancel=cancel,
                cache_dir=self.cache_dir, **lock)
        except InputError as error:  # a saved solution on another table, a nash@STACK
            self.responses[params, role] = \
                f"opponent model {self.opponent.text(role)}: {error}"

    def judge(self, spot: Spot, params: JamFoldParams) -> SpotReview:
        entry = self.values[params]
        strategy, allin, fold = entry["SB" if spot.position == "SB" else "BB"]
        k = entry["solution"].position_of(spot.cards)
        played = float(strategy[k])
        role = OPPONENT_ROLE[spot.position]
        response = self.responses.get((params, role))
        if response is None:  # the equilibrium: the one decision rule with its frequency
            allin_ev, fold_ev = float(allin[k]), float(fold[k])
            frequency: float | None = played
        else:  # a best response is pure: judged by the EVs alone
            hand = response.lookup(spot.cards)
            allin_ev, fold_ev = hand.allin_ev, hand.fold_ev
            frequency = None
        tolerance = jamfold_tolerance(entry["solution"])
        decision = judge("allin" if spot.aggressive else "fold", allin_ev, fold_ev, frequency,
                         tolerance)
        lost = decision.ev_lost
        aggressive_name = "push" if spot.position == "SB" else "call"
        nash_action = aggressive_name if played >= 0.5 else "fold"
        best_action = aggressive_name if decision.best_action == "allin" else "fold"
        chips = spot.params
        return SpotReview(
            hand_id=spot.hand.hand_id, file=spot.hand.source, line=spot.hand.line,
            variant=str(chips.variant), position=spot.position, sb=chips.sb, bb=chips.bb,
            ante=chips.ante, dead_money=chips.dead_money, stack_bb=spot.stack_bb,
            grid_stack_bb=params.effective_stack, cards=spot.cards, action=spot.action,
            nash_action=nash_action, nash_frequency=max(played, 1.0 - played),
            allin_ev=allin_ev, fold_ev=fold_ev, ev_lost_bb=lost, severity=severity(lost),
            best_action=best_action, opponent=self.opponent.text(role),
            verdict=decision.verdict, players=spot.hand.seated or 2,
            node="SB" if spot.position == "SB" else "BB vs SB",
            tolerance_bb=tolerance)  # the grid spot's big blind is 1 chip


def review_hands(items: Iterable[Hand | Unparsed], hero: str, max_bb: float = DEFAULT_MAX_BB,
                 tables: Mapping[str, Any] | None = None,
                 cache_dir: str | os.PathLike | None = None, persist: bool = True,
                 progress: ProgressCallback | None = None,
                 cancel: CancelFlag | None = None, vs: Any = None,
                 payouts: str | None = None,
                 table_settings: TableSettings | None = None,
                 keep_stopped: bool = False,
                 on_spot: SpotCallback | None = None,
                 tree: str | None = None) -> ReviewReport:
    """Review parsed hands (see :func:`review`); ``items`` is read once."""
    max_bb = _check_max_bb(max_bb)
    opponent = opponent_model(vs)
    report = ReviewReport(hero=hero, opponent=opponent,
                          payouts_given=check_payouts_text(payouts),
                          table_settings=_check_settings(table_settings),
                          tree=check_tree(tree, opponent))
    found = _collect(iter(items), report, hero, max_bb, None, cancel)
    return _judge_all(found, report, tables, cache_dir, persist, progress, cancel,
                      keep_stopped, on_spot)


#: One heads-up hand in the PokerStars format (the examples' data).
EXAMPLE_HAND = """PokerStars Hand #1: Hold'em No Limit ($5/$10 USD) - 2024/01/01 10:00:00 ET
Table 'T' 2-max Seat #1 is the button
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($100 in chips)
Hero: posts small blind $5
Villain: posts big blind $10
*** HOLE CARDS ***
Dealt to Hero [As Ad]
Hero: folds
Uncalled bet ($5) returned to Villain
Villain collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
"""


def review(paths: str | os.PathLike | Iterable[str | os.PathLike], hero: str | None = None,
           max_bb: float = DEFAULT_MAX_BB, tables: Mapping[str, Any] | None = None,
           cache_dir: str | os.PathLike | None = None, persist: bool = True,
           progress: ProgressCallback | None = None,
           cancel: CancelFlag | None = None, vs: Any = None, payouts: str | None = None,
           table_settings: TableSettings | None = None,
           keep_stopped: bool = False,
           on_spot: SpotCallback | None = None,
           tree: str | None = None) -> ReviewReport:
    """Review the hand histories under ``paths`` (files or directories) for ``hero`` (default:
    :func:`choose_hero`), with effective stacks up to ``max_bb`` big blinds, against the
    equilibrium or, with ``vs``, another opponent model (see
    :func:`~omahanash.history.opponent.opponent_model`: a spec for the opponent in both
    roles, or ``{"pusher": spec, "caller": spec}``; checked before anything is read).

    ``tables`` maps a variant to its equity table (default: ``load_table`` from
    ``cache_dir``; a variant without a table puts its spots outside the model, saying so);
    equilibria are cached in ``cache_dir`` unless ``persist`` is False. ``progress(done,
    total)`` sees the reading (first half) and the solving; a set ``cancel`` raises
    :class:`~omahanash.errors.Cancelled` (once the solving began, the exception's ``report``
    holds every spot judged before the stop), or with ``keep_stopped`` returns that report
    (``report.stopped``). ``on_spot(spot, judged, total)`` (optional) hears of each spot as
    it is judged, in the worker's thread: the :class:`SpotReview`, the spots judged so far
    and the spots to judge in all (the app's live table and time left).

    At 3 to 10 players (:mod:`~omahanash.history.table_spots`), decisions are judged on the
    table's push/fold equilibrium with ``payouts`` (``"50/30/20"``, ``"chips"``; default: the
    payouts the file says for a recognised sit-and-go, else chip EV), quickly (the hero's
    decision resolved beyond the solve's noise, :mod:`~omahanash.history.table_fast`) or,
    with ``table_settings`` asking for it (:class:`~omahanash.history.table_review.
    TableSettings`), on the full solve. ``tree`` (None: ``auto``, :func:`check_tree`,
    :func:`choose_tree`): the betting tree a hand's decisions are judged on — pot-limit hands
    on ``pl`` by default, every decision of the hero the tree has (its iterations, deals and
    seed are ``table_settings``').

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "session.txt"
    >>> _ = path.write_text(EXAMPLE_HAND)
    >>> report = review([path], persist=False)
    >>> report.spots[0].severity, report.spots[0].nash_frequency > 0.99
    ('blunder', True)

    Against a caller who calls with aces only, folding them is still a blunder (pushing wins
    the blinds nearly always):

    >>> tight = review([path], persist=False, vs={"caller": "AA"})
    >>> tight.opponent.describe(), tight.spots[0].best_action, tight.spots[0].severity
    ('pusher nash, caller AA', 'push', 'blunder')
    """
    max_bb = _check_max_bb(max_bb)
    opponent = opponent_model(vs)
    payouts = check_payouts_text(payouts)
    table_settings = _check_settings(table_settings)
    tree = check_tree(tree, opponent)
    if isinstance(paths, (bytes, bytearray)):  # iterates to numbers: say what it is
        raise InputError.naming("paths", "paths must be files or folders to read (a str, a "
                                "Path or a list of them), got bytes: os.fsdecode() them")
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]  # one file or folder
    elif not isinstance(paths, Iterable):
        raise InputError(f"paths must be files or folders to read, got {paths!r}")
    paths = list(paths)
    files = hand_files(paths)
    if not files:
        raise InputError("no hand to review: no file in "
                         + ", ".join(str(path) for path in paths))
    note = None
    if hero is None:
        streams = [str(path) for path in files if is_stream(path)]
        if streams:
            raise InputError(f"{streams[0]} is a stream (a pipe or FIFO), read once: name the "
                             "hero (--hero NAME) to review it")
        hero, note = hero_choice(files, cancel)
    report = ReviewReport(hero=hero, opponent=opponent, hero_note=note,
                          sources=[Path(p) for p in paths], payouts_given=payouts,
                          table_settings=table_settings, tree=tree)
    total = max(1, sum(path.stat().st_size for path in files))
    counter = [0]

    def items() -> Iterator[Hand | Unparsed]:
        yield from read_files(files, counter)  # each hand once (site and hand number)

    reading = None if progress is None \
        else (lambda done, _total: progress(_READ_SHARE * min(done, total) / total, 1.0))
    found = _collect(items(), report, hero, max_bb, (counter, total, reading), cancel)
    if report.hands and all(outside.reason == NOT_IN_HAND for outside in report.outside) \
            and not found:
        raise InputError(f"{hero!r} plays no hand in these files (hand histories name the "
                         "players as they sat; the default hero is the player with the most "
                         "hands)")
    solving = None if progress is None \
        else (lambda done, all_: progress(_READ_SHARE + (1 - _READ_SHARE) * done
                                          / max(all_, 1), 1.0))
    return _judge_all(found, report, tables, cache_dir, persist, solving, cancel,
                      keep_stopped, on_spot)


def _check_settings(settings: object) -> TableSettings:
    if settings is None:
        return TableSettings()
    if not isinstance(settings, TableSettings):
        raise InputError(f"table_settings must be a TableSettings, got {settings!r}")
    return settings


def _check_max_bb(max_bb: object) -> float:
    if isinstance(max_bb, bool) or not isinstance(max_bb, (int, float)) \
            or not math.isfinite(max_bb) or max_bb <= 0:
        raise InputError(f"max_bb must be a positive number of big blinds, got {max_bb!r}")
    return float(max_bb)


def _collect(items: Iterator[Hand | Unparsed], report: ReviewReport, hero: str | None,
             max_bb: float, counted: tuple[list[int], int, ProgressCallback | None] | None,
             cancel: CancelFlag | None) -> list[Spot | TableSpot | TreeSpot]:
    """Read every hand: the hero's spots (returned), the outside and unparsed ones (into
    ``report``), in steps that ``cancel`` can stop."""
    spots: list[Spot | TableSpot | TreeSpot] = []
    exhausted = False

    def step(done: int) -> int:
        nonlocal exhausted
        for _ in range(_HANDS_PER_STEP):
            item = next(items, None)
            if item is None:
                exhausted = True
                break
            if isinstance(item, Unparsed):
                report.unparsed.append(item)
                continue
            report.hands += 1
            found = _find(item, hero, max_bb, report.payouts_given, report.tree)
            if isinstance(found, list):  # a betting tree: every decision of the hero
                spots.extend(_slim(spot) for spot in found)
            elif isinstance(found, (Spot, TableSpot)):
                spots.append(_slim(found))
            else:
                report.outside.append(found)
        if counted is None:
            return total - done if exhausted else 1
        return (total - done) if exhausted else max(0, counted[0][0] - done)

    total = counted[1] if counted is not None else 1 << 62
    run = iterate(step, total, counted[2] if counted is not None else None, cancel)
    if run.cancelled:
        raise Cancelled("the review was cancelled")
    return spots


def check_tree(tree: str | None, opponent: Opponent | None = None) -> str:
    """The review's tree choice (None: ``auto``), checked: ``auto``, ``pushfold``, a preset
    of :data:`~omahanash.trees.PRESETS` or a ``.toml`` tree file (read now); an opponent model
    (``vs``) judges on the heads-up push/fold model, so it takes ``auto`` (then push/fold)
    or ``pushfold`` only."""
    choice = "auto" if tree is None else tree
    if not isinstance(choice, str):
        raise InputError.naming("--tree", f"--tree must be auto, pushfold, pl, pl-limp, nl or "
                                          f"a tree file, got {tree!r}")
    if choice not in ("auto", *PRESETS):
        if not choice.endswith(".toml") and not Path(choice).exists():
            raise InputError.naming("--tree", f"unknown --tree {choice!r}: give auto, "
                                              f"{', '.join(PRESETS)} or a .toml tree file")
        read_tree_file(choice)  # a bad file fails before any hand is read
    vs = opponent is not None and (opponent.has_model("pusher")
                                   or opponent.has_model("caller"))
    if vs and choice not in ("auto", "pushfold"):
        raise InputError.naming("--tree", f"an opponent model (--vs) is judged on the heads-up "
                                          f"push/fold model: it does not apply to --tree "
                                          f"{choice}")
    return "pushfold" if vs else choice


def choose_tree(hand: Hand, hero: str, choice: str, max_bb: float) -> str | None:
    """The betting tree the hero's decisions in ``hand`` are judged on, or None for the
    push/fold models. ``choice`` ``auto``: a pot-limit hand on ``pl`` (heads-up, a hand the
    heads-up push/fold model reads — a pot raise folded to, or all in — stays on it); a
    no-limit hand on the push/fold models up to ``max_bb`` effective, on ``nl`` deeper at up
    to :data:`AUTO_NL_PLAYERS` players (a no-limit tree of more solves in minutes to hours:
    ``--tree nl`` asks for it);
    ``pushfold``: the push/fold models always; a tree: that tree for every hand."""
    if choice == "pushfold" or hand.limit == "limit":
        return None
    if choice != "auto":
        return choice
    if hand.limit == "pot-limit":
        if len(hand.stacks) < 3 and isinstance(find_spot(hand, hero, max_bb), Spot):
            return None
        return "pl"
    if len(hand.stacks) > AUTO_NL_PLAYERS:
        return None
    others = max((s for name, s in hand.stacks.items() if name != hero), default=0.0)
    effective = min(hand.stacks[hero], others)
    return "nl" if effective > max_bb * hand.bb + 1e-9 else None


def _find(hand: Hand, hero: str | None, max_bb: float, payouts: str | None,
          tree: str = "auto") -> Spot | TableSpot | list[TreeSpot] | Outside:
    """The hero's decision in ``hand``: on a betting tree (:func:`choose_tree`: every
    decision of the hero the tree has,
    :func:`~omahanash.history.tree_spots.find_tree_spots`); at 3 to 10 players with payouts
    (given or the file's: ICM) or when the blinds-only model does not cover it, the table's
    push/fold (:func:`~omahanash.history.table_spots.find_table_spot`); else the heads-up
    blind model's (the blinds after everyone folded, in chip EV, the antes as dead
    money)."""
    if hero is None:
        return Outside(hand.hand_id, hand.source, hand.line, "no hero")
    if hero in hand.stacks and len(hand.stacks) >= 2:
        chosen = choose_tree(hand, hero, tree, max_bb)
        if chosen is not None:
            return find_tree_spots(hand, hero, chosen)
    if hero not in hand.stacks or len(hand.stacks) < 3:
        return find_spot(hand, hero, max_bb)
    icm = (payouts is not None and payouts.strip().lower() not in ("chips", "chip-ev")) \
        or (payouts is None and file_payouts(hand) is not None)
    found = None if icm else find_spot(hand, hero, max_bb)
    return found if isinstance(found, Spot) else find_table_spot(hand, hero, max_bb)


def _slim(spot: Spot | TableSpot | TreeSpot) -> Any:
    """``spot`` keeping of its hand only what the judging reads (id, file, line, the
    tournament and table): a review holds every spot until the equilibria are solved, so a
    big file's hands must not stay whole in memory (about a third of the bytes a spot
    held)."""
    hand = spot.hand
    return replace(spot, hand=Hand(hand.hand_id, hand.source, hand.line, hand.variant,
                                   hand.limit, hand.sb, hand.bb, stacks=_NO_STACKS,
                                   tournament=hand.tournament,
                                   tournament_id=hand.tournament_id, buy_in=hand.buy_in,
                                   table_name=hand.table_name, table_max=hand.table_max,
                                   seated=len(hand.stacks)))


_NO_STACKS: dict[str, float] = {}


#: ``on_spot(spot, judged, total)``: a spot just judged, the spots judged so far, in all.
SpotCallback = Callable[[SpotReview, int, int], None]

#: Why a spot of a stopped review is not judged.
STOPPED_REASON = "not judged: the review was stopped before its equilibrium was solved"


def _judge_all(found: list[Spot | TableSpot | TreeSpot], report: ReviewReport,
               tables: Mapping[str, Any] | None, cache_dir: str | os.PathLike | None, persist: bool,
               progress: ProgressCallback | None, cancel: CancelFlag | None,
               keep_stopped: bool = False,
               on_spot: SpotCallback | None = None) -> ReviewReport:
    """Solve each grid spot once (cancellable between solves and inside them: each step
    runs in ``cancel``'s :func:`~omahanash.runs.cancel_scope`, so the long kernels see a
    Stop), best-respond to the opponent model once per grid spot and role, then judge every
    spot in file order; ``on_spot`` hears of each spot as soon as it can be judged."""
    opponent = report.opponent
    judge = _Judge(tables, cache_dir, persist, opponent)
    table_spots = [spot for spot in found if isinstance(spot, TableSpot)]
    tree_spots = [spot for spot in found if isinstance(spot, TreeSpot)]
    spots = [spot for spot in found if isinstance(spot, Spot)]
    found.clear()  # each spot is held once, in one of the three lists
    _, assigned = _table_games(table_spots, report, judge)
    settings = report.table_settings or TableSettings()
    at_tables = TableJudging(table_spots, assigned, settings,
                          judge.table, judge.cache_dir, judge.persist, cancel)
    at_trees = TreeJudging(tree_spots, _tree_games(tree_spots, report, judge), settings,
                           judge.table, judge.cache_dir, judge.persist, cancel)
    canonical: dict[JamFoldParams, JamFoldParams] = {}  # one object per grid spot
    solved = [canonical.setdefault(game, game)
              for game in (solved_params(spot) for spot in spots)]
    roles = [OPPONENT_ROLE[spot.position] for spot in spots]
    refused = [opponent.refusal(role, params.variant) for role, params in zip(roles, solved)]
    if spots and all(refused):
        raise InputError("the opponent model fits none of the spots: "
                         + "; ".join(dict.fromkeys(str(reason) for reason in refused)))
    judged = [(params, role) for params, role, reason in zip(solved, roles, refused)
              if reason is None and judge.table(params.variant) is not None]
    responses = sorted(set((params, role) for params, role in judged
                           if opponent.has_model(role)),
                       key=lambda pair: (_level_and_stack(pair[0]), pair[1]))
    keys = sorted(set(params for params, _ in judged), key=_level_and_stack)
    # nash@STACK models after the grid, so that its equilibria do not depend on the model
    locked = sorted(_locked_equilibria(opponent, responses) - set(keys), key=_level_and_stack)

    heads_up = len(keys) + len(locked) + len(responses)
    tables_done = heads_up + len(at_tables.units)
    total = tables_done + len(at_trees.units)
    stopped = [False]
    live = _LiveSpots(on_spot, judge, at_tables, spots, solved, roles, refused, at_trees)

    def step(done: int) -> int:
        try:
            with cancel_scope(cancel):  # the long kernels see a Stop within a fraction of a s
                _step(done)
        except Cancelled:  # inside a solve: everything finished before is kept
            stopped[0] = True
            return total - done
        if live.announce() and progress is not None:
            progress(done + 1, total)  # the spots just judged are heard of now
        return 1

    def _step(done: int) -> None:
        if done >= tables_done:
            at_trees.step(done - tables_done)
        elif done >= heads_up:
            at_tables.step(done - heads_up)
        elif done >= len(keys) + len(locked):
            judge.respond(*responses[done - len(keys) - len(locked)], cancel)
        elif done >= len(keys):
            game = locked[done - len(keys)]
            judge.solve(game, cancel, _nearest_on_level(keys, game))
        else:
            # Within a level the stacks come in increasing order: each starts from the one
            # below.
            below = keys[done - 1] if done else None
            same_level = below is not None \
                and _level_and_stack(below)[:-1] == _level_and_stack(keys[done])[:-1]
            judge.solve(keys[done], cancel, below if same_level else None)

    run = iterate(step, total, progress, cancel)
    report.stopped = run.cancelled or stopped[0]
    finished: list[tuple[TableSpot | TreeSpot, dict[str, Any] | str]] = [
        *at_tables.results(STOPPED_REASON if report.stopped else None),
        *at_trees.results(STOPPED_REASON if report.stopped else None)]
    for done_spot, fields in finished:
        hand = done_spot.hand
        if isinstance(fields, str):
            report.outside.append(Outside(hand.hand_id, hand.source, hand.line, fields))
        else:
            report.spots.append(SpotReview(**fields))
    for index, (spot, params, role, reason) in enumerate(zip(spots, solved, roles, refused)):
        spots[index] = None  # type: ignore[call-overload]  # judged: its memory goes
        response = judge.responses.get((params, role))
        if report.stopped and reason is None and (params not in judge.values or (
                opponent.has_model(role) and response is None)):
            continue  # not solved before the stop: neither judged nor outside
        if reason is None and isinstance(response, str):  # no best response to the model
            reason = response
        if reason is None and report.stopped and (params not in judge.values or (
                response is None and opponent.has_model(role))):
            reason = STOPPED_REASON
        if reason is None and params not in judge.values:
            reason = judge.missing.get(str(params.variant), "no equity table")
        if reason is None:
            try:
                report.spots.append(judge.judge(spot, params))
                continue
            except InputError as error:  # cards not in a subset table, malformed cards
                reason = f"cannot look the cards up: {error}"
        report.outside.append(Outside(spot.hand.hand_id, spot.hand.source, spot.hand.line,
                                      reason))
    if table_spots or tree_spots:  # back in file order (a hand's decisions in order)
        files = {name: k for k, name in enumerate(dict.fromkeys(
            spot.file for spot in report.spots))}
        report.spots.sort(key=lambda spot: (files[spot.file], spot.line))
        if tree_spots:  # a hand's decisions outside beside the judged ones
            report.outside.sort(key=lambda item: (files.get(item.file, len(files)),
                                                  item.line))
    if report.stopped and not keep_stopped:
        stop = Cancelled("the review was cancelled")
        stop.report = report  # type: ignore[attr-defined]  # what was judged before
        raise stop
    return report


class _LiveSpots:
    """The spots of a review told to ``on_spot`` as they are judged: after each step, the
    table spots it judged and the heads-up spots whose equilibrium (and best response) it
    solved."""

    def __init__(self, on_spot: SpotCallback | None, judge: _Judge, at_tables: TableJudging,
                 spots: list[Spot], solved: list[JamFoldParams], roles: list[str],
                 refused: list[Any], at_trees: TreeJudging) -> None:
        self.on_spot = on_spot
        self.judge = judge
        self.at_tables = at_tables
        self.at_trees = at_trees
        self.told: set[int] = set()  # table spots told
        self.told_trees: set[int] = set()
        self.judged = 0
        self.waiting: dict[tuple[JamFoldParams, str], list[Spot]] = {}
        if on_spot is None:
            self.total = 0
            return
        for spot, params, role, reason in zip(spots, solved, roles, refused):
            if reason is None and judge.table(str(params.variant)) is not None:
                self.waiting.setdefault((params, role), []).append(spot)
        self.total = sum(map(len, self.waiting.values())) + sum(
            1 for game, _ in at_tables.assigned if game is not None) + sum(
            1 for game, _ in at_trees.assigned if game is not None)

    def announce(self) -> bool:
        """Tell the spots judged since the last call; whether there was any."""
        if self.on_spot is None:
            return False
        before = self.judged
        for index, fields in list(self.at_tables.done.items()):
            if index not in self.told and not isinstance(fields, str):
                self.told.add(index)
                self._tell(SpotReview(**fields))
        for index, fields in list(self.at_trees.done.items()):
            if index not in self.told_trees and not isinstance(fields, str):
                self.told_trees.add(index)
                self._tell(SpotReview(**fields))
        opponent = self.judge.opponent
        for key in [key for key in self.waiting if key[0] in self.judge.values and (
                not opponent.has_model(key[1]) or key in self.judge.responses)]:
            for spot in self.waiting.pop(key):
                if isinstance(self.judge.responses.get(key), str):
                    continue
                try:
                    found = self.judge.judge(spot, key[0])
                except InputError:
                    continue
                self._tell(found)
        return self.judged > before

    def _tell(self, spot: SpotReview) -> None:
        self.judged += 1
        assert self.on_spot is not None
        self.on_spot(spot, self.judged, max(self.total, self.judged))


def _table_games(table_spots: list[TableSpot], report: ReviewReport,
                 judge: _Judge) -> tuple[list[tuple[Any, str]], list[tuple[Any, str]]]:
    """The push/fold tables to solve (one per distinct spot and payouts, in first-seen
    order, with where the payouts came from) and, per spot, ``(its table, the source)`` or
    ``(None, why it is outside the model)``."""
    games: dict[Any, str] = {}
    assigned: list[tuple[Any, str]] = []
    for spot in table_spots:
        try:
            payouts, source = payouts_for(spot, report.payouts_given)
            game = pushfold_spot(spot, payouts)
        except InputError as error:
            assigned.append((None, f"not a push/fold table: {error}"))
            continue
        if judge.table(str(game.variant)) is None:
            assigned.append((None, judge.missing.get(str(game.variant), "no equity table")))
            continue
        games.setdefault(game, source)
        assigned.append((game, source))
    return list(games.items()), assigned


def _tree_games(tree_spots: list[TreeSpot], report: ReviewReport,
                judge: _Judge) -> list[tuple[Any, str]]:
    """Per tree spot, ``(its PreflopSpot with the payouts, where they came from)`` or
    ``(None, why it is outside the model)``."""
    assigned: list[tuple[Any, str]] = []
    for spot in tree_spots:
        try:
            payouts, source = payouts_for(spot, report.payouts_given)
            game = tree_game(spot, payouts)
        except InputError as error:
            assigned.append((None, f"not a betting-tree table: {error}"))
            continue
        if judge.table(str(game.variant)) is None:
            assigned.append((None, judge.missing.get(str(game.variant), "no equity table")))
            continue
        assigned.append((game, source))
    return assigned


def _locked_equilibria(opponent: Opponent,
                       responses: list[tuple[JamFoldParams, str]]) -> set[JamFoldParams]:
    """The games a ``nash@STACK`` model takes its equilibrium from, at the levels of the
    spots it answers (solved like the grid spots, into the same cache); a stack that makes
    no game is said where the response fails."""
    games = set()
    for params, role in responses:
        try:
            game = opponent.nash_params(role, params)
        except InputError:
            continue
        if game is not None:
            games.add(game)
    return games


def _nearest_on_level(keys: list[JamFoldParams], game: JamFoldParams) -> JamFoldParams | None:
    """The grid spot of ``game``'s level with the nearest stack (its warm start), if any."""
    level = _level_and_stack(game)[:-1]
    same = [key for key in keys if _level_and_stack(key)[:-1] == level]
    return min(same, key=lambda key: abs(key.effective_stack - game.effective_stack),
               default=None)


def _level_and_stack(params: JamFoldParams) -> tuple[str, float, float, float, float, float]:
    """The order in which grid spots are solved: by level (variant, blinds, ante, dead
    money), then by stack."""
    return (str(params.variant), params.sb, params.bb, params.ante, params.dead_money,
            params.effective_stack)
