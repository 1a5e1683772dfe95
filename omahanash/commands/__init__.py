"""Sub-commands of ``omahanash``: their parsers (:mod:`omahanash.commands.parsers`, cheap, all
imported to build ``--help``) and their implementations (``omahanash/commands/<name>.py``, or
the package :mod:`omahanash.commands.solve`; each imports what it needs at its top and is
imported only when its command runs). Options and readers that several commands share are in
:mod:`omahanash.commands._args`.
"""
