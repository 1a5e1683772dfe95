"""Atomic file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


@contextmanager
def atomic_write(path: str | os.PathLike, mode: str = "wb", **open_args: Any) -> Iterator[IO]:
    """Write ``path`` through a temporary file beside it, renamed over ``path`` at the end.

    The data is flushed to disk before the rename; if the block raises (or the process is
    interrupted), the temporary file is removed and ``path`` is left as it was.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> with atomic_write(target, "w") as out:
    ...     _ = out.write("done")
    >>> target.read_text()
    'done'
    """
    path = Path(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, mode, **open_args) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
