"""``omahanash solve``: jam-fold equilibria heads-up (:mod:`.headsup`: fictitious play or CFR+,
lookups, sweeps) and push/fold equilibria at a table of 3 to 10 players (:mod:`.table`).

Its options are in :mod:`omahanash.commands.parsers.solve`, which picks the module from the
parsed ``--stacks``; what both read (the equity table, the heads-up spot, also used by
``omahanash exploit``) is in :mod:`.inputs`.
"""
