"""The job engine (omahanash.cluster.run_blocks) on a real Dask LocalCluster: the same answer
on every engine, a killed worker, a killed and resumed client, cancel, bad schedulers.

One LocalCluster of two worker processes serves the whole module (reached by its tcp://
address, as a remote cluster would be); the ``local:N`` form starts its own once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import cloudpickle
import distributed
import numpy as np
import pytest

from omahanash.cluster import parse_scheduler, run_blocks
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag

# The work functions below live in this test module, which the workers cannot import: send
# them by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

ITEMS = list(range(12))


def seeded(item: int) -> np.ndarray:
    """A result that depends on the item alone (its own random stream)."""
    return np.random.default_rng([28, item]).standard_normal(5).cumsum()


def slow_seeded(item: int) -> np.ndarray:
    time.sleep(0.4)
    return seeded(item)


def logged(args: tuple[int, str]) -> np.ndarray:
    """``seeded`` that appends its item to a log file (which items were computed where)."""
    item, log = args
    time.sleep(0.3)
    with open(log, "a") as out:
        out.write(f"{item}\n")
    return seeded(item)


def expected(items=ITEMS) -> np.ndarray:
    return np.array([seeded(i) for i in items])


def test_parse_scheduler_forms_and_errors(monkeypatch):
    assert parse_scheduler("local").kind == "local"
    assert parse_scheduler(" local:3 ").workers == 3
    assert parse_scheduler("tcp://node-1.lan:8786").address == "tcp://node-1.lan:8786"
    for bad in ("local:0", "local:x", "8786", "tcp://host", "http://h:8786", "tcp://h:99999"):
        with pytest.raises(InputError, match="--scheduler"):
            parse_scheduler(bad)
    monkeypatch.setenv("OMAHANASH_SCHEDULER", "local:2")
    assert parse_scheduler(None).workers == 2
    monkeypatch.setenv("OMAHANASH_SCHEDULER", "bogus")
    with pytest.raises(InputError, match="OMAHANASH_SCHEDULER"):
        parse_scheduler(None)


def test_same_bits_local_one_worker_two_workers(cluster):
    local = run_blocks(seeded, ITEMS, result_shape=(5,))
    one = run_blocks(seeded, ITEMS, result_shape=(5,), scheduler="local:1")
    two = run_blocks(seeded, ITEMS, result_shape=(5,), scheduler=cluster.scheduler_address)
    assert local.tobytes() == expected().tobytes()
    assert one.tobytes() == local.tobytes()
    assert two.tobytes() == local.tobytes()


def test_progress_counts_items_and_work_is_spread(cluster):
    calls = []
    run_blocks(slow_seeded, ITEMS[:6], result_shape=(5,), scheduler=cluster.scheduler_address,
               progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 6) and calls[-1] == (6, 6)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_a_killed_worker_does_not_change_the_result(cluster):
    with distributed.Client(cluster, set_as_default=False) as client:
        pids = list(client.run(os.getpid).values())
    assert len(pids) == 2
    victim = pids[0]

    def kill_once(done, total):
        if done == 2 and victim in pids:
            pids.remove(victim)
            os.kill(victim, signal.SIGKILL)

    result = run_blocks(slow_seeded, ITEMS, result_shape=(5,),
                        scheduler=cluster.scheduler_address, progress=kill_once)
    assert victim not in pids  # it was killed mid-job ...
    with pytest.raises(ProcessLookupError):
        os.kill(victim, 0)  # ... and is gone
    assert result.tobytes() == expected().tobytes()


def test_a_killed_client_resumes_from_its_finished_items(cluster, tmp_path):
    log = tmp_path / "computed.log"
    store = tmp_path / "job.store"
    items = [(i, str(log)) for i in ITEMS]
    # The killed client defines its functions in __main__ (Dask sends those by value).
    script = textwrap.dedent(f"""
        import time
        import numpy as np
        from omahanash.cluster import run_blocks

        def seeded(item):
            return np.random.default_rng([28, item]).standard_normal(5).cumsum()

        def logged(args):
            item, log = args
            time.sleep(0.3)
            with open(log, "a") as out:
                out.write(f"{{item}}\\n")
            return seeded(item)

        run_blocks(logged, {items!r}, result_shape=(5,), store_path={str(store)!r},
                   scheduler={cluster.scheduler_address!r}, job={{"test": "resume"}})
    """)
    client = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and client.poll() is None:
        if _finished(Path(str(store) + ".partial")) >= 3:
            break
        time.sleep(0.05)
    assert client.poll() is None, client.stderr.read().decode() if client.stderr else ""
    client.kill()  # SIGKILL: no clean-up of any kind
    client.wait()
    time.sleep(1.0)  # let the scheduler notice and drop the dead client's tasks
    partial = Path(str(store) + ".partial")
    assert partial.exists()
    first = [int(x) for x in log.read_text().split()]
    seen = []
    result = run_blocks(logged, items, result_shape=(5,), store_path=store,
                        scheduler=cluster.scheduler_address, job={"test": "resume"},
                        progress=lambda done, total: seen.append(done))
    assert result.tobytes() == expected().tobytes()
    assert seen[0] >= 3  # it started from the finished items of the killed run
    again = [int(x) for x in log.read_text().split()][len(first):]
    assert len(again) <= len(ITEMS) - seen[0] + 2  # at most the in-flight ones twice
    assert store.exists() and not partial.exists()
    # a finished store answers at once, computing nothing
    before = log.read_text()
    assert run_blocks(logged, items, result_shape=(5,), store_path=store,
                      job={"test": "resume"}).tobytes() == result.tobytes()
    assert log.read_text() == before


def _finished(partial: Path) -> int:
    """Finished items in a job store being written by another process (0: none yet)."""
    from omahanash.cluster import JOB_STORE
    from omahanash.savefile import BlockedFile, SaveFileError

    try:
        store = BlockedFile.open_partial(partial, JOB_STORE)
    except SaveFileError:
        return 0
    try:
        return int(store.finished_blocks().sum())
    finally:
        store.close()


def test_cancel_keeps_finished_items(cluster, tmp_path):
    store = tmp_path / "cancel.store"
    flag = CancelFlag()

    def stop_at_three(done, total):
        if done >= 3:
            flag.cancel()

    with pytest.raises(Cancelled, match="resume"):
        run_blocks(slow_seeded, ITEMS, result_shape=(5,), store_path=store,
                   scheduler=cluster.scheduler_address, progress=stop_at_three, cancel=flag)
    seen = []
    result = run_blocks(seeded, ITEMS, result_shape=(5,), store_path=store,
                        progress=lambda done, total: seen.append(done))
    assert seen[0] >= 3
    assert result.tobytes() == expected().tobytes()


def test_a_store_made_for_other_items_is_not_reused(tmp_path):
    store = tmp_path / "s.store"
    run_blocks(seeded, [1, 2], result_shape=(5,), store_path=store)
    assert run_blocks(seeded, [3, 4], result_shape=(5,), store_path=store).tobytes() \
        == expected([3, 4]).tobytes()


def test_an_unreachable_scheduler_is_one_clear_error():
    with pytest.raises(InputError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_blocks(seeded, [1], scheduler="tcp://127.0.0.1:9")


def test_a_failing_item_raises_its_error(cluster):
    with pytest.raises(ZeroDivisionError):
        run_blocks(_divide, [1, 0], scheduler=cluster.scheduler_address)


def _divide(item: int) -> float:
    return 1 / item


def numba_threads(item: int) -> int:
    import numba

    return numba.get_num_threads()


def test_workers_of_one_host_share_its_cores(cluster):
    # two workers of one task slot each on this host: numba gets cores // 2 threads in each
    result = run_blocks(numba_threads, [0, 1, 2, 3], result_dtype="<i8",
                        scheduler=cluster.scheduler_address)
    assert result.tolist() == [max(1, (os.cpu_count() or 1) // 2)] * 4
    # and a LocalCluster started for the job: cores // N
    result = run_blocks(numba_threads, [0, 1], result_dtype="<i8", scheduler="local:2")
    assert result.tolist() == [max(1, (os.cpu_count() or 1) // 2)] * 2
