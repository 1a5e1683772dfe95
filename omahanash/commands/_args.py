"""Argument helpers that several commands share: the options themselves (added to a parser)
and the readers of their values.

Cheap to import (argparse and :mod:`omahanash.errors` only): the parsers of
:mod:`omahanash.commands.parsers` use it to build ``omahanash --help``, and the commands'
implementations read the same options with it.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_spot_arguments(parser)
>>> add_table_arguments(parser, "solve on")
>>> args = parser.parse_args(["--game", "holdem", "--stacks", "100", "100", "--classes", "0,1"])
>>> args.stacks, parse_class_list(args.classes), args.build_table
([100.0, 100.0], [0, 1], False)
"""

from __future__ import annotations

import argparse

from omahanash.errors import InputError

GAME_HELP = "holdem, omaha-hi (alias omaha) or omaha-hilo"
CLASSES_HELP = "Omaha only: a subset of class ids like 0,715,4527 (a small table, for experiments)"
CACHE_HELP = "where equity tables and equilibria are cached"
SCHEDULER_HELP = "local (default), local:N (N Dask worker processes) or tcp://HOST:8786; " \
    "default $OMAHANASH_SCHEDULER"
RANGE_HELP = ("range text (e.g. 'AA,KK' or 'top 20%%'), nash (the equilibrium here), nash@15 "
              "(at 15 bb effective) or file:PATH / PATH.jamfold (a saved solution)")
JSON_DOCUMENT = "print one JSON document"
JSON_OBJECT = "print one JSON object"
# The jam-fold spot's parameters (add_spot_arguments): None means "not given", so that --load
# can refuse a conflicting value; a flag not given takes JamFoldParams' own default.
PARAM_NAMES = ("ante", "sb", "bb", "stacks", "dead_money")


def add_json(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
             help: str | None = JSON_DOCUMENT) -> None:
    """``--json``: print one JSON document on stdout instead of text.

    >>> parser = argparse.ArgumentParser()
    >>> add_json(parser)
    >>> parser.parse_args(["--json"]).json
    True
    """
    parser.add_argument("--json", action="store_true", help=help)


def add_cache_dir(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                  help: str | None = CACHE_HELP) -> None:
    """``--cache-dir``: where equity tables (and equilibria) are cached (default: the cache).

    >>> parser = argparse.ArgumentParser()
    >>> add_cache_dir(parser)
    >>> parser.parse_args([]).cache_dir is None
    True
    """
    parser.add_argument("--cache-dir", default=None, help=help)


def add_game(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
             help: str = GAME_HELP) -> None:
    """A required ``--game`` of poker (the readers normalise its aliases).

    >>> parser = argparse.ArgumentParser()
    >>> add_game(parser)
    >>> parser.parse_args(["--game", "omaha"]).game
    'omaha'
    """
    parser.add_argument("--game", required=True, help=help)


def add_classes(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                help: str = CLASSES_HELP) -> None:
    """``--classes 0,715,4527``: a subset table of Omaha classes (read by
    :func:`parse_class_list`).

    >>> parser = argparse.ArgumentParser()
    >>> add_classes(parser)
    >>> parse_class_list(parser.parse_args(["--classes", "0, 715"]).classes)
    [0, 715]
    """
    parser.add_argument("--classes", default=None, help=help)


def add_scheduler(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                  help: str = SCHEDULER_HELP) -> None:
    """``--scheduler``: where a distributed job runs (read by
    :func:`omahanash.cluster.parse_scheduler`; None: ``$OMAHANASH_SCHEDULER`` or here).

    >>> parser = argparse.ArgumentParser()
    >>> add_scheduler(parser)
    >>> parser.parse_args(["--scheduler", "local:2"]).scheduler
    'local:2'
    """
    parser.add_argument("--scheduler", default=None, help=help)


def parse_class_list(text: str | None) -> list[int] | None:
    """``--classes 0,715,4527`` as a list of ids (None when the option is absent).

    >>> parse_class_list("0,715, 4527"), parse_class_list(None)
    ([0, 715, 4527], None)
    >>> parse_class_list("0,x")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --classes takes class ids separated by commas, got '0,x'
    """
    if text is None:
        return None
    try:
        return [int(item) for item in text.replace(" ", "").split(",") if item]
    except ValueError:
        raise InputError(f"--classes takes class ids separated by commas, got {text!r}") from None


def add_spot_arguments(parser: argparse.ArgumentParser) -> None:
    """The jam-fold spot's options (``--game --ante --sb --bb --stacks --dead-money``) of
    ``omahanash solve`` and ``omahanash exploit``, each None when not given (see
    :data:`PARAM_NAMES`).

    >>> parser = argparse.ArgumentParser()
    >>> add_spot_arguments(parser)
    >>> args = parser.parse_args(["--sb", "1"])
    >>> args.sb, args.bb, args.game
    (1.0, None, None)
    """
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
    """Where the equity table comes from (``--build-table --cache-dir --classes``), read by
    :func:`omahanash.commands.solve.inputs.load_table`; ``use`` says what the command does
    with a subset table.

    >>> parser = argparse.ArgumentParser()
    >>> add_table_arguments(parser, "use")
    >>> vars(parser.parse_args(["--build-table"]))
    {'build_table': True, 'cache_dir': None, 'classes': None}
    """
    parser.add_argument("--build-table", action="store_true",
                        help="build the Omaha equity table first if it is not built yet")
    add_cache_dir(parser)
    parser.add_argument("--classes", default=None,
                        help=f"Omaha only: {use} a built subset table (ids like 0,715,4527)")


def require_game(args: argparse.Namespace) -> str:
    """The ``--game`` of a jam-fold or table spot, which has no default.

    >>> require_game(argparse.Namespace(game="holdem"))
    'holdem'
    >>> require_game(argparse.Namespace(game=None))
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --game is required (holdem, omaha-hi or omaha-hilo)
    """
    if args.game is None:
        raise InputError("--game is required (holdem, omaha-hi or omaha-hilo)")
    return str(args.game)


def check_export(export: list[str] | None) -> None:
    """``--export FORMAT FILE``: the format must be csv or json.

    >>> check_export(["CSV", "out.csv"])
    >>> check_export(["xml", "out.xml"])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --export format must be csv or json, got 'xml'
    """
    if export is not None and export[0].lower() not in ("csv", "json"):
        raise InputError(f"--export format must be csv or json, got {export[0]!r}")
