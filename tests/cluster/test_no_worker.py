"""A Dask job whose cluster has no worker left (its only worker killed, or none started)
stops after ``NO_WORKER_SECONDS`` saying so, with its finished items kept, instead of waiting
forever (issue 40). The cluster here has a scheduler and no worker at all: what a cluster
whose only worker was killed (and no nanny restarts it) looks like to the client."""

from __future__ import annotations

import logging
import warnings

import distributed
import numpy as np
import pytest

from omahanash import cluster as engine
from omahanash.errors import InputError


def test_a_cluster_without_workers_times_out_saying_so(monkeypatch, tmp_path):
    monkeypatch.setattr(engine, "NO_WORKER_SECONDS", 1.0)
    monkeypatch.setattr(engine, "WORKER_CHECK_SECONDS", 0.1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        scheduler_only = distributed.LocalCluster(n_workers=0, processes=False,
                                                  protocol="tcp://", dashboard_address=None,
                                                  silence_logs=logging.CRITICAL)
    with scheduler_only:
        with pytest.raises(InputError, match="has had no worker for 1 s"):
            engine.run_blocks(np.square, [1, 2, 3], scheduler=scheduler_only.scheduler_address,
                              store_path=tmp_path / "squares.job")
    assert (tmp_path / "squares.job.partial").exists()  # kept: a later run resumes
    assert not (tmp_path / "squares.job.lock").exists()
