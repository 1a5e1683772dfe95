"""Matrix games: parsing, exact solutions, regret matching, fictitious play, run_matrix."""

from __future__ import annotations

import json
from fractions import Fraction as F

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.games.matrix import (
    MAX_SUPPORT_PAIRS,
    best_response,
    expected_payoffs,
    exploitability,
    fictitious_play,
    nash_equilibria,
    parse_matrix_game,
    parse_mix,
    regret_matching,
    run_matrix,
    solve_zero_sum,
    support_pair_count,
)
from omahanash.runs import CancelFlag

RPS = "0,-1,1;1,0,-1;-1,1,0"
# Rock-paper-scissors where rock beats scissors by 2: value 1/12, row (1/4, 5/12, 1/3),
# column (1/3, 5/12, 1/4) (checked against the LP and by hand: each mix equalizes the other).
BIASED_RPS = "0,-1,2;1,0,-1;-1,1,0"


def fractions(values):
    return tuple(F(v) for v in values)


# ----------------------------------------------------------------------------- parsing


def test_rps_preset_is_the_typed_matrix_with_names():
    preset = parse_matrix_game("rps")
    typed = parse_matrix_game(RPS)
    assert preset.exact_row_payoffs == typed.exact_row_payoffs
    assert preset.row_actions == preset.column_actions == ("rock", "paper", "scissors")
    assert typed.row_actions == ("0", "1", "2")
    # paper (row 1) beats rock (column 0); the column player gets the negative
    assert preset.exact_row_payoffs[1][0] == 1 and preset.exact_column_payoffs[1][0] == -1
    assert preset.is_zero_sum and preset.shape == (3, 3)


def test_prisoners_dilemma_preset_uses_the_standard_payoffs():
    game = parse_matrix_game("Prisoners Dilemma")
    assert game.name == "prisoners-dilemma"
    assert game.row_actions == ("cooperate", "defect")
    assert game.exact_row_payoffs == ((3, 0), (5, 1))
    assert game.exact_column_payoffs == ((3, 5), (0, 1))
    assert not game.is_zero_sum
    assert parse_matrix_game("pd") == game


def test_general_sum_notation_spaces_and_new_lines():
    game = parse_matrix_game(" 3 / 3, 0/5 ;\n 5/0   1/1 ")
    assert game.exact_row_payoffs == ((3, 0), (5, 1))
    assert game.exact_column_payoffs == ((3, 5), (0, 1))
    lines = parse_matrix_game("1 2.5\n-3 4e-1")
    assert lines.exact_row_payoffs == ((1, F(5, 2)), (-3, F(2, 5)))
    assert lines.row_payoffs.dtype == np.float64 and lines.row_payoffs[1, 1] == 0.4


def test_zero_sum_game_written_with_two_payoffs_is_recognized():
    assert parse_matrix_game("1/-1,-1/1;-1/1,1/-1").is_zero_sum
    assert not parse_matrix_game("1/-1,-1/1;-1/1,1/0").is_zero_sum


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty payoff matrix"),
        ("   ", "empty payoff matrix"),
        ("1,2;3", "row 2 ('3') has 1 entry but row 1 has 2"),
        ("1,2,3;4,5", "row 2 ('4,5') has 2 entries but row 1 has 3"),
        ("1,x;3,4", "bad payoff 'x' (row 1, entry 2)"),
        ("1,2;3,four", "bad payoff 'four' (row 2, entry 2)"),
        ("3/3,0/5;5/0,1", "bad entry '1' (row 2, entry 2)"),
        ("1/2/3,4/5", "bad entry '1/2/3' (row 1, entry 1)"),
        ("1/a,2/2", "bad payoff 'a' (row 1, entry 1)"),
        ("1,,2", "empty entry (row 1, entry 2)"),
        ("1,2;;3,4", "row 2 of the payoff matrix is empty"),
        ("nan,1", "bad payoff 'nan'"),
        ("1e13,1", "payoff '1e13' (row 1, entry 1) is too large"),
        ("rpss", "bad payoff 'rpss'"),
    ],
)
def test_bad_matrix_text_names_the_problem(text, fragment):
    with pytest.raises(InputError) as error:
        parse_matrix_game(text)
    assert fragment in str(error.value)


