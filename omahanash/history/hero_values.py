"""The hero's two EVs at one node of a push/fold table, measured on deals of the hero's own
cards: what a review needs of a table spot, to a precision it states.

A table's solve (:class:`~omahanash.pushfold.solver.PushFoldSolver`) measures every class's
EVs on its own sampled deals, a few hundred per class and seat at the default counts (one
board each), so the EVs of one hand are noisy. The review asks about one hand only: with
the other players' strategies fixed (a solution's average strategy), :func:`hero_deals` deals
``count`` tables where the hero's seat holds the hero's cards and the other seats random
disjoint hands (uniformly: seat by seat, a hand drawn among those disjoint from the cards
already dealt), and a board from the cards left; :func:`hero_values` walks them with the
table's own pass (:func:`omahanash.pushfold.kernels.deal_pass`) and reads the hero's class at
the node: the EV of playing, of folding, their difference, and its standard error from
``batches`` independent batches of the deals (each batch a deal sample of its own).

>>> from omahanash.equity.tables import load_table
>>> from omahanash.pushfold import PushFoldSpot
>>> from omahanash.pushfold.solver import PushFoldSolver
>>> spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
>>> solver = PushFoldSolver.from_problem(spot, deals=5_000)
>>> solver.step(20)
>>> node = spot.find_node("BB vs BTN")
>>> deals = hero_deals(spot, solver.table, node.player, "Ah Ad", 4_000, seed=1)
>>> values = hero_values(solver, node, "Ah Ad", deals)
>>> values.diff > 10 * values.error > 0   # calling aces is far better than folding them
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from omahanash.cards import Variant, parse_hand
from omahanash.equity.tables import class_data
from omahanash.errors import InputError
from omahanash.evaluate import evaluate_holdem, evaluate_omaha_hi, evaluate_omaha_lo
from omahanash.hands import parse_class
from omahanash.pushfold.deals import Deals
from omahanash.pushfold.kernels import deal_pass
from omahanash.runs import kernel_flag, raise_if_stopped

#: Batches the hero's deals are cut into for the standard error of the EV difference.
BATCHES = 8
#: Pieces of one pass (a pass's arrays are this many copies of the strategy's shape).
_CHUNKS = 2
#: Redraws of a seat's hand (all the rows at once) before a subset table is said too small.
_MAX_REDRAWS = 10_000


@dataclass(frozen=True)
class HeroValues:
    """The hero's class at one node: EV of playing (push or call) and of folding, in the
    model's unit, ``diff = play_ev - fold_ev`` and ``error``, its standard error over the
    deals (the solution's strategies taken as they are); ``deals`` walked, ``reach`` the
    share of them that reach the node."""

    play_ev: float
    fold_ev: float
    diff: float
    error: float
    deals: int
    reach: float


@lru_cache(maxsize=4)
def _members(game: str, subset: tuple[int, ...] | None) -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """``(member cards, member masks, member class positions)`` of a table's classes."""
    data = class_data(game, None if subset is None else np.asarray(subset, np.int64))
    positions = np.repeat(np.arange(data.class_ids.size, dtype=np.int32),
                          np.diff(data.member_offsets))
    return data.member_cards, data.member_masks, positions


def _table_members(variant: Variant, table: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    game = "holdem" if variant is Variant.HOLDEM else "omaha"
    ids = np.asarray(table.class_ids, np.int64)
    full = ids.size == (169 if game == "holdem" else 16432)
    return _members(game, None if full else tuple(int(c) for c in ids))


def hero_deals(spot: Any, table: Any, seat: int, cards: str, count: int, seed: int = 0,
               batches: int = BATCHES) -> list[Deals]:
    """``batches`` samples of about ``count / batches`` deals each (see the module): the
    hero's ``cards`` at ``seat`` of ``spot`` (a :class:`~omahanash.pushfold.PushFoldSpot`),
    the other seats' hands drawn from the classes of ``table``, a board; seeded."""
    variant = Variant.parse(spot.variant)
    if isinstance(count, bool) or not isinstance(count, int) or count < batches:
        raise InputError(f"count must be a whole number >= {batches}, got {count!r}")
    hero = np.asarray(parse_hand(cards, str(variant)), np.int64)
    hero_position = table.position(parse_class(cards, "holdem" if variant is Variant.HOLDEM
                                               else "omaha"))
    member_cards, member_masks, member_class = _table_members(variant, table)
    players, width = spot.players, hero.size
    rng = np.random.default_rng([seed, seat, int(np.bitwise_or.reduce(1 << hero))])
    hero_mask = np.uint64(int(np.bitwise_or.reduce(np.left_shift(1, hero))))
    out = []
    for batch in range(batches):
        rows = count // batches + (1 if batch < count % batches else 0)
        hands = np.empty((rows, players, width), np.int8)
        classes = np.empty((rows, players), np.int32)
        used = np.full(rows, hero_mask, np.uint64)
        for other in range(players):
            if other == seat:
                hands[:, other] = hero
                classes[:, other] = hero_position
                continue
            pick = rng.integers(0, member_masks.size, rows)
            for _ in range(_MAX_REDRAWS):
                clash = (member_masks[pick] & used) != 0
                if not clash.any():
                    break
                pick[clash] = rng.integers(0, member_masks.size, int(clash.sum()))
            else:
                raise InputError(f"the table's classes deal {players} disjoint hands with "
                                 f"{cards} too rarely")
            used |= member_masks[pick]
            hands[:, other] = member_cards[pick]
            classes[:, other] = member_class[pick]
        boards = np.empty((rows, 5), np.int8)
        for card in range(5):
            draw = rng.integers(0, 52, rows)
            while True:
                clash = (used >> draw.astype(np.uint64)) & np.uint64(1) != 0
                if not clash.any():
                    break
                draw[clash] = rng.integers(0, 52, int(clash.sum()))
            used |= np.left_shift(np.uint64(1), draw.astype(np.uint64))
            boards[:, card] = draw
        hi, lo = _strengths(variant, hands, boards)
        order = np.lexsort(classes.T[::-1])  # neighbouring trees look alike: a faster walk
        out.append(Deals(np.ascontiguousarray(classes[order]), np.full(rows, 1.0 / rows),
                         np.ascontiguousarray(hi[order]), np.ascontiguousarray(lo[order]),
                         False, seed, rows))
    return out


def _strengths(variant: Variant, hands: np.ndarray, boards: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """High and low values of ``hands (D, n, k)`` on ``boards (D, 5)``, as ``(D, n)``."""
    count, players, width = hands.shape
    flat = np.ascontiguousarray(hands.reshape(count * players, width))
    boards_rep = np.repeat(boards, players, axis=0)
    hi = evaluate_holdem(flat, boards_rep) if variant is Variant.HOLDEM \
        else evaluate_omaha_hi(flat, boards_rep)
    lo = evaluate_omaha_lo(flat, boards_rep) if variant is Variant.OMAHA_HILO \
        else np.zeros(flat.shape[0], np.uint8)
    return (np.ascontiguousarray(hi.astype(np.int32).reshape(count, players)),
            np.ascontiguousarray(lo.astype(np.int32).reshape(count, players)))


def hero_values(solver: Any, node: Any, cards: str, deals: list[Deals],
                sigma: np.ndarray | None = None) -> HeroValues:
    """The hero's EVs at ``node`` (a :class:`~omahanash.pushfold.spot.Node` of the solver's
    spot) with ``cards``, under ``sigma`` (default the solver's average strategy), measured
    on ``deals`` (:func:`hero_deals` of the same seat and cards)."""
    variant = Variant.parse(solver.spot.variant)
    position = solver.table.position(parse_class(cards, "holdem" if variant is Variant.HOLDEM
                                                 else "omaha"))
    strategy = solver.average() if sigma is None else sigma
    payouts = solver.payouts
    diffs, weights, play_sum, fold_sum, reach_sum = [], [], 0.0, 0.0, 0.0
    total = 0
    for batch in deals:
        stop = kernel_flag()  # a Stop of the review's cancel_scope: Cancelled
        cfv, reach, _ = deal_pass(batch.classes, batch.weights, batch.hi, batch.lo,
                                  solver.hilo, strategy, solver.storage, solver.scale,
                                  solver.classes_n, solver.values, solver.stacks,
                                  solver.antes, solver.blinds, payouts, solver.icm, _CHUNKS,
                                  stop)
        raise_if_stopped(stop)
        seen = float(reach[node.index, position])
        rows = batch.rows
        total += rows
        if seen <= 0:
            continue
        play = float(cfv[node.index, position, 1])
        fold = float(cfv[node.index, position, 0])
        diffs.append((play - fold) / seen)
        weights.append(seen * rows)
        play_sum += play * rows
        fold_sum += fold * rows
        reach_sum += seen * rows
    if reach_sum <= 0:
        raise InputError(f"the node {node.name} is never reached with {cards} at this "
                         "equilibrium")
    play_ev, fold_ev = play_sum / reach_sum, fold_sum / reach_sum
    diff = play_ev - fold_ev
    if len(diffs) > 1:
        w = np.asarray(weights) / sum(weights)
        spread = float(np.sum(w * (np.asarray(diffs) - diff) ** 2) / (1.0 - np.sum(w ** 2)))
        error = math.sqrt(spread * float(np.sum(w ** 2)))
    else:
        error = math.inf
    return HeroValues(play_ev, fold_ev, diff, error, total, reach_sum / total)
