"""Exception types shared by the whole library.

Every error caused by what a user typed or chose derives from :class:`InputError`, a
``ValueError``; the command line turns it into exit code 2 and one line on stderr, the GUI shows
its message next to the offending field. Anything else is a bug and keeps its traceback.
"""


class InputError(ValueError):
    """Bad input from the user: the message says what is wrong and names the offending value."""


class Cancelled(Exception):
    """Long work was stopped through its cancel flag; whatever it finished is kept."""
