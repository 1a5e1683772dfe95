"""The review's results: one :class:`SpotReview` per judged decision and the session's
:class:`ReviewReport` (summary figures, accuracy, grade, the CLI's JSON, CSV and HTML).
The judging is :mod:`omahanash.history.review`; both names are re-exported there.

The HTML report is one self-contained file (inline CSS, an inline SVG plot drawn here, no
script), with the summary, the grade, the cumulative EV lost, the worst spots and the table
of every spot (:func:`render_html`, :func:`write_html`).

>>> page = render_html(ReviewReport(hero="Hero"))
>>> page.startswith("<!DOCTYPE html>"), "<script" in page, "http" in page
(True, False, False)
"""

from __future__ import annotations

import html
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.history.grading import (
    FEW_SPOTS,
    SEVERITIES,
    bootstrap_interval,
    grade,
    stack_band,
    verdict_word,
)
from omahanash.history.hands import Unparsed
from omahanash.history.opponent import NASH, Opponent
from omahanash.history.spots import Outside
from omahanash.history.tracker.tournaments import tournaments_html
from omahanash.savefile import atomic_write, refuse_overwriting_inputs, write_csv


@dataclass(frozen=True, slots=True)
class SpotReview:
    """One reviewed decision. EVs in big blinds (see the module); ``ev_lost`` in chips.
    Slotted: a review of a big file holds tens of thousands of them."""

    hand_id: str
    file: str
    line: int
    variant: str
    position: str
    sb: float
    bb: float
    ante: float
    dead_money: float
    stack_bb: float
    grid_stack_bb: float
    cards: str
    action: str
    nash_action: str
    nash_frequency: float
    allin_ev: float
    fold_ev: float
    ev_lost_bb: float
    severity: str
    best_action: str
    opponent: str = NASH
    #: :func:`omahanash.jamfold.decision.judge`'s verdict: correct, mixed or mistake.
    verdict: str = ""
    #: The table: its size, the decision's node (``SB``, ``BB vs SB``, ``BB vs BTN+SB``),
    #: the payoff model (``chips`` or ``icm``), the payouts and where they came from; for
    #: table spots (:mod:`~omahanash.history.table_review`) the engine's EVs in its ``unit``,
    #: the EV lost in % of the prize pool (ICM) and a note on how the action was read.
    players: int = 2
    node: str = ""
    model: str = "chips"
    payouts: str = "chips"
    payouts_source: str = ""
    unit: str = "bb"
    play_ev: float | None = None
    fold_ev_unit: float | None = None
    ev_lost_pool_pct: float | None = None
    note: str = ""
    #: The table's stacks in preflop order (table spots; empty for the heads-up model), so
    #: ``omahanash solve --stacks ...`` reproduces the spot.
    stacks: tuple[float, ...] = ()
    #: How a table spot was judged (:mod:`~omahanash.history.table_fast`): ``fast`` (the
    #: hero's decision resolved beyond the quick solves' noise), ``full`` (on the full
    #: solve); ``heads-up`` for the heads-up model. ``ev_diff_error``: the uncertainty of
    #: ``diff_ev`` (bb) of a fast spot (None otherwise).
    precision: str = "heads-up"
    ev_diff_error: float | None = None
    #: The decision rule's tolerance (bb): the solve's precision, within which of the best
    #: action's EV a decision is correct (:mod:`omahanash.jamfold.decision`).
    tolerance_bb: float = 0.0
    #: A table spot's big-blind ante (chips; ``ante`` holds it too, as before).
    bb_ante: float = 0.0
    #: A spot judged on a betting tree (:mod:`~omahanash.history.tree_review`): the tree
    #: (``pl``, ``nl``, ...; "" for the push/fold models), every action of the node for the
    #: hero's hand as ``(action, to bb, percent, EV in unit, EV in bb)``, the node's action
    #: frequencies over every hand that reaches it ``(action, to bb, percent)``, the size of
    #: the hero's action in the tree and as played (bb), the EV lost in prize (ICM).
    tree: str = ""
    tree_actions: tuple[tuple[str, float, float, float, float], ...] = ()
    node_actions: tuple[tuple[str, float, float], ...] = ()
    action_to: float | None = None
    played_to: float | None = None
    ev_lost_prize: float | None = None

    @property
    def ev_lost(self) -> float:
        """EV lost in chips (or money, in cash games)."""
        return self.ev_lost_bb * self.bb

    @property
    def diff_ev(self) -> float:
        return self.allin_ev - self.fold_ev

    def as_dict(self) -> dict:
        """The ``spots_detail`` entry of the CLI's JSON (and a few more fields)."""
        return {"hand_id": self.hand_id, "variant": self.variant, "position": self.position,
                "stack_bb": round(self.stack_bb, 4), "cards": self.cards,
                "action": self.action, "nash_action": self.nash_action,
                "nash_frequency": round(self.nash_frequency, 6),
                "allin_ev": round(self.allin_ev, 6), "fold_ev": round(self.fold_ev, 6),
                "ev_lost_bb": round(self.ev_lost_bb, 6), "severity": self.severity,
                "ev_lost": round(self.ev_lost, 6), "diff_ev": round(self.diff_ev, 6),
                "grid_stack_bb": self.grid_stack_bb, "sb": self.sb, "bb": self.bb,
                "ante": self.ante, "dead_money": self.dead_money, "file": self.file,
                "line": self.line, "best_action": self.best_action,
                "opponent": self.opponent, "players": self.players, "node": self.node,
                "model": self.model, "payouts": self.payouts,
                "payouts_source": self.payouts_source, "unit": self.unit,
                "play_ev": _rounded(self.play_ev), "fold_ev_unit": _rounded(self.fold_ev_unit),
                "ev_lost_pool_pct": _rounded(self.ev_lost_pool_pct), "note": self.note,
                "stacks": list(self.stacks), "verdict": self.verdict,
                "precision": self.precision, "ev_diff_error": _rounded(self.ev_diff_error),
                "tree": self.tree or None, "actions": self.actions_detail(),
                "node_actions": [{"action": kind, "to": round(to, 6),
                                  "percent": round(percent, 6)}
                                 for kind, to, percent in self.node_actions],
                "action_to": _rounded(self.action_to),
                "action_played_to": _rounded(self.played_to),
                "ev_lost_prize": _rounded(self.ev_lost_prize)}

    def actions_detail(self) -> list[dict]:
        """A tree spot's actions for the hero's hand: ``{"action", "to" (bb), "percent"
        (the equilibrium's frequency), "ev" (the engine's unit), "ev_bb"}`` each (empty for
        a push/fold spot)."""
        return [{"action": kind, "to": round(to, 6), "percent": round(percent, 6),
                 "ev": _rounded(ev), "ev_bb": _rounded(ev_bb)}
                for kind, to, percent, ev, ev_bb in self.tree_actions]


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 9)


