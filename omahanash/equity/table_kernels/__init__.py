"""The numba kernels of the Omaha cluster-vs-cluster tables, one file per job.

A table cell ``(a, b)`` is the pot share of class ``a``'s representative against a random
member of class ``b`` (:mod:`omahanash.equity.tables` builds, stores and loads the tables):

* :mod:`.suit_blind` — the exact part: the pot share with suits ignored, which depends on the
  two hands' rank multisets only (:func:`rank_equity`, :func:`class_quads`);
* :mod:`.flush_correction` — the sampled part: the Monte Carlo mean of what flushes change,
  one random stream per cell (:func:`sample_cells`);
* :mod:`.reference` — an independent plain Monte Carlo check against a random hand
  (:func:`sample_vs_random_hand`).

All three draw their random numbers from :mod:`omahanash.rng`. The names below are the ones
the table builder and the benches use.

>>> from omahanash.equity.table_kernels import rank_equity, sample_cells
>>> sample_cells.__module__
'omahanash.equity.table_kernels.flush_correction'
"""

from omahanash.equity.table_kernels.flush_correction import sample_cells
from omahanash.equity.table_kernels.reference import sample_vs_random_hand
from omahanash.equity.table_kernels.suit_blind import (
    class_quads,
    quad_data,
    rank_equity,
    rank_equity_kernel,
    rank_equity_of_pairs,
)

__all__ = ["class_quads", "quad_data", "rank_equity", "rank_equity_kernel",
           "rank_equity_of_pairs", "sample_cells", "sample_vs_random_hand"]
