"""The Review tab's model, without Qt: what a review hands back, the players of the files,
the selected spot and the session as rich text, and the request that opens a spot in the
Jam-fold tab. Tested without a window (doctests, ``tests/ui/review/test_tab.py``,
``tests/ui_models/review/test_jobs.py``); the job is :mod:`ui.review.jobs`, the widgets are
:mod:`ui.review.views`, the tab that joins them :mod:`ui.review.tab`.
"""

from __future__ import annotations

import html
import os
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from omahanash.cards import Variant
from omahanash.history.grading import (  # noqa: F401 (VERDICT_WORDS re-exported)
    VERDICT_WORDS,
    verdict_word,
    verdict_words,
)
from omahanash.history.report import action_label
from omahanash.history.review_progress import ReviewPace, count_text, stopped_text, time_left
from ui.table.model import tables_note

if TYPE_CHECKING:
    from omahanash.history import ReviewReport, SpotReview
    from omahanash.runs import CancelFlag, ProgressCallback

#: The summary lists at most this many unparsed hands (the tooltip repeats them).
UNPARSED_SHOWN = 50
#: ... and this many reasons for hands outside the model, the most frequent first.
REASONS_SHOWN = 12
#: Hands counted between two looks at the Stop flag while listing the players.
_HANDS_PER_CHECK = 200
#: Four-colour deck: suit letter -> (symbol, colour).
SUITS = {"s": ("♠", "#000000"), "h": ("♥", "#c8102e"), "d": ("♦", "#1f4fbf"),
         "c": ("♣", "#1a8a2a")}


def cards_html(cards: str) -> str:
    """Cards (``'Ah Kd'``) as rich text: rank and suit symbol in the suit's colour.

    >>> cards_html("Ah Ts")
    '<b><span style="color:#c8102e">A♥</span> <span style="color:#000000">T♠</span></b>'
    >>> cards_html("")
    ''
    """
    drawn = []
    for card in cards.split():
        symbol, colour = SUITS.get(card[-1:].lower(), (card[-1:], "#000000"))
        drawn.append(f'<span style="color:{colour}">{card[:-1].upper()}{symbol}</span>')
    return f"<b>{' '.join(drawn)}</b>" if drawn else ""


@dataclass(frozen=True)
class ReviewResult:
    """What a review job hands back: the files reviewed, their players (most hands first,
    with their hand counts), the library's report, the opponent model and the payouts as
    typed."""

    paths: tuple[str, ...]
    players: tuple[tuple[str, int], ...]
    report: ReviewReport
    vs: str | None = None
    payouts: str | None = None


@dataclass(frozen=True)
class LiveSnapshot:
    """The spots judged so far, as the worker sends them to the tab (a progress signal's
    detail): every spot in the order judged, the count, the spots in all, the time left
    (None before the pace is known), and for the countdown between two snapshots the pace
    (seconds a spot) and the clock's time of the last judged spot.

    >>> shot = LiveSnapshot((), 5, 10, 50.0, pace=10.0, last=100.0)
    >>> shot.text_at(104.0), shot.text_at(130.0)   # 4 s on; a slow spot holds at 4 left
    ('judged 5 of 10 spots, about 0:46 left', 'judged 5 of 10 spots, about 0:40 left')
    """

    spots: tuple[SpotReview, ...]
    judged: int
    total: int
    eta: float | None
    pace: float | None = None
    last: float | None = None

    def text(self) -> str:
        """``judged 37 of 97 spots, about 3:39 left``."""
        return count_text(self.judged, self.total, self.eta)

    def eta_at(self, now: float) -> float | None:
        """The time left at the clock's time ``now`` (ReviewPace's rule), None before the
        pace is known."""
        if self.pace is None or self.last is None:
            return self.eta
        return time_left(self.pace, self.total - self.judged, now - self.last)

    def text_at(self, now: float) -> str:
        """:meth:`text` counted down to the clock's time ``now``."""
        return count_text(self.judged, self.total, self.eta_at(now))


