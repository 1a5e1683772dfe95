"""The betting trees: pot-limit arithmetic, who may do what, node names, tree files, sizes,
and the settlement of a terminal by contribution (antes included)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.trees import TreeSettings, build_tree, pot_raise_to, read_tree_file
from omahanash.trees.kernels import settle_contrib
from omahanash.trees.solver import TreeSolver


def tree(n: int, stacks: float | list[float] = 15, preset: str = "pl", ante: float = 0.0,
         **settings):
    values = stacks if isinstance(stacks, list) else [stacks] * n
    return build_tree(PushFoldSpot("omaha", values, 0.5, 1, ante=ante),
                      TreeSettings(preset, **settings))


def sizes(t, name: str) -> list[tuple[str, float]]:
    return [(a.kind, round(a.to, 9)) for a in t.find(name).actions]


# -- pot-limit arithmetic ------------------------------------------------------------------

def test_pot_raise_table():
    # blinds 0.5/1, no ante: the first raise is to 3.5 bb
    assert pot_raise_to(1.0, [0, 0.5, 1.0], 0.0, 0) == 3.5
    # the small blind's re-pot of it: call 3, pot 8 after the call: to 3.5 + 8
    assert pot_raise_to(3.5, [3.5, 0.5, 1.0], 0.0, 1) == 11.5
    # the big blind's, small blind folded: call 2.5, pot 7.5 after it: to 11 (the issue's
    # table says 12; by its own rule, call plus the pot after the call, it is 11)
    assert pot_raise_to(3.5, [3.5, 0.5, 1.0], 0.0, 2) == 11.0
    # the big blind's after the small blind flatted: pot 8 + call 2.5: to 14
    assert pot_raise_to(3.5, [3.5, 3.5, 1.0], 0.0, 2) == 14.0
    # 0.1 bb ante at 6 players: 0.6 in antes, the first raise is to 4.1
    assert pot_raise_to(1.0, [0, 0, 0, 0, 0.5, 1.0], 0.6, 0) == pytest.approx(4.1)
    # heads-up the small blind opens to 3, the big blind re-pots to 9
    assert pot_raise_to(1.0, [0.5, 1.0], 0.0, 0) == 3.0
    assert pot_raise_to(3.0, [3.0, 1.0], 0.0, 1) == 9.0


def test_tree_sizes_follow_the_arithmetic():
    t = tree(3, 40)
    assert sizes(t, "BTN open") == [("fold", 0.0), ("raise", 3.5)]
    assert sizes(t, "SB open") == [("fold", 0.5), ("call", 1.0), ("raise", 3.0)]
    assert sizes(t, "SB vs BTN open") == [("fold", 0.5), ("call", 3.5), ("raise", 11.5)]
    assert sizes(t, "BB vs BTN open") == [("fold", 1.0), ("call", 3.5), ("raise", 11.0)]
    assert sizes(t, "BB vs BTN open, SB call") == [("fold", 1.0), ("call", 3.5),
                                                   ("raise", 14.0)]
    # facing the re-pot: call it or raise the pot again (4-bet): 11.5 + (16 + 8) = 35.5 —
    # all in at 40 bb (4.5 behind is less than 15 % of the stack), a raise at 60 bb
    assert sizes(t, "BTN vs SB re-raise") == [("fold", 3.5), ("call", 11.5), ("allin", 40.0)]
    assert sizes(tree(3, 60), "BTN vs SB re-raise") == [("fold", 3.5), ("call", 11.5),
                                                        ("raise", 35.5)]
    six = tree(6, 40, ante=0.1)
    assert sizes(six, "UTG open") == [("fold", 0.0), ("raise", 4.1)]


def test_short_stacks_are_all_in():
    # a 3 bb button cannot open for 3.5: it is all in for 3 (the posts are the blinds only)
    assert sizes(tree(3, [3, 20, 20]), "BTN open") == [("fold", 0.0), ("allin", 3.0)]
    # 4 bb: the pot raise to 3.5 would leave 0.5 behind, less than 15 % of the stack: all in
    assert sizes(tree(3, [4, 20, 20]), "BTN open") == [("fold", 0.0), ("allin", 4.0)]
    # with no such share, the raise leaves the half big blind behind
    assert sizes(tree(3, [4, 20, 20], allin_share=0.0), "BTN open") == [("fold", 0.0),
                                                                         ("raise", 3.5)]
    # a stack smaller than the big blind may still move all in, for less
    assert sizes(tree(3, [0.2, 20, 20]), "BTN open") == [("fold", 0.0), ("allin", 0.2)]
    # a big blind all in for 0.7: the others still owe the whole big blind; the pot is 1.2,
    # so the open is to 1 + 2.2 and the small blind's re-pot to 3.2 + 7.1
    assert sizes(tree(3, [20, 20, 0.7]), "SB vs BTN open") == [("fold", 0.5), ("call", 3.2),
                                                               ("raise", 10.3)]
    # antes count in the stack: a 2 bb stack with a 0.5 ante has 1.5 to bet
    assert sizes(tree(3, [2, 20, 20], ante=0.5), "BTN open") == [("fold", 0.0),
                                                                  ("allin", 1.5)]


def test_an_all_in_for_less_does_not_reopen_the_betting():
    # the button opens to 3.5; the small blind (5 bb) moves all in: a raise of 1.5, less
    # than the open's 2.5, so the button may only call or fold; the big blind, who has not
    # acted, may still raise
    t = tree(3, [40, 5, 40])
    assert sizes(t, "SB vs BTN open") == [("fold", 0.5), ("call", 3.5), ("allin", 5.0)]
    assert [a.kind for a in t.find("BTN vs SB all in, BB call").actions] == ["fold", "call"]
    assert [a.kind for a in t.find("BB vs BTN open, SB all in").actions] == ["fold", "call",
                                                                              "raise"]


def test_max_raises_then_calls_only():
    t = tree(2, 100, max_raises=2)
    assert [a.kind for a in t.find("BB vs SB open").actions] == ["fold", "call", "raise"]
    assert [a.kind for a in t.find("SB vs BB re-raise").actions] == ["fold", "call"]
    one = tree(3, 100, max_raises=1)
    assert [a.kind for a in one.find("SB vs BTN open").actions] == ["fold", "call"]


def test_node_names_as_players_say_them():
    names = [node.name for node in tree(3, 15).decisions()]
    for name in ("BTN open", "SB vs BTN open", "BB vs BTN open, SB call",
                 "BTN vs SB re-raise", "BB vs SB limp", "SB vs BB raise"):
        assert name in names
    for preset in ("pushfold", "pl", "pl-limp", "nl"):
        for n in (2, 3, 6):
            names = [node.name for node in tree(n, 15, preset).decisions()]
            assert len(set(names)) == len(names), (preset, n)
    # the push/fold tree keeps the push/fold engine's names, node for node
    spot = PushFoldSpot("holdem", [10] * 4, 0.5, 1)
    push = build_tree(spot, TreeSettings("pushfold"))
    assert sorted(node.name for node in push.decisions()) == sorted(
        node.name for node in spot.nodes())


def test_no_limit_tree():
    t = tree(3, 20, "nl", open_size=2.5)
    assert sizes(t, "BTN open") == [("fold", 0.0), ("raise", 2.5), ("allin", 20.0)]
    assert sizes(t, "SB open") == [("fold", 0.5), ("call", 1.0), ("raise", 2.5),
                                   ("allin", 20.0)]
    assert sizes(t, "BB vs SB limp") == [("call", 1.0), ("raise", 3.5), ("allin", 20.0)]
    assert sizes(t, "SB vs BTN open") == [("fold", 0.5), ("call", 2.5), ("allin", 20.0)]
    assert sizes(t, "BB vs BTN all in") == [("fold", 1.0), ("call", 20.0)]


def test_postflop_models_at_the_terminals():
    def terminal(t, path):
        node = t.nodes[0]
        for kind in path:
            node = t.nodes[next(a.child for a in node.actions if a.kind == kind)]
        return node

    # SB opens to 3, BB calls: pot 6 with 7 behind (ratio 1.2): committed, all in
    assert terminal(tree(2, 10), ["raise", "call"]).contrib == (10.0, 10.0)
    # at 25 bb, 22 behind (ratio 3.7): the pot as it stands goes to showdown
    assert terminal(tree(2, 25), ["raise", "call"]).contrib == (3.0, 3.0)
    # a limp checked at 10 bb (pot 2, 9 behind) is not committed; at 4 bb (3 behind) it is
    assert terminal(tree(2, 10), ["call", "call"]).contrib == (1.0, 1.0)
    assert terminal(tree(2, 4), ["call", "call"]).contrib == (4.0, 4.0)
    # checkdown never commits
    assert terminal(tree(2, 4, postflop="checkdown"), ["call", "call"]).contrib == (1.0, 1.0)
    assert terminal(tree(2, 10, postflop="checkdown"), ["raise", "call"]).contrib == (3.0,
                                                                                      3.0)
    # uneven stacks (SB opens to 3 of 4): both commit, the settlement returns the excess
    uneven = terminal(tree(2, [4, 30]), ["raise", "call"])
    assert uneven.contrib == (4.0, 30.0) and uneven.live == 3


# -- tree files ------------------------------------------------------------------------------

def test_tree_file(tmp_path):
    path = tmp_path / "half.toml"
    path.write_text('kind = "pot"\nsizes = [1.0, 0.5]\nmax_raises = 2\nlimp = "none"\n')
    settings = read_tree_file(path)
    spot = PushFoldSpot("omaha", [40, 40, 40], 0.5, 1)
    t = build_tree(spot, settings)
    assert sizes(t, "SB open") == [("fold", 0.5), ("raise", 3.0)]  # no limp
    # a half-pot re-raise of the 3.5 open: 3.5 + 0.5 * 8 = 7.5
    assert sizes(t, "SB vs BTN open") == [("fold", 0.5), ("call", 3.5), ("raise", 7.5)]


@pytest.mark.parametrize("text, words", [
    ('kind = "pot"\nsizes = [1.5]\n', "at most 1"),
    ('kind = "nl"\nsizes = [2.5, 3.0]\n', "smaller than the rules allow"),
    ('kind = "nl"\nsizes = [0.5]\n', "no raise"),
    ('kind = "limit"\n', "kind must be"),
    ('sizes = [1.0]\nbogus = 1\n', "unknown key"),
    ('sizes = "pot"\n', "list of numbers"),
    ('max_raises = 0\n', "max-raises"),
    ('sizes = [1.0\n', "not TOML"),
])
def test_bad_tree_files_are_refused_naming_the_fault(tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=words) as caught:
        read_tree_file(path)
    assert caught.value.argument == "tree"


def test_bad_settings():
    with pytest.raises(InputError, match="unknown tree 'fixed-limit'"):
        TreeSettings("fixed-limit")
    with pytest.raises(InputError, match="max-raises"):
        TreeSettings("pl", max_raises=0)
    with pytest.raises(InputError, match="postflop"):
        TreeSettings("pl", postflop="river")
    with pytest.raises(InputError, match="open must be more than 1"):
        TreeSettings("nl", open_size=1.0)
    with pytest.raises(InputError, match="no node 'BTN open'"):
        tree(2, 15).find("BTN open")


def test_sizes_and_the_memory_limit():
    # the sizes the README states
    counts = {(p, n): tree(n, 15, p).slots for p in ("pl", "nl") for n in (2, 3, 6)}
    assert counts == {("pl", 2): 8, ("pl", 3): 27, ("pl", 6): 1358,
                      ("nl", 2): 8, ("nl", 3): 22, ("nl", 6): 668}
    spot = PushFoldSpot("omaha", [15] * 9, 0.5, 1)

    class FullTable:  # the full Omaha table's class count, no data needed to refuse
        n = 16_432
        game = "omaha-hi"
        class_ids = np.arange(16_432)

    with pytest.raises(InputError, match="GiB") as caught:
        TreeSolver(spot, TreeSettings("pl"), FullTable())
    assert "fewer raises" in str(caught.value)
    import omahanash.trees.betting as betting

    limit = betting.MAX_NODES
    betting.MAX_NODES = 2_000  # the 6-handed pl tree has 2,876 nodes
    try:
        with pytest.raises(InputError, match="more than 2,000 nodes") as caught:
            tree(6, 15, "pl")
        assert "fewer raises" in str(caught.value)
    finally:
        betting.MAX_NODES = limit


# -- settling a terminal by contribution -------------------------------------------------

def brute_settle(live, hi, contrib, stacks):
    """Side pots by contribution, written out: each chip level goes to the best live hand
    among those who reached it (split on ties), back to its owner when nobody live did."""
    n = len(stacks)
    out = [stacks[i] - contrib[i] for i in range(n)]
    levels = sorted({c for c in contrib if c > 0})
    prev = 0.0
    for level in levels:
        payers = [i for i in range(n) if contrib[i] > prev]
        amount = sum(min(contrib[i], level) - prev for i in payers)
        eligible = [i for i in range(n) if live >> i & 1 and contrib[i] >= level]
        if not eligible:
            for i in payers:
                out[i] += min(contrib[i], level) - prev
        else:
            best = max(hi[i] for i in eligible)
            winners = [i for i in eligible if hi[i] == best]
            for i in winners:
                out[i] += amount / len(winners)
        prev = level
    return out


def test_settle_by_contribution_matches_a_brute_force():
    rng = np.random.default_rng(5)
    for _ in range(400):
        n = int(rng.integers(2, 6))
        stacks = rng.integers(5, 40, n).astype(float)
        contrib = np.minimum(stacks, rng.integers(0, 40, n)).astype(float)
        live = int(rng.integers(1, 1 << n))
        hi = rng.integers(1, 4, n).astype(np.int32)
        out = np.empty(n)
        settle_contrib(live, hi, np.zeros(n, np.int32), False, stacks, contrib, out)
        assert out == pytest.approx(brute_settle(live, hi, contrib, stacks))
        assert out.sum() == pytest.approx(stacks.sum())


def test_antes_of_a_short_stack_are_not_a_dead_pot():
    # 1500 / 1000 / 700 with a 2000 ante: everyone is all in by the antes; the 700 stack can
    # win only 3 x 700; whoever holds the best hand, nobody wins more than they matched
    stacks = np.array([1500.0, 1000.0, 700.0])
    for order in itertools.permutations([1, 2, 3]):
        hi = np.array(order, np.int32)
        out = np.empty(3)
        settle_contrib(7, hi, np.zeros(3, np.int32), False, stacks, stacks.copy(), out)
        assert out == pytest.approx(brute_settle(7, hi, stacks, stacks))
        assert out[2] <= 2100 + 1e-9
        assert out.sum() == pytest.approx(3200)


def test_buckets_group_classes_of_one_shape_by_strength():
    from omahanash.hands import class_combos, parse_class
    from omahanash.trees.buckets import _shape, class_buckets

    ids = np.arange(16_432)
    of = class_buckets("omaha-hi", ids, 400)
    count = int(of.max()) + 1
    assert 300 <= count <= 400
    shapes = np.array([_shape(c) for c in ["As Ad Ks Kd", "As Ks Qd Jc", "As Kd Qh Jc"]])
    assert shapes.tolist() == [4, 1, 2]  # double suited and paired, single suited, rainbow
    # a bucket never mixes shapes, and its classes are neighbours in strength
    aakk = parse_class("As Ad Ks Kd", "omaha")
    aakk_rainbow = parse_class("As Ad Kh Kc", "omaha")
    assert of[aakk] != of[aakk_rainbow]
    combos = class_combos("omaha").astype(float)
    weights = np.bincount(of, combos, count)
    assert weights.max() < 4 * weights.mean()  # about the same combos each
