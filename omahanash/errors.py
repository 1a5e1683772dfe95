"""Exception types shared by the whole library.

Every error caused by what a user typed or chose derives from :class:`InputError`, a
``ValueError``; the command line turns it into exit code 2 and one line on stderr, the GUI shows
its message next to the offending field. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input from the user: the message says what is wrong and names the offending value.

    >>> from omahanash.hands import parse_class
    >>> try:
    ...     parse_class(99999, "omaha")
    ... except InputError as error:
    ...     print(error)
    Omaha class id 99999 is out of range 0..16431

    ``argument`` names the Python argument that held the bad value when the raiser knows it
    (``"sb"``, ``"stacks[1]"``; None otherwise): the GUI shows the message beside that field.

    >>> from omahanash.jamfold import JamFoldParams
    >>> try:
    ...     JamFoldParams(sb=5, bb=10, stacks=(100, 10))
    ... except InputError as error:
    ...     print(error.argument)
    stacks[1]
    """

    argument: str | None = None

    @classmethod
    def naming(cls, argument: str | None, message: str) -> InputError:
        """An error whose bad value was held by ``argument``.

        >>> InputError.naming("bb", "BB must be at least SB (5), got bb=4").argument
        'bb'
        """
        error = cls(message)
        error.argument = argument
        return error


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
