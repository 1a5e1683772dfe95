import os

# Qt runs offscreen in tests (CI has no screen).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402

# numba compiles on first call: no per-example deadline.
settings.register_profile("omahanash", deadline=None)
settings.load_profile("omahanash")
