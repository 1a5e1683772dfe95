"""``omahanash bench review``: reading PokerStars text, reviewing 10,000 hands cold and warm.

The hand histories are synthetic, written to a temporary folder (never kept): heads-up
tournament hands at one blind level (50/100, ante 10), effective stacks drawn from 2 to 20
big blinds, random cards, the small blind pushing or folding and the big blind calling or
folding at random. "Cold" is an empty equilibrium cache (every grid spot solved), "warm" a
second review of the same file in a fresh process state (equilibria read from the disk
cache). The Omaha rows need the built Omaha Hi table (``omahanash table build omaha-hi``).

The **sit-and-go** row (``sng9``) reviews 1,000 hands of synthetic 9-max Hold'em
sit-and-go tournaments (:func:`omahanash.history.synthetic.synthetic_sng`, seed 1) with an
empty cache of equilibria in a temporary folder, the review's default settings (the fast
judging of :mod:`omahanash.history.table_fast`; close decisions on the full solve): it
prints the wall time, and in the note the process's CPU time, the table spots, how many were
judged fast and on the full solve, the table sizes met and the load average; it shows its
progress on stderr (not with ``--quiet``).

The **agreement** row (``sng9-agreement``) reviews the first :data:`AGREE_HANDS` hands of
that file both ways, fast and ``precise`` (every table spot on the full solve, the reference),
and prints the share of the hero's table decisions whose verdict is the same, with in the note
the decisions that differ (their EV lost both ways, in % of the prize pool) and how many
judgements (mistake or not) differ. It is long (each distinct table a full solve: seconds at
3 players to minutes at 9; 1,000 hands ~30-60 min): run it alone with ``omahanash bench
review --only sng9-agreement``.

The **mixed** row (``mixed``) reviews :data:`REVIEW_HANDS` hands cold: heads-up Hold'em and
(with the built Omaha Hi table) heads-up Omaha tournament hands and the 6-max and 9-max
Hold'em sit-and-go hands of :func:`~omahanash.history.synthetic.synthetic_sng` (the
synthetic sit-and-goes are Hold'em: the table spots are Hold'em ones).
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from omahanash.bench import BenchRow
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.history import read_pokerstars, review
from omahanash.history.synthetic import synthetic_sng
from omahanash.history.table_review import TableSettings
from omahanash.jamfold.nash_cache import clear_memory
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.cache import clear_memory as clear_tables
from omahanash.pushfold.cache import table_equilibrium
from omahanash.runs import StderrProgress

SECTION = "review"
PARSE_HANDS = 20_000
REVIEW_HANDS = 10_000
SNG_HANDS = 1_000
#: Hands of the sit-and-go file whose table decisions are judged both ways (agreement row).
AGREE_HANDS = 1_000
#: The mixed row's sit-and-go hands (6-max, then 9-max); the rest are heads-up hands.
MIXED_SNG_HANDS = 1_000
#: The rows, by the name ``--only`` takes.
ROWS = ("parse", "holdem", "omaha", "sng9", "sng9-agreement", "mixed")
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


def _timed_review(paths: list[Path], tables: dict, cache: Path, label: str,
                  settings: TableSettings | None = None) -> tuple[Any, float, float, float]:
    """A cold review of ``paths``: ``(report, wall s, CPU s, mean load)``."""
    clear_memory()
    clear_tables()
    shown = StderrProgress(label, interval=30.0)  # silenced by --quiet
    cpu, start = time.process_time(), time.perf_counter()
    sampled = [start]
    loads = [os.getloadavg()[0]]

    def progress(done: float, total: float) -> None:
        shown(done, total)
        if time.perf_counter() - sampled[0] >= 30:  # the load, every 30 s
            sampled[0] = time.perf_counter()
            loads.append(os.getloadavg()[0])

    report = review(paths, hero="Hero", tables=tables, cache_dir=cache, progress=progress,
                    table_settings=settings)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    loads.append(os.getloadavg()[0])
    return report, wall, cpu, sum(loads) / len(loads)


def _warm_up(folder: Path, tables: dict) -> None:
    _warm_table_kernels()
    _review_seconds(_warm_file(folder), tables, folder / "warm-cache")  # heads-up kernels


def _table_note(report: Any, cpu: float, load: float) -> str:
    table = [spot for spot in report.spots if spot.players >= 3]
    sizes = Counter(spot.players for spot in table)
    met = ", ".join(f"{n}: {sizes[n]}" for n in sorted(sizes)) or "none"
    how = Counter(spot.precision for spot in table)
    return (f"CPU {cpu:,.0f} s; {len(table)} table spots ({met} by players; {how['fast']} "
            f"judged fast, {how['full']} on the full solve), {len(report.spots) - len(table)} "
            f"heads-up spots; load {load:.1f} on {os.cpu_count()} cores (mean of the "
            "1-minute averages)")


def _sng_row(folder: Path) -> BenchRow:
    path = folder / "sng9.txt"
    path.write_text(synthetic_sng(SNG_HANDS, seats=9, seed=1), encoding="utf-8")
    tables = {"holdem": load_table("holdem")}
    _warm_up(folder, tables)
    report, wall, cpu, load = _timed_review([path], tables, folder / "cold-sng9",
                                            "bench review sng9")
    return BenchRow(SECTION, f"review {SNG_HANDS:,} 9-max SNG hands, equilibria not cached",
                    wall, "s", "≤ 120 s", _table_note(report, cpu, load))


def agreement(fast: Any, full: Any) -> dict[str, Any]:
    """The hero's table decisions judged both ways (two reports of the same hands): how
    many, how many verdicts agree, how many judgements (mistake or not) agree, and the
    decisions whose verdicts differ (hand, node, both verdicts, both EV losses in % of the
    pool or bb, the full solve's ``diff_ev`` in bb).

    >>> agreement(type("R", (), {"spots": []})(), type("R", (), {"spots": []})())["spots"]
    0
    """
    def key(spot: Any) -> tuple:
        return (spot.file, spot.line, spot.hand_id)

    reference = {key(spot): spot for spot in full.spots if spot.players >= 3}
    pairs = [(spot, reference[key(spot)]) for spot in fast.spots
             if spot.players >= 3 and key(spot) in reference]
    differ = [{"hand_id": a.hand_id, "players": a.players, "node": a.node, "cards": a.cards,
               "action": a.action, "fast": a.verdict, "full": b.verdict,
               "precision": a.precision, "lost_fast": _lost(a), "lost_full": _lost(b),
               "full_diff_bb": round(b.diff_ev, 4), "fast_diff_bb": round(a.diff_ev, 4)}
              for a, b in pairs if a.verdict != b.verdict]
    judged = sum((a.verdict == "mistake") == (b.verdict == "mistake") for a, b in pairs)
    lost = [abs(_lost(a) - _lost(b)) for a, b in pairs]
    return {"spots": len(pairs), "same_verdict": len(pairs) - len(differ),
            "same_judgement": judged, "differ": differ,
            "max_lost_gap": max(lost, default=0.0),
            "mean_lost_gap": sum(lost) / len(lost) if lost else 0.0}


def _lost(spot: Any) -> float:
    """EV lost in % of the prize pool (ICM) or in bb (chip EV)."""
    value = spot.ev_lost_pool_pct if spot.ev_lost_pool_pct is not None else spot.ev_lost_bb
    return round(float(value), 4)


def _agreement_row(folder: Path) -> BenchRow:
    path = folder / "agree.txt"
    path.write_text(synthetic_sng(AGREE_HANDS, seats=9, seed=1), encoding="utf-8")
    tables = {"holdem": load_table("holdem")}
    _warm_up(folder, tables)
    fast, wall_fast, _, _ = _timed_review([path], tables, folder / "agree-fast",
                                          "bench review agreement (fast)")
    full, wall_full, _, load = _timed_review([path], tables, folder / "agree-full",
                                             "bench review agreement (full solve)",
                                             TableSettings(precise=True))
    found = agreement(fast, full)
    share = 100.0 * found["same_verdict"] / max(found["spots"], 1)
    shown = "; ".join(f"#{d['hand_id']} {d['players']}p {d['node']} {d['cards']} "
                      f"{d['action']}: fast {d['fast']} {d['lost_fast']:g}, full "
                      f"{d['full']} {d['lost_full']:g} (full diff {d['full_diff_bb']:+g} bb)"
                      for d in found["differ"])
    note = (f"{found['spots']} table decisions of {AGREE_HANDS:,} hands; the same judgement "
            f"(mistake or not) on {found['same_judgement']}; EV lost gap mean "
            f"{found['mean_lost_gap']:.3f}, max {found['max_lost_gap']:.3f} (% of the pool); "
            f"fast {wall_fast:,.0f} s, full solve {wall_full:,.0f} s; load {load:.1f}; "
            f"verdicts that differ: {shown or 'none'}")
    return BenchRow(SECTION, "review of 9-max SNG hands: fast verdicts equal to the full "
                    "solve's", share, "%", "≥ 98 %", note)


def _mixed_row(folder: Path) -> BenchRow:
    tables: dict[str, Any] = {"holdem": load_table("holdem")}
    omaha = _omaha_table()
    heads_up = REVIEW_HANDS - MIXED_SNG_HANDS
    paths = []
    files: tuple[tuple[str, str], ...]
    if omaha is not None:
        tables["omaha-hi"] = omaha
        files = (("mixed-holdem.txt", synthetic_pokerstars(heads_up // 2, seed=3)),
                 ("mixed-omaha.txt", synthetic_pokerstars(heads_up - heads_up // 2,
                                                          "Omaha Pot Limit", 4, seed=4)))
    else:
        files = (("mixed-holdem.txt", synthetic_pokerstars(heads_up, seed=3)),)
    files += (("mixed-sng6.txt", synthetic_sng(MIXED_SNG_HANDS // 2, seats=6, seed=5)),
              ("mixed-sng9.txt", synthetic_sng(MIXED_SNG_HANDS - MIXED_SNG_HANDS // 2,
                                               seats=9, seed=6)))
    for name, text in files:
        (folder / name).write_text(text, encoding="utf-8")
        paths.append(folder / name)
    _warm_up(folder, {"holdem": tables["holdem"]})
    report, wall, cpu, load = _timed_review(paths, tables, folder / "cold-mixed",
                                            "bench review mixed")
    games = "Hold'em and Omaha Hi" if omaha is not None else \
        "Hold'em only: no Omaha Hi table built (omahanash table build omaha-hi)"
    return BenchRow(SECTION, f"review {REVIEW_HANDS:,} Omaha and Hold'em hands (mixed "
                    "heads-up and table spots), cold", wall, "s", "≤ 300 s",
                    f"{games}; {_table_note(report, cpu, load)}")


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
        if only in (None, "mixed"):
            rows.append(_mixed_row(folder))
        if only == "sng9-agreement":  # long: only when asked for
            rows.append(_agreement_row(folder))
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
