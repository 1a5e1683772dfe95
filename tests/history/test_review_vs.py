"""The review against an opponent model other than Nash (``vs``, ``--vs``): EVs equal what
``omahanash exploit --lookup`` prints for the grid game, the best response loses nothing and
its opposite loses, ``vs=None`` is the Nash review, a model that does not fit a variant puts
its spots outside the model, bad specs fail up front, the CLI's output names the model."""

from __future__ import annotations

import json

import pytest

from omahanash.cli import main
from omahanash.errors import InputError
from omahanash.history import Hand, read_hands, review, review_hands, solved_params
from omahanash.history.hands import Action
from omahanash.history.opponent import OPPONENT_ROLE, opponent_model
from omahanash.history.spots import find_spot
from omahanash.jamfold import JamFoldParams, best_response, solve_jamfold

from .conftest import SUBSET_IDS

# A model every variant reads (Hold'em and Omaha), and a stack's equilibrium.
MODEL = {"pusher": "top 30%", "caller": "nash@15"}
HOLDEM_RANGE = "22+,A2s+,K9s+"


def _exploit_lookup(params: JamFoldParams, cards: str, position: str, spec: str, cache_dir,
                    capsys) -> dict:
    """``omahanash exploit --caller SPEC`` (a small-blind hero) or ``--pusher SPEC`` (a
    big-blind hero) ``--lookup CARDS`` of the spot's grid game; its JSON ``lookup``."""
    args = ["exploit", "--game", str(params.variant), "--sb", repr(params.sb), "--bb",
            repr(params.bb), "--ante", repr(params.ante), "--dead-money",
            repr(params.dead_money), "--stacks", *(repr(s) for s in params.stacks),
            f"--{OPPONENT_ROLE[position]}", spec, "--lookup", cards,
            "--cache-dir", str(cache_dir), "--json"]
    if params.variant != "holdem":
        args += ["--classes", ",".join(map(str, SUBSET_IDS))]
    capsys.readouterr()
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)["lookup"]


@pytest.fixture(scope="module")
def against_model(data_dir, cache_dir, omaha_table):
    return review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir, vs=MODEL)


@pytest.fixture(scope="module")
def against_nash(data_dir, cache_dir, omaha_table):
    return review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir)


def test_spot_evs_equal_the_exploit_lookup(data_dir, cache_dir, against_model, against_nash,
                                           capsys):
    """Each spot's EVs are the best responder's ``exploit --lookup`` of the grid game against
    the opponent's role locked to its model; the Nash fields stay the equilibrium's."""
    assert against_model.as_dict()["opponent"] == MODEL
    by_id = {spot.hand_id: spot for spot in against_model.spots}
    nash = {spot.hand_id: spot for spot in against_nash.spots}
    assert by_id.keys() == nash.keys()
    checked = set()
    for item in read_hands([data_dir]):
        if not isinstance(item, Hand) or item.hand_id not in by_id:
            continue
        spot = find_spot(item, "Hero")
        reviewed = by_id[item.hand_id]
        spec = MODEL[OPPONENT_ROLE[spot.position]]
        lookup = _exploit_lookup(solved_params(spot), spot.cards, spot.position, spec,
                                 cache_dir, capsys)
        assert reviewed.allin_ev == pytest.approx(lookup["allin_ev"], abs=1e-9)
        assert reviewed.fold_ev == pytest.approx(lookup["fold_ev"], abs=1e-9)
        aggressive = "push" if spot.position == "SB" else "call"
        assert reviewed.best_action == (aggressive if lookup["played"] else "fold")
        best = max(reviewed.allin_ev, reviewed.fold_ev)
        taken = reviewed.allin_ev if reviewed.action != "fold" else reviewed.fold_ev
        assert reviewed.ev_lost_bb == pytest.approx(best - taken, abs=1e-12)
        assert reviewed.opponent == spec
        assert (reviewed.nash_action, reviewed.nash_frequency) == (
            nash[item.hand_id].nash_action, nash[item.hand_id].nash_frequency)
        checked.add((reviewed.variant, reviewed.position, reviewed.dead_money > 0))
    assert checked >= {("holdem", "SB", False), ("holdem", "BB", False),
                       ("holdem", "BB", True), ("omaha-hi", "SB", False),
                       ("omaha-hi", "BB", False)}


