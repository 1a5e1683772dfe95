"""Hostile and unusual hand-history files: over-long lines never hang a reader,
concatenated BOM exports, empty files, mixed-game headers, cp1252, streams, unreadable files,
crafted PHH amounts; and the default hero is chosen by a stated rule."""

from __future__ import annotations

import logging
import os
import signal
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omahanash.errors import Cancelled, InputError
from omahanash.history import Hand, Unparsed, read_hands, read_pokerstars_lines
from omahanash.history.review import hero_choice, review
from omahanash.history.textlines import MAX_LINE_CHARS
from omahanash.runs import CancelFlag

HAND = """PokerStars Hand #{n}: Tournament #1, $1+$0 Hold'em No Limit - Level I (10/20) - x
Table '1 1' 2-max Seat #1 is the button
Seat 1: Hero (300 in chips)
Seat 2: Villain (500 in chips)
Hero: posts small blind 10
Villain: posts big blind 20
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Hero: raises 280 to 300 and is all-in
Villain: calls 280
*** FLOP *** [2c 3d 4h]
Villain: shows [Qs Qd]
*** SUMMARY ***
"""


def _split(items):
    return ([i for i in items if isinstance(i, Hand)],
            [i for i in items if isinstance(i, Unparsed)])


class _Hang(BaseException):
    pass


def _alarm(*_):
    raise _Hang


def _guarded(function, *args, seconds: int = 10):
    """Run ``function`` under a SIGALRM of several seconds: only a true hang fails (no
    timing assertion: a loaded machine takes milliseconds longer, never seconds)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        return function(*args)
    except _Hang:
        pytest.fail(f"{function.__name__} hung for {seconds} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# The three lines, and the shapes of them that made the old patterns quadratic.
ADVERSARIAL = {
    7: lambda size: "Dealt to Hero " + "[a " * size,
    3: lambda size: "Seat 2: Villain (1500 in chips, " + "(1 in chips, " * size,
    11: lambda size: "Villain: shows " + "[a" * size,
    0: lambda size: "PokerStars Hand #1: " + ",1" * size,
}


@pytest.mark.parametrize("index", sorted(ADVERSARIAL))
def test_megabyte_lines_are_one_unparsed_hand(index, tmp_path):
    lines = HAND.format(n=1).splitlines()
    lines[index] = ADVERSARIAL[index](300_000)
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n\n" + HAND.format(n=2))
    hands, unparsed = _split(_guarded(lambda: list(read_hands([path]))))
    assert [hand.hand_id for hand in hands] == ["2"]  # the next hand is still read
    if index:  # a header this long is not a header: its lines are garbage outside hands
        assert len(unparsed) == 1 and f"line {index + 1} is longer than 10,000" \
            in unparsed[0].reason


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(ADVERSARIAL)), st.integers(1, 30_000),
       st.text(alphabet="[]( ,:a1$.in chipsshowsDealt", max_size=60))
def test_long_adversarial_lines_never_hang(index, size, noise):
    lines = HAND.format(n=1).splitlines()
    lines[index] = ADVERSARIAL[index](size)[:MAX_LINE_CHARS * 3] + noise
    items = _guarded(lambda: list(read_pokerstars_lines(lines, "x")))
    assert all(isinstance(item, (Hand, Unparsed)) for item in items)


def test_three_concatenated_bom_exports_read_every_hand(tmp_path):
    path = tmp_path / "three.txt"
    path.write_bytes(b"".join(b"\xef\xbb\xbf" + HAND.format(n=n).replace("\n", "\r\n").encode()
                              + b"\r\n\r\n" for n in (1, 2, 3)))
    hands, unparsed = _split(list(read_hands([path])))
    assert [hand.hand_id for hand in hands] == ["1", "2", "3"] and not unparsed


@pytest.mark.parametrize("name", ["empty.phh", "empty.txt", "blank.phhs"])
def test_an_empty_file_is_the_same_error_whatever_its_format(name, tmp_path, capsys):
    from omahanash.cli import main

    path = tmp_path / name
    path.write_text("" if name.startswith("empty") else "\n  \n")
    [item] = read_hands([path])
    assert isinstance(item, Unparsed) and item.reason == "the file is empty: no hand in it"
    assert main(["review", str(path)]) == 2
    assert "the file is empty" in capsys.readouterr().err


PHH = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [{stacks}]
actions = ["d dh p1 7h2c", "d dh p2 AsKd", "p2 cbr 200", "p1 f"]
players = [{players}]
"""


