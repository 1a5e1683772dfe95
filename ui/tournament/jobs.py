"""The Tournament tab's job, without Qt: :func:`match_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker (``job(report, cancel)``), handing back a
:class:`~ui.tournament.model.TournamentAnswer`. Stop is an outcome (``stopped``, the variants
finished before it kept), never an exception the tab catches.

>>> from omahanash.runs import CancelFlag
>>> from ui.tournament.model import TournamentInputs, check
>>> request = check(TournamentInputs(chips=400, stack=200, sb=10, bb=20, p2="nash")).request
>>> flag = CancelFlag()
>>> flag.cancel()
>>> class Quiet:
...     def __call__(self, done, total): pass
...     def phase(self, name, detail=None): pass
>>> match_job(request)(Quiet(), flag)
TournamentAnswer(results={}, missing={}, stopped=True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from omahanash.cards import Variant
from omahanash.errors import Cancelled, InputError
from omahanash.tournament import TournamentResult, run_tournament
from ui.kit.fields import Reporter
from ui.tournament.model import CAPTIONS, TournamentAnswer, TournamentRequest

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]
#: Why a variant whose equity table is not built is left out of a run.
NOT_BUILT = ("its equity table is not built yet: Build it in the panel on the left, then Run "
             "again")


def match_job(request: TournamentRequest, unbuilt: Sequence[Variant] = (),
              cache_dir: str | os.PathLike | None = None) -> Job:
    """Play the match of ``request`` for each of its variants but ``unbuilt`` (named in the
    answer's ``missing``), one after the other, with
    :func:`omahanash.tournament.run_tournament`. A variant the library refuses is named in
    ``missing`` too, unless it is the only one (then its InputError is the job's failure)."""
    variants = [v for v in request.variants if v not in unbuilt]

    def job(report: Reporter, cancel: CancelFlag) -> TournamentAnswer:
        results: dict[Variant, TournamentResult] = {}
        missing: dict[Variant, str] = dict.fromkeys(unbuilt, NOT_BUILT)
        count = len(variants)
        for index, variant in enumerate(variants):
            report.phase(CAPTIONS[variant])

            def progress(done: float, total: float, index: int = index) -> None:
                report(index + done / max(total, 1.0), count)

            try:
                results[variant] = run_tournament(
                    variant, request.structure, request.stacks, request.p1, request.p2,
                    request.method, request.trials, request.seed, request.button_first,
                    cache_dir=cache_dir, progress=progress, cancel=cancel)
            except Cancelled:
                return TournamentAnswer(results, missing, stopped=True)
            except InputError as exc:
                if count == 1 and not unbuilt:
                    raise
                missing[variant] = str(exc)
        if not results:
            raise InputError("; ".join(f"{CAPTIONS[v]}: {m}" for v, m in missing.items()))
        return TournamentAnswer(results, missing)

    return job


def unbuilt_message(unbuilt: Sequence[Variant]) -> str:
    """Why a run whose every variant lacks its equity table does not start."""
    return (" and ".join(CAPTIONS[v] for v in unbuilt) + ": the equity table is not built "
            "yet. Build it in the panel on the left, then Run.")
