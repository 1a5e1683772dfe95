"""Zobrist hashing (incremental = recomputed) and the transposition table's collision check."""

from __future__ import annotations

import random

import pytest

from omahanash.perfect.examples import (
    TIC_TAC_TOE_ZOBRIST,
    TicTacToe,
    tic_tac_toe_features,
)
from omahanash.perfect.search import reachable_states
from omahanash.perfect.zobrist import EXACT, LOWER, TranspositionTable, ZobristTable


def test_incremental_hash_equals_recomputed_hash():
    rng = random.Random(3)
    for _ in range(300):
        state = TicTacToe().new_initial_state()
        while not state.is_terminal():
            state = state.child(rng.choice(state.legal_actions()))
            recomputed = TIC_TAC_TOE_ZOBRIST.hash_of(tic_tac_toe_features(state.board,
                                                                           state.to_move))
            assert state.zobrist_hash() == recomputed


def test_hash_is_order_independent_and_distinguishes_positions():
    # The same position reached by different move orders has the same hash.
    root = TicTacToe().new_initial_state()
    a = root.child(0).child(4).child(8)
    b = root.child(8).child(4).child(0)
    assert a.zobrist_hash() == b.zobrist_hash()
    assert a.zobrist_hash() != root.child(0).child(4).child(2).zobrist_hash()
    hashes = {s.zobrist_hash() for s in reachable_states(root)}
    assert len(hashes) == 5478


def test_zobrist_table_is_reproducible_and_toggles_are_involutions():
    one, two = ZobristTable(10, seed=9), ZobristTable(10, seed=9)
    assert one.keys == two.keys and len(set(one.keys)) == 10
    assert ZobristTable(10, seed=10).keys != one.keys
    h = one.hash_of([1, 5, 7])
    assert one.toggle(one.toggle(h, 3), 3) == h
    assert one.toggle(h, 5) == one.hash_of([1, 7])
    with pytest.raises(ValueError):
        ZobristTable(0)


def test_table_stores_full_keys_and_detects_collisions():
    table = TranspositionTable(size_bits=4)
    table.store(0x13, ("board-a", 0), 1.0, 5, EXACT, 2)
    entry = table.probe(0x13, ("board-a", 0))
    assert entry is not None and (entry.value, entry.depth, entry.best_action) == (1.0, 5, 2)
    # Same slot (same low 4 bits), another position: a miss, counted as a collision.
    assert table.probe(0x23, ("board-b", 0)) is None
    assert table.collisions == 1 and table.hits == 1
    # Always-replace: the newer position takes the slot.
    table.store(0x23, ("board-b", 0), -1.0, 2, LOWER, None)
    assert table.probe(0x13, ("board-a", 0)) is None
    assert table.probe(0x23, ("board-b", 0)).bound == LOWER
    assert table.probe(0x14, ("board-c", 1)) is None and table.misses == 1
    assert len(table) == 1
