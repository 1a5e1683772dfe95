"""Range parser: errors name the token and its column; properties over arbitrary text;
Hold'em text round trip; the Range type; the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omahanash.cli import main
from omahanash.errors import InputError
from omahanash.hands import class_combos
from omahanash.ranges import Range, RangeError, all_hands, hand_classes, parse_range

ALPHABET = "AKQJT98765432shdcwxyzRON*[]-+,:!()@$%.01 BWLFNdsnprto"


@pytest.mark.parametrize(("text", "game", "token", "position"), [
    ("AA, KX+", "holdem", "KX+", 5),
    ("AA, ZZ9%", "holdem", "ZZ9%", 5),
    ("", "holdem", "", 1),
    ("AA,,KK", "holdem", ",", 4),
    ("AKQ", "holdem", "AKQ", 1),
    ("AAs", "holdem", "AAs", 1),
    ("AA:xxyy", "holdem", "xxyy", 4),
    ("AA@2", "omaha", "@2", 3),
    ("AA$ds", "omaha", "$ds", 3),
    ("$Q", "omaha", "$Q", 1),
    ("top 101%", "omaha", "top 101%", 1),
    ("10%-5%", "omaha", "10%-5%", 1),
    ("(AA, KK", "omaha", "(AA", 1),
    ("[K-X]", "omaha", "[K-X]", 1),
    ("AK-QJT", "omaha", "AK-QJT", 1),
    ("AAKKQ", "omaha", "AAKKQ", 1),
    ("$ss", "holdem", "$ss", 1),
])
def test_errors_name_the_token_and_column(text, game, token, position):
    with pytest.raises(RangeError) as caught:
        parse_range(text, game)
    assert (caught.value.token, caught.value.position) == (token, position)
    assert isinstance(caught.value, InputError)
    if text:
        assert f"column {position}" in str(caught.value) and repr(token) in str(caught.value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=14), st.sampled_from(["holdem", "omaha"]))
def test_any_text_gives_a_range_or_an_input_error(text, game):
    try:
        result = parse_range(text, game)
    except InputError:
        return
    assert isinstance(result, Range)
    assert np.all((result.weights >= 0) & (result.weights <= 1))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=20))
def test_arbitrary_unicode_never_crashes(text):
    try:
        parse_range(text, "holdem")
    except InputError:
        pass


def test_deep_parentheses_are_an_input_error():
    with pytest.raises(RangeError):
        parse_range("(" * 500 + "AA" + ")" * 500, "holdem")


WEIGHTS = st.sampled_from([0.0, 0.0, 0.0, 1.0, 1.0, 0.5, 0.25])


@settings(max_examples=100, deadline=None)
@given(st.lists(WEIGHTS, min_size=169, max_size=169),
       st.lists(st.tuples(st.integers(0, 1325), WEIGHTS), max_size=6))
def test_holdem_text_round_trip(class_weights, combos):
    weights = np.asarray(class_weights)[hand_classes("holdem")]
    for index, weight in combos:
        weights[index] = weight
    original = Range("holdem", "", weights)
    again = parse_range(original.to_text(), "holdem")
    assert np.array_equal(again.hand_weights, original.hand_weights)
    assert np.array_equal(again.weights, original.weights)


def test_class_weights_are_the_fraction_of_combos():
    r = parse_range("AsKs, AhKh, AKo@0.5", "holdem")
    assert r.weights[1] == 0.5 and r.weights[13] == 0.5
    assert r.combos == 2 + 6
    assert r.combos == pytest.approx(float(r.weights @ class_combos("holdem")))
    assert [row[0] for row in r.by_class()] == [1, 13]


def test_card_level_weights_follow_the_documented_order():
    r = parse_range("Ac Ad Ah As", "omaha")
    (index,) = np.flatnonzero(r.hand_weights)
    assert all_hands("omaha")[index].tolist() == [48, 49, 50, 51]
    assert index == 48 + 49 * 48 // 2 + 50 * 49 * 48 // 6 + 51 * 50 * 49 * 48 // 24


def test_combinators():
    assert parse_range("AA, AA@0.5", "holdem").combos == 6  # union: maximum
    assert parse_range("AA@0.5:AA", "holdem").combos == 3  # intersection: minimum
    assert parse_range("AA!AsAh@0.5", "holdem").combos == 5.5  # exclusion: a * (1 - b)
    assert parse_range("(AA, KK):$s", "holdem").combos == 0
    assert parse_range("AA@50%", "holdem").combos == 3


def test_percent_band_is_the_difference_of_tops():
    band = parse_range("5%-10%", "holdem").hand_weights
    top5, top10 = (parse_range(f"top {x}%", "holdem").hand_weights for x in (5, 10))
    assert np.allclose(band, top10 - top5)


def test_without_removes_blocked_combos():
    blocked = parse_range("AA", "omaha").without("As Ah")
    assert blocked.combos == 1128  # Ac Ad and two of the 48 cards that are not aces


def test_cli_json(capsys):
    assert main(["range", "TT+, AKs", "--game", "holdem", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"game", "text", "combos", "percent", "classes", "by_class"}
    assert (data["game"], data["text"], data["combos"], data["classes"]) == (
        "holdem", "TT+, AKs", 34.0, 6)
    assert data["by_class"][0] == [0, "As Ah", 1.0]


def test_cli_bad_text_exits_2_naming_the_token(capsys):
    assert main(["range", "AA, KK, Q7R+", "--game", "holdem"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'Q7R+'" in err[0] and "column 9" in err[0]
