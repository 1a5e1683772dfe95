"""Beyond one machine: a job cut into independent work items, run here or on Dask workers.

A *job* is a list of work items and a top-level (picklable) function ``fn(item) -> array`` of
one item. :func:`run_blocks` computes every item's result, in this process or on a Dask
cluster, keeps the finished ones in a resumable file (:class:`omahanash.savefile.BlockedFile`,
one block per item), and returns them all as one array ``(len(items), *result_shape)``.

Where the work runs (``scheduler``, else ``$OMAHANASH_SCHEDULER``, else local):

* ``None`` / ``"local"``: this process, one item after another; each item uses numba's
  threads (today's behaviour, nothing new to install);
* ``"local:N"``: a ``dask.distributed.LocalCluster`` of ``N`` worker processes on this machine,
  started for the job and stopped after it; numba's threads per worker are ``cores // N``;
* ``"tcp://HOST:PORT"``: a running cluster (``dask scheduler`` + ``dask worker``, see the
  README section "Beyond one machine (Dask)").

The same answer on any engine: an item's result must depend on the item alone (seeded by it,
never by the thread count, the worker or the order), so that local, 1 worker and N workers give
bit-identical arrays. Faults: a worker that dies mid-job has its items computed again by
another (Dask reschedules them); a client that dies keeps its finished items in
``store_path``'s ``.partial`` file and the same call resumes from them.

Dask (the ``cluster`` extra: ``pip install -e ".[cluster]"``) is imported only when a Dask
scheduler is asked for, never by ``import omahanash``.

>>> import numpy as np
>>> run_blocks(np.square, [1, 2, 3]).tolist()
[1.0, 4.0, 9.0]
>>> parse_scheduler("local:2")
Scheduler(kind='local-cluster', workers=2, address=None)
"""

from __future__ import annotations

import errno
import hashlib
import inspect
import json
import logging
import multiprocessing
import os
import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

try:
    import fcntl
except ImportError:  # Windows: job stores unlocked
    fcntl = None  # type: ignore[assignment]

from omahanash import savefile
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag, ProgressCallback, cancel_scope
from omahanash.savefile import ArraySpec, BlockedFile, FileKind, SaveFileError

__all__ = ["JOB_STORE", "SCHEDULER_ENV", "Scheduler", "numba_threads", "parse_scheduler",
           "run_blocks"]

SCHEDULER_ENV = "OMAHANASH_SCHEDULER"
JOB_STORE = FileKind("cluster-job", 1, "omahanash job store")
CONNECT_SECONDS = 5.0  # an unreachable scheduler is reported after this long
POLL_SECONDS = 0.02  # how often a Dask job looks at its cancel flag
#: A Dask job whose cluster has had no worker this long stops, saying so (finished items
#: kept), instead of waiting forever for a worker that was killed.
NO_WORKER_SECONDS = 120.0
WORKER_CHECK_SECONDS = 1.0  # how often a Dask job looks for the cluster's workers
INSTALL_HINT = "pip install 'omahanash[cluster]' (or pip install distributed)"
_ADDRESS = re.compile(r"^(tcp|tls)://[^\s:/]+:\d{1,5}$")


@dataclass(frozen=True)
class Scheduler:
    """Where a job runs: ``kind`` is ``"local"`` (this process), ``"local-cluster"`` (a
    LocalCluster of ``workers`` processes) or ``"address"`` (a running cluster at ``address``).

    >>> Scheduler("local").describe()
    'this process'
    """

    kind: str
    workers: int | None = None
    address: str | None = None

    def describe(self) -> str:
        if self.kind == "local":
            return "this process"
        if self.kind == "local-cluster":
            return f"a local Dask cluster of {self.workers} worker processes"
        return f"the Dask cluster at {self.address}"


