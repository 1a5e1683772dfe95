"""The bounty of a PokerStars knockout tournament, read from its hands: the header's
three-part buy-in (prize + bounty + fee) and the line that pays a bounty (a PKO line says the
winner's own bounty increased)."""

from __future__ import annotations

from pathlib import Path

from omahanash.history.hands import Hand
from omahanash.history.pokerstars import read_pokerstars, read_pokerstars_lines

PKO = Path(__file__).resolve().parents[1] / "data" / "table_history" / "ps_pko_holdem.txt"


def test_a_knockout_header_gives_the_bounty_and_a_paid_bounty_its_kind():
    first, second = [hand for hand in read_pokerstars(PKO) if isinstance(hand, Hand)]
    assert first.buy_in == "$10+$10+$2" and first.bounty == 10.0
    assert first.bounty_type == "pko"  # "... and their own bounty increases by $5 to $15"
    assert second.bounty == 10.0 and second.bounty_type is None  # nobody busted: not said
    assert first.stacks == {"Hero": 4000.0, "Villain1": 1500.0, "Villain2": 3500.0}


def test_other_headers_have_no_bounty():
    header = "PokerStars Hand #7: Tournament #1, {} Hold'em No Limit - Level I (10/20) - x"
    body = ["Table '1 1' 2-max Seat #1 is the button", "Seat 1: Hero (300 in chips)",
            "Seat 2: Villain (500 in chips)", "Hero: posts small blind 10",
            "Villain: posts big blind 20", "*** HOLE CARDS ***",
            "Hero: raises 280 to 300 and is all-in", "Villain: calls 280",
            "*** FLOP *** [2c 7d 9h]", "*** TURN *** [2c 7d 9h] [Ts]",
            "*** RIVER *** [2c 7d 9h Ts] [Kd]", "*** SHOW DOWN ***",
            "Hero: shows [Ah Qd] (high card Ace)", "Villain: shows [8c 8d] (a pair of Eights)",
            "Villain collected 600 from pot"]
    [hand] = read_pokerstars_lines([header.format("$5+$0.50"), *body, "*** SUMMARY ***"],
                                   "t.txt")
    assert hand.bounty is None and hand.bounty_type is None
    knockout = [header.format("$5.20+$1.30+$0.50"), *body,
                "Villain wins the $1.30 bounty for eliminating Hero", "*** SUMMARY ***"]
    [hand] = read_pokerstars_lines(knockout, "t.txt")
    assert hand.bounty == 1.3 and hand.bounty_type == "ko"
