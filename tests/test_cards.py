import pytest
from hypothesis import given
from hypothesis import strategies as st

from omahanash.cards import (
    CardError,
    card_str,
    check_disjoint,
    format_cards,
    normalize_game,
    parse_cards,
    parse_hand,
    remaining_deck,
)
from omahanash.errors import InputError


def test_codes_and_order():
    assert parse_cards("2c") == (0,)
    assert parse_cards("As") == (51,)
    assert card_str(45) == "Kd"
    # code order is rank order
    assert [card_str(c) for c in sorted(parse_cards("As 2d Tc"))] == ["2d", "Tc", "As"]


@pytest.mark.parametrize(
    "text",
    ["2s 4s 3c 9c", "2s,4s,3c,9c", "2s4s3c9c", " 2S, 4s\t3C 9c ", "2♠ 4♠ 3♣ 9♣", "2♠️4♠️3♣️9♣️"],
)
def test_notations(text):
    assert format_cards(parse_cards(text, 4)) == "2s 4s 3c 9c"


def test_ten_and_lower_case():
    assert format_cards(parse_cards("10h jd qc kh 10s", 5)) == "Th Jd Qc Kh Ts"
    assert format_cards(parse_cards("10h10s")) == "Th Ts"
    assert format_cards(parse_cards("A♥")) == "Ah"


@pytest.mark.parametrize(
    ("text", "count", "needle"),
    [
        ("2s 4x", None, "'x'"),
        ("1s", None, "'1'"),
        ("Zs", None, "'Z'"),
        ("As Kd As", None, "'As' appears twice"),
        ("As Kd", 4, "'As Kd' has 2 cards, expected 4"),
        ("A", None, "'A' has no suit"),
        ("2s4s3c9", 4, "'9'"),
    ],
)
def test_errors_name_the_token(text, count, needle):
    with pytest.raises(CardError) as info:
        parse_cards(text, count)
    assert needle in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, InputError)


def test_disjoint_groups():
    hand = parse_hand("As Ks", "holdem")
    with pytest.raises(CardError, match="'Ks' is in both hand 1 and dead cards"):
        check_disjoint({"hand 1": hand, "board": parse_cards("2c 3c 4c"), "dead cards": [46, 47]})
    check_disjoint({"hand 1": hand, "hand 2": parse_hand("Ad Kd", "holdem")})


def test_games():
    assert normalize_game("omaha") == "omaha-hi"
    assert normalize_game("OMAHA-HILO") == "omaha-hilo"
    with pytest.raises(InputError, match="'stud'"):
        normalize_game("stud")
    with pytest.raises(CardError, match="expected 4"):
        parse_hand("As Ks", "omaha")


def test_remaining_deck():
    deck = remaining_deck(parse_cards("As Ks"))
    assert len(deck) == 50 and 51 not in deck and 47 not in deck


@given(st.text(max_size=30))
def test_fuzz_only_card_errors(text):
    try:
        cards = parse_cards(text)
    except CardError:
        return
    assert len(set(cards)) == len(cards)
    assert all(0 <= c < 52 for c in cards)
    assert parse_cards(format_cards(cards)) == cards


@given(st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=4)), max_size=6), st.integers(0, 8))
def test_fuzz_sequences(items, count):
    try:
        parse_cards(items, count)
    except CardError:
        pass