def parse_scheduler(text: str | Scheduler | None) -> Scheduler:
    """``--scheduler`` text (or ``$OMAHANASH_SCHEDULER`` when ``text`` is None) as a
    :class:`Scheduler`; :class:`InputError` naming ``--scheduler`` for anything else.

    >>> parse_scheduler("tcp://10.0.0.5:8786").address
    'tcp://10.0.0.5:8786'
    >>> parse_scheduler("local:0")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: --scheduler: 'local:0' is not local, local:N (N = 1..512 \
worker processes) or tcp://HOST:PORT
    """
    if isinstance(text, Scheduler):
        return text
    source = "--scheduler"
    if text is None:
        text = os.environ.get(SCHEDULER_ENV) or "local"
        source = SCHEDULER_ENV if os.environ.get(SCHEDULER_ENV) else source
    value = str(text).strip()
    if value in ("", "local"):
        return Scheduler("local")
    match = re.fullmatch(r"local:(\d{1,4})", value)
    if match and 1 <= int(match.group(1)) <= 512:
        return Scheduler("local-cluster", workers=int(match.group(1)))
    if _ADDRESS.match(value) and 0 < int(value.rsplit(":", 1)[1]) < 65536:
        return Scheduler("address", address=value)
    raise InputError(f"{source}: {value!r} is not local, local:N (N = 1..512 worker "
                     "processes) or tcp://HOST:PORT")


def numba_cache_dir() -> str | None:
    """Where worker processes keep numba's compiled kernels: ``$NUMBA_CACHE_DIR`` when it is
    set (passed on to the workers), else None: numba's default, the ``__pycache__`` beside
    the sources (numba falls back to its own per-user folder when they are read-only). The
    default is deliberate: workers of a ``local:N`` cluster then load the very kernels this
    process compiled, instead of compiling each kernel again in a folder of their own
    (measured: a 3-handed push/fold chart of 3 stacks spent 4 min 21 s compiling in two
    workers at load ~7, against 4 s with the shared cache).

    >>> import os
    >>> numba_cache_dir() == (os.environ.get("NUMBA_CACHE_DIR") or None)
    True
    """
    return os.environ.get("NUMBA_CACHE_DIR") or None


def _digest(items: Sequence[Any]) -> str:
    """Identity of a list of items (their reprs: items are plain numbers, strings, tuples)."""
    h = hashlib.blake2b(digest_size=10)
    for item in items:
        h.update(repr(item).encode())
        h.update(b"\0")
    return h.hexdigest()


def run_blocks(
    fn: Callable[[Any], Any],
    items: Sequence[Any],
    *,
    result_shape: tuple[int, ...] = (),
    result_dtype: str = "<f8",
    scheduler: str | Scheduler | None = None,
    store_path: str | os.PathLike | None = None,
    job: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    on_item: Callable[[int, np.ndarray], None] | None = None,
    check: Callable[[np.ndarray], str | None] | None = None,
) -> np.ndarray:
    """Compute ``fn(item)`` for every item; return the results as one array.

    ``fn`` is a top-level function (Dask pickles it by name: the workers need the same
    omahanash installed) whose result converts to ``result_dtype`` with shape ``result_shape``
    and depends on the item alone. ``scheduler``: see the module doc. ``store_path``: a file
    that keeps the results; finished items survive a crash, Ctrl-C or Cancel in
    ``store_path + ".partial"`` and a later call with the same items and ``job`` (a
    JSON-able description, stored in the file) computes only the others; a complete store is
    returned at once (memory-mapped). Without it results live in memory only.
    ``progress(done, total)`` counts items (resumed ones too); ``cancel`` stops the job between
    items (Dask: within :data:`POLL_SECONDS`; here also inside an item whose kernels poll
    :func:`~omahanash.runs.kernel_flag`, the item thrown away) with
    :class:`~omahanash.errors.Cancelled`, keeping what finished. ``on_item(index, result)``
    is called in this thread for each item as its result is kept, resumed ones first (a live
    view; what a stopped job finished; not for a complete store, returned at once). A worker
    that dies is replaced and its items run again elsewhere. ``check(result)`` says what is
    impossible in an item's result (None: nothing): every item read back from a store is
    checked, and a store whose checksums are sound but whose values cannot be (a crafted or
    corrupted file, ``-7 %``) is refused with one message
    (:class:`~omahanash.savefile.SaveFileError`), never used.

    >>> import tempfile, pathlib
    >>> store = pathlib.Path(tempfile.mkdtemp()) / "squares.job"
    >>> run_blocks(np.square, [4, 5], store_path=store, job={"what": "squares"}).tolist()
    [16.0, 25.0]
    >>> store.exists()
    True
    """
    for name, callback in (("progress", progress), ("on_item", on_item), ("check", check)):
        if callback is not None and not callable(callback):
            raise InputError(f"{name} must be a function, got {callback!r}")
    if cancel is not None and not isinstance(cancel, CancelFlag):
        raise InputError(f"cancel must be a CancelFlag, got {cancel!r}")
    items = list(items)
    where = parse_scheduler(scheduler)
    shape = tuple(int(n) for n in result_shape)
    dtype = np.dtype(result_dtype).newbyteorder("<").str
    total = len(items)
    token = _digest(items)
    # as the store will read it back (JSON: a tuple is a list), so a finished store matches
    meta = {"job": json.loads(json.dumps(dict(job or {}))), "items": token, "count": total,
            "result_shape": list(shape), "result_dtype": dtype}
    with _store_lock(store_path):
        return _run_blocks(fn, items, where, shape, dtype, total, token, meta, store_path,
                           progress, cancel, on_item, check)


