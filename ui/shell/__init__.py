"""The application around the tabs: its entry point (:mod:`ui.shell.app`, ``omahanash-gui``;
:mod:`ui.shell.frozen` for the standalone bundle), the platform check, the main window and
the list of its tabs, sessions, the guide, the compute-engine setting and the first launch's
table offer. It is the one package that knows every tab and routes their requests."""
