"""``omahanash cfr``: solve a game of imperfect information with the CFR family.

Kuhn, Leduc and dominoes are compiled to a tree and solved by ``cfr``, ``cfr+``,
``mccfr-chance`` or ``mccfr-external``; matrix games (``--game matrix``) go to
:func:`omahanash.games.matrix.run_matrix`, which also offers ``rm`` and ``fp``. Exploitability is
NashConv / players (two players: (BR₁ + BR₂)/2), recorded at every power of two and at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from omahanash.cfr.compiler import DEFAULT_MAX_NODES, compile_game
from omahanash.cfr.solvers import Solution, new_solution, run_cfr
from omahanash.cfr.storage import save_solution
from omahanash.cli import print_json
from omahanash.commands.parsers.cfr import MATRIX_ONLY
from omahanash.errors import InputError
from omahanash.game import Game
from omahanash.games import game_choice, make_game
from omahanash.games.matrix import run_matrix
from omahanash.rng import MAX_SEED
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.savefile import writes_in_place

# Strategies listed in text output; --json lists them all.
TEXT_STRATEGY_LIMIT = 60


def _make_game(args: argparse.Namespace) -> Game:
    if args.game == "leduc":
        if args.players not in (None, 2):
            raise InputError(f"Leduc poker is a two-player game, not {args.players} players")
        return make_game("leduc")
    # the settings given; make_game fills in the registry's defaults for the others
    given = {s.name: getattr(args, s.name) for s in game_choice(args.game).settings
             if getattr(args, s.name, None) is not None}
    return make_game(args.game, **given)


def _run_matrix(args: argparse.Namespace) -> dict:
    if args.payoff is None:
        raise InputError("--game matrix needs --payoff ROWS")
    return run_matrix(payoff=args.payoff, algorithm=args.algorithm, iterations=args.iterations,
                      opponent=args.opponent, seed=args.seed,
                      progress=StderrProgress(args.algorithm))


def _check(args: argparse.Namespace) -> None:
    if args.iterations < 1:
        raise InputError(f"--iterations must be at least 1, not {args.iterations}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise InputError(f"--seed must be a non-negative integer below 2**64, not {args.seed}")
    if args.game != "matrix":
        if args.algorithm in MATRIX_ONLY:
            raise InputError(f"--algorithm {args.algorithm} is for --game matrix only")
        if args.payoff is not None or args.opponent is not None:
            raise InputError("--payoff and --opponent are for --game matrix only")
    if args.game != "domino":
        given = [f"--{name}" for name in ("tiles", "hand", "rules")
                 if getattr(args, name) is not None]
        if given:
            raise InputError(f"{' and '.join(given)}: for --game domino only, "
                             f"not --game {args.game}")
    if args.max_nodes is not None and args.max_nodes < 1:
        raise InputError(f"--max-nodes must be positive, not {args.max_nodes}")
    if args.save is not None and not writes_in_place(args.save):  # /dev/stdout: no folder
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise InputError(f"cannot save to {args.save}: no writable folder {folder}")


def _format_text(data: dict) -> str:
    lines = [
        f"game: {data['game']}",
        f"algorithm: {data['algorithm']}",
        f"iterations: {data['iterations']}",
    ]
    if "infosets" in data:
        lines.append(f"information sets: {data['infosets']}")
    if data.get("exploitability"):
        tree_game = data["game"] != "matrix"
        lines.append("exploitability (NashConv / players):" if tree_game else "exploitability:")
        lines.extend(f"  {i:>10}  {x:.6g}" for i, x in data["exploitability"])
    if "values" in data:
        lines.append("values: " + "  ".join(f"{v:+.6f}" for v in data["values"]))
    strategies = data.get("strategies") or {}
    if isinstance(strategies, list):  # matrix games: one mix per player, names in "actions"
        names = data.get("actions") or [[str(a) for a in range(len(m))] for m in strategies]
        strategies = {f"player {i}": dict(zip(names[i], mix, strict=True))
                      for i, mix in enumerate(strategies)}
    if strategies:
        lines.append("average strategies:")
        for key in list(strategies)[:TEXT_STRATEGY_LIMIT]:
            shown = "  ".join(f"{name} {p:.4f}" for name, p in strategies[key].items())
            lines.append(f"  {key}: {shown}")
        if len(strategies) > TEXT_STRATEGY_LIMIT:
            lines.append(f"  … {len(strategies) - TEXT_STRATEGY_LIMIT} more (use --json)")
    known = {"game", "algorithm", "iterations", "infosets", "exploitability", "values",
             "strategies", "actions"}
    lines.extend(f"{key}: {json.dumps(value) if isinstance(value, list | dict) else value}"
                 for key, value in data.items() if key not in known)
    return "\n".join(lines)


def _save(solution: Solution, path: str) -> None:
    try:
        save_solution(solution, path)
    except OSError as exc:
        raise InputError(f"cannot save to {path}: {exc.strerror}") from None


def run(args: argparse.Namespace) -> int:
    _check(args)
    interrupted: str | None = None
    if args.game == "matrix":
        if args.save is not None:
            raise InputError("--save is for tree games (kuhn, leduc, domino)")
        data = _run_matrix(args)
    else:
        game = _make_game(args)
        max_nodes = args.max_nodes if args.max_nodes is not None else DEFAULT_MAX_NODES
        tree = compile_game(game, max_nodes, progress=StderrProgress("building tree"))
        solution = new_solution(tree, args.algorithm, args.seed)
        with cancel_on_interrupt() as cancel:
            # Ctrl-C stops the run and keeps (and saves) the iterations done, like solve
            outcome = run_cfr(solution, args.iterations,
                              progress=StderrProgress(args.algorithm), cancel=cancel)
        if args.save is not None:
            _save(solution, args.save)
        if outcome.stopped:
            kept = f"saved to {args.save}" if args.save is not None else "kept (no --save)"
            interrupted = (f"interrupted after {solution.iterations} iterations; "
                           f"what was done is {kept}")
        data = {
            "game": args.game,
            "algorithm": args.algorithm,
            "iterations": solution.iterations,
            "infosets": tree.num_infosets,
            "exploitability": [[i, x] for i, x in solution.history],
            "values": solution.values(),
            "strategies": solution.strategies(),
        }
        if tree.settings:
            data["settings"] = tree.settings
    if args.json:
        print_json(data)
    else:
        sys.stdout.write(_format_text(data) + "\n")
    if interrupted is not None:
        sys.stderr.write(f"omahanash cfr: {interrupted}\n")
        return 130
    return 0
