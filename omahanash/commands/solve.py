"""``omahanash solve``: heads-up jam-fold equilibria (fictitious play or CFR+), lookups, sweeps."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from omahanash.commands.table import parse_class_list
from omahanash.errors import InputError
from omahanash.runs import StderrProgress, cancel_on_interrupt

if TYPE_CHECKING:
    from omahanash.jamfold import IterationReport, JamFoldParams, JamFoldSolution

GAME_HELP = "holdem, omaha-hi (alias omaha) or omaha-hilo"
# Game parameters: None means "not given", so that --load can refuse a conflicting value.
# A flag not given takes JamFoldParams' own default (the one place of them).
PARAM_NAMES = ("ante", "sb", "bb", "stacks", "dead_money")


def add_spot_arguments(parser: argparse.ArgumentParser) -> None:
    """The jam-fold spot's options (``--game --ante --sb --bb --stacks``), which
    :func:`_params` reads; shared with ``omahanash exploit``; ``--dead-money`` too."""
    parser.add_argument("--game", default=None, help=GAME_HELP)
    parser.add_argument("--ante", type=float, default=None, help="ante of each player (0)")
    parser.add_argument("--sb", type=float, default=None, help="small blind (5)")
    parser.add_argument("--bb", type=float, default=None, help="big blind (10)")
    parser.add_argument("--stacks", type=float, nargs="+", default=None, metavar="S",
                        help="stacks in chips in preflop order: two for heads-up (PU and CA, "
                        "100 100); 3 to 10 for a table (solve only), the last two the blinds")
    parser.add_argument("--dead-money", type=float, default=None, metavar="CHIPS",
                        help="money in the pot that neither player put in, e.g. the antes "
                        "of players who folded before the blinds (0)")


def add_table_arguments(parser: argparse.ArgumentParser, use: str) -> None:
    """Where the equity table comes from (``--build-table --cache-dir --classes``), which
    :func:`_load_table` reads; ``use`` says what the command does with a subset table.
    Shared with ``omahanash exploit``."""
    parser.add_argument("--build-table", action="store_true",
                        help="build the Omaha equity table first if it is not built yet")
    parser.add_argument("--cache-dir", default=None,
                        help="where equity tables and equilibria are cached")
    parser.add_argument("--classes", default=None,
                        help=f"Omaha only: {use} a built subset table (ids like 0,715,4527)")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="heads-up jam-fold Nash equilibrium (fictitious play or CFR+)",
        description="Solve heads-up push/fold: PU (small blind) pushes or folds, CA (big "
        "blind) calls or folds. Reports PostEV Player1/Player2, Epsilon = (PostEV1 + "
        "PostEV2)/2 and both ranges after every iteration. Without --iterations CFR+ runs "
        "to Epsilon <= 0.0001 BB (at most 20,000 iterations), fictitious play to 100 "
        "iterations in all. A CFR+ run to that target is the spot's equilibrium: it is kept "
        "in the cache of equilibria (<cache-dir>/nash/) that review, the trainer and "
        "tournaments share, and read from there the next time (--fresh solves again). "
        "Progress on stderr; Ctrl-C stops between iterations and keeps (and saves) what was "
        "done.",
    )
    add_spot_arguments(parser)
    parser.add_argument("--iterations", type=int, default=None, metavar="N",
                        help="run exactly N (more) iterations")
    parser.add_argument("--solver", default=None, help="cfr+ (default) or fp")
    parser.add_argument("--lookup", default=None, metavar="ID_OR_CARDS",
                        help="show one class: id, cards (e.g. 'Ah Kd Qs 2c') or Hold'em AKo")
    parser.add_argument("--player", default="pu", help="pu or ca (for --lookup; default pu)")
    parser.add_argument("--save", default=None, metavar="FILE", help="save the solution")
    parser.add_argument("--load", default=None, metavar="FILE",
                        help="reopen a saved solution (continue it or look hands up)")
    parser.add_argument("--export", nargs=2, default=None, metavar=("FORMAT", "FILE"),
                        help="write every class (csv or json): id, cards, combos, push %%, "
                        "call %%, EVs")
    parser.add_argument("--sweep", default=None, metavar="STACKS",
                        help="equal effective stacks in big blinds, e.g. 2,4,6,8,10,15,20")
    add_table_arguments(parser, "solve on")
    parser.add_argument("--fresh", action="store_true",
                        help="solve from scratch even if this spot's equilibrium is cached "
                        "(and do not cache the result)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    from omahanash.commands.solve_table import add_table_spot_arguments

    add_table_spot_arguments(parser)
    parser.set_defaults(func=run)


class IterationPrinter:
    """``on_iteration`` that redraws one stderr line with iteration and Epsilon."""

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


def _load_table(variant: str, args: argparse.Namespace):
    from omahanash.equity.table_build import build_table
    from omahanash.equity.tables import OMAHA_GAMES, load_table, table_path
    from omahanash.runs import StderrProgress

    classes = parse_class_list(args.classes)
    if variant in OMAHA_GAMES and args.build_table \
            and not table_path(variant, args.cache_dir, classes).exists():
        build_table(variant, cache_dir=args.cache_dir, class_ids=classes,
                          progress=StderrProgress(f"{variant} table"))
    try:
        return load_table(variant, args.cache_dir, classes)
    except InputError as exc:
        if variant in OMAHA_GAMES and not args.build_table:
            raise InputError(f"{exc}; or add --build-table") from None
        raise


def _say_cached(solution: JamFoldSolution) -> None:
    from omahanash.runs import StderrProgress

    last = solution.last_report
    if StderrProgress.quiet or last is None:
        return
    sys.stderr.write(f"omahanash solve: this spot's equilibrium from the cache of equilibria "
                     f"({solution.iterations} CFR+ iterations, Epsilon {last.epsilon:.3g}); "
                     "--fresh solves it again\n")


def _missed_target(solution: JamFoldSolution, iterations: int | None) -> bool:
    """A CFR+ run to the default target (no ``--iterations``) that ended above it."""
    return solution.solver == "cfr+" and iterations is None and not solution.at_target()


def _params(args: argparse.Namespace) -> JamFoldParams:
    from omahanash.jamfold import JamFoldParams

    if args.game is None:
        raise InputError("--game is required (holdem, omaha-hi or omaha-hilo)")
    if args.stacks is not None and len(args.stacks) != 2:
        raise InputError(f"--stacks takes two stacks here (PU and CA), got {len(args.stacks)}")
    given = {k: getattr(args, k) for k in PARAM_NAMES if getattr(args, k) is not None}
    return JamFoldParams(variant=args.game, **given)


def run(args: argparse.Namespace) -> int:
    from omahanash.commands.solve_table import is_table_spot, run_table

    if is_table_spot(args):
        return run_table(args)
    if args.iterations is not None and args.iterations < 0:
        raise InputError(f"--iterations must be >= 0, got {args.iterations}")
    if args.export is not None and args.export[0].lower() not in ("csv", "json"):
        raise InputError(f"--export format must be csv or json, got {args.export[0]!r}")
    if args.load is not None:
        from omahanash.savefile import refuse_overwriting_inputs

        refuse_overwriting_inputs({"--export": args.export[1] if args.export else None,
                                   "--save": args.save}, [args.load])
    if args.sweep is not None:
        return _run_sweep(args)
    from omahanash.jamfold import JamFoldSolution
    from omahanash.jamfold.solution import check_player
    from omahanash.jamfold.solvers import DEFAULT_SOLVER, check_solver

    player = check_player(args.player)
    to_target = False  # a CFR+ run to the default target: the cache of equilibria's business
    solution: JamFoldSolution | None = None
    if args.load:
        given = [f"--{k.replace('_', '-')}" for k in PARAM_NAMES
                 if getattr(args, k) is not None]
        if given:
            raise InputError(f"{', '.join(given)} cannot change a loaded solution "
                             "(its parameters are saved with it)")
        from omahanash.jamfold.solution import read_solution_file

        header, _ = read_solution_file(args.load)
        variant = header["params"]["game"]
        if args.game is not None:
            from omahanash.cards import Variant

            if Variant.parse(args.game) != variant:
                raise InputError(f"{args.load} is a {variant} solution, not {args.game}")
        if args.solver is not None and check_solver(args.solver) != header["solver"]:
            raise InputError(f"{args.load} was solved with {header['solver']}; "
                             "continue it with the same solver")
        saved_classes = header["table"]["class_ids"]
        if saved_classes is not None and args.classes is None:
            args.classes = ",".join(map(str, saved_classes))
        table = _load_table(variant, args)
        solution = JamFoldSolution.load(args.load, table=table)
    else:
        params = _params(args)
        solver = check_solver(args.solver or DEFAULT_SOLVER)
        table = _load_table(params.variant, args)
        to_target = solver == "cfr+" and args.iterations is None
        if not to_target:
            solution = JamFoldSolution.create(params, solver, table=table)
    if args.lookup is not None:  # bad hands fail before the run
        from omahanash.hands import parse_class

        variant = solution.params.variant if solution is not None else params.variant
        table.position(parse_class(args.lookup, variant))

    label = f"{params.variant} {solver}" if solution is None \
        else f"{solution.params.variant} {solution.solver}"
    printer = IterationPrinter(label)
    with cancel_on_interrupt() as cancel:
        try:
            if to_target:  # the one policy of the cache of equilibria (--fresh: no cache)
                from omahanash.jamfold.nash_cache import equilibrium

                found = equilibrium(params, table, args.cache_dir, fresh=args.fresh,
                                    cancel=cancel, on_iteration=printer)
                solution = found.solution
                if found.outcome is None:
                    _say_cached(solution)
            else:
                assert solution is not None
                solution.run(args.iterations, cancel=cancel, on_iteration=printer)
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
    _print_solution(data, args.json)
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


def _print_solution(data: dict, as_json: bool) -> None:
    from omahanash.cli import print_json

    if as_json:
        print_json(data)
        return
    if data["epsilon"] is None:
        print(f"{data['game']} {data['solver']}: no iterations yet")
    else:
        print(f"Game               {data['game']} ({data['solver']})")
        print(f"Iterations         {data['iterations']}")
        print(f"Range PU: Player1  {data['range_pu']:.2f} %")
        print(f"Range CA: Player2  {data['range_ca']:.2f} %")
        print(f"PostEV Player1     {data['postev1']:.6f}")
        print(f"PostEV Player2     {data['postev2']:.6f}")
        print(f"Epsilon            {data['epsilon']:.6g}")
    lookup = data.get("lookup")
    if lookup:
        print(f"Player             {lookup['player'].upper()}")
        print(f"Id                 {lookup['id']}")
        print(f"Cards              {lookup['cards']}")
        print(f"Played             {lookup['played']:.4f}")
        print(f"AllIn_EV           {lookup['allin_ev']:.6f}")
        print(f"Fold_EV            {lookup['fold_ev']:.6f}")
        print(f"Diff_EV            {lookup['diff_ev']:.6f}")


def _run_sweep(args: argparse.Namespace) -> int:
    from omahanash.cards import Variant
    from omahanash.cli import print_json
    from omahanash.jamfold.solvers import DEFAULT_SOLVER, check_solver
    from omahanash.jamfold.sweep import parse_stacks, sweep
    from omahanash.runs import StderrProgress

    conflicting = [name for name, value in (("--load", args.load), ("--save", args.save),
                                            ("--lookup", args.lookup),
                                            ("--export", args.export),
                                            ("--stacks", args.stacks),
                                            ("--dead-money", args.dead_money))
                   if value is not None]
    if conflicting:
        raise InputError(f"--sweep cannot be combined with {', '.join(conflicting)}")
    if args.game is None:
        raise InputError("--game is required (holdem, omaha-hi or omaha-hilo)")
    stacks = parse_stacks(args.sweep)
    solver = check_solver(args.solver or DEFAULT_SOLVER)
    from omahanash.jamfold import JamFoldParams

    defaults = JamFoldParams()  # the one place of the spot's defaults
    ante = defaults.ante if args.ante is None else args.ante
    sb = defaults.sb if args.sb is None else args.sb
    bb = defaults.bb if args.bb is None else args.bb
    variant = Variant.parse(args.game)
    for stack in stacks:  # every stack is validated before anything runs
        JamFoldParams(variant, sb=sb, bb=bb, ante=ante, stacks=stack * bb)
    table = _load_table(variant, args)
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
