"""The options of ``omahanash solve``, heads-up and at a table; :func:`implementation` picks
:mod:`omahanash.commands.solve.cached` (heads-up: the cache of equilibria, then
:mod:`~omahanash.commands.solve.headsup`) or :mod:`omahanash.commands.solve.table` from them."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_json, add_spot_arguments, add_table_arguments
from omahanash.errors import InputError


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
    add_json(parser)
    add_table_spot_arguments(parser)
    add_model_arguments(parser)
    add_bounty_arguments(parser)
    add_tree_arguments(parser)
    parser.set_defaults(handler=implementation)


def add_bounty_arguments(parser: argparse.ArgumentParser) -> None:
    """Knockout bounties at a table (``--bounty --bounties --bounty-type``).

    >>> parser = argparse.ArgumentParser()
    >>> add_bounty_arguments(parser)
    >>> args = parser.parse_args(["--bounties", "10,10,20", "--bounty-type", "pko"])
    >>> args.bounties, args.bounty_type, args.bounty
    ('10,10,20', 'pko', None)
    """
    group = parser.add_argument_group(
        "knockout bounties at a table (in the payouts' money; chip EV: in chips)")
    group.add_argument("--bounty", default=None, metavar="B",
                       help="the bounty on every player's head: busting a player wins it")
    group.add_argument("--bounties", default=None, metavar="LIST",
                       help="the bounty of each seat, in the order of --stacks (10,10,20)")
    group.add_argument("--bounty-type", default=None, metavar="KIND",
                       help="ko (knockout: the whole bounty paid; the default) or pko "
                       "(progressive: half paid, half added to the winner's own bounty)")


def add_tree_arguments(parser: argparse.ArgumentParser) -> None:
    """The betting tree's options (``--tree --postflop --open --max-raises``).

    >>> parser = argparse.ArgumentParser()
    >>> add_tree_arguments(parser)
    >>> args = parser.parse_args(["--tree", "pl", "--max-raises", "2"])
    >>> args.tree, args.max_raises, args.postflop
    ('pl', 2, None)
    """
    group = parser.add_argument_group("a preflop betting tree (2 to 10 players)")
    group.add_argument("--tree", default=None,
                       help="pushfold (the default: fold or all in), pl (pot limit: fold, "
                       "call or raise the pot), pl-limp (pot limit, every seat may limp), nl "
                       "(no limit: open to --open bb, call, all in) or a .toml tree file")
    group.add_argument("--postflop", default=None, choices=("commit", "checkdown"),
                       help="after the preflop betting: commit (the chips behind go in when "
                       "the stack-to-pot ratio is at most 2; the default) or checkdown (the "
                       "pot goes to showdown as it stands)")
    group.add_argument("--open", type=float, default=None, metavar="BB",
                       help="nl: the open raise, in big blinds (2)")
    group.add_argument("--max-raises", type=int, default=None, metavar="K",
                       help="most raises (then calls only; 3)")


def is_tree_spot(args: argparse.Namespace) -> bool:
    """A betting-tree spot: ``--tree`` other than pushfold; the tree's settings without it
    are refused.

    >>> is_tree_spot(argparse.Namespace(tree="pl", postflop=None, open=None, max_raises=None))
    True
    >>> is_tree_spot(argparse.Namespace(tree=None, postflop=None, open=2.5, max_raises=None))
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --open needs --tree pl, pl-limp, nl or a tree file
    """
    tree = getattr(args, "tree", None)
    if tree is not None and tree != "pushfold":
        return True
    given = [flag for flag, name in (("--postflop", "postflop"), ("--open", "open"),
                                     ("--max-raises", "max_raises"))
             if getattr(args, name, None) is not None]
    if given:
        raise InputError(f"{given[0]} needs --tree pl, pl-limp, nl or a tree file")
    return False


def add_table_spot_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a table spot (3 to 10 stacks) beside the heads-up ones.

    >>> parser = argparse.ArgumentParser()
    >>> add_table_spot_arguments(parser)
    >>> args = parser.parse_args(["--lock", "BTN=top 20%", "--deals", "exact"])
    >>> args.lock, args.deals, args.seed
    (['BTN=top 20%'], 'exact', None)
    """
    group = parser.add_argument_group("a table of 3 to 10 players (--stacks with 3-10 values)")
    group.add_argument("--payouts", default=None,
                       help="prize payouts best first (50/30/20, 65/35, 1 = winner takes all) "
                       "or a preset (heads-up, spin, 6max, 9max, don, sat:N): EVs by ICM; "
                       "'chips' (the default) for chip EV")
    group.add_argument("--bb-ante", type=float, default=None, metavar="CHIPS",
                       help="a big-blind ante, posted by the big blind alone (0)")
    group.add_argument("--lock", action="append", default=None, metavar="NODE=RANGE",
                       help="fix a node's strategy: range text ('BTN=top 20%%', "
                       "'SB vs BTN=QQ+,AK'), 'fold', 'all' or 'nash'; repeatable; the others "
                       "best-respond")
    group.add_argument("--node", default=None,
                       help="the node of --lookup: BTN, SB, 'SB vs BTN', 'BB vs BTN+SB', ...")
    group.add_argument("--deals", default=None, metavar="N",
                       help="sampled deals the table is solved over (default by table size), "
                       "or 'exact' (Hold'em, 3 players: every class triple with its exact "
                       "weight; slower)")
    group.add_argument("--seed", type=int, default=None, help="seed of the sampled deals (0)")


