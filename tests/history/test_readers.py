"""The readers: messy PokerStars files, PHH through pokerkit, unsupported formats."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omahanash.history import (
    Hand,
    Unparsed,
    hand_from_phh,
    phh_text,
    read_hands,
    read_pokerstars,
    read_pokerstars_lines,
)


def _split(items):
    hands = [item for item in items if isinstance(item, Hand)]
    return hands, [item for item in items if isinstance(item, Unparsed)]


def test_messy_heads_up_file_bom_crlf_garbage_truncated(data_dir):
    path = data_dir / "ps_hu_tournament_holdem.txt"
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") and b"\r\n" in path.read_bytes()
    hands, unparsed = _split(list(read_pokerstars(path)))
    assert [hand.hand_id for hand in hands] == ["200001", "200002", "200003", "200004",
                                                "200005"]
    assert [(item.line, "truncated" in item.reason) for item in unparsed] == [(124, True)]
    first = hands[0]
    assert first.tournament and first.variant == "holdem" and first.limit == "no-limit"
    assert (first.sb, first.bb, first.ante) == (50, 100, 10)
    assert first.stacks == {"Hero": 1000, "Villain": 1500} and first.button == "Hero"
    assert first.cards == {"Hero": "Ah Kd"} and first.line == 1
    assert hands[1].cards == {"Hero": "Qs Qh", "Villain": "Ac 8c"}  # shown at showdown
    # chat and connection lines between actions are skipped
    assert [(a.player, a.kind) for a in hands[4].actions] == [("Hero", "call"),
                                                              ("Villain", "check")]


def test_six_max_cash_and_tournament(data_dir):
    hands, unparsed = _split(list(read_pokerstars(data_dir / "ps_6max_holdem.txt")))
    assert len(hands) == 5 and not unparsed
    folded_round = hands[0]
    assert sum(folded_round.antes.values()) == 150 and folded_round.small_blind == "Anna"
    cash = hands[3]
    assert not cash.tournament and (cash.sb, cash.bb) == (0.25, 0.5)
    assert cash.stacks["Hero"] == 9.5 and cash.actions[-2].total == 9.5


def test_omaha_variants_unsupported_game_and_bad_line(data_dir):
    hands, unparsed = _split(list(read_pokerstars(data_dir / "ps_hu_omaha.txt")))
    assert [(h.variant, h.limit) for h in hands] == [("omaha-hi", "pot-limit")] * 2 + [
        ("omaha-hilo", "pot-limit")]
    assert [(u.line, u.reason.split(":")[0]) for u in unparsed] == [
        (63, "unsupported game"), (83, "cannot read the action 'raises lots to 300'")]


def test_directory_phh_and_unsupported_format(data_dir):
    hands, unparsed = _split(list(read_hands([data_dir])))
    assert len(hands) == 19  # ps_mixed_nlh_plo.txt: 4
    reasons = {(u.file.rsplit("/", 1)[-1], u.line): u.reason for u in unparsed}
    assert reasons[("notes.log", 1)].startswith("unsupported format")
    assert reasons[("hands_po.phhs", 11)].startswith("not a valid PHH hand")
    assert "unsupported PHH variant 'FT'" in reasons[("hands_po.phhs", 21)]
    assert len(unparsed) == 6


def test_phh_round_trip_nt_and_po(data_dir):
    nt = hand_from_phh((data_dir / "hu_nt.phh").read_text(), "hu_nt.phh")
    assert (nt.small_blind, nt.big_blind, nt.cards["Villain"]) == ("Villain", "Hero", "Ks Qs")
    po = next(item for item in read_hands([data_dir / "hands_po.phhs"])
              if isinstance(item, Hand))
    assert po.variant == "omaha-hi" and po.actions[2].all_in
    for hand in (nt, po):
        again = hand_from_phh(phh_text(hand), "again")
        assert (again.actions, again.stacks, again.cards, again.posts) == (
            hand.actions, hand.stacks, hand.cards, hand.posts)


def test_pokerstars_hand_to_phh_and_back(data_dir):
    hands, _ = _split(list(read_pokerstars(data_dir / "ps_6max_holdem.txt")))
    hand = hands[0]  # six players, antes, folded round to the blinds
    again = hand_from_phh(phh_text(hand), "again")
    assert again.actions == hand.actions and again.antes == hand.antes
    assert (again.small_blind, again.big_blind) == (hand.small_blind, hand.big_blind)


HEADER = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from(
    [HEADER, "*** HOLE CARDS ***", "*** SUMMARY ***", "Seat 1: A (5 in chips)", "",
     "A: raises 1 to", "A: posts small blind x", "Dealt to A [", "A: calls"])),
    max_size=30))
def test_reader_never_raises_on_arbitrary_text(lines):
    for item in read_pokerstars_lines(lines, "random.txt"):
        assert isinstance(item, (Hand, Unparsed))
