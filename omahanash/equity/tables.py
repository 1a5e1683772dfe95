"""Cluster-vs-cluster equity tables: what the jam-fold solver runs on (docs/equity-tables.md).

For a game's classes (169 Hold'em, 16,432 Omaha) a table gives

* ``equity(a, b)``: the pot share of a random hand of class ``a`` against a random hand of
  class ``b``, averaged over all disjoint concrete pairs and all boards;
* ``pairs(a, b)``: the number of disjoint concrete (hand of ``a``, hand of ``b``) pairs,
  exact and symmetric (the card-removal weight);
* ``equity(a, b) + equity(b, a) == 1`` exactly wherever ``pairs(a, b) > 0``: only the upper
  triangle is stored (:mod:`omahanash.equity.triangle`).

:func:`load_table` opens one, :func:`~omahanash.equity.table_build.build_table` builds one
(:mod:`omahanash.equity.table_build`), :mod:`omahanash.equity.table_check` checks one. Hold'em
is exact and shipped
(``resources/holdem.table``, built by ``omahanash table build --game holdem --exact``). Omaha Hi
and Hi/Lo are estimated by Monte Carlo (:mod:`omahanash.equity.table_kernels`) on the user's
machine and cached in the user cache directory (``platformdirs``; ``OMAHANASH_CACHE`` or
``--cache-dir`` override it) in the verified save files of :mod:`omahanash.equity.tablefile`:
equity as 16-bit fixed point (``q / 65534``, so 0.5 is exact), the per-cell sample standard
deviation as 8-bit fixed point (``q / 254``), one triangle each. ``pairs`` is the same for both
Omaha games and lives in its own cached file. An exact Omaha table
(:mod:`omahanash.equity.table_exact`, ``table build --exact``) is stored at the same place with
float64 equity and no spread; it loads as ``exact`` (standard error 0).
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from omahanash import savefile
from omahanash.cards import Variant
from omahanash.equity.tablefile import (
    EQUITY_TABLE,
    HOLDEM_RESOURCE,
    PAIRS_FILE,
    PAIRS_TABLE,
    make_cache_dir,
    partial_path,
    rebuild_hint,
    resolve_cache_dir,
    subset_tag,
)
from omahanash.equity.triangle import disjoint_pairs_triangle, triangle_index
from omahanash.errors import InputError
from omahanash.evaluate import hand_pair_indices
from omahanash.evaluate.tables import lookup_table
from omahanash.hands import class_combos, class_members, num_classes
from omahanash.resources import resource_path
from omahanash.savefile import SaveFileError

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SEED", "EquityTable", "load_table", "resolve_cache_dir",
           "table_for", "table_identity", "table_info", "table_meta", "table_path"]

EQUITY_SCALE = 65534  # even, so that 0.5 is exact and q(b, a) = 65534 - q(a, b) is exact
SPREAD_SCALE = 254  # the flush correction's standard deviation is at most 1 -> 254
DEFAULT_SEED = 2014
# Samples per cell of a default build; chosen so that a full build takes <= 5 min (Omaha Hi)
# and <= 8 min (Hi/Lo) on a 2-core machine (see the README for the measurement).
DEFAULT_SAMPLES = {Variant.OMAHA_HI: 12, Variant.OMAHA_HILO: 16}
OMAHA_GAMES = (Variant.OMAHA_HI, Variant.OMAHA_HILO)
# How cells are estimated; a table made another way is refused (rebuild it).
TABLE_METHOD = "suit-blind exact + flush correction sampled on flush boards"
# An exact Omaha table (omahanash.equity.table_exact): float64 equity, no spread, no samples.
EXACT_METHOD = "exact enumeration (suit-blind + flush correction enumerated)"


def table_path(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | np.ndarray | None = None) -> Path:
    """Where the Monte Carlo table of ``variant`` (optionally a class subset) is cached.

    >>> table_path("omaha", "/tmp/tables")
    PosixPath('/tmp/tables/omaha-hi.table')
    """
    variant = Variant.parse(variant)
    ids = normalize_subset(class_ids)
    return resolve_cache_dir(cache_dir) / f"{variant}{subset_tag(ids)}.table"


def normalize_subset(class_ids: Sequence[int] | np.ndarray | None) -> np.ndarray | None:
    """Sorted unique class ids of a subset build (tests, experiments), None for all."""
    if class_ids is None:
        return None

    n = num_classes("omaha")
    try:
        ids = np.unique(np.asarray(class_ids, dtype=np.int64))
    except (TypeError, ValueError):
        raise InputError(f"class_ids must be class ids in 0..{n - 1}, got {class_ids!r}") \
            from None
    if ids.ndim != 1 or ids.size == 0 or ids[0] < 0 or ids[-1] >= n:
        raise InputError(f"class_ids must be non-empty ids in 0..{n - 1}")
    if ids.size == n:
        return None
    if ids.size > 512:
        raise InputError("class_ids: a class subset has at most 512 classes "
                         "(or use all 16,432)")
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
    """Members of the given classes of ``game`` (all of them for None); made once per game
    and class list (the last few kept: their arrays are read-only). Every sampled deal
    needs them, and the betting-tree engine samples new deals each iteration: building the
    Omaha members took ~0.1 s a call, a third of a heads-up iteration.

    >>> class_data("omaha") is class_data("omaha")
    True
    >>> class_data("holdem", np.array([0, 1, 13])).combos.tolist()  # AA, AKs, AKo
    [6, 4, 12]
    """
    key = None if class_ids is None else np.asarray(class_ids, np.int64).tobytes()
    return _class_data(game, key)


@lru_cache(maxsize=8)
def _class_data(game: str, key: bytes | None) -> ClassData:
    ids = np.arange(num_classes(game)) if key is None else np.frombuffer(key, np.int64)
    members = [class_members(game, int(c)) for c in ids]
    offsets = np.zeros(ids.size + 1, np.int64)
    offsets[1:] = np.cumsum([m.shape[0] for m in members])
    cards = np.ascontiguousarray(np.concatenate(members), dtype=np.int8)
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    masks = np.bitwise_or.reduce(bits, axis=1)
    reps = np.ascontiguousarray(cards[offsets[:-1]])
    combos = class_combos(game)[ids].astype(np.int64)

    wide = cards.astype(np.int64)
    fields = np.bitwise_or.reduce(np.left_shift(1, ((wide & 3) << 4) + (wide >> 2)), axis=1)
    suits = np.left_shift(1, (wide & 3) << 2).sum(axis=1)
    lows = np.bitwise_or.reduce(lookup_table("low_bit_of_card")[wide], axis=1)
    pairs = np.ascontiguousarray(hand_pair_indices(reps), dtype=np.int64)
    data = ClassData(ids.astype(np.int64), reps, cards, masks, offsets, combos, pairs,
                     fields.astype(np.int64), suits.astype(np.int64), lows.astype(np.int64))
    for value in vars(data).values():
        value.setflags(write=False)
    return data


def pairs_triangle(data: ClassData) -> np.ndarray:
    """Exact ``pairs`` of the classes of ``data`` as a flat triangle (uint32)."""
    return disjoint_pairs_triangle(data.member_masks, data.member_offsets, data.combos)


def omaha_pairs(cache_dir: str | os.PathLike | None = None,
                class_ids: np.ndarray | None = None,
                data: ClassData | None = None) -> np.ndarray:
    """Exact ``pairs`` triangle of the Omaha classes (uint16; all classes: cached on disk).

    The full triangle (135 M cells, 270 MB) takes several seconds to compute, so it is kept
    in the cache directory (:data:`~omahanash.equity.tablefile.PAIRS_TABLE`) and shared by
    Omaha Hi and Hi/Lo.
    """
    if data is None:
        data = class_data("omaha", class_ids)
    if class_ids is not None:
        return pairs_triangle(data).astype(np.uint16)
    path = resolve_cache_dir(cache_dir) / PAIRS_FILE
    expect = {"classes": int(data.class_ids.size)}
    try:
        return savefile.read(path, PAIRS_TABLE, expect, mmap=True).arrays["pairs"]
    except SaveFileError:
        pass  # missing or damaged: compute again
    make_cache_dir(cache_dir)
    savefile.write(path, PAIRS_TABLE, expect, {"pairs": pairs_triangle(data).astype("<u2")})
    return savefile.read(path, PAIRS_TABLE, expect, mmap=True).arrays["pairs"]


# -- loaded tables --------------------------------------------------------------------------


class EquityTable:
    """A verified cluster-vs-cluster table, indexed by position ``0..n-1`` in ``class_ids``.

    >>> table = load_table("holdem")            # the exact table shipped with the program
    >>> table.n, table.exact, table.pairs(0, 168)   # AA against 22: 6 x 6 disjoint pairs
    (169, True, 36)
    >>> round(table.equity(0, 168) + table.equity(168, 0), 12)
    1.0
    """

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
        if self._spread_q is None:
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
    saved = savefile.read(path, EQUITY_TABLE, {"game": "holdem"}, remedy=rebuild_hint("holdem"))
    equity, pairs = saved.arrays["equity"], saved.arrays["pairs"]
    # The table's identity (recorded by jam-fold save files): crc32 of equity, then pairs.
    checksum = zlib.crc32(pairs.data, zlib.crc32(equity.data))
    info = {"game": "holdem", "classes": 169, "samples": None, "seed": None, "exact": True,
            "path": str(path), "bytes": path.stat().st_size, "cell_stderr": 0.0,
            "checksum": checksum}
    return EquityTable("holdem", np.arange(169), equity, pairs, None, info)


def table_expect(variant: Variant, samples: int, seed: int,
                  ids: np.ndarray | None) -> dict[str, Any]:
    n = num_classes("omaha") if ids is None else int(ids.size)
    return {"method": TABLE_METHOD, "game": str(variant), "samples": samples, "seed": seed,
            "classes": n, "class_ids": None if ids is None else ids.tolist()}


def load_table(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> EquityTable:
    """The equity table of ``variant``: shipped (Hold'em) or built and cached (Omaha).

    ``variant`` is a :class:`~omahanash.cards.Variant` or any of its names (``"omaha"``, ...);
    ``cache_dir`` overrides where Omaha tables are cached; ``class_ids`` picks a class-subset
    table (built with the same subset). Raises :class:`InputError` with the command to run
    when an Omaha table is not built, and :class:`~omahanash.savefile.SaveFileError` (an
    ``InputError`` too) when the file is damaged, of an older format or built otherwise.

    >>> from omahanash.hands import parse_class
    >>> table = load_table("holdem")
    >>> round(table.equity(parse_class("AA", "holdem"), parse_class("KK", "holdem")), 4)
    0.8195
    """
    variant = Variant.parse(variant)
    if variant is Variant.HOLDEM:
        return _holdem_table()
    ids = normalize_subset(class_ids)
    path = table_path(variant, cache_dir, ids)
    if not path.exists():
        raise InputError(
            f"the {variant} equity table is not built yet: run "
            f"'omahanash table build --game {variant}' (a few minutes, once)"
        )
    remedy = rebuild_hint(variant)
    table_file = savefile.read(path, EQUITY_TABLE, {"game": str(variant)}, mmap=True,
                               remedy=remedy)
    meta = table_file.meta
    if meta.get("method") not in (TABLE_METHOD, EXACT_METHOD):
        raise EQUITY_TABLE.refuse(path, "made by an older method of this program", remedy)
    exact = meta["method"] == EXACT_METHOD
    if meta.get("class_ids") != (None if ids is None else ids.tolist()):
        raise EQUITY_TABLE.refuse(path, "built for other classes", remedy)
    arrays = table_file.arrays
    pairs = arrays["pairs"] if "pairs" in arrays else omaha_pairs(cache_dir)
    info = {"game": str(variant), "classes": meta["classes"], "samples": meta["samples"],
            "seed": meta["seed"], "exact": exact, "path": str(path),
            "bytes": path.stat().st_size, "cell_stderr": meta["cell_stderr"],
            "build_seconds": meta.get("build_seconds"),
            # a Monte Carlo table is built in blocks; an exact one is written at once
            "checksum": table_file.header["array_crc"].get("block_crc",
                                                           table_file.header["array_crc"].get(
                                                               "equity"))}
    all_ids = np.arange(meta["classes"]) if ids is None else ids
    return EquityTable(str(variant), all_ids, arrays["equity"], pairs,
                       None if exact else arrays["spread"], info)


def table_info(variant: Variant | str, cache_dir: str | os.PathLike | None = None,
               class_ids: Sequence[int] | None = None) -> dict[str, Any]:
    """What ``omahanash table info`` prints: ``{"built": False, ...}`` when not built.

    >>> table_info("holdem")["exact"]
    True
    """
    variant = Variant.parse(variant)
    try:
        table = load_table(variant, cache_dir, class_ids)
    except SaveFileError as exc:
        return {"built": False, "game": str(variant), "damaged": str(exc)}
    except InputError:
        if variant is Variant.HOLDEM:
            return {"built": False, "game": str(variant)}
        path = table_path(variant, cache_dir, class_ids)
        return {"built": False, "game": str(variant), "path": str(path),
                "partial": partial_path(path).exists()}
    return {"built": True, **{k: v for k, v in table.info.items() if k != "exact"},
            "exact": table.exact}


# -- a table's identity, and one process's copy ----------------------------------------------

_TABLES: dict[tuple, EquityTable] = {}  # the table table_for loaded last in this process


def table_identity(table: EquityTable) -> dict[str, Any]:
    """What a save file records about its equity table (and checks on reopening).

    >>> identity = table_identity(load_table("holdem"))
    >>> identity["game"], identity["classes"], identity["class_ids"]
    ('holdem', 169, None)
    """
    full = table.n == num_classes(table.game)
    info = table.info
    return {"game": table.game, "samples": info.get("samples"), "seed": info.get("seed"),
            "checksum": info.get("checksum"), "classes": int(table.n),
            "class_ids": None if full else [int(c) for c in table.class_ids]}


def table_for(game: str, cache_dir: str | None,
              class_ids: Sequence[int] | None) -> EquityTable:
    """The equity table (kept per process: a worker loads it once; Omaha tables are
    memory-mapped from the shared cache folder, not sent).

    >>> table_for("holdem", None, None) is table_for("holdem", None, None)
    True
    """
    # the file's stamp is in the key: a table rebuilt in the same place (another K, the coarse
    # first-launch table replaced) is loaded again, not served from this process's copy
    stamp = None
    if Variant.parse(game) is not Variant.HOLDEM:
        try:
            status = table_path(game, cache_dir, normalize_subset(class_ids)).stat()
            stamp = (status.st_ino, status.st_size, status.st_mtime_ns)
        except OSError:
            pass  # not built: load_table says so
    key = (game, cache_dir, None if class_ids is None else tuple(class_ids), stamp)
    if key not in _TABLES:
        _TABLES.clear()
        _TABLES[key] = load_table(game, cache_dir, class_ids)
    return _TABLES[key]


def table_meta(table: EquityTable) -> dict[str, Any]:
    """What a job store records about the equity table its items read, so that a store made
    on another table is replaced, never resumed (:func:`~omahanash.cluster.run_blocks` checks
    the job): an Omaha table's identity (a rebuild, the coarse first-launch table, another
    class subset). Hold'em's exact table never changes: nothing, which keeps the stores made
    before tables were recorded.

    >>> table_meta(load_table("holdem"))
    {}
    """
    if table.game == "holdem":
        return {}
    return {"table": table_identity(table)}
