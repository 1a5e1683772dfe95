"""Charts: the push/fold equilibrium of a table over many stacks, one solve per stack.

A chart is a list of stack vectors (equal stacks over a grid of big blinds, ``2:20:0.5``, or
listed vectors) at one table: game, players, blinds, antes, payouts. Every vector is an
independent :func:`~omahanash.pushfold.solve_pushfold` run (seeded by the chart's ``seed``,
never by the worker or the order), so the chart is one job of :func:`~omahanash.cluster.
run_blocks` with one item per stack vector: it runs in this process, on a ``local:N`` Dask
cluster or on a running one, resumes from the finished stacks after a crash (``store_path``)
and is bit-identical on every engine.

Each stack's result is one float64 row: every node's chance to play per class (the average
strategy, mixed where the equilibrium mixes), every node's play % of all hands and its reach,
each player's EV (chips and prize) and best-response gain, NashConv and the iterations run.
:class:`Chart` reads the rows back.

>>> chart = solve_chart("holdem", 3, [4, 6], iterations=4, deals=2_000)
>>> [round(s[0], 1) for s in chart.stacks_bb], chart.node_names[:2]
([4.0, 6.0], ['BTN', 'SB'])
>>> 0 <= chart.percent(1, "BTN") <= 100
True
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.cluster import Scheduler, run_blocks
from omahanash.equity.tables import normalize_subset, table_for, table_meta
from omahanash.errors import InputError
from omahanash.hands import class_cards, num_classes
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.chart_defaults import DEFAULT_CHART_DEALS, DEFAULT_ITERATIONS
from omahanash.ranges.combos import hand_classes
from omahanash.ranges.core import Range
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.savefile import writes_in_place

__all__ = ["Chart", "ChartSettings", "parse_stack_grid", "solve_chart"]

MAX_STACKS = 10_000  # stack vectors in one chart


@dataclass(frozen=True)
class ChartSettings:
    """What every stack of a chart shares: the table and how each stack is solved (chips:
    ``sb``, ``bb``, ``ante``, ``bb_ante``; stacks are given in big blinds). Picklable, sent
    to the workers with each item."""

    game: str
    players: int
    sb: float = 50.0
    bb: float = 100.0
    ante: float = 0.0
    bb_ante: float = 0.0
    payouts: str | None = None
    iterations: int = DEFAULT_ITERATIONS
    deals: int = DEFAULT_CHART_DEALS
    seed: int = 0
    cache_dir: str | None = None
    #: A class-subset equity table (Omaha; tests and small experiments), None: all classes;
    #: kept as the tuple :func:`subset_ids` makes of it (sorted, unique).
    class_ids: Sequence[int] | None = None

    def __post_init__(self) -> None:
        # the one place a chart's class list is checked and put in order
        object.__setattr__(self, "class_ids", subset_ids(self.game, self.class_ids))

    def spot(self, stacks_bb: Sequence[float]):
        """The :class:`~omahanash.pushfold.PushFoldSpot` of one stack vector (in big blinds).

        >>> ChartSettings("holdem", 3).spot([10, 10, 10]).stacks
        (1000.0, 1000.0, 1000.0)
        """
        return PushFoldSpot(self.game, [s * self.bb for s in stacks_bb], self.sb, self.bb,
                            self.ante, self.payouts, self.bb_ante)

    def layout(self) -> tuple[list[Any], int]:
        """The table's nodes (preflop order of :meth:`PushFoldSpot.nodes`) and its classes."""
        spot = self.spot([100.0] * self.players)
        game = "holdem" if spot.variant is Variant.HOLDEM else "omaha"
        if self.class_ids is not None:
            return spot.nodes(), len(self.class_ids)
        return spot.nodes(), num_classes(game)

    def ids(self) -> np.ndarray:
        """The class ids of the table's classes, in its order.

        >>> ChartSettings("omaha-hi", 3, class_ids=[715, 0, 715]).ids().tolist()
        [0, 715]
        """
        if self.class_ids is not None:
            return np.array(self.class_ids, dtype=np.int64)
        game = "holdem" if Variant.parse(self.game) is Variant.HOLDEM else "omaha"
        return np.arange(num_classes(game), dtype=np.int64)

    def row_length(self) -> int:
        nodes, classes = self.layout()
        return len(nodes) * (classes + 2) + 3 * self.players + 2

    def row_problem(self, row: np.ndarray) -> str | None:
        """What cannot be in a stack vector's row (module doc) - a frequency outside 0..1, a
        percent outside 0..100, an EV beyond the chips or the prizes in play, a negative
        NashConv, another iteration count - or None: a job store's rows are checked so.

        >>> settings = ChartSettings("holdem", 3)
        >>> row = np.zeros(settings.row_length()); row[-1] = settings.iterations
        >>> settings.row_problem(row) is None
        True
        >>> row[0] = -0.07
        >>> settings.row_problem(row)
        'a strategy frequency of -0.07 (not 0..1)'
        """
        nodes, classes = self.layout()
        n, players = len(nodes), self.players
        if row.shape != (self.row_length(),):
            return f"{row.size} numbers, not {self.row_length()}"
        strategy = row[:n * classes]
        percent, reach = row[n * classes:n * (classes + 2)].reshape(n, 2).T
        at = n * (classes + 2)
        chips, prize, gains = (row[at:at + players], row[at + players:at + 2 * players],
                               row[at + 2 * players:at + 3 * players])
        nash_conv, iterations = row[-2], row[-1]
        slack = 1e-9
        for values, name, low, high in ((strategy, "a strategy frequency", 0.0, 1.0),
                                        (percent, "a node's percent", 0.0, 100.0),
                                        (reach, "a node's reach", 0.0, 1.0)):
            bad = ~((values >= low - slack) & (values <= high + slack))
            if bad.any():
                return f"{name} of {values[bad][0]:g} (not {low:g}..{high:g})"
        pool = self.spot([100.0] * players).prize_pool
        top = max(self.spot([100.0] * players).stacks) * 1e6  # chips: any stack in play
        if not np.isfinite(chips).all() or (np.abs(chips) > top).any():
            return f"a chip EV of {chips[~(np.abs(chips) <= top)][0]:g}"
        if pool > 0 and not ((np.abs(prize) <= pool * (1 + slack)).all()):
            return f"a prize EV of {prize[~(np.abs(prize) <= pool)][0]:g} (a pool of {pool:g})"
        if not (np.isfinite(gains).all() and nash_conv >= -slack and np.isfinite(nash_conv)):
            return f"a NashConv of {nash_conv:g}"
        if iterations != self.iterations:
            return f"{iterations:g} iterations, not {self.iterations}"
        return None


