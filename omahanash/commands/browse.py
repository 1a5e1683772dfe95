"""``omahanash browse FILE``: the decision-tree browser of the thesis on a saved solution.

Interactive by default (numbered transitions, ``-1`` to type an information set, ``-2`` to
finish, ``-3`` to step back; reads standard input, so it also takes piped answers); with
``--path`` it prints one public node and exits.
"""

from __future__ import annotations

import argparse
import sys

from omahanash.cfr.browser import TreeBrowser, console, format_node
from omahanash.cfr.storage import load_solution
from omahanash.cli import print_json
from omahanash.errors import InputError
from omahanash.safetext import printable_lines


def run(args: argparse.Namespace) -> int:
    if args.json and args.path is None:
        raise InputError("--json needs --path (the interactive browser prints text)")
    browser = TreeBrowser(load_solution(args.file))
    if args.path is None:
        console(browser, sys.stdin, sys.stdout)
        return 0
    view = browser.goto(args.path)
    if args.json:
        print_json(view.as_dict())
    else:
        sys.stdout.write(printable_lines(format_node(view, is_root=not view.path)) + "\n")
    return 0
