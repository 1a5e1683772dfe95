"""Pieces the tabs share: the Tab base class and its helpers, the worker thread, plots, export, Qt
item models, range views and their words, field readers and units, the cards widget."""
