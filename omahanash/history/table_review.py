"""Judging push/fold decisions at a table of 3 to 10 players (the review's table half).

Each :class:`~omahanash.history.table_spots.TableSpot` is judged against the equilibrium of
its own table, :func:`omahanash.pushfold.solve_pushfold` of the
:class:`~omahanash.pushfold.PushFoldSpot` with the hand's stacks (chips, preflop order), the
header's blinds, the ante or big-blind ante and the payouts, solved with the same settings as
``omahanash solve --stacks ... --payouts P [--iterations N --deals D --seed S]``, so the EVs of
a spot are those ``solve --lookup CARDS --node NODE`` prints for it. Solutions come from the
cache of equilibria for tables (:func:`omahanash.pushfold.cache.table_equilibrium`: this
process, then ``<cache>/nash/tables/``, else solved and kept), which ``solve`` shares.

**Payouts** (:func:`payouts_for`): those given (``--payouts``), else those the file says
(:func:`~omahanash.history.table_spots.file_payouts`), else chip EV, said in the report.

**Units.** ``play_ev``/``fold_ev`` are the engine's (chips, or prize in the payouts' unit);
``ev_lost_pool_pct`` is the EV lost in % of the prize pool (ICM); ``allin_ev``, ``fold_ev`` and
``ev_lost_bb`` are in big blinds: chip EV divided by the big blind, or with ICM the prize turned
into chips at the table's average value of a chip (pool / chips in play), a chip-equivalent
that lets a session's grade add heads-up and table spots.

The verdict is the one decision rule's (:func:`omahanash.jamfold.decision.judge`) with the
equilibrium's play frequency of the hand at its node and the solve's precision as its
tolerance: the full solve's NashConv, or the fast judge's error of ``play_ev - fold_ev``.
"""

from __future__ import annotations

import functools
import logging
import os
from dataclasses import dataclass
from typing import Any

from omahanash.errors import Cancelled, InputError
from omahanash.history.grading import severity
from omahanash.history.table_fast import FastJudge
from omahanash.history.table_spots import TableSpot, file_payouts
from omahanash.history.tree_spots import TreeSpot
from omahanash.jamfold.decision import judge, tolerance_of
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.cache import table_equilibrium
from omahanash.pushfold.payouts import parse_payouts, payouts_label
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableSettings:
    """How table spots are judged: fast (:mod:`~omahanash.history.table_fast`: the hero's
    decision resolved beyond the quick solves' noise, close ones on the full solve) or
    ``precise`` (every spot on the full solve). The full solve's settings: ``iterations``
    (None: to the engine's default NashConv target), sampled ``deals`` (None: the engine's
    default), ``seed``; as ``omahanash solve``'s ``--iterations``, ``--deals`` and ``--seed``.
    ``precise`` None (the default) is fast unless one of those is given.

    >>> TableSettings().fast, TableSettings(precise=True).fast, TableSettings(deals=300).fast
    (True, False, False)
    >>> TableSettings(deals=300, precise=False).fast   # fast, close spots on 300 deals
    True
    """

    iterations: int | None = None
    deals: int | None = None
    seed: int = 0
    precise: bool | None = None

    def __post_init__(self) -> None:
        # checked here, before any work (a seed past 2**64 was a numba traceback mid-review)
        check_seed(self.seed, "--table-seed")
        for name, value in (("--table-iterations", self.iterations),
                            ("--table-deals", self.deals)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 1 <= value <= 100_000_000):
                raise InputError(f"{name} must be a whole number 1..100,000,000, got {value!r}")
        if self.precise not in (None, True, False):
            raise InputError(f"precise must be True, False or None, got {self.precise!r}")

    @property
    def fast(self) -> bool:
        """Judged fast (see the class)."""
        if self.precise is not None:
            return not self.precise
        return self.iterations is None and self.deals is None and self.seed == 0

    def as_dict(self) -> dict:
        return {"iterations": self.iterations, "deals": self.deals, "seed": self.seed,
                "precise": not self.fast}


