"""The decision-tree browser: public nodes, per-hand probabilities, navigation, console."""

import io

import pytest

from omahanash.cfr.browser import TreeBrowser, console
from omahanash.cfr.solvers import new_solution, solve
from omahanash.errors import InputError
from omahanash.games.kuhn import KuhnPoker
from omahanash.games.leduc import LeducPoker


@pytest.fixture(scope="module")
def kuhn():
    return solve(KuhnPoker(), "cfr+", 300)


def test_root_of_kuhn(kuhn):
    browser = TreeBrowser(kuhn)
    view = browser.node()
    assert view.path == ()
    assert view.type == "decision"
    assert view.player == 0
    assert [t.action for t in view.transitions] == ["pass", "bet"]
    for transition in view.transitions:
        assert list(transition.probabilities) == ["J", "Q", "K"]
        for card, probability in transition.probabilities.items():
            assert probability == kuhn.strategy(f"{card}/")[transition.action]
    assert view.as_dict()["actions"][1] == {
        "action": "bet",
        "probabilities": {c: kuhn.strategy(f"{c}/")["bet"] for c in "JQK"},
    }


def test_navigation(kuhn):
    browser = TreeBrowser(kuhn)
    view = browser.step("pass")
    assert (view.path, view.player) == (("pass",), 1)
    assert view.transitions[1].probabilities["K"] == kuhn.strategy("K/p")["bet"]
    view = browser.step(1)
    assert (view.path, view.player) == (("pass", "bet"), 0)
    assert browser.step("bet").type == "terminal"
    assert browser.node().transitions == []
    assert browser.back().path == ("pass", "bet")
    assert browser.back().path == ("pass",)
    assert browser.goto("").path == ()
    with pytest.raises(InputError, match="already at the root"):
        browser.back()
    with pytest.raises(InputError, match="no transition 'raise'"):
        browser.step("raise")
    with pytest.raises(InputError, match="no public node"):
        browser.goto("bet bet bet")


def test_find_infoset(kuhn):
    browser = TreeBrowser(kuhn)
    found = browser.find_infoset("Q/pb")
    assert (found.player, found.label, found.path) == (0, "Q", ("pass", "bet"))
    assert found.strategy == kuhn.strategy("Q/pb")
    assert browser.path == ("pass", "bet")
    assert browser.find_infoset("K").key == "K/pb"  # a private label at the current node
    with pytest.raises(InputError, match="no information set 'A'"):
        browser.find_infoset("A")


def test_public_chance_node_of_leduc():
    # Under the uniform profile every deal reaches "call call" alike: each rank is 1/3.
    browser = TreeBrowser(new_solution(solve(LeducPoker(), "cfr", 0).tree, "cfr"))
    view = browser.goto("call call")
    assert view.type == "chance" and view.player is None
    chance = {t.action: t.probabilities["chance"] for t in view.transitions}
    assert chance == pytest.approx({"J": 1 / 3, "Q": 1 / 3, "K": 1 / 3}, abs=1e-12)
    view = browser.step("K")
    assert view.path == ("call", "call", "K") and view.player == 0
    assert browser.node().transitions[0].probabilities == {"J": 0.5, "Q": 0.5, "K": 0.5}


def test_chance_probabilities_follow_the_strategies():
    # A solved profile changes which hands reach "raise call", hence the public card odds:
    # P(card) = sum over deals reaching the node of reach * P(card | deal) / total reach.
    solution = solve(LeducPoker(), "cfr+", 50)
    chance = {t.action: t.probabilities["chance"]
              for t in TreeBrowser(solution).goto("raise call").transitions}
    ranks = "JQK"
    weights = {}
    for p0 in range(6):
        for p1 in range(6):
            if p0 == p1:
                continue
            reach = (solution.strategy(f"{ranks[p0 // 2]}/")["raise"]
                     * solution.strategy(f"{ranks[p1 // 2]}/r")["call"]) / 30
            for public in range(6):
                if public not in (p0, p1):
                    weights[ranks[public // 2]] = weights.get(ranks[public // 2], 0) + reach / 4
    total = sum(weights.values())
    assert chance == pytest.approx({r: w / total for r, w in weights.items()}, rel=1e-9)


def test_console_session(kuhn):
    answers = "1\n-1\nK\n-3\n-1\nQ/pb\n7\n0\n-2\n"
    out = io.StringIO()
    console(TreeBrowser(kuhn), io.StringIO(answers), out)
    text = out.getvalue()
    assert text.startswith("[decision tree browser]\ncurrent node: .\nnode type: decision\n")
    assert "current node: bet\nnode type: decision\nplayer: 1\n" in text
    k_bet = kuhn.strategy("K/b")
    assert f"K/b (player 1): pass ({k_bet['pass']:.5f}) bet ({k_bet['bet']:.5f})" in text
    q_bet = kuhn.strategy("Q/")["bet"]
    assert f"1) bet: J ({kuhn.strategy('J/')['bet']:.5f}) Q ({q_bet:.5f})" in text
    assert "no transition 7 here" in text
    assert "current node: pass bet pass\nnode type: terminal\n" in text


def test_console_stops_at_end_of_input(kuhn):
    out = io.StringIO()
    console(TreeBrowser(kuhn), io.StringIO("0\n"), out)
    assert out.getvalue().count("[decision tree browser]") == 2


def test_thesis_figure_2_3_dominoes():
    """The first domino example of the thesis: four tiles, two hands of two, player 0 opens.

    Figure 2.3 lists, for every tile, the hands holding it with the probability of leading it:
    never [0|1]; [1|1] from [0|1][1|1] and [1|1][1|2]; [1|2] from [0|1][1|2]; [2|2] from
    [0|1][2|2] (its other entries are choices between equally good moves).
    """
    from omahanash.games.domino import make_domino_game

    game = make_domino_game("[0|1][1|1][1|2][2|2]", players=2, hand=2, rules="thesis")
    solution = solve(game, "cfr+", 512)
    assert solution.history[-1][1] < 1e-5
    view = TreeBrowser(solution).node()
    assert (view.path, view.type, view.player) == ((), "decision", 0)
    shown = {t.action: t.probabilities for t in view.transitions}
    assert list(shown) == ["[0|1]", "[1|1]", "[1|2]", "[2|2]"]
    assert list(shown["[0|1]"]) == ["[0|1][1|1]", "[0|1][1|2]", "[0|1][2|2]"]
    assert list(shown["[2|2]"]) == ["[0|1][2|2]", "[1|1][2|2]", "[1|2][2|2]"]
    assert max(shown["[0|1]"].values()) < 1e-3
    for tile, hand in [("[1|1]", "[0|1][1|1]"), ("[1|1]", "[1|1][1|2]"),
                       ("[1|2]", "[0|1][1|2]"), ("[2|2]", "[0|1][2|2]")]:
        assert shown[tile][hand] > 0.999
