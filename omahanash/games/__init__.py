"""The built-in games of imperfect information, by name: :func:`make_game` and
:data:`GAME_CHOICES`, the list the GUI and the command line offer.

Kuhn (:mod:`~omahanash.games.kuhn`), Leduc (:mod:`~omahanash.games.leduc`), dominoes
(:mod:`~omahanash.games.domino`) and matrix games (:mod:`~omahanash.games.matrix`) all implement
:class:`omahanash.game.Game`, so every CFR solver takes each of them. :func:`make_game` imports a
game's module only when asked, so importing this package stays cheap.

>>> [choice.name for choice in GAME_CHOICES]
['kuhn', 'leduc', 'domino', 'matrix']
>>> [setting.name for setting in game_choice("domino").settings]
['tiles', 'players', 'hand', 'rules']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from omahanash.errors import InputError
from omahanash.games.domino.tiles import DEFAULT_TILES

if TYPE_CHECKING:
    from omahanash.game import Game


@dataclass(frozen=True)
class GameSetting:
    """One setting of a game: its keyword for :func:`make_game`, its type (``int`` or ``str``),
    its default and a one-line description for a form or ``--help``."""

    name: str
    kind: type
    default: int | str
    description: str


@dataclass(frozen=True)
class GameChoice:
    """A game :func:`make_game` knows: its name, a display title, its settings, and the
    ``module:function`` that builds it from them, in that order (imported on first use)."""

    name: str
    title: str
    settings: tuple[GameSetting, ...]
    factory: str


#: Every game :func:`make_game` builds, in the order a menu lists them. The domino defaults
#: are the thesis's first setting (Figure 2.4); the matrix default is rock-paper-scissors.
GAME_CHOICES: tuple[GameChoice, ...] = (
    GameChoice("kuhn", "Kuhn", (
        GameSetting("players", int, 2, "number of players, 2 to 4"),
    ), "omahanash.games.kuhn:KuhnPoker"),
    GameChoice("leduc", "Leduc", (), "omahanash.games.leduc:LeducPoker"),
    GameChoice("domino", "Dominoes", (
        GameSetting("tiles", str, DEFAULT_TILES, "tile set, like [0|0][0|1] or double-3"),
        GameSetting("players", int, 2, "number of players, 2 to 4"),
        GameSetting("hand", int, 2, "hand size, 1 to 7 (players × hand ≤ tiles)"),
        GameSetting("rules", str, "thesis", "rule preset: thesis or block"),
    ), "omahanash.games.domino:make_domino_game"),
    GameChoice("matrix", "Matrix game", (
        GameSetting("payoff", str, "rps", "payoff matrix like 0,-1,1;1,0,-1;-1,1,0, or a preset"),
    ), "omahanash.games.matrix:parse_matrix_game"),
)  # fmt: skip

#: The names :func:`make_game` takes.
GAME_NAMES: tuple[str, ...] = tuple(choice.name for choice in GAME_CHOICES)


def game_choice(name: str) -> GameChoice:
    """The :class:`GameChoice` called ``name``; :class:`~omahanash.errors.InputError` if none."""
    for choice in GAME_CHOICES:
        if choice.name == name:
            return choice
    raise InputError(f"unknown game {name!r} (choose from {', '.join(GAME_NAMES)})")


def make_game(name: str, **settings: int | str) -> Game:
    """The game called ``name`` (``kuhn``, ``leduc``, ``domino`` or ``matrix``) with its
    settings (see :data:`GAME_CHOICES`; every one has a default).

    Raises :class:`~omahanash.errors.InputError`, naming the argument, for an unknown game, an
    unknown setting, a setting of the wrong type or out of range.

    >>> make_game("kuhn", players=3).num_players
    3
    >>> make_game("domino").settings()["tiles"]
    '[0|0][0|1][0|2][1|2]'
    >>> make_game("matrix", payoff="rps").row_actions
    ('rock', 'paper', 'scissors')
    >>> make_game("domino", tiles="[9|9]")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: 2 players with 2 tiles each need 4 tiles, but the tile set has only 1: [9|9]
    >>> make_game("leduc", players=3)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: unknown setting 'players' for leduc (it takes no settings)
    """  # noqa: E501
    choice = game_choice(name)
    known = {setting.name: setting for setting in choice.settings}
    for key, value in settings.items():
        setting = known.get(key)
        if setting is None:
            takes = ", ".join(known) if known else "no settings"
            raise InputError(f"unknown setting {key!r} for {name} (it takes {takes})")
        if isinstance(value, bool) or not isinstance(value, setting.kind):
            what = "a whole number" if setting.kind is int else "text"
            raise InputError(f"{key} must be {what} ({setting.description}), not {value!r}")
    module, function = choice.factory.split(":")
    build = getattr(importlib.import_module(module), function)
    # Positional: the factories take the settings in this order under their own names.
    game: Game = build(*(settings.get(key, setting.default) for key, setting in known.items()))
    return game