def payouts_for(spot: TableSpot | TreeSpot, given: str | None) -> tuple[str | None, str]:
    """The payouts a spot is judged with and where they come from: ``(payouts or None for
    chip EV, source)``; the source is ``"given"``, the recognised format, or why chip EV
    (``"the file does not say the payouts"``). Payouts paying more places than players left
    are cut to the players left."""
    if given is not None:
        text, source = given, "given"
    else:
        found = file_payouts(spot.hand)
        if found is None:
            return None, "the file does not say the payouts"
        source, text = found
    if text.strip().lower() in ("chips", "chip", "cev", "chip-ev"):
        return None, "given"

    amounts = parse_payouts(text)
    if amounts is not None and amounts.size > spot.players:
        amounts = amounts[:spot.players]  # the places of the players still at the table
    return payouts_label(amounts), source


def pushfold_spot(spot: TableSpot, payouts: str | None):  # noqa: ANN201
    """The :class:`~omahanash.pushfold.PushFoldSpot` of a table spot."""
    hand = spot.hand
    return PushFoldSpot(hand.variant, spot.stacks, hand.sb, hand.bb, spot.ante, payouts,
                        spot.bb_ante)


def table_solution(game: Any, settings: TableSettings, table: Any,
                   cache_dir: str | os.PathLike | None, persist: bool = True,
                   cancel: CancelFlag | None = None) -> Any:
    """The solved table ``game`` (a PushFoldSpot) with ``settings``, through the cache of
    equilibria for tables (:func:`omahanash.pushfold.cache.table_equilibrium`: this
    process's memory, the disk cache, or solved now and kept unless stopped)."""
    solution = table_equilibrium(game, deals=settings.deals, seed=settings.seed,
                                 iterations=settings.iterations, table=table,
                                 cache_dir=cache_dir, persist=persist, cancel=cancel)
    if solution.stopped:
        raise Cancelled("the review was cancelled")
    return solution


def judge_table_spot(spot: TableSpot, game: Any, solution: Any, source: str,
                     precision: str = "full") -> dict[str, Any]:
    """The fields of the spot's :class:`~omahanash.history.review.SpotReview` on the solved
    table ``solution`` (see the module for the units)."""
    found = solution.lookup(spot.cards, spot.node)
    play_ev, fold_ev = found["play_ev"], found["fold_ev"]
    if play_ev is None or fold_ev is None:
        raise InputError(f"the node {spot.node} is never reached with {spot.cards} at this "
                         "equilibrium")
    return table_fields(spot, game, play_ev, fold_ev, found["play_pct"] / 100.0, source,
                        precision, tolerance=tolerance_of(getattr(solution, "nash_conv", None)))


def table_fields(spot: TableSpot, game: Any, play_ev: float, fold_ev: float,
                 frequency: float, source: str, precision: str,
                 ev_diff_error: float | None = None,
                 tolerance: float | None = None) -> dict[str, Any]:
    """The fields of a :class:`~omahanash.history.review.SpotReview` from the hero's two EVs
    (the model's unit), the equilibrium's play ``frequency`` of the hand, how precisely they
    were measured (``precision``, and ``ev_diff_error`` of ``play_ev - fold_ev``) and the
    decision rule's ``tolerance`` (the model's unit; None: ``ev_diff_error``)."""
    hand = spot.hand
    frequency = min(max(frequency, 0.0), 1.0)
    allowed = tolerance_of(ev_diff_error) if tolerance is None else tolerance
    decision = judge("allin" if spot.aggressive else "fold", play_ev, fold_ev, frequency,
                     allowed)
    icm = game.model == "icm"
    if icm:
        pool = game.prize_pool
        chips_per_unit = sum(game.stacks) / pool
        to_bb = chips_per_unit / hand.bb
        lost_pct: float | None = 100.0 * decision.ev_lost / pool
    else:
        to_bb = 1.0 / hand.bb
        lost_pct = None
    aggressive = "call" if game.find_node(spot.node).action == "call" else "push"
    lost_bb = decision.ev_lost * to_bb
    return {
        "hand_id": hand.hand_id, "file": hand.source, "line": hand.line,
        "variant": str(game.variant), "position": spot.position, "sb": hand.sb,
        "bb": hand.bb, "ante": spot.ante or spot.bb_ante, "dead_money": 0.0,
        "stack_bb": spot.stack_bb, "grid_stack_bb": spot.stack_bb, "cards": spot.cards,
        "action": spot.action, "nash_action": aggressive if frequency >= 0.5 else "fold",
        "nash_frequency": max(frequency, 1.0 - frequency),
        "allin_ev": play_ev * to_bb, "fold_ev": fold_ev * to_bb, "ev_lost_bb": lost_bb,
        "severity": severity(lost_bb),
        "best_action": aggressive if decision.best_action == "allin" else "fold",
        "verdict": decision.verdict, "players": spot.players, "node": spot.node,
        "model": game.model, "payouts": game.payouts_text, "payouts_source": source,
        "unit": "prize" if icm else "chips", "play_ev": play_ev, "fold_ev_unit": fold_ev,
        "ev_lost_pool_pct": lost_pct, "note": spot.note, "stacks": spot.stacks,
        "precision": precision,
        "ev_diff_error": None if ev_diff_error is None else ev_diff_error * to_bb,
        "tolerance_bb": allowed * to_bb, "bb_ante": spot.bb_ante}


