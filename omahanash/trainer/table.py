"""Drills at a full table: open-push and call spots of 3 to 9 players, with ICM payouts.

A :class:`TableDrill` deals spots of :class:`TableDrillConfig`: the game, the table size
(``players``), the payouts (``50/30/20``, a preset such as ``spin``/``6max``/``9max``, or
``chips`` for chip EV), the ante and the **stack structures** — every seat's stack in big
blinds, in preflop order (the last two are the blinds):

- ``stacks=None`` (the default): the table size's three preset structures
  (:func:`preset_structures`: everybody at 10 bb, everybody at 15 bb and an uneven table);
- ``"12"``: one structure, every seat at 12 bb;
- ``"5-15"``: three structures with every seat's stack drawn at random, in whole big blinds,
  from the range (from the drill's seed: the same seed draws the same structures);
- ``"10/15/8"``: one chosen structure (one stack per seat).

A spot is a structure, a decision node of it (``BTN``: folded to the button, push or fold;
``BB vs BTN+SB``: both went all in, call or fold; see
:mod:`omahanash.pushfold.spot`) among those the equilibrium reaches at least
:data:`MIN_REACH` of the time, and a hand dealt with its real frequency among the hands that
reach the node. Blinds are 50/100 chips. Each structure is solved once (the push/fold table
equilibrium, :func:`omahanash.pushfold.solve_pushfold`; cached in memory for the process and
by the equilibrium cache when the library has one), so only the first spot at a structure
waits.

Answers are graded by the one decision rule (:func:`omahanash.jamfold.decision.judge`, through
:func:`~omahanash.trainer.grading.grade`) on the solution's
:meth:`~omahanash.pushfold.PushFoldSolution.lookup` of the hand at the node: with payouts in
prize equity, else in chips. Feedback gives both EVs and the EV lost in % of the prize pool
and in big blinds at the table's average chip value (the prize pool spread evenly over all
chips in play): ``bb = prize · total chips / pool / big blind``.

>>> from omahanash.pushfold import solve_pushfold
>>> fast = lambda spot, progress, cancel: solve_pushfold(spot, iterations=10, deals=10_000)
>>> drill = TableDrill(TableDrillConfig("holdem", players=3, stacks="10"), seed=3, solve=fast)
>>> spot = drill.next_spot()
>>> spot.players, spot.stacks_bb, spot.node in [n.name for n in drill.nodes(0)]
(3, (10.0, 10.0, 10.0), True)
>>> drill.answer(spot.best_action).grade.correct
True
"""

from __future__ import annotations

import functools
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from omahanash.cards import Variant, format_cards
from omahanash.errors import Cancelled, InputError
from omahanash.hands import class_combos, class_members
from omahanash.jamfold.decision import tolerance_of
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.cache import table_equilibrium
from omahanash.pushfold.payouts import parse_payouts
from omahanash.pushfold.spot import POSITIONS
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.trainer.drill import CLOSE_THRESHOLD_BB, Spot
from omahanash.trainer.grading import Grade, grade, verdict_words
from omahanash.trainer.groups import group_index, group_names
from omahanash.trainer.stats import AnswerRecord, Cell, Statistics, summarize

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSolution, PushFoldSpot
    from omahanash.pushfold.spot import Node
    from omahanash.trainer.history import History

__all__ = ["BB_CHIPS", "DEFAULT_PAYOUTS", "MAX_PLAYERS", "MIN_PLAYERS", "MIN_REACH",
           "TABLE_POSITIONS", "TableAnswer", "TableDrill", "TableDrillConfig", "TableSpot",
           "default_solve", "preset_structures", "spot_json", "table_leak_cells"]

MIN_PLAYERS, MAX_PLAYERS = 3, 9
#: Payouts of a table drill when none are given.
DEFAULT_PAYOUTS = "50/30/20"
SB_CHIPS, BB_CHIPS = 50.0, 100.0
#: A node is drilled when the equilibrium reaches it at least this often.
MIN_REACH = 0.01
#: ``position`` of a table drill: every node, open pushes only, calls only, or a seat's.
TABLE_POSITIONS = ("both", "push", "call")
_UNEVEN = (18.0, 7.0, 12.0, 25.0, 9.0, 14.0, 6.0, 20.0, 11.0)
#: Structures drawn at random from a range of stacks.
RANDOM_STRUCTURES = 3
#: ``solve(spot, progress, cancel)``: the table equilibrium of a spot.
Solve = Callable[["PushFoldSpot", ProgressCallback | None, CancelFlag | None],
                 "PushFoldSolution"]


