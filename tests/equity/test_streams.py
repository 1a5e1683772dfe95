"""Pinned seeded results of every random equity kernel.

The kernels draw from :mod:`omahanash.rng`; these values were recorded before the kernels
shared it (each had its own SplitMix64 copy). A change of a stream, a seeding or the order of
the draws changes them, and with them every cached Omaha table (whose cells must stay valid):
such a change must be deliberate, with new values here and a new table method.
"""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.equity.montecarlo import range_equity
from omahanash.equity.table_kernels import sample_cells, sample_vs_random_hand
from omahanash.evaluate import flush_table, low_table, nonflush_table


def test_monte_carlo_range_equity_is_pinned():
    holdem = range_equity("As Ah", "Ks Kd; Qs Qd", game="holdem", trials=20_000, seed=1)
    assert holdem.equity == (0.821375, 0.178625) and holdem.tie == 0.00325
    assert holdem.stderr == 0.0027009776875698186
    hilo = range_equity("As Ah Kd 7c", "Ks Qd 8h 9h; 4527", game="omaha-hilo", trials=30_000,
                        seed=7)
    assert hilo.equity == (0.5179583333333333, 0.48204166666666665)
    assert hilo.lo == (0.07374166666666666, 0.18884166666666666)
    assert hilo.scoop == (0.3597, 0.3239)


@pytest.mark.parametrize(("hilo", "expected"), [
    (False, [0.5075244611457742, 0.4492074989318679, 0.3039031480431083, 0.5299055692959904,
             0.48498431296086214, 0.3998826435901025, 0.6791582681711369, 0.5380396023786197,
             0.5053252370148286]),
    (True, [0.5042996920832996, 0.4709838981388719, 0.40052438610028657, 0.5280019518732827,
            0.4850161238453124, 0.48148436751847135, 0.5905374315842977, 0.4736451929912119,
            0.5020396949193744]),
])
def test_table_cells_are_pinned(hilo, expected):
    from omahanash.equity.tables import class_data

    data = class_data("omaha", np.array([715, 4527, 12025]))
    rows = np.repeat(np.arange(3, dtype=np.int32), 3)
    cols = np.tile(np.arange(3, dtype=np.int32), 3)
    mean, spread = sample_cells(data, rows, cols, 1000, 64, 5, hilo)
    assert mean.tolist() == expected
    if not hilo:
        assert spread[:3].tolist() == [0.06837576989407401, 0.14829452172547633,
                                       0.08287784539412191]


def test_reference_sampler_is_pinned():
    from omahanash.equity.tables import class_data

    hand = np.array(class_data("omaha", np.array([4527])).representatives[0], np.int64)
    sums, squares = sample_vs_random_hand(hand, 500, 8, 3, False, nonflush_table("omaha"),
                                          flush_table(), low_table())
    assert sums.tolist() == [174.0, 222.5, 204.0, 212.0, 220.0, 190.0, 190.5, 213.5]
    assert squares.tolist() == [173.5, 221.25, 203.0, 211.5, 219.5, 188.5, 188.75, 213.25]
    sums, _ = sample_vs_random_hand(hand, 500, 8, 3, True, nonflush_table("omaha"),
                                    flush_table(), low_table())
    assert sums.tolist() == [229.0, 260.25, 241.25, 268.0, 265.0, 230.0, 235.75, 260.25]
