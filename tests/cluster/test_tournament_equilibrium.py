"""The 3-player tournament equilibrium (omahanash.tournament.equilibrium): the states, what
the end of a hand is worth (rotation, busts, places, the heads-up chain), the value
iteration on the coarse 28-state grid."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.pushfold import icm
from omahanash.tournament import Structure, run_tournament
from omahanash.tournament.equilibrium import (
    EquilibriumSettings,
    TournamentValuation,
    hu_win_table,
    icm_values,
    stack_states,
)

COARSE = EquilibriumSettings("holdem", 13_500, 300, 600, (50.0, 30.0, 20.0), 1_500,
                             solve_iterations=6, deals=3_000, seed=1, hu_samples=4_000)


def one_thread():
    """numba on one thread (:func:`omahanash.cluster.numba_threads`): on a loaded 2-core host
    each tiny solve here takes 5x longer with two (every parallel kernel call waits for a
    descheduled thread); the results do not depend on the thread count."""
    from omahanash.cluster import numba_threads

    return numba_threads(1)


@pytest.fixture(scope="module")
def hu():
    return hu_win_table(COARSE)


def test_states_are_every_stack_vector_of_the_grid():
    states = stack_states(13_500, 300)
    assert len(states) == 946 == len(set(states))  # G&S: 946 states at a unit of 300
    assert all(min(s) >= 1 and sum(s) == 45 for s in states)
    assert len(stack_states(13_500, 1_500)) == 28
    with pytest.raises(InputError, match="--unit"):
        stack_states(13_500, 700)


def test_two_player_values_are_the_heads_up_chain(hu):
    """After a bust, the survivors' values are 2nd + P(win) x (1st - 2nd), P(win) from the
    heads-up match (run_tournament, the small blind of the first hand stated)."""
    states = stack_states(COARSE.chips, COARSE.unit)
    valuation = TournamentValuation(COARSE, states, icm_values(COARSE, states), *hu)
    structure = Structure.fixed(13_500, 300, 600)
    for final in ([0.0, 3_900.0, 9_600.0], [4_800.0, 8_700.0, 0.0], [6_600.0, 0.0, 6_900.0]):
        values = valuation(np.array(final), np.array([4_500.0] * 3))
        busted = final.index(0.0)
        assert values[busted] == 20.0
        # the first survivor after the rotation (SB, BB, BTN) is the heads-up small blind
        first, second = [seat for seat in (1, 2, 0) if final[seat] > 0]
        match = run_tournament("holdem", structure, (final[first], final[second]),
                               button_first=1, samples=COARSE.hu_samples, seed=COARSE.seed)
        assert values[first] == pytest.approx(30.0 + 20.0 * match.p_win, abs=1e-9)
        assert values[first] + values[second] == pytest.approx(80.0, abs=1e-9)


def test_three_player_values_rotate_and_interpolate(hu):
    states = stack_states(COARSE.chips, COARSE.unit)
    # values linear in the stacks (chip EV in prize): random rounding keeps them exact
    linear = np.array(states, dtype=np.float64) * (100.0 / 9)
    valuation = TournamentValuation(COARSE, states, linear, *hu)
    final = np.array([[2_100.0, 7_200.0, 4_200.0], [1_500.0, 3_000.0, 9_000.0]])
    values = valuation(final, np.full(3, 4_500.0))
    assert values == pytest.approx(final / 13_500 * 100.0, abs=1e-9)
    # on the grid: the next state is (SB, BB, BTN) and its values go back to those seats
    icm_table = icm_values(COARSE, states)
    valuation = TournamentValuation(COARSE, states, icm_table, *hu)
    k = states.index((3, 2, 4))  # next state of BTN 4, SB 3, BB 2 units
    got = valuation(np.array([6_000.0, 4_500.0, 3_000.0]), np.full(3, 4_500.0))
    assert got.tolist() == [icm_table[k][2], icm_table[k][0], icm_table[k][1]]
    assert icm_table[k] == pytest.approx(icm(np.array([4_500.0, 3_000.0, 6_000.0]),
                                             np.array([50.0, 30.0, 20.0])))


def test_two_busted_in_one_hand_are_placed_by_their_starting_stacks(hu):
    states = stack_states(COARSE.chips, COARSE.unit)
    valuation = TournamentValuation(COARSE, states, icm_values(COARSE, states), *hu)
    final = np.array([0.0, 13_500.0, 0.0])
    assert valuation(final, np.array([3_000.0, 6_000.0, 4_500.0])).tolist() == [20, 50, 30]
    assert valuation(final, np.array([4_500.0, 4_500.0, 4_500.0])).tolist() == [25, 50, 25]


# -- the value iteration (needs solve_pushfold's valuation=) -----------------------------

TINY = EquilibriumSettings("holdem", 13_500, 300, 600, (50.0, 30.0, 20.0), 1_500,
                           solve_iterations=4, deals=1_000, seed=1, hu_samples=4_000)


@pytest.fixture(scope="module")
def two_iterations(tmp_path_factory):
    """Two value iterations over the 28 coarse states in this process (numba on one thread,
    as in every solve of these tests: :func:`one_thread`), kept in a store."""
    from omahanash.tournament.equilibrium import solve_equilibrium

    store = tmp_path_factory.mktemp("equilibrium")
    with one_thread():
        return store, solve_equilibrium(TINY, max_iterations=2, tol=1e-9, store_dir=store)


def test_values_share_the_pool_and_start_from_icm(two_iterations):
    _, result = two_iterations
    assert len(result.states) == 28 and len(result.changes) == 2 and not result.converged
    assert result.icm == pytest.approx(icm_values(TINY, result.states))
    # every state's hand pays out the whole pool: the seats' values add up to 100
    assert result.values.sum(axis=1) == pytest.approx(np.full(28, 100.0), abs=1e-6)
    assert result.changes[0] > 0 and np.abs(result.difference).max() > 0
    doc = result.document()
    assert doc["values"][0]["difference"] == pytest.approx(
        (result.values[0] - result.icm[0]).tolist())
    assert doc["icm_error"]["max_abs"] == pytest.approx(np.abs(result.difference).max())


def test_a_state_is_its_hand_solved_with_the_previous_values(two_iterations):
    """Iteration 1's value of a state = that spot solved alone with the valuation of
    iteration 0's values (the work item is what it claims)."""
    from omahanash.pushfold import solve_pushfold
    from omahanash.tournament.equilibrium import solve_equilibrium

    store, result = two_iterations
    first = solve_equilibrium(TINY, max_iterations=1, tol=1e-9, store_dir=store)  # read back
    k = result.states.index((2, 3, 4))
    valuation = TournamentValuation(TINY, result.states, first.values, result.hu_unit,
                                    result.hu_p_sb)
    alone = solve_pushfold(TINY.spot((2, 3, 4)), iterations=4, deals=1_000, seed=1,
                           valuation=valuation)
    assert [row["prize"] for row in alone.ev] == result.values[k].tolist()