class TableJudging:
    """The table spots of a review judged one unit at a time (the review's progress and
    stop run between units): with ``settings.fast`` a unit is a spot
    (:class:`~omahanash.history.table_fast.FastJudge`), else a distinct table (solved, then
    each of its spots judged). ``results()`` gives, in the spots' order, the review fields
    of each spot judged so far or why it is outside the model; a stop keeps them all.

    ``assigned`` is, per spot, ``(its table game, where the payouts came from)`` or
    ``(None, why it is outside the model)``; ``table(variant)`` the variant's equity table.
    """

    def __init__(self, spots: list[TableSpot], assigned: list[tuple[Any, str]],
                 settings: TableSettings, table: Any, cache_dir: str | os.PathLike | None,
                 persist: bool, cancel: CancelFlag | None) -> None:
        self.spots = spots
        self.assigned = assigned
        self.settings = settings
        self._table = table
        self.cache_dir = cache_dir
        self.persist = persist
        self.cancel = cancel
        self.solved: dict[Any, Any] = {}
        self.done: dict[int, dict[str, Any] | str] = {}
        for index, (game, source) in enumerate(assigned):
            if game is None:
                self.done[index] = source
        if settings.fast:
            self.units: list[Any] = [index for index, (game, _) in enumerate(assigned)
                                     if game is not None]
        else:
            self.units = list(dict.fromkeys(game for game, _ in assigned if game is not None))
        self.fast = FastJudge(cache_dir=cache_dir, persist=persist, cancel=cancel,
                              full=self._solution) if settings.fast else None

    def _solution(self, game: Any) -> Any:
        if game not in self.solved:
            self.solved[game] = table_solution(game, self.settings,
                                               self._table(str(game.variant)),
                                               self.cache_dir, self.persist, self.cancel)
        return self.solved[game]

    def step(self, unit: int) -> None:
        """Judge unit number ``unit`` (a :class:`~omahanash.errors.Cancelled` keeps what is
        done)."""
        if self.fast is None:
            game = self.units[unit]
            solution = self._solution(game)
            for index, (other, source) in enumerate(self.assigned):
                if other == game:
                    self.done[index] = self._judged(functools.partial(
                        judge_table_spot, self.spots[index], game, solution, source))
            return
        index = self.units[unit]
        game, source = self.assigned[index]
        spot = self.spots[index]
        self.fast.tables.setdefault(str(game.variant), self._table(str(game.variant)))

        def fields() -> dict[str, Any]:
            found = self.fast.judge(spot, game)  # type: ignore[union-attr]
            if found.precision == "full":
                return judge_table_spot(spot, game, found.solution, source)
            return table_fields(spot, game, found.play_ev, found.fold_ev, found.frequency,
                                source, "fast", found.error)

        self.done[index] = self._judged(fields)

    @staticmethod
    def _judged(make: Any) -> dict[str, Any] | str:
        try:
            return make()
        except InputError as error:  # cards not in a subset table, a node never reached
            return f"cannot look the cards up: {error}"

    def results(self, stopped: str | None = None
                ) -> list[tuple[TableSpot, dict[str, Any] | str]]:
        """``(spot, review fields or the reason it is outside)`` of every spot done, in
        order; with ``stopped`` (the reason a Stop gives), every spot not judged before the
        Stop too, outside for that reason."""
        done = dict(self.done)
        if stopped is not None:
            for index in range(len(self.spots)):
                done.setdefault(index, stopped)
        return [(self.spots[index], done[index]) for index in sorted(done)]
