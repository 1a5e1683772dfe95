"""``omahanash equity HAND1 HAND2`` or ``omahanash equity --hand TEXT --vs RANGE``: heads-up
equity, exact or Monte Carlo for ranges.

``--hand`` / ``--vs`` take the range language (:mod:`omahanash.ranges`: ``AA**, $ds``,
``top 15%``, an exact hand ``As Ks Qd Jd``...) on either side: exact when enumerating every
pair of hands on every board takes at most
:data:`~omahanash.equity.calculator.EXACT_SHOWDOWNS` showdowns (about a second), Monte Carlo
with a standard error otherwise (``--trials`` forces Monte Carlo).

A thin wrapper of :func:`omahanash.equity.calculator.equity`. Two concrete hands: exact
enumeration of every board, by the numpy-only
:func:`omahanash.equity.vectorized.exact_equity_numpy` (same counts as the numba kernel of
:mod:`omahanash.equity.exact`). Why: a command is one process, and ``import numba`` plus
numba's first call of a cached kernel cost ~0.5 s of start-up, for a computation of ~0.05 s;
this path never imports numba, so the whole process takes ~0.3 s instead of ~1 s. When either
side is a range (items separated by ``;``, or a hand class such as ``AKs`` or a class id):
Monte Carlo (numba) with ``--trials`` and ``--seed`` (exact anyway when that is no more work).
Ctrl-C stops a Monte Carlo run within about 0.1 s and prints the result of the trials made so
far (exit status 130).

JSON (``--json``), one object::

    {"game": "omaha-hi", "hands": ["As Ah Kd 7c", "Ks Qd 8h 9h"], "board": "", "dead": "",
     "equity": [e1, e2], "win": [w1, w2], "tie": t, "lose": [l1, l2], "boards": n,
     "exact": true}

``equity`` = expected pot share; ``win[i]`` = fraction of boards where player i gets more than
half the pot, ``tie`` = pot split evenly. Omaha Hi/Lo adds ``"hi": [h1, h2]`` and
``"lo": [l1, l2]`` (pot fractions won through the high / the low side, ``equity = hi + lo``),
``"scoop": [s1, s2]`` (fraction of boards won whole, alone), ``"low_boards"`` (fraction
of boards with a qualifying low) and ``"win_high"`` / ``"win_low"`` (fraction of boards on
which each hand wins the high side / the low half alone). Monte Carlo adds ``"trials"``,
``"seed"``, ``"stderr"`` (standard error of ``equity[0]``) and ``"exact": false``;
``"boards"`` is then the number of trials.
"""

from __future__ import annotations

import argparse
import sys

from omahanash.cards import Variant
from omahanash.cli import print_json
from omahanash.equity.calculator import equity
from omahanash.equity.ranges import is_range
from omahanash.equity.result import check_trials
from omahanash.errors import InputError
from omahanash.runs import cancel_on_interrupt


def run(args: argparse.Namespace) -> int:
    game = Variant.parse(args.game)
    if args.trials is not None:
        check_trials(args.trials)
    language = args.hand is not None or args.vs is not None
    if language:
        if args.hand1 is not None or args.hand2 is not None:
            raise InputError("give HAND1 HAND2 or --hand and --vs, not both")
        if args.hand is None or args.vs is None:
            raise InputError("--hand and --vs go together")
        texts = [args.hand.strip(), args.vs.strip()]
        # numba off the exact two-hand path (the range language loads it): imported here
        from omahanash.ranges import parse_range

        side1, side2 = (parse_range(text, game) for text in texts)
        with cancel_on_interrupt() as cancel:
            result = equity(side1, side2, game, args.board, args.dead, trials=args.trials,
                            seed=args.seed, cancel=cancel)
    else:
        if args.hand1 is None or args.hand2 is None:
            raise InputError("give two hands (HAND1 HAND2) or --hand and --vs")
        texts = [args.hand1.strip(), args.hand2.strip()]
        # --trials is for ranges: two concrete hands are always enumerated exactly.
        ranges = is_range(args.hand1) or is_range(args.hand2)
        with cancel_on_interrupt() as cancel:
            result = equity(args.hand1, args.hand2, game, args.board, args.dead,
                            trials=args.trials if ranges else None, seed=args.seed,
                            cancel=cancel)
    data = {"game": game, "hands": texts,
            "board": args.board.strip(), "dead": args.dead.strip(), **result.to_dict()}
    data.pop("matchups", None)
    if result.exact:
        data.pop("stderr", None)
    else:
        data["trials"] = result.boards
        data["seed"] = args.seed
    if args.json:
        print_json(data)
    else:
        print(format_text(data))
    if cancel.cancelled:  # Ctrl-C: the deals made so far were shown
        sys.stderr.write(f"omahanash equity: interrupted after {result.boards:,} trials\n")
        return 130
    return 0


def format_text(data: dict) -> str:
    """Human-readable table of an equity result (the dict printed by ``--json``)."""
    names = {"holdem": "Hold'em", "omaha-hi": "Omaha Hi", "omaha-hilo": "Omaha Hi/Lo"}
    how = (f"exact, {data['boards']:,} boards" if data["exact"]
           else f"Monte Carlo, {data['trials']:,} trials, seed {data['seed']}, "
                f"standard error {data['stderr']:.4f}")
    lines = [f"{names[data['game']]}: {how}"]
    if data["board"]:
        lines.append(f"board {data['board']}")
    if data["dead"]:
        lines.append(f"dead  {data['dead']}")
    columns = ["equity", "win", "lose"] + (["hi", "lo", "scoop"] if "hi" in data else [])
    width = max(len(h) for h in data["hands"])
    lines.append(" " * (width + 2) + "".join(f"{c:>9}" for c in columns))
    for i, hand in enumerate(data["hands"]):
        cells = "".join(f"{100 * data[c][i]:8.3f}%" for c in columns)
        lines.append(f"{hand:<{width}}  {cells}")
    lines.append(f"tie {100 * data['tie']:.3f}%"
                 + (f"   boards with a low {100 * data['low_boards']:.2f}%"
                    if "low_boards" in data else ""))
    return "\n".join(lines)