def test_vs_none_is_the_nash_review(data_dir, cache_dir, omaha_table, against_nash):
    data = against_nash.as_dict()
    assert data["opponent"] == {"pusher": "nash", "caller": "nash"}
    for vs in (None, "nash", {"pusher": "nash"}, {"caller": None}, {}):
        again = review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir,
                       vs=vs)
        assert again.as_dict() == data, vs
    for spot in data["spots_detail"]:  # against Nash the best action has the larger EV
        larger = spot["allin_ev"] > spot["fold_ev"]
        assert spot["best_action"] == (spot["action"] if spot["allin_ev"] == spot["fold_ev"]
                                       else ("fold" if not larger else
                                             "push" if spot["position"] == "SB" else "call"))
        assert spot["opponent"] == "nash"


def _hand(hand_id: str, cards: str, position: str, aggressive: bool,
          stack_bb: float) -> Hand:
    """Hero at a heads-up Hold'em table (blinds 1/2), pushing or folding in the small blind,
    or calling or folding a push in the big blind."""
    stack = 2 * stack_bb
    if position == "SB":
        sb, bb = "Hero", "Villain"
        actions = [Action("Hero", "raise", stack, True), Action("Villain", "fold", 2, False)] \
            if aggressive else [Action("Hero", "fold", 1, False)]
    else:
        sb, bb = "Villain", "Hero"
        actions = [Action("Villain", "raise", stack, True),
                   Action("Hero", "call", stack, True) if aggressive
                   else Action("Hero", "fold", 2, False)]
    return Hand(hand_id=hand_id, source="made", line=1, variant="holdem", limit="no-limit",
                sb=1, bb=2, stacks={"Hero": stack, "Villain": stack}, posts={sb: 1, bb: 2},
                small_blind=sb, big_blind=bb, cards={"Hero": cards}, actions=actions)


@pytest.mark.parametrize(("position", "spec"), [("SB", "22+,A2+,K5+,Q8+,J9+"),
                                                 ("BB", HOLDEM_RANGE)])
def test_the_best_response_loses_nothing_and_its_opposite_loses(cache_dir, position, spec):
    hands = ["Ah Kd", "7c 2d", "9s 8s", "Qh 3c", "5d 5c", "Kc 4h", "Jd Tc", "6s 2s", "Ac 5d"]
    role = OPPONENT_ROLE[position]
    response = best_response(JamFoldParams("holdem", sb=0.5, bb=1, stacks=15.0),
                             **{role: spec})
    best = [response.lookup(cards).played == 1.0 for cards in hands]
    assert 0 < sum(best) < len(hands)  # both actions are tested
    vs = {role: spec}
    right = review_hands([_hand(str(i), cards, position, play, 15.0)
                          for i, (cards, play) in enumerate(zip(hands, best))],
                         hero="Hero", cache_dir=cache_dir, vs=vs)
    assert len(right.spots) == len(hands)
    assert right.ev_lost_bb == 0 and right.grade == "A"
    assert all(spot.action == spot.best_action for spot in right.spots)
    wrong = review_hands([_hand(str(i), cards, position, not play, 15.0)
                          for i, (cards, play) in enumerate(zip(hands, best))],
                         hero="Hero", cache_dir=cache_dir, vs=vs)
    assert all(spot.ev_lost_bb > 0 and spot.action != spot.best_action
               for spot in wrong.spots)


def test_pushing_72o_into_a_caller_of_aces_only_is_correct(cache_dir):
    """Nash folds 7-2 offsuit at 20 bb; against a caller who calls with aces only, the push
    wins the blinds nearly always: it is the best response, nothing is lost."""
    hand = [_hand("1", "7c 2d", "SB", True, 20.0)]
    nash = review_hands(hand, hero="Hero", cache_dir=cache_dir).spots[0]
    assert (nash.stack_bb, nash.nash_action, nash.best_action) == (20.0, "fold", "fold")
    assert nash.ev_lost_bb > 0
    spot = review_hands(hand, hero="Hero", cache_dir=cache_dir, vs={"caller": "AA"}).spots[0]
    assert (spot.nash_action, spot.best_action, spot.ev_lost_bb, spot.severity) == (
        "fold", "push", 0.0, "none")
    assert spot.allin_ev > spot.fold_ev and spot.opponent == "AA"


