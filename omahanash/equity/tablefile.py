"""Where equity tables are kept and what their save files are called.

The files themselves are :mod:`omahanash.savefile` containers of two kinds:

* :data:`EQUITY_TABLE`: one variant's table. Hold'em's is exact, written at once and shipped
  (``resources/holdem.table``: the equity triangle as float64, pairs as uint32). Omaha's are
  built by Monte Carlo into the cache directory, block by block (a ``.partial`` file that a
  later build resumes): equity as uint16 and the per-cell spread as uint8, one triangle each,
  plus the pairs of a class-subset table;
* :data:`PAIRS_TABLE`: the exact pairs triangle of all Omaha classes, shared by Omaha Hi and
  Hi/Lo (``omaha-pairs.table`` in the cache directory).

A table file that cannot be used is refused with the container's one message, which ends with
the command that rebuilds it (:func:`rebuild_hint`).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np

from omahanash.errors import InputError
from omahanash.savefile import FileKind

EQUITY_TABLE = FileKind("equity-table", 2, "omahanash equity table",
                        meta_types=(("game", str), ("classes", int)),
                        array_dtypes=(("equity", ("<f8", "<u2")),))
PAIRS_TABLE = FileKind("pairs-table", 2, "omahanash pairs table",
                       meta_types=(("classes", int),), array_dtypes=(("pairs", ("<u2",)),))
HOLDEM_RESOURCE = "holdem.table"
PAIRS_FILE = "omaha-pairs.table"


def rebuild_hint(variant: str) -> str:
    """The remedy a refused table's message ends with.

    >>> rebuild_hint("omaha-hi")
    "rebuild it with 'omahanash table build --game omaha-hi'"
    """
    exact = " --exact" if variant == "holdem" else ""
    return f"rebuild it with 'omahanash table build --game {variant}{exact}'"


def resolve_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    """``cache_dir`` if given, else ``$OMAHANASH_CACHE``, else the user cache directory.

    Raises :class:`InputError` when the folder named is an existing file.

    >>> resolve_cache_dir("/tmp/tables")
    PosixPath('/tmp/tables')
    """
    if cache_dir:
        path, source = Path(cache_dir).expanduser(), "cache_dir"
    elif os.environ.get("OMAHANASH_CACHE"):
        path, source = Path(os.environ["OMAHANASH_CACHE"]).expanduser(), "OMAHANASH_CACHE"
    else:
        import platformdirs

        path = Path(platformdirs.user_cache_dir("omahanash", appauthor=False))
        source = "the user cache directory"
    if path.exists() and not path.is_dir():
        raise InputError(f"{source} {str(path)!r} is a file, not a folder")
    return path


def make_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    """:func:`resolve_cache_dir`, created if missing (:class:`InputError` if it cannot be)."""
    path = resolve_cache_dir(cache_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the cache folder {str(path)!r}: "
                         f"{exc.strerror or exc}") from None
    return path


def subset_tag(class_ids: np.ndarray | None) -> str:
    """The part of a file name that tells a class-subset table from the full one."""
    if class_ids is None:
        return ""
    digest = hashlib.blake2b(class_ids.astype("<i4").tobytes(), digest_size=6).hexdigest()
    return f"-subset{class_ids.size}-{digest}"


def partial_path(path: Path) -> Path:
    """The file an unfinished build of ``path`` is kept in."""
    return path.with_name(path.name + ".partial")
