"""``omahanash bench equity``: exact enumeration and Monte Carlo timings, and the whole
``omahanash equity`` process (start-up included) as a user meets it."""

from __future__ import annotations

from functools import partial

from omahanash.bench import BenchRow, best_time, process_seconds
from omahanash.equity.exact import exact_equity
from omahanash.equity.montecarlo import range_equity

SECTION = "equity"
CLI_OMAHA = ["-m", "omahanash", "equity", "As Ah Kd 7c", "Ks Qd 8h 9h", "--game", "omaha",
             "--json"]


def run() -> list[BenchRow]:
    """Exact equity compute times (warm), Monte Carlo rate, whole-process CLI time."""
    rows = []
    cases = [
        ("exact Hold'em AsAh vs KsKd, preflop", ("As Ah", "Ks Kd", "", "", "holdem"), "≤ 0.1 s"),
        ("exact Omaha Hi hand vs hand, preflop",
         ("As Ah Kd 7c", "Ks Qd 8h 9h", "", "", "omaha-hi"), ""),
        ("exact Omaha Hi/Lo hand vs hand, preflop",
         ("Ac 2d Kh 5s", "Ks Qd 8h 9h", "", "", "omaha-hilo"), ""),
    ]
    for what, args, target in cases:
        exact_equity(*args)
        seconds, result = best_time(partial(exact_equity, *args))
        rows.append(BenchRow(SECTION, what, seconds, "s", target, f"{result.boards:,} boards"))
    trials = 2_000_000
    mc_args = ("As Ah Kd 7c", "Ks Qd 8h 9h; Qs Qc Jh Th; 9c 8c 7d 6d")
    range_equity(*mc_args, game="omaha-hi", trials=1000)
    seconds, _ = best_time(lambda: range_equity(*mc_args, game="omaha-hi", trials=trials))
    rows.append(BenchRow(SECTION, "Monte Carlo Omaha Hi, hand vs 3-hand range",
                         trials / seconds / 1e6, "M trials/s", "", f"{trials:,} trials"))
    rows.append(BenchRow(SECTION, "whole process: omahanash equity ... --game omaha --json",
                         process_seconds(CLI_OMAHA), "s", "≤ 0.75 s",
                         "warm numba cache, best of 3"))
    rows.append(BenchRow(SECTION, "for scale: python -c 'import numba'",
                         process_seconds(["-c", "import numba"]), "s", "",
                         "fixed cost inside the figure above"))
    return rows
