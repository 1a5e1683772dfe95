"""A drill: deal jam/fold spots, take the answers, grade them against the equilibrium.

What a spot is (:class:`DrillConfig` says which spots a drill deals):

- **variant**: Hold'em, Omaha Hi or Omaha Hi/Lo, or ``mixed`` (each spot picks one of the
  variants whose equity table is available: Hold'em always, Omaha once built);
- **position**: ``sb`` (you push or fold), ``bb`` (the small blind pushed: you call or fold) or
  ``both`` (each spot one of the two, evenly);
- **effective stack** in big blinds: a fixed value or a range such as 5–15, dealt in steps of
  one big blind from its low end (every stack of the range equally often), so that each
  stack's equilibrium is solved once (:func:`~omahanash.jamfold.nash_cache.nash_solution`:
  blinds 5/10 chips, kept in memory and on disk) and every later spot at it is instant;
- **ante** in big blinds (each player);
- **the hand**: a uniformly random concrete hand, so each class comes with its real frequency
  (its combos over all hands). The big blind's hand is dealt the same way: the few cards the
  small blind's pushing range takes out of the deck do not change which hand you are dealt;
  the EVs shown do take them into account (they are the equilibrium's, from the table).

**Close spots** (``close=True``) deal only hands whose \\|Diff_EV\\| = \\|AllIn_EV − Fold_EV\\| is
at most ``close_threshold_bb`` big blinds (default :data:`CLOSE_THRESHOLD_BB`), in proportion
to their combos: the decisions where players lose money. **Drill my leaks** (``focus``) deals
from given weak-spot cells (variant, position, stack band, hand group), e.g. the worst of the
history: :func:`leak_cells`.

Answers are graded by :func:`~omahanash.trainer.grading.grade` and, with a
:class:`~omahanash.trainer.history.History`, stored at once. A seed makes a drill deal the
same spots again.

>>> drill = Drill(DrillConfig("holdem", stacks=(10, 10), position="sb"), seed=7, persist=False)
>>> spot = drill.next_spot()
>>> spot.description, spot.actions
("Texas Hold'em · 10 bb · you are SB", ('push', 'fold'))
>>> answer = drill.answer(spot.best_action, seconds=1.5)
>>> answer.grade.correct, answer.grade.ev_lost_bb, drill.statistics().accuracy
(True, 0.0, 1.0)
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import numpy as np

from omahanash.cards import Variant, format_cards
from omahanash.equity.tables import load_table, table_path
from omahanash.errors import InputError
from omahanash.hands import class_members
from omahanash.jamfold.decision import jamfold_tolerance
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.nash_cache import nash_solution
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.trainer.grading import Grade, action_word, best_action, grade, verdict_words
from omahanash.trainer.groups import BAND_WIDTH_BB, group_index, group_names, stack_band
from omahanash.trainer.stats import AnswerRecord, Cell, Statistics, summarize

if TYPE_CHECKING:
    from omahanash.trainer.history import History

__all__ = ["CLOSE_THRESHOLD_BB", "GAME_CHOICES", "POSITIONS", "Answer", "Drill", "DrillConfig",
           "Spot", "leak_cells", "parse_stacks"]

GAME_CHOICES = ("holdem", "omaha-hi", "omaha-hilo", "mixed")
POSITIONS = ("sb", "bb", "both")
#: Close spots: hands whose |Diff_EV| is at most this many big blinds.
CLOSE_THRESHOLD_BB = 0.25
# The blinds of every drilled spot, in chips (the jam-fold defaults, so the cached equilibria
# are shared with `omahanash solve`); stacks and antes are multiples of the big blind.
SB_CHIPS, BB_CHIPS = 5.0, 10.0
#: Largest stack a drill deals, in big blinds.
MAX_STACK_BB = 1000


def parse_stacks(text: str) -> tuple[float, float]:
    """``"10"`` or ``"5-15"`` (big blinds) as ``(low, high)``.

    >>> parse_stacks("5-15"), parse_stacks(" 8 ")
    ((5.0, 15.0), (8.0, 8.0))
    """
    parts = text.split("-") if isinstance(text, str) else []
    try:
        values = [float(part) for part in parts]
    except ValueError:
        values = []
    if len(values) not in (1, 2):
        raise InputError.naming("stacks",
                                f"stacks must be big blinds like 10 or 5-15, got {text!r}")
    return values[0], values[-1]


def _finite(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating)) \
            or not np.isfinite(value):
        raise InputError.naming(name, f"{name} must be a finite number of big blinds, "
                                f"got {name}={value!r}")
    return float(value)


@dataclass(frozen=True)
class DrillConfig:
    """Which spots a drill deals (see the module description). ``stacks`` and ``ante`` are in
    big blinds; every stack must exceed one big blind plus the ante.

    >>> DrillConfig("mixed", stacks=(5, 8)).stack_values
    (5.0, 6.0, 7.0, 8.0)
    >>> DrillConfig("holdem", stacks=(1, 3))
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: stacks must exceed 1 bb plus the ante (1 bb), got stacks=(1, 3)
    """

    game: str = "holdem"
    stacks: tuple[float, float] = (10.0, 10.0)
    position: str = "both"
    ante: float = 0.0
    close: bool = False
    close_threshold_bb: float = CLOSE_THRESHOLD_BB
    focus: tuple[Cell, ...] = field(default=())

    def __post_init__(self) -> None:
        game = str(self.game).strip().lower()
        if game != "mixed":
            game = str(Variant.parse(game))
        object.__setattr__(self, "game", game)
        if self.position not in POSITIONS:
            raise InputError.naming("position", "position must be sb, bb or both, "
                                    f"got {self.position!r}")
        if not isinstance(self.stacks, Sequence) or isinstance(self.stacks, str) \
                or len(self.stacks) != 2:
            raise InputError.naming("stacks", "stacks must be two numbers (low, high) in big "
                                    f"blinds, got stacks={self.stacks!r}")
        low, high = (_finite("stacks", value) for value in self.stacks)
        _finite("ante", self.ante)
        _finite("close_threshold_bb", self.close_threshold_bb)
        if self.ante < 0:
            raise InputError.naming("ante",
                                    f"ante must be >= 0 big blinds, got ante={self.ante!r}")
        if low <= 1 + self.ante:
            raise InputError.naming("stacks", "stacks must exceed 1 bb plus the ante "
                                    f"({1 + self.ante:g} bb), got stacks={self.stacks!r}")
        if high < low or high > MAX_STACK_BB:
            raise InputError.naming("stacks", f"stacks must be low <= high <= {MAX_STACK_BB} "
                                    f"bb, got stacks={self.stacks!r}")
        if self.close_threshold_bb <= 0:
            raise InputError("close_threshold_bb must be > 0, "
                             f"got {self.close_threshold_bb!r}")
        object.__setattr__(self, "stacks", (float(low), float(high)))
        object.__setattr__(self, "focus", tuple(Cell(*cell) for cell in self.focus))

    @property
    def variants(self) -> tuple[Variant, ...]:
        """The variants the game names (all three for ``mixed``)."""
        return tuple(Variant) if self.game == "mixed" else (Variant.parse(self.game),)

    @property
    def positions(self) -> tuple[str, ...]:
        return ("sb", "bb") if self.position == "both" else (self.position,)

    @property
    def stack_values(self) -> tuple[float, ...]:
        """The stacks dealt: from the low end in steps of one big blind."""
        low, high = self.stacks
        return tuple(float(low + k) for k in range(int(np.floor(high - low + 1e-9)) + 1))


@dataclass(frozen=True)
class Spot:
    """One dealt spot: EVs in big blinds against the equilibrium opponent; ``frequency`` is
    how often the equilibrium goes all in (push or call) with the hand's class."""

    number: int
    variant: Variant
    position: str
    stack_bb: float
    ante_bb: float
    class_id: int
    hand: str
    hand_group: str
    frequency: float
    allin_ev_bb: float
    fold_ev_bb: float
    close: bool
    #: the decision rule's tolerance (bb): the solve's NashConv (omahanash.jamfold.decision)
    tolerance_bb: float = 0.0

    @property
    def description(self) -> str:
        """The spot as a player reads it: ``"Omaha Hi/Lo · 8 bb · you are SB"``."""
        ante = f" · ante {self.ante_bb:g} bb" if self.ante_bb else ""
        return (f"{self.variant.display_name} · {self.stack_bb:g} bb{ante} · "
                f"you are {self.position.upper()}")

    @property
    def actions(self) -> tuple[str, str]:
        """The two answers as the player names them: push/fold or call/fold."""
        return action_word("allin", self.position), "fold"

    @property
    def diff_ev_bb(self) -> float:
        return self.allin_ev_bb - self.fold_ev_bb

    @property
    def best_action(self) -> str:
        """``allin`` or ``fold``: the higher EV (what a pure equilibrium strategy does)."""
        return best_action(self.frequency, self.allin_ev_bb, self.fold_ev_bb)


