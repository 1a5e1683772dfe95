"""Betting-tree drills: every dealt spot's actions and the verdict on every answer, checked
against the library's own :meth:`TreeSolution.lookup` of the same spot with the decision rule
written out here (correct when the answer's EV is within the NashConv of the best); the hands
dealt at a node are hands the equilibrium brings there; the cache of tree equilibria answers
a spot seen before from memory and from disk; Stop leaves nothing behind. Small spots:
heads-up Hold'em pot limit (every class pair, exact), a few CFR+ iterations."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import Cancelled, InputError
from omahanash.hands import class_name, parse_class
from omahanash.runs import CancelFlag
from omahanash.trainer import History, tree_cache
from omahanash.trainer.tree_cache import from_solution, tree_equilibrium
from omahanash.trainer.tree_drill import MIN_REACH, TreeDrill, TreeDrillConfig
from omahanash.trees import solve_preflop
from ui.trainer.jobs import deal_job

BB = 100.0


@pytest.fixture(scope="module")
def solved():
    """Heads-up Hold'em, pot limit, 10 bb: the library's solution after 40 iterations."""
    config = TreeDrillConfig("holdem", "pl", stacks="10")
    solution = solve_preflop(config.spot((10.0, 10.0)), iterations=40)
    return config, solution


def test_every_answer_is_graded_as_the_lookup_and_the_rule_say(solved, tmp_path):
    config, solution = solved
    history = History(tmp_path / "t.sqlite")
    drill = TreeDrill(config, seed=11, history=history,
                      solve=lambda spot, progress, cancel: from_solution(solution))
    reach = {node.name: node.reach for node in solution.nodes}
    tolerance = solution.nash_conv  # the solve's precision, chips
    verdicts = set()
    for number in range(24):
        spot = drill.next_spot()
        assert reach[spot.node] >= MIN_REACH
        name = class_name("holdem", spot.class_id)
        assert parse_class(spot.hand.replace(" ", ""), "holdem") == spot.class_id
        looked = solution.lookup(name, spot.node)
        assert [a.kind for a in spot.actions] == [a["action"] for a in looked["actions"]]
        ev = {a["action"]: a["ev"] for a in looked["actions"]}
        for mine, theirs in zip(spot.actions, looked["actions"], strict=True):
            assert mine.to_bb == pytest.approx(theirs["to"])
            assert mine.ev_bb == pytest.approx(theirs["ev"] / BB, abs=1e-12)
            assert 100 * mine.frequency == pytest.approx(theirs["percent"], abs=1e-9)
        # answer in turn the worst and the best action (by the lookup's EVs)
        ordered = sorted(ev, key=ev.get)
        chosen = ordered[0] if number % 2 == 0 else ordered[-1]
        answer = drill.answer(chosen, seconds=1.0)
        best = max(ev.values())
        correct = best - ev[chosen] <= tolerance
        assert answer.grade.correct is correct, (spot.node, name, ev, chosen)
        assert answer.grade.ev_lost_bb == pytest.approx(0.0 if correct
                                                        else (best - ev[chosen]) / BB)
        assert ev[answer.grade.best_action] == best
        assert answer.grade.tolerance_bb == pytest.approx(tolerance / BB)
        assert answer.record.node == spot.node and answer.record.action == chosen
        verdicts.add(correct)
        feedback = answer.feedback()
        assert all(a.label in feedback for a in spot.actions) and "EV lost" in feedback
    assert verdicts == {True, False}
    stored = history.tree_records()
    assert [r.action for r in stored] == [a.record.action for a in drill.answers]
    stats = history.statistics()
    assert stats.spots == 24 and stats.weak_spots
    wrong = {(a.spot.node, a.grade.best_action) for a in drill.answers if not a.grade.correct}
    assert {(w.cell.node, w.cell.action) for w in stats.weak_spots} <= wrong
    history.close()


def test_the_hands_dealt_at_a_node_are_hands_that_get_there(solved):
    """After a limp (``SB vs BB raise``) the small blind holds a hand that limps; after its
    raise (``SB vs BB all in``) one that raises: the deal follows the equilibrium's play."""
    _, solution = solved
    drill = TreeDrill(TreeDrillConfig("holdem", "pl", stacks="10", position="sb"), seed=3,
                      solve=lambda spot, progress, cancel: from_solution(solution))
    seen = set()
    for _ in range(60):
        spot = drill.next_spot()
        assert spot.position == "sb"
        opened = {a["action"]: a["percent"] for a in
                  solution.lookup(class_name("holdem", spot.class_id), "SB open")["actions"]}
        if spot.node == "SB vs BB raise":
            assert opened["call"] > 0
        if spot.node == "SB vs BB all in":
            assert opened["raise"] > 0
        seen.add(spot.node)
        drill.answer(spot.best_action)
    assert {"SB open", "SB vs BB raise"} <= seen