def test_mix_parsing():
    assert parse_mix("0.4,0.3,0.3", 3) == fractions(["0.4", "0.3", "0.3"])
    assert parse_mix("1/3 1/3 1/3", 3) == (F(1, 3),) * 3
    assert parse_mix("1, 0", 2) == (1, 0)
    # within 1e-9 of 1 is accepted and rescaled to sum to exactly 1
    nearly = parse_mix("0.3333333333,0.3333333333,0.3333333333", 3)
    assert sum(nearly) == 1 and nearly == (F(1, 3),) * 3


@pytest.mark.parametrize(
    ("text", "size", "fragment"),
    [
        ("", 3, "empty mixed strategy"),
        ("0.5,0.5", 3, "has 2 probabilities; the player has 3 actions"),
        ("0.4,0.3,0.3,0", 3, "has 4 probabilities"),
        ("-0.1,0.6,0.5", 3, "probability '-0.1' is negative"),
        ("0.4,0.3,0.2", 3, "sum to 0.9, not 1"),
        ("0.4,0.3,0.300000002", 3, "not 1"),
        ("0.4,abc,0.3", 3, "bad probability 'abc'"),
        ("1/0,0", 2, "bad probability '1/0': division by zero"),
    ],
)
def test_bad_mix_names_the_problem(text, size, fragment):
    with pytest.raises(InputError) as error:
        parse_mix(text, size)
    assert fragment in str(error.value)


# ----------------------------------------------------------------------- evaluation


def test_seed_002_best_response_is_paper_worth_one_tenth():
    game = parse_matrix_game("rps")
    opponent = parse_mix("0.4,0.3,0.3", 3)
    action, value = best_response(game, opponent)
    # paper: 0.4·(+1 vs rock) + 0.3·(0 vs paper) + 0.3·(−1 vs scissors)
    assert game.row_actions[action] == "paper"
    assert value == F(2, 5) - F(3, 10) == F(1, 10)
    # ties go to the lowest index
    assert best_response(game, (F(1, 3),) * 3) == (0, 0)


def test_exploitability_is_half_the_nash_conv():
    pd = parse_matrix_game("prisoners-dilemma")
    # both cooperate: each gains 5 − 3 by defecting
    assert exploitability(pd, [1, 0], [1, 0]) == 2.0
    assert exploitability(pd, [0, 1], [0, 1]) == 0.0
    rps = parse_matrix_game("rps")
    # rock against uniform: the row player cannot gain; the column player gains 1 with paper
    assert exploitability(rps, [1, 0, 0], [1 / 3] * 3) == pytest.approx(0.5)
    # pure rock vs pure scissors: row already best (gain 0); column gains 2 by paper
    assert exploitability(rps, [1, 0, 0], [0, 0, 1]) == pytest.approx(1.0)
    assert expected_payoffs(pd, [0.5, 0.5], [0, 1]) == (0.5, 3.0)


# ------------------------------------------------------------------------- exact LP


def test_rps_value_zero_uniform():
    solution = solve_zero_sum(parse_matrix_game("rps"))
    assert solution.value == 0
    assert solution.row_strategy == solution.column_strategy == (F(1, 3),) * 3


def test_saddle_point_game():
    # row minima 2, 0, 1 -> maximin 2 (row 0); column maxima 6, 2, 5 -> minimax 2 (column 1)
    solution = solve_zero_sum(parse_matrix_game("4,2,3;1,0,5;6,1,2"))
    assert solution.value == 2
    assert solution.row_strategy == (1, 0, 0)
    assert solution.column_strategy == (0, 1, 0)


