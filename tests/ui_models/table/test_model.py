"""The Table tab's rules without Qt: the form read into a spot (each bad field named), seats,
staleness, node and hand rows, the lookup's read-out and the ICM panel against the library."""

from __future__ import annotations

import math

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot, bubble_factors, icm, solve_pushfold
from ui.table.model import (
    TableInputs,
    TableModel,
    bubble_matrix,
    button_seat,
    check_inputs,
    hand_rows,
    icm_rows,
    lookup_text,
    node_rows,
    open_push,
    parse_locks,
    seat_places,
)

SPOT = dict(stacks=["1500", "1000", "800"], sb="50", bb="100", payouts="50/30/20")


@pytest.fixture(scope="module")
def solution():
    spot = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
    return solve_pushfold(spot, iterations=8, deals=4000, seed=3)


def test_the_model_imports_no_qt():
    import importlib

    for name in ("ui.table.model", "ui.table.jobs"):
        module = importlib.import_module(name)
        assert not any(line.startswith(("from PySide6", "import PySide6"))
                       for line in open(module.__file__).read().splitlines())


def test_a_valid_form_is_the_library_spot():
    request = check_inputs(TableInputs(**SPOT, ante="10", bb_ante="20", deals="5000",
                                       seed="7", iterations="12")).request
    assert request is not None
    assert request.spot == PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, 10,
                                        "50/30/20", 20)
    assert (request.deals, request.seed, request.iterations) == (5000, 7, 12)


def test_stacks_in_big_blinds_are_converted_by_the_bb():
    spot = check_inputs(TableInputs(**{**SPOT, "stacks": ["15", "10", "8"]}, unit="bb")).spot
    assert spot is not None and spot.stacks == (1500.0, 1000.0, 800.0)


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"stacks": ["1500", "x", "800"]}, "stack1", "stack 2"),
    ({"stacks": ["1500", "1e13", "800"]}, "stack1", "at most 1e+12 chips"),
    ({"sb": "200"}, "sb", "must not be larger than BB"),
    ({"bb": ""}, "bb", "enter the BB"),
    ({"payouts": "50/30/20/10"}, "payouts", "4 places"),
    ({"payouts": "bogus"}, "payouts", "payouts"),
    ({"ante": "-1"}, "ante", "ante"),
    ({"iterations": "0"}, "iterations", "at least 1"),
    ({"deals": "many"}, "deals", "deals"),
    ({"locks": "CO=top 20%"}, "locks", "no node"),
    ({"locks": "BTN top 20%"}, "locks", "NODE=RANGE"),
])
def test_bad_input_is_named_at_its_field(change, field, words):
    checked = check_inputs(TableInputs(**{**SPOT, **change}))
    assert checked.request is None
    assert list(checked.errors) == [field]
    assert words in checked.errors[field]


@pytest.mark.parametrize(("argument", "field"), [
    ("stacks[2]", "stack2"), ("stacks", "stack0"), ("bb_ante", "bb_ante"), ("payouts", "payouts"),
    (None, "sb"),
])
def test_a_library_error_goes_to_the_field_its_argument_names(monkeypatch, argument, field):
    """By ``InputError.argument``, never by the words: a message that starts like another
    field's ("payouts ...") still goes where its argument says."""
    import omahanash.pushfold as pushfold

    def refuse(*args, **kwargs):
        raise InputError.naming(argument, "payouts sb stack 1: words that name other fields")

    monkeypatch.setattr(pushfold, "PushFoldSpot", refuse)
    checked = check_inputs(TableInputs(**SPOT))
    assert checked.errors == {field: "payouts sb stack 1: words that name other fields"}


def test_chips_model_needs_no_payouts():
    spot = check_inputs(TableInputs(**{**SPOT, "payouts": ""}, model="Chips")).spot
    assert spot is not None and spot.model == "chips"


def test_locks_are_named_by_the_library_node():
    request = check_inputs(TableInputs(**SPOT, locks="sb vs btn = 22+; BTN=fold")).request
    assert request is not None and request.locks == {"SB vs BTN": "22+", "BTN": "fold"}
    assert parse_locks("") == {}