class LiveReview:
    """The spots of a running review, told one by one (``on_spot`` of
    :func:`omahanash.history.review`, in the worker thread); :meth:`snapshot` is what the
    tab is sent. The time left is :class:`~omahanash.history.review_progress.ReviewPace`'s
    (the mean pace of the spots judged: none before five), its clock injectable.

    >>> from types import SimpleNamespace as N
    >>> now = [0.0]
    >>> live = LiveReview(clock=lambda: now[0])
    >>> live.begin()
    >>> for number in range(1, 6):
    ...     now[0] += 2.0
    ...     live.add(N(hand_id=str(number)), number, 10)
    >>> shot = live.snapshot()
    >>> len(shot.spots), shot.text()
    (5, 'judged 5 of 10 spots, about 0:10 left')
    >>> live.stopped_text()
    'stopped: 5 of 10 spots judged'
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.pace = ReviewPace(clock)
        self._lock = threading.Lock()
        self.spots: list[SpotReview] = []
        self.judged = 0
        self.total = 0

    def begin(self) -> None:
        """The judging begins (the pace counts from here)."""
        self.pace.start()

    def add(self, spot: SpotReview, judged: int, total: int) -> None:
        """A spot judged: ``on_spot(spot, judged, total)``."""
        with self._lock:
            self.pace.judged_one()
            self.spots.append(spot)
            self.judged, self.total = judged, total

    def snapshot(self) -> LiveSnapshot:
        with self._lock:
            eta = self.pace.eta(self.total) if self.total else None
            return LiveSnapshot(tuple(self.spots), self.judged, self.total, eta,
                                self.pace.pace if eta is not None else None, self.pace.last)

    def stopped_text(self) -> str:
        """``stopped: 37 of 97 spots judged`` (before the first: ``stopped: no spot judged
        yet``)."""
        if not self.total:
            return "stopped: no spot judged yet"
        return stopped_text(self.judged, self.total)


def list_players(paths: Sequence[str | os.PathLike], progress: ProgressCallback | None = None,
                 cancel: CancelFlag | None = None) -> tuple[tuple[str, int], ...]:
    """Every player seated in the hands under ``paths`` with the number of their hands, most
    hands first (then by name); ``cancel`` is looked at every few hundred hands.

    >>> from pathlib import Path
    >>> data = Path(__file__).resolve().parents[2] / "tests" / "data" / "history"
    >>> list_players([data / "ps_hu_tournament_holdem.txt"])
    (('Hero', 5), ('Villain', 5))
    """
    from omahanash.history import Hand
    from omahanash.history.sources import hand_files, read_file

    files = hand_files(paths)
    total = max(1, sum(path.stat().st_size for path in files))
    read = [0]  # characters read so far (read_file adds to it)
    seated: Counter[str] = Counter()
    for path in files:
        for count, item in enumerate(read_file(path, read)):
            if isinstance(item, Hand):
                seated.update(item.players)  # names: a mapping would add chips
            if count % _HANDS_PER_CHECK == 0:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                if progress is not None:
                    progress(min(read[0], total), total)
    return tuple(sorted(seated.items(), key=lambda pair: (-pair[1], pair[0])))


def jamfold_inputs(spot: SpotReview) -> dict[str, str]:
    """The Jam-fold tab's inputs for the game a spot was judged on: in big blinds (SB/BB,
    1, ante/BB), both stacks the effective stack on the review's grid, the hero's cards; so
    the tab shows the same AllIn_EV / Fold_EV as the review. Keys are the widgets' object
    names."""
    def bb(chips: float) -> str:
        return f"{round(chips / spot.bb, 9):g}"

    stack = f"{spot.grid_stack_bb:g}"
    return {"anteEdit": bb(spot.ante), "sbEdit": bb(spot.sb), "bbEdit": "1",
            "player1Edit": stack, "player2Edit": stack, "lookupEdit": spot.cards}


@dataclass(frozen=True)
class JamfoldRequest:
    """What "Open in Jam-fold" asks the main window to do: the game by its display name, the
    Jam-fold inputs by object name, the hero's side (``PU`` pusher, ``CA`` caller) and a
    message for the Jam-fold tab."""

    game: str
    inputs: dict[str, str]
    side: str
    message: str


def jamfold_request(spot: SpotReview) -> JamfoldRequest | str:
    """The request for a heads-up spot, or why a spot cannot be opened there (a table spot
    belongs to a table of 3-10 players, which the Jam-fold tab does not play)."""
    if spot.precision != "heads-up":  # judged at its table by the push/fold engine
        return (f"hand #{spot.hand_id} is a {spot.players}-handed table spot ({spot.node}): "
                "open it in the Table tab (the Jam-fold tab plays heads-up only)")
    note = "" if spot.dead_money == 0 else \
        f" (without the {spot.dead_money / spot.bb:g} bb of dead money it does not model)"
    return JamfoldRequest(Variant(spot.variant).display_name, jamfold_inputs(spot),
                          "PU" if spot.position == "SB" else "CA",
                          f"Hand #{spot.hand_id} from the Review tab{note}: press Calculate, "
                          "then Show.")


@dataclass(frozen=True)
class TableRequest:
    """What "Open in Table" asks the main window to do: the Table tab's spot (the game by
    its ``omahanash`` name, stacks in chips in the order the players act, blinds, antes, the
    payouts the review valued it with, "" for chip EV), the node to select, the hero's cards
    and a message for the Table tab."""

    variant: str
    stacks: tuple[float, ...]
    sb: float
    bb: float
    ante: float
    bb_ante: float
    payouts: str
    node: str
    cards: str
    message: str
    #: The betting tree a tree spot was judged on (``pl``, ``nl``, ...; "" push/fold).
    tree: str = ""


def table_request(spot: SpotReview) -> TableRequest | str:
    """The Table tab's request for a judged table spot, or why it cannot be opened there (a
    heads-up spot: the Jam-fold tab plays it).

    >>> from omahanash.history.report import action_label, SpotReview
    >>> spot = SpotReview(hand_id="7", file="f.txt", line=1, variant="holdem", position="BB",
    ...     sb=200, bb=400, ante=50, dead_money=0, stack_bb=9.75, grid_stack_bb=9.75,
    ...     cards="9c 8c", action="fold", nash_action="fold", nash_frequency=1.0,
    ...     allin_ev=-3.0, fold_ev=-1.1, ev_lost_bb=0.0, severity="none", best_action="fold",
    ...     verdict="correct", players=3, node="BB vs BTN+SB", model="icm",
    ...     payouts="50/30/20", stacks=(5100.0, 4500.0, 3900.0), precision="full")
    >>> request = table_request(spot)
    >>> request.stacks, request.node, request.payouts, request.ante
    ((5100.0, 4500.0, 3900.0), 'BB vs BTN+SB', '50/30/20', 50)
    """
    if spot.precision == "heads-up" or len(spot.stacks) != spot.players:
        return (f"hand #{spot.hand_id} is a heads-up spot: open it in the Jam-fold tab, which "
                "plays heads-up")
    return TableRequest(
        spot.variant, tuple(spot.stacks), spot.sb, spot.bb,
        0.0 if spot.bb_ante else spot.ante, spot.bb_ante,
        spot.payouts if spot.model == "icm" else "", spot.node, spot.cards,
        f"Hand #{spot.hand_id} from the Review tab: the equilibrium that judged it, node "
        f"{spot.node} selected, your {spot.cards} looked up.", spot.tree)


def verdict_counts(spots: Sequence[SpotReview]) -> str:
    """``correct 3, small mistake 0, mistake 1, blunder 0`` (either-way spots with the
    correct ones when there are none).

    >>> from types import SimpleNamespace as N
    >>> verdict_counts([N(verdict="correct", severity="none"),
    ...                 N(verdict="mistake", severity="blunder")])
    'correct 1, small mistake 0, mistake 0, blunder 1'
    """
    counts = Counter(verdict_word(spot) for spot in spots)
    return ", ".join(f"{word} {counts[word]}" for word in VERDICT_WORDS
                     if word != "correct either way" or counts[word])


def details_html(spot: SpotReview) -> str:
    """The selected spot, as rich text: where it was played, the cards drawn, the decision
    and its values."""
    grid = "" if spot.grid_stack_bb == round(spot.stack_bb, 9) else \
        f" (judged at {spot.grid_stack_bb:g} bb)"
    ante = f", ante {spot.ante:g}" if spot.ante else ""
    dead = f", dead money {spot.dead_money:g}" if spot.dead_money else ""
    lost = f"{spot.ev_lost_bb:.3f} bb ({spot.ev_lost:g} in chips)"
    rows = (("Hand", f"#{html.escape(spot.hand_id)} · {html.escape(os.path.basename(spot.file))}"
                     f":{spot.line}"),
            ("Game", f"{html.escape(Variant(spot.variant).display_name)}, blinds "
                     f"{spot.sb:g}/{spot.bb:g}{ante}{dead}"),
            ("Position", f"{spot.position}, effective stack {spot.stack_bb:.2f} bb{grid}"),
            ("Table", f"{spot.players}-handed, node {html.escape(spot.node)}, "
                      f"{html.escape(_payouts_name(spot))}"),
            ("Cards", cards_html(spot.cards)),
            *(_tree_rows(spot) if spot.tree else (
                ("Action", html.escape(spot.action)),
                ("Best", f"{html.escape(spot.best_action)} against "
                         f"{html.escape(_opponent_name(spot.opponent))}"),
                ("Nash", f"{html.escape(spot.nash_action)} {100 * spot.nash_frequency:.1f}%"
                         + html.escape(noise_note(spot))),
                ("AllIn_EV", f"{spot.allin_ev:.3f} bb"),
                ("Fold_EV", f"{spot.fold_ev:.3f} bb"))),
            ("EV lost", lost + ("" if spot.ev_lost_pool_pct is None
                                else f", {spot.ev_lost_pool_pct:.3f}% of the prize pool")),
            # the one rule (jamfold.decision.judge) in one vocabulary
            ("Verdict", html.escape(verdict_words(spot.verdict, spot.ev_lost_bb,
                                                  spot.tolerance_bb))))
    return "<table>" + "".join(f"<tr><td><b>{name}</b>&nbsp;&nbsp;</td><td>{value}</td></tr>"
                               for name, value in rows) + "</table>"


def tree_action_text(spot: SpotReview) -> str:
    """The hero's action on the tree: ``raise to 3 bb (played to 2 bb: the tree's nearest
    size)``.

    >>> from omahanash.history.report import SpotReview
    >>> spot = SpotReview("1", "f", 1, "omaha-hi", "BB", 75, 150, 0, 0, 11, 11, "Kc Kd 8s 3h",
    ...     "raise", "raise", 0.96, 1.2, 0.0, 0.0, "none", "raise", tree="pl",
    ...     node="BB vs SB limp", tree_actions=(("call", 1.0, 4.0, 32.5, 0.0),
    ...     ("raise", 3.0, 96.0, 33.1, 1.2)), action_to=3.0, played_to=2.0)
    >>> print(tree_action_text(spot))
    raise to 3 bb (played to 2 bb: the tree's nearest size)
    """
    text = action_label(spot.action, spot.action_to)
    if spot.played_to is not None and spot.action_to is not None and spot.action != "fold" \
            and abs(spot.played_to - spot.action_to) > 0.01 * max(spot.action_to, 1.0):
        text += f" (played to {spot.played_to:.3g} bb: the tree's nearest size)"
    return text


def _tree_rows(spot: SpotReview) -> tuple[tuple[str, str], ...]:
    """A tree spot's rows: the tree and node, the hero's action, the node's frequencies,
    and each action's frequency and EV for the hero's hand."""
    node = " · ".join(f"{html.escape(action_label(kind, to))} {percent:.1f}%"
                      for kind, to, percent in spot.node_actions)
    hand = "<br>".join(
        f"{'<b>' if kind == spot.action else ''}{html.escape(action_label(kind, to))}: "
        f"{percent:.1f}%, EV {ev_bb:+.3f} bb ({ev:.4g} {html.escape(spot.unit)})"
        f"{'</b>' if kind == spot.action else ''}"
        for kind, to, percent, ev, ev_bb in spot.tree_actions)
    rows: tuple[tuple[str, str], ...] = (
        ("Tree", f"{html.escape(spot.tree)}, node {html.escape(spot.node)}"),
        ("Action", html.escape(tree_action_text(spot))),
        ("Best", f"{html.escape(spot.best_action)} (Nash: {html.escape(spot.nash_action)} "
                 f"{100 * spot.nash_frequency:.1f}%)"),
        ("Node", node),
        ("Your hand", hand))
    if spot.note:
        rows += (("Note", html.escape(spot.note)),)
    return rows


def noise_note(spot: SpotReview) -> str:
    """What the "Nash" line adds when the average strategy mixes the hand (5-95 %) but one
    action is better by more than the solve's precision: that mix is noise.

    >>> from omahanash.history.report import SpotReview
    >>> spot = SpotReview(hand_id="1", file="f", line=1, variant="holdem", position="BB",
    ...     sb=0.5, bb=1, ante=0, dead_money=0, stack_bb=10, grid_stack_bb=10,
    ...     cards="Kd Ts", action="call", nash_action="fold", nash_frequency=0.68,
    ...     allin_ev=-2.9, fold_ev=-1.0, ev_lost_bb=1.9, severity="blunder",
    ...     best_action="fold", tolerance_bb=0.01)
    >>> noise_note(spot)
    ' (a mix of the average strategy, but fold is better by 1.9 bb: noise of the solve)'
    """
    if not (0.5 <= spot.nash_frequency <= 0.95):
        return ""
    gap = abs(spot.allin_ev - spot.fold_ev)
    if gap <= spot.tolerance_bb:
        return " (a mix: both EVs within the solve's precision)"
    return (f" (a mix of the average strategy, but {spot.best_action} is better by {gap:.3g} "
            "bb: noise of the solve)")


def _payouts_name(spot: SpotReview) -> str:
    """How the spot's chips were valued: ICM with its payouts and their source, or chips."""
    if spot.model == "icm":
        return f"ICM {spot.payouts} ({spot.payouts_source})"
    return "chip EV" + (f" ({spot.payouts_source})" if spot.payouts_source else "")


def _opponent_name(text: str) -> str:
    """A spot's opponent model as the details say it (the library's ``nash``: Nash)."""
    return "Nash" if text == "nash" else text


def unparsed_text(report: ReviewReport) -> str:
    """The unparsed hands, one ``file:line: reason`` a line (at most :data:`UNPARSED_SHOWN`)."""
    lines = [f"{os.path.basename(item.file)}:{item.line}: {item.reason}"
             for item in report.unparsed[:UNPARSED_SHOWN]]
    more = len(report.unparsed) - UNPARSED_SHOWN
    return "\n".join(lines + ([f"… and {more} more"] if more > 0 else []))


def _payouts_text(report: ReviewReport) -> str:
    """Which payouts valued the spots (chip EV when none is known, said so)."""
    counts = report.payouts_summary()  # "ICM 50/30/20 (9-max sit-and-go)", "chip EV (…)"
    return "; ".join(f"{name}: {count}" for name, count in counts.items()) or "-"


def summary_html(report: ReviewReport, end_line: str = "") -> str:
    """The session summary as rich text: ``end_line`` first (a Stop's ``stopped: 37 of 97
    spots judged``), counts, mistakes, EV lost, the grade with its interval, accuracy by
    position and stack band, why hands were outside the model or unparsed."""
    from omahanash.history.grading import FEW_SPOTS, STACK_BANDS, stack_band

    # Accuracy rows in a natural order: SB before BB, stack bands from short to deep.
    order = ["SB", "BB"] + [stack_band(high) for high in STACK_BANDS] \
        + [stack_band(float("inf"))]

    def rank(name: str) -> int:
        return order.index(name) if name in order else len(order)

    spots = len(report.spots)
    # which equity table the verdicts stand on (a coarse one said so)
    variants = list(dict.fromkeys(Variant.parse(spot.variant) for spot in report.spots))
    from omahanash.history.review import STOPPED_REASON

    not_judged = sum(1 for item in report.outside if item.reason == STOPPED_REASON)
    parts = [f"<p><b>{html.escape(end_line.capitalize())}</b></p>"] if end_line else []
    parts += [f"<p><b>Hero:</b> {html.escape(report.hero or '-')}<br>"
             f"<b>Opponent:</b> {html.escape(report.opponent.describe())}<br>"
             f"<b>Payouts:</b> {html.escape(_payouts_text(report))}<br>"
             + (f"{html.escape(tables_note(variants))}<br>" if variants else "")
             + f"<b>Hands read:</b> {report.hands} · <b>Spots:</b> {spots} · "
             + (f"<b>Not judged (stopped):</b> {not_judged} · " if not_judged else "")
             + f"<b>Outside the model:</b> {len(report.outside) - not_judged} · "
             f"<b>Unparsed:</b> {len(report.unparsed)}</p>"]
    if spots:
        mistakes = verdict_counts(report.spots)
        per_100 = report.ev_lost_bb_per_100
        interval = report.grade_interval
        mean = report.mean_ev_lost_bb
        assert per_100 is not None and interval is not None and mean is not None
        provisional = f" — <i>provisional: fewer than {FEW_SPOTS} spots</i>" \
            if spots < FEW_SPOTS else ""
        parts.append(
            f"<p><b>Verdicts:</b> {mistakes}<br>"
            f"<b>EV lost:</b> {report.ev_lost_bb:.3f} bb ({per_100:.2f} bb per 100 spots)<br>"
            f"<b>Grade: {report.grade}</b> (mean EV lost per decision {mean:.3f} bb, 95% "
            f"interval {interval[0]:.3f}–{interval[1]:.3f} bb){provisional}</p>")
        accuracy = report.accuracy()
        for title, rows in (("By position", accuracy["position"]),
                            ("By stack", accuracy["stack_band"]),
                            ("By table and node", accuracy["node"])):
            parts.append(f"<p><b>{title}</b></p><table cellspacing='0' cellpadding='2'>"
                         "<tr><th align='left'></th><th>spots</th><th>correct</th>"
                         "<th>accuracy</th><th>EV lost (bb)</th></tr>")
            for name in sorted(rows, key=rank):
                row = rows[name]
                parts.append(f"<tr><td>{html.escape(name)}</td>"
                             f"<td align='right'>{row['spots']:g}</td>"
                             f"<td align='right'>{row['correct']:g}</td>"
                             f"<td align='right'>{100 * row['accuracy']:.0f}%</td>"
                             f"<td align='right'>{row['ev_lost_bb']:.3f}</td></tr>")
            parts.append("</table>")
    if len(report.outside) > not_judged:  # the spots a Stop left are counted above
        reasons = Counter(item.reason for item in report.outside
                          if item.reason != STOPPED_REASON).most_common()
        others = sum(count for _, count in reasons[REASONS_SHOWN:])
        parts.append("<p><b>Outside the model</b></p><ul>" + "".join(
            f"<li>{html.escape(player_reason(reason))}: {count}</li>" for reason, count in
            reasons[:REASONS_SHOWN])
            + (f"<li>other reasons: {others}</li>" if others else "") + "</ul>")
    if report.unparsed:
        parts.append("<p><b>Unparsed</b></p><ul>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in unparsed_text(report).splitlines())
            + "</ul>")
    return "".join(parts)


_NO_TABLE = re.compile(r"^no (omaha-hi|omaha-hilo) equity table\b")


def missing_tables(report: ReviewReport) -> list[Variant]:
    """The Omaha variants whose hands the review left out for want of a table.

    >>> from types import SimpleNamespace as N
    >>> missing_tables(N(outside=[N(reason="no omaha-hilo equity table: not built")]))
    [<Variant.OMAHA_HILO: 'omaha-hilo'>]
    """
    found = (_NO_TABLE.match(item.reason) for item in report.outside)
    return [Variant.parse(name) for name in dict.fromkeys(m.group(1) for m in found if m)]


def player_reason(reason: str) -> str:
    """A reason as the tab says it: a missing table is built here, not in a terminal.

    >>> player_reason("no omaha-hilo equity table: run 'omahanash table build ...'")
    'no Omaha Hi/Lo equity table yet: Build it in the panel above, then review again'
    """
    found = _NO_TABLE.match(reason)
    if found is None:
        return reason
    return (f"no {Variant.parse(found.group(1)).display_name} equity table yet: Build it in "
            "the panel above, then review again")
