"""The range parser on hostile text: only ASCII ranks, a size limit, bad text
refused by the syntax pass before any weight is computed, cancellation between items."""

from __future__ import annotations

import re

import pytest

from omahanash.cards import Variant
from omahanash.errors import Cancelled
from omahanash.ranges import RangeError, parse_range
from omahanash.ranges import parser as parser_module
from omahanash.ranges.parser import MAX_RANGE_CHARS, parse_weights
from omahanash.runs import CancelFlag


@pytest.mark.parametrize(("text", "char"), [("ΑΑ", "U+0391"), ("ＡＡ", "U+FF21"), ("Ａ", "U+FF21"),
                                            ("AKｓ", "U+FF53"), ("１２%", "U+FF11")])
def test_only_ascii_ranks_and_variables(text, char):
    with pytest.raises(RangeError, match=re.escape(f"({char}) is not a rank, a suit or a var")):
        parse_range(text, "omaha")


def test_ascii_rank_variables_still_work():
    assert parse_range("AARR", "omaha").combos == 6 * 12 * 6  # aces and another pair
    assert parse_range("rr", "holdem").combos == 78  # any pair: R is any one rank


def test_text_over_the_limit_is_refused_naming_it():
    with pytest.raises(RangeError, match="at most 5,000 are read"):
        parse_range("AA:" * 20_000, "omaha")
    assert len("AA," * (MAX_RANGE_CHARS // 3)) <= MAX_RANGE_CHARS
    parse_range(("AA," * (MAX_RANGE_CHARS // 3))[:-1], "holdem")  # at the limit: read


def test_bad_text_is_refused_before_any_weight_is_computed(monkeypatch):
    def no_match(*_):
        raise AssertionError("a weight was computed before the syntax was checked")

    monkeypatch.setattr(parser_module, "match", no_match)
    with pytest.raises(RangeError, match="column 4996 'QX\\+'"):
        parse_range("AA," * 1665 + "QX+", "omaha")


def test_each_distinct_pattern_is_matched_once(monkeypatch):
    calls = []
    real = parser_module.match
    monkeypatch.setattr(parser_module, "match", lambda *a: calls.append(a) or real(*a))
    assert parse_range(",".join(["AA"] * 500 + ["KK"] * 500), "omaha").combos == \
        parse_range("AA,KK", "omaha").combos
    assert len(calls) == 2 + 2


def test_a_set_flag_stops_the_weights():
    flag = CancelFlag()
    flag.cancel()
    with pytest.raises(Cancelled):
        parse_weights("AA,KK,QQ", Variant.OMAHA_HI, flag)
