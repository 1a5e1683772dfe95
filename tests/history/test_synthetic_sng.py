"""The synthetic sit-and-go writer (:mod:`omahanash.history.synthetic`): its files read back
hand by hand, the tables shrink as players bust, the chips add up, the button and the blinds
move as PokerStars moves them, the review finds table spots of several sizes in it, and a
seed always writes the same bytes."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from omahanash.errors import InputError
from omahanash.history.hands import Hand
from omahanash.history.pokerstars import read_pokerstars_lines
from omahanash.history.synthetic import START_CHIPS, synthetic_sng
from omahanash.history.table_spots import TableSpot, file_payouts, find_table_spot

HANDS = 300
_SEAT = re.compile(r"Seat (\d+): (.+) \((\d+) in chips\)$")


@pytest.fixture(scope="module")
def nine() -> tuple[str, list[Hand]]:
    text = synthetic_sng(HANDS, seats=9, seed=5)
    return text, list(read_pokerstars_lines(text.splitlines(), "sng9.txt"))


def _blocks(text: str) -> list[str]:
    return text.strip("\n").split("\n\n\n")


def _seats(block: str) -> dict[int, str]:
    """Seat number -> name, from the seat lines before the posts."""
    found = {}
    for line in block.splitlines()[2:]:
        seat = _SEAT.match(line)
        if seat is None:
            break
        found[int(seat.group(1))] = seat.group(2)
    return found


def _tournaments(hands: list[Hand], blocks: list[str]) -> dict[str, list[tuple[Hand, str]]]:
    played: dict[str, list[tuple[Hand, str]]] = defaultdict(list)
    for hand, block in zip(hands, blocks, strict=True):
        played[hand.tournament_id].append((hand, block))
    return played


def test_every_hand_reads_back_as_a_9max_sng(nine):
    text, hands = nine
    assert len(hands) == HANDS and all(isinstance(hand, Hand) for hand in hands)
    assert all(hand.tournament and hand.table_max == 9 and hand.variant == "holdem"
               and hand.limit == "no-limit" for hand in hands)
    assert all(hand.table_name == f"{hand.tournament_id} 1" for hand in hands)
    assert {file_payouts(hand) for hand in hands} == {("9-max sit-and-go", "50/30/20")}
    assert all(hand.cards["Hero"] and hand.hero == "Hero" for hand in hands)
    assert len({hand.hand_id for hand in hands}) == HANDS
    levels = [hand.bb for hand in hands]
    assert min(levels) == 20 and max(levels) >= 400  # the blinds rise to push/fold stacks
    assert any(hand.ante > 0 for hand in hands)


def test_players_bust_and_chips_stay_on_the_table(nine):
    text, hands = nine
    tournaments = _tournaments(hands, _blocks(text))
    assert len(tournaments) >= 3
    for played in tournaments.values():
        first = played[0][0]
        assert list(first.stacks.values()) == [START_CHIPS] * 9
        for (hand, block), (after, _) in zip(played, played[1:]):
            assert sum(hand.stacks.values()) == 9 * START_CHIPS  # every chip still in play
            gone = {name for name in hand.stacks
                    if f"{name} finished the tournament in " in block}
            assert set(after.stacks) == set(hand.stacks) - gone
            places = [int(p) for p in re.findall(r"finished the tournament in (\d+)", block)]
            assert places == list(range(len(hand.stacks), len(hand.stacks) - len(places), -1))
        # the hero's file of a tournament ends where the hero busts or wins (or the count)
        ends = ["Hero finished the tournament" in block or "Hero wins the tournament" in block
                for _, block in played]
        assert not any(ends[:-1])
        assert ends[-1] or played[-1][0] is hands[-1]


def test_every_pot_is_collected(nine):
    text, _ = nine
    for block in _blocks(text):
        total = int(re.search(r"Total pot (\d+)", block).group(1))
        collected = sum(int(n) for n in re.findall(r" collected (\d+) from ", block))
        assert collected == total
        returned = re.findall(r"Uncalled bet \((\d+)\)", block)
        assert all(int(n) > 0 for n in returned)


def test_the_button_and_the_blinds_move_to_the_next_seat(nine):
    text, hands = nine
    tournaments = _tournaments(hands, _blocks(text))
    for played in tournaments.values():
        for index, (hand, block) in enumerate(played):
            seats = _seats(block)
            assert list(seats.values()) == list(hand.stacks)
            numbers = sorted(seats)
            button = int(re.search(r"Seat #(\d+) is the button", block).group(1))
            assert seats[button] == hand.button
            if index:
                before = int(re.search(r"Seat #(\d+) is the button", played[index - 1][1])
                             .group(1))
                assert button == next((n for n in numbers if n > before), numbers[0])
            after = numbers[numbers.index(button) + 1:] + numbers[:numbers.index(button) + 1]
            if len(numbers) == 2:
                small, big = button, after[0]
            else:
                small, big = after[0], after[1]
            if hand.small_blind is not None:  # a stack all in on the ante posts no blind
                assert hand.small_blind == seats[small]
            if hand.big_blind is not None:
                assert hand.big_blind == seats[big]


def test_the_play_has_folds_min_raises_shoves_calls_and_showdowns(nine):
    text, _ = nine
    assert text.count("*** SHOW DOWN ***") >= 20
    assert re.search(r": raises (\d+) to (\d+)\n", text)  # raises that are not all in
    assert ": raises 20 to 40\n" in text or ": raises 30 to 60\n" in text  # min-raises
    assert re.search(r": raises \d+ to \d+ and is all-in", text)
    assert re.search(r": calls \d+ and is all-in", text)
    assert "side pot" in text and "wins the tournament" in text
    assert "*** FLOP ***" in text and "*** RIVER ***" in text


def test_the_review_finds_table_spots_of_several_sizes(nine):
    """The review's route for a sit-and-go hand of 3+ players (payouts from the file, so
    :func:`find_table_spot`): pushes, calls and folds at tables of many sizes."""
    _, hands = nine
    spots = [find_table_spot(hand, "Hero") for hand in hands
             if len(hand.stacks) >= 3 and file_payouts(hand) is not None]
    found = [spot for spot in spots if isinstance(spot, TableSpot)]
    sizes = {spot.players for spot in found}
    assert len(sizes) >= 4 and sizes <= set(range(3, 10))
    assert {spot.action for spot in found} == {"push", "call", "fold"}
    assert any(" vs " in spot.node for spot in found)
    assert any(" vs " not in spot.node for spot in found)
    assert len(found) < len(spots)  # deep early hands stay outside the model


def test_the_review_judges_them(nine, tmp_path):
    """End to end on two open-push table spots (3 and 4+ players: nodes that every
    equilibrium reaches) with a short solve (1 iteration, 20,000 deals: every hand dealt at
    every seat): the review reads the file, finds the spots and judges each on its own table,
    in ICM with the file's payouts. About 2 s of CPU (the two solves): over 5 s of wall on a
    loaded machine."""
    from omahanash.history import review
    from omahanash.history.table_review import TableSettings

    text, hands = nine
    blocks = _blocks(text)
    found: dict[int, str] = {}
    for hand, block in zip(hands, blocks, strict=True):
        spot = find_table_spot(hand, "Hero")
        if isinstance(spot, TableSpot) and " vs " not in spot.node:
            found.setdefault(spot.players, block)
    chosen = [found[3], found[min(n for n in found if n > 3)]]
    path = tmp_path / "two.txt"
    path.write_text("\n\n\n".join(chosen) + "\n", encoding="utf-8")
    report = review([path], hero="Hero", persist=False,
                    table_settings=TableSettings(iterations=1, deals=20_000))
    assert len(report.spots) == 2, [outside.reason for outside in report.outside]
    assert report.spots[0].players == 3 and report.spots[1].players >= 4
    assert {spot.model for spot in report.spots} == {"icm"}
    assert [spot.payouts_source for spot in report.spots] == ["9-max sit-and-go"] * 2


def test_same_seed_same_bytes_and_6max():
    first = synthetic_sng(120, seats=6, seed=11)
    assert synthetic_sng(120, seats=6, seed=11) == first
    assert synthetic_sng(120, seats=6, seed=12) != first
    hands = list(read_pokerstars_lines(first.splitlines(), "sng6.txt"))
    assert len(hands) == 120 and {hand.table_max for hand in hands} == {6}
    assert len(hands[0].stacks) == 6
    assert {file_payouts(hand) for hand in hands} == {("6-max sit-and-go", "65/35")}


@pytest.mark.parametrize("args, word", [((10, 7), "seats"), ((-1, 9), "hands"),
                                        (("10", 9), "hands")])
def test_bad_arguments(args, word):
    with pytest.raises(InputError, match=word):
        synthetic_sng(args[0], seats=args[1])
