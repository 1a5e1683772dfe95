"""Sub-commands of ``omahanash``: one module each, with ``register(subparsers)``.

A command module stays cheap to import (no numba, no big tables at import time): the CLI
imports every one of them to build ``--help``, and start-up time matters.
"""