@dataclass(frozen=True)
class Answer:
    """An answered spot: the spot, the grade, the answer time and the stored record."""

    spot: Spot
    grade: Grade
    seconds: float | None
    record: AnswerRecord

    def feedback(self) -> str:
        """Two lines for the player: the verdict, then both EVs and the EV lost (in bb)."""
        spot, g = self.spot, self.grade
        verdict = verdict_words(g, action_word("allin", spot.position),
                                action_word(g.action, spot.position))
        return (f"{verdict}\nAllIn_EV {g.allin_ev_bb:+.3f} bb · Fold_EV {g.fold_ev_bb:+.3f} bb · "
                f"EV lost {g.ev_lost_bb:.3f} bb")


@dataclass
class _Situation:
    """The equilibrium of one (variant, stack) in big blinds, per table position."""

    class_ids: np.ndarray
    combos: np.ndarray
    groups: np.ndarray
    frequency: dict[str, np.ndarray]
    allin_bb: dict[str, np.ndarray]
    fold_bb: dict[str, np.ndarray]
    tolerance_bb: float = 0.0


def leak_cells(statistics: Statistics, count: int = 3,
               game: str = "mixed") -> tuple[Cell, ...]:
    """The cells of the ``count`` worst weak spots of ``game`` (a variant or ``mixed``, any
    variant): the ``focus`` of "drill my leaks". ``statistics`` should list enough weak spots
    (:meth:`~omahanash.trainer.history.History.statistics` takes how many).

    >>> from omahanash.trainer.stats import example_record, summarize
    >>> stats = summarize([example_record(correct=False, ev_lost_bb=0.5)])
    >>> leak_cells(stats)[0].hand_group, leak_cells(stats, game="omaha")
    ('offsuit A', ())
    """
    variants = DrillConfig(game).variants
    # table spots: omahanash.trainer.table.table_leak_cells; betting trees' (TreeCell):
    # omahanash.trainer.tree_drill.tree_leak_cells
    cells = [s.cell for s in statistics.weak_spots if isinstance(s.cell, Cell)
             and Variant.parse(s.cell.variant) in variants and s.cell.players <= 2]
    return tuple(cells[:max(0, count)])


