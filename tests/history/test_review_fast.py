"""The fast judging of table spots (omahanash.history.table_fast) against the full solve on
the same spots, the hero's EVs on deals of the hero's cards, reuse of quick solves, and a
stopped review keeping what it judged."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from omahanash import cli
from omahanash.equity.tables import load_table
from omahanash.errors import Cancelled
from omahanash.history import table_fast
from omahanash.history.hands import Action, Hand
from omahanash.history.hero_values import hero_deals, hero_values
from omahanash.history.review import review
from omahanash.history.table_fast import FastJudge
from omahanash.history.table_review import TableSettings, pushfold_spot
from omahanash.history.table_spots import find_table_spot
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.runs import CancelFlag

SNG = Path(__file__).resolve().parents[1] / "data" / "table_history" / \
    "ps_sng_6max_9max_holdem.txt"
# The full solve the test compares against: more deals and iterations than the quick solves
# (scaled down below with them, so that the test stays short; the bench measures the
# defaults on 1,000 hands).
REFERENCE = dict(iterations=30, deals=12_000, seed=0)
#: A verdict may differ from the full solve's only where the full solve's EV difference
#: of the hand is within this share of the prize pool (%), and the EV lost differs by at
#: most as much: the full solve's own noise at these settings.
TOLERANCE_POOL_PCT = 1.0


@pytest.fixture(scope="module")
def small_quick():
    """Quick solves at a third of their deals (the file's 9-handed table stays seconds)."""
    patch = pytest.MonkeyPatch()
    patch.setattr(table_fast, "QUICK_DEALS_HOLDEM", 8_000)
    patch.setattr(table_fast, "HERO_DEALS", 3_000)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def both(small_quick, tmp_path_factory):
    cache = tmp_path_factory.mktemp("fast-cache")
    fast = review([SNG], hero="Hero", cache_dir=cache, persist=False,
                  table_settings=TableSettings(**REFERENCE, precise=False))
    full = review([SNG], hero="Hero", cache_dir=cache, persist=False,
                  table_settings=TableSettings(**REFERENCE))
    return fast, full


def test_every_fast_verdict_equals_the_full_solves_or_is_within_the_tolerance(both):
    fast, full = both
    assert [s.players for s in fast.spots] == [6, 4, 9, 3, 3]
    assert [(s.hand_id, s.node, s.action) for s in fast.spots] == \
        [(s.hand_id, s.node, s.action) for s in full.spots]
    assert {s.precision for s in full.spots} == {"full"}
    assert {s.precision for s in fast.spots} <= {"fast", "full"}
    exceptions = []
    for quick, reference in zip(fast.spots, full.spots):
        if quick.precision == "full":  # a close one: judged on the same full solve
            assert quick.verdict == reference.verdict
            assert quick.ev_lost_bb == pytest.approx(reference.ev_lost_bb, abs=1e-9)
            continue
        assert quick.ev_diff_error is not None and quick.ev_diff_error > 0
        # resolved: the sign of the EV difference is beyond its uncertainty
        assert abs(quick.diff_ev) > table_fast.Z * quick.ev_diff_error
        if quick.verdict != reference.verdict:
            to_pct = 100.0 / 100.0  # prize units of a 100 pool: % of the pool
            exceptions.append((quick.hand_id, quick.verdict, reference.verdict,
                               reference.play_ev - reference.fold_ev_unit,
                               quick.ev_lost_pool_pct - reference.ev_lost_pool_pct))
            assert abs(reference.play_ev - reference.fold_ev_unit) * to_pct \
                <= TOLERANCE_POOL_PCT, exceptions
            assert abs(exceptions[-1][-1]) <= TOLERANCE_POOL_PCT, exceptions
    # the judgement itself (a mistake or not, and which action is best) is the same
    assert [s.best_action for s in fast.spots] == [s.best_action for s in full.spots]


def test_a_stop_keeps_every_spot_judged_before_it(both, tmp_path, monkeypatch):
    flag = CancelFlag()
    judge = FastJudge.judge
    calls = []

    def stop_at_the_third(self, spot, game):
        calls.append(game)
        if len(calls) == 3:
            flag.cancel()  # Stop pressed after two table spots were judged
        return judge(self, spot, game)

    monkeypatch.setattr(FastJudge, "judge", stop_at_the_third)

    def progress(done, total):
        pass

    settings = TableSettings(**REFERENCE, precise=False)
    kept = review([SNG], hero="Hero", cache_dir=tmp_path, persist=False, cancel=flag,
                  progress=progress, table_settings=settings, keep_stopped=True)
    assert kept.stopped and len(kept.spots) == 2
    assert kept.summary()["stopped"] is True
    first = both[0]  # the same review, not stopped
    assert not first.stopped
    assert [s.as_dict() for s in kept.spots] == [s.as_dict() for s in first.spots
                                                 if s.hand_id in {k.hand_id for k in
                                                                  kept.spots}]
    flag = CancelFlag()
    calls.clear()
    with pytest.raises(Cancelled) as stopped:
        review([SNG], hero="Hero", cache_dir=tmp_path, persist=False, cancel=flag,
               progress=progress, table_settings=settings)
    assert [s.hand_id for s in stopped.value.report.spots] == \
        [s.hand_id for s in kept.spots]


def _hand(stacks: dict[str, float], cards: str = "Ah Ad") -> Hand:
    return Hand(hand_id="9", source="f", line=1, variant="holdem", limit="no-limit", sb=50,
                bb=100, stacks=stacks, posts={"B": 50, "C": 100}, small_blind="B",
                big_blind="C", cards={"A": cards}, button="A",
                actions=[Action("A", "fold", 0, False)])


def test_spots_that_round_alike_share_quick_solves_and_near_ones_start_warm(small_quick):
    judge = FastJudge(persist=False)
    spots = [find_table_spot(_hand({"A": a, "B": b, "C": 1000}), "A")
             for a, b in ((1000, 1000), (1004, 1000), (1060, 1000), (1800, 400))]
    found = [judge.judge(spot, pushfold_spot(spot, "50/30/20")) for spot in spots]
    # aces on the button push by far: one quick solve (seed 1) a table suffices
    assert judge.counts == {"quick_solves": 3, "shared": 1, "warm": 1, "full": 0}
    # shared strategies, but each spot's EVs are its own stacks'
    assert found[0].fold_ev != found[1].fold_ev
    assert all(f.precision == "fast" and f.frequency == 1.0 for f in found)


def test_the_heros_evs_on_its_own_deals_match_the_solutions_lookup():
    """The same strategies, the hero's values measured two ways: the solve's own lookup over
    400,000 deals, and the hero's deals; they agree within the stated errors."""
    table = load_table("holdem")
    spot = PushFoldSpot("holdem", [1200, 800, 1000], 50, 100, payouts="50/30/20")
    solution = solve_pushfold(spot, iterations=30, deals=400_000, table=table)
    for cards, node_name in (("Kh Qd", "BTN"), ("9c 9d", "BB vs BTN"),
                             ("As 5s", "SB vs BTN")):
        node = spot.find_node(node_name)
        deals = hero_deals(spot, table, node.player, cards, 40_000, seed=5)
        values = hero_values(solution.solver, node, cards, deals)
        looked = solution.lookup(cards, node_name)
        assert 0 < values.error < 0.2
        assert values.diff == pytest.approx(looked["diff_ev"], abs=5 * values.error + 0.05)
        assert values.play_ev == pytest.approx(looked["play_ev"], abs=0.3)
    # the hero's seat holds its class; the other seats hold aces only as the two aces left
    # (1 hand in 1,225, against 6 in 1,326 without the hero's cards: ~33 of 40,000 seats)
    deals = hero_deals(spot, table, 0, "Ah Ad", 20_000, seed=1)
    assert sum(batch.rows for batch in deals) == 20_000
    aces = table.position(0)
    assert all(np.all(batch.classes[:, 0] == aces) for batch in deals)
    others = sum(int(np.count_nonzero(batch.classes[:, 1:] == aces)) for batch in deals)
    assert 10 <= others <= 70


def test_the_command_line_judges_fast_or_precise_and_says_so(tmp_path, capsys):
    argv = ["review", str(SNG), "--hero", "Hero", "--json", "--cache-dir", str(tmp_path),
            "--table-iterations", "2", "--table-deals", "300"]
    assert cli.main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["precision"] == {"full": 5} and data["stopped"] is False
    assert {s["precision"] for s in data["spots_detail"]} == {"full"}
    assert all(s["ev_diff_error"] is None for s in data["spots_detail"])
    assert cli.main(argv + ["--precise"]) == 0
    assert json.loads(capsys.readouterr().out)["spots_detail"] == data["spots_detail"]
