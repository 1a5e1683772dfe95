"""The Jam-fold tab's rules without Qt (:mod:`ui.jamfold.model`): what the inputs ask for,
which field a library message belongs to, the live curve, the read-outs and the stale mark.
``lint-imports`` keeps the model free of PySide6 (the "models-without-qt" contract)."""

from __future__ import annotations

import pytest

from omahanash.jamfold import IterationReport, JamFoldParams, JamFoldSolution
from ui.jamfold.model import (
    JamFoldInputs,
    LiveHistory,
    check_inputs,
    history_points,
    read_hand,
    report_texts,
    same_game,
    stale_text,
)
from ui.kit.units import BIG_BLINDS, CHIPS, percent_text, played_text


def inputs(**changes: str) -> JamFoldInputs:
    fields = {"variant": "holdem", "unit": CHIPS, "ante": "0", "sb": "5", "bb": "10",
              "player1": "100", "player2": "100", "iterations": "", "solver": "cfr+"}
    fields.update(changes)
    return JamFoldInputs(**fields)


def test_a_valid_form_asks_for_the_game_it_shows():
    checked = check_inputs(inputs(ante="1", player2="150", iterations="2,000"))
    assert checked.errors == {}
    params, solver, iterations = checked.request
    assert params == JamFoldParams("holdem", sb=5, bb=10, ante=1, stacks=(100, 150))
    assert (solver, iterations) == ("cfr+", 2000)
    assert checked.blinds == (5.0, 10.0, 1.0)


def test_big_blinds_are_read_by_the_bb_in_chips():
    checked = check_inputs(inputs(unit=BIG_BLINDS, sb="0.5", bb="20", ante="0.1",
                                  player1="12.5", player2="30"))
    assert checked.request.params.stacks == (250.0, 600.0)
    assert checked.request.params.ante == pytest.approx(2.0)
    assert checked.blinds == pytest.approx((10.0, 20.0, 2.0))


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"sb": "20"}, "bb", "BB must be at least SB (20)"),
    ({"sb": "0"}, "sb", "SB must be > 0"),
    ({"ante": "-1"}, "ante", "ante must be >= 0"),
    ({"ante": "95"}, "player1", "stack S1 must exceed SB + ante (100)"),
    ({"player2": "10"}, "player2", "stack S2 must exceed BB + ante (10)"),
    ({"player1": "1e13"}, "player1", "at most 1e+12 chips"),
    ({"bb": "inf"}, "bb", "BB must be a finite number"),
])
def test_the_library_judges_and_its_message_goes_beside_the_field_it_names(changes, field,
                                                                           words):
    checked = check_inputs(inputs(**changes))
    assert checked.request is None
    assert list(checked.errors) == [field] and words in checked.errors[field]


def test_text_that_is_not_a_number_is_the_forms_own_message():
    checked = check_inputs(inputs(player1="lots", iterations="1.5"))
    assert checked.request is None
    assert checked.errors["player1"] == "the Player1 stack must be a number, not 'lots'"
    assert "positive whole number" in checked.errors["iterations"]
    assert checked.blinds == (5.0, 10.0, 0.0)  # the Nash chart still gets the blinds


def test_in_big_blinds_a_message_says_what_1_bb_is():
    checked = check_inputs(inputs(unit=BIG_BLINDS, sb="0.5", player2="1", ante="0.1"))
    assert checked.errors == {"player2": "stack S2 must exceed BB + ante (11), got "
                                         "stacks[1]=10 (in chips: 1 bb = 10 chips)"}
    # without a BB nothing converts: no message about the others, no request
    checked = check_inputs(inputs(unit=BIG_BLINDS, bb=""))
    assert checked.request is None and list(checked.errors) == ["bb"]
    assert "above 0" in check_inputs(inputs(unit=BIG_BLINDS, bb="0")).errors["bb"]


