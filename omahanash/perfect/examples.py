"""Small games of perfect information on the :class:`~omahanash.game.GameState` interface.

They exercise the searchers in :mod:`omahanash.perfect.search` and serve as examples of the two
optional methods the transposition table uses:

* ``transposition_key()`` — a hashable key that determines everything about the rest of the
  game (position, side to move, anything the payoffs still depend on);
* ``zobrist_hash()`` — a 64-bit hash of that key, updated incrementally move by move.

Games here:

* :class:`TicTacToe` — value 0 (a draw); both optional methods, the hash is a Zobrist hash;
* :class:`TakeAway` — the seed's matches game: take one of ``moves`` matches, whoever cannot move
  loses (so whoever takes the last match wins); only ``transposition_key``;
* :class:`ExplicitTree` — any finite tree written as nested tuples, with chance nodes and
  non-alternating turns; no optional methods (searched without a transposition table).

>>> from omahanash.perfect.search import alphabeta
>>> alphabeta(TicTacToe().new_initial_state()).value
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from omahanash.game import CHANCE, TERMINAL, Game, GameState
from omahanash.perfect.zobrist import ZobristTable

# ---------------------------------------------------------------------------------------------
# Tic-tac-toe

_LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip
_LINES_THROUGH = tuple(tuple(line for line in _LINES if square in line) for square in range(9))
_MARKS = ".XO"

# Features: 2 * square + (mark - 1) for a mark on a square, and 18 for "O to move".
TIC_TAC_TOE_ZOBRIST = ZobristTable(19)
_O_TO_MOVE = 18


def tic_tac_toe_features(board: Sequence[int], player: int) -> list[int]:
    """The Zobrist features of a position: one per mark on the board, plus "O to move"."""
    features = [2 * square + mark - 1 for square, mark in enumerate(board) if mark]
    if player == 1:
        features.append(_O_TO_MOVE)
    return features


class TicTacToeState(GameState):
    """A tic-tac-toe position. Player 0 is X and moves first; actions are squares 0..8.

    ``board[i]`` is 0 (empty), 1 (X) or 2 (O), squares numbered row by row.

    >>> s = TicTacToe().new_initial_state().child(4).child(0)
    >>> str(s), s.current_player(), s.legal_actions()
    ('O../.X./...', 0, [1, 2, 3, 5, 6, 7, 8])
    """

    __slots__ = ("board", "to_move", "history", "_zobrist", "_winner")

    def __init__(
        self,
        board: tuple[int, ...] = (0,) * 9,
        to_move: int = 0,
        history: tuple[int, ...] = (),
        zobrist: int | None = None,
        winner: int | None = None,
    ) -> None:
        self.board = board
        self.to_move = to_move
        self.history = history
        if zobrist is None:
            zobrist = TIC_TAC_TOE_ZOBRIST.hash_of(tic_tac_toe_features(board, to_move))
        self._zobrist = zobrist
        if winner is None:
            winner = self._find_winner(_LINES)
        self._winner = winner

    def _find_winner(self, lines: Sequence[tuple[int, int, int]]) -> int:
        """0 or 1 if that player has three in a row along one of ``lines``, -1 otherwise."""
        b = self.board
        for i, j, k in lines:
            if b[i] and b[i] == b[j] == b[k]:
                return b[i] - 1
        return -1

    def __str__(self) -> str:
        cells = "".join(_MARKS[m] for m in self.board)
        return "/".join(cells[r : r + 3] for r in (0, 3, 6))

    def current_player(self) -> int:
        if self._winner >= 0 or 0 not in self.board:
            return TERMINAL
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self._winner >= 0:
            return []
        return [square for square, mark in enumerate(self.board) if not mark]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def child(self, action: int) -> TicTacToeState:
        if self.board[action] or self._winner >= 0:
            raise ValueError(f"illegal move {action} in position {self}")
        mark = self.to_move + 1
        board = self.board[:action] + (mark,) + self.board[action + 1 :]
        # Incremental Zobrist update: the new mark appears, the side to move flips.
        zobrist = TIC_TAC_TOE_ZOBRIST.toggle(self._zobrist, 2 * action + mark - 1)
        zobrist = TIC_TAC_TOE_ZOBRIST.toggle(zobrist, _O_TO_MOVE)
        state = TicTacToeState(board, 1 - self.to_move, self.history + (action,), zobrist, -1)
        state._winner = state._find_winner(_LINES_THROUGH[action])  # only the new mark can win
        return state

    def returns(self) -> list[float]:
        if self._winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == 0 else [-1.0, 1.0]

    def information_state_key(self, player: int) -> str:
        return f"{self}:{self.to_move}"

    def action_to_string(self, action: int) -> str:
        return f"{_MARKS[self.to_move + 1]}{action}"

    def public_history(self) -> tuple[str, ...]:
        return tuple(f"{_MARKS[i % 2 + 1]}{a}" for i, a in enumerate(self.history))

    def private_label(self, player: int) -> str:
        return ""

    def transposition_key(self) -> tuple[tuple[int, ...], int]:
        return self.board, self.to_move

    def zobrist_hash(self) -> int:
        return self._zobrist


class TicTacToe(Game):
    """Tic-tac-toe on a 3×3 board; a draw with best play."""

    name = "tic_tac_toe"

    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState()


# ---------------------------------------------------------------------------------------------
# The matches (take-away) game


class TakeAwayState(GameState):
    """``matches`` on the table, ``to_move`` to play; a move takes one of ``moves`` matches.

    The player who cannot move loses (with ``moves`` containing 1: whoever takes the last match
    wins). Actions are the numbers of matches taken.

    >>> s = TakeAway(5).new_initial_state()
    >>> s.legal_actions(), s.child(3).matches, s.child(3).current_player()
    ([1, 2, 3], 2, 1)
    """

    __slots__ = ("matches", "moves", "to_move")

    def __init__(self, matches: int, moves: tuple[int, ...], to_move: int = 0) -> None:
        self.matches = matches
        self.moves = moves
        self.to_move = to_move

    def current_player(self) -> int:
        return self.to_move if self.legal_actions() else TERMINAL

    def legal_actions(self) -> list[int]:
        return [k for k in self.moves if k <= self.matches]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def child(self, action: int) -> TakeAwayState:
        if action not in self.moves or action > self.matches:
            raise ValueError(f"cannot take {action} of {self.matches} matches")
        return TakeAwayState(self.matches - action, self.moves, 1 - self.to_move)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [-1.0, 1.0] if self.to_move == 0 else [1.0, -1.0]

    def information_state_key(self, player: int) -> str:
        return f"{self.matches}:{self.to_move}"

    def action_to_string(self, action: int) -> str:
        return f"take {action}"

    def public_history(self) -> tuple[str, ...]:
        return ()

    def private_label(self, player: int) -> str:
        return ""

    def transposition_key(self) -> tuple[int, int]:
        return self.matches, self.to_move


class TakeAway(Game):
    """The matches game: ``matches`` on the table, take 1, 2 or 3 by default."""

    name = "take_away"

    def __init__(self, matches: int, moves: Sequence[int] = (1, 2, 3)) -> None:
        self.matches = matches
        self.moves = tuple(sorted(set(moves)))

    def new_initial_state(self) -> TakeAwayState:
        return TakeAwayState(self.matches, self.moves)

    def settings(self) -> dict:
        return {"matches": self.matches, "moves": list(self.moves)}


# ---------------------------------------------------------------------------------------------
# Explicit trees

Tree = float | tuple[str, Sequence["Tree"]] | tuple[str, Sequence[tuple[float, "Tree"]]]
"""A leaf is the payoff of player 0 (player 1 gets its negative); ``("P0", [subtrees])`` and
``("P1", [subtrees])`` are decision nodes; ``("chance", [(probability, subtree), ...])``."""


class ExplicitTreeState(GameState):
    """A node of a game tree written out as nested tuples (see :data:`Tree`).

    Turns need not alternate: any node may belong to either player.

    >>> s = ExplicitTree(("P0", [3, ("P0", [1, 5])])).new_initial_state()
    >>> s.legal_actions(), s.child(1).current_player(), s.child(1).child(1).returns()
    ([0, 1], 0, [5.0, -5.0])
    """

    __slots__ = ("tree", "history")

    def __init__(self, tree: Tree, history: tuple[int, ...] = ()) -> None:
        self.tree = tree
        self.history = history

    def current_player(self) -> int:
        if not isinstance(self.tree, tuple):
            return TERMINAL
        kind = self.tree[0]
        if kind == "chance":
            return CHANCE
        if kind in ("P0", "P1"):
            return int(kind[1])
        raise ValueError(f"unknown node kind {kind!r}")

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(len(self.tree[1])))  # type: ignore[index]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return [(i, p) for i, (p, _) in enumerate(self.tree[1])]  # type: ignore[index]

    def child(self, action: int) -> ExplicitTreeState:
        branch = self.tree[1][action]  # type: ignore[index]
        # A chance branch is (probability, subtree); a decision branch is the subtree.
        subtree = cast(Tree, branch[1] if self.is_chance_node() else branch)  # type: ignore[index]
        return ExplicitTreeState(subtree, self.history + (action,))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [float(self.tree), -float(self.tree)]  # type: ignore[arg-type]

    def information_state_key(self, player: int) -> str:
        return ",".join(map(str, self.history))

    def action_to_string(self, action: int) -> str:
        return str(action)

    def public_history(self) -> tuple[str, ...]:
        return tuple(map(str, self.history))

    def private_label(self, player: int) -> str:
        return ""


class ExplicitTree(Game):
    """A game given by an explicit tree (for tests and worked examples)."""

    name = "explicit_tree"

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def new_initial_state(self) -> ExplicitTreeState:
        return ExplicitTreeState(self.tree)
