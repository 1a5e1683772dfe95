"""``omahanash icm``: prize equity by ICM (Malmuth–Harville) and bubble factors.

Examples::

    omahanash icm --stacks 5000 3000 2000 --payouts 50/30/20
    omahanash icm --stacks 4000 3000 2000 1000 --payouts 9max --json
"""

from __future__ import annotations

import argparse

import numpy as np

from omahanash.cli import print_json
from omahanash.errors import InputError
from omahanash.pushfold.icm import EXACT_PLAYERS, bubble_factors, check_stacks, icm_detail
from omahanash.pushfold.payouts import parse_payouts


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def run(args: argparse.Namespace) -> int:
    stacks = check_stacks(args.stacks, least=2)
    payouts = parse_payouts(args.payouts, len(stacks))
    if payouts is None:
        raise InputError("payouts 'chips' have no prize equity: give paid places")
    result = icm_detail(stacks, payouts)
    # the bubble factors are n² more ICMs: of exact fields only (their help says so)
    matrix = None if not result.exact else [
        [None if not np.isfinite(x) else float(x) for x in row]
        for row in bubble_factors(stacks, payouts)]
    if args.json:
        document = {"stacks": [_number(s) for s in stacks],
                    "payouts": [_number(p) for p in payouts],
                    "equity": [float(x) for x in result.equity],
                    "bubble_factors": matrix, "exact": result.exact}
        if not result.exact:
            document["stderr"] = [float(x) for x in result.stderr]
        print_json(document)
        return 0
    pool = float(payouts.sum())
    method = "exact" if result.exact else f"sampled ({result.samples:,} orders)"
    print(f"ICM (Malmuth-Harville, {method}); payouts {'/'.join(f'{p:g}' for p in payouts)}")
    print(f"{'player':>6}  {'chips':>12}  {'chip %':>7}  {'equity':>10}  {'% pool':>7}")
    total = float(stacks.sum())
    for i, (chips, equity) in enumerate(zip(stacks, result.equity)):
        print(f"{i + 1:>6}  {chips:>12,.0f}  {100 * chips / total:>6.2f}%  {equity:>10.4f}  "
              f"{100 * equity / pool:>6.2f}%")
    if matrix is None:
        print(f"bubble factors: of exact ICM only (at most {EXACT_PLAYERS} players)")
        return 0
    print("bubble factors (row against column):")
    print("        " + "".join(f"{j + 1:>8}" for j in range(len(stacks))))
    for i, row in enumerate(matrix):
        cells = "".join(f"{'-':>8}" if x is None else f"{x:>8.3f}" for x in row)
        print(f"{i + 1:>6}  {cells}")
    return 0