def test_live_history_reads_only_new_reports_and_thins_the_plot():
    reports = tuple(IterationReport(i, 0.0, 0.0, 1.0 / i, 50.0, 40.0) for i in range(1, 5001))
    live = LiveHistory(5000)
    assert live.update(reports[:10]).iteration == 10
    assert live.update(reports[:10]) is None  # nothing new
    assert live.update(reports).iteration == 5000 and live.seen == 5000
    points = live.points()
    assert 300 < len(points) <= 601
    assert points[0] == [1.0, 1.0] and points[-1] == [5000.0, pytest.approx(1 / 5000)]
    assert history_points(list(reports)) == points


def test_report_texts_follow_the_unit():
    report = IterationReport(300, 12.5, -2.5, 5.0, 58.3, 37.06)
    chips = report_texts(report, 1000, CHIPS, 10.0, "words")
    assert chips["Iterations"] == ("300/1000", None)
    assert chips["Range CA: Player2"][0] == "37.06%"
    assert chips["PostEV Player1"] == ("12.5000", "1.2500 bb")
    assert chips["Epsilon"] == ("5", "words")
    big = report_texts(report, 1000, BIG_BLINDS, 10.0)
    assert big["PostEV Player2"] == ("-0.2500 bb", "-2.5000 chips")
    assert big["Epsilon"] == ("0.5 bb", "5 chips")


@pytest.fixture(scope="module")
def holdem() -> JamFoldSolution:
    solution = JamFoldSolution.create(JamFoldParams("holdem", stacks=100), "cfr+")
    solution.run(50)
    return solution


def test_read_hand_shows_the_hand_as_typed_with_its_class(holdem):
    hand = read_hand(holdem, "Ad Ac", "pusher")
    assert (hand.cards, hand.name, hand.id) == ("Ad Ac", "AA", 0)
    assert hand.fold_ev == -5.0 and hand.diff_ev == pytest.approx(hand.allin_ev + 5.0)
    caller = read_hand(holdem, "7h 2d", "caller")
    assert (caller.cards, caller.name, caller.fold_ev) == ("7h 2d", "72o", -10.0)
    assert read_hand(holdem, "163", "pusher").cards == holdem.lookup(163).cards  # an id
    with pytest.raises(ValueError, match="has 4 cards, expected 2"):
        read_hand(holdem, "Qh Jh Tc 9c", "pusher")


def test_omaha_classes_read_as_players_say_them():
    from omahanash.hands import class_description, parse_class

    for cards, words in (("Qh Jh Tc 9c", "Q-J-T-9 double-suited"),
                         ("As Ks Qd Jc", "A-K-Q-J single-suited"),
                         ("Ah Ad 7c 2s", "A-A-7-2 rainbow"),
                         ("Ks Qs Js 2d", "K-Q-J-2 three of a suit"),
                         ("9h 8h 7h 6h", "9-8-7-6 four of a suit")):
        assert class_description("omaha", parse_class(cards, "omaha")) == words


def test_same_game_and_stale_text():
    a = JamFoldParams("holdem", sb=5, bb=10, stacks=(100, 150))
    b = JamFoldParams("holdem", sb=0.5 * 10, bb=10, stacks=(10 * 10.000000000001, 150))
    assert same_game(a, b)
    assert not same_game(a, JamFoldParams("omaha-hi", sb=5, bb=10, stacks=(100, 150)))
    assert not same_game(a, JamFoldParams("holdem", sb=5, bb=10, stacks=(90, 150)))
    assert "Texas Hold'em, SB 5 / BB 10, ante 0, stacks 100 / 150 chips" in stale_text(a)


@pytest.mark.parametrize("p", [0.0, 1e-7, 0.00004, 0.00005, 0.004, 0.0123, 0.5, 0.9876,
                               0.996, 0.99994, 0.99995, 0.999999, 1.0])
def test_one_rounding_rule_for_lookup_and_range_cells(p):
    lookup, cell = played_text(p), percent_text(p)
    assert (lookup == "100%") == (cell == "100%")
    assert (lookup == "0%") == (cell == "0%")
    if 0.00005 <= p <= 0.99994:
        assert lookup not in ("0%", "100%") and cell not in ("0%", "100%")
