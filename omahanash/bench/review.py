"""``omahanash bench review``: reading PokerStars text, reviewing 10,000 hands cold and warm.

The hand histories are synthetic, written to a temporary folder (never kept): heads-up
tournament hands at one blind level (50/100, ante 10), effective stacks drawn from 2 to 20
big blinds, random cards, the small blind pushing or folding and the big blind calling or
folding at random. "Cold" is an empty equilibrium cache (every grid spot solved), "warm" a
second review of the same file in a fresh process state (equilibria read from the disk
cache). The Omaha rows need the built Omaha Hi table (``omahanash table build omaha-hi``).
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from omahanash.bench import BenchRow

SECTION = "review"
PARSE_HANDS = 20_000
REVIEW_HANDS = 10_000
_RANKS = "23456789TJQKA"
_SUITS = "shdc"


def synthetic_pokerstars(count: int, game: str = "Hold'em No Limit", hole_cards: int = 2,
                         seed: int = 1) -> str:
    """``count`` heads-up tournament hands in PokerStars' format (see the module).

    >>> text = synthetic_pokerstars(2)
    >>> text.count("PokerStars Hand #"), text.count("*** SUMMARY ***")
    (2, 2)
    """
    rng = random.Random(seed)
    deck = [rank + suit for rank in _RANKS for suit in _SUITS]
    hands = []
    for number in range(count):
        stack = 100 * rng.randint(4, 40) // 2 + 10  # 2..20 bb after the ante
        other = stack + 100 * rng.randint(0, 20)
        hero_small = number % 2 == 0
        cards = rng.sample(deck, 2 * hole_cards)
        hero_cards, villain_cards = " ".join(cards[:hole_cards]), " ".join(cards[hole_cards:])
        small, big = ("Hero", "Villain") if hero_small else ("Villain", "Hero")
        small_stack, big_stack = (stack, other) if hero_small else (other, stack)
        lines = [f"PokerStars Hand #{900000 + number}: Tournament #77, $10+$1 USD {game} - "
                 f"Level III (50/100) - 2024/01/01 12:00:00 ET",
                 "Table '77 1' 2-max Seat #1 is the button",
                 f"Seat 1: {small} ({small_stack} in chips)",
                 f"Seat 2: {big} ({big_stack} in chips)",
                 f"{small}: posts the ante 10", f"{big}: posts the ante 10",
                 f"{small}: posts small blind 50", f"{big}: posts big blind 100",
                 "*** HOLE CARDS ***", f"Dealt to Hero [{hero_cards}]"]
        push_to = min(small_stack, big_stack) - 10
        if rng.random() < 0.35:
            lines += [f"{small}: folds", f"Uncalled bet (50) returned to {big}",
                      f"{big} collected 120 from pot"]
        elif rng.random() < 0.5:
            lines += [f"{small}: raises {push_to - 100} to {push_to} and is all-in",
                      f"{big}: folds", f"Uncalled bet ({push_to - 100}) returned to {small}",
                      f"{small} collected 220 from pot"]
        else:
            lines += [f"{small}: raises {push_to - 100} to {push_to} and is all-in",
                      f"{big}: calls {push_to - 100}", "*** SHOW DOWN ***",
                      f"Villain: shows [{villain_cards}]", f"Hero: shows [{hero_cards}]",
                      f"Hero collected {2 * push_to + 20} from pot"]
        lines += ["*** SUMMARY ***", "Total pot 220 | Rake 0"]
        hands.append("\n".join(lines))
    return "\n\n\n".join(hands) + "\n"


def _parse_row(folder: Path) -> BenchRow:
    from omahanash.history import read_pokerstars

    path = folder / "parse.txt"
    path.write_text(synthetic_pokerstars(PARSE_HANDS), encoding="utf-8")
    sum(1 for _ in read_pokerstars(path))  # warm-up: regexes, file cache
    start = time.perf_counter()
    count = sum(1 for _ in read_pokerstars(path))
    rate = count / (time.perf_counter() - start)
    return BenchRow(SECTION, f"parse PokerStars text ({PARSE_HANDS:,} hands)", rate,
                    "hands/s", "≥ 20,000 hands/s")


def _review_seconds(path: Path, tables: dict, cache: Path) -> tuple[float, int]:
    from omahanash.history import review
    from omahanash.jamfold.nash_cache import clear_memory

    clear_memory()
    start = time.perf_counter()
    report = review([path], hero="Hero", tables=tables, cache_dir=cache)
    return time.perf_counter() - start, len(report.spots)


def _omaha_table():
    from omahanash.equity.tables import load_table
    from omahanash.errors import InputError

    try:
        return load_table("omaha-hi")
    except (InputError, OSError, ValueError):
        return None


def run() -> list[BenchRow]:
    from omahanash.equity.tables import load_table

    rows = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rows.append(_parse_row(folder))
        holdem = folder / "holdem.txt"
        holdem.write_text(synthetic_pokerstars(REVIEW_HANDS), encoding="utf-8")
        seconds, spots = _review_seconds(holdem, {"holdem": load_table("holdem")},
                                         folder / "cold-holdem")
        rows.append(BenchRow(SECTION, f"review {REVIEW_HANDS:,} Hold'em hands, cold cache",
                             seconds, "s", "≤ 20 s", f"{spots:,} spots"))
        table = _omaha_table()
        what = f"review {REVIEW_HANDS:,} Omaha hands"
        if table is None:
            note = "no Omaha Hi table built (omahanash table build omaha-hi)"
            rows += [BenchRow(SECTION, f"{what}, cold cache", None, "s", "≤ 60 s", note),
                     BenchRow(SECTION, f"{what}, warm cache", None, "s", "≤ 5 s", note)]
            return rows
        omaha = folder / "omaha.txt"
        omaha.write_text(synthetic_pokerstars(REVIEW_HANDS, "Omaha Pot Limit", 4),
                         encoding="utf-8")
        cache = folder / "cold-omaha"
        cold, spots = _review_seconds(omaha, {"omaha-hi": table}, cache)
        warm, _ = _review_seconds(omaha, {"omaha-hi": table}, cache)
        note = f"{spots:,} spots; pushes are all-in raises (as in no-limit)"
        rows += [BenchRow(SECTION, f"{what}, cold cache", cold, "s", "≤ 60 s", note),
                 BenchRow(SECTION, f"{what}, warm cache", warm, "s", "≤ 5 s", note)]
    return rows
