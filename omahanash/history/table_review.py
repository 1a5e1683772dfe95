"""Judging push/fold decisions at a table of 3 to 10 players (the review's table half).

Each :class:`~omahanash.history.table_spots.TableSpot` is judged against the equilibrium of
its own table, :func:`omahanash.pushfold.solve_pushfold` of the
:class:`~omahanash.pushfold.PushFoldSpot` with the hand's stacks (chips, preflop order), the
header's blinds, the ante or big-blind ante and the payouts, solved with the same settings as
``omahanash solve --stacks ... --payouts P [--iterations N --deals D --seed S]``, so the EVs of
a spot are those ``solve --lookup CARDS --node NODE`` prints for it. Solutions are kept per
spot and settings, in this process and as save files under ``<cache>/nash/tables/`` (the
jam-fold cache of equilibria sits below the push/fold engine in the layers, so the table cache
lives here); a file holding another spot or other settings than its name says is solved again.

**Payouts** (:func:`payouts_for`): those given (``--payouts``), else those the file says
(:func:`~omahanash.history.table_spots.file_payouts`), else chip EV, said in the report.

**Units.** ``play_ev``/``fold_ev`` are the engine's (chips, or prize in the payouts' unit);
``ev_lost_pool_pct`` is the EV lost in % of the prize pool (ICM); ``allin_ev``, ``fold_ev`` and
``ev_lost_bb`` are in big blinds: chip EV divided by the big blind, or with ICM the prize turned
into chips at the table's average value of a chip (pool / chips in play), a chip-equivalent
that lets a session's grade add heads-up and table spots.

The verdict is the one decision rule's (:func:`omahanash.jamfold.decision.judge`) with the
equilibrium's play frequency of the hand at its node.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from omahanash.errors import InputError
from omahanash.history.grading import severity
from omahanash.history.table_spots import TableSpot, file_payouts
from omahanash.jamfold.decision import judge
from omahanash.runs import CancelFlag

logger = logging.getLogger(__name__)

_MEMORY: dict[str, Any] = {}
_LOCK = threading.Lock()


@dataclass(frozen=True)
class TableSettings:
    """How table spots are solved: ``iterations`` (None: to the engine's default NashConv
    target), sampled ``deals`` (None: the engine's default), ``seed``; as ``omahanash solve``'s
    ``--iterations``, ``--deals`` and ``--seed``."""

    iterations: int | None = None
    deals: int | None = None
    seed: int = 0

    def as_dict(self) -> dict:
        return {"iterations": self.iterations, "deals": self.deals, "seed": self.seed}


def payouts_for(spot: TableSpot, given: str | None) -> tuple[str | None, str]:
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
    from omahanash.pushfold.payouts import parse_payouts, payouts_label

    amounts = parse_payouts(text)
    if amounts is not None and amounts.size > spot.players:
        amounts = amounts[:spot.players]  # the places of the players still at the table
    return payouts_label(amounts), source


def pushfold_spot(spot: TableSpot, payouts: str | None):  # noqa: ANN201
    """The :class:`~omahanash.pushfold.PushFoldSpot` of a table spot."""
    from omahanash.pushfold import PushFoldSpot

    hand = spot.hand
    return PushFoldSpot(hand.variant, spot.stacks, hand.sb, hand.bb, spot.ante, payouts,
                        spot.bb_ante)


def _key(game: Any, settings: TableSettings, table: Any) -> str:
    from omahanash.jamfold.solution import table_identity

    text = json.dumps({"spot": game.describe(), "settings": settings.as_dict(),
                       "table": table_identity(table)}, sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def table_solution(game: Any, settings: TableSettings, table: Any,
                   cache_dir: str | os.PathLike | None, persist: bool = True,
                   cancel: CancelFlag | None = None) -> Any:
    """The solved table ``game`` (a PushFoldSpot) with ``settings``: from this process's
    memory, the disk cache, or solved now (and kept unless stopped)."""
    from omahanash.equity.tablefile import resolve_cache_dir
    from omahanash.pushfold import PushFoldSolution, solve_pushfold

    key = _key(game, settings, table)
    path = resolve_cache_dir(cache_dir) / "nash" / "tables" / f"{key}.pushfold"
    with _LOCK:
        known = _MEMORY.get(key)
    if known is not None:
        if persist and not path.is_file():  # solved in this process for another cache
            _keep(known, path)
        return known
    solution = None
    if persist and path.is_file():
        try:
            loaded = PushFoldSolution.load(path, table=table)
            if loaded.spot.describe() == game.describe() and (
                    settings.iterations is None
                    or loaded.iterations == settings.iterations):
                solution = loaded
            else:
                logger.info("not using the cached table %s: it holds another spot", path)
        except InputError as error:
            logger.info("not using the cached table %s: %s", path, error)
    if solution is None:
        solution = solve_pushfold(game, iterations=settings.iterations, deals=settings.deals,
                                  seed=settings.seed, table=table, cancel=cancel)
        if solution.stopped:
            from omahanash.errors import Cancelled

            raise Cancelled("the review was cancelled")
        if persist:
            _keep(solution, path)
    with _LOCK:
        _MEMORY[key] = solution
    return solution


def _keep(solution: Any, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        solution.save(path)
    except (OSError, InputError) as error:
        logger.warning("could not cache the table equilibrium in %s: %s", path, error)


def judge_table_spot(spot: TableSpot, game: Any, solution: Any, source: str) -> dict[str, Any]:
    """The fields of the spot's :class:`~omahanash.history.review.SpotReview` (see the
    module for the units)."""
    hand = spot.hand
    found = solution.lookup(spot.cards, spot.node)
    play_ev, fold_ev = found["play_ev"], found["fold_ev"]
    if play_ev is None or fold_ev is None:
        raise InputError(f"the node {spot.node} is never reached with {spot.cards} at this "
                         "equilibrium")
    frequency = min(max(found["play_pct"] / 100.0, 0.0), 1.0)
    decision = judge("allin" if spot.aggressive else "fold", play_ev, fold_ev, frequency)
    icm = game.model == "icm"
    if icm:
        pool = game.prize_pool
        chips_per_unit = sum(game.stacks) / pool
        to_bb = chips_per_unit / hand.bb
        lost_pct: float | None = 100.0 * decision.ev_lost / pool
    else:
        to_bb = 1.0 / hand.bb
        lost_pct = None
    aggressive = "call" if found["action"] == "call" else "push"
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
        "unit": found["unit"], "play_ev": play_ev, "fold_ev_unit": fold_ev,
        "ev_lost_pool_pct": lost_pct, "note": spot.note, "stacks": spot.stacks}
