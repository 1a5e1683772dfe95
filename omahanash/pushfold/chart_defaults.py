"""A chart's defaults (:mod:`omahanash.pushfold.chart`), in a module that imports nothing:
``omahanash chart --help`` prints them, and the command line's start-up must not load the
push/fold engine (numba) to build its help.

>>> DEFAULT_ITERATIONS, DEFAULT_CHART_DEALS
(200, 50000)
"""

DEFAULT_ITERATIONS = 200  # CFR+ iterations per stack
DEFAULT_CHART_DEALS = 50_000  # sampled deals per stack
