"""The CFR games tab's rules without Qt (:mod:`ui.cfr.model`): the run a form asks for,
the field each message belongs to, what a result depends on, and the texts of a run."""

from __future__ import annotations

import pytest

from omahanash.games import game_choice
from omahanash.games.matrix import solve_matrix
from ui.cfr.model import (
    PAGE,
    check_run,
    inputs_key,
    matrix_result_lines,
    matrix_strategy_rows,
    object_name,
    progress_text,
    run_head,
    tree_result_lines,
)


def test_a_domino_run_is_built_by_the_library():
    checked = check_run(game_choice("domino"), {"tiles": " double-2 ", "players": 2, "hand": 2,
                                                "rules": "block"}, {}, "CFR", "500", "7")
    assert checked.errors == {}
    settings = checked.settings
    assert (settings.game_key, settings.algorithm, settings.iterations, settings.seed) == \
        ("domino", "cfr", 500, 7)
    assert settings.game.settings()["tiles"] == "[0|0][0|1][0|2][1|1][1|2][2|2]"


def test_a_message_naming_no_setting_goes_on_the_page():
    checked = check_run(game_choice("domino"), {"tiles": "[0|0][0|1]", "players": 2,
                                                "hand": 2, "rules": "thesis"}, {}, "CFR+",
                        "10", "")
    assert checked.settings is None
    assert list(checked.errors) == [PAGE] and "the tile set has only 2" in checked.errors[PAGE]


def test_matrix_messages_go_beside_payoff_and_opponent():
    matrix = game_choice("matrix")
    bad_payoff = check_run(matrix, {"payoff": "1,2;3"}, {"opponent": ""}, "CFR", "10", "")
    assert list(bad_payoff.errors) == ["payoff"]
    bad_mix = check_run(matrix, {"payoff": "rps"}, {"opponent": "0.4,0.3"}, "CFR", "10", "")
    assert list(bad_mix.errors) == ["opponent"] and "3 actions" in bad_mix.errors["opponent"]
    good = check_run(matrix, {"payoff": "rps"}, {"opponent": " 0.4,0.3,0.3 "}, "Fictitious play",
                     "10", "")
    assert good.settings.payoff == "rps" and good.settings.opponent == "0.4,0.3,0.3"
    assert good.settings.algorithm == "fp" and good.settings.game is None


@pytest.mark.parametrize(("game", "algorithm", "words"), [
    ("matrix", "MCCFR (external sampling)", "MCCFR samples a game tree"),
    ("leduc", "Fictitious play", "matrix games only"),
])
def test_algorithms_that_do_not_fit_the_game(game, algorithm, words):
    values = {"payoff": "rps"} if game == "matrix" else {}
    checked = check_run(game_choice(game), values, {}, algorithm, "10", "")
    assert checked.settings is None and words in checked.errors["algorithm"]


def test_iterations_and_seed_are_read_from_text():
    checked = check_run(game_choice("leduc"), {}, {}, "CFR", "12x", "-1")
    assert "whole number" in checked.errors["iterations"]
    assert "non-negative" in checked.errors["seed"]


def test_what_a_result_depends_on():
    key = inputs_key("kuhn", {"players": 2}, {}, "CFR+")
    assert key == inputs_key("kuhn", {"players": 2}, {}, "CFR+")
    assert key != inputs_key("kuhn", {"players": 3}, {}, "CFR+")
    assert key != inputs_key("kuhn", {"players": 2}, {}, "CFR")
    assert inputs_key("matrix", {"payoff": " rps"}, {"opponent": ""}, "CFR") == \
        inputs_key("matrix", {"payoff": "rps "}, {"opponent": " "}, "CFR")


def test_texts_of_a_run():
    assert object_name("domino", "rules", "Combo") == "dominoRulesCombo"
    assert run_head(1234, True) == "Stopped after 1,234 iterations (kept)."
    lines = tree_result_lines("Done: 5 iterations.", "kuhn", {"players": 2}, "cfr+",
                              (58, 12, 5), [-0.0556, 0.0556], 0.0123)
    assert lines[1] == "Game: kuhn (players 2), cfr+"
    assert lines[2] == "Tree: 58 nodes, 12 information sets, 5 public nodes"
    assert lines[3] == "Values: player 0: -0.05560 · player 1: +0.05560"
    result, _ = solve_matrix("rps", "cfr+", 200)
    lines = matrix_result_lines(result, "Done.")
    assert lines[0] == "Done." and any(line.startswith("Exact game value") for line in lines)
    rows = matrix_strategy_rows(result)
    assert [row[:2] for row in rows[:3]] == [["row player", "rock"], ["row player", "paper"],
                                            ["row player", "scissors"]]
    assert sum(row[2] for row in rows[:3]) == pytest.approx(1.0)
    assert progress_text("solving", 0.1, (64, [])) == "Iteration 64"
    assert progress_text("", 0.1, None) == ""
