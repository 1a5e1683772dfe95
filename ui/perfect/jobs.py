"""The perfect-information tab's job, without Qt: :func:`solve_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``); it hands
back a :class:`PerfectOutcome`: a sentence for ``perfectResult`` and, for game graphs, a table.

Only a big subtraction game takes long (seconds: it may scan millions of positions) and it
sees the cancel flag; Stop then is an outcome (``stopped``), never an exception for the tab.
Nim and graphs typed into the field finish in a moment.

>>> from omahanash.runs import CancelFlag
>>> from ui.perfect.model import NIM, PerfectRequest
>>> class Quiet:
...     def __call__(self, done, total): pass
...     def phase(self, name, detail=None): pass
>>> print(solve_job(PerfectRequest(NIM, heaps=(1, 2)))(Quiet(), CancelFlag()).summary)
Heaps 1 2: Win for the player to move (Grundy value 3).
Winning move: take 1 from heap 2 (2 → 1), leaving 1 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled
from ui.kit.fields import Reporter
from ui.perfect.model import GRAPH, NIM, PerfectRequest, graph_text

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]
STOPPED_TEXT = "Stopped."


class PerfectOutcome(NamedTuple):
    """What a solve produced: a sentence for ``perfectResult`` and, for graphs, a table;
    ``stopped``: Stop ended it before an answer (the sentence says so)."""

    summary: str
    columns: list[str]
    rows: list[list[Any]]
    stopped: bool = False


def solve_nim(heaps: Sequence[int]) -> PerfectOutcome:
    """Nim on ``heaps``: status, Grundy value, a winning move."""
    from omahanash.perfect.grundy import nim

    heaps = list(heaps)
    result = nim(heaps)
    shown = " ".join(map(str, heaps))
    status = "Win" if result.status == "win" else "Loss"
    text = (f"Heaps {shown}: {status} for the player to move (Grundy value {result.grundy}).")
    if result.move is None:
        text += " Every move loses against best play."
    else:
        before = heaps[result.move.heap]
        left = " ".join(map(str, result.move.heaps))
        text += (f"\nWinning move: take {result.move.take} from heap {result.move.heap + 1} "
                 f"({before} → {before - result.move.take}), leaving {left}.")
    return PerfectOutcome(text, [], [])


def solve_subtraction(n: int, moves: Sequence[int],
                      cancel: CancelFlag | None = None) -> PerfectOutcome:
    """A heap of ``n`` where a move takes one of ``moves``; ``cancel`` stops the scan
    (:class:`~omahanash.errors.Cancelled`)."""
    from omahanash.perfect.grundy import subtraction_game

    result = subtraction_game(n, list(moves), cancel)
    status = "Win" if result.status == "win" else "Loss"
    text = (f"Heap of {n}, moves {','.join(map(str, moves))}: {status} for the player to move "
            f"(Grundy value {result.grundy}).")
    if result.take is None:
        text += " Every move loses against best play."
    else:
        text += f"\nWinning move: take {result.take}, leaving {result.left}."
    return PerfectOutcome(text, [], [])


def solve_graph(text: str) -> PerfectOutcome:
    """A game graph typed in the field's notation (or JSON), by retrograde analysis."""
    from omahanash.perfect.retrograde import parse_graph, retrograde

    result = retrograde(parse_graph(graph_text(text)))
    positions = result.as_dict()
    counts = {s: result.statuses.count(s) for s in ("win", "loss", "draw")}
    first, row = next(iter(positions.items()))
    move = "" if row["move"] is None else f"; best move to {row['move']}"
    summary = (f"{len(positions)} positions: {counts['win']} win, {counts['loss']} loss, "
               f"{counts['draw']} draw.\nFirst position {first}: {row['status']} for the "
               f"player to move{move}.")
    rows = [[name, data["status"], "" if data["distance"] is None else data["distance"],
             "" if data["move"] is None else data["move"]] for name, data in positions.items()]
    return PerfectOutcome(summary, ["Position", "Status", "Moves to the end", "Best move"], rows)


def solve_job(request: PerfectRequest) -> Job:
    """Solve ``request`` (a stopped subtraction game is the :data:`STOPPED_TEXT` outcome)."""
    def job(report: Reporter, cancel: CancelFlag) -> PerfectOutcome:
        if request.game == NIM:
            return solve_nim(request.heaps)
        if request.game == GRAPH:
            return solve_graph(request.graph)
        try:
            return solve_subtraction(request.stones, request.moves, cancel=cancel)
        except Cancelled:
            return PerfectOutcome(STOPPED_TEXT, [], [], stopped=True)

    return job
