"""Equity: exact enumeration (:mod:`.exact`, numba; :mod:`.vectorized`, numpy only, for the
command line's start-up), Monte Carlo for ranges (:mod:`.montecarlo`) and the cluster-vs-cluster
tables (:mod:`.tables`).

Import the submodules directly (``from omahanash.equity.exact import exact_equity``): this
package stays empty so that importing one of them does not load the other's kernels.
"""
