"""The public ``equity(...)``: exact for two hands, Monte Carlo for ranges or trials."""

from __future__ import annotations

import pytest

from omahanash.cards import CardError, Variant
from omahanash.equity.calculator import equity
from omahanash.equity.exact import exact_equity
from omahanash.errors import InputError


def test_issue_example_is_exact_with_win_and_tie():
    result = equity("Ah Ad", "Kh Kd", variant="holdem")
    assert result.exact and result.boards == 1712304 and result.stderr == 0.0
    assert result.win[0] + result.tie + result.win[1] == pytest.approx(1.0)
    assert result == exact_equity("Ah Ad", "Kh Kd", game="holdem")


@pytest.mark.parametrize("board", ["", "Kh 7c 4d", "Kh 7c 4d 9s", "Kh 7c 4d 9s 2h"])
def test_exact_on_any_board_with_dead_cards(board):
    result = equity("As Ah 2c 3d", "Ks Kd Qc Jd", variant=Variant.OMAHA_HILO, board=board,
                    dead="5s")
    expected = exact_equity("As Ah 2c 3d", "Ks Kd Qc Jd", board=board, dead="5s",
                            game="omaha-hilo")
    assert result == expected and result.hi is not None and result.scoop is not None


def test_ranges_and_trials_run_monte_carlo():
    ranged = equity("AA; KK", "QQ", variant="hold'em", trials=20_000, seed=3)
    assert not ranged.exact and ranged.boards == 20_000 and 0 < ranged.stderr < 0.01
    assert ranged == equity("AA; KK", "QQ", variant="holdem", trials=20_000, seed=3)
    sampled = equity("Ah Ad", "Kh Kd", variant="holdem", trials=20_000, seed=1)
    assert not sampled.exact
    assert abs(sampled.equity[0] - 0.8264) < 4 * sampled.stderr


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"trials": 1.5}, "trials"),
    ({"trials": 1}, "trials"),
    ({"trials": True}, "trials"),
    ({"variant": "stud"}, "stud"),
    ({"variant": 3}, "variant"),
    ({"board": "Ah 2c"}, "board"),
    ({"trials": 100, "seed": -1}, "seed"),
])
def test_bad_arguments_name_themselves(kwargs, match):
    with pytest.raises(InputError, match=match):
        equity("As Ah", "Ks Kd", **{"variant": "holdem", **kwargs})


def test_bad_cards_name_the_token():
    with pytest.raises(CardError, match="'Kx'"):
        equity("As Ah", "Ks Kx", variant="holdem")
    with pytest.raises(CardError, match="'Kx'"):
        equity("As Ah", "Ks Kx; QQ", variant="holdem")
