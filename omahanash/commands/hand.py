"""``omahanash hand ID_OR_CARDS``: a starting-hand class looked up by id, cards or name.

Examples::

    omahanash hand 4527                       # Omaha class 4527: 2s 4s 3c 9c, aabb, 12 combos
    omahanash hand "6h Qd 6c Ac" --json       # the class of those cards
    omahanash hand AKs --game holdem --members
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hand",
        help="look up a starting-hand class by id, cards or Hold'em name",
        description="Show a starting-hand class: its id, canonical cards, suit group and number "
        "of concrete hands. The hand is a class id (Omaha 0..16431, Hold'em 0..168), concrete "
        "cards ('2s 4s 3c 9c', '2s,4s,3c,9c', '2s4s3c9c'; unquoted cards work too) or, for "
        "Hold'em, a grid name (AA, AKs, AKo).",
    )
    parser.add_argument("hand", nargs="+", metavar="ID_OR_CARDS", help="class id, cards or name")
    parser.add_argument(
        "--game",
        default="omaha",
        help="omaha (= omaha-hi), omaha-hilo or holdem; default omaha",
    )
    parser.add_argument("--members", action="store_true", help="also list the concrete hands")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash import hands
    from omahanash.cards import format_cards, normalize_game
    from omahanash.cli import print_json

    game = normalize_game(args.game)
    class_id = hands.parse_class(" ".join(args.hand), game)
    info: dict[str, object] = {"game": game, "id": class_id}
    if game == "holdem":
        info["name"] = hands.class_name(game, class_id)
    info["cards"] = hands.class_cards(game, class_id)
    info["group"] = hands.class_group(game, class_id)
    info["combos"] = int(hands.class_combos(game)[class_id])
    if args.members:
        members = [format_cards(row) for row in hands.class_members(game, class_id)]
        info["members"] = members

    if args.json:
        print_json(info)
        return 0
    width = max(len(key) for key in info)
    for key, value in info.items():
        if key == "members":
            continue
        print(f"{key:<{width}}  {value}")
    if args.members:
        print("members:")
        for row in members:
            print(f"  {row}")
    return 0
