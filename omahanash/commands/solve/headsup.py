"""``omahanash solve`` heads-up: jam-fold equilibria (fictitious play or CFR+), lookups, sweeps.

A spot already in the cache of equilibria is answered before this module loads
(:mod:`omahanash.commands.solve.cached`); everything else is solved or read here."""

from __future__ import annotations

import argparse
import sys
import time

from omahanash.cards import Variant
from omahanash.cli import print_json
from omahanash.commands._args import PARAM_NAMES, check_export, require_game
from omahanash.commands.solve.cached import print_solution, say_cached
from omahanash.commands.solve.inputs import jamfold_params, load_equity_table
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.jamfold import IterationReport, JamFoldParams, JamFoldSolution
from omahanash.jamfold.nash_cache import equilibrium
from omahanash.jamfold.solution import check_player, read_solution_file
from omahanash.jamfold.solvers import DEFAULT_SOLVER, check_solver
from omahanash.jamfold.sweep import parse_stacks, sweep
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.savefile import refuse_overwriting_inputs


class IterationPrinter:
    """``on_report`` that redraws one stderr line with iteration and Epsilon."""

    def __init__(self, label: str, interval: float = 0.5) -> None:
        self.label = label
        self.interval = interval
        self._last = 0.0
        self._report: IterationReport | None = None

    def _draw(self, report: IterationReport) -> None:
        if StderrProgress.quiet:  # -q: no progress on stderr, this line included
            return
        sys.stderr.write(f"\r{self.label}: iteration {report.iteration}  "
                         f"epsilon {report.epsilon:.6g}   ")
        sys.stderr.flush()

    def __call__(self, report: IterationReport) -> None:
        self._report = report
        now = time.perf_counter()
        if now - self._last >= self.interval:
            self._last = now
            self._draw(report)

    def close(self) -> None:
        """Show the last iteration and end the line."""
        if self._report is not None and not StderrProgress.quiet:
            self._draw(self._report)
            sys.stderr.write("\n")
            sys.stderr.flush()


def _say_cached(solution: JamFoldSolution) -> None:
    last = solution.last_report
    if last is not None:
        say_cached(solution.iterations, last.epsilon)


def _missed_target(solution: JamFoldSolution, iterations: int | None) -> bool:
    """A CFR+ run to the default target (no ``--iterations``) that ended above it."""
    return solution.solver == "cfr+" and iterations is None and not solution.at_target()