#: The CSV's columns (and the GUI table's): the JSON ``spots_detail`` fields.
CSV_COLUMNS = ("hand_id", "file", "line", "variant", "position", "stack_bb", "grid_stack_bb",
               "sb", "bb", "ante", "dead_money", "cards", "action", "nash_action",
               "nash_frequency", "allin_ev", "fold_ev", "diff_ev", "ev_lost", "ev_lost_bb",
               "severity", "best_action", "opponent", "players", "node", "model", "payouts",
               "ev_lost_pool_pct", "note")


@dataclass
class ReviewReport:
    """The session: every reviewed spot (in file order), the hands outside the model and the
    unparsed ones, with the summary figures the CLI, the HTML report and the GUI show.

    >>> import pathlib, tempfile
    >>> from omahanash.history.review import EXAMPLE_HAND, review
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "session.txt"
    >>> _ = path.write_text(EXAMPLE_HAND)            # heads-up: the SB folds aces at 10 bb
    >>> report = review([path], persist=False)
    >>> report.hero, report.hands, len(report.spots)
    ('Hero', 1, 1)
    >>> spot = report.spots[0]
    >>> spot.cards, spot.action, spot.nash_action, spot.severity, round(spot.ev_lost_bb, 2)
    ('As Ad', 'fold', 'push', 'blunder', 3.48)
    """

    hero: str | None
    hands: int = 0
    spots: list[SpotReview] = field(default_factory=list)
    outside: list[Outside] = field(default_factory=list)
    unparsed: list[Unparsed] = field(default_factory=list)
    opponent: Opponent = field(default_factory=Opponent)
    #: How the hero was chosen when none was given (None when it was).
    hero_note: str | None = None
    #: The files and folders read: the report's files refuse to overwrite any of them.
    sources: list[Path] = field(default_factory=list)
    #: Payouts given for the table spots (None: the file's, else chip EV) and how the table
    #: spots are solved (:class:`~omahanash.history.table_review.TableSettings`).
    payouts_given: str | None = None
    table_settings: Any = None
    #: A Stop ended the review: the spots solved by then are judged, the others are outside
    #: (``STOPPED_REASON``).
    stopped: bool = False
    #: Per tournament, the hero's decisions and their figures (a database review fills it:
    #: :mod:`omahanash.history.tracker.tournaments`; the HTML report gets a section).
    tournaments: list[Any] = field(default_factory=list)
    #: The betting tree asked for (:func:`~omahanash.history.review.check_tree`): ``auto``
    #: (by the game), ``pushfold``, a preset or a tree file.
    tree: str = "auto"

    @property
    def ev_lost_bb(self) -> float:
        return float(sum(spot.ev_lost_bb for spot in self.spots))

    @property
    def ev_lost_bb_per_100(self) -> float | None:
        """EV lost per 100 spots, in big blinds (None without spots)."""
        return 100.0 * self.ev_lost_bb / len(self.spots) if self.spots else None

    @property
    def mean_ev_lost_bb(self) -> float | None:
        return self.ev_lost_bb / len(self.spots) if self.spots else None

    @property
    def grade(self) -> str | None:
        mean = self.mean_ev_lost_bb
        return None if mean is None else grade(mean)

    @property
    def grade_interval(self) -> tuple[float, float] | None:
        """95 % interval of the mean EV lost per decision, in big blinds."""
        if not self.spots:
            return None
        return bootstrap_interval([spot.ev_lost_bb for spot in self.spots])

    def by_severity(self) -> dict[str, int]:
        counts = Counter(spot.severity for spot in self.spots)
        return {name: counts.get(name, 0) for name in SEVERITIES}

    def worst(self, count: int | None = None) -> list[SpotReview]:
        """The spots by EV lost, the worst first (ties in file order)."""
        ranked = sorted(self.spots, key=lambda spot: -spot.ev_lost_bb)
        return ranked if count is None else ranked[:count]

    def cumulative_ev_lost_bb(self) -> list[float]:
        """EV lost in big blinds added up spot by spot, in file order."""
        return [float(x) for x in np.cumsum([spot.ev_lost_bb for spot in self.spots])]

    def accuracy(self) -> dict[str, dict[str, dict[str, float]]]:
        """Per position (``SB``, ``BB``) and per stack band: spots, correct ones (no EV lost),
        accuracy and EV lost in bb."""
        def table(key: Callable[[SpotReview], str]) -> dict[str, dict[str, float]]:
            rows: dict[str, dict[str, float]] = {}
            for spot in self.spots:
                row = rows.setdefault(key(spot), {"spots": 0, "correct": 0, "ev_lost_bb": 0.0})
                row["spots"] += 1
                row["correct"] += spot.verdict != "mistake"
                row["ev_lost_bb"] += spot.ev_lost_bb
            for row in rows.values():
                row["accuracy"] = row["correct"] / row["spots"]
            return rows

        return {"position": table(lambda spot: spot.position),
                "stack_band": table(lambda spot: stack_band(spot.stack_bb)),
                "node": table(lambda spot: f"{spot.players}-handed {spot.node}")}

    def as_dict(self) -> dict[str, Any]:
        """The CLI's JSON document: :meth:`summary` with every spot (``spots_detail``, worst
        first) and every hand outside the model (``outside_detail``)."""
        return {**self.summary(),
                "spots_detail": [spot.as_dict() for spot in self.worst()],
                "outside_detail": [item.as_dict() for item in self.outside]}

    def summary(self) -> dict[str, Any]:
        """The JSON document without the per-spot lists: what the text report prints, in
        memory that does not grow with the spots."""
        interval = self.grade_interval
        return {"hero": self.hero, "hands": self.hands, "spots": len(self.spots),
                "outside_model": len(self.outside),
                "unparsed": [item.as_dict() for item in self.unparsed],
                "ev_lost_bb": round(self.ev_lost_bb, 6),
                "ev_lost_bb_per_100": None if self.ev_lost_bb_per_100 is None
                else round(self.ev_lost_bb_per_100, 6),
                "grade": self.grade,
                "grade_interval": None if interval is None
                else [round(interval[0], 6), round(interval[1], 6)],
                "grade_provisional": len(self.spots) < FEW_SPOTS,
                "mean_ev_lost_bb": None if self.mean_ev_lost_bb is None
                else round(self.mean_ev_lost_bb, 6),
                "mistakes": self.by_severity(), "accuracy": self.accuracy(),
                "opponent": self.opponent.as_dict(), "payouts": self.payouts_summary(),
                "precision": dict(Counter(spot.precision for spot in self.spots)),
                "stopped": self.stopped, "tree": self.tree,
                "trees": dict(Counter(spot.tree or "pushfold" for spot in self.spots))}

    def payouts_summary(self) -> dict[str, int]:
        """How many spots were judged with which payouts, e.g. ``{"ICM 50/30/20 (9-max
        sit-and-go)": 12, "chip EV (heads-up blind model)": 30}``."""
        counts = Counter(f"ICM {spot.payouts} ({spot.payouts_source})" if spot.model == "icm"
                         else f"chip EV ({spot.payouts_source or 'heads-up blind model'})"
                         for spot in self.spots)
        return dict(counts)

    def write_csv(self, path: str | os.PathLike) -> Path:
        """The spots, worst first, as CSV (:data:`CSV_COLUMNS`)."""
        refuse_overwriting_inputs({"path": path}, self.sources)
        return write_csv(path, CSV_COLUMNS, (spot.as_dict() for spot in self.worst()))

    def write_html(self, path: str | os.PathLike) -> Path:
        """The self-contained HTML report (:func:`write_html`)."""
        return write_html(self, path)