def test_seats_and_the_button():
    assert button_seat(3) == 0 and button_seat(9) == 6 and button_seat(2) == 0
    places = seat_places(6)
    assert len(places) == 6
    assert places[-1] == pytest.approx((0.0, 1.0))  # the big blind at the bottom
    assert all(math.hypot(x, y) == pytest.approx(1.0) for x, y in places)


def test_staleness_follows_the_inputs(solution):
    model = TableModel()
    model.check(TableInputs(**SPOT, deals="4000", seed="3"))
    assert model.request is not None
    model.accept(solution, model.request.key())
    assert not model.stale()
    model.check(TableInputs(**SPOT, deals="4000", seed="3", iterations="50"))
    assert not model.stale(), "the iteration count does not change the spot"
    model.check(TableInputs(**{**SPOT, "stacks": ["1500", "1000", "900"]}, deals="4000",
                            seed="3"))
    assert model.stale()
    model.check(TableInputs(**{**SPOT, "sb": "500"}))  # invalid: stale too
    assert model.stale()


def test_rows_are_the_library_values(solution):
    summary = solution.node_summary()
    rows = node_rows(solution)
    assert [r[0] for r in rows] == [s["node"] for s in summary]
    assert rows[0][2] == pytest.approx(summary[0]["percent"], abs=0.01)
    pushes = open_push(solution)
    assert pushes[0] == f"pushes {summary[0]['percent']:.1f}%"
    assert pushes[2].startswith("calls") and pushes[2].endswith("vs SB")
    hands = {r["name"]: r for r in hand_rows(solution, "SB vs BTN")}
    looked = solution.lookup("AKo", "SB vs BTN")
    assert hands["AKo"]["play_pct"] == pytest.approx(looked["play_pct"])
    assert hands["AKo"]["play_pool"] == pytest.approx(100 * looked["play_ev"] / 100.0)
    assert hands["AKo"]["fold_pool"] == pytest.approx(100 * looked["fold_ev"] / 100.0)
    assert hands["72o"]["play_bb"] is not None and hands["72o"]["play_bb"] < 0


def test_lookup_text_reads_the_library_lookup(solution):
    data, text = lookup_text(solution, "As Kh", "BTN")
    assert data == solution.lookup("As Kh", "BTN")
    assert f"push {data['play_pct']:.2f}%" in text
    from omahanash.errors import InputError

    with pytest.raises(InputError):
        lookup_text(solution, "Zz", "BTN")


def test_icm_panel_is_on_icm():
    spot = PushFoldSpot("holdem", [5000, 3000, 2000, 1000], 50, 100, payouts="50/30/20")
    rows = icm_rows(spot)
    equity = icm(spot.stacks, "50/30/20")
    assert [r[3] for r in rows] == pytest.approx(np.round(equity, 4).tolist())
    assert sum(r[4] for r in rows) == pytest.approx(100.0, abs=0.01)
    assert np.allclose(bubble_matrix(spot), bubble_factors(spot.stacks, "50/30/20"),
                       equal_nan=True)
    chips = PushFoldSpot("holdem", [500, 500], 5, 10)
    assert [r[4] for r in icm_rows(chips)] == [50.0, 50.0]


def test_continue_runs_on_a_copy(solution):
    clone = solution.solver.copy()
    clone.step(2)
    assert clone.iterations == solution.iterations + 2
    assert solution.iterations == 8
    assert not np.shares_memory(clone.avg_sum, solution.solver.avg_sum)


def test_seat_evs_make_the_chip_pass_once(solution):
    from ui.table.model import chip_values, ev_rows

    rows, library = ev_rows(solution), solution.ev
    assert [r["chips"] for r in rows] == pytest.approx([r["chips"] for r in library])
    assert [r["prize"] for r in rows] == pytest.approx([r["prize"] for r in library])
    assert chip_values(solution) is chip_values(solution)
    clone = solve_pushfold(solution.spot, iterations=1, resume_from=solution)
    assert chip_values(clone) is not chip_values(solution)
