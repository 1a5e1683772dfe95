"""Simplified dominoes (thesis §2.3) on the CFR game interface.

One module per job: :mod:`~omahanash.games.domino.tiles` (tile notation, settings and their
checks), :mod:`~omahanash.games.domino.game` (:class:`DominoGame`, :func:`make_domino_game`,
the tables the states share, the tree-size estimate) and :mod:`~omahanash.games.domino.state`
(:class:`DominoState` and its cached transitions, the compiler's hot path).

Settings (:func:`make_domino_game`): a tile set, 2–4 players, a hand size of 1–7 tiles, and a
rule preset, ``thesis`` (default) or ``block``. Every setting has a default, the thesis's first
setting (Figure 2.4): tiles ``[0|0][0|1][0|2][1|2]``, 2 players, hands of 2, ``thesis`` rules.

>>> game = make_domino_game("[0|0][0|1][0|2][1|2]", players=2, hand=2)
>>> root = game.new_initial_state()
>>> len(root.chance_outcomes())  # player 0's possible hands: C(4, 2)
6
>>> root.action_to_string(0)
'deal P0 [0|0][0|1]'

Tile sets
    Tiles are written ``[a|b]`` (``[1|0]`` is the same tile as ``[0|1]``), run together or
    separated by whitespace, or a whole set is named ``double-N`` (every ``[a|b]`` with
    ``0 <= a <= b <= N``). Tiles are kept sorted by ``(a, b)``; a tile's index in that order is
    its action number.

The game, common to both presets
    * The deal: one chance node per player, in seat order, whose outcomes are all the hands of
      ``hand`` tiles the remaining tiles allow, equally likely (``C(r, hand)`` outcomes). This
      is the smallest exact deal: tile-by-tile dealing would branch on the order of the tiles
      within a hand. The undealt tiles are the face-down boneyard.
    * Player 0 opens with any tile of his hand. Afterwards, players move in seat order; a player
      holding a tile that fits an open end must play one of those tiles, his choice.
    * A player with no fitting tile draws from the boneyard one tile at a time (each draw a
      chance event, uniform over the boneyard) until a tile fits or the boneyard is empty; if
      nothing fits he passes.
    * Forced steps are not nodes: a pass, a play when only one move is legal (e.g. right after
      a successful draw), and a draw from a boneyard of one tile happen while the previous
      action's child is built. They still appear in the public history and the information
      keys. This halves the trees (most domino moves are forced) without changing any value
      or strategy. Every decision node has at least 2 actions and every draw node at least 2
      outcomes; a deal node may have 1 (the last hand when nothing is left over).

Preset ``thesis`` (reconstructed from the thesis's published strategies, Figures 2.3 and 2.6)
    * Placement is automatic: the first tile ``[a|b]`` (``a <= b``) leaves left end ``a`` and
      right end ``b``; a later tile goes on the left end when it fits there, else on the right.
      An action is a tile's index.
    * A player with no tiles left passes (without drawing). Going out does not end the game; it
      ends when every player has passed in a row.
    * The players with the fewest pips left win; every other player pays 1, shared equally by
      the winners (everyone tied: 0 for all).

Preset ``block``
    * The player chooses the end: action ``2 * tile + end`` (end 0 left, 1 right; the opening
      tile uses end 0). Two moves that leave the same (unordered) pair of open ends are one
      action; this happens exactly when both ends show the same number, and then only the
      left-end move is offered.
    * The game ends as soon as a player plays his last tile, or when every player has passed in
      a row (nobody can play). The players with the fewest pips left win; every other player
      pays his remaining pips, shared equally by the winners.

Labels
    * Public history: a play is the tile, ``"[0|1]"`` (block after the opening: with the end,
      ``"[0|1]L"`` / ``"[0|1]R"``); a draw is ``"draw"`` (everyone sees that a tile was drawn,
      not which); a pass is ``"pass"``. The deal is private and adds nothing: the first decision
      has public history ``()``, as the thesis's root ``"."`` (the deal's chance nodes share it).
    * :meth:`DominoState.private_label` is the player's current hand, tiles ascending, like the
      thesis: ``"[0|1][1|1]"``.
    * :meth:`DominoState.information_state_key` is the player's dealt hand plus the public
      history with the player's own draws named, e.g.
      ``"P1 [1|1][3|3]|[0|0] draw[2|3] draw[0|1] [0|1] draw [0|3]"``. Naming each own draw
      where it happened, rather than keying on the current hand, keeps perfect recall: the
      same public history and current hand can follow different draws, after which the player
      had decided holding different hands (see the tests). Within one run of draws the order
      is kept too, which is finer than needed but harmless.
    * Chance outcomes read ``"deal P1 [0|2][1|1]"`` and ``"P1 draws [1|2]"``.

Tree size
    :meth:`DominoGame.tree_size_estimate` estimates the number of nodes (chance, decision and
    terminal) without building the tree, by Knuth's random-probe estimator: follow random paths
    from the root and average the sums of the products of the branching factors along them
    (an unbiased estimate; deterministic for a given seed).
"""

from omahanash.games.domino.game import DominoGame, make_domino_game
from omahanash.games.domino.state import TRANSITION_CACHE_SIZE, DominoState
from omahanash.games.domino.tiles import (
    DEFAULT_TILES,
    MAX_DOUBLE,
    MAX_HAND,
    MAX_PLAYERS,
    MIN_HAND,
    MIN_PLAYERS,
    RULES,
    parse_tiles,
    tile_label,
)

__all__ = [
    "DEFAULT_TILES",
    "MAX_DOUBLE",
    "MAX_HAND",
    "MAX_PLAYERS",
    "MIN_HAND",
    "MIN_PLAYERS",
    "RULES",
    "TRANSITION_CACHE_SIZE",
    "DominoGame",
    "DominoState",
    "make_domino_game",
    "parse_tiles",
    "tile_label",
]