# -- betting-tree spots ---------------------------------------------------------------------

#: The words of a tree action (the solve's ``action`` names).
ACTION_WORDS = {"fold": "fold", "call": "call", "raise": "raise", "allin": "all in"}
TREE_SPOTS_SHOWN = 10


def action_label(kind: str, to: float | None, facing_nothing: bool = False) -> str:
    """``raise to 3.5 bb``, ``all in 14 bb``, ``fold``, ``call 3.5 bb``, ``check``.

    >>> action_label("raise", 3.5), action_label("allin", 14.0), action_label("fold", 0.5)
    ('raise to 3.5 bb', 'all in 14 bb', 'fold')
    """
    if kind == "fold" or to is None:
        return ACTION_WORDS.get(kind, kind)
    if kind == "call" and facing_nothing:
        return "check"
    if kind == "raise":
        return f"raise to {to:.3g} bb"
    return f"{ACTION_WORDS.get(kind, kind)} {to:.3g} bb"


def tree_spot_lines(spot: SpotReview) -> list[str]:
    """A betting-tree spot in the text report: the decision, the node's action frequencies
    (every hand that reaches it) and the hand's row (each action's frequency and EV).

    >>> spot = SpotReview("7", "f", 1, "omaha-hi", "BTN", 50, 100, 0, 0, 14, 14,
    ...     "Ah 5h 4c 3d", "fold", "fold", 0.6, 30.2, 33.0, 0.0, "none", "fold",
    ...     verdict="correct", players=3, node="BTN vs BB re-raise", model="icm",
    ...     payouts="65/35", unit="prize", tree="pl",
    ...     tree_actions=(("fold", 3.5, 60.0, 33.0, 0.0), ("allin", 14.0, 40.0, 30.2, -1.2)),
    ...     node_actions=(("fold", 3.5, 55.0), ("allin", 14.0, 45.0)), action_to=3.5)
    >>> print("\\n".join(tree_spot_lines(spot)))
    #7 3-handed pl BTN vs BB re-raise 14.0 bb [Ah 5h 4c 3d]: fold; best fold, correct
        node: fold 55.0 %  |  all in 14 bb 45.0 %
        hand: fold 60.0 % EV 33.0000 prize  |  all in 14 bb 40.0 % EV 30.2000 prize
    """
    unit = spot.unit
    mine = next((a for a in spot.tree_actions if a[0] == spot.action), None)
    took = action_label(spot.action, None if mine is None else mine[1])
    lost = "" if spot.ev_lost_bb <= 0 else f", lost {spot.ev_lost_bb:.3f} bb" + (
        "" if spot.ev_lost_pool_pct is None else f" ({spot.ev_lost_pool_pct:.2f} % of the pool)")
    lines = [f"#{spot.hand_id} {spot.players}-handed {spot.tree} {spot.node} "
             f"{spot.stack_bb:.1f} bb [{spot.cards}]: {took}; best {spot.best_action}, "
             f"{spot.verdict}{lost}",
             "    node: " + "  |  ".join(f"{action_label(kind, to)} {percent:.1f} %"
                                         for kind, to, percent in spot.node_actions),
             "    hand: " + "  |  ".join(f"{action_label(kind, to)} {percent:.1f} % EV "
                                         f"{ev:.4f} {unit}"
                                         for kind, to, percent, ev, _ in spot.tree_actions)]
    if spot.note:
        lines.append(f"    note: {spot.note}")
    return lines


