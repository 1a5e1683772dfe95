"""Review on the betting trees: every preflop decision of the hero in a pot-limit Omaha (Hi
and Hi/Lo) sit-and-go file judged on its table's ``pl`` tree — opens, a limp, flat calls, a
fold to a re-pot, re-raises, calls of all-ins for less and with side pots, heads-up — each
spot's EVs equal to ``solve_preflop(...).lookup`` at that spot (and to ``omahanash solve
--tree pl --lookup``), sizes the tree lacks read as its nearest and said, deep decisions
outside the model by the stack-to-pot rule, a table solved before read from the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omahanash import cli
from omahanash.history import read_hands
from omahanash.history import tree_review as tree_review_module
from omahanash.history.hands import Hand
from omahanash.history.review import review
from omahanash.history.table_review import TableSettings
from omahanash.history.tree_spots import find_tree_spots
from omahanash.trees import PreflopSpot, solve_preflop

PLO = Path(__file__).resolve().parents[1] / "data" / "tree_history" / "ps_plo_sng_ko.txt"
# Few iterations and deals: the equality with a solve holds for any settings (the same ones).
SETTINGS = TableSettings(iterations=3, deals=2000, seed=1)

#: Every decision of the hero the pl tree has, in file order: (hand, players, node, action).
EXPECTED = [
    ("252000000121", 4, "CO open", "raise"),                      # an open for the pot
    ("252000000128", 3, "BTN open", "raise"),
    ("252000000128", 3, "BTN vs BB re-raise", "fold"),            # ... and a fold to the re-pot
    ("252000000135", 3, "SB vs BTN open", "call"),                # a flat call
    ("252000000142", 3, "SB open", "call"),                       # a limp
    ("252000000149", 3, "BTN open", "fold"),
    ("252000000156", 3, "BB vs SB limp", "raise"),                # a min-raise: nearest size
    ("252000000163", 3, "BB vs BTN open", "raise"),               # a re-raise, its own size
    ("252000000163", 3, "BB vs BTN open, BTN all in", "call"),    # a call of the shove
    ("252000000170", 2, "BB vs SB open", "call"),                 # heads-up, a flat call
    ("252000000184", 3, "SB vs BTN open", "call"),                # Hi/Lo: all in for less
    ("252000000191", 3, "BB vs BTN all in", "call"),
    ("252000000198", 3, "BTN open", "fold"),
    ("252000000205", 3, "BB vs BTN all in, SB call", "call"),     # a side pot after it
    ("252000000212", 3, "SB vs BTN open", "allin"),               # a re-pot all in
]


@pytest.fixture(scope="module")
def tables(omaha_tables):
    return omaha_tables


@pytest.fixture(scope="module")
def plo_report(tables, tmp_path_factory):
    return review([PLO], hero="Hero", tables=tables, table_settings=SETTINGS,
                  cache_dir=tmp_path_factory.mktemp("tree-cache"), persist=False)


def _hands() -> dict[str, Hand]:
    return {item.hand_id: item for item in read_hands([PLO]) if isinstance(item, Hand)}


def test_every_decision_of_the_tree_is_judged(plo_report):
    report = plo_report
    assert report.hands == 16 and not report.unparsed
    got = [(s.hand_id, s.players, s.node, s.action) for s in report.spots]
    assert got == EXPECTED
    assert {s.tree for s in report.spots} == {"pl"}
    assert {(s.variant, s.payouts, s.model) for s in report.spots} == {
        ("omaha-hi", "65/35", "icm"), ("omaha-hilo", "50/30/20", "icm")}
    # the deep early hands stay outside, with the stack-to-pot rule's reason
    outside = {item.hand_id: item.reason for item in report.outside}
    assert set(outside) == {"252000000107", "252000000114", "252000000177"}
    assert "a call leaves 8.4 times the pot behind, more than 2" in outside["252000000107"]
    assert "an open called leaves 9.4 times the pot behind" in outside["252000000114"]
    assert all("postflop model" in reason for reason in outside.values())


def test_pot_limit_sizes_and_the_nearest_size_flagged(plo_report):
    by = {(s.hand_id, s.node): s for s in plo_report.spots}
    # 75/150: the button's pot raise is to 525 (3.5 bb), the big blind's re-pot to 1650 (11 bb)
    opened = by["252000000128", "BTN open"]
    assert opened.action_to == pytest.approx(3.5) and opened.played_to == pytest.approx(3.5)
    assert [a[1] for a in by["252000000128", "BTN vs BB re-raise"].tree_actions] == \
        pytest.approx([3.5, 11.0, 14.0])  # fold, call the re-pot, all in (the hero's 2100)
    assert opened.note == ""
    # the hero's min-raise over a limp (to 2 bb) is judged as the tree's raise to 3 bb
    limp = by["252000000156", "BB vs SB limp"]
    assert (limp.action_to, limp.played_to) == pytest.approx((3.0, 2.0))
    assert limp.note == ("the hero's raise to 2 bb is judged as the tree's nearest size, "
                         "raise to 3 bb")
    # the button's min-raise is read as the pot raise; the hero's re-raise to 6.5 bb as 11 bb
    reraise = by["252000000163", "BB vs BTN open"]
    assert (reraise.action_to, reraise.played_to) == pytest.approx((11.0, 6.5))
    assert "judged as the tree's nearest size, raise to 11 bb" in reraise.note
    assert "BTN's raise to 2 bb read as 3.5 bb" in reraise.note
    # all in for less: the hero's 575 chips after the ante, 2.875 bb at 100/200
    short = by["252000000184", "SB vs BTN open"]
    assert (short.action_to, short.played_to) == pytest.approx((2.875, 2.875))
    assert short.note == ""


def test_each_spot_has_the_evs_of_its_own_solve(plo_report, tables):
    """An independent solve of each spot's table (the same settings), looked up at the node:
    every action's frequency and EV equal; the verdict and EV lost follow by the rule."""
    for spot in plo_report.spots:
        game = PreflopSpot(spot.variant, list(spot.stacks), spot.sb, spot.bb,
                           0.0 if spot.bb_ante else spot.ante, spot.payouts, spot.bb_ante,
                           tree="pl")
        solution = solve_preflop(game, iterations=3, deals=2000, seed=1,
                                 table=tables[spot.variant])
        lookup = solution.lookup(spot.cards, spot.node)["actions"]
        assert [a[0] for a in spot.tree_actions] == [a["action"] for a in lookup]
        assert [a[2] for a in spot.tree_actions] == pytest.approx(
            [a["percent"] for a in lookup], abs=1e-9)
        assert [a[3] for a in spot.tree_actions] == pytest.approx(
            [a["ev"] for a in lookup], abs=1e-9)
        # the rule, written out: the best EV minus the hero's, unless within NashConv
        evs = {a["action"]: a["ev"] for a in lookup}
        gap = max(evs.values()) - evs[spot.action]
        pool = game.prize_pool
        to_bb = sum(spot.stacks) / pool / spot.bb
        if gap <= solution.nash_conv:
            assert spot.ev_lost_bb == 0 and spot.verdict in ("correct", "mixed")
        else:
            assert spot.verdict == "mistake"
            assert spot.ev_lost_bb == pytest.approx(gap * to_bb, rel=1e-9)
            assert spot.ev_lost_pool_pct == pytest.approx(100 * gap / pool, rel=1e-9)
            assert spot.ev_lost_prize == pytest.approx(gap, rel=1e-9)
        assert spot.best_action == max(evs, key=lambda k: (evs[k], k == spot.action))
        node = next(n for n in solution.nodes if n.name == spot.node)
        assert [a[2] for a in spot.node_actions] == pytest.approx(
            [a["percent"] for a in node.actions])


