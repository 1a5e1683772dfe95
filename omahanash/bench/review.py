"""``omahanash bench review``: reading PokerStars text, reviewing 10,000 hands cold and warm.

The hand histories are synthetic, written to a temporary folder (never kept): heads-up
tournament hands at one blind level (50/100, ante 10), effective stacks drawn from 2 to 20
big blinds, random cards, the small blind pushing or folding and the big blind calling or
folding at random. "Cold" is an empty equilibrium cache (every grid spot solved), "warm" a
second review of the same file in a fresh process state (equilibria read from the disk
cache). The Omaha rows need the built Omaha Hi table (``omahanash table build omaha-hi``).

The **sit-and-go** row (``sng9``) reviews 1,000 hands of synthetic 9-max Hold'em
sit-and-go tournaments (:func:`omahanash.history.synthetic.synthetic_sng`, seed 1) with an
empty cache of equilibria in a temporary folder, the review's default settings (every table
spot solved to the engine's NashConv target at its default deals): it prints the wall time,
and in the note the process's CPU time, the table spots, the distinct table solves, the table
sizes met and the load average. It is long (each distinct table of 3 to 9 players is a
push/fold solve, seconds at 3 players to minutes at 9): run it alone with ``omahanash bench
review --only sng9``; it shows its progress on stderr (not with ``--quiet``).
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path

from omahanash.bench import BenchRow
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.history import read_pokerstars, review
from omahanash.history.synthetic import synthetic_sng
from omahanash.jamfold.nash_cache import clear_memory
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.cache import clear_memory as clear_tables
from omahanash.pushfold.cache import table_equilibrium
from omahanash.runs import StderrProgress

SECTION = "review"
PARSE_HANDS = 20_000
REVIEW_HANDS = 10_000
SNG_HANDS = 1_000
#: The rows, by the name ``--only`` takes.
ROWS = ("parse", "holdem", "omaha", "sng9")
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
    path = folder / "parse.txt"
    path.write_text(synthetic_pokerstars(PARSE_HANDS), encoding="utf-8")
    sum(1 for _ in read_pokerstars(path))  # warm-up: regexes, file cache
    start = time.perf_counter()
    count = sum(1 for _ in read_pokerstars(path))
    rate = count / (time.perf_counter() - start)
    return BenchRow(SECTION, f"parse PokerStars text ({PARSE_HANDS:,} hands)", rate,
                    "hands/s", "≥ 20,000 hands/s")


def _review_seconds(path: Path, tables: dict, cache: Path) -> tuple[float, int]:
    clear_memory()
    start = time.perf_counter()
    report = review([path], hero="Hero", tables=tables, cache_dir=cache)
    return time.perf_counter() - start, len(report.spots)


def _omaha_table():
    try:
        return load_table("omaha-hi")
    except (InputError, OSError, ValueError):
        return None


def _warm_table_kernels() -> None:
    """Compile (or load) the push/fold kernels on a tiny table, outside any clock."""
    spot = PushFoldSpot("holdem", [1010, 1300, 1170], 50, 100, 10, payouts="50/30/20")
    table_equilibrium(spot, deals=500, iterations=2, table=load_table("holdem"),
                      persist=False)


def _sng_row(folder: Path) -> BenchRow:
    path = folder / "sng9.txt"
    path.write_text(synthetic_sng(SNG_HANDS, seats=9, seed=1), encoding="utf-8")
    tables = {"holdem": load_table("holdem")}
    _warm_table_kernels()
    _review_seconds(_warm_file(folder), tables, folder / "warm-cache")  # heads-up kernels
    clear_memory()
    clear_tables()
    shown = StderrProgress("bench review sng9", interval=30.0)  # silenced by --quiet
    cpu, start = time.process_time(), time.perf_counter()
    sampled = [start]
    loads = [os.getloadavg()[0]]

    def progress(done: float, total: float) -> None:
        shown(done, total)
        if time.perf_counter() - sampled[0] >= 30:  # the load, every 30 s
            sampled[0] = time.perf_counter()
            loads.append(os.getloadavg()[0])

    report = review([path], hero="Hero", tables=tables, cache_dir=folder / "cold-sng9",
                    progress=progress)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    loads.append(os.getloadavg()[0])
    table = [spot for spot in report.spots if spot.players >= 3]
    solves = {(s.players, tuple(s.stacks), s.sb, s.bb, s.ante, s.payouts) for s in table}
    sizes = Counter(spot.players for spot in table)
    met = ", ".join(f"{n}: {sizes[n]}" for n in sorted(sizes)) or "none"
    note = (f"CPU {cpu:,.0f} s; {len(table)} table spots ({met} by players), {len(solves)} "
            f"distinct table solves, {len(report.spots) - len(table)} heads-up spots; "
            f"load {sum(loads) / len(loads):.1f} on {os.cpu_count()} cores (mean of the "
            "1-minute averages)")
    return BenchRow(SECTION, f"review {SNG_HANDS:,} 9-max SNG hands, equilibria not cached",
                    wall, "s", "stated", note)


def _warm_file(folder: Path) -> Path:
    path = folder / "warm.txt"
    path.write_text(synthetic_pokerstars(20, seed=2), encoding="utf-8")
    return path


def run(only: str | None = None) -> list[BenchRow]:
    """The rows (see the module), or only the row named ``only`` (one of :data:`ROWS`)."""
    if only is not None and only not in ROWS:
        raise InputError(f"--only {only!r}: the review section's rows are "
                         f"{', '.join(ROWS)}")
    rows = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if only in (None, "parse"):
            rows.append(_parse_row(folder))
        if only in (None, "holdem"):
            rows.append(_holdem_row(folder))
        if only in (None, "omaha"):
            rows += _omaha_rows(folder)
        if only in (None, "sng9"):
            rows.append(_sng_row(folder))
    return rows


def _holdem_row(folder: Path) -> BenchRow:
    holdem = folder / "holdem.txt"
    holdem.write_text(synthetic_pokerstars(REVIEW_HANDS), encoding="utf-8")
    seconds, spots = _review_seconds(holdem, {"holdem": load_table("holdem")},
                                     folder / "cold-holdem")
    return BenchRow(SECTION, f"review {REVIEW_HANDS:,} Hold'em hands, cold cache", seconds,
                    "s", "≤ 20 s", f"{spots:,} spots")


def _omaha_rows(folder: Path) -> list[BenchRow]:
    table = _omaha_table()
    what = f"review {REVIEW_HANDS:,} Omaha hands"
    if table is None:
        note = "no Omaha Hi table built (omahanash table build omaha-hi)"
        return [BenchRow(SECTION, f"{what}, cold cache", None, "s", "≤ 60 s", note),
                BenchRow(SECTION, f"{what}, warm cache", None, "s", "≤ 5 s", note)]
    omaha = folder / "omaha.txt"
    omaha.write_text(synthetic_pokerstars(REVIEW_HANDS, "Omaha Pot Limit", 4),
                     encoding="utf-8")
    cache = folder / "cold-omaha"
    cold, spots = _review_seconds(omaha, {"omaha-hi": table}, cache)
    warm, _ = _review_seconds(omaha, {"omaha-hi": table}, cache)
    note = f"{spots:,} spots; pushes are all-in raises (as in no-limit)"
    return [BenchRow(SECTION, f"{what}, cold cache", cold, "s", "≤ 60 s", note),
            BenchRow(SECTION, f"{what}, warm cache", warm, "s", "≤ 5 s", note)]