def parse_stack_grid(text: str) -> list[float]:
    """``FROM:TO:STEP`` (both ends included) or a comma list of stacks in big blinds.

    >>> parse_stack_grid("2:4:0.5")
    [2.0, 2.5, 3.0, 3.5, 4.0]
    >>> parse_stack_grid("5, 10,20")
    [5.0, 10.0, 20.0]
    >>> parse_stack_grid("4:2:1")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --stacks-bb: '4:2:1' needs FROM <= TO and STEP > 0
    """
    value = str(text).strip()
    try:
        numbers = [float(part) for part in value.replace(":", ",").split(",") if part.strip()]
    except ValueError:
        raise InputError(f"--stacks-bb: {value!r} is not FROM:TO:STEP or a list like "
                         "5,10,20 (big blinds)") from None
    if ":" in value:
        if len(numbers) != 3 or value.count(":") != 2:
            raise InputError(f"--stacks-bb: {value!r} is not FROM:TO:STEP")
        first, last, step = numbers
        if not all(math.isfinite(x) for x in numbers) or first > last or step <= 0:
            raise InputError(f"--stacks-bb: {value!r} needs FROM <= TO and STEP > 0")
        count = int(math.floor((last - first) / step + 1e-9)) + 1
        if count > MAX_STACKS:
            raise InputError(f"--stacks-bb: {value!r} makes {count:,} stacks (at most "
                             f"{MAX_STACKS:,})")
        stacks = [round(first + k * step, 9) for k in range(count)]
    else:
        stacks = numbers
    if not stacks or any(not math.isfinite(s) or s <= 0 for s in stacks):
        raise InputError(f"--stacks-bb: {value!r} needs stacks > 0 big blinds")
    return stacks


