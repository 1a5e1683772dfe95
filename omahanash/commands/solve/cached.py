"""``omahanash solve`` heads-up, answered from the cache of equilibria without loading the
solver: where every heads-up solve starts.

A CFR+ solve to the default target (no ``--iterations``, ``--fresh``, ``--load``, ``--save``,
``--export``, ``--lookup`` or ``--sweep``; ``--player`` left at its default) of a spot kept in
the cache prints the spot's numbers from its file
(:func:`omahanash.jamfold.nash_file.cached_answer`: no numba, no equity table, no game), the
same bytes as the solving path prints for it. Anything else — a spot not cached yet, an
option that needs the game, bad input — goes to :mod:`omahanash.commands.solve.headsup`
through the command line's one dispatch point (:func:`omahanash.cli.handler`), which solves,
reads the cache the full way, or says what is wrong.
"""

from __future__ import annotations

import argparse
import sys

from omahanash.cli import handler, print_json
from omahanash.commands._args import parse_class_list
from omahanash.errors import InputError
from omahanash.jamfold.nash_file import CachedAnswer, cached_answer
from omahanash.runs import StderrProgress

#: The solving path of ``omahanash solve`` heads-up.
HEADSUP = "omahanash.commands.solve.headsup:run"

#: The options that take the solving path when given (their value is not None / False).
NEEDS_THE_GAME = ("load", "sweep", "lookup", "save", "export", "iterations", "fresh")


def run(args: argparse.Namespace) -> int:
    """Print the cached answer of the spot of ``args``, or run the solving path."""
    answer = answer_of(args)
    if answer is None:
        return handler(argparse.Namespace(**{**vars(args), "handler": HEADSUP}))(args)
    say_cached(answer.iterations, answer.epsilon)
    data = answer.summary()
    data["reached_target"] = True  # a kept equilibrium is at its target
    print_solution(data, args.json)
    return 0


def answer_of(args: argparse.Namespace) -> CachedAnswer | None:
    """The cached equilibrium that answers ``args``, or None (the solving path's business).

    >>> args = argparse.Namespace(game=None, load=None, sweep=None, lookup=None, save=None,
    ...                           export=None, iterations=None, fresh=False, solver=None,
    ...                           player="pu")
    >>> answer_of(args) is None  # no --game: the solving path says it is needed
    True
    """
    if any(getattr(args, name, None) not in (None, False) for name in NEEDS_THE_GAME) \
            or getattr(args, "solver", None) not in (None, "cfr+") \
            or getattr(args, "player", "pu") != "pu" or args.game is None:
        return None
    stacks = args.stacks
    if stacks is not None and len(stacks) != 2:
        return None
    try:
        classes = parse_class_list(getattr(args, "classes", None))
    except InputError:
        return None
    return cached_answer(args.game, sb=args.sb, bb=args.bb, ante=args.ante, stacks=stacks,
                         dead_money=args.dead_money, cache_dir=args.cache_dir,
                         class_ids=classes)


def say_cached(iterations: int, epsilon: float) -> None:
    """The stderr line of an answer from the cache (none with ``-q``).

    >>> import contextlib, io
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     say_cached(131, 9.8616e-05)
    >>> err.getvalue().split("(")[1].split(")")[0]
    '131 CFR+ iterations, Epsilon 9.86e-05'
    """
    if StderrProgress.quiet:
        return
    sys.stderr.write(f"omahanash solve: this spot's equilibrium from the cache of equilibria "
                     f"({iterations} CFR+ iterations, Epsilon {epsilon:.3g}); "
                     "--fresh solves it again\n")


def print_solution(data: dict, as_json: bool) -> None:
    """What ``omahanash solve`` heads-up prints of a solution's summary (and a lookup).

    >>> print_solution({"game": "holdem", "solver": "cfr+", "epsilon": None}, False)
    holdem cfr+: no iterations yet
    """
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
