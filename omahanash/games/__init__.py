"""Built-in games of imperfect information (Kuhn, Leduc) and the entry point that names them.

Dominoes (:mod:`omahanash.games.domino`) and matrix games (:mod:`omahanash.games.matrix`) live
beside these; :func:`make_game` imports them only when asked, so that importing this package
stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omahanash.errors import InputError

if TYPE_CHECKING:
    from omahanash.game import Game

TREE_GAMES = ("kuhn", "leduc", "domino")


def make_game(name: str, **settings: object) -> Game:
    """The game called ``name`` with its settings, e.g. ``make_game("kuhn", players=3)``.

    >>> make_game("leduc").name
    'leduc'

    Raises :class:`~omahanash.errors.InputError` for an unknown name or bad settings.
    """
    if name == "kuhn":
        from omahanash.games.kuhn import KuhnPoker

        return KuhnPoker(**settings)  # type: ignore[arg-type]
    if name == "leduc":
        from omahanash.games.leduc import LeducPoker

        if settings:
            raise InputError(f"Leduc poker takes no settings (got {', '.join(settings)})")
        return LeducPoker()
    if name == "domino":
        try:
            from omahanash.games.domino import make_domino_game
        except ModuleNotFoundError as exc:
            raise InputError("dominoes are not available in this build yet") from exc
        return make_domino_game(**settings)  # type: ignore[arg-type]
    raise InputError(f"unknown game {name!r} (choose from {', '.join(TREE_GAMES)})")