def _run_blocks(fn: Callable[[Any], Any], items: list[Any], where: Scheduler,
                shape: tuple[int, ...], dtype: str, total: int, token: str,
                meta: dict[str, Any], store_path: str | os.PathLike | None,
                progress: ProgressCallback | None, cancel: CancelFlag | None,
                on_item: Callable[[int, np.ndarray], None] | None,
                check: Callable[[np.ndarray], str | None] | None) -> np.ndarray:
    """:func:`run_blocks` once its arguments are checked and its store is locked."""
    try:
        results, finished, store = _open_store(store_path, meta, total, shape, dtype)
    except OSError as error:  # a folder where the file goes, a file where a folder goes, ...
        raise InputError(f"cannot keep the job store {store_path}: "
                         f"{_store_problem(error)}") from None
    if check is not None and store_path is not None:
        try:
            stored = Path(store_path)
            _check_kept(stored if finished is None
                        else stored.with_name(stored.name + ".partial"), results, finished, check)
        except SaveFileError:
            if store is not None:
                store.close()
            raise
    if store is None and results is not None and finished is None:
        return results  # a complete store made with these settings
    assert results is not None and finished is not None
    todo = [i for i in range(total) if not finished[i]]
    done = total - len(todo)

    def keep(index: int, value: Any) -> None:
        nonlocal done
        results[index] = np.asarray(value, dtype=dtype).reshape(shape)
        if store is not None:
            store.mark_finished(index)
        done += 1
        if on_item is not None:
            on_item(index, results[index])
        if progress is not None:
            progress(done, total)

    if on_item is not None:
        for kept in np.flatnonzero(finished):
            on_item(int(kept), results[kept])
    if progress is not None:
        progress(done, total)
    try:
        if where.kind == "local":
            for index in todo:
                if cancel is not None and cancel.cancelled:
                    break
                with cancel_scope(cancel):  # a long kernel inside an item stops too
                    value = fn(items[index])
                keep(index, value)
        else:
            with dask_client(where) as client:
                _run_on_dask(client, fn, items, todo, keep, cancel, token)
        if done < total:
            raise Cancelled(f"cancelled after {done} of {total} work items"
                            + ("; run it again to resume" if store is not None else ""))
    except BaseException:
        if store is not None:
            store.close()
        raise
    if store is None:
        return results
    assert store_path is not None
    try:
        final = store.finish(Path(store_path), {})
    except OSError as error:
        raise InputError(f"cannot keep the job store {store_path}: "
                         f"{_store_problem(error)}") from None
    return savefile.read(final, JOB_STORE, meta, mmap=True).arrays["result"][:total]


