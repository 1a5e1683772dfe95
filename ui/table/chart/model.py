"""The Table tab's Nash chart without Qt: what its stacks field accepts, the chart a valid form
asks for, the nodes shown at first, the exported rows, the hover text and the status lines.
The page is :mod:`ui.table.chart.panel`; the job is :func:`chart_job` (run by the tab's worker);
tested without a window in ``tests/ui_models/table/chart/test_model.py``.

>>> parse_chart_stacks("2-4"), parse_chart_stacks("2:3:0.5"), parse_chart_stacks("10, 5")
([2.0, 3.0, 4.0], [2.0, 2.5, 3.0], [5.0, 10.0])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled, InputError
from omahanash.pushfold.chart import DEFAULT_CHART_DEALS, DEFAULT_ITERATIONS, parse_stack_grid

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSpot
    from omahanash.pushfold.chart import Chart
    from omahanash.runs import CancelFlag
    from ui.kit.fields import Reporter

#: At most this many stacks in one chart of the app (the command line takes more).
MAX_CHART_STACKS = 200
EXPORT_COLUMNS = ("stacks_bb", "node", "position", "action", "percent", "reach", "nash_conv",
                  "iterations")


def parse_chart_stacks(text: str) -> list[float]:
    """Equal stacks in big blinds: ``FROM:TO:STEP`` (both ends), ``a-b`` (every whole stack
    from a to b) or a list ``2, 5, 10``; sorted, without repeats. InputError says what is
    wrong (in the words of the field, not of the command line's flag).

    >>> parse_chart_stacks("4-2")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: stacks: '4-2' needs FROM <= TO (big blinds)
    """
    value = str(text).strip()
    if not value:
        raise InputError("stacks: enter big blinds, e.g. 2:20:1, 2-20 or 5, 10, 20")
    if "-" in value and ":" not in value and "," not in value:
        low, _, high = value.partition("-")
        try:
            lo, hi = float(low), float(high)
        except ValueError:
            raise InputError(f"stacks: {value!r} is not FROM-TO, FROM:TO:STEP or a list "
                             "like 5, 10, 20 (big blinds)") from None
        if not lo <= hi:
            raise InputError(f"stacks: {value!r} needs FROM <= TO (big blinds)")
        value = f"{lo}:{hi}:1"
    try:
        stacks = parse_stack_grid(value)
    except InputError as exc:
        raise InputError(str(exc).replace("--stacks-bb", "stacks")) from None
    stacks = sorted(set(stacks))
    if len(stacks) > MAX_CHART_STACKS:
        raise InputError(f"stacks: at most {MAX_CHART_STACKS} in the app (this is "
                         f"{len(stacks)}: take a coarser step)")
    return stacks


@dataclass(frozen=True)
class ChartRequest:
    """One chart of the form's table: the arguments of :func:`omahanash.pushfold.chart.solve_chart`
    (``payouts`` None: chip EV)."""

    game: str
    players: int
    stacks: tuple[float, ...]
    sb: float
    bb: float
    ante: float
    bb_ante: float
    payouts: str | None
    iterations: int
    deals: int
    seed: int

    def describe(self) -> str:
        """The status line's words for it.

        >>> ChartRequest("holdem", 3, (2.0, 3.0), 50, 100, 0, 0, "50/30/20", 200, 50_000,
        ...              0).describe()
        "Texas Hold'em, 3 players, 2 stacks from 2 to 3 bb, payouts 50/30/20"
        """
        from omahanash.cards import Variant

        money = f"payouts {self.payouts}" if self.payouts else "chip EV"
        return (f"{Variant.parse(self.game).display_name}, {self.players} players, "
                f"{len(self.stacks)} stacks from {self.stacks[0]:g} to {self.stacks[-1]:g} bb, "
                f"{money}")

    def store_path(self, folder: str | Path) -> Path:
        """Where the finished stacks are kept (the job store of :func:`solve_chart`): one file
        per chart, named by what it computes, so Stop loses nothing and running the same chart
        again continues it (or answers at once when it finished)."""
        key = json.dumps(asdict(self), sort_keys=True)
        return Path(folder) / f"chart-{hashlib.sha256(key.encode()).hexdigest()[:20]}.job"


def chart_request(spot: PushFoldSpot, stacks: Sequence[float], iterations: int | None,
                  deals: int | str | None, seed: int) -> ChartRequest:
    """The chart of ``spot``'s table (its game, players, blinds, antes, payouts) at equal
    ``stacks``: the form's iterations and deals, or the chart's defaults. InputError for exact
    deals (a chart samples them).

    >>> from omahanash.pushfold import PushFoldSpot
    >>> spot = PushFoldSpot("holdem", [1500] * 3, 50, 100, payouts="50/30/20")
    >>> chart_request(spot, [2, 3], None, None, 7).iterations
    200
    """
    if isinstance(deals, str):
        raise InputError("the Nash chart samples its deals: leave Deals empty or give a number")
    return ChartRequest(str(spot.variant), len(spot.stacks), tuple(float(s) for s in stacks),
                        spot.sb, spot.bb, spot.ante, spot.bb_ante,
                        spot.payouts_text if spot.model == "icm" else None,
                        iterations or DEFAULT_ITERATIONS, deals or DEFAULT_CHART_DEALS, seed)


class ChartOutcome(NamedTuple):
    """A chart that ended: the stacks finished (None: none) and whether Stop ended it."""

    chart: Chart | None
    stopped: bool


Job = Callable[["Reporter", "CancelFlag"], ChartOutcome]


def chart_job(request: ChartRequest, store_folder: str | Path | None = None) -> Job:
    """The worker's job: :func:`omahanash.pushfold.chart.solve_chart` on the engine of
    ``$OMAHANASH_SCHEDULER`` (the app's Compute engine setting), the finished stacks kept in
    ``store_folder`` (None: ``charts`` in the cache folder of the equity tables). Live
    reports carry the chart of the stacks finished so far (the ``chart`` phase's detail);
    Stop keeps them (an outcome, not an error)."""

    def job(report: Reporter, cancel: CancelFlag) -> ChartOutcome:
        from omahanash.pushfold.chart import solve_chart

        latest: list[Chart] = []  # the newest only (a 9-max Omaha stack is 67 MB)

        def keep(chart: Chart) -> None:
            latest[:] = [chart]

        report.phase("chart", detail=lambda: latest[-1] if latest else None)
        from omahanash.equity.tablefile import make_cache_dir

        folder = make_cache_dir(store_folder or make_cache_dir() / "charts")
        store = request.store_path(folder)
        try:
            chart = solve_chart(request.game, request.players, list(request.stacks),
                                sb=request.sb, bb=request.bb, ante=request.ante,
                                bb_ante=request.bb_ante, payouts=request.payouts,
                                iterations=request.iterations, deals=request.deals,
                                seed=request.seed, store_path=store, progress=report,
                                cancel=cancel, on_stack=keep)
        except Cancelled:
            return ChartOutcome(latest[-1] if latest else None, True)
        return ChartOutcome(chart, False)

    return job


def default_nodes(chart_nodes: Sequence[Any]) -> list[str]:
    """The nodes a new chart shows at first: every open push and the big blind's call
    against one all-in (the others are a tick away).

    >>> from omahanash.pushfold import PushFoldSpot
    >>> default_nodes(PushFoldSpot("holdem", [1500] * 3, 50, 100).nodes())
    ['BTN', 'SB', 'BB vs BTN', 'BB vs SB']
    """
    return [node.name for node in chart_nodes
            if node.action == "push"
            or (node.position == "BB" and "+" not in node.name)]


def export_rows(chart: Chart) -> list[list[Any]]:
    """One row per stack and node (:data:`EXPORT_COLUMNS`): the stacks (``10/10/10``), the
    node, its position and action, play % of all hands, reach, the stack's NashConv and
    iterations."""
    rows = []
    for row, stacks in enumerate(chart.stacks_bb):
        label = "/".join(f"{x:g}" for x in stacks)
        for node in chart.nodes:
            rows.append([label, node.name, node.position, node.action,
                         chart.percent(row, node.name), chart.reach(row, node.name),
                         chart.nash_conv(row), chart.iterations(row)])
    return rows


def hover_text(chart: Chart, nodes: Sequence[str], stack: float) -> str:
    """The shown nodes' play % at the stack nearest ``stack`` (equal stacks), one line.

    >>> from omahanash.pushfold.chart import solve_chart
    >>> chart = solve_chart("holdem", 3, [4, 6], iterations=2, deals=500)
    >>> hover_text(chart, ["BTN"], 5.9).startswith("6 bb: BTN push ")
    True
    """
    if not chart.stacks_bb or not nodes:
        return ""
    row = min(range(len(chart.stacks_bb)), key=lambda r: abs(chart.stacks_bb[r][0] - stack))
    actions = {node.name: node.action for node in chart.nodes}
    parts = [f"{name} {actions[name]} {chart.percent(row, name):.1f}%" for name in nodes]
    return f"{chart.stacks_bb[row][0]:g} bb: " + ", ".join(parts)


def finished_text(outcome: ChartOutcome, total: int) -> str:
    """The status line after a chart.

    >>> finished_text(ChartOutcome(None, True), 37)
    'Stopped before the first stack was solved.'
    """
    chart = outcome.chart
    done = 0 if chart is None else len(chart.stacks_bb)
    if done == 0:
        return "Stopped before the first stack was solved." if outcome.stopped \
            else "No stack was solved."
    assert chart is not None
    worst = max(chart.nash_conv(row) for row in range(done))
    if chart.settings.payouts:
        pool = chart.settings.spot(chart.stacks_bb[0]).prize_pool
        worst_text = f"{100 * worst / pool:.4g}% of the prize pool"
    else:
        worst_text = f"{worst:.4g} chips"
    head = (f"Stopped: {done} of {total} stacks solved (run it again to continue)"
            if outcome.stopped else f"{done} stacks solved")
    return f"{head}; largest NashConv {worst_text}."
