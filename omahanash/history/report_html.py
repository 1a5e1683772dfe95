"""The review's HTML report: one self-contained file (inline CSS, an inline SVG plot drawn
here, no script), with the summary, the grade, the cumulative EV lost, the worst spots and
the table of every spot.

>>> from omahanash.history.review import ReviewReport
>>> page = render_html(ReviewReport(hero="Hero"))
>>> page.startswith("<!DOCTYPE html>"), "<script" in page, "http" in page
(True, False, False)
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import TYPE_CHECKING

from omahanash.errors import InputError

if TYPE_CHECKING:
    from omahanash.history.review import ReviewReport, SpotReview

WORST_COUNT = 20
_WIDTH, _HEIGHT, _MARGIN = 640, 220, 40
_CSS = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px}
th{background:#eee}tr.blunder{background:#f8c8c8}tr.mistake{background:#fbe3c0}
tr.small{background:#fdf6d8}.grade{font-size:2em;font-weight:bold}svg{border:1px solid #ccc}"""
_SPOT_COLUMNS = ("hand_id", "variant", "players", "node", "position", "stack_bb", "cards",
                 "action", "best_action", "nash_action", "nash_frequency", "allin_ev",
                 "fold_ev", "ev_lost_bb", "severity")


def plot_svg(values: list[float]) -> str:
    """A line plot of ``values`` (cumulative EV lost, bb) against the spot number, as SVG.

    >>> plot_svg([0.0, 0.5, 0.5, 2.0]).count("<polyline")
    1
    """
    width, height, margin = _WIDTH, _HEIGHT, _MARGIN
    top = max(values) if values and max(values) > 0 else 1.0
    count = max(len(values) - 1, 1)
    points = " ".join(
        f"{margin + (width - 2 * margin) * i / count:.1f},"
        f"{height - margin - (height - 2 * margin) * value / top:.1f}"
        for i, value in enumerate(values))
    return (f'<svg width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">'
            f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}" '
            f'y2="{height - margin}" stroke="#888"/>'
            f'<line x1="{margin}" y1="{margin}" x2="{margin}" y2="{height - margin}" '
            f'stroke="#888"/>'
            f'<text x="{margin}" y="{margin - 8}" font-size="11">{top:.2f} bb</text>'
            f'<text x="{width - margin}" y="{height - margin + 16}" font-size="11" '
            f'text-anchor="end">spot {len(values)}</text>'
            f'<polyline fill="none" stroke="#c03030" stroke-width="2" points="{points}"/>'
            "</svg>")


def _table(spots: list[SpotReview]) -> str:
    head = "".join(f"<th>{name}</th>" for name in _SPOT_COLUMNS)
    rows = []
    for spot in spots:
        data = spot.as_dict()
        cells = "".join(f"<td>{html.escape(str(data[name]))}</td>" for name in _SPOT_COLUMNS)
        rows.append(f'<tr class="{spot.severity}">{cells}</tr>')
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def render_html(report: ReviewReport) -> str:
    """The report as one HTML document (see the module)."""
    interval = report.grade_interval
    mistakes = report.by_severity()
    summary = [("hero", report.hero), ("opponent", report.opponent.describe()),
               ("hands read", report.hands),
               ("spots", len(report.spots)), ("outside the model", len(report.outside)),
               ("unparsed", len(report.unparsed)),
               ("EV lost (bb)", f"{report.ev_lost_bb:.3f}"),
               ("EV lost per 100 spots (bb)", "-" if report.ev_lost_bb_per_100 is None
                else f"{report.ev_lost_bb_per_100:.3f}"),
               ("small / mistakes / blunders",
                f"{mistakes['small']} / {mistakes['mistake']} / {mistakes['blunder']}"),
               ("mean EV lost per decision, 95 % interval (bb)", "-" if interval is None
                else f"{interval[0]:.3f} – {interval[1]:.3f}")]
    summary_rows = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(str(value))}"
                           "</td></tr>" for name, value in summary)
    accuracy_rows = "".join(
        f"<tr><td>{html.escape(kind)}</td><td>{html.escape(name)}</td><td>{int(row['spots'])}"
        f"</td><td>{100 * row['accuracy']:.1f} %</td><td>{row['ev_lost_bb']:.3f}</td></tr>"
        for kind, table in report.accuracy().items() for name, row in sorted(table.items()))
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Hand review: {html.escape(str(report.hero))}</title>
<style>{_CSS}</style></head><body>
<h1>Jam-fold review of {html.escape(str(report.hero))}</h1>
<p>Grade <span class="grade">{report.grade or "-"}</span></p>
<table>{summary_rows}</table>
<h2>Cumulative EV lost (bb)</h2>
{plot_svg(report.cumulative_ev_lost_bb())}
<h2>Accuracy</h2>
<table><tr><th>by</th><th>group</th><th>spots</th><th>accuracy</th><th>EV lost (bb)</th></tr>
{accuracy_rows}</table>
<h2>Worst spots</h2>
{_table(report.worst(WORST_COUNT))}
<h2>Every spot</h2>
{_table(report.spots)}
</body></html>
"""


def write_html(report: ReviewReport, path: str | os.PathLike) -> Path:
    """Write :func:`render_html` to ``path`` atomically (never over one of the report's
    input files)."""
    from omahanash.savefile import atomic_write, refuse_overwriting_inputs

    refuse_overwriting_inputs({"path": path}, report.sources)
    path = Path(path)
    try:
        with atomic_write(path, "w", encoding="utf-8") as out:
            out.write(render_html(report))
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    return path
