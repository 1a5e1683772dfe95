"""Charts (omahanash.pushfold.chart): one seeded push/fold solve per stack, the same bits here
and on a real LocalCluster of two worker processes, resumable, and equal to solving each spot
alone."""

from __future__ import annotations

import json

import numpy as np
import pytest

from omahanash.cli import main
from omahanash.errors import Cancelled, InputError
from omahanash.pushfold import solve_pushfold
from omahanash.pushfold.chart import ChartSettings, parse_stack_grid, solve_chart
from omahanash.runs import CancelFlag

TINY = {"iterations": 8, "deals": 2_000, "payouts": "50/30/20", "seed": 3}


def one_thread():
    """numba on one thread (:func:`omahanash.cluster.numba_threads`): on a loaded 2-core host
    each tiny solve here takes 5x longer with two (every parallel kernel call waits for a
    descheduled thread); the results do not depend on the thread count."""
    from omahanash.cluster import numba_threads

    return numba_threads(1)


@pytest.fixture(scope="module")
def here():
    """The chart computed in this process on all of numba's threads (the other tests run
    one thread, each worker one: the same bits)."""
    return solve_chart("holdem", 3, [3, 12], **TINY)


def test_same_bits_in_this_process_and_on_two_workers(here, cluster):
    # the workers run numba with cores // 2 threads each, this process with all cores
    there = solve_chart("holdem", 3, [3, 12], scheduler=cluster.scheduler_address, **TINY)
    assert there.rows.tobytes() == here.rows.tobytes()
    assert there.document() == here.document()


def test_each_row_is_the_solve_of_that_spot(here):
    settings = ChartSettings("holdem", 3, payouts="50/30/20", iterations=8, deals=2_000,
                             seed=3)
    with one_thread():
        alone = solve_pushfold(settings.spot([12, 12, 12]), iterations=8, deals=2_000, seed=3)
    strategy = alone.strategy()
    for node in alone.nodes:
        assert np.array_equal(here.play(1, node.name), strategy[node.index])
    summary = {row["node"]: row for row in alone.node_summary()}
    assert here.percent(1, "SB vs BTN") == summary["SB vs BTN"]["percent"]
    assert here.nash_conv(1) == alone.nash_conv and here.iterations(1) == 8
    chips, prize = here.ev(1)
    assert chips.sum() == pytest.approx(0.0, abs=1e-9)  # chips only move between players
    assert prize.sum() == pytest.approx(100.0, abs=1e-9)  # the whole pool is paid out
    # deeper stacks: the button pushes less (3 bb against 12 bb; 31 % / 26 % at 20
    # iterations, and from 8 on — the average of the first few iterates can say otherwise)
    assert here.percent(0, "BTN") > here.percent(1, "BTN")


def test_stack_vectors_and_range_text(here):
    with one_thread():
        chart = solve_chart("holdem", 3, [[2, 10, 15]], iterations=4, deals=2_000)
    doc = chart.document()
    assert doc["spots"][0]["stacks"] == [200.0, 1000.0, 1500.0] and doc["model"] == "chips"
    btn = doc["spots"][0]["nodes"][0]
    assert btn["node"] == "BTN" and len(btn["play"]) == 169 and len(doc["classes"]) == 169
    # the range text holds exactly the classes played more than half the time
    from omahanash.ranges import parse_range

    parsed = parse_range(btn["range"], "holdem").weights
    assert np.array_equal(parsed > 0, np.array(btn["play"]) > 0.5)
    assert chart.range_text(0, "BB vs BTN+SB") is not None


