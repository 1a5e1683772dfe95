"""Minimax, alpha-beta and depth-limited search over ``GameState`` (MCTS: :mod:`.mcts`).

Conventions (every function here):

* two players, zero-sum (or constant-sum): the **value is player 0's payoff**
  (``returns()[0]``); player 0 maximizes it, player 1 minimizes it. Turns need not alternate:
  each node says who acts (``current_player()``);
* chance nodes are averaged over their outcomes (expectimax) with ``chance="expectimax"``, or
  refused with :class:`~omahanash.errors.InputError` with ``chance="refuse"``; a game whose
  chance is already resolved (a fully dealt domino deal) has none and is searched exactly;
* a transposition table is used when the state has ``transposition_key()`` (see
  :mod:`omahanash.perfect.examples`) or a ``key`` function is passed. That key must determine
  the rest of the game, payoffs included. The table index is ``state.zobrist_hash()`` when the
  state has it, else Python's ``hash`` of the key;
* ``max_depth`` counts plies (decisions and chance events); at the limit, ``evaluate(state)``
  estimates player 0's payoff.

>>> from omahanash.perfect.examples import TakeAway
>>> root = TakeAway(10).new_initial_state()        # 10 matches, take 1-3: a win, take 2
>>> result = alphabeta(root)
>>> result.value, result.best_action
(1.0, 2)
>>> minimax(root).nodes > alphabeta(root, use_table=False).nodes > result.nodes
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Literal

from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, GameState, check_state
from omahanash.perfect.zobrist import EXACT, LOWER, UPPER, TranspositionTable

ChancePolicy = Literal["expectimax", "refuse"]
KeyFunction = Callable[[GameState], Hashable]
Evaluation = Callable[[GameState], float]


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a search from one state.

    ``value`` — player 0's payoff under best play (an estimate when the depth limit was hit);
    ``best_action`` — an optimal action at the root (``None`` at a terminal or chance root);
    ``nodes`` — states visited, the root included; ``table_hits`` / ``table_collisions`` —
    transposition table statistics (0 without a table).
    """

    value: float
    best_action: int | None
    nodes: int
    table_hits: int = 0
    table_collisions: int = 0


class _Searcher:
    """One depth-first search; holds the options and the counters."""

    def __init__(
        self,
        *,
        prune: bool,
        table: TranspositionTable | None,
        key: KeyFunction | None,
        evaluate: Evaluation | None,
        chance: ChancePolicy,
    ) -> None:
        if chance not in ("expectimax", "refuse"):
            raise ValueError(f"chance must be 'expectimax' or 'refuse', got {chance!r}")
        self.prune = prune
        self.table = table
        self.key = key
        self.evaluate = evaluate
        self.chance = chance
        self.nodes = 0

    def table_address(self, state: GameState) -> tuple[int, Hashable] | None:
        """``(zobrist hash, full key)`` of ``state``, or ``None`` if it has no key."""
        if self.key is not None:
            full_key = self.key(state)
            return hash(full_key), full_key
        key_method = getattr(state, "transposition_key", None)
        if key_method is None:
            return None
        full_key = key_method()
        zobrist = getattr(state, "zobrist_hash", None)
        return (zobrist() if zobrist is not None else hash(full_key)), full_key

    def search(
        self, state: GameState, depth: float, alpha: float, beta: float, root: bool = False
    ) -> tuple[float, int | None]:
        """(value, best action) of ``state``; with pruning the value is fail-soft:
        ``<= alpha`` means "at most this", ``>= beta`` means "at least this"."""
        self.nodes += 1
        player = state.current_player()
        if player == TERMINAL:
            return state.returns()[0], None
        if depth <= 0:
            if self.evaluate is None:
                raise InputError("depth limit reached but no evaluation function was given")
            return float(self.evaluate(state)), None
        if player == CHANCE:
            if self.chance == "refuse":
                raise InputError(
                    "this search does not handle chance nodes (chance='refuse'); resolve the "
                    "chance events first or use chance='expectimax'"
                )
            # Children of a chance node are searched with a full window: their values are exact.
            value = 0.0
            for action, probability in state.chance_outcomes():
                child_value = self.search(state.child(action), depth - 1, -math.inf, math.inf)[0]
                value += probability * child_value
            return value, None
        if player not in (0, 1):
            raise InputError(f"minimax needs a two-player game; player {player} is to act")

        actions = state.legal_actions()
        address = self.table_address(state) if self.table is not None else None
        if address is not None:
            entry = self.table.probe(*address)  # type: ignore[union-attr]
            if entry is not None:
                if entry.depth >= depth and not root:
                    if entry.bound == EXACT:
                        return entry.value, entry.best_action
                    if entry.bound == LOWER:
                        alpha = max(alpha, entry.value)
                    else:
                        beta = min(beta, entry.value)
                    if alpha >= beta:
                        return entry.value, entry.best_action
                if entry.best_action in actions:  # try last time's best move first
                    actions.remove(entry.best_action)
                    actions.insert(0, entry.best_action)

        alpha0, beta0 = alpha, beta
        maximizing = player == 0
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for action in actions:
            value = self.search(state.child(action), depth - 1, alpha, beta)[0]
            if maximizing:
                if value > best_value:
                    best_value, best_action = value, action
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value, best_action = value, action
                beta = min(beta, value)
            if self.prune and alpha >= beta:
                break

        if address is not None:
            if best_value <= alpha0:
                bound = UPPER
            elif best_value >= beta0:
                bound = LOWER
            else:
                bound = EXACT
            self.table.store(*address, best_value, depth, bound, best_action)  # type: ignore[union-attr]
        return best_value, best_action


