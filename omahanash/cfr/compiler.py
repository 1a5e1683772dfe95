"""Walk a :class:`~omahanash.game.Game` once into flat numpy arrays: the :class:`GameTree`.

Every solver kernel runs on these arrays, never on game objects. Nodes are numbered in depth-first
pre-order, last action first, so a parent's id is smaller than its children's, the subtree of
node ``n`` is the id range ``n .. n + subtree_size[n] - 1``, and a backward loop meets a node's
children in action order (values then add up in the same order as OpenSpiel's recursion). The
kernels walk the tree with plain loops (forward for reach probabilities, backward for values)
and skip a subtree with one addition.

Before anything is built the size of the tree is estimated by random probes (Knuth's
estimator: the game's own :meth:`~omahanash.game.Game.tree_size_estimate` when it has one,
else :func:`estimate_tree_size`); a tree too large for ``max_nodes`` is refused with an
:class:`~omahanash.errors.InputError` that gives the estimate, and the walk itself stops with the
same error when it passes ``max_nodes``.
"""

from __future__ import annotations

import gc
import random
from array import array
from dataclasses import dataclass, field

import numpy as np

from omahanash.cfr.kernels import finish_tree
from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, Game
from omahanash.runs import CancelFlag, ProgressCallback

#: Default node limit: about 3 GB of arrays while solving (see :data:`BYTES_PER_NODE`).
DEFAULT_MAX_NODES = 20_000_000
#: Approximate memory per node: the tree arrays, the solvers' work arrays and the
#: best-response orders together.
BYTES_PER_NODE = 140
PROBES = 256


@dataclass
class GameTree:
    """A game compiled into arrays (node ids in pre-order; the root is node 0).

    Per node: ``player`` (a player, ``CHANCE`` or ``TERMINAL``), ``parent`` (-1 at the root),
    ``action_index`` (which of the parent's actions or chance outcomes leads here),
    ``edge_prob`` (the chance probability of that outcome; 1 below decision nodes),
    ``infoset`` (-1 unless a decision node), ``terminal`` (row of ``returns`` or -1),
    ``public`` (public node id), ``subtree_size``. Children: ``children[child_start[n]:
    child_start[n + 1]]`` in action order. Per information set: ``infoset_player`` and the
    slice ``infoset_offset[i]:infoset_offset[i + 1]`` of the flat per-action arrays, plus its
    key, label (the acting player's private information), action names and action ids.
    Per public node: its history and parent.
    """

    game_name: str
    settings: dict
    num_players: int
    player: np.ndarray
    parent: np.ndarray
    action_index: np.ndarray
    edge_prob: np.ndarray
    infoset: np.ndarray
    terminal: np.ndarray
    public: np.ndarray
    subtree_size: np.ndarray
    child_start: np.ndarray
    children: np.ndarray
    returns: np.ndarray
    infoset_player: np.ndarray
    infoset_offset: np.ndarray
    infoset_keys: list[str]
    infoset_labels: list[str]
    infoset_actions: list[list[str]]
    infoset_action_ids: list[list[int]]
    public_histories: list[tuple[str, ...]]
    public_parent: np.ndarray
    _infoset_index: dict[str, int] | None = field(default=None, repr=False)
    #: Derived arrays computed on first use (best-response orders), never saved.
    cache: dict = field(default_factory=dict, repr=False)

    @property
    def num_nodes(self) -> int:
        return int(self.player.shape[0])

    @property
    def num_infosets(self) -> int:
        return int(self.infoset_player.shape[0])

    @property
    def num_actions(self) -> int:
        """Length of the flat per-action arrays (regrets, policies)."""
        return int(self.infoset_offset[-1])

    def infoset_index(self, key: str) -> int:
        """Index of the information set called ``key``; KeyError if there is none."""
        if self._infoset_index is None:
            self._infoset_index = {k: i for i, k in enumerate(self.infoset_keys)}
        return self._infoset_index[key]

    def uniform_policy(self) -> np.ndarray:
        """The flat policy that plays every legal action with equal probability."""
        counts = np.diff(self.infoset_offset)
        return np.repeat(1.0 / np.maximum(counts, 1), counts).astype(np.float64)


def estimate_tree_size(game: Game, probes: int = PROBES, seed: int = 0) -> float:
    """Estimated number of nodes of ``game``'s tree (Knuth's random-probe estimator).

    Each probe follows uniformly random actions from the root to a leaf and adds up the
    products of the branching factors along the way; the mean is an unbiased estimate.

    >>> from omahanash.games.kuhn import KuhnPoker
    >>> 30 < estimate_tree_size(KuhnPoker()) < 90  # the tree has 58 nodes
    True
    """
    rng = random.Random(seed)
    total = 0.0
    for _ in range(probes):
        state = game.new_initial_state()
        weight = 1.0
        size = 1.0
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            weight *= len(actions)
            size += weight
            state = state.child(rng.choice(actions))
        total += size
    return total / probes


