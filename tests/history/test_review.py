"""The review: counts, EVs equal the solver's lookup, equilibrium play loses nothing, the
report, the CLI; and the jam-fold game's dead money."""

from __future__ import annotations

import json

import numpy as np
import pytest

from omahanash.cli import main
from omahanash.equity.tables import load_table
from omahanash.history import Hand, read_hands, review, review_hands, solved_params
from omahanash.history.hands import Action
from omahanash.history.spots import find_spot
from omahanash.jamfold import JamFoldGame, JamFoldParams, solve_jamfold

from .conftest import SUBSET_IDS


@pytest.fixture(scope="module")
def report(data_dir, cache_dir, omaha_table):
    return review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir)


def test_counts(report):
    assert report.hero == "Hero"
    # ps_mixed_nlh_plo.txt adds 4 hands: a Hold'em push (a spot), 3 outside the model
    assert (report.hands, len(report.spots), len(report.outside), len(report.unparsed)) == (
        19, 10, 9, 6)
    reasons = [item.reason for item in report.outside]
    assert any(reason.startswith("no omaha-hilo equity table") for reason in reasons)
    assert {spot.position for spot in report.spots} == {"SB", "BB"}
    six_max = next(spot for spot in report.spots if spot.hand_id == "300001")
    assert (six_max.action, six_max.stack_bb, six_max.dead_money) == ("call", 12.0, 100.0)


def _solve_lookup(params: JamFoldParams, cards: str, position: str, cache_dir,
                  capsys, *extra: str) -> dict:
    """``omahanash solve --lookup`` of the spot's grid game (``--classes``: the subset
    table of these tests); its JSON ``lookup``."""
    args = ["solve", "--game", str(params.variant), "--sb", repr(params.sb), "--bb",
            repr(params.bb), "--ante", repr(params.ante), "--dead-money",
            repr(params.dead_money), "--stacks", *(repr(s) for s in params.stacks),
            "--lookup", cards, "--player", "pu" if position == "SB" else "ca",
            "--cache-dir", str(cache_dir), "--json", *extra]
    if params.variant != "holdem":
        args += ["--classes", ",".join(map(str, SUBSET_IDS))]
    capsys.readouterr()
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)["lookup"]


def test_spot_evs_equal_the_solver_lookup(data_dir, cache_dir, report, capsys):
    """The review's EVs are the ones ``omahanash solve --lookup`` prints for the grid game
    (the same cached equilibrium: the review solved it, the command reads it)."""
    by_id = {spot.hand_id: spot for spot in report.spots}
    checked = set()
    for item in read_hands([data_dir]):
        if not isinstance(item, Hand) or item.hand_id not in by_id:
            continue
        spot = find_spot(item, "Hero")
        lookup = _solve_lookup(solved_params(spot), spot.cards, spot.position, cache_dir,
                               capsys)
        reviewed = by_id[item.hand_id]
        assert reviewed.allin_ev == pytest.approx(lookup["allin_ev"], abs=1e-9)
        assert reviewed.fold_ev == pytest.approx(lookup["fold_ev"], abs=1e-9)
        assert reviewed.nash_frequency == pytest.approx(max(lookup["played"],
                                                            1 - lookup["played"]))
        checked.add((reviewed.variant, reviewed.dead_money > 0))
    assert checked == {("holdem", False), ("holdem", True), ("omaha-hi", False)}


def test_warm_started_evs_are_near_a_cold_solve(data_dir, cache_dir, report, capsys):
    """Spots of one level are solved warm-started from the stack below; a cold solve
    (``--fresh``) lands on an equilibrium within the same Epsilon, with nearly the same
    EVs."""
    by_id = {spot.hand_id: spot for spot in report.spots}
    worst = 0.0
    for item in read_hands([data_dir]):
        if not isinstance(item, Hand) or item.hand_id not in by_id:
            continue
        spot = find_spot(item, "Hero")
        reviewed = by_id[item.hand_id]
        cold = _solve_lookup(solved_params(spot), spot.cards, spot.position, cache_dir,
                             capsys, "--fresh")
        worst = max(worst, abs(reviewed.allin_ev - cold["allin_ev"]))
        assert reviewed.fold_ev == cold["fold_ev"]
    assert worst < 0.01  # 0.0055 bb measured (a Hold'em hand near the push threshold)


def _heads_up(hand_id: str, cards: str, push: bool, stack: float) -> Hand:
    """Hero in the small blind at a heads-up Hold'em table, pushing or folding."""
    actions = [Action("Hero", "raise", stack, True), Action("Villain", "fold", 2, False)] \
        if push else [Action("Hero", "fold", 1, False)]
    return Hand(hand_id=hand_id, source="made", line=1, variant="holdem", limit="no-limit",
                sb=1, bb=2, stacks={"Hero": stack, "Villain": 300}, posts={"Hero": 1,
                                                                         "Villain": 2},
                small_blind="Hero", big_blind="Villain", cards={"Hero": cards},
                actions=actions)


