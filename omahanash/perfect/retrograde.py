"""Retrograde analysis of an explicit game graph, cycles allowed.

Two players alternate moving a token along the edges of a directed graph. **A position with no
moves is lost for the player to move** (the player who cannot move loses — normal play, as in
the seed's matches game). From the terminal positions backwards, in O(n + m):

* a position is a **win** if some move leads to a loss;
* a position is a **loss** if every move leads to a win;
* every position left undecided is a **draw**: from it neither player can force an end, the
  best either can do is keep moving inside the undecided part (cycling) forever.

The **distance** is the number of moves to the end under optimal play: the winner hurries (the
shortest forced win) and the loser delays (the longest resistance). The **best move** achieves
that distance; for a draw it is a move to another draw; a terminal position has none.

Graph files, in either of two formats (chosen by the first non-blank character):

Text — one position per line followed by the positions it can move to::

    # comments start with '#'
    a b        # a move from a to b
    a c        # lines for the same position add up: a can move to b and c
    b a c      # b can move to a and to c
    c          # a position alone on its line is declared; with no moves it is lost

Every name mentioned is a position; names are any tokens without whitespace.

JSON — an object mapping every position to the list of positions it can move to; every target
must itself be a key (terminal positions map to ``[]``)::

    {"a": ["b", "c"], "b": ["a", "c"], "c": []}

Example:

>>> graph = parse_graph("a b\\nb a c\\nc")
>>> result = retrograde(graph)
>>> result.status("c"), result.status("b"), result.status("a")
('loss', 'win', 'loss')
>>> result.distance("a"), result.best_move("a")
(2, 'b')
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from omahanash.errors import InputError
from omahanash.perfect.notation import load_json

Status = Literal["win", "loss", "draw"]
WIN: Status = "win"
LOSS: Status = "loss"
DRAW: Status = "draw"


@dataclass(frozen=True)
class GameGraph:
    """A directed game graph: position names and, for each position, the positions it moves to.

    ``successors[i]`` lists indices into ``names``; parallel edges and self-loops are allowed.

    >>> g = GameGraph.from_mapping({"a": ["b"], "b": []})
    >>> g.names, g.successors
    (('a', 'b'), ((1,), ()))
    """

    names: tuple[str, ...]
    successors: tuple[tuple[int, ...], ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    @property
    def num_positions(self) -> int:
        return len(self.names)

    @property
    def num_moves(self) -> int:
        return sum(len(s) for s in self.successors)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {name: i for i, name in enumerate(self.names)})

    def index(self, name: str) -> int:
        """The index of position ``name``; :class:`InputError` if there is no such position."""
        try:
            return self._index[name]
        except KeyError:
            raise InputError(f"unknown position {name!r}") from None

    @classmethod
    def from_mapping(cls, moves: Mapping[str, Iterable[str]]) -> GameGraph:
        """Build from ``{position: [positions it can move to]}``; every target must be a key.

        >>> GameGraph.from_mapping({"a": ["z"]})
        Traceback (most recent call last):
        ...
        omahanash.errors.InputError: move from 'a' to unknown position 'z'
        """
        if not isinstance(moves, Mapping):
            raise InputError("moves must be a mapping {position: [positions it can move to]}, "
                             f"not {moves!r}")
        names = tuple(moves)
        index = {name: i for i, name in enumerate(names)}
        successors = []
        for name in names:
            row = []
            for target in moves[name]:
                if target not in index:
                    raise InputError(f"move from {name!r} to unknown position {target!r}")
                row.append(index[target])
            successors.append(tuple(row))
        return cls(names, tuple(successors))

    @classmethod
    def from_successors(
        cls,
        start: Iterable[Hashable],
        moves: Callable[[Hashable], Iterable[Hashable]],
        *,
        name: Callable[[Hashable], str] = str,
        max_positions: int = 1_000_000,
    ) -> GameGraph:
        """Explore the positions reachable from ``start`` through ``moves(position)``.

        Positions must be hashable; ``name`` turns one into the name used in the result.

        >>> g = GameGraph.from_successors([5], lambda n: [n - k for k in (1, 2) if k <= n])
        >>> retrograde(g).status("3")
        'loss'
        """
        index: dict[Hashable, int] = {}
        order: list[Hashable] = []
        for position in start:
            if position not in index:
                index[position] = len(order)
                order.append(position)
        successors: list[tuple[int, ...]] = []
        i = 0
        while i < len(order):
            row = []
            for target in moves(order[i]):
                if target not in index:
                    if len(order) >= max_positions:
                        raise InputError(f"game graph has more than {max_positions} positions")
                    index[target] = len(order)
                    order.append(target)
                row.append(index[target])
            successors.append(tuple(row))
            i += 1
        return cls(tuple(name(p) for p in order), tuple(successors))


@dataclass(frozen=True)
class RetrogradeResult:
    """Status, distance and best move of every position of a :class:`GameGraph`.

    Per-index lists: ``statuses[i]``; ``distances[i]`` (``None`` for a draw);
    ``moves[i]`` (index of the best successor, ``None`` for a terminal position).
    """

    graph: GameGraph
    statuses: tuple[Status, ...]
    distances: tuple[int | None, ...]
    moves: tuple[int | None, ...]

    def status(self, name: str) -> Status:
        return self.statuses[self.graph.index(name)]

    def distance(self, name: str) -> int | None:
        return self.distances[self.graph.index(name)]

    def best_move(self, name: str) -> str | None:
        move = self.moves[self.graph.index(name)]
        return None if move is None else self.graph.names[move]

    def as_dict(self) -> dict[str, dict[str, object]]:
        """``{position: {"status", "distance", "move"}}`` in the graph's order (for JSON)."""
        names = self.graph.names
        return {
            names[i]: {
                "status": self.statuses[i],
                "distance": self.distances[i],
                "move": None if (move := self.moves[i]) is None else names[move],
            }
            for i in range(len(names))
        }