class Drill:
    """Deals spots of ``config`` and grades the answers (see the module description).

    >>> drill = Drill(DrillConfig("holdem", stacks=(10, 10), position="sb"), seed=1,
    ...               persist=False)
    >>> spot = drill.next_spot()
    >>> spot.description, spot.hand
    ("Texas Hold'em · 10 bb · you are SB", 'Kc 6s')
    >>> grade = drill.answer("fold").grade      # K6o pushes at 10 bb: folding costs EV
    >>> grade.correct, round(grade.ev_lost_bb, 3)
    (False, 0.356)

    ``seed`` (0..2**64-1) makes the deals reproducible; without it one is drawn and kept in
    :attr:`seed`. ``history`` stores each answer as it is given. ``tables`` maps a variant to
    the equity table to use (e.g. a subset table; default
    :func:`~omahanash.equity.tables.load_table` from ``cache_dir``); ``persist`` False keeps
    solved equilibria in memory only.
    """

    def __init__(self, config: DrillConfig | None = None, seed: int | None = None,
                 history: History | None = None, tables: Mapping[str, object] | None = None,
                 cache_dir: str | os.PathLike | None = None, persist: bool = True) -> None:
        self.config = config if config is not None else DrillConfig()
        if not isinstance(self.config, DrillConfig):
            raise InputError(f"config must be a DrillConfig, got {config!r}")
        self.seed = check_seed(seed) if seed is not None \
            else int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self.history = history
        self.session = uuid.uuid4().hex[:12]
        self.answers: list[Answer] = []
        self.current: Spot | None = None
        self._rng = np.random.default_rng(self.seed)
        self._tables = {Variant.parse(k): v for k, v in (tables or {}).items()}
        self._cache_dir = cache_dir
        self._persist = persist
        self._situations: dict[tuple[Variant, float], _Situation] = {}
        self._shown_at = 0.0
        self.variants, self.skipped = self._available_variants()

    def _available_variants(self) -> tuple[tuple[Variant, ...], list[str]]:
        """The config's variants that can be dealt; ``mixed`` skips Omaha tables not built."""
        wanted = self.config.variants
        if self.config.game != "mixed":
            return wanted, []
        usable = tuple(v for v in wanted if v is Variant.HOLDEM or v in self._tables
                       or table_path(v, self._cache_dir).exists())
        skipped = [f"{v.display_name}: its equity table is not built (omahanash table build "
                   f"--game {v})" for v in wanted if v not in usable]
        return usable, skipped

    # -- equilibria --------------------------------------------------------------------------

    def _table(self, variant: Variant) -> object:
        if variant not in self._tables:
            self._tables[variant] = load_table(variant, self._cache_dir)
        return self._tables[variant]

    def _situation(self, variant: Variant, stack_bb: float, progress: ProgressCallback | None,
                   cancel: CancelFlag | None) -> _Situation:
        key = (variant, stack_bb)
        if key not in self._situations:
            params = JamFoldParams(variant, sb=SB_CHIPS, bb=BB_CHIPS,
                                   ante=self.config.ante * BB_CHIPS, stacks=stack_bb * BB_CHIPS)
            solution = nash_solution(params, table=self._table(variant),
                                     cache_dir=self._cache_dir, progress=progress,
                                     cancel=cancel, persist=self._persist)
            values = {player: solution.values(player) for player in ("pusher", "caller")}
            class_ids = np.asarray(solution.game.class_ids, dtype=np.int64)
            self._situations[key] = _Situation(
                class_ids=class_ids, combos=np.asarray(solution.game.combos, dtype=np.float64),
                groups=group_index(variant)[class_ids],
                frequency={"sb": solution.push_strategy, "bb": solution.call_strategy},
                allin_bb={"sb": values["pusher"][0] / BB_CHIPS,
                          "bb": values["caller"][0] / BB_CHIPS},
                fold_bb={"sb": values["pusher"][1] / BB_CHIPS,
                         "bb": values["caller"][1] / BB_CHIPS},
                tolerance_bb=jamfold_tolerance(solution) / BB_CHIPS)
        return self._situations[key]

    def is_solved(self, variant: str, stack_bb: float) -> bool:
        """Whether this drill already holds the equilibrium of ``variant`` at ``stack_bb``
        (else the next spot there solves it, or reads it from the disk cache, first)."""
        return (Variant.parse(variant), float(stack_bb)) in self._situations

    # -- dealing -----------------------------------------------------------------------------

    def _candidates(self) -> list[tuple[Variant, str, float, str | None]]:
        """Every (variant, position, stack, hand group or None) the drill may deal from."""
        config = self.config
        if not config.focus:
            return [(v, p, s, None) for v in self.variants for p in config.positions
                    for s in config.stack_values]

        found: list[tuple[Variant, str, float, str | None]] = []
        for cell in config.focus:
            variant = Variant.parse(cell.variant)
            if variant not in self.variants:
                continue
            stacks = [s for s in config.stack_values if stack_band(s) == cell.stack_band]
            if not stacks:  # the band lies outside the configured stacks: deal the band
                low = int(cell.stack_band.split("-")[0])
                stacks = [float(s) for s in range(low, low + BAND_WIDTH_BB)
                          if s > 1 + config.ante]
            found.extend((variant, cell.position, s, cell.hand_group) for s in stacks)
        return found

    def next_spot(self, progress: ProgressCallback | None = None,
                  cancel: CancelFlag | None = None) -> Spot:
        """Deal the next spot. The first spot at a stack not solved yet solves it first
        (``progress(done, total)`` in CFR+ iterations; a set ``cancel`` raises
        :class:`~omahanash.errors.Cancelled`); after that a spot is immediate."""
        candidates = self._candidates()
        if not candidates:
            raise InputError("no spots to deal: " + ("; ".join(self.skipped) or
                                                     "no leaks in the chosen variants"))
        config = self.config
        for pick in self._rng.permutation(len(candidates)):
            variant, position, stack_bb, group = candidates[int(pick)]
            situation = self._situation(variant, stack_bb, progress, cancel)
            weights = situation.combos.copy()
            diff = situation.allin_bb[position] - situation.fold_bb[position]
            if config.close:
                weights[np.abs(diff) > config.close_threshold_bb] = 0.0
            if group is not None:
                weights[np.asarray(group_names(variant))[situation.groups] != group] = 0.0
            total = weights.sum()
            if total > 0:
                break
        else:
            raise InputError("no hand fits: no spot of this drill has a hand with |Diff_EV| <= "
                             f"{config.close_threshold_bb:g} bb" if config.close else
                             "no hand fits the chosen leaks")
        index = int(self._rng.choice(len(weights), p=weights / total))
        class_id = int(situation.class_ids[index])
        members = class_members(variant, class_id)
        cards = members[int(self._rng.integers(len(members)))]

        self.current = Spot(
            number=len(self.answers) + 1, variant=variant, position=position,
            stack_bb=stack_bb, ante_bb=float(config.ante), class_id=class_id,
            hand=format_cards(sorted(cards, reverse=True)),  # high card first: "Td 4c"
            hand_group=group_names(variant)[int(situation.groups[index])],
            frequency=float(np.clip(situation.frequency[position][index], 0.0, 1.0)),
            allin_ev_bb=float(situation.allin_bb[position][index]),
            fold_ev_bb=float(situation.fold_bb[position][index]), close=config.close,
            tolerance_bb=situation.tolerance_bb)
        self._shown_at = time.monotonic()
        return self.current

    # -- answering ---------------------------------------------------------------------------

    def answer(self, action: str, seconds: float | None = None) -> Answer:
        """Grade ``action`` (``p``/``push``/``call``/``f``/``fold``, see
        :func:`~omahanash.trainer.grading.parse_action`) for the current spot, store it in the
        history (committed at once) and return it. ``seconds`` is the answer time (default:
        the time since :meth:`next_spot` returned)."""
        spot = self.current
        if spot is None:
            raise InputError("no spot to answer: deal one with next_spot() first")
        verdict = grade(action, spot.frequency, spot.allin_ev_bb, spot.fold_ev_bb, bb=1.0,
                        tolerance=spot.tolerance_bb)
        if seconds is None:
            seconds = time.monotonic() - self._shown_at
        elif isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not np.isfinite(seconds) or seconds < 0:
            raise InputError(f"seconds must be a number >= 0, got {seconds!r}")
        record = AnswerRecord(
            answered_at=datetime.now(UTC).isoformat(timespec="seconds"),
            session=self.session, variant=str(spot.variant), position=spot.position,
            stack_bb=spot.stack_bb, ante_bb=spot.ante_bb, class_id=spot.class_id,
            hand=spot.hand, hand_group=spot.hand_group, action=verdict.action,
            best_action=verdict.best_action, frequency=spot.frequency,
            allin_ev_bb=spot.allin_ev_bb, fold_ev_bb=spot.fold_ev_bb,
            ev_lost_bb=verdict.ev_lost_bb, correct=verdict.correct, seconds=float(seconds),
            close=spot.close)
        if self.history is not None:
            self.history.add(record)
        result = Answer(spot, verdict, float(seconds), record)
        self.answers.append(result)
        self.current = None
        return result

    def statistics(self) -> Statistics:
        """This session's :class:`~omahanash.trainer.stats.Statistics`."""
        return summarize(answer.record for answer in self.answers)