@pytest.mark.parametrize(("stacks", "players", "reason"), [
    ("300, 200", '"A", "B", "C"', "players has 3 names but starting_stacks 2"),
    ("300, 200", '"A"', "players has 1 names but starting_stacks 2"),
    ("1" * 400 + ", 200", '"A", "B"', "(400 characters) is not an amount"),
])
def test_crafted_phh_hands_are_unparsed_with_a_reason(stacks, players, reason, tmp_path):
    path = tmp_path / "x.phh"
    path.write_text(PHH.format(stacks=stacks, players=players))
    [item] = read_hands([path])
    assert isinstance(item, Unparsed) and reason in item.reason, item


def test_the_default_hero_of_a_phh_file_is_chosen_by_a_stated_rule(tmp_path):
    path = tmp_path / "x.phh"
    path.write_text(PHH.format(stacks="300, 200", players='"Zed", "Abe"'))
    hero, note = hero_choice([path])
    # no "Dealt to" in PHH: a tie, broken by the first player seen, and said so
    assert hero == "Zed"
    assert "tied with 'Abe'" in note and "first seen" in note and "--hero" in note


def test_a_mixed_game_file_reads_each_hands_own_game(data_dir):
    hands, unparsed = _split(list(read_hands([data_dir / "ps_mixed_nlh_plo.txt"])))
    assert not unparsed
    assert [(h.variant, h.limit, h.sb, h.bb, h.tournament) for h in hands] == [
        ("holdem", "no-limit", 0.10, 0.25, False), ("omaha-hi", "pot-limit", 0.10, 0.25, False),
        ("holdem", "no-limit", 0.10, 0.25, False), ("omaha-hi", "pot-limit", 15, 30, True)]
    assert hands[0].stacks["Vill@in 77"] == 10.0 and hands[1].cards["Hero"] == "As Kd 7h 2c"
    assert hands[3].cards["m@ria.k"] == "Kh Qh Tc 4c"
    assert hands[2].actions[-2].all_in


def test_a_cp1252_file_is_read_and_said_so(tmp_path, caplog):
    text = HAND.format(n=1).replace("Hold'em No Limit - Level I (10/20)",
                                    "Hold'em No Limit (€10/€20 EUR)").replace("Villain", "José")
    path = tmp_path / "windows.txt"
    path.write_bytes(text.encode("cp1252"))
    with caplog.at_level(logging.WARNING):
        [hand] = read_hands([path])
    assert isinstance(hand, Hand) and (hand.sb, hand.bb) == (10.0, 20.0) and "José" in hand.stacks
    assert "windows.txt is not UTF-8: read as Windows-1252 (cp1252)" in caplog.text


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("Seat 2: Villain (500 in chips)", "Seat 2: Villain (-500 in chips)",
     "seat 2: Villain's stack is negative (-500)"),
    ("(10/20)", "(20/10)", "the small blind no larger than the big blind"),
    ("(10/20)", "(0/0)", "must be positive"),
])
def test_impossible_amounts_say_what_is_wrong(old, new, reason):
    [item] = read_pokerstars_lines(HAND.format(n=1).replace(old, new).splitlines(), "x")
    assert isinstance(item, Unparsed) and reason in item.reason, item.reason