def test_cancel_then_resume_gives_the_same_chart(here, tmp_path):
    store = tmp_path / "chart.job"
    flag = CancelFlag()
    seen: list[tuple[int, int]] = []

    def stop_after_one(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 1:
            flag.cancel()

    with one_thread(), pytest.raises(Cancelled):
        solve_chart("holdem", 3, [3, 12], store_path=store, progress=stop_after_one,
                    cancel=flag, **TINY)
    assert not store.exists() and store.with_name("chart.job.partial").exists()
    resumed: list[tuple[int, int]] = []
    with one_thread():
        chart = solve_chart("holdem", 3, [3, 12], store_path=store,
                            progress=lambda d, t: resumed.append((d, t)), **TINY)
    assert resumed[0] == (1, 2)  # the finished stack is not solved again
    assert chart.rows.tobytes() == here.rows.tobytes()


def test_bad_charts_name_the_argument():
    with pytest.raises(InputError, match="--stacks-bb"):
        parse_stack_grid("2:x:1")
    with pytest.raises(InputError, match="--players"):
        solve_chart("holdem", 11, [5])
    with pytest.raises(InputError, match="stacks"):
        solve_chart("holdem", 3, [[5, 5]])
    with pytest.raises(InputError, match="payouts"):
        solve_chart("holdem", 3, [5], payouts="50/30/20/10/5", iterations=1, deals=100)


def test_command_writes_the_chart(tmp_path, capsys, here):
    out = tmp_path / "c.json"
    with one_thread():
        code = main(["chart", "--game", "holdem", "--players", "3", "--stacks-bb", "3:12:9",
                     "--payouts", "50/30/20", "--iterations", "8", "--deals", "2000",
                     "--seed", "3", "--out", str(out), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert [s["stacks_bb"][0] for s in summary["spots"]] == [3.0, 12.0]
    written = json.loads(out.read_text())
    assert written["spots"][0] == here.document()["spots"][0]  # 3 bb: the same solve
    assert not (tmp_path / "c.json.job").exists()
    assert main(["chart", "--game", "holdem", "--players", "3", "--out", str(out)]) == 2
    assert "--stacks-bb" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_omaha_chart_on_a_class_subset_is_the_solve_of_each_spot(game, omaha_subset_cache,
                                                                  omaha_subset_ids,
                                                                  omaha_tables, cluster):
    """An Omaha chart on the 12-class tables: each row is the spot solved alone on that table
    (the subset's deals), the classes are the subset's, and two workers give the same bits."""
    ids = omaha_subset_ids
    args = {"iterations": 4, "deals": 3_000, "payouts": "50/30/20", "seed": 2,
            "cache_dir": str(omaha_subset_cache), "class_ids": ids}
    with one_thread():
        chart = solve_chart(game, 3, [4, 9], **args)
    spot = ChartSettings(game, 3, payouts="50/30/20").spot([9, 9, 9])
    alone = solve_pushfold(spot, iterations=4, deals=3_000, seed=2, table=omaha_tables[game])
    assert chart.play(1, "BTN").tolist() == alone.strategy()[0].tolist()
    assert chart.nash_conv(1) == alone.nash_conv
    doc = chart.document()
    assert len(doc["classes"]) == 12 and len(doc["spots"][0]["nodes"][0]["play"]) == 12
    from omahanash.hands import class_cards

    assert doc["classes"][0] == class_cards("omaha", ids[0])
    assert doc["spots"][0]["nodes"][0]["range"] is None  # no range text for Omaha
    there = solve_chart(game, 3, [4, 9], scheduler=cluster.scheduler_address, **args)
    assert there.rows.tobytes() == chart.rows.tobytes()


def test_a_class_subset_is_for_omaha():
    with pytest.raises(InputError, match="--classes"):
        solve_chart("holdem", 3, [5], class_ids=[0, 1], iterations=1, deals=100)


def test_a_store_made_on_another_table_is_not_resumed(tmp_path, omaha_subset_ids):
    """A chart's store records its Omaha table: after the table is rebuilt otherwise in the
    same place, the same call solves again on the new table (it served the old table's rows),
    and this process loads the new table (it kept its copy of the old one)."""
    from omahanash.equity.table_build import build_table

    cache = tmp_path / "cache"
    build_table("omaha-hi", samples=4, seed=1, cache_dir=cache, class_ids=omaha_subset_ids)
    args = {"iterations": 3, "deals": 2_000, "seed": 1, "cache_dir": str(cache),
            "class_ids": omaha_subset_ids}
    store = tmp_path / "c.json.job"
    with one_thread():
        first = solve_chart("omaha-hi", 3, [5], store_path=store, **args)
        assert solve_chart("omaha-hi", 3, [5], store_path=store,
                           **args).rows.tobytes() == first.rows.tobytes()  # a store is used
        build_table("omaha-hi", samples=4, seed=2, cache_dir=cache, class_ids=omaha_subset_ids)
        second = solve_chart("omaha-hi", 3, [5], store_path=store, **args)
        fresh = solve_chart("omaha-hi", 3, [5], **args)
    assert second.rows.tobytes() == fresh.rows.tobytes()
    assert second.rows.tobytes() != first.rows.tobytes()
