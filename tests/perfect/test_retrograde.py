"""Retrograde analysis: a hand-solved graph with cycles, random graphs against the seed's naive
fixed-point algorithm, the matches game, and the two file formats."""

from __future__ import annotations

import random

import pytest

from omahanash.errors import InputError
from omahanash.perfect.retrograde import (
    GameGraph,
    load_graph,
    parse_graph,
    parse_graph_json,
    parse_graph_text,
    retrograde,
)

# Solved by hand. t is terminal (lost). x <-> y and p <-> q are cycles whose only exits lead to
# positions that win for the opponent, so both players prefer to cycle: draws. r <-> s is a
# cycle that s leaves by moving to t.
HAND_GRAPH = """
# position  moves
t
w1 t
l2 w1
w3 l2 x
x y
y x w1
p q w1
q p w1
r s
s r t
m w1 w3     # both moves lose; the longest resistance goes through w3
k l2 t      # k wins either way; the fastest win moves straight to t
z z         # a self-loop and nothing else: a draw
z2 z2 t
"""

HAND_ANSWER = {
    # position: (status, distance, best move)
    "t": ("loss", 0, None),
    "w1": ("win", 1, "t"),
    "l2": ("loss", 2, "w1"),
    "w3": ("win", 3, "l2"),
    "x": ("draw", None, "y"),
    "y": ("draw", None, "x"),
    "p": ("draw", None, "q"),
    "q": ("draw", None, "p"),
    "r": ("loss", 2, "s"),
    "s": ("win", 1, "t"),
    "m": ("loss", 4, "w3"),
    "k": ("win", 1, "t"),
    "z": ("draw", None, "z"),
    "z2": ("win", 1, "t"),
}


def test_hand_solved_graph_with_cycles():
    result = retrograde(parse_graph(HAND_GRAPH))
    assert result.graph.names[:3] == ("t", "w1", "l2")  # file order is kept
    got = {n: (result.status(n), result.distance(n), result.best_move(n)) for n in HAND_ANSWER}
    assert got == HAND_ANSWER
    assert set(result.as_dict()) == set(HAND_ANSWER)
    assert result.as_dict()["m"] == {"status": "loss", "distance": 4, "move": "w3"}


def test_json_format_gives_the_same_answer():
    text = (
        '{"t": [], "w1": ["t"], "l2": ["w1"], "w3": ["l2", "x"], "x": ["y"], '
        '"y": ["x", "w1"], "m": ["w1", "w3"]}'
    )
    result = retrograde(parse_graph(text))
    for name in ("t", "w1", "l2", "w3", "x", "y", "m"):
        assert (result.status(name), result.distance(name), result.best_move(name)) == (
            HAND_ANSWER[name]
        )


def naive_statuses(successors: list[list[int]]) -> list[str]:
    """The seed's first algorithm: re-check every position until nothing changes."""
    status: dict[int, str] = {}
    changed = True
    while changed:
        changed = False
        for v, row in enumerate(successors):
            if v in status:
                continue
            if any(status.get(u) == "loss" for u in row):
                status[v] = "win"
                changed = True
            elif all(status.get(u) == "win" for u in row):
                status[v] = "loss"
                changed = True
    return [status.get(v, "draw") for v in range(len(successors))]


def random_graph(rng: random.Random) -> list[list[int]]:
    n = rng.randint(1, 25)
    density = rng.choice([0.05, 0.1, 0.2, 0.4])
    return [[u for u in range(n) if rng.random() < density] for _ in range(n)]


def test_random_graphs_match_naive_fixed_point_and_optimal_distances():
    rng = random.Random(2024)
    draws_seen = 0
    for _ in range(400):
        successors = random_graph(rng)
        graph = GameGraph(
            tuple(map(str, range(len(successors)))), tuple(map(tuple, successors))
        )
        result = retrograde(graph)
        assert list(result.statuses) == naive_statuses(successors)
        draws_seen += result.statuses.count("draw")
        # Distances and moves satisfy the optimal-play equations: the winner hurries, the loser
        # delays. (With the statuses fixed, these equations determine the distances.)
        for v, row in enumerate(successors):
            status, d, move = result.statuses[v], result.distances[v], result.moves[v]
            if status == "draw":
                assert d is None and move in row and result.statuses[move] == "draw"
            elif not row:
                assert (status, d, move) == ("loss", 0, None)
            elif status == "win":
                lost = [result.distances[u] for u in row if result.statuses[u] == "loss"]
                assert d == 1 + min(lost)
                assert result.statuses[move] == "loss" and result.distances[move] == d - 1
            else:
                assert all(result.statuses[u] == "win" for u in row)
                assert d == 1 + max(result.distances[u] for u in row)
                assert move in row and result.distances[move] == d - 1
    assert draws_seen > 50  # the random graphs did exercise cycles


def test_matches_game_take_one_to_three():
    graph = GameGraph.from_successors([40], lambda n: [n - k for k in (1, 2, 3) if k <= n])
    result = retrograde(graph)
    for n in range(41):
        name = str(n)
        if n % 4 == 0:
            # The loser takes 1, the winner answers 3: two moves per 4 matches.
            assert (result.status(name), result.distance(name)) == ("loss", n // 2)
        else:
            assert (result.status(name), result.distance(name)) == ("win", 2 * (n // 4) + 1)
            assert result.best_move(name) == str(n - n % 4)


def test_text_format_details():
    graph = parse_graph_text("a b c   # comment\n\n  # only a comment\nb c\nd\n")
    assert graph.names == ("a", "b", "c", "d")
    assert graph.successors == ((1, 2), (2,), (), ())
    assert graph.num_moves == 3
    # lines for one position add up, parallel edges kept
    assert parse_graph_text("a b\na b\na c").successors[0] == (1, 1, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": ["b"]}', "unknown position 'b'"),
        ('{"a": "b", "b": []}', "must be a list"),
        ('{"a": [1]}', "must be a list"),
        ('{"a": [}', "invalid JSON"),
        ("{}", "empty"),
        ("# nothing\n\n", "empty"),
    ],
)
def test_bad_graphs_raise_input_error(text, message):
    with pytest.raises(InputError, match=message):
        parse_graph(text)


def test_json_must_be_an_object():
    with pytest.raises(InputError, match="must be an object"):
        parse_graph_json('[["a", "b"]]')


def test_unknown_position_lookup_and_unreadable_file(tmp_path):
    result = retrograde(parse_graph("a b"))
    with pytest.raises(InputError, match="unknown position 'c'"):
        result.status("c")
    with pytest.raises(InputError, match="cannot read"):
        load_graph(tmp_path / "missing.txt")
    path = tmp_path / "g.json"
    path.write_text('{"a": ["a"]}', encoding="utf-8")
    assert retrograde(load_graph(path)).status("a") == "draw"