def test_two_by_three_game_solved_by_hand():
    # Row mix (p, 1−p) earns 5p−2, 1−2p, 2p against the three columns; the lower envelope
    # peaks where 5p−2 = 1−2p: p = 3/7, value 1/7 (column 2 gives 6/7 there, unused). The
    # column mix (q, 1−q, 0) equalizes the rows: 4q−1 = 1−3q, q = 2/7.
    solution = solve_zero_sum(parse_matrix_game("3,-1,2;-2,1,0"))
    assert solution.value == F(1, 7)
    assert solution.row_strategy == (F(3, 7), F(4, 7))
    assert solution.column_strategy == (F(2, 7), F(5, 7), 0)


def test_biased_rps_and_negative_values():
    solution = solve_zero_sum(parse_matrix_game(BIASED_RPS))
    assert solution.value == F(1, 12)
    assert solution.row_strategy == (F(1, 4), F(5, 12), F(1, 3))
    assert solution.column_strategy == (F(1, 3), F(5, 12), F(1, 4))
    # the same game seen from the column player: value negated, mixes swapped
    transposed = "0,-1,1;1,0,-1;-2,1,0"
    flipped = solve_zero_sum(parse_matrix_game(transposed))
    assert flipped.value == F(-1, 12)
    assert flipped.row_strategy == solution.column_strategy


def test_lp_optimal_strategies_guarantee_the_value_on_random_games():
    generator = np.random.default_rng(5)
    for _ in range(15):
        rows, columns = generator.integers(1, 6, size=2)
        payoffs = generator.integers(-9, 10, size=(rows, columns))
        game = parse_matrix_game(";".join(",".join(map(str, row)) for row in payoffs))
        solution = solve_zero_sum(game)
        a = game.exact_row_payoffs
        row_guarantee = min(
            sum(solution.row_strategy[i] * a[i][j] for i in range(rows)) for j in range(columns)
        )
        column_guarantee = max(
            sum(a[i][j] * solution.column_strategy[j] for j in range(columns))
            for i in range(rows)
        )
        assert row_guarantee == column_guarantee == solution.value
        assert sum(solution.row_strategy) == sum(solution.column_strategy) == 1


# ------------------------------------------------------------------- support enumeration


def test_prisoners_dilemma_unique_equilibrium_defect_defect():
    (equilibrium,) = nash_equilibria(parse_matrix_game("prisoners-dilemma"))
    assert equilibrium.row_strategy == equilibrium.column_strategy == (0, 1)
    assert equilibrium.payoffs == (1, 1)


def test_battle_of_the_sexes_two_pure_one_mixed():
    equilibria = nash_equilibria(parse_matrix_game("battle-of-the-sexes"))
    assert [(e.row_strategy, e.column_strategy, e.payoffs) for e in equilibria] == [
        ((1, 0), (1, 0), (2, 1)),
        ((0, 1), (0, 1), (1, 2)),
        ((F(2, 3), F(1, 3)), (F(1, 3), F(2, 3)), (F(2, 3), F(2, 3))),
    ]


def test_matching_pennies_unique_mixed():
    for text in ("matching-pennies", "1/-1,-1/1;-1/1,1/-1"):
        (equilibrium,) = nash_equilibria(parse_matrix_game(text))
        assert equilibrium.row_strategy == equilibrium.column_strategy == (F(1, 2), F(1, 2))
        assert equilibrium.payoffs == (0, 0)


def test_three_by_three_coordination_game_has_seven_equilibria():
    # Both get 1 when they match: one equilibrium per non-empty set S of actions, both
    # uniform on S, payoff 1/|S|.
    game = parse_matrix_game("1/1,0/0,0/0;0/0,1/1,0/0;0/0,0/0,1/1")
    equilibria = nash_equilibria(game)
    assert len(equilibria) == 7
    for e in equilibria:
        support = [i for i, p in enumerate(e.row_strategy) if p > 0]
        assert e.row_strategy == e.column_strategy
        assert all(e.row_strategy[i] == F(1, len(support)) for i in support)
        assert e.payoffs == (F(1, len(support)),) * 2


