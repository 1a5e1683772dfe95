"""The options of ``omahanash perfect`` (alias ``games``; implementation:
:mod:`omahanash.commands.perfect`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_json

GRAPH_FORMAT = """\
graph file formats (the player with no move loses):
  text: one position per line followed by the positions it can move to,
        e.g. 'a b' (a move from a to b) or 'b a c'; a name alone declares a
        position; '#' starts a comment
  JSON: {"a": ["b", "c"], "b": ["a"], "c": []} - every target must be a key
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "perfect",
        aliases=["games"],
        help="solve games of perfect information: nim, subtraction games, game graphs",
        description="Solve impartial games (nim, subtraction games) by Sprague-Grundy values and "
        "explicit game graphs by retrograde analysis. The player who cannot move loses.",
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)

    nim = games.add_parser(
        "nim",
        help="nim: status, Grundy value (xor) and a winning move",
        description="Nim: a move takes any positive number of stones from one heap. Prints the "
        "status for the player to move, the Grundy value (xor of the heaps) and a winning move: "
        "the heap (counted from 1 in the order given), how many stones to take and the heaps "
        "left (null when the position is lost).",
    )
    nim.add_argument("heaps", nargs="+", metavar="HEAP", help="heap sizes (non-negative)")
    add_json(nim, "print the result as JSON")
    nim.set_defaults(handler="omahanash.commands.perfect:run_nim")

    subtract = games.add_parser(
        "subtract",
        help="subtraction game: one heap, a fixed set of numbers that may be taken",
        description="Subtraction game: one heap of N stones; a move takes k stones for some k in "
        "the move set. Prints the status, the Grundy value and a winning move (take, left).",
    )
    subtract.add_argument("n", metavar="N", help="stones in the heap (non-negative)")
    subtract.add_argument(
        "--moves", default="1,2,3", help="comma-separated numbers of stones a move may take "
        "(default 1,2,3: lost exactly when N is a multiple of 4)",
    )
    add_json(subtract, "print the result as JSON")
    subtract.set_defaults(handler="omahanash.commands.perfect:run_subtract")

    graph = games.add_parser(
        "graph",
        help="retrograde analysis of a game graph (cycles allowed)",
        description="Retrograde analysis of a game graph, cycles allowed: win / loss / draw\n"
        "for every position, the number of moves to the end with best play (the winner\n"
        "hurries, the loser delays; none for a draw) and a best move.",
        epilog=GRAPH_FORMAT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    graph.add_argument("file", metavar="FILE", help="graph file (text or JSON), - for stdin")
    add_json(graph, "print the result as JSON")
    graph.set_defaults(handler="omahanash.commands.perfect:run_graph")
