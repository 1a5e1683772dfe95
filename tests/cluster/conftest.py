"""The one real Dask cluster of the cluster tests: a LocalCluster of two worker processes,
started once per test module and closed at its end, while the rest of the session is alive
(one run that kept it to the end of the session died with a fatal error at exit; the cause
was not pinned down, the module scope keeps its teardown out of the interpreter's), reached
by its tcp:// address as a remote cluster would be. Tests that kill a worker
leave it to the nanny, which starts another."""

from __future__ import annotations

import logging
import warnings

import distributed
import pytest


@pytest.fixture(scope="module")
def cluster():
    with warnings.catch_warnings():  # "port 8787 in use" (another cluster's dashboard)
        warnings.simplefilter("ignore", UserWarning)
        c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None, silence_logs=logging.CRITICAL)
    with c:
        yield c
