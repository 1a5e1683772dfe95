"""Leduc poker with OpenSpiel's rules: betting, showdown, tree size, CFR figures."""

import pytest

from omahanash.cfr.compiler import compile_game
from omahanash.cfr.solvers import solve
from omahanash.game import CHANCE, TERMINAL
from omahanash.games.leduc import CALL, FOLD, RAISE, LeducPoker, card_name

J1, J2, Q1, Q2, K1, K2 = range(6)


def play(cards, actions, public=None):
    state = LeducPoker().new_initial_state()
    for card in cards:
        state = state.child(card)
    for action in actions:
        if action == "|":
            state = state.child(public)
        else:
            state = state.child("fcr".index(action))
    return state


@pytest.fixture(scope="module")
def tree():
    return compile_game(LeducPoker())


def test_deal_and_names():
    root = LeducPoker().new_initial_state()
    assert root.current_player() == CHANCE
    assert len(root.chance_outcomes()) == 6
    assert root.child(K1).chance_outcomes() == [(c, 0.2) for c in (0, 1, 2, 3, 5)]
    assert [card_name(c) for c in range(6)] == ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]


def test_betting_rules():
    state = play((K1, J1), "")
    assert state.current_player() == 0
    assert state.legal_actions() == [CALL, RAISE]  # no fold when not facing a bet
    state = play((K1, J1), "r")
    assert state.current_player() == 1
    assert state.legal_actions() == [FOLD, CALL, RAISE]
    assert play((K1, J1), "rr").legal_actions() == [FOLD, CALL]  # two raises at most
    assert play((K1, J1), "cc").current_player() == CHANCE  # the public card
    assert play((K1, J1), "crc").current_player() == CHANCE
    assert play((K1, J1), "cc").chance_outcomes() == [(c, 0.25) for c in (1, 2, 3, 5)]
    after_flop = play((K1, J1), "cc|", public=Q1)
    assert after_flop.current_player() == 0
    assert after_flop.legal_actions() == [CALL, RAISE]


def test_payoffs():
    # Raise to 3, re-raise to 5, call; then raise to 9, re-raise to 13, call: K beats J.
    assert play((K1, J1), "rrc|rrc", public=Q1).returns() == [13.0, -13.0]
    assert play((K1, J1), "rrc|rrc", public=Q1).current_player() == TERMINAL
    # A pair with the public card beats a higher card.
    assert play((K1, J1), "cc|cc", public=J2).returns() == [-1.0, 1.0]
    # Equal ranks split.
    assert play((K1, K2), "cc|rc", public=Q1).returns() == [0.0, 0.0]
    # Folds lose what was put in.
    assert play((J1, K1), "rf").returns() == [1.0, -1.0]
    assert play((J1, K1), "crrf").returns() == [3.0, -3.0]
    assert play((J1, K1), "cc|crf", public=Q1).returns() == [-1.0, 1.0]
    assert play((J1, K1), "cc|rrf", public=Q1).returns() == [-5.0, 5.0]


def test_information_and_public_history():
    state = play((K1, J1), "rc|r", public=Q2)
    assert state.information_state_key(1) == "J/rc/Q/r"
    assert state.information_state_key(0) == "K/rc/Q/r"
    assert state.public_history() == ("raise", "call", "Q", "raise")
    assert state.private_label(0) == "K"


def test_tree_shape(tree):
    assert tree.num_nodes == 9457
    assert tree.num_infosets == 288  # OpenSpiel keys by suit too: 936 (= suit-isomorphic ones)
    assert (tree.returns.sum(axis=1) == 0).all()


# Exploitability after 1, 2, 4, 8 and 10 iterations, measured with OpenSpiel 2.0.2
# (open_spiel.python.algorithms.cfr.CFRSolver / CFRPlusSolver on leduc_poker,
# exploitability.exploitability of average_policy()).
OPENSPIEL_LEDUC = {
    "cfr": [2.373611111111111, 2.0613194444444445, 1.6590264691929169, 1.0447752045677787,
            0.888578983168769],
    "cfr+": [2.373611111111111, 2.057916666666667, 1.6096550821219533, 0.859845118843912,
             0.6104389015904066],
}


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_cfr_matches_openspiel_on_leduc(tree, algorithm):
    solution = solve(tree, algorithm, 10)
    assert [i for i, _ in solution.history] == [1, 2, 4, 8, 10]
    assert [x for _, x in solution.history] == pytest.approx(OPENSPIEL_LEDUC[algorithm],
                                                             rel=1e-12)


def test_cfr_plus_exploitability_falls(tree):
    solution = solve(tree, "cfr+", 256)
    values = [x for _, x in solution.history]
    assert all(later < earlier for earlier, later in zip(values[:4], values[1:5], strict=True))
    assert values[-1] < 0.02
    # Leduc's value for player 0 is about -0.0856.
    assert solution.values()[0] == pytest.approx(-0.0856, abs=0.01)