def test_every_listed_equilibrium_is_exact_on_random_games():
    generator = np.random.default_rng(11)
    for _ in range(10):
        rows, columns = generator.integers(2, 5, size=2)
        a = generator.integers(-20, 21, size=(rows, columns)) / 4
        b = generator.integers(-20, 21, size=(rows, columns)) / 4
        text = ";".join(",".join(f"{x}/{y}" for x, y in zip(ra, rb)) for ra, rb in zip(a, b))
        game = parse_matrix_game(text)
        equilibria = nash_equilibria(game)
        assert equilibria, "every finite game has an equilibrium"
        for e in equilibria:
            assert exploitability(game, e.row_strategy, e.column_strategy) < 1e-12
            assert expected_payoffs(game, e.row_strategy, e.column_strategy) == pytest.approx(
                [float(v) for v in e.payoffs]
            )


def test_too_many_supports_is_refused():
    assert support_pair_count(2, 2) == 5
    big = ";".join([",".join(["1/1"] * 8)] * 8)
    assert support_pair_count(8, 8) > MAX_SUPPORT_PAIRS
    with pytest.raises(InputError, match="12869 support pairs"):
        nash_equilibria(parse_matrix_game(big))


# ------------------------------------------------------------------ iterative algorithms


def test_regret_matching_against_seed_002_opponent():
    run = regret_matching(parse_matrix_game("rps"), 1000, opponent=[0.4, 0.3, 0.3])
    # Iteration 1 plays uniform (worth 0), then only paper has positive regret: the average
    # is paper except 1/3 of one iteration, so the shortfall from 0.1 is exactly 0.1 / T.
    assert [t for t, _ in run.exploitability] == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000]
    for t, gap in run.exploitability:
        assert gap == pytest.approx(0.1 / t, rel=1e-9)
    assert run.row_strategy == pytest.approx([1 / 3000, 1 - 2 / 3000, 1 / 3000])
    assert run.column_strategy.tolist() == [0.4, 0.3, 0.3]


def test_regret_matching_self_play_converges_to_the_lp_solution():
    game = parse_matrix_game(BIASED_RPS)
    run = regret_matching(game, 1 << 16)
    curve = dict(run.exploitability)
    assert curve[1] == pytest.approx(1 / 6)  # uniform vs uniform: each gains 1/6 by deviating
    assert curve[1 << 16] < 0.006
    assert curve[1 << 16] < curve[1 << 10] / 4 < curve[1 << 4] / 4
    assert run.row_strategy == pytest.approx([1 / 4, 5 / 12, 1 / 3], abs=0.003)
    assert run.column_strategy == pytest.approx([1 / 3, 5 / 12, 1 / 4], abs=0.003)


def reference_regret_matching(a, b, iterations, plus):
    """Textbook regret matching(+) in plain Python, written from the definitions."""

    def matched(regrets):
        positive = [max(r, 0.0) for r in regrets]
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1 / len(regrets)] * len(regrets)

    def update(regrets, values, mix):
        expected = sum(v * p for v, p in zip(values, mix))
        new = [r + v - expected for r, v in zip(regrets, values)]
        return [max(r, 0.0) for r in new] if plus else new

    rows, columns = len(a), len(a[0])
    row_regrets, column_regrets = [0.0] * rows, [0.0] * columns
    row_sum, column_sum = [0.0] * rows, [0.0] * columns
    for t in range(1, iterations + 1):
        weight = t if plus else 1  # CFR+ averages linearly
        row_mix, column_mix = matched(row_regrets), matched(column_regrets)
        row_values = [sum(a[i][j] * column_mix[j] for j in range(columns)) for i in range(rows)]
        row_regrets = update(row_regrets, row_values, row_mix)
        row_sum = [s + weight * p for s, p in zip(row_sum, row_mix)]
        if plus:  # alternating updates: the column player sees the updated row strategy
            row_mix = matched(row_regrets)
        column_values = [sum(row_mix[i] * b[i][j] for i in range(rows)) for j in range(columns)]
        column_regrets = update(column_regrets, column_values, column_mix)
        column_sum = [s + weight * q for s, q in zip(column_sum, column_mix)]
    return [s / sum(row_sum) for s in row_sum], [s / sum(column_sum) for s in column_sum]


