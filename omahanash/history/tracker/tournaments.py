"""The whole-tournament report: per tournament, the hero's judged decisions in order, the EV
lost (big blinds, and prize equity where the decision was judged by ICM), the grade and the
costliest decisions.

**Prize equity.** A decision judged on the table's ICM equilibrium (3 to 10 players with
payouts) has its EV lost in % of the prize pool (``ev_lost_pool_pct``); a tournament's EV
lost in prize equity is their sum, with how many of its decisions it covers. A decision judged
in chips (heads-up between the blinds, or no payouts known) has no prize-equity figure and is
counted in big blinds only. The grade is the review's (:func:`~omahanash.history.grading.
grade` of the mean EV lost per decision, in bb), the costliest decisions are by EV lost in bb.

The report (:mod:`omahanash.history.report`) renders :func:`tournaments_html` when a review
filled ``ReviewReport.tournaments``; so this module reads spots by their fields only.

>>> from types import SimpleNamespace as Spot
>>> spots = [Spot(hand_id="1", ev_lost_bb=0.5, ev_lost_pool_pct=0.25),
...          Spot(hand_id="2", ev_lost_bb=0.0, ev_lost_pool_pct=None)]
>>> [t.as_dict()["ev_lost_pool_pct"] for t in group_spots(spots, ["3500", "3500"])]
[0.25]
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from omahanash.history.grading import grade

#: How many of a tournament's costliest decisions the report shows.
COSTLIEST = 3
#: The name of the group of hands that belong to no tournament (cash games).
CASH = "cash games"
# The columns of a decision in the HTML report and the JSON's decisions.
_COLUMNS = ("hand_id", "players", "node", "stack_bb", "cards", "action", "nash_action",
            "nash_frequency", "ev_lost_bb", "ev_lost_pool_pct", "severity")


@dataclass
class TournamentReview:
    """One tournament's judged decisions (in the order played) and their figures."""

    tournament: str
    spots: list[Any] = field(default_factory=list)

    @property
    def ev_lost_bb(self) -> float:
        return float(sum(spot.ev_lost_bb for spot in self.spots))

    @property
    def icm_decisions(self) -> int:
        """How many decisions have an EV lost in prize equity (judged by ICM)."""
        return sum(spot.ev_lost_pool_pct is not None for spot in self.spots)

    @property
    def ev_lost_pool_pct(self) -> float | None:
        """EV lost in % of the prize pool, over the decisions judged by ICM (None: none)."""
        values = [spot.ev_lost_pool_pct for spot in self.spots
                  if spot.ev_lost_pool_pct is not None]
        return float(sum(values)) if values else None

    @property
    def grade(self) -> str | None:
        return grade(self.ev_lost_bb / len(self.spots)) if self.spots else None

    def costliest(self, count: int = COSTLIEST) -> list[Any]:
        """The decisions that lost the most (bb), the costliest first (ties in play order);
        decisions that lost nothing are not listed."""
        ranked = sorted((spot for spot in self.spots if round(spot.ev_lost_bb, 6) > 0),
                        key=lambda spot: -spot.ev_lost_bb)
        return ranked[:count]

    def as_dict(self) -> dict[str, Any]:
        """The ``tournaments`` entry of the command line's JSON."""
        pool = self.ev_lost_pool_pct
        return {"tournament": self.tournament, "decisions": len(self.spots),
                "ev_lost_bb": round(self.ev_lost_bb, 6),
                "ev_lost_pool_pct": None if pool is None else round(pool, 6),
                "icm_decisions": self.icm_decisions, "grade": self.grade,
                "costliest": [spot.hand_id for spot in self.costliest()],
                "decisions_detail": [_decision(spot) for spot in self.spots]}


def _decision(spot: Any) -> dict[str, Any]:
    data = spot.as_dict() if hasattr(spot, "as_dict") else vars(spot)
    return {name: data.get(name) for name in _COLUMNS}


def group_spots(spots: Iterable[Any], tournaments: Sequence[str | None]) -> list[TournamentReview]:
    """The spots (in play order) grouped by ``tournaments[k]``, the tournament of the k-th
    spot (None: a cash game, grouped as :data:`CASH`), in the order first played."""
    groups: dict[str, TournamentReview] = {}
    for spot, tournament in zip(spots, tournaments, strict=True):
        name = CASH if tournament is None else str(tournament)
        groups.setdefault(name, TournamentReview(name)).spots.append(spot)
    return list(groups.values())


