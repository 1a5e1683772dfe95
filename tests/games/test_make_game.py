"""make_game, GAME_CHOICES and the public CFR entry points: every bad setting is an InputError."""

import numpy as np
import pytest

from omahanash.cfr.exploitability import exploitability
from omahanash.cfr.solvers import solve_cfr
from omahanash.errors import InputError
from omahanash.games import GAME_CHOICES, make_game


def test_every_game_builds_with_its_defaults():
    for choice in GAME_CHOICES:
        game = make_game(choice.name)
        assert game.num_players >= 2
        assert choice.title


@pytest.mark.parametrize(
    ("name", "settings", "fragment"),
    [
        ("chess", {}, "unknown game 'chess'"),
        ("kuhn", {"player": 2}, "unknown setting 'player' for kuhn"),
        ("kuhn", {"players": "3"}, "players must be a whole number"),
        ("kuhn", {"players": True}, "players must be a whole number"),
        ("kuhn", {"players": 9}, "2 to 4 players, not 9"),
        ("leduc", {"players": 2}, "unknown setting 'players' for leduc"),
        ("domino", {"tiles": "[9|9]"}, "the tile set has only 1: [9|9]"),
        ("domino", {"tiles": 5}, "tiles must be text"),
        ("domino", {"hand": 0}, "hand size must be between 1 and 7"),
        ("domino", {"rules": "sevens"}, "unknown domino rules 'sevens'"),
        ("matrix", {"payoff": "1,2;3"}, "row 2 ('3') has 1 entry"),
        ("matrix", {"payoff": 3}, "payoff must be text"),
    ],
)
def test_bad_settings_raise_input_error(name, settings, fragment):
    with pytest.raises(InputError) as error:
        make_game(name, **settings)
    assert fragment in str(error.value)


def test_solve_cfr_and_exploitability_on_kuhn():
    g = make_game("kuhn")
    s = solve_cfr(g, algorithm="cfr+", iterations=256)
    assert s.iterations == 256
    assert exploitability(g, s) < 0.01
    assert exploitability(g, s) == exploitability(s.tree, s.average_policy())
    with pytest.raises(InputError, match="solution is of the game kuhn"):
        exploitability(make_game("leduc"), s)
    with pytest.raises(InputError, match="policy has shape"):
        exploitability(g, np.zeros(3))


def test_a_matrix_game_is_a_tree_game_too():
    g = make_game("matrix", payoff="matching-pennies")
    s = solve_cfr(g, algorithm="cfr+", iterations=64)
    assert s.strategy("P0") == pytest.approx({"heads": 0.5, "tails": 0.5})
    assert exploitability(g, s) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({"algorithm": "cfr++"}, "unknown algorithm 'cfr++'"),
        ({"algorithm": ["cfr"]}, "unknown algorithm"),
        ({"iterations": -1}, "iterations must be a non-negative integer"),
        ({"seed": 2**64}, "seed must be a whole number from 0"),
        ({"seed": -1}, "seed must be a whole number from 0"),
    ],
)
def test_solve_cfr_bad_arguments(arguments, fragment):
    with pytest.raises(InputError) as error:
        solve_cfr(make_game("kuhn"), **{"iterations": 1, **arguments})
    assert fragment in str(error.value)
    with pytest.raises(InputError, match="game must be a game"):
        solve_cfr("kuhn")
