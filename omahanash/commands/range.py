"""``omahanash range TEXT --game G``: what a range text means — its combos, share and classes.

Examples::

    omahanash range "TT+, AKs, KTo-K7o" --game holdem
    omahanash range "AA:\\$ds, JJ!JJJ, KK" --game omaha --json
    omahanash range "top 15%" --game omaha-hilo

JSON (``--json``), one object::

    {"game": "holdem", "text": "AKs", "combos": 4.0, "percent": 0.3017, "classes": 1,
     "by_class": [[1, "As Ks", 1.0]]}

``combos`` is the weighted number of concrete hands, ``percent`` their share of all hands,
``classes`` the number of classes with a positive weight and ``by_class`` each of them as
``[class id, canonical cards, weight]`` (weight = the fraction of the class's combos in the
range times their weight). Bad text exits 2 with one line naming the token and its column.
"""

from __future__ import annotations

import argparse

from omahanash.cards import Variant
from omahanash.cli import print_json
from omahanash.ranges import parse_range

# Classes listed in the text output before "... and N more".
_SHOWN = 40


def run(args: argparse.Namespace) -> int:
    game = Variant.parse(args.game)
    result = parse_range(" ".join(args.text), game)
    rows = result.by_class()
    if args.json:
        print_json({"game": str(game), "text": result.text, "combos": result.combos,
                    "percent": result.percent, "classes": len(rows),
                    "by_class": [list(row) for row in rows]})
        return 0
    print(f"game     {game}")
    print(f"text     {result.text}")
    print(f"combos   {result.combos:g}")
    print(f"percent  {result.percent:.4f}")
    print(f"classes  {len(rows)}")
    for class_id, cards, weight in rows[:_SHOWN]:
        print(f"  {class_id:>5}  {cards:<12}  {weight:.4g}")
    if len(rows) > _SHOWN:
        print(f"  ... and {len(rows) - _SHOWN} more (--json lists all)")
    return 0
