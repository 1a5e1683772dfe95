"""Future game simulation (omahanash.pushfold.fgs): depth 0 is ICM, heads-up winner-takes-all
is chip EV, a hand-computed 3-player case with a fixed future strategy, the blind schedule,
the bucket equities, the lifted table-size limit of a valuation, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.hands import class_combos, parse_class
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.fgs import (
    FGSValuation,
    Level,
    Schedule,
    future_classes,
    future_outcomes,
    future_strategy,
    outcome_rows,
    posts,
    solve_future,
)
from omahanash.pushfold.kernels import terminal_values

PAY = np.array([50.0, 30.0, 20.0])


def harville3(stacks, payouts):
    """ICM of three stacks written out: P(1st) = share, P(2nd | j 1st) = share of the rest."""
    s = np.asarray(stacks, float)
    total = s.sum()
    out = np.zeros(3)
    for i in range(3):
        first = s[i] / total
        second = sum(s[j] / total * s[i] / (total - s[j]) for j in range(3) if j != i)
        out[i] = first * payouts[0] + second * payouts[1] + (1 - first - second) * payouts[2]
    return out


def icm_with_busted(stacks, payouts):
    """ICM by hand when some stacks are 0 (one busted player at most here: 3rd prize)."""
    s = np.asarray(stacks, float)
    alive = [i for i in range(3) if s[i] > 0]
    if len(alive) == 3:
        return harville3(s, payouts)
    a, b = alive
    out = np.full(3, payouts[2])
    out[a] = s[a] / (s[a] + s[b]) * payouts[0] + s[b] / (s[a] + s[b]) * payouts[1]
    out[b] = s[b] / (s[a] + s[b]) * payouts[0] + s[a] / (s[a] + s[b]) * payouts[1]
    return out


@pytest.mark.parametrize("stacks, ante", [([1000, 1250, 1500], 0.0),
                                          ([800, 1200, 1500, 600, 2000, 900], 10.0)])
def test_depth_zero_is_icm_exactly(stacks, ante):
    """Every terminal value of a table (6 seats too: pots of 5 and 6 by ICM in the kernel)
    with FGS at depth 0 is the ICM value, bit for bit."""
    spot = PushFoldSpot("holdem", stacks, 50, 100, ante=ante, payouts="50/30/20")
    antes, blinds = spot.posts()
    args = (spot.stack_array(), antes, blinds, spot.payout_amounts, True, False)
    plain = terminal_values(*args)
    fgs = terminal_values(*args, FGSValuation(spot, depth=0))
    n = spot.players
    count = np.array([bin(live).count("1") for live in range(1 << n)])
    # the rows a pass reads: one player left, two, and every tabled outcome of 3 or 4
    np.testing.assert_array_equal(plain[0][count == 1], fgs[0][count == 1])
    for k in (1, 2):
        np.testing.assert_array_equal(plain[k][count == 2], fgs[k][count == 2])
    np.testing.assert_array_equal(plain[3], fgs[3])
    np.testing.assert_array_equal(plain[4], fgs[4])
    for live in np.flatnonzero(plain[3] >= 0):
        rows = int((plain[4][count[live] - 3] >= 0).sum())
        np.testing.assert_array_equal(plain[5][plain[3][live], :rows],
                                      fgs[5][plain[3][live], :rows])


def test_a_plain_valuation_still_needs_every_pot_tabled():
    spot = PushFoldSpot("holdem", [1000] * 5, 50, 100, payouts="50/30/20")
    antes, blinds = spot.posts()
    with pytest.raises(InputError, match="every pot tabled"):
        terminal_values(spot.stack_array(), antes, blinds, spot.payout_amounts, True, False,
                        lambda final, start: np.zeros(5))


def _heads_up_chips(fgs, sb_stack, bb_stack, level, depth):
    """E[chips of the first seat (the small blind)] after ``depth`` heads-up hands, the
    transitions written here, each hand's strategy the library's future solve of its ICM
    (winner takes all: the chip share) values."""
    if depth == 0 or sb_stack <= 0 or bb_stack <= 0:
        return sb_stack
    total = sb_stack + bb_stack
    sb, bb = min(level.sb, sb_stack), min(level.bb, bb_stack)
    eff = min(sb_stack, bb_stack)
    # outcomes: SB folds, SB steals, SB all in and called (SB wins, BB wins)
    outcomes = [(sb_stack - sb, bb_stack + sb), (sb_stack + bb, bb_stack - bb),
                (sb_stack + eff, bb_stack - eff), (sb_stack - eff, bb_stack + eff)]
    u = np.array([[a / total, b / total] for a, b in outcomes])
    classes = fgs.classes
    p, q = solve_future(classes.weights, classes.equity, u, fgs.iterations, np.zeros(2, bool))
    w, eq = classes.weights, classes.equity
    push, call = float(w @ p[0]), float(w @ q[0])
    win = float((w * p[0]) @ eq @ (w * q[0])) / (push * call)
    chances = [1 - push, push * (1 - call), push * call * win, push * call * (1 - win)]
    # the next hand: the seats swap (the big blind becomes the small blind)
    out = 0.0
    for chance, (a, b) in zip(chances, outcomes, strict=True):
        out += chance * (total - _heads_up_chips(fgs, b, a, level, depth - 1))
    return out


@pytest.mark.parametrize("depth", [1, 2])
def test_two_players_winner_takes_all_is_chip_ev(depth):
    """Heads-up with one paid place, ICM is the chip share, so FGS is the expected chip share
    after the future hands: the chip EV of playing them on."""
    spot = PushFoldSpot("holdem", [1400, 1600], 50, 100, payouts="1")
    fgs = FGSValuation(spot, depth=depth, prune=0.0)
    stacks = np.array([1700.0, 1300.0])  # preflop order of the next hand: SB, BB
    got = fgs.state_value(stacks, hand=1, depth=depth)
    expected = _heads_up_chips(fgs, 1700.0, 1300.0, Level(50, 100), depth) / 3000.0
    assert got.sum() == pytest.approx(1.0, abs=1e-12)
    assert got[0] == pytest.approx(expected, abs=1e-12)
    assert abs(got[0] - 1700 / 3000) > 1e-4  # the future hands move it off the chip share


def test_three_players_depth_one_fixed_strategy_by_hand():
    """3 players, depth 1, future hands played by a fixed strategy (the button pushes half
    its hands, the small blind never; each caller calls half its hands, whatever they are):
    the value written out by hand — the rotation, the outcomes' chances and stacks, ICM."""
    k = future_classes(load_table("holdem")).weights.size

    def policy(stacks, level):
        p = np.zeros((3, k))
        p[0] = 0.5  # BTN pushes half the time
        q = np.zeros((3, k))
        q[0] = 0.5  # SB calls BTN half the time
        q[1] = 0.5  # BB calls BTN half the time
        return p, q

    spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
    fgs = FGSValuation(spot, depth=1, prune=0.0, policy=policy)
    final = np.array([1100.0, 1000.0, 900.0])  # BTN, SB, BB after the hand solved
    got = fgs(final, np.array([1000.0, 1000.0, 1000.0]))
    # next hand: BTN = the old SB (1000), SB = the old BB (900), BB = the old BTN (1100)
    outcomes = [  # (chance, stacks BTN', SB', BB')
        (0.5, [1000, 850, 1150]),                  # folded to the big blind
        (0.125, [1150, 850, 1000]),                # the button steals
        (0.125, [2000, 0, 1000]), (0.125, [100, 1900, 1000]),   # BTN vs SB, each wins
        (0.0625, [2050, 850, 100]), (0.0625, [0, 850, 2150]),   # BTN vs BB, each wins
    ]
    value = sum(c * icm_with_busted(s, PAY) for c, s in outcomes)
    expected = np.array([value[2], value[0], value[1]])  # back to the old BTN, SB, BB
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-9)


