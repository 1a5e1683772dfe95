"""Pieces the tabs and the window share; nothing here imports a tab or :mod:`ui.shell`: the
:class:`~ui.kit.common.Tab` base class and its helpers, the inputs kept between launches
(:mod:`ui.kit.settings`), the worker thread (:mod:`ui.kit.workers`) and the crash dialog and
log it reports to (:mod:`ui.kit.crash`), the kernels' warm-up, plots, export, Qt item models,
range views and their words, field readers and units, the cards widget."""