def test_a_fifo_is_read_as_a_stream(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w") as out:
            out.write(HAND.format(n=1) + "\n" + HAND.format(n=2))

    writer = threading.Thread(target=write)
    writer.start()
    hands, _ = _split(_guarded(lambda: list(read_hands([fifo]))))
    writer.join()
    assert [hand.hand_id for hand in hands] == ["1", "2"]
    with pytest.raises(InputError, match="is a stream .* name the hero"):
        review([fifo])  # the hero pass would need a second read


def test_an_unreadable_file_in_a_folder_is_listed_not_fatal(tmp_path):
    (tmp_path / "good.txt").write_text(HAND.format(n=1))
    # /proc/self/mem is a regular file whose first read fails (EIO), even for root
    (tmp_path / "bad.txt").symlink_to("/proc/self/mem")
    hands, unparsed = _split(list(read_hands([tmp_path])))
    assert [hand.hand_id for hand in hands] == ["1"]
    assert [Path(item.file).name for item in unparsed] == ["bad.txt"]
    assert unparsed[0].reason.startswith("cannot read the file: ")


def test_the_hero_pass_stops_on_cancel(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(HAND.format(n=n) for n in range(1000)))
    flag = CancelFlag()
    flag.cancel()
    with pytest.raises(Cancelled):
        hero_choice([path], flag)
    assert hero_choice([path]) == ("Hero", "hero not given: 'Hero', dealt cards in the most "
                                           "hands (1000)")


def test_a_review_keeps_only_what_it_judges_of_each_hand():
    """A review holds every spot until the equilibria are solved: each keeps its hand's id,
    file and line, not the whole hand (a 50 MB file peaked at 0.59 GB resident). Measured
    with tracemalloc: about 1.0 KB a spot kept, 1.9 KB when the whole hands were kept."""
    import tracemalloc

    from omahanash.history.review import ReviewReport, _collect

    lines = "\n".join(HAND.format(n=n) for n in range(2000)).splitlines()
    report = ReviewReport(hero="Hero")
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        spots = _collect(read_pokerstars_lines(lines, "x.txt"), report, "Hero", 20.0, None,
                         None)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(spots) == 2000
    assert (spots[5].hand.hand_id, spots[5].hand.line, spots[5].cards) == ("5", 71, "Ah Kd")
    assert kept / len(spots) < 1500, f"{kept / len(spots):.0f} bytes a spot"


def test_a_reviews_memory_is_bounded_per_spot_and_its_interval_by_a_block(tmp_path):
    """A 50 MB file peaked at 519 MB resident: the bootstrap drew 200 resamples of every
    spot at once (16 bytes a draw: 100 MB at 31,550 spots), the text report built every spot's
    dict, each spot kept a ``__dict__``. Measured with tracemalloc over a whole review of 1,000
    spots (its equilibrium cached first) and its summary: 1.7 KB kept and 3.9 KB peak a spot
    before, about 0.64 KB and 1.3 KB after; the bootstrap of 100,000 values peaks at 32 MB
    before (20 resamples), about 1 MB after. About 1-2 s (tracemalloc slows the reading)."""
    import tracemalloc

    from omahanash.history.grading import bootstrap_interval

    one, many = tmp_path / "one.txt", tmp_path / "many.txt"
    one.write_text(HAND.format(n=0))
    review([one], hero="Hero", cache_dir=tmp_path)  # the equilibrium, solved once
    many.write_text("\n".join(HAND.format(n=n) for n in range(1000)))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        report = review([many], hero="Hero", cache_dir=tmp_path)
        summary = report.summary()
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        bootstrap_interval(np.zeros(100_000), samples=20)
        bootstrap_peak = tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()
    assert summary["spots"] == len(report.spots) == 1000
    assert "spots_detail" not in summary
    kept, peak = (current - before) / 1000, (peak - before) / 1000
    assert kept < 1000, f"{kept:.0f} bytes kept a spot"
    assert peak < 2500, f"{peak:.0f} bytes a spot at the peak"
    assert bootstrap_peak < 4_000_000, f"the bootstrap peaked at {bootstrap_peak / 1e6:.1f} MB"


def test_the_streamed_json_is_the_documents_text(data_dir, capsys):
    """`review --json` writes one spot at a time (a big file's spots are never all dicts and
    one string at once): its text is exactly print_json(report.as_dict())."""
    from omahanash.cli import print_json
    from omahanash.commands.review import _print_json

    report = review([data_dir / "ps_hu_tournament_holdem.txt", data_dir / "ps_6max_holdem.txt"],
                    hero="Hero")
    assert report.spots and report.outside
    print_json(report.as_dict())
    expected = capsys.readouterr().out
    _print_json(report)
    assert capsys.readouterr().out == expected
