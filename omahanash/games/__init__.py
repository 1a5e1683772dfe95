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

Each setting carries what a form or a ``--help`` needs: its type, default, range
(``minimum``/``maximum``) or ``choices``, and a description; a game carries a one-line
``note``, named ``presets`` (captions -> settings) and the ``options`` of its runs (a matrix
game's fixed opponent mix). The app's CFR tab builds its forms from this list alone: a game
added here shows up there.
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
    its default and a one-line description for a form or ``--help``; an ``int`` setting may
    have a ``minimum`` and ``maximum``, a ``str`` one a list of ``choices``; ``label`` is its
    name in a form (default: the name, capitalised).

    >>> game_choice("kuhn").settings[0].minimum, game_choice("domino").settings[3].choices
    (2, ('thesis', 'block'))
    """

    name: str
    kind: type
    default: int | str
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    label: str = ""

    @property
    def caption(self) -> str:
        """The setting's name in a form: ``label`` or the name, capitalised."""
        return self.label or self.name.capitalize()


@dataclass(frozen=True)
class GameChoice:
    """A game :func:`make_game` knows: its name, a display title, its settings, and the
    ``module:function`` that builds it from them, in that order (imported on first use).

    ``note``: one line about the game for a form; ``presets``: named sets of settings
    (caption, {setting: value}); ``options``: settings of a run rather than of the game, each
    checked against the built game by ``check_options`` (``module:function(game, **options)``,
    raising :class:`~omahanash.errors.InputError`); ``kind``: ``"tree"`` (compiled and solved
    by the CFR family) or ``"matrix"`` (learned by :func:`omahanash.games.matrix.solve_matrix`).
    """

    name: str
    title: str
    settings: tuple[GameSetting, ...]
    factory: str
    note: str = ""
    presets: tuple[tuple[str, dict[str, int | str]], ...] = ()
    options: tuple[GameSetting, ...] = ()
    check_options: str = ""
    kind: str = "tree"

    def check_run_options(self, game: Game, **options: int | str) -> None:
        """Check the run options against ``game`` (nothing to check without ``check_options``).

        >>> matrix = game_choice("matrix")
        >>> matrix.check_run_options(make_game("matrix"), opponent="0.5,0.5")
        Traceback (most recent call last):
        ...
        omahanash.errors.InputError: mixed strategy '0.5,0.5' has 2 probabilities; the player has 3 actions
        """  # noqa: E501
        if self.check_options:
            module, function = self.check_options.split(":")
            getattr(importlib.import_module(module), function)(game, **options)


def _settings(**values: int | str) -> dict[str, int | str]:
    """A preset's settings (typed for the registry)."""
    return values


#: Every game :func:`make_game` builds, in the order a menu lists them. The domino defaults
#: are the thesis's first setting (Figure 2.4); the matrix default is rock-paper-scissors.
GAME_CHOICES: tuple[GameChoice, ...] = (
    GameChoice("kuhn", "Kuhn", (
        GameSetting("players", int, 2, "number of players, 2 to 4", 2, 4),
    ), "omahanash.games.kuhn:KuhnPoker",
        note="Cards J, Q, K (one more per extra player); ante 1, bet 1."),
    GameChoice("leduc", "Leduc", (), "omahanash.games.leduc:LeducPoker",
               note="Two players, six cards (J J Q Q K K), one private card each, one public "
                    "card, two betting rounds."),
    GameChoice("domino", "Dominoes", (
        GameSetting("tiles", str, DEFAULT_TILES, "tile set, like [0|0][0|1] or double-3",
                    label="Tile set"),
        GameSetting("players", int, 2, "number of players, 2 to 4", 2, 4),
        GameSetting("hand", int, 2, "hand size, 1 to 7 (players × hand ≤ tiles)", 1, 7,
                    label="Hand size"),
        GameSetting("rules", str, "thesis",
                    "thesis: automatic placement, the game ends when everyone passes in a "
                    "row, fewest pips wins 1 from each other player; block: choose the end, "
                    "the game ends when a hand is empty or nobody can play, the losers pay "
                    "their pips", choices=("thesis", "block"), label="End-of-game rule"),
    ), "omahanash.games.domino:make_domino_game", presets=(
        # the thesis's three settings (Figure 2.4 and after) and the double-N sets
        ("Thesis example 1 (4 tiles, hand 2)",
         {"tiles": "[0|0][0|1][0|2][1|2]", "players": 2, "hand": 2}),
        ("Thesis example 2 (6 tiles, hand 2)",
         {"tiles": "[0|0][0|1][0|2][1|1][1|2][2|2]", "players": 2, "hand": 2}),
        ("Thesis example 3 (10 tiles, hand 3)",
         {"tiles": "[0|0][0|1][0|2][1|1][1|2][2|2][0|3][1|3][2|3][3|3]", "players": 2,
          "hand": 3}),
        *((f"double-{n}", _settings(tiles=f"double-{n}")) for n in range(1, 7)),
    )),
    GameChoice("matrix", "Matrix game", (
        GameSetting("payoff", str, "rps",
                    "row player's payoffs, rows separated by ';', e.g. 0,-1,1;1,0,-1;-1,1,0 "
                    "(zero-sum), or row/column pairs like 3/3,0/5;5/0,1/1, or a preset: rps, "
                    "prisoners-dilemma, matching-pennies, battle-of-the-sexes",
                    label="Payoffs"),
    ), "omahanash.games.matrix:parse_matrix_game", options=(
        GameSetting("opponent", str, "", "a fixed column-player mix, e.g. 0.4,0.3,0.3: then "
                    "only the row player learns", label="Opponent mix"),
    ), check_options="omahanash.games.matrix:check_opponent", kind="matrix"),
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
