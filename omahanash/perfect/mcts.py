"""Monte-Carlo tree search (UCT) over ``GameState``: an anytime player, and a check of how often
it plays a move that exact search (:mod:`.search`) proves optimal.

Values follow :mod:`.search`'s convention: player 0's payoff, player 0 maximizing.

>>> from omahanash.perfect.examples import TakeAway
>>> result = mcts(TakeAway(10).new_initial_state(), iterations=2000, seed=1)
>>> result.best_action   # the winning move: take 2, leaving a multiple of 4
2
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, GameState, check_state
from omahanash.perfect.search import KeyFunction, optimal_actions
from omahanash.perfect.zobrist import TranspositionTable


@dataclass(eq=False)
class _Node:
    state: GameState
    player: int
    untried: list[int]
    children: dict[int, _Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # sum of player 0's payoffs of the playouts through this node


@dataclass(frozen=True)
class MCTSResult:
    """The outcome of a Monte-Carlo tree search from one decision node.

    ``best_action`` — the most visited action; ``visits`` and ``values`` — per root action, its
    visit count and the mean payoff of player 0 over its playouts; ``iterations`` — playouts run.
    """

    best_action: int
    visits: dict[int, int]
    values: dict[int, float]
    iterations: int


def _random_playout(state: GameState, rng: random.Random) -> float:
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state.returns()[0]
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)


def _new_node(state: GameState, rng: random.Random) -> _Node:
    player = state.current_player()
    untried = state.legal_actions() if player not in (TERMINAL, CHANCE) else []
    rng.shuffle(untried)
    return _Node(state, player, untried)


def _generator(seed: int | None) -> random.Random:
    """A Python generator from a seed checked like every seed of the library (0 .. 2**64 - 1);
    None: fresh entropy."""
    from omahanash.rng import check_seed  # not at the top: numba, only when a search runs

    return random.Random(None if seed is None else check_seed(seed))


def mcts(
    state: GameState,
    *,
    iterations: int | None = 1000,
    time_limit: float | None = None,
    exploration: float = math.sqrt(2),
    seed: int | random.Random | None = None,
    cancel: Callable[[], bool] | None = None,
) -> MCTSResult:
    """Monte-Carlo tree search with the UCT rule, as an anytime player.

    Each iteration descends the tree choosing the child with the best
    ``mean + exploration * sqrt(ln N / n)`` for the player to act (means rescaled to [0, 1] by
    the smallest and largest payoffs seen so far), samples chance nodes by their probabilities,
    adds one node, finishes the game with uniformly random moves, and adds player 0's payoff to
    every node on the path. The search stops after ``iterations`` playouts, after
    ``time_limit`` seconds, or when ``cancel()`` returns true — whichever comes first — and
    answers with the most visited root action.

    >>> from omahanash.perfect.examples import TakeAway
    >>> mcts(TakeAway(7).new_initial_state(), iterations=2000, seed=1).best_action
    3
    """
    check_state(state)
    if state.current_player() in (TERMINAL, CHANCE):
        raise InputError("MCTS chooses a move at a decision node; this state has no player to act")
    if iterations is None and time_limit is None and cancel is None:
        raise InputError("MCTS needs a budget: iterations, time_limit or cancel")
    if iterations is not None and iterations < 1:
        raise InputError(f"MCTS needs at least one iteration, got {iterations}")
    rng = seed if isinstance(seed, random.Random) else _generator(seed)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    root = _new_node(state, rng)
    low, high = math.inf, -math.inf  # payoff range seen, for rescaling means to [0, 1]
    done = 0
    while iterations is None or done < iterations:
        if deadline is not None and time.monotonic() >= deadline:
            break
        if cancel is not None and cancel():
            break
        node = root
        path = [node]
        # Selection and expansion.
        while node.player != TERMINAL:
            if node.player == CHANCE:
                outcomes = node.state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _new_node(node.state.child(action), rng)
                    path.append(child)
                    break
                node = child
            elif node.untried:
                action = node.untried.pop()
                child = node.children[action] = _new_node(node.state.child(action), rng)
                path.append(child)
                break
            else:
                node = _select_child(node, exploration, low, high)
            path.append(node)
        payoff = _random_playout(path[-1].state, rng)
        low, high = min(low, payoff), max(high, payoff)
        for visited in path:
            visited.visits += 1
            visited.total += payoff
        done += 1
    if not root.children:
        raise InputError("MCTS ran no playout: give it a larger budget")
    visits = {a: c.visits for a, c in root.children.items()}
    values = {a: c.total / c.visits for a, c in root.children.items()}
    sign = 1.0 if root.player == 0 else -1.0
    best = max(visits, key=lambda a: (visits[a], sign * values[a]))
    return MCTSResult(best, visits, values, done)


def _select_child(node: _Node, exploration: float, low: float, high: float) -> _Node:
    spread = high - low if high > low else 1.0
    log_visits = math.log(node.visits)
    sign = 1.0 if node.player == 0 else -1.0
    best, best_score = None, -math.inf
    for child in node.children.values():
        mean = (child.total / child.visits - low) / spread
        if sign < 0:
            mean = 1.0 - mean
        score = mean + exploration * math.sqrt(log_visits / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# How often MCTS plays a move minimax proves optimal


@dataclass(frozen=True)
class AgreementReport:
    """``agreed`` of ``positions`` MCTS choices were optimal; ``rate = agreed / positions``."""

    positions: int
    agreed: int

    @property
    def rate(self) -> float:
        return self.agreed / self.positions if self.positions else float("nan")


def mcts_agreement(
    states: Iterable[GameState],
    *,
    iterations: int,
    seed: int = 0,
    exploration: float = math.sqrt(2),
    skip_trivial: bool = True,
    key: KeyFunction | None = None,
) -> AgreementReport:
    """How often MCTS with ``iterations`` playouts picks a move that minimax proves optimal.

    Non-decision states are skipped, and so are states where every move is optimal (nothing to
    get wrong) unless ``skip_trivial=False``. One seeded generator drives all the searches.

    >>> from omahanash.perfect.examples import TakeAway
    >>> states = [TakeAway(n).new_initial_state() for n in (5, 6, 7)]
    >>> mcts_agreement(states, iterations=500, seed=3).rate
    1.0
    """
    rng = _generator(seed)
    table = TranspositionTable()
    positions = agreed = 0
    for state in states:
        if state.current_player() not in (0, 1):
            continue
        best = optimal_actions(state, table=table, key=key)
        if skip_trivial and len(best) == len(state.legal_actions()):
            continue
        choice = mcts(state, iterations=iterations, exploration=exploration, seed=rng)
        positions += 1
        agreed += choice.best_action in best
    return AgreementReport(positions, agreed)
