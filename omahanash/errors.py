"""Exception types shared by the whole library.

Every error caused by what a user typed or chose derives from :class:`InputError`, a
``ValueError``; the command line turns it into exit code 2 and one line on stderr, the GUI shows
its message next to the offending field. Anything else is a bug and keeps its traceback.
"""


class InputError(ValueError):
    """Bad input from the user: the message says what is wrong and names the offending value.

    >>> from omahanash.hands import parse_class
    >>> try:
    ...     parse_class(99999, "omaha")
    ... except InputError as error:
    ...     print(error)
    Omaha class id 99999 is out of range 0..16431
    """


class Cancelled(Exception):
    """Long work was stopped through its cancel flag; whatever it finished is kept.

    >>> from omahanash.cfr import new_solution, train, compile_game
    >>> from omahanash.games import make_game
    >>> from omahanash.runs import CancelFlag
    >>> solution = new_solution(compile_game(make_game("kuhn")), "cfr+")
    >>> flag = CancelFlag()
    >>> flag.cancel()
    >>> try:
    ...     train(solution, 100, cancel=flag)
    ... except Cancelled as stop:
    ...     print(stop, "- kept:", solution.iterations)
    cancelled after 0 iterations - kept: 0
    """
