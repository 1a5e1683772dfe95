#!/usr/bin/env python3
"""Regenerate the figure tables of the README and the documentation from what the command
line prints now.

Every table of computed figures sits under a marker line ``<!-- figures: NAME -->``, in
``README.md`` or in a page under ``docs/`` (each marker once, on whichever page: the script
finds it); this script runs the pages' own commands (``omahanash ... --json``, in a
subprocess, exactly as a reader would) and prints each table as Markdown:

    python scripts/readme_figures.py                     # every table, to stdout
    python scripts/readme_figures.py tournament-opponent # one table
    python scripts/readme_figures.py --check             # exit 1 if a page differs
    python scripts/readme_figures.py --write             # put the new tables in the pages
    python scripts/readme_figures.py --games holdem      # only the Hold'em rows
    python scripts/readme_figures.py --page COPY.md      # read (and write) only these pages

Tables (``--list``): ``ranges`` (combos and % of the range examples), ``sweep`` (push / call %
by stack), ``widths-caller`` and ``widths-pusher`` (best responses to a locked width),
``tournament-length`` (expected hands, one-hand matches, quantiles at the
Miltersen–Sørensen structure) and ``tournament-opponent`` (P(win) against a 30 % player).
Rows of an Omaha game need its equity table (``omahanash table build --game G``): without it
they are left as they are, and the script says so. ``--trials`` sets the simulated matches of
``tournament-length`` (the published table: 100,000; the tests use a few thousand). Timings are not
figures of this kind: they come from ``omahanash bench`` and depend on the machine.

Written rows replace the page's rows with the same first cell (the rows of other games stay),
so a partial run (``--games holdem``) updates only what it computed.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MARKER = re.compile(r"^<!-- figures: ([a-z-]+) -->$")
GAMES = {"holdem": "Hold'em", "omaha-hi": "Omaha Hi", "omaha-hilo": "Omaha Hi/Lo"}
MS = ["--chips", "8000", "--stacks", "4000", "4000", "--sb", "300", "--bb", "600"]


def cli(*args: str) -> dict:
    """Run ``omahanash ARGS --json`` with this Python; its JSON answer."""
    done = subprocess.run([sys.executable, "-m", "omahanash", *args, "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"omahanash {' '.join(args)}: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout)


def table_built(game: str) -> bool:
    """Whether ``game`` can be computed here (Hold'em ships its table)."""
    if game == "holdem":
        return True
    from omahanash.equity.table_build import table_samples
    from omahanash.equity.tables import DEFAULT_SAMPLES

    samples = table_samples(game)
    return samples is not None and samples >= DEFAULT_SAMPLES[game]


def row(*cells: object) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def percent_pair(value: float) -> str:
    """A range width: one decimal, two when one would round 99.96 up to 100.0."""
    text = f"{value:.1f}"
    return f"{value:.2f}" if text == "100.0" and value < 100 else text


def whole_or_one(value: float) -> str:
    return "100" if value >= 100 - 1e-9 else f"{value:.1f}"


def combos_text(combos: float) -> str:
    return f"{combos:,.2f}".rstrip("0").rstrip(".")


@dataclass
class Options:
    games: list[str]  # the games asked for
    built: list[str]  # ... whose equity table is here (what needs a table runs on these)
    trials: int


# -- the tables --------------------------------------------------------------------------------

def ranges(options: Options, current: list[str]) -> list[str]:
    """The range examples: the page's game, text and meaning; combos and % recomputed (no
    equity table needed)."""
    game_of = {"Hold'em": "holdem", "Omaha": "omaha-hi", "Omaha Hi/Lo": "omaha-hilo"}
    rows = []
    for line in current:
        cells = split_row(line)
        game = game_of[cells[0]]
        if game not in options.games:
            continue
        text = cells[1].strip("`")
        answer = cli("range", text, "--game", game)
        rows.append(row(cells[0], cells[1], cells[2], combos_text(answer["combos"]),
                        f"{answer['percent']:.4g} %"))
    return rows


def sweep(options: Options, current: list[str]) -> list[str]:
    stacks = [2, 4, 6, 8, 10, 15, 20]
    rows = []
    for game in options.built:
        answer = cli("solve", "--game", game, "--sweep", ",".join(map(str, stacks)))
        cells = [f"{percent_pair(s['range_pu'])} / {percent_pair(s['range_ca'])}"
                 for s in answer["sweep"]]
        rows.append(row(GAMES[game], *cells))
    return rows


def _widths(side: str, widths: list[int], options: Options) -> list[str]:
    if "holdem" not in options.built:
        return []
    answer = cli("exploit", "--game", "holdem", "--sb", "5", "--bb", "10", "--stacks", "100", "100",
                 f"--{side}", "nash", "--widths", ",".join(map(str, widths)))
    other = "push" if side == "caller" else "call"
    return [row(f"best-response {other} %",
                *(whole_or_one(w["best_response_percent"]) for w in answer["widths"])),
            row("gain (chips/hand)", *(f"{w['gain']:.2f}" for w in answer["widths"]))]


def widths_caller(options: Options, current: list[str]) -> list[str]:
    return _widths("caller", [10, 25, 30, 35, 40, 50, 75, 100], options)


def widths_pusher(options: Options, current: list[str]) -> list[str]:
    return _widths("pusher", [10, 25, 40, 55, 60, 75, 100], options)


def _quantiles(q: dict) -> str:
    return " / ".join("—" if q.get(k) is None else str(q[k]) for k in ("50", "90", "99"))


def tournament_length(options: Options, current: list[str]) -> list[str]:
    rows = []
    for game in options.built:
        answer = cli("tournament", "--game", game, *MS, "--method", "both", "--trials",
                     str(options.trials))
        chain, sim = answer["markov"], answer["simulate"]
        rows.append(row(f"{GAMES[game]} (chain)", f"{chain['expected_hands']:.3f}",
                        f"{chain['p_one_hand']:.4f}", _quantiles(chain["hands_quantiles"])))
        rows.append(row(f"{GAMES[game]} (simulated, {options.trials:,} matches)",
                        f"{sim['expected_hands']:.3f} ± {sim['expected_hands_stderr']:.3f}",
                        f"{sim['p_one_hand']:.4f} ± {sim['p_one_hand_stderr']:.4f}",
                        _quantiles(sim["hands_quantiles"])))
    return rows


def tournament_opponent(options: Options, current: list[str]) -> list[str]:
    if "holdem" not in options.built:
        return []
    labels = {"30%": "`30%` (the same strategy)", "nash": "`nash`", "best": "`best`"}
    rows = []
    for p1, label in labels.items():
        answer = cli("tournament", "--game", "holdem", *MS, "--p1", p1, "--p2", "30%")
        rows.append(row(label, f"{answer['p_win']:.3f}"))
    return rows


#: name -> the function making its rows (from the page's current rows where it needs them)
FIGURES: dict[str, Callable[[Options, list[str]], list[str]]] = {
    "ranges": ranges,
    "sweep": sweep,
    "widths-caller": widths_caller,
    "widths-pusher": widths_pusher,
    "tournament-length": tournament_length,
    "tournament-opponent": tournament_opponent,
}


# -- the pages ---------------------------------------------------------------------------------

def split_row(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split(" | ")]


def readme_tables(text: str) -> dict[str, tuple[int, int, list[str]]]:
    """name -> (first body line, end line, body rows) of each marked table (rows after the
    header and its ``|---|`` line)."""
    lines = text.split("\n")
    found = {}
    for index, line in enumerate(lines):
        match = MARKER.match(line.strip())
        if not match:
            continue
        start = index + 3  # marker, header, |---|
        end = start
        while end < len(lines) and lines[end].startswith("|"):
            end += 1
        body = []
        for body_line in lines[start:end]:  # two rows glued on one line are two rows
            body.extend(part if part.startswith("|") else "|" + part
                        for part in body_line.split("||") if part.strip())
        found[match.group(1)] = (start, end, [b if b.endswith("|") else b + "|"
                                              for b in body])
    return found


def default_pages() -> list[Path]:
    """The README and every Markdown page of the documentation."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def find_tables(pages: list[Path]) -> dict[str, tuple[Path, int, int, list[str]]]:
    """name -> (page, first body line, end line, body rows) of each marked table of
    ``pages``; a marker found on two pages (or twice on one) is an error."""
    found: dict[str, tuple[Path, int, int, list[str]]] = {}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        names = [m.group(1) for m in map(MARKER.match, map(str.strip, text.split("\n"))) if m]
        for name, (start, end, body) in readme_tables(text).items():
            if name in found or names.count(name) > 1:
                where = found[name][0] if name in found else page
                raise SystemExit(f"'<!-- figures: {name} -->' is on {where} and {page}: "
                                 "each table has one place")
            found[name] = (page, start, end, body)
    return found


def row_key(line: str) -> str:
    """What identifies a row: its first cell, and the range text too in ``ranges`` (whose
    first cell is the game)."""
    cells = split_row(line)
    if cells[0] in ("Hold'em", "Omaha", "Omaha Hi/Lo") and len(cells) > 3 and "`" in cells[1]:
        return cells[0] + " " + cells[1]
    return cells[0]


def merged(old: list[str], new: list[str]) -> list[str]:
    """``old`` with each row replaced by the new row of the same key (:func:`row_key`); a
    new row of a new key is added at the end."""
    by_key = {row_key(r): r for r in new}
    out = [by_key.pop(row_key(line), line) for line in old]
    return out + list(by_key.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="tables to make (default: all)")
    parser.add_argument("--games", default="holdem,omaha-hi,omaha-hilo",
                        help="comma-separated games of the per-game rows")
    parser.add_argument("--trials", type=int, default=100_000,
                        help="simulated matches of tournament-length (100,000)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a page differs")
    parser.add_argument("--write", action="store_true", help="update the pages in place")
    parser.add_argument("--list", action="store_true", help="list the tables and exit")
    parser.add_argument("--page", type=Path, action="append", dest="pages",
                        help="a page to read and write (repeatable; default: README.md and "
                             "docs/**/*.md)")
    parser.add_argument("--readme", type=Path, action="append", dest="pages",
                        help=argparse.SUPPRESS)  # the former name of --page
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(FIGURES))
        return 0
    unknown = [n for n in args.names if n not in FIGURES]
    if unknown:
        parser.error(f"unknown table {', '.join(unknown)}; --list shows them")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    bad = [g for g in games if g not in GAMES]
    if bad:
        parser.error(f"unknown game {', '.join(bad)}: holdem, omaha-hi or omaha-hilo")
    missing = [g for g in games if not table_built(g)]
    for game in missing:
        print(f"note: the {GAMES[game]} table is not built here: its rows of the sweep and "
              "tournament tables are left as they are (omahanash table build --game "
              f"{game})", file=sys.stderr)
    options = Options(games, [g for g in games if g not in missing], args.trials)
    tables = find_tables(args.pages or default_pages())
    texts: dict[Path, list[str]] = {}
    differ = []
    # page by page, from the bottom up, so that earlier line numbers stay valid while writing
    for name in sorted(args.names or FIGURES,
                       key=lambda n: (str(tables[n][0]), -tables[n][1]) if n in tables
                       else ("", 0)):
        if name not in tables:
            print(f"no page has a '<!-- figures: {name} -->' marker", file=sys.stderr)
            return 1
        page, start, end, current = tables[name]
        lines = texts.setdefault(page, page.read_text(encoding="utf-8").split("\n"))
        rows = merged(current, FIGURES[name](options, current))
        print(f"## {name}\n" + "\n".join(rows) + "\n")
        if rows != current:
            differ.append(name)
        lines[start:end] = rows
    if args.write:
        for page, lines in texts.items():
            page.write_text("\n".join(lines), encoding="utf-8")
    if args.check and differ:
        print("published figures differ from what the code prints: " + ", ".join(differ),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