def test_the_blinds_rise_on_schedule():
    """A future hand after the level's last hand is played at the next level."""
    spot = PushFoldSpot("holdem", [1000, 1250, 1500], 50, 100, payouts="50/30/20")
    rising = FGSValuation(spot, 1, Schedule.parse("50/100,100/200", 1), prune=0.0)
    later = FGSValuation(spot, 1, Schedule((Level(100, 200),)), prune=0.0)
    same = FGSValuation(spot, 1, prune=0.0)
    final, start = np.array([1150.0, 1200.0, 1400.0]), spot.stack_array()
    np.testing.assert_allclose(rising(final, start), later(final, start), atol=1e-12)
    assert np.abs(rising(final, start) - same(final, start)).max() > 0.05
    schedule = Schedule.parse("50/100,75/150,100/200/25", 3)
    assert [schedule.at(h).bb for h in (0, 2, 3, 6, 50)] == [100, 100, 150, 200, 200]
    assert schedule.at(7).ante == 25
    with pytest.raises(InputError, match="SB/BB"):
        Schedule.parse("50-100", 2)


def test_bucket_equities_are_combo_weighted_class_equities():
    table = load_table("holdem")
    classes = future_classes(table, buckets=3)
    combos = class_combos("holdem").astype(float)
    bucket = classes.bucket
    assert bucket[parse_class("AA", "holdem")] == 0  # the strongest third
    assert bucket[parse_class("32o", "holdem")] == 2  # the weakest
    shares = np.bincount(bucket, weights=combos) / combos.sum()
    assert np.abs(shares - 1 / 3).max() < 0.02 and classes.weights.sum() == pytest.approx(1)
    eq = np.array([[table.equity(a, b) for b in range(table.n)] for a in range(table.n)])
    for a in range(3):
        for b in range(3):
            rows, cols = bucket == a, bucket == b
            weight = np.outer(combos[rows], combos[cols])
            want = (weight * eq[np.ix_(rows, cols)]).sum() / weight.sum()
            assert classes.equity[a, b] == pytest.approx(want, abs=1e-12)


