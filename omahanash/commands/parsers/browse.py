"""The options of ``omahanash browse`` (implementation: :mod:`omahanash.commands.browse`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "browse",
        help="browse the decision tree of a solution saved by omahanash cfr --save",
        description="Browse a saved CFR solution by public history, like the thesis's console "
        "(Figure 2.3). With --path, print one node: the public actions separated by spaces "
        '("" is the root).',
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--path", default=None, metavar="PATH",
                        help='print the public node at PATH and exit ("" is the root)')
    add_json(parser, "with --path: print JSON")
    parser.set_defaults(handler="omahanash.commands.browse:run")