def add_model_arguments(parser: argparse.ArgumentParser) -> None:
    """How a table values the stacks after the hand: ``--model icm|fgs|chips``,
    ``--fgs-depth``, ``--levels``, ``--hands-per-level`` (future game simulation).

    >>> parser = argparse.ArgumentParser()
    >>> add_model_arguments(parser)
    >>> args = parser.parse_args(["--model", "fgs", "--fgs-depth", "3"])
    >>> args.model, args.fgs_depth, args.levels
    ('fgs', 3, None)
    """
    group = parser.add_argument_group("the value of the stacks after the hand (a table)")
    group.add_argument("--model", default=None, choices=("icm", "fgs", "chips"),
                       help="icm (the default with --payouts), fgs (future game simulation: "
                       "ICM after --fgs-depth more hands at this table, the blinds moving "
                       "round) or chips (chip EV; the default without --payouts)")
    group.add_argument("--fgs-depth", type=int, default=None, metavar="D",
                       help="fgs: hands played on before ICM, 1-6 (default by table size: 5 "
                       "at 3 players, 3 at 4-7, 2 at 8-10)")
    group.add_argument("--levels", default=None, metavar="SB/BB,...",
                       help="fgs: the blind schedule from this hand on, e.g. "
                       "50/100,75/150,100/200 (SB/BB/ANTE for an ante; default: the blinds "
                       "stay)")
    group.add_argument("--hands-per-level", type=int, default=None, metavar="H",
                       help="fgs: hands per level of --levels (this hand is the first of the "
                       "first level; the last level lasts)")


MODEL_OPTIONS = ("model", "fgs_depth", "levels", "hands_per_level")


def is_table_spot(args: argparse.Namespace) -> bool:
    """A table spot: more than two stacks, or an option only a table takes.

    >>> is_table_spot(argparse.Namespace(stacks=[100, 100, 100], lock=None, node=None))
    True
    >>> is_table_spot(argparse.Namespace(stacks=None, lock=None, node=None))
    False
    """
    stacks = getattr(args, "stacks", None)
    if stacks is not None and len(stacks) > 2:
        return True
    # every option of a table only: heads-up refuses it rather than drop it (the jam-fold
    # game is exact chip EV: no deals, no seed, no prizes, no big-blind ante)
    table_only = [name for name in ("lock", "node", "bb_ante", "payouts", "deals", "seed",
                                    *MODEL_OPTIONS, "bounty", "bounties", "bounty_type")
                  if getattr(args, name, None) is not None]
    if table_only:
        raise InputError(f"--{table_only[0].replace('_', '-')} needs a table of 3 to 10 "
                         "players (--stacks with 3 to 10 values); heads-up is exact chip EV")
    if stacks is not None and len(stacks) < 2:
        raise InputError("--stacks needs at least two stacks")
    return False


def implementation(args: argparse.Namespace) -> str:
    """Where the solve of these options is: heads-up, or at a table of 3 to 10 players.

    >>> implementation(argparse.Namespace(stacks=[100, 100], lock=None, node=None))
    'omahanash.commands.solve.cached:run'
    >>> implementation(argparse.Namespace(stacks=[15, 15], tree="nl", node="SB open"))
    'omahanash.commands.solve.tree:run_tree'
    """
    if is_tree_spot(args):
        return "omahanash.commands.solve.tree:run_tree"
    if is_table_spot(args):
        return "omahanash.commands.solve.table:run_table"
    return "omahanash.commands.solve.cached:run"  # the cache first, then headsup
