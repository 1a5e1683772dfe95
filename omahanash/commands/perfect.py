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

from omahanash.cli import print_json
from omahanash.perfect.grundy import nim, subtraction_game
from omahanash.perfect.notation import parse_count, parse_moves
from omahanash.perfect.retrograde import load_graph, parse_graph, retrograde
from omahanash.safetext import printable


def run_nim(args: argparse.Namespace) -> int:
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