def _table_meta(settings: ChartSettings) -> dict[str, Any]:
    """The store's record of the equity table (:func:`~omahanash.equity.tables.
    table_meta`); nothing when this process has no such table (a remote cluster's workers
    read their own folder; a local run then fails with the table's own message)."""
    try:
        return table_meta(table_for(settings.game, settings.cache_dir, settings.class_ids))
    except InputError:
        return {}


def _solve_one(settings: ChartSettings, stacks_bb: tuple[float, ...]) -> np.ndarray:
    """One stack vector's row (module doc); what a worker runs."""
    spot = settings.spot(stacks_bb)
    table = table_for(settings.game, settings.cache_dir, settings.class_ids)
    solution = solve_pushfold(spot, iterations=settings.iterations, deals=settings.deals,
                              seed=settings.seed, table=table, cache_dir=settings.cache_dir)
    nodes, classes = settings.layout()
    strategy = solution.strategy()
    if strategy.shape[1] != classes:
        raise InputError(f"the {spot.variant} table has {strategy.shape[1]} classes, a chart "
                         f"needs all {classes}")
    summary = solution.node_summary()
    ev = solution.ev
    parts = [strategy[[node.index for node in nodes]].ravel(),
             np.array([[row["percent"], row["reach"]] for row in summary]).ravel(),
             np.array([row["chips"] for row in ev]),
             np.array([math.nan if row["prize"] is None else row["prize"] for row in ev]),
             np.asarray(solution.gains, dtype=np.float64),
             np.array([solution.nash_conv, float(solution.iterations)])]
    return np.concatenate(parts)


@dataclass
class Chart:
    """A solved chart: ``settings``, ``stacks_bb`` (one vector per row) and ``rows``
    (float64, one per stack vector; the layout of the module doc)."""

    settings: ChartSettings
    stacks_bb: list[tuple[float, ...]]
    rows: np.ndarray

    def __post_init__(self) -> None:
        nodes, classes = self.settings.layout()
        self._nodes = nodes
        self._classes = classes

    @property
    def nodes(self) -> list[Any]:
        """The table's nodes (name, position, action), preflop order."""
        return list(self._nodes)

    @property
    def node_names(self) -> list[str]:
        return [node.name for node in self._nodes]

    def _node(self, name: str) -> int:
        for k, node in enumerate(self._nodes):
            if node.name == name:
                return k
        raise InputError(f"node {name!r} is not one of {', '.join(self.node_names)}")

    def play(self, row: int, node: str) -> np.ndarray:
        """Chance to play per class (class-id order) at ``node`` for stack vector ``row``."""
        k = self._node(node)
        return self.rows[row, k * self._classes:(k + 1) * self._classes]

    def _tail(self, row: int) -> np.ndarray:
        return self.rows[row, len(self._nodes) * self._classes:]

    def percent(self, row: int, node: str) -> float:
        """Play % of all starting hands at ``node``."""
        return float(self._tail(row)[2 * self._node(node)])

    def reach(self, row: int, node: str) -> float:
        return float(self._tail(row)[2 * self._node(node) + 1])

    def ev(self, row: int) -> tuple[np.ndarray, np.ndarray]:
        """Each player's EV: chips (change of stack) and prize (NaN in chip EV)."""
        n = self.settings.players
        start = 2 * len(self._nodes)
        tail = self._tail(row)
        return tail[start:start + n], tail[start + n:start + 2 * n]

    def gains(self, row: int) -> np.ndarray:
        n = self.settings.players
        start = 2 * len(self._nodes) + 2 * n
        return self._tail(row)[start:start + n]

    def nash_conv(self, row: int) -> float:
        return float(self._tail(row)[-2])

    def iterations(self, row: int) -> int:
        return int(self._tail(row)[-1])

    def range_text(self, row: int, node: str) -> str | None:
        """Hold'em: the classes played more than half the time, as range text (the full
        mixed strategy is :meth:`play`); None for Omaha (16,432 classes)."""
        if self.settings.game != "holdem":
            return None

        played = (self.play(row, node) > 0.5).astype(np.float64)
        if not played.any():
            return ""
        return Range(Variant.HOLDEM, "", played[hand_classes("holdem")]).to_text()

    def document(self, classes: bool = True) -> dict[str, Any]:
        """The JSON document of the chart (``--out``; ``classes=False``: without the
        per-class play chances, the ``--json`` summary)."""
        s = self.settings
        spot = s.spot(self.stacks_bb[0]) if self.stacks_bb else s.spot([100.0] * s.players)
        spots = []
        for row, stacks in enumerate(self.stacks_bb):
            chips, prize = self.ev(row)
            nodes = []
            for node in self._nodes:
                entry: dict[str, Any] = {
                    "node": node.name, "position": node.position, "action": node.action,
                    "percent": self.percent(row, node.name),
                    "reach": self.reach(row, node.name)}
                if classes:
                    entry["range"] = self.range_text(row, node.name)
                    entry["play"] = self.play(row, node.name).tolist()
                nodes.append(entry)
            spots.append({
                "stacks_bb": list(stacks), "stacks": [x * s.bb for x in stacks],
                "nash_conv": self.nash_conv(row), "iterations": self.iterations(row),
                "ev": [{"position": pos, "chips": float(chips[i]),
                        "prize": None if math.isnan(prize[i]) else float(prize[i]),
                        "gain": float(self.gains(row)[i])}
                       for i, pos in enumerate(spot.positions)],
                "nodes": nodes})
        out: dict[str, Any] = {
            "game": str(spot.variant), "players": s.players,
            "positions": list(spot.positions), "sb": s.sb, "bb": s.bb, "ante": s.ante,
            "bb_ante": s.bb_ante, "payouts": spot.payouts_text, "model": spot.model,
            "unit": "prize" if spot.model == "icm" else "chips",
            "iterations": s.iterations, "deals": s.deals, "seed": s.seed, "spots": spots}
        if classes:
            game = "holdem" if spot.variant is Variant.HOLDEM else "omaha"
            out["classes"] = [class_cards(game, int(c)) for c in s.ids()]
        return out


