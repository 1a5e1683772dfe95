"""Package faces that load their names on first use: :func:`lazy_names`.

A package whose public names live in heavy submodules (numba kernels) hands them out lazily,
so importing the package, or a light submodule of it, loads nothing heavy (``omahanash
--help`` reads :mod:`omahanash.pushfold.chart_defaults`; the exact equity of two hands needs
no numba). The package keeps a map of name → submodule and installs the two functions:

    __getattr__, __dir__ = lazy_names(__name__, _EXPORTS, __all__)

>>> import types, sys
>>> package = types.ModuleType("demo_package")
>>> sys.modules["demo_package"] = package
>>> package.__getattr__, package.__dir__ = lazy_names("demo_package", {"sqrt": "math"},
...                                                   ["sqrt"])
>>> package.sqrt(16.0), "sqrt" in vars(package), "sqrt" in dir(package)
(4.0, True, True)
>>> package.cbrt
Traceback (most recent call last):
...
AttributeError: module 'demo_package' has no attribute 'cbrt'
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["keep_function_names", "lazy_names"]


def lazy_names(package: str, exports: Mapping[str, str], public: Sequence[str]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``: a name of ``exports`` is
    imported from its submodule on first use and kept in the package (later lookups are
    plain attributes); any other name is an ``AttributeError``."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        vars(sys.modules[package])[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *public})

    return __getattr__, __dir__


def keep_function_names(package: str, exports: Mapping[str, str]) -> None:
    """Keep an exported function's name when its submodule of the same name loads (``icm``
    in ``omahanash.pushfold``, ``sweep`` in ``omahanash.jamfold``): the import system binds
    a loaded submodule over the package's attribute, so ``package.icm`` would turn from the
    function into the module. The submodule stays in ``sys.modules``; the name stays the
    function's (as it was when the package imported its names eagerly)."""

    class _Package(types.ModuleType):
        def __setattr__(self, name: str, value: Any) -> None:
            if isinstance(value, types.ModuleType) and exports.get(name) == value.__name__:
                return
            super().__setattr__(name, value)

    sys.modules[package].__class__ = _Package
