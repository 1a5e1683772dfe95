"""Omaha Nash: Nash equilibria of games of imperfect information.

The library behind the ``omahanash`` command and the ``omahanash-gui`` app. Nothing in this
package imports Qt.
"""

__version__ = "0.1.0"