def test_same_bits_on_two_workers_and_resumed_from_the_store(two_iterations, cluster):
    """Over 5 s on a loaded host: a LocalCluster of two workers starts, each loads the
    solver's kernels from numba's cache, then solves the 28 states once."""
    from omahanash.tournament.equilibrium import solve_equilibrium

    store, result = two_iterations
    seen: list[tuple[float, float]] = []
    again = solve_equilibrium(TINY, max_iterations=2, tol=1e-9, store_dir=store,
                              progress=lambda d, t: seen.append((d, t)))
    # both iterations read back whole: no state is solved again
    assert seen == [(28, 56), (56, 56)] and again.values.tobytes() == result.values.tobytes()
    there = solve_equilibrium(TINY, max_iterations=1, tol=1e-9,
                              scheduler=cluster.scheduler_address)
    first = solve_equilibrium(TINY, max_iterations=1, tol=1e-9, store_dir=store)  # read back
    assert there.values.tobytes() == first.values.tobytes()
    assert there.nash_conv.tobytes() == first.nash_conv.tobytes()


def test_command_line_equilibrium(monkeypatch, capsys):
    import json

    from omahanash.cli import main
    from omahanash.tournament import equilibrium as tournament_equilibrium

    monkeypatch.setattr(tournament_equilibrium, "HU_SAMPLES", 4_000)
    with one_thread():
        code = main(["tournament", "--game", "holdem", "--players", "3", "--chips", "13500",
                     "--sb", "300", "--bb", "600", "--payouts", "50/30/20", "--unit", "1500",
                     "--equilibrium", "--iterations", "1", "--solve-iterations", "4",
                     "--deals", "1000", "--seed", "1", "--state", "3000", "4500", "6000",
                     "--json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["states"] == 28 and doc["payouts"] == [50, 30, 20] and doc["iterations"] == 1
    row = next(v for v in doc["values"] if v["stacks"] == [3000, 4500, 6000])
    assert sum(row["equilibrium"]) == pytest.approx(100.0, abs=1e-6)
    assert row["icm"] == pytest.approx(icm(np.array([3000.0, 4500.0, 6000.0]),
                                           np.array([50.0, 30.0, 20.0])).tolist())
    assert [n["node"] for n in doc["state"]["nodes"]] == [
        "BTN", "SB", "SB vs BTN", "BB vs BTN", "BB vs SB", "BB vs BTN+SB"]
    assert doc["icm_error"]["max_abs"] >= doc["icm_error"]["mean_abs"] > 0


# -- warm starts: each state's solve continues its solve of the previous iteration ------

WARM = dataclasses.replace(TINY, warm_iterations=3)


def test_a_warm_start_continues_the_regrets_and_restarts_the_average(hu):
    """4 CFR+ iterations, then 3 more from the row they leave: the regrets are those of 7
    iterations in one go, bit for bit (same values), and the average is that of iterations
    5 to 7 alone (the 7-iteration sum less the 4-iteration one)."""

    from omahanash.pushfold import solve_pushfold
    from omahanash.pushfold.solver import AVERAGE_DELAY
    from omahanash.tournament.equilibrium_state import HEAD, deals_for, solver_for, warm_solve

    states = stack_states(TINY.chips, TINY.unit)
    valuation = TournamentValuation(TINY, states, icm_values(TINY, states), *hu)
    spot, table = TINY.spot((2, 3, 4)), TINY.table()
    deals = deals_for(spot, table, TINY.deals, TINY.seed)
    with one_thread():
        first = warm_solve(spot, table, deals, valuation, None, 4)
        more = warm_solve(spot, table, deals, valuation, first[HEAD - 2:], 3)
        straight = solve_pushfold(spot, iterations=7, deals=TINY.deals, seed=TINY.seed,
                                  valuation=valuation)
    solver = straight.solver
    size = solver.regret_play.size
    assert more[4] == 7 and first[4] == 4
    assert more[HEAD:HEAD + 2 * size].tolist() == np.concatenate(
        [solver.regret_play.ravel(), solver.regret_fold.ravel()]).tolist()
    # the (delayed) linear averaging weights of iterations 5..7
    assert more[5] == sum(t - AVERAGE_DELAY for t in (5, 6, 7))
    first_sum = first[HEAD + 2 * size:]
    assert more[HEAD + 2 * size:] == pytest.approx(solver.avg_sum.ravel() - first_sum,
                                                   abs=1e-12)
    # its EV is that of the restarted average, which the row reads back as it ended
    again = solver_for(spot, table, deals, valuation, more[HEAD - 2:], average=True)
    assert again.evaluate()["root"].tolist() == more[:3].tolist()


@pytest.fixture(scope="module")
def warm_run():

    from omahanash.tournament.equilibrium import solve_equilibrium

    with one_thread():
        return solve_equilibrium(WARM, max_iterations=2, tol=1e-9)


def test_value_iteration_warm_starts_every_state(two_iterations, warm_run, cluster):
    """Iteration 0 is the cold solve (as without warm starts); iteration 1 continues each
    state's row with iteration 0's values for 3 more CFR+ iterations; two workers give the
    same bits."""
    from omahanash.tournament.equilibrium import solve_equilibrium
    from omahanash.tournament.equilibrium_state import HEAD, deals_for, warm_solve

    store, _ = two_iterations
    first = solve_equilibrium(TINY, max_iterations=1, tol=1e-9, store_dir=store)  # read back
    assert warm_run.rows is not None and first.rows is not None
    assert warm_run.rows[:, 4].tolist() == [7.0] * 28  # 4 cold + 3 warm iterations each
    k = warm_run.states.index((2, 3, 4))
    valuation = TournamentValuation(WARM, first.states, first.values, first.hu_unit,
                                    first.hu_p_sb)
    spot, table = WARM.spot((2, 3, 4)), WARM.table()
    expected = warm_solve(spot, table, deals_for(spot, table, WARM.deals, WARM.seed),
                          valuation, first.rows[k][HEAD - 2:], 3)
    assert warm_run.rows[k].tolist() == expected.tolist()
    assert warm_run.document()["warm_iterations"] == 3
    assert warm_run.document()["cfr_iterations"] == [4, 3]
    there = solve_equilibrium(WARM, max_iterations=2, tol=1e-9,
                              scheduler=cluster.scheduler_address)
    assert there.rows is not None and there.rows.tobytes() == warm_run.rows.tobytes()


# -- Omaha Hi and Hi/Lo, on the 12-class tables ------------------------------------------


def omaha_settings(game: str, cache, ids) -> EquilibriumSettings:
    """6 states (4,500 chips in units of 900) of a small Omaha table."""
    return EquilibriumSettings(game, 4_500, 300, 600, (50.0, 30.0, 20.0), 900,
                               solve_iterations=4, deals=1_500, seed=2, hu_samples=2_000,
                               cache_dir=str(cache), warm_iterations=2, class_ids=tuple(ids))


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_omaha_equilibrium_on_a_class_subset(game, omaha_subset_cache, omaha_subset_ids,
                                             omaha_tables):
    """The states' hands are solved on the subset table (iteration 0 = the spot solved alone
    with ICM values there), every state pays out the pool, and a bust hands the survivors
    the Omaha heads-up chain's P(win) on that table."""

    from omahanash.pushfold import solve_pushfold
    from omahanash.tournament.equilibrium import solve_equilibrium

    settings = omaha_settings(game, omaha_subset_cache, omaha_subset_ids)
    with one_thread():
        one = solve_equilibrium(settings, max_iterations=1, tol=1e-9)
    assert len(one.states) == 6 and one.settings.game == game
    assert one.values.sum(axis=1) == pytest.approx(np.full(6, 100.0), abs=1e-6)
    k = one.states.index((1, 2, 2))
    valuation = TournamentValuation(settings, one.states, one.icm, one.hu_unit, one.hu_p_sb)
    alone = solve_pushfold(settings.spot((1, 2, 2)), iterations=4, deals=1_500, seed=2,
                           table=omaha_tables[game], valuation=valuation)
    assert one.values[k].tolist() == [row["prize"] for row in alone.ev]
    # a bust: the survivors' values are 2nd + P(win) x (1st - 2nd) of the Omaha match
    final = np.array([1_800.0, 0.0, 2_700.0])  # the SB busts; the BB is the next HU SB
    values = valuation(final, np.full(3, 1_500.0))
    match = run_tournament(game, Structure.fixed(4_500, 300, 600), (2_700.0, 1_800.0),
                           button_first=1, samples=2_000, seed=2,
                           table=omaha_tables[game])
    assert values[1] == 20.0 and values[2] == pytest.approx(30.0 + 20.0 * match.p_win,
                                                            abs=1e-9)
    assert one.document(0)["state"]["nodes"][0]["node"] == "BTN"


def test_command_line_omaha_equilibrium(monkeypatch, capsys, omaha_subset_cache,
                                        omaha_subset_ids):
    import json

    from omahanash.cli import main
    from omahanash.tournament import equilibrium as tournament_equilibrium

    monkeypatch.setattr(tournament_equilibrium, "HU_SAMPLES", 2_000)
    args = ["tournament", "--game", "omaha-hilo", "--players", "3", "--chips", "4500",
            "--sb", "300", "--bb", "600", "--unit", "900", "--equilibrium", "--iterations",
            "2", "--solve-iterations", "3", "--warm-iterations", "2", "--deals", "800",
            "--cache-dir", str(omaha_subset_cache), "--json", "--classes",
            ",".join(map(str, omaha_subset_ids))]

    with one_thread():
        assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "omaha-hilo" and doc["states"] == 6 and doc["iterations"] == 2
    assert doc["warm_iterations"] == 2 and len(doc["changes"]) == 2
    assert doc["cfr_iterations"] == [3, 2]
    assert main(args[:-2] + ["--warm-iterations", "-1"]) == 2
    assert "--warm-iterations" in capsys.readouterr().err
    assert main(["tournament", "--game", "holdem", "--players", "3", "--chips", "4500",
                 "--sb", "300", "--bb", "600", "--equilibrium", "--classes", "0,1"]) == 2
    assert "--classes" in capsys.readouterr().err


# -- policy iteration: each iteration's values are the exact values of its strategies ----

POLICY = dataclasses.replace(TINY, warm_iterations=3, update="policy")


def test_outcome_chances_give_the_hands_ev(hu):
    """The chance of every distinct end of a hand (what policy evaluation needs), measured
    by probe passes, sums to 1, and with what each end is worth gives the EV that the
    solver's own pass computes (prize, every seat), for states with and without equal
    stacks."""

    from omahanash.tournament.equilibrium_state import (
        deals_for,
        outcome_groups,
        outcome_probabilities,
        solver_for,
    )

    states = stack_states(TINY.chips, TINY.unit)
    valuation = TournamentValuation(TINY, states, icm_values(TINY, states), *hu)
    with one_thread():
        for state in ((2, 3, 4), (1, 1, 7), (3, 3, 3)):
            spot, table = TINY.spot(state), TINY.table()
            solver = solver_for(spot, table, deals_for(spot, table, TINY.deals, TINY.seed),
                                valuation, None)
            solver.step(5)
            chances = outcome_probabilities(solver, solver.average())
            finals, members = outcome_groups(spot)
            assert len(chances) == len(finals) == len(members)
            assert chances.min() >= 0 and chances.sum() == pytest.approx(1.0, abs=1e-12)
            # every end is a different stack vector; two-player pots both ways
            assert len({f.tobytes() for f in finals}) == len(finals)
            start = spot.stack_array()
            ev = sum(p * valuation(f, start) for p, f in zip(chances, finals))
            assert ev == pytest.approx(solver.evaluate()["root"], abs=1e-10)


@pytest.fixture(scope="module")
def policy_run():

    from omahanash.tournament.equilibrium import solve_equilibrium

    with one_thread():
        return solve_equilibrium(POLICY, max_iterations=3, tol=1e-9)


def test_policy_values_are_the_values_of_the_strategies(policy_run):
    """The values a policy-iteration step ends with are a fixed point of its strategies:
    every state's hand, played with the strategies of that iteration (each state's
    average, read back from its row) and valued with those values, is worth exactly the
    values again (computed by the solver's pass, not by the linear solve)."""
    from omahanash.tournament.equilibrium import _warm_part
    from omahanash.tournament.equilibrium_state import deals_for, solver_for

    result = policy_run
    assert result.rows is not None and result.document()["update"] == "policy"
    valuation = result.valuation()
    table = POLICY.table()
    for k in (0, result.states.index((2, 3, 4)), result.states.index((3, 3, 3)), 27):
        spot = POLICY.spot(result.states[k])
        solver = solver_for(spot, table, deals_for(spot, table, POLICY.deals, POLICY.seed),
                            valuation, _warm_part(result.rows[k], POLICY), average=True)
        assert solver.evaluate()["root"] == pytest.approx(result.values[k], abs=1e-8)
    assert result.values.sum(axis=1) == pytest.approx(np.full(28, 100.0), abs=1e-6)
    # the first iteration's hands were solved with ICM: its residual is their change
    assert len(result.residuals) == len(result.changes) == 3
    assert result.residuals[0] > 0 and result.changes[0] > 0


def test_policy_iteration_same_bits_on_two_workers(policy_run, cluster):
    from omahanash.tournament.equilibrium import solve_equilibrium

    there = solve_equilibrium(POLICY, max_iterations=3, tol=1e-9,
                              scheduler=cluster.scheduler_address)
    assert there.values.tobytes() == policy_run.values.tobytes()
    assert there.rows is not None and policy_run.rows is not None
    assert there.rows.tobytes() == policy_run.rows.tobytes()


def test_command_line_policy_iteration(monkeypatch, capsys, policy_run):
    """``--update policy`` runs policy iteration: the same values as the library's run with
    the same settings, and the JSON says which update and each iteration's residual."""
    import json

    from omahanash.cli import main
    from omahanash.tournament import equilibrium as tournament_equilibrium

    monkeypatch.setattr(tournament_equilibrium, "HU_SAMPLES", 4_000)
    with one_thread():
        code = main(["tournament", "--game", "holdem", "--players", "3", "--chips", "13500",
                     "--sb", "300", "--bb", "600", "--payouts", "50/30/20", "--unit", "1500",
                     "--equilibrium", "--iterations", "3", "--tol", "1e-9",
                     "--solve-iterations", "4", "--warm-iterations", "3", "--deals", "1000",
                     "--seed", "1", "--update", "policy", "--json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["update"] == "policy" and doc["iterations"] == 3
    assert doc["residuals"] == policy_run.residuals
    assert [v["equilibrium"] for v in doc["values"]] == policy_run.values.tolist()