@contextmanager
def _store_lock(store_path: str | os.PathLike | None) -> Iterator[None]:
    """Hold ``<store>.lock`` for the job: a second run on the same store (two ``chart`` runs
    on one ``--out``) is refused at once with one message instead of both writing one file.
    The lock file is removed at the end; a run that took a lock on a file removed meanwhile
    takes it again on the new one (so removing it never lets two runs in)."""
    if store_path is None or fcntl is None:
        yield
        return
    lock = Path(store_path).with_name(Path(store_path).name + ".lock")
    while True:
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise InputError(f"cannot keep the job store {store_path}: "
                             f"{_store_problem(error)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise InputError(f"the job store {store_path} is in use by another run (another "
                             "chart or equilibrium on the same output): wait for it to end, "
                             "or give another output") from None
        try:
            same = os.stat(lock).st_ino == os.fstat(fd).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)  # locked a file another run removed: lock the one there now
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)
        os.close(fd)


def _store_problem(error: OSError) -> str:
    """What is wrong with a job store's place, in words."""
    where = f" ({error.filename})" if error.filename else ""
    if error.errno == errno.EISDIR:
        return f"a folder is in its place{where}"
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        return f"a file is in place of its folder{where}"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the folder cannot be written{where}: {error.strerror}"
    return f"{error.strerror or error}{where}"


def _check_kept(path: Path, results: np.ndarray | None, finished: np.ndarray | None,
                check: Callable[[np.ndarray], str | None]) -> None:
    """Refuse a store holding an item whose result ``check`` finds impossible."""
    if results is None:
        return
    kept = range(len(results)) if finished is None else np.flatnonzero(finished)
    for index in kept:
        problem = check(np.asarray(results[int(index)]))
        if problem is not None:
            raise JOB_STORE.refuse(path, f"impossible values in work item {int(index)}: "
                                   f"{problem}", "delete it to compute the job again")


def _open_store(store_path: str | os.PathLike | None, meta: dict[str, Any], total: int,
                shape: tuple[int, ...], dtype: str,
                ) -> tuple[np.ndarray | None, np.ndarray | None, BlockedFile | None]:
    """``(results, finished flags, open partial store)``; ``(results, None, None)`` for a
    complete store with these settings; a store made otherwise is replaced."""
    if store_path is None:
        return np.zeros((total, *shape), dtype), np.zeros(total, bool), None
    path = Path(store_path)
    partial = path.with_name(path.name + ".partial")
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a directory", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        done = savefile.read(path, JOB_STORE, meta, mmap=True)
        return done.arrays["result"][:total], None, None
    except SaveFileError:
        pass
    store = None
    if partial.exists():
        try:
            store = BlockedFile.open_partial(partial, JOB_STORE, meta)
        except SaveFileError:
            partial.unlink()
    if store is None:
        store = BlockedFile.create(partial, JOB_STORE, meta, max(total, 1), 1,
                                   [ArraySpec("result", dtype, (max(total, 1), *shape),
                                              blocked=True)])
    finished = store.finished_blocks()[:total]
    if total == 0:
        store.mark_finished(0)
    return store.arrays["result"], finished, store


@contextmanager
def numba_threads(count: int) -> Iterator[None]:
    """numba's kernels on ``count`` threads in this block (numba's count is per calling
    thread), the count before restored at the end: measurements in core-seconds, and tiny
    solves on a loaded host, where every parallel call waits for a descheduled thread.

    >>> import numba
    >>> before = numba.get_num_threads()
    >>> with numba_threads(1):
    ...     numba.get_num_threads()
    1
    >>> numba.get_num_threads() == before
    True
    """
    # not at the top: a worker imports this module for _task, which sets numba's thread
    # count through NUMBA_NUM_THREADS only while numba is not loaded yet
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(count)
    try:
        yield
    finally:
        numba.set_num_threads(threads)


# -- Dask ---------------------------------------------------------------------------------


