"""Sampled deals of class subsets that cannot (or can only just) deal disjoint hands: they
raise InputError or deal, never draw forever (omahanash.pushfold.deals, .disjoint)."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.equity.tables import class_data
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.pushfold import deals as deals_module
from omahanash.pushfold.deals import _sample_kernel, sampled_deals
from omahanash.pushfold.disjoint import disjoint_hands_exist
from omahanash.rng import below, next_bits, stream


def _ids(game: str, *hands: str) -> np.ndarray:
    return np.array(sorted(parse_class(h, game) for h in hands), dtype=np.int64)


def _brute(masks: list[int], k: int, used: int = 0, start: int = 0) -> bool:
    """k pairwise disjoint masks by plain enumeration (the reference)."""
    if k == 0:
        return True
    return any(masks[i] & used == 0 and _brute(masks, k - 1, used | masks[i], i + 1)
               for i in range(start, len(masks)))


# every hand of the two classes holds two aces: two of them at most
AAKK_AAQQ = ("As Ad Ks Kd", "Ah Ac Qs Qd")


@pytest.mark.parametrize(("game", "hands", "players"), [
    ("omaha-hi", AAKK_AAQQ, 3),          # 12 hands, any three share an ace
    ("omaha-hilo", ("As Ah Ad Ac",), 2),  # one hand: four aces
    ("holdem", ("AA",), 3),               # six hands, two disjoint at most
    ("holdem", ("AA", "AKs", "AKo"), 5),  # every hand holds an ace
])
def test_undealable_subsets_raise(game, hands, players) -> None:
    ids = _ids("holdem" if game == "holdem" else "omaha", *hands)
    with pytest.raises(InputError, match=f"cannot deal {players} disjoint hands") as error:
        sampled_deals(game, players, 1000, seed=0, class_ids=ids)
    assert "--classes" in str(error.value) and str(int(ids[0])) in str(error.value)


def test_a_table_bigger_than_the_deck_raises() -> None:
    with pytest.raises(InputError, match="players"):
        sampled_deals("omaha-hi", 11, 10, seed=0)
    with pytest.raises(InputError, match="a deck has 52"):
        deals_module.check_dealable(class_data("omaha"), 12, 4)


@pytest.mark.parametrize("hands", [
    AAKK_AAQQ, ("As Ad Ks Kd", "Ah Ac 7s 2d", "Kh Qh 5c 4d"), ("Js Ts 9d 8d", "Qs Qh Jd Tc"),
    ("6h 6c 3s 2d", "Ah 5h 4c 3d", "As 2s Th 4d"), ("As Ah Ad Ac", "Ks Kh Kd Kc", "As Ks Qs Js"),
])
def test_the_decision_matches_enumeration(hands) -> None:
    masks = class_data("omaha", _ids("omaha", *hands)).member_masks
    for players in (2, 3, 4):
        expected = _brute(masks.tolist(), players)
        assert disjoint_hands_exist(masks, players) is expected, (hands, players)


def test_the_decision_on_wide_sets() -> None:
    """Bounds settle sets of thousands of hands at once (every hand holding two aces)."""
    data = class_data("omaha")
    aces = ((data.representatives.astype(np.int64) >> 2) == 12).sum(axis=1)
    masks = class_data("omaha", np.nonzero(aces >= 2)[0]).member_masks
    assert disjoint_hands_exist(masks, 2) is True
    assert disjoint_hands_exist(masks, 3) is False
    assert disjoint_hands_exist(data.member_masks, 10) is True


def test_dead_ends_deal_again() -> None:
    """AA and AKs at three seats: two aces pairs leave the third seat nothing (the old
    sampler drew forever there); every deal made has at most one AA."""
    ids = _ids("holdem", "AA", "AKs")
    deals = sampled_deals("holdem", 3, 2000, seed=4, class_ids=ids)
    aa = int(np.searchsorted(ids, parse_class("AA", "holdem")))
    per_row = (deals.classes == aa).sum(axis=1)
    assert per_row.max() == 1 and per_row.min() == 0
    assert deals.rows == 2000


def _reference(cards: np.ndarray, masks: np.ndarray, member_class: np.ndarray,
               players: int, count: int, seed: int):
    """The plain seat-by-seat rejection sampler the kernel keeps to (no dead ends met)."""
    hands = np.empty((count, players, cards.shape[1]), np.int8)
    boards = np.empty((count, 5), np.int8)
    classes = np.empty((count, players), np.int32)
    for d in range(count):
        state = stream(seed, d)
        used = 0
        for seat in range(players):
            while True:
                state, bits = next_bits(np.uint64(state))
                m = below(np.uint64(bits), masks.size)
                if int(masks[m]) & used == 0:
                    break
            used |= int(masks[m])
            classes[d, seat] = member_class[m]
            hands[d, seat] = cards[m]
        for j in range(5):
            while True:
                state, bits = next_bits(np.uint64(state))
                card = below(np.uint64(bits), 52)
                if not used >> card & 1:
                    break
            used |= 1 << card
            boards[d, j] = card
    return hands, boards, classes


def test_deals_are_drawn_as_before(omaha_subset_ids) -> None:
    """Same seed, same draws: the kernel's deals equal the plain sampler's."""
    data = class_data("omaha", np.array(omaha_subset_ids))
    member_class = np.repeat(np.arange(data.class_ids.size, dtype=np.int32),
                             np.diff(data.member_offsets))
    players, count = 6, 40
    hands = np.empty((count, players, 4), np.int8)
    boards = np.empty((count, 5), np.int8)
    classes = np.empty((count, players), np.int32)
    stuck = np.zeros(1, np.bool_)
    _sample_kernel(data.member_cards, data.member_masks, member_class, players, count, 9,
                   hands, boards, classes, stuck)
    want = _reference(data.member_cards, data.member_masks, member_class, players, count, 9)
    assert not stuck[0]
    np.testing.assert_array_equal(hands, want[0])
    np.testing.assert_array_equal(boards, want[1])
    np.testing.assert_array_equal(classes, want[2])


def test_a_deal_that_cannot_finish_stops() -> None:
    """One hand for two seats: the kernel gives up after its draws (no endless loop) and
    sampled_deals, when the search is undecided, says so."""
    data = class_data("omaha", _ids("omaha", "As Ah Ad Ac"))
    member_class = np.zeros(1, np.int32)
    stuck = np.zeros(1, np.bool_)
    _sample_kernel(data.member_cards, data.member_masks, member_class, 2, 3, 0,
                   np.empty((3, 2, 4), np.int8), np.empty((3, 5), np.int8),
                   np.empty((3, 2), np.int32), stuck)
    assert stuck[0]


def test_an_undecided_search_still_ends(monkeypatch) -> None:
    monkeypatch.setattr(deals_module, "disjoint_hands_exist", lambda *_: None)
    with pytest.raises(InputError, match="too rarely to sample"):
        sampled_deals("omaha-hi", 3, 50, seed=0, class_ids=_ids("omaha", *AAKK_AAQQ))