# Estimates are clamped here (a float product of branching factors can reach inf).
MAX_ESTIMATE = 1e300


def _readable(number: float, decimals: int = 0) -> str:
    """``2,097,151``; beyond a trillion ``4.8e+31`` (thirty digits say nothing more)."""
    return f"{number:,.{decimals}f}" if number < 1e12 else f"{number:.1e}"


def _too_large(nodes: float, max_nodes: int, exact: bool) -> InputError:
    size = f"more than {max_nodes:,}" if exact else f"about {_readable(nodes)}"
    memory = max(nodes, max_nodes) * BYTES_PER_NODE
    shown = f"{_readable(memory / 1e9, 1)} GB" if memory >= 1e9 else f"{memory / 1e6:,.0f} MB"
    return InputError(
        f"game tree too large: {size} nodes (≈ {shown} to solve), "
        f"the limit is {max_nodes:,} nodes; choose smaller settings"
    )


def _walk(
    game: Game,
    max_nodes: int,
    estimate: float,
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> dict:
    """The per-node lists of :func:`compile_game`, in pre-order with the first action first."""
    num_players = game.num_players

    player = array("b")
    parent = array("i")
    action_index = array("i")
    edge_prob = array("d")
    infoset = array("i")
    terminal = array("i")
    public = array("i")
    returns = array("d")
    infoset_player: list[int] = []
    infoset_sizes: list[int] = []
    infoset_keys: list[str] = []
    infoset_labels: list[str] = []
    infoset_actions: list[list[str]] = []
    infoset_action_ids: list[list[int]] = []
    infoset_ids: dict[str, int] = {}
    public_ids: dict[tuple[str, ...], int] = {}
    public_histories: list[tuple[str, ...]] = []
    public_parent: list[int] = []
    num_terminals = 0

    # Bound methods: this loop runs once per node, in Python.
    add_player, add_parent, add_index = player.append, parent.append, action_index.append
    add_prob, add_public, add_infoset = edge_prob.append, public.append, infoset.append
    add_terminal, add_returns = terminal.append, returns.extend
    stack = [(game.new_initial_state(), -1, -1, 1.0)]
    push, pop = stack.append, stack.pop
    node = -1
    while stack:
        state, parent_id, index, prob = pop()
        node += 1
        if node >= max_nodes:
            raise _too_large(estimate, max_nodes, exact=True)
        if node & 0xFFFF == 0 and node:
            if cancel is not None:
                cancel.raise_if_cancelled()
            if progress is not None:
                progress(min(node, estimate - 1), estimate)
        history = state.public_history()
        public_id = public_ids.get(history)
        if public_id is None:
            public_id = public_ids[history] = len(public_histories)
            public_histories.append(history)
            public_parent.append(public[parent_id] if parent_id >= 0 else -1)
        current = state.current_player()
        add_parent(parent_id)
        add_index(index)
        add_prob(prob)
        add_public(public_id)
        add_player(current)
        if current == TERMINAL:
            values = state.returns()
            if len(values) != num_players:
                raise ValueError(f"game bug: {len(values)} returns for {num_players} players")
            add_returns(values)
            add_infoset(-1)
            add_terminal(num_terminals)
            num_terminals += 1
            continue
        add_terminal(-1)
        if current == CHANCE:
            add_infoset(-1)
            outcomes = state.chance_outcomes()
            if not outcomes or abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
                raise ValueError(f"game bug: chance probabilities {outcomes} do not sum to 1")
            for i in range(len(outcomes) - 1, -1, -1):
                outcome, p = outcomes[i]
                push((state.child(outcome), node, i, p))
            continue
        if not 0 <= current < num_players:
            raise ValueError(f"game bug: current_player() returned {current}")
        actions = state.legal_actions()
        key = state.information_state_key(current)
        info = infoset_ids.get(key)
        if info is None:
            if not actions:
                raise ValueError(f"game bug: no legal actions in information set {key!r}")
            info = infoset_ids[key] = len(infoset_keys)
            infoset_keys.append(key)
            infoset_player.append(current)
            infoset_sizes.append(len(actions))
            infoset_labels.append(state.private_label(current))
            infoset_actions.append([state.action_to_string(a) for a in actions])
            infoset_action_ids.append([int(a) for a in actions])
        elif infoset_sizes[info] != len(actions) or infoset_player[info] != current:
            raise ValueError(f"game bug: states of information set {key!r} differ in actions")
        add_infoset(info)
        for i in range(len(actions) - 1, -1, -1):
            push((state.child(actions[i]), node, i, 1.0))

    return {
        "player": player, "parent": parent, "action_index": action_index,
        "edge_prob": edge_prob, "infoset": infoset, "terminal": terminal, "public": public,
        "returns": returns, "num_terminals": num_terminals, "infoset_player": infoset_player,
        "infoset_sizes": infoset_sizes, "infoset_keys": infoset_keys,
        "infoset_labels": infoset_labels, "infoset_actions": infoset_actions,
        "infoset_action_ids": infoset_action_ids, "public_histories": public_histories,
        "public_parent": public_parent,
    }


def compile_game(
    game: Game,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> GameTree:
    """Walk ``game`` once into a :class:`GameTree`.

    Raises :class:`~omahanash.errors.InputError` when the estimated or actual number of nodes
    exceeds ``max_nodes``, and ``ValueError`` when the game breaks the interface's contract
    (chance probabilities that do not sum to 1, one information set with different actions).

    >>> from omahanash.games.kuhn import KuhnPoker
    >>> tree = compile_game(KuhnPoker())
    >>> tree.num_nodes, tree.num_infosets
    (58, 12)
    """
    # getattr: games written to the interface without subclassing Game have no hook.
    own_estimator = getattr(game, "tree_size_estimate", None)
    own_estimate = own_estimator() if own_estimator is not None else None
    estimate = own_estimate if own_estimate is not None else estimate_tree_size(game)
    estimate = float(min(estimate, MAX_ESTIMATE))  # an exact int may not fit a float
    if estimate > 2 * max_nodes:
        raise _too_large(estimate, max_nodes, exact=False)
    num_players = game.num_players
    # The walk makes millions of small objects and no reference cycles; the cyclic garbage
    # collector would rescan the growing lists of keys and histories again and again (a
    # fifth of the compile time of double-3). It is off for the walk only.
    collecting = gc.isenabled()
    gc.disable()
    try:
        walked = _walk(game, max_nodes, estimate, progress, cancel)
    finally:
        if collecting:
            gc.enable()
    # The walk numbered nodes first action first (so information sets and public nodes are
    # numbered in the game's natural order); the solvers want last action first.
    action_index = np.frombuffer(walked["action_index"], dtype=np.int32)
    order, new_parent, subtree_size, child_start, children = finish_tree(
        np.frombuffer(walked["parent"], dtype=np.int32), action_index
    )
    arrays = {
        "player": np.frombuffer(walked["player"], dtype=np.int8)[order],
        "parent": new_parent,
        "action_index": action_index[order],
        "edge_prob": np.frombuffer(walked["edge_prob"], dtype=np.float64)[order],
        "infoset": np.frombuffer(walked["infoset"], dtype=np.int32)[order],
        "terminal": np.frombuffer(walked["terminal"], dtype=np.int32)[order],
        "public": np.frombuffer(walked["public"], dtype=np.int32)[order],
    }
    offsets = np.zeros(len(walked["infoset_sizes"]) + 1, dtype=np.int64)
    np.cumsum(np.asarray(walked["infoset_sizes"], dtype=np.int64), out=offsets[1:])
    returns = np.frombuffer(walked["returns"], dtype=np.float64)
    if progress is not None:
        progress(1.0, 1.0)
    return GameTree(
        game_name=game.name,
        settings=dict(game.settings()),
        num_players=num_players,
        subtree_size=subtree_size,
        child_start=child_start,
        children=children,
        returns=returns.reshape(walked["num_terminals"], num_players).copy(),
        infoset_player=np.asarray(walked["infoset_player"], dtype=np.int8),
        infoset_offset=offsets,
        infoset_keys=walked["infoset_keys"],
        infoset_labels=walked["infoset_labels"],
        infoset_actions=walked["infoset_actions"],
        infoset_action_ids=walked["infoset_action_ids"],
        public_histories=walked["public_histories"],
        public_parent=np.asarray(walked["public_parent"], dtype=np.int32),
        **arrays,
    )


def as_tree(
    game: Game | GameTree, max_nodes: int = DEFAULT_MAX_NODES, cancel: CancelFlag | None = None
) -> GameTree:
    """``game`` compiled by :func:`compile_game`, or ``game`` itself when it is a tree already;
    :class:`~omahanash.errors.InputError` for anything else.

    >>> as_tree("kuhn")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: game must be a game (see omahanash.make_game) or a compiled tree, not 'kuhn'
    """  # noqa: E501
    if isinstance(game, GameTree):
        return game
    if not callable(getattr(game, "new_initial_state", None)):
        raise not_a_game(game)
    return compile_game(game, max_nodes, cancel=cancel)


def not_a_game(game: object) -> InputError:
    """The error for a ``game`` argument that is neither a game nor a compiled tree."""
    return InputError(
        f"game must be a game (see omahanash.make_game) or a compiled tree, not {game!r}"
    )
