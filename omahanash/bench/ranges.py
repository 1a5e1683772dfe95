"""``omahanash bench ranges``: parsing and expanding range text over every concrete hand, then
the exploit rows of :mod:`omahanash.bench.exploit` (best response to a locked range, width
curve).

Each text is parsed once untimed (builds the cached hand arrays and the ranking), then the
best of three parses is reported.
"""

from __future__ import annotations

from omahanash.bench import BenchRow, best_time, exploit
from omahanash.ranges import Range, parse_range

SECTION = "ranges"
CASES = (
    ("omaha-hi", "top 30%", "≤ 50 ms"),
    ("omaha-hi", "$ds", "≤ 50 ms"),
    ("omaha-hi", "AA:xxyy, JJ!JJJ, KK", ""),
    ("omaha-hi", "AxKx**, $B$B$B$B", ""),
    ("omaha-hilo", "top 30%", "≤ 50 ms"),
    ("holdem", "22+, A2s+, KTo-K7o, AhKh@0.5", ""),
)


def run() -> list[BenchRow]:
    rows = []
    for game, text, target in CASES:
        parse_range(text, game)  # warm-up

        def parse(text: str = text, game: str = game) -> Range:
            return parse_range(text, game)

        seconds, result = best_time(parse)
        rows.append(BenchRow(SECTION, f"parse and expand {text!r}, {game}", seconds * 1000,
                             "ms", target, f"{result.combos:g} combos"))
    return rows + exploit.run()