def text_lines(tournaments: Sequence[TournamentReview]) -> list[str]:
    """The command line's per-tournament section (nothing without tournaments).

    >>> from types import SimpleNamespace as Spot
    >>> spot = Spot(hand_id="7", ev_lost_bb=1.25, ev_lost_pool_pct=None, players=2,
    ...             node="SB", stack_bb=8.0, cards="7h 2c", action="push",
    ...             nash_action="fold", nash_frequency=1.0, severity="blunder")
    >>> print("\\n".join(text_lines(group_spots([spot], ["42"]))))
    tournaments: 1
    tournament #42: 1 decision, EV lost 1.250 bb, prize equity -, grade F
      1. #7 2-handed SB 8.0 bb [7h 2c] push (Nash fold 100%) lost 1.250 bb, blunder
      costliest: #7 1.250 bb
    """
    if not tournaments:
        return []
    lines = [f"tournaments: {len(tournaments)}"]
    for item in tournaments:
        pool = item.ev_lost_pool_pct
        equity = "-" if pool is None else \
            f"{pool:.3f} % of the prize pool ({item.icm_decisions} by ICM)"
        name = item.tournament if item.tournament == CASH else f"tournament #{item.tournament}"
        count = len(item.spots)
        lines.append(f"{name}: {count} decision{'' if count == 1 else 's'}, EV lost "
                     f"{item.ev_lost_bb:.3f} bb, prize equity {equity}, "
                     f"grade {item.grade or '-'}")
        for number, spot in enumerate(item.spots, 1):
            pct = "" if spot.ev_lost_pool_pct is None else f" ({spot.ev_lost_pool_pct:.3f} %)"
            lines.append(f"  {number}. #{spot.hand_id} {spot.players}-handed {spot.node} "
                         f"{spot.stack_bb:.1f} bb [{spot.cards}] {spot.action} (Nash "
                         f"{spot.nash_action} {100 * spot.nash_frequency:.0f}%) lost "
                         f"{spot.ev_lost_bb:.3f} bb{pct}, {spot.severity}")
        costly = item.costliest()
        lines.append("  costliest: " + (", ".join(f"#{spot.hand_id} {spot.ev_lost_bb:.3f} bb"
                                                  for spot in costly) or "none (no EV lost)"))
    return lines


def tournaments_html(tournaments: Sequence[TournamentReview]) -> str:
    """The HTML report's per-tournament section ("" without tournaments)."""
    if not tournaments:
        return ""
    parts = ["<h2>Tournaments</h2>"]
    for item in tournaments:
        pool = item.ev_lost_pool_pct
        name = item.tournament if item.tournament == CASH else f"Tournament #{item.tournament}"
        rows = [("decisions", len(item.spots)), ("EV lost (bb)", f"{item.ev_lost_bb:.3f}"),
                ("EV lost, prize equity (% of the pool)",
                 "-" if pool is None else f"{pool:.3f} ({item.icm_decisions} by ICM)"),
                ("grade", item.grade or "-"),
                ("costliest", ", ".join(f"#{spot.hand_id} ({spot.ev_lost_bb:.3f} bb)"
                                        for spot in item.costliest()) or "none")]
        summary = "".join(f"<tr><th>{html.escape(label)}</th><td>{html.escape(str(value))}"
                          "</td></tr>" for label, value in rows)
        head = "".join(f"<th>{name_}</th>" for name_ in _COLUMNS)
        body = []
        for spot in item.spots:
            data = _decision(spot)
            cells = "".join(f"<td>{html.escape(str(data[column]))}</td>"
                            for column in _COLUMNS)
            body.append(f'<tr class="{html.escape(str(spot.severity))}">{cells}</tr>')
        parts.append(f'<h3 class="tournament">{html.escape(name)}</h3><table>{summary}</table>'
                     f"<p>Decisions in the order played</p><table><tr>{head}</tr>"
                     f"{''.join(body)}</table>")
    return "\n".join(parts)
