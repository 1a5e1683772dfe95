"""The Nash chart (sweep) page without Qt: what its inputs ask for, the rows it exports, the
hover text and the line a finished sweep leaves. The page (:mod:`ui.jamfold.sweep.panel`) is
the view; its job is :mod:`ui.jamfold.sweep.jobs`. Tested without a window
(``tests/ui_models/jamfold/sweep/test_jobs.py``).

>>> parse_stacks_text("2-5"), parse_stacks_text("10, 2.5")
([2.0, 3.0, 4.0, 5.0], [2.5, 10.0])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from omahanash.cards import Variant

if TYPE_CHECKING:
    from omahanash.jamfold import SweepRow

#: The picker's items: what each runs.
CHOICES = {"Hold'em": (Variant.HOLDEM,), "Omaha Hi": (Variant.OMAHA_HI,),
           "Omaha Hi/Lo": (Variant.OMAHA_HILO,),
           "All three": (Variant.HOLDEM, Variant.OMAHA_HI, Variant.OMAHA_HILO)}
MAX_STACKS = 200
EXPORT_COLUMNS = ("game", "stack_bb", "push_pct", "call_pct", "epsilon", "iterations")


def parse_stacks_text(text: str) -> list[float]:
    """Stacks in big blinds: ``a-b`` (every whole stack from a to b) or a list separated by
    commas; sorted, without repeats. ValueError says what is wrong."""
    cleaned = text.replace(" ", "")
    if not cleaned:
        raise ValueError("enter the stacks in big blinds, e.g. 2-20 or 2, 5, 10")
    try:
        if "-" in cleaned and "," not in cleaned:
            low_text, high_text = cleaned.split("-", 1)
            low, high = float(low_text), float(high_text)
            if not (math.isfinite(low) and math.isfinite(high)) or high < low:
                raise ValueError
            stacks = [low + k for k in range(int(high - low) + 1)]
        else:
            stacks = [float(item) for item in cleaned.split(",") if item]
    except ValueError:
        raise ValueError(f"the stacks must read like 2-20 or 2, 5, 10, not {text.strip()!r}") \
            from None
    if not stacks or not all(math.isfinite(s) and s > 0 for s in stacks):
        raise ValueError("every stack must be a number of big blinds above 0")
    if len(stacks) > MAX_STACKS:
        raise ValueError(f"at most {MAX_STACKS} stacks at a time")
    return sorted(set(stacks))


def export_rows(results: Mapping[str, Sequence[SweepRow]]) -> list[list[Any]]:
    """The exported rows (:data:`EXPORT_COLUMNS`): game, stack, push %, call %, Epsilon
    (chips), iterations."""
    return [[str(variant), row.stack_bb, row.pusher_range, row.caller_range, row.epsilon,
             row.iterations] for variant, rows in results.items() for row in rows]


def hover_text(results: Mapping[str, Sequence[SweepRow]], stack: float) -> str:
    """Each variant's push and call % at its stack nearest ``stack`` (a line each).

    >>> from omahanash.jamfold import SweepRow
    >>> hover_text({"holdem": [SweepRow(2.0, 80.0, 60.0, 0.1, 9),
    ...                        SweepRow(3.0, 70.0, 50.0, 0.1, 9)]}, 2.8)
    "Texas Hold'em at 3 bb: push 70.0%, call 50.0%"
    """
    parts = []
    for variant, rows in results.items():
        if rows:
            row = min(rows, key=lambda r: abs(r.stack_bb - stack))
            parts.append(f"{Variant(variant).display_name} at {row.stack_bb:g} bb: push "
                         f"{row.pusher_range:.1f}%, call {row.caller_range:.1f}%")
    return "\n".join(parts)


def finished_text(results: Mapping[str, Sequence[SweepRow]], skipped: Mapping[str, str]) -> str:
    """The status line after a sweep: how many stacks were solved, which games were skipped.

    >>> finished_text({}, {"omaha-hi": "no table"})
    '0 stacks solved (stopped before the first); Omaha Hi skipped: no table.'
    """
    done = sum(len(rows) for rows in results.values())
    notes = [f"{done} stacks solved" + ("" if done else " (stopped before the first)")]
    notes += [f"{Variant(v).display_name} skipped: {why}" for v, why in skipped.items()]
    return "; ".join(notes) + "."