@pytest.mark.parametrize("plus", [False, True])
def test_regret_matching_kernel_matches_the_textbook_definition(plus):
    generator = np.random.default_rng(21 + plus)
    a = generator.integers(-5, 6, size=(3, 4)).tolist()
    b = generator.integers(-5, 6, size=(3, 4)).tolist()
    text = ";".join(",".join(f"{x}/{y}" for x, y in zip(ra, rb)) for ra, rb in zip(a, b))
    for iterations in (1, 2, 3, 7, 50):
        run = regret_matching(parse_matrix_game(text), iterations, plus=plus)
        row, column = reference_regret_matching(a, b, iterations, plus)
        assert run.row_strategy == pytest.approx(row, abs=1e-12)
        assert run.column_strategy == pytest.approx(column, abs=1e-12)


def test_rps_self_play_stays_at_the_uniform_equilibrium():
    run = regret_matching(parse_matrix_game("rps"), 100)
    assert all(x == 0 for _, x in run.exploitability)
    assert run.row_strategy.tolist() == [1 / 3] * 3


def test_regret_matching_plus_beats_vanilla():
    game = parse_matrix_game(BIASED_RPS)
    vanilla = dict(regret_matching(game, 4096).exploitability)[4096]
    plus = dict(regret_matching(game, 4096, plus=True).exploitability)[4096]
    assert plus < vanilla / 10
    assert plus < 1e-3


def test_prisoners_dilemma_regret_matching_learns_to_defect():
    run = regret_matching(parse_matrix_game("pd"), 1000)
    assert run.row_strategy[1] > 0.999 and run.column_strategy[1] > 0.999


def test_fictitious_play_converges_and_is_reproducible():
    game = parse_matrix_game(BIASED_RPS)
    first = fictitious_play(game, 1 << 14, seed=3)
    again = fictitious_play(game, 1 << 14, seed=3)
    assert first.row_strategy.tolist() == again.row_strategy.tolist()
    assert first.exploitability == again.exploitability
    assert first.exploitability[-1][1] < 0.02
    assert first.row_strategy == pytest.approx([1 / 4, 5 / 12, 1 / 3], abs=0.02)
    # empirical frequencies: counts over the iterations
    assert (first.row_strategy * (1 << 14)) == pytest.approx(
        np.round(first.row_strategy * (1 << 14))
    )


def test_fictitious_play_against_fixed_opponent_plays_the_best_response():
    run = fictitious_play(parse_matrix_game("rps"), 64, opponent=[0.4, 0.3, 0.3], seed=0)
    assert run.row_strategy.tolist() == [0.0, 1.0, 0.0]
    assert all(gap == pytest.approx(0) for _, gap in run.exploitability)


# --------------------------------------------------------------------------- run_matrix


def test_run_matrix_seed_002_exercise():
    result = run_matrix(RPS, "rm", 1000, opponent="0.4,0.3,0.3")
    assert json.loads(json.dumps(result)) == result  # JSON-ready
    assert result["game"] == "matrix" and result["algorithm"] == "rm"
    assert result["iterations"] == 1000 and result["infosets"] == 6
    assert result["best_response"] == "1" and result["best_response_index"] == 1
    assert result["best_response_value"] == 0.1
    assert result["strategies"][1] == [0.4, 0.3, 0.3]
    assert result["strategies"][0][1] == pytest.approx(1 - 2 / 3000)
    assert result["values"] == pytest.approx([0.0999, -0.0999])
    assert result["exploitability"][-1] == [1000, pytest.approx(1e-4)]
    named = run_matrix("rps", "cfr", 10, opponent="0.4 0.3 0.3")
    assert named["best_response"] == "paper"


