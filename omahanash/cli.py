"""The ``omahanash`` command line.

Each sub-command has a parser module, ``omahanash/commands/parsers/<name>.py``, whose
``register(subparsers)`` adds its options and sets ``handler``: where its implementation is, as
``"module:function"`` (a function taking the parsed arguments and returning the exit code), or
a function of the parsed arguments that returns that reference (a command with two
implementations, such as ``solve`` heads-up or at a table). The parser modules are cheap (no
numba, no solver): building the parser imports all of them, and :func:`main` imports the
chosen command's implementation alone, after parsing, at the one lazy import of the command
line (:func:`handler`); an implementation imports what it needs at its module top. Every
command also takes ``-q``/``--quiet`` (no progress on stderr) and
``-v``/``--verbose`` (debug logging through the standard ``logging`` module). Bad input
anywhere (:class:`~omahanash.errors.InputError`) becomes exit code 2
and one line on stderr; Ctrl-C becomes exit code 130 with what was finished kept.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from omahanash import __version__
from omahanash.errors import Cancelled, InputError
from omahanash.runs import StderrProgress
from omahanash.safetext import printable

# Sub-command parser modules under omahanash.commands.parsers, in the order --help lists them.
COMMANDS = ("hand", "equity", "range", "table", "solve", "exploit", "icm", "review", "tournament",
            "chart", "train", "cfr", "browse", "perfect", "bench")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def print_json(data: Any) -> None:
    """Machine-readable output: one JSON document on stdout, always valid JSON.

    ``NaN`` and ``Infinity`` are not JSON: a number a command cannot compute must be an error
    or ``null`` with a reason, so one reaching this point is a bug (``ValueError``), never
    printed. The document is encoded before anything is written, so a refused one leaves
    stdout empty.

    >>> print_json({"equity": 0.5, "stderr": None})
    {"equity": 0.5, "stderr": null}
    >>> print_json({"equity": float("nan")})
    Traceback (most recent call last):
    ...
    ValueError: Out of range float values are not JSON compliant...
    """
    text = json.dumps(data, indent=None, separators=(", ", ": "), allow_nan=False)
    sys.stdout.write(text + "\n")


def build_parser() -> OneLineParser:
    """The parser of every command (their parser modules only: cheap).

    >>> build_parser().parse_args(["range", "AKs", "--game", "holdem", "-q"]).quiet
    True
    """
    parser = OneLineParser(
        prog="omahanash",
        description="Omaha Nash: equilibria of games of imperfect information.",
    )
    parser.add_argument("--version", action="version", version=f"omahanash {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"omahanash.commands.parsers.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"omahanash.commands.parsers.{name}":
                raise
            continue  # not built yet
        module.register(subparsers)
    for command_parser in _nested_parsers(parser):
        _add_output_options(command_parser, default=argparse.SUPPRESS)
    _add_output_options(parser, default=False)
    return parser


def _nested_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every sub-command's parser below ``parser`` (once each: aliases share a parser)."""
    found: dict[int, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                if id(child) not in found:
                    found[id(child)] = child
                    found.update((id(p), p) for p in _nested_parsers(child))
    return list(found.values())


def _add_output_options(parser: argparse.ArgumentParser, default: object) -> None:
    """``-q``/``-v``, before or after the sub-command (``SUPPRESS`` keeps a flag given before
    it from being reset by the sub-command's default)."""
    parser.add_argument("-q", "--quiet", action="store_true", default=default,
                        help="no progress on stderr")
    parser.add_argument("-v", "--verbose", action="store_true", default=default,
                        help="debug logging on stderr")


def handler(args: argparse.Namespace) -> Callable[[argparse.Namespace], int]:
    """The implementation of the parsed command: its module is imported here, and only here
    (the one lazy import of the command line: ``omahanash --help`` and the parsing never
    load a solver).

    >>> args = build_parser().parse_args(["hand", "AKs", "--game", "holdem"])
    >>> args.handler
    'omahanash.commands.hand:run'
    >>> handler(args).__module__
    'omahanash.commands.hand'
    """
    reference = args.handler(args) if callable(args.handler) else args.handler
    module, _, name = reference.partition(":")
    function: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), name)
    return function


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    was_quiet = StderrProgress.quiet
    StderrProgress.quiet = bool(args.quiet)  # for this command only (main may run in-process)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return int(handler(args)(args) or 0)
    except InputError as exc:
        # the message may quote a file (a name, a line): shown escaped, on one line
        sys.stderr.write(f"omahanash {args.command}: error: {printable(exc)}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"\nomahanash {args.command}: interrupted\n")
        return 130
    except Cancelled as exc:
        sys.stderr.write(f"\nomahanash {args.command}: {printable(exc)}\n")
        return 130
    except BrokenPipeError:
        return 0
    finally:
        StderrProgress.quiet = was_quiet


def entry() -> NoReturn:
    """The ``omahanash`` console script: :func:`main`, then an exit that does not linger
    (stdout and stderr flushed first, so a JSON document is whole; ``gc.freeze()`` keeps
    the collector from walking every object a solve made on the way out: Ctrl-C's exit code
    130 comes promptly). Tests call :func:`main`, which returns the code."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            pass
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    entry()