@contextmanager
def dask_client(where: Scheduler | str) -> Iterator[Any]:
    """A ``distributed.Client`` on ``where`` (a LocalCluster started here is stopped at the
    end); :class:`InputError` when Dask is not installed or the scheduler cannot be reached
    within :data:`CONNECT_SECONDS`."""
    where = parse_scheduler(where)
    if where.kind == "local":
        raise InputError("--scheduler: 'local' runs in this process, not on Dask")
    try:
        import distributed  # optional: the cluster extra
    except ImportError:
        raise InputError(f"--scheduler {where.address or f'local:{where.workers}'} needs "
                         f"Dask: {INSTALL_HINT}") from None

    if not logging.getLogger().isEnabledFor(logging.DEBUG):  # -v shows Dask's own log
        logging.getLogger("distributed").setLevel(logging.ERROR)
    if where.kind == "local-cluster":
        assert where.workers is not None
        cores = os.cpu_count() or 1
        threads = max(1, cores // where.workers)
        import dask  # optional: the cluster extra

        # worker processes forked from a fork server (which imported Dask once) start in
        # about 0.3 s instead of 2 s for a fresh interpreter each (spawn), and stop without
        # the spawned ones' second of teardown; restarted workers (after a crash) too
        with dask.config.set({"distributed.worker.multiprocessing-method": worker_start()}):
            with warnings.catch_warnings():  # "port 8787 in use": another dashboard
                warnings.simplefilter("ignore", UserWarning)
                cluster = distributed.LocalCluster(
                    n_workers=where.workers, threads_per_worker=1, processes=True,
                    dashboard_address=None, silence_logs=logging.CRITICAL,
                    env=_worker_env(threads))
            try:
                with distributed.Client(cluster, set_as_default=False) as client:
                    yield client
            finally:
                cluster.close()
        return
    if str(where.address).startswith("tls://"):
        import dask  # optional: the cluster extra

        needed = [key for key in ("ca-file", "client.cert")
                  if not dask.config.get(f"distributed.comm.tls.{key}", None)]
        if needed:
            raise InputError(f"--scheduler {where.address}: TLS needs Dask's certificates, "
                             "and none are set: distributed.comm.tls.ca-file, .client.cert "
                             "and .client.key in the Dask configuration (or "
                             "DASK_DISTRIBUTED__COMM__TLS__CA_FILE, ...); or use tcp://")
    try:
        client = distributed.Client(where.address, timeout=CONNECT_SECONDS,
                                    set_as_default=False)
    except (TypeError, ValueError) as exc:  # TLS settings Dask cannot use
        raise InputError(f"--scheduler {where.address}: Dask cannot connect with these "
                         f"settings ({str(exc).splitlines()[0]})") from None
    except (OSError, TimeoutError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"--scheduler: cannot reach the Dask scheduler at {where.address} "
                         f"within {CONNECT_SECONDS:g} s ({reason})") from None
    try:
        yield client
    finally:
        client.close()


def worker_start() -> str:
    """How a ``local:N`` cluster starts its worker processes: ``forkserver`` where the
    platform has it (Linux, macOS: a clean server process, started once per client process,
    imports Dask and forks each worker from it; safe beside the client's threads, unlike a
    plain fork), else ``spawn`` (Windows: a fresh interpreter per worker).

    >>> worker_start() in ("forkserver", "spawn")
    True
    """
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
        else "spawn"


def _worker_env(threads: int) -> dict[str, str]:
    """The environment of a ``local:N`` worker: numba's threads, one OpenMP thread, the
    client's numba cache folder when it has one (:func:`numba_cache_dir`)."""
    env = {"NUMBA_NUM_THREADS": str(threads), "OMP_NUM_THREADS": "1"}
    cache = numba_cache_dir()
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    return env


def _threads_by_host(client: Any) -> dict[str, int]:
    """numba threads per task on each host: its cores over the task slots of all workers on
    it (so N workers of one host share its cores instead of each taking all of them)."""
    info = client.scheduler_info(n_workers=-1) if _takes_n_workers(client) \
        else client.scheduler_info()
    slots: dict[str, int] = {}
    for worker in info.get("workers", {}).values():
        host = str(worker.get("host"))
        slots[host] = slots.get(host, 0) + int(worker.get("nthreads", 1))
    try:
        cores = client.run(os.cpu_count)  # address -> cores of that worker's host
    except Exception:  # a worker leaving meanwhile: one core each is safe
        cores = {}
    out: dict[str, int] = {}
    for address, count in cores.items():
        host = _host(address)
        out[host] = max(1, int(count or 1) // max(1, slots.get(host, 1)))
    return out


def _takes_n_workers(client: Any) -> bool:
    return "n_workers" in inspect.signature(client.scheduler_info).parameters


def _host(address: str) -> str:
    """``tcp://10.0.0.5:40123`` -> ``10.0.0.5``."""
    return address.split("://", 1)[-1].rsplit(":", 1)[0]


def _task(fn: Callable[[Any], Any], item: Any, threads_by_host: dict[str, int]) -> Any:
    """What a worker runs for one item: numba's thread count first, then ``fn``. Before numba
    is imported in the worker process it is an environment variable (read once, at import: no
    import here, so a job that never touches numba pays nothing);
    after it, the thread count is set for this thread (numba's count is per calling thread)."""
    threads = None
    try:
        from distributed import get_worker  # optional: the cluster extra

        threads = threads_by_host.get(_host(get_worker().address))
    except (ImportError, ValueError):
        pass
    if "numba" not in sys.modules:
        if threads:
            os.environ["NUMBA_NUM_THREADS"] = str(threads)
    elif threads:
        numba = sys.modules["numba"]
        limit = int(getattr(numba.config, "NUMBA_NUM_THREADS", threads))
        numba.set_num_threads(max(1, min(int(threads), limit)))
    return fn(item)


def _has_workers(client: Any) -> bool:
    """Whether the cluster has a worker now (a failed question counts as yes: it is the
    silence of a cluster without workers that is timed, not a slow scheduler)."""
    try:
        return bool(client.nthreads())
    except Exception:  # the scheduler itself is gone or busy: not this rule's business
        return True


def _run_on_dask(client: Any, fn: Callable[[Any], Any], items: list[Any], todo: list[int],
                 keep: Callable[[int, Any], None], cancel: CancelFlag | None,
                 token: str) -> None:
    """Submit the items of ``todo`` (a window of them at a time), keep each result as it
    arrives, stop on ``cancel``. An item whose function raised re-raises here."""
    threads = _threads_by_host(client)
    slots = sum(client.nthreads().values()) or 1
    window = max(4, 3 * slots)
    pending = iter(todo)
    running: dict[Any, int] = {}

    def submit_more() -> None:
        while len(running) < window:
            index = next(pending, None)
            if index is None:
                return
            future = client.submit(_task, fn, items[index], threads, pure=False,
                                   key=f"omahanash-{token}-{index}-{time.monotonic_ns()}")
            running[future] = index

    seen = looked = time.monotonic()
    try:
        submit_more()
        while running:
            if cancel is not None and cancel.cancelled:
                return
            finished = [future for future in running if future.done()]
            if not finished:
                now = time.monotonic()
                if now - looked >= WORKER_CHECK_SECONDS:
                    looked = now
                    if _has_workers(client):
                        seen = now
                    elif now - seen >= NO_WORKER_SECONDS:
                        raise InputError(
                            f"--scheduler: the Dask cluster has had no worker for "
                            f"{NO_WORKER_SECONDS:g} s (killed, or never started): stopped, "
                            "the finished work items kept; start a worker and run it again "
                            "to resume")
                time.sleep(POLL_SECONDS)  # then look at the cancel flag again
                continue
            for future in finished:
                index = running.pop(future)
                keep(index, future.result())
            submit_more()
    finally:
        if running:
            client.cancel(list(running), force=True)