def retrograde(graph: GameGraph) -> RetrogradeResult:
    """Solve every position of ``graph`` by retrograde analysis in O(n + m).

    Breadth-first from the terminal (lost) positions over the reversed graph, the seed's
    algorithm: a position becomes a win when one of its moves is found to lead to a loss, and a
    loss when its last move not yet known to lead to a win is found to lead to a win. Positions
    leave the queue in non-decreasing distance, so the first lost successor found gives the
    shortest win and the last winning successor found gives the longest loss.

    >>> r = retrograde(parse_graph("p q\\nq p\\nq t"))
    >>> [(n, r.status(n), r.distance(n), r.best_move(n)) for n in ("p", "q", "t")]
    [('p', 'loss', 2, 'q'), ('q', 'win', 1, 't'), ('t', 'loss', 0, None)]
    """
    if not isinstance(graph, GameGraph):
        raise InputError(f"graph must be a GameGraph (see parse_graph), not {graph!r}")
    n = graph.num_positions
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for v, row in enumerate(graph.successors):
        for u in row:
            predecessors[u].append(v)
    undecided_moves = [len(row) for row in graph.successors]
    statuses: list[Status | None] = [None] * n
    distances: list[int | None] = [None] * n
    moves: list[int | None] = [None] * n

    queue: deque[int] = deque()
    for v in range(n):
        if undecided_moves[v] == 0:
            statuses[v] = LOSS
            distances[v] = 0
            queue.append(v)
    while queue:
        v = queue.popleft()
        v_lost = statuses[v] == LOSS
        next_distance = distances[v] + 1  # type: ignore[operator]
        for u in predecessors[v]:
            undecided_moves[u] -= 1
            if statuses[u] is not None:
                continue
            if v_lost:
                statuses[u] = WIN
            elif undecided_moves[u] == 0:
                statuses[u] = LOSS
            else:
                continue
            distances[u] = next_distance
            moves[u] = v
            queue.append(u)

    for v in range(n):
        if statuses[v] is None:
            statuses[v] = DRAW
            # A draw has no lost successor and not every successor wins: one is a draw.
            moves[v] = next(u for u in graph.successors[v] if statuses[u] in (None, DRAW))
    return RetrogradeResult(graph, tuple(statuses), tuple(distances), tuple(moves))  # type: ignore[arg-type]


def parse_graph_text(text: str) -> GameGraph:
    """Parse the text format (see the module docstring).

    >>> parse_graph_text("a b c\\nb c").successors
    ((1, 2), (2,), ())
    """
    moves: dict[str, list[str]] = {}
    for line in text.splitlines():
        tokens = line.split("#", 1)[0].split()
        if not tokens:
            continue
        source, *targets = tokens
        moves.setdefault(source, []).extend(targets)
        for target in targets:
            moves.setdefault(target, [])
    if not moves:
        raise InputError("the game graph is empty: no positions")
    return GameGraph.from_mapping(moves)


def parse_graph_json(text: str) -> GameGraph:
    """Parse the JSON format: ``{"position": ["target", ...], ...}``.

    >>> parse_graph_json('{"a": ["b"], "b": []}').names
    ('a', 'b')
    """
    data = load_json(text)
    if not isinstance(data, dict):
        raise InputError("a game graph in JSON must be an object mapping position -> list of "
                         f'positions, like {{"a": ["b"], "b": []}}, got {_json_kind(data)}')
    if not data:
        raise InputError("the game graph is empty: no positions")
    moves: dict[str, list[str]] = {}
    for source, targets in data.items():
        if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            raise InputError(
                f"the moves of position {source!r} must be a list of position names, "
                f"got {json.dumps(targets)}"
            )
        moves[source] = targets
    return GameGraph.from_mapping(moves)


def _json_kind(data: object) -> str:
    """What a JSON value is, for messages: ``a list``, ``null``, ..."""
    if data is None:
        return "null"
    kinds = {bool: "true/false", list: "a list", str: "a string", int: "a number",
             float: "a number", dict: "an object"}
    return kinds.get(type(data), type(data).__name__)


def parse_graph(text: str) -> GameGraph:
    """Parse either format: JSON when the text starts with ``{`` or ``[`` or is any JSON value
    but a number (``null``, ``"a"``: refused, a graph is an object), text otherwise (a lone
    number is a text graph of one position).

    >>> parse_graph("a b").names
    ('a', 'b')
    >>> parse_graph("null")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: a game graph in JSON must be an object mapping position -> list of positions, like {"a": ["b"], "b": []}, got null
    """  # noqa: E501
    if not isinstance(text, str):
        raise InputError(f"a game graph must be text (an edge list or JSON), not {text!r}")
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        return parse_graph_json(text)
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):  # not JSON (or a number too long for int())
        return parse_graph_text(text)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return parse_graph_text(text)
    return parse_graph_json(text)


def load_graph(path: str | Path) -> GameGraph:
    """Read and parse a graph file (either format); unreadable files raise :class:`InputError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read game graph {str(path)!r}: {exc}") from None
    return parse_graph(text)