def test_the_cli_lookup_of_a_flat_call_gives_the_review_s_evs(plo_report, omaha_subset_cache,
                                                               omaha_subset_ids, capsys):
    spot = next(s for s in plo_report.spots if s.node == "SB vs BTN open"
                and s.variant == "omaha-hi")
    assert spot.action == "call"  # the flat call of hand 252000000135
    capsys.readouterr()
    code = cli.main(["solve", "--game", "omaha-hi", "--stacks",
                     *(f"{s:g}" for s in spot.stacks), "--sb", f"{spot.sb:g}",
                     "--bb", f"{spot.bb:g}", "--payouts", spot.payouts, "--tree", "pl",
                     "--iterations", "3", "--deals", "2000", "--seed", "1",
                     "--classes", ",".join(map(str, omaha_subset_ids)),
                     "--cache-dir", str(omaha_subset_cache), "--lookup", spot.cards,
                     "--node", spot.node, "--json"])
    assert code == 0
    lookup = json.loads(capsys.readouterr().out)["lookup"]
    assert [a["ev"] for a in lookup["actions"]] == pytest.approx(
        [a[3] for a in spot.tree_actions], abs=1e-9)
    assert [a["percent"] for a in lookup["actions"]] == pytest.approx(
        [a[2] for a in spot.tree_actions], abs=1e-9)


