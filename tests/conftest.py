import atexit
import os
import shutil
import tempfile
from pathlib import Path

# Qt runs offscreen in tests (CI has no screen).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402


def _private_cache() -> None:
    """Tests write their caches (equilibria, partial tables, ...) into a folder of their own,
    never the user's; the equity tables already built in the user's cache are linked in, so
    tests that use a full Omaha table still find it (and CI, which has none, skips them)."""
    from omahanash.equity.tablefile import resolve_cache_dir

    try:
        user_cache = resolve_cache_dir()
    except Exception:  # no usable user cache: nothing to link
        user_cache = None
    private = Path(tempfile.mkdtemp(prefix="omahanash-test-cache-"))
    if user_cache is not None and user_cache.is_dir():
        for table in user_cache.glob("*.table"):
            (private / table.name).symlink_to(table)
    os.environ["OMAHANASH_CACHE"] = str(private)
    atexit.register(shutil.rmtree, private, ignore_errors=True)


_private_cache()

# numba compiles on first call: no per-example deadline.
settings.register_profile("omahanash", deadline=None)
settings.load_profile("omahanash")
