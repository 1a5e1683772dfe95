"""Lookup, save/reopen (and refusing bad files), export."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.hands import class_cards, parse_class
from omahanash.jamfold import JamFoldParams, JamFoldSolution

from .conftest import SUBSET_IDS

PARAMS = JamFoldParams(variant="omaha-hi", sb=5, bb=10, ante=2, stacks=(150, 90))


@pytest.fixture(scope="module")
def solved(subset_table):
    solution = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    solution.run(iterations=200)
    return solution


def test_lookup_by_id_or_cards_reports_the_class_against_the_opponent(solved):
    by_cards = solved.lookup("Kd Kc 3h 8s", player="caller")  # any order, any suits
    class_id = parse_class("Kc Kd 8s 3h", "omaha")
    assert by_cards == solved.lookup(str(class_id), "CA") == solved.lookup(class_id, "2")
    assert by_cards.player == "caller" and by_cards.as_dict()["player"] == "ca"
    assert by_cards.id == class_id and by_cards.cards == class_cards("omaha", class_id)
    position = solved.game.table.position(class_id)
    assert by_cards.played == solved.call_strategy[position]
    assert by_cards.fold_ev == -(PARAMS.bb + PARAMS.ante)
    assert by_cards.diff_ev == pytest.approx(by_cards.allin_ev - by_cards.fold_ev)
    pusher = solved.lookup(class_id, player="pusher")
    assert pusher == solved.lookup(class_id, "pu")  # the thesis's name works too
    assert pusher.fold_ev == -(PARAMS.sb + PARAMS.ante)
    assert pusher.played == solved.push_strategy[position]
    # Near equilibrium a class is played only when it gains, and folded when it loses.
    for player, strategy in (("pusher", solved.push_strategy),
                             ("caller", solved.call_strategy)):
        for k, class_id in enumerate(SUBSET_IDS):
            diff = solved.lookup(class_id, player).diff_ev
            if diff > 0.05:
                assert strategy[k] > 0.99
            if diff < -0.05:
                assert strategy[k] < 0.01
    with pytest.raises(InputError, match="not in this table"):
        solved.lookup("As Ks Qs Js", player="pusher")
    with pytest.raises(InputError, match="player must be pu or ca"):
        solved.lookup(class_id, "sb")


def test_save_and_reopen_keep_everything(solved, subset_table, tmp_path):
    path = solved.save(tmp_path / "run.jamfold")
    reopened = JamFoldSolution.load(path, table=subset_table)
    assert reopened.params == PARAMS and reopened.solver == "cfr+"
    assert reopened.iterations == 200
    assert reopened.history == solved.history
    np.testing.assert_array_equal(reopened.push_strategy, solved.push_strategy)
    assert reopened.lookup("Kc Kd 8s 3h", "ca") == solved.lookup("Kc Kd 8s 3h", "ca")
    assert not list(tmp_path.glob(".*tmp*"))  # the temporary file was renamed away


def test_bad_save_files_are_refused(solved, subset_table, other_seed_table, tmp_path):
    path = solved.save(tmp_path / "run.jamfold")
    data = path.read_bytes()
    refused = r"^cannot read .+: not an omahanash jam-fold solution \("
    cases = {
        "truncated.jamfold": (data[: len(data) // 2], refused + "truncated"),
        "short.jamfold": (data[:30], refused + "truncated"),
        "damaged.jamfold": (data[:100] + bytes([data[100] ^ 1]) + data[101:],
                            refused + "damaged header"),
        "payload.jamfold": (data[:-9] + bytes([data[-9] ^ 1]) + data[-8:],
                            refused + r"damaged data \(checksum mismatch\)"),
        "foreign.jamfold": (b"PK\x03\x04" + data[4:], refused + "a zip archive"),
        "empty.jamfold": (b"", refused + "empty file"),
    }
    for name, (content, message) in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(InputError, match=message):
            JamFoldSolution.load(tmp_path / name, table=subset_table)
    with pytest.raises(InputError, match="saved on another omaha-hi equity table"):
        JamFoldSolution.load(path, table=other_seed_table)
    with pytest.raises(InputError, match=refused + "no such file"):
        JamFoldSolution.load(tmp_path / "missing.jamfold", table=subset_table)
    with pytest.raises(InputError, match=refused + "a directory"):
        JamFoldSolution.load(tmp_path, table=subset_table)


def test_export_csv_and_json_list_every_class(solved, tmp_path):
    solved.export(tmp_path / "run.csv", "csv")
    with open(tmp_path / "run.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["id"]) for r in rows] == SUBSET_IDS
    document = json.loads(solved.export(tmp_path / "run.json", "JSON").read_text())
    assert document["params"]["stacks"] == [150.0, 90.0] and document["iterations"] == 200
    assert document["table"]["seed"] == 7 and document["table"]["class_ids"] == SUBSET_IDS
    for k, (row, item) in enumerate(zip(rows, document["classes"])):
        assert row["cards"] == item["cards"] == class_cards("omaha", SUBSET_IDS[k])
        assert int(row["combos"]) == item["combos"] == int(solved.game.combos[k])
        assert float(row["push_pct"]) == pytest.approx(100 * solved.push_strategy[k], abs=1e-4)
        assert item["call_pct"] == pytest.approx(100 * solved.call_strategy[k], abs=1e-4)
        lookup = solved.lookup(SUBSET_IDS[k], player="caller")
        assert item["call_ev"] == pytest.approx(lookup.allin_ev, abs=1e-6)
        assert float(row["pu_fold_ev"]) == -7.0
    with pytest.raises(InputError, match="csv or json"):
        solved.export(tmp_path / "run.xml", "xml")
