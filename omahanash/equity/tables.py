"""Cluster-vs-cluster equity tables: what the jam-fold solver runs on (SPEC §4).

For a game's classes (169 Hold'em, 16,432 Omaha) a table gives

* ``equity(a, b)``: the pot share of a random hand of class ``a`` against a random hand of
  class ``b``, averaged over all disjoint concrete pairs and all boards;
* ``pairs(a, b)``: the number of disjoint concrete (hand of ``a``, hand of ``b``) pairs,
  exact and symmetric (the card-removal weight);
* ``equity(a, b) + equity(b, a) == 1`` exactly wherever ``pairs(a, b) > 0``: only the upper
  triangle is stored (:mod:`omahanash.equity.triangle`).

Hold'em is exact and shipped (``resources/holdem_table.npz``, built by
``omahanash table build --game holdem --exact``). Omaha Hi and Hi/Lo are estimated by Monte
Carlo (:mod:`omahanash.equity.table_kernels`) on the user's machine and cached in the user cache
directory (``platformdirs``; ``OMAHANASH_CACHE`` or ``--cache-dir`` override it) in the verified
format of :mod:`omahanash.equity.tablefile`: equity as 16-bit fixed point (``q / 65534``, so
0.5 is exact), the per-cell sample standard deviation as 8-bit fixed point (``q / 510``), one
triangle each. ``pairs`` is the same for both Omaha games and lives in its own cached file.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from omahanash.cards import normalize_game
from omahanash.equity.tablefile import (
    ArraySpec,
    TableFile,
    TableFileError,
    load_verified,
    read_header,
)
from omahanash.equity.triangle import triangle_cells, triangle_index
from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag, ProgressCallback

EQUITY_SCALE = 65534  # even, so that 0.5 is exact and q(b, a) = 65534 - q(a, b) is exact
SPREAD_SCALE = 254  # the flush correction's standard deviation is at most 1 -> 254
DEFAULT_SEED = 2014
# Samples per cell of a default build; chosen so that a full build takes <= 5 min (Omaha Hi)
# and <= 8 min (Hi/Lo) on a 2-core machine (see the README for the measurement).
DEFAULT_SAMPLES = {"omaha-hi": 12, "omaha-hilo": 16}
DEFAULT_BLOCK_CELLS = 1 << 20
HOLDEM_RESOURCE = "holdem_table.npz"
OMAHA_GAMES = ("omaha-hi", "omaha-hilo")
TABLE_KIND = "omaha-equity"
# How cells are estimated; a table made another way is refused (rebuild it).
TABLE_METHOD = "suit-blind exact + flush correction sampled on flush boards"
PAIRS_KIND = "omaha-pairs"


def resolve_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    """``cache_dir`` if given, else ``$OMAHANASH_CACHE``, else the user cache directory."""
    if cache_dir:
        return Path(cache_dir).expanduser()
    env = os.environ.get("OMAHANASH_CACHE")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("omahanash", appauthor=False))


def _subset_tag(class_ids: np.ndarray | None) -> str:
    if class_ids is None:
        return ""
    digest = hashlib.blake2b(class_ids.astype("<i4").tobytes(), digest_size=6).hexdigest()
    return f"-subset{class_ids.size}-{digest}"


def table_path(game: str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> Path:
    """Where the Monte Carlo table of ``game`` (optionally a class subset) is cached."""
    game = normalize_game(game)
    ids = _normalize_subset(class_ids)
    return resolve_cache_dir(cache_dir) / f"{game}{_subset_tag(ids)}.table"


def _normalize_subset(class_ids: Sequence[int] | None) -> np.ndarray | None:
    """Sorted unique class ids of a subset build (tests, experiments), None for all."""
    if class_ids is None:
        return None
    from omahanash.hands import num_classes

    ids = np.unique(np.asarray(class_ids, dtype=np.int64))
    n = num_classes("omaha")
    if ids.size == 0 or ids[0] < 0 or ids[-1] >= n:
        raise InputError(f"class subset must be non-empty ids in 0..{n - 1}")
    if ids.size == n:
        return None
    if ids.size > 512:
        raise InputError("a class subset has at most 512 classes (or use all 16,432)")
    return ids


# -- class data -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassData:
    """Members of a list of classes, flattened for the kernels."""

    class_ids: np.ndarray  # int64[n]: the global class ids, ascending
    representatives: np.ndarray  # int8[n, k]: the first member of each class
    member_cards: np.ndarray  # int8[M, k]
    member_masks: np.ndarray  # uint64[M]: 52-bit card masks
    member_offsets: np.ndarray  # int64[n + 1]
    combos: np.ndarray  # int64[n]
    class_pairs: np.ndarray  # int64[n, 6]: rank-pair indices of the hole pairs (Omaha)
    member_fields: np.ndarray  # int64[M]: rank masks, 16 bits per suit
    member_suits: np.ndarray  # int64[M]: number of cards of each suit, 4 bits per suit
    member_lows: np.ndarray  # int64[M]: low-rank sets


def class_data(game: str, class_ids: np.ndarray | None = None) -> ClassData:
    """Members of the given classes of ``game`` (all of them for None)."""
    from omahanash.hands import class_combos, class_members, num_classes

    ids = np.arange(num_classes(game)) if class_ids is None else class_ids
    members = [class_members(game, int(c)) for c in ids]
    offsets = np.zeros(ids.size + 1, np.int64)
    offsets[1:] = np.cumsum([m.shape[0] for m in members])
    cards = np.ascontiguousarray(np.concatenate(members), dtype=np.int8)
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    masks = np.bitwise_or.reduce(bits, axis=1)
    reps = np.ascontiguousarray(cards[offsets[:-1]])
    combos = class_combos(game)[ids].astype(np.int64)
    from omahanash.evaluate import hand_pair_indices
    from omahanash.evaluate.tables import lookup_table

    wide = cards.astype(np.int64)
    fields = np.bitwise_or.reduce(np.left_shift(1, ((wide & 3) << 4) + (wide >> 2)), axis=1)
    suits = np.left_shift(1, (wide & 3) << 2).sum(axis=1)
    lows = np.bitwise_or.reduce(lookup_table("low_bit_of_card")[wide], axis=1)
    pairs = np.ascontiguousarray(hand_pair_indices(reps), dtype=np.int64)
    return ClassData(ids.astype(np.int64), reps, cards, masks, offsets, combos, pairs,
                     fields.astype(np.int64), suits.astype(np.int64), lows.astype(np.int64))


def pairs_triangle(data: ClassData) -> np.ndarray:
    """Exact ``pairs`` of the classes of ``data`` as a flat triangle (uint32)."""
    from omahanash.equity.triangle import disjoint_pairs_triangle

    return disjoint_pairs_triangle(data.member_masks, data.member_offsets, data.combos)


def omaha_pairs(cache_dir: str | os.PathLike | None = None,
                class_ids: np.ndarray | None = None,
                data: ClassData | None = None) -> np.ndarray:
    """Exact ``pairs`` triangle of the Omaha classes (uint16; all classes: cached on disk).

    The full triangle (135 M cells, 270 MB) takes several seconds to compute, so it is kept
    in the cache directory in the verified table format and shared by Omaha Hi and Hi/Lo.
    """
    if data is None:
        data = class_data("omaha", class_ids)
    if class_ids is not None:
        return pairs_triangle(data).astype(np.uint16)
    path = resolve_cache_dir(cache_dir) / "omaha-pairs.table"
    expect = {"kind": PAIRS_KIND, "classes": int(data.class_ids.size)}
    try:
        return load_verified(path, expect).arrays["pairs"]
    except TableFileError:
        pass  # missing or damaged: compute again
    values = pairs_triangle(data)
    cells = values.size
    partial = path.with_name(path.name + ".partial")
    table = TableFile.create(partial, expect, cells, DEFAULT_BLOCK_CELLS * 8,
                             [ArraySpec("pairs", "<u2", cells, True)])
    table.arrays["pairs"][:] = values
    for block in range(table.num_blocks):
        table.mark_finished(block)
    table.finish(path, {})
    return load_verified(path, expect).arrays["pairs"]


# -- loaded tables --------------------------------------------------------------------------


class EquityTable:
    """A verified cluster-vs-cluster table, indexed by position ``0..n-1`` in ``class_ids``."""

    def __init__(self, game: str, class_ids: np.ndarray, equity_q: np.ndarray,
                 pairs: np.ndarray, spread_q: np.ndarray | None, info: dict) -> None:
        self.game = game
        self.class_ids = class_ids
        self.n = int(class_ids.size)
        self._equity_q = equity_q  # uint16 triangle (Omaha) or float64 triangle (Hold'em)
        self._pairs = pairs
        self._spread_q = spread_q
        self.info = info

    @property
    def exact(self) -> bool:
        return self._spread_q is None

    @property
    def samples(self) -> int | None:
        return self.info.get("samples")

    def position(self, class_id: int) -> int:
        """Position of a global class id in this table (subset tables)."""
        pos = int(np.searchsorted(self.class_ids, class_id))
        if pos >= self.n or self.class_ids[pos] != class_id:
            raise InputError(f"class {class_id} is not in this table")
        return pos

    def _cell(self, a: int, b: int) -> tuple[int, bool]:
        if not (0 <= a < self.n and 0 <= b < self.n):
            raise InputError(f"cell ({a}, {b}) is outside a {self.n}-class table")
        return (triangle_index(a, b, self.n), False) if a <= b else \
            (triangle_index(b, a, self.n), True)

    def equity(self, a: int, b: int) -> float:
        """Pot share of class position ``a`` against class position ``b``."""
        index, flipped = self._cell(a, b)
        if self.exact:
            value = float(self._equity_q[index])
            return 1.0 - value if flipped else value
        q = int(self._equity_q[index])
        return (EQUITY_SCALE - q if flipped else q) / EQUITY_SCALE

    def pairs(self, a: int, b: int) -> int:
        return int(self._pairs[self._cell(a, b)[0]])

    def stderr(self, a: int, b: int) -> float:
        """Standard error of ``equity(a, b)`` (0 for an exact table)."""
        if self.exact:
            return 0.0
        spread = int(self._spread_q[self._cell(a, b)[0]]) / SPREAD_SCALE
        return spread / float(np.sqrt(self.info["samples"]))

    def equity_triangle(self) -> np.ndarray:
        """The upper triangle of equity as float64 (see :mod:`omahanash.equity.triangle`)."""
        if self.exact:
            return np.asarray(self._equity_q, dtype=np.float64)
        return np.asarray(self._equity_q, dtype=np.float64) / EQUITY_SCALE

    def pairs_triangle(self) -> np.ndarray:
        """Exact ``pairs`` as a flat triangle (memory-mapped for Omaha)."""
        return np.asarray(self._pairs)

    def equity_storage(self) -> tuple[np.ndarray, float]:
        """The stored equity triangle and its scale: ``equity = stored / scale``.

        Omaha: uint16 (scale 65534, memory-mapped); Hold'em: float64 (scale 1). Kernels that
        stream the whole table read this directly instead of a float copy.
        """
        return self._equity_q, (1.0 if self.exact else float(EQUITY_SCALE))

    def vs_random_hand(self, a: int) -> float:
        """Equity of class position ``a`` against a uniformly random disjoint hand (full
        tables: every opponent class, weighted by its pairs)."""
        cols = np.arange(self.n)
        lo, hi = np.minimum(a, cols), np.maximum(a, cols)
        index = lo * self.n - (lo * (lo - 1)) // 2 + (hi - lo)
        weights = np.asarray(self._pairs[index], dtype=np.float64)
        values = self._equity_at(index)
        values = np.where(cols < a, 1.0 - values, values)
        return float(np.dot(weights, values) / weights.sum())

    def _equity_at(self, index: np.ndarray) -> np.ndarray:
        """Equity of the given flat triangle cells."""
        raw = np.asarray(self._equity_q[index], dtype=np.float64)
        return raw if self.exact else raw / EQUITY_SCALE


def _holdem_table() -> EquityTable:
    from omahanash.resources import resource_path

    try:
        path = resource_path(HOLDEM_RESOURCE)
    except FileNotFoundError:
        raise InputError(
            "the Hold'em table is not shipped in this build: "
            "run 'omahanash table build --game holdem --exact'"
        ) from None
    return _load_holdem_file(path)


@cache
def _load_holdem_file(path: Path) -> EquityTable:
    with np.load(path) as data:
        equity = data["equity"]
        pairs = data["pairs"]
        checksum = int(data["checksum"])
    import zlib

    if zlib.crc32(equity.tobytes() + pairs.tobytes()) != checksum:
        raise TableFileError(f"{path}: damaged Hold'em table")
    info = {"game": "holdem", "classes": 169, "samples": None, "seed": None, "exact": True,
            "path": str(path), "bytes": path.stat().st_size, "cell_stderr": 0.0,
            "checksum": checksum}
    return EquityTable("holdem", np.arange(169), equity, pairs, None, info)


def _table_expect(game: str, samples: int, seed: int, ids: np.ndarray | None) -> dict:
    from omahanash.hands import num_classes

    n = num_classes("omaha") if ids is None else int(ids.size)
    return {"kind": TABLE_KIND, "method": TABLE_METHOD, "game": game,
            "samples": int(samples), "seed": int(seed), "classes": n,
            "class_ids": None if ids is None else ids.tolist()}


def load_table(game: str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> EquityTable:
    """The equity table of ``game``: shipped (Hold'em) or built and cached (Omaha).

    Raises :class:`InputError` with the command to run when an Omaha table is not built, and
    :class:`~omahanash.equity.tablefile.TableFileError` when the cached file is damaged.
    """
    game = normalize_game(game)
    if game == "holdem":
        return _holdem_table()
    ids = _normalize_subset(class_ids)
    path = table_path(game, cache_dir, ids)
    if not path.exists():
        raise InputError(
            f"the {game} equity table is not built yet: run "
            f"'omahanash table build --game {game}' (a few minutes, once)"
        )
    table_file = load_verified(path, {"kind": TABLE_KIND, "game": game})
    if table_file.header.get("method") != TABLE_METHOD:
        raise TableFileError(f"{path}: made by an older method of this program; rebuild it with "
                             f"'omahanash table build --game {game}'")
    header = table_file.header
    if header.get("class_ids") != (None if ids is None else ids.tolist()):
        raise TableFileError(f"{path}: built for other classes")
    pairs = table_file.arrays["pairs"] if "pairs" in table_file.arrays \
        else omaha_pairs(cache_dir)
    info = {"game": game, "classes": header["classes"], "samples": header["samples"],
            "seed": header["seed"], "exact": False, "path": str(path),
            "bytes": path.stat().st_size, "cell_stderr": header["cell_stderr"],
            "build_seconds": header.get("build_seconds"),
            "checksum": header["array_crc"]["block_crc"]}
    all_ids = np.arange(header["classes"]) if ids is None else ids
    return EquityTable(game, all_ids, table_file.arrays["equity"], pairs,
                       table_file.arrays["spread"], info)


def table_info(game: str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> dict:
    """What ``omahanash table info`` prints: ``{"built": False, ...}`` when not built."""
    game = normalize_game(game)
    try:
        table = load_table(game, cache_dir, class_ids)
    except TableFileError as exc:
        return {"built": False, "game": game, "damaged": str(exc)}
    except InputError:
        if game == "holdem":
            return {"built": False, "game": game}
        path = table_path(game, cache_dir, class_ids)
        partial = path.with_name(path.name + ".partial")
        return {"built": False, "game": game, "path": str(path),
                "partial": partial.exists()}
    return {"built": True, **{k: v for k, v in table.info.items() if k != "exact"},
            "exact": table.exact}


# -- building -------------------------------------------------------------------------------


def build_omaha_table(
    game: str,
    samples: int | None = None,
    seed: int = DEFAULT_SEED,
    cache_dir: str | os.PathLike | None = None,
    class_ids: Sequence[int] | None = None,
    block_cells: int = DEFAULT_BLOCK_CELLS,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> Path:
    """Build (or resume building) the Monte Carlo table of ``game`` and cache it.

    Blocks finished before an interruption (Ctrl-C, ``cancel``, a crash) are kept in a
    ``.partial`` file and reused by the next call with the same game, samples, seed and
    classes; the result is bit-identical to an uninterrupted build. A partial file made with
    other settings is discarded. Raises :class:`~omahanash.errors.Cancelled` when cancelled.
    Returns the path of the finished table.
    """
    from omahanash.equity.table_kernels import class_quads, rank_equity, sample_cells
    from omahanash.equity.triangle import triangle_rows

    game = normalize_game(game)
    if game not in OMAHA_GAMES:
        raise InputError(f"Monte Carlo tables are for {' and '.join(OMAHA_GAMES)}, not {game}")
    samples = DEFAULT_SAMPLES[game] if samples is None else int(samples)
    if not 1 <= samples <= 100_000:
        raise InputError(f"samples per cell must be 1..100000, got {samples}")
    if not 0 <= int(seed) < 2**63:
        raise InputError(f"seed must be a non-negative integer, got {seed}")
    if block_cells < 1:
        raise InputError("block size must be positive")
    ids = _normalize_subset(class_ids)
    path = table_path(game, cache_dir, ids)
    partial_path = path.with_name(path.name + ".partial")
    expect = _table_expect(game, samples, int(seed), ids)
    expect["block_cells"] = int(block_cells)

    data = class_data("omaha", ids)
    n = int(data.class_ids.size)
    cells = triangle_cells(n)
    pairs = omaha_pairs(cache_dir, ids, data)
    arrays = [ArraySpec("equity", "<u2", cells, True), ArraySpec("spread", "u1", cells, True)]
    if ids is not None:
        arrays.append(ArraySpec("pairs", "<u2", cells, False))

    table = None
    if partial_path.exists():
        try:
            table = TableFile.open_partial(partial_path, expect)
        except TableFileError:
            partial_path.unlink()  # other settings or damaged header: start over
    if table is None:
        table = TableFile.create(partial_path, expect, cells, block_cells, arrays)
        if ids is not None:
            table.arrays["pairs"][:] = pairs
    try:
        finished = table.finished_blocks()
        hilo = game == "omaha-hilo"
        done = sum(table.block_range(b)[1] - table.block_range(b)[0]
                   for b in np.flatnonzero(finished))
        # Progress counts cells; the exact suit-blind part (first, ~10-15 % of a full build,
        # recomputed on resume: it is deterministic) counts as an eighth of them.
        rank_units = cells // 8
        total = cells + rank_units
        if progress:
            progress(done, total)
        started = time.perf_counter()
        quads = class_quads(data.representatives)
        chunks = 32 if ids is None else 1

        def rank_progress(piece: int, pieces: int) -> None:
            if progress:
                progress(done + rank_units * piece // pieces, total)

        ranks = rank_equity(quads, hilo, rank_progress, cancel, chunks)
        for block in np.flatnonzero(~finished):
            if cancel is not None:
                cancel.raise_if_cancelled()
            start, stop = table.block_range(int(block))
            rows, cols = triangle_rows(start, stop, n)
            mean, spread = sample_cells(data, rows, cols, start, samples, int(seed), hilo,
                                        ranks)
            # exact part + a noisy correction can leave [0, 1] by a hair in lopsided cells
            equity_q = np.rint(np.clip(mean, 0.0, 1.0) * EQUITY_SCALE).astype(np.uint16)
            equity_q[rows == cols] = EQUITY_SCALE // 2  # by symmetry exactly 0.5
            table.arrays["equity"][start:stop] = equity_q
            table.arrays["spread"][start:stop] = np.rint(
                np.minimum(spread, 1.0) * SPREAD_SCALE).astype(np.uint8)
            table.mark_finished(int(block))
            done += stop - start
            if progress:
                progress(done + rank_units, total)
        spread_all = np.asarray(table.arrays["spread"], dtype=np.float64) / SPREAD_SCALE
        sampled = np.asarray(pairs) > 0
        cell_stderr = float(np.sqrt(np.mean(spread_all[sampled] ** 2) / samples))
        table.finish(path, {"cell_stderr": cell_stderr,
                            "build_seconds": round(time.perf_counter() - started, 3)})
    except (KeyboardInterrupt, Cancelled):
        table.close()
        raise Cancelled(f"build of the {game} table interrupted; run it again to resume") from None
    except BaseException:
        table.close()
        raise
    return path


def partial_settings(game: str, cache_dir: str | os.PathLike | None = None,
                     class_ids: Sequence[int] | None = None) -> dict | None:
    """Settings (samples, seed) of an interrupted build of ``game``, if there is one."""
    path = table_path(game, cache_dir, class_ids)
    partial = path.with_name(path.name + ".partial")
    try:
        header = read_header(partial)
    except TableFileError:
        return None
    return {"samples": header.get("samples"), "seed": header.get("seed")}


# -- checking -------------------------------------------------------------------------------


def reference_vs_random_hand(game: str, hand: Sequence[int], deals: int,
                             seed: int = 1) -> tuple[float, float]:
    """Independent Monte Carlo estimate of ``hand``'s pot share against a uniformly random
    opponent hand (no classes, no table): ``(equity, standard error)`` over ``deals`` deals."""
    from omahanash.equity.table_kernels import sample_vs_random_hand
    from omahanash.evaluate import flush_table, low_table, nonflush_table

    game = normalize_game(game)
    streams = 64
    per_stream = max(1, -(-int(deals) // streams))
    sums, squares = sample_vs_random_hand(
        np.asarray(hand, np.int64), per_stream, streams, int(seed), game == "omaha-hilo",
        nonflush_table("omaha"), flush_table(), low_table(),
    )
    total = per_stream * streams
    mean = float(sums.sum() / total)
    variance = float(squares.sum() / total - mean * mean)
    return mean, float(np.sqrt(max(variance, 0.0) / total))


def check_table(game: str, classes: int = 20, deals: int = 10_000_000, seed: int = 1,
                cache_dir: str | os.PathLike | None = None,
                progress: ProgressCallback | None = None,
                cancel: CancelFlag | None = None) -> dict:
    """Compare hand-vs-random-hand equities from the table with independent estimates.

    For ``classes`` random classes (chosen with ``seed``), the table's value (every opponent
    class weighted by its pairs) is compared with :func:`reference_vs_random_hand` over
    ``deals`` deals. Returns the rows and the largest difference in percentage points.
    """
    from omahanash.hands import class_cards

    table = load_table(game, cache_dir)
    if table.exact:
        raise InputError("the Hold'em table is exact; check is for the Monte Carlo tables")
    if table.n != table.info["classes"] or table.class_ids.size != 16432:
        raise InputError("check needs a full table (all 16,432 classes)")
    data = class_data("omaha", None)
    chosen = np.sort(np.random.default_rng(seed).choice(table.n, size=classes, replace=False))
    rows = []
    for done, position in enumerate(chosen):
        if cancel is not None:
            cancel.raise_if_cancelled()
        from_table = table.vs_random_hand(int(position))
        reference, stderr = reference_vs_random_hand(
            table.game, data.representatives[position], deals, seed + 1 + done)
        rows.append({"id": int(table.class_ids[position]),
                     "cards": class_cards(table.game, int(table.class_ids[position])),
                     "table": from_table, "reference": reference, "reference_stderr": stderr,
                     "difference_pp": 100 * (from_table - reference)})
        if progress:
            progress(done + 1, classes)
    differences = np.array([abs(r["difference_pp"]) for r in rows])
    return {"game": table.game, "samples": table.samples, "seed": table.info["seed"],
            "cell_stderr": table.info["cell_stderr"], "deals": deals, "classes": rows,
            "max_abs_difference_pp": float(differences.max()),
            "rms_difference_pp": float(np.sqrt(np.mean(differences ** 2)))}
