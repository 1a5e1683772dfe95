"""Equity of hands and ranges, in every variant; the package itself is the function.

``omahanash.equity(...)`` (what ``import omahanash as on; on.equity(...)`` calls) is
:func:`omahanash.equity.calculator.equity`: exact for two hands, Monte Carlo for ranges, any
variant, board and dead cards. The package object is callable because the public name
``on.equity`` and this package share one attribute of ``omahanash``: Python binds the package
there as soon as any of its modules is imported, so the package has to answer the call.

>>> import omahanash as on
>>> result = on.equity("As Ah", "Ks Kd", variant="holdem")
>>> round(result.equity[0], 5), result.boards
(0.81946, 1712304)

Behind it: exact enumeration (:mod:`.exact`, numba; :mod:`.vectorized`, numpy only, for a
fast start-up), ranges (:mod:`.ranges`) and their Monte Carlo (:mod:`.montecarlo`), the result
object (:mod:`.result`), and the cluster-vs-cluster tables (:mod:`.tables`, with their numba
kernels in :mod:`.table_kernels`). This package imports none of them itself, so that importing
one submodule does not load the others' kernels.
"""

from __future__ import annotations

import functools
import sys
import types
from typing import Any


class _EquityPackage(types.ModuleType):
    """This package's module type: calling it calls :func:`.calculator.equity`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _checked_equity()(*args, **kwargs)

    @property
    def __call_target__(self) -> Any:
        """The function a call runs (the public face checks its arguments)."""
        # not at the top: this package imports none of its modules (module doc)
        from omahanash.equity.calculator import equity

        return equity


@functools.cache
def _checked_equity() -> Any:
    """:func:`.calculator.equity` behind the public face's argument check
    (:mod:`omahanash.face`), however the package was imported first."""
    # not at the top: this package imports none of its modules (module doc)
    from omahanash.equity.calculator import equity
    from omahanash.face import checked  # (with the line above: the face loads on a call)

    return checked(equity, "equity")


sys.modules[__name__].__class__ = _EquityPackage
