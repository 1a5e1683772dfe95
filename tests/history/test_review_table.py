"""Review at the full table: push/fold decisions at 3 to 10 players judged on the
table's equilibrium (ICM with the sit-and-go's payouts), each spot's EVs equal to
``omahanash solve --stacks ... --lookup CARDS --node NODE`` at that spot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omahanash import cli
from omahanash.history import read_hands
from omahanash.history.hands import Hand
from omahanash.history.review import review
from omahanash.history.table_review import TableSettings, payouts_for
from omahanash.history.table_spots import file_payouts, find_table_spot

# Kept out of tests/data/history: the reviews of that whole folder stay heads-up and quick.
SNG = Path(__file__).resolve().parents[1] / "data" / "table_history" / \
    "ps_sng_6max_9max_holdem.txt"
# Few iterations and deals: the equality with `solve` holds for any settings (the same ones).
SETTINGS = TableSettings(iterations=2, deals=300, seed=3)


@pytest.fixture(scope="module")
def sng_report(data_dir, tmp_path_factory):
    """The synthetic 6-max / 9-max sit-and-go file reviewed (one 9-handed, one 6-handed, one
    4-handed and two 3-handed tables solved: about 5-15 s on this machine)."""
    return review([SNG], hero="Hero", table_settings=SETTINGS,
                  cache_dir=tmp_path_factory.mktemp("table-cache"), persist=False)


def test_every_table_spot_is_found_with_its_table_size_node_and_payouts(sng_report):
    report = sng_report
    assert (report.hands, len(report.spots), len(report.outside)) == (6, 5, 1)
    got = [(s.players, s.node, s.action, s.cards, s.payouts, s.model) for s in report.spots]
    assert got == [(6, "UTG", "push", "Ks Qs", "65/35", "icm"),
                   (4, "BB vs BTN", "call", "Ad 7c", "65/35", "icm"),
                   (9, "UTG", "fold", "Jd 4s", "50/30/20", "icm"),
                   (3, "SB vs BTN", "call", "Th Tc", "50/30/20", "icm"),
                   (3, "BB vs BTN+SB", "fold", "9c 8c", "50/30/20", "icm")]
    assert report.outside[0].reason == "the hero raised without going all in"
    detail = report.as_dict()["spots_detail"][0]
    assert {"players", "node", "payouts", "ev_lost_pool_pct", "stacks"} <= set(detail)
    assert report.as_dict()["payouts"] == {"ICM 65/35 (6-max sit-and-go)": 2,
                                          "ICM 50/30/20 (9-max sit-and-go)": 3}


def test_each_spot_has_the_evs_solve_prints_at_that_spot(sng_report, capsys):
    """The same spot, payouts and settings through ``omahanash solve --lookup``: the EVs and
    the play % are equal; the verdict and EV lost follow from them by the one rule. Five
    table solves again (about 5-15 s at load 8: a 9-handed table is the slowest); the
    iterations and deals are already the fewest that make a table."""
    for spot in sng_report.spots:
        capsys.readouterr()
        argv = ["solve", "--game", "holdem", "--stacks", *(f"{s:g}" for s in spot.stacks),
                "--sb", f"{spot.sb:g}", "--bb", f"{spot.bb:g}", "--ante", f"{spot.ante:g}",
                "--payouts", spot.payouts, "--iterations", "2", "--deals", "300",
                "--seed", "3", "--lookup", spot.cards, "--node", spot.node, "--json"]
        assert cli.main(argv) == 0
        lookup = json.loads(capsys.readouterr().out)["lookup"]
        assert lookup["play_ev"] == pytest.approx(spot.play_ev, abs=1e-9), spot.node
        assert lookup["fold_ev"] == pytest.approx(spot.fold_ev_unit, abs=1e-9), spot.node
        played = lookup["play_pct"] / 100
        assert spot.nash_frequency == pytest.approx(max(played, 1 - played), abs=1e-12)
        best = max(lookup["play_ev"], lookup["fold_ev"])
        taken = lookup["play_ev"] if spot.action in ("push", "call") else lookup["fold_ev"]
        if spot.verdict == "mistake":
            assert spot.ev_lost_pool_pct == pytest.approx(100 * (best - taken) / 100, abs=1e-9)
        else:
            assert spot.ev_lost_bb == 0 and spot.ev_lost_pool_pct == 0


def test_a_three_handed_button_is_a_table_spot_not_outside(data_dir):
    """3-handed, the hero on the button: an open push (was "the hero is not in the
    blinds")."""
    hand = next(h for h in read_hands([SNG]) if isinstance(h, Hand)
                and h.hand_id == "260000000462")
    spot = find_table_spot(hand, "BigStack")
    assert (spot.players, spot.position, spot.node, spot.action) == (3, "BTN", "BTN", "push")
    assert find_table_spot(hand, "shorty").node == "SB vs BTN"


def test_payouts_from_the_file_given_or_chip_ev(data_dir):
    hands = [h for h in read_hands([SNG, data_dir / "ps_6max_holdem.txt"])
             if isinstance(h, Hand)]
    sng = find_table_spot(hands[0], "Hero")
    assert file_payouts(hands[0]) == ("6-max sit-and-go", "65/35")
    assert payouts_for(sng, None) == ("65/35", "6-max sit-and-go")
    assert payouts_for(sng, "50/30/20") == ("50/30/20", "given")
    assert payouts_for(sng, "chips") == (None, "given")
    mtt = next(h for h in hands if h.source.endswith("ps_6max_holdem.txt"))
    # table '4002 7': a table of a multi-table tournament
    assert mtt.table_name == "4002 7" and file_payouts(mtt) is None


def _hand(actions, limit="no-limit", stacks=(1500, 1500, 1500), posts=(50, 100)):
    from omahanash.history.hands import Action

    names = ["BTN", "SB", "BB"]
    return Hand(hand_id="1", source="f", line=1, variant="holdem", limit=limit, sb=50, bb=100,
                stacks=dict(zip(names, map(float, stacks))),
                posts={"SB": float(posts[0]), "BB": float(posts[1])}, small_blind="SB",
                big_blind="BB", button="BTN", cards={n: "Ah Kd" for n in names},
                actions=[Action(*a) for a in actions])


def test_pot_limit_pot_raises_read_as_pushes_say_so():
    folded = _hand([("BTN", "raise", 350.0, False), ("SB", "fold", 50.0, False),
                    ("BB", "fold", 100.0, False)], limit="pot-limit")
    spot = find_table_spot(folded, "BTN")
    assert (spot.node, spot.action) == ("BTN", "push")
    assert spot.note == "pot-limit: a pot raise that everyone folded to, graded as a push"
    reraised = _hand([("BTN", "raise", 350.0, False), ("SB", "fold", 50.0, False),
                      ("BB", "raise", 1500.0, True), ("BTN", "call", 1500.0, True)],
                     limit="pot-limit")
    assert find_table_spot(reraised, "BTN").note == \
        "pot-limit: a pot raise, then a call of the re-raise all in, graded as a push"
    gave_up = _hand([("BTN", "raise", 350.0, False), ("SB", "fold", 50.0, False),
                     ("BB", "raise", 1500.0, True), ("BTN", "fold", 350.0, False)],
                    limit="pot-limit")
    assert find_table_spot(gave_up, "BTN").reason == \
        "the hero raised the pot and folded to a re-raise"
    small = _hand([("BTN", "raise", 200.0, False)], limit="pot-limit")
    assert find_table_spot(small, "BTN").reason == "the hero raised less than the pot"


def test_what_is_outside_the_table_model_says_why():
    limp = _hand([("BTN", "call", 100.0, False), ("SB", "fold", 50.0, False)])
    assert find_table_spot(limp, "SB").reason == "BTN limped before the hero"
    raised = _hand([("BTN", "raise", 250.0, False), ("SB", "fold", 50.0, False)])
    assert find_table_spot(raised, "SB").reason == \
        "BTN raised without going all in before the hero"
    deep = _hand([("BTN", "fold", 0.0, False)], stacks=(5000, 5000, 5000))
    assert find_table_spot(deep, "SB").reason == "effective stack 50 bb is above 20 bb"
    walk = _hand([("BTN", "fold", 0.0, False), ("SB", "fold", 50.0, False)])
    assert find_table_spot(walk, "BB").reason.startswith("no decision for the hero")
    overcall = _hand([("BTN", "raise", 1000.0, False), ("SB", "call", 1000.0, False),
                      ("BB", "fold", 100.0, False)], stacks=(1000, 2000, 2000))
    spot = find_table_spot(overcall, "SB")  # BTN's raise covers its stack: a push, SB calls
    assert (spot.node, spot.action) == ("SB vs BTN", "call")


def test_bad_payouts_exit_2_naming_them(capsys):
    code = cli.main(["review", str(SNG), "--payouts", "50/abc", "-q"])
    assert code == 2
    assert "'abc' is not an amount" in capsys.readouterr().err


def test_a_table_equilibrium_is_read_back_from_the_cache(tmp_path, monkeypatch):
    """The second review of a 3-handed hand reads its table from the disk cache (the
    process's memory forgotten): solving again would fail here."""
    from omahanash.pushfold import cache as table_cache

    hand_text = SNG.read_text(encoding="utf-8-sig").split("\n\n")[-1]  # 3-handed
    path = tmp_path / "one.txt"
    path.write_text(hand_text, encoding="utf-8")
    first = review([path], hero="Hero", table_settings=SETTINGS, cache_dir=tmp_path)
    table_cache.clear_memory()

    def refuse(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr("omahanash.pushfold.cache.solve_pushfold", refuse)
    again = review([path], hero="Hero", table_settings=SETTINGS, cache_dir=tmp_path)
    assert [s.as_dict() for s in again.spots] == [s.as_dict() for s in first.spots]
    assert again.spots[0].node == "BB vs BTN+SB"


class _Looked:
    """A solution whose lookup is fixed: the units of a judged spot, without a solve."""

    def __init__(self, play_pct, play_ev, fold_ev, action="push"):
        self.found = {"play_pct": play_pct, "play_ev": play_ev, "fold_ev": fold_ev,
                      "action": action, "unit": "chips"}

    def lookup(self, cards, node):
        return self.found


def test_ev_lost_in_big_blinds_and_in_percent_of_the_pool():
    from omahanash.history.table_review import judge_table_spot, pushfold_spot

    hand = next(h for h in read_hands([SNG]) if isinstance(h, Hand)
                and h.hand_id == "260000000462")  # BB folds 9c 8c, 400 a big blind
    spot = find_table_spot(hand, "Hero")
    chips = judge_table_spot(spot, pushfold_spot(spot, None), _Looked(100.0, -200.0, -450.0,
                                                                      "call"), "given")
    assert (chips["model"], chips["verdict"]) == ("chips", "mistake")
    assert chips["ev_lost_bb"] == pytest.approx(250 / 400) and chips["ev_lost_pool_pct"] is None
    assert (chips["allin_ev"], chips["fold_ev"]) == (pytest.approx(-0.5), pytest.approx(-1.125))
    icm = judge_table_spot(spot, pushfold_spot(spot, "50/30/20"), _Looked(0.0, 30.0, 31.5,
                                                                          "call"), "given")
    assert (icm["model"], icm["verdict"], icm["ev_lost_bb"]) == ("icm", "correct", 0.0)
    lost = judge_table_spot(spot, pushfold_spot(spot, "50/30/20"), _Looked(100.0, 33.0, 31.5,
                                                                           "call"), "given")
    # 1.5 prize of a 100 pool: 1.5 %; at 13,500 chips for 100, 202.5 chips = 0.506 bb
    assert lost["ev_lost_pool_pct"] == pytest.approx(1.5)
    assert lost["ev_lost_bb"] == pytest.approx(1.5 * 13_500 / 100 / 400)
    assert lost["best_action"] == "call" and lost["nash_action"] == "call"