def test_six_handed_solve_with_fgs():
    """A valuation at 6 seats (the limit was 4): the EVs share out the pool, and FGS moves
    them off ICM."""
    spot = PushFoldSpot("holdem", [1000, 1250, 1500, 1000, 1250, 1500], 50, 100,
                        payouts="50/30/20")
    fgs = FGSValuation(spot, depth=1)
    solution = solve_pushfold(spot, iterations=3, deals=3000, valuation=fgs)
    icm_run = solve_pushfold(spot, iterations=3, deals=3000)
    ev = np.array([row["prize"] for row in solution.ev])
    assert ev.sum() == pytest.approx(100.0, abs=1e-6)
    assert np.abs(ev - np.array([row["prize"] for row in icm_run.ev])).max() > 0.01
    assert fgs.states > 50 and fgs.solves <= fgs.states


def test_bad_settings_are_refused():
    spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
    for depth in (-1, 7, 1.5, True):
        with pytest.raises(InputError, match="depth"):
            FGSValuation(spot, depth)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="payouts"):
        FGSValuation(PushFoldSpot("holdem", [1000] * 3, 50, 100), 2)
    with pytest.raises(InputError, match="prune"):
        FGSValuation(spot, 2, prune=1.5)


# -- the command line ------------------------------------------------------------------

SPOT = ["--game", "holdem", "--stacks", "1000", "1250", "1500", "--sb", "50", "--bb", "100",
        "--deals", "4000", "--iterations", "3"]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "omahanash", "solve", *args],
                          capture_output=True, text=True, timeout=600)