def tree_text(report: ReviewReport, count: int = TREE_SPOTS_SHOWN) -> list[str]:
    """The text report's betting-tree section: its worst ``count`` spots (none: no lines)."""
    spots = [spot for spot in report.worst() if spot.tree][:count]
    if not spots:
        return []
    shown = sum(1 for spot in report.spots if spot.tree)
    lines = [f"betting-tree spots ({shown}; the worst {len(spots)}: the node's action "
             "frequencies, then the hand's):"]
    for spot in spots:
        lines += ["  " + line for line in tree_spot_lines(spot)]
    return lines


_BAR_COLOURS = {"fold": "#9bb7d4", "call": "#8fd18f", "raise": "#f0a860", "allin": "#d86060"}


def _tree_bar(actions: tuple[tuple[str, float, float], ...]) -> str:
    parts = "".join(
        f'<span style="display:inline-block;height:14px;width:{max(percent, 0.0) * 3:.1f}px;'
        f'background:{_BAR_COLOURS.get(kind, "#bbb")}" title="'
        f'{html.escape(action_label(kind, to))} {percent:.1f} %"></span>'
        for kind, to, percent in actions)
    return f'<span style="display:inline-block;border:1px solid #888">{parts}</span>'


def _tree_html(report: ReviewReport) -> str:
    """The HTML section of the betting-tree spots: each node's action bar (every hand that
    reaches it) and the hand's row (each action's frequency and EV)."""
    spots = [spot for spot in report.spots if spot.tree]
    if not spots:
        return ""
    rows = []
    for spot in spots:
        legend = " ".join(f"{html.escape(action_label(kind, to))} {percent:.1f} %"
                          for kind, to, percent in spot.node_actions)
        bold = ' style="font-weight:bold"'
        hand = "".join(
            f"<td{bold if kind == spot.action else ''}>"
            f"{html.escape(action_label(kind, to))}: {percent:.1f} %, EV {ev:.4f} "
            f"{html.escape(spot.unit)} ({ev_bb:+.2f} bb)</td>"
            for kind, to, percent, ev, ev_bb in spot.tree_actions)
        rows.append(
            f'<tr class="{spot.severity}"><td>{html.escape(spot.hand_id)}</td>'
            f"<td>{spot.players}-handed {html.escape(spot.tree)}</td>"
            f"<td>{html.escape(spot.node)}</td><td>{spot.stack_bb:.1f}</td>"
            f"<td>{html.escape(spot.cards)}</td><td>{html.escape(spot.action)}</td>"
            f"<td>{html.escape(spot.best_action)}</td><td>{spot.ev_lost_bb:.3f}</td>"
            f"<td>{_tree_bar(spot.node_actions)} {legend}</td>{hand}"
            f"<td>{html.escape(spot.note)}</td></tr>")
    head = ("<tr><th>hand_id</th><th>tree</th><th>node</th><th>stack_bb</th><th>cards</th>"
            "<th>action</th><th>best_action</th><th>ev_lost_bb</th><th>node's actions</th>"
            '<th colspan="4">the hand: each action\'s frequency and EV</th><th>note</th></tr>')
    return (f"<h2>Betting-tree spots</h2><table>{head}{''.join(rows)}</table>")