def test_json_text_and_html_show_the_node_and_the_hand(plo_report, tmp_path):
    report = plo_report
    detail = next(d for d in report.as_dict()["spots_detail"]
                  if d["hand_id"] == "252000000128" and d["node"] == "BTN vs BB re-raise")
    assert detail["tree"] == "pl" and detail["action"] == "fold"
    assert detail["action_to"] == pytest.approx(3.5)
    assert [a["action"] for a in detail["actions"]] == ["fold", "call", "allin"]
    assert set(detail["actions"][0]) == {"action", "to", "percent", "ev", "ev_bb"}
    assert {"allin_ev", "fold_ev", "ev_lost_bb", "ev_lost_pool_pct", "verdict", "stacks",
            "ev_lost_prize", "node_actions"} <= set(detail)
    assert report.summary()["trees"] == {"pl": 15}
    from omahanash.history.report import tree_text
    text = "\n".join(tree_text(report, count=20))
    assert "BTN vs BB re-raise" in text and "node: fold" in text and "hand: fold" in text
    assert "judged as the tree's nearest size" in text
    page = report.write_html(tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h2>Betting-tree spots</h2>" in page and "SB vs BTN open" in page
    assert "the hand: each action" in page


def test_a_table_solved_before_is_read_from_the_cache(tables, tmp_path, monkeypatch):
    hands = _hands()
    one = [hands["252000000135"], hands["252000000128"]]
    from omahanash.history.review import review_hands
    first = review_hands(one, hero="Hero", tables=tables, table_settings=SETTINGS,
                         cache_dir=tmp_path, persist=True)
    assert len(list((tmp_path / "nash" / "trees").glob("*.npz"))) == 2
    tree_review_module.clear_memory()

    def no_solve(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(tree_review_module, "solve_preflop", no_solve)
    again = review_hands(one, hero="Hero", tables=tables, table_settings=SETTINGS,
                         cache_dir=tmp_path, persist=True)
    assert [s.as_dict() for s in again.spots] == [s.as_dict() for s in first.spots]


def test_push_fold_stays_where_it_reads_the_hand_and_trees_are_chosen():
    hands = _hands()
    # heads-up, a flat call: the heads-up push/fold model cannot read it, the pl tree can
    [spot] = find_tree_spots(hands["252000000170"], "Hero", "pl")
    assert spot.node == "BB vs SB open" and spot.players == 2
    # --tree pushfold: today's push/fold table spot or outside
    from omahanash.history.review import _find
    assert not isinstance(_find(hands["252000000135"], "Hero", 20.0, None, "pushfold"), list)


def test_bad_tree_choices_exit_2_naming_them(capsys):
    assert cli.main(["review", str(PLO), "--tree", "nosuch", "-q"]) == 2
    assert "unknown --tree 'nosuch'" in capsys.readouterr().err
    assert cli.main(["review", str(PLO), "--tree", "pl", "--vs", "AA", "-q"]) == 2
    assert "does not apply to --tree pl" in capsys.readouterr().err
