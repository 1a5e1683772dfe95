"""The ``omahanash`` command line.

Each sub-command lives in ``omahanash/commands/<name>.py`` and exposes ``register(subparsers)``,
which adds its parser and sets ``func`` (a callable taking the parsed arguments and returning
the exit code). Bad input anywhere (:class:`~omahanash.errors.InputError`) becomes exit code 2
and one line on stderr; Ctrl-C becomes exit code 130 with what was finished kept.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from omahanash import __version__
from omahanash.errors import Cancelled, InputError

# Sub-command modules under omahanash.commands, in the order --help lists them.
COMMANDS = ("hand", "equity", "table", "solve", "cfr", "browse", "perfect", "bench")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def print_json(data: Any) -> None:
    """Machine-readable output: one JSON document on stdout."""
    json.dump(data, sys.stdout, indent=None, separators=(", ", ": "))
    sys.stdout.write("\n")


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="omahanash",
        description="Omaha Nash: equilibria of games of imperfect information.",
    )
    parser.add_argument("--version", action="version", version=f"omahanash {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"omahanash.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"omahanash.commands.{name}":
                raise
            continue  # not built yet
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except InputError as exc:
        sys.stderr.write(f"omahanash {args.command}: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"\nomahanash {args.command}: interrupted\n")
        return 130
    except Cancelled as exc:
        sys.stderr.write(f"\nomahanash {args.command}: {exc}\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