# -- the HTML report ------------------------------------------------------------------------

WORST_COUNT = 20
_WIDTH, _HEIGHT, _MARGIN = 640, 220, 40
_CSS = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px}
th{background:#eee}tr.blunder{background:#f8c8c8}tr.mistake{background:#fbe3c0}
tr.small{background:#fdf6d8}.grade{font-size:2em;font-weight:bold}svg{border:1px solid #ccc}"""
_SPOT_COLUMNS = ("hand_id", "variant", "players", "node", "position", "stack_bb", "cards",
                 "action", "best_action", "nash_action", "nash_frequency", "allin_ev",
                 "fold_ev", "ev_lost_bb", "severity")


_HEADS = {"variant": "game", "severity": "verdict"}


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
    head = "".join(f"<th>{_HEADS.get(name, name)}</th>" for name in _SPOT_COLUMNS)
    rows = []
    for spot in spots:
        data = spot.as_dict()
        data["variant"] = Variant.parse(spot.variant).display_name  # "Texas Hold'em"
        data["severity"] = verdict_word(spot)  # the one word set: "small mistake", …
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
{tournaments_html(report.tournaments)}
{_tree_html(report)}
<h2>Every spot</h2>
{_table(report.spots)}
</body></html>
"""


def write_html(report: ReviewReport, path: str | os.PathLike) -> Path:
    """Write :func:`render_html` to ``path`` atomically (never over one of the report's
    input files)."""
    refuse_overwriting_inputs({"path": path}, report.sources)
    path = Path(path)
    try:
        with atomic_write(path, "w", encoding="utf-8") as out:
            out.write(render_html(report))
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    return path
