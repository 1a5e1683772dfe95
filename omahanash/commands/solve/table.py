"""``omahanash solve`` at a table of 3 to 10 players (``--stacks`` with 3 to 10 values).

Examples::

    omahanash solve --game holdem --stacks 4500 4500 4500 --sb 300 --bb 600 --payouts 50/30/20
    omahanash solve --game holdem --stacks 2000 3000 1500 1000 --sb 50 --bb 100 \\
        --payouts 9max --lookup AKo --node "BB vs CO" --json
    omahanash solve --game omaha --stacks 1500 1500 1500 --payouts 1 --lock "BTN=top 20%"
    omahanash solve --game holdem --stacks 1500 900 1200 700 1000 1100 --sb 50 --bb 100 \\
        --payouts 65/35 --bounty 25 --bounty-type pko
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from omahanash.cards import Variant
from omahanash.cli import print_json
from omahanash.commands._args import check_export, require_game
from omahanash.commands.solve.inputs import load_equity_table
from omahanash.commands.solve.model import (
    fgs_document,
    fgs_valuation,
    level_blinds,
    model_payouts,
    schedule_of,
)
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.pushfold import PushFoldSolution, PushFoldSpot, solve_pushfold
from omahanash.pushfold.bounty import KINDS, Bounties
from omahanash.pushfold.cache import table_equilibrium
from omahanash.pushfold.fgs import FGSValuation
from omahanash.pushfold.live import TimeLeft, duration_text, provisional_nodes, range_figures
from omahanash.pushfold.solver import DEFAULT_MAX_ITERATIONS, default_target
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, StderrProgress, cancel_on_interrupt, grace_after, measured
from omahanash.solving import Report


def _spot(args: argparse.Namespace) -> PushFoldSpot:
    require_game(args)
    refused = [flag for flag, value in (("--load", args.load), ("--save", args.save),
                                        ("--sweep", args.sweep), ("--solver", args.solver),
                                        ("--dead-money", args.dead_money))
               if value is not None]
    if refused:
        raise InputError(f"{', '.join(refused)} is heads-up only (not with 3 or more stacks)")
    # --model / FGS: the payouts the model needs, the first level's blinds
    payouts = model_payouts(args)
    level_blinds(args, schedule_of(args))
    return PushFoldSpot(args.game, args.stacks,
                        sb=5.0 if args.sb is None else args.sb,
                        bb=10.0 if args.bb is None else args.bb,
                        ante=0.0 if args.ante is None else args.ante,
                        bb_ante=0.0 if args.bb_ante is None else args.bb_ante,
                        payouts=payouts)


def table_bounty(spot: PushFoldSpot, args: argparse.Namespace) -> Bounties | None:
    """The bounties of ``--bounty``/``--bounties`` and ``--bounty-type`` (None without);
    an :class:`InputError` naming the flag and the bad value otherwise."""
    bounty, bounties = getattr(args, "bounty", None), getattr(args, "bounties", None)
    kind = getattr(args, "bounty_type", None)
    if bounty is None and bounties is None:
        if kind is not None:
            raise InputError("--bounty-type needs --bounty or --bounties")
        return None
    if bounty is not None and bounties is not None:
        raise InputError("give --bounty (every player) or --bounties (per seat), not both")
    text = "ko" if kind is None else kind.strip().lower()
    if text not in KINDS:
        raise InputError(f"--bounty-type must be ko or pko, got {kind!r}")
    flag = "--bounty" if bounty is not None else "--bounties"
    try:
        return Bounties.parse(bounty=bounty, bounties=bounties, kind=text,
                              players=spot.players)
    except InputError as exc:
        raise InputError(f"{flag}: {exc}") from None


def bounty_summary(spot: PushFoldSpot, bounty: Bounties | None) -> dict[str, Any] | None:
    """The ``--json`` ``bounty`` of a table: the bounties per seat, the kind, their total and
    the unit (the payouts' money; chip EV without payouts: chips) with ``chips_per_unit``, the
    rate the chip EVs count them at (the chips in play per unit of the prize pool)."""
    if bounty is None:
        return None
    chips = float(sum(spot.stacks))
    return {**bounty.describe(), "unit": "money" if spot.model == "icm" else "chips",
            "chips_per_unit": bounty.rate(chips, spot.prize_pool, False)}


def _locks(spot: PushFoldSpot, texts: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for text in texts or []:
        name, sep, spec = text.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise InputError(f"--lock takes NODE=RANGE (e.g. 'BTN=top 20%'), got {text!r}")
        node = spot.find_node(name)
        if node.name in out:
            raise InputError(f"--lock names {node.name} twice")
        out[node.name] = spec.strip()
    return out


def _deals_option(text: str | None) -> int | str | None:
    if text is None or text.strip().lower() == "exact":
        return None if text is None else "exact"
    try:
        return int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise InputError(f"--deals takes a number of deals or 'exact', got {text!r}") from None


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def table_summary(solution: PushFoldSolution, seconds: float,
                  grace: CancelFlag | None = None) -> dict[str, Any]:
    """The ``--json`` document of a solved table. ``grace``: a :func:`~omahanash.runs.
    grace_after` flag (a stopped run's measuring): what is not measured when it trips is
    ``null`` (the ranges then from the average strategy's sums, ``reach`` null), and
    ``measured`` says whether every figure was."""
    spot = solution.spot
    pay = spot.payout_amounts
    bounty = getattr(solution.solver, "bounty", None)
    nodes = measured(solution.node_summary, grace)
    ev = measured(lambda: solution.ev, grace)
    gains = measured(lambda: solution.exploitability, grace)
    nash_conv = measured(lambda: solution.nash_conv, grace)
    fresh = measured(lambda: solution.nash_conv_fresh, grace)
    low = measured(lambda: solution.nash_conv_fresh_low, grace)
    figures = (nodes, ev, gains, nash_conv, fresh, low)
    return {"game": str(spot.variant), "players": spot.players,
            "positions": list(spot.positions), "stacks": [_number(s) for s in spot.stacks],
            "sb": _number(spot.sb), "bb": _number(spot.bb), "ante": _number(spot.ante),
            "bb_ante": _number(spot.bb_ante),
            "payouts": "chips" if pay is None else [_number(p) for p in pay],
            "model": spot.model, "iterations": solution.iterations,
            "seconds": round(seconds, 3), "deals": solution.solver.deals.describe(),
            "nodes": nodes if nodes is not None else _ranges_only(solution),
            "ev": ev, "exploitability": gains, "nash_conv": nash_conv,
            "nash_conv_fresh": fresh, "nash_conv_fresh_low": low,
            "status": solution.status, "target": default_target(spot, bounty),
            "bounty": bounty_summary(spot, bounty),
            "measured": all(figure is not None for figure in figures)}


def _ranges_only(solution: PushFoldSolution) -> list[dict[str, Any]]:
    """The nodes as :meth:`~omahanash.pushfold.PushFoldSolution.node_summary` has them, from
    the average strategy's sums alone (no pass over the deals: a stop's ranges past its
    grace); ``reach`` where a pass at this iteration measured it, else None."""
    rows = {row["node"]: row for row in provisional_nodes(
        Report(solution.iterations, math.inf, range_figures(solution.solver)))}
    return [{"node": node.name, "position": node.position, "action": node.action,
             "percent": rows[node.name]["percent"], "reach": rows[node.name]["reach"]}
            for node in solution.nodes]


def run_table(args: argparse.Namespace) -> int:
    spot = _spot(args)
    if args.iterations is not None and args.iterations < 1:
        raise InputError(f"--iterations must be >= 1, got {args.iterations}")
    check_export(args.export)
    locks = _locks(spot, args.lock)
    bounty = table_bounty(spot, args)
    deals = _deals_option(args.deals)
    seed = check_seed(0 if args.seed is None else args.seed, "--seed")  # before any work
    if args.lookup is not None:
        parse_class(args.lookup, "holdem" if spot.variant is Variant.HOLDEM else "omaha")
        if args.node is None:
            raise InputError("--lookup needs --node at a table (e.g. --node BTN)")
    if args.node is not None:
        spot.find_node(args.node)
    table = load_equity_table(spot.variant, args)
    started = time.perf_counter()
    label = f"{spot.variant} {spot.players}-handed"
    printer = NashConvPrinter(label, default_target(spot, bounty))
    valuation: FGSValuation | None = None
    with cancel_on_interrupt() as cancel:
        if getattr(args, "model", None) == "fgs":  # future game simulation in place of ICM
            valuation = fgs_valuation(args, spot, schedule_of(args), table, cancel)
        try:
            if valuation is not None:  # not the cache of equilibria (kept by spot, ICM)
                try:
                    solution = solve_pushfold(
                        spot, iterations=args.iterations, deals=deals, seed=seed,
                        table=table, locks=locks, cache_dir=args.cache_dir,
                        on_report=printer, cancel=cancel, valuation=valuation,
                        bounty=bounty)
                finally:
                    if valuation.on_progress is not None:
                        valuation.on_progress.close()  # type: ignore[attr-defined]
            elif args.iterations is None and not locks and bounty is None \
                    and not getattr(args, "fresh", False):
                # to the default target: the cache of equilibria (--fresh: solve again)
                solution = table_equilibrium(spot, deals=deals, seed=seed, table=table,
                                             cache_dir=args.cache_dir, on_report=printer,
                                             cancel=cancel)
            else:
                solution = solve_pushfold(
                    spot, iterations=args.iterations, deals=deals, seed=seed,
                    table=table, locks=locks, cache_dir=args.cache_dir, bounty=bounty,
                    progress=StderrProgress(label) if args.iterations is not None else None,
                    on_report=printer if args.iterations is None else None, cancel=cancel)
        finally:
            printer.close()
        if solution.stopped and solution.iterations == 0:  # nothing to show or measure
            sys.stderr.write("omahanash solve: interrupted before the first iteration: "
                             "nothing computed\n")
            return 130
        seconds = time.perf_counter() - started
        # after a Ctrl-C (during the solve or now) the measuring gets MEASURE_GRACE seconds
        with grace_after(cancel) as grace:
            data = table_summary(solution, seconds, grace)
            if valuation is not None:
                data["model"] = "fgs"
                data["fgs"] = fgs_document(valuation)
            if args.lookup is not None:
                data["lookup"] = measured(lambda: solution.lookup(args.lookup, args.node),
                                          grace)
            exported = args.export is None or measured(
                lambda: solution.export(args.export[1], args.export[0]), grace) is not None
        interrupted = solution.stopped or cancel.cancelled
    if args.json:
        print_json(data)
    else:
        _print_table(data)
    return finish(args, data, exported, interrupted)


def finish(args: argparse.Namespace, data: dict[str, Any], exported: bool,
           interrupted: bool) -> int:
    """The exit code of a table or tree solve whose output is printed, and on stderr what a
    stop left out: 130 after a Ctrl-C (the results so far shown; saying which figures were
    not measured in the grace and an export not written), else 0."""
    if not exported:
        sys.stderr.write(f"omahanash solve: interrupted: {args.export[1]} not written "
                         "(not measured in time)\n")
    if interrupted:
        unmeasured = "" if data["measured"] and exported and data.get("lookup", 1) \
            is not None else "; figures past the stop not measured"
        sys.stderr.write(f"omahanash solve: interrupted after {data['iterations']} "
                         f"iterations (results so far shown{unmeasured})\n")
        return 130
    return 0


class NashConvPrinter:
    """``on_report`` that redraws one stderr line: iteration, NashConv and the target, the
    time elapsed and about how long is left (:class:`~omahanash.pushfold.live.TimeLeft`:
    the NashConv decay measured so far and the time per iteration; the run's iteration cap
    ``cap`` when NashConv does not fall)."""

    def __init__(self, label: str, target: float, interval: float = 0.5,
                 cap: int = DEFAULT_MAX_ITERATIONS) -> None:
        self.label, self.target, self.interval = label, target, interval
        self._last = 0.0
        self._line = ""
        self.left = TimeLeft(target=target, cap=cap)
        self.left.tick(0)  # the run starts

    def __call__(self, report: Any) -> None:
        self.left.tick(report.iteration)
        self.left.report(report.iteration, report.nash_conv)
        self._line = (f"{self.label}: iteration {report.iteration}  NashConv "
                      f"{report.nash_conv:.4g} (target {self.target:.4g})")
        now = time.perf_counter()
        if not StderrProgress.quiet and now - self._last >= self.interval:
            self._last = now
            sys.stderr.write(f"\r{self._line}, {self.left.line()}   ")
            sys.stderr.flush()

    def close(self) -> None:
        if self._line and not StderrProgress.quiet:
            sys.stderr.write(f"\r{self._line}, {duration_text(self.left.elapsed())} "
                             "elapsed" + " " * 24 + "\n")
            sys.stderr.flush()


def print_values(data: dict[str, Any], unit: str) -> None:
    """Each seat's stack, EVs and best-response gain, then NashConv (a solved table's or
    tree's text output)."""
    if data["ev"] is None or data["exploitability"] is None or data["nash_conv"] is None:
        print("EVs and NashConv not measured (stopped before they were)")
        return
    print(f"{'position':<9} {'stack':>10} {'EV chips':>10} {'EV prize':>10} {'BR gain':>10}")
    for ev, gain, stack in zip(data["ev"], data["exploitability"], data["stacks"]):
        prize = "-" if ev["prize"] is None else f"{ev['prize']:.4f}"
        print(f"{ev['position']:<9} {stack:>10,.0f} {ev['chips']:>10.3f} {prize:>10} "
              f"{gain['gain']:>10.5f}")
    low = data.get("nash_conv_fresh_low")
    fresh = "not measured" if data["nash_conv_fresh"] is None else \
        f"{data['nash_conv_fresh']:.6g}" if low is None or low == data["nash_conv_fresh"] \
        else f"between {low:.6g} and {data['nash_conv_fresh']:.6g}"
    print(f"NashConv {data['nash_conv']:.6g} {unit} (target {data['target']:.4g}; on fresh "
          f"deals {fresh})")


def _print_table(data: dict[str, Any]) -> None:
    unit = "prize" if data["model"] in ("icm", "fgs") else "chips"
    payouts = data["payouts"] if isinstance(data["payouts"], str) \
        else "/".join(f"{p:g}" for p in data["payouts"])
    print(f"{data['game']}, {data['players']} players, blinds {data['sb']:g}/{data['bb']:g}, "
          f"ante {data['ante']:g}, payouts {payouts} ({data['model']})")
    if "fgs" in data:
        fgs = data["fgs"]
        levels = ", ".join(f"{lv['sb']:g}/{lv['bb']:g}" for lv in fgs["levels"])
        every = f" every {fgs['hands_per_level']} hands" if fgs["hands_per_level"] else ""
        print(f"FGS{fgs['depth']}: ICM after {fgs['depth']} more hands, blinds {levels}{every}"
              f"; {fgs['states']:,} future states, {fgs['future_hands_solved']:,} future "
              "hands solved")
    bounty = data.get("bounty")
    if bounty:
        kind = "progressive knockout" if bounty["bounty_type"] == "pko" else "knockout"
        amounts = "/".join(f"{b:g}" for b in bounty["bounties"])
        print(f"{kind} bounties {amounts} ({bounty['unit']}; EVs count the bounties won and "
              "each seat's chip share of those in play)")
    print(f"CFR+ iterations {data['iterations']} over {data['deals']}, {data['seconds']:.1f} s, "
          f"{data['status']}")
    print(f"{'node':<24} {'action':>6} {'range %':>8} {'reach %':>8}")
    for node in data["nodes"]:
        reach = "-" if node["reach"] is None else f"{100 * node['reach']:.2f}"
        print(f"{node['node']:<24} {node['action']:>6} {node['percent']:>8.2f} {reach:>8}")
    print_values(data, unit)
    lookup = data.get("lookup")
    if "lookup" in data and lookup is None:
        print("Lookup    not measured (stopped before it was)")
    if lookup:
        def show(value: float | None) -> str:
            return "not reached" if value is None else f"{value:.6f}"

        print(f"Node      {lookup['node']} ({lookup['action']})")
        print(f"Id        {lookup['id']}")
        print(f"Cards     {lookup['cards']}")
        print(f"Played    {lookup['play_pct']:.2f} %")
        print(f"Play EV   {show(lookup['play_ev'])} {lookup['unit']}")
        print(f"Fold EV   {show(lookup['fold_ev'])} {lookup['unit']}")
        print(f"Diff EV   {show(lookup['diff_ev'])}")
