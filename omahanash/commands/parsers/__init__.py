"""The parsers of ``omahanash``'s sub-commands: one module each, with ``register(subparsers)``.

A parser module is cheap to import (argparse, :mod:`omahanash.commands._args` and light
constants; no numba, no solver): the CLI imports every one of them to build ``--help``, and
start-up time matters. Each sets ``handler`` to its implementation's ``"module:function"``
(see :mod:`omahanash.cli`), which is imported only when that command runs.
"""
