"""The equity-table builds without Qt: which passes a table needs (:func:`passes_for`), the
state of a table on disk (:func:`table_state`), what a result on a coarse table must say
(:func:`precision_note`), the time left (:func:`seconds_left`) and the words of the panel
(:func:`building_text`, :func:`offer_text`, :func:`progress_text`). The queue and the panel
that show them are :mod:`ui.equity_tables.panel`; a pass's job is :mod:`ui.equity_tables.jobs`.
Tested without a window (``tests/ui_models/equity_tables/test_jobs.py``).

>>> [(p.samples, p.coarse) for p in passes_for(Variant.OMAHA_HI, "coarse")]
[(12, False)]
>>> passes_for(Variant.OMAHA_HI, "full")
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from omahanash.cards import Variant

#: Seconds of progress reports the time-left estimate is measured over.
ETA_WINDOW = 60.0
#: What a full Omaha table costs, said before a build starts (README, "Equity tables").
COST_TEXT = ("405 MB on disk per game (plus 270 MB shared by both Omaha games); the full "
             "table took 3 min on a quiet 2-core machine, and over an hour on one shared "
             "with other heavy jobs: the estimate below is measured on this build")


@dataclass(frozen=True)
class BuildPass:
    """One build of the queue: a variant at a number of samples per cell."""

    variant: Variant
    samples: int

    @property
    def coarse(self) -> bool:
        from omahanash.equity.tables import DEFAULT_SAMPLES

        return self.samples < DEFAULT_SAMPLES[self.variant]


def table_state(variant: Variant) -> str:
    """``"full"``, ``"coarse"`` (a coarse table, to be refined) or ``"missing"``."""
    from omahanash.equity.table_build import table_samples
    from omahanash.equity.tables import DEFAULT_SAMPLES

    if variant is Variant.HOLDEM:
        return "full"
    samples = table_samples(variant)
    if samples is None:
        return "missing"
    return "full" if samples >= DEFAULT_SAMPLES[variant] else "coarse"


def passes_for(variant: Variant, state: str | None = None) -> list[BuildPass]:
    """What building ``variant``'s table takes from where it is (``state``, default: its
    :func:`table_state`): coarse then full for a missing table (full only when an
    interrupted full-precision build is there to resume), the refinement for a coarse one,
    nothing for a full one."""
    from omahanash.equity.table_build import COARSE_SAMPLES, partial_settings
    from omahanash.equity.tables import DEFAULT_SAMPLES

    full = BuildPass(variant, DEFAULT_SAMPLES[variant])
    state = table_state(variant) if state is None else state
    if state == "full":
        return []
    if state == "coarse":
        return [full]
    partial = partial_settings(variant)
    if partial is not None and partial.get("samples") == full.samples:
        return [full]
    return [BuildPass(variant, COARSE_SAMPLES), full]


def precision_note(table: object) -> str:
    """What a result computed on ``table`` must say next to it: its precision when the table
    is a coarse one (fewer samples per cell than the default), "" otherwise.

    >>> from omahanash.equity.tables import load_table
    >>> precision_note(load_table("holdem"))
    ''
    """
    from omahanash.equity.tables import DEFAULT_SAMPLES

    info = getattr(table, "info", None) or {}
    samples = info.get("samples")
    if info.get("exact") or not isinstance(samples, int):
        return ""
    variant = Variant.parse(info["game"])
    if samples >= DEFAULT_SAMPLES[variant]:
        return ""
    error = 100 * float(info.get("cell_stderr") or 0.0)
    return (f"Computed on a coarse {variant.display_name} table: {samples} sample"
            f"{'s' if samples > 1 else ''} per cell (each cell ±{error:.0f} pp; ranges and EVs "
            "average thousands of cells, so they move far less). The full table "
            f"({DEFAULT_SAMPLES[variant]} samples per cell) replaces it when built: calculate "
            "again then.")


def seconds_left(reports: Sequence[tuple[float, float]], total: float) -> float | None:
    """Seconds left of a pass of ``total`` units at the rate between the first and the last
    of ``reports`` (``(time, done)``; None until two reports a few seconds apart).

    >>> seconds_left([(100.0, 100.0), (110.0, 200.0)], 1000.0)
    80.0
    >>> seconds_left([(100.0, 100.0), (101.0, 200.0)], 1000.0) is None
    True
    """
    if len(reports) < 2:
        return None
    (t0, d0), (t1, d1) = reports[0], reports[-1]
    if t1 - t0 < 3.0 or d1 <= d0:
        return None
    return (total - d1) * (t1 - t0) / (d1 - d0)


def building_text(current: BuildPass, queued: str) -> str:
    """The panel's line while ``current`` runs (``queued``: the names of the tables next)."""
    step = (f"a coarse table first ({current.samples} samples per cell): the solver can use it "
            "as soon as it is done; then the full table replaces it" if current.coarse else
            "refining to full precision (any coarse table stays in use meanwhile)")
    return (f"Building the {current.variant.display_name} equity table: {step}."
            + (f" Next: {queued}." if queued else ""))


def offer_text(names: str, several: bool, missing: bool, resume: bool) -> tuple[str, str]:
    """The panel's line and its button's caption offering to build (``missing``: no table
    yet) or refine (only coarse tables) the tables ``names``; ``resume``: an interrupted
    build is there.

    >>> offer_text("Omaha Hi", False, True, False)[1]
    'Build table'
    >>> offer_text("Omaha Hi", False, False, False)[1]
    'Refine table'
    """
    from omahanash.equity.table_build import COARSE_SAMPLES

    if not missing:
        are = "s are" if several else " is"
        return (f"The {names} table{are} coarse: it works, and results on it say so. Build "
                f"refines it to full precision in the background ({COST_TEXT}).",
                "Refine table")
    return (f"The {names} equity table{'s are' if several else ' is'} not built yet. Build "
            f"builds it here, once: a coarse table first ({COARSE_SAMPLES} samples per cell "
            f"instead of 12-16: usable sooner), then refined in the background ({COST_TEXT}). "
            + ("An interrupted build resumes where it stopped." if resume
               else "Cancel keeps what is done: the next build resumes."),
            "Resume building" if resume else "Build table")


def progress_text(done: float, total: float, left: float | None) -> str:
    """The panel's line under the bar while a pass runs.

    >>> progress_text(250, 1000, None)
    '25.0% · measuring the speed of this build…'
    >>> progress_text(250, 1000, 125.0)
    '25.0% · about 2 min 05 s left in this pass (at the speed of the last minute)'
    """
    percent = f"{100 * done / total:.1f}%"
    if left is None:
        return f"{percent} · measuring the speed of this build…"
    return (f"{percent} · about {int(left // 60)} min {int(left % 60):02d} s left in this pass "
            "(at the speed of the last minute)")
