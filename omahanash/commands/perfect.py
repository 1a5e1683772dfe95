"""``omahanash perfect nim|subtract|graph``: solve games of perfect information.

``omahanash games`` is the same command under its first name (kept so that scripts keep
working).

* ``games nim 3 4 5`` — nim: status for the player to move, Grundy value (xor of the heaps) and
  a winning move. The move names the heap by its position on the command line, counting from 1,
  the number of stones to take and the heaps left; it is null when the position is lost.
* ``games subtract N --moves 1,2,3`` — one heap of N stones, a move takes one of the listed
  numbers; status, Grundy value and a winning move (take, left).
* ``games graph FILE`` — retrograde analysis of a game graph (text edge list or JSON, ``-`` for
  stdin): every position's status (win / loss / draw), distance to the end and best move.

In every game the player who cannot move loses.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from omahanash.perfect.notation import parse_count, parse_moves

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
    nim.add_argument("--json", action="store_true", help="print the result as JSON")
    nim.set_defaults(func=run_nim)

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
    subtract.add_argument("--json", action="store_true", help="print the result as JSON")
    subtract.set_defaults(func=run_subtract)

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
    graph.add_argument("--json", action="store_true", help="print the result as JSON")
    graph.set_defaults(func=run_graph)


def run_nim(args: argparse.Namespace) -> int:
    from omahanash.cli import print_json
    from omahanash.perfect.grundy import nim

    heaps = [parse_count(token, "a heap size") for token in args.heaps]
    result = nim(heaps)
    move: dict[str, Any] | None = None
    if result.move is not None:
        move = {"heap": result.move.heap + 1, "take": result.move.take,
                "heaps": list(result.move.heaps)}
    if args.json:
        print_json({"heaps": heaps, "status": result.status, "grundy": result.grundy,
                    "move": move})
        return 0
    print(f"heaps {' '.join(map(str, heaps))}: {result.status} (Grundy value {result.grundy})")
    if move is None:
        print("every move loses against best play")
    else:
        before = heaps[move["heap"] - 1]
        print(
            f"winning move: take {move['take']} from heap {move['heap']} "
            f"({before} -> {before - move['take']}), leaving {' '.join(map(str, move['heaps']))}"
        )
    return 0


def run_subtract(args: argparse.Namespace) -> int:
    from omahanash.cli import print_json
    from omahanash.perfect.grundy import subtraction_game

    n = parse_count(args.n, "N")
    moves = sorted(set(parse_moves(args.moves)))
    result = subtraction_game(n, moves)
    move = None if result.take is None else {"take": result.take, "left": result.left}
    if args.json:
        print_json({"n": n, "moves": moves, "status": result.status, "grundy": result.grundy,
                    "move": move})
        return 0
    print(f"heap {n}, moves {','.join(map(str, moves))}: {result.status} "
          f"(Grundy value {result.grundy})")
    if move is None:
        print("every move loses against best play")
    else:
        print(f"winning move: take {move['take']}, leaving {move['left']}")
    return 0


def run_graph(args: argparse.Namespace) -> int:
    from omahanash.cli import print_json
    from omahanash.perfect.retrograde import load_graph, parse_graph, retrograde

    if args.file == "-":
        graph = parse_graph(sys.stdin.read())
    else:
        graph = load_graph(args.file)
    result = retrograde(graph)
    positions = result.as_dict()
    counts = {s: result.statuses.count(s) for s in ("win", "loss", "draw")}
    if args.json:
        print_json({"positions": positions, "counts": counts})
        return 0
    from omahanash.safetext import printable

    # position names come from the file: shown escaped
    names = {name: printable(name) for name in positions}
    width = max(len("position"), *(len(name) for name in names.values()))
    print(f"{'position':<{width}}  status  distance  move")
    for name, row in positions.items():
        distance = "-" if row["distance"] is None else row["distance"]
        move = "-" if row["move"] is None else printable(row["move"])
        print(f"{names[name]:<{width}}  {row['status']:<6}  {distance!s:>8}  {move}")
    print(f"{counts['win']} win, {counts['loss']} loss, {counts['draw']} draw")
    return 0