def _run(searcher: _Searcher, state: GameState, max_depth: int | None) -> SearchResult:
    depth = math.inf if max_depth is None else max_depth
    value, action = searcher.search(state, depth, -math.inf, math.inf, root=True)
    table = searcher.table
    return SearchResult(
        value=value,
        best_action=action,
        nodes=searcher.nodes,
        table_hits=table.hits if table else 0,
        table_collisions=table.collisions if table else 0,
    )


def minimax(
    state: GameState,
    *,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    chance: ChancePolicy = "expectimax",
) -> SearchResult:
    """Plain minimax (expectimax at chance nodes): visits every node, no pruning, no table.

    >>> from omahanash.perfect.examples import ExplicitTree
    >>> tree = ExplicitTree(("P0", [("P1", [3, 12, 8]), ("P1", [2, 4, 6]), ("P1", [14, 5, 2])]))
    >>> r = minimax(tree.new_initial_state())
    >>> r.value, r.best_action, r.nodes
    (3.0, 0, 13)
    """
    searcher = _Searcher(prune=False, table=None, key=None, evaluate=evaluate, chance=chance)
    return _run(searcher, state, max_depth)


def alphabeta(
    state: GameState,
    *,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    use_table: bool = True,
    table: TranspositionTable | None = None,
    key: KeyFunction | None = None,
    chance: ChancePolicy = "expectimax",
) -> SearchResult:
    """Minimax with alpha-beta pruning and a transposition table; same value as :func:`minimax`.

    ``use_table=False`` turns the table off; ``table`` lets several searches share one (its
    counters then accumulate); ``key`` overrides ``state.transposition_key()``.

    >>> from omahanash.perfect.examples import ExplicitTree
    >>> tree = ExplicitTree(("P0", [("P1", [3, 12, 8]), ("P1", [2, 4, 6]), ("P1", [14, 5, 2])]))
    >>> r = alphabeta(tree.new_initial_state())
    >>> r.value, r.best_action, r.nodes
    (3.0, 0, 11)
    """
    check_state(state)
    if not use_table:
        table = None
    elif table is None:
        table = TranspositionTable()
    searcher = _Searcher(prune=True, table=table, key=key, evaluate=evaluate, chance=chance)
    return _run(searcher, state, max_depth)


def solve_value(state: GameState) -> float:
    """Player 0's exact value of a game with no hidden information left (alpha-beta to the end).

    This is the number to compare with a CFR value of the same deal.

    >>> from omahanash.perfect.examples import TakeAway
    >>> solve_value(TakeAway(8).new_initial_state())
    -1.0
    """
    return alphabeta(state, chance="refuse").value


def action_values(
    state: GameState,
    *,
    table: TranspositionTable | None = None,
    key: KeyFunction | None = None,
) -> dict[int, float]:
    """The exact value (for player 0) after each legal action of a decision node.

    >>> from omahanash.perfect.examples import TakeAway
    >>> action_values(TakeAway(5).new_initial_state())
    {1: 1.0, 2: -1.0, 3: -1.0}
    """
    if state.current_player() not in (0, 1):
        raise InputError("action values are defined at decision nodes of players 0 and 1")
    table = TranspositionTable() if table is None else table
    return {
        a: alphabeta(state.child(a), table=table, key=key).value for a in state.legal_actions()
    }


def optimal_actions(
    state: GameState,
    *,
    tolerance: float = 1e-9,
    table: TranspositionTable | None = None,
    key: KeyFunction | None = None,
) -> set[int]:
    """The actions that achieve the minimax value at a decision node.

    >>> from omahanash.perfect.examples import TakeAway
    >>> optimal_actions(TakeAway(6).new_initial_state())
    {2}
    """
    values = action_values(state, table=table, key=key)
    best = max(values.values()) if state.current_player() == 0 else min(values.values())
    return {a for a, v in values.items() if abs(v - best) <= tolerance}


def reachable_states(
    root: GameState, *, key: KeyFunction | None = None, limit: int = 1_000_000
) -> list[GameState]:
    """Every state reachable from ``root``, once per key (``key`` or ``transposition_key()``),
    in breadth-first order.

    >>> from omahanash.perfect.examples import TicTacToe
    >>> len(reachable_states(TicTacToe().new_initial_state()))
    5478
    """
    if key is None and not hasattr(root, "transposition_key"):
        raise InputError("listing reachable states needs a key: pass key=... for this game")

    def key_of(state: GameState) -> Hashable:
        return key(state) if key is not None else state.transposition_key()  # type: ignore[attr-defined]

    seen = {key_of(root)}
    order = [root]
    i = 0
    while i < len(order):
        state = order[i]
        i += 1
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            child = state.child(action)
            k = key_of(child)
            if k not in seen:
                if len(order) >= limit:
                    raise InputError(f"more than {limit} reachable states")
                seen.add(k)
                order.append(child)
    return order