def test_a_model_that_does_not_fit_a_variant_puts_its_spots_outside(data_dir, cache_dir,
                                                                     omaha_table):
    """Hold'em notation does not describe Omaha hands (the Omaha syntax would read it as
    other hands), an Omaha pattern not Hold'em ones: those spots go outside the model,
    saying why, and the other variant's spots are judged."""
    holdem = review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir,
                    vs=HOLDEM_RANGE)
    assert {spot.variant for spot in holdem.spots} == {"holdem"}
    reasons = [item.reason for item in holdem.outside if "opponent model" in item.reason]
    # 5 Omaha spots: 4, and the pot-raise push of ps_mixed_nlh_plo.txt's tournament hand
    assert len(reasons) == 5 and all("is a Hold'em range" in r for r in reasons)
    omaha = review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir,
                   vs="AA**,KK**")
    assert {spot.variant for spot in omaha.spots} == {"omaha-hi"}
    assert any("a Texas Hold'em hand has 2" in item.reason for item in omaha.outside)
    with pytest.raises(InputError, match="fits none of the spots.*Hold'em range"):
        review([data_dir / "ps_hu_omaha.txt"], tables={"omaha-hi": omaha_table},
               cache_dir=cache_dir, vs=HOLDEM_RANGE)


def test_a_saved_solution_fits_its_variant(data_dir, cache_dir, omaha_table, tmp_path):
    path = tmp_path / "ten.jamfold"
    solve_jamfold(JamFoldParams("holdem", sb=0.5, bb=1, stacks=10.0)).save(path)
    spec = f"file:{path}"
    report = review([data_dir], tables={"omaha-hi": omaha_table}, cache_dir=cache_dir,
                    vs={"caller": spec})
    assert any(f"{spec}: a holdem solution, not omaha-hi" in item.reason
               for item in report.outside)
    pushes = [spot for spot in report.spots if spot.position == "SB"]
    assert pushes and {spot.variant for spot in pushes} == {"holdem"}
    for spot in pushes:
        grid = JamFoldParams("holdem", spot.sb / spot.bb, 1, spot.ante / spot.bb,
                             spot.grid_stack_bb, dead_money=spot.dead_money / spot.bb)
        lookup = best_response(grid, caller=spec).lookup(spot.cards)
        assert (spot.allin_ev, spot.fold_ev) == (lookup.allin_ev, lookup.fold_ev)


@pytest.mark.parametrize(("vs", "message"), [
    ("QX+", r"vs \(pusher\): bad range 'QX\+' at column 1"),
    ({"caller": "AsAdKsKd, QX+"}, r"vs \(caller\): not a range in Hold'em .* nor in Omaha"),
    ({"dealer": "AA"}, "a role is pusher or caller, got 'dealer'"),
    ({"pusher": "   "}, r"vs \(pusher\): the opponent model is empty"),
    ("nash@-3", r"vs \(pusher\): nash@STACK takes a stack in big blinds"),
    ("file:/no/such.jamfold", "no such file"),
    (5, "vs takes range text"),
    ({"caller": 0.3}, r"vs \(caller\) takes range text"),
])
def test_bad_specs_fail_before_anything_is_read(vs, message):
    with pytest.raises(InputError, match=message):
        review(["/no/such/folder"], vs=vs)  # the model is checked before the paths
    with pytest.raises(InputError, match=message):
        opponent_model(vs)


def test_cli_names_the_model(data_dir, tmp_path, capsys):
    files = [str(data_dir / "ps_hu_tournament_holdem.txt"), str(data_dir / "ps_6max_holdem.txt")]
    common = ["--cache-dir", str(tmp_path), "-q"]
    assert main(["review", *files, "--vs", "AA", "--vs-push", "nash@15", "--json", "--csv",
                 str(tmp_path / "s.csv"), "--html", str(tmp_path / "s.html"), *common]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["opponent"] == {"pusher": "nash@15", "caller": "AA"}
    assert {spot["opponent"] for spot in data["spots_detail"]} == {"nash@15", "AA"}
    assert all(spot["best_action"] in ("push", "call", "fold") for spot in data["spots_detail"])
    header = (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    at = header.index("best_action")  # the table's columns come after these
    assert header[at:at + 2] == ["best_action", "opponent"]
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "pusher nash@15, caller AA" in page and "best_action" in page
    assert main(["review", *files, "--vs-call", "AA", *common]) == 0
    text = capsys.readouterr().out
    assert "opponent: pusher nash, caller AA" in text
    assert "(best push vs AA; Nash fold 100%)" in text  # 7-2 folded: pushing was better
    assert main(["review", *files, "--vs", "QX+", *common]) == 2
    assert capsys.readouterr().err.strip().endswith("'+' needs explicit ranks")
