"""The options of ``omahanash cfr`` (implementation: :mod:`omahanash.commands.cfr`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_json
from omahanash.games import GAME_NAMES, game_choice
from omahanash.solving.registry import REGISTRY, names

GAMES = GAME_NAMES
#: The algorithms, from the one registry: the CFR family's on trees; matrix games also take
#: their own rows that no CFR row names (cfr / cfr+ are regret matching / regret matching+).
TREE_ALGORITHMS = names("cfr")
MATRIX_ONLY = tuple(name for name in REGISTRY["matrix"] if name not in REGISTRY["cfr"])


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "cfr",
        help="solve Kuhn, Leduc, dominoes or a matrix game with CFR and friends",
        description="Run a CFR-family solver and print exploitability (NashConv / players; "
        "two players: (BR1 + BR2)/2) at every power of two, the players' values and the "
        "average strategies.",
    )
    parser.add_argument("--game", choices=GAMES, default="kuhn")
    parser.add_argument("--algorithm", choices=TREE_ALGORITHMS + MATRIX_ONLY, default="cfr+",
                        help=f"{', '.join(MATRIX_ONLY)} only for --game matrix (default: cfr+)")
    parser.add_argument("--iterations", type=int, default=1000, metavar="N")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the sampling (MCCFR, matrix games)")
    parser.add_argument("--players", type=int, default=None, metavar="P",
                        help="players: Kuhn 2-4 (default 2), dominoes 2-4 (default 2)")
    domino = parser.add_argument_group("dominoes")
    # Defaults None ("not given"): the game registry's defaults apply (make_game), and other
    # games refuse these options. Choices and defaults shown come from the registry.
    settings = {s.name: s for s in game_choice("domino").settings}
    domino.add_argument("--tiles", default=None,
                        help=f'tile set, e.g. "[0|0][0|1][0|2][1|2]" or double-3 '
                        f'(default {settings["tiles"].default})')
    domino.add_argument("--hand", type=int, default=None, metavar="H",
                        help=f"hand size (default {settings['hand'].default})")
    domino.add_argument("--rules", choices=settings["rules"].choices, default=None,
                        help=f"default {settings['rules'].default}")
    matrix = parser.add_argument_group("matrix games")
    matrix.add_argument("--payoff", default=None, metavar="ROWS",
                        help="payoff matrix (see omahanash games); required for --game matrix")
    matrix.add_argument("--opponent", default=None, metavar="MIX",
                        help="fixed opponent mix, e.g. 0.4,0.3,0.3")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="refuse trees larger than this (default 20,000,000)")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="save the solution (reopen with omahanash browse FILE)")
    add_json(parser)
    parser.set_defaults(handler="omahanash.commands.cfr:run")
