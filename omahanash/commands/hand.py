"""``omahanash hand ID_OR_CARDS``: a starting-hand class looked up by id, cards or name.

Examples::

    omahanash hand 4527                       # Omaha class 4527: 2s 4s 3c 9c, aabb, 12 combos
    omahanash hand "6h Qd 6c Ac" --json       # the class of those cards
    omahanash hand AKs --game holdem --members
"""

from __future__ import annotations

import argparse

from omahanash import hands
from omahanash.cards import format_cards, normalize_game
from omahanash.cli import print_json


def run(args: argparse.Namespace) -> int:
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
