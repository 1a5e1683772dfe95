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

# Classes listed in the text output before "... and N more".
_SHOWN = 40


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "range",
        help="parse a range (AKs, TT+, AA**, AxKx**, $ds, top 15%%): combos and classes",
        description="Parse range text and show its combos, percentage of all hands and hand "
        "classes. Hold'em notation (AA, AKs, AKo, TT+, A2s+, KTo-K7o, AhKh), the ProPokerTools "
        "generic syntax for Omaha (AA**, AxKx**, RRON, [K-T], $ds, ',' union, ':' "
        "intersection, '!' exclusion), 'top 15%%', weights 'AA@0.5'. See the README's Ranges "
        "section.",
    )
    parser.add_argument("text", nargs="+", metavar="TEXT", help="range text")
    parser.add_argument("--game", default="omaha",
                        help="omaha (= omaha-hi), omaha-hilo or holdem; default omaha")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash.cards import Variant
    from omahanash.cli import print_json
    from omahanash.ranges import parse_range

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