def test_equilibrium_play_loses_nothing(cache_dir):
    hands = ["Ah Kd", "7c 2d", "9s 8s", "Qh 3c", "5d 5c", "Kc 4h", "Jd Tc", "6s 2s"]
    stack = 16.0  # 8 bb
    params = JamFoldParams("holdem", sb=0.5, bb=1, stacks=8.0)
    solution = solve_jamfold(params)
    made = [_heads_up(str(i), cards, solution.lookup(cards).played >= 0.5, stack)
            for i, cards in enumerate(hands)]
    result = review_hands(made, hero="Hero", cache_dir=cache_dir)
    assert len(result.spots) == len(hands)
    assert result.ev_lost_bb == 0 and result.grade == "A"
    flipped = [_heads_up(str(i), cards, solution.lookup(cards).played < 0.5, stack)
               for i, cards in enumerate(hands)]
    worse = review_hands(flipped, hero="Hero", cache_dir=cache_dir)
    assert worse.ev_lost_bb > 0 and worse.worst()[0].severity != "none"
    low, high = worse.grade_interval
    assert low <= worse.mean_ev_lost_bb <= high


def test_report_files(report, tmp_path):
    data = report.as_dict()
    assert data["spots_detail"][0]["ev_lost_bb"] == max(s["ev_lost_bb"]
                                                        for s in data["spots_detail"])
    page = report.write_html(tmp_path / "r.html").read_text()
    assert "<svg" in page and "<script" not in page and "src=" not in page \
        and "href=" not in page
    rows = (report.write_csv(tmp_path / "r.csv")).read_text().splitlines()
    assert len(rows) == 1 + len(report.spots)


def test_cli_json(data_dir, tmp_path, capsys):
    code = main(["review", str(data_dir / "ps_hu_tournament_holdem.txt"),
                 str(data_dir / "ps_6max_holdem.txt"), "--json", "--csv",
                 str(tmp_path / "s.csv"), "--html", str(tmp_path / "s.html"), "--cache-dir",
                 str(tmp_path), "-q"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("hands", "spots", "outside_model", "unparsed", "ev_lost_bb",
                "ev_lost_bb_per_100", "grade", "grade_interval", "spots_detail"):
        assert key in data
    assert (data["hands"], data["spots"], data["outside_model"]) == (10, 5, 5)
    assert data["unparsed"] == [{"file": str(data_dir / "ps_hu_tournament_holdem.txt"),
                                 "line": 124, "reason": data["unparsed"][0]["reason"]}]
    assert set(data["spots_detail"][0]) >= {
        "hand_id", "variant", "position", "stack_bb", "cards", "action", "nash_action",
        "nash_frequency", "allin_ev", "fold_ev", "ev_lost_bb", "severity"}
    assert (tmp_path / "s.csv").exists() and (tmp_path / "s.html").exists()


def test_cli_refuses_unsupported_only(data_dir, capsys):
    assert main(["review", str(data_dir / "notes.log"), "-q"]) == 2
    assert "unsupported format" in capsys.readouterr().err


# -- dead money in the jam-fold game -------------------------------------------------------

HOLDEM = JamFoldParams("holdem", sb=5, bb=10, ante=1, stacks=(80, 120))


@pytest.mark.parametrize("dead", [0.0, 7.0])
def test_dead_money_payoffs(dead):
    params = JamFoldParams("holdem", sb=5, bb=10, ante=1, stacks=(80, 120), dead_money=dead)
    game = JamFoldGame(load_table("holdem"), params)
    never = game.pusher_values(game.push_products(np.zeros(game.n)))
    assert np.allclose(never.allin_ev, 10 + 1 + dead)  # a fold by CA: +(BB + A + D)
    assert np.allclose(never.fold_ev, -(5 + 1))  # a PU fold: -(SB + A)
    plain = JamFoldGame(load_table("holdem"), HOLDEM)
    called = game.pusher_values(game.push_products(np.ones(game.n))).allin_ev
    equity = (plain.pusher_values(plain.push_products(np.ones(game.n))).allin_ev + 80) / 160
    assert np.allclose(called, equity * (160 + dead) - 80)  # the showdown pot holds D
    everyone = np.ones(game.n)
    caller = game.caller_values(everyone, game.call_products(everyone)).allin_ev
    plain_caller = plain.caller_values(everyone, plain.call_products(everyone)).allin_ev
    caller_equity = (plain_caller + 80) / 160
    assert np.allclose(caller, caller_equity * (160 + dead) - 80)  # the caller wins D too
    assert np.allclose(game.caller_values(everyone, game.call_products(everyone)).fold_ev,
                       -(10 + 1))
    assert JamFoldParams.from_dict(params.as_dict()) == params
    assert ("dead_money" in params.as_dict()) == bool(dead)