def test_run_matrix_checkpoints_and_aliases():
    result = run_matrix(BIASED_RPS, "cfr", 1024)
    assert [t for t, _ in result["exploitability"]] == [1 << k for k in range(11)]
    assert result == {**run_matrix(BIASED_RPS, "rm", 1024), "algorithm": "cfr"}
    assert run_matrix(BIASED_RPS, "cfr+", 8)["exploitability"] == (
        run_matrix(BIASED_RPS, "RM+", 8)["exploitability"]
    )
    assert [t for t, _ in run_matrix(RPS, "fp", 5, seed=1)["exploitability"]] == [1, 2, 4, 5]
    assert [t for t, _ in run_matrix(RPS, "fp", 1, seed=1)["exploitability"]] == [1]


def test_run_matrix_zero_sum_exact_value():
    result = run_matrix(BIASED_RPS, "cfr+", 256)
    assert result["value"] == pytest.approx(1 / 12)
    (equilibrium,) = result["equilibria"]
    assert equilibrium["strategies"][0] == pytest.approx([1 / 4, 5 / 12, 1 / 3])
    assert equilibrium["payoffs"] == pytest.approx([1 / 12, -1 / 12])
    assert result["values"][0] == pytest.approx(1 / 12, abs=0.01)
    assert result["values"][1] == -result["values"][0]
    assert "best_response" not in result


def test_run_matrix_general_sum_lists_all_equilibria():
    # seed 6: the first round's random tie-break picks defect for both (SplitMix64 stream)
    result = run_matrix("prisoners-dilemma", "fp", 100, seed=6)
    assert "value" not in result
    assert result["equilibria"] == [{"strategies": [[0.0, 1.0], [0.0, 1.0]], "payoffs": [1.0, 1.0]}]
    assert result["strategies"] == [[0.0, 1.0], [0.0, 1.0]]  # defect strictly dominates
    assert result["values"] == [1.0, 1.0]
    bos = run_matrix("bos", "rm", 10)
    assert len(bos["equilibria"]) == 3


def test_run_matrix_skips_exact_solution_for_big_games():
    big = ";".join(",".join(str((i * 7 + j * 3) % 5 - 2) for j in range(31)) for i in range(31))
    result = run_matrix(big, "rm", 4)
    assert "value" not in result and "equilibria" not in result
    assert result["infosets"] == 62


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"algorithm": "mccfr"}, "unknown matrix-game algorithm 'mccfr'"),
        ({"iterations": 0}, "iterations must be at least 1"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"iterations": True}, "iterations must be a whole number"),
        ({"opponent": "0.5,0.5"}, "has 2 probabilities; the player has 3 actions"),
        ({"opponent": "0.5,0.6,-0.1"}, "probability '-0.1' is negative"),
        ({"payoff": "1,2;3"}, "row 2 ('3') has 1 entry"),
        ({"seed": -1}, "seed must be a whole number from 0 to 18446744073709551615"),
        ({"seed": 2**64}, "seed must be a whole number from 0 to 18446744073709551615"),
    ],
)
def test_run_matrix_bad_input(kwargs, fragment):
    arguments = {"payoff": "rps", "algorithm": "rm", "iterations": 10, **kwargs}
    with pytest.raises(InputError) as error:
        run_matrix(**arguments)
    assert fragment in str(error.value)


def test_run_matrix_progress_and_cancel_keep_what_was_done():
    calls = []
    flag = CancelFlag()

    def progress(done, total):
        calls.append((done, total))
        if done:
            flag.cancel()

    result = run_matrix(BIASED_RPS, "rm", 1 << 20, progress=progress, cancel=flag)
    # the run loop reports the start, the first iteration, and where the cancel stopped it
    assert calls == [(0, 1 << 20), (1, 1 << 20), (1, 1 << 20)]
    assert result["cancelled"] is True and result["iterations"] == 1
    assert result["exploitability"] == [[1, pytest.approx(1 / 6)]]
    assert result["strategies"][0] == pytest.approx([1 / 3] * 3)

    finished = []
    full = run_matrix(RPS, "fp", 3000, seed=4, progress=lambda d, t: finished.append(d))
    assert finished[-1] == 3000 and "cancelled" not in full
