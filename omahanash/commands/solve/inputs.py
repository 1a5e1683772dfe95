"""What ``omahanash solve`` (heads-up and at a table) and ``omahanash exploit`` read from their
options: the equity table (:func:`~omahanash.commands._args.add_table_arguments`) and the
heads-up jam-fold spot (:func:`~omahanash.commands._args.add_spot_arguments`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import PARAM_NAMES, parse_class_list, require_game
from omahanash.equity.table_build import build_table
from omahanash.equity.tables import OMAHA_GAMES, EquityTable, load_table, table_path
from omahanash.errors import InputError
from omahanash.jamfold import JamFoldParams
from omahanash.runs import StderrProgress


def load_equity_table(variant: str, args: argparse.Namespace) -> EquityTable:
    """The equity table of ``variant`` that ``--cache-dir`` and ``--classes`` name; with
    ``--build-table``, an Omaha table not built yet is built first (progress on stderr).

    >>> args = argparse.Namespace(classes=None, build_table=False, cache_dir=None)
    >>> load_equity_table("holdem", args).n
    169
    """
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


def jamfold_params(args: argparse.Namespace) -> JamFoldParams:
    """The heads-up spot of ``--game --ante --sb --bb --stacks --dead-money``; an option not
    given takes :class:`~omahanash.jamfold.JamFoldParams`' default.

    >>> args = argparse.Namespace(game="holdem", ante=None, sb=None, bb=None, stacks=[50, 80],
    ...                           dead_money=None)
    >>> params = jamfold_params(args)
    >>> params.sb, params.bb, params.stacks
    (5.0, 10.0, (50.0, 80.0))
    """
    require_game(args)
    if args.stacks is not None and len(args.stacks) != 2:
        raise InputError(f"--stacks takes two stacks here (PU and CA), got {len(args.stacks)}")
    given = {k: getattr(args, k) for k in PARAM_NAMES if getattr(args, k) is not None}
    return JamFoldParams(variant=args.game, **given)