def preset_structures(players: int) -> tuple[tuple[float, ...], ...]:
    """The preset stack structures of a table size, in big blinds, preflop order.

    >>> preset_structures(3)
    ((10.0, 10.0, 10.0), (15.0, 15.0, 15.0), (18.0, 7.0, 12.0))
    """
    return (tuple([10.0] * players), tuple([15.0] * players), _UNEVEN[:players])


#: A drill's table is solved quickly by default: this many CFR+ iterations on
#: :func:`quick_deals` sampled deals (``precise``: to the engine's default target on its
#: default deals, minutes at 6+ Omaha seats).
QUICK_ITERATIONS = 20
QUICK_DEALS = {"holdem": 40_000, "omaha": 150_000}


def quick_deals(spot: PushFoldSpot) -> int:
    """Sampled deals of a drill's quick solve of ``spot``.

    >>> quick_deals(PushFoldSpot("omaha-hi", [1000] * 6, 50, 100, payouts="65/35"))
    150000
    """
    return QUICK_DEALS["holdem" if spot.variant is Variant.HOLDEM else "omaha"]


def default_solve(spot: PushFoldSpot, progress: ProgressCallback | None,
                  cancel: CancelFlag | None, *, cache_dir: str | os.PathLike | None = None,
                  persist: bool = True, precise: bool = False) -> PushFoldSolution:
    """The equilibrium of ``spot`` from the cache of table equilibria
    (:func:`omahanash.pushfold.cache.table_equilibrium`: memory, then disk, else solved and
    kept): :data:`QUICK_ITERATIONS` iterations on :func:`quick_deals` deals, or with
    ``precise`` to the default target on the default deals. A solve stopped through
    ``cancel`` raises :class:`~omahanash.errors.Cancelled` (the cache keeps nothing of
    it)."""
    quick = not precise and spot.players >= MIN_PLAYERS
    solution = table_equilibrium(spot, cache_dir=cache_dir, persist=persist,
                                 progress=progress, cancel=cancel,
                                 deals=quick_deals(spot) if quick else None,
                                 iterations=QUICK_ITERATIONS if quick else None)
    if solution.stopped:
        raise Cancelled("the table equilibrium was stopped")
    return solution


def _structures(text: str | None, players: int, rng: np.random.Generator
                ) -> tuple[tuple[float, ...], ...]:
    if text is None or not str(text).strip():
        return preset_structures(players)
    text = str(text).strip()
    try:
        parts = [float(part) for part in text.split("/" if "/" in text else "-")]
    except ValueError:
        parts = []
    if "/" in text and parts:  # one stack per seat (a bad number is said below)
        if len(parts) != players:
            raise InputError.naming("stacks", f"stacks must list {players} stacks (one per "
                                    f"seat, preflop order), got {text!r}")
        return (tuple(parts),)
    if len(parts) == 1:
        return (tuple([parts[0]] * players),)
    if len(parts) != 2 or parts[1] < parts[0]:
        raise InputError.naming("stacks", "stacks must be big blinds like 10, 5-15 or "
                                f"10/15/8, got {text!r}")
    low, high = int(np.ceil(parts[0])), int(np.floor(parts[1]))
    if high < low:
        raise InputError.naming("stacks", f"stacks {text!r} hold no whole number of big blinds")
    return tuple(tuple(float(v) for v in rng.integers(low, high + 1, players))
                 for _ in range(RANDOM_STRUCTURES))