def run(args: argparse.Namespace) -> int:
    if args.iterations is not None and args.iterations < 0:
        raise InputError(f"--iterations must be >= 0, got {args.iterations}")
    check_export(args.export)
    if args.load is not None:
        refuse_overwriting_inputs({"--export": args.export[1] if args.export else None,
                                   "--save": args.save}, [args.load])
    if args.sweep is not None:
        return _run_sweep(args)
    player = check_player(args.player)
    to_target = False  # a CFR+ run to the default target: the cache of equilibria's business
    solution: JamFoldSolution | None = None
    if args.load:
        given = [f"--{k.replace('_', '-')}" for k in PARAM_NAMES
                 if getattr(args, k) is not None]
        if given:
            raise InputError(f"{', '.join(given)} cannot change a loaded solution "
                             "(its parameters are saved with it)")
        header, _ = read_solution_file(args.load)
        variant = header["params"]["game"]
        if args.game is not None:
            if Variant.parse(args.game) != variant:
                raise InputError(f"{args.load} is a {variant} solution, not {args.game}")
        if args.solver is not None and check_solver(args.solver) != header["solver"]:
            raise InputError(f"{args.load} was solved with {header['solver']}; "
                             "continue it with the same solver")
        saved_classes = header["table"]["class_ids"]
        if saved_classes is not None and args.classes is None:
            args.classes = ",".join(map(str, saved_classes))
        table = load_equity_table(variant, args)
        solution = JamFoldSolution.load(args.load, table=table)
    else:
        params = jamfold_params(args)
        solver = check_solver(args.solver or DEFAULT_SOLVER)
        table = load_equity_table(params.variant, args)
        to_target = solver == "cfr+" and args.iterations is None
        if not to_target:
            solution = JamFoldSolution.create(params, solver, table=table)
    if args.lookup is not None:  # bad hands fail before the run
        variant = solution.params.variant if solution is not None else params.variant
        table.position(parse_class(args.lookup, variant))

    label = f"{params.variant} {solver}" if solution is None \
        else f"{solution.params.variant} {solution.solver}"
    printer = IterationPrinter(label)
    with cancel_on_interrupt() as cancel:
        try:
            if to_target:  # the one policy of the cache of equilibria (--fresh: no cache)
                found = equilibrium(params, table, args.cache_dir, fresh=args.fresh,
                                    cancel=cancel, on_report=printer)
                solution = found.solution
                if found.outcome is None:
                    _say_cached(solution)
            else:
                assert solution is not None
                solution.run(args.iterations, cancel=cancel, on_report=printer)
        finally:
            printer.close()
    missed = _missed_target(solution, args.iterations) and not cancel.cancelled
    if args.save:
        solution.save(args.save)
    if args.export:
        solution.export(args.export[1], args.export[0])
    data = solution.summary()
    if args.lookup is not None:
        data["lookup"] = solution.lookup(args.lookup, player).as_dict()
    if solution.solver == "cfr+" and args.iterations is None:
        data["reached_target"] = not missed
    print_solution(data, args.json)
    if missed:
        last = solution.last_report
        sys.stderr.write(f"omahanash solve: CFR+ stopped at its cap after "
                         f"{solution.iterations} iterations with Epsilon "
                         f"{last.epsilon if last else float('nan'):.6g} chips, above the "
                         f"target {solution.target_epsilon():.6g}: this is not the "
                         "equilibrium and it was not cached\n")
    if cancel.cancelled:
        sys.stderr.write(f"omahanash solve: interrupted after {solution.iterations} "
                         "iterations (what was done is kept)\n")
        return 130
    return 0


def _run_sweep(args: argparse.Namespace) -> int:
    conflicting = [name for name, value in (("--load", args.load), ("--save", args.save),
                                            ("--lookup", args.lookup),
                                            ("--export", args.export),
                                            ("--stacks", args.stacks),
                                            ("--dead-money", args.dead_money))
                   if value is not None]
    if conflicting:
        raise InputError(f"--sweep cannot be combined with {', '.join(conflicting)}")
    require_game(args)
    stacks = parse_stacks(args.sweep)
    solver = check_solver(args.solver or DEFAULT_SOLVER)
    defaults = JamFoldParams()  # the one place of the spot's defaults
    ante = defaults.ante if args.ante is None else args.ante
    sb = defaults.sb if args.sb is None else args.sb
    bb = defaults.bb if args.bb is None else args.bb
    variant = Variant.parse(args.game)
    for stack in stacks:  # every stack is validated before anything runs
        JamFoldParams(variant, sb=sb, bb=bb, ante=ante, stacks=stack * bb)
    table = load_equity_table(variant, args)
    with cancel_on_interrupt() as cancel:
        rows = sweep(variant, stacks, sb=sb, bb=bb, ante=ante, solver=solver,
                     iterations=args.iterations, table=table,
                     progress=StderrProgress(f"{variant} sweep ({solver})"), cancel=cancel)
    if args.json:
        print_json({"sweep": [row.as_dict() for row in rows]})
    else:
        print(f"{'stack_bb':>8}  {'range_pu %':>10}  {'range_ca %':>10}  {'epsilon':>10}  "
              f"{'iterations':>10}")
        for row in rows:
            print(f"{row.stack_bb:>8g}  {row.pusher_range:>10.2f}  {row.caller_range:>10.2f}  "
                  f"{row.epsilon:>10.3g}  {row.iterations:>10d}")
    if cancel.cancelled:
        sys.stderr.write("omahanash solve: sweep interrupted (finished stacks shown)\n")
        return 130
    return 0