def test_cli_fgs_json():
    done = run_cli(*SPOT, "--payouts", "50/30/20", "--model", "fgs", "--fgs-depth", "1",
                   "--levels", "50/100,100/200", "--hands-per-level", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["model"] == "fgs" and data["payouts"] == [50, 30, 20]
    assert {"nodes", "ev", "nash_conv", "stacks", "iterations"} <= set(data)
    fgs = data["fgs"]
    assert fgs["depth"] == 1 and fgs["hands_per_level"] == 1
    assert [lv["bb"] for lv in fgs["levels"]] == [100, 200]
    assert fgs["states"] > 0 and fgs["future_hands_solved"] > 0
    assert sum(e["prize"] for e in data["ev"]) == pytest.approx(100.0, abs=1e-6)


@pytest.mark.parametrize("extra, named", [
    (["--payouts", "50/30/20", "--model", "fgs", "--fgs-depth", "7"], "--fgs-depth"),
    (["--payouts", "50/30/20", "--model", "fgs", "--fgs-depth", "0"], "--fgs-depth"),
    (["--model", "fgs"], "--payouts"),
    (["--model", "icm"], "--payouts"),
    (["--payouts", "50/30/20", "--fgs-depth", "2"], "--model fgs"),
    (["--payouts", "50/30/20", "--model", "fgs", "--levels", "50/100,x"], "--levels"),
    (["--payouts", "50/30/20", "--model", "fgs", "--levels", "50/100,75/150"],
     "--hands-per-level"),
    (["--payouts", "50/30/20", "--model", "fgs", "--hands-per-level", "3"], "--levels"),
    (["--payouts", "50/30/20", "--model", "fgs", "--levels", "75/150",
      "--hands-per-level", "3"], "--sb"),
])
def test_cli_bad_values_exit_2_naming_them(extra, named):
    done = run_cli(*SPOT, *extra)
    assert done.returncode == 2, done.stderr
    assert named in done.stderr


def test_cli_model_chips_drops_the_payouts():
    done = run_cli(*SPOT, "--payouts", "50/30/20", "--model", "chips", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["model"] == "chips" and data["payouts"] == "chips"


# -- the direction: towards the 3-player tournament equilibrium --------------------------

EQUILIBRIUM = Path(__file__).resolve().parent.parent / "data" / "fgs_equilibrium.json"


def test_fgs_moves_from_icm_towards_the_tournament_equilibrium():
    """At the 171 states of a 3-player sit-and-go (3,000 chips, 150/300, 50/30/20; the
    tournament equilibrium solved once, kept in tests/data with its command), the mean
    distance of the values from the equilibrium's falls from ICM's as FGS looks further."""
    data = json.loads(EQUILIBRIUM.read_text(encoding="utf-8"))
    states = data["states"]
    assert len(states) == 171
    spot = PushFoldSpot("holdem", states[0]["stacks"], data["sb"], data["bb"],
                        payouts="50/30/20")
    target = np.array([s["equilibrium"] for s in states])

    def distance(depth):
        fgs = FGSValuation(spot, depth)
        values = np.array([fgs.state_value(np.array(s["stacks"], float), 0, depth)
                           for s in states])
        assert values.sum(axis=1) == pytest.approx(np.full(len(states), 100.0), abs=1e-6)
        return float(np.abs(values - target).mean())

    icm_distance, one, three, five = (distance(d) for d in (0, 1, 3, 5))
    assert icm_distance > 0.5  # ICM misses the equilibrium by half a percent of the pool
    assert icm_distance > one > three and five < 0.5 * icm_distance


def test_a_seat_all_in_by_its_blind_is_in_every_pot():
    """The big blind has just its blind (300 at 150/300): when the button pushes and the
    small blind folds, the big blind is all in against the button (either may win), never
    folded out of its blind; nobody is asked to call it off."""
    chips = np.array([450.0, 2250.0, 300.0])
    antes, blinds = posts(chips, Level(150, 300))
    forced = chips - antes - blinds <= 0
    assert forced.tolist() == [False, False, True]
    rows, weight, finals = future_outcomes(chips, antes, blinds, forced)
    steal = rows == 1  # the row of the button's push that nobody calls
    got = sorted(map(tuple, finals[steal].tolist()))
    assert got == [(150.0, 2100.0, 750.0), (900.0, 2100.0, 0.0)]
    assert weight[steal].tolist() == [0.5, 0.5]
    for row in range(outcome_rows(3)):
        assert weight[rows == row].sum() == pytest.approx(1.0)
    finals_, values, chance, _ = future_strategy(chips, Level(150, 300), PAY,
                                                 future_classes(load_table("holdem")))
    assert chance.sum() == pytest.approx(1.0)
    # the big blind survives whenever it wins a showdown: not busted for sure
    assert chance[finals_[:, 2] > 0].sum() > 0.3


@pytest.mark.parametrize("args, named", [
    (["--game", "holdem", "--stacks", "1000", "1250", "1500", "--payouts", "50/30/20",
      "--tree", "pl", "--model", "fgs"], "--model fgs is push/fold only"),
    (["--game", "holdem", "--stacks", "1000", "1000", "--model", "fgs"], "--model"),
])
def test_cli_fgs_refused_where_it_does_not_apply(args, named):
    done = run_cli(*args)
    assert done.returncode == 2, done.stderr
    assert named in done.stderr