@dataclass(frozen=True)
class TableDrillConfig:
    """Which table spots a drill deals (see the module). ``position``: ``both``, ``push``
    (open pushes), ``call`` (calls of all-ins) or a seat (``btn``, ``bb``, ...).

    >>> TableDrillConfig("holdem", players=6, payouts="6max").payouts
    '6max'
    >>> TableDrillConfig("holdem", players=12)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: players must be 3 to 9 at a table drill, got 12
    """

    game: str = "holdem"
    players: int = 3
    payouts: str = DEFAULT_PAYOUTS
    stacks: str | None = None
    position: str = "both"
    ante: float = 0.0
    close: bool = False
    close_threshold_bb: float = CLOSE_THRESHOLD_BB
    focus: tuple[Cell, ...] = field(default=())

    @property
    def variants(self) -> tuple[Variant, ...]:
        """The drill's one variant (as :attr:`DrillConfig.variants`)."""
        return (Variant.parse(self.game),)

    def __post_init__(self) -> None:
        if str(self.game).strip().lower() == "mixed":
            raise InputError("game mixed is for heads-up drills; a table drill takes holdem, "
                             "omaha-hi or omaha-hilo")
        object.__setattr__(self, "game", str(Variant.parse(str(self.game))))
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InputError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS} at a table drill, "
                             f"got {self.players!r}")
        if not isinstance(self.payouts, str):
            raise InputError.naming("payouts",
                                    f"payouts must be text like 50/30/20, got {self.payouts!r}")
        try:
            parse_payouts(self.payouts, self.players)  # checked here, named in the error
        except InputError as error:
            error.argument = error.argument or "payouts"
            raise
        seats = [p.lower() for p in POSITIONS[self.players]]
        position = str(self.position).strip().lower()
        if position not in TABLE_POSITIONS and position not in seats:
            raise InputError(f"position must be both, push, call or a seat of the table "
                             f"({', '.join(seats)}), got {self.position!r}")
        object.__setattr__(self, "position", position)
        for name in ("ante", "close_threshold_bb"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not np.isfinite(value) or value < 0:
                raise InputError.naming(name, f"{name} must be a number >= 0, got {value!r}")
        if self.close_threshold_bb <= 0:
            raise InputError(f"close_threshold_bb must be > 0, got {self.close_threshold_bb!r}")
        _structures(self.stacks, self.players, np.random.default_rng(0))  # checked early
        object.__setattr__(self, "focus", tuple(Cell(*cell) for cell in self.focus))


@dataclass(frozen=True)
class TableSpot(Spot):
    """A dealt table spot: :class:`~omahanash.trainer.drill.Spot` plus the table.
    ``position`` is the hero's seat (``btn``), ``stack_bb`` the effective stack (the
    smaller of the hero's and the largest other stack); EVs ``*_bb`` in big blinds at the
    average chip value, ``*_pct`` in % of the prize pool (None for chip EV)."""

    players: int = 3
    node: str = ""
    payouts: str = ""
    stacks_bb: tuple[float, ...] = ()
    pushers: tuple[str, ...] = ()
    allin_ev_pct: float | None = None
    fold_ev_pct: float | None = None
    prize_per_bb: float = 1.0  # the model's unit per big blind (grading scale)
    prize_pool: float = 0.0  # 0 for chip EV

    @property
    def description(self) -> str:
        """``"Texas Hold'em · 3 left, payouts 50/30/20 · BTN 10, SB 10, BB 10 bb · you are BB"``:
        the players still at the table, never "3-max" (a 6-max sit-and-go with 3 left is
        not a 3-max table)."""
        seats = ", ".join(f"{pos} {stack:g}" for pos, stack in
                          zip(POSITIONS[self.players], self.stacks_bb))
        ante = f" · ante {self.ante_bb:g} bb" if self.ante_bb else ""
        return (f"{self.variant.display_name} · {self.players} left, payouts {self.payouts} · "
                f"{seats} bb{ante} · you are {self.position.upper()}")

    @property
    def situation(self) -> str:
        """What happened before the hero: ``"Folded to you."`` or ``"BTN+SB all in."``."""
        return f"{'+'.join(self.pushers)} all in." if self.pushers else "Folded to you."

    @property
    def actions(self) -> tuple[str, str]:
        return ("call" if self.pushers else "push"), "fold"


@dataclass(frozen=True)
class TableAnswer:
    """An answered table spot (as :class:`~omahanash.trainer.drill.Answer`)."""

    spot: TableSpot
    grade: Grade
    seconds: float | None
    record: AnswerRecord

    @property
    def grade_verdict(self) -> str:
        """``correct``, ``mixed`` or ``mistake`` (the decision rule's words)."""
        return "mistake" if not self.grade.correct else "mixed" if self.grade.mixed \
            else "correct"

    def feedback(self) -> str:
        """The verdict, then both EVs and the EV lost in % of the pool and in big blinds.
        The verdict follows the EVs (:mod:`omahanash.jamfold.decision`): correct within the
        solve's precision of the best action's EV, whatever the average strategy's
        frequency; a mix whose EVs differ by more is called noise."""
        spot, g = self.spot, self.grade
        verb = spot.actions[0]
        verdict = verdict_words(g, verb, verb if g.action == "allin" else "fold")
        record = self.record
        if record.ev_lost_pct is not None:
            assert record.allin_ev_pct is not None and record.fold_ev_pct is not None
            prize = (f"{verb.capitalize()} {record.allin_ev_pct:.2f} % · Fold "
                     f"{record.fold_ev_pct:.2f} % of the prize pool · EV lost "
                     f"{record.ev_lost_pct:.3f} % of the pool = {g.ev_lost_bb:.3f} bb")
        else:
            prize = (f"{verb.capitalize()} {g.allin_ev_bb:+.3f} bb · Fold {g.fold_ev_bb:+.3f} bb"
                     f" · EV lost {g.ev_lost_bb:.3f} bb")
        return f"{verdict}\n{prize}"


class TableDrill:
    """Deals table spots of ``config`` and grades the answers (see the module). The same
    face as :class:`~omahanash.trainer.drill.Drill`: ``next_spot``, ``answer``,
    ``statistics``, ``seed``, ``history``, ``answers``, ``current``, ``skipped``.

    ``solve(spot, progress, cancel)`` gives the equilibrium of a table (default
    :func:`default_solve` with ``cache_dir``, ``persist`` and ``precise``; tests pass a
    quick one).
    """

    def __init__(self, config: TableDrillConfig | None = None, seed: int | None = None,
                 history: History | None = None, solve: Solve | None = None,
                 cache_dir: str | os.PathLike | None = None, persist: bool = True,
                 precise: bool = False) -> None:
        self.config = config if config is not None else TableDrillConfig()
        if not isinstance(self.config, TableDrillConfig):
            raise InputError(f"config must be a TableDrillConfig, got {config!r}")
        self.seed = check_seed(seed) if seed is not None \
            else int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self.history = history
        self.session = uuid.uuid4().hex[:12]
        self.answers: list[TableAnswer] = []
        self.current: TableSpot | None = None
        self.skipped: list[str] = []
        self._rng = np.random.default_rng(self.seed)
        self._solve = solve if solve is not None else functools.partial(
            default_solve, cache_dir=cache_dir, persist=persist, precise=precise)
        self.structures = _structures(self.config.stacks, self.config.players,
                                      np.random.default_rng(self.seed))
        self._solutions: dict[int, PushFoldSolution] = {}
        self._shown_at = 0.0

    @property
    def variant(self) -> Variant:
        return Variant.parse(self.config.game)

    def table(self, structure: int) -> PushFoldSpot:
        """The :class:`~omahanash.pushfold.PushFoldSpot` of structure number ``structure``."""
        config = self.config
        return PushFoldSpot(config.game, [s * BB_CHIPS for s in self.structures[structure]],
                            SB_CHIPS, BB_CHIPS, config.ante * BB_CHIPS, config.payouts)

    def solution(self, structure: int, progress: ProgressCallback | None = None,
                 cancel: CancelFlag | None = None) -> PushFoldSolution:
        """The equilibrium of structure ``structure`` (solved on first use)."""
        if structure not in self._solutions:
            self._solutions[structure] = self._solve(self.table(structure), progress, cancel)
        return self._solutions[structure]

    def is_solved(self, structure: int) -> bool:
        return structure in self._solutions

    def nodes(self, structure: int) -> list[Node]:
        """The nodes of a structure that this drill's ``position`` selects (reach not
        checked)."""
        position = self.config.position
        nodes = [node for node in self.table(structure).nodes()
                 if position == "both" or node.action == position
                 or node.position.lower() == position]
        return nodes

    def _candidates(self) -> list[tuple[int, str, str | None]]:
        """Every (structure, node name, hand group or None) the drill may deal from."""
        out: list[tuple[int, str, str | None]] = []
        for structure in range(len(self.structures)):
            names = [node.name for node in self.nodes(structure)]
            if not self.config.focus:
                out.extend((structure, name, None) for name in names)
                continue
            for cell in self.config.focus:
                if cell.players == self.config.players and cell.node in names \
                        and Variant.parse(cell.variant) is self.variant:
                    out.append((structure, cell.node, cell.hand_group))
        return out

    def next_spot(self, progress: ProgressCallback | None = None,
                  cancel: CancelFlag | None = None) -> TableSpot:
        """Deal the next spot (solving its structure first if needed: ``progress(done,
        total)`` in iterations; a set ``cancel`` raises :class:`~omahanash.errors.Cancelled`).
        """
        candidates = self._candidates()
        if not candidates:
            raise InputError("no spots to deal: no leaks of this table size and game"
                             if self.config.focus else "no spots to deal")
        config, variant = self.config, self.variant
        game = "holdem" if variant is Variant.HOLDEM else "omaha"
        forced = 0
        for pick in self._rng.permutation(len(candidates)):
            structure, name, group = candidates[int(pick)]
            solution = self.solution(structure, progress, cancel)
            node = solution.spot.find_node(name)
            if solution.spot.forced()[node.player]:
                forced += 1  # all in by the antes and blinds: no decision to ask about
                continue
            reach = {row["node"]: row["reach"] for row in solution.node_summary()}
            if reach[name] < MIN_REACH:
                continue
            play, allin, fold = solution.class_values(node)
            ids = np.asarray(solution.solver.table.class_ids, dtype=np.int64)
            weights = np.asarray(class_combos(game), dtype=np.float64)[ids]
            weights[~(np.isfinite(allin) & np.isfinite(fold))] = 0.0
            groups = group_index(variant)[ids]
            scale = self._unit_per_bb(solution.spot)
            if config.close:
                diff = np.nan_to_num(allin - fold) / scale
                weights[np.abs(diff) > config.close_threshold_bb] = 0.0
            if group is not None:
                weights[np.asarray(group_names(variant))[groups] != group] = 0.0
            total = weights.sum()
            if total > 0:
                break
        else:
            if forced == len(candidates):
                raise InputError.naming("ante", "no decision to train: the ante "
                                        f"({config.ante:g} bb) and the blinds put every "
                                        "seat of this drill all in before it acts")
            raise InputError("no hand fits: no node of this drill has a hand with |Diff_EV| <= "
                             f"{config.close_threshold_bb:g} bb" if config.close else
                             "no hand fits: no node of this drill is reached often enough")
        index = int(self._rng.choice(len(weights), p=weights / total))
        class_id = int(ids[index])
        members = class_members(variant, class_id)
        cards = members[int(self._rng.integers(len(members)))]
        looked = solution.lookup(class_id, name)
        table = solution.spot
        stacks_bb = tuple(float(s) for s in self.structures[structure])
        hero = node.player
        others = [s for k, s in enumerate(stacks_bb) if k != hero]
        pool = table.prize_pool
        pct = (lambda value: 100.0 * value / pool) if table.model == "icm" else None
        self.current = TableSpot(
            number=len(self.answers) + 1, variant=variant, position=node.position.lower(),
            stack_bb=min(stacks_bb[hero], max(others)), ante_bb=float(config.ante),
            class_id=class_id, hand=format_cards(sorted(cards, reverse=True)),
            hand_group=group_names(variant)[int(groups[index])],
            frequency=float(np.clip(looked["play_pct"] / 100.0, 0.0, 1.0)),
            allin_ev_bb=float(looked["play_ev"]) / scale,
            fold_ev_bb=float(looked["fold_ev"]) / scale, close=config.close,
            players=table.players, node=node.name, payouts=config.payouts,
            stacks_bb=stacks_bb,
            pushers=tuple(table.positions[k] for k in range(hero) if node.mask >> k & 1),
            allin_ev_pct=None if pct is None else pct(float(looked["play_ev"])),
            fold_ev_pct=None if pct is None else pct(float(looked["fold_ev"])),
            prize_per_bb=scale, prize_pool=pool if pct is not None else 0.0,
            tolerance_bb=tolerance_of(solution.nash_conv) / scale)
        self._shown_at = time.monotonic()
        return self.current

    @staticmethod
    def _unit_per_bb(table: PushFoldSpot) -> float:
        """The model's unit per big blind: chips, or prize at the average chip value."""
        if table.model != "icm":
            return table.bb
        return table.prize_pool * table.bb / float(sum(table.stacks))

    def answer(self, action: str, seconds: float | None = None) -> TableAnswer:
        """Grade ``action`` for the current spot by the decision rule, store it in the
        history and return it (as :meth:`omahanash.trainer.drill.Drill.answer`)."""
        spot = self.current
        if spot is None:
            raise InputError("no spot to answer: deal one with next_spot() first")
        scale = spot.prize_per_bb
        verdict = grade(action, spot.frequency, spot.allin_ev_bb * scale,
                        spot.fold_ev_bb * scale, bb=scale, tolerance=spot.tolerance_bb * scale)
        if seconds is None:
            seconds = time.monotonic() - self._shown_at
        elif isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not np.isfinite(seconds) or seconds < 0:
            raise InputError(f"seconds must be a number >= 0, got {seconds!r}")
        lost_pct = 100.0 * verdict.ev_lost_bb * scale / spot.prize_pool \
            if spot.prize_pool > 0 else None
        record = AnswerRecord(
            answered_at=datetime.now(UTC).isoformat(timespec="seconds"),
            session=self.session, variant=str(spot.variant), position=spot.position,
            stack_bb=spot.stack_bb, ante_bb=spot.ante_bb, class_id=spot.class_id,
            hand=spot.hand, hand_group=spot.hand_group, action=verdict.action,
            best_action=verdict.best_action, frequency=spot.frequency,
            allin_ev_bb=spot.allin_ev_bb, fold_ev_bb=spot.fold_ev_bb,
            ev_lost_bb=verdict.ev_lost_bb, correct=verdict.correct, seconds=float(seconds),
            close=spot.close, players=spot.players, node=spot.node, payouts=spot.payouts,
            stacks="/".join(f"{s:g}" for s in spot.stacks_bb),
            allin_ev_pct=spot.allin_ev_pct, fold_ev_pct=spot.fold_ev_pct,
            ev_lost_pct=lost_pct)
        if self.history is not None:
            self.history.add(record)
        result = TableAnswer(spot, verdict, float(seconds), record)
        self.answers.append(result)
        self.current = None
        return result

    def statistics(self) -> Statistics:
        """This session's statistics."""
        return summarize(answer.record for answer in self.answers)


def table_leak_cells(statistics: Statistics, count: int, game: str,
                     players: int) -> tuple[Cell, ...]:
    """The cells of the ``count`` worst weak spots of ``game`` at tables of ``players``: the
    ``focus`` of "drill my leaks" at a table.

    >>> from omahanash.trainer.stats import example_record, summarize
    >>> row = example_record(correct=False, ev_lost_bb=0.5, players=3, node="BB vs BTN",
    ...                      position="bb")
    >>> [c.label for c in table_leak_cells(summarize([row]), 3, "holdem", 3)]
    ["Texas Hold'em · 3 players · BB vs BTN calls · 6-10 bb · offsuit A"]
    """
    variant = Variant.parse(game)
    cells = [s.cell for s in statistics.weak_spots if isinstance(s.cell, Cell)
             and s.cell.players == players and Variant.parse(s.cell.variant) is variant]
    return tuple(cells[:max(0, count)])


def spot_json(answer: TableAnswer) -> dict[str, Any]:
    """One answered table spot as JSON-ready values (an entry of ``answers`` in ``omahanash
    train --players N --json``; README "Trainer at the full table")."""
    spot, record = answer.spot, answer.record
    return {"number": spot.number, "players": spot.players, "node": spot.node,
            "position": spot.position, "payouts": spot.payouts,
            "stacks_bb": list(spot.stacks_bb), "hand": spot.hand, "action": record.action,
            "best_action": record.best_action, "verdict": answer.grade_verdict,
            "frequency": spot.frequency, "allin_ev_bb": spot.allin_ev_bb,
            "fold_ev_bb": spot.fold_ev_bb, "ev_lost_bb": record.ev_lost_bb,
            "allin_ev_pct": spot.allin_ev_pct, "fold_ev_pct": spot.fold_ev_pct,
            "ev_lost_pct": record.ev_lost_pct}