def _vectors(players: int, stacks: Sequence[float] | Sequence[Sequence[float]]
             ) -> list[tuple[float, ...]]:
    out: list[tuple[float, ...]] = []
    for entry in stacks:
        if isinstance(entry, (int, float, np.integer, np.floating)) \
                and not isinstance(entry, bool):
            vector: tuple[float, ...] = (float(entry),) * players
        else:
            try:
                vector = tuple(float(x) for x in entry)  # type: ignore[union-attr]
            except (TypeError, ValueError):
                raise InputError(f"stacks: {entry!r} is not a stack or a vector of "
                                 f"{players} stacks (big blinds)") from None
        if len(vector) != players or any(not math.isfinite(x) or x <= 0 for x in vector):
            raise InputError(f"stacks: {list(vector)} must be {players} stacks > 0 "
                             "(big blinds)")
        out.append(vector)
    if not out or len(out) > MAX_STACKS:
        raise InputError(f"stacks: give 1 to {MAX_STACKS:,} stack vectors, got {len(out)}")
    return out


def solve_chart(game: str, players: int,
                stacks: Sequence[float] | Sequence[Sequence[float]], *, sb: float = 50.0,
                bb: float = 100.0, ante: float = 0.0, bb_ante: float = 0.0,
                payouts: str | None = None, iterations: int = DEFAULT_ITERATIONS,
                deals: int = DEFAULT_CHART_DEALS, seed: int = 0,
                cache_dir: str | None = None, class_ids: Sequence[int] | None = None,
                scheduler: str | Scheduler | None = None,
                store_path: str | os.PathLike | None = None,
                progress: ProgressCallback | None = None,
                cancel: CancelFlag | None = None,
                on_stack: Callable[[Chart], None] | None = None) -> Chart:
    """Solve the table at every stack vector (a number: equal stacks; a sequence: one stack
    per seat, preflop order; big blinds) with ``iterations`` CFR+ iterations on ``deals``
    sampled deals (``seed``) on the equity table of ``class_ids`` (a class subset, Omaha; None:
    every class). ``scheduler``, ``store_path``, ``progress`` (stacks done, total)
    and ``cancel`` as :func:`~omahanash.cluster.run_blocks`. ``on_stack(chart)`` is called in
    this thread as each stack finishes (resumed ones too) with the chart of the stacks finished
    so far, in stack order: a live view, and what a cancelled chart finished.

    >>> chart = solve_chart("holdem", 3, [[5, 10, 15]], iterations=4, deals=2_000,
    ...                     payouts="50/30/20")
    >>> chart.document(classes=False)["spots"][0]["stacks"]
    [500.0, 1000.0, 1500.0]
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise InputError(f"--players must be 2 to 10, got {players!r}")
    for name, value, most in (("--iterations", iterations, 1_000_000),
                              ("--deals", deals, 100_000_000)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise InputError(f"{name} must be a whole number 1..{most:,}, got {value!r}")
    settings = ChartSettings(str(Variant.parse(game)), players, float(sb), float(bb),
                             float(ante), float(bb_ante), payouts, iterations, deals,
                             check_seed(seed, "--seed"), cache_dir, class_ids)
    if on_stack is not None and not callable(on_stack):
        raise InputError(f"on_stack must be a function, got {on_stack!r}")
    vectors = _vectors(players, stacks)
    for vector in vectors:  # bad blinds, payouts, stacks: one clear error before any work
        settings.spot(vector)
    job = {k: v for k, v in asdict(settings).items() if k != "cache_dir"}
    job["what"] = "push/fold chart"
    job.update(_table_meta(settings))
    finished: dict[int, np.ndarray] = {}

    def on_item(index: int, row: np.ndarray) -> None:
        assert on_stack is not None
        finished[index] = row  # a view of run_blocks' results (copied just below)
        order = sorted(finished)
        on_stack(Chart(settings, [vectors[i] for i in order],
                       np.array([finished[i] for i in order])))

    rows = run_blocks(functools.partial(_solve_one, settings), vectors,
                      result_shape=(settings.row_length(),), scheduler=scheduler,
                      store_path=store_path, job=job, progress=progress, cancel=cancel,
                      on_item=None if on_stack is None else on_item,
                      check=settings.row_problem)
    return Chart(settings, vectors, np.array(rows))


def subset_ids(game: str, class_ids: Sequence[int] | None) -> tuple[int, ...] | None:
    """The class subset ``class_ids`` of ``game``'s equity table as sorted unique ids (None:
    every class, also when every class is listed); InputError on Hold'em (its exact table has
    all 169 classes) and on ids :func:`~omahanash.equity.tables.normalize_subset` refuses.

    >>> subset_ids("omaha-hi", [715, 0, 715])
    (0, 715)
    >>> subset_ids("holdem", None) is None
    True
    >>> subset_ids("holdem", [0, 1])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --classes: a class subset is for Omaha ...
    """
    if class_ids is None:
        return None

    if Variant.parse(game) is Variant.HOLDEM:
        raise InputError("--classes: a class subset is for Omaha (Hold'em's table has "
                         "all 169 classes)")
    ids = normalize_subset(class_ids)
    return None if ids is None else tuple(int(c) for c in ids)


def check_subset(game: str, class_ids: Sequence[int] | None) -> None:
    """A class subset is for Omaha (Hold'em's exact table has all 169 classes) and its ids
    are valid (:func:`subset_ids`, whose normalised ids this drops)."""
    subset_ids(game, class_ids)


def chart_store(out: str | os.PathLike) -> Path | None:
    """The resumable job store beside a chart's output file; None (results kept in memory)
    for an output written in place - ``/dev/stdout``, a pipe, a device - which has no folder
    of its own to keep a store in (never ``/dev/stdout.job``).

    >>> chart_store("charts/c.json").name, chart_store("/dev/stdout")
    ('c.json.job', None)
    """
    if writes_in_place(out):
        return None
    path = Path(out)
    return path.with_name(path.name + ".job")
