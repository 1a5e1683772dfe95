"""Equity: exact enumeration (:mod:`.exact`) and Monte Carlo for ranges (:mod:`.montecarlo`).

Import the submodules directly (``from omahanash.equity.exact import exact_equity``): this
package stays empty so that importing one of them does not load the other's kernels.
"""