def test_a_spot_seen_before_answers_from_memory_then_from_disk(tmp_path, monkeypatch):
    config = TreeDrillConfig("holdem", "pl", stacks="9")
    spot = config.spot((9.0, 9.0))
    first = tree_equilibrium(spot, iterations=10, cache_dir=tmp_path)
    assert tree_equilibrium(spot, iterations=10, cache_dir=tmp_path) is first
    files = list((tmp_path / "trainer" / "trees").glob("*.tree-table"))
    assert len(files) == 1
    tree_cache.forget()

    def no_solve(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(tree_cache, "solve_preflop", no_solve)
    again = tree_equilibrium(spot, iterations=10, cache_dir=tmp_path)
    assert again is not first and again.names == first.names
    np.testing.assert_array_equal(again.ev, first.ev)
    np.testing.assert_array_equal(again.probs, first.probs)
    assert again.nash_conv == first.nash_conv
    # another run of the same spot (more iterations) is another answer
    with pytest.raises(AssertionError, match="solved again"):
        tree_equilibrium(spot, iterations=11, cache_dir=tmp_path)


def test_stop_during_the_first_solve_keeps_nothing(tmp_path):
    config = TreeDrillConfig("holdem", "pl", stacks="8")
    flag = CancelFlag()
    flag.cancel()
    with pytest.raises(Cancelled):
        tree_equilibrium(config.spot((8.0, 8.0)), iterations=500, cache_dir=tmp_path,
                         cancel=flag)
    assert not (tmp_path / "trainer").exists()
    drill = TreeDrill(config, seed=1, cache_dir=tmp_path)
    assert deal_job(drill)(lambda done, total: None, flag) == (None, True)
    assert not drill.is_solved(0) and drill.current is None


def test_a_table_with_payouts_gives_prize_equity_and_big_blinds():
    """3-handed, payouts 50/30/20: each action's EV in % of the pool and in big blinds at
    the table's average chip value (pool · 100 / chips in play per big blind)."""
    config = TreeDrillConfig("holdem", "pl", players=3, stacks="10/12/8")
    assert config.payouts == "50/30/20"
    drill = TreeDrill(config, seed=2, solve=lambda spot, progress, cancel: tree_equilibrium(
        spot, iterations=6, deals=20_000, persist=False))
    spot = drill.next_spot()
    pool = drill.spot(0).prize_pool
    per_bb = pool * BB / 3000.0
    for action in spot.actions:
        assert action.ev_pct == pytest.approx(100 * action.ev / pool)
        assert action.ev_bb == pytest.approx(action.ev / per_bb)
    worst = min(spot.actions, key=lambda a: a.ev)
    answer = drill.answer(worst.kind)
    if not answer.grade.correct:
        assert answer.record.ev_lost_pct == pytest.approx(
            100 * (max(a.ev for a in spot.actions) - worst.ev) / pool)
    assert "% of the pool" in answer.feedback()


@pytest.mark.parametrize("changes, argument", [
    ({"tree": "limit"}, "tree"), ({"players": 7}, "players"), ({"position": "utg"}, "position"),
    ({"payouts": "fifty"}, "payouts"), ({"game": "mixed"}, "game"),
    ({"max_raises": 0}, None)])
def test_bad_settings_are_refused_naming_them(changes, argument):
    with pytest.raises(InputError) as caught:
        TreeDrillConfig(**{"game": "holdem", "tree": "pl", **changes})
    if argument is not None:
        assert caught.value.argument == argument


def test_a_spot_asked_again_in_the_process_skips_the_equity_table(tmp_path, monkeypatch):
    """The second ask of a spot answers from memory without loading the equity table (the
    stamp of its file stands for it); a table file changed since is loaded again."""
    stamp = tmp_path / "holdem.table"  # Hold'em's table is built in: a file to stamp
    stamp.write_bytes(b"x")
    spot = TreeDrillConfig("holdem", "pl", stacks="7").spot((7.0, 7.0))
    first = tree_equilibrium(spot, iterations=5, cache_dir=tmp_path, persist=False)

    def no_table(*args, **kwargs):
        raise AssertionError("the equity table was loaded")

    monkeypatch.setattr(tree_cache, "load_table", no_table)
    assert tree_equilibrium(spot, iterations=5, cache_dir=tmp_path, persist=False) is first
    stamp.write_bytes(b"xy")  # rebuilt: another stamp
    with pytest.raises(AssertionError, match="equity table was loaded"):
        tree_equilibrium(spot, iterations=5, cache_dir=tmp_path, persist=False)


def test_the_first_solve_shows_progress_between_its_reports():
    """Progress counts iterations as they finish (not only at each NashConv report, every
    10); a run to the target ends at its own last iteration."""
    calls: list[tuple[float, float]] = []
    spot = TreeDrillConfig("holdem", "pl", stacks="6").spot((6.0, 6.0))
    made = tree_equilibrium(spot, persist=False, progress=lambda d, t: calls.append((d, t)))
    assert made.status in ("converged", "stalled")
    done = [d for d, _ in calls]
    assert done == sorted(done) and calls[0] == (0, 50)
    assert calls[-1] == (made.iterations, made.iterations)
    assert all(d <= t for d, t in calls)
    # more calls than reports: between them too
    assert len({d for d in done if d % 10}) > 0


def test_a_tree_file_is_drilled_with_its_own_sizes(tmp_path):
    """Half-pot raises from a tree file: the raise is labelled by its size, not "pot"."""
    tree = tmp_path / "half.toml"
    tree.write_text('kind = "pot"\nsizes = [0.5]\nmax_raises = 2\nlimp = "none"\n')
    config = TreeDrillConfig("holdem", str(tree), stacks="10")
    drill = TreeDrill(config, seed=1, solve=lambda spot, progress, cancel: tree_equilibrium(
        spot, iterations=5, persist=False))
    labels = set()
    for _ in range(10):
        spot = drill.next_spot()
        labels |= {a.label for a in spot.actions}
        if spot.node == "SB open":  # 0.5 posted, 0.5 to call, pot 2 after it: to 1 + 1 = 2
            assert spot.kinds == ("fold", "raise") and spot.actions[1].to_bb == 2.0
        drill.answer(spot.best_action)
    assert "Raise to 2 bb" in labels and not any("pot" in label for label in labels)
    assert config.tree_words == "half.toml"
